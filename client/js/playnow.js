// Play now: one button per player count (2, 3, 4, 5 for Chiamata, 6) that opens a private table, seats you,
// fills the other seats with bots of the level you last chose (remembered) and says you are
// ready — one click to a game. The table is private so that nobody takes a seat meant for
// a bot; its link still lets anyone watch.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const PLAY_NOW_COUNTS = [2, 3, 4, 5, 6];
export const BOT_LEVELS = ["easy", "normal", "strong"];

/** A level of bots, or the default (strong) for anything else. */
export function botLevel(value) {
  return BOT_LEVELS.includes(value) ? value : "strong";
}

/** The rules of Play now's table of `players`: private, and five is Briscola Chiamata's. */
export function playNowRules(players) {
  return players === 5 ? { game: "chiamata", players, private: true } : { players, private: true };
}

/** What to send once seated at `seat` of a new table of `players`: a bot of `level` in
 * every other seat, then ready (the host's commands: the first to sit is the host). */
export function fillWithBots(players, seat, level) {
  const bots = [...Array(players).keys()].filter((other) => other !== seat).map((other) => ({ type: "add_bot", seat: other, level: botLevel(level) }));
  return [...bots, { type: "ready", ready: true }];
}

/** The lobby's panel: the buttons and the bots' level. */
export function playNowPanel({ act, prefs }) {
  const level = h(
    "select",
    { "data-testid": "play-now-level", onchange: (event) => act.setBotLevel(event.target.value) },
    BOT_LEVELS.map((value) => h("option", { value, selected: value === prefs.botLevel }, t(`level.${value}`))),
  );
  return h(
    "section",
    { class: "play-now card-panel", "data-testid": "play-now" },
    h("h2", {}, t("playNow.title")),
    h(
      "div",
      { class: "play-now-buttons" },
      PLAY_NOW_COUNTS.map((n) => {
        const players = t(`playNow.players${n}`);
        return h("button", { type: "button", class: "btn btn-primary", "data-testid": `play-now-${n}`, "aria-label": t("playNow.button", { players }), onclick: () => act.playNow(n) }, players);
      }),
    ),
    h("label", { class: "field play-now-level" }, h("span", { class: "field-label" }, t("playNow.level")), level),
  );
}
