// A confirmation in the page's own style, in place of the browser's plain confirm(): a
// modal dialog with the question, what follows from it, and two buttons. "Stay" (focused
// first), Escape or a click outside say no; focus goes back where it was.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Ask `title`, with `lines` saying what follows; `yes` is the confirming button's word.
 * Resolves to true when the player confirms, false otherwise.
 */
export function confirmDialog({ title, lines = [], yes }) {
  for (const open of document.querySelectorAll('[data-testid="confirm-overlay"]')) open.remove();
  const returnFocus = document.activeElement;
  return new Promise((resolve) => {
    const stay = h("button", { type: "button", class: "btn", "data-testid": "confirm-no", onclick: () => done(false) }, t("confirm.stay"));
    const go = h("button", { type: "button", class: "btn btn-danger", "data-testid": "confirm-yes", onclick: () => done(true) }, yes);
    const dialog = h(
      "div",
      { class: "dialog confirm-dialog", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text", "data-testid": "confirm-dialog" },
      h("h2", { id: "confirm-title" }, title),
      h("div", { id: "confirm-text", class: "confirm-text" }, lines.map((line) => h("p", {}, line))),
      h("div", { class: "confirm-actions" }, stay, go),
    );
    const overlay = h("div", { class: "confirm-overlay", "data-testid": "confirm-overlay", onclick: (event) => event.target === event.currentTarget && done(false) }, dialog);

    // Seen first (capture): Escape says no, Tab stays on the two buttons, and the table's
    // keys (1–9, arrows) do not reach the hand behind the dialog.
    function onKey(event) {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        done(false);
      } else if (event.key === "Tab") {
        event.preventDefault();
        (document.activeElement === stay ? go : stay).focus();
      } else if (/^[1-9]$/.test(event.key) || event.key.startsWith("Arrow")) {
        event.stopPropagation();
      }
    }

    function done(answer) {
      document.removeEventListener("keydown", onKey, true);
      overlay.remove();
      if (returnFocus && returnFocus.isConnected) returnFocus.focus({ preventScroll: true });
      resolve(answer);
    }

    document.addEventListener("keydown", onKey, true);
    document.body.append(overlay);
    stay.focus();
  });
}
