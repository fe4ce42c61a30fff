"""The lessons' data (web/learn/<game>.json, issue 41) as the engine plays it: the
courses' files, the format's rules, and a walk of a lesson's steps through the bridge
exactly as the page's runner (web/js/learn/steps.js) passes them: a words step passes,
a "turn" step lets the other seats move until the player's decision, an action step
plays the action it asks for (a kind or "any" step the first legal action that fits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine_helpers import ask, data

LEARN = Path(__file__).resolve().parents[1] / "web" / "learn"
LANGUAGES = ("en", "de", "cs")
WORDS = ("next", "turn", "any")
MAX_SEED = 2**53 - 1


def course(game: str) -> dict[str, Any]:
    return json.loads((LEARN / f"{game}.json").read_text(encoding="utf-8"))


def courses() -> list[str]:
    return sorted(path.stem for path in LEARN.glob("*.json"))


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def fits(wait: Any, action: dict) -> bool:
    """Whether `action` is a move the step's wait accepts (the runner's rule, steps.js fits)."""
    if wait == "any":
        return True
    if isinstance(wait, dict) and "action" in wait:
        return canonical(wait["action"]) == canonical(action)
    if isinstance(wait, dict) and "kind" in wait:
        return all(canonical(action.get(key)) == canonical(value) for key, value in wait["kind"].items())
    return False


def texts_of(lesson: dict) -> list[tuple[str, dict]]:
    """Every text of a lesson, named: (where, {en, de, cs})."""
    found = [("title", lesson["title"]), ("goal", lesson["goal"]), ("done", lesson["done"])]
    for k, step in enumerate(lesson["steps"]):
        found.append((f"step {k} say", step["say"]))
        if "other" in step:
            found.append((f"step {k} other", step["other"]))
        for j, more in enumerate(step.get("others", [])):
            found.append((f"step {k} others {j}", more["say"]))
    return found


def open_lesson(game: str, lesson: dict) -> dict:
    """The lesson's game as the page opens it: the arranged deal, the player in seat 0."""
    return data({"cmd": "new", "game": game, "options": lesson["options"], "seed": lesson["seed"],
                 "level": lesson["level"], "human": 0})


def bots_until_player(view: dict) -> dict:
    """The other seats move until it is the player's decision (or the game is over)."""
    for _ in range(400):
        if view["is_over"] or view["waiting_for"] == "human":
            return view
        view = data({"cmd": "bot", "session": view["session"], "move": view["move"]})["view"]
    raise AssertionError("the other seats never gave the player a decision")


def walk(game: str, lesson: dict) -> list[dict | None]:
    """Play the lesson's steps; returns the move the player makes at each step (None for a words
    step). Fails where a step asks for a move the game does not allow then."""
    view = open_lesson(game, lesson)
    seen: list[dict | None] = []
    for k, step in enumerate(lesson["steps"]):
        wait = step["wait"]
        if wait == "next":
            seen.append(None)
            continue
        if wait == "turn":
            seen.append(None)
            view = bots_until_player(view)
            continue
        view = bots_until_player(view)
        assert not view["is_over"], f"{lesson['id']} step {k}: the game is over before the step's move"
        legal = view["observation"]["legal_actions"]
        choice = next((a for a in legal if fits(wait, a)), None)
        assert choice is not None, (f"{lesson['id']} step {k}: {wait} is not among the legal actions {legal}")
        seen.append(choice)
        reply = ask({"cmd": "apply", "session": view["session"], "move": view["move"], "action": choice})
        assert reply["ok"], (lesson["id"], k, reply)
        view = reply["data"]
    ask({"cmd": "close", "session": view["session"]})
    return seen
