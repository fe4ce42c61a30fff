"""The coach's assessment of a Hanabi decision (issue 26): the expected final score of the
best choices and of the one played, from the deciding seat's observation alone; why the
best is best in the bots' reason codes; and the review page's words for it (coach.js)."""

from __future__ import annotations

import json
import random

import pytest

import pygame_core
from pygame_core.coach import judge
from pygame_core.errors import EngineError
from pygame_core.hanabi.assess import assess, why
from pygame_core.hanabi.cards import FULL_DECK, MAX_SCORE, short_name
from pygame_core.hanabi.preview import preview_clues
from engine_helpers import node_json
from test_hanabi_props import scramble_own

QUICK = {"worlds": 6, "budget": 400}  # enough for the properties below, and quick


def deck_starting(*first: str) -> list[str]:
    """All 50 cards: `first` in drawing order (seat 0's hand, seat 1's, then the pile), the rest after."""
    rest = [short_name(i) for i in FULL_DECK]
    for name in first:
        rest.remove(name)
    return list(first) + rest


# Two players. Seat 0 holds r2 y2 g3 b4 w5 and plays b4 (a strike); seat 1 saves the w5 on its chop
# with a 5 clue; seat 0 plays g3 (strike two); seat 1 discards. Seat 0 knows card 5 is a 5, which
# cannot fit while no firework stands at 4: playing it is the third strike, and the score is 0.
TWO_STRIKES = deck_starting("r2", "y2", "g3", "b4", "w5", "r1", "y1", "g1", "b1", "w3", "r4", "y4")
TWO_STRIKES_MOVES = [{"type": "play", "slot": 3}, {"type": "clue", "target": 1, "rank": 5},
                     {"type": "play", "slot": 3}, {"type": "discard", "slot": 4}]


def two_strikes_game():
    game = pygame_core.new_game("hanabi", seed=1, options={"players": 2, "deck": TWO_STRIKES})
    for action in TWO_STRIKES_MOVES:
        game.apply(action)
    assert game.current_player == 0 and game.state.strikes == 2
    return game


def test_a_play_that_risks_the_third_strike_is_a_blunder_and_the_best_move_is_a_safe_one():
    game = two_strikes_game()
    view = game.observation(0)
    misplay = {"type": "play", "slot": 4}
    assert view["hands"][0][4]["ranks"] == [5] and max(view["stacks"].values()) == 0
    assessment = assess(view, seed=3, played=misplay)
    assert assessment["unit"] == "score"
    review = judge(assessment, misplay)
    assert review["verdict"] == "blunder", review
    best = review["best"]
    # Seat 1 holds r1 y1 g1 b1 for the taking: the sensible move is the clue that makes them
    # play (never a blind play of our own with two strikes down).
    assert best["type"] == "clue", best
    assert review["value_played"] == 0 and review["loss"] > 5
    assert judge(assessment, best)["verdict"] == "best"
    game.apply(misplay)  # and in the game itself: the third strike scores 0
    assert game.is_over and game.result()["scores"] == [0, 0]


def mid_game(seed: int, players: int, moves: int):
    """A game of normal bots stopped after `moves` moves (or earlier, before its end)."""
    game = pygame_core.new_game("hanabi", seed=seed, options={"players": players})
    bots = [pygame_core.new_bot("hanabi", "normal", seed=seed + s) for s in range(players)]
    while game.move_number < moves and game.state.deck_left > 2:
        seat = game.current_player
        game.apply(bots[seat].choose(game.observation(seat)))
    return game


