import { namer } from "./log.js";
// What decided the game and what happened between two decisions (issue 40): in decided.js beside this.
export { betweenText, decidedText } from "./decided.js";

// The coach's reason for the best move of a Hanabi decision, in one sentence
// (issue 26): the review page calls coachReason(why, t) with the engine's
// `why_best` (pygame_core/hanabi/assess.py's why). The reason is the deciding
// player's, so seats are counted from them ("you"); a clue says what the
// receiver will make of it, as the clue panel's preview says it. It names no
// card of the player's own hand: the engine leaves those out.

const STALLS = ["full", "locked", "after_save", "late"];
const READINGS = ["play", "delayed", "save", "info"];
const WRONG = ["strike", "misread", "lost"]; // a reading that goes wrong ("useless" is a side cost only)

/** A decision's choice in words ("Play card 2", "Clue Ana: Reds"), or "" for a choice it does not
 *  know. Cards are counted from the left from 1, as the board numbers them; seats from the player
 *  (`table`, the view, names the people at a table of people). */
export function actionText(action, t, observation = null, table = null) {
  const { name, value } = namer(t, table);
  const slot = Number.isInteger(action?.slot) && action.slot >= 0 && action.slot < 9 ? action.slot + 1 : null;
  switch (action?.type) {
    case "play":
    case "discard":
      return slot ? t(`hb.action.${action.type}`, { n: slot }) : "";
    case "clue": {
      const seats = observation?.hands?.length ?? 5;
      const known = (typeof action.colour === "string" && action.colour) || (Number.isInteger(action.rank) && action.rank);
      if (!Number.isInteger(action.target) || action.target < 1 || action.target >= seats || !known) return "";
      return t("hb.action.clue", { name: name(action.target), value: value(action) });
    }
    default:
      return "";
  }
}

/** One sentence for `why` ({code, ...}), or "" for a reason it does not know; `table` (the
 *  view: seats and names) names the people at a table of people (log.js namer). */
export function coachReason(why, t, { table = null } = {}) {
  if (!why || typeof why.code !== "string") return "";
  const { name, object, card, value } = namer(t, table);
  const n = Number.isInteger(why.slot) && why.slot >= 0 && why.slot < 9 ? why.slot + 1 : "";
  switch (why.code) {
    case "clue_play":
    case "clue_save":
    case "clue_info":
    case "clue_stall": {
      const params = { name: name(why.target), value: value(why), n, card: why.card ? card(why.card) : "" };
      if (why.code === "clue_stall" && STALLS.includes(why.stall)) {
        return t("hb.coach.clue.stall", { ...params, why: t(`hb.coach.stall.${why.stall}`) });
      }
      let reading;
      if (why.warn === "strike" && why.card) {
        reading = t("hb.coach.read.strike", params);
      } else if (WRONG.includes(why.warn)) {
        reading = t(`hb.read.warn.${why.warn}`, { ...params, chop: why.chop ? card(why.chop) : "" });
      } else {
        const kind = READINGS.includes(why.reading) && (why.reading === "info" || why.card) ? why.reading : "info";
        reading = t(`hb.read.${kind}`, params);
      }
      return t("hb.coach.clue", { ...params, reading });
    }
    case "play_known":
      if (why.clue && Number.isInteger(why.clue.by)) {
        return t("hb.coach.play_known.clue", { n, value: value(why.clue), giver: object(why.clue.by) });
      }
      return t("hb.coach.play_known", { n });
    case "play_risky":
      return t("hb.coach.play_risky", { n, pct: Math.round((why.chance ?? 0) * 100) });
    case "discard_other": { // how likely it is the last copy of a card still needed (assess.py _describe)
      if (typeof why.critical !== "number" || !(why.critical >= 0 && why.critical <= 1)) return "";
      const pct = Math.round(why.critical * 100);
      const form = pct === 0 ? "safe" : why.least === true ? "least" : "risk";
      return t(`hb.coach.discard_other.${form}`, { n, pct });
    }
    case "play_forced":
    case "discard_trash":
    case "discard_chop":
    case "discard_locked":
      return t(`hb.coach.${why.code}`, { n });
    default:
      return "";
  }
}
