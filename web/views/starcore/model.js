// Starcore's view logic without the DOM (tested under Node: web/e2e/unit/starcore-model.test.mjs):
// tiles and how each seat sees the two grids, the legal actions indexed by card and tile,
// player-language labels for every action, the attack box (a copy of the engine's Range × Width
// rule) and an attack's exact odds over the 144 rolls of 2d12 (a copy of the engine's odds).

/** @typedef {import('../../types/starcore').Legal} Legal */
/** @typedef {import('../../types/starcore').Observation} Observation */
/** @typedef {import('../../types/starcore').Keyword} Keyword */
/** @typedef {import('../../types/starcore').FrameView} FrameView */

export const ROWS = ['A', 'B', 'C'];
export const LANES = [1, 2, 3, 4, 5, 6, 7, 8];
const RESOURCE_NAMES = ['Matter', 'Energy', 'Life', 'Signal'];

/** `P`-number of a seat index: 0 → `P1`. */
export const seatLabel = (seat) => `P${Number(seat) + 1}`;

/**
 * `"P2:B5"` → `{owner: 1, row: 'B', lane: 5}`, or null for anything else.
 * @param {string | null | undefined} tile
 */
export function parseTile(tile) {
  const m = /^P([12]):([ABC])([1-8])$/.exec(String(tile ?? ''));
  return m ? { owner: Number(m[1]) - 1, row: m[2], lane: Number(m[3]) } : null;
}

/** The engine's tile text from its parts. */
export const tileOf = (owner, row, lane) => `P${owner + 1}:${row}${lane}`;

/** A tile as players read it: its row and lane (`B5`); with its grid's owner (`P2 B5`) when `withOwner`. */
export function tileName(tile, withOwner = true) {
  const t = parseTile(tile);
  if (!t) return 'a tile';
  return withOwner ? `${seatLabel(t.owner)} ${t.row}${t.lane}` : `${t.row}${t.lane}`;
}

/** The engine's tile texts in a sentence (`P1:A3`) as players read them (`P1 A3`). */
export const relabel = (text) => String(text ?? '').replace(/\bP([12]):([ABC][1-8])\b/g, 'P$1 $2');

/**
 * An action's text as the server gives it (the typed form with cards by their names:
 * `deploy Ward Plate P1:B3 host right`, `attack P1:A4 P2:A5`, `activate P1:C2 0 P2:A3`) as a
 * sentence players read (`Deploy Ward Plate on P1 B3, serving the card on its right face`,
 * `Attack P2 A5 with the card on P1 A4`, `Use ability 1 of the card on P1 C2 at P2 A3`): for
 * the log and the hint panel, which get only that text. Anything else is returned with its
 * tiles relabelled.
 * @param {string | null | undefined} text
 */
export function actionSentence(text) {
  const s = String(text ?? '').trim();
  const T = 'P[12]:[ABC][1-8]';
  const tile = (x) => tileName(x);
  const aim = (rest) => {
    const r = rest.trim();
    if (!r) return '';
    if (new RegExp(`^${T}$`).test(r)) return ` at ${tile(r)}`;
    const lane = /^lane (\d)$/.exec(r);
    if (lane) return ` at lane ${lane[1]}`;
    const frame = /^stack (\d+)$/.exec(r);
    if (frame) return ` at the stack's frame ${Number(frame[1]) + 1} (from the bottom)`;
    return ` ${relabel(r)}`;
  };
  let m;
  if (s === 'keep') return 'Keep the opening hand';
  if (s === 'mulligan') return 'Mulligan: shuffle the hand back and draw 8 new cards';
  if (s === 'pass') return 'Pass';
  if ((m = new RegExp(`^commander (${T})$`).exec(s))) return `Place the Commander on ${tile(m[1])}`;
  if ((m = new RegExp(`^move (${T}) (${T})$`).exec(s))) return `Move the card on ${tile(m[1])} to ${tile(m[2])}`;
  if ((m = new RegExp(`^attack (${T}) (${T})$`).exec(s))) return `Attack ${tile(m[2])} with the card on ${tile(m[1])}`;
  if ((m = new RegExp(`^deploy (.+) (${T}) host (top|right|bottom|left)$`).exec(s))) return `Deploy ${m[1]} on ${tile(m[2])}, serving the card on its ${faceText(m[3])}`;
  if ((m = new RegExp(`^deploy (.+) (${T})$`).exec(s))) return `Deploy ${m[1]} on ${tile(m[2])}`;
  if ((m = new RegExp(`^activate (${T}) (\\d+)(.*)$`).exec(s))) return `Use ability ${Number(m[2]) + 1} of the card on ${tile(m[1])}${aim(m[3])}`;
  if ((m = new RegExp(`^play (.+?)((?: ${T}| lane \\d| stack \\d+)?)$`).exec(s))) return `Play ${m[1]}${aim(m[2])}`;
  if ((m = /^first (P[12])$/.exec(s))) return `${m[1]} plays first`;
  if ((m = /^draw (P[12]) (.+)$/.exec(s))) return `${m[1]} draws ${m[2]}`;
  if ((m = /^roll (\d+)\+(\d+)$/.exec(s))) return `Roll ${m[1]} and ${m[2]}`;
  return relabel(s);
}

