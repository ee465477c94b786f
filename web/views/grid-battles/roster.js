// Grid Battles: the unit tables (one per side; each live unit is a button that selects it, the
// keyboard's way to every unit on the map) and the legend of the map's symbols.

import { h, seatName } from '../../dom.js';
import { SEAT_GLYPHS, seatChip } from '../seats.js';

/** One table per side. `actionable`: ids of units that can act now; `onUnit(u)` selects. */
export function rosterTables(o, actionable, selected, onUnit) {
  return o.sides.map((_, side) => side).map((side) => h('table', { class: `roster-table side-${side}` },
    h('caption', {}, seatChip(side), `${seatName(side)} ${o.sides[side] ?? ''} — ${o.vp[side]} VP`),
    h('thead', {}, h('tr', {}, ['Unit', 'Hex', 'Health', 'MP', 'Dice', 'Status'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, o.units.filter((u) => u.side === side).map((u) => h('tr', { class: [!u.alive && 'destroyed', selected === u.id && 'selected'] },
      h('th', { scope: 'row' }, u.alive
        ? h('button', { type: 'button', 'data-roster': u.id, 'aria-pressed': selected === u.id ? 'true' : 'false', onclick: () => onUnit(u) },
          `${u.label} ${u.name}${actionable.has(u.id) ? ' •' : ''}`)
        : h('s', {}, `${u.label} ${u.name}`)),
      h('td', {}, u.at ?? '—'),
      h('td', {}, `${u.health}/${u.max_health}`),
      h('td', {}, `${u.mp_left}/${u.movement}`),
      h('td', {}, `${u.attack_die}/${u.defence_die}`),
      h('td', {}, u.alive ? `${u.status}${u.bold ? ', bold' : ''}` : 'destroyed'))))));
}

/** What the map's colours, patterns, glyphs and shapes mean. */
export function legend() {
  return h('details', { class: 'legend' },
    h('summary', {}, 'Legend'),
    h('ul', {},
      h('li', {}, h('span', { class: 'swatch t-plain' }), 'Plain (no glyph) · ', h('span', { class: 'swatch t-woods' }), '♣ Woods (blocks sight) · ', h('span', { class: 'swatch t-hill' }), '▲ Hill (blocks sight)'),
      h('li', {}, `${SEAT_GLYPHS[0]} circle marker, UPPER-CASE label: P1 · ${SEAT_GLYPHS[1]} diamond marker, lower-case label: P2`),
      h('li', {}, 'Counter corners: MP left (top left), health (bottom left), attack die Y/B/R (top right), defence die N=brown, G=grey, K=black (bottom right)'),
      h('li', {}, '▶ activated this turn · z and hatching: fatigued · no mark: fresh · dotted ring on the map, • in the unit list: can act now'),
      h('li', {}, '• dotted hex: where the selected unit can move · crosshairs: what it can attack')));
}
