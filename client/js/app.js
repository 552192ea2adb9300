// The entry point: preferences, routing between the lobby (/), a table (/t/{room}), the
// leaderboard and the profiles, who this browser is, the messages from the server, and the
// actions the pages call.

import { accountBar, fetchSession, openAccountDialog } from "./account.js";
import { createAttention } from "./attention.js";
import { cardFace } from "./cards.js";
import { fill, h, toast } from "./dom.js";
import { cardsGuide, helpParagraphs, mountHelp } from "./help.js";
import { errorText, initialLang, LANGS, setLang, t, getLang } from "./i18n.js";
import { mountLeaderboard, mountProfile } from "./leaderboard.js";
import { mountLobby } from "./lobby.js";
import { mountMailLink } from "./mail.js";
import { mountMyGames } from "./mygames.js";
import { botLevel, fillWithBots, playNowRules } from "./playnow.js";
import { mountTable } from "./render.js";
import { mountReplay } from "./replay.js";
import { fetchJson, socketUrl, Wire } from "./socket.js";
import { createSound } from "./sound.js";
import {
  createStore,
  dropToken,
  dropWatching,
  initialState,
  pathOf,
  routeOf,
  sameHand,
  saveToken,
  saveWatching,
  tokenFor,
  tokenRooms,
  watchingAt,
} from "./state.js";

// ---- Preferences (localStorage) ----------------------------------------------------------

function safeStorage() {
  try {
    const probe = "briscola.probe";
    localStorage.setItem(probe, "1");
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    const memory = new Map();
    return {
      getItem: (k) => (memory.has(k) ? memory.get(k) : null),
      setItem: (k, v) => memory.set(k, String(v)),
      removeItem: (k) => memory.delete(k),
    };
  }
}

const storage = safeStorage();
const KEYS = { name: "briscola.name", lang: "briscola.lang", deck: "briscola.deck", botLevel: "briscola.botLevel" };
const prefs = {
  lang: setLang(initialLang(storage.getItem(KEYS.lang), navigator.language)),
  deck: storage.getItem(KEYS.deck) === "french" ? "french" : "italian",
  botLevel: botLevel(storage.getItem(KEYS.botLevel)), // the level of the bots you add (Play now too)
};
const sound = createSound(storage);
const attention = createAttention(storage, { quiet: () => !sound.on() });
document.documentElement.lang = prefs.lang;

function getName() {
  return (storage.getItem(KEYS.name) || "").trim();
}

function ensureName() {
  let name = getName();
  if (!name) {
    name = t("name.default", { n: 100 + Math.floor(Math.random() * 900) });
    storage.setItem(KEYS.name, name);
    for (const input of document.querySelectorAll('[data-testid="name-input"]')) input.value = name;
  }
  return name.slice(0, 24);
}

// ---- Store and wire ------------------------------------------------------------------------

const store = createStore({ ...initialState(), route: routeOf(location.pathname) });
let intent = null; // what to do at the routed table when no token is held: {room, kind, seat?, side?}
let watchName = null; // the name this page watches under (sent again when it reconnects)
let previewTimer = null;

const wire = new Wire(socketUrl(location), {
  onOpen: () => enterRoute(),
  onStatus: (conn) => store.set({ conn }),
  onMessage: (msg) => receive(msg),
});

function send(msg) {
  if (wire.send(msg)) return true;
  toast(t("conn.reconnecting"), "info");
  return false;
}

/** Do what the current route asks of the server: the lobby, or take a place at a table. */
function enterRoute() {
  const route = store.get().route;
  stopPreview();
  if (route.name === "lobby") {
    wire.send({ type: "lobby" });
    fetchRooms();
    return;
  }
  if (route.name !== "table") return; // the leaderboard and profiles are read over HTTP
  const token = tokenFor(storage, route.room);
  const watching = watchingAt(storage, route.room);
  if (token) {
    wire.send({ type: "resume", room: route.room, token });
  } else if (intent && intent.room === route.room) {
    wire.send(intent.kind === "watch" ? watchMessage(route.room, watching && watching.name) : joinMessage(intent));
  } else if (watching) {
    // This browser was watching this table (a reload): watch again, silently.
    wire.send(watchMessage(route.room, watching.name));
  } else {
    store.set({ joined: false });
    startPreview(route.room);
  }
}

/** The name this browser plays under: the account's when signed in (the server uses it anyway). */
function playerName() {
  const account = store.get().account;
  return account ? account.name : ensureName();
}

