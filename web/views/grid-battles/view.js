// Grid Battles in the browser: map, unit roster, phase controls, attack confirmation with exact
// odds, and dice. Everything the player may do comes from the server's list of legal actions.

import { h, replace, seatName } from '../../dom.js';
import { drawBoard } from './board.js';
import { attackConfirm, diceRoll, unitCard } from './panel.js';
import { normalize } from './model.js';
import { legend, rosterTables } from './roster.js';
import { axialCenter, code, toOffset } from '../../ui/hexboard.js';
import { actionPicker } from '../../ui/picker.js';
import { playSteps } from '../../ui/motion.js';
import { hexLine } from '../../ui/model.js';

/** @typedef {import('../../types/grid-battles').State} State */
/** @typedef {import('../../types/grid-battles').Observation} Observation */
/** @typedef {import('../../types/grid-battles').Legal} Legal */
/** @typedef {import('../../types/grid-battles').LogEntry} LogEntry */
/** @typedef {import('../../types/grid-battles').Phase} Phase */

export const title = 'Grid Battles';
/** For the result panel: the sides' names, what the scores count and the log's key events. */
export const sideNames = (obs) => obs?.sides;
export const scoreName = 'Victory points';
export const keyEvents = ['destroyed'];

/**
 * Sorts the legal actions by kind and unit.
 * @param {Legal[]} legal
 */
function indexLegal(legal) {
  const ix = { activate: new Map(), hold: new Map(), move: new Map(), attack: new Map(), done: null, all: legal };
  for (const l of legal) {
    const a = l.action;
    if (a === 'done') ix.done = l;
    else if ('activate' in a) ix.activate.set(a.activate, l);
    else if ('hold' in a) ix.hold.set(a.hold, l);
    else if ('move' in a) {
      if (!ix.move.has(a.move.unit)) ix.move.set(a.move.unit, []);
      ix.move.get(a.move.unit).push(l);
    } else if ('attack' in a) {
      if (!ix.attack.has(a.attack.unit)) ix.attack.set(a.attack.unit, []);
      ix.attack.get(a.attack.unit).push(l);
    }
  }
  ix.actionable = new Set([...ix.activate.keys(), ...ix.hold.keys(), ...ix.move.keys(), ...ix.attack.keys()]);
  return ix;
}

/** @param {{phase: Phase}} obs */
function phaseText(obs) {
  const p = obs.phase;
  switch (p.phase) {
    case 'activation': return `Activation: ${p.remaining} more to activate`;
    case 'movement': return 'Movement';
    case 'attack': return 'Attack';
    case 'combat': return 'Combat';
    case 'over': return 'Game over';
    default: return /** @type {{phase: string}} */ (p).phase;
  }
}

const HELP = {
  activation: 'Select a fresh unit of yours, then Activate it.',
  movement: 'Select an activated unit, then a highlighted hex (•) to move there, or Hold. End movement when done.',
  attack: 'Select an activated unit, then an enemy marked with crosshairs to see the odds and confirm. End attacks when done.',
};

/**
 * The status line: round, who acts, phase, victory points.
 * @param {Observation} raw
 */
export function statusLine(raw) {
  const obs = normalize(raw);
  const sideName = (i) => `${seatName(i)} ${obs.sides[i] ?? ''}`.trim();
  return `Round ${obs.round}/${obs.round_limit} · ${obs.phase.phase === 'over' ? phaseText(obs) : `${sideName(obs.active)} · ${phaseText(obs)}`} · ` +
    `VP ${sideName(0)} ${obs.vp[0]} – ${obs.vp[1]} ${sideName(1)} (need ${obs.vp_target[0]})`;
}

/** The lobby's picture of a scenario, or null. */
export function miniMap(scenario) {
  const board = scenario.board;
  if (!Array.isArray(board?.hexes) || !Array.isArray(board?.units)) return null;
  return drawBoard(board, { compact: true, label: `Map of ${scenario.title}: ${board.width} by ${board.height} hexes` });
}

/**
 * One log entry: who did what, the events, and the dice of any roll.
 * @param {LogEntry} entry
 * @param {Observation} raw
 */
