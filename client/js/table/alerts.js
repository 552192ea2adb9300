// The table's cues acted on: each one between two states (cues.js) played as a sound, your
// turn told outside the page (attention.js), and the low clock's sound, once a turn, timed
// from the clock the state brought.

import { cuesBetween, lowClockIn, turnKey } from "../cues.js";
import { tableName } from "../i18n.js";

export function mountAlerts({ sound, attention }) {
  let lowFor = null; // the turn whose low-clock sound is set (or played)
  let lowTimer = null;

  /** What happened between two states drawn: the sounds, and your turn told. */
  function observe(prev, state) {
    for (const cue of cuesBetween(prev, state)) {
      sound.play(cue);
      if (cue === "turn") attention.yourTurn(tableName(state.room));
    }
  }

  /** The title and icon while it is your turn; the low clock's sound set once a turn. */
  function update(s) {
    const turn = s.joined && s.state ? turnKey(s.state) : null;
    attention.mark(turn !== null);
    if (turn === lowFor) return;
    clearTimeout(lowTimer);
    lowFor = turn;
    const wait = turn === null ? null : lowClockIn(s.state, s.stateAt, performance.now());
    if (wait !== null) lowTimer = setTimeout(() => sound.play("low"), wait);
  }

  return {
    observe,
    update,
    destroy() {
      clearTimeout(lowTimer);
      attention.mark(false);
    },
  };
}
