// The score pad's service worker, served at /score/sw.js with the scope /score (the server
// sends Service-Worker-Allowed for it). It keeps the files the pad needs when it is
// installed, and answers them network first: the current files while the server answers,
// the kept ones when the network or the server is gone (or slower than NETWORK_WAIT_MS).
// Nothing else the site serves passes through it.

const CACHE = "briscola-score-1";
/** Every file /score needs: the page, its modules (those it shares with the site too), its
 * styles, the manifest and the icon. Changing the list, change CACHE too: the new worker
 * then keeps them in a cache of its own and drops the old one. */
const FILES = [
  "/score",
  "/score/manifest.webmanifest",
  "/static/score/page.js",
  "/static/score/pad.js",
  "/static/score/score.css",
  "/static/score/icon.svg",
  "/static/js/dom.js",
  "/static/js/i18n.js",
  "/static/css/app.css",
];
const NETWORK_WAIT_MS = 3000;

self.addEventListener("install", (event) => {
  const fresh = FILES.map((path) => new Request(path, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (names) => names.filter((name) => name.startsWith("briscola-score-") && name !== CACHE);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(old(names).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !FILES.includes(url.pathname)) return;
  event.respondWith(networkFirst(url.pathname));
});

/** The file from the server (and kept again), else the copy kept (also for an error answer,
 * a proxy's with the server down); no copy and no network is the network's own error. */
async function networkFirst(path) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(path, { signal: AbortSignal.timeout(NETWORK_WAIT_MS) });
    if (!response.ok) return (await cache.match(path)) ?? response;
    await cache.put(path, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}
