// The score pad's state (client/score/pad.js): entries, points, the rest, the win, new
// games and trophies, undo, and what is kept in localStorage.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  addEntry,
  addPoints,
  addRest,
  changedEntry,
  DEFAULT_TARGET,
  emptyPad,
  entryName,
  fromJSON,
  lastChange,
  MAX_CHANGES,
  MAX_ENTRIES,
  newGame,
  removeEntry,
  restFor,
  setTarget,
  toJSON,
  undo,
} from "../../client/score/pad.js";

/** A pad with two partnerships: ids 1 and 2. */
function pairs() {
  return addEntry(addEntry(emptyPad(), ["Anna", "Bruno"]), ["Carla", "Dario"]);
}

const points = (state) => state.entries.map((entry) => entry.points);
const wins = (state) => state.entries.map((entry) => entry.wins);

test("a fresh pad has no entries and the target of a deal, 61", () => {
  const pad = emptyPad();
  assert.deepEqual([pad.entries, pad.target, pad.winner, lastChange(pad)], [[], DEFAULT_TARGET, null, null]);
  assert.equal(DEFAULT_TARGET, 61);
});

test("entries are players or partnerships named after their players", () => {
  let pad = addEntry(emptyPad(), ["  Anna ", " "]);
  pad = addEntry(pad, ["Bruno", "Carla"]);
  pad = addEntry(pad, ["Dario", "Elena", "Fabio"]);
  assert.deepEqual(pad.entries.map(entryName), ["Anna", "Bruno & Carla", "Dario, Elena & Fabio"]);
  assert.deepEqual(pad.entries.map((entry) => entry.id), [1, 2, 3]);
  assert.deepEqual(points(pad), [0, 0, 0]);
  assert.equal(addEntry(pad, ["", "  "]), pad, "a blank name adds nothing");
  assert.equal(addEntry(pad, ["A", "B", "C", "D"]), pad, "at most three names");
  assert.equal(entryName(addEntry(emptyPad(), ["x".repeat(40)]).entries[0]).length, 24, "names are cut to 24 characters");
  let full = emptyPad();
  for (let n = 0; n < MAX_ENTRIES + 2; n += 1) full = addEntry(full, [`P${n}`]);
  assert.equal(full.entries.length, MAX_ENTRIES);
});

test("operations never change the state they are given", () => {
  const pad = pairs();
  const before = structuredClone(pad);
  addPoints(pad, 1, 10);
  addRest(pad, 2);
  newGame(addPoints(pad, 1, 70));
  removeEntry(pad, 1);
  setTarget(pad, 30);
  undo(pad);
  assert.deepEqual(pad, before);
});

test("points are added by whole numbers 1 to 999, to a known entry", () => {
  let pad = addPoints(addPoints(addPoints(pairs(), 1, 1), 1, 5), 1, 10);
  pad = addPoints(pad, 2, 37);
  assert.deepEqual(points(pad), [16, 37]);
  for (const bad of [0, -5, 2.5, 1000, Number.NaN, "7"]) assert.equal(addPoints(pad, 1, bad), pad, `refused: ${bad}`);
  assert.equal(addPoints(pad, 99, 5), pad, "an unknown entry");
});

test("the rest is 120 less the other side, with exactly two entries", () => {
  let pad = addPoints(pairs(), 1, 45);
  assert.equal(restFor(pad, 2), 75);
  assert.equal(restFor(pad, 1), 75, "either side may be made up: 120 − 0 − its 45");
  pad = addRest(pad, 2);
  assert.deepEqual(points(pad), [45, 75]);
  assert.equal(lastChange(pad).kind, "rest");
  assert.equal(restFor(pad, 1), null, "nothing left to give");
  assert.equal(addRest(pad, 1), pad);
  const three = addEntry(pairs(), ["Elena"]);
  assert.equal(restFor(three, 1), null, "three entries have no rest");
  assert.equal(restFor(addEntry(emptyPad(), ["Anna"]), 1), null, "nor does one");
});

test("the first entry past the target wins, and the pad goes on counting", () => {
  let pad = addPoints(pairs(), 2, 60);
  assert.equal(pad.winner, null, "60 is not past 61");
  pad = addPoints(pad, 2, 1);
  assert.equal(pad.winner, 2, "61 wins");
  assert.deepEqual(wins(pad), [0, 1]);
  pad = addPoints(addPoints(pad, 2, 10), 1, 80);
  assert.deepEqual(points(pad), [80, 71], "points still go in after the win");
  assert.equal(pad.winner, 2, "the first past the target keeps the win");
  assert.deepEqual(wins(pad), [0, 1], "a game is won once");
});

test("a new game puts the points to zero and keeps the trophies", () => {
  let pad = newGame(addPoints(pairs(), 1, 70));
  assert.deepEqual([points(pad), wins(pad), pad.winner], [[0, 0], [1, 0], null]);
  pad = newGame(addPoints(addRest(addPoints(pad, 2, 50), 1), 2, 30));
  assert.deepEqual(wins(pad), [2, 0], "the rest made the first 70 and the winner; the second's 80 after it wins nothing");
  pad = newGame(addRest(addPoints(pad, 1, 40), 2));
  assert.deepEqual(wins(pad), [2, 1]);
  assert.equal(newGame(pad), pad, "nothing to start again");
});

