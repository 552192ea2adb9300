// The score pad's page (/score): draws the pad of pad.js, turns clicks and keys into its
// operations, keeps it in localStorage, and registers the service worker that lets it open
// offline. It sends nothing to the server and shares none of the game's socket code.

import { fill, h } from "/static/js/dom.js";
import { getLang, initialLang, setLang, t } from "/static/js/i18n.js";
import {
  addEntry,
  addPoints,
  addRest,
  changedEntry,
  entryName,
  fromJSON,
  lastChange,
  MAX_ENTRIES,
  MAX_NAMES,
  MAX_NAME_LENGTH,
  MAX_POINTS,
  newGame,
  PACK_POINTS,
  removeEntry,
  restFor,
  setTarget,
  toJSON,
  undo,
} from "./pad.js";

const KEYS = { pad: "briscola.score", lang: "briscola.lang" };
const QUICK = [1, 5, 10];
const TROPHY =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M7 3h10v3h3v2a5 5 0 0 1-4.6 5A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 8.6 13 5 5 0 0 1 4 8V6h3z' +
  'M6 8a3 3 0 0 0 1.4 2.5A9 9 0 0 1 7 8zm12 0h-1a9 9 0 0 1-.4 2.5A3 3 0 0 0 18 8z" fill="currentColor"/></svg>';

const topbar = document.getElementById("topbar");
const main = document.getElementById("pad");
const live = h("p", { class: "sr-only", "data-testid": "pad-live", "aria-live": "polite" });
let state = fromJSON(read(KEYS.pad));
let offline = "pending";
let keypad = null; // {id, dialog} while the keypad is open
let form = null; // the form that adds entries (entryForm)

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function keep(key, text) {
  try {
    localStorage.setItem(key, text);
  } catch {
    // Storage refused (full, or blocked): the pad goes on for this visit, unkept.
  }
}

document.documentElement.lang = setLang(initialLang(read(KEYS.lang), navigator.language));

// ---- Changes ---------------------------------------------------------------------------------

/** Apply an operation of pad.js; when it changed the pad, keep it, draw it and say it. */
function change(next, said) {
  if (next === state) return;
  const before = state;
  state = next;
  keep(KEYS.pad, toJSON(state));
  draw();
  const won = state.winner !== null && state.winner !== before.winner ? state.entries.find((entry) => entry.id === state.winner) : null;
  say(won ? t("score.said.win", { name: entryName(won), points: won.points }) : said(state));
}

function say(text) {
  live.textContent = "";
  live.textContent = text;
}

function pointsSaid(id) {
  return (s) => {
    const entry = s.entries.find((e) => e.id === id);
    return t("score.said.points", { name: entryName(entry), points: entry.points });
  };
}

/** The last change in words: "+10 for Anna & Bruno", "the new game"… */
function changeWords(s) {
  const last = lastChange(s);
  const entry = changedEntry(s);
  return t(`score.change.${last.kind}`, { amount: last.amount, name: entry ? entryName(entry) : "" });
}

const act = {
  points: (id, amount) => change(addPoints(state, id, amount), pointsSaid(id)),
  rest: (id) => change(addRest(state, id), pointsSaid(id)),
  add: (names) => change(addEntry(state, names), (s) => t("score.said.added", { name: entryName(s.entries.at(-1)) })),
  remove: (id) => change(removeEntry(state, id), (s) => t("score.said.removed", { name: entryName(changedEntry(s)) })),
  target: (target) => change(setTarget(state, target), (s) => t("score.said.target", { n: s.target })),
  newGame: () => change(newGame(state), () => t("score.said.newGame")),
  undo: () => {
    if (lastChange(state) === null) return;
    const what = changeWords(state);
    change(undo(state), () => t("score.undone", { what }));
  },
};

// ---- Drawing ---------------------------------------------------------------------------------

/** Draw the page anew, keeping the keyboard's place: the element with the same `data-key`
 * gets the focus back (else the undo button, when the focused one is gone or now off). */
