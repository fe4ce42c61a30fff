// Registers the service worker (sw.js at the site's root) and tells the
// player when a new version is ready. Accepting reloads into it; otherwise it
// is used once every tab of the site has closed.
//
// <html data-sw="controlled"> marks a page the worker serves;
// <html data-offline="ready"> says offline play works (a worker is active),
// <html data-offline="failed"> that the first install failed (a damaged
// deploy: a file that does not match the manifest, a dropped connection).
//
// A failed first install is retried with back-off, not on every visit: each
// install fetches every file of the site. localStorage "cardgarden.offline"
// holds {failures, failed_at, reason}; until failed_at plus the back-off for
// that many failures has passed, pages do not call register() at all. A
// worker that becomes active removes the record. (A failed *update* is the
// service worker's own business: the older build keeps serving, sw.js backs
// off by itself, and the player is not bothered.)

import { backoffMs } from "./backoff.js";
import { t, onLanguageChange } from "./i18n.js";
import { readJSON, remove, writeJSON } from "./storage.js";

const html = document.documentElement;
const BACKOFF_KEY = "offline";

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
 * A quiet note that offline play is not there yet. The collection has a place
 * for it (#offline-notice); a player in a game gets a small bar instead
 * (#offline-bar), with a close button, that also goes by itself after a
 * while, as it may cover part of the game. An embedded game says nothing: it
 * is a guest on someone else's page.
 */
function showOfflineNotice() {
  html.dataset.offline = "failed";
  if (document.body.classList.contains("embed")) return;
  const place = document.getElementById("offline-notice");
  if (place) fillOfflineNotice(place).hidden = false;
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
    text.textContent = t("offline.unavailable");
    close.setAttribute("aria-label", t("offline.close"));
    close.title = t("offline.close");
  };
  label();
  onLanguageChange(label);
  close.addEventListener("click", () => {
    notice.hidden = true;
  });
  return notice;
}

function offlineReady() {
  html.dataset.offline = "ready";
  remove(BACKOFF_KEY);
  for (const id of ["offline-notice", "offline-bar"]) {
    const notice = document.getElementById(id);
    if (notice) notice.hidden = true;
  }
}

/**
 * Marks the page at once (controlled, offline ready) and registers sw.js
 * once `when` resolves: pages pass the moment the engine has dealt the first
 * board and gone idle, so the precache never competes with the boot.
 */
export function registerServiceWorker(when = Promise.resolve()) {
  started ??= start(when); // once per page is enough
  return started;
}

async function start(when) {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  const scope = new URL("../", import.meta.url);
  const mark = () => {
    if (!container.controller) return;
    html.dataset.sw = "controlled";
    offlineReady();
  };
  mark();
  let accepted = false;
  container.addEventListener("controllerchange", () => {
    mark();
    if (accepted) location.reload();
  });

  let registration = null;
  let failed = false;
  const installFailed = (reason, update = false) => {
    if (failed) return;
    failed = true;
    if (update || registration?.active || container.controller) {
      // An update of an older, working build: it keeps serving; nothing to alarm anyone about.
      console.info("a new version of the offline files could not be installed; the current one stays:", reason);
      return;
    }
    const before = readBackoff();
    writeJSON(BACKOFF_KEY, {
      failures: (before?.failures ?? 0) + 1, failed_at: new Date().toISOString(), reason: reason ?? null,
    });
    console.info("offline play unavailable for now:", reason ?? "the install failed");
    showOfflineNotice();
  };
  container.addEventListener("message", (event) => {
    // sw.js says what failed; it may arrive before or after the worker turns redundant.
    if (event.data?.type !== "install-failed") return;
    const { reason, update } = event.data;
    if (failed && !update && !registration?.active && !container.controller) {
      const record = readBackoff();
      if (record) writeJSON(BACKOFF_KEY, { failures: record.failures, failed_at: record.failed_at, reason });
    }
    installFailed(reason, update);
  });
  container.startMessages();

  if (!container.controller) {
    const record = readBackoff();
    if (record && Date.now() < retryTime(record)) {
      // A reload that bypassed the worker (Shift+Reload) still has a working one.
      const existing = await container.getRegistration(scope).catch(() => null);
      if (existing?.active) {
        offlineReady();
      } else {
        console.info(`offline play unavailable; next try after ${new Date(retryTime(record)).toISOString()}`);
        showOfflineNotice();
        return;
      }
    }
  }

  await when;
  try {
    registration = await container.register(new URL("../sw.js", import.meta.url), { scope });
  } catch (err) {
    // Not allowed here (a sandboxed frame, a private window): the site works online.
    console.info("offline play unavailable:", err.message);
    return;
  }
  if (!registration) return; // a stubbed register() (an automated browser that blocks workers)
  if (registration.active) offlineReady();
  container.ready.then(offlineReady);

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
        offer(worker);
      } else if (worker.state === "activating" || worker.state === "activated") {
        installed = true;
      } else if (worker.state === "redundant" && !installed) {
        installFailed(null); // gone before it was installed: the install failed
      }
    };
    worker.addEventListener("statechange", check);
    check();
  };
  if (registration.waiting) offer(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
}
