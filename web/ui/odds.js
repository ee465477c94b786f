// Odds before a roll: chances as percentages first, with bars; the exact fractions on demand
// (a toggle shows them beside the percentages).

import { h } from '../dom.js';
import { percent, ratio } from './model.js';

/** A distribution: `pairs` are `[outcome, exact]` (`"5/36"`). */
export function oddsTable(caption, pairs, { outcome = 'Damage' } = {}) {
  return h('table', { class: 'odds-table' },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, outcome), h('th', { scope: 'col' }, 'Chance'), h('th', { scope: 'col', class: 'exact' }, 'Exact'))),
    h('tbody', {}, pairs.map(([k, p]) => h('tr', {},
      h('th', { scope: 'row' }, String(k)),
      h('td', {}, h('span', { class: 'bar', style: `--p:${ratio(p)}` }), ' ', percent(p)),
      h('td', { class: 'exact' }, String(p))))));
}

/** A chance in words: `Defender destroyed: 13.9%` with the fraction shown on demand. */
export function chance(label, p, strong = false) {
  const body = [`${label}: `, percent(p), h('span', { class: 'exact' }, ` (${p})`)];
  return h('p', { class: 'chance' }, strong ? h('strong', {}, body) : body);
}

/** Wraps odds in a box with the "Exact fractions" toggle. */
export function oddsBox(children) {
  const box = h('div', { class: 'odds' }, children);
  const toggle = h('button', { type: 'button', class: 'odds-exact', 'aria-pressed': 'false', 'data-action': 'exact-odds',
    onclick: () => {
      const on = !box.classList.contains('show-exact');
      box.classList.toggle('show-exact', on);
      toggle.setAttribute('aria-pressed', String(on));
      toggle.textContent = on ? 'Hide exact fractions' : 'Show exact fractions';
    } }, 'Show exact fractions');
  box.append(h('div', { class: 'buttons' }, toggle));
  return box;
}
