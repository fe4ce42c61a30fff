"""The bridge under malformed and near-miss requests: "internal" is only ever a bug.

First a sweep: every option of every game and every field of every game's
save, set to each of a list of near misses (3.0 for 3, true for 1, "3",
[3], huge, nested, nested too deeply), with the save's check recomputed so
the field itself is judged. Then hypothesis: new and load alone, many times;
and whole runs against open sessions. In each run an example opens a few sessions of every game (from saves at random points
of real games, so every phase and finished games come up), then sends a run
of requests: mostly broken ones (wrong types, floats and bools where integers
are meant, huge and nested values for every known option, saves with one
field changed and their check recomputed or not, actions of the wrong shape
or of another game, stale moves, unknown sessions), mixed with valid moves.
After every request:

* the reply is a well-formed envelope and its error code is a known one,
  never "internal";
* a refused request changed nothing: every open session's view and save are
  what they were, and so is everything else the session holds (its take-back
  records, each bot's dice and last reason: `whole`); an accepted move
  updates what is expected;

and at the end every session still plays.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_core
from pygame_core import bridge
from pygame_core.koikoi.rules import four_on_table
from pygame_core.protocol import MAX_SEED, save_check

CODES = {
    "bad_json", "bad_request", "unknown_command", "unknown_session", "unknown_game", "bad_options",
    "illegal_action", "game_over", "bad_save", "stale_move", "not_your_turn", "not_bot_turn", "not_over",
    "unsupported",  # review or hint of a game that has no coach yet; take back in Hanabi
    "bad_name",  # a person's name the rule refuses (session.clean_name)
    "bad_link", "link_version", "link_game", "link_too_long",  # a link refused (links.py, issue 42)
}
GAMES = ("hanamikoji", "koikoi", "hanabi", "nim")


def ask(request: Any) -> dict[str, Any]:
    """Send a request (as JSON text when it is JSON-able) and check the envelope."""
    try:
        text = json.dumps(request)
    except (TypeError, ValueError):
        reply = bridge.call(request)
    else:
        reply = json.loads(bridge.handle(text))
    assert isinstance(reply, dict) and type(reply.get("ok")) is bool, reply
    if reply["ok"]:
        assert set(reply) == {"ok", "data"}, reply
    else:
        assert set(reply) == {"ok", "error"} and set(reply["error"]) == {"code", "message"}, reply
        assert reply["error"]["code"] in CODES, (request, reply)
        assert isinstance(reply["error"]["message"], str) and reply["error"]["message"], reply
    return reply


# ------------------------------------------------------------ material made once
def _saves_along(game: str, seed: int, options: dict[str, Any], points: int = 7) -> list[dict[str, Any]]:
    """Saves of one random game at evenly spread moves, the finished game last."""
    rng = random.Random(seed)
    g = pygame_core.new_game(game, seed=seed, options=options)
    saves = []
    while not g.is_over:
        saves.append(g.to_json())
        g.apply(rng.choice(g.legal_actions()))
    step = max(1, len(saves) // points)
    return saves[::step] + [g.to_json()]


# Games dealt as the page deals them: the edges of the seed range and seeds from all of it.
SAVES: dict[str, list[dict[str, Any]]] = {
    "hanamikoji": _saves_along("hanamikoji", MAX_SEED, {}),
    "koikoi": _saves_along("koikoi", 3_916_468_212_544_321, {"rounds": 3}),
    "hanabi": _saves_along("hanabi", 0, {"players": 2}) + _saves_along("hanabi", 7_848_703_928_129_030, {"players": 4}, 3),
    "nim": _saves_along("nim", MAX_SEED - 1, {}),
}
# A sample of every game's actions, to send to the wrong game or to break.
ACTIONS: list[Any] = []
for _game, _saves in SAVES.items():
    for _save in _saves:
        ACTIONS.extend(_save["actions"][:40])


def _koikoi_deck() -> list[int]:
    rng = random.Random(9)
    deck = list(range(48))
    while four_on_table(deck) is not None:
        rng.shuffle(deck)
    return deck


HANAMIKOJI_DECK = [g for g, v in enumerate((2, 2, 2, 3, 3, 4, 5)) for _ in range(v)]
KOIKOI_DECK = _koikoi_deck()
HANABI_DECK = [c + str(r) for c in "rygbw" for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]
HANABI_CARDS = [{"colour": "red", "rank": 1.0}, {"colour": "red", "rank": True}, {"colour": ["red"], "rank": 1},
                {"colour": "RED", "rank": 1}, {"colour": "red", "rank": "1"}, {"colour": "red"}, "r6", "x1",
                "R1", "r1 ", "r", 11, None, {"colour": "red", "rank": 1, "x": 0}]


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


# ------------------------------------------------------------ strategies
SCALARS = [0.0, 1.0, 2.0, 3.0, 6.0, 12.0, -0.0, 0.5, 1e300, -1, 0, 1, 2, 3, 5, 6, 99, 100, 2**53, 2**64, -(2**63),
           10**30, True, False, None, "", "0", "3", "x" * 300, "s1", [], [1], [3.0], {}, {"a": 1}, [[[]]]]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
bad_values = (st.sampled_from(SCALARS) | st.floats(allow_nan=False, allow_infinity=False) | st.integers()
              | st.text(max_size=4) | json_values | st.integers(50, 90).map(nested))


def near_miss_list(data: st.DataObject, items: list[Any], extra: list[Any] | None = None) -> list[Any]:
    """A valid list (a deck) with one thing wrong: an item changed in type or value, or the length."""
    out = copy.deepcopy(items)
    how = data.draw(st.sampled_from(["item", "short", "long", "dup", "swap_ok"]))
    i = data.draw(st.integers(0, len(out) - 1))
    if how == "item":
        v = out[i]
        choices = [v + 0.0 if isinstance(v, int) else v, True, str(v), [v], None, -1, 10**20, {"v": v}]
        out[i] = data.draw(st.sampled_from(choices + (extra or [])))
    elif how == "short":
        del out[i]
    elif how == "long":
        out.append(out[i])
    elif how == "dup":
        out[i] = out[(i + 1) % len(out)]
    else:  # a valid reordering: may be accepted, which is fine
        j = data.draw(st.integers(0, len(out) - 1))
        out[i], out[j] = out[j], out[i]
    return out


def option_value(data: st.DataObject, game: str, key: str) -> Any:
    """A bad or near-miss value for one option of one game."""
    if data.draw(st.booleans()):
        return data.draw(bad_values)
    near = {
        "rounds": [1, 2, 4, 5, 7, 24, 3.0, 6.0, 12.0, "3"],
        "first_dealer": [0, 1, 2, -1, 0.0, 1.0, True, False, "0"],
        "round_limit": [0, 1, 99, 100, 3.0, True, None],
        "players": [0, 1, 2, 5, 6, 2.0, 5.0, True, "3"],
        "pile": [0, 1, 99, 100, 7.0, True],
        **{key: [0, 1, 0.0, 1.0, None, "true", [True]]
           for key in ("plus_one_yaku", "no_sake_yaku", "koikoi_once", "teshi")},
    }
    if key in near:
        return data.draw(st.sampled_from(near[key]))
    if key == "decks":
        deck = HANAMIKOJI_DECK if game == "hanamikoji" else KOIKOI_DECK
        decks = [deck, deck]
        k = data.draw(st.integers(0, 1))
        decks[k] = near_miss_list(data, deck)
        return data.draw(st.sampled_from([decks, [decks[k]], decks[k], [], [[]]]))
    if key == "deck":
        return near_miss_list(data, HANABI_DECK, HANABI_CARDS)
    return data.draw(bad_values)


def options_for(data: st.DataObject, game: str) -> Any:
    cls = pygame_core.protocol.game_info(game).game_cls
    keys = sorted(cls.default_options) if cls else []
    how = data.draw(st.sampled_from(["one", "several", "unknown", "not_a_dict"]))
    if how == "not_a_dict":
        return data.draw(bad_values)
    if how == "unknown" or not keys:
        return {data.draw(st.text(max_size=6)): data.draw(bad_values)}
    chosen = data.draw(st.lists(st.sampled_from(keys), min_size=1, max_size=len(keys), unique=True))
    if how == "one":
        chosen = chosen[:1]
    return {key: option_value(data, game, key) for key in chosen}


def broken_action(data: st.DataObject, action: Any) -> Any:
    """An action of the right shape with one thing wrong, or of the wrong shape."""
    how = data.draw(st.sampled_from(["value", "extra", "missing", "wrap", "type", "any", "other_game"]))
    if how == "any":
        return data.draw(json_values | bad_values)
    if how == "other_game":
        return copy.deepcopy(data.draw(st.sampled_from(ACTIONS)))
    if not isinstance(action, dict) or not action:
        return data.draw(bad_values)
    out = copy.deepcopy(action)
    key = data.draw(st.sampled_from(sorted(out)))
    if how == "value":
        v = out[key]
        if isinstance(v, list) and v:
            out[key] = near_miss_list(data, v)
        else:
            out[key] = data.draw(st.sampled_from([v + 0.0 if isinstance(v, int) and not isinstance(v, bool) else v,
                                                  True, str(v), [v], None]) | bad_values)
    elif how == "extra":
        out[data.draw(st.sampled_from(["x", "cards", "card", "slot", "seat", "take"]))] = data.draw(bad_values)
    elif how == "missing":
        del out[key]
    elif how == "wrap":
        out = [out]
    else:
        out["type"] = data.draw(st.sampled_from(["secret", "play", "clue", "take", "koikoi", "", "Play"]) | bad_values)
    return out


def broken_save(data: st.DataObject, save: dict[str, Any]) -> Any:
    """A save with one field changed, its check recomputed (so the field itself is judged) or not."""
    body = {k: copy.deepcopy(v) for k, v in save.items() if k != "check"}
    field = data.draw(st.sampled_from(["format", "game", "options", "seed", "actions", "drop", "extra", "none"]))
    if field == "format":
        body["format"] = data.draw(st.sampled_from([True, 1.0, "1", 0, 2, None, [1]]) | bad_values)
    elif field == "game":
        body["game"] = data.draw(st.sampled_from([g for g in GAMES if g != save["game"]] + ["chess", "", 7]))
    elif field == "options":
        body["options"] = options_for(data, save["game"])
    elif field == "seed":
        body["seed"] = data.draw(st.sampled_from([body["seed"] + 0.0, True, -1, 2**53, str(body["seed"])]) | bad_values)
    elif field == "actions":
        actions = body["actions"]
        how = data.draw(st.sampled_from(["one", "cut", "more", "not_a_list"] if actions else ["more", "not_a_list"]))
        if how == "one":
            i = data.draw(st.integers(0, len(actions) - 1))
            actions[i] = broken_action(data, actions[i])
        elif how == "cut":
            del actions[data.draw(st.integers(0, len(actions) - 1)):]
        elif how == "more":
            actions.append(data.draw(st.sampled_from(ACTIONS) | bad_values))
        else:
            body["actions"] = data.draw(bad_values)
    elif field == "drop":
        del body[data.draw(st.sampled_from(sorted(body)))]
    elif field == "extra":
        body["x"] = 1
    try:
        check = save_check(body) if data.draw(st.booleans()) else save["check"]
    except Exception:  # a body that is no JSON value: any check will do
        check = save["check"]
    out: Any = {**body, "check": data.draw(st.sampled_from([check, check + "0", 16, None]))
                if field == "none" else check}
    how = data.draw(st.sampled_from(["object", "text", "text", "deep_text", "cut_text"]))
    if how == "object":
        return out
    text = json.dumps(out)
    if how == "deep_text":
        return "[" * 3000 + text + "]" * 3000
    if how == "cut_text":
        return text[: data.draw(st.integers(0, len(text)))]
    return text


def whole(sid: str) -> Any:
    """Everything a session holds, not only what its views and saves show: the game, who sits
    where, the notes, the help counted, the take-back records (`bot_states`) and each bot's
    dice and last reason. A refused request must leave all of it as it was."""
    session = bridge._sessions[sid]
    return (session.game.to_json(), session.game.movers, session.seats, session.names,
            copy.deepcopy(session.notes), dict(session.assists), copy.deepcopy(session.bot_states),
            {seat: (bot.rng.getstate(), copy.deepcopy(bot.last_reason)) for seat, bot in session.bots.items()})


class Table:
    """The open sessions a run watches, with what each must look like."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data
        self.expected: dict[str, tuple[dict, dict]] = {}
        self.wholes: dict[str, Any] = {}
        for game in GAMES:
            save = data.draw(st.sampled_from(SAVES[game]))
            players = save["options"].get("players", 2)
            reply = ask({"cmd": "load", "save": save, "game": game, "level": "easy",
                         "human": data.draw(st.integers(0, players - 1))})
            assert reply["ok"], reply
            self.remember(reply["data"]["session"])

    def remember(self, sid: str) -> None:
        view = ask({"cmd": "view", "session": sid})
        save = ask({"cmd": "save", "session": sid})
        assert view["ok"] and save["ok"], (view, save)
        self.expected[sid] = (view["data"], save["data"])
        self.wholes[sid] = whole(sid)

    def check_unchanged(self) -> None:
        for sid, (view, save) in self.expected.items():
            assert ask({"cmd": "view", "session": sid})["data"] == view, sid
            assert ask({"cmd": "save", "session": sid})["data"] == save, sid
            assert whole(sid) == self.wholes[sid], sid

    def sid(self) -> str:
        return self.data.draw(st.sampled_from(list(self.expected)))  # opening order: the same every run

    def valid_step(self, sid: str) -> dict[str, Any]:
        view = self.expected[sid][0]
        if view["is_over"]:
            reply = ask({"cmd": "replay", "session": sid, "move": self.data.draw(st.integers(0, view["move"]))})
        elif view["waiting_for"] == "human":
            action = self.data.draw(st.sampled_from(view["observation"]["legal_actions"]))
            reply = ask({"cmd": "apply", "session": sid, "move": view["move"], "action": action})
        else:
            reply = ask({"cmd": "bot", "session": sid, "move": view["move"]})
        assert reply["ok"], reply
        self.remember(sid)
        return reply


