// The 48 Hanafuda cards and the yaku as the front end names them. The same
// facts as pygame_core/koikoi/cards.py and yaku.py (a test compares them), so
// the card reference page can show them without starting the engine.
// A card id is month * 4 + index (month 0-11), highest kind first.

export const KINDS = ["bright", "animal", "ribbon", "chaff"];

// [en, de, cs, ja] per month.
export const MONTHS = [
  ["Pine", "Kiefer", "Borovice", "Matsu"],
  ["Plum blossom", "Pflaumenblüte", "Švestkový květ", "Ume"],
  ["Cherry blossom", "Kirschblüte", "Třešňový květ", "Sakura"],
  ["Wisteria", "Glyzinie", "Vistárie", "Fuji"],
  ["Iris", "Schwertlilie", "Kosatec", "Ayame"],
  ["Peony", "Pfingstrose", "Pivoňka", "Botan"],
  ["Bush clover", "Buschklee", "Lespedéza", "Hagi"],
  ["Pampas grass", "Pampasgras", "Ozdobnice", "Susuki"],
  ["Chrysanthemum", "Chrysantheme", "Chryzantéma", "Kiku"],
  ["Maple", "Ahorn", "Javor", "Momiji"],
  ["Willow", "Weide", "Vrba", "Yanagi"],
  ["Paulownia", "Paulownie", "Paulovnie", "Kiri"],
];

// [kind, ribbon kind or null, en, de, cs, ja] per card id.
const TABLE = [
  ["bright", null, "Crane and Sun", "Kranich und Sonne", "Jeřáb a slunce", "Matsu ni Tsuru"],
  ["ribbon", "poetry", "Pine Poetry Ribbon", "Kiefer mit Schriftband", "Borovice s básnickou stužkou", "Matsu ni Akatan"],
  ["chaff", null, "Pine", "Kiefer", "Borovice", "Matsu no Kasu"],
  ["chaff", null, "Pine", "Kiefer", "Borovice", "Matsu no Kasu"],
  ["animal", null, "Bush Warbler", "Buschsänger", "Pěnice", "Ume ni Uguisu"],
  ["ribbon", "poetry", "Plum Poetry Ribbon", "Pflaume mit Schriftband", "Švestka s básnickou stužkou", "Ume ni Akatan"],
  ["chaff", null, "Plum Blossom", "Pflaumenblüte", "Švestkový květ", "Ume no Kasu"],
  ["chaff", null, "Plum Blossom", "Pflaumenblüte", "Švestkový květ", "Ume no Kasu"],
  ["bright", null, "Curtain", "Vorhang", "Opona", "Sakura ni Maku"],
  ["ribbon", "poetry", "Cherry Poetry Ribbon", "Kirschblüte mit Schriftband", "Třešeň s básnickou stužkou", "Sakura ni Akatan"],
  ["chaff", null, "Cherry Blossom", "Kirschblüte", "Třešňový květ", "Sakura no Kasu"],
  ["chaff", null, "Cherry Blossom", "Kirschblüte", "Třešňový květ", "Sakura no Kasu"],
  ["animal", null, "Cuckoo", "Kuckuck", "Kukačka", "Fuji ni Hototogisu"],
  ["ribbon", "plain", "Wisteria Red Ribbon", "Glyzinie mit rotem Band", "Vistárie s červenou stužkou", "Fuji ni Tanzaku"],
  ["chaff", null, "Wisteria", "Glyzinie", "Vistárie", "Fuji no Kasu"],
  ["chaff", null, "Wisteria", "Glyzinie", "Vistárie", "Fuji no Kasu"],
  ["animal", null, "Eight-Plank Bridge", "Achtplankenbrücke", "Most z osmi prken", "Ayame ni Yatsuhashi"],
  ["ribbon", "plain", "Iris Red Ribbon", "Schwertlilie mit rotem Band", "Kosatec s červenou stužkou", "Ayame ni Tanzaku"],
  ["chaff", null, "Iris", "Schwertlilie", "Kosatec", "Ayame no Kasu"],
  ["chaff", null, "Iris", "Schwertlilie", "Kosatec", "Ayame no Kasu"],
  ["animal", null, "Butterflies", "Schmetterlinge", "Motýli", "Botan ni Chō"],
  ["ribbon", "blue", "Peony Blue Ribbon", "Pfingstrose mit blauem Band", "Pivoňka s modrou stužkou", "Botan ni Aotan"],
  ["chaff", null, "Peony", "Pfingstrose", "Pivoňka", "Botan no Kasu"],
  ["chaff", null, "Peony", "Pfingstrose", "Pivoňka", "Botan no Kasu"],
  ["animal", null, "Boar", "Wildschwein", "Kanec", "Hagi ni Inoshishi"],
  ["ribbon", "plain", "Bush Clover Red Ribbon", "Buschklee mit rotem Band", "Lespedéza s červenou stužkou", "Hagi ni Tanzaku"],
  ["chaff", null, "Bush Clover", "Buschklee", "Lespedéza", "Hagi no Kasu"],
  ["chaff", null, "Bush Clover", "Buschklee", "Lespedéza", "Hagi no Kasu"],
  ["bright", null, "Full Moon", "Vollmond", "Úplněk", "Susuki ni Tsuki"],
  ["animal", null, "Geese", "Wildgänse", "Divoké husy", "Susuki ni Kari"],
  ["chaff", null, "Pampas Grass", "Pampasgras", "Ozdobnice", "Susuki no Kasu"],
  ["chaff", null, "Pampas Grass", "Pampasgras", "Ozdobnice", "Susuki no Kasu"],
  ["animal", null, "Sake Cup", "Sake-Becher", "Miska saké", "Kiku ni Sakazuki"],
  ["ribbon", "blue", "Chrysanthemum Blue Ribbon", "Chrysantheme mit blauem Band", "Chryzantéma s modrou stužkou", "Kiku ni Aotan"],
  ["chaff", null, "Chrysanthemum", "Chrysantheme", "Chryzantéma", "Kiku no Kasu"],
  ["chaff", null, "Chrysanthemum", "Chrysantheme", "Chryzantéma", "Kiku no Kasu"],
  ["animal", null, "Deer", "Hirsch", "Jelen", "Momiji ni Shika"],
  ["ribbon", "blue", "Maple Blue Ribbon", "Ahorn mit blauem Band", "Javor s modrou stužkou", "Momiji ni Aotan"],
  ["chaff", null, "Maple", "Ahorn", "Javor", "Momiji no Kasu"],
  ["chaff", null, "Maple", "Ahorn", "Javor", "Momiji no Kasu"],
  ["bright", null, "Rain Man", "Regenmann", "Muž v dešti", "Yanagi ni Ono no Michikaze"],
  ["animal", null, "Swallow", "Schwalbe", "Vlaštovka", "Yanagi ni Tsubame"],
  ["ribbon", "plain", "Willow Red Ribbon", "Weide mit rotem Band", "Vrba s červenou stužkou", "Yanagi ni Tanzaku"],
  ["chaff", null, "Lightning", "Blitz", "Blesk", "Yanagi no Kasu"],
  ["bright", null, "Phoenix", "Phönix", "Fénix", "Kiri ni Hōō"],
  ["chaff", null, "Paulownia", "Paulownie", "Paulovnie", "Kiri no Kasu"],
  ["chaff", null, "Paulownia", "Paulownie", "Paulovnie", "Kiri no Kasu"],
  ["chaff", null, "Paulownia", "Paulownie", "Paulovnie", "Kiri no Kasu"],
];

