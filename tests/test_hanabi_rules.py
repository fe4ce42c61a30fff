"""Rule scenarios for Hanabi (seeds/hanabi.md), built from fixed decks."""

from __future__ import annotations

import json

import pytest

import pygame_core
from pygame_core.errors import BadOptionsError, IllegalActionError
from pygame_core.hanabi.cards import FULL_DECK, short_name
from pygame_core.hanabi.game import Hanabi
from pygame_core.hanabi.rules import ranking_points


def deck_with(front: list[str]) -> list[str]:
    """A full 50-card deck that starts with `front`; the rest in box order."""
    rest = [short_name(i) for i in FULL_DECK]
    for name in front:
        rest.remove(name)
    return front + rest


def game(front: list[str], players: int = 2) -> Hanabi:
    return pygame_core.new_game("hanabi", seed=5, options={"players": players, "deck": deck_with(front)})


def snapshot(g: Hanabi) -> str:
    return json.dumps([g.to_json()] + [g.observation(p) for p in range(g.num_players)], sort_keys=True)


def refused(g: Hanabi, action) -> None:
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(action)
    assert snapshot(g) == before


SEAT0 = ["r1", "y1", "g2", "b3", "w5"]
SEAT1 = ["r2", "y3", "g4", "b4", "w4"]


def test_deal_hand_sizes_and_what_each_player_sees():
    for players, size in ((2, 5), (3, 5), (4, 4), (5, 4)):
        g = pygame_core.new_game("hanabi", seed=1, options={"players": players})
        assert [len(h) for h in g.state.hands] == [size] * players
        assert g.state.deck_left == 50 - size * players
    g = game(SEAT0 + SEAT1)
    v0, v1 = g.observation(0), g.observation(1)
    assert [c["colour"] for c in v0["hands"][0]] == [None] * 5
    assert [(c["colour"], c["rank"]) for c in v0["hands"][1]] == [
        ("red", 2), ("yellow", 3), ("green", 4), ("blue", 4), ("white", 4)]
    assert [c["id"] for c in v0["hands"][0]] == [0, 1, 2, 3, 4]
    assert [c["id"] for c in v1["hands"][1]] == [0, 1, 2, 3, 4]  # seat 0 seen from seat 1
    assert v0["clues"] == 8 and v0["strikes"] == 0 and v0["deck"] == 40
    assert "legal_actions" in v0 and "legal_actions" not in v1
    assert v0["to_move"] == 0 and v1["to_move"] == 1


def test_clue_must_touch_a_card_and_updates_knowledge():
    g = game(SEAT0 + SEAT1)
    legal = g.legal_actions()
    assert {"type": "clue", "target": 1, "colour": "blue"} in legal
    assert {"type": "clue", "target": 1, "rank": 1} not in legal  # seat 1 holds no 1
    refused(g, {"type": "clue", "target": 1, "rank": 1})
    refused(g, {"type": "clue", "target": 0, "rank": 2})  # not oneself
    g.apply({"type": "clue", "target": 1, "rank": 4})
    hand = g.observation(1)["hands"][0]
    assert [c["ranks"] for c in hand] == [[1, 2, 3, 5], [1, 2, 3, 5], [4], [4], [4]]
    assert [c["clued"] for c in hand] == [False, False, True, True, True]
    assert g.observation(1)["clues"] == 7
    entry = g.observation(0)["log"][-1]
    assert entry == {"type": "clue", "seat": 0, "target": 1, "rank": 4, "slots": [2, 3, 4], "ids": [7, 8, 9]}
    assert g.observation(1)["log"][-1]["seat"] == 1 and g.observation(1)["log"][-1]["target"] == 0


def test_no_clue_without_tokens():
    g = game(SEAT0 + SEAT1)
    for turn in range(8):
        g.apply({"type": "clue", "target": 1, "rank": 4 if turn % 2 == 0 else 1})
    assert g.state.clues == 0
    assert not any(a["type"] == "clue" for a in g.legal_actions())
    refused(g, {"type": "clue", "target": 1, "rank": 4})


def test_no_discard_with_all_tokens_and_a_discard_regains_one():
    g = game(SEAT0 + SEAT1)
    assert not any(a["type"] == "discard" for a in g.legal_actions())
    refused(g, {"type": "discard", "slot": 0})
    g.apply({"type": "clue", "target": 1, "colour": "red"})
    g.apply({"type": "discard", "slot": 4})
    assert g.state.clues == 8
    view = g.observation(0)
    assert view["discards"] == [{"id": 9, "colour": "white", "rank": 4}]
    assert view["hands"][1][0]["id"] == 10  # the draw enters at slot 0


def test_play_builds_stacks_and_a_miss_strikes():
    g = game(SEAT0 + SEAT1)
    g.apply({"type": "play", "slot": 0})  # r1
    g.apply({"type": "play", "slot": 0})  # r2
    assert g.observation(0)["stacks"]["red"] == 2
    g.apply({"type": "play", "slot": 3})  # b3 is not playable
    assert g.state.strikes == 1 and g.state.discards[-1][0] == 3
    assert g.observation(1)["log"][-2]["ok"] is False


