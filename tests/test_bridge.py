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
        ('{"cmd": "new", "game": "hanabi", "level": "expert"}', "bad_request"),  # two-player games' level only
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


def test_each_game_plays_the_levels_it_lists():
    listed = {g["name"]: g["levels"] for g in ask({"cmd": "list_games"})["data"]}
    assert listed["hanamikoji"][-1] == listed["koikoi"][-1] == "expert" and "expert" not in listed["hanabi"]
    view = ask({"cmd": "new", "game": "hanamikoji", "seed": 4, "level": "expert", "human": 1})["data"]
    assert view["level"] == "expert"
    saved = ask({"cmd": "save", "session": view["session"]})["data"]
    assert saved["level"] == "expert"
    err = error({"cmd": "load", "save": saved["save"], "level": "grandmaster"})
    assert err["code"] == "bad_request" and "easy, normal, hard, expert" in err["message"]


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
    st.sampled_from(["game", "options", "seed", "human", "level", "session", "move", "action", "save", "hidden", "assists",
                     "x"]),
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
    assert start["decisions"] == [m for m in range(end) if m % 2 == 0]  # the person starts, then every other move
    assert "legal_actions" not in start["observation"]
    last = ask({"cmd": "replay", "session": sid, "move": end})["data"]
    assert last["observation"] == {k: v for k, v in view["observation"].items() if k != "legal_actions"}
    assert error({"cmd": "replay", "session": sid, "move": end + 1})["code"] == "bad_request"
    assert error({"cmd": "replay", "session": sid, "move": -1})["code"] == "bad_request"


# ------------------------------------------------------------ exact types (issue 12)
HANABI_DECK = [c + str(r) for c in "rygbw" for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]


@pytest.mark.parametrize("request_, code", [
    ({"cmd": "new", "game": "koikoi", "options": {"first_dealer": 0.0}}, "bad_options"),
    ({"cmd": "new", "game": "koikoi", "options": {"first_dealer": True}}, "bad_options"),
    ({"cmd": "new", "game": "koikoi", "options": {"rounds": 3.0}}, "bad_options"),
    ({"cmd": "new", "game": "koikoi", "options": {"rounds": 6.0}}, "bad_options"),
    ({"cmd": "new", "game": "koikoi", "options": {"decks": [[float(c) for c in range(48)]]}}, "bad_options"),
    ({"cmd": "new", "game": "hanamikoji", "options": {"round_limit": 3.0}}, "bad_options"),
    ({"cmd": "new", "game": "hanamikoji", "options": {"round_limit": True}}, "bad_options"),
    ({"cmd": "new", "game": "hanamikoji", "options": {"decks": [[True, *range(1, 21)]]}}, "bad_options"),
    ({"cmd": "new", "game": "hanabi", "options": {"players": 2.0}}, "bad_options"),
    ({"cmd": "new", "game": "hanabi", "options": {"players": True}}, "bad_options"),
    ({"cmd": "new", "game": "hanabi", "options": {
        "deck": [{"colour": {"r": "red", "y": "yellow", "g": "green", "b": "blue", "w": "white"}[c[0]],
                  "rank": float(c[1])} for c in HANABI_DECK]}}, "bad_options"),
    ({"cmd": "new", "game": "hanabi", "options": {
        "deck": [{"colour": "red", "rank": True}] + HANABI_DECK[1:]}}, "bad_options"),
    ({"cmd": "new", "game": "nim", "options": {"pile": 7.0}}, "bad_options"),
    ({"cmd": "new", "game": "nim", "seed": 7.0}, "bad_options"),
    ({"cmd": "new", "game": "nim", "seed": True}, "bad_options"),
    ({"cmd": "new", "game": "nim", "human": 0.0}, "bad_request"),
    ({"cmd": "new", "game": "nim", "human": False}, "bad_request"),
    ({"cmd": "list_games", "hidden": 1}, "bad_request"),
])
def test_only_real_integers_pass_where_an_integer_is_meant(request_, code):
    before_sessions, before_opened = dict(bridge._sessions), bridge.opened()
    err = error(request_)
    assert err["code"] == code, err
    assert bridge._sessions == before_sessions and bridge.opened() == before_opened  # nothing registered


