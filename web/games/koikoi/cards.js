// The 48 Hanafuda cards and the yaku as the front end names them. The same
// facts as pygame_core/koikoi/cards.py and yaku.py (a test compares them), so
// the card reference page can show them without starting the engine.
// A card id is month * 4 + index (month 0-11), highest kind first.

export const KINDS = ["bright", "animal", "ribbon", "chaff"];

// [en, de, ja] per month.
export const MONTHS = [
  ["Pine", "Kiefer", "Matsu"],
  ["Plum blossom", "Pflaumenblüte", "Ume"],
  ["Cherry blossom", "Kirschblüte", "Sakura"],
  ["Wisteria", "Glyzinie", "Fuji"],
  ["Iris", "Schwertlilie", "Ayame"],
  ["Peony", "Pfingstrose", "Botan"],
  ["Bush clover", "Buschklee", "Hagi"],
  ["Pampas grass", "Pampasgras", "Susuki"],
  ["Chrysanthemum", "Chrysantheme", "Kiku"],
  ["Maple", "Ahorn", "Momiji"],
  ["Willow", "Weide", "Yanagi"],
  ["Paulownia", "Paulownie", "Kiri"],
];

// [kind, ribbon kind or null, en, de, ja] per card id.
const TABLE = [
  ["bright", null, "Crane and Sun", "Kranich und Sonne", "Matsu ni Tsuru"],
  ["ribbon", "poetry", "Pine Poetry Ribbon", "Kiefer mit Schriftband", "Matsu ni Akatan"],
  ["chaff", null, "Pine", "Kiefer", "Matsu no Kasu"],
  ["chaff", null, "Pine", "Kiefer", "Matsu no Kasu"],
  ["animal", null, "Bush Warbler", "Buschsänger", "Ume ni Uguisu"],
  ["ribbon", "poetry", "Plum Poetry Ribbon", "Pflaume mit Schriftband", "Ume ni Akatan"],
  ["chaff", null, "Plum Blossom", "Pflaumenblüte", "Ume no Kasu"],
  ["chaff", null, "Plum Blossom", "Pflaumenblüte", "Ume no Kasu"],
  ["bright", null, "Curtain", "Vorhang", "Sakura ni Maku"],
  ["ribbon", "poetry", "Cherry Poetry Ribbon", "Kirschblüte mit Schriftband", "Sakura ni Akatan"],
  ["chaff", null, "Cherry Blossom", "Kirschblüte", "Sakura no Kasu"],
  ["chaff", null, "Cherry Blossom", "Kirschblüte", "Sakura no Kasu"],
  ["animal", null, "Cuckoo", "Kuckuck", "Fuji ni Hototogisu"],
  ["ribbon", "plain", "Wisteria Red Ribbon", "Glyzinie mit rotem Band", "Fuji ni Tanzaku"],
  ["chaff", null, "Wisteria", "Glyzinie", "Fuji no Kasu"],
  ["chaff", null, "Wisteria", "Glyzinie", "Fuji no Kasu"],
  ["animal", null, "Eight-Plank Bridge", "Achtplankenbrücke", "Ayame ni Yatsuhashi"],
  ["ribbon", "plain", "Iris Red Ribbon", "Schwertlilie mit rotem Band", "Ayame ni Tanzaku"],
  ["chaff", null, "Iris", "Schwertlilie", "Ayame no Kasu"],
  ["chaff", null, "Iris", "Schwertlilie", "Ayame no Kasu"],
  ["animal", null, "Butterflies", "Schmetterlinge", "Botan ni Chō"],
  ["ribbon", "blue", "Peony Blue Ribbon", "Pfingstrose mit blauem Band", "Botan ni Aotan"],
  ["chaff", null, "Peony", "Pfingstrose", "Botan no Kasu"],
  ["chaff", null, "Peony", "Pfingstrose", "Botan no Kasu"],
  ["animal", null, "Boar", "Wildschwein", "Hagi ni Inoshishi"],
  ["ribbon", "plain", "Bush Clover Red Ribbon", "Buschklee mit rotem Band", "Hagi ni Tanzaku"],
  ["chaff", null, "Bush Clover", "Buschklee", "Hagi no Kasu"],
  ["chaff", null, "Bush Clover", "Buschklee", "Hagi no Kasu"],
  ["bright", null, "Full Moon", "Vollmond", "Susuki ni Tsuki"],
  ["animal", null, "Geese", "Wildgänse", "Susuki ni Kari"],
  ["chaff", null, "Pampas Grass", "Pampasgras", "Susuki no Kasu"],
  ["chaff", null, "Pampas Grass", "Pampasgras", "Susuki no Kasu"],
  ["animal", null, "Sake Cup", "Sake-Becher", "Kiku ni Sakazuki"],
  ["ribbon", "blue", "Chrysanthemum Blue Ribbon", "Chrysantheme mit blauem Band", "Kiku ni Aotan"],
  ["chaff", null, "Chrysanthemum", "Chrysantheme", "Kiku no Kasu"],
  ["chaff", null, "Chrysanthemum", "Chrysantheme", "Kiku no Kasu"],
  ["animal", null, "Deer", "Hirsch", "Momiji ni Shika"],
  ["ribbon", "blue", "Maple Blue Ribbon", "Ahorn mit blauem Band", "Momiji ni Aotan"],
  ["chaff", null, "Maple", "Ahorn", "Momiji no Kasu"],
  ["chaff", null, "Maple", "Ahorn", "Momiji no Kasu"],
  ["bright", null, "Rain Man", "Regenmann", "Yanagi ni Ono no Michikaze"],
  ["animal", null, "Swallow", "Schwalbe", "Yanagi ni Tsubame"],
  ["ribbon", "plain", "Willow Red Ribbon", "Weide mit rotem Band", "Yanagi ni Tanzaku"],
  ["chaff", null, "Lightning", "Blitz", "Yanagi no Kasu"],
  ["bright", null, "Phoenix", "Phönix", "Kiri ni Hōō"],
  ["chaff", null, "Paulownia", "Paulownie", "Kiri no Kasu"],
  ["chaff", null, "Paulownia", "Paulownie", "Kiri no Kasu"],
  ["chaff", null, "Paulownia", "Paulownie", "Kiri no Kasu"],
];

