// Milkomeda's pure logic, no DOM (tested under Node: e2e/unit/milkomeda-model.test.mjs): card
// names and values from the match's reference data, each placed card's four corner colours in
// its rotation (a copy of the engine's `Rotation::colour_at`), actions in words, the picker's
// grouping, what a click on a sector does, the negotiation panel's parts and a running score.

import { seatName } from '../../dom.js';

/** @typedef {import('../../types/milkomeda').Observation} Observation */
/** @typedef {import('../../types/milkomeda').Legal} Legal */
/** @typedef {import('../../types/milkomeda').Action} Action */
/** @typedef {import('../../types/milkomeda').Rotation} Rotation */
/** @typedef {import('../../types/milkomeda').Resource} Resource */

/** The four resources in storage-card order (blue, orange, red, green). */
export const RESOURCES = /** @type {Resource[]} */ (['blue', 'orange', 'red', 'green']);
/** The corners clockwise from the top left, with the colour an unturned card shows there. */
export const CORNERS = ['top left', 'top right', 'bottom right', 'bottom left'];
const STANDARD = /** @type {Resource[]} */ (['blue', 'orange', 'green', 'red']);
const QUARTERS = { r0: 0, r90: 1, r180: 2, r270: 3 };

/** The colours a card turned `rotation` shows at its corners, clockwise from the top left. */
export function cornerColours(rotation) {
  const q = QUARTERS[rotation] ?? 0;
  return CORNERS.map((_, c) => STANDARD[(c + 4 - q) % 4]);
}

/** Degrees of a rotation, for people: `90°`. */
export const degrees = (rotation) => `${(QUARTERS[rotation] ?? 0) * 90}°`;

/** A card space for people: `column 2, row 1`. */
export const spaceName = (sp) => `column ${sp[0] + 1}, row ${sp[1] + 1}`;
/** A short form for a sector's corner label: `2·1`. */
export const spaceShort = (sp) => `${sp[0] + 1}·${sp[1] + 1}`;
export const spaceKey = (sp) => `${sp[0]},${sp[1]}`;

