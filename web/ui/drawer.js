// A drawer: a panel at the right edge over the page (the whole width on a phone), one per id,
// reused on every opening; Escape or its Close button hides it and gives focus back to what
// opened it. How to play and the deck browser are drawers.

import { h, replace } from '../dom.js';

const drawers = new Map();

/**
 * Opens the drawer `id` with `title` and a "Loading…" line; returns its body to fill.
 * @param {{id: string, cls?: string, title: string, closeLabel: string}} o
 * @returns {HTMLElement}
 */
export function openDrawer({ id, cls = '', title, closeLabel }) {
  const opener = /** @type {HTMLElement | null} */ (document.activeElement);
  let d = drawers.get(id);
  if (!d) {
    d = h('aside', { class: ['drawer', cls], id, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': `${id}-title`, tabindex: '-1' });
    document.body.append(d);
    drawers.set(id, d);
  }
  const el = d;
  const close = () => {
    el.hidden = true;
    opener?.focus();
  };
  el.onkeydown = (e) => { if (e.key === 'Escape') close(); };
  const body = h('div', { class: 'drawer-body' }, h('h2', { id: `${id}-title` }, title), h('p', { class: 'muted' }, 'Loading…'));
  replace(el, h('div', { class: 'drawer-head' }, h('button', { type: 'button', class: 'drawer-close', id: `${id}-close`, onclick: close, 'aria-label': closeLabel }, '✕ Close')), body);
  el.hidden = false;
  el.focus();
  return body;
}
