// A match being played or watched: header (who acts, connection, undo, invite), the game's
// view, and the event log. Seat tokens live in this browser's store, never in the address bar:
// a link that carries one (`#token=…`, as the API's seat grants do) is stored and the address
// bar cleaned at once, so copying the URL never hands over the seat.

import { ApiError, Live, api, creatorTokens, tokens } from './api.js';
import { aiLabel, h, replace, seatName } from './dom.js';
import { viewFor } from './views/index.js';
import { hintPanel, liveHint } from './hint.js';
import { SPEEDS, paceOf } from './ui/model.js';
import { resultPanel } from './ui/result.js';
import { howToButton, loadGlossary } from './ui/howto.js';
import { installTooltips } from './ui/tooltip.js';
import { clearSignal, setSound, signalTurn, soundOn } from './ui/signal.js';

/** The pace of other seats' actions this browser chose (ui/model.js SPEEDS). */
const speed = {
  get: () => {
    try {
      const v = localStorage.getItem('gridwright.pace');
      return v && v in SPEEDS ? v : 'normal';
    } catch {
      return 'normal';
    }
  },
  set: (v) => {
    try {
      localStorage.setItem('gridwright.pace', v);
    } catch { /* no storage */ }
  },
};

/** For the end-to-end test: when each state arrived, was shown and its motion ended. */
const motionLog = /** @type {any} */ (window).__gwMotion ??= [];

