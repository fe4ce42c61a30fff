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

# month: (plant en, de, ja) and the kind of each of its four cards in index order.
MONTHS: tuple[tuple[str, str, str], ...] = (
    ("Pine", "Kiefer", "Matsu"),
    ("Plum blossom", "Pflaumenblüte", "Ume"),
    ("Cherry blossom", "Kirschblüte", "Sakura"),
    ("Wisteria", "Glyzinie", "Fuji"),
    ("Iris", "Schwertlilie", "Ayame"),
    ("Peony", "Pfingstrose", "Botan"),
    ("Bush clover", "Buschklee", "Hagi"),
    ("Pampas grass", "Pampasgras", "Susuki"),
    ("Chrysanthemum", "Chrysantheme", "Kiku"),
    ("Maple", "Ahorn", "Momiji"),
    ("Willow", "Weide", "Yanagi"),
    ("Paulownia", "Paulownie", "Kiri"),
)

# Per card: kind, ribbon kind (or None), and the names (en, de, ja romanized).
_CARDS: tuple[tuple[str, str | None, str, str, str], ...] = (
    (BRIGHT, None, "Crane and Sun", "Kranich und Sonne", "Matsu ni Tsuru"),
    (RIBBON, POETRY, "Pine Poetry Ribbon", "Kiefer mit Schriftband", "Matsu ni Akatan"),
    (CHAFF, None, "Pine", "Kiefer", "Matsu no Kasu"),
    (CHAFF, None, "Pine", "Kiefer", "Matsu no Kasu"),
    (ANIMAL, None, "Bush Warbler", "Buschsänger", "Ume ni Uguisu"),
    (RIBBON, POETRY, "Plum Poetry Ribbon", "Pflaume mit Schriftband", "Ume ni Akatan"),
    (CHAFF, None, "Plum Blossom", "Pflaumenblüte", "Ume no Kasu"),
    (CHAFF, None, "Plum Blossom", "Pflaumenblüte", "Ume no Kasu"),
    (BRIGHT, None, "Curtain", "Vorhang", "Sakura ni Maku"),
    (RIBBON, POETRY, "Cherry Poetry Ribbon", "Kirschblüte mit Schriftband", "Sakura ni Akatan"),
    (CHAFF, None, "Cherry Blossom", "Kirschblüte", "Sakura no Kasu"),
    (CHAFF, None, "Cherry Blossom", "Kirschblüte", "Sakura no Kasu"),
    (ANIMAL, None, "Cuckoo", "Kuckuck", "Fuji ni Hototogisu"),
    (RIBBON, PLAIN, "Wisteria Red Ribbon", "Glyzinie mit rotem Band", "Fuji ni Tanzaku"),
    (CHAFF, None, "Wisteria", "Glyzinie", "Fuji no Kasu"),
    (CHAFF, None, "Wisteria", "Glyzinie", "Fuji no Kasu"),
    (ANIMAL, None, "Eight-Plank Bridge", "Achtplankenbrücke", "Ayame ni Yatsuhashi"),
    (RIBBON, PLAIN, "Iris Red Ribbon", "Schwertlilie mit rotem Band", "Ayame ni Tanzaku"),
    (CHAFF, None, "Iris", "Schwertlilie", "Ayame no Kasu"),
    (CHAFF, None, "Iris", "Schwertlilie", "Ayame no Kasu"),
    (ANIMAL, None, "Butterflies", "Schmetterlinge", "Botan ni Chō"),
    (RIBBON, BLUE, "Peony Blue Ribbon", "Pfingstrose mit blauem Band", "Botan ni Aotan"),
    (CHAFF, None, "Peony", "Pfingstrose", "Botan no Kasu"),
    (CHAFF, None, "Peony", "Pfingstrose", "Botan no Kasu"),
    (ANIMAL, None, "Boar", "Wildschwein", "Hagi ni Inoshishi"),
    (RIBBON, PLAIN, "Bush Clover Red Ribbon", "Buschklee mit rotem Band", "Hagi ni Tanzaku"),
    (CHAFF, None, "Bush Clover", "Buschklee", "Hagi no Kasu"),
    (CHAFF, None, "Bush Clover", "Buschklee", "Hagi no Kasu"),
    (BRIGHT, None, "Full Moon", "Vollmond", "Susuki ni Tsuki"),
    (ANIMAL, None, "Geese", "Wildgänse", "Susuki ni Kari"),
    (CHAFF, None, "Pampas Grass", "Pampasgras", "Susuki no Kasu"),
    (CHAFF, None, "Pampas Grass", "Pampasgras", "Susuki no Kasu"),
    (ANIMAL, None, "Sake Cup", "Sake-Becher", "Kiku ni Sakazuki"),
    (RIBBON, BLUE, "Chrysanthemum Blue Ribbon", "Chrysantheme mit blauem Band", "Kiku ni Aotan"),
    (CHAFF, None, "Chrysanthemum", "Chrysantheme", "Kiku no Kasu"),
    (CHAFF, None, "Chrysanthemum", "Chrysantheme", "Kiku no Kasu"),
    (ANIMAL, None, "Deer", "Hirsch", "Momiji ni Shika"),
    (RIBBON, BLUE, "Maple Blue Ribbon", "Ahorn mit blauem Band", "Momiji ni Aotan"),
    (CHAFF, None, "Maple", "Ahorn", "Momiji no Kasu"),
    (CHAFF, None, "Maple", "Ahorn", "Momiji no Kasu"),
    (BRIGHT, None, "Rain Man", "Regenmann", "Yanagi ni Ono no Michikaze"),
    (ANIMAL, None, "Swallow", "Schwalbe", "Yanagi ni Tsubame"),
    (RIBBON, PLAIN, "Willow Red Ribbon", "Weide mit rotem Band", "Yanagi ni Tanzaku"),
    (CHAFF, None, "Lightning", "Blitz", "Yanagi no Kasu"),
    (BRIGHT, None, "Phoenix", "Phönix", "Kiri ni Hōō"),
    (CHAFF, None, "Paulownia", "Paulownie", "Kiri no Kasu"),
    (CHAFF, None, "Paulownia", "Paulownie", "Kiri no Kasu"),
    (CHAFF, None, "Paulownia", "Paulownie", "Kiri no Kasu"),
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
    kind, ribbon, en, de, ja = _CARDS[card]
    month = card >> 2
    return {
        "id": card,
        "month": month + 1,
        "kind": kind,
        "ribbon": ribbon,
        "also_chaff": card == SAKE_CUP,
        "name": {"en": en, "de": de, "ja": ja},
        "plant": {"en": MONTHS[month][0], "de": MONTHS[month][1], "ja": MONTHS[month][2]},
    }


def card_table() -> list[dict[str, Any]]:
    """All 48 cards, by id."""
    return [card_info(c) for c in range(NUM_CARDS)]


def group_by_kind(mask: int) -> dict[str, list[int]]:
    """Captured cards grouped as a board shows them (the sake cup under animals)."""
    return {kind: cards_in(mask & m) for kind, m in
            ((BRIGHT, BRIGHTS), (ANIMAL, ANIMALS), (RIBBON, RIBBONS), (CHAFF, CHAFFS))}
