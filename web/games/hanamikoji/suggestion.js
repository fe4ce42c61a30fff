// Which of Hanamikoji's elements a suggested action involves (the board contract's
// suggest(action), web/js/play.js; games/suggest.js marks them): a secret, trade-off, gift or
// competition marks its action marker and the hand cards it takes (as many of each geisha as it
// names); a pick marks the offered card or pair to take.
//
// Owns: nothing; it finds elements in the board as drawn.

/** The board's elements under `root` that `action` involves. */
export function suggestionNodes(root, action) {
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
  return [...hand, marker]; // the label on the first card: above the marker it would cover the side's name
}
