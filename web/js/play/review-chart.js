// The review's chart: the player's chances over the game as inline SVG, one point after each of
// their decisions (the value of the move played), a gap down to it from the better move's value
// where a move cost something, and a mark with its sign (?! ? ??) on each costly move. Decisions
// not checked yet leave their place empty, so the line grows as the review goes on. The chart is
// a picture for the eye and the pointer; the review's lists say the same in words and are what
// the keyboard and a screen reader use.
//
// Owns: nothing between draws: drawChart(...) returns a new <svg> each time.

import { t } from "../i18n.js";
import { isCostly, SYMBOLS, valueText } from "./review-words.js";

const NS = "http://www.w3.org/2000/svg";
const HEIGHT = 168;
const PAD = { left: 40, right: 12, top: 22, bottom: 24 };

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text != null) node.textContent = text;
  return node;
}

/** The top of the value axis: 1 for a win chance; for a score, the next multiple of 5 above every value (25 at least). */
function axisTop(entries, unit) {
  if (unit === "win_chance") return 1;
  const most = Math.max(25, ...entries.filter(Boolean).map((e) => e.value_best));
  return Math.ceil(most / 5) * 5;
}

/**
 * @param entries   one per decision, in order: a review reply ({move, value_played, value_best,
 *                  verdict, unit}) or null while it is not checked yet
 * @param unit      "win_chance" or "score"
 * @param selected  the move of the decision on show, or null
 * @param width     the chart's width in CSS pixels (its box's), so text keeps its size
 * @param onPick    (move) => void: a mark was clicked or tapped
 */
export function drawChart({ entries, unit, selected, width, onPick }) {
  const w = Math.max(240, Math.round(width));
  const plotW = w - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const top = axisTop(entries, unit);
  const n = Math.max(entries.length, 1);
  const x = (i) => PAD.left + ((i + 0.5) * plotW) / n;
  const y = (v) => PAD.top + plotH * (1 - Math.max(0, Math.min(v, top)) / top);

  const chart = svg("svg", { viewBox: `0 0 ${w} ${HEIGHT}`, width: w, height: HEIGHT, class: "review-chart-svg",
    role: "img", "aria-label": t("play.review.chart.label") });
  const grid = svg("g", { class: "review-grid" });
  for (const v of unit === "win_chance" ? [0, 0.5, 1] : [0, top / 2, top]) {
    grid.append(svg("line", { x1: PAD.left, x2: w - PAD.right, y1: y(v), y2: y(v),
      class: v === 0 || v === top ? "review-grid-edge" : "review-grid-mid" }));
    grid.append(svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end", class: "review-axis-label" },
      valueText(v, unit)));
  }
  grid.append(svg("text", { x: PAD.left + plotW / 2, y: HEIGHT - 6, "text-anchor": "middle", class: "review-axis-label" },
    t("play.review.axis")));
  chart.append(grid);

  const checked = entries.map((e, i) => (e ? { e, i } : null)).filter(Boolean);
  // The cost of each costly move: a dashed drop from the better move's value to the played one's.
  for (const { e, i } of checked) {
    if (isCostly(e)) {
      chart.append(svg("line", { x1: x(i), x2: x(i), y1: y(e.value_best), y2: y(e.value_played),
        class: "review-drop", "data-verdict": e.verdict }));
    }
  }
  if (checked.length > 1) {
    const d = checked.map(({ e, i }, k) => `${k ? "L" : "M"}${x(i).toFixed(1)},${y(e.value_played).toFixed(1)}`).join(" ");
    chart.append(svg("path", { d, class: "review-line" }));
  }
  for (const { e, i } of checked) {
    const costly = isCostly(e);
    const point = svg("g", { class: `review-point${costly ? " review-mark" : ""}${e.move === selected ? " is-selected" : ""}`,
      "data-move": e.move, "data-verdict": e.verdict });
    if (e.move === selected) point.append(svg("circle", { cx: x(i), cy: y(e.value_played), r: 11, class: "review-ring" }));
    point.append(svg("circle", { cx: x(i), cy: y(e.value_played), r: costly ? 6 : 3.5, class: "review-dot" }));
    if (costly) {
      const above = Math.max(y(e.value_played), y(e.value_best)) - 10;
      const labelY = Math.max(12, Math.min(y(e.value_best) - 6, above));
      point.append(svg("text", { x: x(i), y: labelY, "text-anchor": "middle", class: "review-sign" }, SYMBOLS[e.verdict]));
    }
    // A wide, invisible target, so a finger finds a mark on a phone.
    point.append(svg("circle", { cx: x(i), cy: y(e.value_played), r: 16, class: "review-hit" }));
    point.addEventListener("click", () => onPick(e.move));
    chart.append(point);
  }
  return chart;
}
