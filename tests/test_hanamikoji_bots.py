"""The Hanamikoji AI: always legal, deterministic per seed, and sensible in plain spots."""

from __future__ import annotations

from functools import partial

import random

import pytest

import engine_helpers

import pygame_core
from pygame_core.hanamikoji.bots import HanamikojiBot
from pygame_core.hanamikoji.view import world_from_observation


class QuickHard(HanamikojiBot):
    """The hard search with a small budget, so many positions fit in a quick test."""

    HARD_CANDIDATES = 4
    HARD_WORLDS = 3


random_positions = partial(engine_helpers.random_positions, "hanamikoji")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bot_always_returns_a_legal_action(level):
    views = random_positions(400, seed=len(level))
    kinds = set()
    for i, view in enumerate(views):
        bot = QuickHard(level, seed=i) if level == "hard" else pygame_core.new_bot("hanamikoji", level, seed=i)
        action = bot.choose(view)
        assert action in view["legal_actions"]
        kinds.add(action["type"])
    assert {"pick_gift", "pick_pair", "secret", "gift", "competition", "tradeoff"} <= kinds


def test_full_budget_hard_bot_is_legal_and_deterministic():
    for i, view in enumerate(random_positions(12, seed=99)):
        first = pygame_core.new_bot("hanamikoji", "hard", seed=i).choose(view)
        again = pygame_core.new_bot("hanamikoji", "hard", seed=i).choose(view)
        assert first == again and first in view["legal_actions"]


def test_world_from_observation_agrees_with_the_view():
    for i, view in enumerate(random_positions(150, seed=5)):
        if view["over"]:
            continue
        world = world_from_observation(view, random.Random(i))
        assert world.card_total() == 21
        assert world.legal_actions() == view["legal_actions"]
        assert world.decider == view["to_move"] == 0


def test_bots_play_whole_games_to_the_end():
    for level in ("easy", "normal"):
        g = pygame_core.new_game("hanamikoji", seed=4)
        bots = [pygame_core.new_bot("hanamikoji", level, seed=s) for s in (1, 2)]
        while not g.is_over:
            g.apply(bots[g.current_player].choose(g.observation(g.current_player)))
        assert g.result()["over"]


def test_pick_takes_the_deciding_card():
    # After these moves seat 0 holds geishas 3 and 4 for sure and offers 3, 4
    # and 6, while seat 1 has two items of geisha 6: only the 6 matters (it
    # locks the 5-point geisha), so every level must take it.
    deck = [2] + [0, 0, 4, 4, 4, 3] + [3, 3, 6, 6, 1, 1] + [2, 5, 6, 5, 5, 5, 6, 6]
    g = pygame_core.new_game("hanamikoji", seed=1, options={"decks": [deck]})
    for action in [
        {"type": "secret", "cards": [2]},
        {"type": "competition", "pairs": [[3, 3], [6, 6]]},
        {"type": "pick_pair", "pair": 0},
        {"type": "competition", "pairs": [[4, 4], [0, 0]]},
        {"type": "pick_pair", "pair": 0},
        {"type": "tradeoff", "cards": [1, 1]},
        {"type": "gift", "cards": [3, 4, 6]},
    ]:
        g.apply(action)
    assert g.state.items == [[0, 0, 0, 2, 2, 0, 0], [2, 0, 0, 0, 0, 0, 2]]
    for level in ("easy", "normal", "hard"):
        choice = pygame_core.new_bot("hanamikoji", level, seed=3).choose(g.observation(1))
        assert choice == {"type": "pick_gift", "card": 6}
