// A table's rules (docs/PROTOCOL.md, TableRules): what the create form may combine and sends,
// and the rules in short words (the chips of the lobby and the table's head). Pure: words
// are i18n keys with their parameters.

export const PLAYER_CHOICES = [2, 3, 4, 5, 6];
export const GAMES = ["classic", "scoperta", "chiamata"];
/** Briscola Chiamata: five players, its auction, and a match of 5 or 10 counted deals. */
export const CHIAMATA_PLAYERS = 5;
export const AUCTIONS = ["rank", "points"];
export const CHIAMATA_DEALS = [5, 10];
export const STOCK_SHOWN = ["all", "top", "none"];
export const PARTNER_COMM = ["none", "signals", "open"];
export const CATCH_CHANCES = [0, 0.25, 0.5, 1];
export const DEFAULT_CATCH = 0.25;
/** An open table's least number of counted deals. */
export const MIN_DEALS = 5;

/** True when a table of `players` may choose the partnership house rules. */
const partnerships = (players) => players === 4 || players === 6;

/** The number of deals an open table plays: as chosen, else one for each seat (at least 5). */
export function dealsOf(rules) {
  return rules.deals || Math.max(MIN_DEALS, rules.players);
}

/**
 * What the create form shows and sends, from what is chosen in it (`choices`: its values,
 * numbers as numbers): {rules, shown}. Scoperta is for two players; the stock option is
 * Scoperta's; partner talk is for four or six, its catch chance for signals and open
 * tables; an open table plays a number of deals (at least 5, 0 for the default) instead of
 * a best of. Briscola Chiamata is for five, with its own options (the auction, calling
 * yourself, cappotto, 5 or 10 deals) and none of the others' (no swap, no best of). `shown`
 * says which of the form's optional fields apply, and `players` the player counts the game
 * allows.
 */
export function formShape(choices) {
  const game = GAMES.includes(choices.game) ? choices.game : "classic";
  if (game === "chiamata") return chiamataShape(choices);
  const scoperta = game === "scoperta";
  const trickAndDraw = PLAYER_CHOICES.filter((n) => n !== CHIAMATA_PLAYERS);
  const players = scoperta ? 2 : trickAndDraw.includes(choices.players) ? choices.players : 4;
  const comm = partnerships(players) && PARTNER_COMM.includes(choices.partner_comm) ? choices.partner_comm : "none";
  const open = comm === "open";
  const rules = {
    players,
    swap_seven: Boolean(choices.swap_seven),
    best_of: open ? 1 : [1, 3, 5].includes(choices.best_of) ? choices.best_of : 1,
    clock: clockOf(choices),
    private: Boolean(choices.private),
  };
  if (scoperta) {
    rules.game = game;
    rules.stock = STOCK_SHOWN.includes(choices.stock) ? choices.stock : "all";
  }
  if (comm !== "none") {
    rules.partner_comm = comm;
    rules.signal_catch = CATCH_CHANCES.includes(choices.signal_catch) ? choices.signal_catch : DEFAULT_CATCH;
  }
  const deals = Math.round(Number(choices.deals)) || 0;
  if (open && deals) rules.deals = Math.max(MIN_DEALS, Math.min(20, deals));
  return {
    rules: withCommon(rules, choices),
    players: scoperta ? [2] : trickAndDraw,
    shown: { stock: scoperta, partnerComm: partnerships(players), signalCatch: comm !== "none", deals: open, bestOf: !open, swap: true, chiamata: false },
  };
}

/** Briscola Chiamata's rules: five players, the auction, calling yourself, cappotto, the deals. */
function chiamataShape(choices) {
  const rules = {
    game: "chiamata",
    players: CHIAMATA_PLAYERS,
    auction: AUCTIONS.includes(choices.auction) ? choices.auction : "rank",
    self_call: choices.self_call !== false,
    cappotto: choices.cappotto !== false,
    deals: CHIAMATA_DEALS.includes(choices.chiamata_deals) ? choices.chiamata_deals : CHIAMATA_DEALS[0],
    clock: clockOf(choices),
    private: Boolean(choices.private),
  };
  return {
    rules: withCommon(rules, choices),
    players: [CHIAMATA_PLAYERS],
    shown: { stock: false, partnerComm: false, signalCatch: false, deals: false, bestOf: false, swap: false, chiamata: true },
  };
}

/** The move clock asked for, within 1 and 600 seconds (30 when not a number). */
const clockOf = (choices) => Math.max(1, Math.min(600, Math.round(Number(choices.clock)) || 30));

/** The deadlines a move may have at a table at its own pace, offered beside the live
 * clock (seconds; 0: a live table). */
export const PACES = [0, 3600, 86400, 259200, 604800];

/** Every table's last options: its pace, rated, and a name when one is given. */
function withCommon(rules, choices) {
  const deadline = Number(choices.deadline) || 0;
  if (PACES.includes(deadline) && deadline > 0) rules.deadline = deadline;
  if (choices.rated) rules.rated = true;
  const name = String(choices.name || "").trim().slice(0, 40);
  if (name) rules.name = name;
  return rules;
}

/** The rules in short words: [{key, params}] for i18n, the game and its options first. */
export function ruleChips(rules) {
  const chips = [];
  const chip = (key, params = {}) => chips.push({ key, params });
  if (rules.game === "chiamata") {
    chip("rules.chiamata");
    chip(`rules.auction.${rules.auction || "rank"}`);
    chip(rules.self_call === false ? "rules.noSelfCall" : "rules.selfCall");
    chip(rules.cappotto === false ? "rules.noCappotto" : "rules.cappotto");
    chip("rules.deals", { n: rules.deals || CHIAMATA_DEALS[0] });
    return [...chips, ...everyTable(rules)];
  }
  if (rules.game === "scoperta") {
    chip("rules.scoperta");
    chip(`rules.stock.${rules.stock || "all"}`);
  }
  chip("rules.players", { n: rules.players });
  const comm = rules.partner_comm || "none";
  if (comm !== "none") {
    chip(`rules.comm.${comm}`);
    chip("rules.catch", { n: Math.round((rules.signal_catch ?? DEFAULT_CATCH) * 100) });
  }
  if (comm === "open") chip("rules.deals", { n: dealsOf(rules) });
  else if (rules.best_of > 1) chip("rules.bestOf", { n: rules.best_of });
  else chip("rules.single");
  if (rules.swap_seven) chip("rules.swap");
  return [...chips, ...everyTable(rules)];
}

/** A move's deadline as a chip, in its largest whole unit: {key, params} for i18n. */
export function deadlineChip(seconds) {
  if (seconds % 86400 === 0) return { key: "rules.deadline.d", params: { n: seconds / 86400 } };
  if (seconds % 3600 === 0) return { key: "rules.deadline.h", params: { n: seconds / 3600 } };
  return { key: "rules.deadline.s", params: { n: seconds } };
}

/** The chips every table has: its clock or its deadline, and whether it is private or rated. */
function everyTable(rules) {
  const chips = [rules.deadline ? deadlineChip(rules.deadline) : { key: "rules.clock", params: { n: rules.clock } }];
  if (rules.private) chips.push({ key: "rules.private", params: {} });
  if (rules.rated) chips.push({ key: "rules.rated", params: {} });
  return chips;
}
