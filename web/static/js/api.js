// The client of the HTTP JSON and WebSocket API (docs/api.md), and the seat tokens kept in
// localStorage.

/**
 * ApiError is a refused request: the HTTP status and the server's error code and message, and
 * for a refused move the rule that forbids it ({rule, name, reason}), when the server names one.
 */
export class ApiError extends Error {
  constructor(status, code, message, refusal = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.refusal = refusal;
  }
}

/**
 * api calls one endpoint under /api/v1 and returns the decoded answer (null for 204); signal, if
 * given, aborts the request.
 */
export async function api(method, path, body, token, signal) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  let res;
  try {
    res = await fetch('/api/v1' + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal,
    });
  } catch (e) {
    throw new ApiError(0, 'network', 'cannot reach the server: ' + e.message);
  }
  if (res.status === 204) return null;
  const type = res.headers.get('Content-Type') || '';
  if (!type.includes('json')) {
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, 'http_' + res.status, text || res.statusText);
    return text;
  }
  const data = await res.json();
  if (!res.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(res.status, err.code || 'http_' + res.status, err.message || res.statusText, err.refusal || null);
  }
  return data;
}

/**
 * engineSearch posts an analysis or a mate search (POST /analyze, /solve). When the server queues
 * it (202), it asks about the job every second, passing each answer to onWait (queue_position and
 * queue_length while it waits, status 'running' once it runs), until the result. The returned
 * cancel() takes the job out of the queue or cuts it short (a search that the POST itself answers
 * ends when the POST is aborted), and resolves once the server has been told; promise then
 * rejects with code 'canceled'. The server takes one search per client: a refusal for another one
 * still ending is retried a few times.
 */
export function engineSearch(path, body, onWait) {
  let job = null;
  let stopped = false;
  let wake = () => {};
  const abort = new AbortController();
  const canceled = () => new ApiError(0, 'canceled', 'canceled');
  const pause = (ms) => new Promise((resolve) => { const t = setTimeout(resolve, ms); wake = () => { clearTimeout(t); resolve(); }; });
  const post = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await api('POST', path, body, undefined, abort.signal);
      } catch (e) {
        if (stopped || e.code !== 'rate_limited' || attempt >= 3) throw e;
        await pause(400);
      }
    }
  };
  const promise = (async () => {
    let r = await post();
    if (!r || !r.job || !r.status) return r;
    job = r.job;
    for (;;) {
      if (stopped) {
        await api('DELETE', '/analysis/' + job).catch(() => {});
        throw canceled();
      }
      if (r.status === 'done') return r.result;
      if (r.error) throw new ApiError(200, r.error.code, r.error.message);
      onWait(r);
      await pause(1000);
      if (!stopped) r = await api('GET', '/analysis/' + job);
    }
  })();
  const settled = promise.then((r) => { if (stopped) throw canceled(); return r; }, (e) => { throw stopped ? canceled() : e; });
  return {
    promise: settled,
    cancel() {
      stopped = true;
      if (!job) abort.abort();
      wake();
      return settled.then(() => {}, () => {});
    },
  };
}

/**
 * asked answers a POST of body to path once per body: the promise is kept in cache (a Map, the
 * page's), a refused request is forgotten so that it is asked again. send makes the request
 * (default: api), for a page that queues its requests.
 */
export function asked(cache, path, body, send = () => api('POST', path, body)) {
  const key = path + ' ' + JSON.stringify(body);
  if (!cache.has(key)) {
    const p = send();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return cache.get(key);
}

/** ordinal writes 1 as 1st, 2 as 2nd, 23 as 23rd. */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return n + (teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th');
}

/** apiText fetches a text resource (PGN) under /api/v1. */
export async function apiText(path) {
  const res = await fetch('/api/v1' + path);
  if (!res.ok) throw new ApiError(res.status, 'http_' + res.status, await res.text());
  return res.text();
}

const SEATS = 'timechess.seats';

/** seats is the store of seat tokens: game id -> {token, side, at}. */
export const seats = {
  all() {
    try { return JSON.parse(localStorage.getItem(SEATS)) || {}; } catch { return {}; }
  },
  get(id) { return this.all()[id] || null; },
  set(id, token, side, extra = {}) {
    const all = this.all();
    const old = all[id] && all[id].token === token ? all[id] : {};
    all[id] = { ...old, ...extra, token, side: side || old.side || '', at: Date.now() };
    localStorage.setItem(SEATS, JSON.stringify(all));
  },
  remove(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem(SEATS, JSON.stringify(all));
  },
};

const SEEKS = 'timechess.seeks';

/** mySeeks remembers the tokens of the seeks this browser created: seek id -> token. */
export const mySeeks = {
  all() {
    try { return JSON.parse(localStorage.getItem(SEEKS)) || {}; } catch { return {}; }
  },
  set(id, token) {
    const all = this.all();
    all[id] = token;
    localStorage.setItem(SEEKS, JSON.stringify(all));
  },
  remove(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem(SEEKS, JSON.stringify(all));
  },
};

function wsURL(path) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/v1${path}`;
}

/**
 * LiveSocket keeps a WebSocket open: it reconnects with backoff after a drop, says hello
 * again on each connect, and hands every message to onMessage. The server sends the whole
 * game on connect (then updates: wire.js), so a reconnect resumes the exact state.
 */
export class LiveSocket {
  constructor(path, { onMessage, onState, hello } = {}) {
    this.path = path;
    this.onMessage = onMessage || (() => {});
    this.onState = onState || (() => {});
    this.hello = hello;
    this.closed = false;
    this.delay = 500;
    this.seq = 0;
    this.pending = new Map();
    this.open();
  }

  open() {
    if (this.closed) return;
    this.onState('connecting');
    const ws = new WebSocket(wsURL(this.path));
    this.ws = ws;
    ws.addEventListener('open', () => {
      this.delay = 500;
      this.onState('open');
      this.greet();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }).catch(() => {}), 25000);
    });
    ws.addEventListener('message', (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.id && this.pending.has(msg.id)) {
        const { resolve, reject } = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.type === 'error') reject(new ApiError(0, msg.error.code, msg.error.message));
        else resolve(msg);
      }
      this.onMessage(msg);
    });
    ws.addEventListener('close', () => {
      clearInterval(this.pinger);
      for (const { reject } of this.pending.values()) reject(new ApiError(0, 'network', 'connection lost; try again'));
      this.pending.clear();
      if (this.closed) return;
      this.onState('closed');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  /** send sends a request with a fresh id and resolves with its ack/pong/game answer. */
  send(msg) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new ApiError(0, 'network', 'not connected; reconnecting'));
        return;
      }
      const id = 'c' + (++this.seq);
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  /** notify sends a message that has no answer of its own (resync); not connected, it is dropped. */
  notify(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  /** greet says hello again with the current token (a seat just taken); closed, the next connect does. */
  greet() {
    const token = this.hello && this.hello();
    if (token) this.notify({ type: 'hello', token });
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}
