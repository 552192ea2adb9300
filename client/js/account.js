// Accounts in the browser: the account bar in the top bar, the sign-up and log-in dialog,
// and how ratings are written. The session is an HttpOnly cookie the page never reads: who
// this browser is comes from GET /api/session (docs/PROTOCOL.md).

import { fill, h } from "./dom.js";
import { errorText, getLang, t } from "./i18n.js";
import { fetchJson } from "./socket.js";

/**
 * The kinds of rating, each on its own leaderboard (docs/PROTOCOL.md): the classic game at 2,
 * 3, 4 (2 v 2) and 6 players (3 v 3), whatever the partners' house rules, Scoperta, and
 * Briscola Chiamata (its five players each rated alone, ranked by match points).
 */
export const RATING_KINDS = ["2", "3", "4", "6", "scoperta", "chiamata"];

/** A kind's name, as its tab and its profile card say it: "2 players", "2 v 2", "Scoperta". */
export const kindName = (kind) => t(`ratingKind.${kind}`);

// ---- Ratings, in words ---------------------------------------------------------------

/** "25.0 ± 8.3": mu ± sigma (the leaderboard ranks by the ordinal, mu − 3σ). */
export function ratingText(rating) {
  if (!rating) return "–";
  return `${Number(rating.mu).toFixed(1)} ± ${Number(rating.sigma).toFixed(1)}`;
}

/** The leaderboard's figure of a rating, its ordinal (mu − 3 sigma): "4.2". */
export function ordinalText(rating) {
  return rating ? Number(rating.ordinal).toFixed(1) : "–";
}

/** A rating change (an ordinal delta): "+1.4", "−0.7", "±0.0". */
export function changeText(delta) {
  const value = Number(delta);
  const shown = Math.abs(value).toFixed(1);
  if (shown === "0.0") return "±0.0";
  return `${value > 0 ? "+" : "−"}${shown}`;
}

/** The class of a rating change: "up", "down" or "" (no change). */
export function changeClass(delta) {
  return delta > 0 ? "up" : delta < 0 ? "down" : "";
}

/** The kind an account has played most rated matches of ("4" when none): {kind, rating}. */
export function mainRating(account) {
  const ratings = (account && account.ratings) || {};
  let best = "4";
  for (const kind of RATING_KINDS) {
    const matches = ratings[kind] ? ratings[kind].matches : 0;
    if (matches > (ratings[best] ? ratings[best].matches : 0)) best = kind;
  }
  return { kind: best, rating: ratings[best] || null };
}

export const profilePath = (id) => `/u/${encodeURIComponent(id)}`;

// ---- The session over HTTP -----------------------------------------------------------

/** Who this browser is: an Account, or null for a guest (also when the server cannot say). */
export async function fetchSession() {
  try {
    const { ok, body } = await fetchJson("/api/session");
    return ok && body ? body.account || null : null;
  } catch {
    return null;
  }
}

// The refusals the dialog words itself (in both languages); others show errorText.
const REFUSALS = ["name_taken", "bad_name", "bad_password", "bad_credentials", "too_many_attempts"];

/** What is wrong with a password for the rule of 8 to 128 characters, or null. */
function passwordProblem(password) {
  const n = [...password].length;
  if (n < 8) return t("account.passwordShort", { n });
  if (n > 128) return t("account.passwordLong", { n });
  return null;
}

/** The words for a refused sign-up or log-in, from the error's code: what is wrong, not
 * the rule again (a password's length; in English, the server's reason a name is refused). */
function refusalText(body, headers, password) {
  const error = body && body.error;
  if (!error) return t("error.generic");
  if (error.code === "too_many_attempts") {
    const wait = Number(headers.get("Retry-After"));
    if (wait > 0) return t("account.tooManyWait", { n: Math.ceil(wait) });
  }
  if (error.code === "bad_password") return passwordProblem(password) || t("account.error.bad_password");
  if (error.code === "bad_name" && getLang() === "en" && error.message) return error.message.charAt(0).toUpperCase() + error.message.slice(1);
  return REFUSALS.includes(error.code) ? t(`account.error.${error.code}`) : errorText(error);
}

// ---- The dialog: sign up or log in ---------------------------------------------------

const MODES = ["signup", "login"];