/**
 * How `viewer` sees the battlefield: the grid drawn at the top (the other seat's) and at the
 * bottom (the viewer's, or P1's for a spectator), and the lanes from left to right. P1 sits
 * with lane 1 on the left; P2 sits opposite, turned round, with lane 1 on its left too, so a
 * P2 viewer sees lanes 8 to 1 when the board is drawn from P1's side, and the view turns the
 * whole board round for it.
 * @param {number | null | undefined} seat the seat looking (null for a spectator)
 */
export function perspective(seat) {
  const me = seat === 1 ? 1 : 0;
  return { bottom: me, top: 1 - me, lanes: me === 0 ? LANES.slice() : LANES.slice().reverse() };
}

/**
 * The rows of a grid as drawn, top to bottom: the top grid shows C (its owner's back row) at
 * the top and A at the divider; the bottom grid shows A at the divider and C at the bottom.
 */
export const rowsDrawn = (position) => (position === 'top' ? ['C', 'B', 'A'] : ['A', 'B', 'C']);

/** Zone of a lane: Z1 (1–4) or Z2 (5–8). */
export const zoneOf = (lane) => (lane <= 4 ? 'Z1' : 'Z2');

/** Sector of a row and lane: S1/S2 are rows A–B of Z1/Z2, S3/S4 row C. */
export const sectorOf = (row, lane) => (row === 'C' ? (lane <= 4 ? 'S3' : 'S4') : (lane <= 4 ? 'S1' : 'S2'));

/** `[2, 1, 0, 0]` → `2 Matter + 1 Energy`; nothing → `nothing`. */
export function resourcesText(r) {
  const parts = (r ?? []).map((n, i) => (n > 0 ? `${n} ${RESOURCE_NAMES[i]}` : null)).filter(Boolean);
  return parts.length ? parts.join(' + ') : 'nothing';
}

/** A keyword as the observation carries it (`"taunt"`, `{"execute": 2}`) → its title and number. */
export function keywordTitle(k) {
  const title = (name) => String(name).split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
  if (typeof k === 'string') return { title: title(k), text: title(k) };
  if (!k || typeof k !== 'object') return { title: '?', text: '?' };
  const [name, v] = Object.entries(k)[0] ?? ['?', null];
  const t = title(name);
  if (typeof v === 'number') return { title: t, text: `${t} ${v}` };
  if (name === 'zone_dominance' && v && typeof v === 'object') {
    const z = /** @type {any} */ (v);
    return { title: t, text: `${t} (${z.zone}, ${z.tiles} tiles: ${z.amount >= 0 ? '+' : ''}${z.amount} ${String(z.stat).toUpperCase()})` };
  }
  if (name === 'sector_lock' && v && typeof v === 'object') {
    const s = /** @type {any} */ (v);
    return { title: t, text: `${t} (${s.protect} safe from ${s.from})` };
  }
  if (name === 'aura' && v && typeof v === 'object') {
    const a = /** @type {any} */ (v);
    return { title: t, text: `${t} (${a.side} ${a.amount >= 0 ? '+' : ''}${a.amount} ${String(a.stat).toUpperCase()})` };
  }
  return { title: t, text: t };
}

