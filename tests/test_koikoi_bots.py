"""The Koi-Koi AI: always legal, deterministic per seed, and sensible in plain spots."""

from __future__ import annotations

from functools import partial

import random

import pytest

import engine_helpers

import pygame_core
from pygame_core.koikoi.bots import KoiKoiBot, MatchValue, evaluate, lacking_months, potential
from pygame_core.koikoi.cards import MONTH_MASKS, mask_of
from pygame_core.koikoi.view import world_from_observation
from train.koikoi_learned import LearnedExpertBot


class QuickHard(KoiKoiBot):
    """The hard search with a small budget, so many positions fit in a quick test."""

    CLASSIC_CANDIDATES = 3
    CLASSIC_WORLDS = 3


class QuickExpert(KoiKoiBot):
    """The expert's search (learned playouts) with a small budget."""

    EXPERT_CANDIDATES = 3
    EXPERT_WORLDS = 3
    EXPERT_KOIKOI_WORLDS = 5


class LearnedExpert(LearnedExpertBot):
    """The expert with issue 30's learned parts on (the bench's `learned`; not shipped)."""

    def __init__(self, level: str, seed: int) -> None:
        super().__init__(seed)


class QuickLearnedExpert(QuickExpert, LearnedExpert):
    pass


random_positions = partial(engine_helpers.random_positions, "koikoi")


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_bot_always_returns_a_legal_action(level):
    views = random_positions(300, seed=len(level))
    kinds = set()
    for i, view in enumerate(views):
        bot = (QuickHard(level, seed=i) if level == "hard" else QuickExpert(level, seed=i) if level == "expert"
               else pygame_core.new_bot("koikoi", level, seed=i))
        action = bot.choose(view)
        assert action in view["legal_actions"]
        kinds.add(action["type"])
    assert {"play", "take", "shobu"} <= kinds


def test_the_expert_with_its_learned_parts_is_legal_and_deterministic():
    kinds = set()
    for i, view in enumerate(random_positions(150, seed=21)):
        first = QuickLearnedExpert("expert", seed=i).choose(view)
        assert first == QuickLearnedExpert("expert", seed=i).choose(view) and first in view["legal_actions"]
        kinds.add(first["type"])
    assert {"play", "take", "shobu"} <= kinds


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_full_budget_search_is_legal_and_deterministic(level):
    for i, view in enumerate(random_positions(10, seed=99)):
        first = pygame_core.new_bot("koikoi", level, seed=i).choose(view)
        again = pygame_core.new_bot("koikoi", level, seed=i).choose(view)
        assert first == again and first in view["legal_actions"]


def test_hard_cannot_see_hidden_cards():
    """Two deals that differ only in the opponent's hand and the stock look the same to
    seat 0, and hard and expert (also with its learned parts on) answer both alike, with the same seed."""
    rng = random.Random(8)
    for trial in range(4):
        deck = list(range(48))
        while True:
            rng.shuffle(deck)
            try:
                pygame_core.new_game("koikoi", seed=1, options={"decks": [deck], "first_dealer": 0})
                break
            except ValueError:
                continue
        hidden = deck[8:16] + deck[24:]
        other = deck[:]
        while True:
            rng.shuffle(hidden)
            other[8:16], other[24:] = hidden[:8], hidden[8:]
            if mask_of(other[8:16]) != mask_of(deck[8:16]):
                break
        games = [pygame_core.new_game("koikoi", seed=1, options={"decks": [d], "first_dealer": 0})
                 for d in (deck, other)]
        views = [g.observation(0) for g in games]
        assert views[0] == views[1]
        for make in (lambda: pygame_core.new_bot("koikoi", "hard", seed=trial),
                     lambda: pygame_core.new_bot("koikoi", "expert", seed=trial), lambda: LearnedExpert("expert", seed=trial)):
            assert make().choose(views[0]) == make().choose(views[1])


def test_lacking_months_reads_the_public_log():
    """After the opponent played a hand card that captured nothing, every month then on
    the table is marked as missing from its hand; the mark is what the log shows."""
    checked = 0
    for seed in range(6):
        g = pygame_core.new_game("koikoi", seed=seed, options={"rounds": 3})
        bots = [pygame_core.new_bot("koikoi", "normal", seed=seed + k) for k in (0, 1)]
        expected = [0, 0]  # per seat: months its opponent showed it lacks this round
        rnd = 1
        while not g.is_over:
            seat = g.current_player
            view = g.observation(seat)
            if g.state.round != rnd:
                rnd, expected = g.state.round, [0, 0]
            assert lacking_months(view) == expected[seat]
            action = bots[seat].choose(view)
            if action["type"] == "play" and not g.state.table & MONTH_MASKS[action["card"] >> 2]:
                table = g.state.table
                expected[1 - seat] |= sum(MONTH_MASKS[m] for m in range(12) if table & MONTH_MASKS[m])
                checked += 1
            g.apply(action)
    assert checked >= 10


def test_match_value_weighs_points_by_the_match():
    view = {"players": [{"score": 0}, {"score": 0}], "round": 3, "rounds": 12}
    even = MatchValue(view)
    assert even(1) > even(0) > even(-1) and abs(even(1) - 1.0) < 0.05 and even.slope() == 1.0
    ahead = MatchValue({**view, "players": [{"score": 40}, {"score": 0}]})
    assert ahead(5) - ahead(0) < even(5) - even(0) and ahead.slope() < 1.0
    last = MatchValue({**view, "players": [{"score": 3}, {"score": 5}], "round": 12})
    assert last(3) > 9 and last(1) < -9 and abs(last(2)) < 1


