// What the site remembers for the player: a history of finished games with
// their ranking points, the seeds' "Rangliste". (The running game's save is
// in saves.js.)
//
// API
//   recordResult(entry) -> boolean   Adds one finished game ({game, outcome:
//       "win"|"loss"|"draw", points, level, scores, helped?}). A game played with
//       help (a hint or a take back: helped true) is stored with helped: true and
//       0 points: it counts as played, won, drawn or lost, and earns nothing. false when it was not
//       stored: storage refused the write, the entry is not a result, or a
//       damaged record could not be copied aside (it is never written over).
//   history() -> entry[]             The readable results, oldest first, at
//       most HISTORY_LIMIT of them.
//   rankingTable(games) -> rows      Per game: played, won, drawn, lost,
//       total, average (null when none), best (null when none), from the
//       totals, which the cap on the list never changes.
//   clearHistory()                   Removes the list and the totals (not the
//       kept copies of damaged records: those go only by dismissDamaged()).
//   historyProblem() -> null | {kind: "damaged", copies: [{id, key, at,
//       reason, kept}], stuck}        Something stored was damaged. Each copy
//       names the record (key "history" | "ranking" | "damaged"), when it was
//       set aside (ISO text; null while it is still in place), why ("unreadable"
//       | "not-a-list" | "bad-entries" | "bad-totals"), and whether it is kept
//       in its own copy. stuck: a damaged record could not be copied (storage
//       full) and stays where it is, so recordResult refuses to write over it.
//   damagedCopyText(id) -> string | null   The exact text of one copy, for a download.
//   dismissDamaged() -> boolean      The player's word: delete the kept copies
//       (and replace damaged records still in place by what was readable).
//       true when nothing damaged is left.
//
// localStorage (storage.js adds the prefix "cardgarden.")
//   cardgarden.history   [{game, level, outcome, points, scores, at, helped?, detail?}], the last 500
//                        (detail: what the statistics need, since issue 44: js/stats/detail.js; an
//                        entry without one is as readable as before); a game
//                        between people (pass and play) is {game, level, people, winner, scores, points: 0,
//                        at}: listed with the people's names, never counted in the ranking
//   cardgarden.ranking   {format: 1, games: {<game>: {played, won, drawn, lost, total, best}}}
//   cardgarden.damaged   [{key, at, reason, text}]: damaged records set aside, unchanged,
//                        until the player dismisses the notice

import { readText, remove, writeJSON, writeText } from "./storage.js";

const HISTORY_KEY = "history";
const RANKING_KEY = "ranking";
const DAMAGED_KEY = "damaged";
const HISTORY_LIMIT = 500;
const RANKING_FORMAT = 1;
// A result's outcome -> its ranking column.
export const OUTCOMES = { win: "won", draw: "drawn", loss: "lost" };

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** A game between people (pass and play): their names per seat (null: a computer seat), the winner's seat. */
export const isPeoplesGame = (entry) => Array.isArray(entry?.people);

function validEntry(entry) {
  if (!(isObject(entry) && typeof entry.game === "string" && entry.game !== "" && Number.isFinite(entry.points))) {
    return false;
  }
  if (isPeoplesGame(entry)) {
    return entry.points === 0 && entry.people.every((p) => p === null || typeof p === "string")
      && entry.people.filter((p) => p !== null).length > 1 && Array.isArray(entry.scores)
      && (entry.winner === null || (Number.isInteger(entry.winner) && entry.winner >= 0 && entry.winner < entry.people.length));
  }
  return Object.hasOwn(OUTCOMES, entry.outcome)
    && (entry.helped === undefined || (entry.helped === true && entry.points === 0));
}

/**
 * The complete top-level elements of a JSON array that does not parse as a
 * whole: a record cut off part-way keeps every result written before the cut.
 */
