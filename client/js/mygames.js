// My games: the signed-in player's games at their own pace (GET /api/my-games), "your turn"
// first, each with its deadline as a date; the page /my-games and the lobby's panel. Opening
// one joins the table, and the server gives the account its seat back.

import { fill, h } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { fetchJson } from "./socket.js";
import { formatDeadline, sortGames } from "./state.js";

/** The account's games, or null when they cannot be read (a guest, the network). */
async function fetchGames() {
  try {
    const { ok, body } = await fetchJson("/api/my-games");
    return ok && body && Array.isArray(body.games) ? sortGames(body.games) : null;
  } catch {
    return null;
  }
}

/** One game: its name, whose turn and the deadline, and a button that opens it. */
function gameRow(game, act) {
  const when = game.deadline ? t("mygames.deadline", { when: formatDeadline(game.deadline, getLang()) }) : "";
  return h(
    "li",
    { class: `my-game${game.your_turn ? " your-turn" : ""}`, "data-testid": "my-game", "data-room": game.room, "data-your-turn": String(game.your_turn) },
    h("span", { class: "my-game-name" }, game.name || game.room),
    h("span", { class: "pill", "data-testid": "my-game-turn" }, t(game.your_turn ? "mygames.yourTurn" : "mygames.theirTurn")),
    h("span", { class: "my-game-deadline", "data-testid": "my-game-deadline" }, when),
    h("button", { type: "button", class: "btn btn-small", "data-testid": "my-game-open", onclick: () => act.openTable(game.room, "join") }, t("mygames.open")),
  );
}

function gamesList(games, act) {
  if (!games.length) return h("p", { class: "lobby-empty", "data-testid": "my-games-empty" }, t("mygames.empty"));
  return h("ul", { class: "my-games", "data-testid": "my-games" }, games.map((game) => gameRow(game, act)));
}

/** The lobby's panel: the signed-in player's games (nothing for a guest). */
export function myGamesPanel(ctx) {
  const panel = h("div", { class: "my-games-panel card-panel", "data-testid": "my-games-panel" });
  panel.hidden = true;
  if (!ctx.store.get().account) return panel;
  fetchGames().then((games) => {
    if (!games || !games.length) return;
    panel.hidden = false;
    fill(panel, h("h2", {}, t("mygames.title")), gamesList(games, ctx.act), h("a", { href: "/my-games", "data-route": "", "data-testid": "my-games-link" }, t("mygames.all")));
  });
  return panel;
}

/** The page /my-games. */
export function mountMyGames(root, ctx) {
  const body = h("div", { class: "my-games-body" });
  fill(root, h("section", { class: "board-page" }, h("h1", {}, t("mygames.title")), body));
  if (!ctx.store.get().account) fill(body, h("p", { "data-testid": "my-games-login" }, t("mygames.login")));
  else fetchGames().then((games) => fill(body, gamesList(games || [], ctx.act)));
  return { update() {}, destroy() {} };
}
