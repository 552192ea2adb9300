// Briscola Chiamata's panels in the middle of the felt: the auction, which everyone sees
// (every bid and pass in order, the high bid and who made it, whose turn, and for the seat
// to speak the bids it may make and Pass), and the caller's call (the card each suit would
// call, or every card in the points auction). Each panel is built once and updated in place,
// so that a control keeps the focus and a target typed stays through the felt's redraws.

import { h, fill } from "../dom.js";
import { cardName, rankName, suitName, t } from "../i18n.js";
import { mySeat } from "../state.js";
import { faceCard, seatName } from "../table/pieces.js";
import { bidChoices, clampTarget, mayBid, RANK_LADDER, rankBid, targetBid, TWO } from "./auction.js";
import { callOptions } from "./deal.js";
import { bidText, contractText, speechText } from "./words.js";

/** A name for a seat, "you" for the viewer's own. */
function namer(state) {
  const me = mySeat(state);
  return (seat) => (seat === me ? t("ch.you") : seatName(state.room, seat));
}

/**
 * A panel's sending: what it sends waits for the next state (or a refusal) before it may
 * send again. `send(msg)` sends and starts a wait; `waiting(s)` says whether it still waits.
 */
function sender({ act, redraw }) {
  let pending = false;
  let at = null;
  return {
    waiting(s) {
      const now = `${s.stateAt}:${s.errors}`;
      if (now !== at) pending = false;
      at = now;
      return pending;
    },
    send(msg) {
      if (!act.send(msg)) return;
      pending = true;
      redraw();
    },
  };
}

/** A panel over the middle of the felt, titled. */
function panel(kind, testid, title, ...children) {
  return h("section", { class: `ch-panel ch-${kind}`, "data-testid": testid, "aria-label": title }, h("h2", { class: "ch-panel-title" }, title), children);
}

/** The auction's panel: everyone's, with the bids and Pass for the seat to speak. */
export function createAuctionPanel(ctx) {
  const { prefs } = ctx;
  const guard = sender(ctx);
  const send = guard.send;
  let auction = "rank"; // the table's auction
  let range = null; // {min, max} of the targets offered
  let target = null; // the target chosen in the stepper
  let turnAt = -1; // the auction's length when the viewer's turn began (a new turn starts at the lowest target)

  const high = h("p", { class: "ch-high", "data-testid": "auction-high" });
  const speeches = h("ol", { class: "ch-speeches", "data-testid": "auction-speeches", "aria-label": t("ch.speeches") });
  const turn = h("p", { class: "ch-turn", "data-testid": "auction-turn" });
  const rankButtons = RANK_LADDER.map((rank) =>
    h("button", { type: "button", class: "btn btn-small ch-rank", "data-testid": "bid-rank", "data-rank": rank, onclick: () => send(rankBid(rank)) }, rankName(rank, prefs.deck)),
  );
  const ranks = h("div", { class: "ch-ranks", role: "group", "aria-label": t("ch.ranks") }, rankButtons);
  const input = h("input", {
    type: "number",
    inputmode: "numeric",
    class: "ch-target-input",
    "data-testid": "target-input",
    oninput: () => {
      if (input.value !== "") choose(input.value, false);
    },
    onchange: () => choose(input.value, true),
  });
  const stepLabel = h("span", { class: "ch-step-label" });
  const down = h("button", { type: "button", class: "btn btn-small ch-step", "data-testid": "target-down", "aria-label": t("ch.target.down"), onclick: () => choose(target - 1, true) }, "−");
  const up = h("button", { type: "button", class: "btn btn-small ch-step", "data-testid": "target-up", "aria-label": t("ch.target.up"), onclick: () => choose(target + 1, true) }, "+");
  const bidTarget = h("button", { type: "submit", class: "btn btn-primary btn-small ch-bid-target", "data-testid": "bid-target" });
  const stepper = h(
    "form",
    {
      class: "ch-stepper",
      "data-testid": "target-stepper",
      onsubmit: (event) => {
        event.preventDefault();
        send(targetBid(auction, clampTarget(input.value, range)));
      },
    },
    h("label", { class: "ch-step-field" }, stepLabel, h("span", { class: "ch-step-row" }, down, input, up)),
    bidTarget,
  );
  const pass = h("button", { type: "button", class: "btn ch-pass", "data-testid": "pass-button", onclick: () => send({ type: "pass" }) }, t("ch.pass"));
  const options = h("div", { class: "ch-options", "data-testid": "bid-options" }, ranks, stepper, pass);
  const root = panel("auction", "auction", t("ch.auction"), high, speeches, turn, options);

  /** A target typed or stepped: kept within the range, shown (`shown`: also in the field). */
  function choose(value, shown) {
    target = clampTarget(value, range);
    if (shown) input.value = String(target);
    labelTarget();
  }

  function labelTarget() {
    down.disabled = target <= range.min;
    up.disabled = target >= range.max;
    fill(bidTarget, t("ch.bid.submit", { bid: bidText({ rank: auction === "points" ? null : TWO, target }, prefs.deck) }));
  }

  function draw(s) {
    const state = s.state;
    const hand = state.match.hand;
    const name = namer(state);
    const me = mySeat(state);
    auction = state.room.rules.auction || "rank";
    high.dataset.seat = hand.high_seat === null ? "" : String(hand.high_seat);
    fill(high, hand.high ? t("ch.high", { bid: bidText(hand.high, prefs.deck), name: name(hand.high_seat) }) : t("ch.noBid"));
    fill(
      speeches,
      hand.auction.map((speech) =>
        h(
          "li",
          { class: `ch-speech ${speech.bid ? "ch-bid" : "ch-passed"}`, "data-testid": "speech", "data-seat": String(speech.seat), "data-kind": speech.bid ? "bid" : "pass" },
          speechText(speech, (seat) => seatName(state.room, seat), me, prefs.deck),
        ),
      ),
    );
    speeches.scrollTop = speeches.scrollHeight;
    fill(turn, turnWords(hand, name, prefs.deck));
    const mine = mayBid(hand);
    options.hidden = !mine;
    if (mine) drawOptions(s, hand);
    return root;
  }

  function drawOptions(s, hand) {
    const waiting = guard.waiting(s);
    const choices = bidChoices(hand.bids, auction);
    ranks.hidden = !choices.ranks.length;
    choices.ranks.forEach(({ rank, enabled }, i) => {
      const button = rankButtons[i];
      button.disabled = waiting || !enabled;
      button.setAttribute("aria-label", t("ch.bid.rank", { rank: rankName(rank, prefs.deck) }));
    });
    stepper.hidden = !choices.target;
    if (choices.target) {
      range = choices.target;
      if (turnAt !== hand.auction.length) target = range.min;
      turnAt = hand.auction.length;
      target = clampTarget(target, range);
      fill(stepLabel, t(choices.target.kind === "points" ? "ch.target.points" : "ch.target.twoAt"));
      Object.assign(input, { min: String(range.min), max: String(range.max) });
      if (document.activeElement !== input) input.value = String(target);
      input.disabled = waiting;
      labelTarget();
      if (waiting) down.disabled = up.disabled = true;
      bidTarget.disabled = waiting;
    }
    pass.disabled = waiting;
  }

  return { draw };
}

