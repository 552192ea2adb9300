// Card drawing: every face is an SVG string made here, no external images.
// Card codes (docs/RULES.md): rank then suit, ranks A 2 3 4 5 6 7 J N K, suits D C S B.
// Two packs: "italian" (coins, cups, swords, clubs) and "french" (diamonds, hearts,
// spades, clubs; the Knight is shown as the Queen). Card backs are drawn by CSS and
// never carry a card code.

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "N", "K"];
export const SUITS = ["D", "C", "S", "B"];
export const DECKS = ["italian", "french"];

const CODE_RE = /^[A2-7JNK][DCSB]$/;

/** True when `code` is a well-formed card code. */
export function isCard(code) {
  return typeof code === "string" && CODE_RE.test(code);
}

export function rankOf(code) {
  return code[0];
}

export function suitOf(code) {
  return code[1];
}

const POINTS = { A: 11, 3: 10, K: 4, N: 3, J: 2 };
const STRENGTH = "24567JNK3A";

/** Points of a card (Ace 11, Three 10, King 4, Knight 3, Jack 2, others 0). */
export function cardPoints(code) {
  return POINTS[rankOf(code)] || 0;
}

/** Strength within a suit: 0 (the Two) … 9 (the Ace). */
export function cardStrength(code) {
  return STRENGTH.indexOf(rankOf(code));
}

/** A stable display order for a hand: by suit, then by strength, strongest first. */
export function sortHand(cards, trump) {
  const suitKey = (c) => (suitOf(c) === trump ? -1 : SUITS.indexOf(suitOf(c)));
  return [...cards].sort(
    (a, b) => suitKey(a) - suitKey(b) || cardStrength(b) - cardStrength(a),
  );
}

// ---- Suit symbols, each drawn in a 100 x 100 box --------------------------------

const GOLD = "#e2b33c";
const GOLD_DARK = "#9a6a12";

const ITALIAN_SYMBOLS = {
  // Coins (denari): a gold coin with a rosette.
  D:
    `<circle cx="50" cy="50" r="44" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="5"/>` +
    `<circle cx="50" cy="50" r="31" fill="#f4d675" stroke="${GOLD_DARK}" stroke-width="3"/>` +
    `<path d="M50 22 L57 43 L78 50 L57 57 L50 78 L43 57 L22 50 L43 43 Z" fill="#c2452d" stroke="${GOLD_DARK}" stroke-width="2"/>` +
    `<circle cx="50" cy="50" r="7" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2"/>`,
  // Cups (coppe): a red goblet with a gold rim, stem and foot.
  C:
    `<path d="M16 14 L84 14 C84 46 68 60 50 60 C32 60 16 46 16 14 Z" fill="#c0392b" stroke="#6e1a12" stroke-width="4"/>` +
    `<ellipse cx="50" cy="14" rx="34" ry="6" fill="${GOLD}" stroke="#6e1a12" stroke-width="3"/>` +
    `<path d="M28 30 C32 44 40 50 48 52" fill="none" stroke="#e8857a" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="45" y="59" width="10" height="22" fill="${GOLD}" stroke="#6e1a12" stroke-width="3"/>` +
    `<ellipse cx="50" cy="69" rx="10" ry="5" fill="${GOLD}" stroke="#6e1a12" stroke-width="3"/>` +
    `<path d="M26 94 C30 84 42 80 50 80 C58 80 70 84 74 94 Z" fill="${GOLD}" stroke="#6e1a12" stroke-width="3"/>`,
  // Swords (spade): an upright blue-steel sword with a gold guard.
  S:
    `<path d="M50 2 L58 15 L58 66 L42 66 L42 15 Z" fill="#a9c1d9" stroke="#1f3f63" stroke-width="4" stroke-linejoin="round"/>` +
    `<line x1="50" y1="14" x2="50" y2="62" stroke="#1f3f63" stroke-width="3"/>` +
    `<rect x="22" y="64" width="56" height="9" rx="4" fill="${GOLD}" stroke="#1f3f63" stroke-width="3"/>` +
    `<rect x="44" y="73" width="12" height="16" fill="#2c5d8f" stroke="#1f3f63" stroke-width="3"/>` +
    `<circle cx="50" cy="92" r="7" fill="${GOLD}" stroke="#1f3f63" stroke-width="3"/>`,
  // Clubs (bastoni): a knobbly wooden cudgel with two leaves, leaning.
  B:
    `<g transform="rotate(22 50 50)">` +
    `<path d="M44 97 C42 80 37 60 32 40 C28 22 36 6 50 5 C64 6 72 22 68 40 C63 60 58 80 56 97 Z" fill="#b97a3a" stroke="#4f2a0b" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M47 88 C45 70 42 52 40 36" fill="none" stroke="#dca46a" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="31" cy="47" r="7" fill="#8b5523" stroke="#4f2a0b" stroke-width="3"/>` +
    `<circle cx="66" cy="58" r="6" fill="#8b5523" stroke="#4f2a0b" stroke-width="3"/>` +
    `<circle cx="41" cy="74" r="5" fill="#8b5523" stroke="#4f2a0b" stroke-width="3"/>` +
    `<ellipse cx="27" cy="20" rx="12" ry="6" transform="rotate(35 27 20)" fill="#3f8f3a" stroke="#1f4f1c" stroke-width="2.5"/>` +
    `<ellipse cx="74" cy="22" rx="12" ry="6" transform="rotate(-35 74 22)" fill="#3f8f3a" stroke="#1f4f1c" stroke-width="2.5"/>` +
    `</g>`,
};