/** A glyph per keyword, drawn on the card beside its name (alone on a phone); the glossary gives its text on hover and tap. */
const KEYWORD_ICONS = {
  splash: '✺', pierce: '➶', execute: '☠', flank: '⇲', zone_flank: '⇆', zone_dominance: '▦', sector_lock: '⊘',
  aura: '◎', taunt: '⚑', first_strike: '⚡', heal: '✚', shield: '⛨', salvage: '♻',
};

/** A keyword's glyph (`"taunt"` → ⚑, `{"shield": 2}` → ⛨), `•` for one without. */
export const keywordIcon = (k) => KEYWORD_ICONS[typeof k === 'string' ? k : Object.keys(k ?? {})[0] ?? ''] ?? '•';

/** The kind of an action: its only key, or the string itself (`pass`, `keep`). */
export const kindOf = (a) => (typeof a === 'string' ? a : a && typeof a === 'object' ? Object.keys(a)[0] ?? '?' : String(a));

/** The body of an action (the object under its kind), or null. */
export const bodyOf = (a) => (a && typeof a === 'object' ? /** @type {any} */ (a)[kindOf(a)] : null);

/**
 * The reference data's cards by number (the index observations and actions carry): each with
 * its name, kind, stats by label, keywords and text.
 * @param {any} reference the match's `GET /api/matches/{id}/reference`
 */
export function cardBook(reference) {
  const group = (reference?.groups ?? []).find((g) => g.kind === 'cards');
  /** @type {Map<number, {index: number, id: string, name: string, kind: string, stats: Map<string, string>, keywords: string[], text: string[], abilities: string[]}>} */
  const book = new Map();
  for (const e of group?.entries ?? []) {
    if (e.index === null || e.index === undefined) continue;
    book.set(e.index, { index: e.index, id: e.id, name: e.name, kind: e.kind, stats: new Map((e.stats ?? []).map((s) => [s.label, s.value])), keywords: e.keywords ?? [], text: e.text ?? [], abilities: e.abilities ?? [] });
  }
  return book;
}

/** A card's name from the book (`a card` when unknown). */
export const cardName = (book, card) => book?.get(card)?.name ?? 'a card';

/**
 * The legal actions indexed the ways the view asks for them.
 * @param {Legal[]} legal
 */
export function indexLegal(legal) {
  const ix = {
    all: legal,
    /** @type {Map<string, Legal[]>} */ kinds: new Map(),
    /** hand card → its deploy and play actions */
    /** @type {Map<number, Legal[]>} */ hand: new Map(),
    /** tile → the moves, attacks and activations of the card on it */
    /** @type {Map<string, Legal[]>} */ from: new Map(),
    /** @type {Legal | null} */ pass: null,
  };
  const push = (map, k, l) => {
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(l);
  };
  for (const l of legal) {
    const k = kindOf(l.action);
    push(ix.kinds, k, l);
    const b = bodyOf(l.action);
    if (k === 'pass') ix.pass = l;
    else if (k === 'deploy' || k === 'play') push(ix.hand, b.card, l);
    else if (k === 'move' || k === 'attack') push(ix.from, b.from, l);
    else if (k === 'activate') push(ix.from, b.tile, l);
  }
  return ix;
}

/** Whether an aim is a tile (`{tile: "P2:A4"}`). */
const aimsAtTile = (aim) => !!aim && typeof aim === 'object' && 'tile' in aim;

/** Ability `i` of a card in words: its text from the book, else `ability 2`. */
export const abilityText = (book, card, i) => book?.get(card)?.abilities?.[i] ?? `ability ${Number(i) + 1}`;

/**
 * The abilities the card on `tile` may use now, in the card's order, each with its text, its
 * actions, the tiles its actions aim at (tile → actions) and how it is used:
 * `point` (a highlighted tile is clicked), `now` (one action, no tile to choose) or `choose`
 * (several actions none of which aims at a tile: a choice among buttons).
 * @param {ReturnType<typeof indexLegal>} ix
 * @param {string} tile
 * @param {Map<number, any>} book
 * @param {number | null | undefined} card the card on `tile`
 */
