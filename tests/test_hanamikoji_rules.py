"""Rule scenarios for Hanamikoji (seeds/hanamikoji.md), built from fixed decks."""

from __future__ import annotations

import random

import pytest

import pygame_core
from pygame_core.errors import BadOptionsError, IllegalActionError
from pygame_core.hanamikoji.cards import FULL_DECK, GEISHA_VALUES
from pygame_core.hanamikoji.game import Hanamikoji
from pygame_core.hanamikoji.rules import OVER, PICK_GIFT, PICK_PAIR, State, ranking_points

# removed | seat 0's six cards | seat 1's six cards | the draw pile in order
DECK = [6] + [0, 0, 3, 3, 6, 6] + [1, 1, 4, 4, 5, 5] + [2, 2, 3, 4, 5, 5, 6, 6]


def game(**options) -> Hanamikoji:
    return pygame_core.new_game("hanamikoji", seed=3, options={"decks": [DECK], **options})


def scoring_state(favour, items, round_no=1, limit=3) -> State:
    """A state just before scoring, for scenarios about the scoring rules alone."""
    s = State(random.Random(0), limit)
    s.round = round_no
    s.favour = list(favour)
    s.items = [list(items[0]), list(items[1])]
    s.secrets = [None, None]
    return s


def test_deal_follows_the_deck_option_and_start_player_draws():
    g = game()
    assert sorted(DECK) == list(FULL_DECK)
    view = g.observation(0)
    assert view["hand"] == [0, 0, 2, 3, 3, 6, 6]  # six dealt plus the first draw (2)
    assert view["players"][1]["hand_size"] == 6
    assert view["draw_pile"] == 7 and view["removed"] == 1
    assert g.current_player == 0 and view["to_move"] == 0
    assert "legal_actions" not in g.observation(1)


def test_gift_gives_the_opponent_a_pick_then_its_own_turn():
    g = game()
    g.apply({"type": "gift", "cards": [6, 0, 3]})  # any order is accepted
    assert g.state.phase == PICK_GIFT and g.current_player == 1
    assert g.legal_actions() == [{"type": "pick_gift", "card": c} for c in (0, 3, 6)]
    assert g.observation(1)["offer"] == {"type": "gift", "by": 1, "cards": [0, 3, 6]}
    g.apply({"type": "pick_gift", "card": 6})
    assert g.state.items == [[1, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1]]
    assert g.current_player == 1 and g.observation(1)["players"][0]["hand_size"] == 7  # drew on turn start
    assert g.observation(0)["players"][0]["used"]["gift"] is True


def test_competition_pick_gives_one_pair_each():
    g = game()
    g.apply({"type": "competition", "pairs": [[6, 0], [3, 0]]})
    assert g.state.phase == PICK_PAIR and g.current_player == 1
    offer = g.observation(0)["offer"]
    assert offer == {"type": "competition", "by": 0, "pairs": [[0, 3], [0, 6]]}
    g.apply({"type": "pick_pair", "pair": 1})
    assert g.state.items == [[1, 0, 0, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0, 1]]


def test_secret_and_tradeoff_are_hidden_and_used_once():
    g = game()
    g.apply({"type": "secret", "cards": [6]})
    opp_view = g.observation(1)
    assert opp_view["players"][1]["secret"] is None and opp_view["players"][1]["used"]["secret"]
    assert g.observation(0)["players"][0]["secret"] == 6
    g.apply({"type": "tradeoff", "cards": [5, 1]})
    assert g.observation(1)["players"][0]["tradeoff"] == [1, 5]
    assert g.observation(0)["players"][1]["tradeoff"] == [] and g.observation(0)["players"][1]["tradeoff_count"] == 2
    with pytest.raises(IllegalActionError):
        g.apply({"type": "secret", "cards": [0]})  # seat 0 used its secret already
    assert all(a["type"] != "secret" for a in g.legal_actions())


def test_a_full_round_scores_secrets_and_majorities():
    g = game()
    plan = [
        {"type": "secret", "cards": [6]},
        {"type": "secret", "cards": [5]},
        {"type": "tradeoff", "cards": [0, 0]},
        {"type": "tradeoff", "cards": [1, 1]},
        {"type": "gift", "cards": [3, 3, 6]},
        {"type": "pick_gift", "card": 6},
    ]
    for action in plan:
        g.apply(action)
    while not g.is_over and g.state.round == 1:
        g.apply(g.legal_actions()[0])
    record = g.state.scorings[0]
    assert record["secrets"] == [6, 5]
    assert sum(record["items"][0]) + sum(record["items"][1]) == 21 - 1 - 4  # all but the removed card and two trade-offs
    for geisha, side in enumerate(record["majority"]):
        a, b = record["items"][0][geisha], record["items"][1][geisha]
        assert side == (0 if a > b else 1 if b > a else None)


