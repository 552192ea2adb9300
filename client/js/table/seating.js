// Filling the seats before a match, and readiness: the waiting message in the middle of the
// felt, the host's bot level, the controls on each seat (sit here, add or remove a bot,
// move a player) and the ready button (also in the summary between hands).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { BOT_LEVELS } from "../playnow.js";
import { mySeat, seatInfo, statusOf } from "../state.js";
import { seatName } from "./pieces.js";

export function createSeating({ act, prefs }) {
  let botLevel = prefs.botLevel; // the level the host's next bot gets (the last one chosen)

  /** The middle of the felt while no hand is dealt. */
  function waitingCenter(s) {
    const state = s.state;
    const room = state.room;
    const me = mySeat(state);
    const out = [h("p", { class: "felt-message" }, t(statusOf(state, (seat) => seatName(room, seat)).key, { n: room.free_seats }))];
    if (state.you && state.you.host && !room.rules.rated) {
      out.push(h("p", { class: "host-note" }, t("host.note")));
      const select = h(
        "select",
        {
          "data-testid": "bot-level",
          onchange: (event) => {
            botLevel = event.target.value;
            act.setBotLevel(botLevel);
          },
        },
        BOT_LEVELS.map((level) => h("option", { value: level, selected: level === botLevel }, t(`level.${level}`))),
      );
      out.push(h("label", { class: "field bot-level" }, h("span", { class: "field-label" }, t("host.botLevel")), select));
    }
    if (me !== null) out.push(readyButton(s));
    return out;
  }

  /** Host and newcomer controls on a seat before the match starts. */
  function seatControls(s, info) {
    const state = s.state;
    if (state.match) return null;
    const room = state.room;
    const me = mySeat(state);
    const seat = info.seat;
    const out = [];
    if (!info.kind && me === null && room.status === "waiting") {
      out.push(h("button", { type: "button", class: "btn btn-small", "data-testid": `sit-seat-${seat}`, onclick: () => act.sit({ seat }) }, t("table.sitHere")));
    }
    if (state.you && state.you.host) {
      // A rated table seats account holders only: no bots to add.
      if (!info.kind && !room.rules.rated) {
        out.push(h("button", { type: "button", class: "btn btn-small", "data-testid": `add-bot-${seat}`, onclick: () => act.send({ type: "add_bot", seat, level: botLevel }) }, t("host.addBot")));
      } else {
        if (info.kind === "bot") {
          out.push(
            h("button", { type: "button", class: "btn btn-small", "data-testid": `remove-bot-${seat}`, onclick: () => act.send({ type: "remove_bot", seat }) }, t("host.removeBot")),
          );
        }
        out.push(moveSelect(room, seat));
      }
    }
    return out.length ? h("div", { class: "seat-controls" }, out) : null;
  }

  /** The host moves the player (or the bot) of `seat` to another seat. */
  function moveSelect(room, seat) {
    const options = room.seats.filter((o) => o.seat !== seat).map((o) => h("option", { value: String(o.seat) }, `${t("seat.n", { n: o.seat + 1 })}${o.kind ? ` — ${o.name}` : ""}`));
    return h(
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
    );
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

  return { waitingCenter, seatControls, readyButton };
}
