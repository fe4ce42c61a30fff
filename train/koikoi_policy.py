"""A learned playout policy for Koi-Koi (issue 30), read from koikoi_policy.json.

Not shipped: measured, the expert played no stronger with it (bench/README.md,
"Koi-Koi"), so it lives here beside the script that fits it, for the bench's
`learned` expert (koikoi_learned.py) and a next attempt.

The expert's search plays tens of thousands of imagined turns per decision,
so the policy is a linear score per candidate move, cheap in pure Python:

- a play: every hand card (and, for a month with two cards on the table,
  each of the two it may take) is scored from what it captures (the kinds
  of the cards taken, the yaku points gained, cards of sets the mover is
  building or the opponent needs, a valuable card left for the opponent,
  all four of a month) or, when it captures nothing, from the card it
  leaves on the table (its kind, how many cards of its month the mover
  cannot see, whether the opponent needs it, whether the mover holds the
  month's other card to take it back);
- a take (the turned card matches two on the table): the same score for
  each of the two;
- koi-koi or shobu: a logistic score of the points made, the cards in
  hand, both sides' koi-koi calls and how near the opponent is to a yaku.

Gumbel noise added to the scores draws each choice by the fitted softmax.
Every feature comes from what the mover sees: its hand, the table and both
captured piles; in a playout the mover is a seat of the sampled world, and
its opponent's hand counts as unseen. The weights are fitted by
`train/koikoi.py fit` to a search's choices in self-play; the file names
the script's version, the sha256 of the data it was fitted on and the
sha256 of the weights themselves (`Policy.digest`).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
from typing import Any

from pygame_core.koikoi.cards import (
    ALL_CARDS,
    ANIMALS,
    BLUE_RIBBONS,
    BRIGHTS,
    CHAFFS,
    MONTH_MASKS,
    NUM_CARDS,
    POETRY_RIBBONS,
    RIBBONS,
)
from pygame_core.koikoi.rules import PLAY, TAKE, State
from pygame_core.koikoi.yaku import HANAMI, ISC, KASU_CARDS, RAIN, SAKE, TSUKIMI, HouseRules, points

POLICY_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "koikoi_policy.json")
NONRAIN = BRIGHTS & ~RAIN
VALUABLE = BRIGHTS | ANIMALS | RIBBONS


def _classes() -> tuple[int, ...]:
    """Each card's class: 0 a bright (not the rain man), 1 the rain man, 2 the sake cup,
    3 boar, deer or butterflies, 4 another animal, 5 a poetry ribbon, 6 a blue ribbon,
    7 a plain ribbon, 8 chaff."""
    out = []
    for c in range(NUM_CARDS):
        bit = 1 << c
        if bit & NONRAIN:
            k = 0
        elif bit & RAIN:
            k = 1
        elif bit & SAKE:
            k = 2
        elif bit & ISC:
            k = 3
        elif bit & ANIMALS:
            k = 4
        elif bit & POETRY_RIBBONS:
            k = 5
        elif bit & BLUE_RIBBONS:
            k = 6
        elif bit & RIBBONS:
            k = 7
        else:
            k = 8
        out.append(k)
    return tuple(out)


CLASS = _classes()
CLASSES = 9
# Feature layout of a play or take candidate.
CAP = 0  # CAP + class: cards of each class captured (the mover's own card included)
GAIN = CAP + CLASSES  # yaku points gained by the capture (at most 10)
ADV = GAIN + 1  # captured cards of yaku the mover is building
DENY = ADV + 1  # captured cards of yaku the opponent is building
LEFT = DENY + 1  # a valuable card left alone on the table (a take of one of two)
CAP_PAIR = LEFT + 1  # the mover keeps another card of the month in hand
ALL_FOUR = CAP_PAIR + 1  # the capture takes all four cards of a month
DUMP = ALL_FOUR + 1  # DUMP + class: the class of a card left on the table
RISK = DUMP + CLASSES  # cards of its month the mover cannot see, / 3
RISK_VALUABLE = RISK + 1  # the same for a bright, animal or ribbon
GIFT = RISK_VALUABLE + 1  # the card left is one the opponent is building towards
OWN = GIFT + 1  # the card left is one the mover is building towards
DUMP_PAIR = OWN + 1  # the mover holds another card of its month, to take it back
PLAY_FEATURES = DUMP_PAIR + 1
KOIKOI_FEATURES = 8

SETS: tuple[int, ...] = (HANAMI, TSUKIMI, ISC, POETRY_RIBBONS, BLUE_RIBBONS)
SETS_NO_SAKE = SETS[2:]
COUNTS: tuple[tuple[int, int], ...] = ((ANIMALS, 5), (RIBBONS, 5), (KASU_CARDS, 10))


def building(mine: int, theirs: int, rules: HouseRules) -> int:
    """The cards that bring `mine` nearer a yaku it has begun and `theirs` has not
    blocked: the rest of a set it holds a card of, more brights while three are in
    reach, more of a kind it holds all but two of a count yaku of (or more)."""
    out = 0
    for need in (SETS_NO_SAKE if rules.no_sake else SETS):
        if mine & need and mine & need != need and not theirs & need:
            out |= need & ~mine
    if mine & BRIGHTS and (BRIGHTS & ~theirs).bit_count() >= 3:
        out |= BRIGHTS & ~mine & ~theirs
    for cards, least in COUNTS:
        if (mine & cards).bit_count() >= least - 2:
            out |= cards & ~mine & ~theirs
    return out


def reach(mine: int, theirs: int, rules: HouseRules) -> int:
    """How many cards `mine` misses, at the fewest, to a yaku it does not hold (at most 3;
    `theirs` blocks)."""
    best = 3
    n = (mine & NONRAIN).bit_count()
    if n < 3 and (NONRAIN & ~theirs).bit_count() >= 3:
        best = min(best, 3 - n)
    for need in (SETS_NO_SAKE if rules.no_sake else SETS):
        if mine & need != need and not theirs & need:
            best = min(best, (need & ~mine).bit_count())
    for cards, least in COUNTS:
        have = (mine & cards).bit_count()
        if have < least and (cards & ~theirs).bit_count() >= least:
            best = min(best, least - have)
    return best


def play_features(card: int, take: int | None, hand: int, table: int, mine: int, theirs: int,
                  rules: HouseRules) -> list[float]:
    """The features of playing `card` from `hand` (taking `take` of two), or of a take
    (`card` the turned card, not in hand), for the mover with pile `mine` against `theirs`."""
    f = [0.0] * PLAY_FEATURES
    m = card >> 2
    month = MONTH_MASKS[m]
    group = table & month
    unseen = ALL_CARDS & ~(hand | table | mine | theirs)
    pair = 1.0 if hand & month & ~(1 << card) else 0.0
    adv = building(mine, theirs, rules)
    deny = building(theirs, mine, rules)
    if group:
        if group.bit_count() == 2:
            got = (1 << card) | (1 << take)  # type: ignore[operator]
            left = group & ~got
        else:
            got = (1 << card) | group
            left = 0
        rest = got
        while rest:
            low = rest & -rest
            f[CAP + CLASS[low.bit_length() - 1]] += 1.0
            rest ^= low
        f[GAIN] = float(min(10, points(mine | got, rules) - points(mine, rules)))
        f[ADV] = float((got & adv).bit_count())
        f[DENY] = float((got & deny).bit_count())
        f[LEFT] = 1.0 if left & VALUABLE else 0.0
        f[CAP_PAIR] = pair
        f[ALL_FOUR] = 1.0 if group.bit_count() == 3 else 0.0
    else:
        bit = 1 << card
        risk = (unseen & month).bit_count() / 3.0
        f[DUMP + CLASS[card]] = 1.0
        f[RISK] = risk
        f[RISK_VALUABLE] = risk if bit & VALUABLE else 0.0
        f[GIFT] = 1.0 if bit & deny else 0.0
        f[OWN] = 1.0 if bit & adv else 0.0
        f[DUMP_PAIR] = pair
    return f


def koikoi_features(base: int, hand: int, my_calls: int, their_calls: int, mine: int, theirs: int,
                    rules: HouseRules) -> list[float]:
    """The features of calling koi-koi with `base` points and `hand` cards left."""
    near = reach(theirs, mine, rules)
    return [1.0, base / 10.0, hand / 8.0, 1.0 if their_calls else 0.0, 1.0 if my_calls else 0.0,
            1.0 if near <= 1 else 0.0, 1.0 if near <= 2 else 0.0, 1.0 if 5 <= base <= 6 else 0.0]


def _gumbel_table(n: int = 4096) -> tuple[float, ...]:
    """Quantiles of the standard Gumbel distribution at (i + 0.5) / n."""
    return tuple(-math.log(-math.log((i + 0.5) / n)) for i in range(n))


GUMBEL = _gumbel_table()


class Policy:
    """The weights, as plain lists: `play` scores play and take candidates,
    `koikoi` the call (a positive score favours koi-koi)."""

    __slots__ = ("play", "koikoi", "meta")

    def __init__(self, data: dict[str, Any]) -> None:
        self.play: list[float] = [float(x) for x in data["play"]]
        self.koikoi: list[float] = [float(x) for x in data["koikoi"]]
        self.meta: dict[str, Any] = dict(data.get("meta", {}))
        if len(self.play) != PLAY_FEATURES:
            raise ValueError(f"policy: play weights have {len(self.play)} entries, expected {PLAY_FEATURES}")
        if len(self.koikoi) != KOIKOI_FEATURES:
            raise ValueError(f"policy: koikoi weights have {len(self.koikoi)} entries, expected {KOIKOI_FEATURES}")

    def to_json(self) -> dict[str, Any]:
        return {"meta": self.meta, "play": self.play, "koikoi": self.koikoi}

    def digest(self) -> str:
        """sha256 of the weights alone (canonical JSON), as the file's meta records it."""
        weights = {"play": self.play, "koikoi": self.koikoi}
        return hashlib.sha256(json.dumps(weights, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def score(self, features: list[float]) -> float:
        return sum(w * x for w, x in zip(self.play, features))

    def koikoi_score(self, features: list[float]) -> float:
        return sum(w * x for w, x in zip(self.koikoi, features))


_LOADED: Policy | None = None


def load_policy() -> Policy:
    """The shipped weights, read once (on the expert's first decision)."""
    global _LOADED
    if _LOADED is None:
        with open(POLICY_FILE, encoding="utf-8") as fh:
            _LOADED = Policy(json.load(fh))
    return _LOADED


class Playout:
    """Plays a sampled world to the end of its round with the policy for both seats.

    `play_scores` is `Policy.score(play_features(...))` for every legal play at once,
    unrolled for speed (tests/test_koikoi_policy.py holds the two equal)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        w = policy.play
        self.cap = tuple(w[CAP + k] for k in range(CLASSES))
        self.dump = tuple(w[DUMP + k] for k in range(CLASSES))
        self.w = w
        self._building: dict[tuple[int, int], int] = {}
        self._gumbel: dict[float, tuple[float, ...]] = {1.0: GUMBEL}

    def building(self, mine: int, theirs: int, rules: HouseRules) -> int:
        key = (mine, theirs)
        got = self._building.get(key)
        if got is None:
            if len(self._building) > 50_000:
                self._building.clear()
            got = self._building[key] = building(mine, theirs, rules)
        return got

    def play_scores(self, hand: int, table: int, mine: int, theirs: int, rules: HouseRules,
                    takes: int | None = None) -> list[tuple[float, int, int | None]]:
        """(score, card, take) of every play from `hand`; with `takes` (a turned card),
        of the two takes of that card instead."""
        w = self.w
        cap = self.cap
        dump = self.dump
        cls = CLASS
        unseen = ALL_CARDS & ~(hand | table | mine | theirs)
        adv = self.building(mine, theirs, rules)
        deny = self.building(theirs, mine, rules)
        have = points(mine, rules)
        out = []
        if takes is not None:
            cards = 1 << takes
        else:
            cards = hand
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            cards ^= low
            month = MONTH_MASKS[card >> 2]
            group = table & month
            pair = hand & month & ~low
            if group:
                if group.bit_count() == 2:
                    a = group & -group
                    options = ((low | a, group ^ a, a), (low | (group ^ a), a, group ^ a))
                else:
                    options = ((low | group, 0, 0),)
                for got, left, taken in options:
                    v = points(mine | got, rules) - have
                    v = w[GAIN] * (v if v < 10 else 10)
                    rest = got
                    while rest:
                        b = rest & -rest
                        v += cap[cls[b.bit_length() - 1]]
                        rest ^= b
                    v += w[ADV] * (got & adv).bit_count() + w[DENY] * (got & deny).bit_count()
                    if left & VALUABLE:
                        v += w[LEFT]
                    if pair:
                        v += w[CAP_PAIR]
                    if not left and not taken and group.bit_count() == 3:
                        v += w[ALL_FOUR]
                    out.append((v, card, taken.bit_length() - 1 if taken else None))
            else:
                risk = (unseen & month).bit_count() / 3.0
                v = dump[cls[card]] + w[RISK] * risk
                if low & VALUABLE:
                    v += w[RISK_VALUABLE] * risk
                if low & deny:
                    v += w[GIFT]
                if low & adv:
                    v += w[OWN]
                if pair:
                    v += w[DUMP_PAIR]
                out.append((v, card, None))
        return out

    def run(self, s: State, rng: random.Random, noise: float = 1.0) -> None:
        """Play `s` to the end of its round (`s.last_gain` then holds the result). `noise`
        scales the Gumbel noise: 1 draws by the fitted softmax, less plays sharper."""
        gumbel = self._gumbel.get(noise)
        if gumbel is None:
            gumbel = self._gumbel[noise] = tuple(g * noise for g in GUMBEL)
        rules = s.rules
        kw = self.policy.koikoi
        while not s.round_over:
            p = s.to_move
            phase = s.phase
            if phase == PLAY or phase == TAKE:
                hand = s.hands[p]
                if phase == PLAY:
                    scored = self.play_scores(hand, s.table, s.captured[p], s.captured[1 - p], rules)
                else:
                    scored = self.play_scores(hand, s.table, s.captured[p], s.captured[1 - p], rules,
                                              takes=s.drawn)
                best = None
                best_v = 0.0
                for item in scored:
                    v = item[0] + gumbel[int(rng.random() * 4096)]
                    if best is None or v > best_v:
                        best, best_v = item, v
                assert best is not None
                if phase == PLAY:
                    s.do_play(best[1], best[2])
                else:
                    s.do_take(best[2])  # type: ignore[arg-type]
            else:
                mine, theirs = s.captured[p], s.captured[1 - p]
                f = koikoi_features(points(mine, rules), s.hands[p].bit_count(), s.koikoi[p], s.koikoi[1 - p],
                                    mine, theirs, rules)
                z = sum(a * b for a, b in zip(kw, f))
                if z + gumbel[int(rng.random() * 4096)] > gumbel[int(rng.random() * 4096)]:
                    s.do_koikoi()
                else:
                    s.do_shobu()


_SHARED: Playout | None = None


def shared_playout() -> Playout:
    """One Playout over the shipped weights for every search (its caches carry over)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Playout(load_policy())
    return _SHARED
