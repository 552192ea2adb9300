// The table page, composed of its regions (table/): the head, the felt (seats, trick, your
// hand), the notices over it, the summary at a hand's end, the side panel, and the seat
// picker before joining; and of the game module the table's rules name (games/).
// Only what the server sent is drawn: card backs never carry a card code.

import { fill, h } from "./dom.js";
import { gameModule, gameName } from "./games/index.js";
import { t } from "./i18n.js";
import { mySeat, sameHand } from "./state.js";
import { mountAlerts } from "./table/alerts.js";
import { mountFelt } from "./table/felt.js";
import { mountHead } from "./table/head.js";
import { mountNotices } from "./table/notices.js";
import { mountPicker } from "./table/picker.js";
import { createSeating } from "./table/seating.js";
import { mountSide } from "./table/side.js";
import { createSignals } from "./table/signals.js";
import { mountSummary } from "./table/summary.js";

export function mountTable(root, { store, act, prefs, sound, attention }) {
  const head = h("div", { class: "table-head" });
  const felt = h("div", { class: "felt", "data-testid": "table" });
  // Table news (a swap of the 7), shown for a while on the felt (which moves it among its
  // parts as it redraws, so screen readers hear the news from the live region instead).
  const news = h("div", { class: "table-notice-host" });
  const live = h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "table-live" });
  // The summary lies on the felt, so the chat beside it stays in reach between hands.
  const summaryHost = h("div", { class: "summary-host" });
  const ribbon = h("div", { class: "offline-ribbon", role: "status" });
  const feltWrap = h("div", { class: "felt-wrap" }, felt, news, live, summaryHost, ribbon);
  const aside = h("aside", { class: "side" });
  const share = h("div", { class: "side-share" });
  const main = h("div", { class: "table-main" }, feltWrap, aside);
  const overlay = h("div", { class: "overlay-host" });
  fill(root, h("section", { class: "table-page" }, head, main, overlay));

  let game = null; // the hooks of the game drawn, once a state names it
  let gameShown = null; // its name
  let seen = null; // the state drawn last, to tell what happened since
  const notices = mountNotices({ news, live });
  const ctx = { store, act, prefs, notices, redraw: () => update(store.get()), game: () => game };
  const seating = createSeating(ctx);
  const signals = createSignals(ctx, { notices });
  const headRegion = mountHead(head, { shareHost: share, held: () => feltRegion.held() });
  const picker = mountPicker(overlay, ctx);
  const side = mountSide(aside, ctx, { share });
  const feltRegion = mountFelt(felt, ctx, { seating, signals, handLog: side.handLog, notices });
  const summary = mountSummary(summaryHost, ctx, { overlay, seating });
  const alerts = mountAlerts({ sound, attention }); // sounds, and your turn outside the page

  function update(s) {
    feltRegion.noteState(s);
    // What happened since the state drawn last comes first: a trick just taken is held,
    // and the head's status waits for it too.
    if (s.joined && s.state) {
      pickGame(s.state.room.rules);
      observe(seen, s.state);
      seen = s.state;
    }
    headRegion.update(s);
    alerts.update(s);
    if (!s.joined) {
      main.hidden = true;
      picker.update(s);
      return;
    }
    main.hidden = false;
    const offline = s.conn !== "connected";
    feltWrap.classList.toggle("offline", offline);
    fill(ribbon, offline && s.conn !== "replaced" ? t("conn.lost") : null);
    fill(overlay);
    if (!s.state) {
      feltRegion.loading();
      summary.update(s);
      return;
    }
    feltRegion.update(s);
    side.update(s);
    summary.update(s);
  }

  function pickGame(rules) {
    const name = gameName(rules);
    if (name === gameShown) return;
    if (game && game.destroy) game.destroy();
    game = gameModule(name)(ctx);
    gameShown = name;
  }

  /** What happened between two states: a trick taken, a signal, a seat gone away, the game's news. */
  function observe(prev, state) {
    if (!sameHand(prev, state)) {
      notices.clear(); // news of the hand before is stale
      // A new deal for a seated player brings the table's head and felt into view: on a
      // phone "I'm ready" or "Play again" lies below the fold, and the page stayed there.
      if (prev && mySeat(state) !== null) window.scrollTo({ top: 0, behavior: "instant" });
    }
    feltRegion.observe(prev, state);
    signals.observe(prev, state);
    game.observe(prev, state);
    side.observe(prev, state);
    alerts.observe(prev, state);
  }

  return {
    update,
    destroy() {
      feltRegion.destroy();
      signals.destroy();
      notices.destroy();
      alerts.destroy();
      if (game && game.destroy) game.destroy();
    },
  };
}