/**
 * Open the sign-up (`mode` "signup") or log-in ("login") dialog. `onSignedIn(account)` is
 * called once the server has set the session cookie. Escape, the close button or a click
 * outside closes it; focus goes back where it was.
 */
export function openAccountDialog(mode, onSignedIn) {
  closeAccountDialog();
  const returnFocus = document.activeElement;
  let current = MODES.includes(mode) ? mode : "login";
  const title = h("h2", { id: "account-title" });
  const nameInput = h("input", { type: "text", id: "account-name", name: "name", maxlength: "24", required: true, autocomplete: "username", "data-testid": "account-name" });
  const passwordInput = h("input", { type: "password", id: "account-password", name: "password", minlength: "8", maxlength: "128", required: true, "data-testid": "account-password" });
  const passwordHint = h("small", { class: "account-hint", id: "account-password-hint" });
  const error = h("p", { class: "account-error", "data-testid": "account-error", role: "alert", hidden: true });
  const submit = h("button", { type: "submit", class: "btn btn-primary", "data-testid": "account-submit" });
  const tabs = MODES.map((m) =>
    h("button", { type: "button", role: "tab", class: "account-tab", "data-testid": `account-tab-${m}`, onclick: () => setMode(m) }, t(`account.${m}`)),
  );
  const form = h(
    "form",
    { class: "account-form", "data-testid": "account-form", novalidate: true, onsubmit: (event) => send(event) },
    h("label", { class: "field", for: "account-name" }, h("span", { class: "field-label" }, t("account.name")), nameInput),
    h("label", { class: "field", for: "account-password" }, h("span", { class: "field-label" }, t("account.password")), passwordInput, passwordHint),
    error,
    h("div", { class: "account-actions" }, submit, h("button", { type: "button", class: "btn btn-ghost", "data-testid": "account-close", onclick: close }, t("help.close"))),
  );
  const dialog = h(
    "div",
    { class: "dialog account-dialog", "data-testid": "account-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "account-title" },
    title,
    h("div", { class: "account-tabs", role: "tablist" }, tabs),
    form,
  );
  const overlay = h("div", { class: "account-overlay", "data-testid": "account-overlay", onclick: (event) => event.target === event.currentTarget && close() }, dialog);
  // Escape closes; Tab goes round the dialog's controls without leaving it (it is modal).
  const onKey = (event) => {
    if (event.key === "Escape") close();
    if (event.key !== "Tab") return;
    const controls = [...dialog.querySelectorAll("button, input")].filter((el) => !el.disabled);
    const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
    if (document.activeElement === edge || !dialog.contains(document.activeElement)) {
      event.preventDefault();
      (event.shiftKey ? controls[controls.length - 1] : controls[0]).focus();
    }
  };

  function setMode(m) {
    current = m;
    title.textContent = t(`account.${m}Title`);
    submit.textContent = t(`account.${m}`);
    passwordInput.setAttribute("autocomplete", m === "signup" ? "new-password" : "current-password");
    passwordHint.textContent = m === "signup" ? t("account.passwordRule") : "";
    passwordHint.hidden = m !== "signup";
    if (m === "signup") passwordInput.setAttribute("aria-describedby", "account-password-hint");
    else passwordInput.removeAttribute("aria-describedby");
    tabs.forEach((tab, i) => tab.setAttribute("aria-selected", String(MODES[i] === m)));
    showError(null);
  }

  /** Say what is wrong (null: nothing), marking the field it is about. */
  function showError(text, input = null) {
    error.hidden = !text;
    fill(error, text || "");
    for (const el of [nameInput, passwordInput]) {
      if (el === input) el.setAttribute("aria-invalid", "true");
      else el.removeAttribute("aria-invalid");
    }
    if (input) input.focus();
  }

  async function send(event) {
    event.preventDefault();
    const name = nameInput.value.trim();
    const password = passwordInput.value;
    if (!name) return showError(t("account.needName"), nameInput);
    if (!password) return showError(t("account.needPassword"), passwordInput);
    const problem = current === "signup" ? passwordProblem(password) : null;
    if (problem) return showError(problem, passwordInput);
    submit.disabled = true;
    try {
      const url = current === "signup" ? "/api/accounts" : "/api/session";
      const { ok, status, body, headers } = await fetchJson(url, { method: "POST", body: JSON.stringify({ name, password }) });
      if (ok && body && body.account) {
        close();
        onSignedIn(body.account);
        return;
      }
      const code = body && body.error ? body.error.code : null;
      showError(refusalText(body, headers, password), status === 401 || code === "bad_password" ? passwordInput : nameInput);
    } catch {
      showError(t("error.network"));
    } finally {
      submit.disabled = false;
    }
  }

  function close() {
    document.removeEventListener("keydown", onKey);
    overlay.remove();
    if (returnFocus && returnFocus.isConnected) returnFocus.focus();
  }

  setMode(current);
  document.addEventListener("keydown", onKey);
  document.body.append(overlay);
  nameInput.focus();
}

export function closeAccountDialog() {
  for (const el of document.querySelectorAll('[data-testid="account-overlay"]')) el.remove();
}

// ---- The account bar (top bar) -------------------------------------------------------

const TROPHY =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M7 3h10v3h3v2a4 4 0 0 1-4 4h-.4A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.4 12H8a4 4 0 0 1-4-4V6h3z M6 8a2 2 0 0 0 1 1.7V8z M18 8h-1v1.7A2 2 0 0 0 18 8z" fill="currentColor"/></svg>';
const EXIT =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M10 4H5v16h5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M9 12h11M16 8l4 4-4 4" fill="none" stroke="currentColor" stroke-width="2"/></svg>';

/**
 * The account bar: a link to the leaderboard, then "Sign up" / "Log in" for a guest, or the
 * account's name and rating (a link to its profile) and "Log out". `onIdentity(account)` is
 * told of every change of who this browser is (null after logging out).
 */
export function accountBar(account, onIdentity) {
  const leaderboard = h(
    "a",
    { href: "/leaderboard", class: "icon-btn account-leaderboard", "data-route": "", "data-testid": "leaderboard-link", title: t("leaderboard.title"), "aria-label": t("leaderboard.title") },
    h("span", { class: "account-icon", html: TROPHY }),
    h("span", { class: "account-label" }, t("leaderboard.title")),
  );
  if (!account) {
    return h(
      "div",
      { class: "account-bar", "data-testid": "account-bar", "data-state": "guest" },
      leaderboard,
      h("button", { type: "button", class: "btn btn-small", "data-testid": "login-button", onclick: () => openAccountDialog("login", onIdentity) }, t("account.login")),
      h("button", { type: "button", class: "btn btn-small btn-primary account-signup", "data-testid": "signup-button", onclick: () => openAccountDialog("signup", onIdentity) }, t("account.signup")),
    );
  }
  const { kind, rating } = mainRating(account);
  const logOut = async () => {
    try {
      await fetchJson("/api/session", { method: "DELETE" });
    } catch {
      return; // still signed in: nothing changed
    }
    onIdentity(null);
  };
  return h(
    "div",
    { class: "account-bar", "data-testid": "account-bar", "data-state": "signed-in" },
    leaderboard,
    h("a", { href: "/my-games", class: "btn btn-small account-games", "data-route": "", "data-testid": "my-games-nav" }, t("mygames.title")),
    h(
      "a",
      { href: profilePath(account.id), class: "account-me", "data-route": "", "data-testid": "account-link", title: t("account.profile") },
      h("span", { class: "account-name", "data-testid": "account-name-shown" }, account.name),
      h("span", { class: "account-rating", "data-testid": "account-rating", title: t("profile.ratingOf", { kind: kindName(kind) }) }, `(${ratingText(rating)})`),
    ),
    h(
      "button",
      { type: "button", class: "icon-btn account-logout", "data-testid": "logout-button", title: t("account.logout"), "aria-label": t("account.logout"), onclick: logOut },
      h("span", { class: "account-icon", html: EXIT }),
      h("span", { class: "account-label" }, t("account.logout")),
    ),
  );
}

// ---- Marks on seats ------------------------------------------------------------------

/** The mark of an account holder's seat (a guest cannot pass for them). */
export function accountMark(testid = null) {
  return h("span", { class: "account-mark", role: "img", title: t("seat.account"), "aria-label": t("seat.account"), "data-testid": testid }, "✓");
}
