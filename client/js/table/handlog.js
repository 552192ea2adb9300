// The hand log, beside the felt (below it on phones), never covering the trick in play: the
// last trick, and the hand's history in words. It opens on a click or a tap only, and stays
// open across redraws until the player closes it.

import { fill, h } from "../dom.js";
import { suitName, t } from "../i18n.js";
import { handLog, mySeat, sameHand, seatPosition, trickCards } from "../state.js";
import { faceCard, seatName } from "./pieces.js";
import { signalLogText } from "./signals.js";

const isAway = (info) => Boolean(info && (info.away || info.bot_playing));

/** Fills `panel` (hidden while no hand is dealt). */
export function mountHandLog(panel, { prefs, redraw, game }) {
  let open = false;
  let presence = []; // [{tricks, seat, away}]: seats this page saw go away or come back this hand
  const lastTrick = h("div", { class: "hand-log-last" });
  const list = h("ol", { class: "hand-log-list", "data-testid": "hand-log-list" });
  const body = h("div", { class: "hand-log-body", id: "hand-log-body", hidden: true }, lastTrick, list);
  const toggle = h(
    "button",
    { type: "button", class: "hand-log-toggle", "data-testid": "hand-log-button", "aria-expanded": "false", "aria-controls": "hand-log-body", onclick: () => setOpen(!open) },
    t("log.title"),
  );
  fill(panel, h("h2", {}, toggle), body);

  function setOpen(value) {
    open = value;
    redraw();
  }

  /** Seats gone away or come back since the state before, in the same hand. */
  function observe(prev, state) {
    if (!sameHand(prev, state)) {
      presence = [];
      return;
    }
    const tricks = state.match.hand.tricks_played;
    state.room.seats.forEach((info, i) => {
      const away = isAway(info);
      if (away !== isAway(prev.room.seats[i])) presence.push({ tricks, seat: info.seat, away });
    });
  }

  function update(s) {
    const state = s.state;
    const hand = state.match && state.match.hand;
    panel.hidden = !hand;
    if (!hand) return;
    toggle.setAttribute("aria-expanded", String(open));
    body.hidden = !open;
    fill(lastTrick, lastTrickView(state, hand, prefs));
    if (!open) return;
    const room = state.room;
    const name = (seat) => seatName(room, seat);
    const words = {
      deal: (e) => t("log.deal", { name: name(e.seat), suit: suitName(hand.trump, prefs.deck) }),
      trick: (e) => t("log.trick", { n: e.n, leader: name(e.leader), winner: name(e.winner) }),
      leads: (e) => t("log.leads", { n: e.n, leader: name(e.leader) }),
      away: (e) => t("log.away", { name: name(e.seat) }),
      back: (e) => t("log.back", { name: name(e.seat) }),
      signal: (e) => signalLogText(state, e),
      ...game().logWords(state),
    };
    const entries = handLog(hand, presence);
    fill(
      list,
      (game().logEntries ? game().logEntries(hand, entries) : entries).map((entry) => h("li", { class: `log-${entry.kind}`, "data-testid": "log-entry", "data-kind": entry.kind, "data-seat": entry.seat ?? null, "data-signal": entry.signal ?? null }, words[entry.kind](entry))),
    );
    list.scrollTop = list.scrollHeight;
  }

  return {
    observe,
    update,
    /** Opens the log and brings it into view (the felt's last-trick button). */
    reveal() {
      setOpen(true);
      panel.scrollIntoView({ block: "nearest" });
    },
  };
}

function lastTrickView(state, hand, prefs) {
  const room = state.room;
  const last = hand.last_trick;
  if (!last) return h("p", { class: "last-trick", "data-testid": "last-trick" }, t("table.noLastTrick"));
  const bottom = mySeat(state) ?? 0;
  return h(
    "div",
    { class: "last-trick", "data-testid": "last-trick" },
    h("h3", {}, `${t("table.lastTrick")} · `, h("span", {}, t("table.wonBy", { name: seatName(room, last.winner) }))),
    h(
      "div",
      { class: "last-trick-cards" },
      trickCards(last, hand.players).map(({ seat, card }) =>
        h(
          "div",
          { class: `lt-card pos-${seatPosition(seat, bottom, hand.players)}${last.winner === seat ? " winner" : ""}` },
          faceCard(card, prefs, { class: "card face small" }),
          h("span", { class: "lt-name" }, seatName(room, seat)),
        ),
      ),
    ),
  );
}