function watchMessage(room, name) {
  watchName = store.get().account ? playerName() : name || ensureName();
  return { type: "watch", room, name: watchName };
}

function joinMessage(target) {
  const msg = { type: "join", room: target.room, name: playerName() };
  if (target.seat !== undefined && target.seat !== null) msg.seat = target.seat;
  if (target.side !== undefined && target.side !== null) msg.side = target.side;
  return msg;
}

// ---- HTTP ------------------------------------------------------------------------------------

async function fetchRooms() {
  try {
    const { ok, body } = await fetchJson("/api/rooms");
    if (ok && body && Array.isArray(body.rooms) && store.get().route.name === "lobby") store.set({ lobby: body.rooms });
  } catch {
    // The websocket's `lobby` messages will fill the list.
  }
}

/** The seat picker shows the table from GET /api/rooms/{room}, refreshed while shown. */
function startPreview(room) {
  stopPreview();
  const load = async () => {
    const s = store.get();
    if (s.route.name !== "table" || s.route.room !== room || s.joined) return stopPreview();
    try {
      const { ok, status, body } = await fetchJson(`/api/rooms/${encodeURIComponent(room)}`);
      if (store.get().route.room !== room) return;
      if (ok) store.set({ preview: body, notFound: false });
      else if (status === 404) store.set({ notFound: true });
    } catch {
      // Try again on the next tick.
    }
  };
  load();
  previewTimer = setInterval(load, 3000);
}

function stopPreview() {
  if (previewTimer) clearInterval(previewTimer);
  previewTimer = null;
}

// ---- Messages from the server -------------------------------------------------------------

function receive(msg) {
  const s = store.get();
  switch (msg.type) {
    case "joined": {
      if (s.route.name !== "table" || msg.room !== s.route.room) return;
      if (msg.token) saveToken(storage, msg.room, msg.token);
      if (msg.seat === null) saveWatching(storage, msg.room, watchName || ensureName());
      else dropWatching(storage, msg.room);
      const playNow = intent && intent.bots && msg.seat !== null ? intent : null;
      intent = msg.seat === null ? { room: msg.room, kind: "watch" } : null;
      stopPreview();
      // The server follows `joined` with the recent chat (`chat_history`): the log starts
      // again from it, so a resume after a dropped socket shows no line twice.
      store.set({ joined: true, room: msg.room, seat: msg.seat, notFound: false, chat: [] });
      if (playNow) for (const message of fillWithBots(playNow.players, msg.seat, playNow.bots)) wire.send(message);
      return;
    }
    case "chat_history":
      if (!s.joined || s.route.name !== "table" || s.room !== s.route.room) return;
      store.set({ chat: (msg.lines || []).map(chatLine).slice(-200) });
      return;
    case "state": {
      // A state leaves the table's summary out while it is unchanged: the one held stands.
      const room = msg.room || (s.state && s.state.room);
      if (!room) {
        if (s.route.name === "table") wire.send({ type: "sync" });
        return;
      }
      if (s.route.name !== "table" || room.id !== s.route.room) return;
      receiveState(s, msg.room ? msg : { ...msg, room });
      return;
    }
    case "chat":
      store.set({ chat: [...s.chat, chatLine(msg)].slice(-200) });
      return;
    case "lobby":
      if (s.route.name === "lobby") store.set({ lobby: msg.rooms || [] });
      return;
    case "left":
      if (msg.room) dropWatching(storage, msg.room);
      store.set({ joined: false, room: null, seat: null, state: null });
      return;
    case "error":
      receiveError(s, msg);
      return;
    default:
  }
}

function chatLine(line) {
  return { channel: line.channel, name: line.name, seat: line.seat, text: line.text };
}

function receiveState(s, msg) {
  const patch = { state: msg, stateAt: performance.now(), joined: true };
  // A rated match just ended: the account's ratings moved.
  const over = (state) => Boolean(state && state.match && state.match.over);
  if (s.account && msg.room.rules.rated && over(msg) && !over(s.state)) refreshAccount();
  if (!sameHand(s.state, msg)) patch.summaryHidden = false;
  store.set(patch);
}

function receiveError(s, msg) {
  const room = s.route.name === "table" ? s.route.room : null;
  switch (msg.code) {
    case "bad_token":
      if (room) {
        dropToken(storage, room);
        store.set({ joined: false, state: null });
        startPreview(room);
      }
      break;
    case "room_not_found":
      if (room) {
        dropToken(storage, room);
        dropWatching(storage, room);
        intent = null;
        store.set({ notFound: true, joined: false, state: null });
      }
      break;
    case "room_full":
    case "seat_taken":
    case "match_started":
    case "account_required": // a guest at a rated table
    case "name_taken": // a guest with a registered name
      if (room && !s.joined) {
        intent = null;
        startPreview(room);
      }
      break;
    default:
  }
  store.set({ errors: store.get().errors + 1 });
  toast(errorText(msg));
}