export function abilitiesAt(ix, tile, book, card) {
  /** @type {Map<number, Legal[]>} */
  const by = new Map();
  for (const l of ix.from.get(tile) ?? []) {
    if (kindOf(l.action) !== 'activate') continue;
    const i = bodyOf(l.action).ability;
    if (!by.has(i)) by.set(i, []);
    by.get(i)?.push(l);
  }
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([ability, actions]) => {
    const tiles = abilityTargets(ix, tile, ability);
    const how = tiles.size ? 'point' : actions.length === 1 ? 'now' : 'choose';
    return { ability, text: abilityText(book, card, ability), actions, tiles, how };
  });
}

/**
 * The tiles ability `ability` of the card on `tile` may aim at now: tile → its actions there.
 * @param {ReturnType<typeof indexLegal>} ix
 * @returns {Map<string, Legal[]>}
 */
export function abilityTargets(ix, tile, ability) {
  const at = new Map();
  for (const l of ix.from.get(tile) ?? []) {
    const b = bodyOf(l.action);
    if (kindOf(l.action) !== 'activate' || b.ability !== ability || !aimsAtTile(b.aim)) continue;
    if (!at.has(b.aim.tile)) at.set(b.aim.tile, []);
    at.get(b.aim.tile).push(l);
  }
  return at;
}

/**
 * What a selection points at on the board: tile → the legal actions a click there takes. A
 * hand card: its deploy tiles and its Action's target tiles. A card on the board: its moves'
 * destinations and its attacks' targets; once one of its abilities is chosen, only that
 * ability's target tiles. The Commander's tiles while it is to be placed.
 * @param {ReturnType<typeof indexLegal>} ix
 * @param {{type: 'hand', card: number} | {type: 'tile', tile: string, ability?: number | null} | null} sel
 * @returns {Map<string, Legal[]>}
 */
export function selectionTargets(ix, sel) {
  /** @type {Map<string, Legal[]>} */
  const at = new Map();
  const add = (t, l) => {
    if (!at.has(t)) at.set(t, []);
    at.get(t)?.push(l);
  };
  for (const l of ix.kinds.get('place_commander') ?? []) add(/** @type {any} */ (l.action).place_commander, l);
  if (sel?.type === 'hand') {
    for (const l of ix.hand.get(sel.card) ?? []) {
      const b = bodyOf(l.action);
      if (kindOf(l.action) === 'deploy') add(b.tile, l);
      else if (aimsAtTile(b.aim)) add(b.aim.tile, l);
    }
  } else if (sel?.type === 'tile' && sel.ability !== null && sel.ability !== undefined) {
    for (const [t, ls] of abilityTargets(ix, sel.tile, sel.ability)) for (const l of ls) add(t, l);
  } else if (sel?.type === 'tile') {
    for (const l of ix.from.get(sel.tile) ?? []) {
      const b = bodyOf(l.action);
      if (kindOf(l.action) === 'move') add(b.to, l);
      else if (kindOf(l.action) === 'attack') add(b.target, l);
    }
  }
  return at;
}

/** Where an aim points, in words. */
export function aimText(aim, obs, book) {
  if (aim === 'none' || aim === null || aim === undefined) return '';
  if (typeof aim === 'object' && 'tile' in aim) {
    const p = obs?.board?.find((x) => x.tile === aim.tile);
    return p ? `${cardName(book, p.card)} on ${tileName(aim.tile)}` : tileName(aim.tile);
  }
  if (typeof aim === 'object' && 'lane' in aim) return `lane ${aim.lane}`;
  if (typeof aim === 'object' && 'frame' in aim) {
    const f = obs?.stack?.[aim.frame];
    return f ? `${frameTitle(f, obs, book)} on the stack` : `stack frame ${aim.frame + 1}`;
  }
  return '';
}

const FACE = { top: 'front', right: 'right', bottom: 'back', left: 'left' };

/** A Module's host face in words (faces are named from the owner's seat). */
export const faceText = (f) => `${FACE[f] ?? f} face`;

/**
 * Any legal action in player language: `Deploy Scrap Cell on P1 C2`, `Move Rivet Trooper from
 * P1 B4 to P1 A4`, `Attack Thorn Sentinel on P2 A4 with Rivet Trooper`.
 * @param {{action: any}} l
 * @param {Observation | null | undefined} obs
 * @param {Map<number, any>} book
 */
