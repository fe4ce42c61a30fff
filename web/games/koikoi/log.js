// Koi-Koi's move log in words, from the view's public log (seats counted from
// the viewer: 0 is the player, 1 the computer). Deals are left out. A computer's
// move carries its reason (the view's notes, matched by move number): what it
// captured or laid and why, or why it went on or stopped (pygame_core/koikoi/reasons.py,
// `explain(..., public=True)`: read from what both sides see, so it names no hidden card).

import { cardName, plantName, yakuName } from "./cards.js";

const side = (seat) => (seat === 0 ? "you" : "them");
const THREATS = ["none", "some", "close"];
const MOVES = new Set(["play", "take", "koikoi"]); // with a shobu the player chose: one entry per move

/** Why the computer made its move (a note's `why`), in words; "" for a reason this page cannot read.
 *  `said`: the points its own log line already names (a Shōbu call's), which the reason does not repeat. */
export function reasonText(why, t, lang, said = null) {
  const name = (id) => cardName(id, lang);
  const yaku = (key) => yakuName(key, lang);
  switch (why?.code) {
    case "makes":
    case "raises":
      return t(`kk.why.${why.code}`, { yaku: yaku(why.yaku) });
    case "denies":
    case "advances":
    case "blocks":
      return t(`kk.why.${why.code}`, { card: name(why.card), yaku: yaku(why.yaku), have: why.have, need: why.need });
    case "gives": {
      const form = !why.yaku ? "gives.none" : why.have === why.need ? "gives.makes" : "gives";
      return t(`kk.why.${form}`, { yaku: why.yaku ? yaku(why.yaku) : "", have: why.have, need: why.need });
    }
    case "kind":
    case "top":
    case "same":
    case "takes":
    case "few":
    case "low":
      return t(`kk.why.${why.code}`);
    case "koikoi":
    case "shobu": {
      if (why.match === "win") return t("kk.why.match.win");
      if (why.match === "only") return t("kk.why.match.only");
      const points = Number(why.points) || 0;
      const threat = THREATS.includes(why.threat) ? t(`kk.why.threat.${why.threat}`) : "";
      // A Shōbu line names the yaku's points: say the round's total only where doubling makes it more.
      const now = said === null ? t("kk.why.now", { points: t("kk.points", { n: points }) })
        : points !== said ? t("kk.why.total", { points: t("kk.points", { n: points }) }) : "";
      return [now, threat].filter(Boolean).join("; ");
    }
    default:
      return "";
  }
}

export function logLines(view, t, lang) {
  const o = view.observation;
  const name = (id) => cardName(id, lang);
  const names = (ids) => ids.map(name).join(", ");
  const yakuList = (list) => list.map((y) => `${yakuName(y.name, lang)} ${y.points}`).join(", ");
  const pts = (n, with_ = false) => t(with_ ? "kk.points.with" : "kk.points", { n });
  const notes = new Map((view.notes ?? []).map((note) => [note.move, note.why]));
  const lines = [];
  let move = 0; // moves made so far: each is one entry (play, take, koikoi, or a shobu the player chose)
  for (const e of o.log) {
    const s = side(e.seat);
    const moved = MOVES.has(e.type) || (e.type === "shobu" && !e.auto);
    if (moved) move += 1;
    let text = null;
    switch (e.type) {
      case "round":
        text = t(`kk.log.round.${side(e.dealer)}`, { round: e.round, rounds: o.rounds });
        break;
      case "redeal":
        text = t("kk.log.redeal", { plant: plantName(e.month, lang) });
        break;
      case "play":
        text = e.took.length
          ? t(`kk.log.play.took.${s}`, { card: name(e.card), took: names(e.took) })
          : t(`kk.log.play.none.${s}`, { card: name(e.card) });
        break;
      case "draw":
        if (e.took == null) {
          text = t(`kk.log.draw.choice.${s}`, { card: name(e.card), a: name(e.choices[0]), b: name(e.choices[1]) });
        } else {
          text = e.took.length
            ? t(`kk.log.draw.took.${s}`, { card: name(e.card), took: names(e.took) })
            : t(`kk.log.draw.none.${s}`, { card: name(e.card) });
        }
        break;
      case "take":
        text = t(`kk.log.take.${s}`, { card: name(e.card), took: names(e.took) });
        break;
      case "yaku":
        text = t(`kk.log.yaku.${s}`, { points: pts(e.points), yaku: yakuList(e.yaku) });
        break;
      case "koikoi":
        text = t(`kk.log.koikoi.${s}`, { count: e.count });
        break;
      case "shobu":
        text = t(e.once ? `kk.log.once.${s}` : e.auto ? `kk.log.auto.${s}` : `kk.log.shobu.${s}`, { points: pts(e.points, true) });
        break;
      case "teshi": // house rule: a dealt hand that wins the round
        text = t(`kk.log.teshi.${s}`, { yaku: yakuName(e.name, lang), cards: names(e.cards), points: pts(e.points) });
        break;
      case "exhausted":
        text = t("kk.log.exhausted");
        break;
      case "round_end":
        text = e.winner == null
          ? t("kk.log.round_end.draw", { round: e.round })
          : t(`kk.log.round_end.${side(e.winner)}`, { round: e.round, points: pts(e.points) });
        break;
      case "game_over": {
        const outcome = e.winner == null ? "draw" : e.winner === 0 ? "win" : "loss";
        text = t(`kk.log.game_over.${outcome}`, { a: e.scores[0], b: e.scores[1] });
        break;
      }
      default:
        break;
    }
    if (moved && text && e.seat === 1) {
      // The computer's reason for this move (the note of move number move - 1), after its line.
      const why = reasonText(notes.get(move - 1), t, lang, e.type === "shobu" && Number.isInteger(e.points) ? e.points : null);
      if (why) text = t("kk.why", { text: text.replace(/\.$/, ""), why });
    }
    // `move`: the moves made once it happened (the replay goes there when the line is clicked).
    if (text) lines.push({ seat: e.seat ?? (e.type === "round_end" ? e.winner : null) ?? null, text, move });
  }
  return lines;
}
