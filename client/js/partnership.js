// What may pass between partners at a table of the partnership house rules (docs/RULES.md):
// the codebook of signals, when this viewer may signal, the signals new since the state
// drawn before, and when the seated may talk. Pure functions of `state` messages.

import { handOn, mySeat, sameHand } from "./state.js";

/** The codebook, in the order it is offered: the gestures, then the two requests in words. */
export const SIGNALS = [
  "ace_of_trumps",
  "three_of_trumps",
  "king_of_trumps",
  "knight_of_trumps",
  "jack_of_trumps",
  "low_trumps",
  "no_trumps",
  "carico",
  "play_liscio",
  "play_carico",
];

/** The signals with no gesture of their own: shown in words. */
export const REQUESTS = new Set(["play_liscio", "play_carico"]);

/** The quick requests offered as chat lines at an open table (i18n keys `talk.<key>`). */
export const QUICK_TALK = ["trump", "no-trump", "load"];

/** True when the table's partners may signal (`signals`) or signal and talk (`open`). */
export function signalsTable(rules) {
  return Boolean(rules) && (rules.partner_comm === "signals" || rules.partner_comm === "open");
}

/** True at an open table: table talk and partners' hands once the stock is out. */
export function openTable(rules) {
  return Boolean(rules) && rules.partner_comm === "open";
}

/**
 * Whether this viewer may signal now: {allowed, why}, `why` naming what stops it (an i18n
 * key suffix: `noHand`, `firstTrick`, `oneATrick`) or null. A spectator, or a table without
 * signals, never may (why `none`).
 */
export function signalChance(state) {
  const me = mySeat(state);
  if (!state || me === null || !signalsTable(state.room.rules)) return { allowed: false, why: "none" };
  const hand = state.match && state.match.hand;
  if (!hand || hand.over) return { allowed: false, why: "noHand" };
  if (hand.tricks_played < 1) return { allowed: false, why: "firstTrick" };
  const made = (hand.signals || []).some((signal) => signal.seat === me && signal.tricks === hand.tricks_played);
  return made ? { allowed: false, why: "oneATrick" } : { allowed: true, why: null };
}

const signalKey = (signal) => `${signal.seat}:${signal.tricks}`;

/**
 * The signals `state` shows that `prev` did not, in the same hand while it is on: those to
 * draw as they happen. A reload, a new deal and the reveal of every signal at a hand's end
 * bring none (the hand log tells them all).
 */
export function newSignals(prev, state) {
  if (!sameHand(prev, state) || !handOn(state)) return [];
  const before = new Set((prev.match.hand.signals || []).map(signalKey));
  return (state.match.hand.signals || []).filter((signal) => !before.has(signalKey(signal)));
}

/**
 * True when a seated player may write in the table chat: while no hand is being played, and
 * at an open table once the first trick of the hand is complete (spectators have their own
 * channel, always open).
 */
export function talkOpen(state) {
  if (!handOn(state)) return true;
  return openTable(state.room.rules) && state.match.hand.tricks_played >= 1;
}

/** The cards an open table shows this viewer at `seat` (a partner's), or [] (docs/RULES.md). */
export function seenCards(hand, seat) {
  return (hand.seen && hand.seen[seat]) || [];
}
