// The collection on the start page: one card per game, with its status from
// the engine's list_games once the engine is ready (Play is there at once).

import { t } from "./i18n.js";
import { DAILY_GAMES, dailyEntry } from "./daily.js";

// The AI levels of every game, easiest first; a game may add more (`levels`).
// Both are the engine's own lists (list_games; tests/test_site.py checks).
export const LEVELS = ["easy", "normal", "hard"];
export const DEFAULT_LEVEL = "normal"; // what a player gets who has not picked one


// `board`: the front end can draw this game (web/games/<name>/). A game is
// offered to play only when the engine says it is playable and it has a board.
export const GAMES = [
  { name: "hanamikoji", players: [2, 2], art: "img/hanamikoji.svg", board: true, levels: [...LEVELS, "expert"] },
  { name: "koikoi", players: [2, 2], art: "img/koikoi.svg", board: true, levels: [...LEVELS, "expert"] },
  { name: "hanabi", players: [2, 5], art: "img/hanabi.svg", board: true },
];

// Reachable by URL for tests, never listed: play.html?game=nim.
export const TEST_GAMES = ["nim"];

/** The levels a game's AI plays (a name the site does not know gets the common ones). */
export function levelsOf(game) {
  return GAMES.find((g) => g.name === game)?.levels ?? LEVELS;
}

/** A level menu's options, the default chosen; named in the page's language
 * (data-i18n keeps them named when translate() runs again). */
export function levelOptions(levels) {
  return levels.map((level) => {
    const option = new Option(t(`level.${level}`), level, level === DEFAULT_LEVEL, level === DEFAULT_LEVEL);
    option.dataset.i18n = `level.${level}`;
    return option;
  });
}

function playersText([min, max]) {
  return min === max ? t("game.players.fixed", { n: min }) : t("game.players.range", { min, max });
}

/**
 * Play is offered at once: a player who clicks it while the engine boots sees
 * the game's page say so and the board as soon as the engine can deal. Once
 * the engine has answered, a game it cannot play says "soon"; after a failed
 * boot, "unavailable" (the engine panel above offers "Try again").
 */
function statusElement(game, engineGames, failed) {
  const info = engineGames?.find((g) => g.name === game.name);
  if (game.board && (engineGames ? info?.playable : !failed)) {
    const link = document.createElement("a");
    link.className = "button primary";
    link.href = `play.html?game=${encodeURIComponent(game.name)}`;
    link.textContent = t("game.status.play");
    return link;
  }
  const badge = document.createElement("span");
  badge.className = "badge";
  const key = failed ? "unavailable" : "soon";
  badge.dataset.status = key;
  badge.textContent = t(`game.status.${key}`);
  return badge;
}

/**
 * Learn (the game's next lesson: js/learn/list.js points it there once the course is known) and
 * Practice (positions to solve), beside Play.
 */
function learnLinks(name) {
  const link = (kind, href) => {
    const a = document.createElement("a");
    a.className = `card-link secondary ${kind}-link`; // (not .button: Play stays the card's one button)
    a.dataset.game = name;
    a.href = href;
    a.textContent = t(`game.status.${kind}`);
    return a;
  };
  const game = encodeURIComponent(name);
  return [link("learn", `play.html?game=${game}&learn=1`), link("practice", `play.html?game=${game}&practice`)];
}

/** Draw the game cards; engineGames is list_games' answer, or null while loading. */
export function renderCollection(list, engineGames, failed = false) {
  // Drawn again once the engine has listed its games: "listed" says this is that drawing.
  list.dataset.games = engineGames ? "listed" : failed ? "failed" : "waiting";
  list.replaceChildren(
    ...GAMES.map((game) => {
      const item = document.createElement("li");
      item.className = "game-card";
      item.dataset.game = game.name;
      const art = document.createElement("img");
      art.src = game.art;
      art.alt = "";
      art.width = 96;
      art.height = 96;
      const title = document.createElement("h3");
      title.textContent = t(`game.${game.name}.title`);
      const blurb = document.createElement("p");
      blurb.className = "blurb";
      blurb.textContent = t(`game.${game.name}.blurb`);
      const players = document.createElement("p");
      players.className = "players";
      players.textContent = playersText(game.players);
      const status = document.createElement("div");
      status.className = "status";
      status.append(statusElement(game, engineGames, failed));
      if (game.board) status.append(...learnLinks(game.name)); // (issue 41) they need the engine only once opened
      item.append(art, title, blurb, players, status);
      // The deal of the day (issue 42): today's state and the days in a row, from this device's record.
      if (game.board && DAILY_GAMES.includes(game.name)) item.append(dailyEntry(game.name));
      return item;
    }),
  );
}
