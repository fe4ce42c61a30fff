// Which sound a Hanabi move makes (issue 44), from the log entries it added:
// the end of the show (a struck-out team's loss; any other end, the fireworks
// the team lit, a win: Hanabi is played together and has no other loser), a
// strike, a clue, a card played or discarded. The page plays it
// (js/play/sound.js); the board stays render-only.

import { newEntries } from "../sounds.js";

/** The sound of the move that led from `prev` to `view` (the same table), or null for none. */
export function soundOf(prev, view) {
  const entries = newEntries(prev, view);
  const end = entries.find((e) => e.type === "game_over");
  if (end) return end.reason === "strikes" ? "loss" : "win";
  if (entries.some((e) => e.type === "play" && e.ok === false)) return "strike";
  if (entries.some((e) => e.type === "clue")) return "clue";
  if (entries.some((e) => e.type === "play" || e.type === "discard")) return "card";
  return null;
}
