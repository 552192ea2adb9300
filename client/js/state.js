// What the page holds: the last `state` message, the chat, the lobby, the connection,
// and small pure functions that read them. Nothing here touches the DOM or the network.

/** A tiny store: get(), set(patch) and subscribe(fn) → unsubscribe. */
export function createStore(initial) {
  let current = initial;
  const listeners = new Set();
  return {
    get: () => current,
    set(patch) {
      current = { ...current, ...patch };
      for (const fn of listeners) fn(current);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

export const initialState = () => ({
  route: { name: "lobby" }, // or { name: "table", room }
  conn: "connecting", // connecting | connected | reconnecting | replaced
  lobby: null, // [RoomSummary] once known
  room: null, // the table this connection is at (after `joined`)
  seat: null, // our seat there (null for a spectator)
  joined: false, // true once `joined` arrived for route.room
  state: null, // the last `state` message
  stateAt: 0, // performance.now() when it arrived (for the move clock)
  preview: null, // RoomSummary fetched by HTTP for the seat picker
  notFound: false,
  chat: [], // [{channel, name, seat, text}], emptied by `joined`, filled by `chat_history` and `chat`
  summaryHidden: false,
  errors: 0, // how many errors the server sent (a refusal frees a card sent to play)
  account: null, // the signed-in Account (GET /api/session), kept across routes; null for a guest
});

// ---- Seats and sides ------------------------------------------------------------

/** True at a table of partnerships: four players (two of two) or six (two of three). */
export function isPartnership(players) {
  return players === 4 || players === 6;
}

/** The side of a seat: its partnership (seat mod 2) with four or six players, the seat itself otherwise. */
export function sideOf(seat, players) {
  return isPartnership(players) ? seat % 2 : seat;
}

export function sideCount(players) {
  return isPartnership(players) ? 2 : players;
}

/** The seats of a side, in seat order. */
export function seatsOfSide(side, players) {
  if (!isPartnership(players)) return [side];
  const seats = [];
  for (let seat = side; seat < players; seat += 2) seats.push(seat);
  return seats;
}

/** The partners of a seat (none without partnerships). */
export function partnersOf(seat, players) {
  return seatsOfSide(sideOf(seat, players), players).filter((other) => other !== seat);
}

/** The seats between your right and your left, along the top, from right to left. */
const TOP_ROWS = [[], ["top"], ["top-right", "top-left"], ["top-right", "top", "top-left"]];

/**
 * Where the seats of a table of `players` (2 to 6) sit on screen, in play order from the
 * viewer's: the viewer at the bottom; play goes round counter-clockwise, as in Italy, so the
 * next seat is on the right, the last on the left and those between along the top. Two
 * players face each other; with four your partner sits opposite, at the top.
 */
export function seatPositions(players) {
  if (!Number.isInteger(players) || players < 2 || players > 6) throw new RangeError(`no layout for ${players} players`);
  if (players === 2) return ["bottom", "top"];
  return ["bottom", "right", ...TOP_ROWS[players - 3], "left"];
}

/** Where `seat` sits on screen, seen from `bottomSeat` (you, or seat 0 for a spectator). */
export function seatPosition(seat, bottomSeat, players) {
  const rel = (seat - (bottomSeat ?? 0) + players) % players;
  return seatPositions(players)[rel];
}

/** The cards of a trick with the seat that played each: [{seat, card}]. */
export function trickCards(trick, players) {
  if (!trick) return [];
  return trick.cards.map((card, i) => ({ seat: (trick.leader + i) % players, card }));
}

/**
 * The hand's public history, oldest first, from its view: the deal, every trick (who led,
 * who took it), every swap of the 7 and every signal this viewer saw where it came, the
 * trick being played. `presence`
 * ([{tricks, seat, away}], what this page saw of seats going away or coming back) is slotted
 * in by the tricks played when it happened. Entries: {kind, ...} for render.js to word.
 */
export function handLog(hand, presence = []) {
  const n = hand.players;
  const entries = [{ kind: "deal", seat: hand.dealer }];
  const between = (tricks) => {
    for (const swap of hand.swaps || []) if (swap.tricks === tricks) entries.push({ kind: "swap", ...swap });
    for (const signal of hand.signals || []) if (signal.tricks === tricks) entries.push({ kind: "signal", ...signal });
    for (const seen of presence) if (seen.tricks === tricks) entries.push({ kind: seen.away ? "away" : "back", seat: seen.seat });
  };
  let leader = (hand.dealer + 1) % n;
  between(0);
  (hand.winners || []).forEach((winner, i) => {
    entries.push({ kind: "trick", n: i + 1, leader, winner });
    leader = winner;
    between(i + 1);
  });
  if (!hand.over) entries.push({ kind: "leads", n: (hand.winners || []).length + 1, leader });
  return entries;
}

export function seatInfo(room, seat) {
  return room && room.seats ? room.seats.find((s) => s.seat === seat) || null : null;
}

/** True when two states show the same hand (the same deal, by its commitment). */
export function sameHand(a, b) {
  const x = a && a.match && a.match.hand;
  const y = b && b.match && b.match.hand;
  return Boolean(x && y && x.commitment === y.commitment);
}

/** True while a hand is being played (dealt and not over). */
export function handOn(state) {
  const hand = state && state.match && state.match.hand;
  return Boolean(hand && !hand.over);
}

export function mySeat(state) {
  return state && state.you ? state.you.seat ?? null : null;
}

// ---- The move clock ---------------------------------------------------------------

/** Milliseconds left on the clock, counted down locally from when the state arrived. */
export function clockLeft(clock, receivedAt, now) {
  if (!clock) return null;
  return Math.max(0, clock.remaining_ms - Math.max(0, now - receivedAt));
}

/** "27" under a minute, "1:05" above. */
export function formatClock(ms) {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return String(s);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A deadline (Unix seconds) as a date and time in the page's language: a table at its own
 * pace shows when the move is due, not a countdown. Today's shows the time alone. */
export function formatDeadline(deadline, lang, now = Date.now()) {
  const when = new Date(deadline * 1000);
  const sameDay = when.toDateString() === new Date(now).toDateString();
  const options = sameDay ? { hour: "2-digit", minute: "2-digit" } : { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
  return new Intl.DateTimeFormat(lang, options).format(when);
}

/** A player's games at their own pace (GET /api/my-games), "your turn" first, then the
 * soonest deadline (the server sends them so; kept here for a list merged in the page). */
export function sortGames(games) {
  const due = (g) => (g.deadline == null ? Infinity : g.deadline);
  return [...games].sort((a, b) => Number(b.your_turn) - Number(a.your_turn) || due(a) - due(b) || String(a.room).localeCompare(String(b.room)));
}

// ---- Whose turn, in a word -----------------------------------------------------------

/** Whose turn it is, in the words of the deal's phase ([yours, another's]): a card to play,
 * or in Briscola Chiamata a bid or pass to say, a card to call. */
const TURN_WORDS = {
  play: ["status.yourTurn", "status.turnOf"],
  auction: ["status.yourBid", "status.bidTurnOf"],
  call: ["status.yourCall", "status.callTurnOf"],
};

/**
 * What the status line says, as {key, params} for i18n, with `mine: true` when it is your
 * turn. `nameOf(seat)` gives a name.
 */
export function statusOf(state, nameOf) {
  if (!state || !state.room) return { key: "status.noTable", params: {} };
  const room = state.room;
  const match = state.match;
  const me = mySeat(state);
  if (match && match.over) return { key: "status.matchOver", params: {} };
  const hand = match && match.hand;
  if (hand && !hand.over && hand.turn !== null && hand.turn !== undefined) {
    const [yours, theirs] = TURN_WORDS[hand.phase] || TURN_WORDS.play;
    if (hand.turn === me) return { key: yours, params: {}, mine: true };
    return { key: theirs, params: { name: nameOf(hand.turn) } };
  }
  if (hand && hand.over) return { key: "status.handOver", params: {} };
  if (room.free_seats > 0) return { key: "status.waitSeats", params: { n: room.free_seats } };
  return { key: "status.waitReady", params: {} };
}

// ---- The end of a hand -----------------------------------------------------------------

/**
 * The facts of a finished hand for the summary: points per side, the winning side (or
 * null for a draw), and whether it is the viewer's side.
 */
export function handSummary(state) {
  const match = state && state.match;
  const hand = match && match.hand;
  if (!hand || !hand.over) return null;
  const me = mySeat(state);
  const mySide = me === null ? null : sideOf(me, hand.players);
  const winner = hand.result === null || hand.result === "draw" ? null : Number(hand.result);
  const records = state.records || [];
  const record = records.length ? records[records.length - 1] : null;
  return {
    points: hand.points || [],
    winner,
    draw: hand.result === "draw",
    mine: winner !== null && winner === mySide,
    mySide,
    resigned: hand.resigned ?? match.resigned ?? null,
    seed: hand.seed,
    commitment: hand.commitment,
    handId: record ? record.hand_id : null,
    wins: match.wins,
    matchOver: match.over,
    winners: match.winners || [],
  };
}

// ---- What this browser keeps per table (localStorage) ----------------------------------

/** How many tables each per-table map remembers (the most recent ones). */
const KEPT_TABLES = 20;

/** One map of table id → entry ({room, at, …}) under a localStorage key. */
function roomMap(key) {
  const load = (storage) => {
    try {
      const parsed = JSON.parse(storage.getItem(key) || "{}");
      return parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      return {};
    }
  };
  return {
    get(storage, room) {
      const entry = load(storage)[room];
      return entry && entry.room === room ? entry : null;
    },
    save(storage, room, fields) {
      const entries = load(storage);
      entries[room] = { room, ...fields, at: Date.now() };
      const kept = Object.values(entries)
        .sort((a, b) => (b.at || 0) - (a.at || 0))
        .slice(0, KEPT_TABLES);
      storage.setItem(key, JSON.stringify(Object.fromEntries(kept.map((e) => [e.room, e]))));
    },
    /** The tables kept, the most recent first. */
    rooms(storage) {
      return Object.values(load(storage))
        .filter((entry) => entry && entry.room)
        .sort((a, b) => (b.at || 0) - (a.at || 0))
        .map((entry) => entry.room);
    },
    drop(storage, room) {
      const entries = load(storage);
      if (!(room in entries)) return;
      delete entries[room];
      storage.setItem(key, JSON.stringify(entries));
    },
  };
}

// Tokens kept to take a seat back.
const tokens = roomMap("briscola.tokens");

export function tokenFor(storage, room) {
  const entry = tokens.get(storage, room);
  return entry && entry.token ? entry.token : null;
}

export const saveToken = (storage, room, token) => tokens.save(storage, room, { token });
/** The tables where this browser holds a seat's token (to offer "Back to your table"). */
export const tokenRooms = (storage) => tokens.rooms(storage);
export const dropToken = (storage, room) => tokens.drop(storage, room);

// Tables watched, to watch again after a reload.
const watching = roomMap("briscola.watching");

/** The entry {room, name, at} if this browser was watching that table, else null. */
export const watchingAt = (storage, room) => watching.get(storage, room);
export const saveWatching = (storage, room, name) => watching.save(storage, room, { name });
export const dropWatching = (storage, room) => watching.drop(storage, room);

// ---- Routing ---------------------------------------------------------------------------

/**
 * The route of a path: "/" is the lobby, "/t/{room}" a table, "/leaderboard", "/u/{id}" a
 * profile, "/r/{hand}" the replay of a finished hand, "/help" how to play.
 */
export function routeOf(pathname) {
  const m = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (m) return { name: "table", room: decodeURIComponent(m[1]) };
  if (/^\/leaderboard\/?$/.test(pathname)) return { name: "leaderboard" };
  if (/^\/help\/?$/.test(pathname)) return { name: "help" };
  if (/^\/my-games\/?$/.test(pathname)) return { name: "mygames" };
  const profile = /^\/u\/([^/]+)\/?$/.exec(pathname);
  if (profile) return { name: "profile", id: decodeURIComponent(profile[1]) };
  const replay = /^\/r\/([^/]+)\/?$/.exec(pathname);
  if (replay) return { name: "replay", id: decodeURIComponent(replay[1]) };
  const mail = /^\/email\/(confirm|stop)\/?$/.exec(pathname);
  if (mail) return { name: "mail", id: mail[1] };
  return { name: "lobby" };
}

export function pathOf(route) {
  if (route.name === "leaderboard") return "/leaderboard";
  if (route.name === "help") return "/help";
  if (route.name === "mygames") return "/my-games";
  if (route.name === "profile") return `/u/${encodeURIComponent(route.id)}`;
  if (route.name === "replay") return `/r/${encodeURIComponent(route.id)}`;
  if (route.name === "mail") return `/email/${route.id}`;
  return route.name === "table" ? `/t/${encodeURIComponent(route.room)}` : "/";
}
