// Take back while playing against the computer (issue 26): the player's last decision and the
// computer's answers to it are undone, so that decision is theirs again. It asks nothing (one
// tap, and the next tap can take back the decision before) and says what it did in the toast.
// Taking back counts as help: the game is then marked in the history and earns no ranking
// points (the engine counts it). Not in Hanabi (the engine says which games allow it).
//
// Owns: the #take-back button.

import { t } from "../i18n.js";

/**
 * @param session  the GameSession: view, busy, trouble, takeBack()
 * @param board    the board: heldPrompt?() (a round's summary holds the game)
 * @param toast    the toast part
 */
export function createTakeBack(frame, { session, board, toast }) {
  const button = frame.$("take-back");
  let offered = false; // the game allows taking back (list_games)
  let working = false;

  function update() {
    button.hidden = !offered;
    button.disabled = working || !session.view?.can_take_back || session.busy || Boolean(session.trouble)
      || Boolean(board.heldPrompt?.());
    button.title = t("play.take-back.title");
  }

  button.addEventListener("click", async () => {
    if (button.disabled) return;
    working = true;
    update();
    const refused = await session.takeBack();
    working = false;
    update();
    if (!frame.alive) return;
    if (!refused) toast.show(t("play.take-back.done", { move: session.view.move + 1 }));
    else if (refused !== "stale_move" && !session.trouble) toast.show(t("play.take-back.refused"));
  });

  return {
    /** Whether the game allows taking back at all: the button shows only then. */
    offer(yes) {
      offered = Boolean(yes);
      update();
    },
    /** The view, the turn or the page's state changed. */
    update,
  };
}