export function logEntry(entry, raw) {
  const obs = normalize(raw);
  const actor = entry.actor === 'chance' ? 'Dice' : entry.actor?.seat !== undefined ? seatName(entry.actor.seat) : '';
  const li = h('li', { 'data-index': entry.index });
  const units = obs?.units ?? [];
  const events = entry.events ?? [];
  const texts = entry.event_texts ?? [];
  // Who acted; the sentences below say what (the action's text only where none does).
  if (entry.action_text && entry.actor !== 'chance') li.append(h('strong', {}, texts.length ? actor : `${actor}: ${entry.action_text}`));
  const list = h('ul', {});
  texts.forEach((t, i) => {
    const ev = events[i];
    const item = h('li', { class: ev?.event ? `ev-${ev.event}` : null }, t);
    if (ev?.event === 'rolled') item.append(diceRoll(ev, units, { roll: false }));
    list.append(item);
  });
  if (texts.length) li.append(list);
  return li;
}

function lastOf(log, kind) {
  for (let i = log.length - 1; i >= 0; i--) {
    const evs = (log[i].events ?? []).filter((e) => e.event === kind);
    if (evs.length) return { entry: log[i], events: evs };
  }
  return null;
}

/**
 * Mounts the view in `root`. `ctx`: `{act(action, seat), preview(action, seat), announce(text),
 * readOnly}`. Returns `{update(msg, log), destroy()}` where `msg` is a `state` message (or a
 * replay step) and `log` the visible log so far.
 */
