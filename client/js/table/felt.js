// The green felt: the seats round it (yours, with your hand, at the bottom), the trick in
// the middle, and the game's own pieces (the classic stock and face-up trump). Its parts are
// drawn anew at each update, as the felt's direct children, which its CSS grid lays out;
// a control kept across updates (the signals' codebook) keeps the focus it had.

import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { gameName } from "../games/index.js";
import { createMotion } from "../motion.js";
import { createHand } from "./hand.js";
import { createSeats } from "./seats.js";
import { createTrick } from "./trick.js";

/** Fills `felt`; `deps` are the regions its parts call: {seating, signals, handLog, notices}. */
export function mountFelt(felt, ctx, deps) {
  const hand = createHand(ctx, felt, { signals: deps.signals, held: () => trick.held() });
  const seats = createSeats(ctx, felt, { hand, seating: deps.seating, signals: deps.signals });
  const trick = createTrick(ctx, deps);
  const motion = createMotion(); // cards that move, over what is drawn
  let drawnState = null;

  function update(s) {
    if (s.state !== drawnState) motion.finish(); // a new state: the truth at once
    drawnState = s.state;
    const before = motion.measure(felt);
    const focused = hand.focused();
    const active = felt.contains(document.activeElement) ? document.activeElement : null;
    const n = s.state.room.rules.players;
    const dealt = Boolean(s.state.match && s.state.match.hand);
    felt.className = `felt players-${n} game-${gameName(s.state.room.rules)}${dealt ? " dealt" : ""}`;
    fill(felt, seats.draw(s), trick.draw(s), ctx.game().feltPieces(s), deps.notices.host);
    motion.play(felt, before);
    if (focused) hand.refocus();
    else if (active && active.isConnected && !active.disabled) active.focus({ preventScroll: true });
    seats.tick(s);
  }

  return {
    noteState: hand.noteState,
    observe: trick.observe,
    held: trick.held,
    update,
    /** Joined, the first state still to come. */
    loading: () => fill(felt, h("p", { class: "felt-message" }, t("picker.loading"))),
    destroy() {
      hand.destroy();
      seats.destroy();
      trick.destroy();
      motion.finish();
    },
  };
}
