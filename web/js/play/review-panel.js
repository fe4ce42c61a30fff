// The review's panel: its head (title, progress said aloud, the way back), what decided the game
// (one line, issue 40), the chart (review-chart.js) with the legend of its marks, the swings of
// the line between the player's decisions (what moved it, in words: each a button to the board
// right after it), the costly moves as buttons and a table of every move, each checked one a
// button, the swings in their places among them. Redrawn whole only when it opens or the
// language changes; as decisions are checked it is brought up to date in place, so a button
// the player is on keeps its focus.
//
// Owns: the #review panel's elements.

import { t } from "../i18n.js";
import { causeIcons, drawChart, endIcon } from "./review-chart.js";
import {
  costText, decidedWords, isCostly, moveName, SWING, swingHead, swingsOf, swingWords, SYMBOLS, valueText, verdictName,
} from "./review-words.js";

export const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
};

const unitOf = (review) => review.entries.find(Boolean)?.unit ?? review.story?.end?.unit ?? "win_chance";
const chartTitle = (review) => t(`play.review.chart.${unitOf(review) === "score" ? "score" : "win_chance"}`);
/** The unit's key part: what the line is of. */
const unitKey = (review) => (unitOf(review) === "score" ? "score" : "win_chance");
/** The swings marked so far (review.story: the bridge's `decided`, null until it came or when it failed). */
const swingsNow = (review) => swingsOf(review.entries, review.story, unitOf(review), review.table);

/**
 * @param panel    the #review element
 * @param review   what the review knows: {decisions, entries, selected, failed, story, coach, table}
 *                 (read at each draw; `story` is the bridge's `decided`, `table` the seats at the game)
 * @param onPick   (move) => void: a decision was chosen (button, row or a point of the chart)
 * @param onClose  () => void: the way back was pressed
 */
