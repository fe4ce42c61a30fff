// Our own art for the 48 Hanafuda cards: a plant motif per month, a kind
// overlay (a bright's symbol, an animal's silhouette, a ribbon band), the
// month number and a kind badge in the corners and a gold frame for brights.
// Shape, badge and number carry the meaning, so colour is never the only cue.
// Each card's markup is built once from these pieces and cached.

import { CARDS } from "./cards.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 60;
const H = 90;
const INK = "#2b2118";
const RED = "#c8302a";
const BLUE = "#24489a";
const GOLD = "#d9a21b";

const f = (n) => Math.round(n * 10) / 10;

/** A 5-petal blossom. */
function blossom(x, y, r, petal, centre = "#f2c94c") {
  let out = "";
  for (let i = 0; i < 5; i++) {
    const a = (i * 72 - 90) * (Math.PI / 180);
    out += `<circle cx="${f(x + Math.cos(a) * r)}" cy="${f(y + Math.sin(a) * r)}" r="${f(r * 0.75)}" fill="${petal}"/>`;
  }
  return `${out}<circle cx="${x}" cy="${y}" r="${f(r * 0.5)}" fill="${centre}"/>`;
}

/** A star polygon's points (n tips). */
function starPoints(x, y, outer, inner, n = 5, turn = -90) {
  const pts = [];
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = (turn + (i * 180) / n) * (Math.PI / 180);
    pts.push(`${f(x + Math.cos(a) * r)},${f(y + Math.sin(a) * r)}`);
  }
  return pts.join(" ");
}

const mapleLeaf = (x, y, r, fill) =>
  `<polygon points="${starPoints(x, y, r, r * 0.45, 7)}" fill="${fill}" stroke="${INK}" stroke-width="0.6"/>`
  + `<path d="M${x} ${y} l0 ${f(r * 1.2)}" stroke="${INK}" stroke-width="0.8"/>`;

const chrysanthemum = (x, y, r, petal, centre) => {
  let out = "";
  for (let i = 0; i < 12; i++) {
    out += `<ellipse cx="${x}" cy="${f(y - r * 0.62)}" rx="${f(r * 0.2)}" ry="${f(r * 0.42)}" fill="${petal}" stroke="${INK}" stroke-width="0.4" transform="rotate(${i * 30} ${x} ${y})"/>`;
  }
  return `${out}<circle cx="${x}" cy="${y}" r="${f(r * 0.3)}" fill="${centre}"/>`;
};

