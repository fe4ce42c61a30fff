// The coach's reason for the best choice of a Koi-Koi decision, in one sentence
// (the review page shows it). `why` is pygame_core/koikoi/reasons.py's dict; its
// codes and their fields are listed there, and every one has words here and in
// messages.js ("kk.coach.*"). Owns nothing: each call reads the language anew.

import { language } from "../../js/i18n.js";
import { cardName, yakuName } from "./cards.js";

/** The reason codes this module words (reasons.py's CODES; a test compares them). */
export const REASON_CODES = ["makes", "raises", "denies", "advances", "kind", "safe", "playouts", "koikoi", "shobu"];

const KINDS = ["bright", "animal", "ribbon"];
const THREATS = ["none", "some", "close"];

/** One sentence for the reason `why`, with texts from t (card and yaku names in `lang`). */
export function coachReason(why, t, lang = language()) {
  const name = (id) => cardName(id, lang);
  const yaku = (key) => yakuName(key, lang);
  switch (why?.code) {
    case "makes":
    case "raises":
      return t(`kk.coach.${why.code}`, { cards: why.cards.map(name).join(", "), yaku: yaku(why.yaku) });
    case "denies":
    case "advances":
      return t(`kk.coach.${why.code}`, { card: name(why.card), yaku: yaku(why.yaku), have: why.have, need: why.need });
    case "kind":
      return KINDS.includes(why.kind) ? t(`kk.coach.kind.${why.kind}`, { card: name(why.card) }) : t("kk.coach.best");
    case "safe":
    case "playouts":
      return t(`kk.coach.${why.code}`, { card: name(why.card) });
    case "koikoi":
    case "shobu":
      return t(`kk.coach.${why.code}`, { why: callReason(why, t) });
    default:
      return t("kk.coach.best");
  }
}

/** Why stopping (shobu) or going on (koikoi) is best: the match, or the points and the threat. */
function callReason(why, t) {
  if (why.code === "shobu" && why.match === "win") return t("kk.coach.match.win");
  if (why.code === "koikoi" && why.match === "only") return t("kk.coach.match.only");
  const now = t(`kk.coach.${why.code}.now`, { points: t("kk.points", { n: Number(why.points) || 0 }) });
  return THREATS.includes(why.threat) ? `${now}; ${t(`kk.coach.threat.${why.threat}`)}` : now;
}
