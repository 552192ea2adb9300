// Briscola Chiamata's pure helpers (client/js/chiamata/): the bid ladder and what a seat's
// bid options offer, the commands each choice sends, the sides and your part as your view
// lets you know them, the call's options, the reveal, the deal's score, the match table,
// the hand log's lines, and the words of the ladder in English and Italian.
import assert from "node:assert/strict";
import { test } from "node:test";

import { bidChoices, bidKind, clampTarget, lastWords, mayBid, mayCall, RANK_LADDER, rankBid, targetBid } from "../../client/js/chiamata/auction.js";
import { callOptions, dealNumber, dealScore, knownSides, logEntries, matchTable, myRole, revealOf, signed } from "../../client/js/chiamata/deal.js";
import { bidText, contractText, revealText, speechText } from "../../client/js/chiamata/words.js";
import { errorText, setLang } from "../../client/js/i18n.js";
import { seatPositions, statusOf } from "../../client/js/state.js";

/** A DealView as the engine sends it (server/briscola/engine/chiamata/view.py), seat 0's. */
function deal(fields = {}) {
  return {
    seat: 0,
    players: 5,
    dealer: 4,
    commitment: "c1",
    phase: "auction",
    auction: [],
    high: null,
    high_seat: null,
    turn: 0,
    caller: null,
    contract: null,
    called: null,
    trumps: null,
    hand: ["AD", "3D", "KB", "NB", "JC", "7S", "2S", "4C"],
    hand_sizes: [8, 8, 8, 8, 8],
    trick: { leader: 0, cards: [], winner: null },
    last_trick: null,
    tricks_played: 0,
    winners: [],
    taken: [0, 0, 0, 0, 0],
    holder: null,
    alone: null,
    legal: [],
    bids: { ranks: RANK_LADDER, targets: null },
    calls: [],
    partner: false,
    over: false,
    void: false,
    hands: null,
    points: null,
    score: null,
    result: null,
    seed: null,
    resigned: null,
    ...fields,
  };
}

/** The deal once seat 1 has won the auction with the King and called the King of clubs, in play. */
const called = (fields = {}) =>
  deal({ phase: "play", caller: 1, high: { rank: "K", target: 61 }, high_seat: 1, contract: { rank: "K", target: 61 }, called: "KB", trumps: "B", turn: 0, ...fields });

const state = (hand, seat = hand.seat) => ({ room: { rules: { players: 5, game: "chiamata" }, free_seats: 0, seats: [] }, you: { seat }, match: { over: false, hand } });

test("five seats sit round the felt: you at the bottom, two along the top", () => {
  assert.deepEqual(seatPositions(5), ["bottom", "right", "top-right", "top-left", "left"]);
});

test("the rank auction's ladder, lowest bid first, and the kinds of bid", () => {
  assert.deepEqual(RANK_LADDER, ["A", "3", "K", "N", "J", "7", "6", "5", "4", "2"]);
  assert.equal(bidKind({ rank: "K", target: 61 }), "rank");
  assert.equal(bidKind({ rank: "2", target: 61 }), "rank", "the plain 2 is the 2 at 61: a rank");
  assert.equal(bidKind({ rank: "2", target: 70 }), "twoAt");
  assert.equal(bidKind({ rank: null, target: 75 }), "points");
});

test("bid options become the whole ladder, each rank enabled when it may be bid, and a stepper", () => {
  const open = bidChoices({ ranks: ["J", "7", "6", "5", "4", "2"], targets: null }, "rank");
  assert.deepEqual(open.ranks.map((r) => r.rank), RANK_LADDER, "in ladder order");
  assert.deepEqual(open.ranks.filter((r) => r.enabled).map((r) => r.rank), ["J", "7", "6", "5", "4", "2"]);
  assert.equal(open.target, null, "no 2 at more than 61 before the 2 is bid");
  const twos = bidChoices({ ranks: [], targets: [62, 120] }, "rank");
  assert.equal(twos.ranks.every((r) => !r.enabled), true);
  assert.deepEqual(twos.target, { min: 62, max: 120, kind: "twoAt" });
  const points = bidChoices({ ranks: [], targets: [76, 120] }, "points");
  assert.deepEqual(points.ranks, [], "no ranks in the points auction");
  assert.deepEqual(points.target, { min: 76, max: 120, kind: "points" });
  assert.deepEqual(bidChoices({ ranks: [], targets: null }, "rank").ranks.filter((r) => r.enabled), []);
});

