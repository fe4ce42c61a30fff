// Hanamikoji's move log in words, from the view's public log (seats counted
// from the viewer: 0 is the player, 1 the computer).

import { GEISHAS } from "./art.js";

export function namer(t) {
  const card = (g) => t("hk.card", { name: t(`hk.geisha.${GEISHAS[g].key}`), value: GEISHAS[g].value });
  const cards = (list) => list.map(card).join(", ");
  const pair = (list) => list.map(card).join(" + ");
  /** Her name as a card prints it: soft hyphens where a long name may break on a narrow card. */
  const label = (g) => t(`hk.geisha.${GEISHAS[g].key}.card`);
  return { card, cards, pair, label };
}

const side = (seat) => (seat === 0 ? "you" : "them");

const MOVES = new Set(["secret", "tradeoff", "gift", "competition", "pick_gift", "pick_pair"]);
const STANDINGS = ["secure", "lead", "level", "behind"];
const geisha = (g) => Number.isInteger(g) && g >= 0 && g < GEISHAS.length;

/**
 * Why the computer made its move (`why`, a note's reason: pygame_core/hanamikoji/reasons.py),
 * in words; "" for a reason this page cannot read. `e` is the move's log entry.
 */
export function reasonText(why, e, t) {
  const { card, pair } = namer(t);
  if (!why || typeof why !== "object" || why.code !== e.type) return "";
  const only = why.only === true ? `${t("hk.why.only")}: ` : "";
  switch (why.code) {
    case "secret":
    case "tradeoff":
      return only + t(`hk.why.${why.code}`);
    case "gift":
      if (!geisha(why.expect)) return "";
      return only + t(geisha(why.lead) ? "hk.why.gift.lead" : "hk.why.gift", {
        expect: card(why.expect), lead: geisha(why.lead) ? card(why.lead) : "" });
    case "competition":
      if (why.expect !== 0 && why.expect !== 1 || !Array.isArray(e.pairs)) return "";
      return only + t(geisha(why.lead) ? "hk.why.competition.lead" : "hk.why.competition", {
        expect: pair(e.pairs[why.expect]), lead: geisha(why.lead) ? card(why.lead) : "" });
    case "pick_gift":
    case "pick_pair": {
      const g = why.code === "pick_gift" ? why.card : why.geisha;
      if (!geisha(g) || !STANDINGS.includes(why.standing)) return "";
      return t(`hk.why.pick.${why.standing}`, { card: card(g) });
    }
    default:
      return "";
  }
}

/**
 * One line per event worth telling; deals are left out. A computer move carries its
 * reason (the view's notes, matched by move number); a turn's draw is marked `auto`. Each line
 * has its `move`: how many moves had been made once it happened (each move is one log entry).
 */
export function logLines(view, t) {
  const { card, cards, pair } = namer(t);
  const notes = new Map((view.notes ?? []).map((note) => [note.move, note.why]));
  const lines = [];
  let move = 0; // moves so far: each move is one log entry of MOVES
  for (const e of view.observation.log) {
    const s = side(e.seat);
    let text = null;
    switch (e.type) {
      case "round":
        text = t(`hk.log.round.${side(e.start)}`, { round: e.round });
        break;
      case "draw":
        text = e.seat === 0 ? t("hk.log.draw.you", { card: card(e.card) }) : t("hk.log.draw.them");
        break;
      case "secret":
        text = e.seat === 0 ? t("hk.log.secret.you", { card: card(e.cards[0]) }) : t("hk.log.secret.them");
        break;
      case "tradeoff":
        text = e.seat === 0 ? t("hk.log.tradeoff.you", { cards: e.cards.map(card).join(t("hk.and")) }) : t("hk.log.tradeoff.them");
        break;
      case "gift":
        text = t(`hk.log.gift.${s}`, { cards: cards(e.cards) });
        break;
      case "competition":
        text = t(`hk.log.competition.${s}`, { a: pair(e.pairs[0]), b: pair(e.pairs[1]) });
        break;
      case "pick_gift":
        text = t(`hk.log.pick_gift.${s}`, { card: card(e.card), rest: cards(e.rest) });
        break;
      case "pick_pair":
        text = t(`hk.log.pick_pair.${s}`, { cards: pair(e.cards), rest: pair(e.rest) });
        break;
      case "scoring":
        text = t("hk.log.scoring", {
          round: e.round, yc: e.charm[0], yg: e.geishas[0], tc: e.charm[1], tg: e.geishas[1],
        });
        break;
      case "game_over": {
        const outcome = e.winner == null ? "draw" : e.winner === 0 ? "win" : "loss";
        text = t(`hk.log.game_over.${outcome}`);
        break;
      }
      default:
        break;
    }
    if (MOVES.has(e.type)) {
      const why = e.seat === 1 && text ? reasonText(notes.get(move), e, t) : "";
      if (why) text = t("hk.why", { text: text.replace(/\.$/, ""), why });
      move += 1;
    }
    // A turn's draw happens by itself: marked `auto`, so the page's last-move line passes it over.
    // `move`: the moves made once this happened (the replay goes there when the line is clicked).
    if (text) lines.push(e.type === "draw" ? { seat: e.seat, text, auto: true, move } : { seat: e.seat ?? null, text, move });
  }
  return lines;
}