// ---------------------------------------------------------------- plants (month 0-11)
const PLANTS = [
  // pine: a bent trunk and three needle clusters
  () => `<path d="M8 88 C14 70 30 70 28 56 S40 40 52 44" fill="none" stroke="#6b4a2b" stroke-width="4" stroke-linecap="round"/>
    <g fill="#1f5a3a" stroke="#0f3322" stroke-width="0.8">
      <path d="M30 52 a14 8 0 0 1 26 0 z"/><path d="M6 70 a13 8 0 0 1 26 0 z"/><path d="M22 84 a12 7 0 0 1 24 0 z"/></g>
    <g stroke="#5d9b6c" stroke-width="0.7"><path d="M36 51 l7 -6 M43 51 l0 -7 M50 51 l-7 -6 M12 69 l7 -6 M19 69 l0 -7 M26 69 l-7 -6"/></g>`,
  // plum: a dark zigzag branch with red blossoms
  () => `<path d="M4 86 L18 66 L14 50 L30 36 L28 24 L44 16" fill="none" stroke="#3a2a20" stroke-width="3" stroke-linecap="round"/>
    <path d="M18 66 L36 60 L48 66" fill="none" stroke="#3a2a20" stroke-width="2.2" stroke-linecap="round"/>
    ${blossom(14, 50, 3.2, RED)}${blossom(30, 36, 3.2, RED)}${blossom(44, 16, 2.8, RED)}${blossom(36, 60, 3, RED)}${blossom(48, 66, 2.6, "#e06a63")}`,
  // cherry: pale pink blossom clusters
  () => `<path d="M0 30 Q20 36 34 26 T60 22" fill="none" stroke="#6b4a2b" stroke-width="2.2"/>
    <g>${blossom(12, 30, 4, "#f4a7b9")}${blossom(26, 27, 4, "#f7c6d2")}${blossom(42, 22, 4, "#f4a7b9")}
    ${blossom(52, 32, 3.4, "#f7c6d2")}${blossom(18, 42, 3.4, "#f7c6d2")}${blossom(36, 38, 3.6, "#f4a7b9")}
    ${blossom(10, 78, 3.4, "#f4a7b9")}${blossom(50, 80, 3.4, "#f7c6d2")}</g>`,
  // wisteria: hanging purple clusters
  () => {
    let out = `<path d="M0 14 Q30 24 60 12" fill="none" stroke="#4d6b2e" stroke-width="2.5"/>`;
    for (const [x, len] of [[10, 7], [24, 9], [38, 8], [51, 6]]) {
      for (let i = 0; i < len; i++) {
        out += `<circle cx="${x + (i % 2 ? 1.5 : -1.5)}" cy="${20 + i * 5}" r="${f(3.4 - i * 0.25)}" fill="${i % 3 ? "#8a5fb5" : "#6c4399"}"/>`;
      }
    }
    return `${out}<g fill="#5f8a3a"><ellipse cx="16" cy="16" rx="5" ry="2" transform="rotate(20 16 16)"/><ellipse cx="44" cy="16" rx="5" ry="2" transform="rotate(-20 44 16)"/></g>`;
  },
  // iris: sword leaves and purple flowers
  () => `<g fill="#3f7d3a"><path d="M10 90 Q12 60 8 36 Q16 60 16 90 z"/><path d="M24 90 Q28 62 30 44 Q32 64 30 90 z"/>
      <path d="M40 90 Q44 60 52 40 Q48 64 46 90 z"/></g>
    <g fill="#6c4399" stroke="#3c2260" stroke-width="0.6">
      <path d="M8 36 q-6 -4 -3 -10 q3 4 3 10 q0 -8 4 -10 q2 6 -4 10 z"/><path d="M30 44 q-6 -4 -3 -10 q3 4 3 10 q0 -8 4 -10 q2 6 -4 10 z"/>
      <path d="M52 40 q-6 -4 -3 -10 q3 4 3 10 q0 -8 4 -10 q2 6 -4 10 z"/></g>`,
  // peony: a large layered flower with leaves
  () => `<g fill="#2f6b4f"><ellipse cx="14" cy="72" rx="10" ry="5" transform="rotate(-30 14 72)"/><ellipse cx="46" cy="74" rx="10" ry="5" transform="rotate(30 46 74)"/>
      <ellipse cx="30" cy="84" rx="9" ry="4"/></g>
    <circle cx="30" cy="62" r="14" fill="#d9506a" stroke="${INK}" stroke-width="0.6"/>
    <circle cx="30" cy="62" r="9.5" fill="#e8798c"/><circle cx="30" cy="62" r="5" fill="#f3a9b5"/>
    <path d="M20 56 q10 -6 20 0 M19 66 q11 6 22 0" fill="none" stroke="#a8324a" stroke-width="0.8"/>`,
  // bush clover: arching stems with small red blossoms
  () => {
    let out = `<g fill="none" stroke="#5a4a2a" stroke-width="1.4"><path d="M6 90 Q10 50 40 30"/><path d="M26 90 Q30 60 56 44"/><path d="M44 90 Q40 70 14 56"/></g>`;
    const dots = [[14, 60], [22, 46], [32, 36], [40, 30], [34, 66], [44, 52], [54, 45], [24, 60], [18, 57], [50, 48]];
    for (const [x, y] of dots) out += `<circle cx="${x}" cy="${y}" r="2.2" fill="#b83a6b"/>`;
    return `${out}<g fill="#6b8e3a"><ellipse cx="10" cy="72" rx="3.5" ry="1.6"/><ellipse cx="30" cy="76" rx="3.5" ry="1.6" transform="rotate(30 30 76)"/>
      <ellipse cx="42" cy="64" rx="3.5" ry="1.6" transform="rotate(-30 42 64)"/></g>`;
  },
  // pampas grass: a dark hill with pale grass strokes
  () => `<path d="M0 90 L0 64 Q30 38 60 64 L60 90 z" fill="#2b2b2b"/>
    <g stroke="#d8d2c0" stroke-width="1.1" stroke-linecap="round"><path d="M10 80 l-4 -14 M18 74 l-2 -16 M28 70 l0 -18 M38 72 l2 -16 M48 78 l4 -14"/></g>`,
  // chrysanthemum: yellow and red flowers with leaves
  () => `<g fill="#3f7d3a"><ellipse cx="14" cy="80" rx="9" ry="4" transform="rotate(-20 14 80)"/><ellipse cx="46" cy="82" rx="9" ry="4" transform="rotate(20 46 82)"/></g>
    ${chrysanthemum(20, 62, 11, "#f2c94c", "#c88a1a")}${chrysanthemum(44, 50, 9, "#e06a63", "#a8323a")}`,
  // maple: red leaves on a twig
  () => `<path d="M60 20 Q36 30 26 56 T6 88" fill="none" stroke="#5a3a22" stroke-width="2"/>
    ${mapleLeaf(44, 20, 8, RED)}${mapleLeaf(20, 40, 7, "#d9531e")}${mapleLeaf(40, 46, 7, RED)}${mapleLeaf(14, 70, 6, "#d9531e")}`,
  // willow: drooping strands on a dark ground
  () => `<rect x="0" y="0" width="${W}" height="${H}" fill="#3b4d48" opacity="0.9"/>
    <g fill="none" stroke="#8fc06a" stroke-width="1.6" stroke-linecap="round"><path d="M6 0 Q4 30 10 60"/><path d="M18 0 Q16 26 22 46"/>
      <path d="M44 0 Q48 30 42 56"/><path d="M54 0 Q56 22 52 40"/></g>
    <g fill="#b9dc8a"><ellipse cx="9" cy="44" rx="1.4" ry="4"/><ellipse cx="21" cy="36" rx="1.4" ry="4"/><ellipse cx="44" cy="42" rx="1.4" ry="4"/><ellipse cx="53" cy="30" rx="1.4" ry="4"/></g>`,
  // paulownia: broad leaves under purple flower spikes
  () => `<g fill="#3f7d3a" stroke="#24502a" stroke-width="0.8"><path d="M30 88 C10 88 4 70 16 62 C20 70 26 74 30 88 z"/>
      <path d="M30 88 C50 88 56 70 44 62 C40 70 34 74 30 88 z"/><path d="M30 86 C22 72 24 60 30 54 C36 60 38 72 30 86 z"/></g>
    <g fill="#8a5fb5"><circle cx="30" cy="46" r="3"/><circle cx="25" cy="50" r="2.6"/><circle cx="35" cy="50" r="2.6"/>
      <circle cx="30" cy="40" r="2.4"/><circle cx="21" cy="55" r="2.2"/><circle cx="39" cy="55" r="2.2"/></g>`,
];

