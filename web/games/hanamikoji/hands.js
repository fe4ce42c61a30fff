// The two sides of the table. The computer's: its score, its hand face down,
// its face-down secret and trade-off cards, its markers (after the game, in the
// replay and the review, those hidden cards face up, marked as revealed). The player's: the
// score, the markers (markers.js), the hand as buttons that select cards, and
// the player's own secret and trade-off cards face up.
//
// Owns: the .hk-them and .hk-you elements. `selected()` lists the selected
// positions in the hand and `toggle(i)` selects or drops one (choice.js);
// `active()` says the hand can be played from; `keyHint(n)` draws a key's hint.

import { cardBack, el, itemFace } from "./art.js";

export function createSides({ t, names, markers, keyHint, active, selected, toggle }) {
  const them = el("section", "hk-side hk-them");
  const you = el("section", "hk-side hk-you");

  function scoreLine(player) {
    return el("span", "hk-score", t("hk.score", { charm: player.charm, geishas: player.geishas }));
  }

  /** A labelled place for set-aside cards (faces or backs). */
  function slot(className, cards, label) {
    const box = el("div", className);
    box.append(cards, el("span", "hk-slot-label", label));
    return box;
  }

  /** A card that was hidden in play, face up after the game, framed and named as revealed. */
  function shownFace(g) {
    const face = itemFace(g, `${names.card(g)} (${t("hk.revealed")})`);
    face.classList.add("hk-shown");
    return face;
  }

  /**
   * After the game (`shown`: the replay's or the review's revealed cards), the cards that were
   * hidden then, face up in one row that starts with the word "Revealed": the hand, the secret
   * and the trade-off, each under its own short name.
   */
  function drawShown(shown) {
    const { hand, secret, tradeoff } = shown.opponent;
    const row = el("div", "hk-shown-row");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", t("hk.revealed.all"));
    row.append(el("span", "hk-shown-tag", t("hk.revealed.tag")));
    const place = (className, cards, label) => {
      const faces = el("span", "hk-pair");
      for (const g of cards) faces.append(shownFace(g));
      return slot(`hk-slot ${className}`, faces, label);
    };
    if (hand.length) row.append(place("hk-shown-hand", hand, t("hk.revealed.in-hand")));
    if (secret != null) row.append(place("hk-shown-secret", [secret], t("hk.revealed.secret")));
    if (tradeoff.length) row.append(place("hk-shown-tradeoff", tradeoff, t("hk.revealed.tradeoff")));
    return row;
  }

  function drawThem(o, shown = null) {
    const [, side] = o.players;
    const head = el("div", "hk-side-head");
    head.append(el("strong", "hk-who", t("hk.them")), scoreLine(side));
    if (shown) {
      const row = el("div", "hk-row");
      row.append(drawShown(shown), markers.draw(side, false));
      head.append(row);
      them.replaceChildren(head);
      return;
    }
    const hand = el("div", "hk-hand-backs");
    hand.setAttribute("role", "img");
    hand.setAttribute("aria-label", t("hk.their-hand", { n: side.hand_size }));
    for (let i = 0; i < side.hand_size; i++) hand.append(cardBack());
    const hidden = el("div", "hk-hidden");
    if (side.used.secret && !o.over) hidden.append(slot("hk-slot", cardBack(t("hk.secret.theirs")), t("hk.secret.theirs")));
    if (side.tradeoff_count) {
      const backs = el("span", "hk-pair");
      backs.setAttribute("role", "img");
      backs.setAttribute("aria-label", t("hk.tradeoff.count", { n: side.tradeoff_count }));
      for (let i = 0; i < side.tradeoff_count; i++) backs.append(cardBack());
      hidden.append(slot("hk-slot", backs, t("hk.tradeoff.count", { n: side.tradeoff_count })));
    }
    // One row: who, score, hand, face-down cards, markers (it wraps on a phone).
    const row = el("div", "hk-row");
    row.append(hand, hidden, markers.draw(side, false));
    head.append(row);
    them.replaceChildren(head);
  }

  function handButton(g, i, enabled) {
    const button = el("button", "hk-card");
    button.type = "button";
    button.dataset.index = String(i);
    button.dataset.geisha = String(g);
    button.setAttribute("aria-pressed", String(selected().includes(i)));
    button.setAttribute("aria-label", `${names.card(g)} (${i + 1})`);
    button.disabled = !enabled;
    button.append(itemFace(g, null, names.label(g)), keyHint(i + 1));
    button.addEventListener("click", () => toggle(i));
    return button;
  }

  function drawYou(o) {
    const [side] = o.players;
    const head = el("div", "hk-side-head");
    head.append(el("strong", "hk-who", t("hk.you")), scoreLine(side));
    const row = el("div", "hk-row");
    if (side.secret != null) row.append(slot("hk-slot", itemFace(side.secret), t("hk.secret.yours")));
    if (side.tradeoff.length) {
      const faces = el("span", "hk-pair");
      for (const g of side.tradeoff) faces.append(itemFace(g));
      row.append(slot("hk-slot hk-discard", faces, t("hk.tradeoff.count", { n: side.tradeoff.length })));
    }
    const hand = el("div", "hk-hand");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", t("hk.hand"));
    const enabled = active();
    o.hand.forEach((g, i) => hand.append(handButton(g, i, enabled)));
    head.append(markers.draw(side, true));
    const body = el("div", "hk-you-body");
    body.append(hand);
    if (row.childElementCount) body.append(row);
    you.replaceChildren(head, body, el("p", "hk-keys", t("hk.keys")));
  }

  return { them, you, drawThem, drawYou };
}
