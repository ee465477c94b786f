// The view kit's pure logic (no DOM, so Node's test runner checks it: web/e2e/unit/): the
// stepwise action picker's grouping, the pace of other seats' actions, a finished match's
// result in words, the how-to-play document and its glossary, odds as percentages and
// fractions, the tab title, the rematch request and small geometry helpers.

/** At most this many choice buttons on one picker screen (with Back and paging: at most 27). */
export const PAGE = 24;

/** `hold_fire` → `Hold fire`. */
export const humanize = (k) => {
  const t = String(k ?? '').replace(/[_-]+/g, ' ').trim();
  return t ? t[0].toUpperCase() + t.slice(1) : '';
};

/** The kind of an action: its only key, or the string itself. */
export const kindOf = (a) => (typeof a === 'string' ? a : a && typeof a === 'object' ? Object.keys(a)[0] ?? '?' : String(a));

/** The words the texts of `entries` all start with. */
function commonWords(texts) {
  if (!texts.length) return [];
  const split = texts.map((t) => String(t).split(/\s+/));
  const out = [];
  for (let i = 0; i < split[0].length; i++) {
    const w = split[0][i];
    if (split.every((s) => s[i] === w) && split.every((s) => s.length > i + 1)) out.push(w);
    else break;
  }
  return out;
}

/**
 * The default description of a legal action for the picker: kind (the action's key), subject
 * (the first field of its body, e.g. the unit or mech) and the option (the rest). Labels come
 * from the texts the server gives (player language), never from ids.
 * @param {{action: unknown, text: string}} l
 * @returns {{kind: string, kindLabel?: string, subject: string | null, subjectLabel?: string, option: string, label?: string}}
 */
export function describeDefault(l) {
  const a = l.action;
  const kind = kindOf(a);
  if (typeof a !== 'object' || a === null) return { kind, subject: null, option: String(a) };
  const body = a[kind];
  if (body === null || typeof body !== 'object') return { kind, subject: null, option: JSON.stringify(body ?? null) };
  const entries = Object.entries(body);
  if (entries.length <= 1) return { kind, subject: null, option: JSON.stringify(body) };
  return { kind, subject: JSON.stringify(entries[0]), option: JSON.stringify(entries.slice(1)) };
}

/**
 * Groups legal actions into a tree of at most three levels — kind → subject → option — with
 * labels. `describe(l)` may give keys and labels (a view knows unit and mech names); what it
 * leaves out comes from `describeDefault` and from the words the texts share.
 * @template L
 * @param {L[]} legal
 * @param {(l: L) => any} [describe]
 * @returns {PickNode<L>}
 */
export function pickTree(legal, describe) {
  /** @type {PickNode<L>} */
  const root = { key: '', label: 'All', children: [], legal: null, count: 0 };
  const byKey = (node, key, label) => {
    let c = node.children.find((x) => x.key === key);
    if (!c) {
      c = { key, label, children: [], legal: null, count: 0 };
      node.children.push(c);
    }
    return c;
  };
  for (const l of legal) {
    const d = { ...describeDefault(/** @type {any} */ (l)), ...(describe?.(l) ?? {}) };
    const text = /** @type {any} */ (l).text ?? '';
    const k = byKey(root, `k:${d.kind}`, d.kindLabel ?? humanize(d.kind));
    const parent = d.subject === null || d.subject === undefined ? k : byKey(k, `s:${d.subject}`, d.subjectLabel ?? null);
    const leaf = { key: `o:${d.option}:${parent.children.length}`, label: d.label ?? null, given: d.label !== undefined, children: [], legal: l, count: 1, text };
    parent.children.push(leaf);
  }
  // Labels the view did not give: the words a group's texts share, and what is left of a text.
  const fill = (node) => {
    const texts = leaves(node).map((x) => x.text ?? '');
    if (node.label === null) node.label = commonWords(texts).join(' ') || texts[0] || '?';
    for (const c of node.children) {
      if (c.legal) {
        if (c.label === null) {
          const words = (c.text ?? '').split(/\s+/);
          const common = node.children.filter((x) => x.legal).length > 1 ? commonWords(node.children.filter((x) => x.legal).map((x) => x.text ?? '')).length : 0;
          c.label = words.slice(common).join(' ') || c.text || '?';
        }
      } else fill(c);
    }
    // A group of one action is that action (its whole text, or the group's name and the option's).
    node.children = node.children.map((c) => {
      if (c.legal || c.children.length !== 1 || !c.children[0].legal) return c;
      const leaf = c.children[0];
      return { ...leaf, key: c.key, label: leaf.given ? `${c.label}: ${leaf.label}` : leaf.text || leaf.label };
    });
    node.count = leaves(node).length;
  };
  fill(root);
  root.count = legal.length;
  return root;
}

