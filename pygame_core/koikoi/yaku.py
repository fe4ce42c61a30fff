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

House rules (match options, all off by default) change this through a
`HouseRules` value: `plus_one` scores Ino-Shika-Chō, Akatan, Aotan and
Akatan-Aotan +1 per further animal or ribbon instead of letting those cards
also make Tane or Tanzaku; `no_sake` drops Hanami-zake and Tsukimi-zake.
Every function that scores takes it (default: the source's rules).
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

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
    NAME_LANGS,
    POETRY_RIBBONS,
    RAIN_MAN,
    RIBBONS,
    SAKE_CUP,
    cards_in,
    mask_of,
)

# key: one name per NAME_LANGS (English, German, Czech, Japanese romanized). The order is the display order.
YAKU_NAMES: dict[str, tuple[str, str, str, str]] = {
    "goko": ("Five Brights", "Fünf Lichter", "Pět zářivých", "Gokō"),
    "shiko": ("Four Brights", "Vier Lichter", "Čtyři zářivé", "Shikō"),
    "ame_shiko": ("Rainy Four Brights", "Regen-Vier-Lichter", "Čtyři zářivé v dešti", "Ame-Shikō"),
    "sanko": ("Three Brights", "Drei Lichter", "Tři zářivé", "Sankō"),
    "hanami_zake": ("Flower Viewing Sake", "Kirschblütenschau mit Sake", "Saké pod květy", "Hanami-zake"),
    "tsukimi_zake": ("Moon Viewing Sake", "Mondschau mit Sake", "Saké pod měsícem", "Tsukimi-zake"),
    "inoshikacho": ("Boar, Deer, Butterflies", "Wildschwein, Hirsch, Schmetterlinge", "Kanec, Jelen, Motýli", "Ino-Shika-Chō"),
    "akatan_aotan": ("Red and Blue Ribbons", "Rote und blaue Bänder", "Červené a modré stužky", "Akatan-Aotan"),
    "akatan": ("Red Poetry Ribbons", "Rote Schriftbänder", "Červené básnické stužky", "Akatan"),
    "aotan": ("Blue Ribbons", "Blaue Bänder", "Modré stužky", "Aotan"),
    "tane": ("Animals", "Tiere", "Zvířata", "Tane"),
    "tanzaku": ("Ribbons", "Bänder", "Stužky", "Tanzaku"),
    "kasu": ("Chaff", "Gewöhnliche Karten", "Obyčejné karty", "Kasu"),
    # Dealt hands that win a round under the house rule `teshi` (not yaku of captured cards).
    "teshi": ("Four of a Month in Hand", "Vier eines Monats auf der Hand", "Celý měsíc v ruce", "Teshi"),
    "kuttsuki": ("Four Pairs in Hand", "Vier Paare auf der Hand", "Čtyři páry v ruce", "Kuttsuki"),
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
AKA_AO = POETRY_RIBBONS | BLUE_RIBBONS


class HouseRules(NamedTuple):
    """A match's house rules (seeds/koikoi.md, "House rules"); all False is the source's game.

    Scoring reads `plus_one` and `no_sake`; the rules read `koikoi_once` and `teshi`."""

    plus_one: bool = False  # Ino-Shika-Chō / Akatan / Aotan +1 per further card, no Tane/Tanzaku beside them
    no_sake: bool = False  # no Hanami-zake, no Tsukimi-zake
    koikoi_once: bool = False  # one koi-koi per player and round; the next yaku stops
    teshi: bool = False  # four of a month / four pairs in the dealt hand win the round

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "HouseRules":
        return cls(bool(options.get("plus_one_yaku")), bool(options.get("no_sake_yaku")),
                   bool(options.get("koikoi_once")), bool(options.get("teshi")))

    def as_options(self) -> dict[str, bool]:
        """The option keys and values (what a view shows under `house_rules`)."""
        return {"plus_one_yaku": self.plus_one, "no_sake_yaku": self.no_sake,
                "koikoi_once": self.koikoi_once, "teshi": self.teshi}


SOURCE_RULES = HouseRules()


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


# `points` is called after every turn of every playout, often for a pile it has
# scored before; it remembers its answers (the key is the mask with the two
# scoring house rules in the low bits). Bounded: emptied when full.
_POINTS_MEMO: dict[int, int] = {}
_POINTS_MEMO_MAX = 1 << 17


def points(mask: int, rules: HouseRules = SOURCE_RULES) -> int:
    """Total yaku points of a set of captured cards (the same as `score` adds up)."""
    key = (mask << 2) | (rules[0] << 1) | rules[1]
    got = _POINTS_MEMO.get(key)
    if got is None:
        got = _points(mask, rules)
        if len(_POINTS_MEMO) >= _POINTS_MEMO_MAX:
            _POINTS_MEMO.clear()
        _POINTS_MEMO[key] = got
    return got


def _points(mask: int, rules: HouseRules) -> int:
    """`points` worked out from the cards."""
    total = 0
    bright = bright_yaku(mask)
    if bright:
        total += bright[1]
    if not rules.no_sake:
        if mask & HANAMI == HANAMI:
            total += 5
        if mask & TSUKIMI == TSUKIMI:
            total += 5
    animals = (mask & TANE_CARDS).bit_count()
    ribbons = (mask & RIBBONS).bit_count()
    isc = mask & ISC == ISC
    red = mask & POETRY_RIBBONS == POETRY_RIBBONS
    blue = mask & BLUE_RIBBONS == BLUE_RIBBONS
    if rules.plus_one:
        if isc:
            total += 5 + animals - 3
        elif animals >= TANE_MIN:
            total += animals - TANE_MIN + 1
        if red and blue:
            total += 10 + ribbons - 6
        elif red or blue:
            total += 5 + ribbons - 3
        elif ribbons >= TANZAKU_MIN:
            total += ribbons - TANZAKU_MIN + 1
    else:
        total += 5 * (isc + red + blue)
        if animals >= TANE_MIN:
            total += animals - TANE_MIN + 1
        if ribbons >= TANZAKU_MIN:
            total += ribbons - TANZAKU_MIN + 1
    n = (mask & KASU_CARDS).bit_count()
    if n >= KASU_MIN:
        total += n - KASU_MIN + 1
    return total


def score_mask(mask: int, rules: HouseRules = SOURCE_RULES) -> list[dict[str, Any]]:
    """The yaku of a card mask in display order: [{"name", "points", "cards"}].

    Under `rules.plus_one` a set yaku of animals or ribbons lists every card
    of its kind that it counts (its +1 cards too), and the count yaku of that
    kind is left out."""
    found: list[tuple[str, int, int]] = []
    bright = bright_yaku(mask)
    if bright:
        found.append((bright[0], bright[1], mask & BRIGHTS))
    sets = (("inoshikacho", ISC),) if rules.no_sake else (
        ("hanami_zake", HANAMI), ("tsukimi_zake", TSUKIMI), ("inoshikacho", ISC))
    animals = mask & TANE_CARDS
    ribbons = mask & RIBBONS
    absorbed: set[str] = set()  # count yaku that a +1 set yaku replaces
    for name, need in sets:
        if mask & need == need:
            if rules.plus_one and name == "inoshikacho":
                found.append((name, 5 + animals.bit_count() - 3, animals))
                absorbed.add("tane")
            else:
                found.append((name, 5, need))
    red = mask & POETRY_RIBBONS == POETRY_RIBBONS
    blue = mask & BLUE_RIBBONS == BLUE_RIBBONS
    if red or blue:
        name, pts, need = ("akatan_aotan", 10, AKA_AO) if red and blue else (
            ("akatan", 5, POETRY_RIBBONS) if red else ("aotan", 5, BLUE_RIBBONS))
        if rules.plus_one:
            found.append((name, pts + ribbons.bit_count() - need.bit_count(), ribbons))
            absorbed.add("tanzaku")
        else:
            found.append((name, pts, need))
    for name, cards, least in (("tane", TANE_CARDS, TANE_MIN), ("tanzaku", RIBBONS, TANZAKU_MIN),
                               ("kasu", KASU_CARDS, KASU_MIN)):
        if name in absorbed:
            continue
        have = mask & cards
        n = have.bit_count()
        if n >= least:
            found.append((name, n - least + 1, have))
    return [{"name": name, "points": pts, "cards": cards_in(cards)} for name, pts, cards in found]


def score(cards: Iterable[int], rules: HouseRules = SOURCE_RULES) -> list[dict[str, Any]]:
    """The pure scoring function: captured cards -> their yaku (see `score_mask`)."""
    return score_mask(mask_of(cards), rules)


def total(yaku: list[dict[str, Any]]) -> int:
    return sum(y["points"] for y in yaku)


def round_points(base: int, opponent_called_koikoi: bool) -> tuple[int, int]:
    """(multiplier, points) of a round won with `base` yaku points: x2 for 7 or
    more, x2 when the loser had called Koi-Koi, both together x4."""
    multiplier = (2 if base >= 7 else 1) * (2 if opponent_called_koikoi else 1)
    return multiplier, base * multiplier


def yaku_table() -> list[dict[str, Any]]:
    """The yaku names as a UI labels them, in display order."""
    return [{"name": key, **dict(zip(NAME_LANGS, names))} for key, names in YAKU_NAMES.items()]
