// The fallback view for a game without its own module: the observation as JSON and the legal
// actions as buttons. Enough to play any game the server offers.

import { h, replace } from '../dom.js';

export const title = '';

export function miniMap() {
  return null;
}

export function statusLine() {
  return '';
}

export function logEntry(entry) {
  return h('li', { 'data-index': entry.index }, [entry.action_text, ...(entry.event_texts ?? [])].filter(Boolean).join(' — '));
}

export function createView(root, ctx) {
  const wrap = h('div', { class: 'generic' });
  root.append(wrap);
  return {
    update(msg) {
      replace(wrap,
        ctx.readOnly ? null : h('div', { class: 'buttons wrap' }, (msg.legal ?? []).map((l) =>
          h('button', { type: 'button', 'data-action': l.text, onclick: () => ctx.act(l.action, l.seat).catch((e) => ctx.announce?.(e.message, true)) }, l.text))),
        h('pre', { class: 'observation' }, JSON.stringify(msg.observation, null, 2)));
    },
    status: () => '',
    destroy() {
      root.replaceChildren();
    },
  };
}
