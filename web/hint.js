// The optional hint panel (hotseat, vs-AI and replay): what the server's MCTS thinks of the
// position — each legal action with its visit count, value estimate and share of the search,
// and the principal line it expects. The server decides who may ask (never against another
// person) and searches from the advised seat's view only.

import { ApiError, api } from './api.js';
import { h, replace, seatName } from './dom.js';

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const signed = (v) => (v === null || v === undefined ? '–' : `${v >= 0 ? '+' : ''}${v.toFixed(2)}`);

/** Text for a value in [-1, 1]: people read win chances more easily than signed numbers. */
const chance = (v) => (v === null || v === undefined ? '' : ` (≈${Math.round(50 * (v + 1))}% to win)`);

/**
 * A hint panel. `request()` returns the promise of a hint message (`{report, seat, at}`);
 * `play(action, seat)` (optional) plays a suggested action; `text` (optional) turns an action's
 * text as the server gives it into what players read (a view's `actionText`).
 * Returns `{ el, refresh(key), hide() }`: `refresh` asks again when the position (`key`) changed
 * and the panel is open.
 * @param {{request: () => Promise<any>, play?: (action: unknown, seat: number) => unknown, maxRows?: number, text?: (t: string) => string}} options
 */
export function hintPanel({ request, play, maxRows = 8, text = (t) => t }) {
  let open = false;
  let shownKey = null;
  let seq = 0;
  const body = h('div', { class: 'hint-body', 'aria-live': 'polite' });
  const toggle = h('button', { type: 'button', id: 'hint-toggle', 'aria-pressed': 'false', 'aria-controls': 'hint-panel' }, 'Show hint');
  const el = h('section', { class: 'hint-panel', id: 'hint-panel', 'aria-label': 'Hint' },
    h('div', { class: 'hint-head' }, h('h2', {}, 'Hint'), toggle), body);
  body.hidden = true;
  let lastKey = null;

  async function load(key) {
    const mine = ++seq;
    replace(body, h('p', { class: 'muted' }, 'Thinking…'));
    let msg;
    try {
      msg = await request();
    } catch (e) {
      if (mine !== seq) return;
      replace(body, h('p', { class: 'muted' }, e instanceof ApiError ? e.message : String(e)));
      shownKey = key;
      return;
    }
    if (mine !== seq) return;
    shownKey = key;
    render(msg);
  }

  function render(msg) {
    const r = msg.report;
    const rows = r.actions.slice(0, maxRows).map((a) => {
      const chosen = a.text === r.chosen_text;
      return h('tr', { class: chosen ? 'chosen' : null },
        h('td', {}, chosen ? h('span', { class: 'mark', 'aria-label': 'suggested' }, '★ ') : '', text(a.text)),
        h('td', { class: 'num' }, String(a.visits)),
        h('td', { class: 'num' }, signed(a.value)),
        h('td', { class: 'num' }, h('span', { class: 'bar', style: `--w:${Math.round(100 * a.policy)}%` }), pct(a.policy)));
    });
    const more = r.actions.length > maxRows ? h('p', { class: 'muted' }, `…and ${r.actions.length - maxRows} more actions the search tried less.`) : null;
    const line = r.principal_line.map((s) => h('li', {},
      `${s.actor === 'chance' || s.actor?.chance !== undefined ? 'chance' : seatName(s.actor?.seat ?? s.actor)}: ${text(s.text)}`));
    replace(body,
      h('p', { class: 'hint-summary' },
        h('strong', {}, `${seatName(msg.seat)}: ${text(r.chosen_text)}`),
        ` — expected result ${signed(r.value)}${chance(r.value)}; ${r.iterations} iterations${r.simultaneous ? ', sealed choice' : ''}, ${Math.round(r.elapsed_ms)} ms.`),
      play ? h('button', { type: 'button', class: 'primary', id: 'hint-play', onclick: () => play(r.chosen, msg.seat) }, 'Play the suggestion') : null,
      h('table', { class: 'hint-table' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Action'), h('th', { scope: 'col' }, 'Visits'), h('th', { scope: 'col' }, 'Value'), h('th', { scope: 'col' }, 'Share'))),
        h('tbody', {}, rows)),
      more,
      h('h3', {}, 'Expected line'),
      h('ol', { class: 'hint-line' }, line));
  }

  toggle.addEventListener('click', () => {
    open = !open;
    toggle.setAttribute('aria-pressed', String(open));
    toggle.textContent = open ? 'Hide hint' : 'Show hint';
    body.hidden = !open;
    if (open && shownKey !== lastKey) load(lastKey);
  });

  return {
    el,
    refresh(key) {
      lastKey = key;
      if (open && key !== shownKey) load(key);
    },
    show(visible) {
      el.hidden = !visible;
    },
  };
}

/** A hint for the live match `id`, for the caller's seat. */
export const liveHint = (id, token, seat) => api.hint(id, token, { seat });
/** A hint for a finished match at move `n`. */
export const replayHint = (id, n) => api.hint(id, null, { at: n });