function salvageElements(text) {
  const open = text.search(/\S/);
  if (open < 0 || text[open] !== "[") return [];
  const found = [];
  let depth = 1;
  let inString = false;
  let escaped = false;
  let from = -1;
  for (let i = open + 1; i < text.length && depth > 0; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && (c === "," || c === "]")) {
      if (from >= 0) {
        try {
          found.push(JSON.parse(text.slice(from, i)));
        } catch {
          /* a damaged element: the others still count */
        }
      }
      from = -1;
      if (c === "]") depth = 0;
      continue;
    }
    if (depth === 1 && from < 0 && !/\s/.test(c)) from = i;
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return found;
}

/** {list, text, reason}: reason is null when the stored history is sound (or absent). */
function readHistory() {
  const text = readText(HISTORY_KEY);
  if (text == null) return { list: [], text, reason: null };
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { list: salvageElements(text).filter(validEntry), text, reason: "unreadable" };
  }
  if (!Array.isArray(parsed)) return { list: [], text, reason: "not-a-list" };
  const list = parsed.filter(validEntry);
  return { list, text, reason: list.length === parsed.length ? null : "bad-entries" };
}

const emptyTotals = () => ({ played: 0, won: 0, drawn: 0, lost: 0, total: 0, best: null });
const isCount = (n) => Number.isInteger(n) && n >= 0;

function validTotals(t) {
  return isObject(t) && isCount(t.played) && isCount(t.won) && isCount(t.drawn) && isCount(t.lost)
    && t.won + t.drawn + t.lost === t.played && Number.isFinite(t.total)
    && (t.played === 0 ? t.best === null : Number.isFinite(t.best));
}

function addToTotals(totals, entry) {
  const t = totals.games[entry.game] ?? emptyTotals();
  totals.games[entry.game] = {
    played: t.played + 1,
    won: t.won + (entry.outcome === "win" ? 1 : 0),
    drawn: t.drawn + (entry.outcome === "draw" ? 1 : 0),
    lost: t.lost + (entry.outcome === "loss" ? 1 : 0),
    total: t.total + entry.points,
    best: t.best === null ? entry.points : Math.max(t.best, entry.points),
  };
  return totals;
}

const totalsOf = (list) => list.filter((e) => !isPeoplesGame(e)).reduce(addToTotals, { format: RANKING_FORMAT, games: {} });

/** {totals} when sound, {missing: true} when never written, else {text, reason}. */
function readTotals() {
  const text = readText(RANKING_KEY);
  if (text == null) return { missing: true };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { text, reason: "unreadable" };
  }
  if (!isObject(value) || value.format !== RANKING_FORMAT || !isObject(value.games)
    || !Object.values(value.games).every(validTotals)) return { text, reason: "bad-totals" };
  return { totals: value };
}

/** {copies, text}: copies is null when the record of copies is itself damaged. */
function readCopies() {
  const text = readText(DAMAGED_KEY);
  if (text == null) return { copies: [], text };
  try {
    const copies = JSON.parse(text);
    if (Array.isArray(copies) && copies.every((c) => isObject(c) && typeof c.text === "string")) {
      return { copies, text };
    }
  } catch {
    /* reported below as damaged */
  }
  return { copies: null, text };
}

/**
 * Keep a damaged record's exact text in its own copy, then put the repaired
 * value in its place. The copy comes first: when it cannot be written, the
 * damaged text stays where it is and false says so.
 */
function setAside(key, text, reason, repaired) {
  const { copies } = readCopies();
  if (copies === null) return false; // never write over earlier copies we cannot read
  if (!copies.some((c) => c.key === key && c.text === text)) { // already kept: a repair that failed last time
    if (!writeJSON(DAMAGED_KEY, [...copies, { key, at: new Date().toISOString(), reason, text }])) return false;
  }
  writeJSON(key, repaired); // if this fails the next read finds the same text, already kept
  return true;
}

