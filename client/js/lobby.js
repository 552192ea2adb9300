// The lobby: the live list of public tables, with the tables this browser holds a seat at
// first ("Back to your table", listed or not), and the form that creates a table.

import { accountMark } from "./account.js";
import { fill, h, icon } from "./dom.js";
import { t, tableName } from "./i18n.js";
import { playNowPanel } from "./playnow.js";
import { myGamesPanel } from "./mygames.js";
import { AUCTIONS, CATCH_CHANCES, CHIAMATA_DEALS, formShape, MIN_DEALS, PACES, PARTNER_COMM, STOCK_SHOWN } from "./rules.js";
import { fetchJson } from "./socket.js";
import { rulesChips } from "./table/pieces.js";
import { isPartnership, seatsOfSide } from "./state.js";

/** How many of the tables held (most recent first) the lobby looks up when it does not list them. */
const HELD_LOOKUPS = 5;

/** Tables with free seats first, then the ones being played, then finished ones; those in
 * `held` (a seat this browser holds) before all. */
export function sortRooms(rooms, held = new Set()) {
  const rank = (r) => (held.has(r.id) ? -1 : r.status === "waiting" && r.free_seats > 0 ? 0 : r.status === "over" ? 2 : 1);
  return [...rooms].sort((a, b) => rank(a) - rank(b) || String(a.name || a.id).localeCompare(String(b.name || b.id)));
}

/** What the create form's fields hold, numbers as numbers (see rules.js formShape). */
function formChoices(form) {
  const data = new FormData(form);
  const text = (key) => String(data.get(key) ?? "");
  return {
    game: text("game"),
    players: Number(data.get("players")),
    stock: text("stock"),
    partner_comm: text("partner_comm"),
    signal_catch: Number(data.get("signal_catch")),
    deals: Number(data.get("deals")),
    best_of: Number(data.get("best_of")),
    clock: text("clock"),
    deadline: Number(data.get("deadline")) || 0,
    swap_seven: data.get("swap_seven") === "on",
    auction: text("auction"),
    self_call: data.get("self_call") === "on",
    cappotto: data.get("cappotto") === "on",
    chiamata_deals: Number(data.get("chiamata_deals")),
    private: data.get("private") === "on",
    rated: data.get("rated") === "on",
    name: text("name"),
  };
}

function seatName(info) {
  if (info.kind === "bot" && info.level) return `${info.name} · ${t(`level.${info.level}`)}`;
  return info.kind ? info.name : t("seat.free");
}

function seatList(room) {
  const n = room.rules.players;
  const groups = isPartnership(n) ? [0, 1].map((side) => ({ label: t(`team.${side}`), side, seats: seatsOfSide(side, n) })) : [{ label: null, side: null, seats: room.seats.map((s) => s.seat) }];
  return h(
    "div",
    { class: "lt-seats" },
    groups.map((group) =>
      h(
        "div",
        { class: `lt-group${group.side !== null ? ` side-${group.side}` : ""}` },
        group.label ? h("span", { class: "lt-group-label" }, `${group.label}:`) : null,
        group.seats.map((seat) => {
          const info = room.seats.find((s) => s.seat === seat) || { seat, side: seat, kind: null };
          return h(
            "span",
            { class: `lt-seat side-${info.side}${info.kind ? "" : " free"}${info.kind === "bot" ? " bot" : ""}` },
            info.kind === "bot" ? icon("bot") : null,
            seatName(info),
            info.account ? accountMark() : null,
          );
        }),
      ),
    ),
  );
}

