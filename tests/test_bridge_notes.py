"""The AI's explanations a save brings back are checked like every other field.

A note comes back only if its game accepts its reason (`Game.check_reason`:
a known code, known fields, values of the known types and ranges); a planted
one is dropped on load. Every reason the bots give, as a player is shown it,
passes its game's check (a loop over seeded games at every level).
"""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_core
from pygame_core import bridge


def ask(request: dict) -> dict:
    reply = json.loads(bridge.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply["data"]


def played_with_notes(game: str, seed: int, level: str, human: int, rng: random.Random, notes: int = 10**6,
                      **options) -> tuple[dict, dict]:
    """A game through the bridge (the person plays random legal moves) until it ends or has
    `notes` notes; the view then, and the save with its notes."""
    view = ask({"cmd": "new", "game": game, "seed": seed, "level": level, "human": human, "options": options})
    while not view["is_over"] and len(view["notes"]) < notes:
        if view["waiting_for"] == "human":
            action = rng.choice(view["observation"]["legal_actions"])
            view = ask({"cmd": "apply", "session": view["session"], "move": view["move"], "action": action})
        else:
            view = ask({"cmd": "bot", "session": view["session"], "move": view["move"]})["view"]
    saved = ask({"cmd": "save", "session": view["session"]})
    ask({"cmd": "close", "session": view["session"]})
    return view, saved


def reload(saved: dict, notes: list) -> list:
    """The notes a load keeps of `notes`, given with the save."""
    view = ask({"cmd": "load", "save": saved["save"], "human": saved["human"], "level": saved["level"],
                "notes": notes})
    ask({"cmd": "close", "session": view["session"]})
    return view["notes"]


# ------------------------------------------------------------ every reason a bot gives passes
def test_every_reason_the_teammates_give_passes_the_hanabi_check():
    """Hanabi with 2-5 players at every level, the person in each seat: every note shown
    to the person is one `check_reason` accepts, so all of them come back with the save."""
    rng = random.Random(25)
    codes: set[str] = set()
    started = time.monotonic()
    for k, (players, level) in enumerate([(p, lv) for lv in ("easy", "normal", "hard") for p in (2, 3, 4, 5)]):
        # hard looks ahead near the end: a shorter game keeps the loop quick
        view, saved = played_with_notes("hanabi", 100 + k, level, k % players, rng,
                                        notes=12 if level == "hard" else 10**6, players=players)
        game = pygame_core.load_game(saved["save"])
        for note in view["notes"]:
            assert game.check_reason(note["why"]), note
            codes.add(note["why"]["code"])
        assert reload(saved, saved["notes"]) == saved["notes"]
    assert {"clue_play", "clue_save", "play_known", "discard_chop"} <= codes, codes
    assert time.monotonic() - started < 30


def test_every_reason_given_at_a_table_of_bots_passes_for_every_reader(monkeypatch):
    """Whole games of bots in every seat (so every kind of move comes up, the hard level's
    look-ahead too, here with a small budget): each reason, as each other seat may read it
    (reason_for), passes the check."""
    from pygame_core.hanabi.bots import HanabiBot

    monkeypatch.setattr(HanabiBot, "SEARCH_WORLDS", 4)
    monkeypatch.setattr(HanabiBot, "SEARCH_BUDGET", 120)
    monkeypatch.setattr(HanabiBot, "SEARCH_BUDGET_TWO", 120)
    codes: set[str] = set()
    for players, level in ((2, "hard"), (3, "normal"), (4, "normal"), (5, "easy")):
        game = pygame_core.new_game("hanabi", seed=players, options={"players": players})
        bots = [pygame_core.new_bot("hanabi", level=level, seed=seat) for seat in range(players)]
        while not game.is_over:
            seat = game.current_player
            action = bots[seat].choose(game.observation(seat))
            for reader in range(1, players):
                why = bots[seat].reason_for(reader)
                assert game.check_reason(why), (players, why)
                codes.add(why["code"])
            game.apply(action)
    assert {"clue_play", "clue_save", "clue_info", "play_known", "discard_chop", "lookahead"} <= codes, codes


def test_every_reason_the_koikoi_ai_gives_passes_the_koikoi_check():
    rng = random.Random(7)
    seen = 0
    for k in range(4):  # every level explains with the same function (bots.koikoi_reason): easy is quickest
        view, saved = played_with_notes("koikoi", 40 + k, ("easy", "normal")[k % 2], k % 2, rng, rounds=3)
        game = pygame_core.load_game(saved["save"])
        for note in view["notes"]:
            assert game.check_reason(note["why"]), note
            seen += 1
        assert reload(saved, saved["notes"]) == saved["notes"]
    assert seen >= 3


# ------------------------------------------------------------ planted notes are dropped
@pytest.fixture(scope="module")
def hanabi_save() -> tuple[dict, dict]:
    """A Hanabi game of three with a few notes of each kind of move, and its save."""
    view, saved = played_with_notes("hanabi", 3, "normal", 0, random.Random(3), notes=8, players=3)
    assert len(saved["notes"]) >= 4
    return view, saved


PLANTED = [  # how a real note's reason is changed: the load must drop that note
    ("unknown code", lambda why: {**why, "code": "clue_everything"}),
    ("extra field", lambda why: {**why, "note": "hello"}),
    ("img as a colour", lambda why: {"code": "clue_play", "target": 1, "colour": '<img src=x onerror="alert(1)">'}),
    ("img in a card", lambda why: {"code": "clue_play", "target": 1, "rank": 2,
                                   "card": {"colour": "<img src=x>", "rank": 2}}),
    ("slot out of range", lambda why: {"code": "discard_chop", "slot": 5}),  # three players: slots 0-4
    ("clue's slot out of range", lambda why: {"code": "clue_play", "target": 1, "rank": 2, "slot": 5}),
    ("slot on an info clue", lambda why: {"code": "clue_info", "target": 1, "rank": 2, "slot": 0}),
    ("negative slot", lambda why: {"code": "play_known", "slot": -1}),
    ("slot as text", lambda why: {"code": "play_forced", "slot": "0"}),
    ("slot as true", lambda why: {"code": "play_forced", "slot": True}),
    ("rank out of range", lambda why: {"code": "clue_info", "target": 1, "rank": 6}),
    ("colour and rank", lambda why: {"code": "clue_info", "target": 1, "rank": 1, "colour": "red"}),
    ("no value", lambda why: {"code": "clue_info", "target": 1}),
    ("target oneself", lambda why: {"code": "clue_info", "target": 0, "rank": 1}),
    ("target beyond the table", lambda why: {"code": "clue_info", "target": 3, "rank": 1}),
    ("unknown save", lambda why: {"code": "clue_save", "target": 1, "rank": 5, "save": "<b>"}),
    ("chance above 1", lambda why: {"code": "play_risky", "slot": 0, "chance": 2}),
    ("clue basis with text", lambda why: {"code": "play_known", "slot": 0,
                                          "clue": {"by": 1, "slot": 0, "as": "play", "colour": "hb.Colour.x"}}),
    ("lookahead of itself", lambda why: {"code": "lookahead", "gain": 1.0, "worlds": 24, "usual": "lookahead"}),
]


@pytest.mark.parametrize("name, plant", PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_explanation_is_dropped_on_load(hanabi_save, name, plant):
    _, saved = hanabi_save
    notes = saved["notes"]
    planted = [notes[0], {**notes[1], "why": plant(notes[1]["why"])}, *notes[2:]]
    kept = reload(saved, planted)
    assert kept == [notes[0], *notes[2:]], name  # only the planted note goes; the game and the others stay


def test_the_real_notes_of_every_kind_pass_and_each_check_is_strict(hanabi_save):
    _, saved = hanabi_save
    game = pygame_core.load_game(saved["save"])
    for note in saved["notes"]:
        assert game.check_reason(note["why"])
    for good in ({"code": "clue_play", "target": 2, "colour": "white", "card": {"colour": "white", "rank": 1}},
                 {"code": "clue_play", "target": 1, "rank": 2, "slot": 3},  # the card a clue to the reader is about
                 {"code": "clue_save", "target": 1, "rank": 5, "save": "five"},
                 {"code": "clue_stall", "target": 1, "rank": 3, "stall": "full"},
                 {"code": "play_known", "slot": 4, "clue": {"by": 2, "slot": 3, "as": "tempo", "rank": 1}},
                 {"code": "play_risky", "slot": 0, "chance": 0.5},
                 {"code": "lookahead", "gain": 1.5, "worlds": 24, "usual": "discard_chop"}):
        assert game.check_reason(good), good
        for key in good:
            if key != "code":
                missing = {k: v for k, v in good.items() if k != key}
                optional = ("card", "colour", "rank", "clue", "save") + (("slot",) if good["code"].startswith("clue") else ())
                assert not game.check_reason(missing) or key in optional, (good, key)


def test_koikoi_checks_its_reasons():
    game = pygame_core.new_game("koikoi", seed=1)
    assert game.check_reason({"code": "koikoi", "points": 5, "threat": "close"})
    assert game.check_reason({"code": "shobu", "points": 7, "threat": "none", "match": "lose"})
    for bad in ({"code": "koikoi", "points": 5, "threat": "close", "match": "lose"},  # lose only by stopping
                {"code": "koikoi", "points": 0, "threat": "close"},
                {"code": "koikoi", "points": 5.0, "threat": "close"},
                {"code": "koikoi", "points": 5, "threat": "<img src=x>"},
                {"code": "koikoi", "points": 5},
                {"code": "play", "points": 5, "threat": "none"},
                {"code": "shobu", "points": 5, "threat": "none", "why": "x"}):
        assert not game.check_reason(bad), bad


def test_a_game_whose_ai_gives_no_reasons_keeps_none():
    game = pygame_core.new_game("nim", seed=1)
    assert not game.check_reason({"code": "smallest", "take": 1})


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(-2, 30) | st.sampled_from(
        ["red", "white", "play", "five", "clue_play", "play_known", "lookahead", "koikoi", "shobu", "close", "x"]),
    lambda inner: st.dictionaries(st.sampled_from(
        ["code", "target", "colour", "rank", "card", "slot", "save", "stall", "clue", "by", "as", "chance", "gain",
         "worlds", "usual", "points", "threat", "match"]), inner, max_size=6),
    max_leaves=10,
)


GAMES = [pygame_core.new_game(name, seed=1, options=options)
         for name, options in (("hanabi", {"players": 2}), ("hanabi", {"players": 5}), ("koikoi", {}))]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(GAMES), plain)
def test_a_check_never_raises_whatever_the_reason(game, why):
    """The checks read anything a save may hold without raising: a damaged note costs its line, never the game."""
    assert game.check_reason(why) in (True, False)