def test_the_assessment_is_the_same_whatever_the_hidden_cards_are():
    for i, (players, moves) in enumerate(((2, 12), (3, 30))):
        game = mid_game(40 + i, players, moves)
        seat = game.current_player
        views = [game.observation(seat)]
        rng = random.Random(i)
        for _ in range(2):
            views.append(scramble_own(game, seat, rng).observation(seat))  # own hand and deck dealt anew
        assert all(v == views[0] for v in views)
        results = {json.dumps(assess(v, seed=9, **QUICK), sort_keys=True) for v in views}
        reasons = {json.dumps(why(v, v["legal_actions"][0]), sort_keys=True) for v in views}
        assert len(results) == 1 and len(reasons) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_seed_gives_the_same_values_in_0_to_25_best_first_and_the_played_move_is_valued(players):
    game = mid_game(7 * players, players, 4 * players)
    view = game.observation(game.current_player)
    first = assess(view, seed=1, **QUICK)
    assert first == assess(view, seed=1, **QUICK)
    values = [v["value"] for v in first["values"]]
    assert values == sorted(values, reverse=True) and all(0 <= v <= MAX_SCORE for v in values)
    assert all(v["action"] in view["legal_actions"] for v in first["values"])
    shown = [v["action"] for v in first["values"]]
    outside = [a for a in view["legal_actions"] if a not in shown][-1]
    with_it = assess(view, seed=1, played=outside, **QUICK)
    assert outside in [v["action"] for v in with_it["values"]]
    assert judge(with_it, outside)["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder")


def test_a_bad_question_is_refused():
    view = two_strikes_game().observation(0)
    for bad in ({"type": "play", "slot": 7}, {"type": "clue", "target": 0, "rank": 1}, "play"):
        with pytest.raises(EngineError, match="not a legal action"):
            assess(view, seed=1, played=bad)
    with pytest.raises(EngineError, match="no decision"):
        assess({**view, "legal_actions": []}, seed=1)


