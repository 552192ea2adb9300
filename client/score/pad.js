// The score pad's state, pure: entries (a player, or a partnership named after its
// players), their points in the game being counted, the target, the wins of each, and the
// changes that undo steps back through. Every operation is a function state → state; one
// that changes nothing (a bad amount, an unknown entry) returns the very state it was given.

export const DEFAULT_TARGET = 61;
/** The points in a pack: "the rest" gives one side what the other did not take. */
export const PACK_POINTS = 120;
export const MAX_ENTRIES = 8;
/** A player alone, or a partnership of two or three (the six-player game). */
export const MAX_NAMES = 3;
export const MAX_NAME_LENGTH = 24;
/** The most a single addition (and the target) may be. */
export const MAX_POINTS = 999;
/** How many changes undo can step back through (older ones are forgotten). */
export const MAX_CHANGES = 100;
export const FORMAT = 1;

/** The kinds of change, each undoable: what `lastChange` names for the undo button. */
export const CHANGES = ["points", "rest", "add", "remove", "target", "newGame"];

/** A fresh pad: no entries, the target of a single deal. */
export function emptyPad() {
  return { target: DEFAULT_TARGET, entries: [], winner: null, nextId: 1, changes: [] };
}

/** A name as kept: spaces trimmed and collapsed, cut to MAX_NAME_LENGTH ("" when blank). */
export function cleanName(text) {
  return String(text ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME_LENGTH);
}

