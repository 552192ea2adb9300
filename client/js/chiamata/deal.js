// A Chiamata deal and match as the page reads them, pure (the engine's DealView and
// ChiamataMatchView, server/briscola/engine/chiamata/view.py). Everything here is a function
// of what the viewer's view holds: the public fields, and the viewer's own (`seat`, `hand`,
// `bids`, `calls`, `partner`). Before the called card is played, what is drawn of the other
// seats never depends on who holds it: only the holder's own `partner` says it, to them.

import { SUITS } from "../cards.js";
import { RANK_LADDER } from "./auction.js";

/** The two sides of a deal, as a seat's side is named: the caller's (with the partner) and the defenders'. */
export const CALLER = "caller";
export const DEFENDER = "defender";

const seatsOf = (hand) => [...Array(hand.players).keys()];

/**
 * Each seat's side as this viewer may know it (the engine's `sides`): nothing until the
 * card is called; then the caller's side to everyone, and yourself a defender if you are
 * not the caller and do not hold the called card; the holder (a caller alone as well) knows
 * every side; once the called card is played, or the deal is over, everyone does.
 */
export function knownSides(hand) {
  if (hand.caller === null || hand.called === null) return seatsOf(hand).map(() => null);
  const team = (partner) => seatsOf(hand).map((seat) => (seat === hand.caller || seat === partner ? CALLER : DEFENDER));
  if (hand.holder !== null) return team(hand.holder);
  const me = hand.seat;
  if (me !== null && hand.partner) return team(me);
  return seatsOf(hand).map((seat) => (seat === hand.caller ? CALLER : seat === me ? DEFENDER : null));
}

/**
 * What the viewer is in this deal once the card is called: `alone` (the caller who called
 * their own card), `caller`, `partner` (holding the called card), `defender`; null for a
 * spectator and before the call. Only the viewer's own page says it.
 */
export function myRole(hand) {
  const me = hand.seat;
  if (me === null || hand.caller === null || hand.called === null) return null;
  if (me === hand.caller) return hand.partner || hand.alone ? "alone" : "caller";
  return hand.partner || hand.holder === me ? "partner" : DEFENDER;
}

/**
 * The cards the caller may call, by suit, as the call's panel offers them: in the rank
 * auction the contract's rank in each suit (calling names the suit), in the points auction
 * every card, strongest first. `enabled` when the view's `calls` has it (where a caller may
 * not call themselves, their own cards are not).
 */
export function callOptions(hand, auction) {
  const callable = new Set(hand.calls || []);
  const ranks = auction === "points" ? RANK_LADDER : [hand.contract.rank];
  return SUITS.map((suit) => ({
    suit,
    cards: ranks.map((rank) => ({ card: `${rank}${suit}`, enabled: callable.has(`${rank}${suit}`) })),
  }));
}

const dealOf = (state) => (state && state.match && state.match.hand) || null;

/**
 * The reveal between two states of the same deal: the called card played, who held it
 * ({holder, caller, alone, card}), or null. A deal ended by a resignation tells its sides
 * in the summary, not as a card that fell.
 */
export function revealOf(prev, state) {
  const before = dealOf(prev);
  const after = dealOf(state);
  if (!before || !after || before.commitment !== after.commitment) return null;
  if (before.holder !== null || after.holder === null || after.resigned !== null) return null;
  return { holder: after.holder, caller: after.caller, alone: Boolean(after.alone), card: after.called };
}

/** "Deal n of m": the counted deal being played (or the last one), and how many the match has. */
export function dealNumber(match) {
  return { n: Math.max(1, Math.min(match.dealt, match.deals)), of: match.deals };
}

/**
 * A played deal's score for the summary (the view's `score`): the caller, the partner (the
 * caller when alone), the contract, whether it was made, each seat's role, card points and
 * match points, and what doubled it (`alone`: the caller's points doubled; `cappotto`: all
 * 120 points to one side, everything doubled). Null until the deal is scored (a void deal,
 * a resignation).
 */
export function dealScore(hand) {
  const score = hand.score;
  if (!score) return null;
  const alone = score.partner === score.caller;
  const role = (seat) => (seat === score.caller ? (alone ? "alone" : CALLER) : seat === score.partner ? "partner" : DEFENDER);
  return {
    caller: score.caller,
    partner: score.partner,
    alone,
    contract: score.contract,
    side: score.side,
    won: score.won,
    cappotto: score.cappotto,
    doubled: [alone ? "alone" : null, score.cappotto ? "cappotto" : null].filter(Boolean),
    rows: seatsOf(hand).map((seat) => ({ seat, role: role(seat), points: score.points[seat], delta: score.deltas[seat] })),
  };
}

/**
 * The match table: each seat's match points in every counted deal and its total, and the
 * seats ahead (the winners once the match is over; those level at the top share it).
 */
export function matchTable(match) {
  const results = match.results || [];
  const totals = match.scores;
  const best = Math.max(...totals);
  const leaders = match.over && match.winners ? match.winners : results.length ? totals.flatMap((total, seat) => (total === best ? [seat] : [])) : [];
  return {
    played: results.length,
    deals: match.deals,
    rows: totals.map((total, seat) => ({ seat, deltas: results.map((result) => result.deltas[seat]), total, leads: leaders.includes(seat) })),
    leaders,
  };
}

/** Match points with their sign: "+2", "−1", "0". */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return "0";
}

/**
 * The hand log's entries for a Chiamata deal: after the deal, every bid and pass, the call
 * and, once the called card has been played, who held it; then the tricks (`entries`, the
 * table's hand log of the deal, tricks and comings and goings).
 */
export function logEntries(hand, entries) {
  const auction = (hand.auction || []).map((speech) => (speech.bid ? { kind: "bid", seat: speech.seat, bid: speech.bid } : { kind: "pass", seat: speech.seat }));
  const call = hand.called ? [{ kind: "call", seat: hand.caller, card: hand.called }] : [];
  const reveal = hand.called && hand.holder !== null && hand.resigned === null ? [{ kind: "reveal", seat: hand.holder, alone: Boolean(hand.alone) }] : [];
  const [deal, ...rest] = entries;
  // Nobody leads a trick before the card is called.
  const later = hand.phase === "play" || hand.over ? rest : rest.filter((entry) => entry.kind !== "leads");
  return [deal, ...auction, ...call, ...reveal, ...later];
}
