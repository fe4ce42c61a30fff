"""Koi-Koi house rules (seeds/koikoi.md, "House rules"): each match option
changes the outcome it names, and with every option off the game is the
source's game."""

from __future__ import annotations

import json
import random

import pytest

import pygame_core
from pygame_core import bridge
from pygame_core.errors import BadOptionsError, IllegalActionError
from pygame_core.koikoi import DEFAULT_OPTIONS
from pygame_core.koikoi.bots import evaluate, potential, score_actions
from pygame_core.koikoi.cards import mask_of
from pygame_core.koikoi.game import KoiKoi
from pygame_core.koikoi.rules import KOIKOI, PLAY, State, dealt_hand_yaku
from pygame_core.koikoi.view import world_from_observation
from pygame_core.koikoi.yaku import SOURCE_RULES, HouseRules, points, score, total
from pygame_core.protocol import load_game

HOUSE = ("plus_one_yaku", "no_sake_yaku", "koikoi_once", "teshi")
PLUS_ONE = HouseRules(plus_one=True)
NO_SAKE = HouseRules(no_sake=True)


def make_deck(hand0, hand1, table, stock_top=()):
    fixed = list(hand0) + list(hand1) + list(table) + list(stock_top)
    deck = fixed + [c for c in range(48) if c not in fixed]
    assert sorted(deck) == list(range(48)) and len(hand0) == len(hand1) == len(table) == 8
    return deck


# No four of a month, no four pairs in either hand (a plain round).
PLAIN = make_deck([0, 4, 8, 16, 20, 24, 36, 44], [1, 17, 21, 25, 29, 33, 37, 41],
                  [2, 5, 6, 9, 10, 11, 13, 14], [12, 45, 46, 47])
# Seat 0 plays the Curtain onto a cherry chaff, the Sake Cup comes up onto a
# September chaff: Hanami-zake under the source's rules.
HANAMI = make_deck([8, 0, 4, 12, 16, 20, 24, 28], [1, 5, 13, 17, 21, 25, 29, 36],
                   [10, 35, 2, 6, 14, 18, 22, 26], [32, 45])
TESHI = make_deck([0, 1, 2, 3, 4, 8, 12, 16], [5, 9, 13, 17, 20, 24, 28, 36],
                  [6, 10, 14, 18, 21, 25, 29, 37])  # seat 0 holds all four pine cards
KUTTSUKI = make_deck([0, 20, 24, 28, 32, 36, 40, 44], [4, 5, 8, 9, 12, 13, 16, 17],
                     [1, 2, 6, 10, 14, 18, 21, 25])  # seat 1 holds four pairs
BOTH = make_deck([0, 1, 2, 3, 20, 24, 28, 32], [4, 5, 8, 9, 12, 13, 16, 17],
                 [6, 10, 14, 18, 21, 25, 29, 36])


def game(decks, **options) -> KoiKoi:
    return pygame_core.new_game("koikoi", seed=3, options={"decks": decks, "first_dealer": 0, **options})


def state(rules: HouseRules = SOURCE_RULES) -> State:
    return State(random.Random(0), rounds=3, dealer=0, decks=[PLAIN, PLAIN], log=[], rules=rules)


# ------------------------------------------------------------------ options
def test_house_rules_are_options_off_by_default_and_shown_in_the_view():
    assert all(DEFAULT_OPTIONS[key] is False for key in HOUSE)
    assert KoiKoi.default_options is DEFAULT_OPTIONS
    g = pygame_core.new_game("koikoi", seed=1)
    assert g.state.rules == SOURCE_RULES
    assert g.observation(0)["house_rules"] == {key: False for key in HOUSE}
    g = pygame_core.new_game("koikoi", seed=1, options={key: True for key in HOUSE})
    assert g.state.rules == HouseRules(True, True, True, True)
    assert g.observation(1)["house_rules"] == {key: True for key in HOUSE}


@pytest.mark.parametrize("key", HOUSE)
@pytest.mark.parametrize("bad", [0, 1, None, "true", "on", [True], 1.0])
def test_a_house_rule_is_true_or_false_and_nothing_else(key, bad):
    with pytest.raises(BadOptionsError, match=f"option '{key}' must be true or false"):
        pygame_core.new_game("koikoi", seed=1, options={key: bad})