/** Amounts in words: `[1, 0, 0, 2]` → `1 blue, 2 green` (`nothing` when all are zero). */
export function amountsText(r) {
  const parts = RESOURCES.map((x, i) => [r?.[i] ?? 0, x]).filter(([n]) => n > 0).map(([n, x]) => `${n} ${x}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** The reference's `1 blue, 2 green` back into amounts `[1, 0, 0, 2]`. */
export function parseAmounts(text) {
  const out = [0, 0, 0, 0];
  for (const m of String(text ?? '').matchAll(/(\d+)\s+(blue|orange|red|green)/g)) out[RESOURCES.indexOf(/** @type {Resource} */ (m[2]))] += Number(m[1]);
  return out;
}

/**
 * The reference data as lookups by index: sectors `{name, values, cost, keywords}`, directives
 * and modules and objectives `{name, kind, stats, text}`.
 */
export function cardBook(reference) {
  const book = { sectors: new Map(), directives: new Map(), modules: new Map(), objectives: new Map(), ships: new Map(), civilizations: new Map() };
  for (const g of reference?.groups ?? []) {
    if (g.kind === 'ships') {
      book.ships = shipBook(g.entries ?? []);
      continue;
    }
    if (g.kind === 'civilizations') {
      // By seat: the civilization's name and its ability in words.
      for (const e of g.entries ?? []) book.civilizations.set(e.index, { name: e.name, text: (e.text ?? []).join(' ') });
      continue;
    }
    const kind = /sector/i.test(g.title) ? 'sectors' : /directive/i.test(g.title) ? 'directives' : /module/i.test(g.title) ? 'modules' : /objective/i.test(g.title) ? 'objectives' : null;
    if (!kind) continue;
    for (const e of g.entries ?? []) {
      const stat = (label) => e.stats?.find((x) => x.label === label)?.value ?? '';
      book[kind].set(e.index, {
        name: e.name, kind: e.kind, keywords: e.keywords ?? [], text: (e.text ?? []).join(' '),
        stats: (e.stats ?? []).map((x) => [x.label, x.value]),
        values: parseAmounts(stat('Income')), cost: parseAmounts(stat('Exploration cost'))[3],
      });
    }
  }
  return book;
}

/**
 * The ship types of the reference's `ships` group (the engine's `ShipType::counters`, §10):
 * index → `{name, short, counters, by}`, where `counters` are the indices its attack vectors
 * point at and `by` the indices whose vectors point at it. The client states no rule of its own.
 */
export function shipBook(entries) {
  const byName = new Map(entries.map((e) => [String(e.name).toLowerCase(), e.index]));
  const list = (e, label) => String(e.stats?.find((x) => x.label === label)?.value ?? '')
    .split(',').map((w) => byName.get(w.trim().toLowerCase())).filter((i) => i !== undefined);
  return new Map(entries.map((e) => [e.index, {
    name: e.name, short: String(e.name).split(' ').map((w) => w[0].toUpperCase()).join(''), counters: list(e, 'Counters'), by: list(e, 'Countered by'),
  }]));
}

/** The battle mat's arrows, `{from, to}` by ship-type index, from the book (none before it loads). */
export function matArrows(book) {
  return [...(book?.ships ?? new Map()).entries()].flatMap(([from, t]) => t.counters.map((to) => ({ from, to })));
}

/** A ship type's name: from the book, else the roster track's name. */
export const shipName = (book, i) => book?.ships?.get(i)?.name ?? SHIPS[i] ?? `type ${i + 1}`;
/** Plural of a ship type's name: `Beam frigates`. */
export const shipsName = (book, i, k) => `${shipName(book, i)}${k === 1 ? '' : 's'}`;

/**
 * The enemy ship types `seat` may allocate hits to (§9.A step 6): a type some opponent has on
 * the mat that one of its own types' arrows points at.
 */
export function reachableTypes(book, rosters, seat) {
  const mine = rosters?.[seat] ?? [];
  const out = [];
  for (let t = 0; t < 5; t++) {
    const enemy = (rosters ?? []).some((r, s) => s !== seat && (r?.[t] ?? 0) > 0);
    const aimed = matArrows(book).some((a) => a.to === t && (mine[a.from] ?? 0) > 0);
    if (enemy && aimed) out.push(t);
  }
  return out;
}

/**
 * The track a sealed step of `seat` sets now (item 60 of the rules notes): a roster goes through
 * the five types in order; an allocation through the reachable types in order. Counted from the
 * seat's own steps in the log since the combat started (configure) or the last roll (allocate).
 * Null when it cannot be told.
 */
export function sealedTrack(obs, log, seat, book) {
  const c = obs?.combat;
  if (!c || seat === null) return null;
  const stage = c.stage?.kind;
  if (stage !== 'configure' && stage !== 'allocate') return null;
  const want = stage === 'configure' ? 'ships' : 'hits';
  const since = stage === 'configure' ? 'combat_started' : 'rolled';
  let done = 0;
  for (let i = (log?.length ?? 0) - 1; i >= 0; i--) {
    const e = log[i];
    if ((e.events ?? []).some((ev) => kindOf(ev) === since)) break;
    const a = /** @type {any} */ (e.actor);
    if (a?.seat === seat && e.action && kindOf(e.action) === want) done++;
  }
  if (stage === 'configure') return done < 5 ? done : null;
  return reachableTypes(book, c.rosters, seat)[done] ?? null;
}

/** The name of sector card `id` (from the book, else from its number). */
export const sectorName = (book, id) => book?.sectors?.get(id)?.name ?? `Sector ${id + 1}`;

/** Who is looking: a seat number, or null for a spectator. */
export function viewerSeat(obs) {
  const v = /** @type {any} */ (obs?.viewer);
  return v && typeof v === 'object' && 'seat' in v ? v.seat : null;
}

/** The action's kind: its only key, or the word itself. */
export const kindOf = (a) => (typeof a === 'string' ? a : Object.keys(a ?? {})[0] ?? '');
/** The action's body (the value under its key). */
export const bodyOf = (a) => (typeof a === 'string' ? null : /** @type {any} */ (a)[kindOf(a)]);

const CORE = { explore: 'Explore', move: 'Move', build: 'Build', attack: 'Attack' };
const STRUCT = { outpost: 'Outpost', starlance: 'Starlance', hypergate: 'Hypergate', m_brain: 'M-Brain' };
export const SHIPS = ['Beam frigate', 'Shield cruiser', 'Artillery platform', 'Drone carrier', 'Fighter squadron'];
export const structureName = (s) => STRUCT[s] ?? s;
export const coreName = (c) => CORE[c] ?? c;

/** An order card in words. */
export const orderCardText = (c) => (c === 'master' ? 'the Master card' : `order card ${c?.number}`);
/** A refresh choice in words: `the pair at position 3`. */
export const refreshText = (r) => `${{ pair: 'the pair', directive: 'the directive', module: 'the module' }[r.kind] ?? r.kind} at position ${r.position}`;
/** An offer's condition in words. */
export function conditionText(c) {
  if ('card' in c) return `if I get ${orderCardText(c.card)}`;
  if ('refresh' in c) return `if the Master refreshes ${refreshText(c.refresh)}`;
  return `if I get ${orderCardText(c.both[0])} and the Master refreshes ${refreshText(c.both[1])}`;
}

/** Plural helper: `3 fleets`, `1 fleet`. */
const n = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;

/** One legal action in a sentence a person reads (`track`: the ship type a sealed step sets, if known). */
export function actionWords(a, book, track = null) {
  const b = bodyOf(a);
  switch (kindOf(a)) {
    case 'probe': return `Send a probe from ${spaceName(b)}`;
    case 'launch': return b ? `Draw, spending ${b} green on ${n(b, 'extra card')}` : 'Draw the sector cards';
    case 'place': return `Place ${sectorName(book, b.card)} at ${spaceName(b.space)}, turned ${degrees(b.rotation)}`;
    case 'offer': return `Offer the bribe ${conditionText(b)}`;
    case 'withdraw': return 'Withdraw my offer';
    case 'keep': return 'Offer nothing more';
    case 'transfer': return 'Pay the bribe with no condition';
    case 'add_bribe': return `Add 1 ${b} to the bribe`;
    case 'refresh': return `Refresh ${refreshText(b)}`;
    case 'give': return `Give the next card to ${seatName(b)}`;
    case 'propose': return `Propose the next card for ${seatName(b)}`;
    case 'bonus': return `Take 1 ${b} (M-Brain bonus)`;
    case 'main': return `${coreName(b)} as the main action`;
    case 'pass': return 'Pass the main action';
    case 'boost': return b ? `Spend ${b} blue on range` : 'Move without a boost';
    case 'move_fleets': return `Move ${n(b.count, 'fleet')} from ${spaceName(b.from)} to ${spaceName(b.to)}`;
    case 'build_fleets': {
      const outposts = [0, 1, 2, 3, 4, 5].filter((i) => b.outposts & (1 << i)).length;
      return `Build ${n(b.home, 'fleet')} at the homeworld${outposts ? ` and ${n(outposts, 'fleet')} at Outposts` : ''}`;
    }
    case 'build_structure': return `Build a${b.structure === 'outpost' ? 'n' : ''} ${structureName(b.structure)} at ${spaceName(b.space)}`;
    case 'attack_fleets': return `Attack ${spaceName(b.to)} with ${n(b.count, 'fleet')} from ${spaceName(b.from)}`;
    case 'attack_structure': return `Strike ${seatName(b.owner)}'s ${structureName(b.structure)} at ${spaceName(b.target)}`;
    case 'done': return 'Done';
    case 'engage': return 'Start the combat';
    case 'module': return `Use the module at position ${b}`;
    case 'no_module': return 'Use no module';
    case 'claim': return `Claim objective ${b.card + 1}, slot ${b.slot + 1}`;
    case 'end_turn': return 'End the turn';
    case 'ships': return track === null ? `${n(b, 'ship')} on the next ship type` : `${b} ${shipsName(book, track, b)}`;
    case 'hits': return track === null ? `${n(b, 'hit')} on the next ship type` : `${n(b, 'hit')} on enemy ${shipsName(book, track, 2)}`;
    case 'mark_ship': return `Mark a ship of ${seatName(b)}`;
    default: return kindOf(a).replace(/_/g, ' ');
  }
}