// ---- Routing ---------------------------------------------------------------------------------

function navigate(route, { replace = false } = {}) {
  const s = store.get();
  const sameTable = s.route.name === "table" && route.name === "table" && s.route.room === route.room;
  if (!sameTable && s.route.name === "table" && s.joined) wire.send({ type: "leave" });
  const path = pathOf(route);
  if (location.pathname !== path) history[replace ? "replaceState" : "pushState"]({}, "", path);
  if (!sameTable) {
    store.set({ ...initialState(), route, conn: s.conn, account: s.account, lobby: route.name === "lobby" ? s.lobby : null });
  }
  enterRoute();
}

window.addEventListener("popstate", () => navigate(routeOf(location.pathname), { replace: true }));

document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-route]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(routeOf(new URL(link.href).pathname));
});

// ---- Actions the pages call ---------------------------------------------------------------

/** True when this browser has a name; else ask for one beside the name field and say no. */
function namePrompted() {
  if (getName() || store.get().account) return true;
  const input = document.querySelector('[data-testid="name-input"]');
  if (!input) return true; // no field to type in: a default name will do
  input.setAttribute("aria-invalid", "true");
  const label = input.closest("label");
  if (label && !label.querySelector('[data-testid="name-prompt"]')) {
    label.append(h("span", { class: "name-prompt", "data-testid": "name-prompt", role: "alert" }, t("name.prompt")));
  }
  input.focus();
  return false;
}

const act = {
  send,
  chat: (text) => send({ type: "chat", text }),
  sit(where) {
    const s = store.get();
    if (s.route.name !== "table") return;
    if (!namePrompted()) return;
    intent = { room: s.route.room, kind: "join", ...where };
    if (s.joined && s.seat === null) wire.send({ type: "leave" });
    send(joinMessage(intent));
  },
  watch() {
    const s = store.get();
    if (s.route.name !== "table") return;
    intent = { room: s.route.room, kind: "watch" };
    send(watchMessage(s.route.room));
  },
  leave() {
    const s = store.get();
    if (s.route.name === "table" && s.seat !== null && !(s.state && s.state.match)) dropToken(storage, s.route.room);
    if (s.route.name === "table") dropWatching(storage, s.route.room);
    intent = null;
    navigate({ name: "lobby" });
  },
  openTable(room, kind) {
    if (kind === "join" && !namePrompted()) return;
    intent = { room, kind };
    navigate({ name: "table", room });
  },
  /** Creates a table and sits there (`seating`: the join's seat, and Play now's bots). */
  async createTable(rules, seating = {}) {
    if (!namePrompted()) return;
    try {
      const { ok, body } = await fetchJson("/api/rooms", { method: "POST", body: JSON.stringify(rules) });
      if (!ok) {
        toast(errorText(body && body.error));
        return;
      }
      intent = { room: body.id, kind: "join", ...seating };
      navigate({ name: "table", room: body.id });
    } catch {
      toast(t("error.network"));
    }
  },
  /** One click to a game: a private table of `players`, bots of your level, you ready. */
  playNow(players) {
    return act.createTable(playNowRules(players), { seat: 0, players, bots: prefs.botLevel });
  },
  setBotLevel(level) {
    prefs.botLevel = botLevel(level);
    storage.setItem(KEYS.botLevel, prefs.botLevel);
  },
  showSummary(show) {
    store.set({ summaryHidden: !show });
  },
  /** The tables this browser holds a seat at (a token), the most recent first. */
  heldTables: () => tokenRooms(storage),
  /** A table held that is no more (its link answers 404): its token opens nothing. */
  forgetTable: (room) => dropToken(storage, room),
  nameField() {
    const account = store.get().account;
    if (account) {
      // Signed in: the seat takes the account's name, so the field shows it, locked.
      const locked = h("input", { type: "text", readonly: true, "aria-readonly": "true", "data-testid": "name-input", "data-account": account.id, value: account.name, title: t("name.account", { name: account.name }) });
      return h("label", { class: "field name-field signed-in" }, h("span", { class: "field-label" }, t("name.label")), locked);
    }
    const input = h("input", {
      type: "text",
      maxlength: "24",
      autocomplete: "nickname",
      "data-testid": "name-input",
      value: getName(),
      placeholder: t("name.label"),
      required: true,
      oninput: (event) => {
        storage.setItem(KEYS.name, event.target.value.trim().slice(0, 24));
        for (const el of document.querySelectorAll('[data-testid="name-input"]')) el.removeAttribute("aria-invalid");
        for (const el of document.querySelectorAll('[data-testid="name-prompt"]')) el.remove();
      },
    });
    return h("label", { class: "field name-field" }, h("span", { class: "field-label" }, t("name.label")), input);
  },
};

