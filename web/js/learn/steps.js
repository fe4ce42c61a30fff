// A lesson's steps (issue 41): which step is current, whether a move fits it,
// and when a step passes. Pure data and rules, no page: js/play/lesson.js
// draws the step and asks this module; tests/lesson_walk.py walks the same
// rules through the engine.
//
// A course is web/learn/<game>.json: {format: 1, game, lessons: [lesson]}, a
// lesson {id, title, goal, seed, level, options, steps, done} (options hold
// the arranged deal, checked by the engine like every option), a step
//   {say, wait, mark?, point?, other?, others?}
// with wait one of
//   "next"              words only: the player taps Next (the other seats wait meanwhile)
//   "turn"              words while the other seats move: passes at the player's next decision
//   {action: A}         exactly this move (JSON equal, key order ignored)
//   {kind: P}           any move whose fields include P's
//   "any"               any legal move
// A move that does not fit the step is not played: the step's `others`
// (the first whose `match` the move has) or `other` says what it would do,
// and the step stays. A move made while a words step is shown is checked
// against the first step after it that waits for a move. The lesson is done
// once its last step has passed.

export const COURSE_FORMAT = 1;

/** JSON text of `value` with object keys sorted: two actions are the same move when these agree. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Whether `action` has every field of `partial` (with equal values). */
export function includes(action, partial) {
  return Boolean(action) && typeof action === "object"
    && Object.entries(partial).every(([key, value]) => canonical(action[key]) === canonical(value));
}

/** Whether a step waits for a move of the player (not words only). */
export const asksForMove = (step) => step.wait === "any" || (typeof step.wait === "object" && step.wait !== null);

/** Whether `action` is a move the step accepts. */
export function fits(step, action) {
  const { wait } = step;
  if (wait === "any") return true;
  if (wait?.action) return canonical(wait.action) === canonical(action);
  if (wait?.kind) return includes(action, wait.kind);
  return false;
}

/** The words said for a move that does not fit `step` ({en, de, cs}), or null. */
export function otherWords(step, action) {
  return (step.others ?? []).find((more) => includes(action, more.match))?.say ?? step.other ?? null;
}

/** A course file as the page reads it: its lessons, or an Error naming what is wrong. */
export function readCourse(data, game) {
  const wrong = (why) => new Error(`learn/${game}.json: ${why}`);
  if (!data || data.format !== COURSE_FORMAT || data.game !== game || !Array.isArray(data.lessons)) {
    return wrong("not a course of this game");
  }
  for (const [i, lesson] of data.lessons.entries()) {
    if (!lesson || typeof lesson.id !== "string" || !Array.isArray(lesson.steps) || !lesson.steps.length
      || !lesson.options || typeof lesson.options !== "object" || typeof lesson.level !== "string"
      || !Number.isSafeInteger(lesson.seed) || lesson.steps.some((s) => !s || !s.say || s.wait == null)) {
      return wrong(`lesson ${i + 1} is damaged`);
    }
  }
  return data.lessons;
}

/**
 * Where a lesson stands: `index` the current step (steps.length once done).
 *   check(action) -> {fits: true} | {fits: false, words}: the move against the step it answers
 *   played()      the move that fit was made: the step it answered passes (and the words steps before it)
 *   next()        the player tapped Next on a words step
 *   decision(view) the view on the table: a "turn" step passes once the player decides again or the game ended
 */
export function createSteps(lesson, index = 0) {
  const steps = lesson.steps;
  let at = Math.max(0, Math.min(Number.isInteger(index) ? index : 0, steps.length));
  /** The step a move answers: the current one, or the first move step after the words steps. */
  const answered = () => {
    let k = at;
    while (k < steps.length && !asksForMove(steps[k])) k += 1;
    return k;
  };
  return {
    get index() {
      return at;
    },
    get step() {
      return steps[at] ?? null;
    },
    get done() {
      return at >= steps.length;
    },
    get count() {
      return steps.length;
    },
    check(action) {
      const k = answered();
      if (k >= steps.length) return { fits: true }; // after the last step the game plays on freely
      if (fits(steps[k], action)) return { fits: true };
      return { fits: false, words: otherWords(steps[k], action), step: k };
    },
    played() {
      at = Math.min(answered() + 1, steps.length);
    },
    next() {
      if (!this.done && steps[at].wait === "next") at += 1;
    },
    decision(view) {
      const mine = view.is_over || (view.waiting_for === "human" && view.to_move === view.seat);
      if (mine && !this.done && steps[at].wait === "turn") at += 1;
    },
  };
}
