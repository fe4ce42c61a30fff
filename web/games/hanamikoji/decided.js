// What decided a finished Hanamikoji game, in words (issue 40): the review's top line from the
// engine's summary (pygame_core/hanamikoji/decided.py), and what happened between two of the
// person's decisions (its told log entries) for a large swing of their chance. coach.js
// exports both. The game is over, so every card may be told: the computer's secret and
// trade-off are named (the log in play never does). Seats count from the person (0 = you).

import { logLines, namer } from "./log.js";

const geisha = (g) => Number.isInteger(g) && g >= 0 && g < 7;
const side = (seat) => (seat === 0 ? "you" : "them");

/** One or more sentences: who won and how (the end screen's words), then the geisha that settled it. */
export function decidedText(summary, t) {
  if (!summary || typeof summary !== "object") return "";
  const { card } = namer(t);
  const { winner, reason, rounds, charm, geishas, key } = summary;
  if (winner == null) return t("hk.result.reason.round_limit_draw", { rounds, charm: charm[0] });
  const head = t(`hk.result.reason.${reason}.${side(winner)}`, {
    rounds, charm: charm[winner], other: charm[1 - winner], geishas: geishas[winner] });
  if (!key || !geisha(key.geisha)) return head;
  const mine = key.cards[key.side];
  const theirs = key.cards[1 - key.side];
  const parts = [head, t(`hk.decided.${key.deciding ? "deciding" : "also"}.${side(key.side)}`, {
    card: card(key.geisha), round: key.round, a: mine, b: theirs })];
  if (key.secrets[key.side]) parts.push(t(`hk.decided.secret.${side(key.side)}`));
  return parts.join(" ");
}

/** What happened between two of the person's decisions (told log entries), as sentences; the
 *  computer's own draws, unseen then, are left out (they moved nothing the person could see). */
export function betweenText(events, t) {
  if (!Array.isArray(events)) return "";
  const { card, cards } = namer(t);
  const said = [];
  for (const e of events) {
    if (e.type === "draw" && e.seat !== 0) continue;
    if (e.seat === 1 && e.type === "secret" && Array.isArray(e.cards) && geisha(e.cards[0])) {
      said.push(t("hk.between.secret.them", { card: card(e.cards[0]) }));
    } else if (e.seat === 1 && e.type === "tradeoff" && Array.isArray(e.cards) && e.cards.every(geisha)) {
      said.push(t("hk.between.tradeoff.them", { cards: cards(e.cards) }));
    } else {
      const line = logLines({ observation: { log: [e] }, notes: [] }, t)[0];
      if (line) said.push(line.text);
      if (e.type === "scoring" && geisha(e.secret_decided?.geisha)) {
        said.push(t("hk.between.secret_decided", { card: card(e.secret_decided.geisha) }));
      }
    }
  }
  return said.join(" ");
}
