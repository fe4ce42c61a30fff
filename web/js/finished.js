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

function readList() {
  const stored = readJSON(KEY);
  if (stored.missing) return [];
  if (stored.corrupt !== undefined || !Array.isArray(stored.value)) {
    writeText(`${KEY}.damaged`, stored.corrupt ?? JSON.stringify(stored.value));
    return [];
  }
  return stored.value.filter(validEntry);
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
  if (typeof id !== "string") return null;
  return readList().find((entry) => entry.id === id) ?? null;
}