/** Whose turn in the auction, or, once it is won, who calls. */
function turnWords(hand, name, deck) {
  if (hand.phase === "call") return t("ch.calling", { name: name(hand.caller), bid: contractText(hand.contract, deck) });
  if (hand.turn === null) return "";
  return hand.turn === hand.seat ? t("ch.turn.you") : t("ch.turn", { name: name(hand.turn) });
}

/** The caller's call: a button for each card it may call, by suit. */
export function createCallPanel(ctx) {
  const { prefs } = ctx;
  const guard = sender(ctx);
  let drawn = null; // the deal and the calls the buttons were built for
  let buttons = [];
  const hint = h("p", { class: "ch-call-hint" });
  const grid = h("div", { class: "ch-call-grid" });
  const root = panel("call", "call-panel", t("ch.call.title"), hint, grid);
  const send = (card) => guard.send({ type: "call", card });

  /** The buttons: in the rank auction a suit each, showing the card it calls; else every card, a row a suit. */
  function build(hand, auction) {
    const bySuit = auction !== "points";
    buttons = [];
    const rows = callOptions(hand, auction).map(({ suit, cards }) =>
      h(
        "div",
        { class: "ch-call-row", role: "group", "aria-label": suitName(suit, prefs.deck) },
        cards.map(({ card, enabled }) => {
          const button = h(
            "button",
            { type: "button", class: `ch-call-option${bySuit ? " ch-call-suit" : ""}`, "data-testid": "call-option", "data-call": card, "aria-label": t("ch.call.option", { card: cardName(card, prefs.deck) }), onclick: () => send(card) },
            // A card named, not a card seen: no data-card (which marks the cards this page sees).
            faceCard(card, prefs, { class: "card face", "aria-hidden": "true", role: null, "aria-label": null, "data-card": null }),
            bySuit ? h("span", { class: "ch-call-suit-name" }, suitName(suit, prefs.deck)) : null,
          );
          buttons.push({ button, enabled });
          return button;
        }),
      ),
    );
    fill(grid, rows);
    grid.className = `ch-call-grid${bySuit ? " by-suit" : " every-card"}`;
  }

  function draw(s) {
    const hand = s.state.match.hand;
    const auction = s.state.room.rules.auction || "rank";
    const key = `${hand.commitment}:${hand.calls.join(",")}`;
    if (key !== drawn) {
      build(hand, auction);
      drawn = key;
    }
    fill(hint, t(auction === "points" ? "ch.call.hintPoints" : "ch.call.hintRank", { bid: contractText(hand.contract, prefs.deck) }));
    const waiting = guard.waiting(s);
    for (const { button, enabled } of buttons) button.disabled = waiting || !enabled;
    return root;
  }

  return { draw };
}
