// Tooltips from the game's glossary (GET /api/games/{game}/how-to-play): any element with
// `data-term="…"` shows the term's text on hover, on keyboard focus and on tap (a tap toggles
// it; a tap elsewhere or Escape closes it). One tip element per page, placed by the CSSOM.

import { h } from '../dom.js';
import { glossaryIndex, lookupTerm } from './model.js';

let tip = null;
let owner = null;
let index = new Map();
let installed = false;

/** Sets the glossary the tips read (`[{term, text}]`). */
export function setGlossary(glossary) {
  index = glossaryIndex(glossary);
}

/** The text a tip shows for `el`: its own `data-tip`, else the glossary entry of its term. */
export function tipText(el) {
  if (el.dataset.tip) return el.dataset.tip;
  const g = lookupTerm(index, el.dataset.term);
  return g ? `${g.term}: ${g.text}` : null;
}

function show(el) {
  const text = tipText(el);
  if (!text) return;
  tip ??= document.body.appendChild(h('div', { class: 'tooltip', role: 'tooltip', id: 'tooltip' }));
  tip.textContent = text;
  tip.hidden = false;
  owner = el;
  el.setAttribute('aria-describedby', 'tooltip');
  const r = el.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${w}px`;
  const left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left + window.scrollX));
  tip.style.left = `${left}px`;
  tip.style.top = `${r.bottom + window.scrollY + 6}px`;
}

function hide() {
  if (tip) tip.hidden = true;
  owner?.removeAttribute('aria-describedby');
  owner = null;
}

const termOf = (t) => /** @type {HTMLElement | null} */ (t instanceof Element ? t.closest('[data-term], [data-tip]') : null);

/** Listens once per page: hover, focus and tap on `[data-term]` elements. */
export function installTooltips() {
  if (installed) return;
  installed = true;
  document.addEventListener('pointerover', (e) => {
    if (e.pointerType === 'touch') return;
    const el = termOf(e.target);
    if (el && el !== owner) show(el);
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType === 'touch') return;
    const el = termOf(e.target);
    if (el && el === owner && !el.contains(/** @type {Node} */ (e.relatedTarget))) hide();
  });
  document.addEventListener('focusin', (e) => {
    const el = termOf(e.target);
    if (el) show(el);
  });
  // Only the element that owns the tip takes it away when it loses focus.
  document.addEventListener('focusout', (e) => {
    if (owner && termOf(e.target) === owner) hide();
  });
  // A tap: show, or close when the same term is tapped again. Buttons keep their own action.
  document.addEventListener('click', (e) => {
    const el = termOf(e.target);
    if (!el) { hide(); return; }
    if (owner === el && !(el instanceof HTMLButtonElement)) hide();
    else show(el);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') hide();
  });
}

/** A word or short text with a tip: `term('MP', 'MP left')`. */
export function term(name, text = name, tag = 'span') {
  return h(tag, { class: 'term', 'data-term': name, tabindex: '0' }, text);
}
