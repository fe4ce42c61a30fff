// The boards' suggestion marks (the board contract's optional suggest(action), web/js/play.js):
// the cards and controls a suggested action involves get a clear outline and, on the first
// of them, a small label in words ("better"), so the mark never rests on colour alone. The
// review draws the better move of a past decision with it; a hint, the move to make now.
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
 * `nodesFor(action)` finds the board's own elements for an action (nulls for those not drawn),
 * as a list, or as {nodes, label} when the label should say more than `label()` (which move).
 */
export function createSuggestion(root, { label, nodesFor }) {
  let action = null;
  let move = null; // the move number of the view it was made for

  const mark = () => {
    clearSuggested(root);
    if (action && typeof action === "object" && typeof action.type === "string") {
      try {
        const found = nodesFor(action);
        if (Array.isArray(found)) markSuggested(found, label());
        else markSuggested(found.nodes, found.label ?? label());
      } catch (err) {
        console.warn("suggestion not drawn:", err); // a mark is a help: never the board's failure
      }
    }
  };

  return {
    /** Suggest `next` (null: none) on the view of move `at`, drawn now. */
    set(next, at) {
      action = next ?? null;
      move = at;
      mark();
    },
    mark,
    /** Before a view is drawn: one of another move, or another game, drops the suggestion. */
    follow(at, sameGame) {
      if (!sameGame || at !== move) action = null;
    },
  };
}