export function actionLabel(l, obs, book) {
  const a = l.action;
  const k = kindOf(a);
  const b = bodyOf(a);
  const at = (tile) => obs?.board?.find((p) => p.tile === tile);
  const on = (tile) => {
    const p = at(tile);
    return p ? `${cardName(book, p.card)} on ${tileName(tile)}` : tileName(tile);
  };
  switch (k) {
    case 'keep': return 'Keep this hand';
    case 'mulligan': return 'Mulligan: shuffle back and draw 8 new cards';
    case 'pass': return passLabel(obs);
    case 'place_commander': return `Place your Commander on ${tileName(b)}`;
    case 'move': return `Move ${on(b.from)} to ${tileName(b.to)}`;
    case 'deploy': {
      const host = b.host ? `, serving the card on its ${faceText(b.host)}` : '';
      return `Deploy ${cardName(book, b.card)} on ${tileName(b.tile)}${host}`;
    }
    case 'play': {
      const t = aimText(b.aim, obs, book);
      return `Play ${cardName(book, b.card)}${t ? ` at ${t}` : ''}`;
    }
    case 'attack': return `Attack ${on(b.target)} with ${on(b.from)}`;
    case 'activate': {
      const p = at(b.tile);
      const t = aimText(b.aim, obs, book);
      const text = p && book?.get(p.card)?.abilities?.[b.ability];
      return `Use ${text ? `“${text}” of` : `ability ${b.ability + 1} of`} ${p ? cardName(book, p.card) : 'the card'} on ${tileName(b.tile)}${t ? ` at ${t}` : ''}`;
    }
    case 'first_player': return `${seatLabel(b)} plays first`;
    case 'draw': return `${seatLabel(b[0])} draws ${cardName(book, b[1])}`;
    case 'roll': return `Roll ${b[0]} and ${b[1]}`;
    default: return String(k).replace(/_/g, ' ');
  }
}

/** What passing does now, in words. */
export function passLabel(obs) {
  if (obs?.stack?.length) return 'Pass: let the top of the stack resolve';
  const step = obs?.phase?.phase === 'turn' ? /** @type {any} */ (obs.phase).step : null;
  if (step === 'orders') return 'End the Orders step (no more moves)';
  if (step === 'build') return 'End the Build step (deploy nothing more)';
  if (step === 'combat') return 'End the Combat step and the turn';
  return 'Pass';
}

/** The picker's grouping: kind, then the card or tile acted from, then the option. */
export function describe(l, obs, book) {
  const a = l.action;
  const k = kindOf(a);
  const b = bodyOf(a);
  const KIND = { keep: 'Keep', mulligan: 'Mulligan', pass: 'Pass', place_commander: 'Place the Commander', move: 'Move', deploy: 'Deploy', play: 'Play an Action', attack: 'Attack', activate: 'Use an ability' };
  const label = actionLabel(l, obs, book);
  const at = (tile) => obs?.board?.find((p) => p.tile === tile);
  const d = { kind: k, kindLabel: KIND[k] ?? undefined, subject: null, label };
  if (k === 'deploy' || k === 'play') return { ...d, subject: String(b.card), subjectLabel: cardName(book, b.card), label: label.replace(/^(Deploy|Play) [^]*? (on|at) /, '$2 ') };
  if (k === 'move' || k === 'attack' || k === 'activate') {
    const from = k === 'activate' ? b.tile : b.from;
    const p = at(from);
    const subjectLabel = `${p ? cardName(book, p.card) : 'Card'} on ${tileName(from)}`;
    const opt = k === 'move' ? `to ${tileName(b.to)}` : k === 'attack' ? `at ${(() => { const t = at(b.target); return t ? `${cardName(book, t.card)} on ${tileName(b.target)}` : tileName(b.target); })()}`
      : `ability ${b.ability + 1}${b.aim && b.aim !== 'none' ? ` at ${aimText(b.aim, obs, book)}` : ''}`;
    return { ...d, subject: from, subjectLabel, label: opt };
  }
  return d;
}

