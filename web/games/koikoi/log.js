// Koi-Koi's move log in words, from the view's public log (seats counted from
// the viewer: 0 is the player, 1 the computer). Deals are left out.

import { cardName, plantName, yakuName } from "./cards.js";

const side = (seat) => (seat === 0 ? "you" : "them");

export function logLines(view, t, lang) {
  const o = view.observation;
  const name = (id) => cardName(id, lang);
  const names = (ids) => ids.map(name).join(", ");
  const yakuList = (list) => list.map((y) => `${yakuName(y.name, lang)} ${y.points}`).join(", ");
  const pts = (n, with_ = false) => t(with_ ? "kk.points.with" : "kk.points", { n });
  // Why the computer went on or stopped: its notes, one per koi-koi decision, in order.
  const whys = (view.notes ?? []).map((note) => note.why).filter((w) => w && (w.code === "koikoi" || w.code === "shobu"));
  const why = (w) => {
    const parts = [];
    if (w.match === "win") parts.push(t("kk.why.match.win"));
    else if (w.match === "only") parts.push(t("kk.why.match.only"));
    else {
      parts.push(t("kk.why.now", { points: pts(Number(w.points) || 0) }));
      if (["none", "some", "close"].includes(w.threat)) parts.push(t(`kk.why.threat.${w.threat}`));
    }
    return parts.join("; ");
  };
  const lines = [];
  let move = 0; // moves made so far: each is one entry (play, take, koikoi, or a shobu the player chose)
  for (const e of o.log) {
    const s = side(e.seat);
    if (e.type === "play" || e.type === "take" || e.type === "koikoi" || (e.type === "shobu" && !e.auto)) move += 1;
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
        if (e.seat === 1 && whys.length) text = t("kk.why", { text, why: why(whys.shift()) });
        break;
      case "shobu":
        text = t(e.once ? `kk.log.once.${s}` : e.auto ? `kk.log.auto.${s}` : `kk.log.shobu.${s}`, { points: pts(e.points, true) });
        if (e.seat === 1 && !e.once && !e.auto && whys.length) text = t("kk.why", { text: text.replace(/\.$/, ""), why: why(whys.shift()) });
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
    // `move`: the moves made once it happened (the replay goes there when the line is clicked).
    if (text) lines.push({ seat: e.seat ?? (e.type === "round_end" ? e.winner : null) ?? null, text, move });
  }
  return lines;
}
