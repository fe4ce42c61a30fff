// The move log beside the board, and on a phone the last move above it.
//
// Owns: the #log list and the #last-move line. The lines themselves are the
// board's (board.log(view)): {seat, text}, seat 0 the player, null neutral.

import { t } from "../i18n.js";

export function createMoveLog(frame, board) {
  const list = frame.$("log");
  const last = frame.$("last-move");
  return {
    /** Show the log of `view` (the game's or a replayed position's). */
    render(view) {
      const lines = board.log(view);
      list.replaceChildren(
        ...lines.map(({ seat, text }) => {
          const item = document.createElement("li");
          item.className = seat === 0 ? "you" : seat == null ? "neutral" : "them";
          item.textContent = text;
          return item;
        }),
      );
      list.scrollTop = list.scrollHeight;
      // On a phone the log is below the board: the last move is said above it (a board that
      // shows its own last move, as Hanabi does, needs no second one).
      const line = board.ownsLastMove ? null : lines.findLast((l) => l.seat != null);
      last.hidden = !line;
      last.replaceChildren();
      if (line) {
        const label = document.createElement("strong");
        label.textContent = `${t("play.last")} `;
        last.append(label, line.text);
        last.dataset.seat = line.seat === 0 ? "you" : "them";
      }
    },
  };
}