/** A frame of the stack: its title (`P1 deploys Scrap Cell on P1 C2`). */
export function frameTitle(f, obs, book) {
  const fr = /** @type {any} */ (f);
  if (fr.frame === 'deploy') return `${seatLabel(fr.seat)} deploys ${cardName(book, fr.card)} on ${tileName(fr.tile)}`;
  if (fr.frame === 'action') {
    const t = aimText(fr.aim, obs, book);
    return `${seatLabel(fr.seat)} plays ${cardName(book, fr.card)}${t ? ` at ${t}` : ''}${fr.countered ? ' (countered)' : ''}`;
  }
  if (fr.frame === 'attack') {
    const on = (tile) => {
      const p = obs?.board?.find((x) => x.tile === tile);
      return p ? `${cardName(book, p.card)} on ${tileName(tile)}` : tileName(tile);
    };
    return `${on(fr.from)} ${fr.first_strike ? 'strikes first at' : 'attacks'} ${on(fr.target)}`;
  }
  return 'A frame';
}

/** What a frame will do when it resolves, from the card's text. */
export function frameEffect(f, book) {
  const fr = /** @type {any} */ (f);
  if (fr.frame === 'attack') return 'Rolls 2d12 against 10 + the target\'s DEF when it resolves.';
  if (fr.countered) return 'Cancelled: it will go to the Scrapyard without effect.';
  const c = book?.get(fr.card);
  if (!c) return '';
  if (fr.frame === 'deploy') return `${c.name} enters the board.`;
  return c.text.join(' ');
}

/** Where the game is, in words. */
export function phaseText(obs) {
  const p = /** @type {any} */ (obs?.phase);
  switch (p?.phase) {
    case 'coin_flip': return 'Flipping the coin for the first player';
    case 'drawing': return 'Drawing cards';
    case 'mulligan': return 'Mulligan: each player keeps or redraws the opening hand, in secret';
    case 'place_commander': return `${seatLabel(p.seat)} places the Commander`;
    case 'turn': return { orders: 'Orders step: cards move', build: 'Build step: deploy cards and play Actions', combat: 'Combat step: cards attack' }[p.step] ?? 'Turn';
    case 'rolling': return 'Rolling the dice of an attack';
    case 'over': return 'The game is over';
    default: return '';
  }
}

/** Why the game ended, in words. */
export const endReasonText = (reason) => ({ commander: 'Commander destroyed', deck_out: 'a player had to draw from an empty deck', turn_limit: 'the turn limit was reached' })[reason] ?? '';

// ---- the attack box: a copy of the engine's Range × Width rule (rules/targeting.rs) ----------

/** The rows of a Range text (`A+C`, `All`). */
export function rangeRows(range) {
  if (/^\s*all\s*$/i.test(String(range))) return new Set(ROWS);
  return new Set(String(range ?? '').split('+').map((r) => r.trim().toUpperCase()).filter((r) => ROWS.includes(r)));
}

/** Whether a Width text (`lane`, `lane±1`, `Z2`, `S3`) reaches `row`/`lane` anchored at `anchor`. */
export function widthContains(width, row, lane, anchor) {
  const w = String(width ?? '').replace(/\s+/g, '').toLowerCase();
  const spread = { lane: 0, 'lane±1': 1, 'lane±2': 2 }[w];
  if (spread !== undefined) return Math.abs(lane - anchor) <= spread;
  if (w === 'z1' || w === 'z2') return zoneOf(lane) === w.toUpperCase();
  if (/^s[1-4]$/.test(w)) return sectorOf(row, lane) === w.toUpperCase();
  return false;
}

/**
 * The box of an attack from a card on lane `anchor`: the tiles of both grids (each named from
 * its own owner's side) whose row is in the Range and whose lane is in the Width.
 * @returns {Set<string>}
 */
export function boxTiles(range, width, anchor) {
  const rows = rangeRows(range);
  const out = new Set();
  for (const owner of [0, 1]) {
    for (const row of ROWS) {
      for (const lane of LANES) if (rows.has(row) && widthContains(width, row, lane, anchor)) out.add(tileOf(owner, row, lane));
    }
  }
  return out;
}

// ---- an attack's odds: a copy of the engine's odds (odds.rs, rules/combat.rs roll_result) ---

/**
 * The exact odds of an attack dealing `dmg` against DEF `def` and `shield` Shield points: every
 * one of the 144 rolls of 2d12 counted. A roll hits on a total of at least 10 + DEF or on
 * doubles; doubles are criticals and deal double damage; Shield absorbs first unless Pierce.
 * Fractions are over 144.
 */