const KIND_LABEL = {
  place: 'Place a sector card', probe: 'Send a probe', launch: 'Draw cards', move_fleets: 'Move fleets', attack_fleets: 'Attack with fleets',
  attack_structure: 'Strike a structure', build_structure: 'Build a structure', build_fleets: 'Build fleets', main: 'Main action',
  bonus: 'M-Brain bonus', boost: 'Boost the range', claim: 'Claim an objective', refresh: 'Refresh', give: 'Give a card', propose: 'Propose a card',
  add_bribe: 'Add to the bribe', offer: 'Offer with a condition', module: 'Use a module', ships: 'Configure the fleet', hits: 'Allocate hits', mark_ship: 'Mark a ship',
};

/** The picker's grouping: kind → subject (the card, the origin, the structure) → option, in words. */
export function describe(book, track = null) {
  return (/** @type {Legal} */ l) => {
    const a = l.action;
    const k = kindOf(a);
    const b = bodyOf(a);
    const base = { kind: k, kindLabel: KIND_LABEL[k] ?? actionWords(a, book, track), label: actionWords(a, book, track) };
    switch (k) {
      case 'place': return { ...base, subject: `${b.card}`, subjectLabel: sectorName(book, b.card), option: `${spaceKey(b.space)}:${b.rotation}`, label: `${spaceName(b.space)}, ${degrees(b.rotation)}` };
      case 'move_fleets':
      case 'attack_fleets': return { ...base, subject: spaceKey(b.from), subjectLabel: `From ${spaceName(b.from)}`, option: `${spaceKey(b.to)}:${b.count}`, label: `to ${spaceName(b.to)}, ${n(b.count, 'fleet')}` };
      case 'build_structure': return { ...base, subject: b.structure, subjectLabel: structureName(b.structure), option: spaceKey(b.space), label: spaceName(b.space) };
      case 'ships':
      case 'hits': return { ...base, subject: null, option: String(b), kindLabel: track === null ? base.kindLabel : `${KIND_LABEL[k]}: ${shipName(book, track)}` };
      case 'offer': return { ...base, subject: 'card' in b ? 'card' : 'refresh' in b ? 'refresh' : 'both', subjectLabel: 'card' in b ? 'For an order card' : 'refresh' in b ? 'For a refresh' : 'For a card and a refresh', option: JSON.stringify(b), label: conditionText(b) };
      default: return { ...base, subject: null, option: JSON.stringify(b) };
    }
  };
}

