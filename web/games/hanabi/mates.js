// The other players' hands, face up, each with what its holder knows of every
// card (shown on "What they know"), its chop and its Clue button.
//
// Owns: the .hb-mates element, the "What they know" toggle and whether what
// they know is shown.
// `clueTarget()` is the teammate whose clue panel is open (choice.js; the board
// draws the panel below the teammates and this marks the teammate), `openClue(seat)`
// opens one (null closes it); `isNew(card)` says a card was not drawn before (it
// slides in); `redraw()` draws the whole board again.

import { cardFace, el, knowledge } from "./art.js";
import { chopOf, knownText } from "./cards.js";

export function createMates({ t, names, myTurn, cluesFor, clueTarget, openClue, isNew, redraw }) {
  const node = el("div", "hb-mates");
  const toggle = el("button", "hb-know-toggle secondary");
  toggle.type = "button";
  toggle.id = "hb-knows";
  toggle.addEventListener("click", () => {
    showKnow = !showKnow;
    redraw();
  });
  const known = knownText(t);
  let showKnow = false;

  function clueButton(seat) {
    const button = el("button", "hb-clue-button secondary", t("hb.clue"));
    button.type = "button";
    button.dataset.target = String(seat);
    button.setAttribute("aria-label", t("hb.clue.who", { name: names.name(seat) }));
    button.setAttribute("aria-expanded", String(clueTarget() === seat));
    button.disabled = !myTurn() || cluesFor(seat).length === 0;
    button.addEventListener("click", () => openClue(clueTarget() === seat ? null : seat));
    return button;
  }

  function cardSlot(seat, card, i, chop, touched) {
    const slot = el("div", "hb-slot");
    slot.dataset.slot = String(i);
    const face = cardFace(card.colour, card.rank);
    const label = t("hb.their-card", {
      name: names.name(seat), n: i + 1, card: names.card(card),
      colours: known.colours(card.colours), ranks: known.ranks(card.ranks),
    });
    slot.tabIndex = 0;
    slot.title = label;
    slot.setAttribute("aria-label", label);
    if (card.clued) slot.classList.add("hb-clued");
    if (touched.has(card.id)) slot.classList.add("hb-last-move");
    if (i === chop) slot.append(el("span", "hb-chop", t("hb.chop")));
    if (isNew(card)) face.classList.add("hb-enter");
    slot.append(face, knowledge(card));
    return slot;
  }

  function mate(view, seat, marks) {
    const o = view.observation;
    const hand = o.hands[seat];
    const box = el("section", "hb-mate");
    box.dataset.seat = String(seat);
    if (o.to_move === seat && !o.over) box.classList.add("hb-moving");
    if (clueTarget() === seat) box.classList.add("hb-clue-target");
    const head = el("div", "hb-mate-head");
    head.append(el("strong", "hb-who", names.name(seat)), clueButton(seat));
    const cards = el("div", "hb-hand");
    cards.setAttribute("role", "group");
    cards.setAttribute("aria-label", names.name(seat));
    const chop = chopOf(hand);
    hand.forEach((card, i) => cards.append(cardSlot(seat, card, i, chop, marks.touched)));
    box.append(head, cards);
    return box;
  }

  return {
    node,
    toggle,
    draw(view, marks) {
      const mates = [];
      for (let seat = 1; seat < view.observation.players; seat++) mates.push(mate(view, seat, marks));
      toggle.textContent = t("hb.knows");
      toggle.title = t("hb.knows.help");
      toggle.setAttribute("aria-pressed", String(showKnow));
      node.dataset.know = String(showKnow);
      node.dataset.players = String(view.observation.players);
      node.replaceChildren(...mates);
    },
  };
}
