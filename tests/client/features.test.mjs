// The pure parts of the table's cues (client/js/cues.js: what is heard and told between two
// states), Play now's bots (client/js/playnow.js), the rematch's answers
// (client/js/table/rematch.js) and the help's order of the cards (client/js/help.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { cuesBetween, LOW_CLOCK_MS, lowClockIn, turnKey } from "../../client/js/cues.js";
import { ranksByStrength } from "../../client/js/help.js";
import { botLevel, fillWithBots, playNowRules } from "../../client/js/playnow.js";
import { rematchStand } from "../../client/js/table/rematch.js";

/** A state of a two-player hand seen from seat 0, its hand's fields overridden by `hand`. */
function state(hand = {}, rest = {}) {
  return {
    room: { id: "r1", rules: { players: 2 }, seats: [] },
    you: { seat: 0, host: true },
    match: { over: false, hand: { players: 2, commitment: "c1", over: false, turn: 1, tricks_played: 0, trick: { leader: 1, cards: [] }, ...hand } },
    clock: null,
    ...rest,
  };
}

test("a hand dealt is a deal, and your turn at once is told after it", () => {
  const waiting = { room: { id: "r1", rules: { players: 2 } }, you: { seat: 0, host: true }, match: null };
  assert.deepEqual(cuesBetween(waiting, state()), ["deal"]);
  assert.deepEqual(cuesBetween(waiting, state({ turn: 0 })), ["deal", "turn"]);
  assert.deepEqual(cuesBetween(null, state({ turn: 0 })), ["deal", "turn"], "the first state drawn may bring the deal");
  assert.deepEqual(cuesBetween(waiting, state({ trick: { leader: 1, cards: ["KS"] }, turn: 0 })), ["deal", "turn"], "a bot's lead drawn with the deal");
  assert.deepEqual(cuesBetween(null, state({ tricks_played: 3, turn: 1 })), [], "a reload mid-hand is no deal");
  assert.deepEqual(cuesBetween(state({ commitment: "c0", over: true }), state({ commitment: "c1" })), ["deal"], "the next hand");
});

test("a trick taken, then your turn, each told once", () => {
  const before = state({ tricks_played: 2, turn: 1, trick: { leader: 0, cards: ["AD"] } });
  const taken = state({ tricks_played: 3, turn: 0, trick: { leader: 0, cards: [] } });
  assert.deepEqual(cuesBetween(before, taken), ["trick", "turn"]);
  assert.deepEqual(cuesBetween(taken, { ...taken }), [], "the same state sent again tells nothing");
  const last = state({ tricks_played: 20, over: true, turn: null });
  assert.deepEqual(cuesBetween(taken, last), ["trick"], "the hand's last trick");
});

test("your turn again after your own card (you took the trick) is a new turn", () => {
  const mine = state({ tricks_played: 4, turn: 0, trick: { leader: 1, cards: ["2S"] } });
  const again = state({ tricks_played: 5, turn: 0, trick: { leader: 0, cards: [] } });
  assert.notEqual(turnKey(mine), turnKey(again));
  assert.deepEqual(cuesBetween(mine, again), ["trick", "turn"]);
});

test("a spectator hears the deal and the tricks, never a turn", () => {
  const watch = { you: { seat: null, host: false } };
  assert.deepEqual(cuesBetween(null, state({ turn: 0 }, watch)), ["deal"]);
  assert.equal(turnKey(state({ turn: 0 }, watch)), null);
});

test("the low clock is due when your clock reaches five seconds, and only on your turn", () => {
  const yours = state({ turn: 0 }, { clock: { seat: 0, remaining_ms: 12_000 } });
  assert.equal(lowClockIn(yours, 1000, 1000), 12_000 - LOW_CLOCK_MS);
  assert.equal(lowClockIn(yours, 1000, 4000), 4000, "counted down from when the state came");
  assert.equal(lowClockIn(yours, 1000, 20_000), 0, "low already");
  assert.equal(lowClockIn(state({ turn: 1 }, { clock: { seat: 1, remaining_ms: 3000 } }), 0, 0), null);
  assert.equal(lowClockIn(state({ turn: 0 }), 0, 0), null, "no clock");
});

test("Play now fills every other seat with bots of the level chosen, then says ready", () => {
  assert.deepEqual(fillWithBots(4, 0, "easy"), [
    { type: "add_bot", seat: 1, level: "easy" },
    { type: "add_bot", seat: 2, level: "easy" },
    { type: "add_bot", seat: 3, level: "easy" },
    { type: "ready", ready: true },
  ]);
  assert.deepEqual(fillWithBots(2, 1, "normal").map((m) => m.seat), [0, undefined]);
  assert.equal(botLevel("clever"), "strong", "an unknown level is the default");
  assert.equal(botLevel(null), "strong");
});

test("Play now's table is private, and its five players play Briscola Chiamata", () => {
  assert.deepEqual(playNowRules(4), { players: 4, private: true });
  assert.deepEqual(playNowRules(5), { game: "chiamata", players: 5, private: true });
});

test("a rematch's answers: a bot says yes at once, a person gone is gone", () => {
  assert.equal(rematchStand({ kind: "bot", ready: true, connected: true }), "yes");
  assert.equal(rematchStand({ kind: "human", ready: true, connected: true }), "yes");
  assert.equal(rematchStand({ kind: "human", ready: false, connected: true }), "waiting");
  assert.equal(rematchStand({ kind: "human", ready: false, connected: false }), "gone");
});

test("the help draws the ranks strongest first", () => {
  assert.deepEqual(ranksByStrength(), ["A", "3", "K", "N", "J", "7", "6", "5", "4", "2"]);
});
