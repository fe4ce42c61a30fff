// What decided a finished Hanabi game's score, in words (issue 40): the review's top line from
// the engine's summary (pygame_core/hanabi/decided.py), and what happened between two of the
// person's decisions (its told log entries, in the log's own words, and the teammates' draws)
// for a large swing of the expected score. coach.js exports both. Seats count from the person
// (0 = you); `table` (the view: seat, seats, names) names the people at a table of people.

import { logLines, namer } from "./log.js";

const COLOURS = ["red", "yellow", "green", "blue", "white"];
const isCard = (c) => COLOURS.includes(c?.colour) && Number.isInteger(c?.rank) && c.rank >= 1 && c.rank <= 5;

/** The score, then what held it down: the third strike, the costliest card lost, or the deck running out. */
export function decidedText(summary, t, { table = null } = {}) {
  if (!summary || typeof summary !== "object") return "";
  const { name, card } = namer(t, table);
  const parts = [t("hb.decided.score", { score: summary.score, max: summary.max_score })];
  const key = summary.key ?? {};
  if (key.kind === "perfect") parts.push(t("hb.decided.perfect"));
  else if (key.kind === "strikes" && isCard(key)) {
    parts.push(t("hb.decided.strikes", { move: key.move + 1, who: name(key.seat), card: card(key),
      colour: t(`hb.colour.${key.colour}`), stack: key.stack }));
  } else if (key.kind === "lost" && isCard(key)) {
    parts.push(t(`hb.decided.lost.${key.how === "misplay" ? "misplay" : "discard"}`, { move: key.move + 1,
      who: name(key.seat), card: card(key), colour: t(`hb.colour.${key.colour}`), cap: key.rank - 1, points: key.points }));
    if (summary.lost.length > 1) parts.push(t("hb.decided.more", { n: summary.lost.length - 1 }));
  }
  if (key.kind === "time" || (key.kind === "lost" && summary.in_reach > 0)) {
    parts.push(t("hb.decided.time", { n: summary.in_reach }));
  }
  return parts.join(" ");
}

/** What happened between two of the person's decisions: the log's lines of the moves, and each
 *  card a teammate drew (the person saw it; their own draws, unseen then, are left out). */
export function betweenText(events, t, { table = null } = {}) {
  if (!Array.isArray(events)) return "";
  const { name, card } = namer(t, table);
  const players = Array.isArray(table?.seats) ? table.seats.length : 5;
  const said = [];
  for (const e of events) {
    if (e.type === "draw") {
      if (e.seat !== 0 && isCard(e)) said.push(t("hb.between.draw", { who: name(e.seat), card: card(e) }));
      continue;
    }
    const line = logLines({ ...table, observation: { log: [e], players }, notes: [] }, t)[0];
    if (line) said.push(line.text);
  }
  return said.join(" ");
}
