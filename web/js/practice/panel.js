// The practice bar above the board (issue 41): which position is on show (its number and how
// hard it is, or the position of the day), the solved count and the streak, and after a choice
// the verdict (a live region, so a screen reader says
// it), with "Next position". A position that cannot be opened, or a stopped engine, is said in
// the same place with its way on. Every text comes from the catalogue and is drawn again when the
// language changes (redraw). "Next position" stands in the toolbar in the place of the prompt
// once there is nothing left to choose, and the way to the position of the day is a button in
// the toolbar's menu, beside Rules (on a phone behind "Menu"): on a phone the bar keeps to a line
// before the choice and to the verdict's lines after it.
//
// Owns: the bar's elements and what they say, the Next button and the position-of-the-day button.

import { language, t } from "../i18n.js";

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
};

/** How hard a position is, in a word: its difficulty is the share of weaker players' choices that miss. */
const level = (difficulty) => (difficulty < 0.34 ? "easy" : difficulty < 0.67 ? "medium" : "hard");

/** A date (YYYY-MM-DD) as the page's language writes it ("5 December 2026"). */
const dateText = (date) => new Intl.DateTimeFormat(language(), { dateStyle: "long" }).format(new Date(`${date}T12:00:00`));

/**
 * The bar, put before the board in `frame`. `onNext()` shows the next position, `onDay()` the position
 * of the day.
 */
export function createPanel(frame, { onNext, onDay }) {
  const bar = el("section", "practice-bar");
  bar.setAttribute("aria-labelledby", "practice-heading");
  const head = el("div", "practice-head");
  const heading = el("h2", "practice-heading");
  heading.id = "practice-heading";
  const counts = el("p", "practice-counts");
  const day = el("button", "secondary practice-day"); // in the toolbar's menu, beside Rules
  day.type = "button";
  day.id = "practice-day";
  frame.$("show-rules").before(day);
  head.append(heading, counts);
  const note = el("p", "practice-note");
  note.hidden = true;
  const verdict = el("div", "practice-verdict");
  verdict.id = "practice-verdict";
  verdict.setAttribute("role", "status"); // polite: said once the choice is judged
  const next = el("button", "primary practice-next");
  next.type = "button";
  next.id = "practice-next";
  next.hidden = true;
  bar.append(head, note, verdict);
  frame.$("turn").after(next); // in the toolbar, in the place of the prompt: the bar keeps to its lines
  frame.$("board").before(bar);

  let shown = { heading: null, counts: null, dayDone: false, verdict: null, problem: null, unkept: false };
  day.addEventListener("click", () => onDay());
  next.addEventListener("click", () => onNext());

  function draw() {
    const h = shown.heading;
    heading.textContent = !h ? t("practice.loading")
      : h.day ? t("practice.day.heading", { date: dateText(h.day) })
        : t("practice.heading", { n: h.index + 1, count: h.count, level: t(`practice.level.${level(h.difficulty)}`) });
    const c = shown.counts;
    counts.textContent = c ? t("practice.counts", { solved: c.solved, streak: c.streak }) : "";
    day.textContent = shown.dayDone ? t("practice.day.done") : t("practice.day");
    day.disabled = !h || Boolean(h.day);
    note.hidden = !shown.unkept;
    note.textContent = shown.unkept ? t("practice.unkept") : "";
    verdict.replaceChildren();
    delete verdict.dataset.verdict;
    if (shown.verdict) {
      const v = shown.verdict;
      verdict.dataset.verdict = v.right ? "right" : "wrong";
      const word = el("strong", "practice-word", t(v.right ? "practice.right" : "practice.wrong"));
      const parts = [word, " "];
      if (!v.right && v.best) parts.push(el("span", "practice-best", t("practice.best", { choice: v.best })), " ");
      parts.push(v.why);
      if (v.values) parts.push(" ", el("span", "practice-values", v.values));
      verdict.append(...parts);
    } else if (shown.problem) {
      verdict.dataset.verdict = "problem";
      verdict.append(el("strong", "practice-word", t(shown.problem.text)));
    }
    next.hidden = !shown.verdict && (!shown.problem || shown.problem.busy);
    next.textContent = shown.problem?.action ? t(shown.problem.action) : t("practice.next");
  }

  return {
    node: bar,
    /** The position on show: {index, count, difficulty, day (its date when it is the day's, else null)}. */
    position(info) {
      shown = { ...shown, heading: info, verdict: null, problem: null };
      draw();
    },
    counts(solved, streak, dayDone) {
      shown = { ...shown, counts: { solved, streak }, dayDone };
      draw();
    },
    /** The verdict {right, best, why, values}; with `focus` Next takes it, so the keyboard goes on from there. */
    verdict(v, { focus = true } = {}) {
      shown = { ...shown, verdict: v, problem: null };
      draw();
      if (focus) next.focus({ preventScroll: true });
    },
    /** A position that could not be shown: `text` (a message key) and the next button's label key (null:
     *  "Next position"); `busy`: no button while something is under way (the engine restarting). */
    problem(text, action = null, busy = false) {
      shown = { ...shown, verdict: null, problem: { text, action, busy } };
      draw();
    },
    /** Whether the counts are kept on this device (storage full or blocked: said once, in the bar). */
    unkept(yes) {
      shown = { ...shown, unkept: yes };
      draw();
    },
    redraw: draw,
  };
}
