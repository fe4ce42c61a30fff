"""The yaku table and the doublings of seeds/koikoi.md, case by case."""

from __future__ import annotations

import random

import pytest

from pygame_core.koikoi.cards import ANIMALS, BRIGHTS, CHAFFS, KIND, NUM_CARDS, RIBBONS, card_table, cards_in, mask_of
from pygame_core.koikoi.yaku import points, round_points, score, total

CHAFF10 = [2, 3, 6, 7, 10, 11, 14, 15, 18, 19]

# (captured cards, {yaku: points}) — written from the rules file's yaku table.
CASES = [
    ([], {}),
    ([0, 8, 28], {"sanko": 5}),
    ([0, 8, 40], {}),  # three brights with the Rain Man make nothing
    ([0, 8, 28, 44], {"shiko": 8}),
    ([0, 8, 28, 40], {"ame_shiko": 7}),
    ([0, 8, 28, 40, 44], {"goko": 10}),  # only the best bright yaku counts
    ([8, 32], {"hanami_zake": 5}),
    ([28, 32], {"tsukimi_zake": 5}),
    ([8, 28, 32], {"hanami_zake": 5, "tsukimi_zake": 5}),
    ([0, 8, 28, 32], {"sanko": 5, "hanami_zake": 5, "tsukimi_zake": 5}),
    ([20, 24, 36], {"inoshikacho": 5}),
    ([20, 24, 36, 4, 12], {"inoshikacho": 5, "tane": 1}),  # its animals count toward Tane
    ([20, 24, 36, 4, 12, 16], {"inoshikacho": 5, "tane": 2}),
    ([4, 12, 16, 29, 41], {"tane": 1}),
    ([4, 12, 16, 29, 32], {"tane": 1}),  # the sake cup is an animal
    ([1, 5, 9], {"akatan": 5}),
    ([21, 33, 37], {"aotan": 5}),
    ([1, 5, 9, 13, 17], {"akatan": 5, "tanzaku": 1}),
    ([1, 5, 9, 21, 33, 37], {"akatan_aotan": 10, "tanzaku": 2}),
    ([13, 17, 25, 42, 1], {"tanzaku": 1}),
    ([13, 17, 25, 42], {}),
    (CHAFF10, {"kasu": 1}),
    (CHAFF10[:9], {}),
    (CHAFF10[:9] + [32], {"kasu": 1}),  # ... and counts as chaff at the same time
    (CHAFF10 + [22, 23], {"kasu": 3}),
    ([4, 12, 16, 29, 32] + CHAFF10[:9], {"tane": 1, "kasu": 1}),
    (list(range(NUM_CARDS)), {"goko": 10, "hanami_zake": 5, "tsukimi_zake": 5, "inoshikacho": 5,
                              "akatan_aotan": 10, "tane": 5, "tanzaku": 6, "kasu": 16}),
]


@pytest.mark.parametrize("cards, expected", CASES)
def test_yaku_table(cards, expected):
    found = score(cards)
    assert {y["name"]: y["points"] for y in found} == expected
    assert total(found) == points(mask_of(cards)) == sum(expected.values())
    for y in found:
        assert set(y["cards"]) <= set(cards)


# (base points, opponent called koi-koi) -> (multiplier, round points)
DOUBLINGS = [
    ((1, False), (1, 1)),
    ((6, False), (1, 6)),
    ((7, False), (2, 14)),
    ((5, True), (2, 10)),
    ((7, True), (4, 28)),
    ((10, True), (4, 40)),
]


@pytest.mark.parametrize("given, expected", DOUBLINGS)
def test_doublings(given, expected):
    assert round_points(*given) == expected


def test_deck_composition():
    assert BRIGHTS.bit_count() == 5 and ANIMALS.bit_count() == 9
    assert RIBBONS.bit_count() == 10 and CHAFFS.bit_count() == 24
    table = card_table()
    assert [c["id"] for c in table] == list(range(48))
    assert all(c["month"] == c["id"] // 4 + 1 for c in table)
    assert [c["id"] for c in table if c["also_chaff"]] == [32]
    assert all(c["name"][lang] and c["plant"][lang] for c in table for lang in ("en", "de", "cs", "ja"))
    assert cards_in(BRIGHTS) == [0, 8, 28, 40, 44]
    assert sum(1 for k in KIND if k == "chaff") == 24


def test_points_never_fall_when_cards_are_added():
    # "A new or higher yaku" is detected as a rise of the total: that needs monotony.
    rng = random.Random(1)
    for _ in range(300):
        cards = rng.sample(range(NUM_CARDS), rng.randrange(NUM_CARDS))
        mask = mask_of(cards)
        extra = 1 << rng.randrange(NUM_CARDS)
        assert points(mask | extra) >= points(mask)
