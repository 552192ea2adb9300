// Small pieces of a table drawn by the table page, the lobby and the replay alike: cards
// that are not in your hand, card backs, seat and side names, the rules, a link to share.

import { cardFace, isCard } from "../cards.js";
import { copyText, h, toast } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { seatInfo } from "../state.js";

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
