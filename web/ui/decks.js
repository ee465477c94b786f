// Decks: a small bar chart of a deck's cost curve, a deck's summary (name, faction, leader and
// curve) and the deck browser, a drawer listing every card of a game's decks with its text and
// copies, one deck at a time or all of them. Any card game's view feeds it decks in this shape:
// `{key, title, subtitle, curve: [{label, count}], cards: [{copies, card}]}`, `card` as
// `card()` of ui/cards.js takes it.

import { h, replace, s } from '../dom.js';
import { card } from './cards.js';
import { openDrawer } from './drawer.js';

/**
 * @typedef {{label: string, count: number}} Bar
 * @typedef {{key: string, title: string, subtitle?: string, curve: Bar[], cards: Array<{copies: number, card: any}>}} Deck
 */

/**
 * A deck's curve as bars (an SVG with its numbers written out): how many cards at each cost.
 * @param {Bar[]} bars
 * @param {{label?: string}} [opts]
 */
export function curveChart(bars, { label = 'Cost curve' } = {}) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  const w = 16;
  const gap = 4;
  const hgt = 36;
  const width = bars.length * (w + gap);
  const spoken = `${label}: ${bars.map((b) => `${b.count} at cost ${b.label}`).join(', ')}`;
  const svg = s('svg', { viewBox: `0 0 ${width} ${hgt + 24}`, width, height: hgt + 24, role: 'img', 'aria-label': spoken, class: 'curve-chart' },
    bars.map((b, i) => {
      const x = i * (w + gap);
      const bh = Math.round((b.count / max) * hgt);
      return [
        s('rect', { x, y: 10 + hgt - bh, width: w, height: bh, class: 'curve-bar' }),
        s('text', { x: x + w / 2, y: 8 + hgt - bh, 'text-anchor': 'middle', class: 'curve-count' }, b.count ? String(b.count) : ''),
        s('text', { x: x + w / 2, y: hgt + 22, 'text-anchor': 'middle', class: 'curve-label' }, b.label),
      ];
    }));
  return h('figure', { class: 'curve', 'data-curve': bars.map((b) => b.count).join(',') }, svg, h('figcaption', { class: 'muted' }, label));
}

/** A deck in a line: its name, what it is, and its curve. */
export function deckSummary(deck) {
  return h('div', { class: 'deck-summary', 'data-deck': deck.key },
    h('strong', {}, deck.title), deck.subtitle ? h('small', {}, deck.subtitle) : null,
    curveChart(deck.curve, { label: `${deck.title}: cards by cost` }));
}

/** One deck in full: its summary and every card with its copies and text. */
function deckSection(deck) {
  return h('section', { class: 'deck', 'data-deck': deck.key, 'aria-label': deck.title },
    h('h3', {}, deck.title), deck.subtitle ? h('p', { class: 'muted' }, deck.subtitle) : null,
    curveChart(deck.curve, { label: `${deck.title}: cards by cost` }),
    h('ul', { class: 'deck-cards' }, deck.cards.map((c) => h('li', { class: 'deck-card' },
      h('span', { class: 'deck-copies', 'aria-label': `${c.copies} ${c.copies === 1 ? 'copy' : 'copies'}` }, `${c.copies}×`),
      card({ ...c.card, cls: ['deck-card-face'] })))));
}

/**
 * Opens the deck browser: `load` gives the decks (fetched when it opens); a row of buttons
 * shows one deck or all of them.
 * @param {string} title
 * @param {() => Promise<Deck[]>} load
 */
export async function openDeckBrowser(title, load) {
  const body = openDrawer({ id: 'decks', cls: 'deck-browser', title, closeLabel: 'Close the deck browser' });
  try {
    const decks = await load();
    const list = h('div', { class: 'deck-list' });
    const show = (key) => {
      replace(list, decks.filter((d) => key === null || d.key === key).map(deckSection));
      for (const b of tabs.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.getAttribute('data-show') === String(key)));
    };
    const tabs = h('div', { class: 'buttons wrap deck-tabs', role: 'group', 'aria-label': 'Show a deck' },
      h('button', { type: 'button', 'data-show': 'null', onclick: () => show(null) }, `All ${decks.length} decks`),
      decks.map((d) => h('button', { type: 'button', 'data-show': d.key, onclick: () => show(d.key) }, d.title)));
    replace(body, h('h2', { id: 'decks-title' }, title), tabs, list);
    show(null);
  } catch (e) {
    replace(body, h('h2', { id: 'decks-title' }, title), h('p', { class: 'error' }, e.message));
  }
}

/** The button that opens the deck browser. */
export function deckBrowserButton(title, load, id = 'decks-open') {
  return h('button', { type: 'button', class: 'decks-open', id, onclick: () => openDeckBrowser(title, load) }, 'Deck browser');
}
