"""Rule scenarios for Koi-Koi (seeds/koikoi.md), built from fixed decks and states."""

from __future__ import annotations

import random

import pytest

import pygame_core
from pygame_core.errors import BadOptionsError, IllegalActionError
from pygame_core.koikoi.cards import mask_of
from pygame_core.koikoi.game import KoiKoi
from pygame_core.koikoi.rules import KOIKOI, OVER, PLAY, TAKE, State, four_on_table, ranking_points


def make_deck(hand0, hand1, table, stock_top=()):
    """A 48-card deck: the given hands and table, the stock starting with `stock_top`."""
    fixed = list(hand0) + list(hand1) + list(table) + list(stock_top)
    rest = [c for c in range(48) if c not in fixed]
    deck = list(hand0) + list(hand1) + list(table) + list(stock_top) + rest
    assert sorted(deck) == list(range(48)) and len(hand0) == len(hand1) == len(table) == 8
    return deck


# Seat 0: Crane, Warbler, Curtain, Bridge, Butterflies, Boar, Deer, Phoenix.
# Table: a pine chaff, two plum cards, three cherry cards, two wisteria cards.
DECK = make_deck([0, 4, 8, 16, 20, 24, 36, 44], [1, 17, 21, 25, 29, 33, 37, 41],
                 [2, 5, 6, 9, 10, 11, 13, 14], [12, 45, 46, 47])
# Seat 0 plays the Curtain onto a cherry chaff, then the Sake Cup comes up onto a
# September chaff: Hanami-zake at once.
HANAMI_DECK = make_deck([8, 0, 4, 12, 16, 20, 24, 28], [1, 5, 13, 17, 21, 25, 29, 36],
                        [10, 35, 2, 6, 14, 18, 22, 26], [32, 45])


def game(deck=DECK, **options) -> KoiKoi:
    return pygame_core.new_game("koikoi", seed=3, options={"decks": [deck], "first_dealer": 0, **options})


def state(**fields) -> State:
    """A bare state (with a log, dealing on) with some fields set by hand."""
    s = State(random.Random(0), rounds=3, dealer=0, decks=[DECK], log=[])
    for key, value in fields.items():
        setattr(s, key, value)
    return s


def test_deal_follows_the_deck_and_the_dealer_starts():
    g = game()
    v = g.observation(0)
    assert v["hand"] == [0, 4, 8, 16, 20, 24, 36, 44]
    assert v["table"] == [2, 5, 6, 9, 10, 11, 13, 14]
    assert v["stock"] == 24 and v["players"][1]["hand_size"] == 8
    assert g.current_player == 0 and v["dealer"] == 0 and v["to_move"] == 0
    assert g.observation(1)["dealer"] == 1 and "legal_actions" not in g.observation(1)
    assert v["round"] == 1 and v["rounds"] == 3 and v["phase"] == PLAY


def test_legal_actions_offer_a_choice_only_for_two_matches():
    g = game()
    assert g.legal_actions() == [
        {"type": "play", "card": 0},
        {"type": "play", "card": 4, "take": 5},
        {"type": "play", "card": 4, "take": 6},
        {"type": "play", "card": 8},
        {"type": "play", "card": 16},
        {"type": "play", "card": 20},
        {"type": "play", "card": 24},
        {"type": "play", "card": 36},
        {"type": "play", "card": 44},
    ]
    with pytest.raises(IllegalActionError):
        g.apply({"type": "play", "card": 4})  # two matches: the player must say which


def test_one_match_is_taken_and_no_match_stays_on_the_table():
    g = game()
    g.apply({"type": "play", "card": 0})
    assert g.state.captured[0] & mask_of([0, 2]) == mask_of([0, 2])
    g2 = game()
    g2.apply({"type": "play", "card": 16})
    assert 16 in g2.observation(1)["table"]


def test_three_of_a_month_on_the_table_go_with_the_fourth():
    g = game()
    g.apply({"type": "play", "card": 8})
    assert g.state.captured[0] & mask_of([8, 9, 10, 11]) == mask_of([8, 9, 10, 11])
    assert not set(g.observation(0)["table"]) & {8, 9, 10, 11}


def test_turned_card_with_two_matches_is_the_movers_own_decision():
    g = game()
    g.apply({"type": "play", "card": 4, "take": 6})
    # The Cuckoo (12) comes up onto two wisteria cards (13, 14): seat 0 decides.
    assert g.state.phase == TAKE and g.current_player == 0
    view = g.observation(1)
    assert view["pending"] == {"type": "take", "seat": 1, "card": 12, "choices": [13, 14]}
    assert g.legal_actions() == [{"type": "take", "card": 13}, {"type": "take", "card": 14}]
    g.apply({"type": "take", "card": 14})
    assert g.state.captured[0] == mask_of([4, 6, 12, 14])
    assert g.observation(0)["table"] == [2, 5, 9, 10, 11, 13]
    assert g.current_player == 1 and g.state.phase == PLAY
    kinds = [e["type"] for e in g.observation(0)["log"]]
    assert kinds[-3:] == ["play", "draw", "take"]


