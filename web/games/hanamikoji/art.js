// Our own art for Hanamikoji: seven geishas, each told apart by a symbol and
// her charm value (never by colour alone), and their item cards.

const SVG = "http://www.w3.org/2000/svg";

// Index = the engine's geisha index (values 2, 2, 2, 3, 3, 4, 5).
export const GEISHAS = [
  { key: "fan", value: 2, colour: "#8e4585" },
  { key: "umbrella", value: 2, colour: "#b8382a" },
  { key: "teacup", value: 2, colour: "#b7860b" },
  { key: "flute", value: 3, colour: "#1f7a7a" },
  { key: "scroll", value: 3, colour: "#3f7d3a" },
  { key: "lantern", value: 4, colour: "#2f5fa7" },
  { key: "blossom", value: 5, colour: "#c0406e" },
];

// Each symbol is drawn in a 24x24 box with the card's colour.
const SYMBOLS = {
  fan: `<path d="M12 21 L2.5 9.5 A13 13 0 0 1 21.5 9.5 Z" fill="currentColor"/>
        <g stroke="#fffdf8" stroke-width="1.1" opacity="0.8"><path d="M12 21 L6.5 5.6 M12 21 L12 4 M12 21 L17.5 5.6"/></g>
        <circle cx="12" cy="20" r="1.6" fill="#fffdf8"/>`,
  umbrella: `<path d="M2 12 A10 9 0 0 1 22 12 Z" fill="currentColor"/>
        <g stroke="#fffdf8" stroke-width="1" opacity="0.8"><path d="M12 3 L7 12 M12 3 L17 12 M12 3 V12"/></g>
        <path d="M12 12 V19.5 a2 2 0 0 1 -4 0" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>`,
  teacup: `<path d="M4 9 H20 L18.2 17 A3 3 0 0 1 15.3 19.4 H8.7 A3 3 0 0 1 5.8 17 Z" fill="currentColor"/>
        <path d="M9 7 q-1.5 -2 0 -4 M13 7 q-1.5 -2 0 -4" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/>
        <rect x="7" y="11.5" width="10" height="1.6" rx="0.8" fill="#fffdf8" opacity="0.8"/>`,
  flute: `<rect x="-1.8" y="-10.5" width="3.6" height="21" rx="1.8" transform="translate(12 12) rotate(45)" fill="currentColor"/>
        <g fill="#fffdf8"><circle cx="8.5" cy="15.5" r="0.9"/><circle cx="10.8" cy="13.2" r="0.9"/>
        <circle cx="13.1" cy="10.9" r="0.9"/><circle cx="15.4" cy="8.6" r="0.9"/></g>`,
  scroll: `<rect x="5" y="5" width="14" height="14" fill="currentColor" opacity="0.85"/>
        <rect x="3" y="3" width="18" height="3.2" rx="1.6" fill="currentColor"/>
        <rect x="3" y="17.8" width="18" height="3.2" rx="1.6" fill="currentColor"/>
        <g stroke="#fffdf8" stroke-width="1.1" opacity="0.85"><path d="M8 9 H16 M8 12 H16 M8 15 H13"/></g>`,
  lantern: `<rect x="9" y="2" width="6" height="2.4" rx="0.8" fill="currentColor"/>
        <ellipse cx="12" cy="12" rx="7.5" ry="8" fill="currentColor"/>
        <rect x="9" y="19.6" width="6" height="2.4" rx="0.8" fill="currentColor"/>
        <g stroke="#fffdf8" stroke-width="0.9" opacity="0.7" fill="none"><path d="M5 9 H19 M4.6 12 H19.4 M5 15 H19"/></g>`,
  blossom: `<g fill="currentColor" transform="translate(12 12.5)">
        <ellipse rx="3.6" ry="5.6" transform="rotate(0) translate(0 -5)"/><ellipse rx="3.6" ry="5.6" transform="rotate(72) translate(0 -5)"/>
        <ellipse rx="3.6" ry="5.6" transform="rotate(144) translate(0 -5)"/><ellipse rx="3.6" ry="5.6" transform="rotate(216) translate(0 -5)"/>
        <ellipse rx="3.6" ry="5.6" transform="rotate(288) translate(0 -5)"/></g>
        <circle cx="12" cy="12.5" r="2.6" fill="#f2d27a"/>`,
};

/** An <svg> of geisha g's symbol. */
export function symbol(g, size = 24) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  svg.style.color = GEISHAS[g].colour;
  svg.innerHTML = SYMBOLS[GEISHAS[g].key]; // our own constant markup
  return svg;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** The face of an item card of geisha g (a symbol, her value, a colour band; her `name` where it is given). */
export function itemFace(g, label, name) {
  const face = el("span", "hk-item-face");
  face.dataset.geisha = String(g);
  face.style.setProperty("--geisha", GEISHAS[g].colour);
  // The value is drawn by CSS (::after): a card button is named by its label, never by a bare digit.
  const value = el("span", "hk-value");
  value.dataset.value = String(GEISHAS[g].value);
  face.append(symbol(g, 26), value);
  if (name) {
    // Drawn by CSS (::after) like the value: the card's button keeps its own accessible name.
    face.classList.add("named");
    const shown = el("span", "hk-item-name");
    shown.dataset.name = name;
    face.append(shown);
  }
  if (label) {
    face.setAttribute("role", "img");
    face.setAttribute("aria-label", label);
  }
  return face;
}

/** A face-down card. */
export function cardBack(label) {
  const back = el("span", "hk-back");
  if (label) {
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", label);
  }
  return back;
}

/** A geisha card: portrait symbol, value and name. */
export function geishaCard(g, name) {
  const card = el("div", "hk-geisha-card");
  card.style.setProperty("--geisha", GEISHAS[g].colour);
  card.append(el("span", "hk-geisha-value", String(GEISHAS[g].value)), symbol(g, 34), el("span", "hk-geisha-name", name));
  return card;
}

export { el };
