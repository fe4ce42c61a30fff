// One game, one tab: a game open in two tabs of the same browser is played
// in one of them; the other says so and offers to take it over.
//
// Owns: this tab's claim on the game's save (js/ownership.js), the notice
// "open in another tab", the `owner` mark ("here" | "elsewhere") and whether
// "New game" may be pressed.

import { t } from "../i18n.js";
import { hideNotice, showNotice } from "../notices.js";
import { createClaim } from "../ownership.js";

/**
 * @param slotKey   the save slot's key: tabs claim the same game by it
 * @param onLost    () => void: another tab took the game from this one (stop playing)
 * @param onTaken   () => Promise: this tab took the game over (reopen the newest save)
 * @param changed   () => void: the turn line redraws
 */
export function createTabs(frame, { slotKey, onLost, onTaken, changed }) {
  const marks = frame.marks;
  const newGame = frame.$("new-game");
  const claim = createClaim(slotKey, { onLost: () => {
    if (!frame.alive) return;
    onLost();
    elsewhere(true);
  } });

  function elsewhere(taken) {
    marks().owner = "elsewhere";
    newGame.disabled = true;
    showNotice(frame.$("notices"), "tab", {
      tone: "info",
      text: () => t(taken ? "tab.taken" : "tab.elsewhere"),
      actions: [{ id: "take-over", label: () => t("tab.take"), primary: true, onClick: takeOver }],
    });
    changed();
  }

  async function takeOver(button) {
    if (button) button.disabled = true;
    await claim.takeOver();
    here();
    hideNotice("tab");
    await onTaken();
  }

  function here() {
    marks().owner = "here";
    newGame.disabled = false;
  }

  return {
    /** Whether this tab holds the game and may write its save. */
    get owned() {
      return claim.owned;
    },
    /** Claim the game: true when this tab holds it now; otherwise the notice says where it is. */
    async acquire() {
      if (!(await claim.acquire())) {
        if (frame.alive) elsewhere(false);
        return false;
      }
      if (!frame.alive) {
        claim.release();
        return false;
      }
      marks().owner = "here";
      return true;
    },
    /** A new game was asked for in a tab that does not hold the game: say where it is. */
    elsewhere: () => elsewhere(false),
    release: () => claim.release(),
  };
}
