"""Koi-Koi's learned playout policy (issue 30): the shipped weights, their
checksum, determinism, the fast scorer against the features, and choices
where good play is plain."""

from __future__ import annotations

import json
import random

import pytest

import pygame_core
from pygame_core.koikoi.bots import WorldDealer
from pygame_core.koikoi.cards import ALL_CARDS, mask_of
from train.koikoi_policy import (POLICY_FILE, Playout, Policy, koikoi_features, load_policy,
                                 play_features)
from pygame_core.koikoi.rules import PLAY, TAKE
from pygame_core.koikoi.yaku import SOURCE_RULES
from train import koikoi as training


def _raw() -> dict:
    with open(POLICY_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def test_the_weights_match_their_checksum_and_the_scripts_version():
    policy = load_policy()
    assert policy.meta["script"] == "train/koikoi.py"
    assert policy.meta["version"] == training.VERSION
    assert policy.digest() == policy.meta["sha256"]
    assert len(policy.meta["data_sha256"]) == 64
    assert set(_raw()) == {"meta", "play", "koikoi"}


def test_a_changed_weight_no_longer_matches_the_checksum():
    raw = _raw()
    raw["play"][0] += 0.001
    assert Policy(raw).digest() != raw["meta"]["sha256"]


@pytest.mark.parametrize("damage, words", [
    (lambda raw: raw["play"].pop(), "play weights"),
    (lambda raw: raw["koikoi"].append(0.0), "koikoi weights"),
    (lambda raw: raw.pop("play"), "play"),
])
def test_damaged_weights_are_refused_clearly(damage, words):
    raw = _raw()
    damage(raw)
    with pytest.raises((ValueError, KeyError), match=words):
        Policy(raw)


def _positions(n: int, seed: int):
    """States met in random play, at the mover's plays and takes."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        g = pygame_core.new_game("koikoi", seed=rng.getrandbits(32), options={"rounds": 3})
        while not g.is_over and len(out) < n:
            if g.state.phase in (PLAY, TAKE):
                out.append(g.state.copy())
            g.apply(rng.choice(g.observation(g.current_player)["legal_actions"]))
    return out


def test_the_fast_scorer_equals_the_weights_times_the_features():
    """`Playout.play_scores` (unrolled for the playouts) gives every candidate exactly
    `Policy.score(play_features(...))`, the function the weights were fitted with."""
    policy = load_policy()
    playout = Playout(policy)
    checked = 0
    for s in _positions(400, seed=5):
        p = s.to_move
        hand, table, mine, theirs = s.hands[p], s.table, s.captured[p], s.captured[1 - p]
        takes = s.drawn if s.phase == TAKE else None
        for score, card, take in playout.play_scores(hand, table, mine, theirs, SOURCE_RULES, takes=takes):
            slow = policy.score(play_features(card, take, hand, table, mine, theirs, SOURCE_RULES))
            assert score == pytest.approx(slow, abs=1e-9)
            checked += 1
    assert checked > 1000


def test_the_candidates_are_the_legal_moves():
    playout = Playout(load_policy())
    for s in _positions(200, seed=6):
        p = s.to_move
        takes = s.drawn if s.phase == TAKE else None
        got = sorted((c, t) for _, c, t in playout.play_scores(s.hands[p], s.table, s.captured[p],
                                                              s.captured[1 - p], SOURCE_RULES, takes=takes))
        if s.phase == PLAY:
            legal = sorted((a["card"], a.get("take")) for a in s.legal_actions())
        else:
            legal = sorted((s.drawn, a["card"]) for a in s.legal_actions())
        assert got == legal


def test_a_playout_is_determined_by_its_seed_and_ends_the_round():
    g = pygame_core.new_game("koikoi", seed=3, options={"rounds": 12})
    dealer = WorldDealer(g.observation(g.current_player))
    playout = Playout(load_policy())
    for seed in range(40):
        gains = set()
        for _ in range(2):
            s = dealer.deal(random.Random(seed))
            playout.run(s, random.Random(seed + 1000))
            assert s.round_over
            gains.add(s.last_gain)
        assert len(gains) == 1


def _score(card, take=None, hand=0, table=0, mine=0, theirs=0):
    return load_policy().score(play_features(card, take, hand | (1 << card), table, mine, theirs, SOURCE_RULES))


def test_taking_a_bright_beats_throwing_away_chaff():
    # Crane (0) on the table; we hold a pine chaff (2) and a plum chaff (6) with no plum on the table.
    hand = mask_of([2, 6])
    assert _score(2, hand=hand, table=1 << 0) > _score(6, hand=hand, table=1 << 0)


def test_completing_a_yaku_beats_a_plain_capture():
    # We hold boar and deer; butterflies (20) and a pine chaff (3) lie on the table.
    mine = mask_of([24, 36])
    hand = mask_of([22, 2])
    table = mask_of([20, 3])
    assert _score(22, hand=hand, table=table, mine=mine) > _score(2, hand=hand, table=table, mine=mine)


def test_the_call_stops_more_often_with_more_to_lose():
    w = load_policy().koikoi

    def z(base, hand, their_calls=0):
        f = koikoi_features(base, hand, 0, their_calls, mask_of([0, 8, 28]), 0, SOURCE_RULES)
        return sum(a * b for a, b in zip(w, f))

    assert z(10, 5) < z(5, 5)  # more to lose by going on
    assert z(5, 5, their_calls=1) < z(5, 5)  # they called already: stopping now doubles our points


def test_everything_the_policy_reads_is_the_movers_own_view():
    """The features read the mover's hand, the table and the piles; the cards it cannot see
    (the opponent's hand and the stock) enter only as what is left over."""
    s = _positions(1, seed=9)[0]
    p = s.to_move
    hand, table, mine, theirs = s.hands[p], s.table, s.captured[p], s.captured[1 - p]
    unseen = ALL_CARDS & ~(hand | table | mine | theirs)
    assert unseen == s.hands[1 - p] | mask_of(s.stock) | (0 if s.drawn is None else 1 << s.drawn)
