// Command Core in the browser: the square grid, mechs with facing, the mech table, the
// programming panel and every other choice as buttons built from the server's legal actions.

import { h, replace, seatName } from '../../dom.js';
import { seatGlyph } from '../seats.js';
import { drawBoard, drawScenarioMap, squareCenter } from './board.js';
import { actionPicker } from '../../ui/picker.js';
import { chance, oddsBox } from '../../ui/odds.js';
import { playSteps } from '../../ui/motion.js';
import { oddsFromText } from '../../ui/model.js';
import { confirmShown, openConfirm } from '../../ui/confirm.js';
import { arcOf, distance, reach } from './geom.js';
import { DIR_ANGLE, cardList, indexLegal, kindOf, mechLabel, phaseText, sq } from './model.js';

export const title = 'Command Core';
/** For the result panel: the sides' names, what the scores count and the log's key events. */
export const sideNames = (obs) => obs?.sides?.map((sd) => sd.name);
export const scoreName = 'Structure left';
export const keyEvents = ['destroyed', 'depleted'];

/** @typedef {import('../../types/command-core').State} State */
/** @typedef {import('../../types/command-core').Observation} Observation */
/** @typedef {import('../../types/command-core').Legal} Legal */
/** @typedef {import('../../types/command-core').LogEntry} LogEntry */
/** @typedef {import('../../types/command-core').ScenarioMap} ScenarioMap */

/** The lobby's picture of a scenario: its grid with deployment zones, and each side's mechs. */
export function miniMap(scenario) {
  const map = scenario?.board;
  if (!map?.width || !map?.height || !Array.isArray(map.sides)) return null;
  return h('span', { class: 'cc-mini', 'data-scenario': scenario.name },
    drawScenarioMap(map, scenario.title ?? scenario.name),
    h('small', { class: 'cc-mini-roster' }, map.sides.map((sd) => {
      // The map marks a side's own squares with its number and squares both may use with *.
      const others = new Set(map.sides.filter((o) => o !== sd).flatMap((o) => o.deploy.map((p) => `${p.x},${p.y}`)));
      const shared = sd.deploy.filter((p) => others.has(`${p.x},${p.y}`)).length;
      const marks = [shared < sd.deploy.length ? String(sd.seat + 1) : null, shared ? '*' : null].filter(Boolean).join(' and ');
      return h('span', { class: `side-${sd.seat}` },
        `${seatGlyph(sd.seat)} ${seatName(sd.seat)} ${sd.name} (squares ${marks}, ${sd.home_edge === 'any' ? 'any edge' : `${sd.home_edge} edge`}): ${sd.mechs.map((m) => m.name).join(', ')}`);
    })));
}

/** "Front, Left" → "front/left"; the weapon's band as "1–3". */
const arcsText = (w) => (w.arcs ?? []).map((a) => a.toLowerCase()).join('/');
const bandText = (w) => `${w.range?.[0]}–${w.range?.[1]}`;

/** @param {Observation | null} obs */
export function statusLine(obs) {
  if (!obs) return '';
  const acting = (obs.to_act ?? []).map((s) => `${seatName(s)} ${obs.sides?.[s]?.name ?? ''}`.trim()).join(', ');
  return `Round ${obs.round}/${obs.round_limit} · ${phaseText(obs)}${acting ? ` · to act: ${acting}` : ''}`;
}

/** @param {LogEntry} entry */
export function logEntry(entry) {
  const actor = entry.actor === 'chance' ? 'Chance' : entry.actor?.seat !== undefined ? seatName(entry.actor.seat) : '';
  const li = h('li', { 'data-index': entry.index });
  const texts = entry.event_texts ?? [];
  // Who acted; the sentences below say what (the action's text only where none does).
  if (entry.action_text) li.append(h('strong', {}, texts.length ? actor : `${actor}: ${entry.action_text}`));
  if (texts.length) li.append(h('ul', {}, texts.map((t, i) => h('li', { class: entry.events?.[i]?.event ? `ev-${entry.events[i].event}` : null }, t))));
  return li;
}

const KIND_TITLE = {
  deploy: 'Deploy', assign: 'Take an order number', fire: 'Fire', aim: 'Aim', hold_fire: 'Hold fire', reroll: 'Reroll dice', keep: 'Keep',
  put_back: 'Put back', deplete: 'Deplete a card', place_first: 'Placement order',
};

const HELP = {
  deploy: 'Select a mech of yours, click a square marked + on the grid (or use the list), then choose its facing.',
  programming: 'Click cards to fill the open slots in order. Click a slot to flip a split card or remove it; "Leave for random fill" beside any slot leaves it to a random directive. Commit sends the program one slot at a time; open slots get a random directive too.',
  fire: 'Select one of your mechs and fire a weapon (its delta is paid at once), then choose a target marked with a ring (or its button).',
};

