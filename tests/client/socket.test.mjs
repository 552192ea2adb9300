// The wire's ordering of the table's versions and its reconnection, without a browser:
// client/js/socket.js, with a fake WebSocket and fake timers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { backoffDelay, CLOSE_REPLACED, socketUrl, VersionTracker, Wire } from "../../client/js/socket.js";

test("the backoff doubles from 0.5 s to 10 s, give or take 20 %", () => {
  const middle = () => 0.5;
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => backoffDelay(attempt, middle)), [500, 1000, 2000, 4000, 8000, 10000, 10000, 10000]);
  assert.equal(backoffDelay(0, () => 0), 400);
  assert.equal(backoffDelay(0, () => 1), 600);
});

test("the socket's address follows the page's scheme and host", () => {
  assert.equal(socketUrl({ protocol: "https:", host: "example.org" }), "wss://example.org/ws");
  assert.equal(socketUrl({ protocol: "http:", host: "localhost:8000" }), "ws://localhost:8000/ws");
});

test("joined sets the version; the next in order passes, a state older than the one held is dropped", () => {
  const versions = new VersionTracker();
  assert.deepEqual(versions.accept({ type: "joined", version: 5 }), { deliver: true, sync: false });
  assert.deepEqual(versions.accept({ type: "state", version: 6 }), { deliver: true, sync: false });
  assert.deepEqual(versions.accept({ type: "chat", version: 7 }), { deliver: true, sync: false });
  assert.deepEqual(versions.accept({ type: "state", version: 6 }), { deliver: false, sync: false });
  assert.equal(versions.version, 7);
});

test("a message that skips versions asks for a sync; a full state mends the gap by itself", () => {
  const versions = new VersionTracker();
  versions.accept({ type: "joined", version: 1 });
  assert.deepEqual(versions.accept({ type: "chat", version: 4 }), { deliver: true, sync: true });
  assert.equal(versions.version, 4);
  assert.deepEqual(versions.accept({ type: "state", version: 9 }), { deliver: true, sync: false });
  assert.equal(versions.version, 9);
});

test("a message of the same version (a spectator came) passes, and an older chat is not a gap", () => {
  const versions = new VersionTracker();
  versions.accept({ type: "joined", version: 3 });
  assert.deepEqual(versions.accept({ type: "chat", version: 3 }), { deliver: true, sync: false });
  assert.deepEqual(versions.accept({ type: "chat", version: 2 }), { deliver: true, sync: false });
  assert.equal(versions.version, 3, "the version held never goes back");
});

test("left forgets the version; the first versioned message after it is taken as it comes", () => {
  const versions = new VersionTracker();
  versions.accept({ type: "joined", version: 8 });
  assert.deepEqual(versions.accept({ type: "left" }), { deliver: true, sync: false });
  assert.equal(versions.version, null);
  assert.deepEqual(versions.accept({ type: "state", version: 2 }), { deliver: true, sync: false });
  assert.equal(versions.version, 2);
});

test("messages without a version (lobby, error) pass and change nothing", () => {
  const versions = new VersionTracker();
  versions.accept({ type: "joined", version: 4 });
  assert.deepEqual(versions.accept({ type: "lobby", rooms: [] }), { deliver: true, sync: false });
  assert.deepEqual(versions.accept({ type: "error", code: "not_your_turn" }), { deliver: true, sync: false });
  assert.equal(versions.version, 4);
});

/** A WebSocket stand-in: records what is sent, opens, delivers and closes on the test's say. */
class FakeSocket {
  static made = [];

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.closedWith = null;
    FakeSocket.made.push(this);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close(code) {
    this.closedWith = code;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen();
  }

  deliver(msg) {
    this.onmessage({ data: typeof msg === "string" ? msg : JSON.stringify(msg) });
  }

  drop(code = 1006) {
    this.readyState = 3;
    this.onclose({ code });
  }
}

/** Timers the test fires by hand: {setTimeout, clearTimeout, pending, fire()}. */
function fakeTimers() {
  const pending = new Map();
  let next = 1;
  return {
    pending,
    setTimeout(fn, delay) {
      pending.set(next, { fn, delay });
      return next++;
    },
    clearTimeout(id) {
      pending.delete(id);
    },
    fire() {
      const [[id, { fn }]] = pending;
      pending.delete(id);
      fn();
    },
  };
}