def reasons_over_games() -> list[tuple[dict, dict]]:
    """(view, why) for every legal action of many decisions of 2- to 5-player games."""
    out = []
    for players in (2, 3, 4, 5):
        game = pygame_core.new_game("hanabi", seed=60 + players, options={"players": players})
        bots = [pygame_core.new_bot("hanabi", "normal", seed=s) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            view = game.observation(seat)
            if game.move_number % 3 == 0:
                out += [(view, why(view, action)) for action in view["legal_actions"]]
            game.apply(bots[seat].choose(view))
    return out


# Reasons seldom met in a few games, so that coach.js is shown every code, stall, reading and warning.
RARE_REASONS = [
    {"code": "play_forced", "slot": 3}, {"code": "discard_trash", "slot": 0}, {"code": "discard_locked", "slot": 2},
    *({"code": "discard_other", "slot": 1, "critical": critical, "least": least}
      for critical, least in ((0.0, True), (0.25, True), (0.5, False))),
    {"code": "play_risky", "slot": 0, "chance": 0.4},
    *({"code": "clue_stall", "target": 1, "rank": 3, "stall": stall, "reading": "info"}
      for stall in ("full", "locked", "after_save", "late")),
    {"code": "clue_play", "target": 2, "colour": "blue", "slot": 1, "card": {"colour": "blue", "rank": 3},
     "reading": "delayed"},
    *({"code": "clue_play", "target": 1, "rank": 2, "slot": 0, "card": {"colour": "red", "rank": 2}, "reading": "play",
       "warn": warn} for warn in ("strike", "misread", "useless")),
    {"code": "clue_info", "target": 1, "colour": "green", "reading": "info", "warn": "lost",
     "chop": {"colour": "green", "rank": 5}},
]

CODES = {"clue_play", "clue_save", "clue_info", "clue_stall", "play_known", "play_risky", "play_forced",
         "discard_trash", "discard_chop", "discard_locked", "discard_other"}

COACH_SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const { messages } = await import(root + "games/hanabi/messages.js");
const { coachReason } = await import(root + "games/hanabi/coach.js");
const reasons = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
for (const lang of ["en", "de", "cs"]) {
  const t = (key, params = {}) => fill(messages[lang][key] ?? key, params, lang);
  out[lang] = reasons.map((why) => coachReason(why, t));
}
console.log(JSON.stringify(out));
"""


def test_why_gives_a_known_code_with_the_preview_reading_names_no_own_card_and_is_worded():
    pairs = reasons_over_games()
    seen = set()
    for view, reason in pairs:
        code = reason["code"]
        assert code in CODES, reason
        seen.add(code)
        if code.startswith("clue"):
            # What the preview says the receiver will read it as.
            entry = next(e for e in preview_clues(view) if e["target"] == reason["target"]
                         and e.get("colour", e.get("rank")) == reason.get("colour", reason.get("rank")))
            assert reason["reading"] == entry["reading"] and reason.get("warn") == entry["warn"]
            if "card" in reason:  # a teammate's card, which the deciding seat sees
                hand = view["hands"][reason["target"]]
                assert {"colour": hand[reason["slot"]]["colour"], "rank": hand[reason["slot"]]["rank"]} == reason["card"]
        else:
            assert "card" not in reason and "card" not in json.dumps(reason.get("clue", {}))  # own cards go unnamed
    assert {"clue_play", "clue_save", "clue_info", "play_known", "play_risky", "discard_chop"} <= seen, seen
    # coach.js words each of them, in every language, in one sentence and with no key left over.
    unique = list({json.dumps(r, sort_keys=True): r for _, r in pairs}.values()) + RARE_REASONS
    assert {r["code"] for r in RARE_REASONS} | seen == CODES
    said = node_json(COACH_SCRIPT, unique)
    for lang in ("en", "de", "cs"):
        for reason, text in zip(unique, said[lang]):
            assert text and "hb." not in text and "{" not in text, (lang, reason, text)
            assert text.endswith(".") and text[0].isupper(), (lang, text)


ACTION_SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const { messages } = await import(root + "games/hanabi/messages.js");
const { actionText } = await import(root + "games/hanabi/coach.js");
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
for (const lang of ["en", "de", "cs"]) {
  const t = (key, params = {}) => fill(messages[lang][key] ?? key, params, lang);
  out[lang] = cases.map(([action, observation]) => actionText(action, t, observation));
}
console.log(JSON.stringify(out));
"""


def test_every_choice_is_named_in_every_language():
    """coach.js's actionText names each legal choice (the review's "You played" and "Better"):
    cards counted from 1, teammates by the names the board gives them, nonsense by nothing."""
    cases = []
    for players in (2, 4):
        game = pygame_core.new_game("hanabi", seed=5 + players, options={"players": players})
        view = game.observation(game.current_player)
        shown = {"hands": view["hands"]}
        cases += [(action, shown) for action in view["legal_actions"]]
    bad = [({"type": "play", "slot": 9}, None), ({"type": "clue", "target": 0, "rank": 1}, {"hands": [[], []]}),
           ({"type": "clue", "target": 3, "rank": 1}, {"hands": [[], []]}), ({"type": "wait"}, None)]
    said = node_json(ACTION_SCRIPT, cases + bad)
    for lang in ("en", "de", "cs"):
        named = said[lang][:len(cases)]
        assert said[lang][len(cases):] == [""] * len(bad)
        for (action, _), text in zip(cases, named):
            assert text and "hb." not in text and "{" not in text and "undefined" not in text, (lang, action, text)
    english = dict(zip((json.dumps(a, sort_keys=True) for a, _ in cases), said["en"]))
    assert english[json.dumps({"type": "play", "slot": 0}, sort_keys=True)] == "Play card 1"
    colour = next(a for a, _ in cases if a["type"] == "clue" and a["target"] == 1 and "colour" in a)
    assert english[json.dumps(colour, sort_keys=True)] == f"Clue Ana: {colour['colour'].capitalize()}"
    rank = next(a for a, _ in cases if a["type"] == "clue" and a["target"] == 1 and "rank" in a)
    assert english[json.dumps(rank, sort_keys=True)] == f"Clue Ana: {rank['rank']}s"
    assert said["de"][0] != said["en"][0]