/** An entry's name: "Anna", "Anna & Bruno", "Anna, Bruno & Carla". */
export function entryName(entry) {
  const names = entry.names;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} & ${names.at(-1)}` : names[0];
}

export function findEntry(state, id) {
  return state.entries.find((entry) => entry.id === id) ?? null;
}

/** Whether an addition of `amount` points is one the pad takes: a whole number 1–999. */
export function validAmount(amount) {
  return Number.isInteger(amount) && amount >= 1 && amount <= MAX_POINTS;
}

/** What the pad looked like before a change, kept with the change for undo. */
function snapshot(state) {
  const { target, entries, winner, nextId } = state;
  return { target, entries, winner, nextId };
}

/** `next` (the pad's values after a change), with that change kept for undo. */
function changed(state, change, next) {
  const changes = [...state.changes, { id: null, amount: null, ...change, before: snapshot(state) }].slice(-MAX_CHANGES);
  return { ...state, ...next, changes };
}

/**
 * The game's winner once there is none yet: of the entries at or past the target, the one
 * with the most points (a tie at the top is no win); the first to get there keeps the win
 * however the others go on. A new winner's trophies count one more.
 */
function settle(state) {
  if (state.winner !== null) return state;
  const past = state.entries.filter((entry) => entry.points >= state.target);
  if (past.length === 0) return state;
  const best = Math.max(...past.map((entry) => entry.points));
  const top = past.filter((entry) => entry.points === best);
  if (top.length > 1) return state;
  const winner = top[0].id;
  const entries = state.entries.map((entry) => (entry.id === winner ? { ...entry, wins: entry.wins + 1 } : entry));
  return { ...state, entries, winner };
}

/** A new entry, at the end, named after one to three players (blank names left out). */
export function addEntry(state, names) {
  const kept = (Array.isArray(names) ? names : [names]).map(cleanName).filter(Boolean);
  if (kept.length === 0 || kept.length > MAX_NAMES || state.entries.length >= MAX_ENTRIES) return state;
  const entry = { id: state.nextId, names: kept, points: 0, wins: 0 };
  return changed(state, { kind: "add", id: entry.id }, { entries: [...state.entries, entry], nextId: state.nextId + 1 });
}

/** The entry taken off the pad, its points and wins with it (undo brings it back). */
export function removeEntry(state, id) {
  if (findEntry(state, id) === null) return state;
  const entries = state.entries.filter((entry) => entry.id !== id);
  return changed(state, { kind: "remove", id }, { entries, winner: state.winner === id ? null : state.winner });
}

function credit(state, id, amount, kind) {
  if (findEntry(state, id) === null || !validAmount(amount)) return state;
  const entries = state.entries.map((entry) => (entry.id === id ? { ...entry, points: entry.points + amount } : entry));
  return settle(changed(state, { kind, id, amount }, { entries }));
}

/** `amount` points (1–999) more for the entry; the first past the target wins the game. */
export function addPoints(state, id, amount) {
  return credit(state, id, amount, "points");
}

/**
 * What "the rest" would give the entry: with exactly two entries, the points of the pack
 * the other side did not take (120 − theirs), less what this one already has; null when
 * there are not two entries or nothing is left to give.
 */
export function restFor(state, id) {
  if (state.entries.length !== 2 || findEntry(state, id) === null) return null;
  const [mine, other] = state.entries[0].id === id ? state.entries : [...state.entries].reverse();
  const rest = PACK_POINTS - other.points - mine.points;
  return rest > 0 ? rest : null;
}

/** The entry's points made up to 120 − the other side's. */
export function addRest(state, id) {
  const rest = restFor(state, id);
  return rest === null ? state : credit(state, id, rest, "rest");
}

/** A new target (1–999) from now on; an entry already at or past it may win at once. */
export function setTarget(state, target) {
  if (!validAmount(target) || target === state.target) return state;
  return settle(changed(state, { kind: "target", amount: target }, { target }));
}

/** The next game: every entry's points back to zero, the wins kept; never done by the pad
 * itself, however far past the target anyone is. */
export function newGame(state) {
  if (state.entries.every((entry) => entry.points === 0) && state.winner === null) return state;
  const entries = state.entries.map((entry) => ({ ...entry, points: 0 }));
  return changed(state, { kind: "newGame" }, { entries, winner: null });
}

/** The last change, or null when there is nothing to undo. */
export function lastChange(state) {
  return state.changes.at(-1) ?? null;
}

/** The entry the last change was about, as it is now or, removed, as it was. */
export function changedEntry(state) {
  const last = lastChange(state);
  if (last === null || last.id === null) return null;
  return findEntry(state, last.id) ?? findEntry(last.before, last.id);
}

/** The pad as it was before its last change (again and again, back to the oldest kept). */
export function undo(state) {
  const last = lastChange(state);
  if (last === null) return state;
  return { ...state, ...last.before, changes: state.changes.slice(0, -1) };
}

// ---- Kept in the browser ------------------------------------------------------------------

/** The pad as the text kept in localStorage. */
export function toJSON(state) {
  return JSON.stringify({ format: FORMAT, ...state });
}

const isCount = (value) => Number.isInteger(value) && value >= 0;

/** An entry read back, or null when it is not one the pad could have written. */
function readEntry(raw) {
  if (!raw || !Number.isInteger(raw.id) || !Array.isArray(raw.names) || !isCount(raw.points) || !isCount(raw.wins)) return null;
  const names = raw.names.map(cleanName).filter(Boolean);
  if (names.length === 0 || names.length > MAX_NAMES) return null;
  return { id: raw.id, names, points: raw.points, wins: raw.wins };
}

/** The pad's values (not its changes) read back, or null when any of them is not sound. */
function readValues(raw) {
  if (!raw || !validAmount(raw.target) || !Array.isArray(raw.entries) || raw.entries.length > MAX_ENTRIES) return null;
  const entries = raw.entries.map(readEntry);
  if (entries.includes(null)) return null;
  const ids = entries.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length) return null;
  const winner = ids.includes(raw.winner) ? raw.winner : null;
  const nextId = Math.max(Number.isInteger(raw.nextId) ? raw.nextId : 1, ...ids.map((id) => id + 1));
  return { target: raw.target, entries, winner, nextId };
}

/**
 * The pad read back from its kept text. Anything not sound gives a fresh pad rather than
 * an error (storage edited by hand, or another version's); a change whose earlier pad
 * cannot be read is dropped with those before it, so undo stops there.
 */
export function fromJSON(text) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    return emptyPad();
  }
  const values = raw && raw.format === FORMAT ? readValues(raw) : null;
  if (values === null) return emptyPad();
  const changes = [];
  for (const change of Array.isArray(raw.changes) ? raw.changes.slice(-MAX_CHANGES) : []) {
    const before = change && CHANGES.includes(change.kind) ? readValues(change.before) : null;
    if (before === null) changes.length = 0;
    else changes.push({ kind: change.kind, id: change.id ?? null, amount: change.amount ?? null, before });
  }
  return { ...values, changes };
}