export function attackOdds(dmg, def, shield = 0, pierce = false) {
  let hits = 0;
  let crits = 0;
  const counts = new Map();
  for (let a = 1; a <= 12; a++) {
    for (let b = 1; b <= 12; b++) {
      const critical = a === b;
      const hit = critical || a + b >= 10 + def;
      hits += hit ? 1 : 0;
      crits += critical ? 1 : 0;
      const raw = !hit ? 0 : critical ? dmg * 2 : dmg;
      const absorbed = pierce || raw === 0 ? 0 : Math.min(raw, shield);
      counts.set(raw - absorbed, (counts.get(raw - absorbed) ?? 0) + 1);
    }
  }
  const distribution = [...counts.entries()].sort((x, y) => x[0] - y[0]).map(([v, n]) => [v, `${n}/144`]);
  const expected = [...counts.entries()].reduce((s, [v, n]) => s + v * n, 0) / 144;
  return { hit: `${hits}/144`, critical: `${crits}/144`, distribution, expected };
}

/** The damage the server's preview of an attack names (`… 3 damage (6 on a critical) …`). */
export function damageFromPreview(text) {
  const m = /(\d+) damage \((\d+) on a critical\)/.exec(String(text ?? ''));
  return m ? Number(m[1]) : null;
}

/** Whether a piece's keywords include `name` (`pierce`, `taunt`). */
export const hasKeyword = (piece, name) => (piece?.keywords ?? []).some((k) => kindOf(k) === name);

/** HP left of a piece and its HP stat: `[left, max]`. */
export const hpOf = (piece) => (Array.isArray(piece?.hp) ? piece.hp : [0, 0]);

/**
 * Which face of tile `a` touches tile `b` as drawn (`up`, `down`, `left`, `right`), or null:
 * neighbours on one grid, or the two A rows facing across the divider.
 */
export function drawnSide(a, b, persp) {
  const pa = parseTile(a);
  const pb = parseTile(b);
  if (!pa || !pb) return null;
  const y = (t) => {
    const rows = rowsDrawn(t.owner === persp.top ? 'top' : 'bottom');
    return (t.owner === persp.top ? 0 : 3) + rows.indexOf(t.row);
  };
  const x = (t) => persp.lanes.indexOf(t.lane);
  const dy = y(pb) - y(pa);
  const dx = x(pb) - x(pa);
  if (dx === 0 && dy === -1) return 'up';
  if (dx === 0 && dy === 1) return 'down';
  if (dy === 0 && dx === -1) return 'left';
  if (dy === 0 && dx === 1) return 'right';
  return null;
}

// ---- decks: the lobby's preview of a setup and the deck browser ------------------------------

/** A cost for the card's corner: `2 Matter + 1 Energy` → `2M 1E`, nothing → `0`. */
export const costShort = (text) => (!text || text === 'nothing' ? '0' : String(text).split('+').map((p) => p.trim().replace(/^(\d+) (\w).*$/, '$1$2')).join(' '));

/** A cost's total (`2 Matter + 1 Energy` → 3, `nothing` → 0). */
export function costTotal(text) {
  return String(text ?? '').split('+').reduce((sum, part) => sum + (Number(/(\d+)/.exec(part)?.[1] ?? 0) || 0), 0);
}

/** The costs a curve has a bar for: 0 to 6, then 7 and more. */
export const CURVE_LABELS = ['0', '1', '2', '3', '4', '5', '6', '7+'];

/**
 * A deck's cards by total cost, the Commander (which is never paid for) left out: one count per
 * label of `CURVE_LABELS`.
 * @param {Array<{copies: number, card: any}>} cards
 */
export function costCurve(cards) {
  const counts = CURVE_LABELS.map(() => 0);
  for (const c of cards ?? []) {
    if (/^Commander/.test(c.card?.kind ?? '')) continue;
    const cost = c.card?.stats?.find((s) => s.label === 'Cost')?.value;
    counts[Math.min(costTotal(cost), CURVE_LABELS.length - 1)] += c.copies;
  }
  return CURVE_LABELS.map((label, i) => ({ label, count: counts[i] }));
}

