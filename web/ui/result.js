// The result panel at the end of a match: who won and why, the score breakdown where the game
// has one, key moments from the log, Rematch and Watch the replay.

import { h } from '../dom.js';
import { resultSummary } from './model.js';

/**
 * `sameSeed`: offer "Same dice" beside Rematch (the rematch then gets `{sameSeed}`); leave it
 * out where someone else may play, as the server would mix the seed anyway. `breakdown`: the
 * score by source where the game's view gives one (a view's `scoreBreakdown(observation)`):
 * column headings and, per player, a label and one value per column.
 * @param {{msg: any, log: any[], game?: any, onRematch?: (o: {sameSeed: boolean}) => Promise<unknown>, replayHref?: string, sameSeed?: boolean,
 *   breakdown?: {caption?: string, columns: string[], rows: Array<{label: string, values: Array<number | string>, winner?: boolean}>} | null}} p
 */
export function resultPanel({ msg, log, game, onRematch, replayHref, sameSeed = false, breakdown = null }) {
  const r = resultSummary(msg, log, game);
  const status = h('p', { class: 'error', role: 'alert' });
  const same = onRematch && sameSeed ? /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'rematch-same-seed' })) : null;
  const rematch = onRematch ? h('button', {
    type: 'button', class: 'primary', id: 'rematch',
    onclick: async () => {
      rematch.disabled = true;
      status.textContent = '';
      try {
        await onRematch({ sameSeed: Boolean(same?.checked) });
      } catch (e) {
        status.textContent = `No rematch: ${e.message}`;
        rematch.disabled = false;
      }
    },
  }, 'Rematch') : null;
  return h('section', { class: 'result-panel', id: 'result', 'aria-labelledby': 'result-h', tabindex: '-1' },
    h('h2', { id: 'result-h' }, r.headline),
    r.why ? h('p', { class: 'result-why' }, r.why) : null,
    r.scores.length ? h('table', { class: 'result-scores' },
      h('caption', {}, r.scoreName),
      h('tbody', {}, r.scores.map((s) => h('tr', { class: s.winner ? 'winner' : null }, h('th', { scope: 'row' }, `${s.winner ? '★ ' : ''}${s.label}`), h('td', { class: 'num' }, String(s.value)))))) : null,
    breakdown ? h('table', { class: 'result-breakdown' },
      h('caption', {}, breakdown.caption ?? 'Score by source'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), breakdown.columns.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, breakdown.rows.map((row) => h('tr', { class: row.winner ? 'winner' : null }, h('th', { scope: 'row' }, row.label), row.values.map((v) => h('td', { class: 'num' }, String(v))))))) : null,
    r.moments.length ? h('div', { class: 'result-moments' }, h('h3', {}, 'Key moments'), h('ol', {}, r.moments.map((t) => h('li', {}, t)))) : null,
    h('div', { class: 'buttons' }, rematch,
      same ? h('label', { class: 'same-seed', title: 'The same seed: the same moves meet the same dice rolls' }, same, ' Same dice') : null,
      replayHref ? h('a', { class: 'button', href: replayHref, id: 'result-replay' }, 'Watch the replay') : null),
    status);
}