test("a target typed or stepped stays within the range offered", () => {
  const range = { min: 62, max: 120 };
  assert.deepEqual([clampTarget(70, range), clampTarget(10, range), clampTarget(500, range), clampTarget("71.4", range), clampTarget("", range), clampTarget("x", range)], [70, 62, 120, 71, 62, 62]);
});

test("each choice sends its command", () => {
  assert.deepEqual(rankBid("K"), { type: "bid", rank: "K" });
  assert.deepEqual(targetBid("rank", 70), { type: "bid", rank: "2", target: 70 });
  assert.deepEqual(targetBid("points", 75), { type: "bid", target: 75 });
});

test("each seat's last word in the auction, and whose turn it is to bid or call", () => {
  const auction = [
    { seat: 0, bid: { rank: "A", target: 61 } },
    { seat: 1, bid: null },
    { seat: 2, bid: { rank: "K", target: 61 } },
    { seat: 0, bid: { rank: "J", target: 61 } },
  ];
  assert.deepEqual(lastWords(auction), { 0: { bid: { rank: "J", target: 61 } }, 1: { passed: true }, 2: { bid: { rank: "K", target: 61 } } });
  assert.equal(mayBid(deal()), true);
  assert.equal(mayBid(deal({ turn: 3 })), false);
  assert.equal(mayBid(deal({ seat: null, turn: 0 })), false, "a spectator never bids");
  assert.equal(mayCall(deal({ phase: "call", caller: 0, turn: 0 })), true);
  assert.equal(mayCall(deal({ phase: "call", caller: 2, turn: 2 })), false);
});

test("the status line says a bid, a call or a card", () => {
  const nameOf = (seat) => `seat ${seat}`;
  assert.deepEqual(statusOf(state(deal()), nameOf), { key: "status.yourBid", params: {}, mine: true });
  assert.deepEqual(statusOf(state(deal({ turn: 3 })), nameOf), { key: "status.bidTurnOf", params: { name: "seat 3" } });
  assert.deepEqual(statusOf(state(deal({ phase: "call", caller: 1, turn: 1 })), nameOf), { key: "status.callTurnOf", params: { name: "seat 1" } });
  assert.equal(statusOf(state(deal({ phase: "call", caller: 0, turn: 0 })), nameOf).key, "status.yourCall");
  assert.equal(statusOf(state(called()), nameOf).key, "status.yourTurn");
});

test("sides as the viewer may know them: nothing before the call, the caller's once called", () => {
  assert.deepEqual(knownSides(deal()), [null, null, null, null, null]);
  assert.deepEqual(knownSides(deal({ phase: "call", caller: 1, contract: { rank: "K", target: 61 } })), [null, null, null, null, null], "the call not yet made");
  // A spectator, and the caller who did not call themselves: the caller's side only.
  assert.deepEqual(knownSides(called({ seat: null })), [null, "caller", null, null, null]);
  assert.deepEqual(knownSides(called({ seat: 1 })), [null, "caller", null, null, null]);
  // Any other seat without the card knows itself a defender, and nothing of the others.
  assert.deepEqual(knownSides(called({ seat: 3 })), [null, "caller", null, "defender", null]);
  // The holder knows every side; so does a caller who called their own card.
  assert.deepEqual(knownSides(called({ seat: 3, partner: true })), ["defender", "caller", "defender", "caller", "defender"]);
  assert.deepEqual(knownSides(called({ seat: 1, partner: true })), ["defender", "caller", "defender", "defender", "defender"]);
  // Once the card is played, everyone knows them.
  assert.deepEqual(knownSides(called({ seat: null, holder: 4, alone: false })), ["defender", "caller", "defender", "defender", "caller"]);
});

test("your part once the card is called: caller, alone, partner or defender; none for a spectator", () => {
  assert.equal(myRole(deal()), null);
  assert.equal(myRole(deal({ phase: "call", caller: 0, turn: 0 })), null, "before the call");
  assert.equal(myRole(called({ seat: 1 })), "caller");
  assert.equal(myRole(called({ seat: 1, partner: true })), "alone");
  assert.equal(myRole(called({ seat: 3, partner: true })), "partner");
  assert.equal(myRole(called({ seat: 3 })), "defender");
  assert.equal(myRole(called({ seat: null })), null);
  // After the reveal `partner` is false for everyone: the holder is still the partner.
  assert.equal(myRole(called({ seat: 3, holder: 3, alone: false })), "partner");
  assert.equal(myRole(called({ seat: 1, holder: 1, alone: true })), "alone");
});

