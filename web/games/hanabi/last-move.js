// The last move, marked on the board until the next move, where it happened:
// the cards a clue touched, the card played (on its firework) or discarded (in
// the discard grid). The page says the move in its line above the board (the
// log's own line, the reason of an AI move included).
//
// Owns: the board's hb-fresh class (the marks pulse once per move, not again
// on a redraw of the same move).
// Gives the other parts the move's marks (marksOf); they draw them.

function lastMove(o) {
  const log = o.log;
  for (let i = log.length - 1; i >= 0; i--) {
    if (["clue", "play", "discard"].includes(log[i].type)) return log[i];
  }
  return null;
}

/** The move's marks: ids of the cards its clue touched, and the firework or discard cell it went to. */
export function marksOf(o) {
  const e = lastMove(o);
  if (!e) return { touched: new Set(), stack: null, discard: null };
  return {
    touched: new Set(e.type === "clue" ? e.ids ?? [] : []),
    stack: e.type === "play" && e.ok ? e.colour : null,
    discard: e.type === "discard" || (e.type === "play" && !e.ok) ? `${e.colour}${e.rank}` : null,
  };
}

export function createLastMove(root) {
  let markedMove = null; // the log length the marks were last drawn for

  return {
    draw(view) {
      const moves = view.observation.log.length;
      root.classList.toggle("hb-fresh", moves !== markedMove);
      markedMove = moves;
    },
  };
}
