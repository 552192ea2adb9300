// The table page: seats round a green felt, the trick, the stock and the face-up trump,
// your hand, the scoreboard, the chat, the seat picker and the end-of-hand summary.
// Only what the server sent is drawn: card backs never carry a card code.

import { accountMark, changeClass, changeText, ratingText } from "./account.js";
import { cardFace, cardStrength, isCard, suitIcon } from "./cards.js";
import { copyText, fill, h, icon, toast } from "./dom.js";
import { cardName, suitName, t, tableName } from "./i18n.js";
import {
  clockLeft,
  formatClock,
  handLog,
  handOn,
  handSummary,
  mySeat,
  seatInfo,
  seatPosition,
  seatsOfSide,
  sideCount,
  sideOf,
  statusOf,
  trickCards,
} from "./state.js";

const HOLD_MS = 1300; // a finished trick stays in view at least this long (≥ 1.2 s to read)
const NOTICE_MS = 8000; // a swap of the 7 is announced this long

// ---- Small shared pieces -----------------------------------------------------------

/** A face-up card that is not in your hand (trick, face-up trump, public cards). */
export function faceCard(code, prefs, attrs = {}) {
  if (!isCard(code)) return null;
  return h("div", {
    class: "card face",
    role: "img",
    "aria-label": cardName(code, prefs.deck),
    "data-card": code,
    html: cardFace(code, prefs),
    ...attrs,
  });
}

/** A card back: a plain element, with no card code anywhere. */
export function cardBack(extra = "") {
  return h("div", { class: `card back ${extra}`.trim(), "data-testid": "card-back", "aria-hidden": "true" });
}

/** "Team A" with four players, else the seat's name. */
export function sideLabel(side, room, players) {
  if (players === 4) return t(`team.${side}`);
  return seatName(room, side);
}

export function seatName(room, seat) {
  const info = seatInfo(room, seat);
  return (info && info.name) || t("seat.n", { n: seat + 1 });
}

export function rulesChips(rules) {
  const chips = [t("rules.players", { n: rules.players })];
  chips.push(rules.best_of > 1 ? t("rules.bestOf", { n: rules.best_of }) : t("rules.single"));
  if (rules.swap_seven) chips.push(t("rules.swap"));
  chips.push(t("rules.clock", { n: rules.clock }));
  if (rules.private) chips.push(t("rules.private"));
  if (rules.rated) chips.push(t("rules.rated"));
  return h("ul", { class: "chips", "data-testid": "rules" }, chips.map((c) => h("li", {}, c)));
}

/** A link to share, read-only, with a Copy button; `ids` names their test hooks {link, copy}. */
export function shareField(url, label, ids) {
  const input = h("input", { type: "text", readonly: true, value: url, "data-testid": ids.link, "aria-label": label });
  const button = h(
    "button",
    {
      type: "button",
      class: "btn btn-small",
      "data-testid": ids.copy,
      onclick: async () => {
        if (await copyText(input.value, input)) toast(t("share.copied"), "info");
      },
    },
    t("share.copy"),
  );
  return h("div", { class: "share" }, h("label", {}, label), h("div", { class: "share-row" }, input, button));
}

/** A link to a finished hand's replay page (/r/{hand}). */
function replayLink(handId, text, testid) {
  return h("a", { href: `/r/${encodeURIComponent(handId)}`, "data-route": "", class: "replay-link", "data-testid": testid }, text);
}

function badge(kind, text, seat) {
  return h("span", { class: `badge badge-${kind}`, "data-testid": `${kind}-${seat}` }, text);
}

/** A seat's rating at a rated table, and its change once the match has ended. */
function ratingBadge(info, seat) {
  const change = info.rating_change;
  const moved = change !== null && change !== undefined;
  return h(
    "span",
    { class: "badge badge-rating", "data-testid": `rating-${seat}`, title: t("seat.rating", { rating: ratingText(info.rating) }) },
    ratingText(info.rating),
    moved
      ? h("span", { class: `rating-change ${changeClass(change)}`, "data-testid": `rating-change-${seat}`, "data-change": String(change), title: t("seat.change", { change: changeText(change) }) }, ` ${changeText(change)}`)
      : null,
  );
}

// ---- The page ----------------------------------------------------------------------

