// Small pieces of a table drawn by the table page, the lobby and the replay alike: cards
// that are not in your hand, card backs, seat and side names, the rules, a link to share.

import { cardFace, isCard } from "../cards.js";
import { copyText, h, toast } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { ruleChips } from "../rules.js";
import { isPartnership, seatInfo } from "../state.js";

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

/** A link to a finished hand's replay page (/r/{hand}). */
export function replayLink(handId, text, testid) {
  return h("a", { href: `/r/${encodeURIComponent(handId)}`, "data-route": "", class: "replay-link", "data-testid": testid }, text);
}

/** "Team A" at a table of partnerships, else the seat's name. */
export function sideLabel(side, room, players) {
  if (isPartnership(players)) return t(`team.${side}`);
  return seatName(room, side);
}

export function seatName(room, seat) {
  const info = seatInfo(room, seat);
  return (info && info.name) || t("seat.n", { n: seat + 1 });
}

export function rulesChips(rules) {
  return h("ul", { class: "chips", "data-testid": "rules" }, ruleChips(rules).map((chip) => h("li", {}, t(chip.key, chip.params))));
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