const FRENCH_SYMBOLS = {
  // Diamonds, hearts, spades, clubs: the French pack mapping of coins, cups, swords, clubs.
  D: `<path d="M50 4 L86 50 L50 96 L14 50 Z" fill="#d0312d"/>`,
  C: `<path d="M50 90 C22 68 4 50 12 28 C20 8 44 8 50 28 C56 8 80 8 88 28 C96 50 78 68 50 90 Z" fill="#d0312d"/>`,
  S:
    `<path d="M50 4 C36 28 8 42 10 64 C12 82 36 86 46 70 C45 82 40 90 32 96 L68 96 C60 90 55 82 54 70 C64 86 88 82 90 64 C92 42 64 28 50 4 Z" fill="#1b1b1b"/>`,
  B:
    `<circle cx="50" cy="28" r="19" fill="#1b1b1b"/><circle cx="28" cy="60" r="19" fill="#1b1b1b"/>` +
    `<circle cx="72" cy="60" r="19" fill="#1b1b1b"/>` +
    `<path d="M46 50 C46 74 42 86 32 96 L68 96 C58 86 54 74 54 50 Z" fill="#1b1b1b"/>`,
};

const INK = {
  italian: { D: "#93620a", C: "#b0281c", S: "#1f4f86", B: "#2d6a2a" },
  french: { D: "#c62828", C: "#c62828", S: "#1b1b1b", B: "#1b1b1b" },
};

/** The SVG markup of a suit symbol in a 100 x 100 box (for inline use in texts). */
export function suitSymbol(suit, deck = "italian") {
  return (deck === "french" ? FRENCH_SYMBOLS : ITALIAN_SYMBOLS)[suit] || "";
}