export const SAKE_CUP = 32;

/** Card id -> {id, month (1-12), kind, ribbon, name {en, de, ja}, plant {en, de, ja}}. */
export const CARDS = TABLE.map(([kind, ribbon, en, de, ja], id) => {
  const [pen, pde, pja] = MONTHS[id >> 2];
  return { id, month: (id >> 2) + 1, kind, ribbon, also_chaff: id === SAKE_CUP,
    name: { en, de, ja }, plant: { en: pen, de: pde, ja: pja } };
});

// key: [en, de, ja], in display order (as pygame_core/koikoi/yaku.py).
export const YAKU = {
  goko: ["Five Brights", "Fünf Lichter", "Gokō"],
  shiko: ["Four Brights", "Vier Lichter", "Shikō"],
  ame_shiko: ["Rainy Four Brights", "Regen-Vier-Lichter", "Ame-Shikō"],
  sanko: ["Three Brights", "Drei Lichter", "Sankō"],
  hanami_zake: ["Flower Viewing Sake", "Kirschblütenschau mit Sake", "Hanami-zake"],
  tsukimi_zake: ["Moon Viewing Sake", "Mondschau mit Sake", "Tsukimi-zake"],
  inoshikacho: ["Boar, Deer, Butterflies", "Wildschwein, Hirsch, Schmetterlinge", "Ino-Shika-Chō"],
  akatan_aotan: ["Red and Blue Ribbons", "Rote und blaue Bänder", "Akatan-Aotan"],
  akatan: ["Red Poetry Ribbons", "Rote Schriftbänder", "Akatan"],
  aotan: ["Blue Ribbons", "Blaue Bänder", "Aotan"],
  tane: ["Animals", "Tiere", "Tane"],
  tanzaku: ["Ribbons", "Bänder", "Tanzaku"],
  kasu: ["Chaff", "Gewöhnliche Karten", "Kasu"],
  // Dealt hands that win a round under the house rule "teshi" (not yaku of captured cards).
  teshi: ["Four of a Month in Hand", "Vier eines Monats auf der Hand", "Teshi"],
  kuttsuki: ["Four Pairs in Hand", "Vier Paare auf der Hand", "Kuttsuki"],
};

const LANG = { en: 0, de: 1, ja: 2 };

export const cardName = (id, lang) => CARDS[id].name[lang] ?? CARDS[id].name.en;
export const plantName = (month, lang) => MONTHS[month - 1][LANG[lang] ?? 0];
export const yakuName = (key, lang) => (YAKU[key] ?? [key, key, key])[LANG[lang] ?? 0];

// The fixed sets the special yaku need (ids).
export const SETS = {
  brights: [0, 8, 28, 40, 44],
  inoshikacho: [24, 36, 20],
  akatan: [1, 5, 9],
  aotan: [21, 33, 37],
  hanami_zake: [8, 32],
  tsukimi_zake: [28, 32],
};

/** The kind as a card's label says it (a ribbon by its colour). */
export function kindText(card, t) {
  return card.ribbon ? t(`kk.ribbon.${card.ribbon}`) : t(`kk.kind.${card.kind}.one`);
}
