// Where offers appear, between the field and the player's hand: a gift's
// three cards or a competition's two pairs, to take one from (the computer's
// offer) or to wait on (the player's own); and, before the player's
// competition is made, the chooser of how the four selected cards are paired.
//
// Owns: the .hk-offer element. `pairing()` says the chooser is open and
// `pairings()` lists the legal pairings of the selected cards; `cancelPairing()`
// goes back to the four cards (choice.js); `send(action)` makes the move.

import { el, itemFace } from "./art.js";

export function createOffer({ t, names, keyHint, isLegal, send, pairing, pairings, cancelPairing }) {
  const node = el("section", "hk-offer");

  function giftCard(g, i, mine) {
    const action = { type: "pick_gift", card: g };
    const button = el("button", "hk-offer-card");
    button.type = "button";
    button.dataset.pick = String(g);
    button.append(itemFace(g), el("span", "hk-offer-label", names.card(g)), keyHint(i + 1));
    button.setAttribute("aria-label", `${t("hk.take")}: ${names.card(g)} (${i + 1})`);
    button.disabled = mine || !isLegal(action);
    button.addEventListener("click", () => send(action));
    return button;
  }

  function offeredPair(pair, i, mine) {
    const action = { type: "pick_pair", pair: i };
    const button = el("button", "hk-offer-pair");
    button.type = "button";
    button.dataset.pick = String(i);
    const faces = el("span", "hk-pair");
    for (const g of pair) faces.append(itemFace(g));
    button.append(faces, el("span", "hk-offer-label", names.pair(pair)), keyHint(i + 1));
    button.setAttribute("aria-label", `${t("hk.take")}: ${names.pair(pair)} (${i + 1})`);
    button.disabled = mine || !isLegal(action);
    button.addEventListener("click", () => send(action));
    return button;
  }

  function pairingChoice() {
    const box = el("div", "hk-pairing");
    box.append(el("p", "hk-pairing-title", t("hk.prompt.pairs")));
    pairings().forEach((pairs, i) => {
      const button = el("button", "hk-offer-pair");
      button.type = "button";
      button.dataset.pairing = String(i);
      for (const pair of pairs) {
        const faces = el("span", "hk-pair");
        for (const g of pair) faces.append(itemFace(g));
        button.append(faces);
      }
      button.append(keyHint(i + 1));
      button.setAttribute("aria-label", `${names.pair(pairs[0])} / ${names.pair(pairs[1])} (${i + 1})`);
      button.addEventListener("click", () => send({ type: "competition", pairs }));
      box.append(button);
    });
    const cancel = el("button", "secondary hk-pairing-cancel", t("hk.cancel"));
    cancel.type = "button";
    cancel.setAttribute("aria-keyshortcuts", "Escape");
    cancel.addEventListener("click", () => cancelPairing());
    box.append(cancel);
    return box;
  }

  return {
    node,
    draw(o) {
      const offer = o.offer;
      if (pairing() && !offer) {
        // The pairing of a competition is chosen where offers appear: the hand stays in view.
        node.hidden = false;
        node.dataset.mine = "true";
        node.replaceChildren(pairingChoice());
        return;
      }
      node.hidden = !offer;
      if (!offer) return node.replaceChildren();
      const mine = offer.by === 0;
      const kind = offer.type;
      const title = mine ? t("hk.offer.waiting") : t(kind === "gift" ? "hk.offer.gift.them" : "hk.offer.pairs.them");
      const choices = el("div", "hk-offer-choices");
      if (kind === "gift") offer.cards.forEach((g, i) => choices.append(giftCard(g, i, mine)));
      else offer.pairs.forEach((pair, i) => choices.append(offeredPair(pair, i, mine)));
      node.dataset.mine = String(mine);
      node.replaceChildren(el("h3", null, title), choices);
    },
  };
}