export function mountTable(root, ctx) {
  const { store, act, prefs } = ctx;
  let selected = 0; // keyboard selection in your hand
  let pendingPlay = null; // a card sent, waiting for the state that shows it
  let onTable = new Set(); // the trick's cards as last drawn
  let inHand = new Set(); // your cards as last drawn (new ones are dealt in with a motion)
  let summaryShown = false; // the summary fades in once, not at every redraw
  // A finished trick stays in front of its players for HOLD_MS, whatever comes next (the
  // bots may lead the next trick at once): time to read it, kept with reduced motion too.
  let hold = null; // {trick} while held
  let holdTimer = null;
  let seenHand = null; // {commitment, played, faceUp} of the last state drawn
  let noticeTimer = null;
  let chatShown = []; // the chat lines drawn in the log, in order
  let logOpen = false; // the hand log is open: kept across redraws until the player closes it
  let presence = []; // [{tricks, seat, away}]: seats this page saw go away or come back this hand
  let botLevel = "strong"; // the level the host's next bot gets

  const head = h("div", { class: "table-head" });
  const felt = h("div", { class: "felt", "data-testid": "table" });
  const board = h("div", { class: "scoreboard", "data-testid": "scoreboard" });
  const chatLog = h("div", { class: "chat-log", "data-testid": "chat-log", "aria-live": "polite" });
  const chatNote = h("div", { class: "chat-note" });
  const chatInput = h("input", {
    type: "text",
    maxlength: "200",
    "data-testid": "chat-input",
    "aria-label": t("chat.title"),
    autocomplete: "off",
  });
  const chatSend = h("button", { type: "submit", class: "btn", "data-testid": "chat-send" }, t("chat.send"));
  const chatForm = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (event) => {
        event.preventDefault();
        const text = chatInput.value.trim();
        if (!text) return;
        if (act.chat(text.slice(0, 200))) chatInput.value = "";
      },
    },
    chatInput,
    chatSend,
  );
  const chat = h("section", { class: "chat", "data-testid": "chat", id: "table-chat" }, h("h2", {}, t("chat.title")), chatLog, chatNote, chatForm);
  const actions = h("div", { class: "table-actions" });
  const sideShare = h("div", { class: "side-share" });
  // The hand log (the last trick and the hand's history) lies beside the felt, below it on
  // phones: it never covers the trick in play. It opens on a click or a tap only.
  const lastTrickHost = h("div", { class: "hand-log-last" });
  const logList = h("ol", { class: "hand-log-list", "data-testid": "hand-log-list" });
  const logBody = h("div", { class: "hand-log-body", id: "hand-log-body", hidden: true }, lastTrickHost, logList);
  const logToggle = h(
    "button",
    { type: "button", class: "hand-log-toggle", "data-testid": "hand-log-button", "aria-expanded": "false", "aria-controls": "hand-log-body", onclick: () => openLog(!logOpen) },
    t("log.title"),
  );
  const handLogPanel = h("section", { class: "hand-log", "data-testid": "hand-log", hidden: true }, h("h2", {}, logToggle), logBody);
  const side = h("aside", { class: "side" }, board, handLogPanel, chat, sideShare, actions);
  // The summary lies on the felt, so the chat beside it stays in reach between hands.
  const summaryHost = h("div", { class: "summary-host" });
  const ribbon = h("div", { class: "offline-ribbon", role: "status" });
  // Table news (a swap of the 7), shown for a while; and a live region for screen readers.
  const noticeHost = h("div", { class: "table-notice-host", role: "status", "aria-live": "polite" });
  const live = h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "table-live" });
  const feltWrap = h("div", { class: "felt-wrap" }, felt, noticeHost, live, summaryHost, ribbon);
  const main = h("div", { class: "table-main" }, feltWrap, side);
  const overlay = h("div", { class: "overlay-host" });
  const page = h("section", { class: "table-page" }, head, main, overlay);
  fill(root, page);

  const onKey = (event) => handleKey(event);
  document.addEventListener("keydown", onKey);
  const ticker = setInterval(() => tickClocks(store.get()), 200);

  let seenStateAt = 0;
  let seenErrors = 0;

  function update(s) {
    const state = s.state;
    // A card sent waits for the next state (or a refusal) before the hand is playable again.
    if (s.stateAt !== seenStateAt || s.errors !== seenErrors) pendingPlay = null;
    seenStateAt = s.stateAt;
    seenErrors = s.errors;
    renderHead(s);
    if (!s.joined) {
      main.hidden = true;
      renderPicker(s);
      return;
    }
    main.hidden = false;
    const offline = s.conn !== "connected";
    feltWrap.classList.toggle("offline", offline);
    fill(ribbon, offline && s.conn !== "replaced" ? t("conn.lost") : null);
    fill(overlay);
    if (!state) {
      fill(felt, h("p", { class: "felt-message" }, t("picker.loading")));
      fill(summaryHost);
      return;
    }
    const focused = felt.contains(document.activeElement) && document.activeElement.dataset.testid === "card";
    observe(s);
    renderFelt(s);
    renderBoard(s);
    renderHandLog(s);
    renderChat(s);
    renderActions(s);
    renderSummary(s);
    if (focused) focusCard(selected);
    tickClocks(s);
  }

  // ---- What changed since the last state: a trick taken, a swap of the 7 -------------

  function observe(s) {
    const state = s.state;
    const hand = state.match && state.match.hand;
    const prev = seenHand;
    const away = state.room.seats.map((info) => Boolean(info.away || info.bot_playing));
    seenHand = hand ? { commitment: hand.commitment, played: hand.tricks_played, swaps: hand.swaps.length, away } : null;
    const sameHand = Boolean(hand && prev && prev.commitment === hand.commitment);
    if (!sameHand) {
      endHold(false);
      presence = [];
      return;
    }
    if (hand.tricks_played > prev.played && hand.last_trick) startHold(s, hand.last_trick);
    if (hand.swaps.length > prev.swaps) announceSwap(s, hand.swaps[hand.swaps.length - 1]);
    state.room.seats.forEach((info, i) => {
      if (away[i] !== Boolean(prev.away[i])) presence.push({ tricks: hand.tricks_played, seat: info.seat, away: away[i] });
    });
  }

  function startHold(s, trick) {
    hold = { trick };
    clearTimeout(holdTimer);
    holdTimer = setTimeout(() => {
      holdTimer = null;
      endHold(true);
    }, HOLD_MS);
    live.textContent = takesText(s, trick.winner);
  }

  function endHold(redraw) {
    clearTimeout(holdTimer);
    holdTimer = null;
    if (!hold) return;
    hold = null;
    if (redraw) update(store.get());
  }

  function takesText(s, winner) {
    return winner === mySeat(s.state) ? t("trick.youTake") : t("trick.takes", { name: seatName(s.state.room, winner) });
  }

  function swapText(s, swap) {
    const params = { seven: cardName(swap.seven, prefs.deck), card: cardName(swap.took, prefs.deck) };
    if (swap.seat === mySeat(s.state)) return t("swap.doneYou", params);
    return t("swap.done", { ...params, name: seatName(s.state.room, swap.seat) });
  }

  function announceSwap(s, swap) {
    fill(noticeHost, h("div", { class: "table-notice", "data-testid": "swap-notice", "data-seat": String(swap.seat) }, swapText(s, swap)));
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => fill(noticeHost), NOTICE_MS);
  }

  // ---- Head: name, rules, status, share link --------------------------------------

  function renderHead(s) {
    const room = (s.state && s.state.room) || s.preview;
    if (!room) {
      fill(head, h("h1", { class: "table-name" }, t("picker.loading")));
      return;
    }
    // Adjourned: no person is connected, nothing moves until one comes back.
    const adjourned = room.status === "adjourned";
    const status = adjourned ? { key: "status.adjourned", params: {} } : statusOf(s.state, (seat) => seatName(room, seat));
    const myTurn = status.key === "status.yourTurn";
    const parts = [
      h("div", { class: "table-title" }, h("h1", { class: "table-name" }, tableName(room)), rulesChips(room.rules)),
      h(
        "div",
        { class: `status${myTurn ? " status-mine" : ""}${adjourned ? " status-adjourned" : ""}`, "data-testid": "status", "data-status": room.status, role: "status" },
        s.joined ? t(status.key, status.params) : t(`room.status.${room.status}`),
      ),
    ];
    // The link to share: up front while seats are being filled, beside the chat after.
    const waiting = room.status === "waiting" || !s.joined;
    if (waiting) parts.push(shareBox(room.id));
    fill(head, parts);
    fill(sideShare, waiting ? null : shareBox(room.id));
  }

  function shareBox(roomId) {
    return shareField(`${location.origin}/t/${encodeURIComponent(roomId)}`, t("share.label"), { link: "share-link", copy: "copy-link" });
  }

  // ---- The seat picker (not at the table yet) ------------------------------------------

  // The picker is drawn again only when what it shows changes, and its name field is kept
  // across redraws: the preview is polled every few seconds, and a field rebuilt under the
  // player's fingers would lose what they were typing.
  let pickerShown = null; // {key, dialog, choices} while the picker is drawn

  function renderPicker(s) {
    const key = JSON.stringify([s.notFound, s.preview]);
    if (pickerShown && pickerShown.key === key && overlay.contains(pickerShown.dialog)) return;
    const room = s.preview;
    if (s.notFound || !room) pickerShown = null;
    if (s.notFound) {
      fill(
        overlay,
        h(
          "div",
          { class: "picker dialog", "data-testid": "not-found" },
          h("h2", {}, t("notFound.title")),
          h("a", { href: "/", class: "btn", "data-route": "" }, t("nav.lobby")),
        ),
      );
      return;
    }
    if (!room) {
      fill(overlay, h("div", { class: "picker dialog" }, h("p", {}, t("picker.loading"))));
      return;
    }
    const n = room.rules.players;
    const open = room.status === "waiting" && room.free_seats > 0;
    const body = [];
    if (open) {
      if (n === 4) {
        body.push(
          h(
            "div",
            { class: "picker-sides" },
            [0, 1].map((sideIdx) => {
              const seats = seatsOfSide(sideIdx, 4);
              const free = seats.filter((seat) => !seatInfo(room, seat)?.kind).length;
              const names = seats.map((seat) => seatInfo(room, seat)?.name || t("seat.free")).join(", ");
              return h(
                "button",
                {
                  type: "button",
                  class: `btn side-btn side-${sideIdx}`,
                  "data-testid": `sit-side-${sideIdx}`,
                  disabled: free === 0,
                  onclick: () => act.sit({ side: sideIdx }),
                },
                h("strong", {}, t("team.seats", { team: t(`team.${sideIdx}`), a: seats[0] + 1, b: seats[1] + 1 })),
                h("span", { class: "side-names" }, names),
              );
            }),
          ),
        );
      }
      body.push(
        h(
          "ul",
          { class: "picker-seats" },
          room.seats.map((info) =>
            h(
              "li",
              { class: `picker-seat side-${info.side}` },
              h("span", {}, t("seat.n", { n: info.seat + 1 })),
              h("span", { class: "picker-seat-name" }, info.kind ? info.name : t("seat.free"), info.account ? accountMark() : null),
              info.kind
                ? null
                : h(
                    "button",
                    { type: "button", class: "btn btn-small", "data-testid": `sit-seat-${info.seat}`, onclick: () => act.sit({ seat: info.seat }) },
                    t("picker.sitSeat"),
                  ),
            ),
          ),
        ),
        h("button", { type: "button", class: "btn btn-primary", "data-testid": "sit-button", onclick: () => act.sit({}) }, t("picker.sitAny")),
      );
    } else {
      body.push(h("p", { class: "picker-note" }, room.status === "waiting" ? t("lobby.full") : t("picker.started")));
    }
    body.push(h("button", { type: "button", class: "btn", "data-testid": "watch-button", onclick: () => act.watch() }, t("picker.watch")));
    if (!pickerShown || !overlay.contains(pickerShown.dialog)) {
      const choices = h("div", { class: "picker-choices" });
      const rated = room.rules.rated ? h("p", { class: "picker-rated", "data-testid": "picker-rated-note" }, t("picker.ratedNote")) : null;
      const dialog = h("div", { class: "picker dialog", "data-testid": "seat-picker" }, h("h2", {}, t("picker.title")), rated, act.nameField(), choices);
      fill(overlay, dialog);
      pickerShown = { dialog, choices };
    }
    pickerShown.key = key;
    fill(pickerShown.choices, body);
  }

  // ---- The felt ---------------------------------------------------------------------

  function renderFelt(s) {
    const state = s.state;
    const room = state.room;
    const n = room.rules.players;
    const me = mySeat(state);
    const bottom = me ?? 0;
    const hand = state.match && state.match.hand;
    felt.className = `felt players-${n}${hand ? " dealt" : ""}`;
    const areas = [];
    for (let seat = 0; seat < n; seat++) {
      areas.push(seatArea(s, seat, seatPosition(seat, bottom, n)));
    }
    areas.push(centerArea(s));
    // The stock and the face-up trump lie aside, in a corner, leaving the middle to the trick.
    if (hand) areas.push(h("div", { class: "deck-corner" }, deckArea(hand)));
    fill(felt, areas);
  }

  function seatArea(s, seat, pos) {
    const state = s.state;
    const room = state.room;
    const n = room.rules.players;
    const info = seatInfo(room, seat) || { seat, side: sideOf(seat, n), kind: null };
    const me = mySeat(state);
    const hand = state.match && state.match.hand;
    const isMe = seat === me;
    const turn = hand && !hand.over && hand.turn === seat;
    const cls = ["seat-area", `pos-${pos}`, `side-${info.side}`];
    if (isMe) cls.push("me");
    if (turn) cls.push("turn");
    if (!info.kind) cls.push("empty");
    if (info.kind && !info.connected) cls.push("disconnected");
    if (info.away || info.bot_playing) cls.push("away");
    const children = [plate(s, info, hand, isMe, turn), seatControls(s, info, state.you || {})];
    if (hand) children.push(isMe ? myHand(s, hand) : otherHand(s, hand, seat, pos));
    return h(
      "div",
      {
        class: cls.join(" "),
        "data-testid": `seat-${seat}`,
        "data-side": info.side,
        "data-turn": turn ? "true" : null,
      },
      children,
    );
  }

  function plate(s, info, hand, isMe, turn) {
    const state = s.state;
    const room = state.room;
    const seat = info.seat;
    const n = room.rules.players;
    const waiting = !state.match;
    const badges = [];
    if (info.kind) {
      if (isMe) badges.push(badge("you", t("seat.you"), seat));
      if (info.account) badges.push(accountMark(`account-${seat}`));
      if (info.rating) badges.push(ratingBadge(info, seat));
      if (info.host) badges.push(badge("host", t("seat.host"), seat));
      if (info.kind === "bot") badges.push(badge("bot", t("seat.bot"), seat));
      if (info.kind === "bot" && info.level) badges.push(badge("level", t(`level.${info.level}`), seat));
      if (hand && hand.dealer === seat && !hand.over) badges.push(badge("dealer", t("seat.dealer"), seat));
      if (info.kind === "human" && !info.connected) badges.push(badge("disconnected", t("seat.disconnected"), seat));
      if (info.away) badges.push(badge("away", t("seat.away"), seat));
      if (info.bot_playing) badges.push(badge("bot-playing", t("seat.botPlaying"), seat));
      if ((waiting || room.status === "between_hands") && info.kind === "human") {
        badges.push(badge(info.ready ? "ready" : "not-ready", info.ready ? t("seat.ready") : t("seat.notReady"), seat));
      }
    }
    const name = info.kind ? info.name || t("seat.n", { n: seat + 1 }) : t("seat.free");
    const initial = info.kind === "bot" ? icon("bot") : info.kind ? name.trim().charAt(0).toUpperCase() : "·";
    const parts = [
      h("div", { class: "avatar", "aria-hidden": "true" }, initial),
      h("div", { class: "plate-text" }, h("div", { class: "plate-name", "data-testid": `name-${seat}` }, name), h("div", { class: "badges" }, badges)),
    ];
    if (turn && state.clock && state.clock.seat === seat) {
      parts.push(h("div", { class: "clock", "data-clock": "", "data-name": name, "data-testid": `clock-${seat}`, title: "⏱", role: "timer" }, ""));
    }
    if (hand) {
      const sideIdx = sideOf(seat, n);
      parts.push(
        h(
          "div",
          { class: "taken-chip", title: t("table.taken") },
          h("span", { class: "pile", "aria-hidden": "true" }),
          h("span", {}, String(hand.taken[sideIdx] ?? 0)),
        ),
      );
    }
    return h("div", { class: "plate" }, parts);
  }

  /** Host and newcomer controls on a seat before the match starts. */
  function seatControls(s, info, you) {
    const state = s.state;
    if (state.match) return null;
    const room = state.room;
    const me = mySeat(state);
    const seat = info.seat;
    const out = [];
    if (!info.kind && me === null && room.status === "waiting") {
      out.push(h("button", { type: "button", class: "btn btn-small", "data-testid": `sit-seat-${seat}`, onclick: () => act.sit({ seat }) }, t("table.sitHere")));
    }
    if (you.host) {
      // A rated table seats account holders only: no bots to add.
      if (!info.kind && !room.rules.rated) {
        out.push(h("button", { type: "button", class: "btn btn-small", "data-testid": `add-bot-${seat}`, onclick: () => act.send({ type: "add_bot", seat, level: botLevel }) }, t("host.addBot")));
      } else {
        if (info.kind === "bot") {
          out.push(
            h("button", { type: "button", class: "btn btn-small", "data-testid": `remove-bot-${seat}`, onclick: () => act.send({ type: "remove_bot", seat }) }, t("host.removeBot")),
          );
        }
        const options = room.seats.filter((o) => o.seat !== seat).map((o) => h("option", { value: String(o.seat) }, `${t("seat.n", { n: o.seat + 1 })}${o.kind ? ` — ${o.name}` : ""}`));
        out.push(
          h(
            "select",
            {
              class: "move-select",
              "data-testid": `move-${seat}`,
              "aria-label": t("host.moveTo"),
              onchange: (event) => {
                const to = Number(event.target.value);
                if (!Number.isNaN(to) && event.target.value !== "") act.send({ type: "move", seat, to });
              },
            },
            h("option", { value: "" }, t("host.moveTo")),
            options,
          ),
        );
      }
    }
    return out.length ? h("div", { class: "seat-controls" }, out) : null;
  }

  function otherHand(s, hand, seat, pos) {
    const publicCards = (hand.public && hand.public[seat]) || [];
    const hidden = Math.max(0, (hand.hand_sizes[seat] || 0) - publicCards.length);
    const cards = [];
    for (let i = 0; i < hidden; i++) cards.push(cardBack("mini"));
    for (const code of publicCards) {
      cards.push(faceCard(code, prefs, { class: "card face mini public", "data-testid": "public-card", title: t("seat.public") }));
    }
    return h(
      "div",
      { class: `mini-hand mini-${pos}`, "data-testid": `hand-${seat}`, "aria-label": t("seat.cards", { n: hand.hand_sizes[seat] || 0 }) },
      cards,
    );
  }

  function myHand(s, hand) {
    const legal = new Set(hand.legal || []);
    const publicCards = new Set((hand.public && hand.public[hand.seat]) || []);
    const myTurn = hand.turn === hand.seat && !hand.over;
    if (selected >= hand.hand.length) selected = Math.max(0, hand.hand.length - 1);
    const before = inHand;
    inHand = new Set(hand.hand);
    const buttons = hand.hand.map((code, i) => {
      const playable = myTurn && legal.has(code) && !pendingPlay;
      const cls = ["card", "face", "hand-card"];
      if (playable) cls.push("playable");
      if (publicCards.has(code)) cls.push("public");
      if (pendingPlay === code) cls.push("sent");
      if (!before.has(code)) cls.push("fresh");
      return h(
        "button",
        {
          type: "button",
          class: cls.join(" "),
          "data-testid": "card",
          "data-card": code,
          "data-index": String(i),
          "aria-label": `${i + 1}: ${cardName(code, prefs.deck)}${publicCards.has(code) ? ` (${t("seat.public")})` : ""}`,
          disabled: !playable,
          onclick: () => playCard(code),
          onfocus: () => {
            selected = i;
          },
          html: cardFace(code, prefs),
        },
      );
    });
    buttons.forEach((b, i) => b.append(h("span", { class: "key-hint", "aria-hidden": "true" }, String(i + 1))));
    const out = [h("div", { class: `hand${myTurn ? " my-turn" : ""}`, "data-testid": "hand", role: "group", "aria-label": t("table.yourHand") }, buttons)];
    if (hand.can_swap) {
      out.push(
        h("button", { type: "button", class: "btn btn-gold swap", "data-testid": "swap-button", onclick: () => act.send({ type: "swap" }) }, t("table.swap")),
      );
    } else {
      const hint = swapHint(s, hand);
      if (hint) out.push(h("p", { class: "swap-hint", "data-testid": "swap-hint" }, hint));
    }
    if (myTurn) out.push(h("p", { class: "key-help" }, t("table.keys")));
    const me = seatInfo(s.state.room, hand.seat);
    if (me && (me.away || me.bot_playing)) {
      // Any message takes the seat back from the bot; sync is the one that changes nothing else.
      const back = me.away
        ? h("button", { type: "button", class: "btn btn-gold btn-small", "data-testid": "back-button", onclick: () => act.send({ type: "sync" }) }, t("table.back"))
        : null;
      out.push(h("div", { class: "away-note", "data-testid": "away-note", role: "status" }, h("span", {}, t("table.awayNote")), back));
    }
    return h("div", { class: "my-hand-wrap" }, out);
  }

  /** Why there is no swap button while you hold the 7 of trumps (docs/RULES.md). */
  function swapHint(s, hand) {
    const seven = `7${hand.trump}`;
    if (!s.state.room.rules.swap_seven || hand.over || !hand.hand.includes(seven)) return null;
    if (!hand.face_up) return t("swap.hintGone");
    const card = cardName(hand.face_up, prefs.deck);
    if (cardStrength(hand.face_up) <= cardStrength(seven)) return t("swap.hintLow", { card });
    return t("swap.hintWhen", { card });
  }

  function playCard(code) {
    const hand = store.get().state?.match?.hand;
    if (!hand || pendingPlay || hand.turn !== hand.seat || !(hand.legal || []).includes(code)) return;
    if (act.send({ type: "play", card: code })) {
      pendingPlay = code;
      update(store.get());
    }
  }

  function centerArea(s) {
    const state = s.state;
    const room = state.room;
    const hand = state.match && state.match.hand;
    if (!hand) return h("div", { class: "center center-waiting" }, waitingCenter(s));
    const n = hand.players;
    const bottom = mySeat(state) ?? 0;
    // A trick just taken stays in view for a moment, with its winner marked and named.
    const lingering = Boolean(hold);
    const shown = lingering ? hold.trick : hand.trick;
    // Only the cards that were not on the table at the last drawing land with a motion.
    const before = onTable;
    onTable = new Set(shown.cards);
    const slots = trickCards(shown, n).map(({ seat, card }) =>
      h(
        "div",
        {
          class: `slot pos-${seatPosition(seat, bottom, n)}${before.has(card) ? "" : " fresh"}${lingering && shown.winner === seat ? " winner" : ""}`,
        },
        faceCard(card, prefs, { "data-testid": "trick-card", "data-seat": String(seat) }),
      ),
    );
    if (lingering) {
      slots.push(h("p", { class: "trick-taken", "data-testid": "trick-taken", "data-seat": String(shown.winner) }, takesText(s, shown.winner)));
    }
    const trick = h(
      "div",
      {
        class: `trick players-${n}${lingering ? " lingering" : ""}`,
        "data-testid": "trick",
        "data-count": String(hand.trick.cards.length),
        "data-held": lingering ? "true" : null,
      },
      slots,
    );
    return h("div", { class: "center" }, trick, lastTrickButton(hand));
  }

  function deckArea(hand) {
    const children = [];
    if (hand.face_up) {
      children.push(h("div", { class: "face-up-wrap" }, faceCard(hand.face_up, prefs, { "data-testid": "face-up", class: "card face face-up" })));
    }
    const backs = Math.min(3, Math.max(0, hand.stock - (hand.face_up ? 1 : 0)));
    const pile = [];
    for (let i = 0; i < backs; i++) pile.push(cardBack("stacked"));
    children.push(h("div", { class: "stock-pile" }, pile));
    children.push(
      h(
        "div",
        { class: "stock-label", title: t("table.stock", { n: hand.stock }) },
        h("span", { class: "stock-count", "data-testid": "stock-count" }, String(hand.stock)),
      ),
    );
    children.push(
      h(
        "div",
        { class: "trump-label", "data-testid": "trump", "data-suit": hand.trump, title: `${t("table.trump")}: ${suitName(hand.trump, prefs.deck)}` },
        h("span", { html: suitIcon(hand.trump, prefs.deck) }),
        h("span", {}, suitName(hand.trump, prefs.deck)),
      ),
    );
    return h("div", { class: `deck${hand.stock ? "" : " empty"}`, "aria-label": t("table.stock", { n: hand.stock }) }, children);
  }

  /** On the felt: opens the hand log, where the last trick lies, and brings it into view. */
  function lastTrickButton(hand) {
    return h(
      "button",
      {
        type: "button",
        class: "btn btn-small btn-ghost last-trick-button",
        "data-testid": "last-trick-button",
        disabled: !hand.last_trick,
        "aria-controls": "hand-log-body",
        onclick: () => {
          openLog(true);
          handLogPanel.scrollIntoView({ block: "nearest" });
        },
      },
      t("table.lastTrick"),
    );
  }

  // ---- The hand log: the last trick, and the hand's history ---------------------------

  function openLog(open) {
    logOpen = open;
    update(store.get());
  }

  function renderHandLog(s) {
    const state = s.state;
    const hand = state.match && state.match.hand;
    handLogPanel.hidden = !hand;
    if (!hand) return;
    logToggle.setAttribute("aria-expanded", String(logOpen));
    logBody.hidden = !logOpen;
    const room = state.room;
    const last = hand.last_trick;
    const bottom = mySeat(state) ?? 0;
    fill(
      lastTrickHost,
      last
        ? h(
            "div",
            { class: "last-trick", "data-testid": "last-trick" },
            h("h3", {}, `${t("table.lastTrick")} · `, h("span", {}, t("table.wonBy", { name: seatName(room, last.winner) }))),
            h(
              "div",
              { class: "last-trick-cards" },
              trickCards(last, hand.players).map(({ seat, card }) =>
                h(
                  "div",
                  { class: `lt-card pos-${seatPosition(seat, bottom, hand.players)}${last.winner === seat ? " winner" : ""}` },
                  faceCard(card, prefs, { class: "card face small" }),
                  h("span", { class: "lt-name" }, seatName(room, seat)),
                ),
              ),
            ),
          )
        : h("p", { class: "last-trick", "data-testid": "last-trick" }, t("table.noLastTrick")),
    );
    if (!logOpen) return;
    const name = (seat) => seatName(room, seat);
    const words = {
      deal: (e) => t("log.deal", { name: name(e.seat), suit: suitName(hand.trump, prefs.deck) }),
      trick: (e) => t("log.trick", { n: e.n, leader: name(e.leader), winner: name(e.winner) }),
      leads: (e) => t("log.leads", { n: e.n, leader: name(e.leader) }),
      swap: (e) => swapText(s, e),
      away: (e) => t("log.away", { name: name(e.seat) }),
      back: (e) => t("log.back", { name: name(e.seat) }),
    };
    fill(
      logList,
      handLog(hand, presence).map((entry) => h("li", { class: `log-${entry.kind}`, "data-testid": "log-entry", "data-kind": entry.kind }, words[entry.kind](entry))),
    );
    logList.scrollTop = logList.scrollHeight;
  }

  function waitingCenter(s) {
    const state = s.state;
    const room = state.room;
    const me = mySeat(state);
    const out = [h("p", { class: "felt-message" }, t(statusOf(state, (seat) => seatName(room, seat)).key, { n: room.free_seats }))];
    if (state.you && state.you.host && !room.rules.rated) {
      out.push(h("p", { class: "host-note" }, t("host.note")));
      const select = h(
        "select",
        { "data-testid": "bot-level", onchange: (event) => (botLevel = event.target.value) },
        ["easy", "normal", "strong"].map((level) => h("option", { value: level, selected: level === botLevel }, t(`level.${level}`))),
      );
      out.push(h("label", { class: "field bot-level" }, h("span", { class: "field-label" }, t("host.botLevel")), select));
    }
    if (me !== null) out.push(readyButton(s));
    return out;
  }

  function readyButton(s) {
    const info = seatInfo(s.state.room, mySeat(s.state));
    const ready = Boolean(info && info.ready);
    return h(
      "button",
      {
        type: "button",
        class: `btn ready-btn${ready ? " is-ready" : " btn-primary"}`,
        "data-testid": "ready-button",
        "data-ready": String(ready),
        "aria-pressed": String(ready),
        onclick: () => act.send({ type: "ready", ready: !ready }),
      },
      ready ? t("ready.on") : t("ready.off"),
    );
  }

  // ---- Scoreboard --------------------------------------------------------------------

  function renderBoard(s) {
    const state = s.state;
    const room = state.room;
    const match = state.match;
    const n = room.rules.players;
    const rows = [];
    const sides = [...Array(sideCount(n)).keys()];
    if (match) {
      rows.push(
        h(
          "div",
          { class: "board-row" },
          h("span", { class: "board-label" }, `${t("table.matchScore")} · ${t("table.hand", { n: match.hands_dealt })}`),
          h(
            "span",
            { class: "match-score", "data-testid": "match-score" },
            sides.map((side) => h("span", { class: `score-chip side-${side}`, title: sideLabel(side, room, n) }, `${sideLabel(side, room, n)} ${match.wins[side] ?? 0}`)),
          ),
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
          h(
            "span",
            { class: "taken" },
            sides.map((side) =>
              h("span", { class: `score-chip side-${side}`, "data-testid": `taken-${side}` }, `${sideLabel(side, room, n)} ${hand.taken[side] ?? 0}`),
            ),
          ),
        ),
      );
    }
    if (!rows.length) rows.push(h("div", { class: "board-row" }, rulesChips(room.rules)));
    // Phones only (CSS): the chat lies below the felt; this brings it into view.
    rows.push(
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small chat-jump",
          "data-testid": "chat-jump",
          "aria-controls": "table-chat",
          onclick: () => {
            chat.scrollIntoView({ block: "end" });
            if (!chatInput.disabled) chatInput.focus({ preventScroll: true });
          },
        },
        t("chat.title"),
      ),
    );
    fill(board, rows);
    board.hidden = false;
  }

  // ---- Chat --------------------------------------------------------------------------

  function renderChat(s) {
    const state = s.state;
    const me = mySeat(state);
    const spectator = me === null;
    const closed = !spectator && handOn(state);
    const atBottom = chatLog.scrollHeight - chatLog.scrollTop - chatLog.clientHeight < 40;
    // The log is an aria-live region: new lines are appended to it, so a screen reader
    // reads each once; it is refilled only when the chat list was replaced (`joined`,
    // `chat_history`) or trimmed at the front.
    const lines = s.chat;
    const shown = chatShown;
    // `dropped`: how many of the lines drawn the list no longer starts with (it keeps 200).
    const dropped = lines.length ? shown.indexOf(lines[0]) : -1;
    const kept = dropped < 0 ? 0 : shown.length - dropped;
    const appendOnly = dropped >= 0 && kept <= lines.length && shown.slice(dropped).every((line, i) => lines[i] === line);
    chatShown = lines;
    const chatLineEl = (line) =>
      h(
        "div",
        { class: `chat-line channel-${line.channel}${line.seat !== null && line.seat !== undefined ? ` side-${sideOf(line.seat, state.room.rules.players)}` : ""}` },
        line.channel === "spectators" ? h("span", { class: "chat-channel" }, t("chat.spectators")) : null,
        h("strong", { class: "chat-name" }, line.name || "?"),
        h("span", { class: "chat-text" }, line.text),
      );
    if (appendOnly) {
      for (let i = 0; i < dropped && chatLog.firstChild; i++) chatLog.firstChild.remove();
      chatLog.append(...lines.slice(kept).map(chatLineEl));
    } else if (shown !== lines) fill(chatLog, lines.map(chatLineEl));
    if (atBottom) chatLog.scrollTop = chatLog.scrollHeight;
    chatInput.disabled = closed;
    chatSend.disabled = closed;
    chatInput.placeholder = spectator ? t("chat.spectatorPlaceholder") : t("chat.placeholder");
    fill(
      chatNote,
      closed
        ? h("p", { class: "chat-closed", "data-testid": "chat-closed" }, t("chat.closed"))
        : spectator
          ? h("p", { class: "chat-hint" }, t("chat.spectatorNote"))
          : null,
    );
  }

  // ---- Leave, resign -----------------------------------------------------------------

  function renderActions(s) {
    const state = s.state;
    const me = mySeat(state);
    const out = [];
    const match = state.match;
    if (me !== null && match && !match.over) {
      out.push(
        h(
          "button",
          {
            type: "button",
            class: "btn btn-ghost",
            "data-testid": "resign-button",
            onclick: () => {
              if (window.confirm(t("table.resignConfirm"))) act.send({ type: "resign" });
            },
          },
          t("table.resign"),
        ),
      );
    }
    out.push(h("button", { type: "button", class: "btn btn-ghost", "data-testid": "leave-button", onclick: () => act.leave() }, t("table.leave")));
    fill(actions, out);
  }

  // ---- End of a hand -----------------------------------------------------------------

  function renderSummary(s) {
    const state = s.state;
    const sum = handSummary(state);
    if (!sum) {
      summaryShown = false;
      fill(summaryHost);
      return;
    }
    const room = state.room;
    const n = room.rules.players;
    if (s.summaryHidden) {
      fill(
        overlay,
        h("button", { type: "button", class: "btn btn-primary summary-show", "data-testid": "summary-show", onclick: () => act.showSummary(true) }, t("summary.show")),
      );
      return;
    }
    const team = n === 4;
    let result;
    if (sum.draw) result = t("summary.draw");
    else if (sum.mine) result = team ? t("summary.winsYourTeam") : t("summary.winsYou");
    else result = t("summary.wins", { side: sideLabel(sum.winner, room, n) });
    const sides = [...Array(sideCount(n)).keys()];
    const body = [
      h("h2", {}, t("summary.title")),
      sum.resigned !== null ? h("p", { class: "summary-resigned" }, t("summary.resigned", { name: seatName(room, sum.resigned) })) : null,
      h("p", { class: `summary-result${sum.mine ? " mine" : ""}`, "data-testid": "summary-result", "data-result": sum.draw ? "draw" : String(sum.winner) }, result),
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
              h("th", {}, sideLabel(side, room, n), team ? h("small", {}, ` (${seatsOfSide(side, 4).map((seat) => seatName(room, seat)).join(", ")})`) : null),
              h("td", { class: "points" }, String(sum.points[side] ?? "–")),
              h("td", {}, String(state.match.hand.taken[side] ?? 0)),
            ),
          ),
        ),
      ),
    ];
    if (state.match.best_of > 1 || sum.matchOver) {
      body.push(
        h(
          "p",
          { class: "summary-match", "data-testid": "summary-match" },
          `${t("summary.match")}: `,
          sides.map((side, i) => [i ? " – " : "", h("strong", { class: `side-${side}` }, `${sideLabel(side, room, n)} ${sum.wins[side] ?? 0}`)]),
        ),
      );
    }
    if (sum.handId) body.push(h("p", { class: "summary-replay" }, replayLink(sum.handId, t("summary.replay"), "replay-link")));
    const records = state.records || [];
    if (state.match.best_of > 1 && records.length) {
      body.push(
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
    const me = mySeat(state);
    if (sum.matchOver) {
      const mine = sum.mySide !== null && sum.winners.includes(sum.mySide);
      const names = sum.winners.map((side) => sideLabel(side, room, n)).join(", ");
      body.push(
        h(
          "p",
          { class: `match-result${mine ? " mine" : ""}`, "data-testid": "match-result" },
          mine ? t(team ? "summary.matchWinnerYourTeam" : "summary.matchWinnerYou") : t("summary.matchWinner", { side: names }),
        ),
      );
      if (room.rules.rated) body.push(ratingChanges(room));
      if (me !== null) {
        body.push(h("button", { type: "button", class: "btn btn-primary", "data-testid": "play-again", onclick: () => act.send({ type: "play_again" }) }, t("summary.playAgain")));
      }
    } else if (me !== null && room.status === "between_hands") {
      body.push(h("p", { class: "summary-next" }, t("summary.next")), readyButton(s));
    }
    body.push(
      h(
        "details",
        { class: "fairplay", open: true },
        h("summary", {}, t("summary.record")),
        h("dl", {}, h("dt", {}, t("summary.seed")), h("dd", { "data-testid": "summary-seed" }, sum.seed || "–"), h("dt", {}, t("summary.commitment")), h("dd", { "data-testid": "summary-commitment" }, sum.commitment || "–")),
        sum.handId
          ? h("a", { href: `/api/hands/${encodeURIComponent(sum.handId)}`, target: "_blank", rel: "noopener", "data-testid": "record-link" }, `/api/hands/${sum.handId}`)
          : null,
      ),
      h("button", { type: "button", class: "btn btn-ghost", "data-testid": "summary-close", onclick: () => act.showSummary(false) }, t("summary.close")),
    );
    const enter = !summaryShown;
    summaryShown = true;
    fill(summaryHost, h("div", { class: `overlay${enter ? " enter" : ""}` }, h("div", { class: "dialog summary", "data-testid": "summary", role: "dialog", "aria-modal": "false" }, body)));
  }

  /** Each seat's rating after a rated match and how far it moved (once the server says). */
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
            h("td", { class: "points" }, ratingText(info.rating)),
            h("td", { class: `points rating-change ${changeClass(change)}` }, moved ? changeText(change) : "…"),
          );
        }),
      ),
    );
  }

  // ---- Clocks and keys ---------------------------------------------------------------

  function tickClocks(s) {
    const el = felt.querySelector("[data-clock]");
    if (!el || !s.state || !s.state.clock) return;
    const left = clockLeft(s.state.clock, s.stateAt, performance.now());
    el.textContent = formatClock(left);
    el.classList.toggle("low", left <= 5000);
    // The accessible label says whose clock and the seconds left, changed only when the
    // whole second does (the text above moves every tick; the label must not chatter).
    const secs = String(Math.max(0, Math.ceil(left / 1000)));
    if (el.dataset.secs !== secs) {
      el.dataset.secs = secs;
      el.setAttribute("aria-label", t("table.clockLabel", { name: el.dataset.name || "", n: secs }));
    }
  }

  function focusCard(i) {
    const buttons = felt.querySelectorAll('[data-testid="hand"] [data-testid="card"]');
    if (!buttons.length) return;
    const index = Math.max(0, Math.min(buttons.length - 1, i));
    selected = index;
    buttons[index].focus({ preventScroll: true });
  }

  function handleKey(event) {
    const target = event.target;
    const tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const hand = store.get().state?.match?.hand;
    if (!hand || hand.seat === null || hand.over) return;
    const count = hand.hand.length;
    if (/^[1-9]$/.test(event.key)) {
      const i = Number(event.key) - 1;
      if (i < count) {
        event.preventDefault();
        selected = i;
        playCard(hand.hand[i]);
      }
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const step = event.key === "ArrowLeft" ? -1 : 1;
      focusCard((selected + step + count) % count);
    } else if (event.key === "Enter" && !["BUTTON", "A", "SUMMARY"].includes(tag)) {
      if (felt.querySelector('[data-testid="hand"]')) {
        event.preventDefault();
        playCard(hand.hand[selected]);
      }
    }
  }

  return {
    update,
    destroy() {
      document.removeEventListener("keydown", onKey);
      clearInterval(ticker);
      clearTimeout(holdTimer);
      clearTimeout(noticeTimer);
    },
    chatInput,
  };
}