// ---------------------------------------------------------------- overlays (bright and animal cards)
const OVERLAYS = {
  0: `<circle cx="40" cy="28" r="13" fill="${RED}"/>
    <g stroke="${INK}" stroke-width="1" stroke-linejoin="round">
      <path d="M18 56 q4 -12 16 -10 q8 2 10 10 q-10 6 -26 0 z" fill="#fffdf8"/>
      <path d="M38 48 q2 -10 -6 -16" fill="none" stroke-width="2.2"/><circle cx="31" cy="31" r="2.6" fill="#fffdf8"/>
      <path d="M18 56 l-6 4 l8 0 z" fill="${INK}"/><path d="M28 58 l-2 10 M34 58 l2 10" fill="none" stroke-width="1.2"/></g>
    <circle cx="31" cy="29.4" r="1.1" fill="${RED}"/><path d="M29 31 l-5 1" stroke="#c88a1a" stroke-width="1.2"/>`,
  4: `<g stroke="${INK}" stroke-width="0.8"><ellipse cx="36" cy="50" rx="9" ry="6" fill="#8a9a2a"/><circle cx="44" cy="45" r="4.2" fill="#8a9a2a"/>
      <path d="M27 50 l-8 4 l8 2 z" fill="#6b7a20"/><path d="M48 45 l4 1 l-4 1.5 z" fill="#c88a1a"/></g>
    <circle cx="45" cy="44" r="0.9" fill="${INK}"/><path d="M32 48 q4 4 9 1" fill="none" stroke="#d8e0a0" stroke-width="1"/>`,
  8: `<g stroke="${INK}" stroke-width="0.8"><rect x="6" y="46" width="48" height="26" fill="#fffdf8"/>
      <path d="M6 46 h48 v22 q-6 6 -12 0 q-6 6 -12 0 q-6 6 -12 0 q-6 6 -12 0 z" fill="none"/></g>
    <g fill="${RED}"><rect x="6" y="46" width="8" height="22"/><rect x="22" y="46" width="8" height="22"/><rect x="38" y="46" width="8" height="22"/></g>
    <circle cx="30" cy="57" r="6" fill="#fffdf8" stroke="${INK}" stroke-width="0.8"/>${blossom(30, 57, 2.2, "#f4a7b9")}
    <path d="M4 46 h52" stroke="${INK}" stroke-width="2"/>`,
  12: `<path d="M44 14 a9 9 0 1 0 6 14 a7 7 0 1 1 -6 -14 z" fill="${GOLD}"/>
    <g fill="#3a3040" stroke="${INK}" stroke-width="0.6"><path d="M14 54 q10 -8 18 -4 l14 -10 l-8 14 q-8 6 -18 4 z"/>
      <path d="M32 50 l-14 -8 l4 10 z"/><circle cx="15" cy="53" r="3"/></g><path d="M12 53 l-4 1" stroke="#c88a1a" stroke-width="1.2"/>`,
  16: `<g stroke="${INK}" stroke-width="0.8"><path d="M2 58 L30 48 L32 56 L4 66 z" fill="#8a5a34"/><path d="M28 56 L58 66 L56 74 L26 64 z" fill="#a06a3c"/></g>
    <g stroke="#5a3a22" stroke-width="0.7"><path d="M9 56 l2 7 M16 53 l2 7 M23 51 l2 7 M35 59 l-2 7 M42 61 l-2 7 M49 64 l-2 7"/></g>`,
  20: `<g stroke="${INK}" stroke-width="0.6"><ellipse cx="16" cy="30" rx="6" ry="4" fill="#e6b422" transform="rotate(-30 16 30)"/>
      <ellipse cx="24" cy="30" rx="6" ry="4" fill="#e6b422" transform="rotate(30 24 30)"/><ellipse cx="17" cy="36" rx="3.5" ry="2.5" fill="#8a5fb5"/>
      <ellipse cx="23" cy="36" rx="3.5" ry="2.5" fill="#8a5fb5"/><path d="M20 28 v10" stroke-width="1.4"/>
      <ellipse cx="42" cy="22" rx="5" ry="3.4" fill="#8a5fb5" transform="rotate(-30 42 22)"/>
      <ellipse cx="49" cy="22" rx="5" ry="3.4" fill="#8a5fb5" transform="rotate(30 49 22)"/><path d="M45.5 20 v8" stroke-width="1.2"/></g>`,
  24: `<g stroke="${INK}" stroke-width="0.8"><ellipse cx="30" cy="64" rx="17" ry="10" fill="#5a3a22"/><path d="M13 62 l-8 4 l8 4 z" fill="#5a3a22"/>
      <path d="M20 72 v8 M26 73 v8 M36 73 v8 M42 72 v8" stroke-width="2.4"/></g>
    <circle cx="15" cy="62" r="1" fill="#fffdf8"/><path d="M22 57 q8 -5 18 -2" fill="none" stroke="#8a6a4a" stroke-width="1.2"/>`,
  28: `<rect x="0" y="0" width="${W}" height="50" fill="${RED}"/><circle cx="30" cy="32" r="14" fill="#fff6d8" stroke="${INK}" stroke-width="0.6"/>`,
  29: `<rect x="0" y="0" width="${W}" height="50" fill="#e9a23b" opacity="0.7"/>
    <g fill="none" stroke="${INK}" stroke-width="1.8" stroke-linejoin="round"><path d="M14 20 l5 4 l5 -4"/><path d="M30 12 l5 4 l5 -4"/><path d="M36 30 l5 4 l5 -4"/></g>`,
  32: `<g stroke="${INK}" stroke-width="0.8"><path d="M12 40 q18 16 36 0 z" fill="${RED}"/><path d="M24 48 h12 l-2 5 h-8 z" fill="${RED}"/></g>
    <circle cx="30" cy="43" r="3.6" fill="${GOLD}"/><path d="M28 43 h4 M30 41 v4" stroke="${RED}" stroke-width="0.9"/>`,
  36: `<g stroke="${INK}" stroke-width="0.8"><ellipse cx="30" cy="62" rx="14" ry="7" fill="#a0642a"/><path d="M40 58 l6 -12 l4 2 l-5 12 z" fill="#a0642a"/>
      <ellipse cx="49" cy="45" rx="4" ry="2.6" fill="#a0642a"/><path d="M22 68 v12 M27 68 v12 M34 68 v12 M39 68 v12" stroke-width="2"/></g>
    <g fill="none" stroke="${INK}" stroke-width="1.1"><path d="M47 43 l-3 -8 l-3 2 M44 35 l1 -4 M50 42 l2 -8 l3 2 M52 34 l-1 -4"/></g>
    <g fill="#f1e2c0"><circle cx="26" cy="60" r="1"/><circle cx="32" cy="59" r="1"/><circle cx="29" cy="64" r="1"/></g>`,
  40: `<path d="M16 34 q14 -16 30 0 z" fill="${GOLD}" stroke="${INK}" stroke-width="0.8"/><path d="M31 34 v18" stroke="${INK}" stroke-width="1.2"/>
    <path d="M22 42 l6 -4 l8 6 l-2 24 h-14 z" fill="${RED}" stroke="${INK}" stroke-width="0.8"/><circle cx="27" cy="40" r="3" fill="#f1d9b5" stroke="${INK}" stroke-width="0.6"/>
    <ellipse cx="46" cy="80" rx="4" ry="3" fill="#5fa040" stroke="${INK}" stroke-width="0.6"/><circle cx="45" cy="77.6" r="0.8" fill="${INK}"/>`,
  41: `<g stroke="${INK}" stroke-width="0.6"><path d="M10 48 q14 -6 24 -2 l16 -14 l-8 16 q-10 8 -26 4 z" fill="#1d1d2a"/>
      <path d="M34 46 l18 4 l-4 2 l6 4 l-20 -6 z" fill="#1d1d2a"/></g><path d="M14 48 q8 4 18 0" fill="none" stroke="#fffdf8" stroke-width="1.4"/>
    <circle cx="13" cy="46" r="1" fill="${RED}"/>`,
  43: `<rect x="0" y="0" width="${W}" height="${H}" fill="#2b2b2b"/><circle cx="30" cy="50" r="14" fill="${RED}" stroke="${INK}" stroke-width="0.8"/>
    <path d="M36 20 l-10 16 h8 l-10 18" fill="none" stroke="${GOLD}" stroke-width="2.6" stroke-linejoin="round"/>
    <g fill="#8fc06a"><ellipse cx="10" cy="80" rx="6" ry="2"/><ellipse cx="50" cy="82" rx="6" ry="2"/></g>`,
  44: `<circle cx="30" cy="18" r="9" fill="${RED}" opacity="0.85"/>
    <g fill="none" stroke-width="3" stroke-linecap="round"><path d="M22 44 q-14 4 -16 20" stroke="#3f7d3a"/><path d="M24 46 q-10 10 -8 24" stroke="${GOLD}"/><path d="M26 46 q-4 12 2 22" stroke="${BLUE}"/></g>
    <g stroke="${INK}" stroke-width="0.8"><ellipse cx="32" cy="42" rx="9" ry="6" fill="#e06a2e"/><path d="M38 38 q4 -8 10 -8 q-2 6 -6 10 z" fill="#e06a2e"/>
      <path d="M30 38 q6 -14 18 -12 q-8 6 -12 14 z" fill="${GOLD}"/></g><path d="M48 30 l4 -1" stroke="${INK}" stroke-width="1.2"/>
    <path d="M46 28 l2 -5 l2 4" fill="${RED}"/>`,
};

