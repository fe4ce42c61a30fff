// The line in the toolbar that says whose turn it is, and <html data-turn>,
// which tests and the embed channel read.
//
// Owns: #turn and the `turn` mark: "human" | "bot" | "over" | "none", or
// "stopped" while the engine is in trouble or another tab has the game (the
// board on the table then is not the one a restart puts back).

import { t } from "../i18n.js";

export function createTurnLine(frame, { session, board }) {
  const line = frame.$("turn");
  return {
    render() {
      const marks = frame.marks();
      const view = session.view;
      const stopped = marks.owner === "elsewhere" || session.trouble || marks.trouble;
      let text = "";
      if (marks.owner === "elsewhere") text = t("tab.short");
      else if (stopped) text = t("play.stopped");
      else if (view?.is_over) text = t("play.over");
      else if (board.heldPrompt?.()) text = board.heldPrompt(); // the board holds the game (a round's summary)
      else if (view?.waiting_for === "bot") text = t("play.thinking");
      else if (view) text = board.prompt?.(view) || t("play.your-turn");
      line.textContent = text;
      marks.turn = stopped ? "stopped" : view ? (view.is_over ? "over" : view.waiting_for) : "none";
    },
  };
}
