// The side panel, beside the felt (below it on phones): the scoreboard, the hand log, the
// chat, the link to share once seats are filled (the head fills it), and the buttons to
// resign and to leave.

import { confirmDialog } from "../confirm.js";
import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { openTable } from "../partnership.js";
import { dealsOf } from "../rules.js";
import { mySeat, sideCount } from "../state.js";
import { mountChat } from "./chat.js";
import { mountHandLog } from "./handlog.js";
import { rulesChips, sideLabel } from "./pieces.js";

/** Fills `aside`; `share` is the host of the link to share, placed here. */
export function mountSide(aside, ctx, { share }) {
  const board = h("div", { class: "scoreboard", "data-testid": "scoreboard" });
  const logPanel = h("section", { class: "hand-log", "data-testid": "hand-log", hidden: true });
  const chatSection = h("section", { class: "chat", "data-testid": "chat", id: "table-chat" });
  const actions = h("div", { class: "table-actions" });
  fill(aside, board, logPanel, chatSection, share, actions);
  const handLog = mountHandLog(logPanel, ctx);
  const chat = mountChat(chatSection, ctx);

  function update(s) {
    drawBoard(s);
    handLog.update(s);
    chat.update(s);
    fill(actions, actionButtons(s, ctx));
  }

  function drawBoard(s) {
    const state = s.state;
    const room = state.room;
    const match = state.match;
    const n = room.rules.players;
    const sides = [...Array(sideCount(n)).keys()];
    const chip = (side, count, attrs = {}) => h("span", { class: `score-chip side-${side}`, ...attrs }, `${sideLabel(side, room, n)} ${count ?? 0}`);
    const rows = [];
    if (match && ctx.game().matchBoard) rows.push(ctx.game().matchBoard(s));
    else if (match) {
      rows.push(
        h(
          "div",
          { class: "board-row" },
          h("span", { class: "board-label" }, `${t("table.matchScore")} · ${handCount(room.rules, match)}`),
          h("span", { class: "match-score", "data-testid": "match-score" }, sides.map((side) => chip(side, match.wins[side], { title: sideLabel(side, room, n) }))),
        ),
      );
    }
    const hand = match && match.hand;
    if (hand) {
      rows.push(
        h(
          "div",
          { class: "board-row" },
          h("span", { class: "board-label" }, t("table.taken")),
          h("span", { class: "taken" }, sides.map((side) => chip(side, hand.taken[side], { "data-testid": `taken-${side}` }))),
        ),
      );
    }
    if (!rows.length) rows.push(h("div", { class: "board-row" }, rulesChips(room.rules)));
    // Phones only (CSS): the chat lies below the felt; this brings it into view.
    rows.push(
      h("button", { type: "button", class: "btn btn-small chat-jump", "data-testid": "chat-jump", "aria-controls": "table-chat", onclick: () => chat.jump() }, t("chat.title")),
    );
    fill(board, rows);
    board.hidden = false;
  }

  return { handLog, update, observe: (prev, state) => handLog.observe(prev, state) };
}

/**
 * "Hand 2", or at an open table (a match of fixed deals, where a drawn deal is dealt again
 * and does not count) "Deal 2 of 5", counting the deals won and the one being played.
 */
function handCount(rules, match) {
  if (openTable(rules)) {
    const counted = match.wins.reduce((sum, won) => sum + won, 0) + (match.hand && !match.hand.over ? 1 : 0);
    return t("table.dealOf", { n: Math.max(1, counted), of: dealsOf(rules) });
  }
  return t("table.hand", { n: match.hands_dealt });
}

/** Resign (a player, while the match is on) and leave, each asked first while it is on. */
function actionButtons(s, { act, store }) {
  const state = s.state;
  const match = state.match;
  const out = [];
  const playing = mySeat(state) !== null && match && !match.over;
  if (playing) {
    const resign = async () => {
      if (await confirmDialog({ title: t("resign.title"), lines: [t("table.resignConfirm")], yes: t("resign.confirm") })) act.send({ type: "resign" });
    };
    out.push(h("button", { type: "button", class: "btn btn-ghost", "data-testid": "resign-button", onclick: resign }, t("table.resign")));
  }
  const leave = async () => {
    const now = store.get().state;
    if (playing && now && !(await confirmDialog({ title: t("leave.title"), lines: leaveLines(now), yes: t("leave.confirm") }))) return;
    act.leave();
  };
  out.push(h("button", { type: "button", class: "btn btn-ghost", "data-testid": "leave-button", onclick: leave }, t("table.leave")));
  return out;
}

/** What leaving a match in progress means here: the seat kept, and what the grace brings. */
function leaveLines(state) {
  const room = state.room;
  const me = mySeat(state);
  const others = room.seats.filter((info) => info.seat !== me && info.kind === "human");
  const then = room.rules.rated ? "leave.textRated" : others.length ? "leave.textPeople" : "leave.textAlone";
  return [t("leave.text"), t(then, { n: room.rules.grace })];
}
