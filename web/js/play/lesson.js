// A lesson on the game page (issue 41): play.html?game=<game>&learn=<n> runs
// lesson n of web/learn/<game>.json over the ordinary session and board. The
// lesson's game is dealt from its arranged deal (js/play/opening.js deals the
// lesson's seed, level and options) and saved in its own slot (js/saves.js,
// `learn.save.<game>`) with the step it is at, so a reload comes back to the
// same step; the running game's save and the ranking are never touched.
//
// While a words step ("next") is shown, the other seats wait: the player reads it, taps Next, and only
// then does the computer move, so the words come just before what they speak of.
//
// Owns: the #lesson panel (the step's words, Next, the end of the lesson),
// the marks of a step on the board (board.suggest for the move it asks; an
// outline on the elements of its `point`), the check of the player's moves
// against the step (a move that does not fit is answered in words and never
// sent), and the `lesson`, `lessonStep` and `lessonDone` marks on <html>.

import { language, t } from "../i18n.js";
import { createSteps } from "../learn/steps.js";
import { markDone } from "../learn/progress.js";

const POINTED = "lesson-pointed";
const LABEL = "lesson-label";

/**
 * @param name     the game's name
 * @param n        the lesson's number (1-based) in its course
 * @param lessons  the course's lessons (js/learn/steps.js readCourse)
 * @param board    the board: suggest(action, word)
 * @param again    () => void: the same move saved again (a step passed without a move)
 */
export function createLesson(frame, { name, n, lessons, board, again }) {
  const lesson = lessons[n - 1];
  const $ = frame.$;
  const panel = $("lesson");
  const say = $("lesson-say");
  let steps = createSteps(lesson, 0);
  let session = null; // the engine session the steps belong to
  let pending = 0; // the step a game being opened starts at (0, or a save's)
  let view = null;
  let answer = null; // words said for a move that did not fit, until the next move or step
  let holding = []; // the AI's next move waits while a words step is read (resolved by Next)
  const reading = () => !steps.done && steps.step?.wait === "next";

  const words = (text) => text?.[language()] ?? text?.en ?? "";
  panel.hidden = false;
  frame.marks().lesson = `${name}-${n}`;

  function draw() {
    if (!frame.alive) return;
    const marks = frame.marks();
    marks.lessonStep = String(steps.index);
    $("lesson-title").textContent = t("lesson.heading", { n, count: lessons.length, title: words(lesson.title) });
    const step = steps.step;
    const done = steps.done;
    if (!reading() && holding.length) {
      for (const go of holding) go();
      holding = [];
    }
    if (done) marks.lessonDone = "true";
    else delete marks.lessonDone;
    panel.dataset.state = answer ? "other" : done ? "done" : "step";
    const last = n >= lessons.length;
    say.textContent = answer ? words(answer)
      : done ? `${words(lesson.done)}${last ? ` ${t("lesson.play-hint")}` : ""}` : words(step.say);
    $("lesson-next").hidden = done || answer != null || step.wait !== "next";
    $("lesson-again").hidden = answer == null;
    $("lesson-more").hidden = !done || last;
    $("lesson-more").href = `play.html?game=${encodeURIComponent(name)}&learn=${n + 1}`;
    $("lesson-play").hidden = !done || !last;
    $("lesson-play").href = `play.html?game=${encodeURIComponent(name)}&level=easy`;
    $("lesson-list").hidden = !done;
    // Skip: the next lesson, or after the last one the real game; in the menu, beside "Start the lesson again".
    $("lesson-skip").href = last ? $("lesson-play").href : $("lesson-more").href;
    $("lesson-skip").hidden = done;
    mark();
  }

  /** The step's marks on the board as drawn now (a board draws its elements anew: marked again each time). */
  function mark() {
    const root = $("board");
    for (const node of root.querySelectorAll(`.${POINTED}`)) node.classList.remove(POINTED);
    for (const node of root.querySelectorAll(`.${LABEL}`)) node.remove();
    const step = steps.step;
    if (!step || !view || view.session !== session || steps.done) {
      board.suggest?.(null);
      return;
    }
    const asked = step.wait?.action;
    const mine = view.waiting_for === "human" && view.to_move === view.seat;
    board.suggest?.(asked && step.mark !== false && mine ? asked : null, t("lesson.mark"));
    if (step.point) {
      let nodes = [];
      try {
        nodes = [...root.querySelectorAll(step.point)];
      } catch {
        nodes = []; // a selector the board's markup does not take: no mark, the words still say it
      }
      nodes.forEach((node) => node.classList.add(POINTED));
      if (nodes.length) {
        // In words too, never colour alone (drawn by CSS from data-label: no part of the element's name).
        const tag = document.createElement("span");
        tag.className = LABEL;
        tag.setAttribute("aria-hidden", "true");
        tag.dataset.label = t("lesson.look");
        nodes[0].append(tag);
      }
    }
  }

  function finish() {
    if (steps.done) markDone(name, lesson.id); // storage refused: the lesson is simply not ticked
  }

  $("lesson-next").addEventListener("click", () => {
    steps.next();
    answer = null;
    if (view) steps.decision(view);
    finish();
    draw();
    again();
  });
  $("lesson-again").addEventListener("click", () => {
    answer = null;
    draw();
  });

  return {
    lesson,
    /** A game is being put on the table: a new deal of the lesson (record null) or its save. */
    opening(record) {
      const kept = record?.lesson;
      pending = kept && kept.id === lesson.id && Number.isInteger(kept.step) ? kept.step : 0;
    },
    /**
     * Whether a stored lesson game is this lesson's, under way (else the lesson starts afresh: another
     * lesson's game, or this one finished, which opening it again replays).
     */
    owns(record) {
      const kept = record?.lesson;
      return kept?.id === lesson.id && Number.isInteger(kept.step) && kept.step < lesson.steps.length;
    },
    /** What the save keeps of the lesson: its id and the step. */
    state: () => ({ id: lesson.id, n, step: steps.index }),
    /**
     * The player's move, before it is sent: true when it may go to the engine. A move that does
     * not fit the step is answered in words and stays off the table.
     */
    check(action) {
      const checked = steps.check(action);
      if (!checked.fits) {
        answer = checked.words ?? { en: t("lesson.other") };
        draw();
        say.focus?.({ preventScroll: true });
        return false;
      }
      answer = null;
      steps.played();
      finish();
      draw();
      return true;
    },
    /** The engine refused a move that fit (a stale click): the step stays where it was. */
    refused(index) {
      steps = createSteps(lesson, index);
      draw();
    },
    get index() {
      return steps.index;
    },
    /** A view on the table (drawn by the board just now). */
    render(next) {
      if (next.session !== session) {
        session = next.session;
        steps = createSteps(lesson, pending);
        pending = 0;
        answer = null;
      }
      view = next;
      const before = steps.index;
      steps.decision(next);
      finish();
      draw();
      if (steps.index !== before) again();
    },
    redraw: draw,
    /** Resolves when the other seats may move on: at once, or once a words step is read (Next). */
    hold() {
      return reading() ? new Promise((go) => holding.push(go)) : Promise.resolve();
    },
  };
}
