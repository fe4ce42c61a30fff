// Which of Hanabi's elements a suggested action involves (the board contract's suggest(action),
// web/js/play.js; games/suggest.js marks them): a play or discard marks the player's card and
// its button, the label naming the move; a clue marks the teammate's Clue button, the colour or
// number in the clue panel when that is open, and the cards it would touch (which the player
// sees), the label naming the clue.
//
// Owns: nothing; it finds elements in the board as drawn.

/**
 * The board's elements under `root` for `action` on the observation `o`, with a label that names
 * the move after `word` (the mark's word: "hint", or the review's "better").
 */
export function suggestionNodes(root, action, o, t, names, word = t("play.suggest")) {
  if (action.type === "play" || action.type === "discard") {
    const slot = Number(action.slot);
    return { nodes: [root.querySelector(`.hb-own-card[data-slot="${slot}"]`), root.querySelector(`#hb-${action.type}`)],
      label: `${word}: ${t(`hb.${action.type}`)}` };
  }
  if (action.type === "clue") {
    const mate = root.querySelector(`.hb-mate[data-seat="${Number(action.target)}"]`);
    const hand = o.hands?.[action.target] ?? [];
    const touched = hand.map((card, i) => ((action.colour != null ? card.colour === action.colour : card.rank === action.rank)
      ? mate?.querySelector(`.hb-slot[data-slot="${i}"]`) : null));
    // With the clue panel open for that teammate, the colour or number to tap is marked too.
    const panel = root.querySelector(`.hb-clue-choices[data-seat="${Number(action.target)}"]`);
    const choice = panel?.querySelector(action.colour != null ? `.hb-clue-choice[data-colour="${action.colour}"]`
      : `.hb-clue-choice[data-rank="${Number(action.rank)}"]`);
    return { nodes: [mate?.querySelector(".hb-clue-button"), choice, ...touched],
      label: `${word}: ${names.value(action)}` };
  }
  return [];
}
