// What the player has learned (issue 41): the lessons finished, per game, and
// whether the lessons were offered once already on the game's page. Kept in
// localStorage under `learn.<game>` as {done: [lesson ids], offered: bool};
// a damaged entry counts as nothing done. A lesson under way is not here: it
// is a game in its own save slot (js/saves.js, `learn.save.<game>`), never
// the running game's.

import { readJSON, writeJSON } from "../storage.js";

function read(game) {
  const stored = readJSON(`learn.${game}`).value;
  const done = Array.isArray(stored?.done) ? stored.done.filter((id) => typeof id === "string") : [];
  return { done, offered: stored?.offered === true };
}

/** The ids of the lessons of `game` finished on this device. */
export function lessonsDone(game) {
  return read(game).done;
}

/** Mark lesson `id` of `game` finished; false when storage refused it. */
export function markDone(game, id) {
  const now = read(game);
  if (now.done.includes(id)) return true;
  return writeJSON(`learn.${game}`, { ...now, done: [...now.done, id] });
}

/** Whether the lessons were offered on this game's page before (or the player took one). */
export function wasOffered(game) {
  const now = read(game);
  return now.offered || now.done.length > 0;
}

/** The lessons were offered: never again. False when storage refused it (then it may come again). */
export function markOffered(game) {
  return writeJSON(`learn.${game}`, { ...read(game), offered: true });
}

/** The course of `game`, fetched from the site (web/learn/<game>.json): resolves to its data. */
export async function fetchCourse(game) {
  const response = await fetch(new URL(`learn/${encodeURIComponent(game)}.json`, document.baseURI));
  if (!response.ok) throw new Error(`learn/${game}.json: HTTP ${response.status}`);
  return response.json();
}
