// Command Core: helpers over the observation and the legal actions (no DOM).

import { seatName } from '../../dom.js';

export const DIRS = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] };
export const DIR_ANGLE = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 };

/** `a1` style square name: column letter, one-based row. */
export const sq = (p) => (p ? `${String.fromCharCode(97 + p.x)}${p.y + 1}` : '—');

/** The kind of an action: its only key, or the string itself. */
export const kindOf = (a) => (typeof a === 'string' ? a : Object.keys(a ?? {})[0] ?? '?');

/** A program as a comparable string: slots `card*2+flipped` or null, trailing empties dropped. */
export function programKey(program) {
  const slots = (program ?? []).map((s) => (s === null || s === undefined ? null : s.card * 2 + (s.flipped ? 1 : 0)));
  while (slots.length && slots.at(-1) === null) slots.pop();
  return JSON.stringify(slots);
}

/** Sorts the legal actions by kind. */
export function indexLegal(legal) {
  const ix = { all: legal, kinds: new Map(), programs: new Map(), programMech: null, slots: 0, cards: new Map() };
  for (const l of legal) {
    const k = kindOf(l.action);
    if (!ix.kinds.has(k)) ix.kinds.set(k, []);
    ix.kinds.get(k).push(l);
    if (k === 'program') {
      const p = l.action.program;
      ix.programMech = p.mech;
      ix.slots = Math.max(ix.slots, p.program.length);
      ix.programs.set(programKey(p.program), l);
      // Card names from the text: "program 1: -, step, veer/2".
      const names = (l.text.split(': ')[1] ?? '').split(', ');
      p.program.forEach((s, i) => {
        if (!s || !names[i] || names[i] === '-') return;
        if (!ix.cards.has(s.card)) ix.cards.set(s.card, { card: s.card, names: [null, null] });
        ix.cards.get(s.card).names[s.flipped ? 1 : 0] = names[i];
      });
    }
  }
  return ix;
}

export function phaseText(obs) {
  const p = obs.phase ?? {};
  const who = p.seat !== undefined ? ` (${seatName(p.seat)})` : '';
  const names = {
    draw_chooser: 'Drawing who chooses', choose_placement_order: 'Choosing placement order', deploy: 'Deployment',
    ordering: 'Drafting order numbers', programming: 'Programming (secret)', fill: 'Filling empty slots',
    over: 'Game over',
  };
  return `${names[p.phase] ?? String(p.phase ?? '').replace(/_/g, ' ')}${who}`;
}

export function mechLabel(m) {
  return `${m.name} #${m.id + 1} (${seatName(m.owner)} ${m.letter})`;
}

/** CardSet as a list of readable items (the JSON form is not fixed here; show what we get). */
export function cardList(set) {
  if (!set) return [];
  if (Array.isArray(set)) return set.map((c) => (typeof c === 'object' ? Object.entries(c).map(([k, v]) => `${k} ${Number(v) + 1}`).join(' ') : String(c)));
  return [String(set)];
}
