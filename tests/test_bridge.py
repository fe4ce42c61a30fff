"""The JSON bridge: every reply is an envelope, every bad request a clear error."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_core
from pygame_core import bridge


def ask(request) -> dict:
    text = request if isinstance(request, str) else json.dumps(request)
    reply = json.loads(bridge.handle(text))
    assert set(reply) in ({"ok", "data"}, {"ok", "error"})
    if not reply["ok"]:
        assert set(reply["error"]) == {"code", "message"}
        assert reply["error"]["message"]
    return reply


def error(request) -> dict:
    reply = ask(request)
    assert reply["ok"] is False, reply
    return reply["error"]


def new_nim(**extra) -> dict:
    reply = ask({"cmd": "new", "game": "nim", "seed": 11, "options": {"pile": 7}, **extra})
    assert reply["ok"], reply
    return reply["data"]


def test_version_comes_from_the_engine():
    data = ask({"cmd": "version"})["data"]
    assert data["engine"] == pygame_core.__version__
    assert data["python"].count(".") == 2


def test_list_games_names_the_collection_and_hides_the_test_game():
    names = [g["name"] for g in ask({"cmd": "list_games"})["data"]]
    assert names == ["hanamikoji", "koikoi", "hanabi"]
    hidden = [g["name"] for g in ask({"cmd": "list_games", "hidden": True})["data"]]
    assert "nim" in hidden


@pytest.mark.parametrize(
    "text, code",
    [
        ("", "bad_json"),
        ("{", "bad_json"),
        ('{"cmd": "version"', "bad_json"),
        ("[1, 2]", "bad_request"),
        ('"version"', "bad_request"),
        ("null", "bad_request"),
        ('{"cmd": NaN}', "bad_json"),
        ("{}", "unknown_command"),
        ('{"cmd": "explode"}', "unknown_command"),
        ('{"cmd": 5}', "unknown_command"),
        ('{"cmd": "version", "extra": 1}', "bad_request"),
        ('{"cmd": "new"}', "bad_request"),
        ('{"cmd": "new", "game": "chess"}', "unknown_game"),
        ('{"cmd": "new", "game": 7}', "bad_request"),
        ('{"cmd": "new", "game": "nim", "options": []}', "bad_request"),
        ('{"cmd": "new", "game": "nim", "options": {"piles": 3}}', "bad_options"),
        ('{"cmd": "new", "game": "nim", "options": {"pile": "many"}}', "bad_options"),
        ('{"cmd": "new", "game": "nim", "seed": -1}', "bad_options"),
        ('{"cmd": "new", "game": "nim", "seed": 1.5}', "bad_options"),
        ('{"cmd": "new", "game": "nim", "level": "godlike"}', "bad_request"),
        ('{"cmd": "new", "game": "nim", "human": 2}', "bad_request"),
        ('{"cmd": "new", "game": "nim", "human": true}', "bad_request"),
        ('{"cmd": "view", "session": "s999999"}', "unknown_session"),
        ('{"cmd": "view", "session": 1}', "bad_request"),
        ('{"cmd": "view"}', "bad_request"),
        ('{"cmd": "load"}', "bad_request"),
        ('{"cmd": "load", "save": "{truncated"}', "bad_save"),
        ('{"cmd": "load", "save": {"game": "nim"}}', "bad_save"),
    ],
)
def test_bad_requests_get_clear_errors(text, code):
    assert error(text)["code"] == code


def test_a_game_that_is_listed_but_not_playable_yet_is_refused(monkeypatch):
    from pygame_core import protocol

    monkeypatch.setitem(protocol._REGISTRY, "planned", protocol.GameInfo(name="planned", title="Planned", players=(2, 2)))
    err = error({"cmd": "new", "game": "planned"})
    assert err["code"] == "unknown_game" and "not playable yet" in err["message"]
    listed = {g["name"]: g for g in ask({"cmd": "list_games"})["data"]}
    assert listed["planned"]["playable"] is False and listed["planned"]["levels"] == []


def test_non_text_and_huge_requests_are_refused():
    assert json.loads(bridge.handle(None))["error"]["code"] == "bad_json"
    assert json.loads(bridge.handle(b"{}"))["error"]["code"] == "bad_json"
    huge = json.dumps({"cmd": "version", "pad": "x" * (bridge.MAX_REQUEST_CHARS + 1)})
    assert error(huge)["code"] == "bad_json"
    assert error("[" * 100_000 + "]" * 100_000)["code"] in {"bad_json", "bad_request"}


def test_error_messages_quote_the_input():
    message = error({"cmd": "new", "game": "chess"})["message"]
    assert "'chess'" in message or '"chess"' in message
    assert "hanamikoji" in message  # and says what is known


def test_a_session_plays_to_the_end_with_stale_and_illegal_moves_refused():
    view = new_nim(level="hard")
    sid = view["session"]
    assert view["waiting_for"] == "human" and view["move"] == 0
    assert "seed" not in json.dumps(view)
    # Illegal, malformed, stale and wrong-turn requests leave the game where it was.
    before = ask({"cmd": "view", "session": sid})["data"]
    for bad in ({"take": 4}, {"take": "1"}, {"grab": 1}, [1], None, {"take": 1.0}):
        err = error({"cmd": "apply", "session": sid, "move": 0, "action": bad})
        assert err["code"] == "illegal_action", (bad, err)
    assert error({"cmd": "apply", "session": sid, "move": 3, "action": {"take": 1}})["code"] == "stale_move"
    assert error({"cmd": "apply", "session": sid, "move": 0})["code"] == "bad_request"
    assert error({"cmd": "apply", "session": sid, "move": "0", "action": {"take": 1}})["code"] == "bad_request"
    assert error({"cmd": "bot", "session": sid, "move": 0})["code"] == "not_bot_turn"
    assert ask({"cmd": "view", "session": sid})["data"] == before
    # Play it out: pile 7, the human takes 3 (leaves 4), the perfect bot cannot win.
    view = ask({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 3}})["data"]
    assert error({"cmd": "apply", "session": sid, "move": 1, "action": {"take": 1}})["code"] == "not_your_turn"
    while not view["is_over"]:
        if view["waiting_for"] == "bot":
            view = ask({"cmd": "bot", "session": sid, "move": view["move"]})["data"]["view"]
        else:
            pile = view["observation"]["pile"]
            take = pile % 4 or 1
            view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": {"take": take}})["data"]
    assert view["result"]["winner"] == 0
    assert view["result"]["ranking_points"] == [100, 10]
    assert error({"cmd": "apply", "session": sid, "move": view["move"], "action": {"take": 1}})["code"] == "game_over"


def test_save_load_and_close():
    view = new_nim()
    sid = view["session"]
    ask({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 2}})
    save = ask({"cmd": "save", "session": sid})["data"]
    loaded = ask({"cmd": "load", "save": save["save"], "level": "hard"})["data"]
    assert loaded["session"] != sid
    assert loaded["observation"] == ask({"cmd": "view", "session": sid})["data"]["observation"]
    tampered = {**save["save"], "actions": [{"take": 3}]}
    assert "changed or damaged" in error({"cmd": "load", "save": tampered})["message"]
    truncated = json.dumps(save["save"])[:-10]
    assert error({"cmd": "load", "save": truncated})["code"] == "bad_save"
    assert ask({"cmd": "close", "session": sid})["ok"]
    assert error({"cmd": "view", "session": sid})["code"] == "unknown_session"


def test_sessions_are_bounded():
    first = new_nim()["session"]
    for _ in range(bridge.MAX_SESSIONS):
        new_nim()
    assert len(bridge._sessions) <= bridge.MAX_SESSIONS
    assert error({"cmd": "view", "session": first})["code"] == "unknown_session"


def test_an_engine_bug_is_reported_not_raised_and_the_game_is_restored(monkeypatch):
    view = new_nim()
    sid = view["session"]
    game = bridge._sessions[sid].game

    def broken(action):
        game.pile = -99  # a half-applied move...
        raise RuntimeError("boom")

    monkeypatch.setattr(game, "_apply", broken)
    err = error({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 1}})
    assert err["code"] == "internal" and "boom" in err["message"]
    assert ask({"cmd": "view", "session": sid})["data"]["observation"]["pile"] == 7  # ...rolled back


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
commands = st.sampled_from(sorted(bridge.COMMANDS) + ["", "nope"])


@settings(max_examples=300, deadline=None)
@given(cmd=commands, fields=st.dictionaries(
    st.sampled_from(["game", "options", "seed", "human", "level", "session", "move", "action", "save", "hidden", "x"]),
    json_values, max_size=4))
def test_fuzzed_requests_always_get_an_envelope(cmd, fields):
    reply = ask({"cmd": cmd, **fields})
    if not reply["ok"]:
        assert reply["error"]["code"] != "internal", reply


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60) | st.binary(max_size=30).map(lambda b: b.decode("latin-1")))
def test_fuzzed_text_always_gets_an_envelope(text):
    ask(text)


@settings(max_examples=150, deadline=None)
@given(action=json_values, move=st.integers(-2, 3))
def test_fuzzed_actions_never_change_the_game(action, move):
    view = new_nim()
    sid = view["session"]
    before = ask({"cmd": "save", "session": sid})["data"]
    reply = ask({"cmd": "apply", "session": sid, "move": move, "action": action})
    after = ask({"cmd": "save", "session": sid})["data"]
    if reply["ok"]:
        assert move == 0 and action in [{"take": 1}, {"take": 2}, {"take": 3}]
    else:
        assert after == before
    ask({"cmd": "close", "session": sid})


def test_a_bots_reason_travels_with_its_move_and_stays_in_the_view(monkeypatch):
    from pygame_core.nim import NimBot

    def choose(self, observation):
        self.last_reason = {"code": "smallest", "take": 1}
        return {"take": 1}

    monkeypatch.setattr(NimBot, "choose", choose)
    view = new_nim()
    sid = view["session"]
    assert view["notes"] == []
    ask({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 1}})
    reply = ask({"cmd": "bot", "session": sid, "move": 1})["data"]
    assert reply["why"] == {"code": "smallest", "take": 1}
    assert reply["view"]["notes"] == [{"move": 1, "seat": 1, "why": {"code": "smallest", "take": 1}}]


def test_a_finished_game_can_be_replayed_move_by_move():
    view = new_nim(level="hard")
    sid = view["session"]
    assert error({"cmd": "replay", "session": sid, "move": 0})["code"] == "not_over"
    while not view["is_over"]:
        if view["waiting_for"] == "bot":
            view = ask({"cmd": "bot", "session": sid, "move": view["move"]})["data"]["view"]
        else:
            view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": {"take": 1}})["data"]
    end = view["move"]
    start = ask({"cmd": "replay", "session": sid, "move": 0})["data"]
    assert start["moves"] == end and start["observation"]["pile"] == 7 and start["observation"]["history"] == []
    assert "legal_actions" not in start["observation"]
    last = ask({"cmd": "replay", "session": sid, "move": end})["data"]
    assert last["observation"] == {k: v for k, v in view["observation"].items() if k != "legal_actions"}
    assert error({"cmd": "replay", "session": sid, "move": end + 1})["code"] == "bad_request"
    assert error({"cmd": "replay", "session": sid, "move": -1})["code"] == "bad_request"
