// The statistics' charts (issue 44) as inline SVG drawn here: a bar for each of the last games
// (the trend) and a bar for each final score (Hanabi's histogram). Colours come from the site's
// custom properties through classes (css/stats.css), so the charts follow the theme. A chart is a
// picture for the eye (role img with a label that says what it shows); the table beside it, built by
// the page, says the same in words (its text alternative).
//
// Owns: nothing between draws: each call returns a new <svg>.
import { svg } from "../svg.js";

const W = 360; // the drawing's own units: its box scales it (css/stats.css), phone first
const H = 176;
const PAD = { left: 34, right: 8, top: 12, bottom: 30 };


/** A round top for an axis: the next of 5, 10, 20, 25, 50, ... at or above `v` (at least `least`). */
export function niceTop(v, least = 5) {
  const want = Math.max(least, Math.ceil(Math.abs(v)));
  for (const step of [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]) if (want <= step) return step;
  return Math.ceil(want / 1000) * 1000;
}

function frame(label, className, height = H) {
  const chart = svg("svg", { viewBox: `0 0 ${W} ${height}`, class: `stats-chart ${className}`, role: "img",
    "aria-label": label, focusable: "false", preserveAspectRatio: "xMidYMid meet" });
  return chart;
}

function gridLine(chart, y, text, kind) {
  chart.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y, y2: y, class: `stats-grid stats-grid-${kind}` }),
    svg("text", { x: PAD.left - 5, y: y + 4, "text-anchor": "end", class: "stats-axis" }, text));
}

/** The mark of a duel's outcome under its bar, centred on (cx, cy): a disc for a win, a ring for a
 *  loss, a diamond for a draw (never colour alone: a Hanamikoji game can be won with fewer points). */
function outcomeMark(outcome, cx, cy) {
  if (outcome === "win") return svg("circle", { cx, cy, r: 4, class: "stats-outcome stats-outcome-win" });
  if (outcome === "loss") return svg("circle", { cx, cy, r: 3.5, class: "stats-outcome stats-outcome-loss" });
  return svg("path", { d: `M${cx},${cy - 4.5} L${cx + 4.5},${cy} L${cx},${cy + 4.5} L${cx - 4.5},${cy} Z`,
    class: "stats-outcome stats-outcome-draw" });
}

const LANE = 16; // the row of outcome marks under a duel's bars

/**
 * The last games as bars, oldest at the left. `games`: [{value, outcome, helped, end?}].
 * mode "margin": a duel's margin (the player's score less the other's), up when the player scored
 * more, down when less, with the outcome's mark under it; mode "score": Hanabi's score from 0 up to
 * `max`, a cross for a strike-out. A game played with help is drawn hollow. `formatValue` writes an
 * axis value.
 */
export function drawTrend({ games, mode, max = 25, label, axisText, formatValue = String }) {
  const lane = mode === "margin" ? LANE : 0;
  const height = H + lane;
  const chart = frame(label, `stats-trend stats-trend-${mode}`, height);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slots = Math.max(games.length, 10); // a few games keep their bars narrow, as they will be
  const slot = plotW / slots;
  const barW = Math.max(3, Math.min(22, slot * 0.7));
  const xMid = (i) => PAD.left + slot * (i + 0.5);
  let y;
  if (mode === "margin") {
    const top = niceTop(Math.max(0, ...games.map((g) => Math.abs(g.value ?? 0))));
    y = (v) => PAD.top + (plotH / 2) * (1 - Math.max(-top, Math.min(top, v)) / top);
    gridLine(chart, y(top), `+${formatValue(top)}`, "edge");
    gridLine(chart, y(0), "0", "zero");
    gridLine(chart, y(-top), `−${formatValue(top)}`, "edge");
  } else {
    y = (v) => PAD.top + plotH * (1 - Math.max(0, Math.min(max, v)) / max);
    gridLine(chart, y(max), formatValue(max), "edge");
    for (let v = 10; v < max - 2; v += 10) gridLine(chart, y(v), formatValue(v), "mid");
    gridLine(chart, y(0), "0", "zero");
  }
  games.forEach((g, i) => {
    const cx = xMid(i);
    const group = svg("g", { class: `stats-bar${g.helped ? " is-helped" : ""}`, "data-outcome": g.outcome ?? "",
      "data-index": i });
    if (g.value == null) {
      group.append(svg("text", { x: cx, y: y(0) - 4, "text-anchor": "middle", class: "stats-axis" }, "?"));
    } else {
      const from = y(0);
      const to = y(g.value);
      group.append(svg("rect", { x: cx - barW / 2, y: Math.min(from, to), width: barW,
        height: Math.max(1.5, Math.abs(to - from)), rx: 1.5, class: "stats-bar-fill" }));
    }
    if (mode === "score" && g.end === "strikes") {
      const c = y(0) - 7;
      group.append(svg("path", { d: `M${cx - 4},${c - 4} L${cx + 4},${c + 4} M${cx + 4},${c - 4} L${cx - 4},${c + 4}`,
        class: "stats-cross" }));
    }
    if (mode === "margin") group.append(outcomeMark(g.outcome, cx, PAD.top + plotH + 12));
    chart.append(group);
  });
  chart.append(svg("text", { x: PAD.left + plotW / 2, y: height - 8, "text-anchor": "middle", class: "stats-axis" }, axisText));
  return chart;
}

/** Hanabi's histogram: one bar per final score 0..max, the height the games that ended so. */
export function drawHistogram({ counts, label, axisText }) {
  const chart = frame(label, "stats-histogram");
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const most = Math.max(1, ...counts);
  const top = most <= 4 ? most : niceTop(most, 1);
  const slot = plotW / counts.length;
  const y = (v) => PAD.top + plotH * (1 - v / top);
  gridLine(chart, y(top), String(top), "edge");
  gridLine(chart, y(0), "0", "zero");
  counts.forEach((n, score) => {
    const x = PAD.left + slot * score;
    if (n > 0) {
      chart.append(svg("rect", { x: x + slot * 0.12, y: y(n), width: slot * 0.76, height: y(0) - y(n), rx: 1,
        class: "stats-bar-fill stats-hist-bar", "data-score": score, "data-count": n }));
    }
    if (score % 5 === 0) {
      chart.append(svg("text", { x: x + slot / 2, y: y(0) + 13, "text-anchor": "middle", class: "stats-axis" }, String(score)));
    }
  });
  chart.append(svg("text", { x: PAD.left + plotW / 2, y: H - 4, "text-anchor": "middle", class: "stats-axis" }, axisText));
  return chart;
}
