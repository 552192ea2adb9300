// A Chiamata deal on the replay page (/r/{hand}), from the engine's ChiamataStep: every hand
// face up, each seat's last word in the auction, the auction and then the called card and
// trumps in the middle with the trick, the caller, and from the reveal on the partner and
// the sides; each seat's card points, and each one's match points at the end.

import { suitIcon } from "../cards.js";
import { h } from "../dom.js";
import { cardName, suitName, t } from "../i18n.js";
import { faceCard } from "../table/pieces.js";
import { lastWords } from "./auction.js";
import { CALLER, DEFENDER, signed } from "./deal.js";
import { bidText, callText, contractText, revealText, speechText } from "./words.js";

/** True when a replay is a Chiamata deal's (its steps hold the auction). */
export function isChiamataReplay(replay) {
  return Boolean(replay.steps && replay.steps.length && "auction" in replay.steps[0]);
}

/** The replay page's drawing of a Chiamata deal: `nameOf(seat)` names a seat. */
export function chiamataReplay({ prefs, nameOf, dealer }) {
  const sideOf = (current, seat) => {
    if (current.holder === null || current.caller === null) return null;
    return seat === current.caller || seat === current.holder ? CALLER : DEFENDER;
  };

  function seatArea(current, seat, pos) {
    const turn = current.turn === seat;
    const side = sideOf(current, seat);
    const word = current.caller === null ? lastWords(current.auction)[seat] : null;
    const badges = [];
    const badge = (kind, testid, text) => badges.push(h("span", { class: `badge badge-${kind}`, "data-testid": `${testid}-${seat}` }, text));
    if (seat === dealer) badge("dealer", "replay-dealer", t("seat.dealer"));
    if (word) badge(word.passed ? "ch-passed" : "ch-bid", word.passed ? "replay-passed" : "replay-bid", word.passed ? t("ch.passed") : bidText(word.bid, prefs.deck));
    if (seat === current.caller) badge("ch-caller", "replay-caller", t("ch.caller"));
    if (seat === current.holder) badge(seat === current.caller ? "ch-alone" : "ch-partner", "replay-partner", seat === current.caller ? t("ch.alone") : t("ch.partner"));
    const cards = current.hands[seat].map((code) =>
      faceCard(code, prefs, { class: `card face${code === current.called ? " called" : ""}`, "data-testid": "replay-card", "data-called": code === current.called ? "true" : null }),
    );
    return h(
      "div",
      { class: `replay-seat at-${pos}${side ? ` ch-${side}` : ""}${turn ? " turn" : ""}`, "data-testid": `replay-seat-${seat}`, "data-turn": turn ? "true" : null, "data-side": side },
      h("div", { class: "replay-plate" }, h("span", { class: "plate-name", "data-testid": `replay-name-${seat}` }, nameOf(seat)), badges),
      h("div", { class: "replay-hand", "data-testid": `replay-hand-${seat}` }, cards),
    );
  }

  function center(current, players) {
    const trick = current.trick.cards.map((code, i) => {
      const seat = (current.trick.leader + i) % players;
      return h(
        "figure",
        { class: `replay-slot${current.trick.winner === seat ? " winner" : ""}` },
        faceCard(code, prefs, { "data-testid": "replay-trick-card", "data-seat": String(seat) }),
        h("figcaption", {}, nameOf(seat)),
      );
    });
    const middle = current.called ? contract(current) : auction(current);
    return h("div", { class: "replay-center" }, h("div", { class: "replay-trick", "data-testid": "replay-trick", "data-count": String(current.trick.cards.length) }, trick), middle);
  }

  function auction(current) {
    return h(
      "ol",
      { class: "ch-speeches replay-auction", "data-testid": "replay-auction", "aria-label": t("ch.auction") },
      current.auction.map((speech) => h("li", { class: `ch-speech ${speech.bid ? "ch-bid" : "ch-passed"}`, "data-testid": "replay-speech", "data-seat": String(speech.seat) }, speechText(speech, nameOf, null, prefs.deck))),
    );
  }

  function contract(current) {
    return h(
      "div",
      { class: "replay-deck ch-contract", "data-testid": "replay-contract", "data-called": current.called },
      faceCard(current.called, prefs, { class: "card face", "data-card": null, "data-called": current.called }),
      h("span", {}, `${nameOf(current.caller)} · ${contractText(current.contract, prefs.deck)}`),
      h(
        "span",
        { class: "trump-label replay-trump", "data-testid": "replay-trump", "data-suit": current.trumps },
        h("span", { html: suitIcon(current.trumps, prefs.deck) }),
        `${t("table.trump")}: ${suitName(current.trumps, prefs.deck)}`,
      ),
    );
  }

  /** Each seat's card points, and at the end its match points of the deal. */
  function scores(current) {
    return current.points.map((points, seat) =>
      h(
        "div",
        { class: `replay-side${sideOf(current, seat) ? ` ch-${sideOf(current, seat)}` : ""}`, "data-testid": "replay-side", "data-side": String(seat), "data-points": String(points), "data-delta": current.deltas ? String(current.deltas[seat]) : null },
        h("span", { class: "replay-side-name" }, nameOf(seat)),
        h("strong", {}, t("replay.points", { n: points })),
        current.deltas ? h("span", { class: "ch-delta" }, signed(current.deltas[seat])) : null,
      ),
    );
  }

  /** What the step shows, in a sentence. */
  function stepText(current) {
    const name = current.seat === null ? "" : nameOf(current.seat);
    const card = (code) => cardName(code, prefs.deck);
    switch (current.kind) {
      case "deal":
        return t("ch.log.deal", { name });
      case "bid":
      case "pass":
        return speechText({ seat: current.seat, bid: current.bid }, nameOf, null, prefs.deck);
      case "call":
        return callText(current.seat, current.card, nameOf, null, prefs.deck);
      case "reveal":
        return revealText({ holder: current.holder, caller: current.caller, alone: current.holder === current.caller, card: current.called }, nameOf, null, prefs.deck);
      case "play":
        return t("replay.play", { name, card: card(current.card) });
      case "trick":
        return t("replay.trick", { name, n: current.trick_points });
      case "resign":
        return t("replay.resign", { name });
      default:
        return endText(current);
    }
  }

  /** The end: the contract made or missed, and by whom; or a void or resigned deal. */
  function endText(current) {
    if (current.result === "void") return t("ch.replay.void");
    if (current.result === "resigned") return t("ch.replay.resigned");
    const alone = current.holder === current.caller;
    const team = alone ? t("ch.sum.alone", { name: nameOf(current.caller) }) : t("ch.sum.pair", { caller: nameOf(current.caller), partner: nameOf(current.holder) });
    const side = current.points[current.caller] + (alone ? 0 : current.points[current.holder]);
    return t(current.result === "caller" ? "ch.sum.made" : "ch.sum.missed", { team, bid: contractText(current.contract, prefs.deck), n: side });
  }

  return { seatArea, center, scores, stepText };
}
