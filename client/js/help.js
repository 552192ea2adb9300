// The help: the rules in short (docs/RULES.md in the interface's language) and the cards of
// both packs drawn as the table draws them, strongest first, each with its points. It is the
// "How to play" dialog (the ? button) and the page /help.

import { cardFace, cardPoints, cardStrength, DECKS, RANKS, SUITS, suitIcon } from "./cards.js";
import { fill, h } from "./dom.js";
import { cardName, getLang, suitName, t } from "./i18n.js";

/** The rules' paragraphs, in their order. */
const TOPICS = ["deck", "deal", "tricks", "points", "swap", "games", "signals"];

/** The suit each pack's row of cards is drawn in (any would do: every suit ranks alike). */
const ROW_SUIT = { italian: "D", french: "C" };

/** The ranks from the strongest to the weakest (cards.js's order within a suit). */
export function ranksByStrength() {
  return [...RANKS].sort((a, b) => cardStrength(`${b}D`) - cardStrength(`${a}D`));
}

/** The rules in short, one paragraph a topic. */
export function helpParagraphs() {
  return TOPICS.map((key) => h("p", { "data-testid": `help-${key}` }, t(`help.${key}`)));
}

/** Both packs: each one's suits, and its cards in strength order with their points. */
export function cardsGuide() {
  const lang = getLang();
  return h(
    "section",
    { class: "help-cards", "data-testid": "help-cards" },
    h("h3", {}, t("helpCards.title")),
    h("p", {}, t("helpCards.order")),
    DECKS.map((deck) =>
      h(
        "figure",
        { class: "help-pack", "data-testid": `help-pack-${deck}` },
        h("figcaption", {}, t(`helpCards.${deck}`)),
        h(
          "ul",
          { class: "help-suits" },
          SUITS.map((suit) => h("li", {}, h("span", { class: "help-suit", html: suitIcon(suit, deck) }), suitName(suit, deck))),
        ),
        h(
          "ol",
          { class: "help-ranks" },
          ranksByStrength().map((rank) => {
            const code = `${rank}${ROW_SUIT[deck]}`;
            const points = cardPoints(code);
            return h(
              "li",
              { class: "help-card", "data-testid": "help-card", "data-rank": rank, "data-points": String(points) },
              h("div", { class: "card face", "aria-hidden": "true", html: cardFace(code, { deck, lang }) }),
              h("span", { class: "help-card-name" }, cardName(code, deck)),
              h("strong", { class: "help-card-points" }, t("helpCards.points", { n: points })),
            );
          }),
        ),
      ),
    ),
  );
}

/** The page /help: the same as the dialog, at its own address. */
export function mountHelp(root) {
  fill(root, h("article", { class: "help-page dialog", "data-testid": "help-page" }, h("h1", {}, t("help.title")), helpParagraphs(), cardsGuide()));
  return { update() {}, destroy() {} };
}
