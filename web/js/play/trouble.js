// When the engine fails under the game (a deadline missed, a crash, a bug):
// the board stays as it was, the save stays, and the player is told so with
// "Restart the engine", which boots a fresh engine and reopens the game at
// its last saved move (docs/offline.md, "When something goes wrong").
//
// Owns: the "trouble" notice, the `trouble` mark (the error code,
// "restarting" or "restart-failed"), and the engine restart.

import { isEngineTrouble } from "../../engine/client.js";
import { t } from "../i18n.js";
import { hideNotice, showNotice } from "../notices.js";

/**
 * @param engine    the document's EngineClient (restart())
 * @param session   the GameSession: halted while the engine is in trouble
 * @param keptMove  () => the move the kept save is at, or null (said in the notice)
 * @param reopen    () => Promise: put the saved game back on the table
 * @param changed   () => void: the turn line redraws (a stopped engine is nobody's turn)
 */
export function createTrouble(frame, { engine, session, keptMove, reopen, changed }) {
  const marks = frame.marks;

  function show(err) {
    const code = isEngineTrouble(err) ? err.code : "internal";
    console.warn("engine trouble:", err);
    marks().trouble = code;
    if (!session.trouble) session.halt(err); // the board waits for the restart
    const move = keptMove();
    // A finished game on the table (its end screen, its review) comes back as it was: saving keeps it.
    const kept = session.view?.is_over ? t("trouble.kept-finished")
      : move != null ? t("trouble.kept", { move }) : t("trouble.kept-none");
    showNotice(frame.$("notices"), "trouble", {
      text: () => `${t(`trouble.${code}`)} ${kept}`,
      detail: () => `${err.code ?? "error"}: ${err.message ?? err}`,
      actions: [{ id: "restart-engine", label: () => t("trouble.restart"), primary: true, onClick: restart }],
    });
    changed();
  }

  /** A fresh engine, and the game reopened at its last saved move. */
  async function restart(button) {
    if (button) {
      button.disabled = true;
      button.textContent = t("trouble.restarting");
    }
    marks().trouble = "restarting";
    session.halt();
    try {
      await engine.restart();
    } catch (failure) {
      console.warn("the engine could not be restarted:", failure);
      show({ code: "stopped", message: `${failure.kind ?? "boot"}: ${failure.detail ?? failure.message}` });
      marks().trouble = "restart-failed";
      return;
    }
    hideNotice("trouble");
    delete marks().trouble;
    await reopen();
  }

  return { show };
}
