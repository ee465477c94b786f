// The replay viewer: steps through a finished match move by move (first, previous, next, last,
// and a slider), showing the position and the log as they were after each move.

import { api } from './api.js';
import { h, replace, seatName } from './dom.js';
import { viewFor } from './views/index.js';
import { hintPanel, replayHint } from './hint.js';

export async function mount(root, { id, announce }) {
  let summary;
  try {
    summary = await api.match(id);
  } catch (e) {
    replace(root, h('section', { class: 'panel' }, h('h1', {}, 'Replay not found'), h('p', {}, e.message), h('a', { href: '/' }, 'Back to the lobby')));
    return () => {};
  }
  const view = await viewFor(summary.game);
  const gameInfo = await api.games().then((r) => r.games?.find((g) => g.name === summary.game), () => undefined);
  const gameTitle = view.title || gameInfo?.title || 'this game';
  const scenarioTitle = summary.scenario ? gameInfo?.scenarios?.find((sc) => sc.name === summary.scenario)?.title ?? '' : '';
  document.title = `Gridwright — replay of ${gameTitle}`;
  if (summary.status !== 'finished') {
    replace(root, h('section', { class: 'panel' }, h('h1', {}, `Replay of ${gameTitle}`),
      h('p', {}, 'This match is still being played; its replay opens when it ends.'),
      h('a', { class: 'button primary', href: `/play/${id}` }, 'Watch it live')));
    return () => {};
  }
  const total = summary.moves;
  const btn = (label, text, onclick) => h('button', { type: 'button', 'aria-label': label, 'data-step': label.toLowerCase().split(' ')[0], onclick }, text);
  const slider = h('input', { type: 'range', id: 'replay-slider', min: 0, max: total, value: 0, step: 1, 'aria-label': 'Move' });
  const where = h('output', { for: 'replay-slider', class: 'where', 'aria-live': 'polite' });
  const status = h('p', { class: 'status' });
  const main = h('div', { class: 'slot-main' });
  const side = h('div', { class: 'slot-side' });
  const extra = h('div', { class: 'slot-extra' });
  const log = h('ol', { class: 'log', 'aria-label': 'Log up to this move' });
  const hint = hintPanel({ request: () => replayHint(id, n), text: view.actionText });
  const controls = h('div', { class: 'replay-controls', role: 'group', 'aria-label': 'Replay controls' },
    btn('First move', '|◀ First', () => go(0)),
    btn('Previous move', '◀ Prev', () => go(n - 1)),
    btn('Next move', 'Next ▶', () => go(n + 1)),
    btn('Last move', 'Last ▶|', () => go(total)),
    slider, where);
  replace(root, h('div', { class: 'match replay' },
    h('header', { class: 'match-head' },
      h('div', {}, h('h1', {}, `Replay: ${gameTitle}${scenarioTitle ? ` — ${scenarioTitle}` : ''}`), status),
      h('div', { class: 'head-right' }, h('a', { class: 'button', href: `/play/${id}` }, 'Final position'))),
    controls,
    h('div', { class: 'match-body' }, main, extra, h('aside', { class: 'match-side' }, side, hint.el,
      h('section', { class: 'log-panel' }, h('h2', {}, 'Log'), log)))));
  const v = view.createView(main, { readOnly: true, side, extra });
  const cache = new Map();
  let n = 0;
  let seq = 0;

  async function step(k) {
    if (!cache.has(k)) cache.set(k, api.replayStep(id, k));
    return cache.get(k);
  }

  async function go(k) {
    const target = Math.max(0, Math.min(total, k));
    const mine = ++seq;
    let st;
    try {
      st = await step(target);
    } catch (e) {
      cache.delete(target);
      status.textContent = e.message;
      return;
    }
    if (mine !== seq) return;
    n = target;
    root.querySelector('.replay').dataset.step = String(n);
    slider.value = String(n);
    where.textContent = `Move ${n} of ${total}`;
    for (const b of controls.querySelectorAll('button')) {
      const back = b.dataset.step === 'first' || b.dataset.step === 'previous';
      b.disabled = back ? n === 0 : n === total;
    }
    v.update({ ...st, legal: [] }, st.log);
    // The last step of a resigned match says so: the resignation is the log's last entry.
    const resigned = n === total && typeof st.result?.resigned === 'number' ? st.result : null;
    status.textContent = resigned
      ? `${seatName(resigned.resigned)} resigned — ${resigned.text}`
      : v.status?.() || view.statusLine?.(st.observation) || '';
    root.querySelector('.replay').dataset.resigned = resigned ? String(resigned.resigned) : '';
    replace(log, st.log.map((e) => view.logEntry(e, st.observation)));
    log.lastElementChild?.classList.add('current');
    log.scrollTop = log.scrollHeight;
    announce(`Move ${n} of ${total}`);
    hint.show(n < total);
    hint.refresh(n);
    // Fetch the neighbours ahead of time so stepping feels instant.
    if (n < total) step(n + 1).catch(() => {});
  }

  slider.addEventListener('input', () => go(Number(slider.value)));
  const keys = (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const to = { ArrowRight: n + 1, ArrowLeft: n - 1, Home: 0, End: total }[e.key];
    if (to !== undefined && !e.target.closest?.('.board')) {
      e.preventDefault();
      go(to);
    }
  };
  document.addEventListener('keydown', keys);
  await go(0);
  return () => {
    document.removeEventListener('keydown', keys);
    v.destroy();
  };
}