// ---------------------------------------------------------------- ribbons
const RIBBON_FILL = { poetry: RED, plain: RED, blue: BLUE };

function ribbon(kind) {
  const marks = kind === "poetry"
    ? `<g fill="none" stroke="${INK}" stroke-width="1.3" stroke-linecap="round"><path d="M29 26 q3 2 0 5 q-3 2 1 4"/><path d="M28 40 h4 M30 38 v6"/><path d="M29 50 q3 1 1 4 q-2 2 1 4"/></g>`
    : kind === "blue"
      ? `<path d="M27 22 v44 M33 22 v44" stroke="#fffdf8" stroke-width="0.9" opacity="0.8"/>`
      : "";
  return `<g transform="rotate(-14 30 44)"><rect x="24" y="18" width="12" height="52" rx="1.2" fill="${RIBBON_FILL[kind]}" stroke="${INK}" stroke-width="0.8"/>${marks}</g>`;
}

// ---------------------------------------------------------------- corners
const BADGES = {
  bright: `<circle r="7.6" fill="${GOLD}" stroke="${INK}" stroke-width="0.9"/><polygon points="${starPoints(0, 0.5, 5.8, 2.5)}" fill="#fffdf8" stroke="${INK}" stroke-width="0.6"/>`,
  animal: `<circle r="7.6" fill="#6b4a2b" stroke="${INK}" stroke-width="0.9"/><g fill="#fffdf8"><ellipse cx="0" cy="2.2" rx="3" ry="2.4"/>
    <circle cx="-3.4" cy="-1.6" r="1.3"/><circle cx="0" cy="-3.2" r="1.3"/><circle cx="3.4" cy="-1.6" r="1.3"/></g>`,
  ribbon: `<circle r="7.6" fill="#fffdf8" stroke="${INK}" stroke-width="0.9"/><rect x="-2" y="-5.6" width="4" height="11.2" rx="0.6" transform="rotate(-14)" fill="${INK}"/>`,
  chaff: `<circle r="7.6" fill="#fffdf8" stroke="${INK}" stroke-width="0.9"/><circle r="2.4" fill="none" stroke="${INK}" stroke-width="1.3"/>`,
};

