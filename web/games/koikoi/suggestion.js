// Which of Koi-Koi's elements a suggested action involves (the board contract's suggest(action),
// web/js/play.js; games/suggest.js marks them): a play marks the hand card and the table card it
// takes when it names one; a take marks the table card; koi-koi or shōbu marks its button when
// the decision is on show, else the status line, with the call named in the label.
//
// Owns: nothing; it finds elements in the board as drawn.

/** The board's elements under `root` for `action`, with a label where "better" alone says too little. */
export function suggestionNodes(root, action, t) {
  const tableCard = (id) => root.querySelector(`.kk-field .kk-card[data-card="${Number(id)}"]`)?.closest(".kk-table-card");
  if (action.type === "play") {
    return [root.querySelector(`.kk-you .kk-hand-card[data-card="${Number(action.card)}"]`),
      action.take == null ? null : tableCard(action.take)];
  }
  if (action.type === "take") return [tableCard(action.card)];
  if (action.type === "koikoi" || action.type === "shobu") {
    const button = root.querySelector(action.type === "koikoi" ? "#kk-koikoi" : "#kk-shobu");
    const name = t(action.type === "koikoi" ? "kk.koikoi.go" : "kk.koikoi.stop");
    return { nodes: [button ?? root.querySelector(".kk-status")], label: `${t("play.suggest")}: ${name}` };
  }
  return [];
}