function draw() {
  const focused = document.activeElement && main.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  updateForm();
  fill(main, toolbar(), entryList(), form);
  if (focused) (main.querySelector(`[data-key="${focused}"]:not(:disabled)`) || main.querySelector('[data-key="undo"]')).focus();
}

/** Draw everything in the language chosen: the top bar, the form, the pad. */
function drawAll() {
  document.title = t("score.pageTitle");
  drawTopbar();
  form = entryForm();
  draw();
}

function drawTopbar() {
  const other = getLang() === "it" ? "en" : "it";
  fill(
    topbar,
    h(
      "a",
      { href: "/", class: "brand", title: t("score.home") },
      h("img", { class: "pad-brand-icon", src: "/static/score/icon.svg", alt: "" }),
      h("span", { class: "brand-name" }, t("app.title")),
    ),
    h("h1", { class: "pad-title" }, t("score.title")),
    h(
      "div",
      { class: "topbar-right" },
      h("span", { class: "conn pad-offline", "data-testid": "offline-status", "data-state": offline, role: "status" }, t(`score.offline.${offline}`)),
      h("button", { type: "button", class: "icon-btn lang-btn", "data-testid": "lang-toggle", title: t(`lang.${other}`), lang: other, onclick: () => chooseLang(other) }, other.toUpperCase()),
    ),
  );
}

function chooseLang(lang) {
  keep(KEYS.lang, setLang(lang));
  document.documentElement.lang = lang;
  drawAll();
  topbar.querySelector('[data-testid="lang-toggle"]').focus();
}

function toolbar() {
  const last = lastChange(state);
  return h(
    "div",
    { class: "pad-toolbar" },
    h(
      "button",
      {
        type: "button",
        class: "btn",
        "data-testid": "undo-button",
        "data-key": "undo",
        disabled: last === null,
        "aria-label": last ? t("score.undoWhat", { what: changeWords(state) }) : null,
        title: last ? t("score.undoWhat", { what: changeWords(state) }) : null,
        onclick: act.undo,
      },
      h("span", { "aria-hidden": "true" }, "↶"),
      h("span", { class: "pad-undo-text" }, t("score.undo")),
    ),
    h("button", { type: "button", class: "btn btn-primary", "data-testid": "new-game", "data-key": "new-game", disabled: newGame(state) === state, onclick: act.newGame }, t("score.newGame")),
    h(
      "label",
      { class: "pad-target" },
      h("span", {}, t("score.target")),
      h("input", {
        type: "number",
        inputmode: "numeric",
        min: 1,
        max: MAX_POINTS,
        value: String(state.target),
        "data-testid": "target-input",
        "data-key": "target",
        onchange: (event) => {
          act.target(Number(event.target.value));
          event.target.value = String(state.target);
        },
      }),
    ),
  );
}

function entryList() {
  if (state.entries.length === 0) return h("p", { class: "pad-empty", "data-testid": "pad-empty" }, t("score.empty"));
  return h(
    "ul",
    { class: `pad-entries count-${state.entries.length}`, "data-testid": "entries", "aria-label": t("score.entries") },
    state.entries.map(entryCard),
  );
}

