// The toolbar's own menus: the computer's level and the pace of its moves.
// The address (?level=, ?pace=) or the player's last choice sets them. On a
// phone the game's controls fold into one labelled menu (#menu-toggle).
//
// Owns: the #level and #speed selects and what they remember (localStorage
// "level.<game>" and "pace"); whether the folded menu is open.

import { DEFAULT_LEVEL, levelsOf } from "../collection.js";
import { t } from "../i18n.js";
import { MAX_PACE_MS, queryNumber } from "../query.js";
import { readText, writeText } from "../storage.js";

// How long each move of the computer stays on its own before the next (ms): the "Speed" menu.
const PACES = { relaxed: 1400, normal: 800, fast: 250 };
const PACE_KEY = "pace";

/**
 * @param name     the game's name: its levels, and the key its level is remembered under
 * @param params   the page's URLSearchParams
 * @param running  () => whether a game is being played (a new level then applies from the next one)
 * @param onPace   (ms) => void: the player chose another pace
 */
export function createToolbar(frame, { name, params, toast, running, onPace }) {
  const chosen = (select) => select.selectedOptions[0]?.textContent ?? select.value;
  const levelKey = `level.${name}`;
  const levelSelect = frame.$("level");
  const levels = levelsOf(name);
  levelSelect.value = [params.get("level"), readText(levelKey)].find((l) => levels.includes(l)) ?? DEFAULT_LEVEL;
  levelSelect.addEventListener("change", () => {
    writeText(levelKey, levelSelect.value);
    if (running()) toast.show(t("play.level-next", { level: chosen(levelSelect) }));
  });
  foldedMenu(frame);
  dropdown(frame, frame.$("preferences"));

  // The pace of the computer's moves: the menu (remembered), or a number in the address (tests, embeds).
  const speedSelect = frame.$("speed");
  const asked = queryNumber(params, "pace", { min: 0, max: MAX_PACE_MS, fallback: null });
  speedSelect.value = Object.hasOwn(PACES, readText(PACE_KEY)) ? readText(PACE_KEY) : "normal";
  const pace = () => asked ?? PACES[speedSelect.value];
  speedSelect.addEventListener("change", () => {
    writeText(PACE_KEY, speedSelect.value);
    onPace(pace()); // from the next move on
    toast.show(t(asked != null ? "play.speed-address" : "play.speed-now", { speed: chosen(speedSelect) }));
  });

  return {
    /** The level chosen for the next game. */
    level: () => levelSelect.value,
    /** Show the level of the game on the table. */
    setLevel(level) {
      levelSelect.value = level;
    },
    /** ms the board is given for each move of the computer. */
    pace,
  };
}

/**
 * On a phone the toolbar's controls are one menu behind a labelled button (CSS folds them; on a
 * wide screen the button is hidden and the controls stand in the toolbar). It closes on a tap
 * outside, on Escape (the focus goes back to the button), and once a button in it was used.
 */
export function foldedMenu(frame) {
  const toggle = frame.$("menu-toggle");
  const menu = frame.$("game-menu");
  const bar = toggle.closest(".toolbar");
  const isOpen = () => bar.classList.contains("menu-open");
  const setOpen = (open) => {
    bar.classList.toggle("menu-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => setOpen(!isOpen()));
  document.addEventListener("click", (event) => {
    if (isOpen() && !bar.contains(event.target)) setOpen(false);
  }, { signal: frame.signal });
  bar.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) {
      setOpen(false);
      toggle.focus();
    }
  });
  menu.addEventListener("click", (event) => {
    if (event.target.closest("button") && !event.target.closest("details")) setOpen(false);
  });
}

/**
 * A menu in the toolbar that opens below its button (a <details>: Koi-Koi's house rules, the
 * Settings with the pace, the theme and the sound): it closes on a tap outside it and on Escape (the focus goes back to it).
 */
export function dropdown(frame, node) {
  const summary = node.querySelector("summary");
  document.addEventListener("click", (event) => {
    if (node.open && !node.contains(event.target)) node.open = false;
  }, { signal: frame.signal });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && node.open) {
      node.open = false;
      event.stopPropagation(); // the folded menu around it stays open
      summary.focus();
    }
  });
}
