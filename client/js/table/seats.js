// The seats round the felt, from your own at the bottom: each seat's plate (name, badges,
// the move clock, the cards taken, its partnership's letter), the host's controls before
// the match, a signal just seen, and its cards — yours from the hand part, everyone else's
// as backs, public cards, a partner's cards an open table shows you, or (Scoperta) open.

import { accountMark, changeClass, changeText, ordinalText, ratingText } from "../account.js";
import { h, icon } from "../dom.js";
import { getLang, t } from "../i18n.js";
import { seenCards } from "../partnership.js";
import { clockLeft, formatClock, formatDeadline, isPartnership, mySeat, seatInfo, seatPosition, sideOf } from "../state.js";
import { cardBack, faceCard } from "./pieces.js";

const CLOCK_TICK_MS = 200;

/** A part of the felt, drawn anew with it: one seat area per seat, laid out by position. */
export function createSeats({ store, prefs, game }, felt, { hand: myHand, seating, signals }) {
  function draw(s) {
    const n = s.state.room.rules.players;
    const bottom = mySeat(s.state) ?? 0;
    return [...Array(n).keys()].map((seat) => seatArea(s, seat, seatPosition(seat, bottom, n)));
  }

  function seatArea(s, seat, pos) {
    const state = s.state;
    const room = state.room;
    const info = seatInfo(room, seat) || { seat, side: sideOf(seat, room.rules.players), kind: null };
    const hand = state.match && state.match.hand;
    const isMe = seat === mySeat(state);
    const turn = hand && !hand.over && hand.turn === seat;
    const marks = (game().seatMarks && game().seatMarks(s, seat)) || { classes: [], badges: [] };
    const cls = ["seat-area", `pos-${pos}`, `side-${info.side}`, ...marks.classes];
    if (isMe) cls.push("me");
    if (turn) cls.push("turn");
    if (!info.kind) cls.push("empty");
    if (info.kind && !info.connected) cls.push("disconnected");
    if (info.away || info.bot_playing) cls.push("away");
    const children = [plate(s, info, hand, isMe, turn, marks.badges), seating.seatControls(s, info)];
    if (hand) children.push(isMe ? myHand.draw(s, hand) : otherHand(hand, seat, pos));
    return h(
      "div",
      {
        class: cls.join(" "),
        "data-testid": `seat-${seat}`,
        "data-side": info.side,
        "data-turn": turn ? "true" : null,
      },
      children,
    );
  }

  function plate(s, info, hand, isMe, turn, gameBadges) {
    const state = s.state;
    const seat = info.seat;
    const name = info.kind ? info.name || t("seat.n", { n: seat + 1 }) : t("seat.free");
    const initial = info.kind === "bot" ? icon("bot") : info.kind ? name.trim().charAt(0).toUpperCase() : "·";
    const n = state.room.rules.players;
    const side = sideOf(seat, n);
    const parts = [
      h("div", { class: "avatar", "aria-hidden": "true" }, initial),
      h(
        "div",
        { class: "plate-text" },
        h("div", { class: "plate-name", "data-testid": `name-${seat}`, title: name }, name),
        h("div", { class: "badges" }, badges(s, info, hand, isMe), gameBadges),
      ),
    ];
    // At a table of partnerships, the team's letter on the plate's corner, in its colour.
    if (isPartnership(n)) parts.push(h("span", { class: "team-tag", "data-testid": `team-${seat}`, title: t(`team.${side}`) }, t(`team.short.${side}`)));
    parts.push(signals.bubble(state, seat));
    if (turn && state.clock && state.clock.seat === seat && state.clock.deadline) {
      // At a table at its own pace: the date the move is due, not a countdown.
      const when = formatDeadline(state.clock.deadline, getLang());
      parts.push(h("div", { class: "clock deadline", "data-testid": `deadline-${seat}`, title: "⏱", "aria-label": t("table.deadlineLabel", { name, when }) }, t("table.deadline", { when })));
    } else if (turn && state.clock && state.clock.seat === seat) {
      parts.push(h("div", { class: "clock", "data-clock": "", "data-name": name, "data-testid": `clock-${seat}`, title: "⏱", role: "timer" }, ""));
    }
    if (hand) {
      parts.push(
        h(
          "div",
          { class: "taken-chip", title: t("table.taken"), role: "img", "aria-label": t("table.takenN", { n: hand.taken[side] ?? 0 }) },
          h("span", { class: "pile", "aria-hidden": "true" }),
          h("span", { "aria-hidden": "true" }, String(hand.taken[side] ?? 0)),
        ),
      );
    }
    return h("div", { class: "plate" }, parts);
  }

  /**
   * Another seat's cards: a partner's whole hand face up when an open table shows it to you,
   * else a back for each hidden card and its public cards face up; where every hand is open
   * (Scoperta) they are drawn at a size to read.
   */
  function otherHand(hand, seat, pos) {
    const publicCards = (hand.public && hand.public[seat]) || [];
    const seen = seenCards(hand, seat);
    const isPublic = new Set(publicCards);
    const cards = [];
    if (seen.length) {
      for (const code of seen) {
        const known = isPublic.has(code);
        cards.push(faceCard(code, prefs, { class: `card face mini seen${known ? " public" : ""}`, "data-testid": known ? "public-card" : "partner-card", title: t(known ? "seat.public" : "seat.partnerCard") }));
      }
    } else {
      const hidden = Math.max(0, (hand.hand_sizes[seat] || 0) - publicCards.length);
      for (let i = 0; i < hidden; i++) cards.push(cardBack("mini"));
      for (const code of publicCards) {
        cards.push(faceCard(code, prefs, { class: "card face mini public", "data-testid": "public-card", title: t("seat.public") }));
      }
    }
    const cls = ["mini-hand", `mini-${pos}`];
    if (seen.length) cls.push("seen-hand");
    if (game().openHands) cls.push("open-hand");
    return h(
      "div",
      { class: cls.join(" "), "data-testid": `hand-${seat}`, role: "group", "aria-label": t(seen.length ? "seat.seenCards" : "seat.cards", { n: hand.hand_sizes[seat] || 0 }) },
      cards,
    );
  }

  /** The move clock on the plate of the seat to play, counted down between states. */
  function tick(s) {
    const el = felt.querySelector("[data-clock]");
    if (!el || !s.state || !s.state.clock) return;
    const left = clockLeft(s.state.clock, s.stateAt, performance.now());
    el.textContent = formatClock(left);
    el.classList.toggle("low", left <= 5000);
    // The accessible label says whose clock and the seconds left, changed only when the
    // whole second does (the text above moves every tick; the label must not chatter).
    const secs = String(Math.max(0, Math.ceil(left / 1000)));
    if (el.dataset.secs !== secs) {
      el.dataset.secs = secs;
      el.setAttribute("aria-label", t("table.clockLabel", { name: el.dataset.name || "", n: secs }));
    }
  }

  const ticker = setInterval(() => tick(store.get()), CLOCK_TICK_MS);

  return { draw, tick, destroy: () => clearInterval(ticker) };
}

