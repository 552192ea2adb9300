// The page's store and the pure helpers that read a `state` message: client/js/state.js.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  clockLeft,
  createStore,
  dropToken,
  dropWatching,
  formatClock,
  handLog,
  handOn,
  handSummary,
  initialState,
  isPartnership,
  mySeat,
  partnersOf,
  pathOf,
  routeOf,
  sameHand,
  saveToken,
  saveWatching,
  seatInfo,
  seatsOfSide,
  sideCount,
  sideOf,
  statusOf,
  tokenFor,
  trickCards,
  watchingAt,
} from "../../client/js/state.js";

/** A `state` message with a hand dealt, its fields overridden by `hand` and `state`. */
function handState({ hand = {}, ...state } = {}) {
  return {
    room: { id: "r1", rules: { players: 2 }, free_seats: 0, seats: [{ seat: 0, name: "Anna" }, { seat: 1, name: "Bruno" }] },
    you: { seat: 0, host: true },
    match: { over: false, best_of: 1, wins: [0, 0], winners: [], hand: { players: 2, dealer: 1, commitment: "c1", over: false, turn: 0, swaps: [], winners: [], ...hand } },
    records: [],
    ...state,
  };
}

/** localStorage's getItem and setItem over a Map. */
function memoryStorage() {
  const items = new Map();
  return { getItem: (key) => (items.has(key) ? items.get(key) : null), setItem: (key, value) => items.set(key, String(value)), items };
}

test("the store patches its value and tells each subscriber until it unsubscribes", () => {
  const store = createStore(initialState());
  const seen = [];
  const unsubscribe = store.subscribe((value) => seen.push(value.conn));
  store.set({ conn: "connected" });
  assert.equal(store.get().conn, "connected");
  assert.deepEqual(store.get().route, { name: "lobby" }, "a patch keeps the other fields");
  unsubscribe();
  store.set({ conn: "reconnecting" });
  assert.deepEqual(seen, ["connected"]);
});

test("sides: partnerships of two with four players, every seat its own side otherwise", () => {
  assert.deepEqual([0, 1, 2, 3].map((seat) => sideOf(seat, 4)), [0, 1, 0, 1]);
  assert.deepEqual([0, 1, 2].map((seat) => sideOf(seat, 3)), [0, 1, 2]);
  assert.deepEqual([2, 3, 4, 6].map(sideCount), [2, 3, 2, 2]);
  assert.deepEqual(seatsOfSide(1, 4), [1, 3]);
  assert.deepEqual(seatsOfSide(2, 3), [2]);
});

test("six players: two partnerships of three in alternate seats", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((seat) => sideOf(seat, 6)), [0, 1, 0, 1, 0, 1]);
  assert.deepEqual(seatsOfSide(0, 6), [0, 2, 4]);
  assert.deepEqual(seatsOfSide(1, 6), [1, 3, 5]);
  assert.deepEqual(partnersOf(3, 6), [1, 5]);
  assert.deepEqual(partnersOf(0, 4), [2]);
  assert.deepEqual(partnersOf(1, 3), [], "three players: no partners");
  assert.deepEqual([2, 3, 4, 5, 6].map(isPartnership), [false, false, true, false, true]);
});

test("a trick's cards go round from its leader", () => {
  assert.deepEqual(trickCards({ leader: 2, cards: ["AD", "3S", "KC"] }, 3), [
    { seat: 2, card: "AD" },
    { seat: 0, card: "3S" },
    { seat: 1, card: "KC" },
  ]);
  assert.deepEqual(trickCards(null, 2), []);
});

test("the hand log tells the deal, each trick, the swaps and the comings and goings in order", () => {
  const hand = {
    players: 2,
    dealer: 1,
    over: false,
    winners: [0, 1],
    swaps: [{ seat: 0, seven: "7D", took: "AD", tricks: 1 }],
  };
  const presence = [
    { tricks: 0, seat: 1, away: true },
    { tricks: 2, seat: 1, away: false },
  ];
  assert.deepEqual(handLog(hand, presence), [
    { kind: "deal", seat: 1 },
    { kind: "away", seat: 1 },
    { kind: "trick", n: 1, leader: 0, winner: 0 },
    { kind: "swap", seat: 0, seven: "7D", took: "AD", tricks: 1 },
    { kind: "trick", n: 2, leader: 0, winner: 1 },
    { kind: "back", seat: 1 },
    { kind: "leads", n: 3, leader: 1 },
  ]);
});

