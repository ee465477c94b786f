// Dice: a face drawn as a small square with its symbols (or a word), and a roll that tumbles
// in (unless the person prefers reduced motion).

import { h } from '../dom.js';
import { reducedMotion } from './motion.js';

/**
 * One die face: `marks` are SVG or text nodes (symbols), `label` what a screen reader reads.
 * @param {{cls?: string, label: string, marks?: Node[], text?: string}} p
 */
export function dieFace({ cls = '', label, marks = [], text }) {
  return h('span', { class: `die-face ${cls}`, role: 'img', 'aria-label': label },
    marks.length ? marks : h('span', { 'aria-hidden': 'true' }, text ?? '–'));
}

/** A row of dice that rolls in: each die tumbles for a moment, one after the other. */
export function diceRow(children, { roll = true } = {}) {
  const row = h('div', { class: 'dice-roll' }, children);
  if (roll && !reducedMotion()) {
    [...row.querySelectorAll('.die-face')].forEach((d, i) => {
      d.animate?.([
        { transform: 'rotate(-200deg) scale(0.4)', opacity: 0 },
        { transform: 'rotate(20deg) scale(1.1)', opacity: 1, offset: 0.7 },
        { transform: 'rotate(0) scale(1)', opacity: 1 },
      ], { duration: 450, delay: i * 90, easing: 'ease-out', fill: 'backwards' });
    });
  }
  return row;
}

/** Counts of faces as words: `{hit: 2, blank: 1}` → dice faces with those words. */
export function countDice(counts, cls = '') {
  return Object.entries(counts).flatMap(([face, n]) => Array.from({ length: Number(n) || 0 }, () =>
    dieFace({ cls: `${cls} face-${face}`, label: face, text: face[0].toUpperCase() })));
}
