"""Finished games made in CPython for the browser tests of links (issue 42): the bots play a whole
game through the bridge, as a page would, and the game is kept the way the page keeps a finished
game (js/finished.js), so that a test opens it with ?finished=<id> and shares it from its end."""

from __future__ import annotations

import json
import random

import pygame_core
from pygame_core import bridge


def call(request: dict) -> dict:
    reply = bridge.call(request)
    assert reply["ok"], reply
    return reply["data"]


def finished_record(game: str, options: dict, level: str, seed: int, player: str = "hard") -> dict:
    """A whole game of `game` (the person in seat 0 played by the `player` level's bot): the record
    the page keeps of it ({save, human, level, notes, assists, seats, names, seat_notes})."""
    view = call({"cmd": "new", "game": game, "level": level, "human": 0, "seed": seed, "options": options})
    sid = view["session"]
    bot = pygame_core.new_bot(game, level=player, seed=seed % 1000 + 1)
    while not view["is_over"]:
        if view["waiting_for"] == "bot":
            view = call({"cmd": "bot", "session": sid, "move": view["move"], "seat": 0})["view"]
        else:
            action = bot.choose(view["observation"])
            view = call({"cmd": "apply", "session": sid, "move": view["move"], "action": action, "seat": 0})
    saved = call({"cmd": "save", "session": sid, "seat": 0})
    call({"cmd": "close", "session": sid})
    return {key: saved[key] for key in ("save", "human", "level", "notes", "assists", "seats", "names", "seat_notes")}


def keep(page, game: str, record: dict) -> str:
    """Keep `record` as the page's finished games list does; the id for ?finished=."""
    entry_id = f"{game}-test-{random.randrange(36**6):x}"
    entry = {"id": entry_id, "game": game, "at": "2026-12-05T10:00:00Z", "record": record}
    page.evaluate("(v) => localStorage.setItem('cardgarden.finished', v)", json.dumps([entry]))
    return entry_id
