// A practice position's verdict in words (issue 41): the player's choice against the position's
// answer, compared as JSON with the keys in any order, at once (the answer is in the data: no
// search runs); then the best choice named, one sentence why in the game's own words (its
// web/games/<game>/coach.js coachReason, as the hint words it: js/play/hint.js), and the values
// the assessment gave the best choice and the player's.
//
// Owns: nothing kept but the game's coach module once loaded.

import { formatNumber, language } from "../i18n.js";

/** JSON with sorted keys: two actions are the same choice when these agree. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export const sameAction = (a, b) => canonical(a) === canonical(b);

/** The words of the coach module `coach` (null: none), or "" when it has none for this or fails. */
function words(fn, ...args) {
  try {
    const text = fn?.(...args);
    return typeof text === "string" ? text.trim() : "";
  } catch (err) {
    console.warn("the coach could not word this:", err);
    return "";
  }
}

/** Text without its case and punctuation, to see whether one text says another. */
const plain = (text) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

const sentence = (text) => (text && !/[.!?…]$/.test(text) ? `${text}.` : text);

/** A value in its unit, as the page says it ("71%", "23.2"), or "" for a unit it does not know. */
function amount(value, unit) {
  if (!Number.isFinite(value)) return "";
  if (unit === "win_chance") {
    return new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0 }).format(value);
  }
  if (unit === "score") return formatNumber(value, 1);
  return "";
}

/** The game's coach module (a promise; null inside when it has none or it fails to load). */
export function loadCoach(game) {
  return import(`../../games/${game}/coach.js`).catch(() => null);
}

/**
 * The verdict on `choice` at `position` (the data's), drawn from `view` (the seat's view the board
 * shows): {right, best, why, values}. `best` names the answer ("" when the coach cannot, or its reason
 * names it already), `why` is
 * one sentence, `values` says the assessment's numbers ("" when it has none for the answer).
 */
export function judge(position, choice, view, coach, t) {
  const right = sameAction(choice, position.answer);
  const observation = view.observation;
  const named = words(coach?.actionText, position.answer, t, observation, view);
  const why = sentence(words(coach?.coachReason, position.why ?? null, t,
    { action: position.answer, observation, table: view })) || t("practice.why.fallback");
  // The best choice in words, unless the reason names it already (Hanabi's: "Play card 2: ...").
  const best = named && !plain(why).includes(plain(named)) ? named : "";
  const entry = (action) => position.values.find((v) => sameAction(v.action, action)) ?? null;
  const top = amount((entry(position.answer) ?? position.values[0])?.value, position.unit);
  const mine = right ? "" : amount(entry(choice)?.value, position.unit);
  let values = "";
  if (top) {
    const kind = position.unit === "score" ? "score" : "win";
    // Right: "with it"; wrong: the best's, and the player's where the assessment valued it too.
    values = t(right ? `practice.values.${kind}` : mine ? `practice.values.${kind}.both` : `practice.values.${kind}.best`,
      { best: top, yours: mine });
  }
  return { right, best, why, values };
}
