// The replay page (/r/{hand}): a finished hand step by step, every card face up. The server
// computes each step whole (GET /api/hands/{hand}/replay): this page only draws the one
// shown, and steps with buttons, the arrow keys, Home/End and a swipe on the board. A
// Chiamata deal's steps are drawn by chiamata/replay.js (its auction, call and reveal).

import { suitIcon } from "./cards.js";
import { chiamataReplay, isChiamataReplay } from "./chiamata/replay.js";
import { fill, h } from "./dom.js";
import { gestureIcon } from "./gestures.js";
import { cardName, suitName, t } from "./i18n.js";
import { faceCard, shareField } from "./table/pieces.js";
import { isPartnership, seatPosition, seatsOfSide, sideCount, sideOf } from "./state.js";

const SWIPE_PX = 40; // a horizontal swipe at least this long steps
const ICONS = { first: "«", prev: "‹", next: "›", last: "»" };
/** Where each button goes from step `at` of a replay whose last step is `last`. */
const TARGETS = { first: () => 0, prev: (at) => at - 1, next: (at) => at + 1, last: (at, last) => last };
const KEYS = { Home: "first", ArrowLeft: "prev", ArrowRight: "next", End: "last" };

let cached = null; // {id, body}: the replay last fetched, kept across a change of language