/**
 * @template L
 * @typedef {{key: string, label: string | null, children: PickNode<L>[], legal: L | null, count: number, text?: string, given?: boolean}} PickNode
 */

/** Every leaf under `node`. */
export function leaves(node) {
  if (node.legal) return [node];
  return node.children.flatMap(leaves);
}

/** The node reached by following `path` (keys) from `root`, skipping levels with one child. */
export function walk(root, path) {
  let node = collapse(root);
  const trail = [node];
  for (const key of path) {
    const next = node.children.find((c) => c.key === key);
    if (!next) break;
    node = collapse(next);
    trail.push(node);
  }
  return { node, trail };
}

/** A group with a single child group is that child (no screen offers one button to go on). */
export function collapse(node) {
  let n = node;
  while (!n.legal && n.children.length === 1 && !n.children[0].legal) n = n.children[0];
  return n;
}

/**
 * One screen of the picker: the choices of `node` on page `page` (PAGE at a time). Returns
 * `{choices, page, pages}`; `choices` are nodes (a leaf plays its action, a group opens).
 */
export function screen(node, page = 0) {
  const all = node.children;
  const pages = Math.max(1, Math.ceil(all.length / PAGE));
  const p = Math.max(0, Math.min(pages - 1, page));
  return { choices: all.slice(p * PAGE, (p + 1) * PAGE), page: p, pages };
}

// ---- pace of other seats' actions -----------------------------------------------------------

/** Milliseconds each other seat's action stays on screen, by speed. */
export const SPEEDS = { slow: 1400, normal: 750, fast: 300, instant: 0 };

/**
 * How long the state `next` should wait after the one before it was shown: no wait for what
 * this browser did itself or a first load; the speed's pace for another seat's (or chance's)
 * action.
 * @param {{log: Array<{actor?: any}>, mine: number[], speed: string, first: boolean}} p
 */
export function paceOf({ log, mine, speed, first }) {
  if (first || !log.length) return 0;
  const others = log.some((e) => {
    const a = e.actor;
    if (a && typeof a === 'object' && 'seat' in a) return !mine.includes(a.seat);
    return a === 'chance' ? false : a !== undefined;
  });
  return others ? SPEEDS[speed] ?? SPEEDS.normal : 0;
}

// ---- endings --------------------------------------------------------------------------------

/** `P1`, `P2`. */
export const seatLabel = (s) => `P${Number(s) + 1}`;

/**
 * A finished (or ended) match in words: headline, why, scores and key moments.
 * @param {{status: string, result?: any, ended?: string | null, seats?: any[], you?: any}} msg
 * @param {Array<{event_texts?: string[], events?: any[]}>} log
 * @param {{sides?: string[], scoreName?: string, keyEvents?: string[], reason?: string | null, eventText?: (t: string) => string}} [game]
 */
