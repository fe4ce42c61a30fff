// What the board says of a card in a hand, the same in every hand: which card
// is the chop, and a holder's still-possible colours and ranks in words.

import { COLOURS, RANKS } from "./art.js";

/** The chop (seeds/hanabi-conventions.md): the oldest card no clue has touched, the rightmost. */
export const chopOf = (hand) => hand.reduce((chop, card, i) => (card.clued ? chop : i), null);

/** A holder's possible colours and ranks in words ("Red/Blue", "any"). */
export function knownText(t) {
  const colours = (cs) => (cs.length === COLOURS.length ? t("hb.any") : cs.map((c) => t(`hb.colour.${c}`)).join("/"));
  const ranks = (rs) => (rs.length === RANKS.length ? t("hb.any") : rs.join("/"));
  return { colours, ranks };
}
