"""Pass and play through the bridge (issue 27): a table of several people.

`new` takes `seats` (one entry per seat: "human" or a level) and `names`; every
request then names the `seat` it speaks for. Each person's view is that seat's
observation and nothing more (the observations' own privacy is tested per game in
test_*_props.py); a move for the wrong seat, for a computer seat or out of turn is
refused and changes nothing; bad seat plans are refused; a save keeps the seats,
the names and each person's explanations.
"""

from __future__ import annotations

import copy
import random

import pytest

import pygame_core
from engine_helpers import ask as call  # one request as the page sends it, the reply parsed
from engine_helpers import data as ask  # the data of a request that must succeed
from pygame_core import bridge


def refused(request: dict) -> dict:
    reply = call(request)
    assert not reply["ok"], reply
    return reply["error"]


def live_game(sid: str) -> pygame_core.Game:
    return bridge._sessions[sid].game


def assert_private(sid: str, seats: list[str]) -> None:
    """Every person's view is their own observation (legal moves only for the one to move)."""
    game = live_game(sid)
    for seat, entry in enumerate(seats):
        if entry != "human":
            continue
        view = ask({"cmd": "view", "session": sid, "seat": seat})
        expected = game.observation(seat)
        assert view["seat"] == seat and view["observation"] == expected
        assert ("legal_actions" in view["observation"]) == (game.current_player == seat and not game.is_over)
        assert view["can_hint"] == (game.current_player == seat and not game.is_over)


@pytest.mark.parametrize("name", ["hanamikoji", "koikoi"])
def test_two_people_play_a_whole_game_and_each_sees_only_their_own(name):
    rng = random.Random(27)
    seats = ["human", "human"]
    view = ask({"cmd": "new", "game": name, "seed": 2027, "seats": seats, "names": ["Anna", "Ben"]})
    sid = view["session"]
    assert view["seats"] == seats and view["names"] == ["Anna", "Ben"] and view["level"] is None
    checked = 0
    while not view["is_over"]:
        mover = view["to_move"]
        assert view["waiting_for"] == "human"
        if checked % 3 == 0:
            assert_private(sid, seats)
        checked += 1
        other = 1 - mover
        before = copy.deepcopy(live_game(sid).to_json())
        # The other person, a stale move and a made-up seat are refused, changing nothing.
        mine = ask({"cmd": "view", "session": sid, "seat": mover})
        action = rng.choice(mine["observation"]["legal_actions"])
        assert refused({"cmd": "apply", "session": sid, "move": view["move"], "action": action,
                        "seat": other})["code"] == "not_your_turn"
        assert refused({"cmd": "apply", "session": sid, "move": view["move"], "action": action})["code"] == "bad_request"
        assert refused({"cmd": "apply", "session": sid, "move": view["move"], "action": action,
                        "seat": 2})["code"] == "bad_request"
        assert refused({"cmd": "bot", "session": sid, "move": view["move"], "seat": mover})["code"] == "not_bot_turn"
        assert live_game(sid).to_json() == before
        view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": action, "seat": mover})
        assert view["seat"] == mover
    assert checked > 10
    assert_private(sid, seats)
    for seat in (0, 1):
        end = ask({"cmd": "view", "session": sid, "seat": seat})
        assert end["is_over"] and end["result"] == live_game(sid).result()


def test_a_move_for_a_computer_seat_is_refused_and_bots_play_only_their_seats():
    seats = ["human", "hard", "human"]
    view = ask({"cmd": "new", "game": "hanabi", "seed": 7, "seats": seats, "names": ["Anna", None, "Cleo"],
                "options": {"players": 3}})
    sid = view["session"]
    rng = random.Random(1)
    moves = 0
    while not view["is_over"] and moves < 40:
        mover = view["to_move"]
        before = live_game(sid).to_json()
        if seats[mover] == "human":
            action = rng.choice(ask({"cmd": "view", "session": sid, "seat": mover})["observation"]["legal_actions"])
            assert refused({"cmd": "bot", "session": sid, "move": view["move"], "seat": mover})["code"] == "not_bot_turn"
            view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": action, "seat": mover})
        else:
            assert refused({"cmd": "apply", "session": sid, "move": view["move"], "action": {"type": "discard", "slot": 0},
                            "seat": mover})["code"] == "bad_request"  # no person sits there
            # With several people, the watcher must be named.
            assert refused({"cmd": "bot", "session": sid, "move": view["move"]})["code"] == "bad_request"
            assert live_game(sid).to_json() == before
            watcher = rng.choice([0, 2])
            reply = ask({"cmd": "bot", "session": sid, "move": view["move"], "seat": watcher})
            assert reply["seat"] == mover and reply["view"]["seat"] == watcher
            view = reply["view"]
        moves += 1
    # Each person keeps the explanations as they were shown them: never a word about their own cards.
    for person in (0, 2):
        notes = ask({"cmd": "view", "session": sid, "seat": person})["notes"]
        assert all(note["seat"] == 1 for note in notes)
    assert_private(sid, seats)


