// The how-to-play drawer: the game's rules in our own words and its glossary, fetched once
// per game from GET /api/games/{game}/how-to-play when the drawer first opens (the glossary
// also feeds the tooltips). Opened from the lobby and from a match.

import { h, replace } from '../dom.js';
import { parseHowTo } from './model.js';
import { setGlossary } from './tooltip.js';
import { openDrawer } from './drawer.js';

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

/** Opens the drawer for `game` (fetching the page the first time). */
export async function openHowTo(game, gameTitle) {
  const body = openDrawer({ id: 'howto', title: `How to play ${gameTitle ?? ''}`.trim(), closeLabel: 'Close how to play' });
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
