// The review in words: each verdict's name and its mark ("??" for a blunder, so a mark is never
// colour alone), a value or a loss in the unit of the game's assessment, and the sentence of one
// decision (what was played, the better move, why), in the game's own words when its coach.js
// has them (web/games/<game>/coach.js: coachReason(why, t, {action, observation}) and
// optionally actionText(action, t, observation)), else in plain words of the page's own.
//
// Owns: the coach modules loaded so far, by game (a game without one is remembered as such).

import { formatNumber, t } from "../i18n.js";
import { otherSide } from "../people.js";

/** The verdicts that are marked on the chart and listed as costly, mildest first. */
export const COSTLY = ["inaccuracy", "mistake", "blunder"];
/** The marks of the costly verdicts, as chess players write them. */
export const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export const isCostly = (entry) => Boolean(entry && COSTLY.includes(entry.verdict));
export const verdictName = (verdict) => t(`play.review.verdict.${verdict}`);
/** The player's numbering of a decision: the engine's move N is the player's "Move N+1". */
export const moveName = (move) => t("play.review.move", { n: move + 1 });

/** A value of the assessment: a win chance as a percentage, an expected score with one decimal. */
export function valueText(value, unit) {
  if (unit === "win_chance") return t("play.review.pct", { value: Math.round(value * 100) });
  return t("play.review.points", { value: formatNumber(value, 1) });
}

/** What a decision cost, in the same unit ("−12 %", "−1.5"). */
export function costText(loss, unit) {
  if (unit === "win_chance") return t("play.review.cost.win_chance", { value: Math.round(loss * 100) });
  return t("play.review.cost.score", { value: formatNumber(loss, 1) });
}

const coaches = new Map();

/** The game's coach module, or {} when it has none (loaded once; a failed load is not fatal). */
export function loadCoach(name) {
  if (!coaches.has(name)) {
    coaches.set(name, import(`../../games/${name}/coach.js`).catch((err) => {
      console.info(`no coach words for ${name}:`, err?.message ?? err);
      return {};
    }));
  }
  return coaches.get(name);
}

/** A game's words for `action` at the moment `observation`, or "" when it has none. */
function actionWords(coach, action, observation, table = null) {
  try {
    return coach.actionText?.(action, t, observation, table) ?? "";
  } catch (err) {
    console.warn("coach actionText failed:", err);
    return "";
  }
}

/** Why the better move is better: the game's sentence, or the page's plain one. */
export function reasonWords(coach, entry) {
  let text = "";
  try {
    text = coach.coachReason?.(entry.why_best, t, { action: entry.best, observation: entry.observation,
      table: entry.table ?? null }) ?? "";
  } catch (err) {
    console.warn("coachReason failed:", err);
  }
  return typeof text === "string" && text ? text : t("play.review.why.plain");
}

/**
 * The sentences of one reviewed decision (a `review` reply), each with its kind (a game whose
 * coach names no action says what was played by `logLine`, the log's line of that move):
 * [{kind: "played" | "better" | "values" | "why", text}]. A best move says so and gives no
 * "better"; the why is of the better move (of the move played, when it was the best).
 */
export function decisionLines(coach, entry, { logLine = null } = {}) {
  const lines = [];
  const played = actionWords(coach, entry.played, entry.observation, entry.table);
  if (played) lines.push({ kind: "played", text: t("play.review.played", { action: played }) });
  else if (logLine) lines.push({ kind: "played", text: logLine }); // the log's own line of the move
  if (entry.verdict === "best") lines.push({ kind: "better", text: t("play.review.same") });
  else {
    const better = actionWords(coach, entry.best, entry.observation, entry.table);
    lines.push({ kind: "better",
      text: better ? t("play.review.better", { action: better }) : t("play.review.better.plain") });
  }
  lines.push({ kind: "values", text: t(`play.review.values.${entry.unit === "score" ? "score" : "win_chance"}`, {
    played: valueText(entry.value_played, entry.unit), best: valueText(entry.value_best, entry.unit) }) });
  lines.push({ kind: "why", text: reasonWords(coach, entry) });
  return lines;
}

// ------------------------------------------------------------------ what decided the game (issue 40)

