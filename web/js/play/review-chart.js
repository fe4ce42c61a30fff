// The review's chart: the player's chances over the game as inline SVG, one point after each of
// their decisions (the value of the move played), the line down to it from the better move's value
// (what the move cost), and a mark with its sign (?! ? ??) on each costly move. Between two
// decisions the line runs from the one's point to the next one's better value (the chance before
// that decision: what happened in between moved it), and after the last to the result at the
// end (a square, named in the legend); a large swing there carries a mark of what caused it (causeIcon: the computer's move, a
// card drawn, ...; issue 40). Decisions not checked yet leave their place empty, so the line
// grows as the review goes on. The chart is a picture for the eye and the pointer; the review's
// lists say the same in words and are what the keyboard and a screen reader use.
//
// Owns: nothing between draws: drawChart(...) returns a new <svg> each time.

import { svg } from "../svg.js";
import { t } from "../i18n.js";
import { isCostly, SYMBOLS, valueText } from "./review-words.js";

const HEIGHT = 168; // without the lane of swing marks
const LANE = 24; // a row of swing marks, under the plot
const PAD = { left: 40, right: 12, top: 22, bottom: 24 };


/** The top of the value axis: 1 for a win chance; for a score, the next multiple of 5 above every value (25 at least). */
function axisTop(entries, unit) {
  if (unit === "win_chance") return 1;
  const most = Math.max(25, ...entries.filter(Boolean).map((e) => e.value_best));
  return Math.ceil(most / 5) * 5;
}

/**
 * The mark of what moved the line, drawn in a 14 x 14 box centred on (cx, cy): a screen (the
 * computer's move), a head and shoulders (another person's move), a card with a plus (a card
 * drawn or dealt), a flag (the scoring at the end). Never colour alone: each is a shape.
 */
export function causeIcon(kind, cx, cy) {
  const g = svg("g", { class: "review-cause", "data-cause": kind });
  if (kind === "computer") {
    g.append(svg("rect", { x: cx - 6, y: cy - 5.5, width: 12, height: 8.5, rx: 1.5 }),
      svg("path", { d: `M${cx - 3.5},${cy + 6} H${cx + 3.5} M${cx},${cy + 3} V${cy + 6}` }));
  } else if (kind === "person") {
    g.append(svg("circle", { cx, cy: cy - 2.5, r: 3 }), svg("path", { d: `M${cx - 5.5},${cy + 6.5} a5.5,5 0 0 1 11,0` }));
  } else if (kind === "draw") {
    g.append(svg("rect", { x: cx - 4.5, y: cy - 6.5, width: 9, height: 13, rx: 1.5 }),
      svg("path", { d: `M${cx},${cy - 3} V${cy + 3} M${cx - 3},${cy} H${cx + 3}` }));
  } else {
    g.append(svg("path", { d: `M${cx - 4},${cy + 6.5} V${cy - 6.5} L${cx + 5},${cy - 3.5} L${cx - 4},${cy - 0.5}` }));
  }
  return g;
}

/** The end's square as a small inline <svg> for the legend (hidden from a screen reader). */
export function endIcon() {
  const icon = svg("svg", { viewBox: "0 0 16 16", width: 16, height: 16, class: "review-cause-icons",
    "aria-hidden": "true", focusable: "false" });
  icon.append(svg("rect", { x: 3.5, y: 3.5, width: 9, height: 9, class: "review-end-dot" }));
  return icon;
}

/** The marks of `causes` side by side as a small inline <svg> for the review's lists (hidden
 *  from a screen reader: the words beside it say the same). */
export function causeIcons(causes) {
  const icons = svg("svg", { viewBox: `0 0 ${16 * causes.length} 16`, width: 16 * causes.length, height: 16,
    class: "review-cause-icons", "aria-hidden": "true", focusable: "false" });
  causes.forEach((cause, k) => icons.append(causeIcon(cause, 8 + 16 * k, 8)));
  return icons;
}

/**
 * @param entries   one per decision, in order: a review reply ({move, value_played, value_best,
 *                  verdict, unit}) or null while it is not checked yet
 * @param unit      "win_chance" or "score"
 * @param selected  the move of the decision on show, or null
 * @param width     the chart's width in CSS pixels (its box's), so text keeps its size
 * @param onPick    (move) => void: a mark was clicked or tapped
 * @param end       the result where the line ends (the bridge's `decided` end value), or null
 *                  while it is not known: then the chart has no place for it
 * @param swings    the marked swings (review-words.js swingsOf): {index, end, from, to, causes}
 * @param onSwing   (index) => void: a swing's mark was clicked or tapped
 */
