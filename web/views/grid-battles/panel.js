// Grid Battles: side-panel pieces — unit cards, the attack confirmation with exact odds, dice.

import { h, seatName } from '../../dom.js';
import { seatChip as chip } from '../seats.js';
import { dieFace, diceRow } from '../../ui/dice.js';
import { chance, oddsBox, oddsTable } from '../../ui/odds.js';
import { percent, ratio } from '../../ui/model.js';

const cap = (t) => (t ? t[0].toUpperCase() + t.slice(1) : '');

function stats(u, sides) {
  return [
    ['Side', `${seatName(u.side)}${sides?.[u.side] ? ` ${sides[u.side]}` : ''}`],
    ['Hex', u.alive ? u.at : 'destroyed'],
    ['Health', `${u.health} / ${u.max_health}`],
    ['Movement', `${u.mp_left} / ${u.movement} MP`],
    ['Attack die', cap(u.attack_die)],
    ['Defence die', cap(u.defence_die)],
    ['Base type', u.base.map(cap).join(', ')],
    ['Attack', u.attack === 'ranged' ? `Ranged, range ${u.range}` : 'Melee'],
    ['Status', cap(u.status) + (u.bold ? ' · bold' : '')],
  ];
}

/** A card with every statistic of a unit. */
export function unitCard(u, sides, role) {
  return h('section', { class: `unit-card side-${u.side}`, 'aria-label': `${role ? `${role}: ` : ''}${u.name} ${u.label}` },
    h('h3', {}, role ? h('span', { class: 'role' }, `${role}: `) : null, chip(u.side), `${u.name} ${u.label}`),
    h('dl', {}, stats(u, sides).flatMap(([k, v]) => [h('dt', { 'data-term': k, tabindex: '0' }, k), h('dd', {}, v)])),
  );
}

/** Attacker and defender side by side, one statistic per row. */
export function duelTable(a, d, sides) {
  const sa = stats(a, sides);
  const sd = stats(d, sides);
  return h('table', { class: 'duel' },
    h('thead', {}, h('tr', {}, h('td', {}),
      h('th', { scope: 'col', class: `side-${a.side}` }, 'Attacker', h('br'), chip(a.side), ` ${a.name} ${a.label}`),
      h('th', { scope: 'col', class: `side-${d.side}` }, 'Defender', h('br'), chip(d.side), ` ${d.name} ${d.label}`))),
    h('tbody', {}, sa.map(([k, v], i) => h('tr', {}, h('th', { scope: 'row' }, k), h('td', {}, v), h('td', {}, sd[i][1])))),
  );
}

export { ratio };

const pct = percent;
const distTable = (caption, pairs) => oddsTable(caption, pairs);

/** The odds as the server gave them: structured (`odds`), else its text (`text`). */
export function oddsView(preview) {
  if (!preview) return h('p', { class: 'muted' }, 'The server gave no odds for this attack.');
  const o = preview.odds;
  if (o) {
    const parts = [
      chance('Defender destroyed', o.destroyed, true),
      h('p', {}, `Expected damage ≈ ${ratio(o.expected_damage).toFixed(2)}`, h('span', { class: 'exact' }, ` (${o.expected_damage})`),
        `. Bonus symbols ${o.advantage ? 'count (attacker has the advantage)' : 'do not count'}.`),
      distTable('Damage to the defender', o.damage),
    ];
    if (o.counter) {
      parts.push(
        chance('Attacker destroyed by the counterattack', o.counter.attacker_destroyed, true),
        h('p', {}, `Defender is bold: strikes back if it survives (${pct(o.counter.happens)}`, h('span', { class: 'exact' }, `, ${o.counter.happens}`), ').'),
        distTable('Damage to the attacker (counterattack)', o.counter.damage),
      );
    } else {
      parts.push(h('p', {}, o.defender_bold && o.ranged ? 'Defender is bold, but a ranged attack is never answered.' : 'No counterattack.'));
    }
    return oddsBox(parts);
  }
  if (preview.text) return textOdds(preview.text);
  return h('p', { class: 'muted' }, 'The server gave no odds for this attack.');
}

/**
 * A line of the server's text with each `fraction ≈ decimal` read first as a percentage (a
 * chance) or a short decimal (an expectation), the exact fraction behind the toggle.
 */
function readable(line, asChance) {
  const out = [];
  let last = 0;
  for (const m of line.matchAll(/(\d+(?:\/\d+)?)\s*≈\s*(\d+(?:\.\d+)?)/g)) {
    out.push(line.slice(last, m.index));
    out.push(asChance ? percent(m[1]) : ratio(m[1]).toFixed(2), h('span', { class: 'exact' }, ` (${m[1]})`));
    last = m.index + m[0].length;
  }
  out.push(line.slice(last));
  return out;
}

