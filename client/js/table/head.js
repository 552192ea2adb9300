// The head of the table page: the table's name, its rules, the status line (whose turn it
// is, in a word) and the link to share, which moves beside the chat once seats are filled.

import { fill, h } from "../dom.js";
import { t, tableName } from "../i18n.js";
import { statusOf } from "../state.js";
import { rulesChips, seatName, shareField } from "./pieces.js";
import { takesText } from "./trick.js";

/** Fills `root` (the head) and `shareHost` (in the side panel); `held()` is the finished
 * trick still shown on the felt, if any: until it goes, the status says who took it, not
 * whose turn it is (the next card led is not drawn yet). */
export function mountHead(root, { shareHost, held }) {
  function update(s) {
    const room = (s.state && s.state.room) || s.preview;
    if (!room) {
      fill(root, h("h1", { class: "table-name" }, t("picker.loading")));
      return;
    }
    // Adjourned: no person is connected, nothing moves until one comes back.
    const adjourned = room.status === "adjourned";
    const status = adjourned ? { key: "status.adjourned", params: {} } : statusOf(s.state, (seat) => seatName(room, seat));
    const taken = s.joined && s.state && !adjourned ? held() : null;
    const myTurn = !taken && Boolean(status.mine);
    const parts = [
      h("div", { class: "table-title" }, h("h1", { class: "table-name" }, tableName(room)), rulesChips(room.rules)),
      h(
        "div",
        { class: `status${myTurn ? " status-mine" : ""}${adjourned ? " status-adjourned" : ""}`, "data-testid": "status", "data-status": room.status, role: "status" },
        taken ? takesText(s.state, taken.winner) : s.joined ? t(status.key, status.params) : t(`room.status.${room.status}`),
      ),
    ];
    // The link to share: up front while seats are being filled, beside the chat after.
    const waiting = room.status === "waiting" || !s.joined;
    if (waiting) parts.push(shareBox(room.id));
    fill(root, parts);
    fill(shareHost, waiting ? null : shareBox(room.id));
  }

  return { update };
}

function shareBox(roomId) {
  return shareField(`${location.origin}/t/${encodeURIComponent(roomId)}`, t("share.label"), { link: "share-link", copy: "copy-link" });
}
