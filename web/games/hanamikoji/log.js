// Hanamikoji's move log in words, from the view's public log (seats counted
// from the viewer: 0 is the player, 1 the computer).

import { GEISHAS } from "./art.js";

export function namer(t) {
  const card = (g) => t("hk.card", { name: t(`hk.geisha.${GEISHAS[g].key}`), value: GEISHAS[g].value });
  const cards = (list) => list.map(card).join(", ");
  const pair = (list) => list.map(card).join(" + ");
  return { card, cards, pair };
}

const side = (seat) => (seat === 0 ? "you" : "them");

/** One line per event worth telling; deals are left out. */
export function logLines(view, t) {
  const { card, cards, pair } = namer(t);
  const lines = [];
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
    if (text) lines.push({ seat: e.seat ?? null, text });
  }
  return lines;
}