test("a draw at 60 apiece wins nothing", () => {
  const pad = addRest(addPoints(pairs(), 1, 60), 2);
  assert.deepEqual([points(pad), pad.winner, wins(pad)], [[60, 60], null, [0, 0]]);
  assert.equal(setTarget(pad, 60).winner, null, "a tie at the top of a lower target is no win either");
});

test("a changed target applies at once, and only whole numbers 1 to 999", () => {
  let pad = addPoints(pairs(), 1, 30);
  assert.equal(setTarget(pad, 0), pad);
  assert.equal(setTarget(pad, 1000), pad);
  assert.equal(setTarget(pad, 61), pad, "the same target is no change");
  pad = setTarget(pad, 21);
  assert.deepEqual([pad.target, pad.winner, wins(pad)], [21, 1, [1, 0]], "already past the new target: a win");
  pad = setTarget(undo(pad), 100);
  assert.equal(addPoints(pad, 1, 50).winner, null);
});

test("removing an entry takes its points and wins; undo brings it back", () => {
  let pad = addPoints(pairs(), 1, 70);
  pad = removeEntry(pad, 1);
  assert.deepEqual([pad.entries.map(entryName), pad.winner], [["Carla & Dario"], null]);
  assert.equal(removeEntry(pad, 1), pad, "not there any more");
  pad = undo(pad);
  assert.deepEqual([pad.entries.map(entryName), points(pad), pad.winner], [["Anna & Bruno", "Carla & Dario"], [70, 0], 1]);
  assert.equal(entryName(changedEntry(removeEntry(pad, 1))), "Anna & Bruno", "what undo would bring back is named");
  assert.equal(entryName(changedEntry(addPoints(pad, 2, 3))), "Carla & Dario");
  assert.equal(changedEntry(setTarget(pad, 30)), null, "a target is no entry's");
  assert.equal(addEntry(removeEntry(pad, 2), ["Elena"]).entries.at(-1).id, 3, "ids are never reused");
});

test("undo steps back through every change, the win and its trophy included", () => {
  const steps = [pairs()];
  const ops = [(s) => addPoints(s, 1, 10), (s) => addPoints(s, 1, 55), (s) => newGame(s), (s) => addPoints(s, 2, 5), (s) => setTarget(s, 31)];
  for (const op of ops) steps.push(op(steps.at(-1)));
  assert.deepEqual(steps.slice(1).map((s) => lastChange(s).kind), ["points", "points", "newGame", "points", "target"]);
  assert.deepEqual(lastChange(steps[2]), { ...lastChange(steps[2]), id: 1, amount: 55 });
  let pad = steps.at(-1);
  for (let back = steps.length - 2; back >= 0; back -= 1) {
    pad = undo(pad);
    assert.deepEqual(pad, steps[back], `undo back to step ${back}`);
  }
  assert.deepEqual(wins(undo(steps[2])), [0, 0], "undoing the winning points takes the trophy back");
  const start = emptyPad();
  assert.equal(undo(start), start, "nothing to undo");
  let long = pairs();
  for (let n = 0; n < MAX_CHANGES + 10; n += 1) long = addPoints(long, 2, 1);
  assert.equal(long.changes.length, MAX_CHANGES, "the oldest changes are forgotten");
});

test("the pad is kept as text and read back whole, undo included", () => {
  const pad = setTarget(newGame(addPoints(addRest(addPoints(pairs(), 1, 45), 2), 2, 5)), 31);
  const back = fromJSON(toJSON(pad));
  assert.deepEqual(back, pad);
  assert.deepEqual(undo(undo(back)), undo(undo(pad)));
});

test("kept text that is not sound reads back as a fresh pad, or undo stops where it breaks", () => {
  for (const text of [null, "", "{", "[]", "42", '{"format": 2}', JSON.stringify({ format: 1, target: 0, entries: [] })]) {
    assert.deepEqual(fromJSON(text), emptyPad(), `fresh for ${text}`);
  }
  const twice = { format: 1, target: 61, winner: null, nextId: 3, changes: [], entries: [{ id: 1, names: ["A"], points: 0, wins: 0 }, { id: 1, names: ["B"], points: 0, wins: 0 }] };
  assert.deepEqual(fromJSON(JSON.stringify(twice)), emptyPad(), "two entries with one id");
  const stored = JSON.parse(toJSON(addPoints(addPoints(pairs(), 1, 5), 1, 7)));
  stored.changes[2].before.entries[0].points = -3;
  stored.winner = 99;
  stored.nextId = 1;
  const read = fromJSON(JSON.stringify(stored));
  assert.deepEqual(points(read), [12, 0]);
  assert.equal(read.winner, null, "a winner that is not an entry");
  assert.equal(read.nextId, 3, "the next id is past every entry's");
  assert.deepEqual(read.changes.map((change) => change.kind), ["points"], "undo stops at the broken change");
});
