// The fallback view for a game without its own module: the legal actions through the kit's
// stepwise picker (kind → subject → option, never more than 30 buttons a screen) and the
// observation as text. Enough to play any game the server offers.

import { h, replace } from '../dom.js';
import { actionPicker } from '../ui/picker.js';

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
  const picker = actionPicker({ onPick: (l) => ctx.act(l.action, l.seat).catch((e) => ctx.announce?.(e.message, true)) });
  const obs = h('pre', { class: 'observation' });
  const wrap = h('div', { class: 'generic' }, picker.el, h('details', { class: 'observation-box' }, h('summary', {}, 'Everything this seat sees'), obs));
  root.append(wrap);
  return {
    update(msg) {
      picker.update(ctx.readOnly ? [] : msg.legal ?? []);
      replace(obs, JSON.stringify(msg.observation, null, 2));
    },
    status: () => '',
    destroy() {
      root.replaceChildren();
    },
  };
}