def test_the_exact_integer_options_still_work():
    for request_ in ({"cmd": "new", "game": "koikoi", "options": {"first_dealer": 0, "rounds": 6}},
                     {"cmd": "new", "game": "hanamikoji", "options": {"round_limit": 3}},
                     {"cmd": "new", "game": "hanabi", "options": {"players": 4, "deck": HANABI_DECK}}):
        assert ask(request_)["ok"], request_


def nim_save() -> dict:
    view = new_nim()
    ask({"cmd": "apply", "session": view["session"], "move": 0, "action": {"take": 1}})
    return ask({"cmd": "save", "session": view["session"]})["data"]["save"]


@pytest.mark.parametrize("field, value", [
    ("format", True), ("format", 1.0), ("format", "1"), ("format", None),
    ("seed", 11.0), ("seed", True), ("game", 7), ("game", ["nim"]), ("options", {"pile": 7.0}),
    ("options", []), ("actions", [{"take": 1.0}]), ("actions", [{"take": True}]), ("actions", {}),
])
def test_a_save_with_a_near_miss_field_is_refused_even_with_a_matching_check(field, value):
    from pygame_core.protocol import save_check

    body = {k: v for k, v in nim_save().items() if k != "check"}
    body[field] = value
    opened = bridge.opened()
    for check in (save_check(body), "0" * 16):
        err = error({"cmd": "load", "save": {**body, "check": check}})
        assert err["code"] == "bad_save", (field, value, err)
    assert bridge.opened() == opened


# ------------------------------------------------------------ a session exists only once it is whole
def test_a_failing_first_view_registers_nothing_and_evicts_nothing(monkeypatch):
    from pygame_core.nim import Nim

    bridge.reset()
    sids = [new_nim()["session"] for _ in range(bridge.MAX_SESSIONS)]
    opened = bridge.opened()

    def broken(self, player):
        raise RuntimeError("view broke")

    monkeypatch.setattr(Nim, "observation", broken)
    assert error({"cmd": "new", "game": "nim", "seed": 1})["code"] == "internal"
    monkeypatch.setattr(Nim, "observation", lambda self, player: {"pile": float("nan")})  # cannot serialize
    assert error({"cmd": "new", "game": "nim", "seed": 1})["code"] == "internal"
    monkeypatch.undo()
    assert list(bridge._sessions) == sids and bridge.opened() == opened
    assert all(ask({"cmd": "view", "session": sid})["ok"] for sid in sids)


def test_a_failing_bot_setup_registers_nothing(monkeypatch):
    from pygame_core.nim import NimBot

    opened, before = bridge.opened(), dict(bridge._sessions)

    def broken(self, level="normal", seed=None):
        raise RuntimeError("no bot")

    monkeypatch.setattr(NimBot, "__init__", broken)
    assert error({"cmd": "new", "game": "nim"})["code"] == "internal"
    assert bridge.opened() == opened and bridge._sessions == before


# ------------------------------------------------------------ load: the page's game
def test_a_save_of_another_game_is_refused_when_the_page_names_its_game():
    save = nim_save()
    opened = bridge.opened()
    err = error({"cmd": "load", "save": save, "game": "hanamikoji"})
    assert err["code"] == "bad_save" and "nim" in err["message"] and "hanamikoji" in err["message"]
    assert error({"cmd": "load", "save": save, "game": 3})["code"] == "bad_request"
    assert error({"cmd": "load", "save": save, "game": "chess"})["code"] == "unknown_game"
    assert bridge.opened() == opened
    assert ask({"cmd": "load", "save": save, "game": "nim"})["data"]["game"] == "nim"
    assert ask({"cmd": "load", "save": save})["ok"]  # without "game", any game loads
    assert bridge.opened() == opened + 2


# ------------------------------------------------------------ snapshot cleanliness
def test_sessions_opened_counts_every_session_and_survives_reset():
    start = bridge.opened()
    assert ask({"cmd": "version"})["data"]["sessions_opened"] == start
    new_nim()
    error({"cmd": "new", "game": "nim", "options": {"pile": 0}})
    assert bridge.opened() == start + 1
    bridge.reset()
    assert bridge.opened() == start + 1 and not bridge._sessions
    assert ask({"cmd": "version"})["data"]["sessions_opened"] == start + 1
    assert new_nim()["session"] == f"s{start + 2}"  # ids stay unique across reset


