"""The coach's assessment of a Hanamikoji decision (issue 26, the engine's first step): values
in win chance from the deciding seat's observation only, and the verdict on a choice."""

from __future__ import annotations

import random

import pytest

import pygame_core
from pygame_core.coach import VERDICTS, judge, verdict
from pygame_core.errors import EngineError
from pygame_core.hanamikoji.assess import assess
from pygame_core.protocol import load_game

# Seed 15, 23 moves of two normal bots: the computer in seat 0 offers a gift of Scroll (3) and two
# Lanterns (4). Taking the Scroll wins the match when the round is scored; taking a Lantern loses it.
GIFT_THAT_DECIDES = {"format": 1, "game": "hanamikoji", "options": {"round_limit": 3, "decks": None}, "seed": 15, "actions": [{"type": "secret", "cards": [6]}, {"type": "competition", "pairs": [[1, 6], [1, 6]]}, {"type": "pick_pair", "pair": 0}, {"type": "competition", "pairs": [[2, 5], [3, 3]]}, {"type": "pick_pair", "pair": 1}, {"type": "secret", "cards": [6]}, {"type": "tradeoff", "cards": [4, 5]}, {"type": "gift", "cards": [2, 4, 5]}, {"type": "pick_gift", "card": 5}, {"type": "gift", "cards": [0, 0, 4]}, {"type": "pick_gift", "card": 4}, {"type": "tradeoff", "cards": [3, 6]}, {"type": "competition", "pairs": [[1, 4], [5, 5]]}, {"type": "pick_pair", "pair": 0}, {"type": "competition", "pairs": [[1, 2], [5, 5]]}, {"type": "pick_pair", "pair": 1}, {"type": "gift", "cards": [6, 6, 6]}, {"type": "pick_gift", "card": 6}, {"type": "secret", "cards": [6]}, {"type": "secret", "cards": [6]}, {"type": "tradeoff", "cards": [0, 0]}, {"type": "tradeoff", "cards": [3, 3]}, {"type": "gift", "cards": [3, 4, 4]}], "check": "626d2041f7aebd7e"}


def test_taking_the_card_that_loses_the_match_is_a_blunder_and_the_best_choice_wins():
    game = load_game(GIFT_THAT_DECIDES)
    seat = game.current_player
    view = game.observation(seat)
    assessment = assess(view, seed=3)
    assert assessment["unit"] == "win_chance"
    values = {v["action"]["card"]: v["value"] for v in assessment["values"]}
    assert values[3] > 0.95 and values[4] < 0.05
    review = judge(assessment, {"type": "pick_gift", "card": 4})
    assert review["verdict"] == "blunder" and review["best"] == {"type": "pick_gift", "card": 3}
    assert review["loss"] == pytest.approx(review["value_best"] - review["value_played"])
    assert judge(assessment, {"type": "pick_gift", "card": 3})["verdict"] == "best"
    game.apply(review["best"])  # and in the game itself the best choice wins
    assert game.is_over and game.result()["winner"] == seat


def test_the_assessment_is_the_same_whatever_the_hidden_cards_are():
    # Seat 0's view at its first decision comes from deck[1:7] and deck[13]; the rest of the deck
    # (the removed card, seat 1's hand, the draw pile) is shuffled: the view and the values stay.
    rng = random.Random(11)
    base = [g for g, n in enumerate((2, 2, 2, 3, 3, 4, 5)) for _ in range(n)]
    rng.shuffle(base)
    seen, results = [], set()
    for _ in range(3):
        hidden = base[:1] + base[7:13] + base[14:]
        rng.shuffle(hidden)
        deck = hidden[:1] + base[1:7] + hidden[1:7] + [base[13]] + hidden[7:]
        game = pygame_core.new_game("hanamikoji", seed=3, options={"decks": [deck]})
        seen.append(game.observation(0))
        results.add(repr(assess(seen[-1], seed=5, worlds=20)))
    assert all(view == seen[0] for view in seen) and len(results) == 1


def test_a_seed_gives_the_same_values_and_the_played_choice_is_always_valued():
    game = pygame_core.new_game("hanamikoji", seed=3)
    view = game.observation(game.current_player)
    assert assess(view, seed=1, worlds=20) == assess(view, seed=1, worlds=20)
    ranked = assess(view, seed=1, worlds=20, candidates=2)
    assert len(ranked["values"]) == 2 and ranked["values"][0]["value"] >= ranked["values"][1]["value"]
    outside = [a for a in view["legal_actions"] if a not in [v["action"] for v in ranked["values"]]][-1]
    with_it = assess(view, seed=1, worlds=20, candidates=2, played=outside)
    assert outside in [v["action"] for v in with_it["values"]] and len(with_it["values"]) == 3
    assert 0.0 <= min(v["value"] for v in with_it["values"]) <= max(v["value"] for v in with_it["values"]) <= 1.0


def test_a_bad_question_is_refused():
    game = pygame_core.new_game("hanamikoji", seed=3)
    view = game.observation(game.current_player)
    with pytest.raises(EngineError, match="not a legal action"):
        assess(view, seed=1, played={"type": "secret", "cards": [99]})
    with pytest.raises(EngineError, match="no decision"):
        assess({**view, "legal_actions": []}, seed=1)


def test_verdicts_follow_the_documented_thresholds():
    assert [verdict(x, "win_chance") for x in (0, 0.0099, 0.01, 0.05, 0.08, 0.2, 1)] == [
        "best", "best", "good", "inaccuracy", "mistake", "blunder", "blunder"]
    assert [verdict(x, "score") for x in (0.05, 0.2, 0.5, 1.0, 2.0)] == list(VERDICTS)
    for bad in ((-0.1, "score"), (float("nan"), "score"), (0.1, "points")):
        with pytest.raises(EngineError):
            verdict(*bad)
