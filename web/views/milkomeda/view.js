// Milkomeda in the browser: the sector grid (each explored card with its four corner colours in
// its rotation, its values, keywords and exploration cost; unexplored space), fleets and
// structures in each seat's colour and shape, control per sector, pan and zoom with the
// viewer's homeworld in view at the start; the panels (storage, the action display, the
// positions' directives and modules, the objectives row, turn order and the Master, a running
// score); acting by pointing (a drawn card then a sector, with a rotation preview; a fleet's
// sector then a highlighted destination; a highlighted sector to build or strike), the Master's
// round as a negotiation panel, the combat with its sealed choices and dice; the rest through
// the kit's stepwise picker.

import { h, replace, s, seatName } from '../../dom.js';
import { referenceLoader, sendAction } from '../../ui/acting.js';
import { dieFace, diceRow } from '../../ui/dice.js';
import { reducedMotion } from '../../ui/motion.js';
import { actionPicker } from '../../ui/picker.js';
import { squareBoard } from '../../ui/squareboard.js';
import { seatChip, seatGlyph, seatMarker } from '../seats.js';
import {
  RESOURCES, SHIPS, actionWords, amountsText, boardTargets, bodyOf, cardBook, combatStory, conditionText, cornerColours, coreName,
  degrees, describe, kindOf, matArrows, negotiation, orderCardText, origins, phaseText, placeable, reachableTypes, directiveMatches,
  runningScore, sealedTrack, sectorName, shipName, shipsName, spaceKey, spaceName, structureName, viewerSeat,
} from './model.js';

export const title = 'Milkomeda';
export const scoreName = 'Victory points';
export const keyEvents = ['combat_ended', 'claimed', 'structure_built'];

/** @typedef {import('../../types/milkomeda').State} State */
/** @typedef {import('../../types/milkomeda').Observation} Observation */
/** @typedef {import('../../types/milkomeda').Legal} Legal */
/** @typedef {import('../../types/milkomeda').LogEntry} LogEntry */



/**
 * The result panel's score by source (§15): sectors, structures, fleets, orange, objectives and
 * the grid bonus per player, from the final scores.
 * @param {Observation | null} obs
 * @param {number[]} winners
 */
export function scoreBreakdown(obs, winners = []) {
  if (!obs?.scores) return null;
  return {
    caption: 'Victory points by source',
    columns: ['Sectors', 'Structures', 'Fleets', 'Orange', 'Objectives', 'Grid bonus', 'Total'],
    rows: runningScore(obs).map((r) => ({
      label: `${winners.includes(r.seat) ? '★ ' : ''}${seatName(r.seat)}`, winner: winners.includes(r.seat),
      values: [r.sectors, r.structures, r.fleets, r.orange, r.objectives, r.grid_bonus, r.total],
    })),
  };
}

/** The lobby shows the setup's text preview: no map to draw before the homeworlds are dealt. */
export function miniMap() {
  return null;
}

/** @param {Observation | null} obs */
export function statusLine(obs) {
  return obs ? phaseText(obs) : '';
}

/** @param {LogEntry} entry */
export function logEntry(entry) {
  const a = /** @type {any} */ (entry.actor);
  const actor = a === 'chance' ? 'Chance' : a?.seat !== undefined ? seatName(a.seat) : '';
  const li = h('li', { 'data-index': entry.index });
  if (entry.action_text) li.append(h('strong', {}, `${actor}: ${entry.action_text}`));
  const texts = entry.event_texts ?? [];
  if (texts.length) li.append(h('ul', {}, texts.map((t) => h('li', {}, t))));
  return li;
}

const CELL = 96;
/** How many log entries after a combat its story stays in the panel. */
const RECAP = 40;
const LETTER = { blue: 'B', orange: 'O', red: 'R', green: 'G' };
const STRUCT_GLYPH = { outpost: 'O', starlance: 'S', hypergate: 'H', m_brain: 'M' };

