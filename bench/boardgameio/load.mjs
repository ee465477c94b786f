// Load generator: many concurrent Connect Four matches of uniformly random legal moves, against
// either boardgame.io (socket.io) or the Gridwright server (WebSocket), with the same structure
// for both: each match has two players on two connections, created through the server's HTTP
// lobby API; a move's latency runs from sending it on the mover's connection until the mover
// receives the resulting state.
//
//   node load.mjs --target bgio|gridwright --url http://127.0.0.1:PORT
//                 [--concurrency 32] [--seconds 10] [--games 100000] [--seed 1] [--json]
//
// Bounded in time (--seconds) and in matches started (--games). Moves per second count every
// move over the whole run, match setup (lobby calls, connecting, first state) included, as a
// real server sees it; setup time is reported on its own. Prints one summary line; with --json
// one JSON object.

import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { COLS, openColumns } from './connect-four.mjs';

const require = createRequire(import.meta.url);

function parseArgs(argv) {
  const opts = { target: '', url: '', concurrency: 32, seconds: 10, games: 100000, seed: 1, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    switch (a) {
      case '--target': opts.target = val(); break;
      case '--url': opts.url = val().replace(/\/$/, ''); break;
      case '--concurrency': opts.concurrency = Number(val()); break;
      case '--seconds': opts.seconds = Number(val()); break;
      case '--games': opts.games = Number(val()); break;
      case '--seed': opts.seed = Number(val()); break;
      case '--json': opts.json = true; break;
      default: throw new Error(`unknown option ${a}`);
    }
  }
  if (!['bgio', 'gridwright'].includes(opts.target)) throw new Error('--target must be bgio or gridwright');
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(opts.url)) throw new Error('--url must be http://127.0.0.1:PORT (loopback only)');
  return opts;
}

/** A small seeded PRNG (mulberry32), so both targets see the same kind of random play. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function postJson(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Resolves with the first value `test` accepts among those later passed to `push`. */
class Inbox {
  constructor() {
    this.latest = null;
    this.waiters = [];
  }
  push(v) {
    this.latest = v;
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(v)) return true;
      clearTimeout(w.timer);
      w.resolve(v);
      return false;
    });
  }
  next(test, ms = 30000, what = 'message') {
    if (this.latest !== null && test(this.latest)) return Promise.resolve(this.latest);
    return new Promise((resolve, reject) => {
      const w = { test, resolve };
      w.timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error(`timed out waiting for ${what}`));
      }, ms);
      this.waiters.push(w);
    });
  }
}

// --- boardgame.io -------------------------------------------------------------------------

async function bgioGame(url, random, record, setupDone) {
  const { io } = require('socket.io-client');
  const { matchID } = await postJson(`${url}/games/connect-four/create`, { numPlayers: 2 });
  const creds = [];
  for (const playerID of ['0', '1']) {
    const j = await postJson(`${url}/games/connect-four/${matchID}/join`, { playerID, playerName: `p${playerID}` });
    creds.push(j.playerCredentials);
  }
  const players = ['0', '1'].map((playerID, i) => {
    const socket = io(`${url}/connect-four`, { transports: ['websocket'], forceNew: true, reconnection: false });
    const inbox = new Inbox();
    socket.on('sync', (id, info) => id === matchID && inbox.push(info.state));
    socket.on('update', (id, state) => id === matchID && inbox.push(state));
    socket.on('connect', () => socket.emit('sync', matchID, playerID, creds[i], 2));
    return { playerID, socket, inbox, credentials: creds[i] };
  });
  try {
    let state = (await Promise.all(players.map((p) => p.inbox.next(() => true, 30000, 'sync'))))[0];
    setupDone();
    while (!state.ctx.gameover) {
      const p = players[Number(state.ctx.currentPlayer)];
      const cols = openColumns(state.G.cells);
      const col = cols[Math.floor(random() * cols.length)];
      const before = state._stateID;
      const action = {
        type: 'MAKE_MOVE',
        payload: { type: 'drop', args: [col], playerID: p.playerID, credentials: p.credentials },
      };
      const t0 = performance.now();
      p.socket.emit('update', action, before, matchID, p.playerID);
      state = await p.inbox.next((s) => s._stateID > before, 30000, 'update');
      record(performance.now() - t0);
    }
  } finally {
    for (const p of players) p.socket.close();
  }
}

