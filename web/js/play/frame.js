// The game's own piece of the page: the shell's elements, the marks the game
// puts on <html> and the game's lifetime. Every other part of the game page
// reaches the page through this.
//
// Owns: the frame element (js/shell.js's markup), the game's data-* marks on
// <html> (GAME_DATA), the listeners that end with the game, and `alive`.
// After close(), a late answer of the engine can only reach the detached
// elements, never the next game's, and its marks on <html> go nowhere.

import { onLanguageChange } from "../i18n.js";
import { clearNotices } from "../notices.js";
import { mountShell } from "../shell.js";

const html = document.documentElement;
// What a game puts on <html> while it is shown; taken off when it leaves.
const GAME_DATA = ["gameState", "move", "turn", "owner", "trouble", "storage", "saveRefused", "replay", "replayMove",
  "hint", "review", "reviewMove", "reviewChecked", "lesson", "lessonStep", "lessonDone", "link", "shared",
  "playOn", "daily", "dailyPar", "challenge"];

/** A game's frame with the shell drawn in it (a level menu of `levels`); not yet on the page. */
export function createFrame({ levels }) {
  const node = document.createElement("div");
  node.className = "game-frame";
  mountShell(node, { levels });
  let alive = true;
  const cleanups = [];
  const listeners = new AbortController();
  return {
    node,
    /** The game's element with this id (also after the game left the page: detached). */
    $: (id) => node.querySelector(`#${id}`),
    /** False once the game has left the page. */
    get alive() {
      return alive;
    },
    /** The game's marks on <html> (data-*), or a throwaway object once the game has left. */
    marks: () => (alive ? html.dataset : {}),
    /** Ends with the game: listeners the game adds outside its frame (keys on the document). */
    signal: listeners.signal,
    /** Call fn whenever the language changes, while the game is shown. */
    onLanguage(fn) {
      cleanups.push(onLanguageChange(fn));
    },
    /** Run stop() when the game leaves the page. */
    onClose(stop) {
      cleanups.push(stop);
    },
    /** Take the game off the page at once: listeners, notices, dialogs, marks. */
    close(status) {
      alive = false;
      listeners.abort();
      for (const stop of cleanups) stop();
      clearNotices();
      for (const dialog of node.querySelectorAll("dialog[open]")) dialog.close();
      if (node.contains(status)) status.remove();
      node.remove();
      for (const key of GAME_DATA) delete html.dataset[key];
    },
  };
}
