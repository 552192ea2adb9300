// The games a table can play, by the name in its rules (`rules.game`): each draws what only
// it has. A game module's mount(ctx) (ctx: the table's {store, act, prefs, redraw, notices})
// gives the table page these hooks, each called with the store's value `s` or a state:
//   observe(prev, state)  news between the state drawn before and this one (e.g. a notice)
//   feltPieces(s)         elements laid on the felt beside the seats and the trick, or null
//   handExtras(s, hand)   elements under your hand, or null
//   logWords(state)       {kind: (entry) => text} for the hand-log entries only it words
//   destroy()             optional: stop its timers
// these optional ones, where a game differs from the trick-and-draw games (Chiamata):
//   logEntries(hand, entries)  the hand log's entries, from the table's (the deal, tricks, …)
//   seatMarks(s, seat)    {classes, badges}: more classes on a seat's area, badges on its plate
//   matchBoard(s)         the scoreboard's match row, in place of the sides' hands won
//   summary(s, sum)       the summary's result and match, in place of the sides' points
//   handOrder(hand)       your cards in the order to show them, in place of the order dealt
// and this property:
//   openHands             optional: true when every hand is face up for everyone (Scoperta),
//                         so the seats draw the others' cards at a size to read

import { mountChiamata } from "./chiamata.js";
import { mountClassic } from "./classic.js";
import { mountScoperta } from "./scoperta.js";

export const DEFAULT_GAME = "classic";

const GAMES = { classic: mountClassic, scoperta: mountScoperta, chiamata: mountChiamata };

/** The game a table's rules name: the classic game when they name none. */
export function gameName(rules) {
  return (rules && rules.game) || DEFAULT_GAME;
}

/** The mount function of a game; a game this page does not know is drawn as the classic one. */
export function gameModule(name) {
  return Object.hasOwn(GAMES, name) ? GAMES[name] : GAMES[DEFAULT_GAME];
}
