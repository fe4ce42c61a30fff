// The coach's words for a Koi-Koi decision (the review and the hint show them): the
// reason for the best choice in one sentence, and a choice itself ("Play Pine with
// Crane and take Pine"). `why` is pygame_core/koikoi/reasons.py's dict; its codes
// and their fields are listed there, and every one has words here and in
// messages.js ("kk.coach.*", "kk.action.*"). Owns nothing: each call reads the
// language anew.

import { language } from "../../js/i18n.js";
import { cardName, yakuName } from "./cards.js";
// What decided the game and what happened between two decisions (issue 40): in decided.js beside this.
export { betweenText, decidedText } from "./decided.js";

/** The reason codes this module words (reasons.py's CODES; a test compares them). */
export const REASON_CODES = ["makes", "raises", "denies", "advances", "kind", "top", "same", "blocks", "takes", "safe",
  "later", "pair", "few", "low", "single", "gives", "koikoi", "shobu"];

const KINDS = ["bright", "animal", "ribbon"];
const LOW_KINDS = [...KINDS, "chaff"];
const THREATS = ["none", "some", "close"];

/** One sentence for the reason `why`, with texts from t (card and yaku names in `lang`; the
 *  review's context of the decision, the third argument, is not needed for Koi-Koi's reasons).
 *  "" for a reason it does not know (the page then says a plain sentence of its own). */
export function coachReason(why, t, _context = {}, lang = language()) {
  const name = (id) => cardName(id, lang);
  const yaku = (key) => yakuName(key, lang);
  const count = { have: why?.have, need: why?.need };
  switch (why?.code) {
    case "makes":
    case "raises":
      return t(`kk.coach.${why.code}`, { cards: why.cards.map(name).join(", "), yaku: yaku(why.yaku) });
    case "denies":
    case "advances":
    case "blocks":
      return t(`kk.coach.${why.code}`, { card: name(why.card), yaku: yaku(why.yaku), ...count });
    case "kind":
    case "top":
      return KINDS.includes(why.kind) ? t(`kk.coach.${why.code}.${why.kind}`, { card: name(why.card) }) : "";
    case "low":
      return LOW_KINDS.includes(why.kind) ? t(`kk.coach.low.${why.kind}`, { card: name(why.card) }) : "";
    case "same": // two cards of one name (chaff of a month) get words that do not repeat it
      return t(name(why.card) === name(why.other) ? "kk.coach.same.twin" : "kk.coach.same",
        { card: name(why.card), other: name(why.other) });
    case "takes":
      return t("kk.coach.takes", { cards: why.cards.map(name).join(", ") });
    case "later":
      return t("kk.coach.later", { card: name(why.card), keep: name(why.keep), take: name(why.take) });
    case "pair":
      return t(name(why.card) === name(why.keep) ? "kk.coach.pair.twin" : "kk.coach.pair",
        { card: name(why.card), keep: name(why.keep), unseen: why.unseen });
    case "gives": {
      const form = !why.yaku ? "gives.none" : why.have === why.need ? "gives.makes" : "gives";
      return t(`kk.coach.${form}`, { card: name(why.card), yaku: why.yaku ? yaku(why.yaku) : "", ...count });
    }
    case "safe":
    case "few":
    case "single":
      return t(`kk.coach.${why.code}`, { card: name(why.card) });
    case "koikoi":
    case "shobu":
      return t(`kk.coach.${why.code}`, { why: callReason(why, t) });
    default:
      return "";
  }
}

const isCard = (id) => Number.isInteger(id) && id >= 0 && id < 48;

/** A decision's choice in words ("Play Pine with Crane and take Pine with Chaff"), or "" for a choice it does not know. */
export function actionText(action, t, _observation = null, lang = language()) {
  const name = (id) => cardName(id, lang);
  switch (action?.type) {
    case "play":
      if (!isCard(action.card)) return "";
      return isCard(action.take) ? t("kk.action.play.take", { card: name(action.card), take: name(action.take) })
        : t("kk.action.play", { card: name(action.card) });
    case "take":
      return isCard(action.card) ? t("kk.action.take", { card: name(action.card) }) : "";
    case "koikoi":
      return t("kk.koikoi.go");
    case "shobu":
      return t("kk.koikoi.stop");
    default:
      return "";
  }
}

/** Why stopping (shobu) or going on (koikoi) is best: the match, or the points and the threat. */
function callReason(why, t) {
  if (why.code === "shobu" && why.match === "win") return t("kk.coach.match.win");
  if (why.code === "koikoi" && why.match === "only") return t("kk.coach.match.only");
  const now = t(`kk.coach.${why.code}.now`, { points: t("kk.points", { n: Number(why.points) || 0 }) });
  return THREATS.includes(why.threat) ? `${now}; ${t(`kk.coach.threat.${why.threat}`)}` : now;
}
