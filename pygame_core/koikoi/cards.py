"""Card identities of Koi-Koi: the 48 Hanafuda cards and the names a UI shows.

A card is an int 0-47: ``month * 4 + index`` with month 0-11 (January to
December) and index 0-3 inside the month, highest kind first (bright or
animal, then ribbon, then chaff). So ``card >> 2`` is its month, the
operation every capture needs, and sets of cards fit in one int bit mask
(bit ``card``), which makes the AI's thousands of playouts cheap: a capture
is an OR, a yaku count is a popcount.
"""

from __future__ import annotations

from typing import Any, Iterable

NUM_CARDS = 48
NUM_MONTHS = 12
ALL_CARDS = (1 << NUM_CARDS) - 1

BRIGHT, ANIMAL, RIBBON, CHAFF = "bright", "animal", "ribbon", "chaff"
KINDS: tuple[str, ...] = (BRIGHT, ANIMAL, RIBBON, CHAFF)

# Ribbon kinds: red ribbon with poetry (Akatan), blue ribbon (Aotan), plain red.
POETRY, BLUE, PLAIN = "poetry", "blue", "plain"

# The language of each name column below, in order (the Japanese romanized last).
NAME_LANGS: tuple[str, ...] = ("en", "de", "cs", "ja")

# month: plant, one name per NAME_LANGS.
MONTHS: tuple[tuple[str, str, str, str], ...] = (
    ("Pine", "Kiefer", "Borovice", "Matsu"),
    ("Plum blossom", "Pflaumenblüte", "Švestkový květ", "Ume"),
    ("Cherry blossom", "Kirschblüte", "Třešňový květ", "Sakura"),
    ("Wisteria", "Glyzinie", "Vistárie", "Fuji"),
    ("Iris", "Schwertlilie", "Kosatec", "Ayame"),
    ("Peony", "Pfingstrose", "Pivoňka", "Botan"),
    ("Bush clover", "Buschklee", "Lespedéza", "Hagi"),
    ("Pampas grass", "Pampasgras", "Ozdobnice", "Susuki"),
    ("Chrysanthemum", "Chrysantheme", "Chryzantéma", "Kiku"),
    ("Maple", "Ahorn", "Javor", "Momiji"),
    ("Willow", "Weide", "Vrba", "Yanagi"),
    ("Paulownia", "Paulownie", "Paulovnie", "Kiri"),
)

