// The boards' suggestion marks (the board contract's optional suggest(action), web/js/play.js):
// the cards and controls a suggested action involves get a clear outline and, on the first
// of them, a small label in words, so the mark never rests on colour alone. The review draws
// the better move of a past decision with it ("better", the board's default word); a hint, the
// move to make now, in its own word ("hint": js/play/hint.js passes it to board.suggest).
// A board finds its own elements for an action; this module only marks and clears them.

const MARK = "is-suggested";
const LABEL = "suggest-label";

/** Take every suggestion mark off the elements under `root`. */
export function clearSuggested(root) {
  for (const node of root.querySelectorAll(`.${MARK}`)) {
    node.classList.remove(MARK);
    delete node.dataset.suggested;
  }
  for (const label of root.querySelectorAll(`.${LABEL}`)) label.remove();
}

/**
 * Mark `nodes` (elements of a board, nulls skipped) as the suggested action's, the first with
 * `label` (plain text). Returns how many were marked, so a board can fall back to a wider
 * element (a panel, the status line) when the action's own controls are not drawn.
 */
export function markSuggested(nodes, label) {
  const marked = nodes.filter(Boolean);
  marked.forEach((node, i) => {
    node.classList.add(MARK);
    node.dataset.suggested = i === 0 ? "first" : "more";
  });
  if (marked.length && label) {
    // Its text is drawn by CSS (`.suggest-label::after { content: attr(data-label) }`, as games/keys.js
    // draws a key's hint), so it is no part of a card's accessible name: the page says the suggestion in words.
    const tag = document.createElement("span");
    tag.className = LABEL;
    tag.setAttribute("aria-hidden", "true");
    tag.dataset.label = label;
    marked[0].append(tag);
  }
  return marked.length;
}

/**
 * A board's suggestion: the action suggested, kept until suggest(null) or a view of another
 * move (or game), marked again after every draw of the board (whose elements are made anew).
 * `nodesFor(action, word)` finds the board's own elements for an action (nulls for those not
 * drawn), as a list, or as {nodes, label} when the label should say more than the word (which
 * move: "hint: discard"). The word is the one set() was given with the action (a hint's "hint"),
 * else `label()`, the board's default (the review's "better").
 */
export function createSuggestion(root, { label, nodesFor }) {
  let action = null;
  let move = null; // the move number of the view it was made for
  let word = null; // the mark's word for this action (null: label())

  const mark = () => {
    clearSuggested(root);
    if (action && typeof action === "object" && typeof action.type === "string") {
      try {
        const said = word || label();
        const found = nodesFor(action, said);
        if (Array.isArray(found)) markSuggested(found, said);
        else markSuggested(found.nodes, found.label ?? said);
      } catch (err) {
        console.warn("suggestion not drawn:", err); // a mark is a help: never the board's failure
      }
    }
  };

  return {
    /** Suggest `next` (null: none) on the view of move `at`, drawn now, its label saying `said` (else label()). */
    set(next, at, said = null) {
      action = next ?? null;
      move = at;
      word = typeof said === "string" && said ? said : null;
      mark();
    },
    mark,
    /** Before a view is drawn: one of another move, or another game, drops the suggestion. */
    follow(at, sameGame) {
      if (!sameGame || at !== move) action = null;
    },
  };
}