# ------------------------------------------------------------ nesting and RecursionError
def nested(depth: int) -> object:
    value: object = 7
    for _ in range(depth):
        value = [value]
    return value


def test_only_a_request_nested_too_deeply_is_a_bad_request():
    deep = {"cmd": "new", "game": "nim", "options": {"pile": nested(bridge.MAX_DEPTH + 5)}}
    err = error(deep)
    assert err["code"] == "bad_request" and "nested too deeply" in err["message"]
    assert error({"cmd": "new", "game": "nim", "options": {"pile": nested(30)}})["code"] == "bad_options"
    assert bridge.call(nested(100_000))["error"]["code"] == "bad_request"  # a Python caller, no JSON
    loop: list = []
    loop.append(loop)
    assert bridge.call({"cmd": "version", "x": loop})["error"]["code"] == "bad_request"
    # A save given as text hides its depth from the request: it is refused as a save.
    for depth in (bridge.MAX_DEPTH + 1, 900, 50_000):
        text = "[" * depth + "]" * depth
        assert error({"cmd": "load", "save": text})["code"] == "bad_save", depth
        assert error({"cmd": "load", "save": '{"format": 1, "game": ' + text + "}"})["code"] == "bad_save"


def test_a_recursion_error_in_a_bot_is_a_bug_and_leaves_game_and_bot_as_they_were(monkeypatch):
    from pygame_core.nim import NimBot

    view = new_nim(level="easy")
    sid = view["session"]
    view = ask({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 1}})["data"]
    bot = bridge._sessions[sid].bots[1]
    rng_before = bot.rng.getstate()
    save_before = ask({"cmd": "save", "session": sid})["data"]
    real_choose = NimBot.choose

    def deep_search(self, observation):
        self.rng.random()  # the search had begun...
        self.last_reason = {"code": "half"}
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(NimBot, "choose", deep_search)
    err = error({"cmd": "bot", "session": sid, "move": 1})
    assert err["code"] == "internal" and "RecursionError" in err["message"]
    assert ask({"cmd": "view", "session": sid})["data"] == view
    assert ask({"cmd": "save", "session": sid})["data"] == save_before
    assert bot.rng.getstate() == rng_before and bot.last_reason is None
    monkeypatch.setattr(NimBot, "choose", real_choose)
    assert ask({"cmd": "bot", "session": sid, "move": 1})["ok"]


def test_a_recursion_error_while_applying_is_a_bug_and_is_rolled_back(monkeypatch):
    view = new_nim()
    sid = view["session"]
    game = bridge._sessions[sid].game

    def overflow(action):
        game.pile = -1
        raise RecursionError("deep")

    monkeypatch.setattr(game, "_apply", overflow)
    assert error({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 1}})["code"] == "internal"
    assert ask({"cmd": "view", "session": sid})["data"] == view


# ------------------------------------------------------------ a bot's move as the human may see it
def bridge_games(game: str, count: int, seed: int, **options):
    """(reply to every bot move, the human's view before it) over whole games through
    the bridge, the human playing random legal moves."""
    import random

    rng = random.Random(seed)
    for k in range(count):
        view = ask({"cmd": "new", "game": game, "seed": seed + k, "level": "easy", "human": k % 2,
                    "options": options})["data"]
        while not view["is_over"]:
            if view["waiting_for"] == "human":
                action = rng.choice(view["observation"]["legal_actions"])
                view = ask({"cmd": "apply", "session": view["session"], "move": view["move"], "action": action})["data"]
                continue
            reply = ask({"cmd": "bot", "session": view["session"], "move": view["move"]})["data"]
            yield reply, view
            view = reply["view"]
        ask({"cmd": "close", "session": view["session"]})


def mover_entry(log: list, action: dict, mover: int) -> dict:
    return next(e for e in reversed(log) if e["type"] == action["type"] and e.get("seat") == mover)