export function mountLobby(root, ctx) {
  const { act } = ctx;
  const held = new Set(act.heldTables());
  // Tables held that the lobby does not list (adjourned since you left, private): looked up
  // once, shown while they are still open.
  const unlisted = new Map();
  let gone = false;
  const list = h("ul", { class: "lobby-list", "data-testid": "lobby-list" });
  const form = createForm(act, ctx.store.get().account);
  fill(
    root,
    h(
      "section",
      { class: "lobby" },
      h("div", { class: "lobby-hero" }, h("h1", {}, t("app.title")), h("p", {}, t("app.tagline"), " · ", h("a", { href: "/score", "data-testid": "score-link" }, t("score.link"))), act.nameField()),
      playNowPanel(ctx),
      myGamesPanel(ctx),
      h(
        "div",
        { class: "lobby-grid" },
        h("div", { class: "lobby-tables" }, h("h2", {}, t("lobby.title")), list),
        form,
      ),
    ),
  );

  async function lookUpHeld() {
    for (const id of [...held].slice(0, HELD_LOOKUPS)) {
      let answer;
      try {
        answer = await fetchJson(`/api/rooms/${encodeURIComponent(id)}`);
      } catch {
        continue;
      }
      if (gone) return;
      if (answer.status === 404) act.forgetTable(id);
      else if (answer.ok && answer.body && answer.body.status !== "over") unlisted.set(id, answer.body);
    }
    update(ctx.store.get());
  }

  function update(s) {
    if (s.lobby === null && !unlisted.size) {
      fill(list, h("li", { class: "lobby-empty" }, t("lobby.loading")));
      return;
    }
    const listed = s.lobby || [];
    const shownIds = new Set(listed.map((room) => room.id));
    const rooms = [...listed, ...[...unlisted.values()].filter((room) => !shownIds.has(room.id))];
    if (!rooms.length) {
      fill(list, h("li", { class: "lobby-empty", "data-testid": "lobby-empty" }, t("lobby.empty")));
      return;
    }
    fill(
      list,
      sortRooms(rooms, held).map((room) => {
        const open = room.status === "waiting" && room.free_seats > 0;
        const mine = held.has(room.id);
        return h(
          "li",
          { class: `lobby-table status-${room.status}${mine ? " mine" : ""}`, "data-testid": "lobby-table", "data-room": room.id },
          h(
            "div",
            { class: "lt-head" },
            h("strong", { class: "lt-name" }, tableName(room)),
            mine ? h("span", { class: "pill pill-mine" }, t("lobby.yourSeat")) : null,
            room.rules.rated ? h("span", { class: "pill pill-rated", "data-testid": "lobby-rated" }, t("rules.rated")) : null,
            h("span", { class: `pill pill-${room.status}` }, t(`room.status.${room.status}`)),
          ),
          rulesChips(room.rules),
          seatList(room),
          h(
            "div",
            { class: "lt-foot" },
            h("span", { class: "lt-count", "data-testid": "spectator-count" }, icon("eye"), t("lobby.spectators", { n: room.spectators })),
            h("span", { class: "lt-count" }, open ? t("lobby.free", { n: room.free_seats }) : t("lobby.full")),
            h("span", { class: "lt-buttons" }, mine ? backButton(room) : [
              h("button", { type: "button", class: "btn btn-primary btn-small", "data-testid": "sit-button", disabled: !open, onclick: () => act.openTable(room.id, "join") }, t("lobby.sit")),
              h("button", { type: "button", class: "btn btn-small", "data-testid": "watch-button", onclick: () => act.openTable(room.id, "watch") }, t("lobby.watch")),
            ]),
          ),
        );
      }),
    );
  }

  /** Your seat at a table: the page resumes it with the token this browser holds. */
  function backButton(room) {
    return h("button", { type: "button", class: "btn btn-primary btn-small", "data-testid": "back-to-table", onclick: () => act.openTable(room.id, "back") }, t("lobby.back"));
  }

  lookUpHeld();
  return {
    update,
    destroy() {
      gone = true;
    },
  };
}

function field(label, control, hint = null) {
  return h("label", { class: "field" }, h("span", { class: "field-label" }, label), control, hint);
}

/** A <select> from [value, label, selected?] rows. */
function choice(name, testid, rows) {
  return h("select", { name, "data-testid": testid }, rows.map(([value, label, selected]) => h("option", { value, selected: Boolean(selected) }, label)));
}

/** A short explanation under a field, worded for what is chosen in it. */
function hintLine(testid) {
  return h("small", { class: "field-hint", "data-testid": testid });
}

/** The "Rated" option: only for a signed-in creator (a rated table seats account holders
 * only); every game is rated, each kind apart. */
function ratedOption(account) {
  const hint = h("small", { class: "check-hint", id: "create-rated-hint", "data-testid": "create-rated-hint" });
  const box = h("input", { type: "checkbox", name: "rated", "data-testid": "create-rated", "aria-describedby": "create-rated-hint" });
  box.disabled = !account;
  hint.textContent = account ? "" : t("create.ratedHint");
  hint.hidden = !hint.textContent;
  return h("div", { class: "rated-option" }, h("label", { class: "check" }, box, t("create.rated")), hint);
}

/** The pace: the live clock, or a deadline per move (1 hour to 7 days), for a signed-in
 * creator only (a table at its own pace seats account holders only). */
function paceOption(account) {
  const hint = h("small", { class: "field-hint", id: "create-pace-hint", "data-testid": "create-pace-hint" });
  const options = PACES.map((secs) => h("option", { value: String(secs), disabled: secs > 0 && !account }, t(`create.pace.${secs}`)));
  const select = h("select", { name: "deadline", "data-testid": "create-pace", "aria-describedby": "create-pace-hint" }, options);
  hint.textContent = account ? "" : t("create.paceHint");
  hint.hidden = !hint.textContent;
  return field(t("create.pace"), select, hint);
}