// ---- Header: connection, language, settings ---------------------------------------------

const header = document.getElementById("topbar");
const view = document.getElementById("view");
let page = null;
let pageKey = "";
let connEl = null;
let bannerEl = null;
let accountEl = null;
let accountShown = null; // the key of what the account bar shows

/** The settings panel shown or hidden, its button saying which. */
function showSettings(open) {
  const panel = header.querySelector(".settings-panel");
  if (!panel || panel.hidden === !open) return;
  panel.hidden = !open;
  const button = header.querySelector('[data-testid="settings-button"]');
  button.setAttribute("aria-expanded", String(open));
  if (!open && panel.contains(document.activeElement)) button.focus();
}

/** The "How to play" dialog: the basics of docs/RULES.md in the interface's language. It
 * never opens over the settings panel: that closes first. */
function openHelp() {
  closeHelp();
  showSettings(false);
  const close = h("button", { type: "button", class: "btn btn-primary", "data-testid": "help-close", onclick: closeHelp }, t("help.close"));
  const dialog = h(
    "div",
    { class: "help-overlay", "data-testid": "help-overlay", onclick: (event) => event.target === event.currentTarget && closeHelp() },
    h(
      "div",
      { class: "dialog help-dialog", "data-testid": "help-dialog", role: "dialog", "aria-modal": "true", "aria-label": t("help.title") },
      h("h2", {}, t("help.title")),
      helpParagraphs(),
      cardsGuide(),
      h("p", {}, h("a", { href: "/help", "data-route": "", "data-testid": "help-page-link", onclick: closeHelp }, t("helpCards.page"))),
      close,
    ),
  );
  document.body.append(dialog);
  close.focus({ preventScroll: true }); // the dialog opens at its top
}

function closeHelp() {
  for (const el of document.querySelectorAll('[data-testid="help-overlay"]')) el.remove();
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  closeHelp();
  showSettings(false);
});

function renderHeader() {
  connEl = h("span", { class: "conn", "data-testid": "connection", role: "status" });
  const settings = h(
    "div",
    { class: "settings-panel", "data-testid": "settings-panel", hidden: true },
    h("h2", {}, t("settings.title")),
    h(
      "label",
      { class: "field" },
      h("span", { class: "field-label" }, t("settings.language")),
      h(
        "select",
        { "data-testid": "lang-select", onchange: (event) => setPref("lang", event.target.value) },
        LANGS.map((lang) => h("option", { value: lang, selected: lang === prefs.lang }, t(`lang.${lang}`))),
      ),
    ),
    h(
      "label",
      { class: "field" },
      h("span", { class: "field-label" }, t("settings.deck")),
      h(
        "select",
        { "data-testid": "deck-select", onchange: (event) => setPref("deck", event.target.value) },
        ["italian", "french"].map((deck) => h("option", { value: deck, selected: deck === prefs.deck }, t(`deck.${deck}`))),
      ),
    ),
    h(
      "div",
      { class: "deck-preview", "aria-hidden": "true" },
      ["AD", "3C", "NS", "KB"].map((code) => h("div", { class: "card face small", html: cardFace(code, prefs) })),
    ),
    sound.setting(),
    attention.setting(),
  );
  const toggle = h(
    "button",
    {
      type: "button",
      class: "icon-btn",
      "data-testid": "settings-button",
      "aria-label": t("settings.title"),
      "aria-expanded": "false",
      onclick: () => showSettings(settings.hidden),
    },
    "⚙",
  );
  const helpBtn = h("button", { type: "button", class: "icon-btn help-btn", "data-testid": "help-button", title: t("help.button"), "aria-label": t("help.button"), onclick: openHelp }, "?");
  const other = prefs.lang === "it" ? "en" : "it";
  accountEl = h("div", { class: "account-host" });
  accountShown = null;
  fill(
    header,
    h("a", { href: "/", class: "brand", "data-route": "" }, h("span", { class: "brand-mark", html: cardFace("AD", prefs) }), h("span", { class: "brand-name" }, t("app.title"))),
    h("div", { class: "topbar-right" },
      accountEl,
      connEl,
      helpBtn,
      h("button", { type: "button", class: "icon-btn lang-btn", "data-testid": "lang-toggle", title: t(`lang.${other}`), onclick: () => setPref("lang", other) }, other.toUpperCase()),
      toggle,
    ),
    settings,
  );
  bannerEl = document.getElementById("banner");
}

