// The lessons offered once (issue 41): the first time a game's page is opened
// on this device, one line above the board offers its lessons; never a wall
// before the game. It goes for good when the player takes it, dismisses it,
// or does anything else on the page (a move, Hint: the game is the answer), and is never shown
// again on this device (js/learn/progress.js), nor to a player who has taken
// a lesson of the game already.
//
// Owns: the "learn-offer" notice, in its own slot: above the board on a phone, beside it (above the
// log) on a wide screen, so that it never takes the board's height (css/play.css).

import { t } from "../i18n.js";
import { hideNotice, showNotice } from "../notices.js";
import { markOffered, wasOffered } from "../learn/progress.js";

// Where the offer waits (css/play.css hides it there): a phone on its side.
const TIGHT = "(max-height: 500px)";

/** Offer game `name`'s lessons in the game's notices, unless they were offered before. */
export function offerLessons(frame, { name, goTo }) {
  if (wasOffered(name)) return;
  const marks = frame.marks;
  // A phone on its side has no line to spare above the table: there the offer waits (CSS hides it) until
  // the phone is upright. It counts as made once it was in view: a reload does not bring it back.
  const tight = matchMedia(TIGHT);
  const seen = () => {
    if (tight.matches) return;
    tight.removeEventListener("change", seen);
    markOffered(name); // storage refused: it may come again, nothing worse
  };
  const close = () => {
    hideNotice("learn-offer");
    tight.removeEventListener("change", seen);
    document.removeEventListener("click", onMove, true);
  };
  // Anything else the player does while it shows (a move, Hint, the menu): they chose to play; the line
  // goes and the board has its room back.
  const onMove = (event) => {
    if (tight.matches || event.target.closest?.("#notice-learn-offer") || marks().gameState !== "playing") return;
    close();
  };
  document.addEventListener("click", onMove, { capture: true, signal: frame.signal });
  tight.addEventListener("change", seen);
  frame.onClose(close);
  seen();
  showNotice(frame.$("offer-slot"), "learn-offer", {
    tone: "info",
    text: () => t("learn.offer", { game: t(`game.${name}.title`) }),
    actions: [
      { id: "learn-offer-take", label: () => t("learn.offer.take"), primary: true, onClick: () => {
        markOffered(name);
        close();
        goTo(`play.html?game=${encodeURIComponent(name)}&learn=1`);
      } },
      { id: "learn-offer-dismiss", label: () => t("learn.offer.dismiss"), onClick: () => {
        markOffered(name);
        close();
      } },
    ],
  });
}
