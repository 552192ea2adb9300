// The words of the interface: a plural form picked by the count, in each language, where
// the language says one thing differently (client/js/i18n.js).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { setLang, t } from "../../client/js/i18n.js";

afterEach(() => setLang("en"));

test("a count of one takes the singular where the language has one for the key", () => {
  setLang("en");
  assert.equal(t("profile.matchesN", { n: 1 }), "1 rated match");
  assert.equal(t("profile.matchesN", { n: 2 }), "2 rated matches");
  assert.equal(t("profile.matchesN", { n: 0 }), "0 rated matches");
  assert.equal(t("seat.cards", { n: 1 }), "1 card");
  assert.equal(t("profile.chartOf", { kind: "2 v 2", count: 1, rating: "25.0 ± 8.3" }), "Rating (2 v 2) over 1 match, now 25.0 ± 8.3");
  setLang("it");
  assert.equal(t("lobby.free", { n: 1 }), "1 posto libero");
  assert.equal(t("lobby.free", { n: 3 }), "3 posti liberi");
  assert.equal(t("lobby.spectators", { n: 1 }), "1 spettatore");
  assert.equal(t("lobby.spectators", { n: 0 }), "0 spettatori");
  assert.equal(t("profile.matchesN", { n: 1 }), "1 partita classificata");
});

test("a key without a singular form says the same for every count", () => {
  setLang("en");
  assert.equal(t("lobby.free", { n: 1 }), "1 free");
  assert.equal(t("replay.step", { n: 1, count: 9 }), "Step 1 of 9");
  assert.equal(t("seat.n", { n: 1 }), "Seat 1");
});
