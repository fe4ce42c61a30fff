// The site in one document. The collection ("./", index.html) and every game
// (play.html?game=<name>, the same document: build.py copies it) are routes
// of this page, switched with the History API, so the engine boots once per
// visit: a player who clicks Play while Python is still starting sees the
// game's board as soon as the engine can deal, and Back returns to the
// collection without a second boot. Any address of the site, opened
// directly, shows its route.

import { engine } from "./early-engine.js";
import { mountEngineStatus } from "./engine-status.js";
import { setupLanguage } from "./language.js";
import { registerServiceWorker } from "./offline.js";
import { renderCollection } from "./collection.js";
import { refreshDaily } from "./daily.js";
import { renderLearn } from "./learn/list.js";
import { onLanguageChange, t } from "./i18n.js";
import { mountRanking } from "./ranking.js";
import { addressLink } from "./links.js";
import { mountGame } from "./play.js";
import { mountOpenFile } from "./open-file.js";
import { mountPractice } from "./practice-page.js";
import { mountStats } from "./stats/page.js";
import { themeMenu } from "./theme.js";

const html = document.documentElement;
const $ = (id) => document.getElementById(id);
const home = $("home");
const shell = $("shell");
const statsRoot = $("stats"); // a game's statistics (./?stats=<game>, issue 44)
const status = $("engine");
const gameTitle = $("game-title");
const SITE = new URL("./", location.href); // the folder both addresses live in

let games = null; // list_games' answer, once the engine is up
let failed = false;
const renderHome = () => {
  renderCollection($("games"), games, failed);
  // The lessons, ticked as done (and the cards' Learn links at the next lesson): fetched only for the start page.
  if ((routeOf(location.href) ?? "home") === "home") renderLearn($("learn-list"));
};

// Light, dark or as the system (issue 44): in the start page's footer; a game has its own in its menu.
home.querySelector(".site-footer").prepend(themeMenu({ id: "theme-home" }));
setupLanguage();
const boot = mountEngineStatus(status, { engine });
// The service worker registers once the first board is dealt and the engine idle: its precache never competes.
registerServiceWorker(boot.whenIdle());
boot.onReady(async () => {
  failed = false;
  games = await boot.engine.call({ cmd: "list_games" });
  renderHome();
});
boot.onFailure(() => {
  failed = true;
  renderHome();
});
const ranking = mountRanking($("ranking"));
const statsPage = mountStats(statsRoot);
// A game saved as a file, opened with the picker or dropped on the start page (issue 42).
const openFile = mountOpenFile($("open-file"), { navigate: (href) => navigate(href), shown: () => html.dataset.route === "home" });
onLanguageChange(() => {
  renderHome();
  ranking.render();
  openFile.render();
  if (html.dataset.route === "home") document.title = t("site.title");
  if (html.dataset.route === "stats") {
    statsPage.render();
    document.title = `${statsPage.heading().textContent} · ${t("site.title")}`;
  }
});

/** What a URL shows: "home", a game's {game, params}, a game's statistics {stats}, or null for any other address. */
function routeOf(href) {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(SITE.pathname)) return null;
  const file = url.pathname.slice(SITE.pathname.length);
  if (file === "" || file === "index.html") return url.searchParams.has("stats") ? { stats: url.searchParams.get("stats") } : "home";
  if (file === "play.html") return { game: url.searchParams.get("game") ?? "", params: url.searchParams };
  return null;
}

let shown = null; // {key, game}: the route on the page; game is mountGame's handle
const left = new Set(); // games the player left during this visit: coming back continues them
let leaving = Promise.resolve(); // the last game's unmount

/** The page's frame for a route: the collection, or a game's shell under its title. */
function layout(isGame) {
  html.dataset.route = isGame ? "game" : "home";
  document.body.classList.toggle("play-page", isGame);
  shell.hidden = !isGame;
  home.hidden = isGame;
  statsRoot.hidden = true;
  gameTitle.hidden = !isGame;
  gameTitle.textContent = ""; // the game names itself as it mounts
}

function showRoute() {
  const route = routeOf(location.href) ?? "home";
  // A link in the address (#g=, #c=, #p=: js/links.js) is a route of its own; an anchor (#learn) is not.
  const key = route === "home" ? "home" : location.search + (addressLink(location.hash) ? location.hash : "");
  if (shown?.key === key) return;
  if (shown?.game) {
    left.add(shown.name);
    leaving = shown.game.unmount();
  }
  if (route.stats !== undefined) { // a game's statistics, in the start page's place (js/stats/page.js)
    layout(false);
    html.dataset.route = "stats";
    home.hidden = true;
    statsRoot.hidden = false;
    shown = { key, game: null };
    statsPage.render(route.stats);
    document.title = `${statsPage.heading().textContent} · ${t("site.title")}`;
    return;
  }
  layout(route !== "home");
  if (route === "home") {
    shown = { key, game: null };
    document.title = t("site.title");
    status.hidden = false;
    $("home-engine").append(status);
    ranking.render(); // a game just finished is in the history now
    renderLearn($("learn-list")); // a lesson just finished is ticked now
    refreshDaily($("games")); // a deal of the day just finished is said now
    return;
  }
  if (route.params.has("practice")) { // practice positions (issue 41): the game's save is never touched
    shown = { key, game: mountPractice(shell, { name: route.game, params: route.params, boot, status }) };
    return;
  }
  shown = {
    key,
    name: route.game,
    // A game opened fresh offers its save back; one left a moment ago in this visit simply goes on.
    game: mountGame(shell, {
      name: route.game, params: route.params, hash: location.hash, boot, status, after: leaving,
      ask: !left.has(route.game), goTo: navigate,
    }),
  };
}

/** Follow a link to another route of this page without leaving it (`replace`: in place of this one in the history). */
function navigate(href, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  showRoute();
  const target = new URL(href, location.href).hash.slice(1); // a part of the page (./#learn): there
  const part = target ? document.getElementById(target) : null;
  if (part) part.scrollIntoView();
  else window.scrollTo(0, 0);
  if (!part) arrive();
}

/** After a route change, a keyboard or screen-reader user continues at the new route's heading. */
function arrive() {
  const heading = { home: $("collection-heading"), stats: statsPage.heading() }[html.dataset.route] ?? gameTitle;
  heading.focus({ preventScroll: true });
}

document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[href]");
  if (!link || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window
  if (link.target && link.target !== "_self") return;
  if (link.hasAttribute("download") || !routeOf(link.href)) return;
  event.preventDefault();
  if (link.closest("dialog[open]")) link.closest("dialog").close();
  navigate(link.href);
});
// A link pasted into the address of the open page changes only its `#`: that link is shown.
window.addEventListener("hashchange", () => {
  showRoute();
  arrive();
});
window.addEventListener("popstate", () => {
  showRoute();
  arrive();
});

renderHome();
showRoute();