/** The step a URL asks for (`?step=N`), 0 when it asks for none. */
function stepOfSearch(search) {
  const n = Number.parseInt(new URLSearchParams(search).get("step") || "0", 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function mountReplay(root, ctx) {
  const { store, prefs } = ctx;
  const id = store.get().route.id;
  let replay = cached && cached.id === id ? cached.body : null;
  let step = stepOfSearch(location.search);
  let alive = true;

  const page = h("section", { class: "replay-page", "data-testid": "replay" });
  fill(root, page);

  const onKey = (event) => {
    const tag = event.target && event.target.tagName;
    if (!replay || ["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const name = KEYS[event.key];
    if (!name) return;
    event.preventDefault();
    go(TARGETS[name](step, replay.steps.length - 1));
  };
  document.addEventListener("keydown", onKey);

  if (replay) draw();
  else load();

  async function load() {
    fill(page, h("p", { class: "replay-note", "data-testid": "replay-loading" }, t("replay.loading")));
    let response = null;
    try {
      response = await fetch(`/api/hands/${encodeURIComponent(id)}/replay`, { headers: { Accept: "application/json" } });
    } catch {
      response = null;
    }
    if (!alive) return;
    if (!response || !response.ok) {
      const key = response && response.status === 404 ? "replay.notFound" : "error.network";
      fill(page, h("p", { class: "replay-note", "data-testid": "replay-not-found" }, t(key)));
      return;
    }
    replay = await response.json();
    if (!alive) return;
    cached = { id, body: replay };
    draw();
  }

  function go(to) {
    const next = Math.max(0, Math.min(replay.steps.length - 1, to));
    if (next === step) return;
    step = next;
    history.replaceState(history.state, "", shareUrl());
    show();
  }

  function shareUrl() {
    return `${location.origin}/r/${encodeURIComponent(id)}?step=${step}`;
  }

  const nameOf = (seat) => (replay.names && replay.names[seat]) || t("seat.n", { n: seat + 1 });
  const sideName = (side) => (isPartnership(replay.players) ? t(`team.${side}`) : nameOf(side));
  const card = (code) => cardName(code, prefs.deck);

  // ---- The page, built once; each step fills it in --------------------------------------

  let parts = null; // {felt, scores, text, counter, buttons, share}
  let pieces = null; // how this game's steps are drawn: {seatArea, center, scores, stepText}

  function draw() {
    step = Math.min(step, replay.steps.length - 1);
    pieces = isChiamataReplay(replay) ? chiamataReplay({ prefs, nameOf, dealer: replay.dealer }) : { seatArea, center, scores, stepText };
    const back = replay.room
      ? h("a", { href: `/t/${encodeURIComponent(replay.room)}`, "data-route": "", class: "btn btn-small btn-ghost", "data-testid": "replay-table-link" }, t("replay.toTable"))
      : null;
    const felt = h("div", { class: `replay-felt players-${replay.players}`, "data-testid": "replay-board" });
    swipeOn(felt);
    const button = (name) =>
      h("button", { type: "button", class: "btn", "data-testid": `replay-${name}`, "aria-label": t(`replay.${name}`), title: t(`replay.${name}`), onclick: () => go(TARGETS[name](step, replay.steps.length - 1)) }, ICONS[name]);
    const buttons = { first: button("first"), prev: button("prev"), next: button("next"), last: button("last") };
    parts = {
      felt,
      buttons,
      scores: h("div", { class: "replay-scores", "data-testid": "replay-points" }),
      text: h("p", { class: "replay-text", "data-testid": "replay-text", "aria-live": "polite" }),
      counter: h("span", { class: "replay-step", "data-testid": "replay-step" }),
      share: shareField(shareUrl(), t("replay.share"), { link: "replay-share-link", copy: "replay-copy" }),
    };
    fill(
      page,
      h("div", { class: "replay-head" }, h("h1", { class: "replay-title" }, t("replay.title")), back),
      felt,
      parts.scores,
      h(
        "div",
        { class: "replay-controls" },
        parts.text,
        h("div", { class: "replay-buttons" }, buttons.first, buttons.prev, parts.counter, buttons.next, buttons.last),
        h("p", { class: "replay-keys" }, t("replay.keys")),
      ),
      parts.share,
    );
    show();
  }

  function show() {
    const current = replay.steps[step];
    const n = replay.players;
    const last = replay.steps.length - 1;
    fill(parts.felt, [...Array(n).keys()].map((seat) => pieces.seatArea(current, seat, seatPosition(seat, 0, n))), pieces.center(current, n));
    fill(parts.scores, pieces.scores(current));
    parts.text.textContent = pieces.stepText(current);
    parts.text.dataset.kind = current.kind;
    parts.counter.textContent = t("replay.step", { n: step, count: last });
    Object.assign(parts.counter.dataset, { step: String(step), count: String(last + 1) });
    for (const name of ["first", "prev"]) parts.buttons[name].disabled = step === 0;
    for (const name of ["next", "last"]) parts.buttons[name].disabled = step === last;
    parts.share.querySelector("input").value = shareUrl();
  }

  /** A horizontal swipe across the board steps: leftwards to the next step. */
  function swipeOn(felt) {
    let start = null;
    felt.addEventListener("touchstart", (event) => {
      const touch = event.changedTouches[0];
      start = { x: touch.clientX, y: touch.clientY };
    }, { passive: true });
    felt.addEventListener("touchend", (event) => {
      if (!start) return;
      const touch = event.changedTouches[0];
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = null;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? step + 1 : step - 1);
    }, { passive: true });
  }

  function seatArea(current, seat, pos) {
    const n = replay.players;
    const drawn = current.drawn.length ? current.drawn[seat] : null;
    const turn = current.turn === seat;
    const badges = [];
    if (seat === replay.dealer) badges.push(h("span", { class: "badge badge-dealer", "data-testid": `replay-dealer-${seat}` }, t("seat.dealer")));
    const signal = current.kind === "signal" && current.seat === seat ? h("div", { class: "replay-signal", "data-testid": "replay-signal", "data-signal": current.signal }, gestureIcon(current.signal), t(`signal.${current.signal}`)) : null;
    const cards = current.hands[seat].map((code) =>
      faceCard(code, prefs, { class: `card face${code === drawn ? " drawn" : ""}`, "data-testid": "replay-card", "data-drawn": code === drawn ? "true" : null }),
    );
    return h(
      "div",
      { class: `replay-seat at-${pos} side-${sideOf(seat, n)}${turn ? " turn" : ""}`, "data-testid": `replay-seat-${seat}`, "data-turn": turn ? "true" : null },
      h("div", { class: "replay-plate" }, h("span", { class: "plate-name", "data-testid": `replay-name-${seat}` }, nameOf(seat)), badges),
      signal,
      h("div", { class: "replay-hand", "data-testid": `replay-hand-${seat}` }, cards),
    );
  }

  function center(current) {
    const n = replay.players;
    const trick = current.trick.cards.map((code, i) => {
      const seat = (current.trick.leader + i) % n;
      const won = current.trick.winner === seat;
      return h(
        "figure",
        { class: `replay-slot${won ? " winner" : ""}` },
        faceCard(code, prefs, { "data-testid": "replay-trick-card", "data-seat": String(seat) }),
        h("figcaption", {}, nameOf(seat)),
      );
    });
    const deck = [
      current.face_up ? faceCard(current.face_up, prefs, { class: "card face face-up", "data-testid": "replay-face-up" }) : null,
      h("span", { class: "replay-stock", "data-testid": "replay-stock", title: t("table.stock", { n: current.stock.length }) }, t("table.stock", { n: current.stock.length })),
      h(
        "span",
        { class: "trump-label replay-trump", "data-testid": "replay-trump", "data-suit": current.trump },
        h("span", { html: suitIcon(current.trump, prefs.deck) }),
        `${t("table.trump")}: ${suitName(current.trump, prefs.deck)}`,
      ),
    ];
    return h(
      "div",
      { class: "replay-center" },
      h("div", { class: "replay-trick", "data-testid": "replay-trick", "data-count": String(current.trick.cards.length) }, trick),
      h("div", { class: "replay-deck" }, deck),
    );
  }

  function scores(current) {
    const n = replay.players;
    return [...Array(sideCount(n)).keys()].map((side) =>
      h(
        "div",
        { class: `replay-side side-${side}`, "data-testid": "replay-side", "data-side": String(side), "data-points": String(current.points[side]) },
        h("span", { class: "replay-side-name" }, sideName(side), isPartnership(n) ? h("small", {}, ` (${seatsOfSide(side, n).map(nameOf).join(", ")})`) : null),
        h("strong", {}, t("replay.points", { n: current.points[side] })),
      ),
    );
  }

  /** What the step shows, in a sentence. */
  function stepText(current) {
    const name = current.seat === null ? "" : nameOf(current.seat);
    switch (current.kind) {
      case "deal":
        return t("replay.deal", { name, suit: suitName(current.trump, prefs.deck), card: card(current.card) });
      case "play":
        return t("replay.play", { name, card: card(current.card) });
      case "swap":
        return t("replay.swap", { name, seven: card(current.card), card: card(current.took) });
      case "resign":
        return t("replay.resign", { name });
      case "signal": {
        const caught = (current.caught || []).map(nameOf).join(", ");
        const said = t("replay.signal", { name, meaning: t(`signal.${current.signal}`) });
        return `${said} — ${caught ? t("signal.caughtBy", { names: caught }) : t("signal.caughtByNone")}`;
      }
      case "trick":
        return t(current.drawn.length ? "replay.trickDrawn" : "replay.trick", { name, n: current.trick_points });
      default: {
        const points = current.points.join(" – ");
        if (current.result === "draw") return t("replay.draw", { points });
        return t("replay.wins", { side: sideName(Number(current.result)), points });
      }
    }
  }

  return {
    update() {},
    destroy() {
      alive = false;
      document.removeEventListener("keydown", onKey);
    },
  };
}