def test_the_bridge_and_a_save_keep_the_house_rules():
    bridge.reset()
    options = {"plus_one_yaku": True, "koikoi_once": True, "first_dealer": 1}
    reply = json.loads(bridge.handle(json.dumps({"cmd": "new", "game": "koikoi", "seed": 5, "options": options})))
    assert reply["ok"], reply
    session = reply["data"]["session"]
    saved = json.loads(bridge.handle(json.dumps({"cmd": "save", "session": session})))["data"]["save"]
    assert saved["options"]["plus_one_yaku"] is True and saved["options"]["koikoi_once"] is True
    assert saved["options"]["no_sake_yaku"] is False and saved["options"]["teshi"] is False
    reply = json.loads(bridge.handle(json.dumps({"cmd": "load", "save": saved})))
    assert reply["ok"], reply
    g = load_game(saved)
    assert g.state.rules == HouseRules(plus_one=True, koikoi_once=True)
    bridge.reset()


# ------------------------------------------------------------------ +1 per extra card
# (captured cards, source's yaku, +1 reading's yaku)
PLUS_CASES = [
    ([20, 24, 36], {"inoshikacho": 5}, {"inoshikacho": 5}),
    ([20, 24, 36, 4, 12], {"inoshikacho": 5, "tane": 1}, {"inoshikacho": 7}),
    ([20, 24, 36, 4, 12, 16, 32], {"inoshikacho": 5, "tane": 3}, {"inoshikacho": 9}),  # the sake cup is an animal
    ([4, 12, 16, 29, 41], {"tane": 1}, {"tane": 1}),  # no set yaku: Tane as usual
    ([1, 5, 9], {"akatan": 5}, {"akatan": 5}),
    ([1, 5, 9, 13, 17], {"akatan": 5, "tanzaku": 1}, {"akatan": 7}),
    ([21, 33, 37, 13], {"aotan": 5}, {"aotan": 6}),
    ([1, 5, 9, 21, 33, 37], {"akatan_aotan": 10, "tanzaku": 2}, {"akatan_aotan": 10}),
    ([1, 5, 9, 21, 33, 37, 13], {"akatan_aotan": 10, "tanzaku": 3}, {"akatan_aotan": 11}),
    ([13, 17, 25, 42, 1], {"tanzaku": 1}, {"tanzaku": 1}),
    ([20, 24, 36, 32, 2, 3, 6, 7, 10, 11, 14, 15, 18], {"inoshikacho": 5, "kasu": 1},
     {"inoshikacho": 6, "kasu": 1}),  # Kasu is untouched
]


@pytest.mark.parametrize("cards, source, plus_one", PLUS_CASES)
def test_plus_one_reading_scores_further_cards_inside_the_set_yaku(cards, source, plus_one):
    mask = mask_of(cards)
    assert {y["name"]: y["points"] for y in score(cards)} == source
    assert total(score(cards)) == points(mask) == sum(source.values())
    found = score(cards, PLUS_ONE)
    assert {y["name"]: y["points"] for y in found} == plus_one
    assert total(found) == points(mask, PLUS_ONE) == sum(plus_one.values())


def test_six_ribbons_score_12_by_default_and_10_under_plus_one():
    six = mask_of([1, 5, 9, 21, 33, 37])
    assert points(six) == 12 and points(six, PLUS_ONE) == 10
    [yaku] = score([1, 5, 9, 21, 33, 37], PLUS_ONE)
    assert yaku["cards"] == [1, 5, 9, 21, 33, 37]


def test_plus_one_changes_the_round_score():
    # Ino-Shika-Cho and two more animals: 5 + Tane 1 = 6 by default; 7 under
    # the +1 reading, which reaches the doubling for seven or more.
    for rules, base, scored in ((SOURCE_RULES, 6, 6), (PLUS_ONE, 7, 14)):
        s = state(rules)
        s.captured = [mask_of([20, 24, 36, 4, 12]), 0]
        s.to_move, s.phase = 0, KOIKOI
        s.do_shobu()
        assert s.scores == [scored, 0] and s.summaries[-1]["base"] == base, rules


# ------------------------------------------------------------------ no sake yaku
def test_without_sake_yaku_the_curtain_and_sake_cup_make_nothing():
    g = game([HANAMI])
    g.apply({"type": "play", "card": 8})
    assert g.state.phase == KOIKOI and g.observation(0)["players"][0]["points"] == 5
    g = game([HANAMI], no_sake_yaku=True)
    g.apply({"type": "play", "card": 8})
    assert g.state.phase == PLAY and g.current_player == 1  # no yaku: the turn passes
    me = g.observation(0)["players"][0]
    assert 8 in me["captured"]["bright"] and 32 in me["captured"]["animal"]
    assert me["points"] == 0 and me["yaku"] == []
    # Only those two go: the Sake Cup still counts toward Tane and Kasu.
    cards = [8, 28, 32, 4, 12, 16, 20]
    assert {y["name"]: y["points"] for y in score(cards, NO_SAKE)} == {"tane": 1}
    assert points(mask_of(cards)) == 11


