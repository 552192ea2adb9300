// What may pass between partners: client/js/partnership.js (the codebook, when a signal may
// be made, the signals new since the state before, when the seated may talk).
import assert from "node:assert/strict";
import { test } from "node:test";

import { newSignals, openTable, REQUESTS, seenCards, SIGNALS, signalChance, signalsTable, talkOpen } from "../../client/js/partnership.js";

/** A `state` at a table of four with `partner_comm`, seat 0 viewing, a hand on. */
function table({ comm = "signals", seat = 0, hand = {} } = {}) {
  return {
    room: { id: "r1", rules: { players: 4, partner_comm: comm }, seats: [] },
    you: seat === null ? null : { seat },
    match: { over: false, hand: { players: 4, commitment: "c1", over: false, tricks_played: 1, signals: [], seen: [], ...hand } },
  };
}

test("the codebook offers the ten signals, the two requests last", () => {
  assert.equal(SIGNALS.length, 10);
  assert.equal(new Set(SIGNALS).size, 10);
  assert.deepEqual(SIGNALS.slice(-2), ["play_liscio", "play_carico"]);
  assert.deepEqual([...REQUESTS].sort(), ["play_carico", "play_liscio"]);
});

test("signals belong to tables of signals and open tables; talk to open tables only", () => {
  assert.deepEqual(["none", "signals", "open", undefined].map((comm) => signalsTable({ partner_comm: comm })), [false, true, true, false]);
  assert.deepEqual(["none", "signals", "open"].map((comm) => openTable({ partner_comm: comm })), [false, false, true]);
  assert.equal(signalsTable(null), false);
});

test("a seat may signal once the first trick is complete, once a trick, while the hand is on", () => {
  assert.deepEqual(signalChance(table({ hand: { tricks_played: 0 } })), { allowed: false, why: "firstTrick" });
  assert.deepEqual(signalChance(table()), { allowed: true, why: null });
  const made = [{ seat: 0, signal: "no_trumps", tricks: 1 }];
  assert.deepEqual(signalChance(table({ hand: { signals: made } })), { allowed: false, why: "oneATrick" });
  // A new trick, a new allowance; a partner's signal does not use up yours.
  assert.deepEqual(signalChance(table({ hand: { signals: made, tricks_played: 2 } })), { allowed: true, why: null });
  assert.deepEqual(signalChance(table({ hand: { signals: [{ seat: 2, signal: "carico", tricks: 1 }] } })), { allowed: true, why: null });
  assert.deepEqual(signalChance(table({ hand: { over: true } })), { allowed: false, why: "noHand" });
});

test("spectators and tables without signals never signal", () => {
  assert.equal(signalChance(table({ seat: null })).allowed, false);
  assert.equal(signalChance(table({ comm: "none" })).allowed, false);
  const between = table();
  between.match.hand = null;
  assert.deepEqual(signalChance(between), { allowed: false, why: "noHand" });
});

test("new signals are those a state shows that the one before did not, in the same hand", () => {
  const first = { seat: 2, signal: "ace_of_trumps", tricks: 1 };
  const second = { seat: 1, signal: "carico", tricks: 1 };
  const prev = table({ hand: { signals: [first] } });
  const next = table({ hand: { signals: [first, second] } });
  assert.deepEqual(newSignals(prev, next), [second]);
  assert.deepEqual(newSignals(next, next), []);
  // A reload (nothing before) and a new deal show none as new: the log tells them.
  assert.deepEqual(newSignals(null, next), []);
  assert.deepEqual(newSignals(prev, table({ hand: { commitment: "c2", signals: [second] } })), []);
  // At the hand's end every signal is revealed: none is drawn as new.
  assert.deepEqual(newSignals(prev, table({ hand: { over: true, signals: [first, second, { seat: 3, signal: "no_trumps", tricks: 2 }] } })), []);
});

test("the seated talk between hands, and during one only at an open table after the first trick", () => {
  const between = table();
  between.match.hand = null;
  assert.equal(talkOpen(between), true);
  assert.equal(talkOpen(table({ comm: "signals" })), false);
  assert.equal(talkOpen(table({ comm: "open", hand: { tricks_played: 0 } })), false);
  assert.equal(talkOpen(table({ comm: "open" })), true);
  assert.equal(talkOpen(table({ comm: "open", hand: { over: true } })), true);
});

test("the partners' cards an open table shows, by seat", () => {
  const hand = { seen: [[], [], ["AD", "3C"], []] };
  assert.deepEqual(seenCards(hand, 2), ["AD", "3C"]);
  assert.deepEqual(seenCards(hand, 1), []);
  assert.deepEqual(seenCards({ seen: [] }, 2), []);
});