/** Spaces of the map a click acts on, with the legal actions there, for the current selection. */
export function boardTargets(legal, sel) {
  /** @type {Map<string, Legal[]>} */
  const at = new Map();
  const add = (sp, l) => {
    const key = spaceKey(sp);
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(l);
  };
  for (const l of legal) {
    const b = bodyOf(l.action);
    switch (kindOf(l.action)) {
      case 'place': if (sel?.card === b.card) add(b.space, l); break;
      case 'probe': add(b, l); break;
      case 'build_structure': add(b.space, l); break;
      case 'attack_structure': add(b.target, l); break;
      case 'move_fleets':
      case 'attack_fleets':
        if (sel?.from && spaceKey(sel.from) === spaceKey(b.from)) add(b.to, l);
        break;
      default: break;
    }
  }
  return at;
}

/** Origins of fleet moves and attacks: space key → the actions leaving from it. */
export function origins(legal) {
  const at = new Map();
  for (const l of legal) {
    const k = kindOf(l.action);
    if (k !== 'move_fleets' && k !== 'attack_fleets') continue;
    const key = spaceKey(bodyOf(l.action).from);
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(l);
  }
  return at;
}

/** The cards that can be placed now (drawn hand), each with its legal places. */
export function placeable(legal) {
  const at = new Map();
  for (const l of legal) {
    if (kindOf(l.action) !== 'place') continue;
    const c = bodyOf(l.action).card;
    if (!at.has(c)) at.set(c, []);
    at.get(c).push(l);
  }
  return at;
}

/** The negotiation panel's parts from the legal actions: what can be added, the conditions, the ends. */
export function negotiation(legal) {
  const add = new Map();
  const conditions = [];
  let transfer = null;
  let keep = null;
  let withdraw = null;
  for (const l of legal) {
    const k = kindOf(l.action);
    if (k === 'add_bribe') add.set(bodyOf(l.action), l);
    else if (k === 'offer') conditions.push(l);
    else if (k === 'transfer') transfer = l;
    else if (k === 'keep') keep = l;
    else if (k === 'withdraw') withdraw = l;
  }
  const open = add.size > 0 || conditions.length > 0 || !!transfer || !!keep;
  return { open, add, conditions, transfer, keep, withdraw };
}

/** The action kinds the board and panels handle themselves; the rest go to the picker. */
export const POINTED = new Set(['place', 'probe', 'move_fleets', 'attack_fleets', 'build_structure', 'attack_structure', 'add_bribe', 'offer', 'transfer', 'keep', 'withdraw']);