export function createReviewPanel(panel, { review, onPick, onClose, onShare = null }) {
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
    const end = typeof review.story?.end?.value === "number" ? review.story.end.value : null;
    box.replaceChildren(drawChart({ entries: review.entries, unit: unitOf(review), selected: review.selected,
      width: box.clientWidth || 320, onPick, end, swings: swingsNow(review), onSwing: showSwing }));
  }

  /** A swing's mark on the chart was tapped: its words in the list, brought into view and focused. */
  function showSwing(index) {
    const item = panel.querySelector(`.review-swings li[data-swing="${index}"]`);
    if (!item) return;
    item.scrollIntoView({ block: "nearest" });
    item.focus({ preventScroll: true });
  }

  /** One swing in words: its marks and head (a button to the board right after it, where a decision follows). */
  function swingItem(swing) {
    const item = el("li", "review-swing");
    item.dataset.swing = String(swing.index);
    item.dataset.causes = swing.causes.join(" ");
    item.tabIndex = -1; // the chart's mark brings the focus here
    const head = swing.until == null ? el("p", "review-swing-head") : el("button", "review-swing-pick");
    if (swing.until != null) {
      head.type = "button";
      head.dataset.swing = String(swing.index);
      head.addEventListener("click", () => onPick(swing.until));
    }
    head.append(causeIcons(swing.causes), " ", el("span", null, swingHead(swing, unitOf(review))));
    item.append(head, el("p", "review-swing-words", swingWords(review.coach ?? {}, swing, review)));
    return item;
  }

  /** A swing's row in the table, after the row of the decision it follows. */
  function swingRow(swing) {
    const row = el("tr", "review-swing-row");
    row.dataset.swing = String(swing.index);
    const head = el("th");
    head.scope = "row";
    head.append(causeIcons(swing.causes), " ", t("play.review.col.then"));
    const cell = el("td", null, `${swingHead(swing, unitOf(review))} ${swingWords(review.coach ?? {}, swing, review)}`);
    cell.colSpan = 3;
    row.append(head, cell);
    return row;
  }

  /** The top line, the legend, the list of swings and their rows in the table, brought up to date. */
  function updateStory() {
    panel.querySelector(".review-swings-title").textContent = t(`play.review.swings.${unitKey(review)}`);
    const decided = panel.querySelector(".review-decided");
    const words = decidedWords(review.coach ?? {}, review.story, review.table);
    decided.hidden = !words;
    decided.querySelector(".review-decided-text").textContent = words;
    const swings = swingsNow(review);
    const list = panel.querySelector(".review-swings");
    const listed = new Set([...list.children].map((li) => Number(li.dataset.swing)));
    for (const swing of swings) if (!listed.has(swing.index)) list.append(swingItem(swing));
    [...list.children].sort((a, b) => Number(a.dataset.swing) - Number(b.dataset.swing)).forEach((li) => list.append(li));
    const done = review.entries.filter(Boolean).length;
    const total = review.decisions.length;
    panel.querySelector(".review-swings-note").textContent = swings.length ? ""
      : !review.story || done < total || !total ? t("play.review.costly.waiting")
        : t("play.review.swings.none", { limit: unitOf(review) === "score"
          ? valueText(SWING.score, "score") : valueText(SWING.win_chance, "win_chance") });
    const rows = panel.querySelector(".review-table tbody");
    for (const swing of swings) {
      if (!rows || rows.querySelector(`.review-swing-row[data-swing="${swing.index}"]`)) continue;
      const after = rows.querySelector(`tr[data-move="${swing.after}"]`);
      if (after) after.after(swingRow(swing));
    }
    // The legend: the marks that are on the chart now, and the signs of a costly move.
    const legend = panel.querySelector(".review-legend");
    const causes = [...new Set(swings.flatMap((s) => s.causes))];
    const items = causes.map((cause) => {
      const item = el("li");
      item.append(causeIcons([cause]), " ", t(`play.review.cause.${cause}`));
      return item;
    });
    const cost = el("li");
    cost.append(el("span", "review-sign-text", Object.values(SYMBOLS).join(" ")), " ", t("play.review.legend.cost"));
    if (typeof review.story?.end?.value === "number") {
      const end = el("li");
      end.append(endIcon(), " ", t("play.review.end"));
      items.push(end);
    }
    legend.replaceChildren(...items, cost);
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
    updateStory();
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
    panel.querySelectorAll(".review-table tbody tr:not(.review-swing-row)")
      .forEach((row, i) => fillRow(row, review.entries[i], review.decisions[i]));
    for (const button of panel.querySelectorAll(".review-pick")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.move) === review.selected));
    }
  }

  /** The whole panel, drawn anew (it opened, or the language changed); the focus stays where it was. */
  function draw() {
    const focused = panel.contains(document.activeElement) ? document.activeElement : null;
    const again = focused?.id ? `#${focused.id}`
      : focused?.dataset.swing ? `.review-swings [data-swing="${focused.dataset.swing}"]`
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
    head.append(title, close);
    if (onShare) {
      const share = el("button", "secondary review-share", t("share.short"));
      share.type = "button";
      share.id = "review-share";
      share.addEventListener("click", onShare);
      head.append(share);
    }
    head.append(progress);
    const costlyHead = el("h3", "review-costly-title", t("play.review.costly"));
    costlyHead.id = "review-costly-title";
    const costly = el("ul", "review-costly");
    costly.setAttribute("aria-labelledby", "review-costly-title");
    const all = el("details", "review-all");
    all.append(el("summary", null, t("play.review.all")), table());
    // What decided the game: the first thing under the head, on a phone too.
    const decided = el("p", "review-decided");
    decided.id = "review-decided";
    decided.append(el("strong", "review-decided-label", t("play.review.decided")), " ", el("span", "review-decided-text"));
    decided.hidden = true;
    const legend = el("ul", "review-legend");
    legend.setAttribute("aria-label", t("play.review.legend"));
    const swingsHead = el("h3", "review-swings-title", t(`play.review.swings.${unitKey(review)}`));
    swingsHead.id = "review-swings-title";
    const swings = el("ol", "review-swings");
    swings.setAttribute("aria-labelledby", "review-swings-title");
    panel.replaceChildren(head, decided, el("p", "review-chart-title"), el("div", "review-chart"), legend, swingsHead,
      swings, el("p", "review-swings-note"), costlyHead, costly, el("p", "review-costly-note"), all);
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
