// Registers the service worker (sw.js at the site's root), says whether the
// site is ready to play offline, and tells the player when a new version is
// ready. Accepting reloads into it; otherwise it is used once every tab of the
// site has closed.
//
// <html data-sw="controlled"> marks a page the worker serves. Whether offline
// play works is said by js/offline-line.js (<html data-offline>, the line):
// "ready" only once an active worker's build is whole in Cache Storage (every
// file of its manifest, checked here, never assumed from a controller), with
// the games it holds; "saving" until then (not saved yet, or saving, with the
// worker's progress); "failed" while a failed try waits for the next one;
// "unsupported" where this browser or window cannot keep the site.
//
// When: a first visit registers once the first board is dealt and the engine
// idle (`when`), so the precache never competes with the boot. A visitor may
// leave before the precache is done: the try is remembered (localStorage
// "cardgarden.offline-pending"), so the next visit registers at the same
// moment or SOON_MS after it opened, whichever is first (an engine that never
// goes idle does not hold it up), and its install fetches only what the cut-short one
// did not store (sw.js). Until then the line says it is not ready.
//
// A failed first install is retried with back-off, not on every visit: each
// install fetches every file of the site. localStorage "cardgarden.offline"
// holds {failures, failed_at, reason}; until failed_at plus the back-off for
// that many failures has passed, pages do not call register() at all, and a
// page left open tries again itself once it has. A worker that becomes ready
// removes the record. (A failed *update* is the service worker's own business:
// the older build keeps serving, sw.js backs off by itself, and the player is
// not bothered.)

import { backoffMs } from "./backoff.js";
import { GAMES, TEST_GAMES } from "./collection.js";
import { t, onLanguageChange } from "./i18n.js";
import { offlineState, onOfflineRefresh, refreshOfflineLines, retryWait, setOfflineState } from "./offline-line.js";
import { readJSON, readText, remove, writeJSON, writeText } from "./storage.js";

const html = document.documentElement;
const BACKOFF_KEY = "offline";
const PENDING_KEY = "offline-pending"; // an install begun on an earlier visit and not seen finished
const SOON_MS = 10_000;
const PREFIX = "cardgarden-"; // sw.js's caches: one per build, and its state
const STATE_CACHE = `${PREFIX}state`;

let started = null;

function showUpdateBar(accept) {
  let bar = document.querySelector(".update-bar");
  if (!bar) {
    bar = document.createElement("div");
    bar.className = "update-bar";
    bar.setAttribute("role", "status");
    const text = document.createElement("span");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    bar.append(text, button);
    document.body.append(bar);
    const label = () => {
      text.textContent = t("update.ready");
      button.textContent = t("update.apply");
    };
    label();
    onLanguageChange(label);
    button.addEventListener("click", () => {
      button.disabled = true;
      accept();
    });
  }
  html.dataset.update = "ready";
}

/** The stored record of failed installs, or null (a damaged record is only a hint: dropped). */
function readBackoff() {
  const { value, corrupt } = readJSON(BACKOFF_KEY);
  if (corrupt !== undefined) remove(BACKOFF_KEY);
  if (!value || !Number.isInteger(value.failures) || value.failures < 1) return null;
  const failedAt = Date.parse(value.failed_at);
  return Number.isNaN(failedAt) ? null : { ...value, failedAt };
}

/** When the next install may be tried; a failure stamped in the future (a clock set back) allows it now. */
function retryTime(record) {
  if (record.failedAt > Date.now()) return 0;
  return record.failedAt + backoffMs(record.failures);
}

const FLOATING_MS = 12_000;

/**
 * A quiet note that offline play is not there yet, and when it is tried
 * again. The collection has a place for it (#offline-notice); a player in a
 * game gets a small bar instead (#offline-bar), with a close button, that also
 * goes by itself after a while, as it may cover part of the game. An embedded
 * game says nothing: it is a guest on someone else's page. (The line says it
 * too, quietly, for as long as it is true: js/offline-line.js.)
 */
function showOfflineNotice() {
  if (document.body.classList.contains("embed")) return;
  const place = document.getElementById("offline-notice");
  if (place) fillOfflineNotice(place).hidden = false;
  refreshOfflineLines(); // the start page's line gives way to the notice
  if (place && html.dataset.route !== "game") return;
  let bar = document.getElementById("offline-bar");
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "offline-bar";
    bar.className = "offline-notice floating";
    bar.setAttribute("role", "status");
    document.body.append(bar);
  }
  fillOfflineNotice(bar).hidden = false;
  setTimeout(() => {
    bar.hidden = true;
  }, FLOATING_MS);
}

