// The wire: one websocket to /ws, JSON frames, reconnection with backoff, and the
// table's version: a message that skips versions asks for a full `sync`, and a state
// older than the one held is dropped. Also the page's JSON calls over HTTP.

export const CLOSE_REPLACED = 4000;

/** Delay before reconnection attempt `attempt` (0, 1, 2…): 0.5 s doubling to 10 s, ±20 %. */
export function backoffDelay(attempt, random = Math.random) {
  const base = Math.min(10000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** An HTTP call with a JSON body both ways: {ok, status, body, headers} (body null if not JSON). */
export async function fetchJson(url, options) {
  const response = await fetch(url, { headers: { Accept: "application/json", "Content-Type": "application/json" }, ...options });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return { ok: response.ok, status: response.status, body, headers: response.headers };
}

export function socketUrl(loc) {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}

/**
 * Keeps the table's version. `accept(msg)` says whether to hand the message on, and
 * whether a `sync` should be asked for because versions were skipped.
 */
export class VersionTracker {
  constructor() {
    this.version = null;
  }

  reset(version = null) {
    this.version = version;
  }

  accept(msg) {
    if (msg.type === "joined") {
      this.version = typeof msg.version === "number" ? msg.version : null;
      return { deliver: true, sync: false };
    }
    if (msg.type === "left") {
      this.version = null;
      return { deliver: true, sync: false };
    }
    if (typeof msg.version !== "number") return { deliver: true, sync: false };
    const held = this.version;
    if (held === null) {
      this.version = msg.version;
      return { deliver: true, sync: false };
    }
    if (msg.type === "state" && msg.version < held) return { deliver: false, sync: false };
    // A full state mends any gap by itself; anything else that skips versions asks for one.
    const gap = msg.version > held + 1 && msg.type !== "state";
    this.version = Math.max(held, msg.version);
    return { deliver: true, sync: gap };
  }
}

export class Wire {
  /**
   * handlers: onMessage(msg), onOpen(), onStatus(status) with status one of
   * "connecting" | "connected" | "reconnecting" | "replaced".
   */
  constructor(url, handlers, { WebSocketImpl = globalThis.WebSocket, timers = globalThis } = {}) {
    this.url = url;
    this.handlers = handlers;
    this.WebSocketImpl = WebSocketImpl;
    this.timers = timers;
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.stopped = false;
    this.versions = new VersionTracker();
    this.syncAsked = false;
  }

  get open() {
    return Boolean(this.ws && this.ws.readyState === 1);
  }

  connect() {
    this.stopped = false;
    if (this.retryTimer) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.ws && this.ws.readyState <= 1) return;
    this.handlers.onStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    let ws;
    try {
      ws = new this.WebSocketImpl(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.syncAsked = false;
      this.versions.reset();
      this.handlers.onStatus("connected");
      this.handlers.onOpen();
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (event.code === CLOSE_REPLACED) {
        this.stopped = true;
        this.handlers.onStatus("replaced");
        return;
      }
      if (!this.stopped) this.scheduleRetry();
    };
    ws.onerror = () => {
      // onclose follows and decides what to do.
    };
  }

  scheduleRetry() {
    if (this.stopped || this.retryTimer) return;
    this.handlers.onStatus("reconnecting");
    const delay = backoffDelay(this.attempt++);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** Try now (e.g. the browser came back online) instead of waiting out the backoff. */
  retryNow() {
    if (this.stopped || this.open) return;
    if (this.ws && this.ws.readyState === 0) return;
    this.connect();
  }

  /**
   * Drop this socket and open a new one at once: the server reads the session cookie at the
   * handshake, so logging in or out needs a new socket to be seen as the new identity.
   */
  reconnect() {
    const old = this.ws;
    this.ws = null; // its onclose is then ignored
    if (old) old.close(1000);
    this.attempt = 0;
    this.connect();
  }

  /** Close for good (no reconnection) until connect() is called again. */
  stop() {
    this.stopped = true;
    if (this.retryTimer) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }

  send(msg) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object" || typeof msg.type !== "string") return;
    const { deliver, sync } = this.versions.accept(msg);
    if (msg.type === "state") this.syncAsked = false;
    if (sync && !this.syncAsked) {
      this.syncAsked = true;
      this.send({ type: "sync" });
    }
    if (deliver) this.handlers.onMessage(msg);
  }
}