# ------------------------------------------------------------------ koi-koi once
def second_yaku(rules: HouseRules) -> State:
    """Seat 0 called koi-koi on Hanami-zake and now takes the Moon: Tsukimi-zake too."""
    s = state(rules)
    s.captured = [mask_of([8, 32]), 0]
    s.koikoi, s.koikoi_at = [1, 0], [5, None]
    s.hands = [mask_of([3, 30, 44]), mask_of([1, 5])]
    s.table = mask_of([28])
    s.stock = [47, 46, 45, 43]
    s.to_move, s.phase = 0, PLAY
    s.do_play(30, None)
    return s


def test_koikoi_once_ends_the_round_on_the_next_yaku():
    s = second_yaku(SOURCE_RULES)
    assert s.phase == KOIKOI and s.legal_actions() == [{"type": "koikoi"}, {"type": "shobu"}]
    s = second_yaku(HouseRules(koikoi_once=True))
    rec = s.summaries[-1]
    assert rec["winner"] == 0 and rec["reason"] == "koikoi_once" and rec["base"] == 10
    assert s.scores == [20, 0] and s.round == 2  # 10 points, doubled for seven or more


def test_koikoi_once_refuses_a_second_koikoi_in_the_game():
    g = game([HANAMI, PLAIN], koikoi_once=True)
    g.apply({"type": "play", "card": 8})
    g.apply({"type": "koikoi"})  # the first call is allowed
    assert g.state.koikoi == [1, 0]
    s = g.state  # seat 0 gets to the Moon with the Tsukimi-zake ready
    s.hands = [mask_of([3, 30, 44]), mask_of([1, 5])]
    s.table = mask_of([28])
    s.stock = [47, 46, 45, 43]
    s.to_move, s.phase = 0, PLAY
    g.apply({"type": "play", "card": 30})
    with pytest.raises(IllegalActionError):
        g.apply({"type": "koikoi"})
    r = g.result()["rounds"][-1]
    assert r["reason"] == "koikoi_once" and r["winner"] == 0
    stop = {"type": "shobu", "seat": 1, "auto": True, "once": True, "points": 10}  # seat 1: counted from the viewer
    assert stop in g.observation(1)["log"]


# ------------------------------------------------------------------ teshi / kuttsuki
def test_dealt_hand_yaku_finds_four_of_a_month_and_four_pairs():
    assert dealt_hand_yaku(mask_of([0, 1, 2, 3, 4, 8, 12, 16])) == ("teshi", mask_of([0, 1, 2, 3]))
    assert dealt_hand_yaku(mask_of([4, 5, 8, 9, 12, 13, 16, 17])) == ("kuttsuki", mask_of([4, 5, 8, 9, 12, 13, 16, 17]))
    assert dealt_hand_yaku(mask_of([4, 5, 8, 9, 12, 13, 16, 20])) is None  # three pairs
    assert dealt_hand_yaku(mask_of([0, 1, 2, 4, 5, 6, 8, 12])) is None  # threes are nothing


def test_teshi_is_played_normally_by_default():
    g = game([TESHI, PLAIN])
    assert g.state.round == 1 and g.state.phase == PLAY and g.result()["rounds"] == []


def test_teshi_wins_the_round_with_its_points():
    g = game([TESHI, PLAIN], teshi=True)
    [rec] = g.result()["rounds"]
    assert rec["winner"] == 0 and rec["reason"] == "teshi" and rec["points"] == 6
    assert rec["yaku"] == [{"name": "teshi", "points": 6, "cards": [0, 1, 2, 3]}]
    assert g.result()["scores"] == [6, 0]
    assert g.state.round == 2 and g.state.dealer == 0 and g.state.phase == PLAY
    assert g.observation(0)["hand"] == [0, 4, 8, 16, 20, 24, 36, 44]  # round 2 dealt from PLAIN
    shown = [e for e in g.observation(1)["log"] if e["type"] == "teshi"]
    assert shown == [{"type": "teshi", "seat": 1, "name": "teshi", "points": 6, "cards": [0, 1, 2, 3],
                      "hand": [0, 1, 2, 3, 4, 8, 12, 16]}]


