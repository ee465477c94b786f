// The game log: one list item per entry (the view draws an entry), appended as entries arrive,
// scrolling inside its box, not the page.

import { h } from '../dom.js';

/**
 * @param {{entry: (e: any, obs: any) => HTMLElement, label?: string}} p
 * @returns {{el: HTMLOListElement, render: (log: any[], obs: any) => any[]}}
 */
export function logList({ entry, label = 'Game log' }) {
  const el = /** @type {HTMLOListElement} */ (h('ol', { class: 'log', id: 'log', 'aria-label': label }));
  let shown = [];
  return {
    el,
    /** Draws `log`; returns the entries that are new since the last call (all after a reset). */
    render(log, obs) {
      const same = shown.length <= log.length && shown.every((e, i) => e === log[i]);
      const fresh = same ? log.slice(shown.length) : log;
      if (!same) el.replaceChildren();
      for (const e of fresh) el.append(entry(e, obs));
      shown = log.slice();
      if (fresh.length) el.scrollTop = el.scrollHeight;
      return same ? fresh : [];
    },
  };
}
