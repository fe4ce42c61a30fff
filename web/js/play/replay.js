// After a game, the end screen can step through it move by move: the engine
// rebuilds each position as the player saw it (bridge "replay"), read-only,
// and the board draws it as it draws the game, with the cards that were hidden
// then (the reply's `revealed`) face up and marked as revealed.
//
// Owns: the replay bar, the position shown and the `replay` / `replayMove` marks. A line of
// the log that names its position goes there (js/play/log.js).

import { isEngineTrouble } from "../../engine/client.js";
import { t } from "../i18n.js";

/**
 * @param session   the GameSession: view (the finished game) and call()
 * @param board     draws each position (render(view, null))
 * @param log       the move log part: the log of each position
 * @param result    the result part: closed while the replay runs, opened again after
 * @param onTrouble (err) => void: the engine failed under the replay
 * @param onStep    (final, step) => void: the replay shows `step` (the bridge's reply: move, moves,
 *                  decisions) of the finished game `final` (js/play/playon.js: its button there)
 * @param onClose   () => void: the replay closed
 */
export function createReplay(frame, { session, board, log, result, toast, onTrouble, onStep = () => {},
  onClose = () => {} }) {
  const $ = frame.$;
  const marks = frame.marks;
  const replay = { active: false, move: 0, moves: 0, final: null };

  async function show(move) {
    const final = replay.final;
    const target = Math.max(0, Math.min(move, replay.moves));
    try {
      const step = await session.call({ cmd: "replay", session: final.session, move: target, seat: final.seat });
      if (!replay.active || session.view !== final) return;
      replay.move = step.move;
      // `revealed`: the cards hidden from the player then, which the board shows face up now the game is over.
      const past = { ...final, move: step.move, observation: step.observation, is_over: step.move === step.moves,
        waiting_for: null, revealed: step.revealed ?? null };
      board.render(past, null);
      log.render(past, show); // a line of the log goes to its move
      $("replay-slider").value = String(step.move);
      // In words, and as "23/42" for a phone's narrow bar (CSS shows one of them; the slider says it aloud too).
      const long = Object.assign(document.createElement("span"), { className: "replay-position-long",
        textContent: t("play.replay.move", { move: step.move, moves: step.moves }) });
      const short = Object.assign(document.createElement("span"), { className: "replay-position-short",
        textContent: `${step.move}/${step.moves}` });
      $("replay-position").replaceChildren(long, short);
      marks().replayMove = String(step.move);
      onStep(final, step);
    } catch (err) {
      console.warn("replay step failed:", err);
      if (isEngineTrouble(err)) {
        close();
        onTrouble(err);
      } else {
        toast.show(t("play.replay.failed"));
      }
    }
  }

  /** The replay of the finished game on the table, at move `at` (the start by default; a shared link's move). */
  function open(at = 0) {
    const final = session.view;
    if (!final?.is_over) return;
    result.close();
    Object.assign(replay, { active: true, final, moves: final.move });
    $("replay-slider").max = String(final.move);
    $("replay-bar").hidden = false;
    marks().replay = "on";
    show(Number.isInteger(at) ? at : 0);
    $("replay-next").focus();
  }

  /** Back to the end of the game; `reopen` false leaves the result closed (the review takes over). */
  function close({ reopen = true } = {}) {
    if (!replay.active) return;
    replay.active = false;
    $("replay-bar").hidden = true;
    delete marks().replay;
    delete marks().replayMove;
    onClose();
    if (session.view) {
      board.render(session.view, null);
      log.render(session.view);
      if (session.view.is_over && reopen) result.open();
    }
  }

  $("replay-open").addEventListener("click", () => open());
  $("replay-close").addEventListener("click", () => close());
  $("replay-first").addEventListener("click", () => show(0));
  $("replay-prev").addEventListener("click", () => show(replay.move - 1));
  $("replay-next").addEventListener("click", () => show(replay.move + 1));
  $("replay-last").addEventListener("click", () => show(replay.moves));
  $("replay-slider").addEventListener("input", (event) => show(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (!replay.active || document.querySelector("dialog[open]")) return;
    const steps = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in steps && event.target.id !== "replay-slider") {
      event.preventDefault();
      show(replay.move + steps[event.key]);
    } else if (event.key === "Escape") {
      close();
    }
  }, { signal: frame.signal });

  return {
    get active() {
      return replay.active;
    },
    close,
    open,
    /** The move on show. */
    get move() {
      return replay.move;
    },
    /** Draw the position shown again (the language changed). */
    redraw: () => show(replay.move),
  };
}