def test_kuttsuki_wins_the_round_for_the_non_dealer_who_then_deals():
    g = game([KUTTSUKI, PLAIN], teshi=True)
    [rec] = g.result()["rounds"]
    assert rec["winner"] == 1 and rec["reason"] == "kuttsuki" and rec["points"] == 6
    assert g.result()["scores"] == [0, 6] and g.state.dealer == 1 and g.current_player == 1


def test_both_dealt_hands_draw_the_round():
    g = game([BOTH, PLAIN], teshi=True)
    [rec] = g.result()["rounds"]
    assert rec["winner"] is None and rec["reason"] == "teshi_both" and g.result()["scores"] == [0, 0]
    assert g.state.dealer == 0 and g.state.round == 2


def test_a_teshi_in_the_last_round_ends_the_match():
    g = game([PLAIN, TESHI], rounds=3, teshi=True)
    g.state.rounds = 2  # as if the match had two rounds: round 2 is dealt on the next deal
    g.state.finish_round(None, "draw")
    assert g.is_over and g.result()["winner"] == 0 and g.result()["scores"] == [6, 0]


# ------------------------------------------------------------------ the AI
@pytest.mark.parametrize("key", HOUSE)
def test_the_ai_sees_the_house_rules_and_its_worlds_play_by_them(key):
    g = pygame_core.new_game("koikoi", seed=11, options={key: True})
    view = g.observation(g.current_player)
    world = world_from_observation(view, random.Random(1))
    assert world.rules == HouseRules.from_options({key: True})
    assert world.copy().rules == world.rules


def test_the_ai_estimates_follow_the_scoring_options():
    curtain_and_cup = mask_of([8, 32])
    assert potential(curtain_and_cup, 0) >= 5 and potential(curtain_and_cup, 0, NO_SAKE) < 5
    assert evaluate(mask_of([8]), 0, NO_SAKE) < evaluate(mask_of([8]), 0)  # no sake yaku in reach
    isc = mask_of([20, 24, 36, 4, 12])
    assert potential(isc, 0, PLUS_ONE) >= 7 > potential(0, 0, PLUS_ONE)


def test_no_level_values_the_sake_yaku_under_no_sake():
    # With the Curtain in hand and the Sake Cup captured, the source's rules make
    # the Curtain play a yaku; without sake yaku normal's score for it falls.
    g = game([make_deck([34, 8, 2, 6, 14, 18, 22, 47], [1, 5, 13, 17, 21, 25, 29, 36],
                        [32, 10, 3, 7, 15, 19, 23, 26], [44, 45, 46, 40, 41, 42, 43])])
    h = game([make_deck([34, 8, 2, 6, 14, 18, 22, 47], [1, 5, 13, 17, 21, 25, 29, 36],
                        [32, 10, 3, 7, 15, 19, 23, 26], [44, 45, 46, 40, 41, 42, 43])], no_sake_yaku=True)
    for x in (g, h):
        x.apply({"type": "play", "card": 34})
        x.apply({"type": "play", "card": 1})
    legal = g.legal_actions()
    curtain = legal.index({"type": "play", "card": 8})
    with_sake = score_actions(g.observation(0))[curtain]
    without = score_actions(h.observation(0))[curtain]
    assert with_sake - without > 3
    assert pygame_core.new_bot("koikoi", "normal", seed=3).choose(g.observation(0)) == {"type": "play", "card": 8}


@pytest.mark.parametrize("key", HOUSE)
def test_every_level_finishes_a_match_under_each_house_rule(key):
    for seed in range(2):
        g = pygame_core.new_game("koikoi", seed=seed, options={key: True})
        bots = [pygame_core.new_bot("koikoi", level, seed=seed) for level in ("hard", "easy")]
        if seed:
            bots = [pygame_core.new_bot("koikoi", "normal", seed=seed), bots[0]]
        while not g.is_over:
            p = g.current_player
            g.apply(bots[p].choose(g.observation(p)))
        result = g.result()
        assert result["over"] and len(result["rounds"]) == 3
        for rec in result["rounds"]:  # every round's points follow the option
            if rec["winner"] is not None and rec["reason"] not in ("teshi", "kuttsuki"):
                assert rec["base"] == total(rec["yaku"])
        if key == "koikoi_once":
            assert all(max(rec["koikoi"]) <= 1 for rec in result["rounds"])
        if key == "no_sake_yaku":
            assert not any(y["name"].endswith("_zake") for rec in result["rounds"] for y in rec["yaku"])
