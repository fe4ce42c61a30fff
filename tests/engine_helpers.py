"""Helpers the engine tests of every game share."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import pygame_core
from pygame_core import bridge


def random_positions(game: str, count: int, seed: int) -> list[dict]:
    """Observations at every decision of random games of `game`, every phase included."""
    rng = random.Random(seed)
    views: list[dict] = []
    while len(views) < count:
        g = pygame_core.new_game(game, seed=rng.randrange(2**53))  # dealt as the page deals: anywhere in the range
        while not g.is_over and len(views) < count:
            views.append(g.observation(g.current_player))
            g.apply(rng.choice(g.legal_actions()))
    return views


def ask(request: dict) -> dict:
    """One bridge request as the page sends it (JSON text), its reply parsed."""
    return json.loads(bridge.handle(json.dumps(request)))


def data(request: dict) -> dict:
    """The data of a request that must succeed."""
    reply = ask(request)
    assert reply["ok"], reply
    return reply["data"]


def play_to_the_end(game: str, seed: int, *, options: dict | None = None, level: str = "easy",
                    person: pygame_core.Bot | None = None) -> dict:
    """A game opened through the bridge (the person in seat 0, the computer at `level`) and played
    to its end: the person's moves by the bot `person`, else random legal moves drawn from
    random.Random(seed). Returns the final view; its session is still open."""
    rng = random.Random(seed)
    view = data({"cmd": "new", "game": game, "seed": seed, "level": level, **({"options": options} if options else {})})
    sid = view["session"]
    while not view["is_over"]:
        if view["waiting_for"] == "human":
            seen = view["observation"]
            action = person.choose(seen) if person else rng.choice(seen["legal_actions"])
            view = data({"cmd": "apply", "session": sid, "move": view["move"], "action": action})
        else:
            view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    return view


def kept_record(sid: str) -> dict:
    """A finished session as js/finished.js keeps it (from the bridge's `save`); the session is closed."""
    saved = data({"cmd": "save", "session": sid})
    data({"cmd": "close", "session": sid})
    return {key: saved[key] for key in ("save", "human", "level", "notes")}



ROOT = Path(__file__).resolve().parents[1]
NODE_PRELUDE = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);\n"


def node_json(script: str, payload: object) -> object:
    """Run `script` (an ES module, `require` at hand, top-level await allowed) in Node.js from the
    project root with `payload` as JSON on its standard input; its standard output, parsed."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to read the site's words")
    done = subprocess.run([node, "--input-type=module", "-e", NODE_PRELUDE + script], cwd=ROOT,
                          input=json.dumps(payload), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