/**
 * A running score per seat from what every player sees (§15): controlled sectors, structures
 * (2 VP, an M-Brain 3), one per three fleets, orange left and objective slots claimed; the
 * grid-completion bonus comes at the end. Final scores replace it once the game has them.
 */
export function runningScore(obs) {
  const seats = obs.storage.length;
  const rows = Array.from({ length: seats }, (_, s) => ({ seat: s, sectors: 0, structures: 0, fleets: 0, orange: obs.storage[s]?.[1] ?? 0, objectives: 0, grid_bonus: 0, total: 0 }));
  const fleets = Array(seats).fill(0);
  for (const t of obs.tiles) {
    if (t.control !== null && rows[t.control]) rows[t.control].sectors += 1;
    t.fleets.forEach((k, s) => { fleets[s] += k; });
  }
  for (const p of obs.structures) if (rows[p.owner]) rows[p.owner].structures += p.structure === 'm_brain' ? 3 : 2;
  fleets.forEach((k, s) => { rows[s].fleets = Math.floor(k / 3); });
  for (const o of obs.objectives) for (const sl of o.slots) if (sl.holder !== null && rows[sl.holder]) rows[sl.holder].objectives += sl.points;
  if (obs.scores) {
    obs.scores.forEach((sc, s) => Object.assign(rows[s], { sectors: sc.sectors, structures: sc.structures, fleets: sc.fleets, orange: sc.orange, objectives: sc.objectives, grid_bonus: sc.grid_bonus }));
  }
  for (const r of rows) r.total = /** @type {any} */ (obs.scores?.[r.seat])?.standing?.points ?? r.sectors + r.structures + r.fleets + r.orange + r.objectives + r.grid_bonus;
  return rows;
}

/** Where the game stands, in a sentence. */
export function phaseText(obs) {
  if (obs.ended) return `Game over: ${endText(obs.ended)}`;
  if (obs.setup) return `Setup: ${seatName(obs.setup.seat)} places a starting sector`;
  if (obs.combat) {
    const st = obs.combat.stage.kind;
    return `Combat at ${spaceName(obs.combat.sector)}, round ${obs.combat.round + 1}: ${{ configure: 'fleets are configured in secret', roll: 'the dice roll', allocate: 'hits are allocated in secret', mark: 'ships are marked' }[st] ?? st}`;
  }
  if (obs.orders) {
    const st = obs.orders.stage;
    const m = seatName(obs.orders.master);
    if (st.kind === 'offers') return `Round ${obs.round}, the Master's round: ${seatName(st.seat)} may bribe ${m}, the Master (pass ${st.pass})`;
    if (st.kind === 'propose') return `Round ${obs.round}, the Master's round: ${m} proposes who gets which card`;
    if (st.kind === 'refresh') return `Round ${obs.round}, the Master's round: ${m} chooses the refresh`;
    return `Round ${obs.round}, the Master's round: ${m} gives out the order cards`;
  }
  if (obs.turn) {
    const st = obs.turn.stage;
    const who = seatName(obs.turn.seat);
    const what = {
      bonus: 'takes M-Brain bonus resources', main: 'chooses the main action', explore: 'explores', move: 'moves fleets', build: 'builds',
      attack: 'attacks', module: 'may use a module', claim: 'may claim an objective',
    }[st.kind] ?? st.kind;
    return `Round ${obs.round}, ${who}'s turn: ${who} ${what}`;
  }
  return `Round ${obs.round}`;
}

/** Why the game ended, in words. */
export function endText(e) {
  if (e === 'round_limit') return 'the last round was played';
  if (e === 'no_progress') return 'no one could make progress';
  if ('grid_completed' in e) return `${seatName(e.grid_completed.by)} completed the grid`;
  if ('objectives_completed' in e) return `${seatName(e.objectives_completed.by)} completed the objectives`;
  return '';
}

/**
 * Where the public directives match for the player whose turn it is (the observation's
 * `positions[].matches`, computed by the game from public facts): one entry per point, `point`
 * the `[col, row]` of the space whose top-left corner it is, `label` naming each directive that
 * matches there and its position.
 * @param {Observation} obs
 */
