"""Hanamikoji's learned playout policy (issue 30): the shipped weights, their
checksum, determinism, and choices where good play is plain."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import pygame_core
from pygame_core.hanamikoji import bots
from pygame_core.hanamikoji.policy import CARD_KINDS, POLICY_FILE, Playout, Policy, load_policy
from pygame_core.hanamikoji.view import world_from_observation
from train import hanamikoji as training

NO_FAVOUR = [0] * 7


def test_the_shipped_weights_match_their_checksum_and_the_scripts_version():
    policy = load_policy()
    assert policy.meta["script"] == "train/hanamikoji.py"
    assert policy.meta["version"] == training.VERSION
    assert policy.digest() == policy.meta["sha256"]
    assert len(policy.meta["data_sha256"]) == 64
    with open(POLICY_FILE, encoding="utf-8") as fh:
        raw = json.load(fh)
    assert set(raw) == {"meta", "card", "kind", "split"} and set(raw["card"]) == set(CARD_KINDS)


def test_a_changed_weight_no_longer_matches_the_checksum():
    with open(POLICY_FILE, encoding="utf-8") as fh:
        raw = json.load(fh)
    raw["card"]["secret"][0] += 0.001
    assert Policy(raw).digest() != raw["meta"]["sha256"]


@pytest.mark.parametrize("damage, words", [
    (lambda raw: raw["card"]["gift"].pop(), "card weights for gift"),
    (lambda raw: raw["kind"].pop(), "kind weights"),
    (lambda raw: raw["split"].append(0.0), "split weights"),
    (lambda raw: raw.pop("card"), "card"),
])
def test_damaged_weights_are_refused_clearly(damage, words):
    with open(POLICY_FILE, encoding="utf-8") as fh:
        raw = json.load(fh)
    damage(raw)
    with pytest.raises((ValueError, KeyError), match=words):
        Policy(raw)


def _world(seed: int):
    g = pygame_core.new_game("hanamikoji", seed=seed)
    view = g.observation(g.current_player)
    return world_from_observation(view, random.Random(seed))


def test_a_playout_is_determined_by_its_random_numbers():
    playout = Playout(load_policy())
    for seed in range(20):
        world = _world(seed)
        noise = [random.Random(seed).random() for _ in range(97)]
        values = {playout.run(world.copy(random.Random(1)), itertools.cycle(noise).__next__,
                              lambda s, items, secrets: bots.round_end_value(s, items, secrets))
                  for _ in range(2)}
        assert len(values) == 1


def test_a_playout_ends_the_round_with_every_card_placed():
    playout = Playout(load_policy())
    seen = []
    for seed in range(30):
        world = _world(seed)
        rng = random.Random(seed)

        def end(s, items, secrets):
            seen.append((sum(items[0]) + sum(items[1]), secrets, [sum(h) for h in s.hands], s.draw))
            return 0.0

        playout.run(world.copy(random.Random(1)), rng.random, end)
    for placed, secrets, hands, draw in seen:
        # 21 cards: 1 removed, 2 secrets, 4 traded off, 14 placed as items; hands and pile empty.
        assert placed == 14 and None not in secrets and hands == [0, 0] and draw == []


def _score(kind, g, m=0, o=0, h=1, fav=0, left=4):
    return load_policy().card_scores(kind, [m if i == g else 0 for i in range(7)],
                                     [o if i == g else 0 for i in range(7)],
                                     [h if i == g else 0 for i in range(7)], NO_FAVOUR, left)[g]


def test_a_pick_takes_the_open_five_point_geisha_over_one_already_won():
    # Geisha 6 (5 charm) stands 2-2; geisha 0 (2 charm) is ours already (2 of her 2 cards' majority).
    assert _score("pick", 6, m=2, o=2, h=0, left=2) > _score("pick", 0, m=2, o=0, h=0, left=2)


def test_a_secret_keeps_a_contested_card_and_a_tradeoff_drops_a_decided_one():
    contested = dict(m=1, o=1, h=1, left=3)
    decided = dict(m=0, o=3, h=1, left=3)  # geisha 5 (4 charm) is lost: 3 of her 4 cards are theirs
    assert _score("secret", 6, **contested) > _score("secret", 5, **decided)
    # A trade-off throws away the cards it scores highest.
    assert _score("tradeoff", 5, **decided) > _score("tradeoff", 6, **contested)


def test_a_round_most_often_opens_with_the_competition():
    # The expert it learned from opens with a competition far more often than with any other marker.
    logits = load_policy().kind_logits([False] * 4, [False] * 4, [1, 1, 1, 1, 1, 1, 0])
    assert max(range(4), key=logits.__getitem__) == 3
