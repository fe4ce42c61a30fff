"""Yaku: scoring a set of captured cards (seeds/koikoi.md, "Yaku").

`score` is the pure function the rules file's table is tested against: it
turns captured cards into the yaku they make, each with its points and the
cards that make it. `points` gives the same total from a bit mask without
building any lists; the engine and the AI's playouts call it after every turn.

How yaku combine (ours, see the rules file): only the best bright yaku
counts; Akatan and Aotan together are one yaku worth 10; every other yaku
counts on its own, also with cards shared: Ino-Shika-Chō's animals count
toward Tane, Akatan's and Aotan's ribbons toward Tanzaku, the sake cup
toward Tane, Kasu, Hanami-zake and Tsukimi-zake at once.
"""

from __future__ import annotations

from typing import Any, Iterable

from .cards import (
    ANIMALS,
    BLUE_RIBBONS,
    BOAR,
    BRIGHTS,
    BUTTERFLIES,
    CHAFFS,
    CURTAIN,
    DEER,
    MOON,
    POETRY_RIBBONS,
    RAIN_MAN,
    RIBBONS,
    SAKE_CUP,
    cards_in,
    mask_of,
)

# key: (English, German, Japanese romanized). The order is the display order.
YAKU_NAMES: dict[str, tuple[str, str, str]] = {
    "goko": ("Five Brights", "Fünf Lichter", "Gokō"),
    "shiko": ("Four Brights", "Vier Lichter", "Shikō"),
    "ame_shiko": ("Rainy Four Brights", "Regen-Vier-Lichter", "Ame-Shikō"),
    "sanko": ("Three Brights", "Drei Lichter", "Sankō"),
    "hanami_zake": ("Flower Viewing Sake", "Kirschblütenschau mit Sake", "Hanami-zake"),
    "tsukimi_zake": ("Moon Viewing Sake", "Mondschau mit Sake", "Tsukimi-zake"),
    "inoshikacho": ("Boar, Deer, Butterflies", "Wildschwein, Hirsch, Schmetterlinge", "Ino-Shika-Chō"),
    "akatan_aotan": ("Red and Blue Ribbons", "Rote und blaue Bänder", "Akatan-Aotan"),
    "akatan": ("Red Poetry Ribbons", "Rote Gedichtbänder", "Akatan"),
    "aotan": ("Blue Ribbons", "Blaue Bänder", "Aotan"),
    "tane": ("Animals", "Tiere", "Tane"),
    "tanzaku": ("Ribbons", "Bänder", "Tanzaku"),
    "kasu": ("Chaff", "Gewöhnliche Karten", "Kasu"),
}
YAKU_ORDER: tuple[str, ...] = tuple(YAKU_NAMES)

SAKE = 1 << SAKE_CUP
RAIN = 1 << RAIN_MAN
ISC = mask_of((BOAR, DEER, BUTTERFLIES))
HANAMI = mask_of((CURTAIN, SAKE_CUP))
TSUKIMI = mask_of((MOON, SAKE_CUP))
TANE_CARDS = ANIMALS  # the sake cup is an animal ...
KASU_CARDS = CHAFFS | SAKE  # ... and counts as chaff too (seed: "Standardregeln")
TANE_MIN, TANZAKU_MIN, KASU_MIN = 5, 5, 10


def bright_yaku(mask: int) -> tuple[str, int] | None:
    """The one bright yaku a set makes (only the best counts), or None."""
    brights = mask & BRIGHTS
    n = brights.bit_count()
    if n == 5:
        return ("goko", 10)
    rain = bool(brights & RAIN)
    if n == 4:
        return ("ame_shiko", 7) if rain else ("shiko", 8)
    if n == 3 and not rain:
        return ("sanko", 5)
    return None


def points(mask: int) -> int:
    """Total yaku points of a set of captured cards (the same as `score` adds up)."""
    total = 0
    bright = bright_yaku(mask)
    if bright:
        total += bright[1]
    if mask & HANAMI == HANAMI:
        total += 5
    if mask & TSUKIMI == TSUKIMI:
        total += 5
    if mask & ISC == ISC:
        total += 5
    if mask & POETRY_RIBBONS == POETRY_RIBBONS:
        total += 5
    if mask & BLUE_RIBBONS == BLUE_RIBBONS:
        total += 5
    n = (mask & TANE_CARDS).bit_count()
    if n >= TANE_MIN:
        total += n - TANE_MIN + 1
    n = (mask & RIBBONS).bit_count()
    if n >= TANZAKU_MIN:
        total += n - TANZAKU_MIN + 1
    n = (mask & KASU_CARDS).bit_count()
    if n >= KASU_MIN:
        total += n - KASU_MIN + 1
    return total


def score_mask(mask: int) -> list[dict[str, Any]]:
    """The yaku of a card mask in display order: [{"name", "points", "cards"}]."""
    found: list[tuple[str, int, int]] = []
    bright = bright_yaku(mask)
    if bright:
        found.append((bright[0], bright[1], mask & BRIGHTS))
    for name, need in (("hanami_zake", HANAMI), ("tsukimi_zake", TSUKIMI), ("inoshikacho", ISC)):
        if mask & need == need:
            found.append((name, 5, need))
    red = mask & POETRY_RIBBONS == POETRY_RIBBONS
    blue = mask & BLUE_RIBBONS == BLUE_RIBBONS
    if red and blue:
        found.append(("akatan_aotan", 10, POETRY_RIBBONS | BLUE_RIBBONS))
    elif red:
        found.append(("akatan", 5, POETRY_RIBBONS))
    elif blue:
        found.append(("aotan", 5, BLUE_RIBBONS))
    for name, cards, least in (("tane", TANE_CARDS, TANE_MIN), ("tanzaku", RIBBONS, TANZAKU_MIN),
                               ("kasu", KASU_CARDS, KASU_MIN)):
        have = mask & cards
        n = have.bit_count()
        if n >= least:
            found.append((name, n - least + 1, have))
    return [{"name": name, "points": pts, "cards": cards_in(cards)} for name, pts, cards in found]


def score(cards: Iterable[int]) -> list[dict[str, Any]]:
    """The pure scoring function: captured cards -> their yaku (see `score_mask`)."""
    return score_mask(mask_of(cards))


def total(yaku: list[dict[str, Any]]) -> int:
    return sum(y["points"] for y in yaku)


def round_points(base: int, opponent_called_koikoi: bool) -> tuple[int, int]:
    """(multiplier, points) of a round won with `base` yaku points: x2 for 7 or
    more, x2 when the loser had called Koi-Koi, both together x4."""
    multiplier = (2 if base >= 7 else 1) * (2 if opponent_called_koikoi else 1)
    return multiplier, base * multiplier


def yaku_table() -> list[dict[str, Any]]:
    """The yaku names as a UI labels them, in display order."""
    return [{"name": key, "en": en, "de": de, "ja": ja} for key, (en, de, ja) in YAKU_NAMES.items()]
