// A short message under the toolbar that goes away by itself ("The new level
// applies from the next game", "Saved again").
//
// Owns: the toast element's text and its timer.

/** The toast of `frame`; it is cleared when the game leaves the page. */
export function createToast(frame) {
  const el = frame.$("toast");
  let timer = null;
  const clear = () => {
    clearTimeout(timer);
    el.hidden = true;
  };
  frame.onClose(() => clearTimeout(timer));
  return {
    show(text, ms = 3500) {
      el.textContent = text;
      el.hidden = false;
      clearTimeout(timer);
      timer = setTimeout(() => (el.hidden = true), ms);
    },
    /** Take the toast down now (its news is stale: a new game was dealt). */
    clear,
  };
}