def bad_request(data: st.DataObject, table: Table) -> dict[str, Any]:
    """One malformed or near-miss request for any command."""
    cmd = data.draw(st.sampled_from(sorted(bridge.COMMANDS) + ["junk", "deep"]))
    sid = table.sid()
    view = table.expected[sid][0]
    if cmd == "junk":
        return data.draw(st.sampled_from([{"cmd": data.draw(bad_values)}, {"cmd": "version", "x": 1}, {},
                                          {"cmd": "View", "session": sid}]))
    if cmd == "deep":
        return {"cmd": data.draw(st.sampled_from(["new", "apply", "load"])), "session": sid,
                "move": view["move"], "action": nested(data.draw(st.integers(60, 200)))}
    if cmd == "version":
        return {"cmd": cmd, data.draw(st.text(max_size=4)): data.draw(bad_values)}
    if cmd == "list_games":
        return {"cmd": cmd, "hidden": data.draw(bad_values.filter(lambda v: not isinstance(v, bool)))}
    if cmd == "new":
        game = data.draw(st.sampled_from(GAMES))
        req: dict[str, Any] = {"cmd": cmd, "game": game, "seed": data.draw(st.integers(0, MAX_SEED)), "level": "easy"}
        field = data.draw(st.sampled_from(["options", "options", "options", "seed", "human", "level", "game"]))
        req[field] = options_for(data, game) if field == "options" else data.draw(bad_values)
        return req
    if cmd in ("view", "save", "close"):
        bad_sid = data.draw(st.sampled_from(["s0", "s-1", "S1", "", " s1", "s1 "]) | bad_values)
        watched = isinstance(bad_sid, str) and bad_sid in table.expected
        return {"cmd": cmd, "session": None if watched else bad_sid}
    if cmd == "apply":
        legal = view["observation"].get("legal_actions") or [data.draw(st.sampled_from(ACTIONS))]
        move = data.draw(st.sampled_from([view["move"]] * 3 + [view["move"] - 1, view["move"] + 1]) | bad_values)
        action = broken_action(data, data.draw(st.sampled_from(legal)))
        return {"cmd": cmd, "session": sid, "move": move, "action": action}
    if cmd == "bot":
        move = data.draw(st.sampled_from([view["move"] - 1, view["move"] + 1, view["move"] + 0.0]) | bad_values)
        return {"cmd": cmd, "session": sid, "move": move}
    if cmd == "replay":
        move = data.draw(st.sampled_from([-1, view["move"] + 1, 0.0, True]) | bad_values)
        return {"cmd": cmd, "session": sid, "move": move}
    if cmd == "review":  # out of range, not the person's decision, not an integer (or, now and then, valid)
        move = data.draw(st.sampled_from([-1, view["move"], view["move"] + 1, 0.0, True, 0, 1]) | bad_values)
        return {"cmd": cmd, "session": sid, "move": move}
    if cmd in ("hint", "undo"):  # an extra field, a session that is not one, or (now and then) valid
        how = data.draw(st.sampled_from(["valid", "extra", "session"]))
        if how == "extra":
            return {"cmd": cmd, "session": sid, data.draw(st.sampled_from(["move", "seat", "x"])): data.draw(bad_values)}
        if how == "session":
            bad_sid = data.draw(st.sampled_from(["s0", "S1", "", " s1"]) | bad_values)
            return {"cmd": cmd, "session": None if isinstance(bad_sid, str) and bad_sid in table.expected else bad_sid}
        return {"cmd": cmd, "session": sid}
    if cmd in ("daily", "daily_par"):  # the deal of the day (issue 42): a date or game that is none, an extra field
        how = data.draw(st.sampled_from(["date", "game", "extra"]))
        date = data.draw(st.sampled_from(["2026-02-30", "2026-2-3", "1999-12-31", "", " 2026-03-05"]) | bad_values)
        if how == "date":
            return {"cmd": cmd, "game": data.draw(st.sampled_from(GAMES)), "date": date}
        if how == "game":
            return {"cmd": cmd, "game": data.draw(st.sampled_from(["nim", "chess", ""]) | bad_values), "date": "2026-03-05"}
        return {"cmd": cmd, "game": "koikoi", "date": "2026-03-05", data.draw(st.sampled_from(["session", "x"])): 1}
    if cmd == "link":  # a kind or move that is none, a running game's, an extra field (or, now and then, valid)
        kind = data.draw(st.sampled_from(["game", "position", "challenge", "Game", ""]) | bad_values)
        req = {"cmd": cmd, "session": sid, "kind": kind}
        how = data.draw(st.sampled_from(["plain", "at", "extra"]))
        if how == "at":
            req["at"] = data.draw(st.sampled_from([-1, 0, view["move"], view["move"] + 1, 0.0, True]) | bad_values)
        elif how == "extra":
            req[data.draw(st.sampled_from(["move", "x", "link"]))] = data.draw(bad_values)
        return req
    if cmd == "read_link":  # a text that is no link (cut, edited, garbage), a game that is none, an extra field
        text = data.draw(st.sampled_from(["", "AQ", "AQABAQIAAxgGAh________8AAQAAAACNAY0BBcEU5PPZ4l2XwPsBTFOKJH",
                                          "A" * 5000, "<b>x</b>"]) | st.text(max_size=40) | bad_values)
        game = data.draw(st.sampled_from([*GAMES, "chess"]) | bad_values)
        req = {"cmd": cmd, "link": text, "game": game}
        if data.draw(st.booleans()):
            req[data.draw(st.sampled_from(["session", "x", "at"]))] = data.draw(bad_values)
        return req
    if cmd == "decided":  # a running game's (refused), a seat that is none, an extra field (or, when over, valid)
        how = data.draw(st.sampled_from(["valid", "extra", "seat"]))
        if how == "extra":
            return {"cmd": cmd, "session": sid, data.draw(st.sampled_from(["move", "x"])): data.draw(bad_values)}
        if how == "seat":
            return {"cmd": cmd, "session": sid, "seat": data.draw(bad_values)}
        return {"cmd": cmd, "session": sid}
    assert cmd == "load"
    game = data.draw(st.sampled_from(GAMES))
    req = {"cmd": cmd, "save": broken_save(data, data.draw(st.sampled_from(SAVES[game])))}
    extra = data.draw(st.sampled_from(["none", "game", "wrong_game", "human", "level", "assists"]))
    if extra == "game":
        req["game"] = game
    elif extra == "wrong_game":
        req["game"] = data.draw(st.sampled_from([g for g in GAMES if g != game] + ["chess"]) | bad_values)
    elif extra in ("human", "level"):
        req[extra] = data.draw(bad_values)
    elif extra == "assists":  # the help counts: a near miss of {"hints": n, "take_backs": n}, or any value
        req["assists"] = data.draw(st.sampled_from([
            {"hints": 1.0, "take_backs": 0}, {"hints": True, "take_backs": 0}, {"hints": -1, "take_backs": 0},
            {"hints": 0}, {"hints": 0, "take_backs": 0, "x": 0}, {"hints": 0, "take_backs": 2**64}, [0, 0],
            {"hints": 2, "take_backs": 1}]) | bad_values)
    return req


