// Which of Hanamikoji's elements a suggested action involves (the board contract's
// suggest(action), web/js/play.js; games/suggest.js marks them): a secret, trade-off, gift or
// competition marks its action marker and the hand cards it takes (as many of each geisha as it
// names), and a competition, once its pairing chooser is open, the pairing it makes there too (its
// label then on that pairing: the step at hand), so following the marks plays the very move;
// a pick marks the offered card or pair to take.
//
// Owns: nothing; it finds elements in the board as drawn.

/**
 * The board's elements under `root` that `action` involves; `pairingOf(pairs)` is the index of a
 * competition's pairing in the open chooser (choice.js), -1 when it is not drawn there.
 */
export function suggestionNodes(root, action, pairingOf = () => -1) {
  if (action.type === "pick_gift") return [root.querySelector(`.hk-offer-card[data-pick="${Number(action.card)}"]`)];
  if (action.type === "pick_pair") return [root.querySelector(`.hk-offer-pair[data-pick="${Number(action.pair)}"]`)];
  const cards = action.type === "competition" ? (Array.isArray(action.pairs) ? action.pairs.flat() : [])
    : Array.isArray(action.cards) ? action.cards : [];
  const wanted = new Map();
  for (const g of cards) wanted.set(g, (wanted.get(g) ?? 0) + 1);
  const hand = [...root.querySelectorAll(".hk-you .hk-card")].filter((button) => {
    const g = Number(button.dataset.geisha);
    if (!wanted.get(g)) return false;
    wanted.set(g, wanted.get(g) - 1);
    return true;
  });
  const marker = root.querySelector(`.hk-you .hk-marker[data-action="${CSS.escape(String(action.type))}"]`);
  const pairing = action.type === "competition" ? pairingOf(action.pairs) : -1;
  if (pairing >= 0) return [root.querySelector(`.hk-pairing button[data-pairing="${pairing}"]`), ...hand, marker];
  return [...hand, marker]; // the label on the first card: above the marker it would cover the side's name
}