function entryCard(entry) {
  const name = entryName(entry);
  const won = state.winner === entry.id;
  const pair = state.entries.length === 2;
  const rest = restFor(state, entry.id);
  const other = state.entries.find((e) => e.id !== entry.id);
  const button = (key, text, attrs) => h("button", { type: "button", class: "btn", "data-key": `${key}-${entry.id}`, ...attrs }, text);
  const wins = t(entry.wins === 1 ? "score.wins.one" : "score.wins.many", { n: entry.wins });
  return h(
    "li",
    { class: `card-panel pad-entry${won ? " won" : ""}`, "data-testid": "entry", "data-entry": entry.id, "data-won": String(won), "aria-labelledby": `entry-${entry.id}` },
    h(
      "div",
      { class: "pad-entry-head" },
      h("h2", { id: `entry-${entry.id}`, class: "pad-name", "data-testid": "entry-name" }, name),
      h("span", { class: "pad-trophy", "data-testid": "entry-wins", "data-wins": entry.wins, role: "img", "aria-label": wins, title: wins }, h("span", { html: TROPHY }), String(entry.wins)),
      button("remove", "×", { class: "icon-btn pad-remove", "data-testid": "entry-remove", "aria-label": t("score.remove", { name }), title: t("score.remove", { name }), onclick: () => act.remove(entry.id) }),
    ),
    h(
      "p",
      { class: "pad-score" },
      h("span", { class: "pad-points", "data-testid": "entry-points", "aria-label": t("score.points", { n: entry.points }) }, String(entry.points)),
      h("span", { class: "pad-of" }, t("score.ofTarget", { target: state.target })),
      won ? h("span", { class: "pad-win", "data-testid": "entry-win" }, h("span", { html: TROPHY }), t("score.winner")) : null,
    ),
    h("div", { class: "pad-bar", "aria-hidden": "true" }, h("span", { style: `width: ${Math.min(100, (100 * entry.points) / state.target)}%` })),
    h(
      "div",
      { class: "pad-actions" },
      QUICK.map((n) => button(`add${n}`, `+${n}`, { "data-testid": `add-${n}`, "aria-label": t("score.addPoints", { n, name }), onclick: () => act.points(entry.id, n) })),
      button("keypad", t("score.keypad"), { "data-testid": "keypad-button", "aria-haspopup": "dialog", onclick: () => openKeypad(entry.id) }),
      !pair
        ? null
        : button("rest", t("score.rest", { n: rest ?? 0 }), {
            "data-testid": "rest-button",
            class: "btn pad-rest",
            disabled: rest === null,
            "aria-label": t("score.restLabel", { name, n: rest ?? 0, other: other.points }),
            title: `${PACK_POINTS} − ${other.points}`,
            onclick: () => act.rest(entry.id),
          }),
    ),
  );
}

/** The form that adds an entry: a name, a partner, "+ Partner" for a partnership of three.
 * Made once per language and kept between draws, so that what is typed stays. */
function entryForm() {
  const field = (label, testid, key) =>
    h("label", { class: "field" }, h("span", { class: "field-label" }, label), h("input", { type: "text", maxlength: MAX_NAME_LENGTH, autocomplete: "off", "data-testid": testid, "data-key": key }));
  const partner = (n) => field(t("score.partner"), "entry-partner-input", `name-${n}`);
  const names = h("div", { class: "pad-names" }, field(t("score.name"), "entry-name-input", "name-0"), partner(1));
  const more = h(
    "button",
    {
      type: "button",
      class: "btn btn-ghost btn-small",
      "data-testid": "entry-more-partner",
      "data-key": "more-partner",
      onclick: () => {
        names.append(partner(names.children.length));
        more.hidden = names.children.length >= MAX_NAMES;
        names.lastElementChild.querySelector("input").focus();
      },
    },
    t("score.morePartner"),
  );
  const added = (el) => {
    while (names.children.length > 2) names.lastElementChild.remove();
    more.hidden = false;
    el.reset();
    main.querySelector('[data-key="name-0"]').focus();
  };
  return h(
    "form",
    {
      class: "pad-form card-panel",
      "data-testid": "entry-form",
      "aria-labelledby": "pad-form-title",
      onsubmit: (event) => {
        event.preventDefault();
        const typed = [...names.querySelectorAll("input")].map((input) => input.value);
        if (!typed[0].trim()) return names.querySelector("input").focus();
        const before = state;
        act.add(typed);
        if (state !== before) added(event.target);
      },
    },
    h("h2", { id: "pad-form-title" }, t("score.addTitle")),
    names,
    h("div", { class: "pad-form-actions" }, more, h("button", { type: "submit", class: "btn btn-primary", "data-testid": "entry-add", "data-key": "entry-add" }, t("score.addEntry"))),
    h("p", { class: "pad-note", hidden: true }, t("score.full", { n: MAX_ENTRIES })),
  );
}

/** A full pad takes no more entries: the form's fields are off and the note says why. */
function updateForm() {
  const full = state.entries.length >= MAX_ENTRIES;
  for (const el of form.elements) el.disabled = full;
  form.querySelector(".pad-note").hidden = !full;
}

