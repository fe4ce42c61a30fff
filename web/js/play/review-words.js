// The review in words: each verdict's name and its mark ("??" for a blunder, so a mark is never
// colour alone), a value or a loss in the unit of the game's assessment, and the sentence of one
// decision (what was played, the better move, why), in the game's own words when its coach.js
// has them (web/games/<game>/coach.js: coachReason(why, t, {action, observation}) and
// optionally actionText(action, t, observation)), else in plain words of the page's own.
//
// Owns: the coach modules loaded so far, by game (a game without one is remembered as such).

import { formatNumber, t } from "../i18n.js";

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
