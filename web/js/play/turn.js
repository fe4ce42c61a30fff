// The line in the toolbar that says whose turn it is, and <html data-turn>,
// which tests and the embed channel read.
//
// Owns: #turn and the `turn` mark: "human" | "bot" | "over" | "none", "handover" while the
// device is passed to another person (pass and play), or
// "stopped" while the engine is in trouble or another tab has the game (the
// board on the table then is not the one a restart puts back).

import { t } from "../i18n.js";
import { personName } from "../people.js";

export function createTurnLine(frame, { session, board }) {
  const line = frame.$("turn");
  return {
    render() {
      const marks = frame.marks();
      const view = session.view;
      const stopped = marks.owner === "elsewhere" || session.trouble || marks.trouble;
      // Another person's turn at this device: the privacy screen is up, or comes once the board lets go.
      const passing = session.handover ?? (view && !view.is_over && view.waiting_for === "human"
        && view.to_move != null && view.to_move !== view.seat ? view.to_move : null);
      let text = "";
      if (marks.owner === "elsewhere") text = t("tab.short");
      else if (stopped) text = t("play.stopped");
      else if (passing != null && !board.heldPrompt?.()) text = t("play.privacy.title", { name: personName(view, passing) });
      else if (view?.is_over) text = t("play.over");
      else if (board.heldPrompt?.()) text = board.heldPrompt(); // the board holds the game (a round's summary)
      else if (view?.waiting_for === "bot") text = t("play.thinking");
      else if (view) text = board.prompt?.(view) || t("play.your-turn");
      line.textContent = text;
      marks.turn = stopped ? "stopped" : passing != null ? "handover"
        : view ? (view.is_over ? "over" : view.waiting_for) : "none";
    },
  };
}
