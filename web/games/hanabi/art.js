// Our own art for Hanabi: five suits, each told apart by a symbol as well as
// a colour (flame, sun, leaf, drop, star), so colour is never the only cue.

const SVG = "http://www.w3.org/2000/svg";

// Keyed by the engine's colour names, in the engine's order.
export const SUITS = {
  red: { symbol: "flame", colour: "#c4372b", ink: "#fff" },
  yellow: { symbol: "sun", colour: "#d9a514", ink: "#1f2a44" },
  green: { symbol: "leaf", colour: "#2f7d4a", ink: "#fff" },
  blue: { symbol: "drop", colour: "#2c5fa8", ink: "#fff" },
  white: { symbol: "star", colour: "#8a8f9e", ink: "#fff" },
};
export const COLOURS = Object.keys(SUITS);
export const RANKS = [1, 2, 3, 4, 5];
export const COPIES = { 1: 3, 2: 2, 3: 2, 4: 2, 5: 1 };

// Each symbol in a 24x24 box, filled with currentColor.
const SYMBOLS = {
  flame: `<path d="M12 2 C13 7 18 9 18 15 A6 6 0 0 1 6 15 C6 11 9 10 9 6 C11 8 11 10 12 11 C13 8 12 5 12 2 Z" fill="currentColor"/>
          <path d="M12 13 C13 15 15 16 14.5 18 A2.6 2.6 0 0 1 9.5 18 C9.5 16 11.5 15.5 12 13 Z" fill="#fffdf8" opacity="0.75"/>`,
  sun: `<circle cx="12" cy="12" r="5" fill="currentColor"/>
        <g stroke="currentColor" stroke-width="2" stroke-linecap="round">
        <path d="M12 1.8 V4.6 M12 19.4 V22.2 M1.8 12 H4.6 M19.4 12 H22.2 M4.8 4.8 L6.8 6.8 M17.2 17.2 L19.2 19.2 M4.8 19.2 L6.8 17.2 M17.2 6.8 L19.2 4.8"/></g>`,
  leaf: `<path d="M4 20 C4 10 10 4 21 3 C20 14 14 20 4 20 Z" fill="currentColor"/>
         <path d="M4 20 L15 9" stroke="#fffdf8" stroke-width="1.3" opacity="0.8" stroke-linecap="round"/>`,
  drop: `<path d="M12 2 C15 7 19 11 19 15 A7 7 0 0 1 5 15 C5 11 9 7 12 2 Z" fill="currentColor"/>
         <path d="M8.6 15.5 A3.6 3.6 0 0 0 11 18.6" stroke="#fffdf8" stroke-width="1.4" fill="none" opacity="0.8" stroke-linecap="round"/>`,
  star: `<path d="M12 2 L14.8 8.6 L22 9.3 L16.5 14 L18.2 21 L12 17.3 L5.8 21 L7.5 14 L2 9.3 L9.2 8.6 Z" fill="currentColor"/>`,
};

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** The suit symbol of a colour as an inline SVG. */
export function symbol(colour, size = 20) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("hb-sym");
  svg.dataset.symbol = SUITS[colour].symbol;
  svg.innerHTML = SYMBOLS[SUITS[colour].symbol];
  svg.style.color = SUITS[colour].colour;
  return svg;
}

/** A card face: colour band, big rank, the suit symbol (twice). */
export function cardFace(colour, rank, label) {
  const face = el("span", "hb-card hb-face");
  face.dataset.colour = colour;
  face.dataset.rank = String(rank);
  face.style.setProperty("--suit", SUITS[colour].colour);
  face.style.setProperty("--suit-ink", SUITS[colour].ink);
  face.append(el("span", "hb-rank", String(rank)), symbol(colour, 22));
  if (label) face.setAttribute("aria-label", label);
  return face;
}

/** A card back, optionally carrying what its holder knows (possible colours and ranks). */
export function cardBack(known) {
  const back = el("span", "hb-card hb-back");
  if (known) back.append(knowledge(known));
  return back;
}

/** What a holder knows of one card: the still-possible colours (as symbols) and ranks. */
export function knowledge(known) {
  const box = el("span", "hb-know");
  const colours = el("span", "hb-know-colours");
  const allColours = known.colours.length === COLOURS.length;
  if (known.colours.length === 1) box.style.setProperty("--suit", SUITS[known.colours[0]].colour);
  if (known.colours.length === 1) box.classList.add("hb-know-colour");
  for (const c of known.colours) colours.append(symbol(c, known.colours.length === 1 ? 22 : 12));
  if (allColours) colours.classList.add("hb-any");
  // The digits are drawn by CSS (::after): a card button's name is its full description, not "12345".
  const ranks = el("span", "hb-know-ranks");
  ranks.dataset.text = known.ranks.length === 1 ? String(known.ranks[0]) : known.ranks.join("");
  if (known.ranks.length === 1) ranks.classList.add("hb-exact");
  if (known.ranks.length === RANKS.length) ranks.classList.add("hb-any");
  box.append(ranks, colours);
  return box;
}
