// What decided a finished Koi-Koi match, in words (issue 40): the review's top line from the
// engine's summary (pygame_core/koikoi/decided.py), and what happened between two of the
// person's decisions (its told log entries, in the log's own words) for a large swing of
// their chance. coach.js exports both. Seats count from the person (0 = you).

import { language } from "../../js/i18n.js";
import { yakuName } from "./cards.js";
import { logLines } from "./log.js";

const side = (seat) => (seat === 0 ? "you" : "them");

/** Who won the match and by how much, then the round that settled it and how its points grew. */
export function decidedText(summary, t, _context = {}, lang = language()) {
  if (!summary || typeof summary !== "object") return "";
  const { winner, scores, key } = summary;
  if (winner == null) return t("kk.decided.draw", { a: scores[0] });
  const parts = [t(`kk.decided.win.${side(winner)}`, { a: scores[winner], b: scores[1 - winner] })];
  if (!key || !Array.isArray(key.yaku)) return parts[0];
  const yaku = key.yaku.map((y) => yakuName(y.name, lang)).join(", ");
  parts.push(t(`kk.decided.round.${key.deciding ? "deciding" : "also"}.${side(key.side)}`, { yaku, round: key.round }));
  const loser = side(1 - key.side); // whose koi-koi doubled it
  const how = key.seven_plus && key.opponent_koikoi ? `both.${loser}`
    : key.opponent_koikoi ? `koikoi.${loser}` : key.seven_plus ? "seven" : "plain";
  parts.push(t(`kk.decided.points.${how}`, { base: key.base, points: key.points }));
  return parts.join(" ");
}

/** What happened between two of the person's decisions (told log entries), as the log says it. */
export function betweenText(events, t, { summary = null } = {}, lang = language()) {
  if (!Array.isArray(events)) return "";
  const observation = { log: events, rounds: summary?.rounds ?? "?" };
  return logLines({ observation, notes: [] }, t, lang).map((line) => line.text).join(" ");
}
