// How Koi-Koi's board names and draws a card for the player, in the page's
// language: a card's name and its full label (for screen readers and
// tooltips), its face (marked data-fly so that motion.js can move it from
// where it was), and a list of yaku with their cards. Every part of the board
// draws cards through these, so a card looks and reads the same everywhere.
// Owns nothing: each call reads the language anew.

import { language } from "../../js/i18n.js";
import { cardFace, el } from "./art.js";
import { CARDS, JA, YAKU, cardName, kindText, yakuName } from "./cards.js";

/** A card's month, 0-11 (a card id is month * 4 + index). */
export const month = (id) => id >> 2;

/** The drawing helpers for a board whose texts come from t. */
export function createFaces(t) {
  const name = (id) => cardName(id, language());
  const yaku = (key) => yakuName(key, language());
  const label = (id) => {
    const card = CARDS[id];
    return t("kk.card.label", { name: name(id), ja: card.name.ja, month: card.month, kind: kindText(card, t) });
  };
  /** A card's face; `fly` marks it for the card animations (not in panels, whose cards do not move). */
  const face = (id, fly = true) => {
    const node = cardFace(id, label(id));
    if (fly) node.dataset.fly = String(id);
    return node;
  };

  /** Yaku with their cards at full size (smaller only when many cards must share the row). */
  function yakuList(list) {
    const table = el("ul", "kk-yaku-list");
    if (list.reduce((n, y) => n + y.cards.length, 0) > 10) table.classList.add("kk-dense");
    for (const y of list) {
      const row = el("li", "kk-yaku-row");
      row.dataset.yaku = y.name;
      const names = el("span", "kk-yaku-name");
      names.append(el("strong", null, yaku(y.name)), el("span", "kk-ja", YAKU[y.name]?.[JA] ?? ""));
      const cards = el("span", "kk-mini");
      for (const id of y.cards) cards.append(face(id, false));
      row.append(names, cards, el("b", "kk-yaku-points", t("kk.points.short", { n: y.points })));
      table.append(row);
    }
    return table;
  }

  return { name, yaku, label, face, yakuList };
}