/** Takes a seat token out of the address bar (storing it for `id`); returns it, or null. */
function takeTokenFromHash(id) {
  const m = /(?:^#|&)token=([0-9a-fA-F]+)/.exec(location.hash);
  if (!m) return null;
  tokens.set(id, m[1]);
  const rest = location.hash.slice(1).split('&').filter((p) => p && !p.startsWith('token=')).join('&');
  history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  return m[1];
}

function seatText(seat, strengths) {
  if (seat.kind === 'ai') return aiLabel(seat.agent, strengths);
  return seat.taken ? 'human' : 'open seat';
}

export async function mount(root, { id, navigate, announce }) {
  let token = takeTokenFromHash(id) ?? tokens.get(id);
  let summary;
  try {
    summary = await api.match(id);
  } catch (e) {
    replace(root, h('section', { class: 'panel' }, h('h1', {}, 'Match not found'), h('p', {}, e.message), h('a', { href: '/' }, 'Back to the lobby')));
    return () => {};
  }
  const view = await viewFor(summary.game);
  // The game's AI strengths, to name AI seats by them (the list is cached: a revisit gets 304).
  const gameInfo = await api.games().then((r) => r.games?.find((g) => g.name === summary.game), () => undefined);
  const strengths = gameInfo?.strengths;
  // Scenarios by their titles, never by their names in the data.
  const scenarioTitle = summary.scenario ? gameInfo?.scenarios?.find((sc) => sc.name === summary.scenario)?.title ?? '' : '';
  const gameTitle = view.title || gameInfo?.title || 'this game';
  document.title = `Gridwright — ${gameTitle}`;

  const el = {
    status: h('p', { class: 'status', id: 'status' }),
    turn: h('p', { class: 'turn', id: 'turn', 'aria-live': 'polite' }),
    you: h('p', { class: 'you' }),
    conn: h('span', { class: 'conn', role: 'status' }, 'Connecting…'),
    tools: h('div', { class: 'buttons match-tools' }),
    banner: h('div', { class: 'banner', hidden: true }),
    cover: h('section', { class: 'hotseat-cover', id: 'hotseat-cover', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'hotseat-cover-h', hidden: true }),
    main: h('div', { class: 'slot-main' }),
    side: h('div', { class: 'slot-side' }),
    extra: h('div', { class: 'slot-extra' }),
    log: h('ol', { class: 'log', id: 'log', 'aria-label': 'Game log' }),
    error: h('p', { class: 'error', role: 'alert' }),
    result: h('div', { class: 'slot-result' }),
    pace: h('div', { class: 'pace', role: 'group', 'aria-label': 'Pace of the other side' }),
  };
  // Hints: only where no other person plays (the server enforces the same rule).
  const hint = hintPanel({
    request: () => liveHint(id, token, lastMsg?.you?.viewer),
    text: view.actionText,
    play: async (action, seat) => {
      try {
        await live.act(action, seat);
      } catch (e) {
        el.error.textContent = e.message;
      }
    },
  });
  hint.show(false);
  const logPanel = h('section', { class: 'log-panel', 'aria-labelledby': 'log-h' }, h('h2', { id: 'log-h' }, 'Log'), el.log);
  replace(root,
    h('div', { class: 'match' },
      h('header', { class: 'match-head' },
        h('div', {}, h('h1', {}, `${gameTitle}${scenarioTitle ? ` — ${scenarioTitle}` : ''}`), el.status, el.turn, el.you),
        h('div', { class: 'head-right' }, el.conn, el.tools, el.pace)),
      el.error, el.banner, el.cover, el.result,
      h('div', { class: 'match-body' }, el.main, el.extra, h('aside', { class: 'match-side' }, el.side, hint.el, logPanel))));
  installTooltips();
  // The glossary feeds the tooltips; fetched once the match is on screen.
  setTimeout(() => loadGlossary(summary.game), 0);

  let live = null;
  let rendered = [];
  let lastMsg = null;
  const ctx = {
    act: (action, seat) => live.act(action, seat),
    preview: async (action, seat) => {
      const p = await api.preview(id, token, action, seat);
      return p && (p.text !== undefined || p.odds !== undefined) ? p : null;
    },
    announce: (text, isError) => {
      if (isError) el.error.textContent = text;
      announce(text);
    },
    side: el.side,
    extra: el.extra,
  };
  const v = view.createView(el.main, ctx);

  function renderLog(log, obs) {
    const same = rendered.length <= log.length && rendered.every((e, i) => e === log[i]);
    const fresh = same ? log.slice(rendered.length) : log;
    if (!same) el.log.replaceChildren();
    for (const entry of fresh) el.log.append(view.logEntry(entry, obs));
    const initial = rendered.length === 0;
    rendered = log.slice();
    if (fresh.length) el.log.scrollTop = el.log.scrollHeight; // the log scrolls, not the page
    // Read out what just happened, but not the whole history on first load.
    if (!initial && same && fresh.length) announce(fresh.flatMap((e) => e.event_texts ?? []).join('. '));
  }

  function renderTools(msg) {
    const mine = msg.you?.seats ?? [];
    const others = (msg.seats ?? []).filter((s) => !mine.includes(s.seat));
    const canUndo = mine.length > 0 && msg.status !== 'finished' && others.every((s) => s.kind === 'ai');
    const items = [];
    if (canUndo) {
      items.push(h('button', {
        type: 'button', id: 'undo', disabled: msg.moves === 0,
        onclick: async () => {
          try {
            await live.undo();
            el.error.textContent = '';
          } catch (e) {
            el.error.textContent = e.message;
          }
        },
      }, 'Undo'));
    }
    const open = (msg.seats ?? []).filter((s) => s.kind !== 'ai' && !s.taken);
    if (open.length && mine.length === 0) {
      items.push(h('button', {
        type: 'button', class: 'primary',
        onclick: async () => {
          try {
            const grant = await api.join(id, open[0].seat);
            tokens.set(id, grant.token);
            navigate(`/play/${id}`, { replace: true });
          } catch (e) {
            el.error.textContent = e.message;
          }
        },
      }, `Join as ${seatName(open[0].seat)}`));
    }
    if (open.length || msg.status !== 'finished') {
      const link = `${location.origin}/play/${id}`;
      // The link to share: the match only, never a seat token.
      items.push(h('button', {
        type: 'button', id: 'share-link', 'data-link': link,
        onclick: async (e) => {
          try {
            await navigator.clipboard.writeText(link);
            e.target.textContent = 'Link copied';
          } catch {
            prompt('Share this link to let others watch or join:', link);
          }
        },
      }, open.length ? 'Copy invite link' : 'Copy watch link'));
    }
    if (msg.status === 'finished') items.push(h('a', { class: 'button primary', href: `/replay/${id}`, id: 'open-replay' }, 'Watch the replay'));
    items.push(howToButton(summary.game, gameTitle));
    items.push(...(view.extraButtons?.('match-decks') ?? []));
    const creator = creatorTokens.get(id);
    if (mine.length && (msg.status === 'open' || msg.status === 'running')) items.push(resignButton(msg, creator));
    if (creator && (msg.status === 'open' || msg.status === 'running')) {
      // The creator may end the match early; every connection then receives its `aborted` state.
      items.push(h('button', {
        type: 'button', id: 'abort-match',
        onclick: async () => {
          if (!confirm('Abort this match for everyone? It cannot be resumed.')) return;
          try {
            await api.abort(id, creator);
          } catch (e) {
            el.error.textContent = e.message;
          }
        },
      }, 'Abort match'));
    }
    replace(el.tools, items);
  }

  /** Resign: the server's resign route; where it has none, the creator's abort (the only way
   * to end a match early there). Asks once more in the page before it acts. */
  function resignButton(msg, creator) {
    const wrap = h('span', { class: 'resign' });
    const ask = h('button', { type: 'button', id: 'resign', onclick: () => {
      replace(wrap, h('span', {}, 'Resign this game? '),
        h('button', { type: 'button', class: 'danger', id: 'resign-confirm', onclick: doResign }, 'Yes, resign'),
        h('button', { type: 'button', id: 'resign-cancel', onclick: () => replace(wrap, ask) }, 'No'));
      /** @type {HTMLElement | null} */ (wrap.querySelector('#resign-confirm'))?.focus();
    } }, 'Resign');
    async function doResign() {
      try {
        await api.resign(id, token, msg.you?.viewer);
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 405) && creator) {
          await api.abort(id, creator).catch((err) => { el.error.textContent = err.message; });
        } else {
          el.error.textContent = e instanceof ApiError && (e.status === 404 || e.status === 405)
            ? 'This server cannot take a resignation yet, and only the match\'s creator may end it.' : e.message;
        }
      }
    }
    wrap.append(ask);
    return wrap;
  }

  function turnText(msg) {
    if (msg.ended) return msg.ended;
    if (msg.status === 'finished') {
      const w = msg.result?.winners ?? [];
      const mine = msg.you?.seats ?? [];
      const who = w.length ? w.map(seatName).join(' and ') : null;
      const yours = w.some((s) => mine.includes(s)) && mine.length < (msg.seats?.length ?? 2);
      return who ? `Game over — ${who} wins${yours ? ' (you!)' : ''}.` : 'Game over — draw.';
    }
    // A seat nobody has taken yet: the match waits for a person, whoever is to move.
    const empty = (msg.seats ?? []).filter((s) => s.kind !== 'ai' && !s.taken);
    if (empty.length && msg.status === 'open') {
      const names = empty.map((s) => seatName(s.seat)).join(' and ');
      const link = `${location.origin}/play/${id}`;
      const meanwhile = msg.legal?.length ? ' You may move meanwhile.' : '';
      return `Waiting for a player to join as ${names}: send them the invite link ${link}.${meanwhile}`;
    }
    if (msg.legal?.length) return msg.you?.seats?.length > 1 ? `${seatName(msg.you.viewer)} to move (hotseat).` : 'Your move.';
    const acting = (msg.turn?.seats ?? []).map((s) => msg.seats?.find((x) => x.seat === s)).filter(Boolean);
    if (acting.some((s) => s.kind === 'ai')) return `${acting.map((s) => seatName(s.seat)).join(', ')} (AI) is thinking…`;
    if (acting.length) return `Waiting for ${acting.map((s) => seatName(s.seat)).join(', ')}.`;
    return '';
  }

  const shell = root.querySelector('.match');

  // Pace: the states another seat's actions bring are shown one at a time, each at least the
  // chosen pace and until its motion ends; Skip shows the latest at once. A state still waiting
  // behind another is shown without legal actions (it is not the present).
  /** @type {Array<{msg: any, log: any[], at: number}>} */
  const queue = [];
  let pumping = false;
  let skipping = false;
  let shownLog = null;
  let wake = null;
  const sleep = (ms) => new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    wake = () => { clearTimeout(t); resolve(); };
  });

  function renderPace() {
    const cur = speed.get();
    replace(el.pace,
      h('label', { for: 'pace-select' }, 'Pace '),
      h('select', { id: 'pace-select', onchange: (e) => speed.set(e.target.value) },
        Object.keys(SPEEDS).map((k) => h('option', { value: k, selected: k === cur }, k[0].toUpperCase() + k.slice(1)))),
      h('button', { type: 'button', id: 'skip-motion', disabled: queue.length === 0 && !pumping, onclick: skip }, 'Skip ▶▶'),
      h('button', { type: 'button', id: 'sound-toggle', 'aria-pressed': String(soundOn()), onclick: () => { setSound(!soundOn()); renderPace(); } }, soundOn() ? 'Sound on' : 'Sound off'));
  }

  function skip() {
    skipping = true;
    for (const a of document.getAnimations?.() ?? []) a.finish();
    wake?.();
  }

  function onState(msg, log) {
    queue.push({ msg, log: log.slice(), at: performance.now() });
    if (!pumping) pump();
  }

  async function pump() {
    pumping = true;
    try {
      while (queue.length) {
        if (skipping && queue.length > 1) queue.splice(0, queue.length - 1);
        const item = queue.shift();
        const latest = queue.length === 0;
        const mine = item.msg.you?.seats ?? [];
        const before = shownLog;
        const fresh = before && before.length <= item.log.length ? item.log.slice(before.length) : [];
        const hold = skipping ? 0 : paceOf({ log: fresh, mine, speed: speed.get(), first: before === null });
        shownLog = item.log;
        const shownAt = performance.now();
        const motion = show(latest ? item.msg : { ...item.msg, legal: [] }, item.log, { animate: !skipping && before !== null });
        renderPace();
        const record = { version: item.msg.version, other: hold > 0, received: item.at, shown: shownAt, settled: 0 };
        motionLog.push(record);
        await Promise.all([Promise.resolve(motion).catch(() => {}), hold ? sleep(hold) : null]);
        record.settled = performance.now();
        if (!queue.length) skipping = false;
      }
    } finally {
      pumping = false;
      skipping = false;
      renderPace();
    }
  }

  function show(msg, log, { animate }) {
    const prevViewer = lastMsg?.you?.viewer;
    lastMsg = msg;
    // For tests and styling: the version shown, whether it is over, whether this browser acts.
    shell.dataset.version = String(msg.version);
    shell.dataset.status = msg.status;
    const myTurn = (msg.legal?.length ?? 0) > 0;
    shell.dataset.myTurn = String(myTurn);
    // Whose side the screen shows (hotseat: the seat to act), for tests and styles.
    shell.dataset.viewer = msg.you?.viewer === null || msg.you?.viewer === undefined ? '' : String(msg.you.viewer);
    el.error.textContent = '';
    const motion = v.update(msg, log, { animate });
    el.status.textContent = v.status?.() || view.statusLine?.(msg.observation) || '';
    el.turn.textContent = turnText(msg);
    const mine = msg.you?.seats ?? [];
    el.you.textContent = mine.length === 0
      ? 'You are watching.'
      : `You play ${mine.map(seatName).join(' and ')}${mine.length > 1 ? ' on this device (hotseat)' : ''}. ` +
        (msg.seats ?? []).filter((s) => !mine.includes(s.seat)).map((s) => `${seatName(s.seat)}: ${seatText(s, strengths)}`).join(' · ');
    // Hotseat: say so when the device should change hands, and cover the table (hand, log,
    // hints) until the next player says only they can see the screen.
    if (mine.length > 1 && prevViewer !== undefined && prevViewer !== msg.you.viewer && msg.status !== 'finished') {
      el.banner.textContent = `${seatName(msg.you.viewer)}'s turn — pass the device.`;
      el.banner.hidden = false;
      announce(el.banner.textContent);
      cover(msg.you.viewer, prevViewer);
    } else if (mine.length <= 1 || prevViewer === msg.you?.viewer) {
      el.banner.hidden = true;
    }
    if (msg.status === 'finished' || mine.length <= 1) uncover();
    const over = ['finished', 'aborted', 'expired'].includes(msg.status);
    signalTurn(`Gridwright — ${gameTitle}`, { myTurn, finished: over });
    renderTools(msg);
    renderResult(msg, log, over);
    renderLog(log, msg.observation);
    const others = (msg.seats ?? []).filter((s) => !mine.includes(s.seat));
    const hintable = mine.length > 0 && others.every((s) => s.kind === 'ai') && msg.status !== 'finished' && (msg.legal?.length ?? 0) > 0;
    hint.show(hintable);
    if (hintable) hint.refresh(`${msg.version}:${msg.you?.viewer}`);
    return motion;
  }

  /** The hotseat cover: nothing of the table shows until the next player confirms. */
  function cover(viewer, before) {
    shell.classList.add('covered');
    const reveal = h('button', { type: 'button', class: 'primary', id: 'hotseat-reveal', onclick: () => {
      uncover();
      /** @type {HTMLElement | null} */ (el.main.querySelector('button, [tabindex="0"]'))?.focus();
    } }, `I am ${seatName(viewer)}: show my side`);
    replace(el.cover,
      h('h2', { id: 'hotseat-cover-h' }, `Pass the device to ${seatName(viewer)}`),
      h('p', {}, `${seatName(before)}: look away now. ${seatName(viewer)}: press the button when only you can see the screen.`),
      h('div', { class: 'buttons' }, reveal));
    el.cover.hidden = false;
    reveal.focus();
  }

  function uncover() {
    shell.classList.remove('covered');
    el.cover.hidden = true;
    replace(el.cover);
  }

  let resultShown = false;
  function renderResult(msg, log, over) {
    if (!over) {
      replace(el.result);
      resultShown = false;
      return;
    }
    if (resultShown) return;
    resultShown = true;
    const mine = msg.you?.seats ?? [];
    replace(el.result, resultPanel({
      msg, log,
      game: { sides: view.sideNames?.(msg.observation), scoreName: view.scoreName, keyEvents: view.keyEvents, eventText: view.eventText },
      breakdown: view.scoreBreakdown?.(msg.observation, msg.result?.winners ?? []) ?? null,
      replayHref: msg.status === 'finished' ? `/replay/${id}` : undefined,
      // The same dice are offered where no other person plays (the server mixes the seed
      // otherwise).
      sameSeed: (msg.seats ?? []).every((s) => s.kind === 'ai' || mine.includes(s.seat)),
      onRematch: async ({ sameSeed }) => {
        const created = await api.rematch(id, token, sameSeed ? 'same' : 'new');
        const nid = created.match.id;
        const grant = created.seats?.[0];
        if (grant) tokens.set(nid, grant.token);
        if (created.creator_token) creatorTokens.set(nid, created.creator_token);
        navigate(`/play/${nid}`);
      },
    }));
    const panel = /** @type {HTMLElement | null} */ (el.result.querySelector('.result-panel'));
    if (panel && !root.contains(document.activeElement)) panel.focus({ preventScroll: true });
  }

  live = new Live(id, token, {
    onState,
    onStatus: (st, detail) => {
      el.conn.textContent = st === 'open' ? '● Connected' : st === 'connecting' ? '○ Connecting…' : `○ ${detail ?? 'Disconnected'}`;
      el.conn.dataset.state = st;
    },
    onError: (e) => {
      if ((e.code === 'unauthorized' || e.code === 'forbidden') && live.token && !live.state) {
        // The token is not (or no longer) valid here: watch instead.
        tokens.forget(id);
        token = null;
        live.token = null;
        live.ws?.close();
        el.error.textContent = `${e.message} — watching instead.`;
      } else {
        el.error.textContent = e.message;
      }
    },
  });
  live.start();
  renderPace();
  return () => {
    live.stop();
    wake?.();
    queue.length = 0;
    clearSignal();
    v.destroy();
  };
}