/** A faction's name as players read it (`energy` → `Energy`). */
const factionName = (f) => (f ? String(f)[0].toUpperCase() + String(f).slice(1) : '');

/**
 * The decks of a setup from the lobby's scenario (`board.decks`, made by the server), each in
 * the deck browser's shape: its name, what it is (faction, Commander, card count), its curve,
 * and every card as a card face (name, kind, cost, text, stats) with its copies.
 * @param {any} scenario
 */
export function setupDecks(scenario) {
  return (scenario?.board?.decks ?? []).map((d) => {
    // The deck's cards without its Commander, which starts on the board (60 in a shipped deck).
    const total = (d.cards ?? []).filter((c) => !/^Commander/.test(c.card?.kind ?? '')).reduce((s, c) => s + c.copies, 0);
    return {
      key: String(d.name),
      title: d.title ?? String(d.name),
      subtitle: [d.faction ? `${factionName(d.faction)} faction` : '', d.commander ? `Commander ${d.commander}` : '', `${total} card${total === 1 ? '' : 's'} and the Commander`].filter(Boolean).join(' · '),
      curve: costCurve(d.cards),
      cards: (d.cards ?? []).map((c) => ({ copies: c.copies, card: deckCardFace(c.card) })),
    };
  });
}

/** A reference entry as a card face: name, kind, cost, text and its numbers. */
export function deckCardFace(e) {
  const stats = (e?.stats ?? []).filter((s) => !['Cost', 'Tier', 'Rarity'].includes(s.label)).map((s) => [s.label, s.value]);
  const cost = e?.stats?.find((s) => s.label === 'Cost')?.value;
  return { title: e?.name ?? 'Card', kind: e?.kind ?? null, cost: cost === undefined ? null : costShort(cost), text: (e?.text ?? []).join(' ') || null, stats, label: null };
}

/** Every deck of every setup, each once, in the order the setups first name them. */
export function allDecks(scenarios) {
  const seen = new Map();
  for (const sc of scenarios ?? []) for (const d of setupDecks(sc)) if (!seen.has(d.key)) seen.set(d.key, d);
  return [...seen.values()];
}

// ---- the stack between two states -----------------------------------------------------------

/**
 * The frames that left the stack between two observations, top first, each with how it left:
 * `fizzled` (a `fizzled` event names its seat and card: its tile was taken, its target or host
 * gone), `cancelled` (a countered Action, which goes to the Scrapyard without effect) or
 * `resolved`. Frames below the first difference stayed; a frame's `countered` mark may change
 * while it stays.
 * @param {Observation | null | undefined} before
 * @param {Observation | null | undefined} after
 * @param {any[]} events the events of the log entries between the two
 * @returns {Array<{frame: FrameView, index: number, outcome: 'resolved' | 'fizzled' | 'cancelled'}>}
 */
export function leftStack(before, after, events) {
  const b = before?.stack ?? [];
  const a = after?.stack ?? [];
  const plain = (f) => JSON.stringify({ ...f, countered: undefined });
  let k = 0;
  while (k < b.length && k < a.length && plain(b[k]) === plain(a[k])) k++;
  const fizzles = (events ?? []).filter((e) => e?.event === 'fizzled');
  const countered = new Set((events ?? []).filter((e) => e?.event === 'countered').map((e) => e.frame));
  const cardOf = (f) => (f.frame === 'attack' ? before?.board?.find((p) => p.tile === f.from)?.card : f.card);
  const out = [];
  for (let i = b.length - 1; i >= k; i--) {
    const f = /** @type {any} */ (b[i]);
    const j = fizzles.findIndex((e) => e.seat === f.seat && e.card === cardOf(f));
    /** @type {'resolved' | 'fizzled' | 'cancelled'} */
    let outcome = 'resolved';
    if (j >= 0) {
      fizzles.splice(j, 1);
      outcome = 'fizzled';
    } else if (f.countered || countered.has(i)) outcome = 'cancelled';
    out.push({ frame: b[i], index: i, outcome });
  }
  return out;
}

/** How a frame left the stack, in words. */
export const outcomeText = (o) => ({ resolved: 'Resolved', fizzled: 'Fizzled', cancelled: 'Cancelled (countered)' })[o] ?? o;
