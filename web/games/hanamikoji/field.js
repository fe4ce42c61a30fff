// The middle of the table: the row of seven geishas, each with her favour
// marker and the items each side placed for her, and below it the round, the
// draw pile and the card removed from the game.
//
// Owns: the .hk-field and .hk-middle elements; the item counts last drawn (new
// items slide in) and the items the last move added (marked until the next
// move, or until the round ends).

import { cardBack, el, geishaCard, itemFace, symbol } from "./art.js";

/**
 * A side's items for one geisha: the cards fanned a little in a fixed space
 * (so the geishas keep one row however many arrive) and, from two on, the count.
 */
function itemStack(count, g, sideName, fresh, marked = 0) {
  const stack = el("div", `hk-items ${sideName}`);
  stack.dataset.count = String(count);
  const shown = Math.min(count, 3);
  for (let i = 0; i < shown; i++) {
    const face = itemFace(g);
    face.style.setProperty("--i", String(i));
    if (i >= shown - fresh) face.classList.add("hk-enter");
    if (i >= shown - marked) face.classList.add("hk-last");
    stack.append(face);
  }
  if (marked) stack.dataset.last = String(marked);
  if (count > 1) stack.append(el("span", "hk-items-count", `×${count}`));
  return stack;
}

export function createField({ t, names }) {
  const field = el("div", "hk-field");
  const middle = el("div", "hk-middle");
  let prevItems = null; // item counts last drawn, to animate new cards
  let lastItems = null; // per side and geisha, the items the last move added: marked until the next

  function column(o, geisha, g) {
    const [you, them] = o.players;
    const col = el("div", "hk-col");
    col.dataset.geisha = String(g);
    const favour = geisha.favour === 0 ? "you" : geisha.favour === 1 ? "them" : "none";
    col.dataset.favour = favour;
    const fresh = (sideIndex, count) => (prevItems ? Math.max(0, count - prevItems[sideIndex][g]) : 0);
    const card = geishaCard(g, names.label(g));
    const marker = el("span", "hk-favour");
    marker.append(symbol(g, 14));
    card.append(marker);
    col.append(itemStack(them.items[g], g, "them", fresh(1, them.items[g]), lastItems?.[1][g] ?? 0), card,
      itemStack(you.items[g], g, "you", fresh(0, you.items[g]), lastItems?.[0][g] ?? 0));
    col.setAttribute("aria-label", `${names.card(g)}: ${t("hk.you")} ${you.items[g]}, ${t("hk.them")} ${them.items[g]}. ${t(`hk.favour.${favour}`)}`);
    col.setAttribute("role", "group");
    return col;
  }

  return {
    field,
    middle,
    drawField(o) {
      const [you, them] = o.players;
      field.replaceChildren(...o.geishas.map((geisha, g) => column(o, geisha, g)));
      prevItems = [you.items.slice(), them.items.slice()];
    },
    /** `shownRemoved`: after the game (replay, review), the removed card nobody saw, face up and marked. */
    drawMiddle(o, shownRemoved = null) {
      const round = o.round_limit ? t("hk.round", { round: o.round, limit: o.round_limit }) : t("hk.round.open", { round: o.round });
      const pile = el("div", "hk-pile");
      const stack = cardBack();
      stack.classList.add("hk-stack");
      pile.append(stack, el("span", null, t("hk.draw-pile", { n: o.draw_pile })));
      const removed = el("div", "hk-pile");
      if (shownRemoved != null) {
        const face = itemFace(shownRemoved, `${names.card(shownRemoved)} (${t("hk.revealed")})`);
        face.classList.add("hk-shown");
        removed.classList.add("hk-shown-removed");
        removed.append(face, el("span", null, t("hk.revealed.removed")));
      } else removed.append(cardBack(), el("span", null, t("hk.removed")));
      middle.replaceChildren(el("strong", "hk-round", round), pile, removed);
    },
    /** A new game: nothing to animate, nothing marked. */
    newGame() {
      prevItems = null;
      lastItems = null;
    },
    /**
     * The view `next` follows `previous`: after a move (`last`) the items it added are
     * marked; a new round clears the marks; a plain redraw (language, refresh) animates nothing.
     */
    follow(next, last, previous) {
      if (last && prevItems) {
        const [you, them] = next.observation.players;
        lastItems = [you.items, them.items].map((items, side) => items.map((n, g) => Math.max(0, n - prevItems[side][g])));
        if (!lastItems.flat().some(Boolean)) lastItems = null; // a move that placed no item keeps no marks
      }
      if (next.observation.round !== previous?.observation.round) lastItems = null;
      if (!last) prevItems = null;
    },
  };
}