export function drawChart({ entries, unit, selected, width, onPick, end = null, swings = [], onSwing = () => {} }) {
  const w = Math.max(240, Math.round(width));
  const plotW = w - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const top = axisTop(entries, unit);
  const last = entries.length; // the end's place, after the last decision
  const n = Math.max(entries.length + (end == null ? 0 : 1), 1);
  // The swing marks sit in a lane under the plot, each under the middle of its stretch of line; a
  // mark that would cover the one before it in a row takes the next row.
  const shown = swings.filter((swing) => !swing.end || end != null);
  const rowEnds = [];
  const placed = shown.map((swing) => {
    const middle = PAD.left + ((swing.index + 1) * plotW) / n; // halfway between the two places
    const wide = 16 * swing.causes.length + 4;
    let row = rowEnds.findIndex((right) => right + 2 <= middle - wide / 2);
    if (row < 0) row = rowEnds.push(-Infinity) - 1;
    rowEnds[row] = middle + wide / 2;
    return { swing, middle, wide, row };
  });
  const height = HEIGHT + LANE * rowEnds.length;
  const laneTop = HEIGHT - PAD.bottom + 4;
  const x = (i) => PAD.left + ((i + 0.5) * plotW) / n;
  const y = (v) => PAD.top + plotH * (1 - Math.max(0, Math.min(v, top)) / top);

  const chart = svg("svg", { viewBox: `0 0 ${w} ${height}`, width: w, height, class: "review-chart-svg",
    role: "img", "aria-label": t("play.review.chart.label") });
  const grid = svg("g", { class: "review-grid" });
  for (const v of unit === "win_chance" ? [0, 0.5, 1] : [0, top / 2, top]) {
    grid.append(svg("line", { x1: PAD.left, x2: w - PAD.right, y1: y(v), y2: y(v),
      class: v === 0 || v === top ? "review-grid-edge" : "review-grid-mid" }));
    grid.append(svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end", class: "review-axis-label" },
      valueText(v, unit)));
  }
  grid.append(svg("text", { x: PAD.left + plotW / 2, y: height - 6, "text-anchor": "middle", class: "review-axis-label" },
    t("play.review.axis")));
  chart.append(grid);

  const checked = entries.map((e, i) => (e ? { e, i } : null)).filter(Boolean);
  // The line: into each decision at its better value (where what happened before it left the
  // chance), down or up to the move played, on to the next; after the last, to the result.
  const at = (i, v) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  const steps = checked.map(({ e, i }, k) => {
    const joined = k > 0 && checked[k - 1].i === i - 1;
    return `${joined ? "L" : "M"}${at(i, e.value_best)} L${at(i, e.value_played)}`;
  });
  const lastEntry = entries[last - 1];
  if (end != null && lastEntry) steps.push(`L${at(last, end)}`);
  if (steps.length) chart.append(svg("path", { d: steps.join(" "), class: "review-line" }));
  if (end != null && lastEntry) {
    const endPoint = svg("g", { class: "review-end" });
    endPoint.append(svg("rect", { x: x(last) - 4.5, y: y(end) - 4.5, width: 9, height: 9, class: "review-end-dot" }));
    // (the legend under the chart names the square: review-panel.js)
    chart.append(endPoint);
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
    // A wide, invisible target, so a finger finds a mark on a phone; never wider than half the way to
    // the next point, so a tap on a point of a long game is never taken by its neighbour.
    point.append(svg("circle", { cx: x(i), cy: y(e.value_played), r: Math.min(16, plotW / n / 2), class: "review-hit" }));
    point.addEventListener("click", () => onPick(e.move));
    chart.append(point);
  }
  // Each swing: its stretch of line drawn wide, a dotted thread down to its mark in the lane.
  for (const { swing, middle, wide, row } of placed) {
    const i = swing.index;
    const j = swing.end ? last : i + 1;
    const cy = laneTop + LANE * row + LANE / 2;
    const group = svg("g", { class: "review-swing-mark", "data-swing": i, "data-causes": swing.causes.join(" "),
      "data-direction": swing.change > 0 ? "up" : "down" });
    group.append(svg("line", { x1: x(i), y1: y(swing.from), x2: x(j), y2: y(swing.to), class: "review-swing-line" }),
      svg("line", { x1: middle, y1: (y(swing.from) + y(swing.to)) / 2, x2: middle, y2: cy - 10, class: "review-swing-thread" }),
      svg("rect", { x: middle - wide / 2, y: cy - 10, width: wide, height: 20, rx: 5, class: "review-swing-badge" }));
    swing.causes.forEach((cause, k) => group.append(causeIcon(cause, middle - wide / 2 + 10 + 16 * k, cy)));
    group.append(svg("rect", { x: middle - Math.max(wide, 32) / 2, y: cy - 12, width: Math.max(wide, 32), height: 24,
      class: "review-hit" }));
    group.addEventListener("click", () => onSwing(i));
    chart.append(group);
  }
  return chart;
}