def test_yaku_asks_koikoi_or_shobu_and_shobu_scores():
    g = game(HANAMI_DECK)
    g.apply({"type": "play", "card": 8})
    assert g.state.phase == KOIKOI and g.current_player == 0
    pend = g.observation(1)["pending"]
    assert pend["type"] == "koikoi" and pend["seat"] == 1 and pend["points"] == 5
    assert pend["shobu_points"] == 5 and [y["name"] for y in pend["yaku"]] == ["hanami_zake"]
    assert g.legal_actions() == [{"type": "koikoi"}, {"type": "shobu"}]
    g.apply({"type": "shobu"})
    r = g.result()
    assert r["scores"] == [5, 0] and len(r["rounds"]) == 1
    summary = r["rounds"][0]
    assert summary["winner"] == 0 and summary["reason"] == "shobu" and summary["points"] == 5
    assert summary["multiplier"] == 1 and [y["name"] for y in summary["yaku"]] == ["hanami_zake"]
    assert g.state.round == 2 and g.state.dealer == 0 and g.current_player == 0
    assert g.observation(1)["last_round"]["winner"] == 1  # seats counted from the viewer


def test_koikoi_goes_on_and_is_counted():
    g = game(HANAMI_DECK)
    g.apply({"type": "play", "card": 8})
    g.apply({"type": "koikoi"})
    assert g.current_player == 1 and g.state.phase == PLAY
    me = g.observation(0)["players"][0]
    assert me["koikoi"] == 1 and me["koikoi_at"] == 5 and me["points"] == 5


def test_asked_again_only_on_a_new_or_higher_yaku():
    s = state()
    s.captured = [mask_of([8, 32]), 0]  # Hanami-zake, 5 points
    s.koikoi, s.koikoi_at = [1, 0], [5, None]
    s.hands = [mask_of([3, 30, 44]), mask_of([1, 5])]
    s.table = mask_of([28])
    s.stock = [47, 46, 45, 43]  # top last: Dec, Dec, Nov, Nov — none matches
    s.to_move, s.phase = 0, PLAY
    s.do_play(44, None)  # nothing captured: still 5 points, the turn passes
    assert s.phase == PLAY and s.to_move == 1
    s.do_play(1, None)
    assert s.to_move == 0
    s.do_play(30, None)  # takes the Moon: Tsukimi-zake, 10 points
    assert s.phase == KOIKOI and s.to_move == 0


def test_shobu_after_the_opponents_koikoi_doubles():
    s = state()
    s.captured = [mask_of([8, 32]), mask_of([20, 24, 36])]  # seat 1 holds Ino-Shika-Cho
    s.koikoi, s.koikoi_at = [1, 0], [5, None]
    s.to_move, s.phase = 1, KOIKOI
    s.do_shobu()
    assert s.scores == [0, 10] and s.summaries[-1]["opponent_koikoi"] and s.summaries[-1]["multiplier"] == 2
    assert s.dealer == 1 and s.round == 2 and s.to_move == 1  # the winner deals next


def test_seven_points_and_koikoi_make_four_times():
    s = state()
    s.captured = [mask_of([0, 8, 28, 44]), mask_of([1])]  # Shiko, 8 points
    s.koikoi = [0, 2]
    s.to_move, s.phase = 0, KOIKOI
    s.do_shobu()
    rec = s.summaries[-1]
    assert rec["base"] == 8 and rec["seven_plus"] and rec["multiplier"] == 4 and rec["points"] == 32


def test_no_hand_cards_left_is_shobu_automatically():
    s = state()
    s.captured = [mask_of([32]), 0]
    s.hands = [mask_of([8]), mask_of([1])]
    s.table = mask_of([10])
    s.stock = [47]
    s.to_move, s.phase = 0, PLAY
    s.do_play(8, None)  # Curtain + Sake Cup with the last hand card
    rec = s.summaries[-1]
    assert rec["reason"] == "auto_shobu" and rec["winner"] == 0 and s.scores == [5, 0]
    assert s.round == 2 and s.phase == PLAY


def test_exhausted_hands_draw_for_zero_and_the_dealer_stays():
    s = state()
    s.dealer = 1
    s.captured = [mask_of([8, 32]), 0]
    s.koikoi, s.koikoi_at = [1, 0], [5, None]  # a koi-koi without a new yaku scores nothing
    s.hands = [mask_of([2]), mask_of([47])]
    s.table = mask_of([12])
    s.stock = [43, 46]
    s.to_move, s.phase = 1, PLAY
    s.do_play(47, None)  # Dec chaff, turns 46 (Dec) onto it: no yaku for seat 1
    assert s.to_move == 0
    s.do_play(2, None)  # pine chaff, nothing to take; turns 43: nothing
    rec = s.summaries[-1]
    assert rec["winner"] is None and rec["reason"] == "draw" and rec["points"] == 0
    assert s.scores == [0, 0] and s.dealer == 1 and s.round == 2 and s.to_move == 1