def test_world_from_observation_agrees_with_the_view():
    for i, view in enumerate(random_positions(150, seed=5)):
        world = world_from_observation(view, random.Random(i))
        assert world.card_total() == 48
        assert world.legal_actions() == view["legal_actions"]
        assert world.decider == view["to_move"] == 0


def test_bots_play_whole_matches_to_the_end():
    for level in ("easy", "normal"):
        g = pygame_core.new_game("koikoi", seed=4, options={"rounds": 6})
        bots = [pygame_core.new_bot("koikoi", level, seed=s) for s in (1, 2)]
        while not g.is_over:
            g.apply(bots[g.current_player].choose(g.observation(g.current_player)))
        assert g.result()["over"] and len(g.result()["rounds"]) == 6


def test_evaluation_sees_blocking_and_progress():
    # Holding two of Ino-Shika-Cho is worth more than holding two plain animals,
    # and the opponent's capture of the third card wipes that out.
    assert potential(mask_of([20, 24]), 0) > potential(mask_of([4, 12]), 0)
    assert potential(mask_of([20, 24]), mask_of([36])) < potential(mask_of([20, 24]), 0)
    assert evaluate(mask_of([8, 32]), 0) > evaluate(0, mask_of([8, 32]))


def play_deck(hand0, hand1, table, stock_top):
    fixed = hand0 + hand1 + table + stock_top
    deck = fixed + [c for c in range(48) if c not in fixed]
    return pygame_core.new_game("koikoi", seed=1, options={"decks": [deck], "first_dealer": 0})


def test_every_level_takes_the_card_that_completes_a_yaku():
    # Seat 0 holds the Curtain; the table shows a cherry chaff and the Sake Cup
    # lies in seat 0's pile-to-be: playing the Boar onto the other boar card
    # is worth little, the Curtain onto its month wins Hanami-zake with the
    # Sake Cup that seat 0 takes with its September card.
    g = play_deck([34, 8, 2, 6, 14, 18, 22, 47], [1, 5, 13, 17, 21, 25, 29, 36],
                  [32, 10, 3, 7, 15, 19, 23, 26], [44, 45, 46, 40, 41, 42, 43])
    g.apply({"type": "play", "card": 34})  # takes the Sake Cup
    g.apply({"type": "play", "card": 1})  # seat 1: pine ribbon onto the pine chaff
    assert g.current_player == 0 and g.state.phase == "play"
    for level in ("easy", "normal", "hard", "expert"):
        choice = pygame_core.new_bot("koikoi", level, seed=3).choose(g.observation(0))
        assert choice == {"type": "play", "card": 8}, level


def test_koikoi_with_a_match_winning_stop_in_the_last_round_is_shobu():
    g = play_deck([8, 0, 4, 12, 16, 20, 24, 28], [1, 5, 13, 17, 21, 25, 29, 36],
                  [10, 35, 2, 6, 14, 18, 22, 26], [32, 45])
    g.state.rounds = 1  # the last round: stopping now wins the match
    g.apply({"type": "play", "card": 8})
    assert g.state.phase == "koikoi"
    for level in ("normal", "hard", "expert"):
        assert pygame_core.new_bot("koikoi", level, seed=1).choose(g.observation(0)) == {"type": "shobu"}
    assert LearnedExpert("expert", seed=1).choose(g.observation(0)) == {"type": "shobu"}


def test_the_koikoi_decision_says_why_and_every_other_move_a_public_reason():
    """Each level explains its koi-koi or shobu call (issue 15): the points stopping scores now,
    how near the opponent is to scoring (from the captured piles), and in the last round what
    the call means for the match; never an estimate built from its own hidden hand. Every
    other move carries a reason from what both sides see (issue 40: reasons.PUBLIC_CODES)."""
    import pygame_core
    from pygame_core.koikoi.bots import cards_to_score
    from pygame_core.koikoi.cards import mask_of
    from pygame_core.koikoi.reasons import PUBLIC_CODES, check_reason, explain

    def piles(view):  # (the opponent's captured cards, ours): public, in every view
        me, opp = view["players"]
        return (mask_of(c for cs in opp["captured"].values() for c in cs),
                mask_of(c for cs in me["captured"].values() for c in cs))

    seen = {"easy": 0, "normal": 0, "hard": 0}
    matches = 0
    for seed in range(6):
        levels = [("hard", "normal"), ("easy", "hard"), ("normal", "easy")][seed % 3]
        game = pygame_core.new_game("koikoi", seed=seed, options={"rounds": 3})
        bots = [pygame_core.new_bot("koikoi", level=lv, seed=seed + i) for i, lv in enumerate(levels)]
        while not game.is_over:
            seat = game.current_player
            view = game.observation(seat)
            action = bots[seat].choose(view)
            why = bots[seat].last_reason
            decision = view["phase"] == "koikoi" and len(view["legal_actions"]) > 1
            if not decision:
                assert why["code"] in PUBLIC_CODES and why["code"] not in ("koikoi", "shobu"), (action, why)
                assert check_reason(why) and why == explain(view, action, public=True), (action, why)
            else:
                seen[levels[seat]] += 1
                assert why["code"] == action["type"] and why["points"] == view["pending"]["shobu_points"]
                assert why["threat"] in ("none", "some", "close")
                assert set(why) <= {"code", "points", "threat", "match"}
                assert why["threat"] == ("close" if cards_to_score(*piles(view)) <= 1 else
                                         "some" if cards_to_score(*piles(view)) == 2 else "none")
                if view["round"] >= view["rounds"]:
                    assert why["match"] in ("win", "only", "lose")
                    matches += 1
            game.apply(action)
    assert min(seen.values()) >= 1 and matches >= 1, (seen, matches)
