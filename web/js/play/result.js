// The end of a game: the result dialog with its title, the board's details,
// the ranking points and how the game earns them (none when the player had help).
//
// Owns: the #result dialog. Its buttons (play again, the replay) are wired
// by the page.

import { t } from "../i18n.js";
import { peopleAt, personName } from "../people.js";

/** Whether `view` is a game between people at one device (pass and play): never ranked. */
const betweenPeople = (view) => peopleAt(view.seats);

/**
 * Whether the player had help in the game of `view` (a hint, a take back): such a game is
 * marked in the history and earns no ranking points (js/records.js).
 */
export const helpedIn = (view) => Boolean(view.assists && (view.assists.hints > 0 || view.assists.take_backs > 0));

/** "win" | "loss" | "draw" for the seat a finished view is drawn for. */
export const outcomeOf = (view) =>
  view.result.winner == null ? "draw" : view.result.winner === view.seat ? "win" : "loss";

/**
 * @param name     the game's name
 * @param board    the board: resultTitle?(view), result?(view) (a node), hold?() (a round summary still up)
 * @param current  () => the view on the table now: a dialog is opened only for that one
 * @param onShown  (view) => void, when the dialog of a finished game is shown
 */
export function createResult(frame, { name, board, current, onShown }) {
  const dialog = frame.$("result");
  frame.$("result-close").addEventListener("click", () => dialog.close());

  let shared = false; // the game on the table came from a link (js/play/shared.js)

  function render(view) {
    const outcome = outcomeOf(view);
    dialog.dataset.outcome = outcome;
    const people = betweenPeople(view);
    // Between people the title names the winner; against the computer it speaks to the player.
    const title = people && view.result.winner != null && view.seats[view.result.winner] === "human"
      ? t("play.result.person-wins", { name: personName(view, view.result.winner) }) : t(`play.result.${outcome}`);
    frame.$("result-title").textContent = board.resultTitle?.(view) ?? title;
    frame.$("result-details").replaceChildren(...[board.result?.(view)].filter(Boolean));
    const level = t(`level.${view.level}`);
    if (shared) {
      // A game from another person's link (issue 42): told as that player's game; it earns the reader nothing.
      frame.$("result-points").textContent = t("shared.result-note");
      frame.$("result-rule").textContent = "";
      return;
    }
    frame.$("result-points").textContent = people ? t("play.ranking-points.people")
      : helpedIn(view)
        ? t("play.ranking-points.helped", { level })
        : t("play.ranking-points", { points: view.result.ranking_points[view.seat], level });
    // How the points were earned, in the game's own terms (a test game has no rule text).
    const rule = `play.ranking-rule.${name}`;
    frame.$("result-rule").textContent = people || t(rule) === rule ? "" : t(rule);
  }

  return {
    /**
     * A finished game: the dialog is filled now and opened once the board lets go
     * (after `delay` ms, so the last move is seen first), if that game is still on the table.
     */
    show(view, delay) {
      render(view);
      setTimeout(async () => {
        await board.hold?.();
        if (!frame.alive || current() !== view) return;
        onShown(view);
        if (!dialog.open) dialog.showModal();
      }, delay);
    },
    open() {
      if (!dialog.open) dialog.showModal();
    },
    /** Fill the dialog for a finished game without opening it (a shared game opens on its replay). */
    fill(view) {
      shared = true;
      render(view);
    },
    close() {
      if (dialog.open) dialog.close();
    },
  };
}
