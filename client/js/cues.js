// What a player should hear or be told between two states, pure: a hand dealt, a trick
// taken, your turn come round, your clock running low. The sounds (sound.js) and the
// attention outside the page (attention.js) act on these; nothing here touches the DOM.

import { clockLeft, mySeat, sameHand } from "./state.js";

/** Your clock is "low" from this many milliseconds left (the clock on the plate blinks too). */
export const LOW_CLOCK_MS = 5000;

/** The hand of a state, or null. */
function handOf(state) {
  return (state && state.match && state.match.hand) || null;
}

/**
 * Which turn it is, as a key: the same key is the same turn, whatever is sent again (a
 * `sync`, a signal seen, a seat going away). Null when it is not your turn.
 */
export function turnKey(state) {
  const hand = handOf(state);
  const me = mySeat(state);
  if (!hand || hand.over || me === null || hand.turn !== me) return null;
  return `${hand.commitment}:${hand.tricks_played}:${hand.trick ? hand.trick.cards.length : 0}`;
}

/**
 * The cues between the state drawn before (`prev`, null for the first one) and `state`, in
 * the order they are told: "deal" (a hand new to this page in its first trick: states that
 * arrive in one frame are drawn as one, so the first state drawn may bring the deal, with
 * a bot's first card already played), "trick" (a trick
 * taken in the same hand), "turn" (it has become your turn, or is when the page opens).
 */
export function cuesBetween(prev, state) {
  const hand = handOf(state);
  if (!hand) return [];
  const cues = [];
  const before = handOf(prev);
  if (!sameHand(prev, state)) {
    if (!hand.over && hand.tricks_played === 0) cues.push("deal");
  } else if (before && hand.tricks_played > before.tricks_played) {
    cues.push("trick");
  }
  const turn = turnKey(state);
  if (turn !== null && turn !== turnKey(prev)) cues.push("turn");
  return cues;
}

/**
 * How long until your clock runs low, in milliseconds from `now` (0: it is low already),
 * or null when it is not your turn or no clock runs for you.
 */
export function lowClockIn(state, receivedAt, now) {
  const clock = state && state.clock;
  if (turnKey(state) === null || !clock || clock.seat !== mySeat(state)) return null;
  return Math.max(0, clockLeft(clock, receivedAt, now) - LOW_CLOCK_MS);
}
