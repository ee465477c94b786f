// Command Core: the square grid in SVG. P1 mechs are circles, P2 mechs diamonds; a facing arrow,
// the mech's letter and its order number. Deploy squares carry a "+", fire targets crosshairs.

import { pressable, s, seatName } from '../dom.js';
import { DIR_ANGLE, mechLabel, sq } from './cc-model.js';

const C = 44;
const M = 18;

/**
 * opts: {selected, targets: Map(mechId → label), squares: Map("x,y" → label), chosenSquare,
 * onMech(m), onSquare(p)}
 */
export function drawBoard(obs, opts = {}) {
  const W = obs.width * C + M + 4;
  const H = obs.height * C + M + 4;
  const svg = s('svg', { class: 'cc-board', viewBox: `0 0 ${W} ${H}`, role: 'group', 'aria-label': `Grid of ${obs.width} by ${obs.height} squares` });
  for (let x = 0; x < obs.width; x++) svg.append(s('text', { x: M + x * C + C / 2, y: 13, class: 'cc-coord', 'text-anchor': 'middle', text: String.fromCharCode(97 + x) }));
  for (let y = 0; y < obs.height; y++) svg.append(s('text', { x: 9, y: M + y * C + C / 2 + 4, class: 'cc-coord', 'text-anchor': 'middle', text: String(y + 1) }));
  const squares = opts.squares ?? new Map();
  for (let y = 0; y < obs.height; y++) {
    for (let x = 0; x < obs.width; x++) {
      const key = `${x},${y}`;
      const target = squares.get(key);
      const chosen = opts.chosenSquare && opts.chosenSquare.x === x && opts.chosenSquare.y === y;
      const r = s('rect', { x: M + x * C, y: M + y * C, width: C, height: C, class: ['cc-sq', (x + y) % 2 ? 'odd' : '', target ? 'target' : '', chosen ? 'chosen' : ''] });
      svg.append(r);
      if (target) {
        const g = s('g', { class: 'cc-sq-btn', tabindex: '0', role: 'button', 'aria-label': target, 'data-key': `sq-${key}`, 'aria-pressed': chosen ? 'true' : 'false' },
          s('rect', { x: M + x * C + 2, y: M + y * C + 2, width: C - 4, height: C - 4, class: 'cc-sq-hit' }),
          s('text', { x: M + x * C + C / 2, y: M + y * C + C / 2 + 6, 'text-anchor': 'middle', class: 'cc-plus', text: chosen ? '✓' : '+' }));
        pressable(g, () => opts.onSquare?.({ x, y }));
        svg.append(g);
      }
    }
  }
  for (const m of obs.mechs) {
    if (!m.at || m.destroyed) continue;
    svg.append(mechToken(m, opts));
  }
  return svg;
}

function mechToken(m, opts) {
  const cx = M + m.at.x * C + C / 2;
  const cy = M + m.at.y * C + C / 2;
  const selected = opts.selected === m.id;
  const target = opts.targets?.get(m.id);
  const label = `${mechLabel(m)} at ${sq(m.at)} facing ${m.facing ?? '?'}, structure ${m.structure}/${m.max_structure}${m.order ? `, order ${m.order}` : ''}${target ? `. ${target}` : ''}`;
  const g = s('g', { class: ['cc-mech', `side-${m.owner}`, selected ? 'selected' : '', target ? 'targeted' : ''], tabindex: '0', role: 'button', 'aria-label': label, 'aria-pressed': selected ? 'true' : 'false', 'data-key': `mech-${m.id}`, 'data-mech': m.id });
  g.append(s('title', { text: label }));
  if (m.facing) {
    const a = s('g', { transform: `rotate(${DIR_ANGLE[m.facing] ?? 0} ${cx} ${cy})` },
      s('path', { d: `M ${cx} ${cy - 21} L ${cx - 7} ${cy - 12} L ${cx + 7} ${cy - 12} Z`, class: 'cc-arrow' }));
    g.append(a);
  }
  const R = 13;
  if (m.owner === 0) g.append(s('circle', { cx, cy, r: R, class: 'cc-body' }));
  else g.append(s('path', { d: `M ${cx} ${cy - R - 2} L ${cx + R + 2} ${cy} L ${cx} ${cy + R + 2} L ${cx - R - 2} ${cy} Z`, class: 'cc-body' }));
  // P1 letters upper case, P2 lower case: a second cue besides shape and colour.
  g.append(s('text', { x: cx, y: cy + 5, 'text-anchor': 'middle', class: 'cc-letter', text: m.owner === 0 ? m.letter.toUpperCase() : m.letter.toLowerCase() }));
  g.append(s('text', { x: cx - C / 2 + 3, y: cy + C / 2 - 4, class: 'cc-id', text: `#${m.id + 1}` }));
  if (m.order) g.append(s('text', { x: cx + C / 2 - 3, y: cy - C / 2 + 11, 'text-anchor': 'end', class: 'cc-order', text: String(m.order) }));
  if (target) g.append(s('circle', { cx, cy, r: 19, class: 'cc-crosshair' }));
  if (selected) g.append(s('rect', { x: cx - C / 2 + 1, y: cy - C / 2 + 1, width: C - 2, height: C - 2, class: 'cc-sel' }));
  pressable(g, () => opts.onMech?.(m));
  return g;
}

export { seatName };