test("the hand log places each signal seen after the tricks played when it was made", () => {
  const hand = {
    players: 4,
    dealer: 3,
    over: false,
    winners: [2, 1],
    swaps: [],
    signals: [
      { seat: 2, signal: "ace_of_trumps", tricks: 1 },
      { seat: 0, signal: "play_carico", tricks: 2 },
    ],
  };
  assert.deepEqual(handLog(hand), [
    { kind: "deal", seat: 3 },
    { kind: "trick", n: 1, leader: 0, winner: 2 },
    { kind: "signal", seat: 2, signal: "ace_of_trumps", tricks: 1 },
    { kind: "trick", n: 2, leader: 2, winner: 1 },
    { kind: "signal", seat: 0, signal: "play_carico", tricks: 2 },
    { kind: "leads", n: 3, leader: 1 },
  ]);
});

test("a finished hand's log ends with its last trick, nobody leading", () => {
  const entries = handLog({ players: 3, dealer: 0, over: true, winners: [2] });
  assert.deepEqual(entries.at(-1), { kind: "trick", n: 1, leader: 1, winner: 2 });
});

test("seat, turn and hand: who you are and whether a hand is on", () => {
  const state = handState();
  assert.equal(mySeat(state), 0);
  assert.equal(mySeat({ ...state, you: { seat: null } }), null);
  assert.equal(mySeat(null), null);
  assert.equal(seatInfo(state.room, 1).name, "Bruno");
  assert.equal(seatInfo(state.room, 5), null);
  assert.equal(handOn(state), true);
  assert.equal(handOn(handState({ hand: { over: true } })), false);
  assert.equal(handOn({ ...state, match: null }), false);
});

test("two states show the same hand when their deals' commitments agree", () => {
  assert.equal(sameHand(handState(), handState({ hand: { turn: 1 } })), true);
  assert.equal(sameHand(handState(), handState({ hand: { commitment: "c2" } })), false);
  assert.equal(sameHand(null, handState()), false);
  assert.equal(sameHand(handState(), { ...handState(), match: null }), false);
});

test("the move clock counts down from the state's arrival and never below zero", () => {
  const clock = { seat: 0, remaining_ms: 30_000 };
  assert.equal(clockLeft(clock, 1000, 1000), 30_000);
  assert.equal(clockLeft(clock, 1000, 11_500), 19_500);
  assert.equal(clockLeft(clock, 1000, 500), 30_000, "a clock read before the state arrived is whole");
  assert.equal(clockLeft(clock, 0, 99_000), 0);
  assert.equal(clockLeft(null, 0, 0), null);
  assert.deepEqual([27_000, 26_001, 59_999, 60_000, 65_000, 600_000].map(formatClock), ["27", "27", "1:00", "1:00", "1:05", "10:00"]);
});

test("the status line says whose turn it is, or what the table waits for", () => {
  const nameOf = (seat) => `seat ${seat}`;
  assert.deepEqual(statusOf(handState(), nameOf), { key: "status.yourTurn", params: {}, mine: true });
  assert.deepEqual(statusOf(handState({ hand: { turn: 1 } }), nameOf), { key: "status.turnOf", params: { name: "seat 1" } });
  assert.equal(statusOf(handState({ hand: { over: true } }), nameOf).key, "status.handOver");
  assert.equal(statusOf(handState({ match: { over: true } }), nameOf).key, "status.matchOver");
  const waiting = { room: { ...handState().room, free_seats: 1 }, you: { seat: 0 }, match: null };
  assert.deepEqual(statusOf(waiting, nameOf), { key: "status.waitSeats", params: { n: 1 } });
  assert.equal(statusOf({ ...waiting, room: { ...waiting.room, free_seats: 0 } }, nameOf).key, "status.waitReady");
  assert.equal(statusOf(null, nameOf).key, "status.noTable");
});

