"""The courses of lessons (issue 41), engine side: every course's file has the format the
page's runner reads (web/js/learn/steps.js), every text in English, German and Czech, and
every lesson plays through the real engine as its steps say: each move a step asks for is
legal at that moment, with the arranged deal and the other seats at the lesson's level."""

from __future__ import annotations

import re

import pytest

from engine_helpers import ask
from pygame_core import bridge
from lesson_walk import LANGUAGES, MAX_SEED, WORDS, course, courses, texts_of, walk

GAMES = ("hanamikoji", "koikoi", "hanabi")
LESSON_KEYS = {"id", "title", "goal", "seed", "level", "options", "steps", "done"}
STEP_KEYS = {"say", "wait", "mark", "point", "other", "others"}


def all_lessons():
    return [pytest.param(game, n, id=f"{game}-{n + 1}")
            for game in courses() for n in range(len(course(game)["lessons"]))]


def test_every_game_has_a_course():
    assert set(courses()) == set(GAMES)
    for game in GAMES:
        data = course(game)
        assert data["format"] == 1 and data["game"] == game
        assert 3 <= len(data["lessons"]) <= 8, game
        ids = [lesson["id"] for lesson in data["lessons"]]
        assert len(set(ids)) == len(ids), ids


@pytest.mark.parametrize(("game", "n"), all_lessons())
def test_a_lesson_has_the_format(game, n):
    lesson = course(game)["lessons"][n]
    assert set(lesson) == LESSON_KEYS, set(lesson) ^ LESSON_KEYS
    assert re.fullmatch(r"[a-z0-9-]+", lesson["id"])
    assert isinstance(lesson["seed"], int) and 0 <= lesson["seed"] <= MAX_SEED
    assert isinstance(lesson["options"], dict)
    assert 2 <= len(lesson["steps"]) <= 16
    for k, step in enumerate(lesson["steps"]):
        assert set(step) <= STEP_KEYS and "say" in step and "wait" in step, (k, step)
        wait = step["wait"]
        asks = isinstance(wait, dict)
        assert wait in WORDS or (asks and len(wait) == 1 and set(wait) <= {"action", "kind"}
                                 and isinstance(next(iter(wait.values())), dict)), (k, wait)
        if asks:
            assert "other" in step, f"step {k} asks for a move but says nothing of another move"
        if "mark" in step:
            assert isinstance(step["mark"], bool) and asks and "action" in wait, (k, step)
        if "point" in step:
            assert isinstance(step["point"], str) and step["point"].strip(), (k, step)
        for more in step.get("others", []):
            assert set(more) == {"match", "say"} and isinstance(more["match"], dict), (k, more)


@pytest.mark.parametrize(("game", "n"), all_lessons())
def test_every_text_is_in_every_language(game, n):
    for where, text in texts_of(course(game)["lessons"][n]):
        assert isinstance(text, dict) and set(text) == set(LANGUAGES), where
        for lang in LANGUAGES:
            assert isinstance(text[lang], str) and text[lang].strip() == text[lang] and text[lang], (where, lang)
            assert "<" not in text[lang] and "{" not in text[lang], (where, lang, "plain text only")
        # A translation that is the English left as it is (a short word like "OK" aside).
        if len(text["en"]) > 12:
            assert text["de"] != text["en"] and text["cs"] != text["en"], (where, text)


@pytest.mark.parametrize(("game", "n"), all_lessons())
def test_a_lesson_plays_as_its_steps_say(game, n):
    seen = walk(game, course(game)["lessons"][n])
    assert seen, "no steps"


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_deal_is_checked_like_every_option(game):
    """A deal that is not the game's deck opens nothing: bad_options, and no session made."""
    lesson = course(game)["lessons"][0]
    options = dict(lesson["options"])
    key = "deck" if game == "hanabi" else "decks"
    deck = options[key] if game == "hanabi" else options[key][0]
    broken = [deck[0], *deck[:-1]]  # one card twice, one missing
    options[key] = broken if game == "hanabi" else [broken]
    before = bridge.opened()
    reply = ask({"cmd": "new", "game": game, "options": options, "seed": lesson["seed"], "level": lesson["level"]})
    assert not reply["ok"] and reply["error"]["code"] == "bad_options", reply
    assert bridge.opened() == before
