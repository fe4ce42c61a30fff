// Which sound a Koi-Koi move makes (issue 44), from the log entries it added:
// the end of the game (won or lost), a koi-koi call, a yaku, a capture, a card
// played or drawn; the most telling one alone, so a move never makes a din.
// The page plays it (js/play/sound.js); the board stays render-only.

import { newEntries, outcomeSound } from "../sounds.js";

const CARD_MOVES = new Set(["play", "draw", "take"]);

/** The sound of the move that led from `prev` to `view` (the same table), or null for none. */
export function soundOf(prev, view) {
  const entries = newEntries(prev, view);
  const has = (test) => entries.some(test);
  if (view.is_over && has((e) => e.type === "game_over")) {
    const end = outcomeSound(view);
    if (end) return end;
  }
  if (has((e) => e.type === "koikoi")) return "koikoi";
  if (has((e) => e.type === "yaku" || e.type === "teshi")) return "yaku";
  if (has((e) => CARD_MOVES.has(e.type) && Array.isArray(e.took) && e.took.length > 0)) return "capture";
  if (has((e) => CARD_MOVES.has(e.type))) return "card";
  return null;
}