/**
 * Read everything, setting damage aside on the way:
 * {list, totals, stuck: [{key, reason, repaired}]} where stuck lists damaged
 * records still in place because no copy could be kept.
 */
function load() {
  const stuck = [];
  const h = readHistory();
  if (h.reason && !setAside(HISTORY_KEY, h.text, h.reason, h.list)) {
    stuck.push({ key: HISTORY_KEY, reason: h.reason, repaired: h.list });
  }
  const r = readTotals();
  let totals = r.totals;
  if (!totals) {
    // Rebuilt from the list: exact until the list was first trimmed at the cap.
    totals = totalsOf(h.list);
    if (r.missing) {
      if (h.list.length) writeJSON(RANKING_KEY, totals); // the one-time migration from the list alone
    } else if (!setAside(RANKING_KEY, r.text, r.reason, totals)) {
      stuck.push({ key: RANKING_KEY, reason: r.reason, repaired: totals });
    }
  }
  return { list: h.list, totals, stuck };
}

export function history() {
  return load().list;
}

export function recordResult(entry) {
  const { helped, ...result } = entry;
  // Help (a hint, a take back) earns no ranking points; an unhelped entry carries no mark at all.
  const record = helped ? { ...result, points: 0, helped: true, at: new Date().toISOString() }
    : { ...result, at: new Date().toISOString() };
  if (!validEntry(record)) {
    console.warn("not a result, not recorded:", entry);
    return false;
  }
  const { list, totals, stuck } = load();
  if (stuck.length) return false; // a damaged record nobody could copy yet: not ours to overwrite
  if (isPeoplesGame(record)) return writeJSON(HISTORY_KEY, [...list, record].slice(-HISTORY_LIMIT)); // never ranked
  const totalsBefore = readText(RANKING_KEY);
  if (!writeJSON(RANKING_KEY, addToTotals(totals, record))) return false;
  if (!writeJSON(HISTORY_KEY, [...list, record].slice(-HISTORY_LIMIT))) {
    // Undo the totals, so the ranking never counts a game the list does not have.
    if (totalsBefore == null) remove(RANKING_KEY);
    else writeText(RANKING_KEY, totalsBefore);
    return false;
  }
  return true;
}

export function clearHistory() {
  remove(HISTORY_KEY);
  remove(RANKING_KEY);
}

/** Per game: played, won, drawn, lost, total and average ranking points, best. */
export function rankingTable(games) {
  const { totals } = load();
  return games.map((game) => {
    const t = totals.games[game] ?? emptyTotals();
    return { game, ...t, average: t.played ? t.total / t.played : null };
  });
}

export function historyProblem() {
  const { stuck } = load();
  const { copies } = readCopies();
  const found = (copies ?? []).map((c, i) => ({
    id: `kept:${i}`, key: c.key, at: c.at ?? null, reason: c.reason ?? "unreadable", kept: true,
  }));
  for (const s of stuck) found.push({ id: `here:${s.key}`, key: s.key, at: null, reason: s.reason, kept: false });
  if (copies === null) found.push({ id: `here:${DAMAGED_KEY}`, key: DAMAGED_KEY, at: null, reason: "unreadable", kept: false });
  if (!found.length) return null;
  return { kind: "damaged", copies: found, stuck: found.some((c) => !c.kept) };
}

export function damagedCopyText(id) {
  const [where, ref] = String(id).split(":");
  if (where === "here" && [HISTORY_KEY, RANKING_KEY, DAMAGED_KEY].includes(ref)) return readText(ref);
  if (where !== "kept") return null;
  return readCopies().copies?.[Number(ref)]?.text ?? null;
}

export function dismissDamaged() {
  const { stuck } = load();
  remove(DAMAGED_KEY);
  // The player has seen the notice and its download: what was readable takes
  // the damaged record's place (no copy is made of it now).
  for (const s of stuck) writeJSON(s.key, s.repaired);
  return historyProblem() === null;
}
