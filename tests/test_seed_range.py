"""Every command answers in every game the page can deal (issue 40).

The page deals seeds anywhere in 0..2**53-1 (protocol.fresh_seed), and the
coach once made its own seed from the game's as `seed * 1009 + move`, out of
range for all but the smallest seeds: Hanabi's hint and review refused every
game a player met, while the tests, dealing small fixed seeds, passed. So
these tests deal as the page deals: the edges of the range and seeds drawn
from all of it, for every game and every player count, through every command
of the bridge (new, view, apply, bot, hint, undo, review, replay, save, load,
close). And a hint and the review of the same decision agree on the best move
and its value whichever move the player then makes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine_helpers import ask, data
from pygame_core import coach
from pygame_core.protocol import MAX_SEED

# The edges of the page's range and seeds drawn from all of it (fixed here, so a failure repeats;
# the property tests draw fresh ones from the same range).
_DRAWN = random.Random(40).sample(range(MAX_SEED + 1), 2)
SEEDS = [0, MAX_SEED, MAX_SEED - 1, *_DRAWN]
TABLES = [("hanamikoji", {}), ("koikoi", {"rounds": 3})] + [("hanabi", {"players": n}) for n in (2, 3, 4, 5)]
TAKE_BACK = {"hanamikoji", "koikoi"}


def _bots(sid: str, view: dict[str, Any]) -> dict[str, Any]:
    while not view["is_over"] and view["waiting_for"] == "bot":
        view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    return view


def _other_than(view: dict[str, Any], action: Any, rng: random.Random) -> Any:
    """A legal move other than `action` where there is one (the player does not follow the hint)."""
    legal = view["observation"]["legal_actions"]
    others = [a for a in legal if a != action]
    safe = [a for a in others if a.get("type") != "play"] if view["game"] == "hanabi" else others
    return rng.choice(safe or others) if others else legal[0]  # (a Hanabi game of blind plays strikes out at once)


def _hint_then_play(sid: str, view: dict[str, Any], rng: random.Random) -> tuple[dict, Any, dict]:
    """Ask the hint at the person's decision, play another move, and return (the hint, the move, the new view)."""
    hint = data({"cmd": "hint", "session": sid})
    assert hint["move"] == view["move"]
    assert hint["action"] in view["observation"]["legal_actions"]
    played = _other_than(view, hint["action"], rng)
    after = data({"cmd": "apply", "session": sid, "move": view["move"], "action": played})
    return hint, played, after


def _agrees(sid: str, hint: dict[str, Any], played: Any) -> dict[str, Any]:
    """The review of the hinted decision agrees with the hint on the best move and its value."""
    review = data({"cmd": "review", "session": sid, "move": hint["move"]})
    assert review["played"] == played
    assert (review["best"], review["value_best"], review["unit"]) == (hint["action"], hint["value"], hint["unit"])
    assert review["loss"] >= 0 and review["verdict"] in coach.VERDICTS
    assert review["value_played"] <= review["value_best"]  # never a move valued over the review's own best
    return review


@pytest.mark.parametrize("seed", SEEDS, ids=lambda s: f"seed{s}")
@pytest.mark.parametrize("game,options", TABLES, ids=lambda x: x if isinstance(x, str) else str(x.get("players", "")))
def test_every_command_answers_in_a_game_dealt_anywhere_in_the_range(game, options, seed):
    rng = random.Random(seed)
    view = data({"cmd": "new", "game": game, "seed": seed, "options": options, "level": "easy"})
    sid = view["session"]
    assert data({"cmd": "view", "session": sid}) == view
    view = _bots(sid, view)
    hint, played, view = _hint_then_play(sid, view, rng)
    _agrees(sid, hint, played)
    view = _bots(sid, view)
    if game in TAKE_BACK and not view["is_over"]:
        back = data({"cmd": "undo", "session": sid})
        assert back["undone"] == hint["move"] and back["view"]["move"] == hint["move"]
        again = data({"cmd": "apply", "session": sid, "move": hint["move"], "action": played})
        view = _bots(sid, again)
    saved = data({"cmd": "save", "session": sid})
    assert saved["save"]["seed"] == seed
    loaded = data({"cmd": "load", "game": game, "save": saved["save"], "level": "easy", "human": 0,
                   "notes": saved["notes"], "assists": saved["assists"]})
    assert loaded["observation"] == view["observation"] and loaded["assists"] == saved["assists"]
    data({"cmd": "close", "session": sid})
    sid = loaded["session"]
    view = _bots(sid, loaded)
    while not view["is_over"]:  # the rest of the game, the person playing at random against easy bots
        view = data({"cmd": "apply", "session": sid, "move": view["move"],
                     "action": rng.choice(view["observation"]["legal_actions"])})
        view = _bots(sid, view)
    end = view["move"]
    for move in (0, end // 2, end):
        replay = data({"cmd": "replay", "session": sid, "move": move})
        assert replay["move"] == move and replay["moves"] == end
    mine = data({"cmd": "replay", "session": sid, "move": 0})["decisions"]
    last = data({"cmd": "review", "session": sid, "move": mine[-1]})
    assert last["move"] == mine[-1] and last["verdict"] in coach.VERDICTS
    data({"cmd": "close", "session": sid})


@pytest.mark.parametrize("game,options", TABLES[:3] + TABLES[-1:],
                         ids=lambda x: x if isinstance(x, str) else str(x.get("players", "")))
def test_hint_and_review_agree_on_every_decision_whatever_was_played(game, options):
    """Over a whole game from a seed of the page's range, the person asks a hint at every
    decision and then plays something else (a random other move): each review names the hint's
    move as best, with the hint's value, and values the move played beside it."""
    rng = random.Random(f"agree-{game}-{options}")
    seed = rng.randrange(MAX_SEED + 1)
    view = data({"cmd": "new", "game": game, "seed": seed, "options": options, "level": "easy"})
    sid = view["session"]
    view = _bots(sid, view)
    checked = 0
    while not view["is_over"] and checked < 14:
        hint, played, view = _hint_then_play(sid, view, rng)
        review = _agrees(sid, hint, played)
        if played == hint["action"]:  # the only legal move
            assert review["verdict"] == "best" and review["value_played"] == hint["value"]
        checked += 1
        view = _bots(sid, view)
    assert checked >= 5, f"seed {seed}: only {checked} decisions"


def test_the_coach_seed_stays_in_range_and_is_its_own_for_each_decision():
    for seed in SEEDS:
        for move in (0, 1, 57, 400):
            assert 0 <= coach.decision_seed(seed, move) <= MAX_SEED
        assert len({coach.decision_seed(seed, move) for move in range(300)}) == 300
    assert coach.decision_seed(12, 5) == 12 * 1009 + 5  # small seeds keep the seed they always had
