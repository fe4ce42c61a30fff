// The review's panel: its head (title, progress said aloud, the way back), the chart
// (review-chart.js), the costly moves as buttons and a table of every move, each checked one a
// button. Redrawn whole only when it opens or the language changes; as decisions are checked
// it is brought up to date in place, so a button the player is on keeps its focus.
//
// Owns: the #review panel's elements.

import { t } from "../i18n.js";
import { drawChart } from "./review-chart.js";
import { costText, isCostly, moveName, SYMBOLS, valueText, verdictName } from "./review-words.js";

export const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
};

const unitOf = (review) => review.entries.find(Boolean)?.unit ?? "win_chance";
const chartTitle = (review) => t(`play.review.chart.${unitOf(review) === "score" ? "score" : "win_chance"}`);

/**
 * @param panel    the #review element
 * @param review   what the review knows: {decisions, entries, selected, failed} (read at each draw)
 * @param onPick   (move) => void: a decision was chosen (button, row or a point of the chart)
 * @param onClose  () => void: the way back was pressed
 */
export function createReviewPanel(panel, { review, onPick, onClose }) {
  /** A decision's button: its sign, its name; pressed while it is on show. */
  function pickButton(entry, text) {
    const button = el("button", "review-pick");
    button.type = "button";
    button.dataset.move = String(entry.move);
    button.dataset.verdict = entry.verdict;
    if (SYMBOLS[entry.verdict]) button.append(el("span", "review-sign-text", SYMBOLS[entry.verdict]), " ");
    button.append(text);
    button.setAttribute("aria-pressed", String(entry.move === review.selected));
    button.addEventListener("click", () => onPick(entry.move));
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

  /** The table of every decision: the chart's text alternative. */
  function table() {
    const node = el("table", "review-table");
    const head = el("tr");
    for (const key of ["move", "verdict", "after", "cost"]) {
      const cell = el("th", null, t(`play.review.col.${key}`));
      cell.scope = "col";
      head.append(cell);
    }
    const thead = el("thead");
    thead.append(head);
    const body = el("tbody");
    review.decisions.forEach((move, i) => {
      const row = el("tr");
      row.dataset.move = String(move);
      const name = el("th");
      name.scope = "row";
      row.append(name, el("td"), el("td"), el("td"));
      body.append(row);
      fillRow(row, review.entries[i], move);
    });
    node.append(thead, body);
    return node;
  }

  function drawChartNow() {
    const box = panel.querySelector(".review-chart");
    if (!box || panel.hidden) return;
    box.replaceChildren(drawChart({ entries: review.entries, unit: unitOf(review), selected: review.selected,
      width: box.clientWidth || 320, onPick }));
  }

  /** Bring the panel up to date with the decisions checked so far (buttons stay in place). */
  function update() {
    const done = review.entries.filter(Boolean).length;
    const total = review.decisions.length;
    panel.querySelector("#review-progress").textContent = review.failed != null
      ? t("play.review.failed", { move: review.failed + 1 })
      : !total ? t("play.review.waiting")
        : done < total ? t("play.review.progress", { done, total }) : t("play.review.done", { total });
    panel.querySelector(".review-chart-title").textContent = chartTitle(review);
    drawChartNow();
    const costly = panel.querySelector(".review-costly");
    const listed = new Set([...costly.children].map((li) => Number(li.dataset.move)));
    for (const entry of review.entries) {
      if (!isCostly(entry) || listed.has(entry.move)) continue;
      const item = el("li");
      item.dataset.move = String(entry.move);
      item.append(pickButton(entry, `${t("play.review.mark", { n: entry.move + 1, verdict: verdictName(entry.verdict) })} (${costText(entry.loss, entry.unit)})`));
      costly.append(item);
    }
    panel.querySelector(".review-costly-note").textContent = costly.children.length ? ""
      : done < total || !total ? t("play.review.costly.waiting") : t("play.review.costly.none");
    panel.querySelectorAll(".review-table tbody tr").forEach((row, i) => fillRow(row, review.entries[i], review.decisions[i]));
    for (const button of panel.querySelectorAll(".review-pick")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.move) === review.selected));
    }
  }

  /** The whole panel, drawn anew (it opened, or the language changed); the focus stays where it was. */
  function draw() {
    const focused = panel.contains(document.activeElement) ? document.activeElement : null;
    const again = focused?.id ? `#${focused.id}`
      : focused?.dataset.move ? `.review-pick[data-move="${focused.dataset.move}"]` : null;
    const title = el("h2", "review-title", t("play.review.title"));
    title.id = "review-title";
    title.tabIndex = -1;
    const progress = el("p", "review-progress");
    progress.id = "review-progress";
    progress.setAttribute("aria-live", "polite");
    const close = el("button", "primary review-close", t("play.review.close"));
    close.type = "button";
    close.id = "review-close";
    close.addEventListener("click", onClose);
    const head = el("div", "review-head");
    head.append(title, close, progress);
    const costlyHead = el("h3", "review-costly-title", t("play.review.costly"));
    costlyHead.id = "review-costly-title";
    const costly = el("ul", "review-costly");
    costly.setAttribute("aria-labelledby", "review-costly-title");
    const all = el("details", "review-all");
    all.append(el("summary", null, t("play.review.all")), table());
    panel.replaceChildren(head, el("p", "review-chart-title"), el("div", "review-chart"), costlyHead, costly,
      el("p", "review-costly-note"), all);
    update();
    if (again) panel.querySelector(again)?.focus({ preventScroll: true });
  }

  return {
    draw,
    update,
    /** The decisions are known: a row for each, to be checked. */
    rows() {
      panel.querySelector(".review-table")?.replaceWith(table());
      update();
    },
    drawChart: drawChartNow,
    clear: () => panel.replaceChildren(),
  };
}
