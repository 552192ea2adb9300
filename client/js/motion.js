// Cards that move: a card played flies to its place on the felt from where it was (your
// hand, or the seat that played it), and a trick taken is gathered to its winner's seat.
// Quick, and drawn over the truth: the felt is always drawn as the state says and an
// animation only moves what is drawn there (Web Animations, no layout change), so nothing
// waits for one — your cards are clickable and the turn is shown at once — and a new state
// finishes any still running. None when the system asks for reduced motion.

const FLY_MS = 260;
const GATHER_MS = 300;

const rectOf = (el) => el.getBoundingClientRect();
const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

/** The motion of one felt: `measure` before it is drawn again, `play` after. */
export function createMotion() {
  const reduced = matchMedia("(prefers-reduced-motion: reduce)");
  const running = new Set();

  /** Where the felt's cards are before it is drawn again (null under reduced motion). */
  function measure(felt) {
    const trickEl = felt.querySelector('[data-testid="trick"]');
    if (reduced.matches || !trickEl) return null;
    const hand = new Map();
    for (const el of felt.querySelectorAll('[data-testid="hand"] [data-testid="card"]')) hand.set(el.dataset.card, rectOf(el));
    const trick = new Map();
    for (const el of trickEl.querySelectorAll('[data-testid="trick-card"]')) trick.set(el.dataset.card, { el, rect: rectOf(el) });
    const taken = trickEl.dataset.held === "true" ? trickEl.querySelector('[data-testid="trick-taken"]') : null;
    return { hand, trick, winner: taken ? taken.dataset.seat : null };
  }

  /** After the felt is drawn from `before`: the cards new on the trick fly in; a held trick
   * no longer shown is gathered to its winner. */
  function play(felt, before) {
    if (!before) return;
    const shown = new Set();
    for (const el of felt.querySelectorAll('[data-testid="trick-card"]')) {
      shown.add(el.dataset.card);
      if (before.trick.has(el.dataset.card)) continue;
      const from = before.hand.get(el.dataset.card) || seatRect(felt, el.dataset.seat);
      if (from) fly(el, from);
    }
    const target = before.winner !== null ? seatRect(felt, before.winner) : null;
    if (!target) return;
    for (const [code, { el, rect }] of before.trick) if (!shown.has(code)) gather(el, rect, target);
  }

  function fly(el, from) {
    const to = rectOf(el);
    const [fx, fy] = centre(from);
    const [tx, ty] = centre(to);
    const scale = Math.min(2, Math.max(0.3, from.width / (to.width || 1)));
    el.style.animation = "none"; // this flight stands in for the card's landing
    track(el.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(${scale})` }, { transform: "none" }], { duration: FLY_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", id: "card-to-felt" }));
  }

  /** A copy of a card no longer drawn, carried off from where it lay; it carries no code. */
  function gather(el, rect, target) {
    const ghost = el.cloneNode(true);
    for (const name of ["data-testid", "data-card", "data-seat", "role", "aria-label"]) ghost.removeAttribute(name);
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("motion-ghost");
    Object.assign(ghost.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, animation: "none" });
    document.body.append(ghost);
    const [fx, fy] = centre(rect);
    const [tx, ty] = centre(target);
    const anim = ghost.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${tx - fx}px, ${ty - fy}px) scale(0.35)`, opacity: 0.15 }], { duration: GATHER_MS, easing: "ease-in", id: "trick-to-winner" });
    track(anim, () => ghost.remove());
  }

  function track(anim, done = () => {}) {
    running.add(anim);
    const end = () => {
      running.delete(anim);
      done();
    };
    anim.addEventListener("finish", end);
    anim.addEventListener("cancel", end);
  }

  /** Every animation still running jumps to its end: what is drawn is the truth. */
  function finish() {
    for (const anim of [...running]) anim.finish();
  }

  return { measure, play, finish };
}

/** Where a seat's cards are (its hand, else its plate), as drawn now. */
function seatRect(felt, seat) {
  const el = felt.querySelector(`[data-testid="hand-${seat}"]`) || felt.querySelector(`[data-testid="seat-${seat}"] .plate`);
  return el ? rectOf(el) : null;
}
