// Grid Battles: the SVG map, drawn from the observation's `board` (every hex with its terrain,
// every unit on the map). Terrain is told apart by pattern and glyph as well as colour, seats by
// marker shape (seats.js) and letter case as well as colour, unit status by border and glyph.

import { pressable, s, seatName } from '../../dom.js';
import { center, corners, hexBoard, toOffset } from '../../ui/hexboard.js';
import { seatMarker } from '../seats.js';
import { hexTip } from './model.js';

const TERRAIN_GLYPH = { plain: '', woods: '♣', hill: '▲' };
const ATTACK_DIE_LETTER = { yellow: 'Y', blue: 'B', red: 'R' };
const DEFENCE_DIE_LETTER = { brown: 'N', grey: 'G', black: 'K' };

/** The unit's accessible description. */
export function unitDescription(u, sides) {
  const side = `${seatName(u.side)}${sides?.[u.side] ? ` ${sides[u.side]}` : ''}`;
  if (!u.alive) return `${side} ${u.name} ${u.id + 1} (${u.label}), destroyed`;
  // The lobby's opening board carries no type statistics.
  if (u.mp_left === undefined) return `${side} ${u.name ?? u.unit_type} (${u.label}) at ${u.at}: health ${u.health} of ${u.max_health}, ${u.status}`;
  const status = u.status === 'activated' ? 'activated' : u.status;
  return (
    `${side} ${u.name} ${u.id + 1} (${u.label}) at ${u.at}: health ${u.health} of ${u.max_health}, ` +
    `${u.mp_left} of ${u.movement} MP, ${u.attack_die} attack die, ${u.defence_die} defence die, ` +
    `${u.attack}${u.attack === 'ranged' ? ` range ${u.range}` : ''}, ${status}${u.bold ? ', bold' : ''}`
  );
}

function defs(id) {
  return s('defs', {},
    s('pattern', { id: `${id}-woods`, width: 14, height: 14, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 14, height: 14, class: 't-woods' }),
      s('path', { d: 'M7 2 L11 9 L3 9 Z', class: 'p-tree' }),
      s('rect', { x: 6.2, y: 9, width: 1.6, height: 3, class: 'p-tree' })),
    s('pattern', { id: `${id}-hill`, width: 16, height: 10, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 16, height: 10, class: 't-hill' }),
      s('path', { d: 'M1 8 Q8 1 15 8', class: 'p-contour' })),
    s('pattern', { id: `${id}-plain`, width: 12, height: 12, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 12, height: 12, class: 't-plain' }),
      s('path', { d: 'M3 9 l1 -3 M5 9 l0 -3', class: 'p-grass' })),
  );
}

function counter(u, cx, cy, size, ui) {
  const half = size * 0.58;
  const cls = ['unit', `side-${u.side}`, `status-${u.status}`];
  if (ui.selected === u.id) cls.push('selected');
  if (ui.actionable?.has(u.id)) cls.push('can-act');
  const target = ui.attackTargets?.get(u.id);
  if (target) cls.push('attack-target');
  const g = s('g', { class: cls, 'data-unit': u.id, 'data-label': u.label, transform: `translate(${cx.toFixed(2)} ${cy.toFixed(2)})` });
  const interactive = ui.interactive && ui.onUnit;
  if (interactive) {
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    const what = target ? `Attack target: ${unitDescription(u, ui.sides)}` : unitDescription(u, ui.sides);
    g.setAttribute('aria-label', what);
    if (ui.selected === u.id) g.setAttribute('aria-pressed', 'true');
    pressable(g, () => ui.onUnit(u));
  }
  g.append(
    s('title', { text: unitDescription(u, ui.sides) }),
    s('rect', { class: 'focus-ring', x: -half - 4, y: -half - 4, width: 2 * half + 8, height: 2 * half + 8, rx: 9 }),
    s('rect', { class: 'counter', x: -half, y: -half, width: 2 * half, height: 2 * half, rx: 6 }),
  );
  if (ui.compact) {
    g.append(
      s('text', { class: 'type', x: 0, y: size * 0.22, 'font-size': size * 0.5, 'text-anchor': 'middle', text: u.label }),
      seatMarker(u.side, 0, -half + size * 0.16, size * 0.11),
    );
    return g;
  }
  if (u.status === 'fatigued') g.append(s('rect', { class: 'fatigue', x: -half, y: -half, width: 2 * half, height: 2 * half, rx: 6 }));
  const f = size * 0.27; // corner font size
  const d = size * 0.26; // die square
  g.append(
    s('text', { class: 'stat mp', x: -half + 4, y: -half + f + 1, 'font-size': f, text: u.mp_left }),
    s('text', { class: 'stat hp', x: -half + 4, y: half - 4, 'font-size': f, text: u.health }),
    s('rect', { class: `die die-${u.attack_die}`, x: half - d - 3, y: -half + 3, width: d, height: d, rx: 2 }),
    s('text', { class: `die-letter on-${u.attack_die}`, x: half - 3 - d / 2, y: -half + 3 + d * 0.78, 'font-size': d * 0.8, 'text-anchor': 'middle', text: ATTACK_DIE_LETTER[u.attack_die] ?? '?' }),
    s('rect', { class: `die die-${u.defence_die}`, x: half - d - 3, y: half - d - 3, width: d, height: d, rx: 2 }),
    s('text', { class: `die-letter on-${u.defence_die}`, x: half - 3 - d / 2, y: half - 3 - d * 0.22, 'font-size': d * 0.8, 'text-anchor': 'middle', text: DEFENCE_DIE_LETTER[u.defence_die] ?? '?' }),
    s('text', { class: 'type', x: 0, y: size * 0.16, 'font-size': size * 0.42, 'text-anchor': 'middle', text: u.label }),
    seatMarker(u.side, 0, -half + size * 0.14, size * 0.09),
  );
  // Health bar under the label: length is health / max health.
  const w = half * 1.1;
  g.append(
    s('rect', { class: 'hp-back', x: -w / 2, y: half - size * 0.2, width: w, height: size * 0.08 }),
    s('rect', { class: 'hp-bar', x: -w / 2, y: half - size * 0.2, width: (w * u.health) / Math.max(1, u.max_health), height: size * 0.08 }),
  );
  if (u.status === 'activated') g.append(s('text', { class: 'status-glyph', x: -half + 4, y: size * 0.1, 'font-size': f, text: '▶' }));
  if (u.status === 'fatigued') g.append(s('text', { class: 'status-glyph', x: -half + 3, y: size * 0.1, 'font-size': f, text: 'z' }));
  if (target) {
    const r = half + 4;
    g.append(s('g', { class: 'crosshair' },
      s('circle', { r, cx: 0, cy: 0 }),
      s('path', { d: `M${-r - 6} 0 h10 M${r + 6} 0 h-10 M0 ${-r - 6} v10 M0 ${r + 6} v-10` })));
  }
  return g;
}

