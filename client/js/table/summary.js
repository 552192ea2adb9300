// The summary at the end of a hand, on the felt so the chat beside it stays in reach: who
// won, the points, the match so far (its hands, with their replays), the ratings moved by a
// rated match, what comes next (ready, play again) and the hand's fairness record.

import { changeClass, changeText, ordinalText, ratingText } from "../account.js";
import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { openTable } from "../partnership.js";
import { handSummary, isPartnership, mySeat, seatsOfSide, sideCount } from "../state.js";
import { replayLink, seatName, sideLabel } from "./pieces.js";
import { rematchPanel } from "./rematch.js";

/** Fills `root` (on the felt); `overlay` gets the button that shows a closed summary again. */
export function mountSummary(root, ctx, { overlay, seating }) {
  const { act } = ctx;
  let shown = false; // the summary fades in once, not at every redraw
  let verifying = false; // "Verify this hand" opened: it stays open through redraws

  function update(s) {
    const state = s.state;
    if (!state) {
      fill(root); // joined, the first state still to come
      return;
    }
    const sum = handSummary(state);
    if (!sum) {
      shown = verifying = false;
      fill(root);
      return;
    }
    if (s.summaryHidden) {
      fill(
        overlay,
        h("button", { type: "button", class: "btn btn-primary summary-show", "data-testid": "summary-show", onclick: () => act.showSummary(true) }, t("summary.show")),
      );
      return;
    }
    const game = ctx.game();
    const outcome = game.summary ? game.summary(s, sum) : [...result(state, sum), ...matchSoFar(state, sum)];
    const body = [...outcome, ...next(s, sum), ...record(sum)];
    const enter = !shown;
    shown = true;
    fill(root, h("div", { class: `overlay${enter ? " enter" : ""}` }, h("div", { class: "dialog summary", "data-testid": "summary", role: "dialog", "aria-modal": "false" }, body)));
  }

  /** What comes next: the match's winner and play again, or ready for the next hand. */
  function next(s, sum) {
    const room = s.state.room;
    const n = room.rules.players;
    const me = mySeat(s.state);
    const out = [];
    if (sum.matchOver) {
      const mine = sum.mySide !== null && sum.winners.includes(sum.mySide);
      out.push(h("p", { class: `match-result${mine ? " mine" : ""}`, "data-testid": "match-result" }, matchWinnerText(sum, room, mine)));
      if (room.rules.rated) out.push(ratingChanges(room));
      out.push(rematchPanel(s, ctx));
    } else if (me !== null && room.status === "between_hands") {
      out.push(h("p", { class: "summary-next" }, t("summary.next")), seating.readyButton(s));
    }
    return out;
  }

  /** "Verify this hand", folded: the seed and commitment that prove the deal, the record's
   * link and what to do with them; and Close. */
  function record(sum) {
    return [
      h(
        "details",
        { class: "fairplay", "data-testid": "verify", open: verifying, ontoggle: (event) => (verifying = event.currentTarget.open) },
        h("summary", {}, t("verify.title")),
        h("p", { class: "verify-how", "data-testid": "verify-how" }, t("verify.how")),
        h("dl", {}, h("dt", {}, t("summary.seed")), h("dd", { "data-testid": "summary-seed" }, sum.seed || "–"), h("dt", {}, t("summary.commitment")), h("dd", { "data-testid": "summary-commitment" }, sum.commitment || "–")),
        sum.handId
          ? h("a", { href: `/api/hands/${encodeURIComponent(sum.handId)}`, target: "_blank", rel: "noopener", "data-testid": "record-link" }, `/api/hands/${sum.handId}`)
          : null,
      ),
      h("button", { type: "button", class: "btn btn-ghost", "data-testid": "summary-close", onclick: () => act.showSummary(false) }, t("summary.close")),
    ];
  }

  return { update };
}

