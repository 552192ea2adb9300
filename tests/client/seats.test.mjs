// Where the seats sit round the felt: client/js/state.js seatPositions and seatPosition.
import assert from "node:assert/strict";
import { test } from "node:test";

import { seatPosition, seatPositions } from "../../client/js/state.js";

test("two, three and four players sit where they always have", () => {
  assert.deepEqual(seatPositions(2), ["bottom", "top"]);
  assert.deepEqual(seatPositions(3), ["bottom", "right", "left"]);
  assert.deepEqual(seatPositions(4), ["bottom", "right", "top", "left"]);
});

test("five and six players: the seats between your right and your left sit along the top", () => {
  assert.deepEqual(seatPositions(5), ["bottom", "right", "top-right", "top-left", "left"]);
  assert.deepEqual(seatPositions(6), ["bottom", "right", "top-right", "top", "top-left", "left"]);
});

test("every table from 2 to 6 gives each seat a place of its own, the viewer's at the bottom", () => {
  for (let players = 2; players <= 6; players++) {
    const positions = seatPositions(players);
    assert.equal(positions.length, players);
    assert.equal(new Set(positions).size, players, `${players} players share a place`);
    assert.equal(positions[0], "bottom");
    if (players > 2) {
      // Play goes round counter-clockwise: the next seat on your right, the one before on your left.
      assert.equal(positions[1], "right");
      assert.equal(positions[players - 1], "left");
    }
  }
});

test("a table of fewer than 2 or more than 6 players has no layout", () => {
  for (const players of [0, 1, 7, 2.5, undefined]) {
    assert.throws(() => seatPositions(players), RangeError);
  }
});

test("each viewer sees their own seat at the bottom and the others in play order", () => {
  for (let players = 2; players <= 6; players++) {
    for (let me = 0; me < players; me++) {
      assert.equal(seatPosition(me, me, players), "bottom");
      const round = [...Array(players).keys()].map((i) => seatPosition((me + i) % players, me, players));
      assert.deepEqual(round, seatPositions(players));
    }
  }
});

test("a spectator (no seat) sees the table from seat 0", () => {
  assert.equal(seatPosition(0, null, 4), "bottom");
  assert.equal(seatPosition(1, undefined, 4), "right");
  assert.equal(seatPosition(2, null, 4), "top");
});

test("with four players your partner sits opposite you", () => {
  for (let me = 0; me < 4; me++) assert.equal(seatPosition((me + 2) % 4, me, 4), "top");
});
