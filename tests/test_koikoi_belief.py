"""Koi-Koi's belief (issue 30): the opponent's plays replayed from the public log,
and worlds weighed by how likely the learned policy finds them."""

from __future__ import annotations

import math
import random

import pygame_core
from pygame_core.koikoi.bots import WorldDealer
from train.koikoi_belief import Belief, believed_worlds, opponent_plays
from train.koikoi_policy import shared_playout
from pygame_core.koikoi.yaku import SOURCE_RULES


def _games(n: int, seed: int):
    """Positions of seat 0 to play, each with what seat 1 really held before each of its
    plays this round: (table, its pile, seat 0's pile, its hand, card, take)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        g = pygame_core.new_game("koikoi", seed=rng.getrandbits(32), options={"rounds": 3, "first_dealer": 1})
        seen = []
        rnd = 1
        while not g.is_over:
            s = g.state
            if s.round != rnd:
                seen, rnd = [], s.round
            view = g.observation(g.current_player)
            action = rng.choice(view["legal_actions"])
            if g.current_player == 1 and s.phase == "play":
                seen.append((s.table, s.captured[1], s.captured[0], s.hands[1], action["card"], action.get("take")))
            if g.current_player == 0 and s.phase == "play" and seen:
                out.append((g.observation(0), s.hands[1], list(seen)))
            g.apply(action)
    return out


def test_the_replay_gives_the_table_piles_and_hands_as_they_were():
    checked = 0
    for view, hand_now, truth in _games(30, seed=3):
        plays = opponent_plays(view)
        assert len(plays) == len(truth)
        for (card, take, table, theirs, ours, later), (t_table, t_theirs, t_ours, t_hand, t_card, t_take) in zip(plays, truth):
            assert (card, table, theirs, ours) == (t_card, t_table, t_theirs, t_ours)
            assert take == t_take
            assert hand_now | later | (1 << card) == t_hand
            checked += 1
    assert checked > 100


def test_the_hand_really_held_weighs_more_than_a_random_one_on_average():
    """The policy was fitted to a search's plays; against an opponent that plays like
    normal, the hand it really held explains its plays better than a dealt one."""
    real, dealt = [], []
    rng = random.Random(5)
    for seed in range(12):
        g = pygame_core.new_game("koikoi", seed=seed, options={"rounds": 3})
        bots = [pygame_core.new_bot("koikoi", "normal", seed=seed + i) for i in (0, 1)]
        while not g.is_over:
            seat = g.current_player
            view = g.observation(seat)
            if g.state.phase == "play" and len(opponent_plays(view)) >= 3:
                belief = Belief(view, shared_playout(), SOURCE_RULES)
                real.append(math.log(belief.weight(g.state.hands[1 - seat])))
                dealer = WorldDealer(view)
                dealt.append(sum(math.log(belief.weight(dealer.deal(rng).hands[1])) for _ in range(10)) / 10)
            g.apply(bots[seat].choose(view))
    assert len(real) > 50
    assert sum(real) / len(real) > sum(dealt) / len(dealt) + 0.5


def test_believed_worlds_are_deterministic_and_agree_with_the_view():
    views = [v for v, _, _ in _games(5, seed=8)]
    for view in views:
        belief = Belief(view, shared_playout(), SOURCE_RULES)
        dealer = WorldDealer(view)
        hands = [[w.hands[1] for w in believed_worlds(dealer.deal, belief, random.Random(2), 20, 60)]
                 for _ in range(2)]
        assert hands[0] == hands[1] and len(hands[0]) == 20
        mine = dealer.template.hands[0]
        assert all(not h & mine and h.bit_count() == view["players"][1]["hand_size"] for h in hands[0])
