// A board's stylesheet (web/games/<game>/board.css), added to the document
// once, when the board is first drawn: the site's own styles load with the
// page, a game's only with that game.

/** Add games/<game>/board.css to the document unless it is there already. */
export function loadBoardStyles(game) {
  if (document.querySelector(`link[data-board='${game}']`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL(`./${game}/board.css`, import.meta.url).href;
  link.dataset.board = game;
  document.head.append(link);
}
