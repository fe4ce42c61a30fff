// The deal of the day (issue 42): what the player's device keeps of it, and its entry on the start page.
//
// One deal a day per game, from the UTC date (utcDate), the same for every player: the engine
// deals it (bridge "daily": pygame_core/daily.py). The first finished daily game of a date is the
// one that counts: its result is kept here (recordDay) and in the history (js/records.js, marked
// `daily: <date>`); the same deal played again that day counts for nothing. The par (the strongest
// level's own result on the deal, computed on this device) is kept per date once computed (keepPar).
// The streak is the days in a row with a counted daily, by UTC date, ending today, or yesterday
// while today's is not played yet (it can still go on).
//
// localStorage (storage.js adds "cardgarden."): daily.<game> = {format: 1, days: {<yyyy-mm-dd>:
// {result?: {outcome, scores, geishas?, helped, at}, par?: {outcome, scores, geishas?, level}}}},
// the newest DAYS_KEPT dates. A record that cannot be read starts afresh (the history keeps every
// counted daily too). The running daily game's save is js/saves.js's `daily.save.<game>`.
//
// Owns: that record and the start page's `.daily-entry` on each game card.

import { language, t } from "./i18n.js";
import { readJSON, writeJSON } from "./storage.js";

export const DAILY_GAMES = ["hanamikoji", "koikoi", "hanabi"];
const FORMAT = 1;
const DAYS_KEPT = 400;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const isObject = (v) => v != null && typeof v === "object" && !Array.isArray(v);
const key = (game) => `daily.${game}`;

/** The UTC date of `now` as yyyy-mm-dd: the day whose deal is dealt. */
export function utcDate(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** A day (yyyy-mm-dd) in the page's language: "5 March 2026". */
export function formatDay(date) {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(language(), { dateStyle: "long", timeZone: "UTC" }).format(day);
}

/** The date `n` days before `date` (yyyy-mm-dd), by the UTC calendar. */
export function daysBefore(date, n = 1) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - n);
  return utcDate(day);
}

/** A kept result or par: the outcome for the player's seat and the scores, each checked. */
function readOutcome(value) {
  if (!isObject(value) || !["win", "loss", "draw", "team"].includes(value.outcome)) return null;
  if (!Array.isArray(value.scores) || !value.scores.every(Number.isFinite)) return null;
  if (value.geishas !== undefined && !(Array.isArray(value.geishas) && value.geishas.every(Number.isInteger))) return null;
  return value;
}

/** The days kept for `game`, each checked: {date: {result?, par?}}. */
function days(game) {
  const value = readJSON(key(game)).value;
  const out = {};
  if (!isObject(value) || value.format !== FORMAT || !isObject(value.days)) return out;
  for (const [date, day] of Object.entries(value.days)) {
    if (!DATE.test(date) || !isObject(day)) continue;
    const result = readOutcome(day.result);
    const par = readOutcome(day.par);
    if (result || par) out[date] = { ...(result ? { result } : {}), ...(par ? { par } : {}) };
  }
  return out;
}

function write(game, all) {
  const kept = Object.keys(all).sort().slice(-DAYS_KEPT);
  return writeJSON(key(game), { format: FORMAT, days: Object.fromEntries(kept.map((d) => [d, all[d]])) });
}

/** What is kept of `game`'s daily of `date`: {result?, par?} ({} when nothing). */
export function dayOf(game, date) {
  return days(game)[date] ?? {};
}

/**
 * The first finished daily of `date`: kept as the day's result. False when the day has one already
 * (this try does not count) or storage refused it.
 */
export function recordDay(game, date, result) {
  const all = days(game);
  if (all[date]?.result) return false;
  all[date] = { ...all[date], result: { ...result, at: new Date().toISOString() } };
  return write(game, all);
}

/** The par of `date`, once computed (the same on every device: kept, never computed again). */
export function keepPar(game, date, par) {
  const all = days(game);
  all[date] = { ...all[date], par };
  return write(game, all);
}

/** The days in a row with a counted daily, ending `today` (or yesterday while today's is still to play). */
export function streak(game, today) {
  const all = days(game);
  let date = all[today]?.result ? today : daysBefore(today);
  let n = 0;
  while (all[date]?.result) {
    n += 1;
    date = daysBefore(date);
  }
  return n;
}

/**
 * One result in words, for the player's seat: "Won · geishas 4–3 · charm 11–10" (Hanamikoji),
 * "Lost · points 6–16" (Koi-Koi), "21 points of 25" (Hanabi's team).
 */
export function resultText(game, result) {
  const [mine, theirs] = result.scores;
  if (game === "hanabi") return t("daily.score.hanabi", { n: mine });
  const outcome = t(`daily.outcome.${result.outcome}`);
  if (game === "hanamikoji" && result.geishas) {
    return t("daily.score.hanamikoji", { outcome, mine: result.geishas[0], theirs: result.geishas[1],
      cmine: mine, ctheirs: theirs });
  }
  return t("daily.score.points", { outcome, mine, theirs });
}

/** The address of `game`'s deal of the day. */
export const dailyHref = (game) => `play.html?game=${encodeURIComponent(game)}&daily`;

/**
 * A game card's entry (the start page): a link to today's deal, whether it is played and how it
 * went, and the days in a row.
 */
export function dailyEntry(game, today = utcDate()) {
  const entry = document.createElement("div");
  entry.className = "daily-entry";
  entry.dataset.game = game;
  const day = dayOf(game, today);
  entry.dataset.played = String(Boolean(day.result));
  const link = document.createElement("a");
  link.className = "daily-link";
  link.href = dailyHref(game);
  link.textContent = t("daily.entry.link");
  const state = document.createElement("span");
  state.className = "daily-state";
  state.textContent = day.result ? t("daily.entry.played", { result: resultText(game, day.result) })
    : t("daily.entry.open");
  entry.append(link, state);
  const row = streakRow(game, today, "span");
  if (row) entry.append(row);
  return entry;
}

/** "3 days in a row" for `game` up to `date`, as a `tag` element; null before a first day is played. */
export function streakRow(game, date, tag) {
  const days = streak(game, date);
  if (days <= 0) return null;
  const row = document.createElement(tag);
  row.className = "daily-streak";
  row.textContent = t("daily.streak", { n: days });
  return row;
}

/** Draw each game card's entry anew (the start page shown again: a daily may have ended meanwhile). */
export function refreshDaily(list) {
  for (const old of list.querySelectorAll(".daily-entry")) old.replaceWith(dailyEntry(old.dataset.game));
}