# Per card: kind, ribbon kind (or None), and its names, one per NAME_LANGS.
_CARDS: tuple[tuple[str, str | None, str, str, str, str], ...] = (
    (BRIGHT, None, "Crane and Sun", "Kranich und Sonne", "Jeřáb a slunce", "Matsu ni Tsuru"),
    (RIBBON, POETRY, "Pine Poetry Ribbon", "Kiefer mit Schriftband", "Borovice s básnickou stužkou", "Matsu ni Akatan"),
    (CHAFF, None, "Pine", "Kiefer", "Borovice", "Matsu no Kasu"),
    (CHAFF, None, "Pine", "Kiefer", "Borovice", "Matsu no Kasu"),
    (ANIMAL, None, "Bush Warbler", "Buschsänger", "Pěnice", "Ume ni Uguisu"),
    (RIBBON, POETRY, "Plum Poetry Ribbon", "Pflaume mit Schriftband", "Švestka s básnickou stužkou", "Ume ni Akatan"),
    (CHAFF, None, "Plum Blossom", "Pflaumenblüte", "Švestkový květ", "Ume no Kasu"),
    (CHAFF, None, "Plum Blossom", "Pflaumenblüte", "Švestkový květ", "Ume no Kasu"),
    (BRIGHT, None, "Curtain", "Vorhang", "Opona", "Sakura ni Maku"),
    (RIBBON, POETRY, "Cherry Poetry Ribbon", "Kirschblüte mit Schriftband", "Třešeň s básnickou stužkou", "Sakura ni Akatan"),
    (CHAFF, None, "Cherry Blossom", "Kirschblüte", "Třešňový květ", "Sakura no Kasu"),
    (CHAFF, None, "Cherry Blossom", "Kirschblüte", "Třešňový květ", "Sakura no Kasu"),
    (ANIMAL, None, "Cuckoo", "Kuckuck", "Kukačka", "Fuji ni Hototogisu"),
    (RIBBON, PLAIN, "Wisteria Red Ribbon", "Glyzinie mit rotem Band", "Vistárie s červenou stužkou", "Fuji ni Tanzaku"),
    (CHAFF, None, "Wisteria", "Glyzinie", "Vistárie", "Fuji no Kasu"),
    (CHAFF, None, "Wisteria", "Glyzinie", "Vistárie", "Fuji no Kasu"),
    (ANIMAL, None, "Eight-Plank Bridge", "Achtplankenbrücke", "Most z osmi prken", "Ayame ni Yatsuhashi"),
    (RIBBON, PLAIN, "Iris Red Ribbon", "Schwertlilie mit rotem Band", "Kosatec s červenou stužkou", "Ayame ni Tanzaku"),
    (CHAFF, None, "Iris", "Schwertlilie", "Kosatec", "Ayame no Kasu"),
    (CHAFF, None, "Iris", "Schwertlilie", "Kosatec", "Ayame no Kasu"),
    (ANIMAL, None, "Butterflies", "Schmetterlinge", "Motýli", "Botan ni Chō"),
    (RIBBON, BLUE, "Peony Blue Ribbon", "Pfingstrose mit blauem Band", "Pivoňka s modrou stužkou", "Botan ni Aotan"),
    (CHAFF, None, "Peony", "Pfingstrose", "Pivoňka", "Botan no Kasu"),
    (CHAFF, None, "Peony", "Pfingstrose", "Pivoňka", "Botan no Kasu"),
    (ANIMAL, None, "Boar", "Wildschwein", "Kanec", "Hagi ni Inoshishi"),
    (RIBBON, PLAIN, "Bush Clover Red Ribbon", "Buschklee mit rotem Band", "Lespedéza s červenou stužkou", "Hagi ni Tanzaku"),
    (CHAFF, None, "Bush Clover", "Buschklee", "Lespedéza", "Hagi no Kasu"),
    (CHAFF, None, "Bush Clover", "Buschklee", "Lespedéza", "Hagi no Kasu"),
    (BRIGHT, None, "Full Moon", "Vollmond", "Úplněk", "Susuki ni Tsuki"),
    (ANIMAL, None, "Geese", "Wildgänse", "Divoké husy", "Susuki ni Kari"),
    (CHAFF, None, "Pampas Grass", "Pampasgras", "Ozdobnice", "Susuki no Kasu"),
    (CHAFF, None, "Pampas Grass", "Pampasgras", "Ozdobnice", "Susuki no Kasu"),
    (ANIMAL, None, "Sake Cup", "Sake-Becher", "Miska saké", "Kiku ni Sakazuki"),
    (RIBBON, BLUE, "Chrysanthemum Blue Ribbon", "Chrysantheme mit blauem Band", "Chryzantéma s modrou stužkou", "Kiku ni Aotan"),
    (CHAFF, None, "Chrysanthemum", "Chrysantheme", "Chryzantéma", "Kiku no Kasu"),
    (CHAFF, None, "Chrysanthemum", "Chrysantheme", "Chryzantéma", "Kiku no Kasu"),
    (ANIMAL, None, "Deer", "Hirsch", "Jelen", "Momiji ni Shika"),
    (RIBBON, BLUE, "Maple Blue Ribbon", "Ahorn mit blauem Band", "Javor s modrou stužkou", "Momiji ni Aotan"),
    (CHAFF, None, "Maple", "Ahorn", "Javor", "Momiji no Kasu"),
    (CHAFF, None, "Maple", "Ahorn", "Javor", "Momiji no Kasu"),
    (BRIGHT, None, "Rain Man", "Regenmann", "Muž v dešti", "Yanagi ni Ono no Michikaze"),
    (ANIMAL, None, "Swallow", "Schwalbe", "Vlaštovka", "Yanagi ni Tsubame"),
    (RIBBON, PLAIN, "Willow Red Ribbon", "Weide mit rotem Band", "Vrba s červenou stužkou", "Yanagi ni Tanzaku"),
    (CHAFF, None, "Lightning", "Blitz", "Blesk", "Yanagi no Kasu"),
    (BRIGHT, None, "Phoenix", "Phönix", "Fénix", "Kiri ni Hōō"),
    (CHAFF, None, "Paulownia", "Paulownie", "Paulovnie", "Kiri no Kasu"),
    (CHAFF, None, "Paulownia", "Paulownie", "Paulovnie", "Kiri no Kasu"),
    (CHAFF, None, "Paulownia", "Paulownie", "Paulovnie", "Kiri no Kasu"),
)

KIND: tuple[str, ...] = tuple(c[0] for c in _CARDS)
RIBBON_KIND: tuple[str | None, ...] = tuple(c[1] for c in _CARDS)

# Named cards the yaku need.
CRANE, CURTAIN, MOON, RAIN_MAN, PHOENIX = 0, 8, 28, 40, 44
BOAR, DEER, BUTTERFLIES, SAKE_CUP = 24, 36, 20, 32


def month_of(card: int) -> int:
    return card >> 2


def mask_of(cards: Iterable[int]) -> int:
    """A set of cards as a bit mask (bit `card` set)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, ascending: the order views and actions use."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _kind_mask(kind: str) -> int:
    return mask_of(c for c in range(NUM_CARDS) if KIND[c] == kind)


BRIGHTS = _kind_mask(BRIGHT)
ANIMALS = _kind_mask(ANIMAL)
RIBBONS = _kind_mask(RIBBON)
CHAFFS = _kind_mask(CHAFF)
POETRY_RIBBONS = mask_of(c for c in range(NUM_CARDS) if RIBBON_KIND[c] == POETRY)
BLUE_RIBBONS = mask_of(c for c in range(NUM_CARDS) if RIBBON_KIND[c] == BLUE)
MONTH_MASKS: tuple[int, ...] = tuple(0b1111 << (4 * m) for m in range(NUM_MONTHS))


def card_info(card: int) -> dict[str, Any]:
    """One card as a UI labels it."""
    kind, ribbon, *names = _CARDS[card]
    month = card >> 2
    return {
        "id": card,
        "month": month + 1,
        "kind": kind,
        "ribbon": ribbon,
        "also_chaff": card == SAKE_CUP,
        "name": dict(zip(NAME_LANGS, names)),
        "plant": dict(zip(NAME_LANGS, MONTHS[month])),
    }


def card_table() -> list[dict[str, Any]]:
    """All 48 cards, by id."""
    return [card_info(c) for c in range(NUM_CARDS)]


def group_by_kind(mask: int) -> dict[str, list[int]]:
    """Captured cards grouped as a board shows them (the sake cup under animals)."""
    return {kind: cards_in(mask & m) for kind, m in
            ((BRIGHT, BRIGHTS), (ANIMAL, ANIMALS), (RIBBON, RIBBONS), (CHAFF, CHAFFS))}
