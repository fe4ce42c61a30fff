// Which sound a Hanamikoji move makes (issue 44), from the log entries it added:
// the end of the game (won or lost), a geisha's favour won at a round's scoring,
// a card played (a secret, a discard, a gift, a competition, a pick); the most
// telling one alone. The page plays it (js/play/sound.js); the board stays render-only.

import { newEntries, outcomeSound } from "../sounds.js";

const MOVES = new Set(["secret", "tradeoff", "gift", "competition", "pick_gift", "pick_pair"]);

/** Whether a round's scoring (favour: the seat each geisha favours, counted from the viewer)
 *  gave the viewer a geisha she did not favour them with before (`before`: the previous scoring's). */
function geishaWon(scoring, before) {
  const favour = Array.isArray(scoring.favour) ? scoring.favour : [];
  const was = Array.isArray(before?.favour) ? before.favour : [];
  return favour.some((seat, i) => seat === 0 && was[i] !== 0);
}

/** The sound of the move that led from `prev` to `view` (the same table), or null for none. */
export function soundOf(prev, view) {
  const entries = newEntries(prev, view);
  if (view.is_over && entries.some((e) => e.type === "game_over")) {
    const end = outcomeSound(view);
    if (end) return end;
  }
  let before = prev?.observation?.last_scoring ?? null;
  for (const e of entries) {
    if (e.type !== "scoring") continue;
    if (geishaWon(e, before)) return "geisha";
    before = e;
  }
  if (entries.some((e) => MOVES.has(e.type))) return "card";
  return null;
}
