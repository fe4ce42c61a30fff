// What the site remembers for the player: the running game of each kind
// (saved after every move) and a history of finished games with their
// ranking points, the seeds' "Rangliste".

import { readJSON, remove, writeJSON } from "./storage.js";

export const SAVE_FORMAT = 1;
const HISTORY_KEY = "history";
const HISTORY_LIMIT = 500;

const saveKey = (game) => `save.${game}`;

/**
 * The stored game of this kind:
 *   {missing: true} | {save: {...}} | {refused: "corrupt" | "version"}.
 * A refused save is deleted, so the site never trips over it twice.
 */
export function loadSave(game) {
  const stored = readJSON(saveKey(game));
  if (stored.missing) return { missing: true };
  const value = stored.value;
  let refused = null;
  if (stored.corrupt !== undefined || !value || typeof value !== "object" || Array.isArray(value)) refused = "corrupt";
  else if (value.format !== SAVE_FORMAT) refused = "version";
  else if (value.game !== game || typeof value.save !== "object" || value.save === null
    || !["easy", "normal", "hard"].includes(value.level) || !Number.isInteger(value.human)) refused = "corrupt";
  if (refused) {
    remove(saveKey(game));
    return { refused };
  }
  return { save: value };
}

export function storeSave(game, { save, level, human, engine, move }) {
  return writeJSON(saveKey(game), {
    format: SAVE_FORMAT, game, engine, level, human, move, saved_at: new Date().toISOString(), save,
  });
}

export function dropSave(game) {
  remove(saveKey(game));
}

export function history() {
  const stored = readJSON(HISTORY_KEY);
  const list = Array.isArray(stored.value) ? stored.value : [];
  return list.filter((r) => r && typeof r.game === "string" && Number.isFinite(r.points)
    && ["win", "loss", "draw"].includes(r.outcome));
}

export function recordResult(entry) {
  const list = history();
  list.push({ ...entry, at: new Date().toISOString() });
  writeJSON(HISTORY_KEY, list.slice(-HISTORY_LIMIT));
}

export function clearHistory() {
  remove(HISTORY_KEY);
}

/** Per game: played, won, drawn, lost, total and average ranking points, best. */
export function rankingTable(games) {
  const list = history();
  return games.map((game) => {
    const rows = list.filter((r) => r.game === game);
    const total = rows.reduce((sum, r) => sum + r.points, 0);
    return {
      game,
      played: rows.length,
      won: rows.filter((r) => r.outcome === "win").length,
      drawn: rows.filter((r) => r.outcome === "draw").length,
      lost: rows.filter((r) => r.outcome === "loss").length,
      total,
      average: rows.length ? total / rows.length : null,
      best: rows.length ? Math.max(...rows.map((r) => r.points)) : null,
    };
  });
}