test("a finished hand's summary: its points, its winner and whether it is yours", () => {
  assert.equal(handSummary(handState()), null, "no summary while the hand is played");
  const won = handSummary(
    handState({
      hand: { over: true, result: 1, points: [40, 80], seed: "s", resigned: null },
      records: [{ hand_id: "h1", result: 1, points: [40, 80] }],
    }),
  );
  assert.deepEqual(
    { points: won.points, winner: won.winner, draw: won.draw, mine: won.mine, mySide: won.mySide, handId: won.handId, seed: won.seed },
    { points: [40, 80], winner: 1, draw: false, mine: false, mySide: 0, handId: "h1", seed: "s" },
  );
  const draw = handSummary(handState({ hand: { over: true, result: "draw", points: [60, 60] } }));
  assert.equal(draw.winner, null);
  assert.equal(draw.draw, true);
  assert.equal(draw.handId, null);
  const partner = handSummary(handState({ you: { seat: 2 }, hand: { players: 4, over: true, result: 0, points: [70, 50] } }));
  assert.equal(partner.mine, true, "with four players your partner's win is yours");
  const watched = handSummary(handState({ you: { seat: null }, hand: { over: true, result: 0 } }));
  assert.equal(watched.mySide, null);
  assert.equal(watched.mine, false);
});

test("a seat's token is kept per table, and dropped", () => {
  const storage = memoryStorage();
  assert.equal(tokenFor(storage, "r1"), null);
  saveToken(storage, "r1", "tok-1");
  saveToken(storage, "r2", "tok-2");
  assert.equal(tokenFor(storage, "r1"), "tok-1");
  dropToken(storage, "r1");
  assert.equal(tokenFor(storage, "r1"), null);
  assert.equal(tokenFor(storage, "r2"), "tok-2");
});

test("the tables watched are kept apart from the tokens", () => {
  const storage = memoryStorage();
  saveWatching(storage, "r1", "Carla");
  assert.equal(watchingAt(storage, "r1").name, "Carla");
  assert.equal(tokenFor(storage, "r1"), null);
  dropWatching(storage, "r1");
  assert.equal(watchingAt(storage, "r1"), null);
});

test("only the 20 tables used last are remembered", (t) => {
  let now = 1_000;
  t.mock.method(Date, "now", () => now++);
  const storage = memoryStorage();
  for (let i = 0; i < 25; i++) saveToken(storage, `r${i}`, `tok-${i}`);
  const kept = Object.keys(JSON.parse(storage.getItem("briscola.tokens")));
  assert.equal(kept.length, 20);
  assert.equal(tokenFor(storage, "r4"), null);
  assert.equal(tokenFor(storage, "r5"), "tok-5");
  assert.equal(tokenFor(storage, "r24"), "tok-24");
});

test("a broken or foreign entry in storage is read as nothing", () => {
  const storage = memoryStorage();
  storage.setItem("briscola.tokens", "{not json");
  assert.equal(tokenFor(storage, "r1"), null);
  storage.setItem("briscola.tokens", JSON.stringify({ r1: { room: "other", token: "x" } }));
  assert.equal(tokenFor(storage, "r1"), null);
  saveToken(storage, "r1", "tok");
  assert.equal(tokenFor(storage, "r1"), "tok");
});

test("routes and paths go both ways", () => {
  const routes = [
    [{ name: "lobby" }, "/"],
    [{ name: "table", room: "a b/c" }, "/t/a%20b%2Fc"],
    [{ name: "leaderboard" }, "/leaderboard"],
    [{ name: "profile", id: "u1" }, "/u/u1"],
    [{ name: "replay", id: "h9" }, "/r/h9"],
    [{ name: "help" }, "/help"],
  ];
  for (const [route, path] of routes) {
    assert.equal(pathOf(route), path);
    assert.deepEqual(routeOf(path), route);
  }
  assert.deepEqual(routeOf("/t/abc/"), { name: "table", room: "abc" });
  assert.deepEqual(routeOf("/nowhere/at/all"), { name: "lobby" });
});

test("a deadline reads as a time today and as a date later; my games put your turn first", async () => {
  const { formatDeadline, sortGames } = await import("../../client/js/state.js");
  const now = Date.UTC(2026, 11, 2, 9, 0);
  const today = formatDeadline(now / 1000 + 3600, "en", now);
  const later = formatDeadline(now / 1000 + 3 * 86400, "en", now);
  assert.match(today, /\d\d:\d\d/);
  assert.ok(later.length > today.length && /Dec/.test(later), later);
  const games = [
    { room: "a", your_turn: false, deadline: 10 },
    { room: "b", your_turn: true, deadline: 30 },
    { room: "c", your_turn: true, deadline: 20 },
    { room: "d", your_turn: false, deadline: null },
  ];
  assert.deepEqual(sortGames(games).map((g) => g.room), ["c", "b", "a", "d"]);
});
