// The table's chat: the log (an aria-live region, appended to so each line is read once),
// the input, and why it is closed (players may not talk while a hand is played; at an open
// table they may once its first trick is complete, and quick requests are a tap away).

import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { openTable, QUICK_TALK, signalsTable, talkOpen } from "../partnership.js";
import { handOn, mySeat, sideOf } from "../state.js";
import { createPhrases } from "./phrases.js";

const MAX_LENGTH = 200;

/** Fills `section` (the chat, `#table-chat`). */
export function mountChat(section, { act }) {
  const phrases = createPhrases({ act });
  let shown = []; // the chat lines drawn in the log, in order
  const log = h("div", { class: "chat-log", "data-testid": "chat-log", "aria-live": "polite" });
  const note = h("div", { class: "chat-note" });
  const input = h("input", {
    type: "text",
    maxlength: String(MAX_LENGTH),
    "data-testid": "chat-input",
    "aria-label": t("chat.title"),
    autocomplete: "off",
  });
  const send = h("button", { type: "submit", class: "btn", "data-testid": "chat-send" }, t("chat.send"));
  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        if (act.chat(text.slice(0, MAX_LENGTH))) input.value = "";
      },
    },
    input,
    send,
  );
  // At an open table: the usual requests, one tap each, said in this page's language.
  const quick = h(
    "div",
    { class: "quick-talk", "data-testid": "quick-talk", role: "group", "aria-label": t("talk.title") },
    QUICK_TALK.map((key) => h("button", { type: "button", class: "btn btn-small", "data-testid": `quick-${key}`, onclick: () => act.chat(t(`talk.${key}`)) }, t(`talk.${key}`))),
  );
  fill(section, h("h2", {}, t("chat.title")), log, note, quick, phrases.el, form);

  function update(s) {
    const state = s.state;
    const spectator = mySeat(state) === null;
    const closed = !spectator && !talkOpen(state);
    const open = openTable(state.room.rules);
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    drawLines(s.chat, state.room.rules.players);
    if (atBottom) log.scrollTop = log.scrollHeight;
    input.disabled = closed;
    send.disabled = closed;
    phrases.update(!closed);
    quick.hidden = spectator || !open;
    for (const button of quick.children) button.disabled = closed;
    input.placeholder = spectator ? t("chat.spectatorPlaceholder") : t("chat.placeholder");
    fill(
      note,
      closed
        ? h("p", { class: "chat-closed", "data-testid": "chat-closed" }, t(open ? "chat.closedFirstTrick" : signalsTable(state.room.rules) ? "chat.closedSignals" : "chat.closed"))
        : spectator
          ? h("p", { class: "chat-hint" }, t(open ? "chat.spectatorNoteOpen" : "chat.spectatorNote"))
          : open && handOn(state)
            ? h("p", { class: "chat-hint", "data-testid": "table-talk" }, t("chat.tableTalk"))
            : null,
    );
  }

  // The log is an aria-live region: new lines are appended to it, so a screen reader reads
  // each once; it is refilled only when the chat list was replaced (`joined`,
  // `chat_history`) or trimmed at the front.
  function drawLines(lines, players) {
    const before = shown;
    // `dropped`: how many of the lines drawn the list no longer starts with (it keeps 200).
    const dropped = lines.length ? before.indexOf(lines[0]) : -1;
    const kept = dropped < 0 ? 0 : before.length - dropped;
    const appendOnly = dropped >= 0 && kept <= lines.length && before.slice(dropped).every((line, i) => lines[i] === line);
    shown = lines;
    const lineEl = (line) => chatLine(line, players);
    if (appendOnly) {
      for (let i = 0; i < dropped && log.firstChild; i++) log.firstChild.remove();
      log.append(...lines.slice(kept).map(lineEl));
    } else if (before !== lines) fill(log, lines.map(lineEl));
  }

  return {
    update,
    /** Brings the chat into view and its input under the fingers (phones). */
    jump() {
      section.scrollIntoView({ block: "end" });
      if (!input.disabled) input.focus({ preventScroll: true });
    },
  };
}

function chatLine(line, players) {
  const side = line.seat !== null && line.seat !== undefined ? ` side-${sideOf(line.seat, players)}` : "";
  return h(
    "div",
    { class: `chat-line channel-${line.channel}${side}` },
    line.channel === "spectators" ? h("span", { class: "chat-channel" }, t("chat.spectators")) : null,
    h("strong", { class: "chat-name" }, line.name || "?"),
    h("span", { class: "chat-text" }, line.text),
  );
}
