// After a game, the review: each of the player's decisions checked by the engine's coach
// (bridge "review", one decision per call, each with its own deadline), shown as it comes in a
// panel (review-panel.js: what decided the game and what moved the line between decisions, from
// the bridge's "decided", asked once at the start; the chart, the moves that cost most, a table
// of every move) and,
// for the decision chosen, the board as it was then (the review's observation) with the better
// move drawn on it (board.suggest) and its sentences above it (review-detail.js). Leaving the
// review (closing it, a new game, leaving the page) stops the work: no further call is made.
//
// Owns: whether the review is open, the work under way, the decisions checked so far, the one
// on show, and the marks `review` ("checking", "done" or "failed" while it is open),
// `reviewMove` (the decision on show) and `reviewChecked` ("3/11").

import { isEngineTrouble } from "../../engine/client.js";
import { createReviewDetail } from "./review-detail.js";
import { createReviewPanel } from "./review-panel.js";
import { loadCoach } from "./review-words.js";

/** Added to each review call's deadline: a review searches as hard as the strongest AI's move (5 s). */
export const REVIEW_BUDGET_MS = 5000;

/**
 * @param name      the game's name (its coach's words: web/games/<name>/coach.js)
 * @param session   the GameSession: view (the finished game) and call()
 * @param board     render(view, null), suggest?(action | null), log(view) (the line of a move played)
 * @param log       the move log part: the log of the moment on show
 * @param result    the result part: closed while the review is open, opened again after
 * @param replay    the replay part: closed when the review opens from its bar
 * @param onTrouble (err) => void: the engine failed under the review
 * @param tools     (final, move) => [Node]: controls for the decision on show, beside its steps (js/play/playon.js)
 * @param share     (move) => void: share the whole game, opening at `move` (js/play/share.js), or null
 */