/**
 * How far the line must move between two of the player's decisions (from the chance after one
 * to the chance before the next), or after the last to the result, to be marked as a swing.
 * The two ends come from two assessments, each of its own sampled worlds, so the line moves a
 * little when nothing happened. bench/review_swings.py measured that sampling alone (the same
 * decision assessed with two seeds; seeds 40, games against the normal AI): a win chance moved
 * at most 0.092 in 99 % of 450 Hanamikoji and 0.066 of 698 Koi-Koi decisions, and never 0.15,
 * while 13 % of Hanamikoji's and 8 % of Koi-Koi's gaps between decisions moved 0.15 or more.
 * Hanabi's expected score is noisier: sampling alone moved it 2.4 points at the 99th percentile
 * of 703 decisions and 3 or more in 0.3 % of them, and the gaps hardly more (0.7 % at 3 or
 * more): at 3 points a mark is what happened, not the coach's dice.
 */
export const SWING = { win_chance: 0.15, score: 3 };

/** Who or what moved the line, in the order a mark shows them: a computer's move, another
 *  person's move (at a table of people), a card drawn or dealt, or none of those (a round's
 *  scoring turned over what nobody could see: "end"). */
export const CAUSES = ["computer", "person", "draw", "end"];

/** The causes among `events` (the engine's told log entries between two decisions, seats from
 *  the player in `table.seat`): each move's seat is a computer's or a person's (`table.seats`). */
export function causesOf(events, table = null) {
  const seats = Array.isArray(table?.seats) ? table.seats : null;
  const n = seats?.length ?? 2;
  const found = new Set();
  for (const e of Array.isArray(events) ? events : []) {
    if (e?.cause === "move") {
      const seat = ((table?.seat ?? 0) + (Number.isInteger(e.seat) ? e.seat : 1)) % n;
      found.add(seats?.[seat] === "human" ? "person" : "computer");
    } else if (e?.cause === "chance") found.add("draw");
  }
  if (!found.size) found.add("end");
  return CAUSES.filter((cause) => found.has(cause));
}

/**
 * The swings of the line that are marked: between decision i and i+1 the line goes from
 * value_played of i to value_best of i+1, after the last decision to the result (`story.end`).
 * Each: {index, after, until (null after the last), from, to, change, end, events, causes}.
 * Only where both ends are checked and `story` (the bridge's `decided`) is known.
 */
export function swingsOf(entries, story, unit, table = null) {
  if (!story || !Array.isArray(story.between)) return [];
  const limit = SWING[unit] ?? SWING.win_chance;
  const swings = [];
  entries.forEach((entry, i) => {
    const gap = story.between[i];
    if (!entry || gap?.after !== entry.move) return;
    const last = i === entries.length - 1;
    const next = last ? null : entries[i + 1];
    const to = last ? story.end?.value : next?.value_best;
    if (typeof to !== "number") return;
    const change = to - entry.value_played;
    if (Math.abs(change) + 1e-9 < limit) return;
    swings.push({ index: i, after: entry.move, until: last ? null : next.move, from: entry.value_played, to, change,
      end: last, events: gap.events ?? [], causes: causesOf(gap.events, table) });
  });
  return swings;
}

/** A t() that also fills the other side's words ({them}, {Them}, {them_gen}, ...) of the table. */
function withSides(table) {
  const sides = otherSide(table ?? {});
  return (key, params = {}) => t(key, { ...sides, ...params });
}

/** The causes in words ("the computer's move and a card drawn"). */
export function causesText(causes) {
  const names = causes.map((cause) => t(`play.review.cause.${cause}`));
  return names.length > 1 ? t("play.review.cause.and", { a: names.slice(0, -1).join(", "), b: names.at(-1) }) : names[0] ?? "";
}

/** A swing's head: between which moves (or after the last, to the result), by what, from where to where. */
export function swingHead(swing, unit) {
  return t(swing.end ? "play.review.swing.end" : "play.review.swing.between", {
    a: swing.after + 1, b: swing.until == null ? "" : swing.until + 1, causes: causesText(swing.causes),
    from: valueText(swing.from, unit), to: valueText(swing.to, unit) });
}

/** What happened in a swing, in the game's words (its coach's betweenText), or a plain sentence. */
export function swingWords(coach, swing, { table = null, story = null } = {}) {
  let text = "";
  try {
    text = coach.betweenText?.(swing.events, withSides(table), { table, summary: story?.summary ?? null }) ?? "";
  } catch (err) {
    console.warn("coach betweenText failed:", err);
  }
  return typeof text === "string" && text ? text : t("play.review.swing.plain");
}

/** What decided the game: the game's words for the engine's summary, or "" when it has none. */
export function decidedWords(coach, story, table = null) {
  if (!story?.summary) return "";
  try {
    const text = coach.decidedText?.(story.summary, withSides(table), { table }) ?? "";
    return typeof text === "string" ? text : "";
  } catch (err) {
    console.warn("coach decidedText failed:", err);
    return "";
  }
}
