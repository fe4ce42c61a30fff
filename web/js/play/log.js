// The move log beside (on a phone below) the board, and the last move in a
// line above the board at every size.
//
// Owns: the #log list and the #last-move line. The lines themselves are the
// board's (board.log(view)): {seat, text, auto?}, seat 0 the player, null
// neutral, `auto` for what happened to the player unasked (a draw).

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
      const line = board.ownsLastMove ? null : lastNews(lines);
      last.hidden = !line;
      last.replaceChildren();
      if (line) {
        const label = document.createElement("strong");
        label.textContent = `${t("play.last")} `;
        const body = document.createElement("span"); // clamped to its lines (css/play.css); the log has it whole
        body.className = "last-move-text";
        body.append(label, line.text);
        last.append(body);
        last.dataset.seat = line.seat === 0 ? "you" : "them";
      }
    },
  };
}

/**
 * The line worth saying above the board: the other side's newest move, unless the player chose
 * something after it (then that is the news). What merely happened to the player, like the
 * card drawn at the start of a turn (`auto`), never hides the other side's move.
 */
export function lastNews(lines) {
  const theirs = lines.findLastIndex((l) => l.seat != null && l.seat !== 0);
  const mine = lines.findLastIndex((l) => l.seat === 0 && !l.auto);
  const at = Math.max(theirs, mine);
  return at < 0 ? null : lines[at];
}
