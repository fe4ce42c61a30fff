// The Koi-Koi card reference page (koikoi-cards.html): every card with its
// names, the yaku table and tips. Static: it needs no engine.

import { addMessages, language, onLanguageChange, t } from "../../js/i18n.js";
import { setupLanguage } from "../../js/language.js";
import { cardFace, el, kindBadge } from "./art.js";
import { CARDS, JA, KINDS, MONTHS, YAKU, cardName, kindText, plantName, yakuName } from "./cards.js";
import { messages } from "./messages.js";

const $ = (id) => document.getElementById(id);

const YAKU_POINTS = {
  goko: 10, shiko: 8, ame_shiko: 7, sanko: 5, hanami_zake: 5, tsukimi_zake: 5, inoshikacho: 5,
  akatan_aotan: 10, akatan: 5, aotan: 5, tane: 1, tanzaku: 1, kasu: 1,
};
const GROWS = new Set(["tane", "tanzaku", "kasu"]);
const ids = (kind) => CARDS.filter((c) => c.kind === kind).map((c) => c.id);
const YAKU_CARDS = {
  goko: [0, 8, 28, 40, 44], shiko: [0, 8, 28, 44], ame_shiko: [0, 8, 28, 40], sanko: [0, 8, 28],
  hanami_zake: [8, 32], tsukimi_zake: [28, 32], inoshikacho: [24, 36, 20],
  akatan_aotan: [1, 5, 9, 21, 33, 37], akatan: [1, 5, 9], aotan: [21, 33, 37],
  tane: ids("animal"), tanzaku: ids("ribbon"), kasu: [2, 6, 10, 14, 18, 22, 26, 30, 34, 38],
};

function labelOf(id) {
  const card = CARDS[id];
  return t("kk.card.label", { name: cardName(id, language()), ja: card.name.ja, month: card.month, kind: kindText(card, t) });
}

function legend() {
  const list = el("ul", "kk-ref-badges");
  for (const kind of KINDS) {
    const item = el("li");
    item.append(kindBadge(kind, 22), el("span", null, t(`kk.kind.${kind}`)));
    list.append(item);
  }
  const sample = el("div", "kk-ref-sample");
  for (const id of [0, 4, 5, 21, 17, 2]) sample.append(cardFace(id, labelOf(id)));
  $("legend").replaceChildren(
    el("p", null, t("kk.ref.legend.month")), el("p", null, t("kk.ref.legend.badge")), list,
    el("p", null, t("kk.ref.legend.frame")), sample,
  );
}

function months() {
  const lang = language();
  $("months").replaceChildren(...MONTHS.map((names, m) => {
    const box = el("section", "kk-ref-month");
    const head = el("h3", null, t("kk.ref.month", { month: m + 1, plant: plantName(m + 1, lang) }));
    head.append(el("span", "kk-ja", ` · ${names[JA]}`));
    const row = el("div", "kk-ref-row");
    for (let i = 0; i < 4; i++) {
      const id = m * 4 + i;
      const card = CARDS[id];
      const fig = el("figure", "kk-ref-card");
      fig.dataset.card = String(id);
      const caption = el("figcaption");
      caption.append(el("strong", null, cardName(id, lang)), el("span", "kk-ja", card.name.ja),
        el("span", "kk-ref-kind", kindText(card, t)));
      fig.append(cardFace(id, labelOf(id)), caption);
      row.append(fig);
    }
    box.append(head, row);
    return box;
  }));
}

function yakuTable() {
  const lang = language();
  const head = el("tr");
  for (const key of ["kk.ref.col.yaku", "kk.ref.col.cards", "kk.ref.col.points"]) head.append(el("th", null, t(key)));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const key of Object.keys(YAKU).filter((k) => k in YAKU_POINTS)) { // teshi/kuttsuki: house rules below
    const row = el("tr");
    row.dataset.yaku = key;
    const name = el("td", "kk-ref-yname");
    name.append(el("strong", null, yakuName(key, lang)), el("span", "kk-ja", YAKU[key][JA]));
    const cards = el("td");
    const faces = el("div", "kk-ref-mini");
    for (const id of YAKU_CARDS[key]) faces.append(cardFace(id, labelOf(id)));
    cards.append(el("p", null, t(`kk.yaku.cards.${key}`)), faces);
    const points = GROWS.has(key) ? t("kk.yaku.more", { n: YAKU_POINTS[key] }) : String(YAKU_POINTS[key]);
    row.append(name, cards, el("td", "kk-ref-points", points));
    body.append(row);
  }
  $("yaku").replaceChildren(thead, body);
}

function tips() {
  $("tips").replaceChildren(...[1, 2, 3, 4, 5, 6].map((n) => el("li", null, t(`kk.ref.tip.${n}`))));
}

function houseRules() {
  $("house").replaceChildren(...[1, 2, 3, 4].map((n) => el("li", null, t(`kk.ref.house.${n}`))));
}

function render() {
  document.title = `${t("kk.ref.title")} · ${t("site.title")}`;
  legend();
  months();
  yakuTable();
  tips();
  houseRules();
  document.documentElement.dataset.ready = "true";
}

if (typeof document !== "undefined" && document.getElementById("months")) {
  addMessages(messages);
  setupLanguage();
  onLanguageChange(render);
  render();
}
