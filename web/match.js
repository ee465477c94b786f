// A match being played or watched: header (who acts, connection, undo, invite), the game's
// view, and the event log. Seat tokens live in this browser's store, never in the address bar:
// a link that carries one (`#token=…`, as the API's seat grants do) is stored and the address
// bar cleaned at once, so copying the URL never hands over the seat.

import { Live, api, creatorTokens, tokens } from './api.js';
import { aiLabel, h, replace, seatName } from './dom.js';
import { viewFor } from './views/index.js';
import { hintPanel, liveHint } from './hint.js';

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
  const strengths = await api.games().then((r) => r.games?.find((g) => g.name === summary.game)?.strengths, () => undefined);
  const gameTitle = view.title || summary.game;
  document.title = `Gridwright — ${gameTitle}`;

  const el = {
    status: h('p', { class: 'status', id: 'status' }),
    turn: h('p', { class: 'turn', id: 'turn', 'aria-live': 'polite' }),
    you: h('p', { class: 'you' }),
    conn: h('span', { class: 'conn', role: 'status' }, 'Connecting…'),
    tools: h('div', { class: 'buttons match-tools' }),
    banner: h('div', { class: 'banner', hidden: true }),
    main: h('div', { class: 'slot-main' }),
    side: h('div', { class: 'slot-side' }),
    extra: h('div', { class: 'slot-extra' }),
    log: h('ol', { class: 'log', id: 'log', 'aria-label': 'Game log' }),
    error: h('p', { class: 'error', role: 'alert' }),
  };
  // Hints: only where no other person plays (the server enforces the same rule).
  const hint = hintPanel({
    request: () => liveHint(id, token, lastMsg?.you?.viewer),
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
        h('div', {}, h('h1', {}, `${gameTitle}${summary.scenario ? ` — ${summary.scenario}` : ''}`), el.status, el.turn, el.you),
        h('div', { class: 'head-right' }, el.conn, el.tools)),
      el.error, el.banner,
      h('div', { class: 'match-body' }, el.main, el.extra, h('aside', { class: 'match-side' }, el.side, hint.el, logPanel))));

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
    const creator = creatorTokens.get(id);
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
  function onState(msg, log) {
    const prevViewer = lastMsg?.you?.viewer;
    lastMsg = msg;
    // For tests and styling: the version shown, whether it is over, whether this browser acts.
    shell.dataset.version = String(msg.version);
    shell.dataset.status = msg.status;
    shell.dataset.myTurn = String((msg.legal?.length ?? 0) > 0);
    el.error.textContent = '';
    v.update(msg, log);
    el.status.textContent = v.status?.() || view.statusLine?.(msg.observation) || '';
    el.turn.textContent = turnText(msg);
    const mine = msg.you?.seats ?? [];
    el.you.textContent = mine.length === 0
      ? 'You are watching.'
      : `You play ${mine.map(seatName).join(' and ')}${mine.length > 1 ? ' on this device (hotseat)' : ''}. ` +
        (msg.seats ?? []).filter((s) => !mine.includes(s.seat)).map((s) => `${seatName(s.seat)}: ${seatText(s, strengths)}`).join(' · ');
    // Hotseat: say so when the device should change hands.
    if (mine.length > 1 && prevViewer !== undefined && prevViewer !== msg.you.viewer && msg.status !== 'finished') {
      el.banner.textContent = `${seatName(msg.you.viewer)}'s turn — pass the device.`;
      el.banner.hidden = false;
      announce(el.banner.textContent);
    } else if (mine.length <= 1 || prevViewer === msg.you?.viewer) {
      el.banner.hidden = true;
    }
    renderTools(msg);
    renderLog(log, msg.observation);
    const others = (msg.seats ?? []).filter((s) => !mine.includes(s.seat));
    const hintable = mine.length > 0 && others.every((s) => s.kind === 'ai') && msg.status !== 'finished' && (msg.legal?.length ?? 0) > 0;
    hint.show(hintable);
    if (hintable) hint.refresh(`${msg.version}:${msg.you?.viewer}`);
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
  return () => {
    live.stop();
    v.destroy();
  };
}
