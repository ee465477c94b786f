// Command Core: helpers over the observation and the legal actions (no DOM).

import { seatName } from '../../dom.js';

export const DIRS = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] };
export const DIR_ANGLE = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 };

/** `a1` style square name: column letter, one-based row. */
export const sq = (p) => (p ? `${String.fromCharCode(97 + p.x)}${p.y + 1}` : '—');

/** The kind of an action: its only key, or the string itself. */
export const kindOf = (a) => (typeof a === 'string' ? a : Object.keys(a ?? {})[0] ?? '?');

/**
 * Sorts the legal actions by kind. A program is built one slot at a time (rules version 3):
 * `{program: {mech, card: {card, flipped}}}` puts a card into the mech's next slot (text
 * `program 1 veer/2`) and `{leave: {mech}}` leaves that slot empty (text `leave 1`); the
 * program is sealed once every slot is decided. `ix.seal` is the `leave` step. `cards` maps
 * each card that may go into the next slot to its names upright and flipped (from the texts).
 */
export function indexLegal(legal) {
  const ix = { all: legal, kinds: new Map(), programMech: null, seal: null, steps: new Map(), cards: new Map() };
  for (const l of legal) {
    const k = kindOf(l.action);
    if (!ix.kinds.has(k)) ix.kinds.set(k, []);
    ix.kinds.get(k).push(l);
    if (k === 'program') {
      const { mech, card } = l.action.program;
      ix.programMech = mech;
      ix.steps.set(card.card * 2 + (card.flipped ? 1 : 0), l);
      const name = l.text.split(' ').slice(2).join(' ');
      if (!ix.cards.has(card.card)) ix.cards.set(card.card, { card: card.card, names: [null, null] });
      ix.cards.get(card.card).names[card.flipped ? 1 : 0] = name;
    } else if (k === 'leave') {
      ix.programMech = l.action.leave.mech;
      ix.seal = l;
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
