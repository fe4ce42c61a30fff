// The offline-readiness line: one small line with an icon that tells a player
// whether the site will work without a network (on the train tomorrow), and
// which games. js/offline.js knows the state and sets it here; this module
// only says it, in every <offline-line> on the page: the start page has one
// under the engine panel, a game's shell (js/shell.js) one in its menu on a
// phone and one under the move log on a wide screen (css/site.css picks). An
// embedded game shows none: it is a guest on someone else's page.
//
// Owns: <html data-offline> ("saving": not saved yet, or saving now;
// "ready"; "failed": the last try failed, the next is waiting; "unsupported":
// this browser or window cannot keep the site) and the lines' words.

import { GAMES } from "./collection.js";
import { formatNumber, language, onLanguageChange, t } from "./i18n.js";

const html = document.documentElement;
const MARKS = { waiting: "saving", saving: "saving", ready: "ready", failed: "failed", unsupported: "unsupported" };
const HOUR_MINUTES = 90; // a wait longer than this is said in hours

// One small icon per state (24x24, stroked): a tray with an arrow, a tick, a warning, a crossed circle.
const ICONS = {
  waiting: "M12 3v12M7 10l5 5 5-5M4 20.5h16",
  saving: "M12 3v12M7 10l5 5 5-5M4 20.5h16",
  ready: "M4 20.5h16M5.5 11l4.5 4.5L19 6",
  failed: "M12 3 2.5 20.5h19zM12 9.5v5M12 17.5v.1",
  unsupported: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8",
};

let state = { kind: null };
const lines = new Set();
const others = new Set(); // more words about the same state (js/offline.js's notice)
let ticker = null;

/**
 * The state to say: {kind: "waiting"} (not saved yet; saving starts once the games are
 * ready), {kind: "saving", done, total} (bytes, when the service worker has said),
 * {kind: "ready", games: [names]}, {kind: "failed", retryAt: ms since the epoch},
 * {kind: "unsupported"}.
 */
export function setOfflineState(next) {
  state = { ...next };
  if (MARKS[state.kind]) html.dataset.offline = MARKS[state.kind];
  clearInterval(ticker);
  // "trying again in 9 minutes" counts down while the page is open.
  if (state.kind === "failed") ticker = setInterval(refreshOfflineLines, 30_000);
  refreshOfflineLines();
}

export function offlineState() {
  return state;
}

/** Draw every line again (the state, the language or the start page's notice changed). */
export function refreshOfflineLines() {
  for (const line of lines) render(line);
  for (const fn of others) fn(state);
}

/** Call fn(state) whenever the lines are drawn again (the wait of a failed try counts down). */
export function onOfflineRefresh(fn) {
  others.add(fn);
  return () => others.delete(fn);
}

/** How long until the next try, in words: "10 minutes", "6 hours" (never "0 minutes"). */
export function retryWait(retryAt) {
  const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000));
  if (minutes <= HOUR_MINUTES) return t("offline.minutes", { n: minutes });
  return t("offline.hours", { n: Math.round(minutes / 60) });
}

/** The games of the site in the page's language: "Hanamikoji, Koi-Koi and Hanabi". */
function gameList(names) {
  const titles = GAMES.filter((g) => names.includes(g.name)).map((g) => t(`game.${g.name}.title`));
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(titles);
}

function text() {
  switch (state.kind) {
    case "waiting":
      return t("offline.line.waiting");
    case "saving":
      return state.total
        ? t("offline.line.progress", { done: formatNumber(state.done / 1e6), total: formatNumber(state.total / 1e6) })
        : t("offline.line.saving");
    case "ready":
      return t("offline.line.ready", { games: gameList(state.games) });
    case "failed":
      return t("offline.line.failed", { wait: retryWait(state.retryAt) });
    case "unsupported":
      return t("offline.line.unsupported");
    default:
      return "";
  }
}

function render(line) {
  const kind = state.kind;
  // On the start page a failure has its own notice (#offline-notice) while it is open: not said twice.
  const notice = document.getElementById("offline-notice");
  const told = kind === "failed" && line.classList.contains("home") && notice && !notice.hidden;
  line.hidden = !kind || told || document.body.classList.contains("embed");
  if (!kind) return;
  line.dataset.state = kind;
  if (!line.firstChild) {
    line.innerHTML = `<svg class="offline-icon" viewBox="0 0 24 24" aria-hidden="true"><path/></svg><span class="offline-text"></span>`;
  }
  line.querySelector("path").setAttribute("d", ICONS[kind]);
  line.querySelector(".offline-text").textContent = text();
}

/** <offline-line>: says the state wherever it is placed, also in markup drawn later (a game's shell). */
class OfflineLine extends HTMLElement {
  connectedCallback() {
    lines.add(this);
    render(this);
  }

  disconnectedCallback() {
    lines.delete(this);
  }
}

if (!customElements.get("offline-line")) customElements.define("offline-line", OfflineLine);
onLanguageChange(refreshOfflineLines);
