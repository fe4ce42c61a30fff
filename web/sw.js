// The service worker: the whole site, precached from the build manifest, so
// every game loads and plays offline after the first visit.
//
// One cache per build. build.py stamps BUILD below, so each deploy is a new
// sw.js: the browser installs it in the background while the old one keeps
// serving the old build's files; it takes over when every tab of the site has
// closed, or at once when the player accepts the "update ready" notice. A
// running game is never served a mix of two builds.
//
// A failed install (a file that does not match the manifest: a damaged
// deploy) deletes its half-filled cache and tells the open pages, which show
// a quiet notice and back off before they register again (js/offline.js).
// A failed *update* is retried by the browser on every navigation, so this
// worker backs off itself: while an older build is active, a build that
// failed recently fails again at once, without fetching a single file.
//
// An install cut short (the visitor closed the tab, the browser stopped the
// worker) leaves no worker, only part of this build's cache: the next visit
// registers again and its install keeps every file already stored that still
// matches the manifest, fetching only the rest. The pages hear how far it is
// ("offline-progress": bytes of the manifest's files stored) and say so.

const BUILD = "dev";
const PREFIX = "cardgarden-";
const CACHE = `${PREFIX}${BUILD}`;
const SCOPE = new URL("./", self.location.href).href;
const PARALLEL = 6;
const PROGRESS_MS = 250; // how often the pages hear how far the precache is
// Failed updates, kept only while there is one: {build, failures, failed_at}.
// Its name starts with PREFIX, so the next build that activates deletes it too.
const STATE = `${PREFIX}state`;
const STATE_URL = new URL("__install-state__", SCOPE).href;
// The wait after each failed update: build.py writes js/backoff.js's schedule here.
const BACKOFF_MINUTES = [];

async function digest(buffer) {
  const hash = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Fetch one file and check it against the manifest; the HTTP cache is tried first, then the network.
 * What is kept is a new Response: it has no URL of its own, so a module or
 * worker requested with a query (engine/worker.js?snapshots=0) keeps it in
 * import.meta.url. Its validators say which version it is (see sameInHttpCache).
 */
async function fetchChecked(path, expected) {
  for (const mode of ["default", "reload"]) {
    const response = await fetch(new URL(path, SCOPE), { cache: mode });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await digest(body)) === expected.sha256) {
      const headers = {};
      for (const name of ["Content-Type", "ETag", "Last-Modified"]) {
        if (response.headers.has(name)) headers[name] = response.headers.get(name);
      }
      return new Response(body, { headers });
    }
  }
  throw new Error(`${path}: content does not match the manifest`);
}

let lastProgress = null; // the precache's last "offline-progress", for a page that opens while it runs

/** A file that an earlier, cut-short install of this build stored, if its bytes still match the manifest. */
async function storedChecked(cache, path, expected) {
  const stored = await cache.match(new URL(path, SCOPE));
  if (!stored) return null;
  const body = await stored.arrayBuffer();
  return (await digest(body)) === expected.sha256 ? new Response(body, { headers: stored.headers }) : null;
}

/**
 * Every file of the manifest into this build's cache, checked; the manifest itself last, so
 * that a cache holding it holds the whole build. `background`: an update while an older build
 * serves (the pages do not show its progress).
 */