def test_hanamikoji_bot_moves_never_name_a_card_put_face_down():
    hidden = 0
    for reply, before in bridge_games("hanamikoji", 6, 500):
        action, after = reply["action"], reply["view"]
        why = reply["why"]  # every move is explained (tests/test_hanamikoji_reasons.py checks the words)
        assert why["code"] == action["type"]
        mover = (reply["seat"] - after["seat"]) % 2
        if action["type"] in ("secret", "tradeoff"):
            assert action == {"type": action["type"]}
            assert set(why) == {"code", "only"}  # no card: they lie face down
            hidden += 1
        # Every field of the move is in the human's log entry for it: nothing more is said.
        entry = mover_entry(after["observation"]["log"], action, mover)
        assert all(entry[k] == v for k, v in action.items()), (action, entry)
    assert hidden >= 6


def test_koikoi_bot_moves_name_only_cards_the_human_sees_once_played():
    for reply, before in bridge_games("koikoi", 2, 600):
        action, obs = reply["action"], reply["view"]["observation"]
        why = reply["why"]
        if action["type"] not in ("koikoi", "shobu"):
            assert why is not None and why["code"] not in ("koikoi", "shobu")  # every move is explained (issue 40)
        elif why is not None:
            # all of it from what the human sees: the two captured piles and the match score
            from pygame_core.koikoi.bots import cards_to_score
            from pygame_core.koikoi.cards import mask_of
            assert set(why) <= {"code", "points", "threat", "match"} and why["code"] == action["type"]
            seen = before["observation"]["players"]
            human, ai = (mask_of(c for cs in seen[k]["captured"].values() for c in cs) for k in (0, 1))
            away = cards_to_score(human, ai)
            assert why["threat"] == ("close" if away <= 1 else "some" if away == 2 else "none"), why
        mover = (reply["seat"] - reply["view"]["seat"]) % 2
        shown = set()
        for e in obs["log"]:
            shown.update(c for k in ("card", "took", "table", "choices") for c in (
                e.get(k) if isinstance(e.get(k), list) else [e.get(k)]) if isinstance(c, int))
        for key in ("card", "take"):
            if key in action:
                assert action[key] in shown, action
        if action["type"] in ("play", "take"):
            entry = mover_entry(obs["log"], action, mover)
            assert entry["card"] == action["card"] or action["type"] == "take"
            # The reason names only cards the human has seen once the move is made.
            named = [why[k] for k in ("card", "other") if k in why] + why.get("cards", [])
            assert all(c in shown for c in named), (why, action)


def test_hanabi_bot_moves_name_no_card():
    for reply, before in bridge_games("hanabi", 3, 700, players=3):
        action = reply["action"]
        assert set(action) <= {"type", "slot", "target", "colour", "rank"}, action


def test_hanamikoji_public_action_keeps_the_owners_cards():
    game = pygame_core.new_game("hanamikoji", seed=1)
    secret = {"type": "secret", "cards": [3]}
    assert game.public_action(secret, 0, 0) == secret
    assert game.public_action(secret, 0, 1) == {"type": "secret"}
    assert game.public_action({"type": "tradeoff", "cards": [1, 2]}, 1, 0) == {"type": "tradeoff"}
    gift = {"type": "gift", "cards": [1, 2, 3]}
    assert game.public_action(gift, 0, 1) == gift and game.public_action(gift, 0, 1) is not gift


def test_a_move_whose_reply_fails_is_undone_so_page_and_engine_agree(monkeypatch):
    view = new_nim()
    sid = view["session"]
    save = ask({"cmd": "save", "session": sid})["data"]
    real_view = bridge.Session.view

    def broken_view(self, sid):
        data = real_view(self, sid)
        if data["move"] > 0:
            data["observation"]["pile"] = float("nan")  # a reply that cannot be sent
        return data

    monkeypatch.setattr(bridge.Session, "view", broken_view)
    assert error({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 1}})["code"] == "internal"
    monkeypatch.undo()
    assert ask({"cmd": "save", "session": sid})["data"] == save
    assert ask({"cmd": "view", "session": sid})["data"] == view


