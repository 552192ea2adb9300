// E-mail in the browser: the routes of a mail's two links, and the words for each state of
// the player's address in both languages (client/js/mail.js, client/js/state.js).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { setLang } from "../../client/js/i18n.js";
import { mailStatus } from "../../client/js/mail.js";
import { pathOf, routeOf } from "../../client/js/state.js";

afterEach(() => setLang("en"));

test("a mail's links open their pages, and the pages' paths read back", () => {
  assert.deepEqual(routeOf("/email/confirm"), { name: "mail", id: "confirm" });
  assert.deepEqual(routeOf("/email/stop/"), { name: "mail", id: "stop" });
  assert.deepEqual(routeOf("/email/other"), { name: "lobby" });
  assert.equal(pathOf({ name: "mail", id: "stop" }), "/email/stop");
});

test("each state of the address says where it stands, in English and Italian", () => {
  const view = (state) => ({ available: true, email: { address: "ana@example.org", state } });
  assert.match(mailStatus(view("unconfirmed")), /Not confirmed yet.*ana@example\.org/);
  assert.match(mailStatus(view("confirmed")), /^Confirmed/);
  assert.match(mailStatus(view("stopped")), /^Stopped/);
  assert.equal(mailStatus({ available: true, email: null }), "No address: no e-mails.");
  assert.equal(mailStatus({ available: false, email: null }), "E-mail is not available on this server.");
  setLang("it");
  assert.match(mailStatus(view("unconfirmed")), /Non ancora confermato.*ana@example\.org/);
  assert.match(mailStatus(view("stopped")), /^Sospese/);
  assert.equal(mailStatus({ available: false, email: null }), "L'e-mail non è disponibile su questo server.");
});