function badges(s, info, hand, isMe) {
  if (!info.kind) return [];
  const room = s.state.room;
  const seat = info.seat;
  const waiting = !s.state.match;
  const out = [];
  if (isMe) out.push(badge("you", t("seat.you"), seat));
  if (info.account) out.push(accountMark(`account-${seat}`));
  if (info.rating) out.push(ratingBadge(info, seat));
  if (info.host) out.push(badge("host", t("seat.host"), seat));
  if (info.kind === "bot") out.push(badge("bot", t("seat.bot"), seat));
  if (info.kind === "bot" && info.level) out.push(badge("level", t(`level.${info.level}`), seat));
  if (hand && hand.dealer === seat && !hand.over) out.push(badge("dealer", t("seat.dealer"), seat));
  if (info.kind === "human" && !info.connected) out.push(badge("disconnected", t("seat.disconnected"), seat));
  if (info.away) out.push(badge("away", t("seat.away"), seat));
  if (info.bot_playing) out.push(badge("bot-playing", t("seat.botPlaying"), seat));
  if ((waiting || room.status === "between_hands") && info.kind === "human") {
    out.push(badge(info.ready ? "ready" : "not-ready", info.ready ? t("seat.ready") : t("seat.notReady"), seat));
  }
  return out;
}

function badge(kind, text, seat) {
  return h("span", { class: `badge badge-${kind}`, "data-testid": `${kind}-${seat}` }, text);
}

/**
 * A seat's rating at a rated table (mu ± sigma); once the match has ended, the leaderboard's
 * figure (mu − 3 sigma) and its change instead: the change shown is that figure's.
 */
function ratingBadge(info, seat) {
  const change = info.rating_change;
  const moved = change !== null && change !== undefined;
  const title = moved ? t("seat.change", { rating: ordinalText(info.rating), change: changeText(change) }) : t("seat.rating", { rating: ratingText(info.rating) });
  return h(
    "span",
    { class: "badge badge-rating", "data-testid": `rating-${seat}`, title },
    moved ? ordinalText(info.rating) : ratingText(info.rating),
    moved ? h("span", { class: `rating-change ${changeClass(change)}`, "data-testid": `rating-change-${seat}`, "data-change": String(change) }, ` ${changeText(change)}`) : null,
  );
}