/** Briscola Chiamata's options: the auction, calling yourself, cappotto, the match's deals. */
function chiamataFields(auctionHint) {
  const check = (name, testid, label) => h("label", { class: "check" }, h("input", { type: "checkbox", name, checked: true, "data-testid": testid }), label);
  return h(
    "div",
    { class: "chiamata-options", "data-testid": "create-chiamata" },
    field(t("create.auction"), choice("auction", "create-auction", AUCTIONS.map((v) => [v, t(`create.auction.${v}`)])), auctionHint),
    field(t("create.chiamataDeals"), choice("chiamata_deals", "create-chiamata-deals", CHIAMATA_DEALS.map((n) => [String(n), t("create.chiamataDealsN", { n })]))),
    check("self_call", "create-self-call", t("create.selfCall")),
    check("cappotto", "create-cappotto", t("create.cappotto")),
  );
}

function createForm(act, account) {
  const submit = h("button", { type: "submit", class: "btn btn-primary", "data-testid": "create-submit" }, t("create.submit"));
  const rated = ratedOption(account);
  // The live move clock; a table at its own pace has a deadline instead.
  const clockField = field(t("create.clock"), h("input", { type: "number", name: "clock", min: "1", max: "600", step: "1", value: "30", "data-testid": "create-clock" }));
  const percent = (chance) => `${Math.round(chance * 100)}`;
  const hints = { game: hintLine("create-game-hint"), stock: hintLine("create-stock-hint"), comm: hintLine("create-comm-hint"), catch: hintLine("create-catch-hint"), deals: hintLine("create-deals-hint"), auction: hintLine("create-auction-hint") };
  const players = choice("players", "create-players", [["2", t("create.players2")], ["3", t("create.players3")], ["4", t("create.players4"), true], ["5", t("create.players5")], ["6", t("create.players6")]]);
  const deals = h("input", { type: "number", name: "deals", min: String(MIN_DEALS), max: "20", step: "1", "data-testid": "create-deals" });
  // The fields that apply to some tables only, shown (and sent) when they do.
  const optional = {
    stock: field(t("create.stock"), choice("stock", "create-stock", STOCK_SHOWN.map((v) => [v, t(`create.stock.${v}`)])), hints.stock),
    partnerComm: field(t("create.comm"), choice("partner_comm", "create-comm", PARTNER_COMM.map((v) => [v, t(`create.comm.${v}`)])), hints.comm),
    signalCatch: field(t("create.catch"), choice("signal_catch", "create-catch", CATCH_CHANCES.map((v) => [String(v), t("create.catchN", { n: percent(v) }), v === 0.25])), hints.catch),
    deals: field(t("create.deals"), deals, hints.deals),
    bestOf: field(t("create.match"), choice("best_of", "create-best-of", [["1", t("create.single")], ["3", t("create.bestOf3")], ["5", t("create.bestOf5")]])),
    chiamata: chiamataFields(hints.auction),
    swap: h("label", { class: "check" }, h("input", { type: "checkbox", name: "swap_seven", "data-testid": "create-swap" }), t("create.swap")),
  };
  const form = h(
    "form",
    {
      class: "create-form card-panel",
      "data-testid": "create-form",
      onchange: () => shape(),
      oninput: () => shape(),
      onsubmit: async (event) => {
        event.preventDefault();
        submit.disabled = true;
        try {
          await act.createTable(shape().rules);
        } finally {
          submit.disabled = false;
        }
      },
    },
    h("h2", {}, t("create.title")),
    field(t("create.name"), h("input", { type: "text", name: "name", maxlength: "40", placeholder: t("create.namePlaceholder"), "data-testid": "create-name" })),
    field(t("create.game"), choice("game", "create-game", [["classic", t("create.game.classic")], ["scoperta", t("create.game.scoperta")], ["chiamata", t("create.game.chiamata")]]), hints.game),
    field(t("create.players"), players),
    optional.stock,
    optional.partnerComm,
    optional.signalCatch,
    optional.deals,
    optional.bestOf,
    optional.chiamata,
    paceOption(account),
    clockField,
    optional.swap,
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "private", "data-testid": "create-private" }), t("create.private")),
    rated,
    submit,
  );

  /** Shows the fields that apply to what is chosen, with their explanations; the rules to send. */
  function shape() {
    const choices = formChoices(form);
    const { rules, shown, players: allowed } = formShape(choices);
    for (const option of players.options) option.disabled = !allowed.includes(Number(option.value));
    if (String(rules.players) !== players.value) players.value = String(rules.players);
    for (const [key, el] of Object.entries(optional)) el.hidden = !shown[key];
    clockField.hidden = Boolean(rules.deadline);
    hints.game.textContent = t(`create.game.${choices.game || "classic"}Hint`);
    hints.stock.textContent = t(`create.stock.${rules.stock || "all"}Hint`);
    hints.comm.textContent = t(`create.comm.${rules.partner_comm || "none"}Hint`);
    hints.catch.textContent = t("create.catchHint");
    hints.auction.textContent = t(`create.auction.${rules.auction || "rank"}Hint`);
    deals.placeholder = t("create.dealsDefault", { n: Math.max(MIN_DEALS, rules.players) });
    hints.deals.textContent = t("create.dealsHint");
    return { rules };
  }

  shape();
  return form;
}
