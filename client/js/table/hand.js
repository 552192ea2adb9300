// Your hand, in your seat at the bottom of the felt: the cards as buttons (enabled when
// legal, and not while a finished trick is still held in view), playing one by a click or
// the keyboard (1–9, ← →, Enter) with the focus kept in the hand; under it one line, always
// there so the hand never moves, for what the game adds (the classic game's swap of the 7),
// the note while you are away, or the keys; and the signals at a table of signals.

import { cardFace } from "../cards.js";
import { h } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { seatInfo } from "../state.js";

/** A part of the felt, drawn anew with it; `felt` is where the hand lies; `held()` is the
 * finished trick still shown, if any (your turn waits for it to go). */
export function createHand({ store, act, prefs, redraw, game }, felt, { signals, held }) {
  let selected = 0; // keyboard selection in your hand
  let pendingPlay = null; // a card sent, waiting for the state that shows it
  let inHand = new Set(); // your cards as last drawn (new ones are dealt in with a motion)
  let seenStateAt = 0;
  let seenErrors = 0;

  /** A card sent waits for the next state (or a refusal) before the hand is playable again. */
  function noteState(s) {
    if (s.stateAt !== seenStateAt || s.errors !== seenErrors) pendingPlay = null;
    seenStateAt = s.stateAt;
    seenErrors = s.errors;
  }

  function draw(s, hand) {
    const legal = new Set(hand.legal || []);
    const publicCards = new Set((hand.public && hand.public[hand.seat]) || []);
    const myTurn = hand.turn === hand.seat && !hand.over && !held();
    const cards = shown(hand);
    if (selected >= cards.length) selected = Math.max(0, cards.length - 1);
    const before = inHand;
    inHand = new Set(cards);
    const buttons = cards.map((code, i) => {
      const playable = myTurn && legal.has(code) && !pendingPlay;
      const cls = ["card", "face", "hand-card"];
      if (playable) cls.push("playable");
      if (publicCards.has(code)) cls.push("public");
      if (pendingPlay === code) cls.push("sent");
      if (!before.has(code)) cls.push("fresh");
      return h(
        "button",
        {
          type: "button",
          class: cls.join(" "),
          "data-testid": "card",
          "data-card": code,
          "data-index": String(i),
          // Named as the card is everywhere on the page; its key is a shortcut, not its name.
          "aria-label": `${cardName(code, prefs.deck)}${publicCards.has(code) ? ` (${t("seat.public")})` : ""}`,
          "aria-keyshortcuts": String(i + 1),
          disabled: !playable,
          onclick: () => playCard(code),
          onfocus: () => {
            selected = i;
          },
          html: cardFace(code, prefs),
        },
      );
    });
    buttons.forEach((b, i) => b.append(h("span", { class: "key-hint", "aria-hidden": "true" }, String(i + 1))));
    const group = h("div", { class: `hand${myTurn ? " my-turn" : ""}`, "data-testid": "hand", role: "group", "aria-label": t("table.yourHand"), tabindex: "-1" }, buttons);
    const line = awayNote(s, hand) || game().handExtras(s, hand) || (myTurn ? h("p", { class: "key-help" }, t("table.keys")) : null);
    return h("div", { class: "my-hand-wrap" }, group, h("div", { class: "hand-line" }, line), signals.panel(s));
  }

  /** While you are away: why the bot plays, and "I'm back". */
  function awayNote(s, hand) {
    const me = seatInfo(s.state.room, hand.seat);
    if (!me || !(me.away || me.bot_playing)) return null;
    // Any message takes the seat back from the bot; sync is the one that changes nothing else.
    const back = me.away
      ? h("button", { type: "button", class: "btn btn-gold btn-small", "data-testid": "back-button", onclick: () => act.send({ type: "sync" }) }, t("table.back"))
      : null;
    return h("div", { class: "away-note", "data-testid": "away-note", role: "status" }, h("span", {}, t("table.awayNote")), back);
  }

  /** Your cards in the order shown: the game's (Chiamata's eight sorted), else as dealt. */
  function shown(hand) {
    return game().handOrder ? game().handOrder(hand) : hand.hand;
  }

  function playCard(code) {
    const hand = store.get().state?.match?.hand;
    if (!hand || pendingPlay || held() || hand.turn !== hand.seat || !(hand.legal || []).includes(code)) return;
    if (act.send({ type: "play", card: code })) {
      pendingPlay = code;
      redraw();
    }
  }

  /** True while your hand or one of its cards has the focus (the felt's redrawing must
   * give it back). */
  function focused() {
    const el = document.activeElement;
    return felt.contains(el) && (el.dataset.testid === "card" || el.dataset.testid === "hand");
  }

  /** The focus on your card `i`, or on the hand itself while that card cannot be played
   * (a disabled button cannot hold it: it would fall to the top of the page). */
  function focusCard(i) {
    const group = felt.querySelector('[data-testid="hand"]');
    if (!group) return;
    const buttons = group.querySelectorAll('[data-testid="card"]');
    const index = Math.max(0, Math.min(buttons.length - 1, i));
    selected = index;
    const button = buttons[index];
    (button && !button.disabled ? button : group).focus({ preventScroll: true });
  }

  function handleKey(event) {
    const target = event.target;
    const tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (target.closest && target.closest(".signal-panel")) return; // choosing a signal
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const hand = store.get().state?.match?.hand;
    if (!hand || hand.seat === null || hand.over) return;
    const cards = shown(hand);
    const count = cards.length;
    if (/^[1-9]$/.test(event.key)) {
      const i = Number(event.key) - 1;
      if (i < count) {
        event.preventDefault();
        selected = i;
        playCard(cards[i]);
      }
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const step = event.key === "ArrowLeft" ? -1 : 1;
      focusCard((selected + step + count) % count);
    } else if (event.key === "Enter" && !["BUTTON", "A", "SUMMARY"].includes(tag)) {
      if (felt.querySelector('[data-testid="hand"]')) {
        event.preventDefault();
        playCard(cards[selected]);
      }
    }
  }

  document.addEventListener("keydown", handleKey);

  return {
    noteState,
    draw,
    focused,
    refocus: () => focusCard(selected),
    destroy: () => document.removeEventListener("keydown", handleKey),
  };
}
