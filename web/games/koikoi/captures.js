// Each side of Koi-Koi's table as its captures tell it: the side's head (who,
// the dealer's badge, the yaku points now, the koi-koi calls) and its captured
// cards by kind, each group with its progress toward its yaku, then chips for
// the yaku made and the special sets half done. Owns nothing: drawn anew from
// the observation the board shows (the ended round's, under a summary).

import { el, kindBadge } from "./art.js";
import { KINDS, SAKE_CUP, SETS, YAKU } from "./cards.js";

/** Progress of each captured group toward its yaku: {have, need, yaku}. */
function groupProgress(kind, captured) {
  if (kind === "bright") {
    const have = captured.bright.length;
    return { have, need: have < 3 ? 3 : Math.min(5, have + (have < 5 ? 1 : 0)), yaku: "sanko" };
  }
  if (kind === "animal") return { have: captured.animal.length, need: 5, yaku: "tane" };
  if (kind === "ribbon") return { have: captured.ribbon.length, need: 5, yaku: "tanzaku" };
  const have = captured.chaff.length + (captured.animal.includes(SAKE_CUP) ? 1 : 0);
  return { have, need: 10, yaku: "kasu" };
}

/** The special sets that are half done or done: [{key, have, need}] (no sake yaku under that house rule). */
function setProgress(captured, house) {
  const all = new Set(Object.values(captured).flat());
  const out = [];
  const keys = ["inoshikacho", "akatan", "aotan", ...(house?.no_sake_yaku ? [] : ["hanami_zake", "tsukimi_zake"])];
  for (const key of keys) {
    const need = SETS[key].length;
    const have = SETS[key].filter((id) => all.has(id)).length;
    if (have >= Math.max(1, need - 1)) out.push({ key, have, need });
  }
  return out;
}

/**
 * The sides' heads and captures. obs() is the observation on show; faces
 * (faces.js) names and draws the cards. Seat 0 is the player, 1 the computer.
 */
export function createCaptures({ t, faces, obs }) {
  /** The side's head line; the board appends what else stands on it (the computer's hand, the keys). */
  function head(seat) {
    const o = obs();
    const player = o.players[seat];
    const line = el("div", "kk-side-head");
    line.append(el("strong", "kk-who", t(seat === 0 ? "kk.you" : "kk.them")));
    if (o.dealer === seat) {
      const badge = el("span", "kk-dealer", t("kk.dealer"));
      badge.title = t("kk.dealer.help");
      line.append(badge);
    }
    line.append(el("span", "kk-points", player.points ? t("kk.yaku-now", { points: player.points }) : t("kk.no-yaku")));
    if (player.koikoi) line.append(el("span", "kk-called", t("kk.koikoi-calls", { n: player.koikoi })));
    return line;
  }

  /** One group of captured cards of a kind, headed by its progress toward the kind's yaku. */
  function group(kind, captured) {
    const cards = captured[kind];
    const { have, need, yaku } = groupProgress(kind, captured);
    const box = el("div", "kk-group");
    box.dataset.kind = kind;
    box.dataset.done = String(have >= need && (kind !== "bright" || have >= 3));
    const line = el("div", "kk-group-head");
    const count = el("b", "kk-count", t("kk.progress", { have, need }));
    line.append(kindBadge(kind, 16), el("span", "kk-group-name", t(`kk.kind.${kind}`)),
      el("span", "kk-ja", YAKU[yaku][2]), count);
    line.title = t("kk.progress.help", { name: `${faces.yaku(yaku)} (${YAKU[yaku][2]})`, have, need });
    const row = el("div", "kk-pile");
    if (cards.length > 8) row.dataset.many = cards.length > 14 ? "lots" : "some"; // one row, closer together
    for (const id of cards) row.append(faces.face(id));
    box.append(line, row);
    return box;
  }

  /** The yaku made (with points) and the special sets on their way (have / need). */
  function chips(player) {
    const box = el("div", "kk-chips");
    for (const y of player.yaku) {
      const chip = el("span", "kk-chip kk-chip-done", `${faces.yaku(y.name)} ${t("kk.points.short", { n: y.points })}`);
      chip.dataset.yaku = y.name;
      chip.title = YAKU[y.name]?.[2] ?? y.name;
      box.append(chip);
    }
    const done = new Set(player.yaku.map((y) => y.name));
    for (const s of setProgress(player.captured, obs().house_rules)) {
      if (s.have >= s.need && (done.has(s.key) || done.has("akatan_aotan"))) continue;
      const chip = el("span", "kk-chip", `${faces.yaku(s.key)} ${t("kk.progress", { have: s.have, need: s.need })}`);
      chip.dataset.yaku = s.key;
      chip.title = YAKU[s.key][2];
      box.append(chip);
    }
    return box;
  }

  /** The side's captured cards by kind, and its chips when there are any. */
  function groups(seat) {
    const player = obs().players[seat];
    const box = el("div", "kk-captured");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t(seat === 0 ? "kk.captured.you" : "kk.captured.them"));
    for (const kind of KINDS) box.append(group(kind, player.captured));
    const made = chips(player);
    if (made.childElementCount) box.append(made);
    return box;
  }

  return { head, groups };
}
