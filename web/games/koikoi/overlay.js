// The slot laid over Koi-Koi's field: it holds one panel at a time, the
// koi-koi decision (decision.js) or a moment (moments.js), so both sides'
// captures and the hand stay where they are. Owns the slot's node and the
// board root's data-overlay ("decide" | "moment", absent while empty), which
// says which panel is on show (the tests and the stylesheet read it).

/** The overlay slot `node` on the board `root`. */
export function createOverlay(root, node) {
  node.hidden = true;
  return {
    /** What is on show: "decide", "moment" or undefined. */
    get kind() {
      return root.dataset.overlay;
    },
    /** Put `box` on show as a panel of `kind`, in place of any other. */
    show(box, kind) {
      node.replaceChildren(box);
      node.hidden = false;
      root.dataset.overlay = kind;
    },
    hide() {
      node.hidden = true;
      node.replaceChildren();
      delete root.dataset.overlay;
    },
  };
}
