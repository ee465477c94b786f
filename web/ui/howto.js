// The how-to-play drawer: the game's rules in our own words and its glossary, fetched once
// per game from GET /api/games/{game}/how-to-play when the drawer first opens (the glossary
// also feeds the tooltips). Opened from the lobby and from a match.

import { h, replace } from '../dom.js';
import { parseHowTo } from './model.js';
import { setGlossary } from './tooltip.js';

const cache = new Map();

/** The how-to-play document of `game` (cached), parsed; rejects with a sentence. */
export function loadHowTo(game) {
  if (!cache.has(game)) {
    cache.set(game, fetch(`/api/games/${encodeURIComponent(game)}/how-to-play`, { headers: { accept: 'application/json' } }).then(async (r) => {
      if (r.status === 404) throw new Error('This server has no how-to-play page for this game yet.');
      if (!r.ok) throw new Error(`The how-to-play page could not be loaded (HTTP ${r.status}).`);
      return parseHowTo(await r.json());
    }));
    cache.get(game).catch(() => cache.delete(game));
  }
  return cache.get(game);
}

/** Loads the glossary of `game` for the tooltips, quietly (a missing page leaves tips off). */
export function loadGlossary(game) {
  return loadHowTo(game).then((d) => { setGlossary(d.glossary); return d; }, () => null);
}

/** The document as elements: title, sections and the glossary as a definition list. */
export function renderHowTo(doc) {
  return [
    h('h2', { id: 'howto-title' }, doc.title),
    ...doc.sections.map((s) => h('section', { class: 'howto-section' }, h('h3', {}, s.heading), s.paragraphs.map((p) => h('p', {}, p)))),
    doc.glossary.length ? h('section', { class: 'howto-glossary' }, h('h3', {}, 'Glossary'),
      h('dl', {}, doc.glossary.flatMap((g) => [h('dt', {}, g.term), h('dd', {}, g.text)]))) : null,
  ];
}

let drawer = null;
let opener = null;

function close() {
  if (!drawer) return;
  drawer.hidden = true;
  opener?.focus();
}

/** Opens the drawer for `game` (fetching the page the first time). */
export async function openHowTo(game, gameTitle) {
  opener = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!drawer) {
    drawer = h('aside', { class: 'drawer', id: 'howto', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'howto-title', tabindex: '-1' });
    drawer.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
    document.body.append(drawer);
  }
  const body = h('div', { class: 'drawer-body' }, h('h2', { id: 'howto-title' }, `How to play ${gameTitle ?? ''}`.trim()), h('p', { class: 'muted' }, 'Loading…'));
  replace(drawer, h('div', { class: 'drawer-head' }, h('button', { type: 'button', class: 'drawer-close', id: 'howto-close', onclick: close, 'aria-label': 'Close how to play' }, '✕ Close')), body);
  drawer.hidden = false;
  drawer.focus();
  try {
    const doc = await loadHowTo(game);
    setGlossary(doc.glossary);
    replace(body, renderHowTo(doc));
  } catch (e) {
    replace(body, h('h2', { id: 'howto-title' }, `How to play ${gameTitle ?? ''}`.trim()), h('p', { class: 'error' }, e.message));
  }
}

/** The button that opens the drawer. */
export function howToButton(game, gameTitle, id = 'howto-open') {
  return h('button', { type: 'button', class: 'howto-open', id, 'data-game': game, onclick: () => openHowTo(game, gameTitle) }, 'How to play');
}