export function createReview(frame, { name, session, board, log, result, replay, onTrouble, share = null,
  tools = () => [] }) {
  const $ = frame.$;
  const marks = frame.marks;
  const review = {
    offered: false, // the game can be reviewed (list_games' `review`)
    active: false,
    run: null, // the work under way: {final}; a new object for each opening, null once closed
    final: null, // the finished game's view
    decisions: [], // the moves that were the player's decisions
    entries: [], // per decision: the review reply, or null until checked
    selected: null, // the move on show
    failed: null, // the move whose check failed, if any
    coach: {},
    story: null, // the bridge's "decided": what decided the game, what happened between decisions
    table: null, // the seats at the game (seat, seats, names): the words name the people at it
  };
  const current = (run) => run === review.run && frame.alive && session.view === run.final;
  const indexOf = (move) => review.decisions.indexOf(move);

  const panel = createReviewPanel($("review"), { review, onPick: (move) => select(move), onClose: () => close(),
    // Share (issue 42): the whole game, opening at the decision on show (the end when none is).
    onShare: share ? () => share(review.selected ?? review.final?.move) : null });
  const detail = createReviewDetail($("review-detail"), { onStep: (step) => stepBy(step) });

  function drawDetail() {
    const index = indexOf(review.selected);
    // The player's own line of that move in the finished game's log (its `move` counts the moves made once it happened).
    const logLine = review.selected == null ? null : board.log(review.final)
      .find((line) => line.move === review.selected + 1 && line.seat === 0 && !line.auto)?.text ?? null;
    detail.draw(review.entries[index] ?? null, { coach: review.coach, logLine,
      has: (step) => Boolean(review.entries[index + step]),
      tools: review.selected == null ? [] : tools(review.final, review.selected) });
  }

  /** Show decision `move`: the board as it was, the better move marked on it, its sentences. */
  function select(move, { focus = true } = {}) {
    const entry = review.entries[indexOf(move)];
    if (!review.active || !entry) return;
    review.selected = move;
    const past = { ...review.final, move, observation: entry.observation, is_over: false, waiting_for: null,
      revealed: entry.revealed ?? null }; // the hidden cards, face up: the game is over
    board.render(past, null);
    board.suggest?.(entry.best);
    log.render(past);
    marks().reviewMove = String(move);
    drawDetail();
    panel.update();
    if (focus) {
      $("review-detail").scrollIntoView({ block: "nearest" });
      detail.focus();
    }
  }

  function stepBy(step) {
    const index = indexOf(review.selected) + step;
    if (review.entries[index]) select(review.decisions[index]);
  }

  /** Check the decisions one by one, in order, while this run is the review's and the game is on the table. */
  async function work(run) {
    try {
      const ask = { session: run.final.session, seat: run.final.seat };
      const [first, coach, story] = await Promise.all([
        session.call({ cmd: "replay", ...ask, move: 0 }), loadCoach(name),
        // What decided it: the review goes on without it when the engine has no account (not when it failed).
        session.call({ cmd: "decided", ...ask }).catch((err) => {
          if (isEngineTrouble(err)) throw err;
          console.info("no account of the game's end:", err?.message ?? err);
          return null;
        })]);
      if (!current(run)) return;
      review.coach = coach;
      review.story = story;
      review.decisions = first.decisions ?? [];
      review.entries = review.decisions.map(() => null);
      panel.rows();
      progress();
      for (let i = 0; i < review.decisions.length; i++) {
        const entry = await session.call({ cmd: "review", session: run.final.session, move: review.decisions[i], seat: run.final.seat },
          REVIEW_BUDGET_MS);
        if (!current(run)) return;
        // The table it was played at (seats, names): a game's words name the people at it.
        review.entries[i] = { ...entry, table: { seat: run.final.seat, seats: run.final.seats, names: run.final.names } };
        panel.update();
        progress();
        detail.allowNext(Boolean(review.entries[indexOf(review.selected) + 1]));
      }
      marks().review = "done";
    } catch (err) {
      if (!current(run)) return;
      console.warn("review failed:", err);
      if (isEngineTrouble(err)) {
        close({ back: false });
        onTrouble(err);
        return;
      }
      review.failed = review.decisions[review.entries.findIndex((e) => !e)] ?? 0;
      marks().review = "failed";
      panel.update();
    }
  }

  function progress() {
    marks().reviewChecked = `${review.entries.filter(Boolean).length}/${review.decisions.length}`;
  }

  function open() {
    const final = session.view;
    if (!review.offered || !final?.is_over || review.active) return;
    if (replay.active) replay.close({ reopen: false });
    result.close();
    const run = { final };
    Object.assign(review, { active: true, run, final, decisions: [], entries: [], selected: null, failed: null,
      story: null, table: { seat: final.seat, seats: final.seats, names: final.names } });
    marks().review = "checking";
    $("review").hidden = false;
    $("review-detail").hidden = false;
    panel.draw();
    drawDetail();
    $("review").scrollIntoView({ block: "nearest" });
    $("review-title").focus({ preventScroll: true });
    work(run);
  }

  /** Leave the review: the work stops; the game on the table is drawn again (and its result, if it is over). */
  function close({ back = true } = {}) {
    if (!review.active) return;
    Object.assign(review, { active: false, run: null, selected: null });
    $("review").hidden = true;
    $("review-detail").hidden = true;
    panel.clear();
    detail.clear();
    for (const key of ["review", "reviewMove", "reviewChecked"]) delete marks()[key];
    board.suggest?.(null);
    const view = session.view;
    if (view) {
      board.render(view, null);
      log.render(view);
      if (back && view.is_over && view === review.final) {
        result.open();
        $("review-open").focus(); // the way back in, in the dialog the review came from (or the replay's)
      }
    }
  }

  $("review-open").addEventListener("click", open);
  $("replay-review").addEventListener("click", open);
  document.addEventListener("keydown", (event) => {
    if (!review.active || document.querySelector("dialog[open]") || event.target.closest?.(".toolbar")) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && review.selected != null
      && !(event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)) {
      event.preventDefault();
      stepBy(event.key === "ArrowLeft" ? -1 : 1);
    }
  }, { signal: frame.signal });
  const resized = new ResizeObserver(() => review.active && panel.drawChart());
  resized.observe($("review"));
  frame.onClose(() => {
    resized.disconnect();
    review.run = null; // leaving the page stops the work
  });

  return {
    get active() {
      return review.active;
    },
    /** Whether the game on this page can be reviewed (list_games' `review`): shows or hides the ways in. */
    offer(reviewable) {
      review.offered = Boolean(reviewable);
      $("review-open").hidden = !review.offered;
      $("replay-review").hidden = !review.offered;
    },
    /** Leave the review without going back to the end screen (a new game is on the table). */
    close: () => close({ back: false }),
    /** Draw it all again (the language changed). */
    redraw() {
      if (!review.active) return;
      panel.draw();
      if (review.selected != null) select(review.selected, { focus: false });
      else {
        // No move on show: the finished game is on the table, its board and log in the new language too.
        board.render(review.final, null);
        log.render(review.final);
        drawDetail();
      }
    },
  };
}
