// The game page's sounds (issue 44): the Sound menu in the toolbar (off until
// the player turns it on; js/sound.js remembers it) and, for each move shown,
// the sound the game gives it (web/games/<game>/sounds.js soundOf, read by the
// page from the board module's `soundOf`; a game without one: a card for a
// move, a win or a loss at the end).
//
// Owns: the #sound select, and the view heard last (the move's sound is what
// the game's log gained since). Only a move just made sounds: a new game, a
// reopened or taken-back one, the replay and the review are silent. In an
// embed whose host did not ask for sound (data-sound) the menu is not there
// and nothing sounds.

import { t } from "../i18n.js";
import { outcomeSound } from "../../games/sounds.js";
import { playSound, setSoundOn, setupSound, soundAllowed, soundOn } from "../sound.js";

/** A game without its own sounds.js: a card for each move, the outcome at its end. */
const plainSound = (prev, view) => (view.is_over ? outcomeSound(view) : "card");

/**
 * @param soundOf   the board module's (prev, view) => sound name | null, if it has one
 * @param embedded  an embed: silent unless its host asked (`asked`: the embed's ?sound=, from data-sound)
 */
export function createSound(frame, { soundOf = plainSound, toast, embedded = false, asked = null }) {
  setupSound({ embed: embedded, asked });
  const select = frame.$("sound");
  if (!soundAllowed()) select.closest("label").remove(); // an embed its host keeps silent: no menu
  select.value = soundOn() ? "on" : "off";
  select.addEventListener("change", () => {
    const on = select.value === "on";
    setSoundOn(on);
    toast.show(t(on ? "sound.now-on" : "sound.now-off"));
    if (on) playSound("card"); // the player hears how loud it is (this change is their own touch)
  });

  let heard = null; // the view the last sound was worked out from

  return {
    /** A view shown: `last` the move just made ({seat, action}), or null (a new, reopened or redrawn game). */
    moved(view, last) {
      const prev = heard;
      heard = view;
      if (!last || !prev || prev.session !== view.session || prev.seat !== view.seat || view.move <= prev.move) return;
      if (prev.is_over) return;
      const name = soundOf(prev, view);
      if (name) playSound(name);
    },
  };
}