test("the call offers the contract's rank in each suit, or every card in the points auction", () => {
  const rank = callOptions(deal({ phase: "call", caller: 0, contract: { rank: "K", target: 61 }, calls: ["KD", "KC", "KS"] }), "rank");
  assert.deepEqual(rank.map((row) => row.suit), ["D", "C", "S", "B"]);
  assert.deepEqual(rank.map((row) => row.cards), [[{ card: "KD", enabled: true }], [{ card: "KC", enabled: true }], [{ card: "KS", enabled: true }], [{ card: "KB", enabled: false }]]);
  const every = callOptions(deal({ phase: "call", caller: 0, contract: { rank: null, target: 80 }, calls: ["AD", "2B"] }), "points");
  assert.equal(every.flatMap((row) => row.cards).length, 40);
  assert.deepEqual(every[0].cards.slice(0, 3).map((c) => c.card), ["AD", "3D", "KD"], "strongest first");
  assert.deepEqual(every.flatMap((row) => row.cards).filter((c) => c.enabled).map((c) => c.card), ["AD", "2B"]);
});

test("the reveal is the called card's holder becoming known within one deal", () => {
  const before = state(called({ seat: 0 }));
  const after = state(called({ seat: 0, holder: 4, alone: false, trick: { leader: 0, cards: ["3C", "KB"], winner: null } }));
  assert.deepEqual(revealOf(before, after), { holder: 4, caller: 1, alone: false, card: "KB" });
  assert.equal(revealOf(after, after), null, "told once");
  assert.equal(revealOf(null, after), null, "a page that has just arrived is told nothing new");
  const other = state(called({ seat: 0, commitment: "c2", holder: 4 }));
  assert.equal(revealOf(before, other), null, "another deal");
  const resigned = state(called({ seat: 0, over: true, holder: 4, alone: false, resigned: 2 }));
  assert.equal(revealOf(before, resigned), null, "a resignation shows the sides in the summary, not as a card that fell");
  const alone = state(called({ seat: 0, holder: 1, alone: true }));
  assert.equal(revealOf(before, alone).alone, true);
});

test("a deal's score: roles, card points, match points and what doubled them", () => {
  const hand = called({
    over: true,
    phase: "over",
    holder: 3,
    alone: false,
    score: { caller: 1, partner: 3, contract: { rank: "K", target: 61 }, points: [10, 40, 20, 38, 12], side: 78, won: true, cappotto: false, deltas: [-1, 2, -1, 1, -1] },
  });
  const score = dealScore(hand);
  assert.deepEqual(score.rows.map((r) => r.role), ["defender", "caller", "defender", "partner", "defender"]);
  assert.deepEqual(score.rows.map((r) => r.delta), [-1, 2, -1, 1, -1]);
  assert.deepEqual(score.rows.map((r) => r.points), [10, 40, 20, 38, 12]);
  assert.deepEqual([score.won, score.side, score.alone, score.doubled], [true, 78, false, []]);
  const alone = dealScore(called({ score: { caller: 1, partner: 1, contract: { rank: null, target: 120 }, points: [0, 120, 0, 0, 0], side: 120, won: true, cappotto: true, deltas: [-2, 8, -2, -2, -2] } }));
  assert.equal(alone.rows[1].role, "alone");
  assert.deepEqual(alone.doubled, ["alone", "cappotto"]);
  assert.equal(dealScore(deal({ over: true, void: true, result: "void" })), null, "a void deal is not scored");
});

test("the match table: each seat's match points by deal, the totals, and who leads or won", () => {
  const results = [
    { deltas: [2, 1, -1, -1, -1] },
    { deltas: [-1, -1, -4, 4, 2] },
  ];
  const table = matchTable({ players: 5, deals: 5, dealt: 2, scores: [1, 0, -5, 3, 1], results, over: false, winners: null });
  assert.equal(table.played, 2);
  assert.equal(table.deals, 5);
  assert.deepEqual(table.rows.map((r) => r.deltas), [[2, -1], [1, -1], [-1, -4], [-1, 4], [-1, 2]]);
  assert.deepEqual(table.rows.map((r) => r.total), [1, 0, -5, 3, 1]);
  assert.deepEqual(table.leaders, [3]);
  const tied = matchTable({ players: 5, deals: 5, dealt: 5, scores: [3, 3, -2, -2, -2], results, over: true, winners: [0, 1] });
  assert.deepEqual(tied.rows.filter((r) => r.leads).map((r) => r.seat), [0, 1], "level at the top: they share the win");
  assert.deepEqual(matchTable({ players: 5, deals: 5, dealt: 1, scores: [0, 0, 0, 0, 0], results: [], over: false, winners: null }).leaders, [], "nobody leads before a deal is scored");
  assert.deepEqual(dealNumber({ dealt: 2, deals: 5 }), { n: 2, of: 5 });
  assert.deepEqual(dealNumber({ dealt: 0, deals: 10 }), { n: 1, of: 10 });
  assert.deepEqual([signed(2), signed(-4), signed(0)], ["+2", "−4", "0"]);
});