def test_a_bot_that_chooses_an_illegal_move_is_a_bug_and_changes_nothing(monkeypatch):
    from pygame_core.nim import NimBot

    view = new_nim()
    sid = view["session"]
    view = ask({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 1}})["data"]
    monkeypatch.setattr(NimBot, "choose", lambda self, observation: {"take": 9})
    err = error({"cmd": "bot", "session": sid, "move": 1})
    assert err["code"] == "internal" and "illegal" in err["message"]
    assert ask({"cmd": "view", "session": sid})["data"] == view


def test_the_ai_explanations_come_back_with_a_save_and_damaged_ones_are_left_out():
    """A reload shows why the AI moved as it did: the save carries the notes the player was shown.
    A note that does not fit the game (not an AI move, out of order, not plain data) is dropped,
    the game itself is never refused for it."""
    view = ask({"cmd": "new", "game": "hanabi", "level": "normal", "seed": 3, "options": {"players": 3}})["data"]
    sid = view["session"]
    while len(view["notes"]) < 3:
        if view["waiting_for"] == "bot":
            view = ask({"cmd": "bot", "session": sid, "move": view["move"]})["data"]["view"]
        else:
            legal = view["observation"]["legal_actions"]
            view = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": legal[-1]})["data"]
    saved = ask({"cmd": "save", "session": sid})["data"]
    assert saved["notes"] == view["notes"]
    back = ask({"cmd": "load", "save": saved["save"], "notes": saved["notes"], "level": "normal"})["data"]
    assert back["notes"] == view["notes"]
    first = saved["notes"][0]
    damaged = [
        {"move": 0, "seat": 0, "why": {"code": "clue_play"}},  # the human's own move
        {**first, "seat": (first["seat"] % 2) + 1 if first["seat"] != 1 else 2},  # not who moved
        {**first, "why": {"code": "clue_play", "card": {"deep": {"deeper": 1}}}},  # not plain
        {**first, "why": {"code": "x" * 2000}},  # too long
        {**first, "extra": 1}, "junk", None, {"move": True, "seat": 1, "why": {"code": "clue_play"}},
    ]
    for note in damaged:
        kept = ask({"cmd": "load", "save": saved["save"], "notes": [note], "level": "normal"})["data"]
        assert kept["notes"] == [], note
    assert ask({"cmd": "load", "save": saved["save"], "notes": "nope"})["data"]["notes"] == []
    twice = ask({"cmd": "load", "save": saved["save"], "notes": saved["notes"] + saved["notes"]})["data"]
    assert twice["notes"] == saved["notes"]  # one note per move, in order


def test_null_is_no_field_left_out():
    """Fields are checked by exact type: null in a field is refused with a clear message, never read
    as "not given" (a fresh seed, the default options), in a request or in a save."""
    err = error({"cmd": "new", "game": "nim", "seed": None})
    assert err["code"] == "bad_request" and "'seed'" in err["message"] and "leave it out" in err["message"]
    assert error({"cmd": "new", "game": "nim", "options": None})["code"] == "bad_request"
    assert ask({"cmd": "new", "game": "nim"})["ok"]  # left out: a fresh seed and the default options
    from pygame_core.protocol import save_check

    save = ask({"cmd": "save", "session": new_nim()["session"]})["data"]["save"]
    for field in ("options", "seed"):
        body = {k: v for k, v in save.items() if k != "check"} | {field: None}
        err = error({"cmd": "load", "save": {**body, "check": save_check(body)}})
        assert err["code"] == "bad_save" and f"'{field}'" in err["message"], err


def test_a_save_says_how_many_moves_the_person_made():
    """`played` lets the page reopen a game nobody touched without asking "Continue your game?"."""
    view = new_nim()
    sid = view["session"]
    assert ask({"cmd": "save", "session": sid})["data"]["played"] == 0
    view = ask({"cmd": "apply", "session": sid, "move": 0, "action": {"take": 1}})["data"]
    view = ask({"cmd": "bot", "session": sid, "move": 1})["data"]["view"]
    assert ask({"cmd": "save", "session": sid})["data"]["played"] == 1
    second = ask({"cmd": "new", "game": "nim", "seed": 11, "human": 1, "level": "easy"})["data"]
    ask({"cmd": "bot", "session": second["session"], "move": 0})
    assert ask({"cmd": "save", "session": second["session"]})["data"]["played"] == 0  # the AI's move is not theirs
