// Command Core: the square grid in SVG. P1 mechs are circles, P2 mechs diamonds; a facing arrow,
// the mech's letter and its order number. Deploy squares carry a "+", fire targets crosshairs.
// The selected weapon's reach is hatched (not only tinted) and each reached square names its
// arc in a letter, so colour is never the only cue. The lobby's scenario map is drawn here too.

import { pressable, s, seatName } from '../../dom.js';
import { DIR_ANGLE, mechLabel, sq } from './model.js';
import { seatMarker } from '../seats.js';
import { squareBoard } from '../../ui/squareboard.js';

const C = 44;
const M = 18;
let patterns = 0;

/** The first letter of an arc name, for square and token badges. */
const ARC_LETTER = { Front: 'F', Right: 'R', Rear: 'B', Left: 'L' };

/** A diagonal hatch pattern with a document-unique id (several boards may share a page). */
function hatch(svg, cls) {
  const id = `cc-hatch-${++patterns}`;
  svg.append(s('defs', {}, s('pattern', { id, patternUnits: 'userSpaceOnUse', width: 8, height: 8, patternTransform: 'rotate(45)' },
    s('rect', { x: 0, y: 0, width: 8, height: 8, class: `${cls}-bg` }),
    s('line', { x1: 0, y1: 0, x2: 0, y2: 8, class: `${cls}-line` }))));
  return `url(#${id})`;
}

/**
 * opts: {selected, targets: Map(mechId → label), squares: Map("x,y" → label), chosenSquare,
 * reach: Map("x,y" → arc) of the selected weapon, arcs: Map(mechId → {arc, inReach}) badges,
 * onMech(m), onSquare(p)}
 */
export function drawBoard(obs, opts = {}) {
  const squares = opts.squares ?? new Map();
  const reach = opts.reach ?? new Map();
  // A mech's own badge names its arc; the square's letter would sit under it.
  const occupied = new Set(obs.mechs.filter((m) => m.at && !m.destroyed).map((m) => `${m.at.x},${m.at.y}`));
  let fill = null;
  const board = squareBoard({
    cols: obs.width, rows: obs.height, size: C, margin: M, coords: true, cls: 'cc-board',
    label: `Grid of ${obs.width} by ${obs.height} squares`,
    cell: (x, y, box) => {
      const key = `${x},${y}`;
      const target = squares.get(key);
      const chosen = opts.chosenSquare && opts.chosenSquare.x === x && opts.chosenSquare.y === y;
      const out = [s('rect', { x: box.x, y: box.y, width: C, height: C, class: ['cc-sq', (x + y) % 2 ? 'odd' : '', target ? 'target' : '', chosen ? 'chosen' : ''] })];
      const arc = reach.get(key);
      if (arc) {
        out.push(s('rect', { x: box.x + 1, y: box.y + 1, width: C - 2, height: C - 2, class: 'cc-reach', fill: 'cc-reach-fill', 'data-reach': key, 'data-arc': arc }));
        if (!occupied.has(key)) out.push(s('text', { x: box.x + 4, y: box.y + 12, class: 'cc-reach-arc', text: ARC_LETTER[arc] ?? '' }));
      }
      if (target) {
        const g = s('g', { class: 'cc-sq-btn', tabindex: '0', role: 'button', 'aria-label': target, 'data-key': `sq-${key}`, 'aria-pressed': chosen ? 'true' : 'false' },
          s('rect', { x: box.x + 2, y: box.y + 2, width: C - 4, height: C - 4, class: 'cc-sq-hit' }),
          s('text', { x: box.cx, y: box.cy + 6, 'text-anchor': 'middle', class: 'cc-plus', text: chosen ? '✓' : '+' }));
        pressable(g, () => opts.onSquare?.({ x, y }));
        out.push(g);
      }
      return out;
    },
  });
  const svg = board.svg;
  // The hatch pattern, once the board knows it needs one.
  if (reach.size) {
    fill = hatch(svg, 'cc-reach');
    for (const r of svg.querySelectorAll('rect.cc-reach')) r.setAttribute('fill', fill);
  }
  for (const m of obs.mechs) {
    if (!m.at || m.destroyed) continue;
    svg.append(mechToken(m, opts));
  }
  return svg;
}

/** The pixel centre of square `p` on the board `drawBoard` draws. */
export const squareCenter = (p) => [M + p.x * C + C / 2, M + p.y * C + C / 2];