def test_a_five_returns_a_clue_token_only_if_one_is_missing():
    # Seat 0 holds the whole red suit; seat 1 plays the other 1s and clues.
    g = game(["r5", "r4", "r3", "r2", "r1", "y1", "g1", "b1", "w1", "y2"])
    # Oldest card is the last slot: play slot 4 each time (new cards enter at 0).
    g.apply({"type": "play", "slot": 4})  # r1
    g.apply({"type": "clue", "target": 1, "rank": 5})
    g.apply({"type": "play", "slot": 4})  # r2
    g.apply({"type": "clue", "target": 1, "rank": 5})
    g.apply({"type": "play", "slot": 4})  # r3
    g.apply({"type": "play", "slot": 4})  # seat 1: y2
    g.apply({"type": "play", "slot": 4})  # r4
    g.apply({"type": "play", "slot": 3})  # seat 1: w1
    assert g.state.clues == 6
    g.apply({"type": "play", "slot": 4})  # r5 completes red
    assert g.state.stacks[0] == 5 and g.state.clues == 7
    assert g.observation(1)["log"][-2]["clue_back"] is True
    # With all tokens available a completed colour gives nothing.
    g2 = game(["r5", "r4", "r3", "r2", "r1", "y1", "g1", "b1", "w1", "y2"])
    for _ in range(4):
        g2.apply({"type": "play", "slot": 4})
        g2.apply({"type": "play", "slot": 0})  # seat 1 plays its newest card, a miss or not
        if g2.is_over:
            break
    assert g2.state.clues == 8


def test_the_last_card_gives_everyone_one_more_turn():
    for players in (2, 3):
        g = pygame_core.new_game("hanabi", seed=9, options={"players": players})
        while g.state.deck_left:
            if g.state.clues < 8:
                g.apply({"type": "discard", "slot": len(g.state.hands[g.state.to_move]) - 1})
            else:
                g.apply(next(a for a in g.legal_actions() if a["type"] == "clue"))
        assert g.state.turns_left == players
        assert g.observation(0)["turns_left"] == players
        assert g.observation(0)["log"][-1]["type"] == "last_card"
        drawer = (g.state.to_move - 1) % players
        seen = []
        while not g.is_over:
            seen.append(g.current_player)
            g.apply(next(a for a in g.legal_actions() if a["type"] != "play"))
        assert len(seen) == players and seen[-1] == drawer
        assert g.result()["reason"] == "final_round" and g.result()["over"]


def test_the_third_strike_ends_the_game_with_zero():
    g = game(SEAT0 + SEAT1)
    g.apply({"type": "play", "slot": 0})  # r1 scores
    g.apply({"type": "play", "slot": 4})  # seat 1: w4, strike 1
    g.apply({"type": "play", "slot": 4})  # w5, strike 2
    assert g.state.strikes == 2 and not g.is_over
    g.apply({"type": "play", "slot": 4})  # seat 1: b4, strike 3
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    r = g.result()
    assert r["scores"] == [0, 0] and r["reason"] == "strikes" and r["stacks"] == 1
    assert r["ranking_points"] == [10, 10]
    assert g.observation(0)["log"][-1] == {"type": "game_over", "reason": "strikes", "score": 0}
    with pytest.raises(IllegalActionError):
        g.apply({"type": "play", "slot": 0})


def test_a_perfect_game_ends_at_25():
    names = [short_name(i) for i in range(25)] + [short_name(i) for i in FULL_DECK]
    for i in range(25):
        names.remove(short_name(i))
    # Seat 0 starts with the red suit, seat 1 with the yellow one; the rest follows in order.
    g = pygame_core.new_game("hanabi", seed=1, options={"deck": names[:25] + names[25:]})
    while not g.is_over:
        s = g.state
        hand = s.hands[s.to_move]
        slot = next((i for i, c in enumerate(hand) if s.stacks[c.ident // 5] == c.ident % 5), None)
        trash = next((i for i, c in enumerate(hand) if s.stacks[c.ident // 5] > c.ident % 5), None)
        if slot is not None:
            g.apply({"type": "play", "slot": slot})
        elif trash is not None and s.clues < 8:
            g.apply({"type": "discard", "slot": trash})
        else:
            g.apply(next(a for a in g.legal_actions() if a["type"] == "clue"))
    assert g.result()["scores"] == [25, 25] and g.result()["reason"] == "perfect"
    assert g.result()["ranking_points"] == [100, 100]


def test_ranking_points_scale():
    assert [ranking_points(s, True) for s in (0, 10, 15, 20, 24, 25)] == [10, 46, 64, 82, 96, 100]
    assert ranking_points(20, False) == 0


def test_options_are_checked():
    for bad in ({"players": 1}, {"players": 6}, {"players": True}, {"deck": ["r1"] * 50},
                {"deck": deck_with([])[:-1]}, {"deck": "r1"}, {"colours": 6}):
        with pytest.raises(BadOptionsError):
            pygame_core.new_game("hanabi", seed=1, options=bad)
    g = pygame_core.new_game("hanabi", seed=1, options={"deck": [{"colour": "red", "rank": 1}] + deck_with(["r1"])[1:]})
    assert g.state.hands[0][0].ident == 0  # the object form names the red 1


def test_malformed_actions_are_refused():
    g = game(SEAT0 + SEAT1)
    for bad in ({"type": "play"}, {"type": "play", "slot": 5}, {"type": "play", "slot": True},
                {"type": "clue", "target": 1}, {"type": "clue", "target": 1, "colour": "pink"},
                {"type": "clue", "target": 1, "colour": "red", "rank": 2}, {"type": "clue", "target": 2, "rank": 2},
                {"type": "play", "slot": 0, "why": "x"}, "play", None, {"type": "clue", "target": 1, "rank": 2.0}):
        refused(g, bad)


def test_save_round_trip():
    g = game(SEAT0 + SEAT1)
    g.apply({"type": "clue", "target": 1, "colour": "red"})
    g.apply({"type": "play", "slot": 0})
    loaded = pygame_core.load_game(json.dumps(g.to_json()))
    assert snapshot(loaded) == snapshot(g)