function makeWire() {
  FakeSocket.made = [];
  const seen = { messages: [], statuses: [], opens: 0 };
  const timers = fakeTimers();
  const wire = new Wire(
    "ws://test/ws",
    { onMessage: (msg) => seen.messages.push(msg), onOpen: () => seen.opens++, onStatus: (status) => seen.statuses.push(status) },
    { WebSocketImpl: FakeSocket, timers },
  );
  return { wire, seen, timers };
}

test("a gap asks for one sync, not one per message, until a state arrives", () => {
  const { wire, seen } = makeWire();
  wire.connect();
  const ws = FakeSocket.made[0];
  ws.open();
  ws.deliver({ type: "joined", version: 1 });
  ws.deliver({ type: "chat", version: 3 });
  ws.deliver({ type: "chat", version: 5 });
  assert.deepEqual(ws.sent, [{ type: "sync" }]);
  ws.deliver({ type: "state", version: 5 });
  ws.deliver({ type: "chat", version: 7 });
  assert.deepEqual(ws.sent, [{ type: "sync" }, { type: "sync" }], "after the state, a new gap asks again");
  assert.deepEqual(
    seen.messages.map((msg) => msg.version),
    [1, 3, 5, 5, 7],
  );
});

test("a stale state is not handed on; frames that are not messages are ignored", () => {
  const { wire, seen } = makeWire();
  wire.connect();
  const ws = FakeSocket.made[0];
  ws.open();
  ws.deliver({ type: "joined", version: 4 });
  ws.deliver({ type: "state", version: 3 });
  ws.deliver("not json");
  ws.deliver("[1, 2]");
  ws.deliver({ version: 9 });
  assert.deepEqual(seen.messages, [{ type: "joined", version: 4 }]);
});

test("a dropped socket reconnects after the backoff, and a new socket starts its versions afresh", () => {
  const { wire, seen, timers } = makeWire();
  wire.connect();
  FakeSocket.made[0].open();
  FakeSocket.made[0].deliver({ type: "joined", version: 9 });
  FakeSocket.made[0].drop();
  assert.deepEqual(seen.statuses, ["connecting", "connected", "reconnecting"]);
  assert.equal(timers.pending.size, 1);
  const [{ delay }] = timers.pending.values();
  assert.ok(delay >= 400 && delay <= 600, `first retry after ${delay} ms`);
  timers.fire();
  const again = FakeSocket.made[1];
  assert.ok(again, "a new socket was opened");
  again.open();
  assert.equal(seen.opens, 2);
  again.deliver({ type: "state", version: 2 });
  assert.deepEqual(seen.messages.at(-1), { type: "state", version: 2 }, "an older version on a new socket is not stale");
  assert.equal(again.sent.length, 0);
});

test("close 4000 (replaced by another tab) stops reconnecting until asked", () => {
  const { wire, seen, timers } = makeWire();
  wire.connect();
  FakeSocket.made[0].open();
  FakeSocket.made[0].drop(CLOSE_REPLACED);
  assert.equal(seen.statuses.at(-1), "replaced");
  assert.equal(timers.pending.size, 0);
  wire.retryNow();
  assert.equal(FakeSocket.made.length, 1, "retryNow does not undo a replacement");
  wire.connect();
  assert.equal(FakeSocket.made.length, 2);
});

test("nothing is sent on a socket that is not open", () => {
  const { wire } = makeWire();
  assert.equal(wire.send({ type: "sync" }), false);
  wire.connect();
  assert.equal(wire.send({ type: "sync" }), false);
  FakeSocket.made[0].open();
  assert.equal(wire.send({ type: "sync" }), true);
  assert.deepEqual(FakeSocket.made[0].sent, [{ type: "sync" }]);
});

test("reconnect drops the socket at once for a new one; stop closes it for good", () => {
  const { wire, timers } = makeWire();
  wire.connect();
  const first = FakeSocket.made[0];
  first.open();
  wire.reconnect();
  assert.equal(first.closedWith, 1000);
  assert.equal(FakeSocket.made.length, 2);
  first.onclose({ code: 1000 });
  assert.equal(timers.pending.size, 0, "the old socket's close schedules nothing");
  const second = FakeSocket.made[1];
  second.open();
  wire.stop();
  assert.equal(second.closedWith, 1000);
  assert.equal(wire.open, false);
  second.onclose({ code: 1000 });
  assert.equal(timers.pending.size, 0);
});
