// Briscola Scoperta: the classic two-player game with both hands face up for everyone, and
// the stock shown as the table chose (docs/RULES.md). Its pieces are the classic ones (the
// stock, the face-up trump, the swap of the 7), the opponent's hand drawn open (the seats
// draw it from `public`, at a size to read), and the stock's shown cards in a row, top first.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { faceCard } from "../table/pieces.js";
import { mountClassic } from "./classic.js";

/** Scoperta's hooks for a table page (see games/index.js). */
export function mountScoperta(ctx) {
  const classic = mountClassic(ctx);

  /** The stock's cards the table shows, top first: all of them, or the next one to be drawn. */
  function stockRow(hand) {
    const shown = hand.stock_cards || [];
    if (!shown.length) return null;
    const rules = ctx.store.get().state.room.rules;
    const label = rules.stock === "top" ? t("scoperta.next") : t("scoperta.stock", { n: shown.length });
    return h(
      "div",
      { class: `stock-row stock-${rules.stock || "all"}`, "data-testid": "stock-cards", "data-count": String(shown.length), role: "group", "aria-label": label },
      h("span", { class: "stock-row-label" }, label),
      h(
        "div",
        { class: "stock-row-cards" },
        shown.map((code, i) => faceCard(code, ctx.prefs, { class: `card face stock-card${i === 0 ? " next" : ""}`, "data-testid": "stock-card", "data-order": String(i) })),
      ),
    );
  }

  return {
    ...classic,
    openHands: true,
    feltPieces(s) {
      const hand = s.state.match && s.state.match.hand;
      return hand ? [classic.feltPieces(s), stockRow(hand)] : null;
    },
  };
}