function fillOfflineNotice(notice) {
  if (notice.firstChild) return notice;
  const text = document.createElement("span");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "offline-close";
  close.textContent = "×";
  notice.append(text, close);
  const label = () => {
    const { kind, retryAt } = offlineState();
    text.textContent = kind === "failed" ? t("offline.unavailable.retry", { wait: retryWait(retryAt) }) : t("offline.unavailable");
    close.setAttribute("aria-label", t("offline.close"));
    close.title = t("offline.close");
  };
  label();
  onLanguageChange(label);
  onOfflineRefresh(label); // the wait counts down
  close.addEventListener("click", () => {
    notice.hidden = true;
    refreshOfflineLines(); // the start page's line says it from now on
  });
  return notice;
}

function hideOfflineNotices() {
  for (const id of ["offline-notice", "offline-bar"]) {
    const notice = document.getElementById(id);
    if (notice) notice.hidden = true;
  }
}

// A file of one game: its board's folder, its lessons, its practice positions, its picture.
const GAME_FILE = /^(?:games\/([^/]+)\/|(?:learn|practice)\/([^/]+)\.json$|img\/([^/]+)\.svg$)/;
const KNOWN_GAMES = new Set([...GAMES.map((g) => g.name), ...TEST_GAMES]);

function gameOf(path) {
  const match = GAME_FILE.exec(path);
  const name = match && (match[1] ?? match[2] ?? match[3]);
  return KNOWN_GAMES.has(name) ? name : null;
}

/**
 * The games that play offline from a whole build in Cache Storage: one whose cache holds its
 * manifest (sw.js stores it last) and every file the site and the game need. [] when there is
 * none. Read with caches.match, which opens no cache: caches.open would make one again that a
 * new build's worker has just deleted.
 */
async function cachedGames(scope) {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== STATE_CACHE);
  for (const cacheName of names) {
    const stored = await caches.match(new URL("manifest.json", scope).href, { cacheName });
    const manifest = stored ? await stored.json().catch(() => null) : null;
    if (!manifest?.files || `${PREFIX}${manifest.build}` !== cacheName) continue;
    const paths = Object.keys(manifest.files);
    const found = await Promise.all(paths.map((path) => caches.match(new URL(path, scope).href, { cacheName })));
    const missing = paths.filter((_, i) => !found[i]);
    if (missing.some((path) => !gameOf(path))) continue; // the site itself is not whole
    const games = GAMES.map((g) => g.name).filter((name) => !missing.some((path) => gameOf(path) === name));
    if (games.length) return games;
  }
  return [];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Marks the page at once (controlled, ready or not yet) and registers sw.js
 * once `when` resolves: pages pass the moment the engine has dealt the first
 * board and gone idle, so the precache never competes with the boot.
 */
export function registerServiceWorker(when = Promise.resolve()) {
  started ??= start(when); // once per page is enough
  return started;
}

/** The start page's line, under the engine panel (where the notice of a failure goes too). */
function placeHomeLine() {
  const notice = document.getElementById("offline-notice");
  if (!notice || notice.previousElementSibling?.localName === "offline-line") return;
  const line = document.createElement("offline-line");
  line.className = "offline-line home";
  notice.before(line);
}

function unsupported(reason) {
  console.info("offline play unavailable here:", reason);
  setOfflineState({ kind: "unsupported" });
}

