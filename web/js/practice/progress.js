// The player's practice of one game, kept on this device (js/storage.js, key
// "practice.<game>"): the positions solved, the streak of right answers in a row (and the best
// one), the position on show (a reload brings it back; one already answered moves on), and the
// days whose position of the day was solved. Storage that is full or blocked never stops
// practice: the counts then live for this visit only, and `kept` says so for the page to tell.
//
// Owns: that record and its key. Never the running game's save or the ranking.

import { readJSON, writeJSON } from "../storage.js";

const DAYS_KEPT = 60; // the days of the position of the day remembered (the newest)

/** What was kept, each field checked: a damaged record starts afresh rather than breaking the page. */
function fromStored(value) {
  const v = value && typeof value === "object" ? value : {};
  const ids = (list) => (Array.isArray(list) ? list.filter((x) => typeof x === "string") : []);
  const count = (n) => (Number.isInteger(n) && n >= 0 ? n : 0);
  return {
    solved: ids(v.solved),
    streak: count(v.streak),
    best: count(v.best),
    current: typeof v.current === "string" ? v.current : null,
    answered: v.answered === true, // the position on show has had its verdict
    days: ids(v.days),
  };
}

export function createProgress(game) {
  const key = `practice.${game}`;
  const read = readJSON(key);
  const state = fromStored(read.value);
  const solved = new Set(state.solved);
  let kept = true; // the last write worked

  const write = () => {
    kept = writeJSON(key, { ...state, solved: [...solved] });
    return kept;
  };

  return {
    /** False once a write failed: the counts are not kept on this device. */
    get kept() {
      return kept;
    },
    get solvedCount() {
      return solved.size;
    },
    get streak() {
      return state.streak;
    },
    get best() {
      return state.best;
    },
    isSolved: (id) => solved.has(id),
    /** The position that was on show when the page was left, and whether it was answered. */
    current: () => ({ id: state.current, answered: state.answered }),
    /** Position `id` is on show now, not yet answered. */
    show(id) {
      state.current = id;
      state.answered = false;
      write();
    },
    /** The verdict on position `id`; `day` is the date when it was the position of the day. */
    answer(id, right, day = null) {
      if (id === state.current) state.answered = true;
      if (right) {
        solved.add(id);
        state.streak += 1;
        state.best = Math.max(state.best, state.streak);
        if (day && !state.days.includes(day)) state.days = [...state.days, day].slice(-DAYS_KEPT);
      } else {
        state.streak = 0;
      }
      return write();
    },
    /** Whether the position of the day `date` was solved. */
    dayDone: (date) => state.days.includes(date),
  };
}