def test_tie_leaves_the_favour_marker_where_it_was():
    s = scoring_state([0, 1, None, None, None, None, None], [[1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0]])
    s.score_round()
    assert s.favour[:3] == [0, 1, 0]  # ties kept 0 and 1; geisha 2 went to seat 0
    assert s.favour[3:] == [None] * 4  # a tie on a neutral marker leaves it neutral


def test_eleven_points_beat_four_geishas():
    # Seat 1 gets four geishas (2+2+2+3 = 9 points), seat 0 three (3+4+5 = 12 points).
    s = scoring_state([None] * 7, [[0, 0, 0, 0, 2, 3, 3], [2, 2, 2, 2, 0, 0, 0]], limit=None)
    s.score_round()
    assert s.phase == OVER and s.winner == 0 and s.reason == "charm"
    assert s.totals() == ([12, 9], [3, 4])


def test_four_geishas_win_alone():
    s = scoring_state([None] * 7, [[2, 2, 2, 2, 0, 0, 0], [0, 0, 0, 0, 1, 1, 0]], limit=None)
    s.score_round()
    assert s.phase == OVER and s.winner == 0 and s.reason == "geishas"


def test_round_limit_more_points_win_and_equal_is_a_draw():
    s = scoring_state([None] * 7, [[1, 0, 0, 0, 0, 0, 3], [0, 1, 0, 0, 0, 3, 0]], round_no=3)
    s.score_round()  # 7 points (2+5) against 6 (2+4)
    assert s.phase == OVER and s.winner == 0 and s.reason == "round_limit"
    s = scoring_state([None] * 7, [[1, 1, 0, 2, 0, 0, 0], [0, 0, 0, 0, 2, 3, 0]], round_no=3)
    s.score_round()  # 2+2+3 = 7 against 3+4 = 7
    assert s.phase == OVER and s.winner is None and s.reason == "round_limit_draw"
    assert ranking_points(None, [7, 7], True) == [30, 30]


def test_round_below_limit_and_no_limit_keep_playing():
    items = [[1, 0, 0, 0, 0, 0, 3], [0, 1, 0, 0, 0, 3, 0]]
    s = scoring_state([None] * 7, items, round_no=2)
    s.score_round()
    assert s.phase != OVER and s.round == 3 and s.start == 1
    s = scoring_state([None] * 7, items, round_no=3, limit=None)
    s.score_round()
    assert s.phase != OVER and s.round == 4


def test_start_player_alternates_and_markers_carry_over():
    g = pygame_core.new_game("hanamikoji", seed=11, options={"round_limit": None})
    rng = random.Random(5)
    starts = [g.state.start]
    while not g.is_over:
        before = g.state.round
        g.apply(rng.choice(g.legal_actions()))
        if g.state.round != before:
            starts.append(g.state.start)
            assert g.state.favour == g.state.scorings[-1]["favour"]
            assert g.current_player == g.state.start
    assert starts == [i % 2 for i in range(len(starts))]


def test_ranking_points_scale():
    assert ranking_points(0, [11, 0], True) == [100, 10]
    assert ranking_points(1, [5, 12], True) == [10, 88]
    assert ranking_points(0, [9, 9], True) == [60, 10]
    assert ranking_points(None, [0, 0], False) == [0, 0]


def test_result_shape_and_options():
    g = game()
    r = g.result()
    assert r["over"] is False and r["winner"] is None and set(r) >= {"scores", "geishas", "ranking_points", "reason"}
    with pytest.raises(BadOptionsError):
        Hanamikoji(seed=1, options={"round_limit": 0})
    with pytest.raises(BadOptionsError):
        Hanamikoji(seed=1, options={"decks": [[0] * 21]})
    assert Hanamikoji(seed=1, options={"round_limit": None}).state.round_limit is None
    assert Hanamikoji(seed=1).options == {"round_limit": 3, "decks": None}


@pytest.mark.parametrize("bad", [
    {"type": "secret", "cards": [4]},  # not in hand
    {"type": "secret", "cards": [0, 0]},
    {"type": "gift", "cards": [0, 0, 0]},
    {"type": "competition", "pairs": [[0, 0], [3]]},
    {"type": "pick_gift", "card": 0},  # no offer pending
    {"type": "secret", "cards": [True]},
    {"type": "secret", "cards": [0], "extra": 1},
    {"type": "bogus"},
    "secret",
    None,
])
def test_illegal_actions_are_refused_with_context(bad):
    g = game()
    before = g.to_json()
    with pytest.raises(IllegalActionError) as info:
        g.apply(bad)
    assert "move 0" in str(info.value)
    assert g.to_json() == before


def test_values_and_deck():
    assert sum(GEISHA_VALUES) == 21 and len(FULL_DECK) == 21


def test_editing_a_view_cannot_change_the_game():
    g = game()
    g.apply({"type": "gift", "cards": [0, 3, 6]})
    before = g.to_json(), g.observation(0)
    view = g.observation(1)
    view["offer"]["cards"].append(5)
    view["log"][-1]["cards"].clear()
    view["players"][0]["items"][0] = 9
    assert (g.to_json(), g.observation(0)) == before