export function resultSummary(msg, log, game = {}) {
  const mine = msg.you?.seats ?? [];
  const w = msg.result?.winners ?? [];
  const name = (s) => `${seatLabel(s)}${game.sides?.[s] ? ` ${game.sides[s]}` : ''}`;
  let headline;
  if (msg.status === 'aborted' || msg.status === 'expired' || (!msg.result && msg.ended)) headline = msg.ended ?? 'The match ended before the game was over.';
  else if (!w.length) headline = 'A draw.';
  else {
    const youWon = mine.length && mine.length < (msg.seats?.length ?? 2) && w.some((s) => mine.includes(s));
    const youLost = mine.length && mine.length < (msg.seats?.length ?? 2) && !youWon;
    headline = `${w.map(name).join(' and ')} win${w.length === 1 ? 's' : ''}${youWon ? ' — you won!' : youLost ? ' — you lost.' : '.'}`;
  }
  // Why: the reason the server gives, else the log's last text that speaks of the end.
  let why = msg.result?.reason ?? game.reason ?? null;
  if (!why) {
    // The text of the game's own ending event, else the last line that speaks of the end.
    for (const e of log) (e.events ?? []).forEach((ev, i) => {
      if (ev && typeof ev === 'object' && ev.event === 'game_over' && e.event_texts?.[i]) why = e.event_texts[i];
    });
  }
  if (!why) {
    const texts = log.flatMap((e) => e.event_texts ?? []);
    why = [...texts].reverse().find((t) => /game over|wins|draw|resign/i.test(t)) ?? null;
    if (why) why = why.replace(/^now: /, '');
  }
  if (why) why = why[0].toUpperCase() + why.slice(1);
  const scores = Array.isArray(msg.result?.scores)
    ? msg.result.scores.map((v, s) => ({ seat: s, label: name(s), value: v, winner: w.includes(s) }))
    : [];
  // A view's `eventText` turns an event's text into what players read (Starcore's tiles `P2 A4`).
  const eventText = game.eventText ?? ((t) => t);
  const keys = new Set(game.keyEvents ?? ['destroyed', 'game_over', 'resigned']);
  const moments = [];
  for (const e of log) {
    (e.events ?? []).forEach((ev, i) => {
      const k = ev && typeof ev === 'object' ? ev.event : ev;
      if (keys.has(k) && k !== 'game_over' && e.event_texts?.[i]) moments.push(eventText(e.event_texts[i]));
    });
  }
  return { headline, why, scores, scoreName: game.scoreName ?? 'Score', moments: moments.slice(-6) };
}

/**
 * The create request of a rematch: the same game, scenario, hotseat and AI delay; AI seats
 * keep their agent, the seats this browser held stay here, the other people's seats open.
 * @param {{game: string, scenario?: string | null, hotseat?: boolean, ai_delay_ms?: number | null, seats: Array<{seat: number, kind: string, agent?: string | null}>}} summary
 * @param {number[]} mine
 */
export function rematchRequest(summary, mine) {
  const seats = summary.seats.map((s) => {
    if (s.kind === 'ai') return { kind: 'ai', agent: s.agent ?? 'random' };
    return mine.includes(s.seat) ? { kind: 'human' } : { kind: 'open' };
  });
  // The creator's seat is the first human one; the server hands its token back.
  /** @type {{game: string, seats: any[], hotseat: boolean, scenario?: string, ai_delay_ms?: number}} */
  const req = { game: summary.game, seats, hotseat: Boolean(summary.hotseat) && mine.length > 1 };
  if (summary.scenario) req.scenario = summary.scenario;
  if (typeof summary.ai_delay_ms === 'number') req.ai_delay_ms = summary.ai_delay_ms;
  return req;
}

/**
 * The lobby's line about a finished match: who won (from the list entry's `result`), or how it
 * ended.
 * @param {{status: string, result?: any, ended?: string | null, aborted_by?: string | null}} m
 */
export function finishedText(m) {
  if (m.result?.text) return m.result.text;
  if (m.status === 'aborted') return m.ended ?? 'Aborted';
  if (m.status === 'expired') return 'Expired';
  const w = m.result?.winners;
  if (!Array.isArray(w)) return '';
  const base = w.length ? `${w.map(seatLabel).join(' and ')} won` : 'Draw';
  const reason = m.result?.reason ? ` (${m.result.reason})` : '';
  return `${base}${reason}`;
}

// ---- turn signals ---------------------------------------------------------------------------

/** The tab title: a mark when it is this browser's turn. */
export function tabTitle(base, { myTurn, finished }) {
  if (finished) return `Game over · ${base}`;
  return myTurn ? `● Your turn · ${base}` : base;
}

// ---- how to play ----------------------------------------------------------------------------

/**
 * Reads `GET /api/games/{game}/how-to-play`: `{title, sections: [{heading, paragraphs}],
 * glossary: [{term, text}]}`. Anything else is refused with a sentence naming what and where.
 * @param {unknown} json
 * @returns {{title: string, sections: Array<{heading: string, paragraphs: string[]}>, glossary: Array<{term: string, text: string}>}}
 */
