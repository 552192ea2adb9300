// The leaderboard (/leaderboard, a tab per kind of rating: 2, 3, 2 v 2, 3 v 3, Scoperta, Chiamata) and a
// player's profile (/u/{id}): their rating of each kind, a small rating-history chart each
// (inline SVG), and the recent rated matches with links to each hand's replay (/r/{hand}).

import { changeClass, changeText, kindName, mainRating, profilePath, RATING_KINDS, ratingText } from "./account.js";
import { fill, h } from "./dom.js";
import { getLang, t, tableName } from "./i18n.js";
import { mailPanel } from "./mail.js";
import { fetchJson } from "./socket.js";

/** A player's name, linking to their profile. */
function playerLink(id, name, testid) {
  return h("a", { href: profilePath(id), "data-route": "", "data-testid": testid }, name);
}

function message(text, testid = null) {
  return h("p", { class: "board-message", "data-testid": testid }, text);
}

// ---- /leaderboard --------------------------------------------------------------------

/** The kind the address asks for (?kind=K, or ?players=N for the classic game), or null. */
function askedKind() {
  const params = new URLSearchParams(location.search);
  const asked = params.get("kind") || params.get("players");
  return RATING_KINDS.includes(asked) ? asked : null;
}

/**
 * The kind shown first when the address asks none: the first with rows, trying the
 * signed-in player's own kind (the one they played most), then 2 v 2, then the others in
 * tab order; 2 v 2 when every board is empty.
 */
async function firstKindWithRows(account, board) {
  const own = account && account.ratings && account.ratings[mainRating(account).kind]?.matches ? [mainRating(account).kind] : [];
  const order = [...new Set([...own, "4", ...RATING_KINDS])];
  const answers = await Promise.all(order.map(board));
  const found = order.find((k, i) => entriesOf(answers[i])?.length);
  return found || "4";
}

function entriesOf(answer) {
  return answer.ok && answer.body && Array.isArray(answer.body.entries) ? answer.body.entries : null;
}

export function mountLeaderboard(root, ctx) {
  const account = ctx.store.get().account;
  const me = account ? account.id : null; // the signed-in player's row is marked
  let kind = askedKind() || "4";
  let asked = 0; // answers to an older tab's request are dropped
  // Each kind's board, asked once while the page is open.
  const boards = new Map();
  const board = (k) => {
    if (!boards.has(k)) boards.set(k, fetchJson(`/api/leaderboard?kind=${k}`).catch(() => ({ ok: false, body: null })));
    return boards.get(k);
  };
  const tabs = RATING_KINDS.map((k) =>
    h(
      "button",
      { type: "button", role: "tab", class: "board-tab", id: `board-tab-${k}`, "aria-controls": "board-panel", "data-testid": `leaderboard-tab-${k}`, onclick: () => show(k) },
      kindName(k),
    ),
  );
  const panel = h("div", { class: "board-panel", id: "board-panel", role: "tabpanel", "data-testid": "leaderboard" });
  fill(
    root,
    h(
      "section",
      { class: "board-page" },
      h("h1", {}, t("leaderboard.title")),
      h("p", { class: "board-rule" }, t("leaderboard.rule")),
      h("p", { class: "board-rule" }, t("leaderboard.houseRules")),
      h("div", { class: "board-tabs", role: "tablist", onkeydown: (event) => arrowTabs(event) }, tabs),
      panel,
    ),
  );

  /** Left and right arrows move between the tabs, as in any tab list. */
  function arrowTabs(event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const i = RATING_KINDS.indexOf(kind) + (event.key === "ArrowRight" ? 1 : -1);
    const k = RATING_KINDS[(i + RATING_KINDS.length) % RATING_KINDS.length];
    show(k);
    tabs[RATING_KINDS.indexOf(k)].focus();
  }

  async function show(k) {
    kind = k;
    const ticket = ++asked;
    tabs.forEach((tab, i) => {
      const on = RATING_KINDS[i] === k;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    });
    panel.setAttribute("aria-labelledby", `board-tab-${k}`);
    panel.dataset.kind = k;
    if (location.pathname === "/leaderboard") history.replaceState(history.state, "", k === "4" ? "/leaderboard" : `/leaderboard?kind=${k}`);
    fill(panel, message(t("leaderboard.loading")));
    const answer = await board(k);
    if (ticket !== asked) return;
    const entries = entriesOf(answer);
    if (!entries) fill(panel, message(t("error.network")));
    else if (!entries.length) fill(panel, message(t("leaderboard.emptyKind", { kind: kindName(k) }), "leaderboard-empty"));
    else fill(panel, boardTable(entries, me));
  }

  fill(panel, message(t("leaderboard.loading")));
  if (askedKind()) show(kind);
  else firstKindWithRows(account, board).then((k) => asked === 0 && show(k));
  return { update() {}, destroy() {} };
}

