// A game's practice positions (issue 41): web/practice/<game>.json, made by train/practice.py
// and shipped with the site, fetched only when practice is opened (the service worker keeps it
// for offline play). The file's form is the maker's (bench/README.md, "Practice positions"); this module
// reads it and refuses, as a whole, a file that is not one: the page then says so instead of
// showing half a puzzle. Which position comes next and the position of the day are picked here too.
//
// Owns: nothing kept; the reading, the checks and the picking.

/** The games that have practice positions. */
export const PRACTICE_GAMES = ["hanamikoji", "koikoi", "hanabi"];

/** Why a file could not be used: "missing" (not found, or not reachable offline) or "damaged". */
export class PracticeDataError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

const isObject = (v) => v != null && typeof v === "object" && !Array.isArray(v);

/** What is wrong with one position (a text for the console), or "" when it can be shown. */
function fault(p, game) {
  if (!isObject(p)) return "not an object";
  if (typeof p.id !== "string" || !p.id) return "no id";
  if (!Number.isInteger(p.seat) || p.seat < 0) return `${p.id}: bad seat`;
  if (!isObject(p.save) || p.save.game !== game) return `${p.id}: no save of ${game}`;
  if (!isObject(p.answer) || typeof p.answer.type !== "string") return `${p.id}: no answer`;
  if (!Array.isArray(p.values) || !p.values.every((v) => isObject(v) && isObject(v.action) && Number.isFinite(v.value))) {
    return `${p.id}: bad values`;
  }
  if (typeof p.unit !== "string") return `${p.id}: no unit`;
  if (!Number.isFinite(p.difficulty)) return `${p.id}: no difficulty`;
  return "";
}

/**
 * The positions of `game`, easiest first as the file lists them: {positions, meta}. Rejects with a
 * PracticeDataError: "missing" when the file cannot be fetched, "damaged" when it is not a practice
 * file of this game (not JSON, another game, a position without its answer, two with one id).
 */
export async function loadPractice(game, { fetchFn = fetch } = {}) {
  let response;
  try {
    response = await fetchFn(new URL(`../../practice/${game}.json`, import.meta.url));
  } catch (err) {
    throw new PracticeDataError("missing", `practice/${game}.json could not be fetched: ${err.message}`);
  }
  if (!response.ok) throw new PracticeDataError("missing", `practice/${game}.json: HTTP ${response.status}`);
  let data;
  try {
    data = await response.json();
  } catch (err) {
    throw new PracticeDataError("damaged", `practice/${game}.json is not JSON: ${err.message}`);
  }
  if (!isObject(data) || data.format !== 1 || data.game !== game || !Array.isArray(data.positions)
    || !data.positions.length) {
    throw new PracticeDataError("damaged", `practice/${game}.json is not a practice file of ${game}`);
  }
  const ids = new Set();
  for (const p of data.positions) {
    const wrong = fault(p, game) || (ids.has(p.id) ? `${p.id}: twice` : "");
    if (wrong) throw new PracticeDataError("damaged", `practice/${game}.json: ${wrong}`);
    ids.add(p.id);
  }
  return { positions: data.positions, meta: isObject(data.meta) ? data.meta : {} };
}

/** The date on the player's calendar, as YYYY-MM-DD. */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The index of the position of the day `date` (YYYY-MM-DD) among `count`: the same for everyone
 * with the same file on that date (FNV-1a of the date's text, modulo the count).
 */
export function dayIndex(date, count) {
  let hash = 0x811c9dc5;
  for (const ch of date) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

/**
 * The position to show after the one at index `from` (-1: none yet): the next one not solved yet,
 * in the file's order (easiest first), going round once; when every one is solved, simply the next.
 */
export function nextIndex(positions, from, solved) {
  const n = positions.length;
  for (let step = 1; step <= n; step++) {
    const i = (((from + step) % n) + n) % n;
    if (!solved(positions[i].id)) return i;
  }
  return (((from + 1) % n) + n) % n;
}