def test_the_match_ends_after_its_rounds_and_more_points_win():
    g = pygame_core.new_game("koikoi", seed=5, options={"rounds": 3})
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    r = g.result()
    assert len(r["rounds"]) == 3 and r["over"] and g.state.phase == OVER
    assert r["scores"] == r["rounds"][-1]["scores"]
    if r["scores"][0] != r["scores"][1]:
        assert r["winner"] == (0 if r["scores"][0] > r["scores"][1] else 1)
    assert g.current_player is None and g.legal_actions() == []
    for prev, nxt in zip(r["rounds"], r["rounds"][1:]):
        assert nxt["dealer"] == (prev["dealer"] if prev["winner"] is None else prev["winner"])


def test_four_of_a_month_on_the_table_is_redealt():
    g = pygame_core.new_game("koikoi", seed=380)  # its first shuffle put all of January out
    assert any(e["type"] == "redeal" for e in g.observation(0)["log"])
    assert four_on_table(list(range(16)) + [0, 1, 2, 3, 16, 17, 18, 19] + list(range(20, 48))) == 0
    for seed in range(60):
        table = pygame_core.new_game("koikoi", seed=seed).observation(0)["table"]
        assert all(sum(1 for c in table if c // 4 == m) < 4 for m in range(12))


def test_ranking_points_scale():
    assert ranking_points(0, [25, 5], True) == [100, 10]
    assert ranking_points(1, [5, 12], True) == [10, 74]
    assert ranking_points(0, [1, 0], True) == [62, 10]
    assert ranking_points(None, [7, 7], True) == [30, 30]
    assert ranking_points(None, [0, 0], False) == [0, 0]


def test_options_are_validated():
    assert KoiKoi(seed=1).options == {"rounds": 3, "first_dealer": None, "decks": None, "plus_one_yaku": False,
                                      "no_sake_yaku": False, "koikoi_once": False, "teshi": False}
    for rounds in (3, 6, 12):
        assert KoiKoi(seed=1, options={"rounds": rounds}).state.rounds == rounds
    for bad in ({"rounds": 4}, {"rounds": True}, {"rounds": "3"}, {"first_dealer": 2},
                {"decks": [[0] * 48]}, {"decks": []}, {"decks": [list(range(47))]},
                {"decks": [list(range(16)) + [0, 1, 2, 3, 16, 17, 18, 19] + list(range(20, 48))]},
                {"teshi": 1}, {"kuttsuki": True}):  # house rules are booleans; kuttsuki is part of teshi
        with pytest.raises(BadOptionsError):
            KoiKoi(seed=1, options=bad)


def test_result_shape():
    r = game().result()
    assert r == {"winner": None, "scores": [0, 0], "ranking_points": [0, 0], "over": False, "rounds": []}


@pytest.mark.parametrize("bad", [
    {"type": "play", "card": 1},  # not in hand
    {"type": "play", "card": 4, "take": 2},  # not a plum card
    {"type": "play", "card": 0, "take": 2},  # one match: no choice to make
    {"type": "take", "card": 13},  # no stock card is waiting
    {"type": "koikoi"},
    {"type": "shobu"},
    {"type": "play", "card": True},
    {"type": "play", "card": 0, "extra": 1},
    {"type": "bogus"},
    "play",
    None,
])
def test_illegal_actions_are_refused_with_context(bad):
    g = game()
    before = g.to_json(), g.observation(0), g.observation(1)
    with pytest.raises(IllegalActionError) as info:
        g.apply(bad)
    assert "move 0" in str(info.value)
    assert (g.to_json(), g.observation(0), g.observation(1)) == before


def test_editing_a_view_cannot_change_the_game():
    g = game()
    g.apply({"type": "play", "card": 0})
    before = g.to_json(), g.observation(0)
    view = g.observation(1)
    view["table"].append(47)
    view["log"][-2]["took"].clear()
    view["players"][1]["captured"]["bright"].append(44)
    assert (g.to_json(), g.observation(0)) == before


def test_a_round_summary_keeps_the_final_table_from_each_side():
    """The board shows the round that ended, not the next deal: each summary carries both
    sides' captures, their yaku and the table as the round ended, seen from each seat."""
    g = pygame_core.new_game("koikoi", seed=5, options={"rounds": 3})
    rng = random.Random(5)
    while not g.observation(0)["rounds_played"]:
        g.apply(rng.choice(g.legal_actions()))
    views = [g.observation(seat)["rounds_played"][0] for seat in (0, 1)]
    assert views[0]["captured"] == views[1]["captured"][::-1]
    assert views[0]["captured_yaku"] == views[1]["captured_yaku"][::-1]
    mine, theirs = views[0]["captured"]
    cards = [c for pile in (mine, theirs) for group in pile.values() for c in group] + views[0]["table"]
    assert len(cards) == len(set(cards)) <= 48 - views[0]["stock"]  # the rest is in the hands
    winner = views[0]["winner"]
    if winner is not None:
        assert [y["name"] for y in views[0]["captured_yaku"][winner]] == [y["name"] for y in views[0]["yaku"]]
