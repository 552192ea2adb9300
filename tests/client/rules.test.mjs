// A table's rules: what the create form combines and sends, and the rules in short words
// (client/js/rules.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { dealsOf, formShape, ruleChips } from "../../client/js/rules.js";

const base = { game: "classic", players: 4, stock: "all", partner_comm: "none", signal_catch: 0.25, deals: 0, best_of: 3, clock: "30", name: "" };

test("a classic table sends the classic rules, without the options of other games", () => {
  const { rules, shown } = formShape(base);
  assert.deepEqual(rules, { players: 4, swap_seven: false, best_of: 3, clock: 30, private: false });
  assert.deepEqual(shown, { stock: false, partnerComm: true, signalCatch: false, deals: false, bestOf: true, swap: true, chiamata: false });
});

test("Scoperta is for two players and shows its stock option", () => {
  const { rules, shown, players } = formShape({ ...base, game: "scoperta", players: 6, stock: "top", partner_comm: "open" });
  assert.equal(rules.players, 2);
  assert.equal(rules.game, "scoperta");
  assert.equal(rules.stock, "top");
  assert.equal(rules.partner_comm, undefined, "no partners at a table of two");
  assert.deepEqual(players, [2]);
  assert.equal(shown.stock, true);
  assert.equal(shown.partnerComm, false);
});

test("partner talk is offered at four and six only, with its catch chance", () => {
  for (const players of [2, 3]) {
    const { rules, shown } = formShape({ ...base, players, partner_comm: "signals" });
    assert.equal(rules.partner_comm, undefined);
    assert.equal(shown.partnerComm, false);
  }
  const { rules, shown } = formShape({ ...base, players: 6, partner_comm: "signals", signal_catch: 0.5 });
  assert.deepEqual([rules.players, rules.partner_comm, rules.signal_catch, rules.best_of], [6, "signals", 0.5, 3]);
  assert.equal(shown.signalCatch, true);
  assert.equal(formShape({ ...base, partner_comm: "signals", signal_catch: 0.3 }).rules.signal_catch, 0.25, "an unknown chance: the default");
});

test("an open table plays a number of deals (at least 5, none sent for the default), never a best of", () => {
  const open = { ...base, partner_comm: "open" };
  assert.deepEqual(formShape(open).shown, { stock: false, partnerComm: true, signalCatch: true, deals: true, bestOf: false, swap: true, chiamata: false });
  assert.equal(formShape(open).rules.best_of, 1);
  assert.equal(formShape(open).rules.deals, undefined);
  assert.equal(formShape({ ...open, deals: 7 }).rules.deals, 7);
  assert.equal(formShape({ ...open, deals: 3 }).rules.deals, 5);
  assert.equal(formShape({ ...base, deals: 7 }).rules.deals, undefined, "deals are for open tables");
});

test("five players only play Chiamata; the clock is kept within 1 and 600 seconds", () => {
  assert.equal(formShape({ ...base, players: 5 }).rules.players, 4);
  assert.equal(formShape(base).players.includes(5), false);
  assert.equal(formShape({ ...base, clock: "9999" }).rules.clock, 600);
  assert.equal(formShape({ ...base, clock: "" }).rules.clock, 30);
  assert.equal(formShape({ ...base, name: "  Da Gino  ", rated: true }).rules.name, "Da Gino");
  assert.equal(formShape({ ...base, rated: true }).rules.rated, true);
});

test("every game may be rated", () => {
  const rated = (choices) => formShape({ ...base, rated: true, ...choices });
  for (const players of [2, 3, 4, 6]) assert.equal(rated({ players }).rules.rated, true);
  for (const choices of [{ game: "scoperta" }, { players: 4, partner_comm: "open" }, { game: "chiamata" }]) {
    assert.equal(rated(choices).rules.rated, true, JSON.stringify(choices));
  }
  assert.equal(formShape({ ...base }).rules.rated, undefined);
});

const chiamata = { ...base, game: "chiamata", auction: "rank", self_call: true, cappotto: true, chiamata_deals: 5, swap_seven: true, best_of: 3, partner_comm: "open" };