/** The SVG markup inside a card (ours; constant data only). */
function cardMarkup(id) {
  const card = CARDS[id];
  const month = id >> 2;
  const bright = card.kind === "bright";
  const mirror = card.kind === "chaff" && id % 4 === 3;
  const ground = id === 45 ? "#f6e7a8" : "#fffaf0"; // one paulownia chaff traditionally differs
  let body = PLANTS[month]();
  if (mirror) body = `<g transform="translate(${W} 0) scale(-1 1)">${body}</g>`;
  body += OVERLAYS[id] ?? "";
  if (card.kind === "ribbon") body += ribbon(card.ribbon);
  const frame = bright
    ? `<rect x="2.5" y="2.5" width="55" height="85" rx="4.5" fill="none" stroke="${GOLD}" stroke-width="3"/>`
    : "";
  return `<rect x="0.75" y="0.75" width="58.5" height="88.5" rx="5.5" fill="${ground}"/>
    <g clip-path="url(#kk-clip)">${body}</g>${frame}
    <rect x="0.75" y="0.75" width="58.5" height="88.5" rx="5.5" fill="none" stroke="${INK}" stroke-width="1.5"/>
    <g transform="translate(10.5 10.5)"><circle r="8.2" fill="#fffdf8" stroke="${INK}" stroke-width="0.9"/>
      <text y="4.6" text-anchor="middle" font-size="${month >= 9 ? 11 : 13}" font-weight="700" font-family="system-ui, sans-serif" fill="${INK}">${month + 1}</text></g>
    <g transform="translate(49.5 10.5)">${BADGES[card.kind]}</g>`;
}