/** A small standalone SVG of a suit (e.g. the trump indicator). */
export function suitIcon(suit, deck = "italian", cls = "suit-icon") {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${suitSymbol(suit, deck)}</svg>`;
}

/** The letter printed in the corner of a card, by pack and language. */
export function rankLabel(rank, deck = "italian", lang = "en") {
  if (deck === "french") return { J: "J", N: "Q", K: "K" }[rank] || rank;
  if (lang === "it") return { J: "F", N: "C", K: "R" }[rank] || rank;
  return { N: "Kn" }[rank] || rank;
}

// ---- Layout of the pips for the number cards (card box 100 x 150) ---------------

const PIPS = {
  2: [[50, 44], [50, 106]],
  3: [[50, 36], [50, 75], [50, 114]],
  4: [[32, 44], [68, 44], [32, 106], [68, 106]],
  5: [[32, 42], [68, 42], [50, 75], [32, 108], [68, 108]],
  6: [[32, 40], [68, 40], [32, 75], [68, 75], [32, 110], [68, 110]],
  7: [[32, 38], [68, 38], [50, 56], [32, 75], [68, 75], [32, 112], [68, 112]],
};

function place(symbol, x, y, size) {
  const s = size / 100;
  const tx = x - size / 2;
  const ty = y - size / 2;
  return `<g transform="translate(${tx} ${ty}) scale(${s})">${symbol}</g>`;
}

// ---- Court cards: a simple bust in a frame, with the suit held below -------------

function figure(rank, suit, deck, ink) {
  const robe = ink;
  const skin = "#f3d2b0";
  const head = `<circle cx="50" cy="52" r="11" fill="${skin}" stroke="#5a3b22" stroke-width="1.5"/>`;
  const body =
    `<path d="M28 96 C28 76 38 66 50 66 C62 66 72 76 72 96 Z" fill="${robe}" stroke="#2b2b2b" stroke-width="1.5"/>` +
    `<path d="M44 67 L50 80 L56 67" fill="none" stroke="${GOLD}" stroke-width="3"/>`;
  let hat = "";
  if (rank === "K") {
    hat = `<path d="M37 44 L37 30 L43 37 L50 26 L57 37 L63 30 L63 44 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/>`;
  } else if (rank === "J") {
    hat =
      `<path d="M37 47 C37 35 63 35 63 47 Z" fill="${robe}" stroke="#2b2b2b" stroke-width="1.5"/>` +
      `<path d="M58 40 C66 30 72 28 76 26" fill="none" stroke="#c0392b" stroke-width="3" stroke-linecap="round"/>`;
  } else if (deck === "french") {
    // The Queen: a small tiara and long hair.
    hat =
      `<path d="M38 52 C36 70 42 74 44 74 L56 74 C58 74 64 70 62 52 C62 40 38 40 38 52 Z" fill="#7a4a1e"/>` +
      `<path d="M41 42 L44 34 L47 40 L50 31 L53 40 L56 34 L59 42 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1"/>`;
  } else {
    // The Knight: a horse's head beside the rider.
    hat =
      `<path d="M37 46 C37 36 63 36 63 46 Z" fill="#6d6d6d" stroke="#2b2b2b" stroke-width="1.5"/>` +
      `<path d="M66 96 L66 70 C60 66 60 58 66 52 L80 44 C84 48 84 52 80 56 L76 60 C80 70 82 84 80 96 Z" fill="#8a5a32" stroke="#3b2412" stroke-width="1.5"/>` +
      `<circle cx="75" cy="50" r="1.6" fill="#1b1b1b"/>`;
  }
  const face = rank === "N" && deck === "french" ? hat + head : head + hat;
  return (
    `<rect x="24" y="22" width="52" height="106" rx="5" fill="#f7ecd4" stroke="${ink}" stroke-width="2"/>` +
    `<g transform="translate(10 14) scale(0.8)">${body}${face}</g>` +
    place(suitSymbol(suit, deck), 50, 112, 20)
  );
}

/**
 * The SVG markup of a card's face. `code` must be a card code; anything else gives "".
 * Options: deck ("italian" | "french"), lang ("en" | "it").
 */
export function cardFace(code, { deck = "italian", lang = "en" } = {}) {
  if (!isCard(code)) return "";
  const rank = rankOf(code);
  const suit = suitOf(code);
  const ink = INK[deck === "french" ? "french" : "italian"][suit];
  const symbol = suitSymbol(suit, deck);
  const label = rankLabel(rank, deck, lang);
  const fontSize = label.length > 1 ? 13 : 19;
  const corner =
    `<text x="10" y="21" font-size="${fontSize}" font-weight="700" fill="${ink}" ` +
    `font-family="Georgia, 'Times New Roman', serif">${label}</text>` +
    place(symbol, 15.5, 32, 11);
  let middle;
  if (rank === "A") {
    middle = place(symbol, 50, 75, 58);
  } else if (PIPS[rank]) {
    const size = Number(rank) >= 6 ? 22 : 25;
    middle = PIPS[rank].map(([x, y]) => place(symbol, x, y, size)).join("");
  } else {
    middle = figure(rank, suit, deck, ink);
  }
  return (
    `<svg class="card-svg" viewBox="0 0 100 150" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="98" height="148" rx="8" fill="#fffdf6" stroke="#8c8578" stroke-width="1.5"/>` +
    middle +
    corner +
    `<g transform="rotate(180 50 75)">${corner}</g>` +
    `</svg>`
  );
}
