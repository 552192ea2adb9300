// After a match, the rematch: "Play again" is your yes, and each seat shows where it
// stands — said yes (a bot at once), still to say, or gone from the table. A person gone
// frees nothing: the server keeps their seat, and starts the new match, the same people
// and bots in the same seats, when the last person says yes (docs/PROTOCOL.md, play_again).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { mySeat, seatInfo } from "../state.js";
import { seatName } from "./pieces.js";

/** Where a seat stands in the rematch: "yes", "waiting" (to say it) or "gone". */
export function rematchStand(info) {
  if (info.kind === "bot" || info.ready) return "yes";
  return info.connected ? "waiting" : "gone";
}

/** The rematch in the summary of a finished match: each seat's answer, and your button. */
export function rematchPanel(s, { act }) {
  const room = s.state.room;
  const me = mySeat(s.state);
  const rows = room.seats.map((info) => {
    const stand = rematchStand(info);
    return h(
      "li",
      { class: `rematch-seat side-${info.side} rematch-${stand}`, "data-testid": `rematch-${info.seat}`, "data-state": stand },
      h("span", { class: "rematch-name" }, seatName(room, info.seat)),
      h("span", { class: "rematch-word" }, t(`rematch.${stand}`)),
    );
  });
  const mine = seatInfo(room, me);
  const asked = Boolean(mine && mine.ready);
  const button =
    me === null
      ? null
      : h(
          "button",
          { type: "button", class: "btn btn-primary", "data-testid": "play-again", "data-asked": String(asked), disabled: asked, onclick: () => act.send({ type: "play_again" }) },
          t(asked ? "rematch.asked" : "summary.playAgain"),
        );
  return h(
    "div",
    { class: "rematch", "data-testid": "rematch" },
    h("p", { class: "rematch-title" }, t("rematch.title")),
    h("ul", { class: "rematch-seats" }, rows),
    button,
  );
}