async function precache({ background = false } = {}) {
  const response = await fetch(new URL("manifest.json", SCOPE), { cache: "no-store" });
  const manifestText = await response.text();
  const manifest = JSON.parse(manifestText);
  if (manifest.build !== BUILD) throw new Error(`manifest is of build ${manifest.build}, not ${BUILD}`);
  const cache = await caches.open(CACHE);
  const queue = Object.entries(manifest.files);
  const total = queue.reduce((sum, [, file]) => sum + (file.size ?? 0), 0);
  let done = 0;
  let toldAt = 0;
  let failed = false;
  const progress = (now = false) => {
    lastProgress = { type: "offline-progress", build: BUILD, done, total, background };
    if (!now && Date.now() - toldAt < PROGRESS_MS) return;
    toldAt = Date.now();
    tellPages(lastProgress).catch(() => {});
  };
  progress(true);
  async function lane() {
    while (queue.length) {
      const [path, expected] = queue.shift();
      try {
        const stored = await storedChecked(cache, path, expected);
        const checked = stored ?? await fetchChecked(path, expected);
        if (!stored) await cache.put(new URL(path, SCOPE), checked.clone());
        if (path === "index.html") await cache.put(SCOPE, checked); // the site's own address
      } catch (err) {
        queue.length = 0; // one bad file fails the install: the other lanes stop fetching
        failed = true; // (and say nothing more of a progress that has ended)
        throw err;
      }
      done += expected.size ?? 0;
      if (!failed) progress();
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  await cache.put(new URL("manifest.json", SCOPE),
    new Response(manifestText, { headers: { "Content-Type": "application/json" } }));
  progress(true);
}

async function readFailures() {
  const response = await caches.match(STATE_URL, { cacheName: STATE }); // opens nothing new
  try {
    const state = response ? await response.json() : null;
    return state?.build === BUILD && Number.isInteger(state.failures) ? state : null;
  } catch {
    return null; // an unreadable note: try the install
  }
}

async function noteFailure(previous) {
  const state = { build: BUILD, failures: (previous?.failures ?? 0) + 1, failed_at: Date.now() };
  await (await caches.open(STATE)).put(STATE_URL, new Response(JSON.stringify(state)));
}

/** Tell every page of the site, also those no worker controls yet, so the player hears of it. */
async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

async function install() {
  // Only an update backs off here; a first install is paced by the pages (offline.js).
  const update = Boolean(self.registration.active);
  const failures = update ? await readFailures() : null;
  if (failures) {
    const wait = BACKOFF_MINUTES[Math.min(failures.failures, BACKOFF_MINUTES.length) - 1] * 60_000;
    if (Date.now() < failures.failed_at + wait && failures.failed_at <= Date.now()) {
      throw new Error(`build ${BUILD} failed to install ${failures.failures} time(s); next try after ${new Date(failures.failed_at + wait).toISOString()}`);
    }
  }
  try {
    await precache({ background: update });
  } catch (err) {
    await caches.delete(CACHE); // half a build is no build
    if (update) await noteFailure(failures);
    await tellPages({ type: "install-failed", build: BUILD, reason: err.message, update });
    throw err;
  }
  await caches.delete(STATE);
}

/**
 * The active build's cache found short of files by a page (cleared by hand in the browser's
 * tools): what is missing is fetched again, and the pages hear how it ended.
 */
async function fill() {
  try {
    await precache();
    await tellPages({ type: "offline-filled", build: BUILD });
  } catch (err) {
    await tellPages({ type: "install-failed", build: BUILD, reason: err.message, update: false, fill: true });
  }
}

// Static routes: where the browser supports them (InstallEvent.addRoutes, Chromium 123+), the site's
// scripts, styles, the standard library and the wheel come straight from this build's cache, without
// this worker's JavaScript. A page's seventy modules then no longer queue in front of the engine's
// files here, on a return visit above all. Only an address without a query: the cache holds each file
// by its address alone, and a page's settings ride in the query (play.html?game=...), which the fetch
// handler below looks past. The wasm stays with the handler (sameInHttpCache: the compiled code), as
// do the pages and anything else. A file missing from the cache goes to the network, as in the handler.
const ROUTED = ["*.js", "*.mjs", "*.css", "*.zip", "*.whl", "*.json", "*.svg", "*.png", "*.webmanifest"];

function addRoutes(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return;
  const base = new URL(SCOPE).pathname; // this site's sub-path: its files only
  try {
    event.addRoutes({
      condition: {
        or: ROUTED.map((ending) => ({
          urlPattern: new URLPattern({ pathname: `${base}${ending}`, search: "" }),
          requestMethod: "GET",
        })),
      },
      source: { cacheName: CACHE },
    });
  } catch (err) {
    console.info("no static routes:", err.message); // the fetch handler serves everything, as before
  }
}

self.addEventListener("install", (event) => {
  addRoutes(event);
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  if (event.data?.type === "fill") event.waitUntil(fill()); // sent to the active worker only (js/offline.js)
  // A page opened while the precache runs: how far it is, at once rather than with the next file.
  if (event.data?.type === "tell-progress" && lastProgress) event.source?.postMessage(lastProgress);
});

let opened = null; // this build's cache, opened once per run of the worker

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await (opened ??= caches.open(CACHE));
    // Pages take their settings in the query (play.html?game=...): the file is the same. Looked up
    // by its address without the query, not with ignoreSearch, which reads every entry of the cache.
    const url = new URL(request.url);
    const cached = await cache.match(url.search ? url.origin + url.pathname : request);
    if (cached && new URL(request.url).pathname.endsWith(".wasm")) {
      return (await sameInHttpCache(request.url, cached)) ?? cached;
    }
    return cached ?? fetch(request);
  })());
});

/**
 * The HTTP cache's copy of a precached file if it is the same version, else null; never the network.
 *
 * For WebAssembly only. Chromium keeps the machine code it compiled from a
 * .wasm response (pyodide.asm.wasm: 9.6 MB) in one of two places: for a
 * response from Cache Storage, beside that entry, written only once a visit
 * has compiled from it; for any other response, keyed by URL and the HTTP
 * cache's response time (and a Cache Storage response drops that entry). The
 * first visit compiled from the HTTP cache, before this worker existed, so
 * served from Cache Storage the next visit compiled the module all over
 * again (bench/code_cache.py traces it); served from the HTTP cache, it finds
 * that visit's code. The copy must carry the checked one's validators (an
 * update may have put the next build's file there). It is read from the
 * cache offline as well; once the HTTP cache has dropped it, Cache Storage serves.
 */
async function sameInHttpCache(url, cached) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    const same = (name) => response.headers.get(name) === cached.headers.get(name);
    const validated = cached.headers.has("ETag") || cached.headers.has("Last-Modified");
    if (response.ok && validated && same("ETag") && same("Last-Modified")) return response;
  } catch {
    // not in the HTTP cache
  }
  return null;
}
