// Your turn, told outside the page: the tab's title and icon say so while it is your turn
// (and go back after); a browser notification when the page is hidden, once the player has
// turned them on in the settings (the browser's permission is asked only then, and the
// choice is remembered); a short vibration on a phone, unless the player asked for quiet.

import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "briscola.notify";
const VIBRATE_MS = 120;

// The page's icon with a red dot: a card waits for you.
const TURN_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 150'>" +
      "<rect x='2' y='2' width='96' height='146' rx='10' fill='#fffdf6' stroke='#333' stroke-width='4'/>" +
      "<circle cx='50' cy='75' r='30' fill='#e2b33c' stroke='#9a6a12' stroke-width='6'/>" +
      "<circle cx='74' cy='28' r='24' fill='#d0312d' stroke='#fff' stroke-width='6'/></svg>",
  );

function permission() {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** `quiet()`: the player asked for quiet (sounds off), so no vibration either. */
export function createAttention(storage, { quiet }) {
  let notify = storage.getItem(KEY) === "on" && permission() === "granted";
  let marked = false; // whether the title and icon say it is your turn
  let prefix = null; // the title's mark while shown
  let shown = null; // the notification on screen
  const link = document.querySelector('link[rel="icon"]');
  const plainIcon = link ? link.getAttribute("href") : null;

  /** While it is your turn the title and icon say so; after, they are as they were. */
  function mark(on) {
    if (on === marked && (!on || document.title.startsWith(prefix))) return;
    marked = on;
    const title = prefix && document.title.startsWith(prefix) ? document.title.slice(prefix.length) : document.title;
    prefix = on ? `${t("attention.title")} · ` : null;
    document.title = on ? prefix + title : title;
    if (link) {
      link.setAttribute("href", on ? TURN_ICON : plainIcon);
      link.dataset.turn = String(on);
    }
    if (!on) closeNotice();
  }

  /** The turn has just become yours at the table named `table`. */
  function yourTurn(table) {
    if (notify && document.visibilityState === "hidden") {
      closeNotice();
      shown = new Notification(t("attention.title"), { body: t("attention.body", { table }), tag: "briscola-turn" });
      shown.onclick = () => {
        window.focus();
        closeNotice();
      };
    }
    if (!quiet() && navigator.vibrate && matchMedia("(pointer: coarse)").matches) navigator.vibrate(VIBRATE_MS);
  }

  function closeNotice() {
    if (shown) shown.close();
    shown = null;
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") closeNotice();
  });

  async function turnOn(box) {
    if (permission() === "unsupported") {
      box.checked = false;
      toast(t("attention.unsupported"));
      return;
    }
    const answer = permission() === "granted" ? "granted" : await Notification.requestPermission();
    notify = answer === "granted";
    box.checked = notify;
    storage.setItem(KEY, notify ? "on" : "off");
    if (!notify) toast(t("attention.denied"));
  }

  /** The settings panel's switch: turning it on asks the browser's permission. */
  function setting() {
    const box = h("input", {
      type: "checkbox",
      "data-testid": "notify-toggle",
      checked: notify,
      onchange: (event) => {
        if (event.target.checked) turnOn(event.target);
        else {
          notify = false;
          storage.setItem(KEY, "off");
        }
      },
    });
    return h("label", { class: "check setting-check" }, box, t("attention.setting"));
  }

  return { mark, yourTurn, setting };
}
