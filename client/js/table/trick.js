// The middle of the felt: the trick being played, each card in front of the seat that
// played it, a trick just taken held there a moment with its winner named (a tap or a key
// on it gathers it at once), and the button to the last trick; before a hand is dealt, the seating's waiting message instead.

import { h } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { mySeat, sameHand, seatPosition, trickCards } from "../state.js";
import { faceCard, seatName } from "./pieces.js";

const HOLD_MS = 1300; // a finished trick stays in view at least this long (≥ 1.2 s to read)

/** The trick's winner in words: "You take the trick", "Anna takes the trick". */
export function takesText(state, winner) {
  return winner === mySeat(state) ? t("trick.youTake") : t("trick.takes", { name: seatName(state.room, winner) });
}

/** A card of the trick, named with who played it: "Ace of coins, played by Anna". */
function playedBy(state, seat, card, deck) {
  const params = { card: cardName(card, deck), name: seatName(state.room, seat) };
  return seat === mySeat(state) ? t("trick.playedByYou", params) : t("trick.playedBy", params);
}

/** A part of the felt, drawn anew with it: the `center` grid area. */
export function createTrick({ prefs, redraw }, { seating, handLog, notices }) {
  let onTable = new Set(); // the trick's cards as last drawn
  // A finished trick stays in front of its players for HOLD_MS, whatever comes next (the
  // bots may lead the next trick at once): time to read it, kept with reduced motion too;
  // whoever has read it sooner taps it (or presses Enter on it) to go on at once.
  let hold = null; // {trick} while held
  let holdTimer = null;

  /** A trick taken since the state before (in the same hand) is held in view. */
  function observe(prev, state) {
    if (!sameHand(prev, state)) {
      endHold(false);
      return;
    }
    const hand = state.match.hand;
    if (hand.tricks_played > prev.match.hand.tricks_played && hand.last_trick) startHold(state, hand.last_trick);
  }

  function startHold(state, trick) {
    hold = { trick };
    clearTimeout(holdTimer);
    holdTimer = setTimeout(() => {
      holdTimer = null;
      endHold(true);
    }, HOLD_MS);
    notices.say(takesText(state, trick.winner));
  }

  function endHold(again) {
    clearTimeout(holdTimer);
    holdTimer = null;
    if (!hold) return;
    hold = null;
    if (again) redraw();
  }

  function draw(s) {
    const state = s.state;
    const hand = state.match && state.match.hand;
    if (!hand) return h("div", { class: "center center-waiting" }, seating.waitingCenter(s));
    const n = hand.players;
    const bottom = mySeat(state) ?? 0;
    // A trick just taken stays in view for a moment, with its winner marked and named.
    const lingering = Boolean(hold);
    const shown = lingering ? hold.trick : hand.trick;
    // Only the cards that were not on the table at the last drawing land with a motion.
    const before = onTable;
    onTable = new Set(shown.cards);
    const slots = trickCards(shown, n).map(({ seat, card }) =>
      h(
        "div",
        {
          class: `slot pos-${seatPosition(seat, bottom, n)}${before.has(card) ? "" : " fresh"}${lingering && shown.winner === seat ? " winner" : ""}`,
        },
        faceCard(card, prefs, { "data-testid": "trick-card", "data-seat": String(seat), "aria-label": playedBy(state, seat, card, prefs.deck) }),
      ),
    );
    if (lingering) {
      slots.push(h("p", { class: "trick-taken", "data-testid": "trick-taken", "data-seat": String(shown.winner) }, takesText(state, shown.winner)));
    }
    const gather = lingering ? { role: "button", tabindex: "0", title: t("trick.gather"), "aria-label": `${takesText(state, shown.winner)}. ${t("trick.gather")}`, onclick: () => endHold(true), onkeydown: gatherKey } : {};
    const trick = h(
      "div",
      {
        class: `trick players-${n}${lingering ? " lingering" : ""}`,
        "data-testid": "trick",
        "data-count": String(hand.trick.cards.length),
        "data-held": lingering ? "true" : null,
        ...gather,
      },
      slots,
    );
    return h("div", { class: "center" }, trick, lastTrickButton(hand));
  }

  function gatherKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    endHold(true);
  }

  /** On the felt: opens the hand log, where the last trick lies, and brings it into view. */
  function lastTrickButton(hand) {
    return h(
      "button",
      {
        type: "button",
        class: "btn btn-small btn-ghost last-trick-button",
        "data-testid": "last-trick-button",
        disabled: !hand.last_trick,
        "aria-controls": "hand-log-body",
        onclick: () => handLog.reveal(),
      },
      t("table.lastTrick"),
    );
  }

  return {
    observe,
    draw,
    /** The finished trick held in view, or null: meanwhile nobody's turn is shown as due. */
    held: () => (hold ? hold.trick : null),
    destroy: () => clearTimeout(holdTimer),
  };
}
