// Which of Koi-Koi's elements a suggested action involves (the board contract's suggest(action),
// web/js/play.js; games/suggest.js marks them): a play marks the hand card and the table cards it
// takes (the one it names, else every one of its month); a take marks the table card (and its button in
// the choice panel, when that is open over the table); koi-koi or
// shōbu marks its button when the decision is on show, else the status line, naming the call.
//
// Owns: nothing; it finds elements in the board as drawn.

import { month } from "./faces.js";

/**
 * The board's elements under `root` for `action`, with a label where the mark's `word` ("hint",
 * or the review's "better") alone says too little.
 */
export function suggestionNodes(root, action, t, word = t("play.suggest")) {
  const tableCard = (id) => root.querySelector(`.kk-field .kk-face[data-card="${Number(id)}"]`)?.closest(".kk-table-card");
  // While a choice between two table cards is open, its panel lies over the table: its button is marked too.
  const choiceCard = (id) => root.querySelector(`.kk-choice-card .kk-face[data-card="${Number(id)}"]`)?.closest(".kk-choice-card");
  if (action.type === "play") {
    const hand = root.querySelector(`.kk-you .kk-hand-card[data-card="${Number(action.card)}"]`);
    if (action.take != null) return [hand, tableCard(action.take), choiceCard(action.take)];
    const same = [...root.querySelectorAll(".kk-field .kk-table-card .kk-face")]
      .filter((face) => month(Number(face.dataset.card)) === month(Number(action.card)));
    return [hand, ...same.map((face) => face.closest(".kk-table-card"))]; // none, one, or all three: it takes them
  }
  if (action.type === "take") return [choiceCard(action.card), tableCard(action.card)];
  if (action.type === "koikoi" || action.type === "shobu") {
    const button = root.querySelector(action.type === "koikoi" ? "#kk-koikoi" : "#kk-shobu");
    const name = t(action.type === "koikoi" ? "kk.koikoi.go" : "kk.koikoi.stop");
    return { nodes: [button ?? root.querySelector(".kk-status")], label: `${word}: ${name}` };
  }
  return [];
}