test("the hand log tells the deal, every speech, the call and the reveal before the tricks", () => {
  const table = [{ kind: "deal", seat: 4 }, { kind: "trick", n: 1, leader: 0, winner: 2 }, { kind: "leads", n: 2, leader: 2 }];
  const auction = [{ seat: 0, bid: { rank: "A", target: 61 } }, { seat: 1, bid: { rank: "K", target: 61 } }, { seat: 2, bid: null }];
  const entries = logEntries(called({ auction, holder: 3, alone: false }), table);
  assert.deepEqual(entries.map((e) => e.kind), ["deal", "bid", "bid", "pass", "call", "reveal", "trick", "leads"]);
  assert.deepEqual(entries[4], { kind: "call", seat: 1, card: "KB" });
  assert.deepEqual(entries[5], { kind: "reveal", seat: 3, alone: false });
  const bidding = logEntries(deal({ auction }), [{ kind: "deal", seat: 4 }, { kind: "leads", n: 1, leader: 0 }]);
  assert.deepEqual(bidding.map((e) => e.kind), ["deal", "bid", "bid", "pass"], "nobody leads during the auction");
  assert.equal(logEntries(called({ auction }), table).some((e) => e.kind === "reveal"), false, "no reveal before the card is played");
});

test("the ladder's words in English and Italian", (t) => {
  t.after(() => setLang("en"));
  setLang("en");
  assert.deepEqual([bidText({ rank: "K", target: 61 }), bidText({ rank: "2", target: 61 }), bidText({ rank: "2", target: 70 }), bidText({ rank: null, target: 75 })], ["King", "Two", "the 2 at 70", "75 points"]);
  assert.equal(bidText({ rank: "N", target: 61 }, "french"), "Queen");
  assert.equal(contractText({ rank: "K", target: 61 }), "King (61)");
  assert.equal(contractText({ rank: "2", target: 70 }), "the 2 at 70");
  const name = (seat) => ["Anna", "Bruno", "Carla", "Dario", "Elena"][seat];
  assert.equal(speechText({ seat: 1, bid: { rank: "K", target: 61 } }, name, 0), "Bruno: King");
  assert.equal(speechText({ seat: 0, bid: null }, name, 0), "You pass");
  assert.equal(revealText({ holder: 3, caller: 1, alone: false, card: "KB" }, name, 0), "The King of clubs is played: Dario is Bruno's partner");
  assert.equal(revealText({ holder: 1, caller: 1, alone: true, card: "KB" }, name, 0), "The King of clubs is played: Bruno called their own card and plays alone");
  setLang("it");
  assert.deepEqual([bidText({ rank: "K", target: 61 }), bidText({ rank: "2", target: 70 }), bidText({ rank: null, target: 75 })], ["Re", "il 2 a 70", "75 punti"]);
  assert.equal(speechText({ seat: 2, bid: null }, name, 0), "Carla passa");
  assert.equal(revealText({ holder: 3, caller: 1, alone: false, card: "KB" }, name, 3), "Hai giocato Re di bastoni: ora tutti sanno che sei il socio di Bruno");
});

test("every refusal of Chiamata's auction and call has an Italian text", (t) => {
  t.after(() => setLang("en"));
  setLang("it");
  const codes = ["already_passed", "bid_too_low", "bad_bid", "auction_over", "not_caller", "no_call_now", "call_not_allowed", "play_not_started", "not_your_turn", "not_this_game"];
  for (const code of codes) {
    const text = errorText({ code, message: "the server's words" });
    assert.notEqual(text, "the server's words", code);
  }
  setLang("en");
  assert.equal(errorText({ code: "bid_too_low", message: "bid above the 2 at 70" }), "bid above the 2 at 70", "English shows the server's own message");
});
