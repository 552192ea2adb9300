// The signals of a table of the partnership house rules (docs/RULES.md): under your hand, the
// button that opens the codebook (each signal's gesture and meaning), enabled while a signal
// may be made; at a seat, a signal this page has just seen, as a gesture in a bubble for a
// few seconds; and its words for the hand log and the screen readers.

import { h, fill } from "../dom.js";
import { gestureIcon } from "../gestures.js";
import { t } from "../i18n.js";
import { newSignals, REQUESTS, SIGNALS, signalChance, signalsTable } from "../partnership.js";
import { mySeat } from "../state.js";
import { seatName } from "./pieces.js";

const BUBBLE_MS = 4500; // a signal seen stays at its seat this long

/** A signal in words: "Anna signals: I hold the Ace of trumps" (or "You signal: …"). */
export function signalText(state, signal) {
  const meaning = t(`signal.${signal.signal}`);
  if (signal.seat === mySeat(state)) return t("signal.youMade", { meaning });
  return t("signal.made", { name: seatName(state.room, signal.seat), meaning });
}

/** The hand log's line for a signal: its words and, once the hand is over, who caught it. */
export function signalLogText(state, signal) {
  const text = signalText(state, signal);
  if (!signal.caught) return text;
  const names = signal.caught.map((seat) => seatName(state.room, seat)).join(", ");
  return `${text} — ${names ? t("signal.caughtBy", { names }) : t("signal.caughtByNone")}`;
}

/** The signals of a table page; `notices` says a new one to screen readers. */
export function createSignals({ act, redraw }, { notices }) {
  const bubbles = new Map(); // seat -> {signal, timer}: the signals being shown at their seats
  let open = false; // the codebook is open
  const status = h("span", { class: "signal-status", "data-testid": "signal-status", id: "signal-status" });
  const button = h(
    "button",
    {
      type: "button",
      class: "btn btn-small signal-button",
      "data-testid": "signal-button",
      "aria-expanded": "false",
      "aria-controls": "signal-panel",
      "aria-describedby": "signal-status",
      onclick: () => setOpen(!open),
    },
    gestureIcon("ace_of_trumps", "gesture gesture-small"),
    t("signal.button"),
  );
  const options = SIGNALS.map((code) =>
    h(
      "button",
      { type: "button", class: `signal-option${REQUESTS.has(code) ? " request" : ""}`, "data-testid": "signal-option", "data-signal": code, onclick: () => send(code) },
      gestureIcon(code),
      h("span", { class: "signal-words" }, h("strong", {}, t(`signal.${code}`)), h("small", {}, t(`gesture.${code}`))),
    ),
  );
  const codebook = h(
    "div",
    { class: "signal-panel", id: "signal-panel", "data-testid": "signal-panel", role: "group", "aria-label": t("signal.codebook"), hidden: true },
    h(
      "div",
      { class: "signal-panel-head" },
      h("p", { class: "signal-panel-title" }, t("signal.codebook")),
      h("button", { type: "button", class: "btn btn-small btn-ghost signal-close", "data-testid": "signal-close", "aria-label": t("signal.close"), onclick: () => close() }, "×"),
    ),
    h("div", { class: "signal-options" }, options),
  );
  const root = h("div", { class: "signals", "data-testid": "signals" }, button, status, codebook);

  function setOpen(value) {
    open = value;
    redraw();
    if (open) options[0].focus({ preventScroll: true });
  }

  function send(code) {
    if (act.send({ type: "signal", signal: code })) close();
  }

  /** Closes the codebook and gives the focus back to its button. */
  function close() {
    setOpen(false);
    if (!button.disabled) button.focus({ preventScroll: true });
  }

  /** Under your hand at a table of signals: the button, why it is disabled, the codebook. */
  function panel(s) {
    const state = s.state;
    if (!signalsTable(state.room.rules) || mySeat(state) === null) return null;
    const chance = signalChance(state);
    if (!chance.allowed) open = false;
    button.disabled = !chance.allowed;
    button.setAttribute("aria-expanded", String(open));
    codebook.hidden = !open;
    fill(status, chance.why ? t(`signal.why.${chance.why}`) : t("signal.may"));
    return root;
  }

  /** New signals since the state before are shown at their seats for a while. */
  function observe(prev, state) {
    for (const signal of newSignals(prev, state)) {
      const shown = bubbles.get(signal.seat);
      if (shown) clearTimeout(shown.timer);
      const timer = setTimeout(() => {
        bubbles.delete(signal.seat);
        redraw();
      }, BUBBLE_MS);
      bubbles.set(signal.seat, { signal, timer });
      notices.say(signalText(state, signal));
    }
  }

  /** The bubble at a seat while a signal it made is shown, else null. */
  function bubble(state, seat) {
    const shown = bubbles.get(seat);
    if (!shown) return null;
    const code = shown.signal.signal;
    return h(
      "div",
      { class: `signal-bubble${REQUESTS.has(code) ? " request" : ""}`, "data-testid": "signal-bubble", "data-seat": String(seat), "data-signal": code, role: "img", "aria-label": signalText(state, shown.signal) },
      gestureIcon(code),
      h("span", { class: "signal-bubble-words" }, t(`signal.${code}`)),
    );
  }

  function onKey(event) {
    if (event.key === "Escape" && open) close();
  }

  /** A click outside the open codebook (and its button) closes it. */
  function onClick(event) {
    if (open && !root.contains(event.target)) setOpen(false);
  }
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);

  return {
    panel,
    observe,
    bubble,
    destroy() {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      for (const shown of bubbles.values()) clearTimeout(shown.timer);
    },
  };
}
