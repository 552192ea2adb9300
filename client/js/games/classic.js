// The classic game's own pieces of the table: the stock and the face-up trump in a corner of
// the felt, and the swap of the 7 of trumps for the face-up card — its button under your
// hand (or the hint saying why there is none), its notice on the felt, its line in the log.

import { cardStrength, suitIcon } from "../cards.js";
import { h } from "../dom.js";
import { cardName, suitName, t } from "../i18n.js";
import { mySeat, sameHand } from "../state.js";
import { cardBack, faceCard, seatName } from "../table/pieces.js";

/** The classic game's hooks for a table page (see games/index.js). */
export function mountClassic({ act, prefs, notices }) {
  /** "Anna swapped the 7 of Coins for the Ace of Coins" (or "You swapped …"). */
  function swapText(state, swap) {
    const params = { seven: cardName(swap.seven, prefs.deck), card: cardName(swap.took, prefs.deck) };
    if (swap.seat === mySeat(state)) return t("swap.doneYou", params);
    return t("swap.done", { ...params, name: seatName(state.room, swap.seat) });
  }

  /** A swap of the 7 made since the state before (in the same hand) is announced. */
  function observe(prev, state) {
    if (!sameHand(prev, state)) return;
    const swaps = state.match.hand.swaps;
    if (swaps.length <= prev.match.hand.swaps.length) return;
    const swap = swaps[swaps.length - 1];
    const text = swapText(state, swap);
    notices.show(h("div", { class: "table-notice", "data-testid": "swap-notice", "data-seat": String(swap.seat) }, text));
    notices.say(text);
  }

  /** The stock and the face-up trump lie aside, in a corner, leaving the middle to the trick. */
  function feltPieces(s) {
    const hand = s.state.match && s.state.match.hand;
    return hand ? h("div", { class: "deck-corner" }, deck(hand)) : null;
  }

  function deck(hand) {
    const children = [];
    if (hand.face_up) {
      children.push(h("div", { class: "face-up-wrap" }, faceCard(hand.face_up, prefs, { "data-testid": "face-up", class: "card face face-up" })));
    }
    const backs = Math.min(3, Math.max(0, hand.stock - (hand.face_up ? 1 : 0)));
    const pile = [];
    for (let i = 0; i < backs; i++) pile.push(cardBack("stacked"));
    children.push(h("div", { class: "stock-pile" }, pile));
    children.push(
      h(
        "div",
        { class: "stock-label", title: t("table.stock", { n: hand.stock }) },
        h("span", { class: "stock-count", "data-testid": "stock-count" }, String(hand.stock)),
      ),
    );
    children.push(
      h(
        "div",
        { class: "trump-label", "data-testid": "trump", "data-suit": hand.trump, title: `${t("table.trump")}: ${suitName(hand.trump, prefs.deck)}` },
        h("span", { html: suitIcon(hand.trump, prefs.deck) }),
        h("span", {}, suitName(hand.trump, prefs.deck)),
      ),
    );
    return h("div", { class: `deck${hand.stock ? "" : " empty"}`, role: "group", "aria-label": t("table.stock", { n: hand.stock }) }, children);
  }

  /** Under your hand: the swap button when you may swap, else why not while you hold the 7. */
  function handExtras(s, hand) {
    if (hand.can_swap) {
      return h("button", { type: "button", class: "btn btn-gold swap", "data-testid": "swap-button", onclick: () => act.send({ type: "swap" }) }, t("table.swap"));
    }
    const hint = swapHint(s.state.room.rules, hand);
    return hint ? h("p", { class: "swap-hint", "data-testid": "swap-hint" }, hint) : null;
  }

  /** Why there is no swap button while you hold the 7 of trumps (docs/RULES.md). */
  function swapHint(rules, hand) {
    const seven = `7${hand.trump}`;
    if (!rules.swap_seven || hand.over || !hand.hand.includes(seven)) return null;
    if (!hand.face_up) return t("swap.hintGone");
    const card = cardName(hand.face_up, prefs.deck);
    if (cardStrength(hand.face_up) <= cardStrength(seven)) return t("swap.hintLow", { card });
    return t("swap.hintWhen", { card });
  }

  return {
    observe,
    feltPieces,
    handExtras,
    logWords: (state) => ({ swap: (entry) => swapText(state, entry) }),
  };
}
