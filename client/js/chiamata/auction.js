// Briscola Chiamata's auction, pure (docs/RULES.md, "The auction"): the bid ladder, what a
// seat's bid options (the view's `bids`) offer as buttons and a target stepper, the command
// each choice sends, and the speeches of the auction as each seat's last word.

/** The rank auction's ranks from the lowest bid to the highest: a weaker rank is a harder contract. */
export const RANK_LADDER = ["A", "3", "K", "N", "J", "7", "6", "5", "4", "2"];
export const MIN_TARGET = 61;
export const MAX_TARGET = 120;
/** Only once the high bid is a 2 may the 2 be bid at more than 61 points. */
export const TWO = "2";

/**
 * What kind of bid `bid` ({rank, target}) is, for its words: `rank` (a rank at 61),
 * `twoAt` (the 2 at more than 61), `points` (the points auction: a number alone).
 */
export function bidKind(bid) {
  if (bid.rank === null || bid.rank === undefined) return "points";
  return bid.rank === TWO && bid.target > MIN_TARGET ? "twoAt" : "rank";
}

/**
 * What the seat to speak may bid, as the panel draws it (`bids`: the view's BidOptions,
 * `auction`: "rank" | "points"): the rank auction's whole ladder, each rank enabled when it
 * may be bid (above the high bid; where a caller may not call themselves, not a rank whose
 * four cards you hold), and the targets a stepper offers — the 2 at T in the rank auction
 * once the high bid is a 2, the points themselves in the points auction — or null.
 */
export function bidChoices(bids, auction) {
  const open = new Set((bids && bids.ranks) || []);
  const range = bids && bids.targets ? { min: bids.targets[0], max: bids.targets[1] } : null;
  return {
    ranks: auction === "points" ? [] : RANK_LADDER.map((rank) => ({ rank, enabled: open.has(rank) })),
    target: range && { ...range, kind: auction === "points" ? "points" : "twoAt" },
  };
}

/** A target typed or stepped, kept within the range offered (its lowest when not a number). */
export function clampTarget(value, range) {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n)) return range.min;
  return Math.max(range.min, Math.min(range.max, n));
}

/** The command of a rank bid: {type: "bid", rank}. */
export const rankBid = (rank) => ({ type: "bid", rank });

/** The command of a target bid: the 2 at T in the rank auction, T points in the points auction. */
export function targetBid(auction, target) {
  return auction === "points" ? { type: "bid", target } : { type: "bid", rank: TWO, target };
}

/** Each seat's last word in the auction so far: {seat: {bid} | {passed: true}}, absent when silent. */
export function lastWords(auction) {
  const words = {};
  for (const speech of auction || []) words[speech.seat] = speech.bid ? { bid: speech.bid } : { passed: true };
  return words;
}

/** True when the deal's auction is being held and it is the viewer's turn to speak. */
export function mayBid(hand) {
  return Boolean(hand) && hand.phase === "auction" && hand.seat !== null && hand.turn === hand.seat;
}

/** True when the viewer is the caller and must call the card now. */
export function mayCall(hand) {
  return Boolean(hand) && hand.phase === "call" && hand.seat !== null && hand.turn === hand.seat;
}