/**
 * The server's text preview (crates/games/grid-battles/src/render.rs, `attack_preview`), laid
 * out: the unit lines are left out (the table above shows both units), each `k: p ≈ x` list
 * becomes a table with bars, every other line a paragraph. Nothing is dropped but the unit lines.
 */
function textOdds(text) {
  const out = [];
  let rows = null;
  let caption = '';
  const flush = () => {
    if (rows) out.push(distTable(caption, rows));
    rows = null;
  };
  for (const line of text.split('\n')) {
    const item = /^\s+(\d+):\s*([\d/]+)/.exec(line);
    if (item && rows) {
      rows.push([item[1], item[2]]);
      continue;
    }
    flush();
    if (!line.trim() || /^(Attacker|Defender): .* at /.test(line)) continue;
    if (/:\s*$/.test(line)) {
      caption = line.replace(/:\s*$/, '');
      rows = [];
      continue;
    }
    const chanceLine = /destroyed|chance|probab/i.test(line);
    const body = readable(line, chanceLine);
    out.push(chanceLine ? h('p', {}, h('strong', {}, body)) : h('p', {}, body));
  }
  flush();
  const box = oddsBox(out);
  box.classList.add('odds-text');
  return box;
}

/** The attack confirmation: both units' cards, the exact odds, Confirm and Cancel. */
export function attackConfirm({ attacker, defender, sides, preview, loading, onConfirm, onCancel }) {
  const confirm = h('button', { class: 'primary', type: 'button', onclick: onConfirm, 'data-action': 'confirm-attack' }, 'Confirm attack');
  const box = h('section', { class: 'attack-confirm', role: 'dialog', 'aria-label': `Attack ${defender.label} with ${attacker.label}?` },
    h('h2', {}, `Attack: ${attacker.name} ${attacker.label} → ${defender.name} ${defender.label}`),
    duelTable(attacker, defender, sides),
    loading ? h('p', { class: 'muted' }, 'Computing exact odds…') : oddsView(preview),
    h('div', { class: 'buttons' }, confirm, h('button', { type: 'button', onclick: onCancel, 'data-action': 'cancel-attack' }, 'Cancel')),
  );
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') onCancel();
  });
  return { box, focus: () => confirm.focus() };
}

const ICONS = {
  sword: 'M12.5 1.5 L12 4 L5.5 10.5 L3.5 8.5 L10 2 Z M2.5 8.5 L5.5 11.5 M1.5 12.5 L3.5 10.5',
  bonus: 'M7 1 L8.5 5.5 L13 7 L8.5 8.5 L7 13 L5.5 8.5 L1 7 L5.5 5.5 Z',
  shield: 'M7 1 L12.5 3 V7 C12.5 10 10 12.3 7 13.3 C4 12.3 1.5 10 1.5 7 V3 Z',
};
const NAMES = { sword: 'sword', bonus: 'bonus', shield: 'shield' };

function icon(kind) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 14 14');
  svg.setAttribute('class', `sym sym-${kind}`);
  svg.setAttribute('aria-hidden', 'true');
  const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  p.setAttribute('d', ICONS[kind]);
  svg.append(p);
  return svg;
}

function die(kind, color, symbols) {
  const marks = Object.entries(symbols).flatMap(([k, n]) => Array.from({ length: n }, () => k));
  const words = Object.entries(symbols).filter(([, n]) => n).map(([k, n]) => `${n} ${NAMES[k]}${n > 1 ? 's' : ''}`);
  return dieFace({ cls: `die-${color}`, label: `${color} ${kind} die: ${words.length ? words.join(', ') : 'blank'}`, marks: marks.map(icon) });
}

/** The dice of one `rolled` event, drawn as faces with their symbols. */
export function diceRoll(ev, units, { roll = false } = {}) {
  const striker = units[ev.striker];
  const target = units[ev.target];
  return diceRow([
    die('attack', striker?.attack_die ?? 'attack', { sword: ev.swords, bonus: ev.bonus }),
    h('span', { class: 'vs' }, 'vs'),
    die('defence', target?.defence_die ?? 'defence', { shield: ev.shields }),
    h('span', { class: 'hits' }, `${ev.hits} hit${ev.hits === 1 ? '' : 's'}${ev.bonus && !ev.advantage ? ' (bonus not counted)' : ''}`),
  ], { roll });
}