// --- Gridwright ---------------------------------------------------------------------------

async function gridwrightGame(url, random, record, setupDone) {
  const WebSocket = require('ws');
  const created = await postJson(`${url}/api/matches`, {
    game: 'connect-four',
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  const id = created.match.id;
  const wsUrl = url.replace(/^http/, 'ws') + `/api/matches/${id}/ws`;
  const players = created.seats.map((grant) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    const inbox = new Inbox();
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token: grant.token })));
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'state') inbox.push(msg);
      else if (msg.type === 'error') inbox.push({ ...msg, failed: true });
    });
    return { ws, inbox, seat: grant.seat };
  });
  try {
    let state = (await Promise.all(players.map((p) => p.inbox.next((m) => m.type === 'state', 30000, 'state'))))[0];
    setupDone();
    while (state.status !== 'finished') {
      // As with boardgame.io, the client picks a column that is not full from the board it sees.
      const seat = state.turn.seats[0];
      const p = players.find((q) => q.seat === seat);
      const cols = [];
      for (let c = 0; c < COLS; c++) if (state.observation.board[0][c] === null) cols.push(c);
      const col = cols[Math.floor(random() * cols.length)];
      const version = state.version;
      const t0 = performance.now();
      p.ws.send(JSON.stringify({ type: 'act', version, action: { drop: col }, seat }));
      const next = await p.inbox.next((m) => m.failed || m.version > version, 30000, 'state after act');
      if (next.failed) throw new Error(`move refused: ${next.code}: ${next.message}`);
      record(performance.now() - t0);
      state = next;
    }
  } finally {
    for (const p of players) p.ws.close();
  }
}

// --- harness ------------------------------------------------------------------------------

function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const play = opts.target === 'bgio' ? bgioGame : gridwrightGame;
  const latencies = [];
  const setups = [];
  let started = 0;
  let finished = 0;
  let errors = 0;
  let firstError = null;
  let moveWindowStart = null;
  const t0 = performance.now();
  const deadline = t0 + opts.seconds * 1000;
  const record = (ms) => {
    if (moveWindowStart === null) moveWindowStart = performance.now() - ms;
    latencies.push(ms);
  };
  const worker = async (w) => {
    const random = rng(opts.seed * 7919 + w);
    while (performance.now() < deadline && started < opts.games) {
      started++;
      const t = performance.now();
      try {
        await play(opts.url, random, record, () => setups.push(performance.now() - t));
        finished++;
      } catch (e) {
        errors++;
        firstError ??= String(e?.message ?? e);
        if (errors > 20) throw new Error(`too many failed matches; first: ${firstError}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  setups.sort((a, b) => a - b);
  const summary = {
    target: opts.target,
    concurrency: opts.concurrency,
    seconds: Number(elapsed.toFixed(2)),
    games: finished,
    failed_games: errors,
    first_error: firstError,
    moves: latencies.length,
    moves_per_sec: Number((latencies.length / elapsed).toFixed(1)),
    p50_ms: Number(percentile(latencies, 0.5).toFixed(3)),
    p99_ms: Number(percentile(latencies, 0.99).toFixed(3)),
    max_ms: Number((latencies.at(-1) ?? NaN).toFixed(3)),
    setup_p50_ms: Number(percentile(setups, 0.5).toFixed(3)),
  };
  if (opts.json) console.log(JSON.stringify(summary));
  else {
    console.log(
      `${summary.target}: ${summary.moves} moves in ${summary.seconds}s = ${summary.moves_per_sec} moves/s; ` +
        `p50 ${summary.p50_ms} ms, p99 ${summary.p99_ms} ms; match setup p50 ${summary.setup_p50_ms} ms ` +
        `(${summary.games} games, ${summary.concurrency} concurrent` +
        `${errors ? `, ${errors} failed: ${firstError}` : ''})`,
    );
  }
  if (latencies.length === 0) process.exitCode = 1;
}

main().catch((e) => {
  console.error(`load: ${e.message ?? e}`);
  process.exit(1);
});