const cache = new Map();

/** The one shared clip path (the card's rounded outline), put in the document once. */
function ensureDefs() {
  if (document.getElementById("kk-clip")) return;
  const defs = document.createElementNS(SVG, "svg");
  defs.setAttribute("width", "0");
  defs.setAttribute("height", "0");
  defs.setAttribute("aria-hidden", "true");
  defs.classList.add("kk-defs");
  defs.innerHTML = `<defs><clipPath id="kk-clip"><rect x="0.75" y="0.75" width="58.5" height="88.5" rx="5.5"/></clipPath></defs>`;
  document.body.append(defs);
}

/** An <svg> drawing of card id (a fresh element; the markup is cached). */
export function cardSvg(id) {
  ensureDefs();
  if (!cache.has(id)) cache.set(id, cardMarkup(id));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.innerHTML = cache.get(id);
  return svg;
}

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** A card face: <span class="kk-card" data-card data-kind> with the drawing; label for screen readers. */
export function cardFace(id, label) {
  const face = el("span", "kk-face");
  face.dataset.card = String(id);
  face.dataset.kind = CARDS[id].kind;
  face.dataset.month = String((id >> 2) + 1);
  face.append(cardSvg(id));
  if (label) {
    face.setAttribute("role", "img");
    face.setAttribute("aria-label", label);
    face.title = label;
  }
  return face;
}

/** A face-down card. */
export function cardBack(label) {
  const back = el("span", "kk-back");
  if (label) {
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", label);
  }
  return back;
}

/** The kind badge alone (for legends and group headings). */
export function kindBadge(kind, size = 18) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-8.5 -8.5 17 17");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("kk-badge");
  svg.innerHTML = BADGES[kind];
  return svg;
}