export const SAKE_CUP = 32;

// The language of each name column of MONTHS, TABLE and YAKU, in order (the Japanese last).
const LANGS = ["en", "de", "cs", "ja"];
const LANG = Object.fromEntries(LANGS.map((lang, i) => [lang, i]));
export const JA = LANG.ja; // MONTHS[m][JA], YAKU[key][JA]
const named = (names) => Object.fromEntries(LANGS.map((lang, i) => [lang, names[i]]));

/** Card id -> {id, month (1-12), kind, ribbon, name {en, de, cs, ja}, plant {en, de, cs, ja}}. */
export const CARDS = TABLE.map(([kind, ribbon, ...names], id) => ({
  id, month: (id >> 2) + 1, kind, ribbon, also_chaff: id === SAKE_CUP, name: named(names), plant: named(MONTHS[id >> 2]) }));

// key: [en, de, cs, ja], in display order (as pygame_core/koikoi/yaku.py).
export const YAKU = {
  goko: ["Five Brights", "Fünf Lichter", "Pět zářivých", "Gokō"],
  shiko: ["Four Brights", "Vier Lichter", "Čtyři zářivé", "Shikō"],
  ame_shiko: ["Rainy Four Brights", "Regen-Vier-Lichter", "Čtyři zářivé v dešti", "Ame-Shikō"],
  sanko: ["Three Brights", "Drei Lichter", "Tři zářivé", "Sankō"],
  hanami_zake: ["Flower Viewing Sake", "Kirschblütenschau mit Sake", "Saké pod květy", "Hanami-zake"],
  tsukimi_zake: ["Moon Viewing Sake", "Mondschau mit Sake", "Saké pod měsícem", "Tsukimi-zake"],
  inoshikacho: ["Boar, Deer, Butterflies", "Wildschwein, Hirsch, Schmetterlinge", "Kanec, Jelen, Motýli", "Ino-Shika-Chō"],
  akatan_aotan: ["Red and Blue Ribbons", "Rote und blaue Bänder", "Červené a modré stužky", "Akatan-Aotan"],
  akatan: ["Red Poetry Ribbons", "Rote Schriftbänder", "Červené básnické stužky", "Akatan"],
  aotan: ["Blue Ribbons", "Blaue Bänder", "Modré stužky", "Aotan"],
  tane: ["Animals", "Tiere", "Zvířata", "Tane"],
  tanzaku: ["Ribbons", "Bänder", "Stužky", "Tanzaku"],
  kasu: ["Chaff", "Gewöhnliche Karten", "Obyčejné karty", "Kasu"],
  // Dealt hands that win a round under the house rule "teshi" (not yaku of captured cards).
  teshi: ["Four of a Month in Hand", "Vier eines Monats auf der Hand", "Celý měsíc v ruce", "Teshi"],
  kuttsuki: ["Four Pairs in Hand", "Vier Paare auf der Hand", "Čtyři páry v ruce", "Kuttsuki"],
};

export const cardName = (id, lang) => CARDS[id].name[lang] ?? CARDS[id].name.en;
export const plantName = (month, lang) => MONTHS[month - 1][LANG[lang] ?? 0];
export const yakuName = (key, lang) => YAKU[key]?.[LANG[lang] ?? 0] ?? key;

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
