// The hands on Koi-Koi's table: the player's cards, each a button enabled when
// the engine lists a play of it (keys 1-8), marked when a table card shares
// its month; and the computer's hand, face down. Playing a card that matches
// one table card (or none) sends the play; a card that matches two selects it,
// and the field (field.js) offers the two table cards to choose from. After the
// game the replay and the review show the computer's hand face up, marked revealed.
// Owns the selection: the hand card waiting for that choice.

import { keyHint } from "../keys.js";
import { cardBack, el } from "./art.js";
import { month } from "./faces.js";

/**
 * obs() is the observation on show, mine() whether the player is to move,
 * pendingMine(type) whether the player's step is of that type, playsOf(card)
 * the legal plays of a hand card; send(action) plays one (and drops the
 * selection), draw() draws the board. highlight(month or null) marks the table
 * cards of a month; focusChoice() puts the focus on the field's choice.
 */
export function createHand({ t, faces, obs, mine, pendingMine, playsOf, send, draw, highlight, focusChoice }) {
  let choosing = null; // a hand card with two matching table cards, waiting for the pick

  /** The player's hand: a button per card, numbered for the keys. */
  function drawOwn() {
    const o = obs();
    const hand = el("div", "kk-hand");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", t("kk.hand"));
    hand.dataset.count = String(o.hand.length); // eight take two rows on a narrow phone (board.css)
    const canPlay = pendingMine("play");
    const tableMonths = new Set(o.table.map(month));
    o.hand.forEach((id, i) => {
      const button = el("button", "kk-hand-card");
      button.type = "button";
      button.dataset.index = String(i);
      button.dataset.card = String(id);
      button.setAttribute("aria-label", `${faces.label(id)} (${i + 1})`);
      if (tableMonths.has(month(id))) button.classList.add("kk-has-match");
      button.setAttribute("aria-pressed", String(choosing === id));
      button.disabled = !canPlay || !playsOf(id).length;
      button.append(faces.face(id), keyHint(i + 1, "kk-key"));
      button.addEventListener("click", () => play(id));
      for (const type of ["mouseenter", "focus"]) button.addEventListener(type, () => highlight(month(id)));
      for (const type of ["mouseleave", "blur"]) button.addEventListener(type, () => highlight(null));
      hand.append(button);
    });
    return hand;
  }

  /**
   * The computer's hand: as many backs as it holds cards; after the game (the replay, the review)
   * `revealed` lists its cards, drawn face up under a label that says they are revealed.
   */
  function drawTheirs(revealed = null) {
    const them = obs().players[1];
    if (Array.isArray(revealed)) {
      const hand = el("div", "kk-revealed");
      hand.setAttribute("role", "group");
      hand.setAttribute("aria-label", t("kk.revealed.hand"));
      const cards = el("span", "kk-revealed-cards");
      for (const id of revealed) {
        const face = faces.face(id, false);
        face.setAttribute("aria-label", `${faces.label(id)} (${t("kk.revealed")})`);
        cards.append(face);
      }
      hand.append(el("span", "kk-revealed-tag", t("kk.revealed.tag")), cards);
      return hand;
    }
    const hand = el("div", "kk-backs");
    hand.setAttribute("role", "img");
    hand.setAttribute("aria-label", t("kk.their-hand", { n: them.hand_size }));
    for (let i = 0; i < them.hand_size; i++) hand.append(cardBack());
    return hand;
  }

  /** Play hand card `id`: at once when it has one way to go, else select it (or drop it when selected). */
  function play(id) {
    if (!pendingMine("play")) return;
    const plays = playsOf(id);
    if (!plays.length) return;
    if (plays.length === 1) return send(plays[0]);
    choosing = choosing === id ? null : id;
    draw();
    focusChoice();
  }

  return {
    drawOwn, drawTheirs, play,
    /** The selected hand card (it matches two table cards), or null. */
    get choosing() {
      return choosing;
    },
    /** Drop the selection (the board draws when it should show). */
    drop() {
      choosing = null;
    },
    /** After a new view: drop a selection the view no longer allows. */
    check() {
      if (!mine() || (choosing != null && !playsOf(choosing).length)) choosing = null;
    },
  };
}