function setPref(key, value) {
  if (key === "lang") {
    prefs.lang = setLang(value);
    document.documentElement.lang = prefs.lang;
  } else {
    prefs.deck = value === "french" ? "french" : "italian";
  }
  storage.setItem(KEYS[key], prefs[key]);
  pageKey = "";
  renderHeader();
  render();
}

document.addEventListener("click", (event) => {
  if (!header.contains(event.target)) showSettings(false);
});

function renderConnection(s) {
  const conn = s.conn;
  connEl.dataset.state = conn;
  connEl.textContent = t(`conn.${conn}`);
  if (conn === "replaced") {
    fill(
      bannerEl,
      h(
        "div",
        { class: "banner", "data-testid": "replaced" },
        h("span", {}, t("conn.replaced")),
        h("button", { type: "button", class: "btn btn-small", "data-testid": "retake", onclick: () => wire.connect() }, t("conn.retake")),
      ),
    );
  } else fill(bannerEl);
}

// ---- Rendering --------------------------------------------------------------------------------

// One render per frame; a hidden tab gets no animation frames, so it renders on a timer.
let frame = false;
function schedule() {
  if (frame) return;
  frame = true;
  const run = () => {
    if (!frame) return;
    frame = false;
    render();
  };
  if (document.hidden) setTimeout(run, 0);
  else {
    requestAnimationFrame(run);
    setTimeout(run, 100);
  }
}

// The page for each route; a signed-in change mounts the page again (the name fields, the
// rated option and the seat marks depend on who this browser is).
const PAGES = { table: mountTable, lobby: mountLobby, leaderboard: mountLeaderboard, profile: mountProfile, replay: mountReplay, help: mountHelp, mail: mountMailLink, mygames: mountMyGames };

function render() {
  const s = store.get();
  renderConnection(s);
  renderAccount(s);
  const key = `${s.route.name}:${s.route.room || s.route.id || ""}:${getLang()}:${prefs.deck}:${s.account ? s.account.id : ""}`;
  if (key !== pageKey) {
    if (page) page.destroy();
    const ctx = { store, act, prefs, sound, attention };
    page = (PAGES[s.route.name] || mountLobby)(view, ctx);
    pageKey = key;
    const titles = { table: `${t("app.title")} · ${s.route.room}`, leaderboard: `${t("app.title")} · ${t("leaderboard.title")}`, help: `${t("app.title")} · ${t("help.title")}`, mygames: `${t("app.title")} · ${t("mygames.title")}` };
    document.title = titles[s.route.name] || t("app.title");
  }
  page.update(s);
}

// ---- Who this browser is -----------------------------------------------------------------

function renderAccount(s) {
  const a = s.account;
  const key = JSON.stringify([getLang(), a && a.id, a && a.name, a && a.ratings]);
  if (key === accountShown) return;
  accountShown = key;
  fill(accountEl, accountBar(a, setIdentity));
}

/**
 * Signed in (an Account) or out (null): keep it, and open a new socket, which the server
 * reads the session cookie of at its handshake.
 */
function setIdentity(account) {
  const before = store.get().account;
  store.set({ account });
  toast(account ? t("account.welcome", { name: account.name }) : t("account.bye"), "info");
  if ((before && before.id) !== (account && account.id)) wire.reconnect();
}

/** Ask again who this browser is (its ratings change when a rated match ends). */
async function refreshAccount() {
  const account = await fetchSession();
  if (account) store.set({ account });
}

store.subscribe(schedule);
window.addEventListener("online", () => wire.retryNow());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") wire.retryNow();
});

renderHeader();
render();
const start = store.get().route;
if (start.name === "table" && !tokenFor(storage, start.room) && !watchingAt(storage, start.room)) startPreview(start.room);
// Who this browser is, before the socket opens: the server seats a signed-in person under
// the account's name, and the page shows the same.
fetchSession().then((account) => {
  store.set({ account });
  wire.connect();
  // /login is the lobby with the log-in dialog open (for a guest).
  if (location.pathname === "/login") {
    history.replaceState({}, "", "/");
    if (!account) openAccountDialog("login", setIdentity);
  }
});