function boardTable(entries, me) {
  return h(
    "table",
    { class: "board-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", class: "num" }, t("leaderboard.rank")),
        h("th", { scope: "col" }, t("leaderboard.name")),
        h("th", { scope: "col", class: "num" }, t("leaderboard.rating")),
        h("th", { scope: "col", class: "num" }, t("leaderboard.matches")),
      ),
    ),
    h(
      "tbody",
      {},
      entries.map((entry) =>
        h(
          "tr",
          { class: entry.id === me ? "me" : null, "data-testid": "leaderboard-row", "data-id": entry.id, "data-rank": String(entry.rank), "aria-current": entry.id === me ? "true" : null },
          h("td", { class: "num" }, String(entry.rank)),
          h("td", { class: "board-name" }, playerLink(entry.id, entry.name, "leaderboard-name")),
          h("td", { class: "num", "data-testid": "leaderboard-rating", title: `${Number(entry.rating.ordinal).toFixed(2)}` }, ratingText(entry.rating)),
          h("td", { class: "num", "data-testid": "leaderboard-matches" }, String(entry.matches)),
        ),
      ),
    ),
  );
}

// ---- /u/{id} ---------------------------------------------------------------------------

export function mountProfile(root, ctx) {
  const id = ctx.store.get().route.id;
  const page = h("section", { class: "profile-page", "data-testid": "profile" }, message(t("leaderboard.loading")));
  fill(root, page);
  let gone = false;

  (async () => {
    let answer;
    try {
      answer = await fetchJson(`/api/accounts/${encodeURIComponent(id)}`);
    } catch {
      answer = { ok: false, status: 0, body: null };
    }
    if (gone) return;
    if (answer.status === 404) fill(page, h("h1", { "data-testid": "profile-not-found" }, t("profile.notFound")));
    else if (!answer.ok || !answer.body || !answer.body.account) fill(page, message(t("error.network")));
    else {
      fill(page, profileBody(answer.body));
      // The player's own profile: their e-mail address too (theirs alone to see).
      const me = ctx.store.get().account;
      if (me && me.id === answer.body.account.id) page.append(mailPanel());
      document.title = `${t("app.title")} · ${answer.body.account.name}`;
      // /u/Nico is /u/nico: the address bar shows the player's own address.
      const own = profilePath(answer.body.account.id);
      if (location.pathname !== own) history.replaceState(history.state, "", own);
    }
  })();

  return {
    update() {},
    destroy() {
      gone = true;
    },
  };
}

function profileBody(profile) {
  const account = profile.account;
  const since = new Date(account.created * 1000).toLocaleDateString(getLang());
  const history = profile.history || {};
  return [
    h("h1", { class: "profile-name", "data-testid": "profile-name" }, account.name),
    h("p", { class: "profile-since" }, t("profile.since", { date: since })),
    h(
      "div",
      { class: "profile-ratings" },
      RATING_KINDS.map((kind) => {
        const rating = account.ratings && account.ratings[kind];
        const points = history[kind] || [];
        return h(
          "section",
          { class: "profile-rating card-panel", "data-testid": `profile-rating-${kind}`, "data-matches": String(rating ? rating.matches : 0) },
          h("h2", {}, t("profile.ratingOf", { kind: kindName(kind) })),
          h("p", { class: "profile-rating-value" }, h("strong", { "data-testid": `profile-rating-value-${kind}` }, ratingText(rating)), " · ", t("profile.matchesN", { n: rating ? rating.matches : 0 })),
          points.length ? ratingChart(points, kind, rating) : h("p", { class: "profile-empty" }, t("profile.noHistory")),
        );
      }),
    ),
    h("h2", { class: "profile-matches-title" }, t("profile.matches")),
    matchList(profile.matches || []),
  ];
}