export function createView(root, ctx) {
  const ui = {
    /** @type {State | null} */ msg: null,
    book: cardBook(null),
    /** @type {{card?: number, from?: [number, number]} | null} */ sel: null,
    /** @type {string | null} */ at: null,
    zoom: typeof window !== 'undefined' && window.innerWidth < 600 ? 0.6 : 1,
    centred: false,
    lastText: '',
    /** @type {any[]} */ log: [],
    animate: false,
    /** @type {Promise<void>[]} */ motions: [],
    /** Dice shown per combat, round and seat (a new face tumbles in once). */
    rolled: new Map(),
    combatKey: '',
    storyShown: 0,
  };
  const section = (name, label) => h('section', { class: `mk-${name}`, 'aria-label': label });
  const el = {
    map: h('div', { class: 'mk-map', tabindex: '0', 'aria-label': 'The sector grid (scroll to pan)' }),
    zoom: h('div', { class: 'buttons mk-zoom' }),
    status: h('p', { class: 'mk-status' }),
    help: h('p', { class: 'help mk-help' }),
    hand: section('hand', 'Drawn sector cards'), choice: section('choice', 'Choices at the selected sector'),
    nego: section('nego', 'The Master\'s round'), combat: section('combat', 'Combat'), actions: section('actions', 'Actions'),
    display: section('display', 'Action display'), storage: section('storage', 'Storage'), score: section('score', 'Running score'),
    positions: section('positions', 'Directives and modules'), objectives: section('objectives', 'Objectives'),
  };
  const book = () => ui.book;
  const picker = actionPicker({ onPick: (l) => act(l), describe: (l) => describe(book())(l), title: 'Other actions', id: 'mk-picker' });
  const choicePicker = actionPicker({ onPick: (l) => act(l), describe: (l) => describe(book())(l), title: 'Choose', id: 'mk-choice-picker' });
  el.actions.append(picker.el);
  const side = h('div', { class: 'mk-side' }, el.status, el.help, el.hand, el.choice, el.nego, el.combat, el.actions, el.display, el.storage, el.score);
  root.append(h('div', { class: 'mk' }, h('div', { class: 'mk-board' }, el.zoom, el.map), ctx.side ? null : side, h('div', { class: 'mk-rows' }, el.positions, el.objectives)));
  ctx.side?.append(side);

  const obs = () => /** @type {Observation | undefined} */ (ui.msg?.observation);
  const legal = () => /** @type {Legal[]} */ (ctx.readOnly ? [] : ui.msg?.legal ?? []);

  // A missing reference leaves an empty book: cards then read by their number.
  const loadBook = referenceLoader(ctx, (reference) => { ui.book = cardBook(reference); render(); });

  async function act(l) {
    ui.sel = null;
    ui.at = null;
    await sendAction(ctx, l);
    render();
  }

  // ---- the map --------------------------------------------------------------------------

  function tileGroup(t, box) {
    const o = obs();
    const g = s('g', { class: ['mk-tile', t.control !== null ? `side-${t.control}` : 'uncontrolled'], 'data-space': spaceKey(t.space) });
    const { x, y, size } = box;
    const info = 'card' in t.sector ? book().sectors.get(t.sector.card) : null;
    const name = 'card' in t.sector ? sectorName(book(), t.sector.card) : `${seatName(t.sector.homeworld)}'s homeworld`;
    g.append(s('rect', { x: x + 1, y: y + 1, width: size - 2, height: size - 2, rx: 6, class: 'mk-card' }));
    // The four corners in the card's rotation: colour, letter, and the card's value in it.
    const cols = cornerColours(t.rotation);
    const c = size * 0.26;
    const pts = [[x, y, 1, 1], [x + size, y, -1, 1], [x + size, y + size, -1, -1], [x, y + size, 1, -1]];
    cols.forEach((col, i) => {
      const [px, py, dx, dy] = pts[i];
      g.append(s('path', { d: `M${px} ${py} L${px + dx * c} ${py} L${px} ${py + dy * c} Z`, class: `mk-corner res-${col}` }));
      const v = info ? info.values[RESOURCES.indexOf(col)] : 0;
      g.append(s('text', { x: px + dx * c * 0.33, y: py + dy * c * 0.33 + 3, class: 'mk-corner-text', 'text-anchor': 'middle', text: `${LETTER[col]}${v ? v : ''}` }));
    });
    g.append(s('text', { x: x + size / 2, y: y + size * 0.2, class: 'mk-name', 'text-anchor': 'middle', text: name.replace(/'s homeworld$/, ' home') }));
    if (info) {
      g.append(s('text', { x: x + size / 2, y: y + size * 0.33, class: 'mk-kw', 'text-anchor': 'middle', text: `${info.keywords.slice(0, 2).join(' · ')}${info.keywords.length > 2 ? ` +${info.keywords.length - 2}` : ''}` }));
      g.append(s('text', { x: x + size / 2, y: y + size - 5, class: 'mk-cost', 'text-anchor': 'middle', text: `cost ${info.cost}G` }));
    }
    // Control: the controller's marker at the top right of the name.
    if (t.control !== null) g.append(seatMarker(t.control, x + size * 0.5, y + size * 0.45, 5, 'marker mk-control'));
    // Fleets: each seat's marker with its count.
    let fx = x + size * 0.2;
    t.fleets.forEach((k, seat) => {
      if (!k) return;
      g.append(seatMarker(seat, fx, y + size * 0.64, 7, 'marker mk-fleet'));
      g.append(s('text', { x: fx, y: y + size * 0.64 + 3.5, class: 'mk-fleet-n', 'text-anchor': 'middle', text: String(k) }));
      fx += size * 0.22;
    });
    // Structures: a letter on the owner's shape.
    let sx = x + size * 0.2;
    for (const p of o?.structures ?? []) {
      if (spaceKey(p.space) !== spaceKey(t.space)) continue;
      g.append(seatMarker(p.owner, sx, y + size * 0.82, 6, `marker mk-structure${p.active ? '' : ' inactive'}`));
      g.append(s('text', { x: sx, y: y + size * 0.82 + 3, class: 'mk-structure-l', 'text-anchor': 'middle', text: STRUCT_GLYPH[p.structure] }));
      sx += size * 0.2;
    }
    const fl = t.fleets.map((k, i) => (k ? `${seatName(i)} ${k} fleet${k === 1 ? '' : 's'}` : null)).filter(Boolean).join(', ');
    const st = (o?.structures ?? []).filter((p) => spaceKey(p.space) === spaceKey(t.space)).map((p) => `${seatName(p.owner)}'s ${structureName(p.structure)}${p.active ? '' : ' (active next turn)'}`).join(', ');
    const tip = `${name} at ${spaceName(t.space)}, turned ${degrees(t.rotation)}. Corners: ${cols.map((col, i) => `${['top left', 'top right', 'bottom right', 'bottom left'][i]} ${col}`).join(', ')}.`
      + (info ? ` Income ${amountsText(info.values)}; exploration cost ${info.cost} green; ${info.keywords.join(', ')}.` : '')
      + ` ${t.control !== null ? `Controlled by ${seatName(t.control)}` : 'Controlled by no one'}.${fl ? ` Fleets: ${fl}.` : ''}${st ? ` Structures: ${st}.` : ''}`;
    g.append(s('title', { text: tip }));
    g.setAttribute('aria-label', tip);
    return g;
  }

  function drawMap() {
    const o = obs();
    if (!o) return;
    const ls = legal();
    const targets = boardTargets(ls, ui.sel);
    const from = origins(ls);
    const tiles = new Map(o.tiles.map((t) => [spaceKey(t.space), t]));
    const { svg, box } = squareBoard({
      cols: o.grid.columns, rows: o.grid.rows, size: CELL, gap: 4, label: 'The sector grid', cls: 'mk-grid',
      cell: (cx, cy, box) => {
        const key = `${cx},${cy}`;
        const t = tiles.get(key);
        const out = [];
        if (t) out.push(tileGroup(t, box));
        else out.push(s('rect', { x: box.x + 2, y: box.y + 2, width: box.size - 4, height: box.size - 4, rx: 6, class: 'mk-space', 'data-space': key }));
        const act = targets.get(key);
        const isFrom = !ui.sel?.from && from.has(key);
        const chosen = ui.at === key || (ui.sel?.from && spaceKey(ui.sel.from) === key);
        if (act || isFrom || chosen) {
          const label = act ? `${spaceName([cx, cy])}: ${act.length === 1 ? actionWords(act[0].action, book()) : `${act.length} choices`}` : isFrom ? `Fleets at ${spaceName([cx, cy])}: choose where they go` : spaceName([cx, cy]);
          const r = s('rect', {
            x: box.x + 1, y: box.y + 1, width: box.size - 2, height: box.size - 2, rx: 6,
            class: ['mk-target', act ? 'dest' : '', isFrom ? 'origin' : '', chosen ? 'chosen' : ''], 'data-space': key,
            role: 'button', tabindex: '0', 'aria-label': label,
          });
          r.append(s('title', { text: label }));
          const go = () => onSpace([cx, cy], act ?? null, isFrom);
          r.addEventListener('click', go);
          r.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } });
          out.push(r);
        }
        return out;
      },
    });
    // Where a public directive matches for the player to act: a ring on the point where the
    // four cards meet (the top-left corner of the space `point` names).
    for (const m of directiveMatches(o, book())) {
      const b = box(m.point[0], m.point[1]);
      const ring = s('circle', { cx: b.x - 2, cy: b.y - 2, r: 13, class: 'mk-match', 'data-point': m.key, role: 'img', 'aria-label': m.label });
      ring.append(s('title', { text: m.label }));
      svg.append(ring);
    }
    svg.style.width = `${Math.round(o.grid.columns * (CELL + 4) * ui.zoom)}px`;
    replace(el.map, svg);
    replace(el.zoom,
      h('button', { type: 'button', 'data-zoom': 'out', 'aria-label': 'Zoom out', onclick: () => zoom(ui.zoom / 1.25) }, '−'),
      h('button', { type: 'button', 'data-zoom': 'in', 'aria-label': 'Zoom in', onclick: () => zoom(ui.zoom * 1.25) }, '+'),
      h('button', { type: 'button', 'data-zoom': 'home', onclick: () => centreHome() }, viewerSeat(o) === null ? 'P1\'s homeworld' : 'My homeworld'),
      legend());
    if (!ui.centred) {
      ui.centred = true;
      requestAnimationFrame(centreHome);
    }
  }

  function legend() {
    const o = obs();
    return h('span', { class: 'mk-legend' }, (o?.storage ?? []).map((_, i) => h('span', { class: 'mk-legend-seat' }, seatChip(i), `${seatGlyph(i)} ${seatName(i)}`)),
      h('span', { class: 'muted' }, ' · corners B blue, O orange, R red, G green (with the card\'s value) · O Outpost, S Starlance, H Hypergate, M M-Brain'));
  }

  function zoom(z) {
    ui.zoom = Math.min(2.5, Math.max(0.4, z));
    drawMap();
  }

  function centreHome() {
    const o = obs();
    if (!o) return;
    const me = viewerSeat(o) ?? 0;
    const home = o.tiles.find((t) => 'homeworld' in t.sector && t.sector.homeworld === me);
    if (!home) return;
    const unit = (CELL + 4) * ui.zoom;
    el.map.scrollLeft = Math.max(0, home.space[0] * unit - el.map.clientWidth / 2 + unit / 2);
    el.map.scrollTop = Math.max(0, home.space[1] * unit - el.map.clientHeight / 2 + unit / 2);
  }

  function onSpace(space, acts, isFrom) {
    if (isFrom && !acts) {
      ui.sel = { from: space };
      ui.at = null;
    } else if (acts && acts.length === 1 && kindOf(acts[0].action) !== 'place') {
      act(acts[0]);
      return;
    } else if (acts) {
      ui.at = spaceKey(space);
    }
    render();
  }

  // ---- panels ---------------------------------------------------------------------------

  function drawHand() {
    const o = obs();
    const ls = legal();
    const drawn = o?.setup?.hand ?? (o?.turn?.stage.kind === 'explore' ? /** @type {any} */ (o.turn.stage).hand : []) ?? [];
    const can = placeable(ls);
    if (!drawn.length) { replace(el.hand); return; }
    replace(el.hand, h('h3', {}, 'Drawn sector cards'), h('div', { class: 'mk-hand-cards' }, drawn.map((d) => {
      const info = book().sectors.get(d.card);
      const on = ui.sel?.card === d.card;
      const txt = info ? `Income ${amountsText(info.values)} · cost ${info.cost} green · ${info.keywords.join(', ')}` : '';
      return h('button', {
        type: 'button', class: ['mk-drawn', on ? 'selected' : '', can.has(d.card) ? 'playable' : ''], 'aria-pressed': String(on), disabled: !can.has(d.card),
        'data-card': String(d.card), onclick: () => { ui.sel = on ? null : { card: d.card }; ui.at = null; render(); },
      }, h('strong', {}, sectorName(book(), d.card)), h('small', {}, txt),
        can.has(d.card) || !ls.length ? null : h('small', { class: 'muted' }, 'Cannot be placed now: its cost or no free space next to the probes.'));
    })));
  }

  /** A small picture of a card turned `rotation`: its corners coloured, for the rotation preview. */
  function preview(card, rotation) {
    const info = book().sectors.get(card);
    const svg = s('svg', { viewBox: '0 0 60 60', class: 'mk-preview', 'aria-hidden': 'true' });
    svg.append(s('rect', { x: 1, y: 1, width: 58, height: 58, rx: 5, class: 'mk-card' }));
    const pts = [[0, 0, 1, 1], [60, 0, -1, 1], [60, 60, -1, -1], [0, 60, 1, -1]];
    cornerColours(rotation).forEach((col, i) => {
      const [px, py, dx, dy] = pts[i];
      svg.append(s('path', { d: `M${px} ${py} L${px + dx * 22} ${py} L${px} ${py + dy * 22} Z`, class: `mk-corner res-${col}` }));
      const v = info ? info.values[RESOURCES.indexOf(col)] : 0;
      svg.append(s('text', { x: px + dx * 7, y: py + dy * 7 + 3, class: 'mk-corner-text', 'text-anchor': 'middle', text: `${LETTER[col]}${v || ''}` }));
    });
    return svg;
  }

  function drawChoice() {
    const ls = legal();
    if (!ui.at) { replace(el.choice); choicePicker.update([]); return; }
    const acts = boardTargets(ls, ui.sel).get(ui.at) ?? [];
    if (!acts.length) { ui.at = null; replace(el.choice); choicePicker.update([]); return; }
    const [cx, cy] = ui.at.split(',').map(Number);
    const cancel = h('button', { type: 'button', 'data-action': 'cancel', onclick: () => { ui.at = null; render(); } }, 'Cancel');
    if (kindOf(acts[0].action) === 'place') {
      const card = bodyOf(acts[0].action).card;
      replace(el.choice, h('h3', {}, `${sectorName(book(), card)} at ${spaceName([cx, cy])}: choose how it is turned`),
        h('div', { class: 'buttons mk-rotations' }, acts.map((l) => {
          const r = bodyOf(l.action).rotation;
          return h('button', { type: 'button', class: 'mk-rotation', 'data-rotation': r, 'aria-label': actionWords(l.action, book()), onclick: () => act(l) }, preview(card, r), h('span', {}, degrees(r)));
        })), h('p', { class: 'muted' }, `Placing pays its exploration cost: ${book().sectors.get(card)?.cost ?? '?'} green (you hold ${obs()?.storage[viewerSeat(obs()) ?? 0]?.[3] ?? 0}).`), cancel);
      choicePicker.update([]);
      return;
    }
    replace(el.choice, h('h3', {}, `At ${spaceName([cx, cy])}`), choicePicker.el, cancel);
    choicePicker.update(acts);
  }

  function drawNegotiation() {
    const o = obs();
    const ord = o?.orders;
    if (!ord) { replace(el.nego); return; }
    const ng = negotiation(legal());
    const master = seatName(ord.master);
    const parts = [h('h3', {}, `The Master's round: ${master} is the Master`)];
    parts.push(h('p', {}, `Drawn order cards (public): ${ord.drawn.length ? ord.drawn.map(orderCardText).join(', ') : 'none yet'}${ord.face_down ? `; ${ord.face_down} face down` : ''}.`));
    if (ord.proposal.length) parts.push(h('p', {}, `Proposed (not binding): ${ord.proposal.map((p) => `${orderCardText(p.card)} to ${seatName(p.seat)}`).join(', ')}.`));
    if (ord.given.length) parts.push(h('p', {}, `Given: ${ord.given.map((p) => `${orderCardText(p.card)} to ${seatName(p.seat)}`).join(', ')}.`));
    if (ord.refresh) parts.push(h('p', {}, `Refresh chosen: ${/** @type {any} */ (ord.refresh).kind} at position ${ord.refresh.position}.`));
    parts.push(h('h4', {}, 'Offers and bribes'));
    const lines = [
      ...ord.offers.map((of) => h('li', { class: `side-${of.payer}` }, seatChip(of.payer), `${seatName(of.payer)} offers ${amountsText(of.terms.payment)} ${conditionText(of.terms.condition)} (open)`)),
      ...ord.transfers.map((t) => h('li', { class: `side-${t.payer}` }, seatChip(t.payer), `${seatName(t.payer)} paid ${amountsText(t.payment)}${t.note ? ` ${conditionText(t.note).replace(/^if I get/, 'for').replace(/^if the Master refreshes/, 'for refreshing')}` : ''}`)),
    ];
    parts.push(lines.length ? h('ul', { class: 'mk-offers' }, lines) : h('p', { class: 'muted' }, 'No offers yet.'));
    if (ord.bribe.some((x) => x > 0)) parts.push(h('p', { class: 'mk-bribe' }, `Bribe being built: ${amountsText(ord.bribe)}.`));
    if (ng.open) {
      const mine = o.storage[viewerSeat(o) ?? 0];
      parts.push(h('div', { class: 'mk-nego-build' },
        h('h4', {}, 'Your offer: 1. what you pay'),
        h('div', { class: 'buttons' }, RESOURCES.map((r, i) => {
          const l = ng.add.get(r);
          return h('button', { type: 'button', class: `res-${r}`, 'data-action': `add-${r}`, disabled: !l, onclick: () => l && act(l) }, `+1 ${r} (${ord.bribe[i]} of ${mine?.[i] ?? 0})`);
        })),
        h('h4', {}, '2. on what condition'),
        ng.conditions.length ? negoPicker.el : h('p', { class: 'muted' }, 'Add something to pay first.'),
        h('div', { class: 'buttons' },
          ng.transfer ? h('button', { type: 'button', 'data-action': 'transfer', onclick: () => act(ng.transfer) }, 'Pay with no condition') : null,
          ng.withdraw ? h('button', { type: 'button', 'data-action': 'withdraw', onclick: () => act(ng.withdraw) }, 'Withdraw my offer') : null,
          ng.keep ? h('button', { type: 'button', 'data-action': 'keep', onclick: () => act(ng.keep) }, ord.bribe.some((x) => x > 0) ? 'Drop it and offer nothing' : 'Offer nothing')
            : null)));
    }
    negoPicker.update(ng.conditions);
    replace(el.nego, ...parts);
  }
  const negoPicker = actionPicker({ onPick: (l) => act(l), describe: (l) => describe(book())(l), title: 'Condition', id: 'mk-condition' });

  /** The battle mat: the five ship types as a pentagon, the arrows from the reference (§10). */
  function battleMat(c) {
    const b = book();
    const arrows = matArrows(b);
    const mat = s('svg', { viewBox: '0 0 220 200', class: 'mk-mat', role: 'img', 'aria-label': `The battle mat: ${[...b.ships.values()].map((t) => `${t.name} attacks ${t.counters.map((i) => shipsName(b, i, 2)).join(' and ')}`).join('; ') || 'loading the ship types'}` });
    mat.append(s('defs', {}, s('marker', { id: 'mk-head', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto' }, s('path', { d: 'M0 0 L10 5 L0 10 Z' }))));
    const P = SHIPS.map((_, i) => [110 + 72 * Math.sin((2 * Math.PI * i) / 5), 100 - 72 * Math.cos((2 * Math.PI * i) / 5)]);
    const R = 17;
    const me = viewerSeat(obs());
    const mine = c && me !== null ? reachableTypes(b, c.rosters, me) : [];
    for (const { from, to } of arrows) {
      const [x1, y1] = P[from];
      const [x2, y2] = P[to];
      const d = Math.hypot(x2 - x1, y2 - y1);
      const [ux, uy] = [(x2 - x1) / d, (y2 - y1) / d];
      // Active: a ship of mine on the origin and an enemy on the target.
      const active = c && me !== null && (c.rosters[me]?.[from] ?? 0) > 0 && mine.includes(to);
      mat.append(s('line', {
        x1: x1 + ux * R, y1: y1 + uy * R, x2: x2 - ux * (R + 2), y2: y2 - uy * (R + 2),
        class: ['mk-arrow', active ? 'active' : ''], 'marker-end': 'url(#mk-head)', 'data-from': String(from), 'data-to': String(to),
      }, s('title', { text: `${shipName(b, from)} attacks ${shipsName(b, to, 2)}` })));
    }
    P.forEach(([x, y], i) => {
      const g = s('g', { class: 'mk-node-g', 'data-ship': String(i) });
      g.append(s('circle', { cx: x, cy: y, r: R, class: 'mk-node' }));
      g.append(s('text', { x, y: y + 4, 'text-anchor': 'middle', class: 'mk-node-l', text: b.ships.get(i)?.short ?? SHIPS[i].split(' ').map((w) => w[0]).join('') }));
      // Each seat's ships on the node: its marker (colour and shape) and count, marks as ✕.
      const here = (c?.rosters ?? []).map((r, seat) => [seat, r?.[i] ?? 0]).filter(([, k]) => k > 0);
      here.forEach(([seat, k], j) => {
        const mx = x - ((here.length - 1) * 13) / 2 + j * 13;
        const my = y + (y > 100 ? 27 : -27);
        const marks = c?.marked?.[seat]?.[i] ?? 0;
        const t = s('g', { class: ['mk-node-seat', `side-${seat}`, marks ? 'marked' : ''], 'data-seat': String(seat), 'data-count': String(k), 'data-marked': String(marks) });
        t.append(seatMarker(seat, mx, my, 6, 'marker'));
        t.append(s('text', { x: mx, y: my + 3, 'text-anchor': 'middle', class: 'mk-fleet-n', text: String(k) }));
        if (marks) t.append(s('text', { x: mx + 7, y: my - 5, class: 'mk-mark', text: `✕${marks > 1 ? marks : ''}` }));
        t.append(s('title', { text: `${seatName(seat)}: ${k} ${shipsName(b, i, k)}${marks ? `, ${marks} marked` : ''}` }));
        g.append(t);
      });
      mat.append(g);
    });
    return mat;
  }

  /** The stages of a combat round, the current one marked. */
  function stageStrip(c) {
    const st = c.stage.kind;
    const stages = [['configure', 'Configure (sealed)'], ['reveal', 'Reveal'], ['roll', 'Dice'], ['allocate', 'Allocate hits (sealed)'], ['mark', 'Mark'], ['casualties', 'Casualties']];
    return h('ol', { class: 'mk-stages', 'aria-label': 'Combat steps' }, stages.map(([k, label]) => h('li', { class: k === st ? 'now' : '', 'data-stage': k, 'aria-current': k === st ? 'step' : null }, label)));
  }

  function drawCombat() {
    const o = obs();
    const c = o?.combat;
    const story = combatStory(ui.log, book());
    // After a combat: its story stays while the state it left is fresh (until my next action).
    if (!c && !(story?.over && ui.log.length - story.endAt <= RECAP)) { replace(el.combat); ui.storyShown = 0; return; }
    const key = String(story?.steps[0]?.index ?? '');
    if (key !== ui.combatKey) { ui.combatKey = key; ui.storyShown = 0; }
    const me = viewerSeat(o);
    const parts = [];
    if (c) {
      parts.push(h('h3', {}, `Combat at ${spaceName(c.sector)}: ${seatName(c.attacker)} attacks (round ${c.round + 1})`));
      parts.push(stageStrip(c));
      parts.push(h('p', {}, `Fleets in: ${c.fleets_in.map((k, i) => (k ? `${seatName(i)} ${k}` : null)).filter(Boolean).join(', ')}.`));
      parts.push(battleMat(c));
      parts.push(h('p', { class: 'muted mk-mat-key' }, [...book().ships.values()].map((t) => `${t.short} ${t.name}`).join(' · ') || SHIPS.join(' · '), '. An arrow points from a type at the types it attacks; bold arrows are yours that reach an enemy.'));
      // Behind the screen: my roster card while I seal, the others' state.
      const sealing = c.stage.kind === 'configure' || c.stage.kind === 'allocate';
      if (sealing) {
        const track = sealedTrack(o, ui.log, me, book());
        const owe = me !== null && c.owing.includes(me);
        if (c.own_sealed && me !== null && c.fleets_in[me] > 0) {
          const what = c.stage.kind === 'configure' ? 'Your fleet roster card: how many of your ships fly as each type' : 'Your roster card: how many of your hits go to each enemy type';
          parts.push(h('div', { class: 'mk-screen', 'data-sealed': c.stage.kind },
            h('h4', {}, `Behind your screen — ${what}`),
            h('table', { class: 'mk-table mk-roster' }, h('tbody', {}, c.own_sealed.map((k, i) => h('tr', { class: i === track && owe ? 'now' : '' },
              h('th', {}, shipName(book(), i)), h('td', {}, i === track && owe ? '…' : String(k)))))),
            owe ? h('p', { class: 'help' }, track === null ? 'Choose the next value.' : c.stage.kind === 'configure' ? `How many ${shipsName(book(), track, 2)}? (the last type takes the rest)` : `How many hits on enemy ${shipsName(book(), track, 2)}? (the last reachable type takes the rest)`) : h('p', { class: 'muted' }, 'Sealed. The others see only that you have chosen.'),
            owe ? rosterPicker.el : null));
          rosterTrack = track;
          rosterPicker.update(owe ? legal().filter((l) => ['ships', 'hits'].includes(kindOf(l.action))) : []);
        } else rosterPicker.update([]);
        parts.push(h('p', { class: 'mk-owing' }, c.owing.length ? `Behind their screens, still choosing: ${c.owing.map(seatName).join(', ')}.` : 'Everyone has chosen.'));
      } else rosterPicker.update([]);
      if (c.faces.some((f) => f.length)) {
        parts.push(h('h4', {}, 'Dice (a 5 or 6 hits)'));
        c.faces.forEach((f, seat) => {
          if (!f.length) return;
          const key = `${ui.combatKey}:${c.round}:${seat}`;
          const fresh = ui.animate && ui.rolled.get(key) !== f.length;
          ui.rolled.set(key, f.length);
          parts.push(h('div', { class: 'mk-dice', 'data-seat': String(seat) }, h('span', {}, seatChip(seat), `${seatName(seat)}: ${c.hits[seat] ?? 0} hit${c.hits[seat] === 1 ? '' : 's'} `),
            diceRow(f.map((p) => dieFace({ cls: p >= 5 ? 'hit' : 'miss', label: `${p}${p >= 5 ? ', a hit' : ''}`, text: String(p) })), { roll: fresh })));
        });
      }
      if (c.allocations.length) parts.push(h('p', { class: 'mk-allocs' }, `Hits allocated: ${c.allocations.map((r, seat) => `${seatName(seat)} ${r.map((k, i) => (k ? `${k} on ${shipsName(book(), i, 2)}` : null)).filter(Boolean).join(', ') || 'none'}`).join('; ')}.`));
    } else {
      rosterPicker.update([]);
      parts.push(h('h3', {}, `Last combat${story.sector ? ` at ${spaceName(story.sector)}` : ''}`));
    }
    // The combat so far, step by step; new steps come in with motion.
    if (story) {
      const shown = ui.storyShown ?? 0;
      const list = h('ol', { class: 'mk-story', 'aria-label': 'The combat step by step' }, story.steps.map((st, i) => h('li', { class: [`story-${st.kind}`, st.seat !== null ? `side-${st.seat}` : '', i >= shown && ui.animate ? 'fresh' : ''], 'data-kind': st.kind }, st.seat !== null ? seatChip(st.seat) : null, st.text)));
      parts.push(h('h4', {}, 'Step by step'), list);
      ui.storyShown = story.steps.length;
    }
    replace(el.combat, ...parts);
    // Motion: each new step slides in after the one before; the dice tumble (diceRow).
    if (ui.animate && !reducedMotion()) {
      const before = ui.motions.length;
      el.combat.querySelectorAll('.mk-story li.fresh').forEach((li, i) => {
        ui.motions.push(li.animate([{ opacity: 0, translate: '-12px 0' }, { opacity: 1, translate: '0 0' }], { duration: 320, delay: i * 260, easing: 'ease-out', fill: 'backwards' }).finished.catch(() => {}));
      });
      el.combat.querySelectorAll('.mk-node-seat.marked').forEach((g) => {
        ui.motions.push(g.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: 360, easing: 'ease-out' }).finished.catch(() => {}));
      });
      for (const d of el.combat.querySelectorAll('.die-face')) for (const a of d.getAnimations?.() ?? []) ui.motions.push(a.finished.then(() => {}, () => {}));
      // For tests: how many combat animations ran so far.
      el.combat.dataset.motions = String(Number(el.combat.dataset.motions ?? 0) + ui.motions.length - before);
    }
  }
  let rosterTrack = null;
  const rosterPicker = actionPicker({ onPick: (l) => act(l), describe: (l) => describe(book(), rosterTrack)(l), title: 'Your choice', id: 'mk-roster' });

  function drawDisplay() {
    const o = obs();
    if (!o) return;
    const last = ui.lastText ?? '';
    const orderLine = o.order.length ? o.order.map((s_, i) => `${i + 1}. ${seatName(s_)}${o.cards?.[s_] ? ` (${orderCardText(o.cards[s_])})` : ''}`).join(', ') : 'not set yet';
    replace(el.display, h('h3', {}, 'Action display'),
      h('p', {}, `Round ${o.round}. Turn order: ${orderLine}.${o.orders ? ` Master: ${seatName(o.orders.master)}.` : ''}`),
      h('p', {}, `Last action: ${last || 'none yet'}.`),
      h('p', {}, `Markers: ${o.markers.map((m, i) => `${seatName(i)} ${m ? coreName(m) : '—'}`).join(', ')}.`),
      o.turn ? h('p', {}, `Now: ${phaseText(o)}${o.turn.main ? `; main action ${coreName(o.turn.main)}` : ''}${o.turn.module ? `; module ${coreName(o.turn.module)}` : ''}.`) : null,
      h('p', { class: 'muted' }, `Sector cards left in the deck: ${o.deck_left}.`));
    const me = viewerSeat(o);
    /** A seat's civilization by name, its ability in a tip (hover, focus, tap). */
    const civLabel = (i) => {
      const civ = book().civilizations.get(i);
      return civ ? h('small', { class: 'term mk-civ', 'data-tip': `${civ.name}: ${civ.text}`, tabindex: '0' }, civ.name) : null;
    };
    replace(el.storage, h('h3', {}, 'Storage'), h('table', { class: 'mk-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Player'), RESOURCES.map((r) => h('th', { class: `res-${r}` }, r)))),
      h('tbody', {}, o.storage.map((st, i) => h('tr', { class: [`side-${i}`, i === me ? 'mine' : ''] }, h('th', {}, seatChip(i), `${seatName(i)}${i === me ? ' (you)' : ''}`, civLabel(i)), st.map((v) => h('td', {}, String(v))))))));
    const sc = runningScore(o);
    replace(el.score, h('h3', {}, o.scores ? 'Final score' : 'Running score'), h('table', { class: 'mk-table' },
      h('thead', {}, h('tr', {}, ['Player', 'Sectors', 'Structures', 'Fleets', 'Orange', 'Objectives', 'Grid', 'Total'].map((t) => h('th', {}, t)))),
      h('tbody', {}, sc.map((r) => h('tr', { class: `side-${r.seat}` }, h('th', {}, seatChip(r.seat), seatName(r.seat)),
        [r.sectors, r.structures, r.fleets, r.orange, r.objectives, r.grid_bonus, r.total].map((v) => h('td', {}, String(v))))))),
      o.scores ? null : h('p', { class: 'muted' }, 'So far, from what everyone sees; the grid bonus is scored at the end.'));
    replace(el.positions, h('h3', {}, 'Directives and modules'), h('div', { class: 'mk-pos-row' }, o.positions.map((p) => {
      const d = p.directive ? book().directives.get(p.directive.card) : null;
      const m = p.module ? book().modules.get(p.module.card) : null;
      return h('div', { class: 'mk-pos', 'data-position': String(p.position) }, h('strong', {}, `Position ${p.position}`),
        h('p', {}, h('em', {}, d?.name ?? (p.directive ? 'Directive' : 'No directive')), d ? ` — ${d.text}` : ''),
        p.matches?.length ? h('p', { class: 'mk-pos-match' }, `Matches for ${seatName(o.turn?.seat ?? 0)} at ${p.matches.length} ${p.matches.length === 1 ? 'point' : 'points'} (ringed on the map).`) : null,
        h('p', {}, h('em', {}, m?.name ?? (p.module ? 'Module' : 'No module')), m ? ` — ${m.text} Cost ${m.stats.find((x) => x[0] === 'Cost')?.[1] ?? ''}.` : ''));
    })));
    replace(el.objectives, h('h3', {}, 'Objectives'), h('div', { class: 'mk-pos-row' }, o.objectives.map((ob, i) => {
      const info = book().objectives.get(ob.card);
      return h('div', { class: 'mk-obj' }, h('strong', {}, `${i + 1}. ${info?.name ?? 'Objective'}`),
        h('p', {}, info?.stats.find((x) => x[0] === 'Measures')?.[1] ?? ''),
        h('ul', {}, ob.slots.map((sl) => h('li', { class: sl.holder !== null ? `side-${sl.holder}` : '' }, `${sl.threshold} → ${sl.points} VP: `, sl.holder !== null ? h('span', {}, seatChip(sl.holder), `claimed by ${seatName(sl.holder)}`) : 'open'))));
    })));
  }

  function drawHelp() {
    const o = obs();
    const ls = legal();
    el.status.textContent = o ? phaseText(o) : '';
    let help = '';
    if (ctx.readOnly || !ls.length) help = o?.ended ? '' : 'Waiting for another player.';
    else if (placeable(ls).size) help = ui.sel?.card !== undefined ? 'Click a highlighted space to place the card, then choose how it is turned.' : 'Choose a drawn card, then a highlighted space.';
    else if (ls.some((l) => kindOf(l.action) === 'probe')) help = 'Click a highlighted sector to send a probe from it, or draw below.';
    else if (origins(ls).size) help = ui.sel?.from ? 'Click a highlighted sector to send fleets there (or the origin again to cancel).' : 'Click a sector with your fleets (highlighted), then a destination.';
    else if (ls.some((l) => ['build_structure', 'attack_structure'].includes(kindOf(l.action)))) help = 'Click a highlighted sector, or choose below.';
    else if (negotiation(ls).open) help = 'Build your offer in the Master\'s round panel: what you pay, then the condition.';
    el.help.textContent = help;
  }

  function drawPicker() {
    const ng = negotiation(legal());
    // The negotiation panel holds the bribe's steps; the picker the rest (pointing's choices too, for the keyboard).
    // The roster card holds the sealed steps.
    const sealed = obs()?.combat?.own_sealed ? ['ships', 'hits'] : [];
    picker.update(legal().filter((l) => !(ng.open && ['add_bribe', 'offer', 'transfer', 'keep', 'withdraw'].includes(kindOf(l.action))) && !sealed.includes(kindOf(l.action))));
  }

  function render() {
    if (!ui.msg) return;
    drawMap();
    drawHand();
    drawChoice();
    drawNegotiation();
    drawCombat();
    drawDisplay();
    drawHelp();
    drawPicker();
  }

  return {
    update(msg, log, { animate = false } = {}) {
      const fresh = ui.msg?.version !== msg.version;
      ui.msg = msg;
      ui.log = log ?? msg.log ?? [];
      ui.animate = animate && fresh;
      ui.motions = [];
      if (fresh) { ui.sel = null; ui.at = null; }
      const entries = log ?? msg.log ?? [];
      const lastWithAction = [...entries].reverse().find((e) => e.action_text && e.actor !== 'chance');
      if (lastWithAction) {
        const a = /** @type {any} */ (lastWithAction.actor);
        const act_ = lastWithAction.action;
        const sealed = act_ && ['ships', 'hits'].includes(kindOf(act_));
        ui.lastText = `${a?.seat !== undefined ? `${seatName(a.seat)}: ` : ''}${sealed ? 'a sealed choice' : act_ ? actionWords(act_, ui.book) : lastWithAction.action_text}`;
      }
      loadBook(msg);
      render();
      ui.animate = false;
      return ui.motions.length ? Promise.all(ui.motions).then(() => {}) : undefined;
    },
    status: () => '',
    destroy() {
      root.replaceChildren();
    },
  };
}