export function directiveMatches(obs, book) {
  const seat = obs?.turn?.seat;
  const at = new Map();
  for (const p of obs?.positions ?? []) {
    const name = book?.directives?.get(p.directive?.card)?.name ?? p.directive?.name ?? 'A directive';
    for (const pt of p.matches ?? []) {
      const key = spaceKey(pt);
      if (!at.has(key)) at.set(key, { point: pt, key, names: [] });
      at.get(key).names.push(`${name} (position ${p.position})`);
    }
  }
  return [...at.values()].map(({ point, key, names }) => ({
    point, key,
    label: `${names.join(' and ')} ${names.length === 1 ? 'matches' : 'match'} for ${seatName(seat ?? 0)} where columns ${point[0]} and ${point[0] + 1} meet rows ${point[1]} and ${point[1] + 1}`,
  }));
}

/** A roster in words: `2 Beam frigates, 1 Drone carrier` (`none`). */
export function rosterText(book, r) {
  const parts = (r ?? []).map((k, i) => (k ? `${k} ${shipsName(book, i, k)}` : null)).filter(Boolean);
  return parts.length ? parts.join(', ') : 'none';
}

/**
 * The most recent combat as steps in order, from the log's events: who fights, the revealed
 * rosters, each roll, the revealed hit allocations, each mark, the casualties, the end.
 * `{kind, text, seat, round, index}` per step; `over` once it ended, `endAt` the position in
 * `log` of the entry that ended it. Null when no combat was fought.
 * @param {any[]} log
 */
export function combatStory(log, book) {
  let start = -1;
  for (let i = (log?.length ?? 0) - 1; i >= 0 && start < 0; i--) if ((log[i].events ?? []).some((ev) => kindOf(ev) === 'combat_started')) start = i;
  if (start < 0) return null;
  const steps = [];
  let round = 0;
  let over = false;
  let sector = null;
  let endAt = -1;
  for (const [at, e] of log.slice(start).entries()) {
    for (const ev of e.events ?? []) {
      const k = kindOf(ev);
      const b = /** @type {any} */ (ev)[k];
      const push = (text, seat = null) => steps.push({ kind: k, text, seat, round, index: e.index });
      if (over) return { steps, over, sector, endAt };
      switch (k) {
        case 'combat_started':
          if (steps.length) return { steps, over, sector, endAt };
          sector = b.sector;
          push(`${seatName(b.attacker)} attacks ${spaceName(b.sector)}: ${b.fleets.map(([s, f]) => `${seatName(s)} ${n(f, 'fleet')}`).join(', ')}.`, b.attacker);
          break;
        case 'rosters_revealed':
          push(`Fleet rosters revealed: ${b.rosters.map(([s, r]) => `${seatName(s)} ${rosterText(book, r)}`).join('; ')}.`);
          break;
        case 'rolled':
          steps.push({ kind: k, seat: b.seat, round, index: e.index, faces: b.faces, hits: b.hits,
            text: `${steps.some((x) => x.kind === 'rolled' && x.round === round) ? '' : `Round ${round + 1}: `}${seatName(b.seat)} rolls ${b.faces.length ? b.faces.join(', ') : 'no dice'}: ${n(b.hits, 'hit')}.` });
          break;
        case 'hits_revealed':
          push(!b.allocations.length ? 'No hits to allocate.' : `Hit allocations revealed: ${b.allocations.map(([s, r]) => `${seatName(s)} ${r.some((x) => x) ? r.map((x, i) => (x ? `${x} on ${shipsName(book, i, 2)}` : null)).filter(Boolean).join(', ') : 'none'}`).join('; ')}.`);
          break;
        case 'marked':
          push(`${seatName(b.marker)} marks ${seatName(b.target)}'s ${shipName(book, ShipIndex[b.ship] ?? 0)}.`, b.marker);
          break;
        case 'casualties':
          push(`Casualties: ${b.losses.length ? b.losses.map(([s, r]) => `${seatName(s)} loses ${rosterText(book, r)}`).join('; ') : 'none'}.`);
          round++;
          break;
        case 'combat_ended':
          over = true;
          endAt = start + at;
          push(`Combat over: ${b.control === null ? 'no one controls the sector' : `${seatName(b.control)} controls the sector`}${b.left.length ? ` (${b.left.map(([s, f]) => `${seatName(s)} ${n(f, 'ship')} left`).join(', ')})` : ''}${b.capped ? ', after the round cap' : ''}.`, b.control);
          break;
        default: break;
      }
    }
  }
  return { steps, over, sector, endAt };
}

/** A ship type's wire word to its roster index. */
export const ShipIndex = { beam_frigate: 0, shield_cruiser: 1, artillery_platform: 2, drone_carrier: 3, fighter_squadron: 4 };
