// After a game, the review: each of the player's decisions checked by the engine's coach
// (bridge "review", one decision per call, each with its own deadline), a chart of their
// chances over the game (review-chart.js), the moves that cost most marked on it and listed,
// and a table of every decision as its text alternative. Selecting a decision shows the board
// as it was then (the review's observation), the better move drawn on it (board.suggest) and
// why in one sentence (review-words.js). Marks appear as soon as each decision is checked;
// leaving the review (closing it, a new game, leaving the page) stops the work.
//
// Owns: the #review panel and the #review-detail box above the board, the decisions checked so
// far, the one on show, and the marks `review` ("checking", "done" or "failed" while it is open),
// `reviewMove` (the decision on show) and `reviewChecked` ("3/11").

import { isEngineTrouble } from "../../engine/client.js";
import { t } from "../i18n.js";
import { drawChart } from "./review-chart.js";
import {
  costText, decisionLines, isCostly, loadCoach, moveName, SYMBOLS, valueText, verdictName,
} from "./review-words.js";

/** Added to each review call's deadline: a review searches as hard as the strongest AI's move (5 s). */
export const REVIEW_BUDGET_MS = 5000;

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
};

/**
 * @param name      the game's name (its coach's words: web/games/<name>/coach.js)
 * @param session   the GameSession: view (the finished game) and call()
 * @param board     render(view, null), suggest?(action | null)
 * @param log       the move log part: the log of the moment on show
 * @param result    the result part: closed while the review is open, opened again after
 * @param replay    the replay part: closed when the review opens from its bar
 * @param onTrouble (err) => void: the engine failed under the review
 */
