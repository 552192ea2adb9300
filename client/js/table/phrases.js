// Quick phrases in the chat — "Well played", "Thanks", "Good luck" — one tap each. A phrase
// is sent as chat text in this page's language, so every rule of the chat holds for it
// (the server's included): the phrases show only while you may chat, never while the
// no-signals rule holds.

import { h } from "../dom.js";
import { t } from "../i18n.js";

const PHRASES = { "well-played": "phrase.wellPlayed", thanks: "phrase.thanks", "good-luck": "phrase.goodLuck" };

export function createPhrases({ act }) {
  const el = h(
    "div",
    { class: "quick-phrases", "data-testid": "quick-phrases", role: "group", "aria-label": t("phrase.title") },
    Object.entries(PHRASES).map(([id, key]) => h("button", { type: "button", class: "btn btn-small", "data-testid": `phrase-${id}`, onclick: () => act.chat(t(key)) }, t(key))),
  );
  return {
    el,
    /** Shown while the chat is open to you. */
    update(open) {
      el.hidden = !open;
    },
  };
}
