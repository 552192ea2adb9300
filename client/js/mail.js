// E-mail in the browser: the signed-in player's own address on their profile (its state,
// save, remove, send the confirmation again), and the pages a mail's two links open
// (/email/confirm and /email/stop), which post the link's token back (docs/PROTOCOL.md,
// "E-mail"). The address is the player's alone: it is read from /api/session/email only.

import { fill, h, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { fetchJson } from "./socket.js";

/** The words for an address's state: {"available", "email"} as the server answers it. */
export function mailStatus(view) {
  if (!view || !view.available) return t("mail.unavailable");
  if (!view.email) return t("mail.state.none");
  return t(`mail.state.${view.email.state}`, { address: view.email.address });
}

/** The e-mail panel of the player's own profile. */
export function mailPanel() {
  const input = h("input", { type: "email", id: "mail-address", name: "email", maxlength: "254", autocomplete: "email", "data-testid": "mail-address" });
  const status = h("p", { class: "mail-status", "data-testid": "mail-status", role: "status", "aria-live": "polite" }, t("mail.loading"));
  const save = h("button", { type: "submit", class: "btn btn-primary btn-small", "data-testid": "mail-save" }, t("mail.save"));
  const resend = h("button", { type: "button", class: "btn btn-small", "data-testid": "mail-resend", hidden: true, onclick: () => act(() => fetchJson("/api/session/email/confirmation", { method: "POST" }), true) }, t("mail.resend"));
  const remove = h("button", { type: "button", class: "btn btn-ghost btn-small", "data-testid": "mail-remove", hidden: true, onclick: () => act(() => fetchJson("/api/session/email", { method: "DELETE" })) }, t("mail.remove"));
  const form = h(
    "form",
    { class: "mail-form", "data-testid": "mail-form", novalidate: true, onsubmit: (event) => {
      event.preventDefault();
      act(() => fetchJson("/api/session/email", { method: "PUT", body: JSON.stringify({ address: input.value.trim() }) }), true);
    } },
    h("label", { class: "field", for: "mail-address" }, h("span", { class: "field-label" }, t("mail.label")), input),
    h("div", { class: "mail-actions" }, save, resend, remove),
  );
  const panel = h("section", { class: "mail-panel card-panel", "data-testid": "mail-panel" }, h("h2", {}, t("mail.title")), h("p", { class: "mail-hint" }, t("mail.hint")), status, form);

  function show(view) {
    const email = view && view.email;
    panel.dataset.state = !view || !view.available ? "unavailable" : email ? email.state : "none";
    fill(status, mailStatus(view));
    form.hidden = !view || !view.available;
    if (email) input.value = email.address;
    resend.hidden = !email || email.state !== "unconfirmed";
    remove.hidden = !email;
  }

  /** Send one call; show the new state (after a DELETE, none), or say what went wrong. */
  async function act(call, sends = false) {
    for (const button of [save, resend, remove]) button.disabled = true;
    try {
      const { ok, status: code, body } = await call();
      if (code === 204) {
        input.value = "";
        show({ available: true, email: null });
        toast(t("mail.removed"), "info");
      } else if (ok && body) {
        show(body);
        if (sends && body.email && body.email.state === "unconfirmed") toast(t("mail.sent", { address: body.email.address }), "info");
      } else toast(body && body.error ? errorText(body.error) : t("error.generic"));
    } catch {
      toast(t("error.network"));
    } finally {
      for (const button of [save, resend, remove]) button.disabled = false;
    }
  }

  fetchJson("/api/session/email")
    .then(({ ok, body }) => (ok ? show(body) : fill(status, t("error.network"))))
    .catch(() => fill(status, t("error.network")));
  return panel;
}

/** The page of a mail's link: `route.id` is "confirm" or "stop"; the token is `?token=`. */
export function mountMailLink(root, ctx) {
  const kind = ctx.store.get().route.id === "stop" ? "stop" : "confirm";
  const token = new URLSearchParams(location.search).get("token") || "";
  const said = h("p", { class: "mail-link-message", "data-testid": "mail-link-message", role: "status" }, t("mail.link.working"));
  const page = h(
    "section",
    { class: "mail-link-page card-panel", "data-testid": "mail-link" },
    h("h1", {}, t(`mail.${kind}.title`)),
    said,
    h("p", {}, h("a", { href: "/", "data-route": "" }, t("mail.link.home"))),
  );
  fill(root, page);
  let gone = false;
  (async () => {
    let answer;
    try {
      answer = await fetchJson(`/api/email/${kind}`, { method: "POST", body: JSON.stringify({ token }) });
    } catch {
      answer = null;
    }
    if (gone) return;
    const done = answer && answer.ok;
    page.dataset.state = done ? "done" : "refused";
    if (done) fill(said, t(`mail.${kind}.done`));
    else if (answer && answer.body && answer.body.error && answer.body.error.code === "bad_link") fill(said, t("mail.link.bad"));
    else fill(said, t("error.network"));
  })();
  return {
    update() {},
    destroy() {
      gone = true;
    },
  };
}