export function createReview(frame, { name, session, board, log, result, replay, onTrouble }) {
  const $ = frame.$;
  const marks = frame.marks;
  const panel = $("review");
  const detail = $("review-detail");
  const state = {
    offered: false, // the game can be reviewed (list_games' `review`)
    active: false,
    run: null, // the work under way: {final}; a new object for each opening, null once closed
    final: null, // the finished game's view
    decisions: [], // the moves that were the player's decisions
    entries: [], // per decision: the review reply, or null until checked
    selected: null, // the move on show
    failed: null, // the move whose check failed, if any
    coach: {},
  };
  const current = (run) => run === state.run && frame.alive && session.view === run.final;

  // ------------------------------------------------------------ drawing
  function drawPanel() {
    const title = el("h2", "review-title", t("play.review.title"));
    title.id = "review-title";
    title.tabIndex = -1;
    const progress = el("p", "review-progress");
    progress.id = "review-progress";
    progress.setAttribute("aria-live", "polite");
    const close = el("button", "primary review-close", t("play.review.close"));
    close.type = "button";
    close.id = "review-close";
    close.addEventListener("click", () => closeReview());
    const head = el("div", "review-head");
    head.append(title, close, progress);
    const unit = state.entries.find(Boolean)?.unit ?? "win_chance";
    const chartTitle = el("p", "review-chart-title", t(`play.review.chart.${unit === "score" ? "score" : "win_chance"}`));
    const chart = el("div", "review-chart");
    const costlyHead = el("h3", "review-costly-title", t("play.review.costly"));
    costlyHead.id = "review-costly-title";
    const costly = el("ul", "review-costly");
    costly.setAttribute("aria-labelledby", "review-costly-title");
    const costlyNote = el("p", "review-costly-note");
    const all = el("details", "review-all");
    all.append(el("summary", null, t("play.review.all")), table());
    const focused = panel.contains(document.activeElement) ? document.activeElement : null;
    const again = focused?.id ? `#${focused.id}` : focused?.dataset.move ? `.${focused.className.split(" ")[0]}[data-move="${focused.dataset.move}"]` : null;
    panel.replaceChildren(head, chartTitle, chart, costlyHead, costly, costlyNote, all);
    update();
    if (again) panel.querySelector(again)?.focus({ preventScroll: true }); // drawn again (the language changed): the focus stays
  }

  function table() {
    const tableNode = el("table", "review-table");
    const head = el("tr");
    for (const key of ["move", "verdict", "after", "cost"]) {
      const cell = el("th", null, t(`play.review.col.${key}`));
      cell.scope = "col";
      head.append(cell);
    }
    const thead = el("thead");
    thead.append(head);
    const body = el("tbody");
    state.decisions.forEach((move, i) => {
      const row = el("tr");
      row.dataset.move = String(move);
      row.append(el("th"), el("td"), el("td"), el("td"));
      row.firstChild.scope = "row";
      body.append(row);
      fillRow(row, state.entries[i], move);
    });
    tableNode.append(thead, body);
    return tableNode;
  }

  /** A decision's button: its sign, its name and verdict; pressed while it is on show. */
  function pickButton(entry, text) {
    const button = el("button", "review-pick");
    button.type = "button";
    button.dataset.move = String(entry.move);
    button.dataset.verdict = entry.verdict;
    if (SYMBOLS[entry.verdict]) button.append(el("span", "review-sign-text", SYMBOLS[entry.verdict]), " ");
    button.append(text);
    button.setAttribute("aria-pressed", String(entry.move === state.selected));
    button.addEventListener("click", () => select(entry.move));
    return button;
  }

  function fillRow(row, entry, move) {
    const [moveCell, verdictCell, afterCell, costCell] = row.children;
    if (!entry) {
      moveCell.textContent = moveName(move);
      verdictCell.textContent = t("play.review.pending");
      return;
    }
    row.dataset.verdict = entry.verdict;
    if (!moveCell.querySelector("button")) moveCell.replaceChildren(pickButton(entry, moveName(move)));
    verdictCell.textContent = verdictName(entry.verdict);
    afterCell.textContent = valueText(entry.value_played, entry.unit);
    costCell.textContent = entry.verdict === "best" ? "" : costText(entry.loss, entry.unit);
  }

  /** Bring the panel up to date with the decisions checked so far (keeping the buttons in place). */
  function update() {
    if (!state.active) return;
    const done = state.entries.filter(Boolean).length;
    const total = state.decisions.length;
    const progress = $("review-progress");
    progress.textContent = state.failed != null ? t("play.review.failed", { move: state.failed + 1 })
      : !total ? t("play.review.waiting")
        : done < total ? t("play.review.progress", { done, total }) : t("play.review.done", { total });
    marks().reviewChecked = `${done}/${total}`;
    const unit = state.entries.find(Boolean)?.unit ?? "win_chance";
    panel.querySelector(".review-chart-title").textContent =
      t(`play.review.chart.${unit === "score" ? "score" : "win_chance"}`);
    drawChartNow();
    const costly = panel.querySelector(".review-costly");
    const shown = new Set([...costly.children].map((li) => Number(li.dataset.move)));
    for (const entry of state.entries) {
      if (!isCostly(entry) || shown.has(entry.move)) continue;
      const item = el("li");
      item.dataset.move = String(entry.move);
      item.append(pickButton(entry, `${t("play.review.mark", { n: entry.move + 1, verdict: verdictName(entry.verdict) })} (${costText(entry.loss, entry.unit)})`));
      costly.append(item);
    }
    panel.querySelector(".review-costly-note").textContent = costly.children.length ? ""
      : done < total || !total ? t("play.review.costly.waiting") : t("play.review.costly.none");
    panel.querySelectorAll(".review-table tbody tr").forEach((row, i) => fillRow(row, state.entries[i], state.decisions[i]));
    for (const button of panel.querySelectorAll(".review-pick")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.move) === state.selected));
    }
  }

  function drawChartNow() {
    const box = panel.querySelector(".review-chart");
    if (!box || panel.hidden) return;
    const unit = state.entries.find(Boolean)?.unit ?? "win_chance";
    box.replaceChildren(drawChart({ entries: state.entries, unit, selected: state.selected,
      width: box.clientWidth || 320, onPick: select }));
  }

  function drawDetail() {
    const index = state.decisions.indexOf(state.selected);
    const entry = state.entries[index];
    const title = el("h2", "review-detail-title");
    title.id = "review-detail-title";
    title.tabIndex = -1;
    if (!entry) {
      title.textContent = t("play.review.title");
      detail.replaceChildren(title, el("p", "review-hint", t("play.review.pick")));
      return;
    }
    if (SYMBOLS[entry.verdict]) title.append(el("span", "review-sign-text", SYMBOLS[entry.verdict]), " ");
    title.append(t("play.review.mark", { n: entry.move + 1, verdict: verdictName(entry.verdict) }));
    if (entry.verdict !== "best") title.append(" ", el("span", "review-cost", `(${costText(entry.loss, entry.unit)})`));
    detail.dataset.verdict = entry.verdict;
    const steps = el("div", "review-steps");
    for (const [key, step, sign] of [["prev", -1, "◀"], ["next", 1, "▶"]]) {
      const button = el("button", "secondary review-step", sign);
      button.type = "button";
      button.dataset.step = key;
      button.setAttribute("aria-label", t(`play.review.${key}`));
      button.title = t(`play.review.${key}`);
      button.disabled = !state.entries[index + step];
      button.addEventListener("click", () => stepBy(step));
      steps.append(button);
    }
    const head = el("div", "review-detail-head");
    head.append(title, steps);
    const body = el("div", "review-detail-body");
    body.append(...decisionLines(state.coach, entry).map(({ kind, text }) => el("p", `review-${kind}`, text)));
    detail.replaceChildren(head, body);
  }

  // ------------------------------------------------------------ selecting a decision
  function select(move, { focus = true } = {}) {
    const index = state.decisions.indexOf(move);
    const entry = state.entries[index];
    if (!state.active || !entry) return;
    state.selected = move;
    const final = state.final;
    const past = { ...final, move, observation: entry.observation, is_over: false, waiting_for: null };
    board.render(past, null);
    board.suggest?.(entry.best);
    log.render(past);
    marks().reviewMove = String(move);
    drawDetail();
    update();
    if (focus) {
      detail.scrollIntoView({ block: "nearest" });
      $("review-detail-title")?.focus({ preventScroll: true });
    }
  }

  function stepBy(step) {
    const index = state.decisions.indexOf(state.selected) + step;
    if (state.entries[index]) select(state.decisions[index]);
  }

  // ------------------------------------------------------------ the work
  async function work(run) {
    try {
      const [first, coach] = await Promise.all([
        session.call({ cmd: "replay", session: run.final.session, move: 0 }), loadCoach(name)]);
      if (!current(run)) return;
      state.coach = coach;
      state.decisions = first.decisions ?? [];
      state.entries = state.decisions.map(() => null);
      panel.querySelector(".review-table")?.replaceWith(table()); // a row per decision, to be checked
      update();
      for (let i = 0; i < state.decisions.length; i++) {
        const entry = await session.call({ cmd: "review", session: run.final.session, move: state.decisions[i] },
          REVIEW_BUDGET_MS);
        if (!current(run)) return;
        state.entries[i] = entry;
        update();
        const next = detail.querySelector('[data-step="next"]'); // enabled once the next decision is checked
        if (next) next.disabled = !state.entries[state.decisions.indexOf(state.selected) + 1];
      }
      marks().review = "done";
    } catch (err) {
      if (!current(run)) return;
      console.warn("review failed:", err);
      if (isEngineTrouble(err)) {
        closeReview({ back: false });
        onTrouble(err);
        return;
      }
      state.failed = state.decisions[state.entries.findIndex((e) => !e)] ?? 0;
      marks().review = "failed";
      update();
    }
  }

  // ------------------------------------------------------------ opening and closing
  function open() {
    const final = session.view;
    if (!state.offered || !final?.is_over || state.active) return;
    if (replay.active) replay.close({ reopen: false });
    result.close();
    const run = { final };
    Object.assign(state, { active: true, run, final, decisions: [], entries: [], selected: null, failed: null });
    marks().review = "checking";
    panel.hidden = false;
    detail.hidden = false;
    delete detail.dataset.verdict;
    drawPanel();
    drawDetail();
    panel.scrollIntoView({ block: "nearest" });
    $("review-title").focus({ preventScroll: true });
    work(run);
  }

  /** Leave the review: the work stops; the game on the table is drawn again (and its result, if it is over). */
  function closeReview({ back = true } = {}) {
    if (!state.active) return;
    Object.assign(state, { active: false, run: null, selected: null });
    panel.hidden = true;
    detail.hidden = true;
    panel.replaceChildren();
    detail.replaceChildren();
    for (const key of ["review", "reviewMove", "reviewChecked"]) delete marks()[key];
    board.suggest?.(null);
    const view = session.view;
    if (view) {
      board.render(view, null);
      log.render(view);
      if (back && view.is_over && view === state.final) {
        result.open();
        $("review-open").focus(); // the way back in, in the dialog the review came from (or the replay's)
      }
    }
  }

  $("review-open").addEventListener("click", open);
  $("replay-review").addEventListener("click", open);
  document.addEventListener("keydown", (event) => {
    if (!state.active || document.querySelector("dialog[open]") || event.target.closest?.(".toolbar")) return;
    if (event.key === "Escape") {
      event.preventDefault();
      closeReview();
    } else if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && state.selected != null
      && !(event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)) {
      event.preventDefault();
      stepBy(event.key === "ArrowLeft" ? -1 : 1);
    }
  }, { signal: frame.signal });
  const resized = new ResizeObserver(() => state.active && drawChartNow());
  resized.observe(panel);
  frame.onClose(() => {
    resized.disconnect();
    state.run = null; // leaving the page stops the work
  });

  return {
    get active() {
      return state.active;
    },
    /** Whether the game on this page can be reviewed (list_games' `review`): shows or hides the way in. */
    offer(reviewable) {
      state.offered = Boolean(reviewable);
      $("review-open").hidden = !state.offered;
      $("replay-review").hidden = !state.offered;
    },
    close: () => closeReview({ back: false }),
    /** Draw it all again (the language changed). */
    redraw() {
      if (!state.active) return;
      drawPanel();
      if (state.selected != null) select(state.selected, { focus: false });
      else drawDetail();
    },
  };
}
