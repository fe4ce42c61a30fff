// The finished games themselves, kept so that the start page's list of recent
// games can open each one's replay and review: the last FINISHED_LIMIT of
// them, of all games together (a game's save is a few kilobytes: its deal and
// its moves). The history (records.js) names the kept game of each result.
//
// API
//   keepFinished(game, record) -> id | null   Keeps one finished game's save record
//       ({save, human, level, notes, assists}, as the bridge's `save` gives it). The oldest
//       kept games make room when storage is full; null when even one does not fit.
//   finishedGame(id) -> {id, game, at, record} | null   A kept game, or null when it is
//       no longer kept (the limit, a cleared storage) or its entry is damaged.
//   lookUpFinished(id) -> {entry} | {missing: true} | {damaged: true}   The same, saying why
//       there is none: never kept here (another device, the limit), or kept but damaged.
//
// localStorage (storage.js adds the prefix "cardgarden.")
//   cardgarden.finished          [{id, game, at, record}], oldest first, at most FINISHED_LIMIT
//   cardgarden.finished.damaged  the text of a list that could not be read, set aside once
//                                rather than written over (only its newest such copy)

import { readJSON, writeJSON, writeText } from "./storage.js";

export const FINISHED_LIMIT = 10; // as many as the start page lists (ranking.js)
const KEY = "finished";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const validEntry = (e) => isObject(e) && typeof e.id === "string" && typeof e.game === "string"
  && isObject(e.record) && isObject(e.record.save);

/** The kept games' list as stored, entries unchecked; null when the list itself is damaged (set aside). */
function readStored() {
  const stored = readJSON(KEY);
  if (stored.missing) return [];
  if (stored.corrupt !== undefined || !Array.isArray(stored.value)) {
    writeText(`${KEY}.damaged`, stored.corrupt ?? JSON.stringify(stored.value));
    return null;
  }
  return stored.value;
}

function readList() {
  return (readStored() ?? []).filter(validEntry);
}

export function keepFinished(game, { save, human, level, notes, assists, seats, names, seat_notes: seatNotes }) {
  const at = new Date().toISOString();
  const id = `${game}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  // assists: the help used (hints, take-backs), so the reopened game's end screen says it earned nothing
  // seats, names, seat_notes: a table of people (pass and play), reopened as it sat
  const entry = { id, game, at, record: { save, human, level, notes: notes ?? [], ...(assists ? { assists } : {}),
    ...(Array.isArray(seats) ? { seats, names, seat_notes: seatNotes } : {}) } };
  let list = [...readList(), entry].slice(-FINISHED_LIMIT);
  while (list.length) {
    if (writeJSON(KEY, list)) return id;
    list = list.slice(1); // storage full: the oldest kept game makes room
  }
  return null;
}

export function finishedGame(id) {
  return lookUpFinished(id).entry ?? null;
}

export function lookUpFinished(id) {
  if (typeof id !== "string") return { missing: true };
  const list = readStored();
  if (list === null) return { damaged: true }; // the whole list could not be read
  const found = list.find((entry) => isObject(entry) && entry.id === id);
  if (!found) return { missing: true };
  return validEntry(found) ? { entry: found } : { damaged: true };
}
