// Starcore in the browser: the two 8×3 grids facing each other across their A rows, cards as
// readable tiles (name, DMG/HP/DEF, keywords with their text, damage marked, links between linked
// faces, networks outlined, a Module's host named), the hand as cards (playable ones marked),
// the piles, the response stack, and acting by pointing: a card then a highlighted tile, a card
// on the board then a highlighted destination or target (the attack box shown, the exact odds
// before confirming). Everything else through the kit's stepwise picker.

import { api } from '../../api.js';
import { h, replace } from '../../dom.js';
import { card, cardGrid, hand, stackList } from '../../ui/cards.js';
import { referenceLoader, sendAction } from '../../ui/acting.js';
import { actionPicker } from '../../ui/picker.js';
import { chance, oddsBox, oddsTable } from '../../ui/odds.js';
import { reducedMotion } from '../../ui/motion.js';
import { deckBrowserButton, deckSummary } from '../../ui/decks.js';
import {
  abilitiesAt, actionLabel, actionSentence, allDecks, costShort, attackOdds, bodyOf, boxTiles, cardBook, cardName, damageFromPreview, describe, drawnSide, endReasonText,
  frameEffect, frameTitle, hasKeyword, hpOf, indexLegal, keywordIcon, keywordTitle, kindOf, leftStack, outcomeText, parseTile, passLabel, perspective,
  phaseText, relabel, resourcesText, rowsDrawn, sectorOf, seatLabel, selectionTargets, setupDecks, tileName, tileOf, zoneOf,
} from './model.js';

export const title = 'Starcore';
export const scoreName = 'Commander HP left';
export const keyEvents = ['destroyed', 'countered', 'fizzled'];

/** @typedef {import('../../types/starcore').State} State */
/** @typedef {import('../../types/starcore').Observation} Observation */
/** @typedef {import('../../types/starcore').Legal} Legal */
/** @typedef {import('../../types/starcore').LogEntry} LogEntry */
/** @typedef {import('../../types/starcore').PieceView} PieceView */

/**
 * The lobby's preview of a setup: its two decks side by side, each with its faction, Commander
 * and cost curve.
 */
export function miniMap(scenario) {
  const decks = setupDecks(scenario);
  if (!decks.length) return null;
  return h('span', { class: 'sc-setup', 'aria-label': `The two decks of ${scenario.title}` },
    decks.map((d, i) => h('span', { class: `sc-setup-deck side-${i}` }, h('small', {}, seatLabel(i)), deckSummary(d))));
}

/** The deck browser's decks: every deck of every setup the server offers (from its list of games). */
async function loadAllDecks() {
  const g = await api.game('starcore');
  return allDecks(g?.scenarios ?? []);
}

/** The lobby's and the match's button opening the deck browser. */
export const extraButtons = (id) => [deckBrowserButton('Starcore decks', loadAllDecks, id)];

/** @param {Observation | null} obs */
export function statusLine(obs) {
  if (!obs) return '';
  const p = /** @type {any} */ (obs.phase);
  if (p?.phase === 'over') return `Game over: ${p.winner === null ? 'a draw' : `${seatLabel(p.winner)} wins`}${endReasonText(p.reason) ? ` (${endReasonText(p.reason)})` : ''}`;
  const turn = obs.turn ? `Turn ${obs.turn}, ${seatLabel(obs.active)}'s · ` : '';
  return `${turn}${phaseText(obs)}${obs.responder !== null && obs.responder !== undefined && obs.stack?.length ? ` · ${seatLabel(obs.responder)} may respond` : ''}`;
}

/** An action's text from the server (the hint panel's suggestions and expected line) as a sentence. */
export const actionText = actionSentence;

/** A text of the game's events (the result panel's key moments) with its tiles as players read them. */
export const eventText = relabel;

/** @param {LogEntry} entry */
export function logEntry(entry) {
  const actor = entry.actor === 'chance' ? 'Chance' : /** @type {any} */ (entry.actor)?.seat !== undefined ? seatLabel(/** @type {any} */ (entry.actor).seat) : '';
  const li = h('li', { 'data-index': entry.index });
  if (entry.action_text) li.append(h('strong', {}, `${actor}: ${actionSentence(entry.action_text)}`));
  const texts = entry.event_texts ?? [];
  if (texts.length) li.append(h('ul', {}, texts.map((t, i) => h('li', { class: entry.events?.[i]?.event ? `ev-${entry.events[i].event}` : null }, relabel(t)))));
  return li;
}