@pytest.mark.parametrize("seats, names, code", [
    (["human"], None, "bad_request"),  # wrong length
    (["human", "human", "human"], None, "bad_request"),
    (["human", "grandmaster"], None, "bad_request"),  # unknown level
    (["hard", "normal"], None, "bad_request"),  # no person
    ("human,human", None, "bad_request"),  # not a list
    ({"0": "human"}, None, "bad_request"),
    ([["human"], "human"], None, "bad_request"),
    (["human", "human"], ["Anna"], "bad_request"),  # names: one per seat
    (["human", "hard"], ["Anna", "Bot"], "bad_request"),  # a computer seat has no name
    (["human", "human"], ["", "Ben"], "bad_name"),
    (["human", "human"], ["A" * 25, "Ben"], "bad_name"),
    (["human", "human"], ["Anna\n", "Ben\u0007"], "bad_name"),  # (the line break is white space; the bell no name)
    (["human", "human"], [3, "Ben"], "bad_request"),
    (["human", "human"], "Anna", "bad_request"),
])
def test_bad_seat_plans_are_refused_and_open_nothing(seats, names, code):
    opened = bridge.opened()
    request = {"cmd": "new", "game": "hanamikoji", "seats": seats}
    if names is not None:
        request["names"] = names
    assert refused(request)["code"] == code
    assert bridge.opened() == opened


def test_seats_and_the_old_fields_are_not_mixed():
    for extra in ({"human": 1}, {"level": "hard"}):
        assert refused({"cmd": "new", "game": "koikoi", "seats": ["human", "human"], **extra})["code"] == "bad_request"
    assert refused({"cmd": "new", "game": "koikoi", "names": ["Anna", "Ben"]})["code"] == "bad_request"
    # Bad players options still say bad_options, seats or not.
    assert refused({"cmd": "new", "game": "hanabi", "seats": ["human"] * 3,
                    "options": {"players": 9}})["code"] == "bad_options"


def test_a_request_without_a_seat_is_refused_at_a_table_of_people():
    view = ask({"cmd": "new", "game": "hanamikoji", "seed": 3, "seats": ["human", "human"]})
    for cmd in ("view", "save", "hint"):
        assert refused({"cmd": cmd, "session": view["session"]})["code"] == "bad_request"
    for seat in (-1, 2, True, 0.0, None, "0"):
        assert refused({"cmd": "view", "session": view["session"], "seat": seat})["code"] == "bad_request"


def test_take_back_never_undoes_another_persons_move():
    view = ask({"cmd": "new", "game": "koikoi", "seed": 11, "seats": ["human", "human"]})
    sid = view["session"]
    first = view["to_move"]
    action = ask({"cmd": "view", "session": sid, "seat": first})["observation"]["legal_actions"][0]
    view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": action, "seat": first})
    while view["to_move"] == first:  # the same person's second step (a capture choice)
        action = view["observation"]["legal_actions"][0]
        view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": action, "seat": first})
    second = view["to_move"]
    assert not view["can_take_back"]
    mine = ask({"cmd": "view", "session": sid, "seat": second})
    action = mine["observation"]["legal_actions"][0]
    view = ask({"cmd": "apply", "session": sid, "move": mine["move"], "action": action, "seat": second})
    if view["to_move"] == first:  # the first person's turn again: the second has moved since
        assert not view["can_take_back"]
        before = live_game(sid).to_json()
        assert refused({"cmd": "undo", "session": sid, "seat": first})["code"] == "bad_request"
        assert live_game(sid).to_json() == before


