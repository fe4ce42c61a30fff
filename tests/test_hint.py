"""Hint and take back while playing (issue 26), at the bridge: `hint` answers the decision the
person faces now (the same answer the later review gives), `undo` takes back their last decision
and the computer's answers to it, both are counted in the session's `assists`, which travel in
the save and come back through `load`. A refused request changes nothing: its save and view
are compared before and after."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine_helpers import ask, data
import pygame_core
from pygame_core import bridge
from pygame_core.protocol import save_with


def state(sid: str) -> tuple[dict, dict]:
    """What must not change under a refused request: the view and the save."""
    return data({"cmd": "view", "session": sid}), data({"cmd": "save", "session": sid})


def refused(request: dict, code: str, words: str) -> None:
    """`request` is refused with `code` and a message holding `words`, and its session is as it was."""
    sid = request["session"]
    before = state(sid)
    reply = ask(request)
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert words in reply["error"]["message"], reply
    assert state(sid) == before


def bots_until_human(sid: str, view: dict) -> dict:
    while not view["is_over"] and view["waiting_for"] == "bot":
        view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    return view


def play(sid: str, view: dict, choose, moves: int | None = None) -> dict:
    """The person plays `choose(view)` at each decision (up to `moves` of theirs), the computer answers."""
    done = 0
    view = bots_until_human(sid, view)
    while not view["is_over"] and (moves is None or done < moves):
        view = data({"cmd": "apply", "session": sid, "move": view["move"], "action": choose(view)})
        view = bots_until_human(sid, view)
        done += 1
    return view


def first(view: dict) -> Any:
    return view["observation"]["legal_actions"][0]


# ------------------------------------------------------------ hint
def test_the_collection_says_which_help_each_game_offers():
    listed = {g["name"]: g for g in data({"cmd": "list_games", "hidden": True})}
    assert listed["hanamikoji"]["hint"] is True and listed["hanamikoji"]["take_back"] is True
    assert listed["hanabi"]["take_back"] is False and listed["koikoi"]["take_back"] is True
    assert listed["nim"]["hint"] is False and listed["nim"]["take_back"] is True


def test_a_hint_answers_the_decision_at_hand_counts_and_agrees_with_the_review():
    view = data({"cmd": "new", "game": "hanamikoji", "seed": 11, "level": "easy"})
    sid = view["session"]
    assert view["assists"] == {"hints": 0, "take_backs": 0} and view["can_hint"] is True
    hint = data({"cmd": "hint", "session": sid})
    assert hint["move"] == view["move"] and hint["unit"] == "win_chance" and 0 <= hint["value"] <= 1
    assert hint["action"] in view["observation"]["legal_actions"]
    assert isinstance(hint["why"], dict) and hint["why"]["code"] == hint["action"]["type"]
    assert data({"cmd": "hint", "session": sid}) == hint  # deterministic: the game's seed and move
    after = data({"cmd": "view", "session": sid})
    assert after["assists"] == {"hints": 2, "take_backs": 0}
    assert after["observation"] == view["observation"]  # a hint moves nothing
    assert data({"cmd": "save", "session": sid})["assists"] == {"hints": 2, "take_backs": 0}
    # Taking the hint: the review of that decision finds it the best, with the same value.
    moved = data({"cmd": "apply", "session": sid, "move": view["move"], "action": hint["action"]})
    bots_until_human(sid, moved)
    review = data({"cmd": "review", "session": sid, "move": view["move"]})
    assert review["best"] == hint["action"] and review["verdict"] == "best"
    assert review["value_best"] == hint["value"]


def test_a_hint_is_refused_clearly_and_changes_nothing():
    view = data({"cmd": "new", "game": "hanamikoji", "seed": 12, "level": "easy", "human": 1})
    sid = view["session"]
    assert view["waiting_for"] == "bot" and view["can_hint"] is False
    refused({"cmd": "hint", "session": sid}, "not_your_turn", "not yours")
    view = play(sid, view, first)
    assert view["is_over"] and view["can_hint"] is False
    refused({"cmd": "hint", "session": sid}, "game_over", "the game is over")
    nim = data({"cmd": "new", "game": "nim", "seed": 1, "level": "easy"})  # a test game that has no coach
    assert nim["waiting_for"] == "human" and nim["can_hint"] is False
    refused({"cmd": "hint", "session": nim["session"]}, "unsupported", "no coach")
    for bad in ({"cmd": "hint"}, {"cmd": "hint", "session": sid, "move": 0}, {"cmd": "hint", "session": 1}):
        assert ask(bad)["error"]["code"] == "bad_request"
    assert ask({"cmd": "hint", "session": "nope"})["error"]["code"] == "unknown_session"


# ------------------------------------------------------------ take back
def helped(saved: dict, assists: dict) -> dict:
    """A save reply as it reads with other help counts: beside the save and inside it, under its check."""
    return {**saved, "assists": assists, "save": save_with(saved["save"], assists=assists)}


def test_take_back_restores_the_earlier_position_exactly():
    view = data({"cmd": "new", "game": "hanamikoji", "seed": 13, "level": "normal"})
    sid = view["session"]
    view = play(sid, view, first, moves=2)
    at = view["move"]
    before_view, before_save = state(sid)
    chosen = before_view["observation"]["legal_actions"][-1]
    moved = data({"cmd": "apply", "session": sid, "move": at, "action": chosen})
    answered = bots_until_human(sid, moved)
    assert answered["move"] > at + 1 and len(answered["notes"]) > len(before_view["notes"])  # the computer answered, with reasons
    answered_save = data({"cmd": "save", "session": sid})
    reply = data({"cmd": "undo", "session": sid})
    assert reply["undone"] == at
    after_view, after_save = state(sid)
    assert reply["view"] == after_view
    assert after_save == helped(before_save, {"hints": 0, "take_backs": 1})
    assert after_view == {**before_view, "assists": {"hints": 0, "take_backs": 1}}
    # The same move again gets the same answer: the computer's dice were taken back too.
    again = bots_until_human(sid, data({"cmd": "apply", "session": sid, "move": at, "action": chosen}))
    assert again["move"] == answered["move"]
    assert data({"cmd": "save", "session": sid}) == helped(answered_save, {"hints": 0, "take_backs": 1})


def test_take_back_is_refused_clearly_and_changes_nothing():
    view = data({"cmd": "new", "game": "hanamikoji", "seed": 14, "level": "easy"})
    sid = view["session"]
    assert view["can_take_back"] is False
    refused({"cmd": "undo", "session": sid}, "bad_request", "nothing to take back")
    view = data({"cmd": "apply", "session": sid, "move": view["move"], "action": first(view)})
    assert view["waiting_for"] == "bot" and view["can_take_back"] is False
    refused({"cmd": "undo", "session": sid}, "not_your_turn", "take back on yours")
    view = play(sid, view, first)
    assert view["is_over"] and view["can_take_back"] is False
    refused({"cmd": "undo", "session": sid}, "game_over", "the game is over")
    hanabi = data({"cmd": "new", "game": "hanabi", "seed": 3, "level": "easy", "options": {"players": 2}})
    hanabi = play(hanabi["session"], hanabi, first, moves=2)
    assert hanabi["can_take_back"] is False
    refused({"cmd": "undo", "session": hanabi["session"]}, "unsupported", "no take back")
    for bad in ({"cmd": "undo"}, {"cmd": "undo", "session": sid, "move": 1}, {"cmd": "undo", "session": None}):
        assert ask(bad)["error"]["code"] == "bad_request"


@pytest.mark.parametrize("game, options", [("hanamikoji", {}), ("koikoi", {"rounds": 3}), ("nim", {})])
def test_every_take_back_of_a_random_game_is_the_game_replayed_to_that_decision(game, options):
    """Random play with take backs all through it (across rounds too): each time, the game is
    exactly its own history cut at the person's last decision, and it still plays to the end."""
    rng = random.Random(7)
    view = data({"cmd": "new", "game": game, "seed": 5, "level": "easy", "options": options})
    sid, taken, turns, mine = view["session"], 0, 0, []
    view = bots_until_human(sid, view)
    while not view["is_over"]:
        turns += 1
        if view["can_take_back"] and turns % 3 == 0:  # two moves on, one back: the game still ends
            actions = data({"cmd": "save", "session": sid})["save"]["actions"]
            reply = data({"cmd": "undo", "session": sid})
            taken += 1
            assert reply["undone"] == mine.pop()  # the person's last decision
            back = data({"cmd": "save", "session": sid})
            assert back["save"]["actions"] == actions[: reply["undone"]]
            assert reply["view"]["waiting_for"] == "human" and reply["view"]["move"] == reply["undone"]
            assert all(note["move"] < reply["undone"] for note in back["notes"])
            view = reply["view"]
            continue
        mine.append(view["move"])
        action = rng.choice(view["observation"]["legal_actions"])
        view = bots_until_human(sid, data({"cmd": "apply", "session": sid, "move": view["move"], "action": action}))
    assert taken > 0 and view["assists"]["take_backs"] == taken


