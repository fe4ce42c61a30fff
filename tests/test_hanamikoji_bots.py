"""The Hanamikoji AI: always legal, deterministic per seed, and sensible in plain spots."""

from __future__ import annotations

from functools import partial

import random

import pytest

import engine_helpers

import pygame_core
from pygame_core.hanamikoji.bots import HanamikojiBot, match_value
from pygame_core.hanamikoji.view import world_from_observation


class QuickHard(HanamikojiBot):
    """The hard and expert searches with a small budget, so many positions fit in a quick test."""

    EXPERT_CANDIDATES = 4
    EXPERT_STAGES = EXPERT_STAGES_LEARNED = ((3, 2), (3, 1))
    HARD_CANDIDATES = 4
    HARD_WORLDS = 3


random_positions = partial(engine_helpers.random_positions, "hanamikoji")


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_bot_always_returns_a_legal_action(level):
    views = random_positions(400, seed=len(level))
    kinds = set()
    for i, view in enumerate(views):
        if level in ("hard", "expert"):
            bot = QuickHard(level, seed=i)
        else:
            bot = pygame_core.new_bot("hanamikoji", level, seed=i)
        action = bot.choose(view)
        assert action in view["legal_actions"]
        kinds.add(action["type"])
    assert {"pick_gift", "pick_pair", "secret", "gift", "competition", "tradeoff"} <= kinds


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_full_budget_search_bots_are_legal_and_deterministic(level):
    for i, view in enumerate(random_positions(3, seed=99)):
        first = HanamikojiBot(level, seed=i).choose(view)
        again = HanamikojiBot(level, seed=i).choose(view)
        assert first == again and first in view["legal_actions"]


def test_expert_is_a_level_of_the_two_player_games_only():
    # The collection lists the very levels the AI plays, without importing it.
    from pygame_core.koikoi.bots import KoiKoiBot

    assert pygame_core.games.hanamikoji.LEVELS is HanamikojiBot.levels
    assert pygame_core.games.koikoi.LEVELS is KoiKoiBot.levels
    info = {g["name"]: g["levels"] for g in pygame_core.list_games()}
    assert info["hanamikoji"] == info["koikoi"] == ["easy", "normal", "hard", "expert"]
    assert info["hanabi"] == ["easy", "normal", "hard"]
    for game in ("hanamikoji", "koikoi"):
        assert pygame_core.new_bot(game, "expert", seed=1).level == "expert"
    with pytest.raises(ValueError, match="level must be one of easy, normal, hard, got \"expert\""):
        pygame_core.new_bot("hanabi", "expert", seed=1)
    with pytest.raises(ValueError):
        pygame_core.new_bot("hanamikoji", "hard2", seed=1)


def test_hard_bot_never_reads_hidden_cards():
    # Seat 0 opens round 1 with the hand dealt from deck[1:7] and draws deck[13].
    # Shuffling everything else (the removed card, seat 1's hand, the rest of
    # the draw pile) changes the state but not seat 0's view, so neither may the
    # choice change: the bot is handed the view only, and this proves nothing leaks.
    rng = random.Random(11)
    base = [g for g, n in enumerate((2, 2, 2, 3, 3, 4, 5)) for _ in range(n)]
    rng.shuffle(base)
    seen = base[1:7] + [base[13]]
    views, quick, full, expert_quick, expert_full = [], set(), set(), set(), set()
    for trial in range(4):
        hidden = base[:1] + base[7:13] + base[14:]
        rng.shuffle(hidden)
        deck = hidden[:1] + base[1:7] + hidden[1:7] + [base[13]] + hidden[7:]
        assert deck[1:7] + [deck[13]] == seen
        g = pygame_core.new_game("hanamikoji", seed=3, options={"decks": [deck]})
        views.append(g.observation(0))
        quick.add(str(QuickHard("hard", seed=5).choose(views[-1])))
        expert_quick.add(str(QuickHard("expert", seed=5).choose(views[-1])))
        if trial < 2:
            full.add(str(HanamikojiBot("hard", seed=5).choose(views[-1])))
            expert_full.add(str(HanamikojiBot("expert", seed=5).choose(views[-1])))
    assert all(view == views[0] for view in views)
    assert len(quick) == 1 and len(full) == 1
    # Expert's imagined rounds follow the learned policy, which is handed the sampled worlds only.
    assert len(expert_quick) == 1 and len(expert_full) == 1


def test_match_value_is_symmetric_and_knows_the_last_round():
    assert match_value((None,) * 7, True) == pytest.approx(0.0)
    lead = (0, 0, None, 0, None, 1, None)
    flipped = tuple(None if s is None else 1 - s for s in lead)
    for last in (True, False):
        assert match_value(lead, last) == pytest.approx(-match_value(flipped, last))
        assert match_value(lead, last) > 0
    # More markers held going into the last round is worth more.
    assert match_value((0, 0, None, 0, None, None, None), True) > match_value((0,) + (None,) * 6, True) > 0


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
    for level in ("easy", "normal", "hard", "expert"):
        choice = pygame_core.new_bot("hanamikoji", level, seed=3).choose(g.observation(1))
        assert choice == {"type": "pick_gift", "card": 6}
