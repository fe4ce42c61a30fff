// The privacy screen of pass and play (issue 27): when the next to act at one
// device is another person, the table gives way to "Pass the device to <name>".
// Nothing of the last person's hidden cards stays in the page: the board's
// element is taken out of the document (not hidden by style), the log and the
// lines above the board are emptied. A tap by the next person fetches their view
// (GameSession.takeOver), draws it into the board while it is still out of the
// page, and only then puts the board back.
//
// Owns: the #privacy section, where the board is while it is up, and the
// `privacy` mark on <html> (the seat the device goes to; absent otherwise).

import { t } from "../i18n.js";
import { personName } from "../people.js";

/**
 * @param session   the GameSession: view, handover, takeOver()
 * @param changed   () => void: the turn line and the help buttons follow
 * @param shown     () => void: the board is back on the page (the fit follows)
 */
export function createPrivacy(frame, { session, changed, shown }) {
  const board = frame.$("board");
  const screen = document.createElement("section");
  screen.id = "privacy";
  screen.className = "privacy";
  screen.setAttribute("aria-labelledby", "privacy-title");
  const title = document.createElement("h2");
  title.id = "privacy-title";
  const text = document.createElement("p");
  const ready = document.createElement("button");
  ready.type = "button";
  ready.id = "privacy-ready";
  ready.className = "primary";
  screen.append(title, text, ready);
  let seat = null;

  function words() {
    if (seat == null) return;
    const name = personName(session.view, seat);
    title.textContent = t("play.privacy.title", { name });
    text.textContent = t("play.privacy.text", { name });
    ready.textContent = t("play.privacy.ready", { name });
  }

  function clearTable() {
    for (const id of ["log", "last-move", "hint"]) {
      const node = frame.$(id);
      if (!node) continue;
      node.replaceChildren();
      if (id !== "log") node.hidden = true;
    }
    frame.$("review-detail").hidden = true;
  }

  ready.addEventListener("click", async () => {
    if (seat == null || ready.disabled) return;
    ready.disabled = true;
    const waiting = seat;
    seat = null; // the view that comes now is the next person's: drawn into the board, still off the page
    const refused = await session.takeOver();
    ready.disabled = false;
    if (refused) {
      if (session.handover === waiting) seat = waiting; // still theirs to take (the engine's trouble is told)
      return;
    }
    if (screen.isConnected) screen.replaceWith(board);
    delete frame.marks().privacy;
    changed();
    shown();
  });

  return {
    /** Whether the device is being passed (nothing of any hand is drawn). */
    get active() {
      return seat != null;
    },
    /** Put the screen up for the person in `s`: the table goes from the page. */
    show(s) {
      seat = s;
      if (board.isConnected) board.replaceWith(screen);
      else if (!screen.isConnected) frame.$("news")?.after(screen);
      clearTable();
      words();
      frame.marks().privacy = String(s);
      changed();
      if (frame.alive) ready.focus({ preventScroll: true });
    },
    /** A game without a hand-over is on the table (a new game for one person, say). */
    close() {
      seat = null;
      if (screen.isConnected) screen.replaceWith(board);
      delete frame.marks().privacy;
    },
    redraw: words,
  };
}