def test_take_back_after_a_reload_and_past_it():
    view = data({"cmd": "new", "game": "koikoi", "seed": 8, "level": "easy", "options": {"rounds": 3}})
    sid = view["session"]
    view = play(sid, view, first, moves=3)
    saved = data({"cmd": "save", "session": sid})
    again = data({"cmd": "load", "game": "koikoi", "save": saved["save"], "level": "easy", "human": 0,
                  "notes": saved["notes"], "assists": saved["assists"]})
    sid2 = again["session"]
    for _ in range(3):  # back through the load to the first decision
        back = data({"cmd": "undo", "session": sid2})["view"]
    assert back["assists"]["take_backs"] == 3 and back["can_take_back"] is False
    refused({"cmd": "undo", "session": sid2}, "bad_request", "nothing to take back")


# ------------------------------------------------------------ the count in the save
def test_a_refused_move_leaves_no_take_back_record():
    """An illegal move is refused before anything is kept: no record of the bots' dice for a move
    that was never made (issue 40: one was left, which a later take back could have used)."""
    view = data({"cmd": "new", "game": "koikoi", "seed": 2**53 - 1, "level": "easy", "options": {"rounds": 3}})
    sid = view["session"]
    view = bots_until_human(sid, view)
    session = bridge._sessions[sid]
    before = dict(session.bot_states)
    reply = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": {"type": "play", "card": 99}})
    assert reply["ok"] is False and reply["error"]["code"] == "illegal_action", reply
    assert session.bot_states == before and view["move"] not in session.bot_states


