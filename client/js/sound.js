// The table's sounds, synthesised with the Web Audio API (no files, nothing fetched): a
// hand dealt, your turn, a trick taken, your clock running low. One setting turns them on
// or off and is remembered; until the player chooses, they are off for a system that asks
// for reduced motion (the player asked for a quieter page) and on otherwise.
// What was played is kept, for the tests, in the hidden `sound-log` element.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "briscola.sound";
const LOG_KEPT = 60;

// Each sound as notes: [start s, length s, from Hz, to Hz, wave, peak gain].
const SOUNDS = {
  deal: [[0, 0.05, 520, 480, "triangle", 0.18], [0.07, 0.05, 560, 500, "triangle", 0.18], [0.14, 0.05, 600, 540, "triangle", 0.18]],
  turn: [[0, 0.14, 660, 660, "sine", 0.22], [0.12, 0.22, 880, 880, "sine", 0.22]],
  trick: [[0, 0.18, 240, 120, "triangle", 0.3]],
  low: [[0, 0.08, 1000, 1000, "square", 0.08], [0.16, 0.08, 1000, 1000, "square", 0.08]],
};

/** The sounds of this page, with their remembered setting in `storage`. */
export function createSound(storage) {
  const stored = storage.getItem(KEY);
  let on = stored === null ? !matchMedia("(prefers-reduced-motion: reduce)").matches : stored === "on";
  let audio = null; // one AudioContext, made at the first gesture (browsers start it only then)

  function unlock() {
    if (!on || typeof AudioContext === "undefined") return;
    if (!audio) audio = new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  }
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock, { capture: true });

  /** Plays `name` now, if sounds are on and the browser lets this page make them. */
  function play(name) {
    const notes = SOUNDS[name];
    if (!on || !notes) return;
    unlock();
    if (!audio || audio.state !== "running") return;
    const start = audio.currentTime + 0.01;
    for (const [at, length, from, to, wave, peak] of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(from, start + at);
      osc.frequency.linearRampToValueAtTime(to, start + at + length);
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(peak, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + at);
      osc.stop(start + at + length + 0.02);
    }
    logPlayed(name);
  }

  function set(value) {
    on = Boolean(value);
    storage.setItem(KEY, on ? "on" : "off");
    if (on) unlock();
  }

  /** The settings panel's switch. */
  function setting() {
    const box = h("input", { type: "checkbox", "data-testid": "sound-toggle", checked: on, onchange: (event) => set(event.target.checked) });
    return h("label", { class: "check setting-check" }, box, t("sound.setting"));
  }

  return { play, setting, on: () => on, set };
}

function logPlayed(name) {
  let log = document.querySelector('[data-testid="sound-log"]');
  if (!log) {
    log = h("div", { hidden: true, "aria-hidden": "true", "data-testid": "sound-log", "data-played": "" });
    document.body.append(log);
  }
  const played = log.dataset.played ? log.dataset.played.split(" ") : [];
  played.push(name);
  log.dataset.played = played.slice(-LOG_KEPT).join(" ");
}
