// Key hints on the boards' buttons (Hanamikoji's and Koi-Koi's): a small
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
