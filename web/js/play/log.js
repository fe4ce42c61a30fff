// The move log beside (on a phone below) the board, and the last move in a
// line above the board at every size.
//
// Owns: the #log list and the #last-move line. At a table of people (pass and play) the
// others' moves since the viewer's own last move are marked (class "since"). The lines themselves are the
// board's (board.log(view)): {seat, text, auto?, move?}, seat 0 the player, null
// neutral, `auto` for what happened to the player unasked (a draw), `move` the
// position the line belongs to (how many moves had been made once it happened).
// In the replay each line with a `move` is a button that goes to that position.

import { peopleAt } from "../people.js";
import { t } from "../i18n.js";

export function createMoveLog(frame, board) {
  const list = frame.$("log");
  const last = frame.$("last-move");
  return {
    /**
     * Show the log of `view` (the game's or a replayed position's). With `goTo` (the replay),
     * a line that names its position is a button: goTo(move) shows that position.
     */
    render(view, goTo = null) {
      const lines = board.log(view);
      const focused = list.contains(document.activeElement); // a line was clicked: the focus stays in the log
      // At a table of people, what the others did since this person's last move is marked for them.
      const shared = !goTo && peopleAt(view.seats);
      const since = shared ? lines.findLastIndex((l) => l.seat === 0 && !l.auto) : lines.length;
      list.replaceChildren(
        ...lines.map(({ seat, text, move }, i) => {
          const item = document.createElement("li");
          item.className = seat === 0 ? "you" : seat == null ? "neutral" : "them";
          if (i > since && seat != null && seat !== 0) item.classList.add("since");
          if (goTo && Number.isInteger(move)) {
            const button = document.createElement("button");
            button.type = "button";
            button.className = "log-jump";
            button.dataset.move = String(move);
            button.textContent = text;
            button.addEventListener("click", () => goTo(move));
            item.append(button);
            if (move === view.move) item.setAttribute("aria-current", "step");
          } else {
            item.textContent = text;
          }
          return item;
        }),
      );
      const here = goTo && list.querySelector('[aria-current="step"] button');
      if (focused && here) here.focus({ preventScroll: true });
      if (here) here.scrollIntoView({ block: "nearest" }); // the line of the position on show
      else list.scrollTop = list.scrollHeight;
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