export function createView(root, ctx) {
  const ui = { confirm: null, msg: null, log: [], selected: null, weapon: null, deployAt: null, draft: [], draftMech: null, why: '', names: {}, sending: false, waiters: [] };
  const el = {
    board: h('div', { class: 'board-wrap cc-board-wrap' }),
    status: h('p', { class: 'cc-status' }),
    help: h('p', { class: 'help' }),
    selection: h('div', { class: 'cc-selection' }),
    program: h('section', { class: 'cc-program', 'aria-label': 'Programming' }),
    actions: h('section', { class: 'cc-actions', 'aria-label': 'Actions' }),
    combat: h('section', { class: 'cc-combat', 'aria-label': 'Attack' }),
    recent: h('section', { class: 'cc-recent', 'aria-label': 'Latest events' }),
    mechs: h('section', { class: 'cc-mechs', 'aria-label': 'Mechs' }),
  };
  el.confirm = h('section', { class: 'cc-confirm-slot', 'aria-label': 'Confirm' });
  const side = h('div', { class: 'cc-side' }, el.status, el.help, el.confirm, el.program, el.selection, el.actions, el.combat, el.recent);
  const extra = h('div', { class: 'cc-extra' }, el.mechs);
  root.append(h('div', { class: 'cc' }, el.board, ctx.side ? null : side, ctx.extra ? null : extra));
  ctx.side?.append(side);
  ctx.extra?.append(extra);

  const obs = () => ui.msg?.observation;
  const mech = (id) => obs()?.mechs?.find((m) => m.id === id);

  async function act(l) {
    try {
      ui.deployAt = null;
      await ctx.act(l.action, l.seat);
    } catch (e) {
      ctx.announce?.(`Refused: ${e.message}`, true);
    }
  }

  // Attack choices (rules version 3): `{fire: {mech, weapon}}` pays the weapon's delta, then
  // `{aim: {target}}` names the target (the attacker and weapon are in the phase). Both as
  // {mech, weapon, target (null for fire), l}.
  const shotsOf = (ix) => {
    const p = obs()?.phase ?? {};
    return [
      ...(ix.kinds.get('fire') ?? []).map((l) => ({ mech: l.action.fire.mech, weapon: l.action.fire.weapon, target: null, l })),
      ...(ix.kinds.get('aim') ?? []).map((l) => ({ mech: p.mech, weapon: p.weapon, target: l.action.aim.target, l })),
    ];
  };

  const btn = (label, l, extra = {}) => h('button', { type: 'button', 'data-action': l.text, 'data-key': `act-${l.text}`, onclick: () => act(l), ...extra }, label);

  function onMech(m) {
    const ix = indexLegal(ctx.readOnly ? [] : ui.msg?.legal ?? []);
    const aim = shotsOf(ix).find((x) => x.target !== null && x.target === m.id);
    if (aim) {
      confirmShot(aim.l);
      return;
    }
    ui.selected = ui.selected === m.id ? null : m.id;
    ui.weapon = null;
    ui.deployAt = null;
    render();
  }

  function onSquare(p) {
    ui.deployAt = ui.deployAt && ui.deployAt.x === p.x && ui.deployAt.y === p.y ? null : p;
    render();
  }

  // ---- programming ----
  function cardName(c, flipped) {
    const n = c?.names ?? [];
    return (flipped ? n[1] : n[0]) ?? n[0] ?? n[1] ?? `card ${(c?.card ?? 0) + 1}`;
  }

  /** Resolves once a state at `version` or later has arrived (the ack may come first). */
  function stateAt(version) {
    if (!(version > (ui.msg?.version ?? 0))) return Promise.resolve();
    return new Promise((resolve) => {
      ui.waiters.push({ version, resolve });
      setTimeout(resolve, 5000);
    });
  }

  // The person composes the whole program here, slot by slot: a card clicked goes into the
  // first open slot, and any slot may be left for the random fill ("Leave for random fill"
  // beside it). Commit sends it one slot at a time, in slot order: one `program` action per
  // card and one `leave` per slot left (or still open). Slots already sent are shown from the
  // observation and cannot be changed.
  function renderProgram(ix) {
    const mid = ix.programMech;
    if (mid === null || ctx.readOnly) {
      replace(el.program);
      el.program.hidden = true;
      return;
    }
    el.program.hidden = false;
    const m = mech(mid);
    const names = new Map([...(ui.names[m?.chassis] ?? new Map()), ...ix.cards]);
    if (m) ui.names[m.chassis] = names;
    const n = m?.slots ?? 3;
    // Slots already decided (a card sent, or left for the random fill).
    const decided = m?.draft_slots ?? (m?.program ?? []).filter(Boolean).length;
    const sent = Array.from({ length: decided }, (_, i) => m?.program?.[i] ?? null);
    const draftKey = `${obs().round}-${mid}`;
    if (ui.draftMech !== draftKey) {
      ui.draftMech = draftKey;
      ui.draft = [];
      ui.why = '';
    }
    // The slots still to send, from slot `decided` on: null (open), a card, or {leave: true}.
    // Never a card already sent.
    const sentCards = new Set(sent.filter(Boolean).map((s) => s.card));
    ui.draft = Array.from({ length: Math.max(0, n - decided) }, (_, j) => {
      const sl = ui.draft[j] ?? null;
      return sl && !sl.leave && sentCards.has(sl.card) ? null : sl;
    });
    const cards = [...ix.cards.values()].sort((a, b) => a.card - b.card);
    const isCard = (sl) => sl && !sl.leave;
    const used = new Set(ui.draft.filter(isCard).map((s) => s.card));
    const open = ui.draft.filter((sl) => sl === null).length;
    const random = ui.draft.filter((sl) => !isCard(sl)).length;
    const addCard = (c) => {
      const j = ui.draft.indexOf(null);
      if (j < 0) { ui.why = 'Every slot is decided: click a slot to remove its card, or undo a random fill, first.'; render(); return; }
      ui.draft[j] = { card: c.card, flipped: false };
      ui.why = '';
      render();
      el.program.querySelector(`[data-key="card-${c.card}"]`)?.focus();
    };
    const onSlot = (j) => {
      const sl = ui.draft[j];
      if (!sl) return;
      const c = sl.leave ? null : names.get(sl.card);
      const split = c?.names[0] && c?.names[1];
      // Flip a split card; else empty the slot (a card goes back to hand; a slot left for
      // the random fill is open again).
      if (split && !sl.flipped) ui.draft[j] = { card: sl.card, flipped: true };
      else ui.draft[j] = null;
      ui.why = '';
      render();
    };
    const leaveSlot = (j) => {
      ui.draft[j] = ui.draft[j]?.leave ? null : { leave: true };
      ui.why = '';
      render();
      el.program.querySelector(`[data-key="leave-${decided + j}"]`)?.focus();
    };
    const steps = ui.draft.map((s) => (isCard(s) ? { program: { mech: mid, card: { card: s.card, flipped: s.flipped } } } : { leave: { mech: mid } }));
    const first = isCard(ui.draft[0]) ? ix.steps.get(ui.draft[0].card * 2 + (ui.draft[0].flipped ? 1 : 0)) : ix.seal;
    const seat = (first ?? ix.seal)?.seat;
    const commit = async () => {
      if (!first) {
        ui.why = 'That card cannot go into the next slot now (it may be depleted).';
        render();
        return;
      }
      ui.sending = true;
      render();
      try {
        for (const a of steps) {
          // The other seat programs at the same time: an action quoting a version it has just
          // moved past is refused as stale; wait for that state and send it again.
          for (let tries = 0; ; tries++) {
            try {
              const r = await ctx.act(a, seat);
              await stateAt(r?.version);
              break;
            } catch (e) {
              const at = /at version (\d+)/.exec(e.message ?? '');
              if (e.code !== 'stale_version' || tries >= 10) throw e;
              await stateAt(at ? Number(at[1]) : (ui.msg?.version ?? 0) + 1);
            }
          }
        }
        ui.draft = [];
      } catch (e) {
        ctx.announce?.(`Refused: ${e.message}`, true);
      } finally {
        ui.sending = false;
        render();
      }
    };
    const slotName = (sl) => cardName(names.get(sl.card) ?? { card: sl.card, names: [] }, sl.flipped);
    const leaveButton = (i, j, left) => h('button', { type: 'button', class: ['cc-leave', left ? 'on' : ''], 'data-key': `leave-${i}`, disabled: ui.sending,
      'aria-pressed': left ? 'true' : 'false', 'aria-label': left ? `Slot ${i + 1}: choose a card instead of the random fill` : `Slot ${i + 1}: leave for random fill`,
      onclick: () => leaveSlot(j) }, left ? 'Undo random fill' : 'Leave for random fill');
    const rows = [
      ...sent.map((sl, i) => h('li', {}, h('button', { type: 'button', class: ['cc-slot', sl ? 'filled' : 'left', 'sent', sl?.flipped ? 'flipped' : ''], 'data-key': `slot-${i}`, disabled: true,
        'aria-label': `Slot ${i + 1}: ${sl ? slotName(sl) : 'random fill'}, sent` },
      h('span', { class: 'cc-slot-n' }, `${i + 1}`), h('span', {}, sl ? `${slotName(sl)}${sl.flipped ? ' ⟲' : ''}` : 'random fill'), h('small', {}, 'sent')))),
      ...ui.draft.map((sl, j) => {
        const i = decided + j;
        if (sl?.leave) {
          return h('li', {}, h('button', { type: 'button', class: ['cc-slot', 'left'], 'data-key': `slot-${i}`, disabled: ui.sending,
            'aria-label': `Slot ${i + 1}: left for random fill, click to open it again`, onclick: () => onSlot(j) },
          h('span', { class: 'cc-slot-n' }, `${i + 1}`), h('span', {}, 'random fill'), h('small', {}, 'left for a random directive')), leaveButton(i, j, true));
        }
        if (!sl) {
          return h('li', {}, h('button', { type: 'button', class: ['cc-slot', 'empty'], 'data-key': `slot-${i}`, disabled: true, 'aria-label': `Slot ${i + 1}: empty (random)` },
            h('span', { class: 'cc-slot-n' }, `${i + 1}`), h('span', {}, 'empty (random)')), leaveButton(i, j, false));
        }
        const c = names.get(sl.card);
        const split = c?.names[0] && c?.names[1];
        const hint = split && !sl.flipped ? 'click to flip' : 'click to remove';
        return h('li', {}, h('button', { type: 'button', class: ['cc-slot', 'filled', sl.flipped ? 'flipped' : ''], 'data-key': `slot-${i}`, disabled: ui.sending,
          'aria-label': `Slot ${i + 1}: ${slotName(sl)}, ${hint}`, onclick: () => onSlot(j) },
        h('span', { class: 'cc-slot-n' }, `${i + 1}`), h('span', {}, `${slotName(sl)}${sl.flipped ? ' ⟲' : ''}`), h('small', {}, hint)), leaveButton(i, j, false));
      }),
    ];
    // Slot by slot, "random fill" where a slot is left (or still open); with no card at all,
    // just how many slots the fill will draw for.
    const summary = !ui.draft.length ? '' : ui.draft.some(isCard) ? ui.draft.map((sl) => (isCard(sl) ? slotName(sl) : 'random fill')).join(', ')
      : `${random} random fill${random === 1 ? '' : 's'}`;
    replace(el.program,
      h('h2', {}, `Program ${m ? mechLabel(m) : `mech ${mid + 1}`}`),
      h('p', { class: 'muted' }, `${n} slots, ${decided} sent. Cards in hand:`),
      h('div', { class: 'cc-cards', role: 'group', 'aria-label': 'Directive cards' }, cards.map((c) => {
        const split = c.names[0] && c.names[1];
        const label = split ? `${c.names[0].replace(/\/\d$/, '')} (split: ${c.names[0]} | ${c.names[1]})` : cardName(c, false);
        return h('button', { type: 'button', class: 'cc-card', 'data-key': `card-${c.card}`, disabled: used.has(c.card) || ui.sending, 'aria-label': `Add ${label} to the next open slot`, onclick: () => addCard(c) },
          h('span', { class: 'cc-card-name' }, label), used.has(c.card) ? h('span', { class: 'cc-card-tag' }, 'in program') : null);
      })),
      h('h3', {}, 'Slots'),
      h('ol', { class: 'cc-slots' }, rows),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', class: 'primary', 'data-key': 'commit', onclick: commit, disabled: ui.sending, 'aria-describedby': 'cc-why' }, summary ? `Commit: ${summary}` : 'Commit'),
        h('button', { type: 'button', 'data-key': 'clear', disabled: ui.sending, onclick: () => { ui.draft = []; ui.why = ''; render(); } }, 'Clear')),
      h('p', { id: 'cc-why', class: ui.why ? 'error' : 'muted', role: 'status' }, ui.why || (ui.sending ? 'Sending the program one slot at a time…'
        : random > 0 ? `Commit seals the program: ${random} slot${random === 1 ? '' : 's'} will get a random directive${open ? ` (${open} still open)` : ''}.` : 'This program fills every slot.')));
  }

  // ---- selection: a mech's weapons and targets ----
  function renderSelection(ix) {
    const m = ui.selected !== null ? mech(ui.selected) : null;
    if (!m) {
      replace(el.selection, h('p', { class: 'muted' }, 'Select a mech on the grid or in the mech table.'));
      return;
    }
    const fires = shotsOf(ix).filter((x) => x.mech === m.id);
    const weapons = new Map();
    for (const x of fires) {
      if (!weapons.has(x.weapon)) weapons.set(x.weapon, []);
      weapons.get(x.weapon).push(x);
    }
    const deploys = (ix.kinds.get('deploy') ?? []).filter((l) => l.action.deploy.mech === m.id);
    const here = ui.deployAt ? deploys.filter((l) => l.action.deploy.at.x === ui.deployAt.x && l.action.deploy.at.y === ui.deployAt.y) : [];
    const names = ui.names[m.chassis];
    // A slot left empty shows as "random fill" until the fill has drawn its card.
    const emptyText = m.revealed || m.executed ? 'empty' : 'random fill';
    const prog = m.program ? m.program.slice(0, m.slots ?? m.program.length).map((s) => (s ? (names?.get(s.card) ? cardName(names.get(s.card), s.flipped) : `card ${s.card + 1}${s.flipped ? ' flipped' : ''}`) : emptyText)).join(', ') : null;
    replace(el.selection,
      h('div', { class: ['cc-mech-card', `side-${m.owner}`] },
        h('h3', {}, `${m.owner === 0 ? '●' : '◆'} ${mechLabel(m)}`),
        h('p', {}, `${m.chassis} · ${m.at ? `at ${sq(m.at)} facing ${m.facing}` : m.destroyed ? 'destroyed' : 'not deployed'} · structure ${m.structure}/${m.max_structure} · Surge ${m.surge} · Flux ${m.flux} · tokens ${m.tokens}${m.order ? ` · order ${m.order}` : ''}`),
        prog ? h('p', {}, `Program: ${prog}`) : m.committed ? h('p', { class: 'muted' }, `Program committed (${m.committed_cards ?? '?'} cards, hidden)`) : null),
      deploys.length ? h('div', {},
        h('p', {}, ui.deployAt ? `Deploy at ${sq(ui.deployAt)}: choose a facing` : `Choose one of ${new Set(deploys.map((l) => `${l.action.deploy.at.x},${l.action.deploy.at.y}`)).size} squares marked + on the grid.`),
        here.length ? h('div', { class: 'buttons wrap cc-facing', role: 'group', 'aria-label': 'Facing' }, here.map((l) => btn(`Face ${l.action.deploy.facing}`, l))) : null) : null,
      weaponPanel(m, weapons),
    );
  }

  /** The selected mech's weapons as toggle buttons (public chassis data), the selected weapon's
   * reach in words, where each enemy stands relative to it, and its fire buttons if it may fire. */
  function weaponPanel(m, fireBy) {
    const list = m.weapons ?? [];
    if (!list.length) return null;
    const w = ui.weapon !== null ? list.find((x) => x.index === ui.weapon) : null;
    const enemies = (obs()?.mechs ?? []).filter((t) => t.owner !== m.owner && t.at && !t.destroyed);
    const area = w ? reach(m, w, obs().width, obs().height) : new Map();
    const where = (t) => {
      const arc = m.at && m.facing ? arcOf(m.at, m.facing, t.at) : null;
      const d = m.at ? distance(m.at, t.at) : null;
      const inReach = area.has(`${t.at.x},${t.at.y}`);
      const why = !w ? '' : w.depleted ? ' — weapon depleted' : inReach ? ' — in reach' : !(w.arcs ?? []).includes(arc) ? ' — outside its arcs' : ' — out of range';
      return h('li', { 'data-key': `enemy-${t.id}`, class: inReach ? 'in-reach' : null }, `${mechLabel(t)}: ${arc ? `${arc.toLowerCase()} arc` : '—'}, ${d ?? '?'} square${d === 1 ? '' : 's'}${why}`);
    };
    const fires = w ? fireBy.get(w.index) ?? [] : [];
    return h('div', { class: 'cc-weapons' }, h('h3', {}, 'Weapons'),
      h('div', { class: 'buttons wrap', role: 'group', 'aria-label': `Weapons of ${mechLabel(m)}` }, list.map((x) => {
        const n = fireBy.get(x.index)?.length ?? 0;
        return h('button', {
          type: 'button', 'aria-pressed': ui.weapon === x.index ? 'true' : 'false', 'data-key': `weapon-${x.index}`, class: 'cc-weapon',
          'data-tip': `${x.name}: attack ${x.attack} dice, range ${bandText(x)}, arcs ${arcsText(x)}, delta ${x.delta}`,
          onclick: () => { ui.weapon = ui.weapon === x.index ? null : x.index; render(); },
        }, `${ui.weapon === x.index ? '✓ ' : ''}${x.name} · ${bandText(x)} · ${arcsText(x)}${x.depleted ? ' · depleted' : ''}${n ? ` (${n} target${n === 1 ? '' : 's'})` : ''}`);
      })),
      w ? h('p', { class: 'cc-reach-legend', 'data-key': 'reach-legend' },
        h('span', { class: 'cc-swatch', 'aria-hidden': 'true' }),
        m.at ? ` Hatched squares: reach of ${w.name} — range ${bandText(w)}, ${arcsText(w)} arc${w.arcs.length === 1 ? '' : 's'}, attack ${w.attack}, delta ${w.delta}${w.depleted ? ' (depleted: cannot fire)' : ''}; ${area.size} square${area.size === 1 ? '' : 's'}. The letter in a square is its arc (F front, R right, B rear, L left); an enemy's plate shows its arc, with ✓ when in reach.`
          : ` ${w.name}: range ${bandText(w)}, ${arcsText(w)}; the mech is not on the board.`)
        : h('p', { class: 'muted' }, 'Choose a weapon to hatch the squares it reaches.'),
      w && m.at && enemies.length ? h('ul', { class: 'cc-enemy-arcs', 'aria-label': 'Enemy mechs relative to this mech' }, enemies.map(where)) : null,
      fires.length ? h('div', { class: 'buttons wrap' }, fires.map((x) => {
        if (x.target === null) return btn(`Fire ${w.name} (pays delta ${w.delta}, then choose a target)`, x.l, { onclick: () => confirmShot(x.l) });
        const t = mech(x.target);
        return btn(`Aim at ${t ? mechLabel(t) : x.target + 1}`, x.l, { onclick: () => confirmShot(x.l) });
      })) : null);
  }

  // Every other choice, a step at a time: kind → mech → option (never a wall of buttons).
  const mechName = (id) => {
    const m = mech(id);
    return m ? mechLabel(m) : 'a mech';
  };
  const picker = actionPicker({
    title: 'Actions',
    id: 'cc-picker',
    onPick: (l) => (kindOf(l.action) === 'fire' || kindOf(l.action) === 'aim' ? confirmShot(l) : act(l)),
    describe: (l) => {
      const k = kindOf(l.action);
      const body = l.action?.[k];
      const d = { kind: k, kindLabel: KIND_TITLE[k] ?? undefined };
      if (body && typeof body === 'object' && 'mech' in body) {
        const rest = Object.keys(body).filter((x) => x !== 'mech');
        return { ...d, subject: rest.length ? String(body.mech) : null, subjectLabel: mechName(body.mech), label: rest.length ? undefined : mechName(body.mech) };
      }
      if (k === 'aim') return { ...d, subject: null, label: `at ${mechName(body.target)}` };
      return d;
    },
  });

  function renderActions(ix) {
    const legal = [...ix.kinds.entries()].filter(([k]) => k !== 'program').flatMap(([, ls]) => ls);
    if (ctx.readOnly || !legal.length) { replace(el.actions); el.actions.hidden = true; return; }
    el.actions.hidden = false;
    if (!el.actions.contains(picker.el)) replace(el.actions, picker.el);
    picker.update(legal);
  }

  // ---- the attack confirmation: the odds before the dice (POST …/preview) ----
  function confirmShot(l) {
    return openConfirm(ui, l, { preview: ctx.preview, render, box: el.confirm, failed: (e) => `No odds: ${e.message}` });
  }

  function renderConfirm(ix) {
    if (!confirmShown(ui, ix.all, el.confirm, ctx.readOnly)) return;
    const { l, text, loading } = ui.confirm;
    const k = kindOf(l.action);
    const p = obs()?.phase ?? {};
    const attacker = mech(k === 'fire' ? l.action.fire.mech : p.mech);
    const weapon = attacker?.weapons?.find((w) => w.index === (k === 'fire' ? l.action.fire.weapon : p.weapon));
    const target = k === 'aim' ? mech(l.action.aim.target) : null;
    const odds = text ? oddsFromText(text) : [];
    const cancel = () => { ui.confirm = null; render(); };
    const box = h('div', { class: 'attack-confirm cc-confirm', role: 'dialog', 'aria-label': 'Confirm the attack' },
      h('h2', {}, k === 'fire' ? `Fire ${weapon?.name ?? 'this weapon'}${attacker ? ` with ${mechLabel(attacker)}` : ''}?` : `Aim ${weapon?.name ?? ''} at ${target ? mechLabel(target) : 'this mech'}?`),
      loading ? h('p', { class: 'muted' }, 'Computing exact odds…')
        : oddsBox([
          ...odds.map((o) => chance(o.label, o.exact, true)),
          text ? h('p', {}, text) : h('p', { class: 'muted' }, 'The server gave no odds for this choice.'),
        ]),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', class: 'primary', 'data-action': 'confirm-attack', disabled: loading, onclick: () => { ui.confirm = null; act(l); } }, k === 'fire' ? 'Fire' : 'Confirm attack'),
        h('button', { type: 'button', 'data-action': 'cancel-attack', onclick: cancel }, 'Cancel')));
    box.addEventListener('keydown', (e) => { if (e.key === 'Escape') cancel(); });
    replace(el.confirm, box);
  }

  /** Programs run step by step: each move of the entries new since the last update slides in
   * turn, and a turn on the spot takes a step too. */
  function animateExecution(fresh, before) {
    const svg = el.board.querySelector('svg.cc-board');
    if (!svg) return null;
    const steps = [];
    const at = new Map();
    const facing = new Map((before ?? []).map((m) => [m.id, m.facing]));
    // The facing arrow is drawn at the last facing; each turn spins it from the one before.
    const turns = new Map();
    for (const e of fresh) for (const ev of e.events ?? []) if (ev.event === 'turned') turns.set(ev.mech, (turns.get(ev.mech) ?? 0) + 1);
    for (const e of fresh) {
      for (const ev of e.events ?? []) {
        if (ev.event !== 'moved' && ev.event !== 'turned') continue;
        const g = svg.querySelector(`[data-mech="${ev.mech}"]`);
        if (!g) continue;
        if (ev.event === 'moved') {
          steps.push({ el: g, from: squareCenter(ev.from), to: squareCenter(ev.to) });
          at.set(ev.mech, ev.to);
        } else {
          const p = at.get(ev.mech) ?? mech(ev.mech)?.at;
          const last = mech(ev.mech)?.facing;
          const old = facing.get(ev.mech);
          facing.set(ev.mech, ev.facing);
          const left = turns.get(ev.mech) - 1;
          turns.set(ev.mech, left);
          // Only the last turn of a mech shows on its arrow (drawn at its last facing).
          const deg = left === 0 && old && last ? ((((DIR_ANGLE[old] ?? 0) - (DIR_ANGLE[last] ?? 0)) % 360) + 540) % 360 - 180 : 0;
          const arrow = g.querySelector('.cc-arrow')?.parentElement;
          if (p) steps.push({ el: g, from: squareCenter(p), to: squareCenter(p), spin: arrow && deg ? { el: arrow, deg, origin: squareCenter(at.get(ev.mech) ?? mech(ev.mech)?.at ?? p) } : undefined });
        }
      }
    }
    return steps.length ? playSteps(steps, { stepMs: 260 }) : null;
  }

  function revealedNames(c) {
    const names = ui.names[mech(c.mech)?.chassis];
    return (Array.isArray(c.revealed) ? c.revealed : []).map((x) => {
      if (x && typeof x === 'object' && 'directive' in x && names?.get(x.directive)) return names.get(x.directive).names.filter(Boolean).map((n) => n.replace(/\/\d$/, ''))[0];
      return cardList([x])[0];
    }).join(', ');
  }

  function renderCombat(o) {
    const a = o.attack;
    const c = o.crit;
    if (!a && !c) { replace(el.combat); el.combat.hidden = true; return; }
    el.combat.hidden = false;
    // Counts by face, success first and blank last; `rerolled` counts those already rerolled.
    const dice = (label, d, names) => (d ? h('p', {}, `${label}: ${(d.faces ?? []).map((n, i) => `${n} ${names[i] ?? `face ${i + 1}`}`).join(', ') || '—'}` +
      `${(d.rerolled ?? []).some((n) => n) ? ` (already rerolled: ${d.rerolled.map((n, i) => (n ? `${n} ${names[i] ?? ''}` : null)).filter(Boolean).join(', ')})` : ''}`) : null);
    replace(el.combat, h('h2', {}, 'Attack in progress'),
      a ? [h('p', {}, `${mechLabel(mech(a.attacker) ?? { name: '?', id: a.attacker, owner: 0, letter: '?' })} → ${mechLabel(mech(a.target) ?? { name: '?', id: a.target, owner: 1, letter: '?' })}, weapon ${a.weapon + 1}, arc ${a.arc}`),
        dice('Attack dice', a.attack, ['crit', 'hit', 'blank']), dice('Armour dice', a.armour, ['block', 'blank']), dice('Evade dice', a.evade, ['evade', 'blank'])] : null,
      c ? h('p', {}, `Crits on ${mech(c.mech) ? mechLabel(mech(c.mech)) : c.mech + 1}: ${c.crits}; revealed ${revealedNames(c) || '—'}; put back ${c.put_back}`) : null);
  }

  function renderRecent() {
    const last = ui.log.slice(-6);
    el.recent.hidden = !last.length;
    replace(el.recent, h('h2', {}, 'Latest events'), h('ol', { class: 'cc-events' }, last.map((e) => logEntry(e))));
  }

  function renderMechs(o, ix) {
    const rows = o.mechs.map((m) => h('tr', { class: [`side-${m.owner}`, ui.selected === m.id ? 'selected' : ''] },
      h('th', { scope: 'row' }, h('button', { type: 'button', class: 'linkish', 'data-key': `row-${m.id}`, 'aria-pressed': ui.selected === m.id ? 'true' : 'false', onclick: () => onMech(m),
        'data-tip': `${mechLabel(m)}: ${m.chassis}, structure ${m.structure} of ${m.max_structure}${(m.weapons ?? []).length ? `; weapons ${m.weapons.map((w) => `${w.name} (range ${bandText(w)}, ${arcsText(w)})`).join(', ')}` : ''}` },
        `${m.owner === 0 ? '●' : '◆'} #${m.id + 1} ${m.name}`)),
      h('td', {}, `${seatName(m.owner)} ${o.sides?.[m.owner]?.name ?? ''}`),
      h('td', {}, m.at ? `${sq(m.at)} ${m.facing}` : m.destroyed ? 'destroyed' : '—'),
      h('td', {}, `${m.structure}/${m.max_structure}`),
      h('td', {}, String(m.surge)), h('td', {}, String(m.flux)), h('td', {}, String(m.tokens)),
      h('td', {}, m.order ?? '—'),
      h('td', {}, [m.committed ? `committed${m.committed_cards !== null && m.committed_cards !== undefined ? ` (${m.committed_cards})` : ''}` : '', m.revealed ? 'revealed' : '', m.executed ? 'executed' : '',
        cardList(m.depleted).length ? `depleted: ${cardList(m.depleted).join(', ')}` : '', ix.programMech === m.id ? 'programming now' : ''].filter(Boolean).join(' · ') || '—')));
    replace(el.mechs, h('h2', {}, 'Mechs'), h('div', { class: 'cc-table-wrap' }, h('table', { class: 'cc-table' },
      h('thead', {}, h('tr', {}, ['Mech', 'Side', 'Square', 'Structure', 'Surge', 'Flux', 'Tokens', 'Order', 'Status'].map((t) => h('th', { scope: 'col', 'data-term': ['Structure', 'Surge', 'Flux', 'Tokens', 'Order'].includes(t) ? t : undefined }, t)))),
      h('tbody', {}, rows))),
    h('p', { class: 'muted' }, 'P1: ● circles, upper-case letters. P2: ◆ diamonds, lower-case letters. The arrow shows facing; the small number is the order.'));
  }

  function render() {
    const o = obs();
    if (!o) return;
    const active = document.activeElement;
    const focusKey = root.contains(active) || side.contains(active) || extra.contains(active) ? active.getAttribute?.('data-key') : null;
    const ix = indexLegal(ctx.readOnly ? [] : ui.msg.legal ?? []);
    if (ui.selected !== null && !mech(ui.selected)) ui.selected = null;
    // Deployment and firing: keep a mech that can act selected.
    const deploys = ix.kinds.get('deploy') ?? [];
    const fires = shotsOf(ix);
    if (deploys.length && !deploys.some((l) => l.action.deploy.mech === ui.selected)) { ui.selected = deploys[0].action.deploy.mech; ui.deployAt = null; }
    if (fires.length && !fires.some((x) => x.mech === ui.selected)) { ui.selected = fires[0].mech; ui.weapon = null; }
    if (fires.length && fires[0].target !== null) ui.weapon = fires[0].weapon;
    if (ix.programMech !== null && ui.lastProgramMech !== ix.programMech) { ui.selected = ix.programMech; ui.weapon = null; }
    ui.lastProgramMech = ix.programMech;
    if (fires.length && ui.weapon === null) ui.weapon = fires.find((x) => x.mech === ui.selected)?.weapon ?? null;
    const squares = new Map();
    for (const l of deploys) if (l.action.deploy.mech === ui.selected) squares.set(`${l.action.deploy.at.x},${l.action.deploy.at.y}`, `Deploy ${mech(ui.selected)?.name ?? ''} at ${sq(l.action.deploy.at)}`);
    const targets = new Map();
    for (const x of fires) if (x.target !== null && x.mech === ui.selected) targets.set(x.target, `Target: aim weapon ${ui.weapon + 1}`);
    // The selected weapon's reach, computed from the public weapon data with the engine's arc
    // rule (cc-geom.js), and the arc each enemy stands in.
    const sel = ui.selected !== null ? mech(ui.selected) : null;
    const weapon = sel && ui.weapon !== null ? (sel.weapons ?? []).find((w) => w.index === ui.weapon) : null;
    const area = weapon ? reach(sel, weapon, o.width, o.height) : new Map();
    const arcs = new Map();
    if (weapon && sel.at && sel.facing) {
      for (const t of o.mechs) {
        if (t.owner === sel.owner || !t.at || t.destroyed) continue;
        const arc = arcOf(sel.at, sel.facing, t.at);
        arcs.set(t.id, { arc, inReach: area.has(`${t.at.x},${t.at.y}`) });
        if (targets.has(t.id)) targets.set(t.id, `${targets.get(t.id)}; in the ${arc.toLowerCase()} arc of ${mechLabel(sel)}`);
      }
    }
    replace(el.board, drawBoard(o, { selected: ui.selected, squares, targets, chosenSquare: ui.deployAt, reach: area, arcs, onMech, onSquare }));
    el.status.textContent = statusLine(o);
    const phase = o.phase?.phase;
    const helpKey = ix.programMech !== null ? 'programming' : deploys.length ? 'deploy' : fires.length ? 'fire' : null;
    el.help.textContent = helpKey && !ctx.readOnly ? HELP[helpKey] : !ix.all.length && !ctx.readOnly && phase !== 'over' ? 'Waiting for the other side…' : '';
    el.help.hidden = !el.help.textContent;
    renderProgram(ix);
    renderSelection(ix);
    renderActions(ix);
    renderConfirm(ix);
    renderCombat(o);
    renderRecent();
    renderMechs(o, ix);
    if (focusKey) [root, side, extra].map((r) => r.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)).find(Boolean)?.focus();
  }

  return {
    /**
     * @param {State} msg
     * @param {LogEntry[]} log
     */
    update(msg, log, opts) {
      const prevLen = ui.log.length;
      const before = ui.msg?.observation?.mechs;
      ui.msg = msg;
      ui.log = log ?? [];
      render();
      const motion = opts?.animate && ui.log.length >= prevLen ? animateExecution(ui.log.slice(prevLen), before) : null;
      const v = msg?.version ?? 0;
      const ready = ui.waiters.filter((w) => w.version <= v);
      ui.waiters = ui.waiters.filter((w) => w.version > v);
      for (const w of ready) w.resolve();
      return motion;
    },
    status: () => statusLine(obs()),
    destroy() {
      root.replaceChildren();
      side.remove();
      extra.remove();
    },
  };
}

export { kindOf };