test("Briscola Chiamata sends five players and its own options, none of the trick-and-draw games'", () => {
  const { rules, shown, players } = formShape(chiamata);
  assert.deepEqual(rules, { game: "chiamata", players: 5, auction: "rank", self_call: true, cappotto: true, deals: 5, clock: 30, private: false });
  assert.deepEqual(players, [5]);
  assert.deepEqual(shown, { stock: false, partnerComm: false, signalCatch: false, deals: false, bestOf: false, swap: false, chiamata: true });
  const chosen = formShape({ ...chiamata, auction: "points", self_call: false, cappotto: false, chiamata_deals: 10, players: 2, rated: true, name: " Cinque " }).rules;
  assert.deepEqual(chosen, { game: "chiamata", players: 5, auction: "points", self_call: false, cappotto: false, deals: 10, clock: 30, private: false, rated: true, name: "Cinque" });
  const odd = formShape({ ...chiamata, auction: "suit", chiamata_deals: 7 }).rules;
  assert.deepEqual([odd.auction, odd.deals], ["rank", 5], "an unknown auction or deal count: the defaults");
});

test("a Chiamata table's chips: the game, its auction, calling yourself, cappotto, its deals", () => {
  const chips = ruleChips({ game: "chiamata", players: 5, auction: "points", self_call: false, cappotto: true, deals: 10, best_of: 1, swap_seven: false, clock: 45, rated: true });
  assert.deepEqual(chips, [
    { key: "rules.chiamata", params: {} },
    { key: "rules.auction.points", params: {} },
    { key: "rules.noSelfCall", params: {} },
    { key: "rules.cappotto", params: {} },
    { key: "rules.deals", params: { n: 10 } },
    { key: "rules.clock", params: { n: 45 } },
    { key: "rules.rated", params: {} },
  ]);
  const keys = ruleChips({ game: "chiamata", players: 5, auction: "rank", self_call: true, cappotto: false, deals: 5, clock: 30 }).map((chip) => chip.key);
  assert.deepEqual(keys, ["rules.chiamata", "rules.auction.rank", "rules.selfCall", "rules.noCappotto", "rules.deals", "rules.clock"]);
});

test("an open table's deals: as chosen, else one for each seat and at least 5", () => {
  assert.equal(dealsOf({ players: 4, deals: 0 }), 5);
  assert.equal(dealsOf({ players: 6, deals: 0 }), 6);
  assert.equal(dealsOf({ players: 4, deals: 9 }), 9);
});

test("the chips name the game and its options first", () => {
  const keys = (rules) => ruleChips(rules).map((chip) => chip.key);
  const scoperta = { players: 2, game: "scoperta", stock: "none", best_of: 1, clock: 30 };
  assert.deepEqual(keys(scoperta), ["rules.scoperta", "rules.stock.none", "rules.players", "rules.single", "rules.clock"]);
  const open = { players: 6, game: "classic", partner_comm: "open", signal_catch: 0.5, deals: 0, best_of: 1, clock: 30, private: true };
  assert.deepEqual(ruleChips(open), [
    { key: "rules.players", params: { n: 6 } },
    { key: "rules.comm.open", params: {} },
    { key: "rules.catch", params: { n: 50 } },
    { key: "rules.deals", params: { n: 6 } },
    { key: "rules.clock", params: { n: 30 } },
    { key: "rules.private", params: {} },
  ]);
  assert.deepEqual(keys({ players: 4, best_of: 3, clock: 30, swap_seven: true, rated: true }), ["rules.players", "rules.bestOf", "rules.swap", "rules.clock", "rules.rated"]);
});

test("a pace other than live sends its deadline, and the chips say it in days or hours", () => {
  assert.equal(formShape({ ...base, deadline: 86400 }).rules.deadline, 86400);
  assert.equal(formShape({ ...base, deadline: 0 }).rules.deadline, undefined);
  assert.equal(formShape({ ...base, deadline: 123 }).rules.deadline, undefined, "only the offered paces");
  assert.deepEqual(ruleChips({ players: 2, clock: 30, deadline: 259200 }).at(-1), { key: "rules.deadline.d", params: { n: 3 } });
  assert.deepEqual(ruleChips({ players: 2, clock: 30, deadline: 3600 }).at(-1), { key: "rules.deadline.h", params: { n: 1 } });
});