async function start(when) {
  placeHomeLine();
  if (!("serviceWorker" in navigator) || typeof caches === "undefined") {
    unsupported("this browser keeps no service worker (or not on this address)");
    return;
  }
  const container = navigator.serviceWorker;
  const scope = new URL("../", import.meta.url);
  // A visit after one whose install did not finish registers soon, even if the engine never goes idle.
  const soon = readText(PENDING_KEY) === null ? when : Promise.race([when, sleep(SOON_MS)]);
  let registration = await container.getRegistration(scope).catch(() => null);
  let accepted = false;
  let ready = false;
  let current = null; // the try under way: {resolve, kind: "install" | "fill"}
  let failure = null; // the record of the try that failed last (a second report of it may add the reason)

  const finish = (outcome) => {
    const done = current;
    current = null;
    done?.resolve(outcome);
  };

  /** Ready once an active worker's build is whole in the cache; otherwise false. */
  const confirm = async () => {
    registration ??= await container.getRegistration(scope).catch(() => null);
    if (!registration?.active) return false;
    const games = await cachedGames(scope).catch(() => []);
    if (!games.length) return false;
    ready = true;
    remove(BACKOFF_KEY);
    remove(PENDING_KEY);
    hideOfflineNotices();
    setOfflineState({ kind: "ready", games });
    return true;
  };
  const mark = () => {
    if (!container.controller) return;
    html.dataset.sw = "controlled";
    confirm();
  };

  const tryFailed = (reason) => {
    if (!current) {
      // The same failure told twice (the worker gone, then its message): the record gets the reason.
      if (failure && reason && !failure.reason) writeJSON(BACKOFF_KEY, (failure = { ...failure, reason }));
      return;
    }
    const before = readBackoff();
    failure = { failures: (before?.failures ?? 0) + 1, failed_at: new Date().toISOString(), reason: reason ?? null };
    writeJSON(BACKOFF_KEY, failure);
    console.info("offline play unavailable for now:", reason ?? "the install failed");
    finish("failed");
  };
  const updateFailed = (reason) => {
    // An update of an older, working build: it keeps serving; nothing to alarm anyone about.
    console.info("a new version of the offline files could not be installed; the current one stays:", reason);
  };

  container.addEventListener("controllerchange", () => {
    mark();
    if (accepted) location.reload();
  });
  container.addEventListener("message", (event) => {
    const message = event.data ?? {};
    if (message.type === "offline-progress") {
      // An update's progress is its own business: the build that serves is ready already. (And a
      // failed try's last files may still report after its failure: that try is over.)
      const saying = ["waiting", "saving"].includes(offlineState().kind);
      if (!ready && saying && !message.background) setOfflineState({ kind: "saving", done: message.done, total: message.total });
    } else if (message.type === "offline-filled") {
      finish("ok");
      confirm();
    } else if (message.type === "install-failed") {
      // sw.js says what failed; it may arrive before or after the worker turns redundant.
      if (message.update) updateFailed(message.reason);
      else tryFailed(message.reason);
    }
  });
  container.startMessages();

  if (container.controller) html.dataset.sw = "controlled";
  // The check asks Cache Storage for every file of the build: on a page a worker already serves it
  // waits for the engine to be up and idle, so it never competes with a return visit's boot (the
  // line stays empty until then). A first visit has nothing to check, and says "not yet" at once.
  if (registration?.active) await when;
  if (!(await confirm())) setOfflineState({ kind: "waiting" });
  registration?.installing?.postMessage({ type: "tell-progress" }); // an install under way (another tab's, a reload's)

  const offer = (worker) => {
    if (!container.controller) return; // the first install: nothing to replace
    showUpdateBar(() => {
      accepted = true;
      worker.postMessage({ type: "skip-waiting" });
    });
  };
  const watched = new WeakSet();
  const watch = (worker) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    let installed = false;
    const check = () => {
      if (worker.state === "installed") {
        installed = true;
        if (current?.kind === "install") finish("ok");
        offer(worker);
      } else if (worker.state === "activating" || worker.state === "activated") {
        installed = true;
        if (current?.kind === "install") finish("ok");
      } else if (worker.state === "redundant" && !installed) {
        // Gone before it was installed: the install failed.
        if (registration?.active) updateFailed(null);
        else tryFailed(null);
      }
    };
    worker.addEventListener("statechange", check);
    check();
  };

  /** register(): the registration, or null where this window may not keep a worker. */
  const register = async () => {
    try {
      const found = await container.register(new URL("../sw.js", import.meta.url), { scope });
      if (!found) throw new Error("register() gave no registration"); // a stubbed register(): an automated browser that blocks workers
      registration = found;
    } catch (err) {
      // Not allowed here (a sandboxed frame, a private window, storage blocked): the site works online.
      if (ready) console.info("the service worker could not be registered again:", err.message);
      else unsupported(err.message);
      return null;
    }
    if (registration.waiting) offer(registration.waiting);
    registration.installing?.postMessage({ type: "tell-progress" }); // an install under way (another tab's, a reload's)
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    if (!ready) container.ready.then(confirm);
    return registration;
  };

  if (ready || registration?.active) {
    // A worker is there: what remains is to hear of updates (and, for a cache found short of
    // files, to have it filled in, paced like a first install).
    await when;
    if (!(await register())) return;
    if (ready) return;
  }
  for (;;) {
    const record = readBackoff();
    const wait = record ? retryTime(record) - Date.now() : 0;
    if (wait > 0) {
      console.info(`offline play unavailable; next try after ${new Date(retryTime(record)).toISOString()}`);
      setOfflineState({ kind: "failed", retryAt: retryTime(record) });
      showOfflineNotice();
      await sleep(wait);
      if (ready) return;
      hideOfflineNotices();
      setOfflineState({ kind: "waiting" });
    }
    await soon;
    if (ready) return;
    const fresh = readBackoff(); // another tab's try may have failed meanwhile
    if (fresh && retryTime(fresh) > Date.now()) continue;
    writeText(PENDING_KEY, new Date().toISOString());
    const outcome = new Promise((resolve) => {
      current = { resolve, kind: registration?.active ? "fill" : "install" };
    });
    if (current.kind === "fill") {
      // The active build's cache lacks files (cleared by hand in the browser's tools): sw.js fetches them.
      setOfflineState({ kind: "saving" });
      registration.active.postMessage({ type: "fill" });
    } else {
      if (offlineState().kind !== "saving") setOfflineState({ kind: "saving" });
      if (!(await register())) return;
    }
    if ((await outcome) === "ok") return; // the worker activates, and confirm() says ready
  }
}