# ------------------------------------------------------------ the sweep
NEAR_MISSES = [0.0, 1.0, 2.0, 3.0, 6.0, -0.0, 0.5, 1e300, True, False, None, "3", "", [3], [[3]], {"v": 3},
               -1, 2**53, 2**64, 10**30, "x" * 5000, nested(20), nested(bridge.MAX_DEPTH + 1),
               "[" * 5000 + "]" * 5000]


def deck_near_misses(deck: list[Any]) -> list[list[Any]]:
    """A valid deck with one card replaced by a near miss, at either end and the middle."""
    out = []
    for i in (0, len(deck) // 2, len(deck) - 1):
        for bad in (deck[i] + 0.0 if isinstance(deck[i], int) else {"colour": "red", "rank": 1.0}, True, str(deck[i]),
                    [deck[i]], None, {"colour": "red", "rank": True}):
            if bad != deck[i]:
                out.append(deck[:i] + [bad] + deck[i + 1:])
    return out + [deck[:-1], deck + deck[:1]]


def option_near_misses(game: str, key: str) -> list[Any]:
    if key == "decks":
        deck = HANAMIKOJI_DECK if game == "hanamikoji" else KOIKOI_DECK
        return NEAR_MISSES + [[d] for d in deck_near_misses(deck)] + [[deck, d] for d in deck_near_misses(deck)[:3]]
    if key == "deck":
        return NEAR_MISSES + deck_near_misses(HANABI_DECK)
    return NEAR_MISSES


@pytest.mark.parametrize("game", GAMES)
def test_every_option_refuses_every_near_miss_cleanly(game):
    bridge.reset()
    for key in pygame_core.protocol.game_info(game).game_cls.default_options:
        for value in option_near_misses(game, key):
            opened = bridge.opened()
            reply = ask({"cmd": "new", "game": game, "seed": 1, "options": {key: value}})
            if reply["ok"]:  # a value that is valid after all (null for an optional key, 3 rounds, ...)
                default = pygame_core.protocol.game_info(game).game_cls.default_options[key]
                if type(default) is bool:  # an on/off option (Koi-Koi's house rules) takes exactly true or false
                    assert type(value) is bool, (key, value)
                else:
                    assert value is None or type(value) is int, (key, value)
                assert bridge.opened() == opened + 1
            else:
                assert reply["error"]["code"] in ("bad_options", "bad_request"), (key, value, reply)
                assert bridge.opened() == opened


@pytest.mark.parametrize("game", GAMES)
def test_every_save_field_refuses_every_near_miss_cleanly(game):
    bridge.reset()
    for save in (SAVES[game][0], SAVES[game][-1]):
        body = {k: v for k, v in save.items() if k != "check"}
        for field in sorted(body):
            for value in NEAR_MISSES + [[a] for a in ACTIONS[:: max(1, len(ACTIONS) // 12)]]:
                changed = {**body, field: value}
                try:
                    check = save_check(changed)
                except Exception:
                    check = save["check"]
                opened = bridge.opened()
                reply = ask({"cmd": "load", "save": {**changed, "check": check}, "game": game})
                if reply["ok"]:  # e.g. another valid seed, or options that are valid for this save
                    assert field in ("seed", "options", "actions"), (field, value)
                else:
                    assert reply["error"]["code"] in ("bad_save", "bad_request"), (field, value, reply)
                    assert bridge.opened() == opened


# ------------------------------------------------------------ hypothesis
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_new_and_load_near_misses_are_never_internal(data):
    if bridge.opened() % 25 == 0:
        bridge.reset()
    game = data.draw(st.sampled_from(GAMES))
    if data.draw(st.booleans()):
        request = {"cmd": "new", "game": game, "seed": 3, "options": options_for(data, game)}
    else:
        request = {"cmd": "load", "save": broken_save(data, data.draw(st.sampled_from(SAVES[game])))}
    opened = bridge.opened()
    reply = ask(request)
    assert bridge.opened() == opened + (1 if reply["ok"] else 0)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_no_request_is_an_internal_error_and_refused_ones_change_nothing(data):
    bridge.reset()
    table = Table(data)
    for _ in range(data.draw(st.integers(4, 14))):
        if data.draw(st.integers(0, 4)) == 0:
            table.valid_step(table.sid())
            continue
        request = bad_request(data, table)
        reply = ask(request)
        target = request.get("session") if isinstance(request, dict) else None
        if reply["ok"] and isinstance(target, str) and target in table.expected:
            table.remember(target)  # a near miss that was valid after all (a legal move, a bot's turn)
        table.check_unchanged()
    for sid in list(table.expected):
        table.valid_step(sid)  # every session still plays