export function parseHowTo(json) {
  const o = /** @type {any} */ (json);
  const fail = (what) => {
    throw new Error(`The how-to-play document is malformed: ${what}.`);
  };
  if (!o || typeof o !== 'object') fail('it is not an object');
  if (typeof o.title !== 'string') fail('its title is not a text');
  if (!Array.isArray(o.sections)) fail('its sections are not a list');
  o.sections.forEach((s, i) => {
    if (typeof s?.heading !== 'string') fail(`section ${i + 1} has no heading`);
    if (!Array.isArray(s.paragraphs) || s.paragraphs.some((p) => typeof p !== 'string')) fail(`section ${i + 1} (${s.heading}) has paragraphs that are not texts`);
  });
  const glossary = o.glossary ?? [];
  if (!Array.isArray(glossary)) fail('its glossary is not a list');
  glossary.forEach((g, i) => {
    if (typeof g?.term !== 'string' || typeof g?.text !== 'string') fail(`glossary entry ${i + 1} needs a term and a text`);
  });
  return { title: o.title, sections: o.sections, glossary };
}

/** The glossary by term, case-insensitive. */
export function glossaryIndex(glossary) {
  const m = new Map();
  for (const g of glossary ?? []) m.set(g.term.toLowerCase(), g);
  return m;
}

/** The glossary entry for a word or name shown on screen (exact, then without a plural s). */
export function lookupTerm(index, word) {
  const k = String(word ?? '').toLowerCase().trim();
  return index.get(k) ?? index.get(k.replace(/s$/, '')) ?? null;
}

// ---- odds -----------------------------------------------------------------------------------

/** `"5/36"` → 0.1388…; `"1"` → 1; a number stays. */
export function ratio(text) {
  if (typeof text === 'number') return text;
  const [n, d] = String(text).split('/').map(Number);
  return d ? n / d : n;
}

/** A chance as a percentage: `13.9%` (three decimals below 0.1%). */
export const percent = (p) => `${(ratio(p) * 100).toFixed(ratio(p) > 0 && ratio(p) < 0.001 ? 3 : 1)}%`;

// ---- geometry -------------------------------------------------------------------------------

/** Axial hexes from `a` to `b` on a straight line (both ends included): the path a slide follows. */
export function hexLine(a, b) {
  const toCube = (h) => [h.q, h.r, -h.q - h.r];
  const [x, y] = [toCube(a), toCube(b)];
  const n = Math.max(...x.map((v, i) => Math.abs(v - y[i])));
  const out = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const c = x.map((v, k) => v + (y[k] - v) * t + 1e-6 * (k + 1));
    let [q, r, s] = c.map(Math.round);
    const [dq, dr, ds] = [Math.abs(q - c[0]), Math.abs(r - c[1]), Math.abs(s - c[2])];
    if (dq > dr && dq > ds) q = -r - s;
    else if (dr > ds) r = -q - s;
    out.push({ q, r });
  }
  return out;
}

/**
 * The winning line of a Connect Four board (rows top to bottom, `null` empty): the cells
 * `[row, col]` of every run of four or more of one seat, or [] if none.
 * @param {Array<Array<number | null>>} board
 */
export function fourInARow(board) {
  const rows = board.length;
  const cols = board[0]?.length ?? 0;
  const found = new Map();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = board[r][c];
      if (v === null || v === undefined) continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        const run = [];
        let rr = r;
        let cc = c;
        while (rr >= 0 && rr < rows && cc >= 0 && cc < cols && board[rr][cc] === v) {
          run.push([rr, cc]);
          rr += dr;
          cc += dc;
        }
        if (run.length >= 4) for (const p of run) found.set(`${p[0]},${p[1]}`, p);
      }
    }
  }
  return [...found.values()];
}

/** The cell that differs between two Connect Four boards (the disc just dropped), or null. */
export function droppedCell(before, after) {
  if (!before || !after) return null;
  for (let r = 0; r < after.length; r++) {
    for (let c = 0; c < (after[r]?.length ?? 0); c++) {
      if ((before[r]?.[c] ?? null) === null && after[r][c] !== null) return [r, c];
    }
  }
  return null;
}

/**
 * The chances a preview text gives as `P(what) fraction` (Command Core's "P(≥1) 35/36;
 * P(destroyed) 1/6"), named in words.
 * @param {string} text
 * @returns {Array<{label: string, exact: string}>}
 */
export function oddsFromText(text) {
  const out = [];
  for (const m of String(text).matchAll(/P\(([^)]+)\)\s*(\d+(?:\/\d+)?)/g)) {
    const what = m[1].trim();
    const atLeast = /^≥\s*(\d+)$/.exec(what);
    const label = atLeast ? `At least ${atLeast[1]} damage` : /destroy/i.test(what) ? 'Target destroyed' : what[0].toUpperCase() + what.slice(1);
    out.push({ label, exact: m[2] });
  }
  return out;
}
