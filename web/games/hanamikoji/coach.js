// Hanamikoji's coach in words (issue 26): why the better move of a reviewed decision is
// better, and what a decision's action was, for the review page (web/js/play/review.js).
// A reason is pygame_core/hanamikoji/reasons.py's `explain` of the person's own choice, read
// from their seat: "expect" is what the computer would most likely take of an offer, "lead" a
// geisha the person then leads on, "standing" where they stand on a geisha after a pick; a secret
// or a trade-off is the coach's own reason (coach_reason: "secret_card", "tradeoff_cards").
// Every code explain() can return is worded; anything else gives "" (the page then says a
// plain sentence of its own).

import { namer } from "./log.js";
// What decided the game and what happened between two decisions (issue 40): in decided.js beside this.
export { betweenText, decidedText } from "./decided.js";

const STANDINGS = ["secure", "lead", "level", "behind"];
const NEEDS = ["least", "one", "more"]; // how little the hand needs the cards a trade-off puts away
const geisha = (g) => Number.isInteger(g) && g >= 0 && g < 7;

/**
 * One sentence why `why` (a reason dict) makes its move the better one. `context` may give the
 * `action` the reason is about (a competition's pairs are named by it) and the `observation`.
 */
export function coachReason(why, t, context = {}) {
  if (!why || typeof why !== "object") return "";
  const { card, pair } = namer(t);
  const only = (text) => (why.only === true ? t("hk.coach.only", { text }) : text);
  const lead = geisha(why.lead) ? card(why.lead) : null;
  switch (why.code) {
    case "secret":
    case "tradeoff":
      return only(t(`hk.coach.${why.code}`));
    case "gift":
      if (!geisha(why.expect)) return "";
      return only(t(lead ? "hk.coach.gift.lead" : "hk.coach.gift", { expect: card(why.expect), lead: lead ?? "" }));
    case "competition": {
      if (why.expect !== 0 && why.expect !== 1) return "";
      const pairs = context.action?.type === "competition" ? context.action.pairs : null;
      const expect = Array.isArray(pairs?.[why.expect]) ? pair(pairs[why.expect]) : t(`hk.coach.pair.${why.expect}`);
      return only(t(lead ? "hk.coach.competition.lead" : "hk.coach.competition", { expect, lead: lead ?? "" }));
    }
    case "secret_card": // the person's own secret (reasons.py coach_reason): which card, and where it leaves them
      if (!geisha(why.card) || !STANDINGS.includes(why.standing)) return "";
      return only(t(`hk.coach.secret_card.${why.standing}`, { card: card(why.card) }));
    case "tradeoff_cards":
      if (!NEEDS.includes(why.need) || (why.need === "one" && !geisha(why.card))) return "";
      return only(t(`hk.coach.tradeoff_cards.${why.need}`, { card: why.need === "one" ? card(why.card) : "" }));
    case "pick_gift":
    case "pick_pair": {
      const g = why.code === "pick_gift" ? why.card : why.geisha;
      if (!geisha(g) || !STANDINGS.includes(why.standing)) return "";
      return t(`hk.coach.pick.${why.standing}`, { card: card(g) });
    }
    default:
      return "";
  }
}

/** A decision's action in words ("Gift: Fan (2), ..."); `observation` names a pair offered to pick. */
export function actionText(action, t, observation = null) {
  const { card, cards, pair } = namer(t);
  const list = (xs) => (Array.isArray(xs) && xs.every(geisha) ? xs : null);
  switch (action?.type) {
    case "secret":
    case "gift":
      return list(action.cards) ? `${t(`hk.action.${action.type}`)}: ${cards(action.cards)}` : "";
    case "tradeoff":
      return list(action.cards) ? `${t("hk.action.tradeoff")}: ${action.cards.map(card).join(t("hk.and"))}` : "";
    case "competition": {
      const pairs = Array.isArray(action.pairs) && action.pairs.length === 2 && action.pairs.every(list) ? action.pairs : null;
      return pairs ? `${t("hk.action.competition")}: ${pair(pairs[0])} / ${pair(pairs[1])}` : "";
    }
    case "pick_gift":
      return geisha(action.card) ? `${t("hk.take")}: ${card(action.card)}` : "";
    case "pick_pair": {
      const offered = observation?.offer?.pairs?.[action.pair];
      return list(offered) ? `${t("hk.take")}: ${pair(offered)}` : "";
    }
    default:
      return "";
  }
}
