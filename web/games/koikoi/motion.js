// Koi-Koi's cards in motion: each card the last move played, turned or took
// flies from where it was (or from the stock, or from the computer's hand) to
// where it is now, one move's cards after another; and those cards keep a ring
// (kk-last: blue, never the brights' gold frame) until the next move. A new deal
// rings nothing: the cards are the same 48, and last round's moves are not news
// on the new table. Owns nothing: the board passes the cards' places before a
// draw (snapshot) and the log entries the draw showed.

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const MOVES = ["play", "draw", "take"];

/** Where each card that can fly (data-fly) is now, by card id. */
export function snapshot(root) {
  const rects = new Map();
  for (const node of root.querySelectorAll("[data-fly]")) rects.set(node.dataset.fly, node.getBoundingClientRect());
  return rects;
}

const cardsOf = (moves) => new Set(moves.flatMap((e) => [e.card, ...(e.took ?? [])]).map(String));

/**
 * The cards the moves among `entries` played, turned or took (as strings, like data-fly):
 * {round, deal}. `round` is those of the moves before a new deal (the ended round's last move,
 * on its final table under the summary), `deal` those since the deal: an empty set when a deal
 * came and nobody has moved yet. Either is null when the entries say nothing new about it.
 */
export function movedCards(entries) {
  const dealt = entries.findLastIndex((e) => e.type === "round");
  const before = entries.slice(0, dealt < 0 ? entries.length : dealt).filter((e) => MOVES.includes(e.type));
  const after = dealt < 0 ? [] : entries.slice(dealt).filter((e) => MOVES.includes(e.type));
  return {
    round: before.length ? cardsOf(before) : null,
    deal: dealt >= 0 ? cardsOf(after) : before.length ? cardsOf(before) : null,
  };
}

/** Ring the cards of the last move (`cards`, a set of ids as strings) and no others. */
export function markLast(root, cards) {
  for (const node of root.querySelectorAll("[data-fly]")) node.classList.toggle("kk-last", cards.has(node.dataset.fly));
}

/**
 * Move each card from where it was (`before`, a snapshot; or from the stock /
 * the computer's hand) to where it is now. `from.stock` and `from.hand` are
 * the parts of the board that hold the stock and the computer's hand.
 */
export function animate(root, before, entries, from) {
  if (reducedMotion() || !before) return;
  const origins = new Map();
  const delays = new Map();
  const stockRect = from.stock.querySelector(".kk-stock .kk-back")?.getBoundingClientRect();
  const handRect = from.hand.querySelector(".kk-backs")?.getBoundingClientRect();
  let step = 0;
  for (const e of entries) {
    if (MOVES.includes(e.type)) {
      const key = String(e.card);
      if (e.type === "play" && e.seat === 1 && handRect) origins.set(key, handRect);
      if (e.type === "draw" && stockRect) origins.set(key, stockRect);
      for (const id of [e.card, ...(e.took ?? [])]) delays.set(String(id), step * 380);
      step += 1;
    }
  }
  for (const node of root.querySelectorAll("[data-fly]")) {
    const key = node.dataset.fly;
    const start = before.get(key) ?? origins.get(key);
    if (!start) continue;
    const to = node.getBoundingClientRect();
    const dx = start.left + start.width / 2 - (to.left + to.width / 2);
    const dy = start.top + start.height / 2 - (to.top + to.height / 2);
    const scale = start.width / (to.width || 1);
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) continue;
    node.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 3 }, { transform: "none", zIndex: 3 }],
      { duration: 420, delay: delays.get(key) ?? 0, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
  }
}