def test_the_help_count_survives_save_and_load():
    view = data({"cmd": "new", "game": "hanamikoji", "seed": 15, "level": "easy"})
    sid = view["session"]
    data({"cmd": "hint", "session": sid})
    view = play(sid, view, first, moves=1)
    data({"cmd": "undo", "session": sid})
    saved = data({"cmd": "save", "session": sid})
    assert saved["assists"] == {"hints": 1, "take_backs": 1}
    loaded = data({"cmd": "load", "game": "hanamikoji", "save": saved["save"], "level": "easy", "human": 0,
                   "notes": saved["notes"], "assists": saved["assists"]})
    assert loaded["assists"] == {"hints": 1, "take_backs": 1}
    assert data({"cmd": "save", "session": loaded["session"]}) == saved
    # The counts travel inside the save too, under its check: the field beside it may be left out.
    assert saved["save"]["assists"] == saved["assists"]
    inside = data({"cmd": "load", "game": "hanamikoji", "save": saved["save"], "level": "easy", "human": 0})
    assert inside["assists"] == {"hints": 1, "take_backs": 1}
    # Taken out of the save, the counts do not go quietly: the save's check no longer fits.
    stripped = {k: v for k, v in saved["save"].items() if k != "assists"}
    for request in ({"save": stripped}, {"save": stripped, "assists": {"hints": 0, "take_backs": 0}}):
        reply = ask({"cmd": "load", "game": "hanamikoji", "level": "easy", "human": 0, **request})
        assert reply["ok"] is False and reply["error"]["code"] == "bad_save", reply
    # A count beside the save that disagrees with the one inside is refused, not chosen between.
    reply = ask({"cmd": "load", "game": "hanamikoji", "save": saved["save"], "level": "easy", "human": 0,
                 "assists": {"hints": 0, "take_backs": 0}})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_save" and "disagrees" in reply["error"]["message"]
    # A save from before hints (the game's save alone, no counts anywhere) opens with no help counted.
    plain = pygame_core.load_game(saved["save"]).to_json()
    old = data({"cmd": "load", "game": "hanamikoji", "save": plain, "level": "easy", "human": 0})
    assert old["assists"] == {"hints": 0, "take_backs": 0}


@pytest.mark.parametrize("damaged", [
    None, 1, "1", [], [1, 1], {}, {"hints": 1}, {"hints": 1, "take_backs": 1, "x": 0},
    {"hints": -1, "take_backs": 0}, {"hints": 1.0, "take_backs": 0}, {"hints": True, "take_backs": 0},
    {"hints": "1", "take_backs": 0}, {"hints": 0, "take_backs": None}, {"hints": 10**7, "take_backs": 0},
    {"hints": 2**64, "take_backs": 0}, {"hints": 0, "take_backs": [1]},
])
def test_a_damaged_help_count_is_refused_and_opens_nothing(damaged):
    view = data({"cmd": "new", "game": "hanamikoji", "seed": 16, "level": "easy"})
    saved = data({"cmd": "save", "session": view["session"]})
    opened = bridge.opened()
    reply = ask({"cmd": "load", "game": "hanamikoji", "save": saved["save"], "level": "easy", "human": 0,
                 "assists": damaged})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_save", reply
    assert "assists" in reply["error"]["message"]
    # The same damage inside the save, its check made anew to fit: refused all the same.
    reply = ask({"cmd": "load", "game": "hanamikoji", "save": save_with(saved["save"], assists=damaged),
                 "level": "easy", "human": 0})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_save", reply
    assert "assists" in reply["error"]["message"]
    assert bridge.opened() == opened
