// The boards' keys: which key presses which of a board's buttons, and the
// hints on those buttons (Hanamikoji's and Koi-Koi's): a small
// mark in a corner of a button that names the key which presses it. Its text
// is drawn by CSS (`.<class>::after { content: attr(data-key) }` in each
// board's stylesheet), so it is not part of the button's visible text and the
// accessible name (the card's name) stays whole.

/** A key's hint: <span class="{className}" data-key="{key}">, empty until CSS draws it. */
export function keyHint(key, className) {
  const hint = document.createElement("span");
  hint.className = className;
  hint.dataset.key = String(key);
  return hint;
}

/**
 * Listen to the document's keys for a board, until `signal` ends (the game left
 * the page). A key pressed with Ctrl, Meta or Alt, while a dialog is open, or in
 * a select or a text field (the toolbar's menus, a note) is not the board's.
 * handle(key, event) gets the key in lower case and returns true when it used
 * it (its default action is then prevented).
 */
export function onBoardKeys(signal, handle) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
    if (handle(event.key.toLowerCase(), event)) event.preventDefault();
  }, { signal });
}
