// Koi-Koi's keys (the hand's head lists them: kk.keys): 1-8 play a hand card,
// A and B choose between two table cards, Escape drops a selected hand card,
// K and S answer the koi-koi decision, Enter and Escape close a round summary,
// and Enter, Escape or Space end a moment. Owns nothing: each key goes to the
// part that owns what it acts on, and only in the state where it means that.
// Keys with Ctrl, Alt or Meta, keys typed into a select or a text field, and
// keys while one of the page's dialogs is open are left to the page.

import { CHOICE_KEYS } from "./field.js";

/**
 * The board's key handler (games/keys.js onBoardKeys): true when it used the key. ready() says whether a view is drawn;
 * obs() and pendingMine(type) read it; the parts are the board's (summary.js,
 * moments.js, decision.js, hand.js, field.js); draw() draws the board.
 */
export function keyboard({ ready, obs, pendingMine, summary, moments, decision, hand, field, draw }) {
  return (key) => {
    if (!ready()) return false;
    if (summary.open) {
      if (key !== "enter" && key !== "escape") return false;
      summary.close();
    } else if (moments.showing && (key === "enter" || key === "escape" || key === " ")) {
      moments.end();
    } else if (pendingMine("koikoi") && (key === "k" || key === "s")) {
      decision.decide(key === "k" ? "koikoi" : "shobu");
    } else if (CHOICE_KEYS.includes(key) && (hand.choosing != null || pendingMine("take"))) {
      field.press(key);
    } else if (key === "escape" && hand.choosing != null) {
      hand.drop();
      draw();
    } else if (/^[1-9]$/.test(key) && pendingMine("play")) {
      const id = obs().hand[Number(key) - 1];
      if (id == null) return false;
      hand.play(id);
    } else {
      return false;
    }
    return true;
  };
}