/**
 * Draws `board` (an observation's `board`, or a scenario's opening board in the lobby). `ui`
 * says what is selected and what can be done: `{units, selected, actionable: Set,
 * moveTargets: Map<"q,r", {text}>, attackTargets: Map<id, …>, lastMove: {from, to} | null,
 * interactive, onUnit(u), onHex(hexView), sides, compact, label}`. `units`: the observation's
 * units with their type statistics, by id, for the counters' corners and descriptions; the
 * compact lobby map needs only the board.
 */
export function drawBoard(board, ui = {}) {
  const size = 40;
  const map = board;
  const id = `gb${Math.random().toString(36).slice(2, 8)}`;
  const cells = map.hexes.map((hv) => {
    const [col, row] = toOffset(hv.hex);
    return {
      col, row, cls: `t-${hv.terrain}`, code: hv.code, glyph: TERRAIN_GLYPH[hv.terrain],
      fill: ['plain', 'woods', 'hill'].includes(hv.terrain) ? `url(#${id}-${hv.terrain})` : null,
      data: ui.compact ? {} : { 'data-tip': hexTip(hv, map.terrain) },
    };
  });
  const { svg, codes } = hexBoard({ cols: map.width, rows: map.height, size, cells, compact: ui.compact, label: ui.label ?? `Map, ${map.width} columns by ${map.height} rows` });
  svg.insertBefore(defs(id), svg.firstChild);
  const marks = s('g', { class: 'marks' });
  for (const hv of map.hexes) {
    const [col, row] = toOffset(hv.hex);
    const [cx, cy] = center(col, row, size);
    const key = `${hv.hex.q},${hv.hex.r}`;
    const move = ui.moveTargets?.get(key);
    if (move) {
      const m = s('g', { class: 'move-target', 'data-code': hv.code });
      m.append(s('polygon', { points: corners(cx, cy, size * 0.86), class: 'move-ring' }), s('circle', { cx, cy, r: size * 0.11, class: 'move-dot' }));
      if (ui.interactive && ui.onHex) {
        m.setAttribute('tabindex', '0');
        m.setAttribute('role', 'button');
        m.setAttribute('aria-label', move.text);
        pressable(m, () => ui.onHex(hv));
      }
      marks.append(m);
    }
  }
  if (ui.lastMove) {
    const [a, b] = [ui.lastMove.from, ui.lastMove.to].map((hx) => center(...toOffset(hx), size));
    svg.append(s('line', { class: 'last-move', x1: a[0], y1: a[1], x2: b[0], y2: b[1] }));
  }
  svg.append(marks, codes);
  const units = s('g', { class: 'units' });
  const alive = board.units.map((b) => ({ ...(ui.units?.[b.id] ?? {}), ...b, side: b.seat, alive: true }));
  // Tab order follows the printed map: column by column, top to bottom.
  alive.sort((a, b) => a.hex.q - b.hex.q || toOffset(a.hex)[1] - toOffset(b.hex)[1]);
  for (const u of alive) {
    const [cx, cy] = center(...toOffset(u.hex), size);
    units.append(counter(u, cx, cy, size, { ...ui, interactive: ui.interactive && !ui.compact }));
  }
  svg.append(units);
  return svg;
}