function mechToken(m, opts) {
  const cx = M + m.at.x * C + C / 2;
  const cy = M + m.at.y * C + C / 2;
  const selected = opts.selected === m.id;
  const target = opts.targets?.get(m.id);
  const seenArc = opts.arcs?.get(m.id);
  const label = `${mechLabel(m)} at ${sq(m.at)} facing ${m.facing ?? '?'}, structure ${m.structure}/${m.max_structure}${m.order ? `, order ${m.order}` : ''}${target ? `. ${target}` : seenArc?.arc ? `. In the ${seenArc.arc.toLowerCase()} arc of the selected mech${seenArc.inReach ? ', in reach of the selected weapon' : ''}` : ''}`;
  const g = s('g', { class: ['cc-mech', `side-${m.owner}`, selected ? 'selected' : '', target ? 'targeted' : ''], tabindex: '0', role: 'button', 'aria-label': label, 'aria-pressed': selected ? 'true' : 'false', 'data-key': `mech-${m.id}`, 'data-mech': m.id, 'data-at': `${m.at.x},${m.at.y}` });
  g.append(s('title', { text: label }));
  if (m.facing) {
    const a = s('g', { transform: `rotate(${DIR_ANGLE[m.facing] ?? 0} ${cx} ${cy})` },
      s('path', { d: `M ${cx} ${cy - 21} L ${cx - 7} ${cy - 12} L ${cx + 7} ${cy - 12} Z`, class: 'cc-arrow' }));
    g.append(a);
  }
  const R = 13;
  // The body's shape is the seat's marker (seats.js): colour is never the only cue.
  g.append(seatMarker(m.owner, cx, cy, R, 'cc-body'));
  // P1 letters upper case, P2 lower case: a second cue besides shape and colour.
  g.append(s('text', { x: cx, y: cy + 5, 'text-anchor': 'middle', class: 'cc-letter', text: m.owner === 0 ? m.letter.toUpperCase() : m.letter.toLowerCase() }));
  g.append(s('text', { x: cx - C / 2 + 3, y: cy + C / 2 - 4, class: 'cc-id', text: `#${m.id + 1}` }));
  if (m.order) g.append(s('text', { x: cx + C / 2 - 3, y: cy - C / 2 + 11, 'text-anchor': 'end', class: 'cc-order', text: String(m.order) }));
  if (target) g.append(s('circle', { cx, cy, r: 19, class: 'cc-crosshair' }));
  // Which arc of the selected mech this one stands in; ✓ when the selected weapon reaches it.
  // Drawn last, on a plate, so a facing arrow never hides it.
  if (seenArc?.arc) {
    g.append(s('rect', { x: cx - C / 2 + 1, y: cy - C / 2 + 1, width: seenArc.inReach ? 20 : 11, height: 12, rx: 2, class: ['cc-arc-plate', seenArc.inReach ? 'in-reach' : ''] }));
    g.append(s('text', { x: cx - C / 2 + 3, y: cy - C / 2 + 11, class: ['cc-arc-badge', seenArc.inReach ? 'in-reach' : ''], text: `${ARC_LETTER[seenArc.arc] ?? '?'}${seenArc.inReach ? '✓' : ''}` }));
  }
  if (selected) g.append(s('rect', { x: cx - C / 2 + 1, y: cy - C / 2 + 1, width: C - 2, height: C - 2, class: 'cc-sel' }));
  pressable(g, () => opts.onMech?.(m));
  return g;
}

/**
 * The lobby's picture of a scenario from its `board` data (crates/games/command-core/src/
 * scenario_map.rs): the grid, each side's deployment squares (numbered and hatched per side, so
 * not by colour alone) and a line per side listing its mechs.
 */
export function drawScenarioMap(map, title) {
  const c = 12;
  const W = map.width * c + 2;
  const H = map.height * c + 2;
  const sides = map.sides ?? [];
  const svg = s('svg', { class: 'cc-minimap', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': `Map of ${title}: ${map.width} by ${map.height} squares. ${sides.map((sd) => `${seatName(sd.seat)} ${sd.name} deploys on ${sd.deploy.length} squares (${sd.home_edge} edge) with ${sd.mechs.map((m) => m.name).join(', ')}`).join('. ')}.` });
  const owner = new Map();
  for (const sd of sides) for (const p of sd.deploy ?? []) owner.set(`${p.x},${p.y}`, [...(owner.get(`${p.x},${p.y}`) ?? []), sd.seat]);
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const o = owner.get(`${x},${y}`) ?? [];
      const cls = o.length > 1 ? 'both' : o.length ? `side-${o[0]}` : '';
      svg.append(s('rect', { x: 1 + x * c, y: 1 + y * c, width: c, height: c, class: ['cc-mini-sq', cls] }));
      if (o.length) svg.append(s('text', { x: 1 + x * c + c / 2, y: 1 + y * c + c / 2 + 3, 'text-anchor': 'middle', class: 'cc-mini-n', text: o.length > 1 ? '*' : String(o[0] + 1) }));
    }
  }
  return svg;
}

export { seatName };
