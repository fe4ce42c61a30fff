"""Sessions with more than one person at the table (pygame_core/session.py).

The bridge's wire seats one person today; a session is built for any mix of
people and bots, which pass and play will put on the wire. These tests drive
sessions directly in Python: every view is one person's and hides what that
person may not see, a person moves only in their own turn, no bot sits in a
person's seat, and a bot's reason is kept for each person as they may read it.
"""

from __future__ import annotations

import json
import random

import pytest

import pygame_core
from pygame_core import bridge
from pygame_core.errors import BridgeError
from pygame_core.hanamikoji.cards import counts_of
from pygame_core.session import HUMAN, Session


def seated(name: str, seats: tuple[str, ...], seed: int = 5, options: dict | None = None) -> Session:
    return Session.seated(pygame_core.new_game(name, seed=seed, options=options), seats)


def refused(call, code: str) -> str:
    with pytest.raises(BridgeError) as caught:
        call()
    assert caught.value.code == code, caught.value
    return str(caught.value)


def test_two_people_at_nim_take_turns_and_no_bot_is_seated():
    session = seated("nim", (HUMAN, HUMAN))
    assert session.bots == {} and session.humans == (0, 1) and session.level is None
    while not session.game.is_over:
        mover = session.game.current_player
        other = 1 - mover
        for seat in (mover, other):
            view = session.view("t", seat)
            assert view["seat"] == seat and view["waiting_for"] == "human" and view["level"] is None
            assert ("legal_actions" in view["observation"]) == (seat == mover)
        before = session.game.to_json()
        message = refused(lambda: session.play(other, {"take": 1}), "not_your_turn")
        assert f"player {mover}'s turn" in message and f"seat {other}" in message
        assert session.game.to_json() == before  # a refused move changes nothing
        refused(session.bot_to_move, "not_bot_turn")
        session.play(mover, {"take": 1})
    assert session.view("t", 0)["result"] == session.view("t", 1)["result"]
    refused(lambda: session.play(0, {"take": 1}), "game_over")


def test_each_person_at_hanamikoji_sees_only_their_own_hand_and_secrets():
    session = seated("hanamikoji", (HUMAN, HUMAN), seed=8)
    game = session.game
    rng = random.Random(8)
    hidden_seen = 0
    while not game.is_over:
        mover = game.current_player
        views = {seat: session.view("t", seat) for seat in (0, 1)}
        for seat, view in views.items():
            obs = view["observation"]
            assert obs == game.observation(seat)  # the game's own view of that seat, nothing added
            assert counts_of(obs["hand"]) == game.state.hands[seat]
            assert obs["players"][1]["hand_size"] == sum(game.state.hands[1 - seat])
            assert obs["players"][1]["secret"] is None and obs["players"][1]["tradeoff"] == []
        action = rng.choice(views[mover]["observation"]["legal_actions"])
        refused(lambda: session.play(1 - mover, action), "not_your_turn")
        session.play(mover, action)
        if action["type"] in ("secret", "tradeoff") and not game.is_over:
            # The card placed face down is in the mover's log entry and nowhere in the other's.
            mine, theirs = (next(e for e in reversed(session.view("t", seat)["observation"]["log"])
                                 if e["type"] == action["type"]) for seat in (mover, 1 - mover))
            assert mine["seat"] == 0 and mine["cards"] == action["cards"]
            assert theirs["seat"] == 1 and "cards" not in theirs
            hidden_seen += 1
    assert hidden_seen >= 2


def test_a_mixed_hanabi_table_seats_bots_only_in_computer_seats_and_keeps_each_persons_reasons():
    session = seated("hanabi", (HUMAN, "normal", HUMAN), seed=2, options={"players": 3})
    game = session.game
    assert set(session.bots) == {1} and session.humans == (0, 2) and session.level == "normal"
    refused(lambda: session.view("t"), "bad_request")  # two people: the seat must be named
    refused(lambda: session.view("t", 1), "bad_request")  # a computer's seat has no view to show
    rng = random.Random(2)
    differs = 0
    while not game.is_over:
        mover = game.current_player
        if mover in session.humans:
            assert session.view("t", mover)["waiting_for"] == "human"
            legal = session.view("t", mover)["observation"]["legal_actions"]
            session.play(mover, rng.choice([a for a in legal if a["type"] != "play"]))  # no strikes: a long game
            continue
        assert session.view("t", 0)["waiting_for"] == session.view("t", 2)["waiting_for"] == "bot"
        refused(lambda: session.play(0, {"type": "discard", "slot": 0}), "not_your_turn")
        seat, shown, why = session.play_bot(viewer=2)
        assert seat == 1 and why is not None  # Hanabi's bots say why
        note = session.notes[-1]
        assert set(note) == {0, 2} and note[2]["why"] == why and note[2]["move"] == game.move_number - 1
        if why["code"].startswith("clue"):
            target = (seat + why["target"]) % 3  # the person the clue was given to
            assert "card" not in note[target]["why"]  # never their own card
            other = 2 - target
            differs += note[other]["why"] != note[target]["why"]
    assert differs > 0  # the two people were told different things (3 times with this seed)
    assert session.notes_for(0) != session.notes_for(2)


def test_a_seat_plan_must_fit_the_game():
    for seats in [(HUMAN,), (HUMAN, HUMAN, HUMAN), (HUMAN, "godlike"), ("hard", "hard"), (HUMAN, 3)]:
        refused(lambda: seated("nim", seats), "bad_request")
    refused(lambda: seated("hanabi", (HUMAN, "expert")), "bad_request")  # the two-player games' level only
    assert seated("hanamikoji", ("expert", HUMAN)).level == "expert"
    assert seated("koikoi", (HUMAN, "expert")).level == "expert"
    assert seated("hanabi", (HUMAN, "easy", "hard"), options={"players": 3}).level is None  # mixed levels


def test_the_wire_seats_its_one_person_in_the_seat_plan():
    view = json.loads(bridge.handle(json.dumps({"cmd": "new", "game": "hanabi", "seed": 4, "human": 2,
                                                "level": "easy", "options": {"players": 3}})))["data"]
    session = bridge._sessions[view["session"]]
    assert session.seats == ("easy", "easy", HUMAN) and set(session.bots) == {0, 1}
    assert view["seat"] == 2 and view["level"] == "easy" and session.view(view["session"]) == view
    bridge.handle(json.dumps({"cmd": "close", "session": view["session"]}))