export function createView(root, ctx) {
  const ui = {
    /** @type {State | null} */ msg: null,
    /** @type {LogEntry[]} */ log: [],
    book: new Map(),
    /** @type {{type: 'hand', card: number} | {type: 'tile', tile: string, ability?: number | null} | null} */ sel: null,
    /** @type {{l: Legal, text: string | null, loading: boolean} | null} */ confirm: null,
    /** @type {Legal[] | null} */ choices: null,
    /** The frames that left the stack with the last state shown, top first, titled from the state before. */
    /** @type {Array<{title: string, text: string, owner: number, outcome: string}>} */ left: [],
  };
  const el = {
    board: h('div', { class: 'sc-board-wrap' }),
    hand: h('section', { class: 'sc-hand', 'aria-label': 'Your hand' }),
    status: h('p', { class: 'sc-status' }),
    help: h('p', { class: 'help sc-help' }),
    mulligan: h('section', { class: 'sc-mulligan', 'aria-label': 'Mulligan' }),
    confirm: h('section', { class: 'sc-confirm-slot', 'aria-label': 'Confirm' }),
    selection: h('section', { class: 'sc-selection', 'aria-label': 'Selected card' }),
    stack: h('section', { class: 'sc-stack', 'aria-label': 'Stack' }),
    pass: h('div', { class: 'buttons sc-pass' }),
    actions: h('section', { class: 'sc-actions', 'aria-label': 'Actions' }),
  };
  const side = h('div', { class: 'sc-side' }, el.status, el.help, el.mulligan, el.confirm, el.stack, el.pass, el.selection, el.actions);
  root.append(h('div', { class: 'sc' }, el.board, el.hand, ctx.side ? null : side));
  ctx.side?.append(side);

  const obs = () => /** @type {Observation | undefined} */ (ui.msg?.observation);
  const pieceAt = (tile) => obs()?.board?.find((p) => p.tile === tile);
  const viewerSeat = () => {
    const v = /** @type {any} */ (obs()?.viewer);
    return v && typeof v === 'object' && 'seat' in v ? v.seat : null;
  };
  const name = (c) => cardName(ui.book, c);

  const loadBook = referenceLoader(ctx, (reference) => {
    if (reference) ui.book = cardBook(reference);
    render();
  });

  async function act(l) {
    ui.sel = null;
    ui.choices = null;
    ui.confirm = null;
    await sendAction(ctx, l);
    render();
  }

  // ---- pointing -------------------------------------------------------------------------

  /** What the current selection can do on each tile: tile → the legal actions there. */
  const targetsOfSelection = (ix) => selectionTargets(ix, ui.sel);

  /** An ability of the selected card chosen from its button: used at once, or its targets highlighted. */
  function onAbility(a) {
    if (ui.sel?.type !== 'tile') return;
    ui.confirm = null;
    if (a.how === 'now') {
      act(a.actions[0]);
      return;
    }
    if (a.how === 'choose') {
      ui.sel = { type: 'tile', tile: ui.sel.tile, ability: a.ability };
      ui.choices = a.actions;
      render();
      return;
    }
    ui.choices = null;
    ui.sel = { type: 'tile', tile: ui.sel.tile, ability: a.ability };
    render();
    ctx.announce?.(`${a.text} Choose one of the ${a.tiles.size} highlighted tiles.`);
    /** @type {HTMLElement | null} */ (el.board.querySelector('.sc-aim button, .sc-aim .card'))?.focus();
  }

  function onTile(tile, ix) {
    const here = targetsOfSelection(ix).get(tile) ?? [];
    if (here.length === 1) {
      choose(here[0]);
      return;
    }
    if (here.length > 1) {
      ui.choices = here;
      render();
      /** @type {HTMLElement | null} */ (el.selection.querySelector('button[data-choice]'))?.focus();
      return;
    }
    const p = pieceAt(tile);
    ui.choices = null;
    ui.confirm = null;
    // Clicking the card whose ability is being aimed goes back to the card; clicking it again clears.
    const same = ui.sel?.type === 'tile' && ui.sel.tile === tile;
    const aiming = ui.sel?.type === 'tile' && ui.sel.ability !== null && ui.sel.ability !== undefined;
    ui.sel = p && (!same || aiming) ? { type: 'tile', tile } : null;
    render();
  }

  function onHandCard(c) {
    ui.choices = null;
    ui.confirm = null;
    ui.sel = ui.sel?.type === 'hand' && ui.sel.card === c ? null : { type: 'hand', card: c };
    render();
  }

  /** An action chosen by pointing or from the picker: attacks are confirmed with their odds first. */
  function choose(l) {
    if (kindOf(l.action) === 'attack') confirmAttack(l);
    else act(l);
  }

  // ---- the attack confirmation ------------------------------------------------------------

  async function confirmAttack(l) {
    const b = bodyOf(l.action);
    ui.sel = { type: 'tile', tile: b.from };
    ui.choices = null;
    ui.confirm = { l, text: null, loading: true };
    render();
    let text = null;
    try {
      text = (await ctx.preview?.(l.action, l.seat))?.text ?? null;
    } catch (e) {
      text = null;
      ctx.announce?.(`No preview: ${e.message}`, true);
    }
    if (ui.confirm?.l !== l) return;
    ui.confirm = { l, text, loading: false };
    render();
    /** @type {HTMLElement | null} */ (el.confirm.querySelector('[data-action="confirm-attack"]'))?.focus();
  }

  function renderConfirm(ix) {
    const c = ui.confirm;
    if (c && !ix.all.some((l) => JSON.stringify(l.action) === JSON.stringify(c.l.action))) ui.confirm = null;
    if (!ui.confirm || ctx.readOnly) {
      replace(el.confirm);
      el.confirm.hidden = true;
      return;
    }
    el.confirm.hidden = false;
    const { l, text, loading } = ui.confirm;
    const b = bodyOf(l.action);
    const att = pieceAt(b.from);
    const tgt = pieceAt(b.target);
    const dmg = damageFromPreview(text) ?? att?.dmg ?? 0;
    const pierce = hasKeyword(att, 'pierce');
    const odds = attackOdds(dmg, tgt?.def ?? 0, tgt?.shield ?? 0, pierce);
    const cancel = () => {
      ui.confirm = null;
      render();
    };
    const [left] = hpOf(tgt);
    const box = h('div', { class: 'attack-confirm sc-confirm', role: 'dialog', 'aria-label': 'Confirm the attack' },
      h('h2', {}, `Attack ${tgt ? name(tgt.card) : 'the card'} on ${tileName(b.target)} with ${att ? name(att.card) : 'your card'}?`),
      loading ? h('p', { class: 'muted' }, 'Computing the odds…') : oddsBox([
        h('p', {}, `2d12 against ${10 + (tgt?.def ?? 0)} (10 + DEF ${tgt?.def ?? 0}); doubles always hit as a critical, for double damage. ${dmg} damage, ${dmg * 2} on a critical${tgt?.shield && !pierce ? `; its ${tgt.shield} Shield points absorb first` : ''}${pierce ? '; Pierce ignores Shield' : ''}. The target has ${left} HP left.`),
        chance('Hit', odds.hit, true),
        chance('Critical hit', odds.critical),
        oddsTable('HP damage dealt', odds.distribution, { outcome: 'HP damage' }),
        h('p', {}, `Expected HP damage: ${odds.expected.toFixed(2)}`),
      ]),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', class: 'primary', 'data-action': 'confirm-attack', disabled: loading, onclick: () => act(l) }, 'Confirm attack'),
        h('button', { type: 'button', 'data-action': 'cancel-attack', onclick: cancel }, 'Cancel')));
    box.addEventListener('keydown', (e) => { if (e.key === 'Escape') cancel(); });
    replace(el.confirm, box);
  }

  // ---- the board --------------------------------------------------------------------------

  /** A card as a readable tile. */
  function tileCard(p, ix, o) {
    const c = ui.book.get(p.card);
    const [left, max] = hpOf(p);
    const kws = (p.keywords ?? []).map(keywordTitle);
    const host = p.host ? pieceAt(p.host) : null;
    const mine = !ctx.readOnly && ix.from.has(p.tile);
    /** @type {Array<[string, string | number]>} */
    const stats = [];
    if (p.dmg || c?.stats.has('DMG')) stats.push(['DMG', p.dmg]);
    stats.push(['HP', `${left}/${max}`]);
    stats.push(['DEF', p.def]);
    if (p.shield) stats.push(['Shield', p.shield]);
    const extra = [
      kws.length ? h('span', { class: 'sc-keywords' }, kws.map((k, i) => h('span', { class: 'sc-kw', 'data-term': k.title }, h('span', { class: 'sc-kw-icon', 'aria-hidden': 'true' }, keywordIcon((p.keywords ?? [])[i])), h('span', { class: 'sc-kw-text' }, ` ${k.text}`)))) : null,
      left < max ? h('span', { class: 'sc-damage', 'aria-label': `${max - left} damage taken` }, `✸ ${max - left} damage`) : null,
      p.host ? h('span', { class: 'sc-host' }, `Module of ${host ? name(host.card) : 'its host'} (${tileName(p.host, false)})`) : null,
      ...(o.board ?? []).filter((m) => m.host === p.tile).map((m) => h('span', { class: 'sc-carries', 'data-module': m.tile }, `⊕ ${name(m.card)} (Module on ${tileName(m.tile, false)})`)),
      p.moved || p.attacked ? h('span', { class: 'sc-spent' }, [p.moved ? 'moved' : '', p.attacked ? 'attacked' : ''].filter(Boolean).join(', ')) : null,
    ];
    return {
      title: c?.name ?? 'Card',
      kind: c?.kind ?? null,
      cost: c?.stats.get('Cost') !== undefined ? costShort(c.stats.get('Cost')) : null,
      text: c ? [...c.text].join(' ') : null,
      stats,
      owner: p.owner,
      key: `tile-${p.tile}`,
      selected: ui.sel?.type === 'tile' && ui.sel.tile === p.tile,
      cls: [mine ? 'can-act' : '', left < max ? 'damaged' : ''],
      label: `${c?.name ?? 'Card'}${c?.kind ? ` (${c.kind})` : ''} of ${seatLabel(p.owner)} on ${tileName(p.tile)}: HP ${left} of ${max}, DMG ${p.dmg}, DEF ${p.def}${kws.length ? `, ${kws.map((k) => k.text).join(', ')}` : ''}${mine ? ', can act' : ''}`,
      extra,
      onPick: () => onTile(p.tile, ix),
    };
  }

  function grid(o, ix, owner, position, persp, marks) {
    const rows = rowsDrawn(position);
    const cells = [];
    for (const p of o.board ?? []) {
      const t = parseTile(p.tile);
      if (!t || t.owner !== owner) continue;
      cells.push({ col: persp.lanes.indexOf(t.lane), row: rows.indexOf(t.row), card: tileCard(p, ix, o) });
    }
    const g = cardGrid(cells, {
      label: `${seatLabel(owner)}'s grid${owner === viewerSeat() ? ' (yours)' : ''}`,
      rowLabels: rows,
      colLabels: persp.lanes.map(String),
      cell: (col, r) => {
        const tile = tileOf(owner, rows[r], persp.lanes[col]);
        const cls = [];
        const acts = marks.targets.get(tile);
        if (acts) cls.push(acts.some((l) => kindOf(l.action) === 'attack') ? 'sc-target' : acts.some((l) => kindOf(l.action) === 'activate') ? 'sc-aim' : 'sc-dest');
        if (marks.box.has(tile)) cls.push('sc-box');
        for (const side of marks.links.get(tile) ?? []) cls.push(`link-${side}`);
        for (const side of marks.mods.get(tile) ?? []) cls.push('sc-mod', `sc-mod-${side}`);
        const net = marks.nets.get(tile);
        if (net !== undefined) cls.push('sc-net', `sc-net-${net % 4}`);
        const empty = !pieceAt(tile);
        return {
          cls,
          attrs: { 'data-tile': tile, 'data-zone': zoneOf(persp.lanes[col]), 'data-sector': sectorOf(rows[r], persp.lanes[col]) },
          pick: acts && empty ? { key: `tile-${tile}`, label: acts.length === 1 ? actionLabel(acts[0], o, ui.book) : `${tileName(tile)}: ${acts.length} choices`, onPick: () => onTile(tile, ix) } : null,
        };
      },
    });
    // Lane numbers on both outer edges of the board: the bottom grid repeats them under its back row.
    const head = g.querySelector('.card-grid-cols');
    if (position === 'bottom' && head) {
      const foot = /** @type {HTMLElement} */ (head.cloneNode(true));
      foot.classList.add('sc-lanes-foot');
      foot.setAttribute('aria-hidden', 'true');
      foot.querySelectorAll('[role]').forEach((e) => e.removeAttribute('role'));
      foot.removeAttribute('role');
      g.append(foot);
    }
    return g;
  }

  /** A side's strip: hand (backs for the other side), deck, Scrapyard, Void, pool and networks. */
  function strip(o, seat) {
    const pl = o.players?.[seat];
    if (!pl) return null;
    const pile = (label, cards) => h('details', { class: 'sc-pile', 'data-pile': label.toLowerCase() },
      h('summary', { 'data-term': label }, `${label} ${cards.length}`),
      cards.length ? h('ol', {}, cards.map((c) => h('li', { 'data-tip': `${name(c)}: ${(ui.book.get(c)?.text ?? []).join(' ')}`, tabindex: '0' }, name(c)))) : h('p', { class: 'muted' }, 'Empty.'));
    const you = seat === viewerSeat();
    const backs = !you || !pl.hand ? h('div', { class: 'sc-backs', 'aria-label': `${seatLabel(seat)}'s hand: ${pl.hand_count} cards, face down` },
      Array.from({ length: pl.hand_count }, () => card({ title: '', faceDown: true }))) : null;
    return h('div', { class: `sc-strip side-${seat}`, 'data-seat': String(seat) },
      h('strong', {}, `${seatLabel(seat)}${you ? ' (you)' : ''}`),
      h('span', { class: 'sc-count', 'data-term': 'Pool' }, `Pool: ${resourcesText(pl.pool)}`),
      h('span', { class: 'sc-count' }, `Hand ${pl.hand_count}`),
      h('span', { class: 'sc-count', 'data-count': 'deck' }, `Deck ${pl.deck_count}`),
      pile('Scrapyard', pl.scrapyard ?? []), pile('Void', pl.void ?? []),
      (pl.networks ?? []).length ? h('ul', { class: 'sc-networks', 'aria-label': `${seatLabel(seat)}'s networks` }, pl.networks.map(([tiles, out], i) => h('li', { class: `sc-net-key sc-net-${i % 4}` },
        `Network ${i + 1}: ${tiles.length} card${tiles.length === 1 ? '' : 's'} (${tiles.map((t) => tileName(t, false)).join(', ')}), makes ${resourcesText(out)} a turn`))) : null,
      backs);
  }

  function renderBoard(o, ix) {
    const persp = perspective(viewerSeat());
    const targets = targetsOfSelection(ctx.readOnly ? indexLegal([]) : ix);
    // The attack box of the selected card: the tiles its Range × Width reaches from its lane.
    let box = new Set();
    const sp = ui.sel?.type === 'tile' ? pieceAt(ui.sel.tile) : null;
    const sc = sp ? ui.book.get(sp.card) : null;
    const aimingAbility = ui.sel?.type === 'tile' && ui.sel.ability !== null && ui.sel.ability !== undefined;
    if (sp && !aimingAbility && sc?.stats.has('Range') && sc?.stats.has('Width')) box = boxTiles(sc.stats.get('Range'), sc.stats.get('Width'), parseTile(sp.tile)?.lane ?? 1);
    const links = new Map();
    for (const [a, b] of o.links ?? []) {
      const sa = drawnSide(a, b, persp);
      const sb = drawnSide(b, a, persp);
      if (sa) links.set(a, [...(links.get(a) ?? []), sa]);
      if (sb) links.set(b, [...(links.get(b) ?? []), sb]);
      // Across the divider (the two A rows): each side of the pair is marked toward the other.
      if (!sa && parseTile(a)?.row === 'A' && parseTile(b)?.row === 'A') {
        links.set(a, [...(links.get(a) ?? []), parseTile(a)?.owner === persp.top ? 'down' : 'up']);
        links.set(b, [...(links.get(b) ?? []), parseTile(b)?.owner === persp.top ? 'down' : 'up']);
      }
    }
    const nets = new Map();
    for (const pl of o.players ?? []) (pl.networks ?? []).forEach(([tiles], i) => { if (tiles.length > 1) for (const t of tiles) nets.set(t, i); });
    // A Module is drawn on its host's face: the host's edge toward it is banded.
    const mods = new Map();
    for (const p of o.board ?? []) {
      const side = p.host ? drawnSide(p.host, p.tile, persp) : null;
      if (side) mods.set(p.host, [...(mods.get(p.host) ?? []), side]);
    }
    const marks = { targets, box, links, nets, mods };
    const zones = h('div', { class: 'sc-divider', 'aria-label': 'The front rows meet here' },
      h('span', {}, persp.lanes[0] <= 4 ? 'Zone 1 (lanes 1–4) · sectors S1, S3' : 'Zone 2 (lanes 5–8) · sectors S2, S4'),
      h('span', { class: 'sc-divider-mark', 'aria-hidden': 'true' }, '⇅ front rows A meet ⇅'),
      h('span', {}, persp.lanes[0] <= 4 ? 'Zone 2 (lanes 5–8) · sectors S2, S4' : 'Zone 1 (lanes 1–4) · sectors S1, S3'));
    replace(el.board,
      strip(o, persp.top),
      h('div', { class: 'sc-grid sc-grid-top' }, grid(o, ix, persp.top, 'top', persp, marks)),
      zones,
      h('div', { class: 'sc-grid sc-grid-bottom' }, grid(o, ix, persp.bottom, 'bottom', persp, marks)),
      strip(o, persp.bottom),
      h('p', { class: 'muted sc-legend' }, `Rows are lettered from each owner's side: A is the front row, C the back. S1/S2 are rows A–B and S3/S4 row C. ${box.size ? 'Shaded tiles: the attack box of the selected card. ' : ''}Bars between cards are links; a dashed outline groups a network; a thick amber edge is the face a Module serves.`));
  }

  function renderHand(o, ix) {
    const me = viewerSeat();
    const pl = me !== null ? o.players?.[me] : null;
    if (!pl?.hand) {
      replace(el.hand);
      el.hand.hidden = true;
      return;
    }
    el.hand.hidden = false;
    const counts = new Map();
    const cards = pl.hand.map((c) => {
      const n = (counts.get(c) ?? 0) + 1;
      counts.set(c, n);
      const e = ui.book.get(c);
      const playable = !ctx.readOnly && ix.hand.has(c);
      return {
        title: e?.name ?? 'Card', kind: e?.kind ?? null, cost: e ? costShort(e.stats.get('Cost')) : null,
        text: e ? e.text.join(' ') : null,
        stats: e ? ['DMG', 'HP', 'DEF', 'Output'].filter((k) => e.stats.has(k)).map((k) => [k, e.stats.get(k)]) : [],
        key: `hand-${c}-${n}`,
        cls: [playable ? 'playable' : 'unplayable'],
        selected: ui.sel?.type === 'hand' && ui.sel.card === c,
        label: `${e?.name ?? 'Card'}, costs ${e?.stats.get('Cost') ?? '?'}${playable ? ', playable now' : ''}`,
        extra: [playable ? h('span', { class: 'sc-playable' }, '▲ playable') : null],
        onPick: ctx.readOnly ? null : () => onHandCard(c),
      };
    });
    replace(el.hand, h('h2', {}, `Your hand (${pl.hand.length})`), hand(cards.map((c) => c), { label: 'Your hand' }));
  }

  // ---- the panels -------------------------------------------------------------------------

  function renderMulligan(o, ix) {
    const p = /** @type {any} */ (o.phase);
    if (p?.phase !== 'mulligan') {
      replace(el.mulligan);
      el.mulligan.hidden = true;
      return;
    }
    el.mulligan.hidden = false;
    const me = viewerSeat();
    const keep = ix.kinds.get('keep')?.[0];
    const mull = ix.kinds.get('mulligan')?.[0];
    const others = (o.players ?? []).map((pl, s) => (s === me ? null : `${seatLabel(s)} ${pl.mulligan_committed ? 'has chosen' : 'is choosing'}`)).filter(Boolean);
    const mine = me !== null ? o.players?.[me] : null;
    replace(el.mulligan,
      h('h2', {}, 'Opening hand'),
      keep || mull ? h('p', {}, 'Keep these eight cards, or shuffle them back and draw eight new ones? Your choice is sealed: nobody sees it until both players have chosen.')
        : mine?.mulligan_committed ? h('p', { 'data-key': 'mulligan-sealed' }, `Your choice is sealed (${mine.mulligan_choice ? 'mulligan' : 'keep'}). Both choices are revealed together.`) : null,
      h('p', { class: 'muted' }, others.join(' · ')),
      h('div', { class: 'buttons' },
        keep ? h('button', { type: 'button', class: 'primary', 'data-action': 'keep', onclick: () => act(keep) }, 'Keep this hand') : null,
        mull ? h('button', { type: 'button', 'data-action': 'mulligan', onclick: () => act(mull) }, 'Mulligan') : null));
  }

  function renderStack(o, ix) {
    const st = o.stack ?? [];
    if (!st.length && !ui.left.length) {
      replace(el.stack);
      el.stack.hidden = true;
      return;
    }
    el.stack.hidden = false;
    const items = st.map((f) => ({ title: frameTitle(f, o, ui.book), text: frameEffect(f, ui.book), owner: /** @type {any} */ (f).seat })).reverse();
    const me = o.responder !== null && o.responder !== undefined && ix.pass ? o.responder : null;
    const responses = ix.all.filter((l) => kindOf(l.action) !== 'pass');
    // What just left the stack, top first, each with how it left (stepped in with motion).
    const left = ui.left.length ? h('section', { class: 'sc-left', 'aria-label': 'Just left the stack' },
      h('h3', {}, 'Just left the stack'),
      h('ol', {}, ui.left.map((f, i) => h('li', { class: `sc-left-${f.outcome} side-${f.owner}`, 'data-outcome': f.outcome, 'data-step': String(i) },
        h('strong', {}, `${outcomeText(f.outcome)}: `), f.title)))) : null;
    replace(el.stack, left, st.length ? stackList(items, { label: 'Stack (resolves from the top)' }) : null,
      me !== null ? h('p', { class: 'sc-respond' }, responses.length
        ? `You may respond: ${responses.length} response${responses.length === 1 ? '' : 's'} (cards marked playable in your hand, or the list below), or pass to let the top resolve.`
        : 'You have no response: pass to let the top resolve.')
        : o.responder !== null && o.responder !== undefined && st.length ? h('p', { class: 'muted' }, `${seatLabel(o.responder)} may respond or pass.`) : null);
  }

  /**
   * The frames that left the stack, one after another: each steps in (from the stack's top
   * position, highlighted) and settles, and so does the log entry that says how it left.
   * Skipped under reduced motion; the end state is drawn either way.
   */
  function stepStack(fresh) {
    if (reducedMotion() || !ui.left.length) return [];
    const STEP = 420;
    const runs = [];
    el.stack.querySelectorAll('.sc-left li').forEach((li, i) => {
      if (!('animate' in li)) return;
      runs.push(li.animate([{ opacity: 0, translate: '0 -0.8rem', background: '#fff3bf' }, { opacity: 1, translate: '0 0', background: '#fff3bf', offset: 0.5 }, { opacity: 1, translate: '0 0' }],
        { duration: STEP, delay: i * STEP, easing: 'ease-out', fill: 'backwards' }).finished.catch(() => {}));
    });
    // The log entries of the same steps: drawn by the match page right after this update.
    const steps = fresh.filter((e) => (e.events ?? []).some((ev) => ['passed', 'fizzled', 'countered', 'entered', 'rolled', 'scrapped'].includes(/** @type {any} */ (ev).event)));
    runs.push(new Promise((resolve) => requestAnimationFrame(() => {
      const mark = steps.map((e, i) => {
        const li = document.querySelector(`#log li[data-index="${CSS.escape(String(e.index))}"]`);
        if (!li || !('animate' in li)) return null;
        li.classList.add('sc-log-step');
        return li.animate([{ background: '#fff3bf' }, { background: 'transparent' }], { duration: STEP, delay: i * (STEP / 2), fill: 'backwards' }).finished.catch(() => {});
      });
      Promise.all(mark).then(() => resolve(undefined));
    })));
    return runs;
  }

  function renderPass(o, ix) {
    const l = ctx.readOnly ? null : ix.pass;
    replace(el.pass, l ? h('button', { type: 'button', class: 'primary', 'data-action': 'pass', onclick: () => act(l) }, passLabel(o)) : null);
  }

  /** The selected card: its text, and its choices that are not on a tile (a lane, a stack frame, no aim, a host face). */
  function renderSelection(o, ix) {
    const s = ui.sel;
    if (!s && !ui.choices) {
      replace(el.selection);
      el.selection.hidden = true;
      return;
    }
    el.selection.hidden = false;
    let head = null;
    let options = [];
    if (s?.type === 'hand') {
      const e = ui.book.get(s.card);
      head = card({ title: e?.name ?? 'Card', kind: e?.kind, cost: e ? costShort(e.stats.get('Cost')) : null, text: e?.text.join(' '), stats: e ? [...e.stats].filter(([k]) => k !== 'Cost').map(([k, v]) => [k, v]) : [], key: 'sel-card' });
      const ls = ix.hand.get(s.card) ?? [];
      options = ls.filter((l) => {
        const aim = bodyOf(l.action).aim;
        return kindOf(l.action) === 'play' && !(aim && typeof aim === 'object' && 'tile' in aim);
      });
      if (!ls.length && !ctx.readOnly) head = h('div', {}, head, h('p', { class: 'muted' }, 'Not playable now (its cost, the step or the tiles do not allow it).'));
      else if (ls.some((l) => kindOf(l.action) === 'deploy' || bodyOf(l.action).aim?.tile)) head = h('div', {}, head, h('p', { class: 'help' }, 'Click a highlighted tile to place it.'));
    } else if (s?.type === 'tile') {
      const p = pieceAt(s.tile);
      if (p) {
        const e = ui.book.get(p.card);
        head = h('div', {}, card({ ...tileCard(p, ix, o), onPick: null, key: 'sel-card', selected: false }),
          e?.text?.length ? h('ul', { class: 'sc-card-text' }, e.text.map((t) => h('li', {}, t))) : null);
        const ls = ix.from.get(s.tile) ?? [];
        const abilities = ctx.readOnly ? [] : abilitiesAt(ix, s.tile, ui.book, p.card);
        const aiming = abilities.find((a) => a.ability === s.ability);
        if (aiming) {
          head.append(h('p', { class: 'help sc-aiming', 'data-key': 'aiming' }, aiming.how === 'point'
            ? `${aiming.text} Click one of the ${aiming.tiles.size} highlighted tile${aiming.tiles.size === 1 ? '' : 's'} (ringed in purple) to aim it.`
            : `${aiming.text} Choose below.`),
          h('div', { class: 'buttons' }, h('button', { type: 'button', 'data-action': 'cancel-ability', onclick: () => { ui.sel = { type: 'tile', tile: s.tile }; ui.choices = null; render(); } }, 'Back to the card')));
        } else {
          const moves = ls.filter((l) => kindOf(l.action) === 'move').length;
          const attacks = ls.filter((l) => kindOf(l.action) === 'attack').length;
          const hints = [moves ? `${moves} destination${moves === 1 ? '' : 's'} highlighted` : '', attacks ? `${attacks} target${attacks === 1 ? '' : 's'} ringed in red inside the shaded attack box` : ''].filter(Boolean);
          if (hints.length) head.append(h('p', { class: 'help' }, `${hints.join('; ')}: click one.`));
          if (abilities.length) {
            head.append(h('div', { class: 'sc-abilities', role: 'group', 'aria-label': 'Abilities of this card' },
              h('h3', {}, abilities.length === 1 ? 'Its ability' : 'Its abilities'),
              abilities.map((a) => h('button', { type: 'button', 'data-action': 'ability', 'data-ability': String(a.ability), 'data-key': `ability-${a.ability}`, onclick: () => onAbility(a) },
                `${a.how === 'point' ? 'Aim' : 'Use'}: ${a.text}`))));
          }
        }
      }
    }
    if (ui.choices) options = ui.choices;
    const shown = options.slice(0, 24);
    replace(el.selection, h('h2', {}, ui.choices ? 'Choose' : 'Selected'), head,
      shown.length ? h('div', { class: 'buttons wrap' }, shown.map((l) => h('button', { type: 'button', 'data-choice': '1', 'data-action': l.text, onclick: () => choose(l) }, actionLabel(l, o, ui.book).replace(/^Deploy .*?, serving/, 'Serving')))) : null,
      options.length > shown.length ? h('p', { class: 'muted' }, `${options.length - shown.length} more in the actions below.`) : null,
      h('div', { class: 'buttons' }, h('button', { type: 'button', 'data-action': 'deselect', onclick: () => { ui.sel = null; ui.choices = null; ui.confirm = null; render(); } }, 'Clear selection')));
  }

  const picker = actionPicker({
    title: 'All actions, step by step',
    id: 'sc-picker',
    onPick: (l) => choose(l),
    describe: (l) => describe(l, obs(), ui.book),
  });

  function renderActions(ix) {
    const legal = ix.all.filter((l) => !['pass', 'keep', 'mulligan'].includes(kindOf(l.action)));
    if (ctx.readOnly || !legal.length) {
      replace(el.actions);
      el.actions.hidden = true;
      return;
    }
    el.actions.hidden = false;
    if (!el.actions.contains(picker.el)) replace(el.actions, picker.el);
    picker.update(legal);
  }

  function helpText(o, ix) {
    if (ctx.readOnly) return '';
    if (ix.kinds.has('place_commander')) return 'Place your Commander: click a highlighted tile of your grid.';
    if (ix.kinds.has('keep')) return '';
    if (!ix.all.length) return /** @type {any} */ (o.phase)?.phase === 'over' ? '' : 'Waiting for the other side…';
    const step = /** @type {any} */ (o.phase)?.step;
    if (o.stack?.length) return 'Something waits on the stack: respond with a playable card, or pass.';
    if (ui.sel?.type === 'tile' && ui.sel.ability !== null && ui.sel.ability !== undefined) return 'Aim the ability: click a highlighted tile.';

    if (step === 'orders') return 'Orders: click one of your cards, then a highlighted tile to move it. Pass ends the step.';
    if (step === 'build') return 'Build: click a card in your hand marked playable, then a highlighted tile. Pass ends the step.';
    if (step === 'combat') return 'Combat: click one of your cards: its attack box is shaded and its targets ringed; click a target to see the odds.';
    return '';
  }

  function render() {
    const o = obs();
    if (!o || !ui.msg) return;
    const active = document.activeElement;
    const focusKey = root.contains(active) || side.contains(active) ? active?.getAttribute?.('data-key') : null;
    const ix = indexLegal(ctx.readOnly ? [] : ui.msg.legal ?? []);
    if (ui.sel?.type === 'tile' && !pieceAt(ui.sel.tile)) ui.sel = null;
    // An ability no longer usable (paid, or the step ended): back to its card.
    if (ui.sel?.type === 'tile' && ui.sel.ability !== null && ui.sel.ability !== undefined && !(ix.from.get(ui.sel.tile) ?? []).some((l) => kindOf(l.action) === 'activate' && bodyOf(l.action).ability === /** @type {any} */ (ui.sel).ability)) ui.sel = { type: 'tile', tile: ui.sel.tile };
    if (ui.sel?.type === 'hand' && !(o.players?.[viewerSeat() ?? -1]?.hand ?? []).includes(ui.sel.card)) ui.sel = null;
    if (ui.choices && !ui.choices.every((c) => ix.all.some((l) => JSON.stringify(l.action) === JSON.stringify(c.action)))) ui.choices = null;
    el.status.textContent = statusLine(o);
    el.help.textContent = helpText(o, ix);
    el.help.hidden = !el.help.textContent;
    renderBoard(o, ix);
    renderHand(o, ix);
    renderMulligan(o, ix);
    renderConfirm(ix);
    renderStack(o, ix);
    renderPass(o, ix);
    renderSelection(o, ix);
    renderActions(ix);
    if (focusKey) /** @type {HTMLElement | undefined} */ ([root, side].map((r) => r.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)).find(Boolean))?.focus?.();
  }

  /** Moves slide from their old tile, entering cards grow in, damaged cards shake; frames leave the stack step by step. */
  function animate(fresh) {
    if (reducedMotion()) return null;
    const runs = stepStack(fresh);
    const cellOf = (tile) => el.board.querySelector(`[data-tile="${CSS.escape(tile)}"]`);
    for (const e of fresh) {
      for (const ev of /** @type {any[]} */ (e.events ?? [])) {
        if (ev.event === 'moved') {
          const from = cellOf(ev.from);
          const to = cellOf(ev.to);
          const c = to?.querySelector('.card');
          if (!from || !to || !c || !('animate' in c)) continue;
          const a = from.getBoundingClientRect();
          const b = to.getBoundingClientRect();
          runs.push(c.animate([{ translate: `${a.left - b.left}px ${a.top - b.top}px` }, { translate: '0 0' }], { duration: 320, easing: 'ease-in-out' }).finished.catch(() => {}));
        } else if (ev.event === 'entered') {
          const c = cellOf(ev.tile)?.querySelector('.card');
          if (c && 'animate' in c) runs.push(c.animate([{ transform: 'scale(.6)', opacity: 0 }, { transform: 'scale(1)', opacity: 1 }], { duration: 280, easing: 'ease-out' }).finished.catch(() => {}));
        } else if (ev.event === 'damaged') {
          const c = cellOf(ev.tile)?.querySelector('.card');
          if (c && 'animate' in c) runs.push(c.animate([{ translate: '0 0' }, { translate: '-4px 0' }, { translate: '4px 0' }, { translate: '0 0' }], { duration: 260 }).finished.catch(() => {}));
        }
      }
    }
    return runs.length ? Promise.all(runs) : null;
  }

  return {
    /**
     * @param {State} msg
     * @param {LogEntry[]} log
     */
    update(msg, log, opts) {
      const prevLen = ui.log.length;
      const before = obs();
      ui.log = log ?? [];
      // The frames that left the stack since the state shown before (none after a reload or a jump back).
      const fresh = prevLen && ui.log.length > prevLen ? ui.log.slice(prevLen) : [];
      ui.left = fresh.length ? leftStack(before, /** @type {Observation | undefined} */ (msg?.observation), fresh.flatMap((e) => e.events ?? []))
        .map((l) => ({ title: frameTitle(l.frame, before, ui.book), text: frameEffect(l.frame, ui.book), owner: /** @type {any} */ (l.frame).seat, outcome: l.outcome })) : [];
      ui.msg = msg;
      loadBook(msg);
      render();
      return opts?.animate && ui.log.length > prevLen ? animate(ui.log.slice(prevLen)) : null;
    },
    status: () => statusLine(obs() ?? null),
    destroy() {
      root.replaceChildren();
      side.remove();
    },
  };
}