// The chart's drawing box, in SVG units (the SVG scales to its container's width).
const CHART = { w: 300, h: 110, pad: 8 };
const START = { mu: 25, sigma: 25 / 3 }; // every rating's starting point (openskill's defaults)

/**
 * The rating after each match, oldest first from the starting rating on: the band is
 * mu ± sigma, the line mu. Numbers only go into the markup (no names), so it is built as a
 * string.
 */
function ratingChart(points, kind, rating) {
  const series = [START, ...[...points].sort((a, b) => a.at - b.at)];
  const lows = series.map((p) => p.mu - p.sigma);
  const highs = series.map((p) => p.mu + p.sigma);
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const span = max - min || 1;
  const x = (i) => CHART.pad + (i * (CHART.w - 2 * CHART.pad)) / (series.length - 1);
  const y = (v) => CHART.pad + ((max - v) * (CHART.h - 2 * CHART.pad)) / span;
  const xy = (i, v) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  const band = [...highs.map((v, i) => xy(i, v)), ...lows.map((v, i) => xy(i, v)).reverse()].join(" ");
  const line = series.map((p, i) => xy(i, p.mu)).join(" ");
  const dots = series.map((p, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(p.mu).toFixed(1)}" r="2.5"/>`).join("");
  const label = t("profile.chartOf", { kind: kindName(kind), count: points.length, rating: ratingText(rating || series[series.length - 1]) });
  return h("div", {
    class: "rating-chart",
    "data-testid": `rating-chart-${kind}`,
    "data-points": String(points.length),
    role: "img",
    "aria-label": label,
    html:
      `<svg viewBox="0 0 ${CHART.w} ${CHART.h}" aria-hidden="true" focusable="false">` +
      `<polygon class="chart-band" points="${band}"/><polyline class="chart-line" points="${line}"/>` +
      `<g class="chart-dots">${dots}</g></svg>`,
  });
}

function matchList(matches) {
  if (!matches.length) return message(t("profile.noMatches"), "profile-no-matches");
  return h(
    "ol",
    { class: "profile-matches", "data-testid": "profile-matches" },
    matches.map((match) => {
      const when = new Date(match.at * 1000).toLocaleString(getLang(), { dateStyle: "medium", timeStyle: "short" });
      const where = match.room ? tableName({ id: match.room }) : t("profile.privateTable");
      const kind = match.kind;
      return h(
        "li",
        { class: `profile-match result-${match.result}`, "data-testid": "profile-match", "data-match": match.match_id, "data-result": match.result, "data-kind": kind },
        h(
          "div",
          { class: "pm-head" },
          h("strong", { class: "pm-result", "data-testid": "profile-match-result" }, t(`profile.result.${match.result}`)),
          h("span", { class: "pm-kind", "data-testid": "profile-match-kind" }, kindName(kind)),
          h("span", { class: `pm-change ${changeClass(match.change)}`, "data-testid": "profile-match-change", title: t("profile.change") }, changeText(match.change)),
          h("time", { class: "pm-when", datetime: new Date(match.at * 1000).toISOString() }, when),
        ),
        match.partners && match.partners.length ? h("p", { class: "pm-people", "data-testid": "profile-match-partners" }, t("profile.partners", { names: match.partners.join(", ") })) : null,
        h("p", { class: "pm-people", "data-testid": "profile-match-opponents" }, t("profile.opponents", { names: (match.opponents || []).join(", ") })),
        h(
          "p",
          { class: "pm-hands" },
          h("span", { class: "pm-where" }, where),
          " · ",
          t("profile.hands"),
          " ",
          (match.hands || []).map((hand, i) => [i ? ", " : "", h("a", { href: `/r/${encodeURIComponent(hand)}`, "data-route": "", "data-testid": "replay-link", "data-hand": hand }, t("profile.handN", { n: i + 1 }))]),
        ),
      );
    }),
  );
}
