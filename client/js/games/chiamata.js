// Briscola Chiamata's own pieces of the table (docs/RULES.md, "Briscola Chiamata"): the
// auction's panel in the middle of the felt, then the caller's call; the called card and
// trumps in a corner for the whole deal; each seat's last word in the auction, the caller,
// and the sides once known; the private note of your own part in the deal; the call and the
// reveal announced; the match points on the scoreboard; the deal's summary and match table.
//
// Hidden information: what is drawn of the other seats is a function of the view's public
// fields and of your own; before the called card is played only the holder's own `partner`
// says who holds it, and only their own page (the note under their hand) shows it.

import { sortHand, suitIcon } from "../cards.js";
import { h } from "../dom.js";
import { cardName, suitName, t } from "../i18n.js";
import { mySeat, sameHand } from "../state.js";
import { faceCard, seatName } from "../table/pieces.js";
import { lastWords, mayCall } from "../chiamata/auction.js";
import { dealNumber, knownSides, logEntries, myRole, revealOf, signed } from "../chiamata/deal.js";
import { createAuctionPanel, createCallPanel } from "../chiamata/panel.js";
import { chiamataSummary } from "../chiamata/summary.js";
import { bidText, callText, contractText, revealText, speechText } from "../chiamata/words.js";

/** Chiamata's hooks for a table page (see games/index.js). */
export function mountChiamata(ctx) {
  const { prefs, notices } = ctx;
  const auctionPanel = createAuctionPanel(ctx);
  const callPanel = createCallPanel(ctx);
  const namer = (state) => (seat) => seatName(state.room, seat);

  /** The call and the reveal are announced to everyone; each speech is said to screen readers. */
  function observe(prev, state) {
    if (!sameHand(prev, state)) return;
    const before = prev.match.hand;
    const hand = state.match.hand;
    const me = mySeat(state);
    const name = namer(state);
    if (hand.auction.length > before.auction.length) notices.say(speechText(hand.auction[hand.auction.length - 1], name, me, prefs.deck));
    if (hand.called && !before.called) {
      const text = callText(hand.caller, hand.called, name, me, prefs.deck);
      notices.show(h("div", { class: "table-notice ch-notice", "data-testid": "call-notice", "data-seat": String(hand.caller) }, text));
      notices.say(text);
    }
    const reveal = revealOf(prev, state);
    if (reveal) {
      const text = revealText(reveal, name, me, prefs.deck);
      notices.show(h("div", { class: "table-notice ch-notice ch-reveal", "data-testid": "reveal-notice", "data-seat": String(reveal.holder) }, text));
      notices.say(text);
    }
  }

  /** The auction's panel (or the caller's call) in the middle; the contract in a corner once called. */
  function feltPieces(s) {
    const hand = s.state.match && s.state.match.hand;
    if (!hand || hand.void) return null;
    if (hand.phase === "auction" || (hand.phase === "call" && !mayCall(hand))) return auctionPanel.draw(s);
    if (hand.phase === "call") return callPanel.draw(s);
    return contractPiece(s.state, hand);
  }

  /** The called card, trumps, the caller and the contract, and the partner once revealed. */
  function contractPiece(state, hand) {
    if (!hand.called) return null;
    const name = namer(state);
    let partner;
    if (hand.holder === null) partner = t("ch.partner.hidden", { card: cardName(hand.called, prefs.deck) });
    else partner = hand.alone ? t("ch.partner.alone", { name: name(hand.caller) }) : t("ch.partner.shown", { name: name(hand.holder) });
    return h(
      "div",
      { class: "deck-corner ch-contract", "data-testid": "contract", "data-called": hand.called, "data-caller": String(hand.caller) },
      h("div", { class: "ch-called" }, faceCard(hand.called, prefs, { class: "card face", "data-testid": "called-card", "data-card": null, "data-called": hand.called })),
      h(
        "div",
        { class: "ch-contract-words" },
        h("span", { class: "ch-contract-label" }, t("ch.called")),
        h("strong", { "data-testid": "contract-bid" }, `${name(hand.caller)} · ${contractText(hand.contract, prefs.deck)}`),
        h(
          "span",
          { class: "trump-label", "data-testid": "trump", "data-suit": hand.trumps, title: `${t("table.trump")}: ${suitName(hand.trumps, prefs.deck)}` },
          h("span", { html: suitIcon(hand.trumps, prefs.deck) }),
          h("span", {}, `${t("table.trump")}: ${suitName(hand.trumps, prefs.deck)}`),
        ),
        h("span", { class: "ch-partner", "data-testid": "partner-shown", "data-seat": hand.holder === null ? null : String(hand.holder) }, partner),
      ),
    );
  }

  /**
   * Under your own hand, from the call until the called card is played: your part in the
   * deal, which only you know when you hold the card (or called your own).
   */
  function handExtras(s, hand) {
    const role = myRole(hand);
    if (!role || hand.holder !== null || hand.over) return null;
    const params = { card: cardName(hand.called, prefs.deck), caller: seatName(s.state.room, hand.caller) };
    return h("p", { class: `ch-role ch-role-${role}`, "data-testid": "role-note", "data-role": role, role: "note" }, t(`ch.note.${role}`, params));
  }

  /**
   * A seat's marks: its last word in the auction; the caller; once the card is played, the
   * partner (or the caller alone); and the side it is on as far as this page knows.
   */
  function seatMarks(s, seat) {
    const hand = s.state.match && s.state.match.hand;
    if (!hand || hand.void) return null;
    const side = knownSides(hand)[seat];
    const badges = [];
    const badge = (kind, text) => badges.push(h("span", { class: `badge badge-ch-${kind}`, "data-testid": `${kind}-${seat}` }, text));
    if (hand.phase === "auction") {
      const word = lastWords(hand.auction)[seat];
      if (word && word.passed) badge("passed", t("ch.passed"));
      else if (word) badge("bid", bidText(word.bid, prefs.deck));
    }
    if (hand.caller === seat) badge("caller", t("ch.caller"));
    if (hand.holder === seat && !hand.alone) badge("partner", t("ch.partner"));
    if (hand.holder === seat && hand.alone) badge("alone", t("ch.alone"));
    return { classes: side ? [`ch-${side}`] : [], badges };
  }

  /** The scoreboard's match row: each seat's match points, and which counted deal this is. */
  function matchBoard(s) {
    const state = s.state;
    const match = state.match;
    const { n, of } = dealNumber(match);
    return h(
      "div",
      { class: "board-row" },
      h("span", { class: "board-label" }, `${t("ch.matchPoints")} · ${t("table.dealOf", { n, of })}`),
      h(
        "span",
        { class: "match-score", "data-testid": "match-score" },
        match.scores.map((points, seat) =>
          h("span", { class: "score-chip", "data-seat": String(seat), "data-points": String(points), title: seatName(state.room, seat) }, `${seatName(state.room, seat)} ${signed(points)}`),
        ),
      ),
    );
  }

  /** The hand log's Chiamata lines: the deal, every speech, the call, the reveal. */
  function logWords(state) {
    const name = namer(state);
    const me = mySeat(state);
    const speech = (entry) => speechText({ seat: entry.seat, bid: entry.bid || null }, name, me, prefs.deck);
    return {
      deal: (entry) => t("ch.log.deal", { name: name(entry.seat) }),
      bid: speech,
      pass: speech,
      call: (entry) => callText(entry.seat, entry.card, name, me, prefs.deck),
      reveal: (entry) => {
        const hand = state.match.hand;
        return revealText({ holder: entry.seat, caller: hand.caller, alone: entry.alone, card: hand.called }, name, me, prefs.deck);
      },
    };
  }

  return {
    observe,
    feltPieces,
    handExtras,
    // Eight cards are easier read by suit, strongest first (trumps first once called).
    handOrder: (hand) => sortHand(hand.hand, hand.trumps),
    logWords,
    logEntries,
    seatMarks,
    matchBoard,
    summary: (s, sum) => chiamataSummary(s, sum, prefs),
  };
}