/** The title, who won the hand, and the points and cards taken by each side. */
function result(state, sum) {
  const room = state.room;
  const n = room.rules.players;
  const team = isPartnership(n);
  let text;
  if (sum.draw) text = t("summary.draw");
  else if (sum.mine) text = team ? t("summary.winsYourTeam") : t("summary.winsYou");
  else text = t("summary.wins", { side: sideLabel(sum.winner, room, n) });
  const sides = [...Array(sideCount(n)).keys()];
  return [
    h("h2", {}, t("summary.title")),
    sum.resigned !== null ? h("p", { class: "summary-resigned" }, t("summary.resigned", { name: seatName(room, sum.resigned) })) : null,
    h("p", { class: `summary-result${sum.mine ? " mine" : ""}`, "data-testid": "summary-result", "data-result": sum.draw ? "draw" : String(sum.winner) }, text),
    h(
      "table",
      { class: "summary-points", "data-testid": "summary-points" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("summary.points")), h("th", {}, t("table.taken")))),
      h(
        "tbody",
        {},
        sides.map((side) =>
          h(
            "tr",
            { class: `side-${side}${side === sum.winner ? " winner" : ""}`, "data-side": String(side), "data-points": String(sum.points[side] ?? "") },
            h("th", {}, sideLabel(side, room, n), team ? h("small", {}, ` (${seatsOfSide(side, n).map((seat) => seatName(room, seat)).join(", ")})`) : null),
            h("td", { class: "points" }, String(sum.points[side] ?? "–")),
            h("td", {}, String(state.match.hand.taken[side] ?? 0)),
          ),
        ),
      ),
    ),
  ];
}

/** The match so far: its score, this hand's replay, and in a match of several hands each one played. */
function matchSoFar(state, sum) {
  const room = state.room;
  const n = room.rules.players;
  const sides = [...Array(sideCount(n)).keys()];
  // A match of several hands: a best of 3 or 5, or an open table's fixed deals.
  const several = state.match.best_of > 1 || openTable(room.rules);
  const out = [];
  if (several || sum.matchOver) {
    out.push(
      h(
        "p",
        { class: "summary-match", "data-testid": "summary-match" },
        `${t("summary.match")}: `,
        sides.map((side, i) => [i ? " – " : "", h("strong", { class: `side-${side}` }, `${sideLabel(side, room, n)} ${sum.wins[side] ?? 0}`)]),
      ),
    );
  }
  if (sum.handId) out.push(h("p", { class: "summary-replay" }, replayLink(sum.handId, t("summary.replay"), "replay-link")));
  const records = state.records || [];
  if (several && records.length) {
    out.push(
      h(
        "table",
        { class: "summary-hands", "data-testid": "summary-hands" },
        h("caption", {}, t("summary.hands")),
        h(
          "tbody",
          {},
          records.map((rec, i) => {
            const draw = rec.result === "draw" || rec.result === null;
            return h(
              "tr",
              { "data-testid": "summary-hand", "data-hand": String(i + 1), "data-result": draw ? "draw" : String(rec.result) },
              h("th", {}, t("summary.handN", { n: i + 1 })),
              h("td", {}, draw ? t("summary.handDraw") : sideLabel(Number(rec.result), room, n)),
              h("td", { class: "points" }, (rec.points || []).join(" – ")),
              h("td", {}, replayLink(rec.hand_id, t("summary.replayShort"), "summary-hand-replay")),
            );
          }),
        ),
      ),
    );
  }
  return out;
}

/**
 * Who won the match: you, your team, a side; the sides level at the top share it (three
 * players, an open table's deals, Chiamata's five).
 */
function matchWinnerText(sum, room, mine) {
  const n = room.rules.players;
  const team = isPartnership(n);
  const names = (sides) => sides.map((side) => sideLabel(side, room, n)).join(", ");
  if (sum.winners.length > 1) {
    const others = sum.winners.filter((side) => side !== sum.mySide);
    return mine ? t(team ? "summary.matchSharedYourTeam" : "summary.matchSharedYou", { names: names(others) }) : t("summary.matchShared", { names: names(sum.winners) });
  }
  if (mine) return t(team ? "summary.matchWinnerYourTeam" : "summary.matchWinnerYou");
  return t("summary.matchWinner", { side: names(sum.winners) });
}

/** Each seat's leaderboard rating (mu − 3 sigma, mu ± sigma beside it) after a rated match
 * and how far that figure moved (once the server says). */
function ratingChanges(room) {
  return h(
    "table",
    { class: "summary-ratings", "data-testid": "summary-ratings" },
    h("caption", {}, t("summary.ratings")),
    h(
      "tbody",
      {},
      room.seats.map((info) => {
        const change = info.rating_change;
        const moved = change !== null && change !== undefined;
        return h(
          "tr",
          { class: `side-${info.side}`, "data-testid": "summary-rating", "data-seat": String(info.seat), "data-change": moved ? String(change) : null },
          h("th", {}, seatName(room, info.seat)),
          h("td", { class: "points", "data-testid": "summary-rating-value", title: ratingText(info.rating) }, ordinalText(info.rating)),
          h("td", { class: `points rating-change ${changeClass(change)}` }, moved ? changeText(change) : "…"),
        );
      }),
    ),
  );
}
