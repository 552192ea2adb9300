// The seat picker: a table page before joining it offers its free seats (or a side, with
// four or six players), any free seat, or watching; or says the table was not found.

import { accountMark } from "../account.js";
import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { isPartnership, seatInfo, seatsOfSide } from "../state.js";

/** Fills `overlay` with the picker while the page is not at the table. */
export function mountPicker(overlay, { act }) {
  // The picker is drawn again only when what it shows changes, and its name field is kept
  // across redraws: the preview is polled every few seconds, and a field rebuilt under the
  // player's fingers would lose what they were typing.
  let shown = null; // {key, dialog, choices} while the picker is drawn

  function update(s) {
    const key = JSON.stringify([s.notFound, s.preview]);
    if (shown && shown.key === key && overlay.contains(shown.dialog)) return;
    const room = s.preview;
    if (s.notFound || !room) shown = null;
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
    if (!shown || !overlay.contains(shown.dialog)) {
      const choices = h("div", { class: "picker-choices" });
      const rated = room.rules.rated ? h("p", { class: "picker-rated", "data-testid": "picker-rated-note" }, t("picker.ratedNote")) : null;
      const dialog = h("div", { class: "picker dialog", "data-testid": "seat-picker" }, h("h2", {}, t("picker.title")), rated, act.nameField(), choices);
      fill(overlay, dialog);
      shown = { dialog, choices };
    }
    shown.key = key;
    fill(shown.choices, choices(room));
  }

  function choices(room) {
    const body = [];
    if (room.status === "waiting" && room.free_seats > 0) {
      if (isPartnership(room.rules.players)) body.push(sides(room));
      body.push(seats(room), h("button", { type: "button", class: "btn btn-primary", "data-testid": "sit-button", onclick: () => act.sit({}) }, t("picker.sitAny")));
    } else {
      body.push(h("p", { class: "picker-note" }, room.status === "waiting" ? t("lobby.full") : t("picker.started")));
    }
    body.push(h("button", { type: "button", class: "btn", "data-testid": "watch-button", onclick: () => act.watch() }, t("picker.watch")));
    return body;
  }

  /** Four or six players: sit in a partnership, at whichever of its seats is free. */
  function sides(room) {
    return h(
      "div",
      { class: "picker-sides" },
      [0, 1].map((sideIdx) => {
        const seats = seatsOfSide(sideIdx, room.rules.players);
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
          h("strong", {}, t("team.seats", { team: t(`team.${sideIdx}`), seats: seats.map((seat) => seat + 1).join("+") })),
          h("span", { class: "side-names" }, names),
        );
      }),
    );
  }

  function seats(room) {
    return h(
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
            : h("button", { type: "button", class: "btn btn-small", "data-testid": `sit-seat-${info.seat}`, onclick: () => act.sit({ seat: info.seat }) }, t("picker.sitSeat")),
        ),
      ),
    );
  }

  return { update };
}