// ---- The keypad ------------------------------------------------------------------------------

const DIGITS = String(MAX_POINTS).length;

/** The keypad for one entry, a modal <dialog> (the browser keeps the focus in it, Escape
 * closes it): type a number with the keys or its buttons, add it. On a touch screen the
 * phone's own keyboard stays down: the keypad's buttons are the keys. */
function openKeypad(id) {
  closeKeypad();
  const title = t("score.keypadFor", { name: entryName(state.entries.find((e) => e.id === id)) });
  const touch = window.matchMedia("(pointer: coarse)").matches;
  const input = h("input", {
    type: "text",
    inputmode: touch ? "none" : "numeric",
    pattern: "[0-9]*",
    maxlength: DIGITS,
    autocomplete: "off",
    class: "pad-keypad-input",
    "data-testid": "keypad-input",
    "aria-label": title,
    oninput: () => (input.value = input.value.replace(/\D/g, "").slice(0, DIGITS)),
  });
  const type = (digit) => (input.value = (input.value + digit).slice(0, DIGITS));
  const key = (text, attrs) => h("button", { type: "button", class: "btn pad-key", ...attrs }, text);
  const digit = (d) => key(d, { "data-testid": "keypad-digit", "data-digit": d, onclick: () => type(d) });
  const dialog = h(
    "dialog",
    { class: "dialog pad-keypad", "data-testid": "keypad", "aria-labelledby": "keypad-title", onclose: () => closeKeypad() },
    h(
      "form",
      {
        onsubmit: (event) => {
          event.preventDefault();
          const amount = Number(input.value);
          if (!(amount >= 1)) return input.focus();
          closeKeypad();
          act.points(id, amount);
        },
      },
      h("h2", { id: "keypad-title" }, title),
      input,
      h(
        "div",
        { class: "pad-keys" },
        ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map(digit),
        key("⌫", { "data-testid": "keypad-back", "aria-label": t("score.keypadBack"), onclick: () => (input.value = input.value.slice(0, -1)) }),
        digit("0"),
        h("button", { type: "submit", class: "btn btn-primary pad-key", "data-testid": "keypad-add" }, t("score.keypadAdd")),
      ),
      h("button", { type: "button", class: "btn btn-ghost", "data-testid": "keypad-close", onclick: () => closeKeypad() }, t("score.close")),
    ),
  );
  document.body.append(dialog);
  keypad = { id, dialog };
  dialog.showModal();
  input.focus();
}

/** Close the keypad, the focus back on the button that opened it. */
function closeKeypad() {
  if (keypad === null) return;
  const { id, dialog } = keypad;
  keypad = null;
  dialog.remove();
  const opener = main.querySelector(`[data-key="keypad-${id}"]`);
  if (opener) opener.focus();
}

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !typing && keypad === null) {
    event.preventDefault();
    act.undo();
  }
});

// ---- Other tabs, and working offline -----------------------------------------------------

/** Another tab of this pad, or the site's language switch, changed what is kept. */
window.addEventListener("storage", (event) => {
  if (event.key === KEYS.pad) state = fromJSON(event.newValue);
  else if (event.key === KEYS.lang) document.documentElement.lang = setLang(initialLang(event.newValue, navigator.language));
  else return;
  closeKeypad();
  drawAll();
});

function showOffline(next) {
  offline = next;
  drawTopbar();
}

/** The service worker (served at /score/sw.js, its scope the pad's address) keeps the pad's
 * files, so that the page opens with the network or the server gone. */
function workOffline() {
  if (!("serviceWorker" in navigator)) return showOffline("none");
  const shown = () => showOffline(navigator.serviceWorker.controller ? "ready" : "pending");
  navigator.serviceWorker.addEventListener("controllerchange", shown);
  navigator.serviceWorker.register("/score/sw.js", { scope: "/score" }).then(shown, () => showOffline("none"));
  shown();
}

document.body.append(live); // outside what is redrawn, so that screen readers keep it
drawAll();
workOffline();