def test_a_save_keeps_seats_names_and_each_persons_notes():
    seats = ["human", "normal", "human"]
    view = ask({"cmd": "new", "game": "hanabi", "seed": 19, "seats": seats, "names": ["Anna", None, "Cleo"],
                "options": {"players": 3}})
    sid = view["session"]
    rng = random.Random(4)
    for _ in range(12):
        mover = view["to_move"]
        if seats[mover] == "human":  # clues and discards only: a random play would end the game soon
            legal = ask({"cmd": "view", "session": sid, "seat": mover})["observation"]["legal_actions"]
            action = rng.choice([a for a in legal if a["type"] != "play"])
            view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": action, "seat": mover})
        else:
            view = ask({"cmd": "bot", "session": sid, "move": view["move"], "seat": 0})["view"]
    saved = ask({"cmd": "save", "session": sid, "seat": 2})
    assert saved["seats"] == seats and saved["names"] == ["Anna", None, "Cleo"] and saved["human"] == 2
    assert saved["seat_notes"][1] is None and saved["seat_notes"][2] == saved["notes"]
    assert any(saved["seat_notes"][0]) and saved["seat_notes"][0] != saved["seat_notes"][2]  # each their own words
    back = ask({"cmd": "load", "game": "hanabi", "save": saved["save"], "seats": saved["seats"],
                "names": saved["names"], "seat_notes": saved["seat_notes"], "assists": saved["assists"]})
    assert back["seats"] == seats and back["names"] == ["Anna", None, "Cleo"]
    for person in (0, 2):
        again = ask({"cmd": "view", "session": back["session"], "seat": person})
        assert again["notes"] == ask({"cmd": "view", "session": sid, "seat": person})["notes"]
        assert again["observation"] == ask({"cmd": "view", "session": sid, "seat": person})["observation"]
    # A damaged list of notes costs the notes, never the game; seats are checked like `new`'s.
    damaged = ask({"cmd": "load", "game": "hanabi", "save": saved["save"], "seats": seats, "seat_notes": "x"})
    assert damaged["notes"] == []
    assert refused({"cmd": "load", "game": "hanabi", "save": saved["save"], "seats": ["human", "human"]})["code"] \
        == "bad_request"
    assert refused({"cmd": "load", "game": "hanabi", "save": saved["save"], "seats": seats, "notes": [],
                    "seat_notes": saved["seat_notes"]})["code"] == "bad_request"


def test_the_old_wire_still_seats_one_person():
    view = ask({"cmd": "new", "game": "hanamikoji", "seed": 5, "human": 1, "level": "easy"})
    assert view["seats"] == ["easy", "human"] and view["seat"] == 1 and view["names"] == [None, None]
    saved = ask({"cmd": "save", "session": view["session"]})
    back = ask({"cmd": "load", "save": saved["save"], "human": saved["human"], "level": saved["level"],
                "notes": saved["notes"]})
    assert back["seats"] == ["easy", "human"]


# Every kind of table the page can deal (the Who plays dialog, the address, the settings), as the
# page saves and reloads it: seats, levels and names come back exactly (issue 40: one person with
# computer seats of different levels saved `level: null`, which `load` refused).
TABLES = [
    ("hanamikoji", {}, ["human", "hard"], None),
    ("koikoi", {"rounds": 3}, ["expert", "human"], None),
    ("koikoi", {"rounds": 3}, ["human", "human"], ["山田 太郎", "Ben"]),
    ("hanabi", {"players": 3}, ["human", "easy", "hard"], None),
    ("hanabi", {"players": 3}, ["human", "hard", "human"], ["Anna", None, None]),
    ("hanabi", {"players": 4}, ["easy", "human", "easy", "easy"], None),
    ("hanabi", {"players": 5}, ["human", "easy", "human", "normal", "human"], ["Anna", None, "Ben", None, "Cleo"]),
]


@pytest.mark.parametrize("game, options, seats, names", TABLES)
def test_every_kind_of_table_is_saved_and_loaded_back_as_it_sat(game, options, seats, names):
    seed = random.Random(f"{seats}").randrange(2**53)
    view = ask({"cmd": "new", "game": game, "seed": seed, "options": options, "seats": seats,
                **({"names": names} if names else {})})
    person = seats.index("human")
    saved = ask({"cmd": "save", "session": view["session"], "seat": person})
    assert saved["seats"] == seats and saved["names"] == (names or [None] * len(seats))
    levels = {s for s in seats if s != "human"}
    assert saved["level"] == (levels.pop() if len(levels) == 1 else None)
    # What the page sends back on a reload (js/session.js resume): the table by its seats.
    back = ask({"cmd": "load", "game": game, "save": saved["save"], "seats": saved["seats"], "names": saved["names"],
                "seat_notes": saved["seat_notes"]})
    assert (back["seats"], back["names"], back["level"]) == (saved["seats"], saved["names"], saved["level"])
    assert ask({"cmd": "save", "session": back["session"], "seat": person}) == saved
