// Command Core: weapon reach on the square grid, from the public weapon data in the observation.
// No DOM here, so web/e2e/arcs.check.mjs can run it under Node against the engine's table.
//
// The arc rule is the engine's (crates/engine/src/geom/arc.rs, `arc_of`), copied exactly:
// project the offset onto the facing's step (`along`) and the step a quarter turn clockwise
// (`across`); front is `along >= |across|`, rear `-along >= |across|`, else right when
// `across > 0`, left otherwise. So the 45° and 135° boundaries belong to front and rear, and
// integer maths gives the same answer as true angles for diagonal facings too.

/** Facings clockwise from north, as the engine orders them, with their unit steps (y down). */
export const FACINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const STEP = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] };

/** The arc ('Front' | 'Right' | 'Rear' | 'Left') of a mech at `from` facing `facing` that `to` lies in; null on its own square. */
export function arcOf(from, facing, to) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 && dy === 0) return null;
  const f = STEP[facing];
  const r = STEP[FACINGS[(FACINGS.indexOf(facing) + 2) % 8]];
  if (!f || !r) return null;
  const along = dx * f[0] + dy * f[1];
  const across = dx * r[0] + dy * r[1];
  if (along >= Math.abs(across)) return 'Front';
  if (-along >= Math.abs(across)) return 'Rear';
  return across > 0 ? 'Right' : 'Left';
}

/** Chebyshev distance, the game's range measure. */
export const distance = (a, b) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/**
 * The squares weapon `w` of mech `m` reaches: `Map("x,y" → arc)` of every square of a
 * `width × height` board within the range band and in one of the weapon's arcs. Empty for a
 * depleted weapon or a mech off the board.
 */
export function reach(m, w, width, height) {
  const out = new Map();
  if (!m?.at || !m.facing || !w || w.depleted) return out;
  const [lo, hi] = w.range ?? [0, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = distance(m.at, { x, y });
      if (d < lo || d > hi) continue;
      const arc = arcOf(m.at, m.facing, { x, y });
      if (arc && (w.arcs ?? []).includes(arc)) out.set(`${x},${y}`, arc);
    }
  }
  return out;
}