export function createView(root, ctx) {
  const ui = { selected: null, pending: null, msg: null, log: [], freshDice: false };
  const el = {
    board: h('div', { class: 'board-wrap' }),
    help: h('p', { class: 'help' }),
    controls: h('div', { class: 'controls' }),
    selection: h('div', { class: 'selection' }),
    dice: h('section', { class: 'dice', 'aria-label': 'Last combat' }),
    legal: h('div', { class: 'legal' }),
    roster: h('section', { class: 'roster', 'aria-label': 'Units' }),
  };
  const side = h('div', { class: 'gb-side' }, el.help, el.controls, el.selection, el.dice, el.legal);
  const sideHost = ctx.side ?? root;
  const extra = h('div', { class: 'gb-extra' }, el.roster, legend());
  root.append(h('div', { class: 'gb' }, el.board, ctx.side ? null : side, ctx.extra ? null : extra));
  if (ctx.side) sideHost.append(side);
  ctx.extra?.append(extra);

  const obs = () => ui.msg?.observation;
  const unit = (id) => obs()?.units?.[id];
  const unitName = (id) => {
    const u = unit(id);
    return u ? `${u.name} ${u.label}` : 'a unit';
  };
  // Every legal action, a step at a time: kind → unit → target (never a wall of buttons).
  const picker = actionPicker({
    title: 'All actions',
    id: 'gb-picker',
    onPick: (l) => (l.action?.attack ? openAttack(l) : act(l)),
    describe: (l) => {
      const a = l.action;
      if (a === 'done') return { kind: 'done', label: 'End this phase' };
      if ('activate' in a) return { kind: 'activate', kindLabel: 'Activate', subject: null, label: unitName(a.activate) };
      if ('hold' in a) return { kind: 'hold', kindLabel: 'Hold', subject: null, label: unitName(a.hold) };
      if ('move' in a) return { kind: 'move', kindLabel: 'Move', subject: String(a.move.unit), subjectLabel: unitName(a.move.unit), label: `to ${code(...toOffset(a.move.to))}` };
      if ('attack' in a) {
        const t = unit(a.attack.target);
        return { kind: 'attack', kindLabel: 'Attack', subject: String(a.attack.unit), subjectLabel: unitName(a.attack.unit), label: `${t?.name ?? ''} ${t?.label ?? ''} at ${t?.at ?? ''}`.trim() };
      }
      return {};
    },
  });

  async function act(l) {
    ui.pending = null;
    try {
      await ctx.act(l.action, l.seat);
    } catch (e) {
      ctx.announce?.(`Refused: ${e.message}`, true);
    }
  }

  async function openAttack(l) {
    const { unit: a, target: d } = l.action.attack;
    ui.pending = { l, attacker: a, defender: d, preview: null, loading: true };
    render();
    /** @type {{text: string, odds?: unknown} | null} */
    let preview = l.preview !== undefined || l.odds !== undefined ? { text: l.preview, odds: l.odds } : null;
    try {
      preview = (await ctx.preview?.(l.action, l.seat)) ?? preview;
    } catch (e) {
      preview = preview ?? { text: `No odds: ${e.message}` };
    }
    if (ui.pending?.l !== l) return;
    ui.pending = { ...ui.pending, preview, loading: false };
    render();
    ui.focusConfirm?.();
  }

  function onUnit(u) {
    if (ctx.readOnly) {
      ui.selected = ui.selected === u.id ? null : u.id;
      render();
      return;
    }
    const ix = indexLegal(ui.msg?.legal ?? []);
    const asTarget = (ix.attack.get(ui.selected) ?? []).find((l) => l.action.attack.target === u.id);
    if (asTarget) {
      openAttack(asTarget);
      return;
    }
    ui.pending = null;
    ui.selected = ui.selected === u.id && !ix.actionable.has(u.id) ? null : u.id;
    render();
  }

  function onHex(hv) {
    const ix = indexLegal(ui.msg?.legal ?? []);
    const l = (ix.move.get(ui.selected) ?? []).find((m) => m.action.move.to.q === hv.hex.q && m.action.move.to.r === hv.hex.r);
    if (l) act(l);
  }

  function selectionPanel(ix) {
    if (ui.pending) {
      const a = unit(ui.pending.attacker);
      const d = unit(ui.pending.defender);
      const { box, focus } = attackConfirm({
        attacker: a, defender: d, sides: obs().sides, preview: ui.pending.preview, loading: ui.pending.loading,
        onConfirm: () => act(ui.pending.l),
        onCancel: () => { ui.pending = null; render(); focusUnit(a.id); },
      });
      ui.focusConfirm = focus;
      return box;
    }
    const u = ui.selected !== null ? unit(ui.selected) : null;
    if (!u) return h('p', { class: 'muted' }, ctx.readOnly ? 'Select a unit to see its statistics.' : 'Select a unit on the map or in the unit list.');
    const buttons = [];
    const btn = (label, l, extra = {}) => h('button', { type: 'button', onclick: () => act(l), 'data-action': l.text, ...extra }, label);
    if (ix.activate.has(u.id)) buttons.push(btn(`Activate ${u.label}`, ix.activate.get(u.id), { class: 'primary' }));
    if (ix.hold.has(u.id)) buttons.push(btn(`Hold ${u.label}`, ix.hold.get(u.id)));
    const moves = ix.move.get(u.id) ?? [];
    const attacks = ix.attack.get(u.id) ?? [];
    return h('div', {},
      unitCard(u, obs().sides),
      buttons.length ? h('div', { class: 'buttons' }, buttons) : null,
      moves.length ? h('div', { class: 'targets' }, h('h3', {}, `Move ${u.label} to`),
        h('div', { class: 'buttons wrap' }, moves.map((l) => btn(codeOf(l), l, { 'aria-label': `Move ${u.label} to ${codeOf(l)}` })))) : null,
      attacks.length ? h('div', { class: 'targets' }, h('h3', {}, `${u.label} can attack`),
        h('div', { class: 'buttons wrap' }, attacks.map((l) => {
          const t = unit(l.action.attack.target);
          return h('button', { type: 'button', onclick: () => openAttack(l), 'data-action': l.text }, `${t.name} ${t.label} at ${t.at}`);
        }))) : null,
    );
  }

  function codeOf(l) {
    return code(...toOffset(l.action.move.to));
  }

  function focusUnit(id) {
    root.querySelector(`.board [data-unit="${id}"]`)?.focus();
  }

  function render() {
    const msg = ui.msg;
    const o = obs();
    if (!o) return;
    // Remember what had focus, to put it back on the redrawn element.
    const active = document.activeElement;
    const focusKey = root.contains(active)
      ? ['data-unit', 'data-code', 'data-action', 'data-roster'].map((k) => active.getAttribute?.(k) !== null && active.getAttribute?.(k) !== undefined ? `[${k}="${active.getAttribute(k)}"]` : null).find(Boolean)
      : null;
    const ix = indexLegal(ctx.readOnly ? [] : msg.legal ?? []);
    if (ui.selected !== null && !unit(ui.selected)?.alive) ui.selected = null;
    if (ui.pending && !ix.all.some((l) => JSON.stringify(l.action) === JSON.stringify(ui.pending.l.action))) ui.pending = null;
    // Move and attack phases: keep a unit that can act selected, so play flows unit by unit.
    const phase = o.phase.phase;
    const sel = ui.selected === null ? null : unit(ui.selected);
    if ((phase === 'movement' || phase === 'attack') && !ui.pending && (!sel || (sel.side === o.active && !ix.actionable.has(sel.id)))) {
      const next = [...(phase === 'movement' ? ix.move.keys() : ix.attack.keys())][0];
      if (next !== undefined) ui.selected = next;
    }
    const moveTargets = new Map();
    for (const l of ix.move.get(ui.selected) ?? []) moveTargets.set(`${l.action.move.to.q},${l.action.move.to.r}`, { text: `Move ${unit(ui.selected).label} to ${codeOf(l)}` });
    const attackTargets = new Map();
    for (const l of ix.attack.get(ui.selected) ?? []) attackTargets.set(l.action.attack.target, l);
    const moved = lastOf(ui.log, 'moved');
    const lastMove = moved ? moved.events.at(-1) : null;
    replace(el.board, drawBoard(o.board, {
      units: o.units, selected: ui.selected, actionable: ix.actionable, moveTargets, attackTargets, lastMove,
      interactive: true, onUnit, onHex, sides: o.sides,
    }));
    el.board.dataset.phase = phase;
    el.board.dataset.active = String(o.active);
    const mine = ix.all.length > 0;
    el.help.textContent = mine ? HELP[phase] ?? '' : '';
    el.help.hidden = !mine;
    replace(el.controls, ix.done ? h('button', { type: 'button', class: 'done', 'data-action': 'done', onclick: () => act(ix.done) },
      phase === 'movement' ? 'End movement (the rest hold)' : phase === 'attack' ? 'End attacks (the rest skip)' : 'Done') : null);
    replace(el.selection, selectionPanel(ix));
    const combat = lastOf(ui.log, 'rolled');
    replace(el.dice, combat ? [h('h3', {}, 'Last combat'), ...combat.events.map((ev) =>
      h('div', {}, h('span', { class: 'who' }, `${unit(ev.striker)?.label ?? ''} → ${unit(ev.target)?.label ?? ''}${ev.counterattack ? ' (counterattack)' : ''}`), diceRoll(ev, o.units, { roll: ui.freshDice })))] : null);
    el.dice.hidden = !combat;
    renderLegal(ix);
    renderRoster(o, ix);
    if (focusKey) (root.querySelector(focusKey) ?? null)?.focus();
  }

  function renderLegal(ix) {
    el.legal.hidden = ctx.readOnly || ix.all.length === 0;
    if (!el.legal.contains(picker.el)) el.legal.append(picker.el);
    picker.update(ctx.readOnly ? [] : ix.all);
  }

  function renderRoster(o, ix) {
    replace(el.roster, h('h2', { class: 'visually-hidden' }, 'Units'), rosterTables(o, ix.actionable, ui.selected, onUnit));
  }

  /** Slides the units that moved in the entries new since the last update, one move after
   * another, hex by hex along the line from where they stood. */
  function animateMoves(fresh) {
    const svg = el.board.querySelector('svg.board');
    if (!svg) return null;
    const steps = [];
    for (const e of fresh) {
      for (const ev of e.events ?? []) {
        if (ev.event !== 'moved') continue;
        const g = svg.querySelector(`.units [data-unit="${ev.unit}"]`);
        if (!g) continue;
        const path = hexLine(ev.from, ev.to).map((hx) => axialCenter(hx, 40));
        for (let i = 1; i < path.length; i++) steps.push({ el: g, from: path[i - 1], to: path[i] });
      }
    }
    return steps.length ? playSteps(steps, { stepMs: 180 }) : null;
  }

  return {
    update(msg, log, opts) {
      const prevActive = ui.msg?.observation?.active;
      const prevLen = ui.log.length;
      ui.msg = { ...msg, observation: normalize(msg.observation) };
      ui.log = log ?? [];
      if (prevActive !== undefined && prevActive !== msg.observation?.active) ui.selected = null;
      const fresh = opts?.animate && ui.log.length >= prevLen ? ui.log.slice(prevLen) : [];
      // The dice of a new roll tumble in; a redraw for a click leaves them still.
      ui.freshDice = fresh.some((e) => (e.events ?? []).some((ev) => ev.event === 'rolled'));
      render();
      ui.freshDice = false;
      return animateMoves(fresh);
    },
    status: () => (obs() ? statusLine(obs()) : ''),
    destroy() {
      root.replaceChildren();
      side.remove();
      extra.remove();
    },
  };
}
