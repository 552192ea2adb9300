// The summary of a Chiamata deal: whether the caller's side made its contract, each
// player's card points and match points of the deal (alone ×2, cappotto ×2), the match
// table (each seat's match points in every counted deal, and the totals), and the deals'
// replays; a void deal and a resignation say what they mean.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { mySeat } from "../state.js";
import { replayLink, seatName } from "../table/pieces.js";
import { dealNumber, dealScore, matchTable, signed } from "./deal.js";
import { contractText } from "./words.js";

/** The summary's body before what comes next (see table/summary.js): `sum` is its handSummary. */
export function chiamataSummary(s, sum, prefs) {
  const state = s.state;
  const match = state.match;
  const hand = match.hand;
  const room = state.room;
  const me = mySeat(state);
  const name = (seat) => seatName(room, seat);
  const score = dealScore(hand);
  const out = [h("h2", {}, hand.void ? t("ch.sum.voidTitle") : t("ch.sum.title", dealNumber(match)))];
  out.push(resultLine(hand, score, name, me, prefs.deck));
  if (score) {
    if (score.doubled.length) {
      out.push(h("p", { class: "ch-doubled", "data-testid": "summary-doubled", "data-doubled": score.doubled.join(" ") }, score.doubled.map((why) => t(`ch.sum.double.${why}`)).join(" · ")));
    }
    out.push(pointsTable(score, name, me));
  }
  out.push(matchTableView(match, name, me));
  out.push(...replays(state, sum));
  return out;
}

/** Who made or missed the contract, with how many points; or why the deal was not scored. */
function resultLine(hand, score, name, me, deck) {
  let text;
  let mine = false;
  if (hand.void) text = t("ch.sum.void", { name: name(hand.dealer) });
  else if (!score) text = t("ch.sum.resigned", { name: name(hand.resigned) });
  else {
    const team = score.alone ? t("ch.sum.alone", { name: name(score.caller) }) : t("ch.sum.pair", { caller: name(score.caller), partner: name(score.partner) });
    text = t(score.won ? "ch.sum.made" : "ch.sum.missed", { team, bid: contractText(score.contract, deck), n: score.side });
    const onCallerSide = me === score.caller || me === score.partner;
    mine = me !== null && onCallerSide === score.won;
  }
  return h("p", { class: `summary-result${mine ? " mine" : ""}`, "data-testid": "summary-result", "data-result": hand.result || "" }, text);
}

/** Each seat's role, card points and match points of the deal. */
function pointsTable(score, name, me) {
  return h(
    "table",
    { class: "summary-points ch-points", "data-testid": "summary-points" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("ch.sum.role")), h("th", {}, t("summary.points")), h("th", {}, t("ch.sum.matchPoints")))),
    h(
      "tbody",
      {},
      score.rows.map((row) =>
        h(
          "tr",
          {
            class: `ch-${row.role === "defender" ? "defender" : "caller"}${row.seat === me ? " me" : ""}`,
            "data-seat": String(row.seat),
            "data-role": row.role,
            "data-points": String(row.points),
            "data-delta": String(row.delta),
          },
          h("th", {}, name(row.seat)),
          h("td", {}, t(`ch.role.${row.role}`)),
          h("td", { class: "points" }, String(row.points)),
          h("td", { class: `points ch-delta${row.delta > 0 ? " up" : row.delta < 0 ? " down" : ""}` }, signed(row.delta)),
        ),
      ),
    ),
  );
}

/** The match table: a column a counted deal, and each seat's total; the leaders (or winners) marked. */
function matchTableView(match, name, me) {
  const table = matchTable(match);
  const deals = [...Array(table.played).keys()];
  return h(
    "div",
    { class: "ch-match-wrap" },
    h(
      "table",
      { class: "ch-match", "data-testid": "match-table", "data-played": String(table.played), "data-deals": String(table.deals) },
      h("caption", {}, t("ch.sum.matchTable", { n: table.played, of: table.deals })),
      h("thead", {}, h("tr", {}, h("th", {}, ""), deals.map((i) => h("th", { class: "points" }, String(i + 1))), h("th", { class: "points" }, t("ch.sum.total")))),
      h(
        "tbody",
        {},
        table.rows.map((row) =>
          h(
            "tr",
            { class: `${row.leads ? "leads" : ""}${row.seat === me ? " me" : ""}`.trim() || null, "data-testid": "match-row", "data-seat": String(row.seat), "data-total": String(row.total), "data-leads": row.leads ? "true" : null },
            h("th", {}, name(row.seat)),
            row.deltas.map((delta) => h("td", { class: "points" }, signed(delta))),
            h("td", { class: "points ch-total" }, signed(row.total)),
          ),
        ),
      ),
    ),
  );
}

/** This deal's replay, and every deal's of the match so far (void ones too: they were dealt). */
function replays(state, sum) {
  const records = state.records || [];
  const out = [];
  if (sum.handId) out.push(h("p", { class: "summary-replay" }, replayLink(sum.handId, t("summary.replay"), "replay-link")));
  if (records.length > 1) {
    out.push(
      h(
        "table",
        { class: "summary-hands", "data-testid": "summary-hands" },
        h("caption", {}, t("ch.sum.deals")),
        h(
          "tbody",
          {},
          records.map((rec, i) =>
            h(
              "tr",
              { "data-testid": "summary-hand", "data-hand": String(i + 1), "data-result": rec.result },
              h("th", {}, t("ch.sum.dealN", { n: i + 1 })),
              h("td", {}, t(`ch.result.${rec.result}`)),
              h("td", {}, replayLink(rec.hand_id, t("summary.replayShort"), "summary-hand-replay")),
            ),
          ),
        ),
      ),
    );
  }
  return out;
}
