// The lessons offered once (issue 41): the first time a game's page is opened
// on this device, one line above the board offers its lessons; never a wall
// before the game. It goes for good when the player takes it, dismisses it,
// or makes a first move (the game itself is the answer), and is never shown
// again on this device (js/learn/progress.js), nor to a player who has taken
// a lesson of the game already.
//
// Owns: the "learn-offer" notice.

import { t } from "../i18n.js";
import { hideNotice, showNotice } from "../notices.js";
import { markOffered, wasOffered } from "../learn/progress.js";

/** Offer game `name`'s lessons in the game's notices, unless they were offered before. */
export function offerLessons(frame, { name, goTo }) {
  if (wasOffered(name)) return;
  markOffered(name); // once: a reload does not bring it back (storage refused: it may come again, nothing worse)
  const marks = frame.marks;
  const close = () => {
    hideNotice("learn-offer");
    document.removeEventListener("click", onMove, true);
  };
  // A move on the board: the player chose to play; the line goes (the board keeps its room).
  const onMove = (event) => {
    if (event.target.closest?.("#board") && marks().gameState === "playing") close();
  };
  document.addEventListener("click", onMove, { capture: true, signal: frame.signal });
  frame.onClose(close);
  showNotice(frame.$("notices"), "learn-offer", {
    tone: "info",
    text: () => t("learn.offer", { game: t(`game.${name}.title`) }),
    actions: [
      { id: "learn-offer-take", label: () => t("learn.offer.take"), primary: true, onClick: () => {
        close();
        goTo(`play.html?game=${encodeURIComponent(name)}&learn=1`);
      } },
      { id: "learn-offer-dismiss", label: () => t("learn.offer.dismiss"), onClick: close },
    ],
  });
}
