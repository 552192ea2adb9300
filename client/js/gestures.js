// The gestures of the signals' codebook (docs/RULES.md, "Signals"), drawn here as small SVG
// faces, a bust and a hand: no emoji font needed. The two requests have no gesture of their
// own and are shown in words.

import { h } from "./dom.js";

const SKIN = "#f1c38e";
const LINE = "#5b3a1c";
const RED = "#c8323c";
const MOTION = "#b07a2a"; // the strokes that say "it moves"

/** A round face with the features given (SVG markup in a 48 x 48 box). */
const face = (features, { rx = 19, cheeks = "" } = {}) =>
  `<ellipse cx="24" cy="25" rx="${rx}" ry="19" fill="${SKIN}" stroke="${LINE}" stroke-width="2"/>${cheeks}${features}`;

const DOT_EYES = `<circle cx="17" cy="21" r="2.2" fill="${LINE}"/><circle cx="31" cy="21" r="2.2" fill="${LINE}"/>`;
const SHUT_EYES = `<path d="M13 21 q4 3 8 0 M27 21 q4 3 8 0" fill="none" stroke="${LINE}" stroke-width="2" stroke-linecap="round"/>`;

const DRAWINGS = {
  // The lips pushed out, as for a kiss.
  ace_of_trumps: face(`${SHUT_EYES}<ellipse cx="24" cy="33" rx="4.2" ry="3.6" fill="${RED}" stroke="${LINE}" stroke-width="1.5"/><path d="M21.5 33 h5" stroke="${LINE}" stroke-width="1.2"/>`),
  // The mouth twisted to one side.
  three_of_trumps: face(`${DOT_EYES}<path d="M19 33 q6 1 13 -5" fill="none" stroke="${LINE}" stroke-width="2.4" stroke-linecap="round"/>`),
  // The eyes raised to the sky.
  king_of_trumps: face(
    `<circle cx="17" cy="21" r="4.5" fill="#fff" stroke="${LINE}" stroke-width="1.5"/><circle cx="31" cy="21" r="4.5" fill="#fff" stroke="${LINE}" stroke-width="1.5"/>` +
      `<circle cx="17" cy="18.2" r="2" fill="${LINE}"/><circle cx="31" cy="18.2" r="2" fill="${LINE}"/><path d="M19 33 h10" stroke="${LINE}" stroke-width="2" stroke-linecap="round"/>`,
  ),
  // The tip of the tongue shown.
  knight_of_trumps: face(`${DOT_EYES}<path d="M18 31 h12" stroke="${LINE}" stroke-width="2" stroke-linecap="round"/><path d="M21 31 v2.5 a3 3 0 0 0 6 0 v-2.5 z" fill="#ef7f8c" stroke="${LINE}" stroke-width="1.3"/>`),
  // One shoulder raised.
  jack_of_trumps:
    `<circle cx="24" cy="14" r="9" fill="${SKIN}" stroke="${LINE}" stroke-width="2"/>` +
    `<path d="M4 46 C4 32 9 24 18 25 L30 29 C39 30 44 36 44 46 Z" fill="#3d6fb6" stroke="${LINE}" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M7 22 l4 -4 M5 28 l-1 -5" stroke="${MOTION}" stroke-width="2" stroke-linecap="round"/>`,
  // The thumb rubbed on the forefinger.
  low_trumps:
    `<path d="M12 44 C8 34 10 24 18 20 L30 14 C34 12 37 16 34 19 L27 24 L36 22 C40 21 41 26 37 27 L28 30 C26 38 22 44 12 44 Z" fill="${SKIN}" stroke="${LINE}" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M22 26 C26 22 31 23 33 26" fill="none" stroke="${LINE}" stroke-width="1.6"/>` +
    `<path d="M38 8 q3 2 0 5 M42 6 q4 4 0 9" fill="none" stroke="${MOTION}" stroke-width="1.8" stroke-linecap="round"/>`,
  // A squint.
  no_trumps: face(
    `<path d="M12 19 l9 3 M36 19 l-9 3" stroke="${LINE}" stroke-width="2" stroke-linecap="round"/><path d="M13 23.5 h8 M27 23.5 h8" stroke="${LINE}" stroke-width="2.4" stroke-linecap="round"/>` +
      `<path d="M19 33 q5 -2 10 0" fill="none" stroke="${LINE}" stroke-width="2" stroke-linecap="round"/>`,
  ),
  // The cheeks puffed out.
  carico: face(`${DOT_EYES}<circle cx="24" cy="33" r="1.8" fill="${LINE}"/>`, {
    rx: 22,
    cheeks: `<circle cx="11" cy="30" r="6" fill="#ef9a8a" opacity="0.8"/><circle cx="37" cy="30" r="6" fill="#ef9a8a" opacity="0.8"/>`,
  }),
};

/** A signal's gesture drawn in a box of the class given; a request's, a mark for words. */
export function gestureIcon(code, cls = "gesture") {
  const drawing = DRAWINGS[code];
  if (!drawing) return h("span", { class: `${cls} gesture-words`, "aria-hidden": "true" }, "!");
  return h("span", { class: cls, "aria-hidden": "true", html: `<svg viewBox="0 0 48 48" focusable="false">${drawing}</svg>` });
}
