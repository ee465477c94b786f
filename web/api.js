// The server's HTTP API and a live WebSocket connection to one match, with reconnect and resume.
// Protocol: docs/server.md (routes in crates/server/src/api.rs, messages in ws.rs).

/** A refusal from the server: `code` is the stable machine-readable reason. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.body = body;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{body?: unknown, token?: string | null}} [options]
 */
async function http(method, path, { body, token } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

const m = (id) => `/api/matches/${encodeURIComponent(id)}`;

export const api = {
  games: () => http('GET', '/api/games'),
  /** One game's entry (its scenarios, strengths, decks), as in the list of games. */
  game: (name) => http('GET', `/api/games/${encodeURIComponent(name)}`),
  matches: (status, limit = 30) => http('GET', `/api/matches?status=${status}&limit=${limit}`),
  match: (id) => http('GET', m(id)),
  create: (req) => http('POST', '/api/matches', { body: req }),
  join: (id, seat) => http('POST', `${m(id)}/join`, { body: seat === undefined ? {} : { seat } }),
  state: (id, token) => http('GET', `${m(id)}/state`, { token }),
  act: (id, token, version, action, seat) => http('POST', `${m(id)}/actions`, { token, body: { version, action, seat } }),
  /** The match's public reference data (card texts, unit tables), the same for every viewer. */
  reference: (id) => http('GET', `${m(id)}/reference`),
  undo: (id, token, version) => http('POST', `${m(id)}/undo`, { token, body: { version } }),
  /** What to show before `action` is confirmed: `{text, odds}`, or null if the server has no preview. */
  preview: async (id, token, action, seat) => {
    try {
      return await http('POST', `${m(id)}/preview`, { token, body: { action, seat } });
    } catch (e) {
      if (e.status === 404 || e.status === 405) return null;
      throw e;
    }
  },
  /** Ends the match early: `token` is its creator token (or the operator's credential). */
  abort: (id, token) => http('POST', `${m(id)}/abort`, { token, body: {} }),
  /** Resigns the caller's seat (`seat` for a hotseat token holding several). */
  resign: async (id, token, seat) => {
    const body = seat === undefined || seat === null ? {} : { seat };
    try {
      return await http('POST', `${m(id)}/resign`, { token, body });
    } catch (e) {
      // A route that takes no seat: ask again without one.
      if (e.status === 400 && 'seat' in body) return http('POST', `${m(id)}/resign`, { token, body: {} });
      throw e;
    }
  },
  /** A new match with the same setup as `id` (ended): `seed` `same` keeps the dice, `new` draws new ones. */
  rematch: (id, token, seed = 'new') => http('POST', `${m(id)}/rematch`, { token, body: { seed } }),
  replayStep: (id, n) => http('GET', `${m(id)}/replay/${n}`),
  /** MCTS's advice: `{report, seat, at}` (hotseat, vs-AI and finished matches only). */
  hint: (id, token, body) => http('POST', `${m(id)}/hint`, { token: token ?? undefined, body }),
  /** The newest Lab runs. */
  labRuns: () => http('GET', '/api/lab/runs'),
  /** One Lab run: where it stands, its report so far and its charts. */
  labRun: (id) => http('GET', `/api/lab/runs/${encodeURIComponent(id)}`),
  /** Starts a Lab run; a refusal names the field and why. */
  labStart: (req) => http('POST', '/api/lab/runs', { body: req }),
  /** Cancels a Lab run with the token its start handed out. */
  labCancel: (id, token) => http('POST', `/api/lab/runs/${encodeURIComponent(id)}/cancel`, { body: {}, token }),
};

/** Creator tokens of the matches this browser created, by match id: they let it abort them. */
export const creatorTokens = {
  get: (id) => localStorage.getItem(`gridwright.creator.${id}`),
  set: (id, token) => localStorage.setItem(`gridwright.creator.${id}`, token),
};

/** The tokens of the Lab runs this browser started, by run id: they let it cancel them. */
export const labTokens = {
  get: (id) => localStorage.getItem(`gridwright.lab.${id}`),
  set: (id, token) => localStorage.setItem(`gridwright.lab.${id}`, token),
};

/** Seat tokens this browser holds, by match id (so a reload or a later visit keeps the seat). */
export const tokens = {
  get: (id) => localStorage.getItem(`gridwright.token.${id}`),
  set: (id, token) => localStorage.setItem(`gridwright.token.${id}`, token),
  forget: (id) => localStorage.removeItem(`gridwright.token.${id}`),
};

/**
 * A live connection to one match. Calls `onState(msg, log)` with every `state` message and the
 * whole visible log so far; `onStatus('connecting' | 'open' | 'closed', detail)` as the socket
 * comes and goes. After a drop it reconnects with growing pauses and resumes from the last log
 * entry it holds, so only new entries travel.
 */
export class Live {
  constructor(id, token, { onState, onStatus, onError }) {
    this.id = id;
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus ?? (() => {});
    this.onError = onError ?? (() => {});
    this.log = [];
    this.state = null;
    this.pending = new Map();
    this.nextId = 1;
    this.backoff = 0;
    this.stopped = false;
    this.ws = null;
  }

  start() {
    this.stopped = false;
    this.connect();
    this.ping = setInterval(() => this.send({ type: 'ping' }), 25000);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.ping);
    clearTimeout(this.retry);
    this.ws?.close(1000, 'leaving');
    for (const p of this.pending.values()) p.reject(new ApiError(0, { code: 'closed', message: 'connection closed' }));
    this.pending.clear();
  }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/matches/${encodeURIComponent(this.id)}/ws`);
    this.ws = ws;
    this.onStatus('connecting');
    ws.onopen = () => {
      this.backoff = 0;
      // One log per viewer (a hotseat device shows each seat its own view): a hand-over then
      // brings only what that seat's log lacks.
      const hello = { type: 'hello', from: this.log.length, logs: 'per_viewer' };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const p of this.pending.values()) p.reject(new ApiError(0, { code: 'closed', message: 'connection lost; try again' }));
      this.pending.clear();
      if (this.stopped) return;
      if (ev.code === 4404) {
        this.onStatus('closed', 'There is no such match.');
        return;
      }
      this.onStatus('closed', 'Connection lost — reconnecting…');
      this.backoff = Math.min(10000, this.backoff ? this.backoff * 2 : 500);
      this.retry = setTimeout(() => this.connect(), this.backoff);
    };
  }

  receive(msg) {
    const waiter = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
    if (waiter) this.pending.delete(msg.id);
    switch (msg.type) {
      case 'welcome':
        this.role = msg.role;
        this.onStatus('open', msg.role);
        break;
      case 'state':
        this.applyState(msg);
        break;
      case 'ack':
        waiter?.resolve(msg);
        break;
      case 'error':
        if (waiter) waiter.reject(new ApiError(0, msg));
        else this.onError(new ApiError(0, msg));
        break;
      default:
        break;
    }
  }

  applyState(msg) {
    const key = msg.you?.viewer ?? 'spectator';
    if (!this.logs || this.logs.owner !== this.log) this.logs = { owner: null, byViewer: new Map() };
    const mine = this.logs.byViewer.get(key) ?? (this.logs.byViewer.size ? [] : this.log);
    const from = Math.min(msg.log_from ?? 0, mine.length);
    this.log = mine.slice(0, from).concat(msg.log ?? []);
    if (typeof msg.log_len === 'number' && this.log.length > msg.log_len) this.log.length = msg.log_len;
    this.logs.byViewer.set(key, this.log);
    this.logs.owner = this.log;
    this.state = msg;
    this.onState(msg, this.log);
  }

  send(msg) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.send({ ...msg, id })) {
        reject(new ApiError(0, { code: 'offline', message: 'not connected' }));
        return;
      }
      this.pending.set(id, { resolve, reject });
    });
  }

  /** Sends an action quoting the version it was chosen at; falls back to HTTP when offline. */
  async act(action, seat) {
    const version = this.state?.version ?? 0;
    const msg = { type: 'act', version, action };
    if (seat !== undefined && seat !== null) msg.seat = seat;
    try {
      return await this.request(msg);
    } catch (e) {
      if (e.code !== 'offline') throw e;
      const st = await api.act(this.id, this.token, version, action, msg.seat);
      this.log = [];
      this.applyState(st);
      return st;
    }
  }

  async undo() {
    const version = this.state?.version;
    try {
      return await this.request({ type: 'undo', version });
    } catch (e) {
      if (e.code !== 'offline') throw e;
      const st = await api.undo(this.id, this.token, version);
      this.log = [];
      this.applyState(st);
      return st;
    }
  }
}
