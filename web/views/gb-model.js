// Grid Battles: the observation as the views use it. The server's observation is compact (map as
// terrain-letter rows, unit statistics in a table of unit types); this expands it once per
// update into a hex list and self-contained units. Older observations that already list hexes
// and carry statistics on each unit pass through unchanged.

import { code } from '../hex.js';

/** Axial hex of printed (column, row). */
export const fromOffset = (col, row) => ({ q: col, r: row - (col - (col & 1)) / 2 });

function hexesOf(map) {
  if (Array.isArray(map.hexes)) return map.hexes;
  const byLetter = new Map((map.terrain ?? []).map((t) => [t.letter, t]));
  const hexes = [];
  (map.rows ?? []).forEach((line, row) => {
    Array.from(line.replace(/\s+/g, '')).forEach((letter, col) => {
      const t = byLetter.get(letter);
      hexes.push({ code: code(col, row), hex: fromOffset(col, row), terrain: t?.id ?? 'plain', blocks_los: t?.blocks_los ?? false, cost: t?.cost ?? 1 });
    });
  });
  return hexes;
}

/** The observation with `map.hexes` and each unit's type statistics filled in. */
export function normalize(obs) {
  if (!obs?.map || obs.normalized) return obs;
  const types = new Map((obs.unit_types ?? []).map((t) => [t.id, t]));
  const units = (obs.units ?? []).map((u) => {
    const t = types.get(u.unit_type) ?? {};
    return {
      name: t.name ?? u.unit_type ?? '?',
      attack_die: t.attack_die ?? '?',
      defence_die: t.defence_die ?? '?',
      base: t.base ?? [],
      attack: t.attack ?? 'melee',
      range: t.range ?? 1,
      ...u,
    };
  });
  return { ...obs, map: { ...obs.map, hexes: hexesOf(obs.map) }, units, normalized: true };
}
