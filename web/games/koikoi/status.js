// Koi-Koi's status bar above the table: the round, the match points of both
// sides, the house rules in play (none under the source's rules) and the link
// to the card reference page. Owns nothing: it is drawn anew from each view.

import { el } from "./art.js";

/** Draw the bar into `node` for observation o; `houseRules` lists the house rules' keys in the menu's order. */
export function drawStatus(node, o, t, houseRules) {
  const [you, them] = o.players;
  const round = el("strong", "kk-round", t("kk.round", { round: o.round, rounds: o.rounds }));
  const score = el("span", "kk-match");
  score.append(el("span", "kk-you-score", `${t("kk.you")} ${you.score}`), el("span", "kk-colon", " : "),
    el("span", "kk-them-score", `${them.score} ${t("kk.them")}`));
  score.setAttribute("aria-label", `${t("kk.you")}: ${t("kk.match-points.long", { n: you.score })}, ${t("kk.them")}: ${t("kk.match-points.long", { n: them.score })}`);
  const link = el("a", "kk-reference");
  link.append(el("span", "kk-reference-long", t("kk.reference")), el("span", "kk-reference-short", t("kk.reference.short")));
  link.href = new URL("../../koikoi-cards.html", import.meta.url).href;
  link.target = "_blank";
  link.rel = "noopener";
  const house = houseRules.filter((key) => o.house_rules?.[key]);
  const active = house.length
    ? [el("span", "kk-house", t("kk.house.active", { list: house.map((key) => t(`kk.house.${key}`)).join(" · ") }))]
    : []; // the source's rules: nothing to say
  node.replaceChildren(round, score, ...active, link);
}
