"""The deal of the day in the engine (issue 42): pygame_core/daily.py and the bridge's
"daily" and "daily_par" commands. The same date gives every player the same deal, the next
date another; the par (the strongest level's own result on the deal) is the same however
many moves each step plays, and its opponents are seeded as in the person's own game."""

from __future__ import annotations

import datetime
import json
import random

import pytest

import pygame_core.games  # noqa: F401  (registers the games)
from pygame_core import bridge, daily
from pygame_core.protocol import MAX_SEED

GAMES = daily.DAILY_GAMES


def ask(request: dict) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def ok(request: dict):
    reply = ask(request)
    assert reply["ok"], reply
    return reply["data"]


def code(request: dict) -> str:
    reply = ask(request)
    assert not reply["ok"], reply
    return reply["error"]["code"]


def random_dates(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    first = datetime.date.fromisoformat(daily.FIRST_DATE).toordinal()
    last = datetime.date.fromisoformat(daily.LAST_DATE).toordinal()
    return [datetime.date.fromordinal(rng.randint(first, last)).isoformat() for _ in range(n)]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_date_deals_the_same_and_the_next_date_another(game):
    deal = ok({"cmd": "daily", "game": game, "date": "2026-03-05"})
    assert deal == ok({"cmd": "daily", "game": game, "date": "2026-03-05"})
    assert deal["date"] == "2026-03-05" and deal["game"] == game
    assert deal["level"] == "normal" and deal["human"] == 0 and deal["version"] == daily.DAILY_VERSION
    assert deal["options"] == ok({"cmd": "list_games"})[[g["name"] for g in ok({"cmd": "list_games"})].index(game)]["options"]
    assert deal["par_level"] == ("hard" if game == "hanabi" else "expert")
    following = ok({"cmd": "daily", "game": game, "date": "2026-03-06"})
    assert following["seed"] != deal["seed"]
    # Dealt with `new` as the page deals it, the same deal gives the same first view, the next day's another.
    first = [ok({"cmd": "new", "game": game, "seed": d["seed"], "options": d["options"], "level": d["level"],
                 "human": d["human"]}) for d in (deal, deal, following)]
    assert first[0]["observation"] == first[1]["observation"]
    assert first[0]["observation"] != first[2]["observation"]


def test_the_calendar_is_pythons():
    """Every date of the range is taken (29 February in leap years only), as Python's calendar has it."""
    day = datetime.date.fromisoformat(daily.FIRST_DATE)
    while day.isoformat() <= "2030-12-31":
        assert daily.check_date(day.isoformat()) == day.isoformat()
        day += datetime.timedelta(days=1)
    for bad in ["2100-02-29", "2025-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32"]:
        with pytest.raises(Exception):
            daily.check_date(bad)
    assert daily.check_date("2400-02-29") == "2400-02-29"


def test_seeds_spread_over_the_whole_range_and_differ_by_game_and_date():
    dates = random_dates(3000, 42) + ["2020-01-01", "2999-12-31", "2024-02-29"]
    seeds = {(g, d): daily.daily_seed(g, d) for g in GAMES for d in set(dates)}
    assert all(0 <= s <= MAX_SEED for s in seeds.values())
    assert len(set(seeds.values())) == len(seeds)  # no two (game, date) share a deal
    values = sorted(seeds.values())
    assert values[-1] > MAX_SEED * 0.99 and values[0] < MAX_SEED * 0.01  # the whole range, not small seeds


@pytest.mark.parametrize("date", ["2026-02-30", "2026-2-3", "2026-03-05T00:00", "1999-12-31", "3000-01-01", "",
                                  " 2026-03-05", "２０２６-03-05"])
def test_a_date_that_is_none_is_refused(date):
    assert code({"cmd": "daily", "game": "koikoi", "date": date}) == "bad_request"
    assert code({"cmd": "daily_par", "game": "koikoi", "date": date}) == "bad_request"


def test_other_refusals():
    assert code({"cmd": "daily", "game": "koikoi", "date": 20260305}) == "bad_request"
    assert code({"cmd": "daily", "game": "koikoi"}) == "bad_request"
    assert code({"cmd": "daily", "game": "chess", "date": "2026-03-05"}) == "unknown_game"
    assert code({"cmd": "daily", "game": "nim", "date": "2026-03-05"}) == "unsupported"
    assert code({"cmd": "daily_par", "game": "nim", "date": "2026-03-05"}) == "unsupported"
    assert code({"cmd": "daily", "game": "koikoi", "date": "2026-03-05", "seed": 1}) == "bad_request"


@pytest.mark.parametrize("game", GAMES)
def test_the_par_keeps_the_persons_opponents(game):
    """The par's computer seats but the person's are seeded as in the person's own game of the deal."""
    deal = ok({"cmd": "daily", "game": game, "date": "2027-11-19"})
    view = ok({"cmd": "new", "game": game, "seed": deal["seed"], "options": deal["options"], "level": deal["level"]})
    theirs = bridge._sessions[view["session"]].bots
    par = daily.ParRun(game, "2027-11-19")
    assert set(par.bots) == set(range(par.game.num_players))
    for seat, bot in theirs.items():
        assert par.bots[seat].seed == bot.seed
        assert par.bots[seat].level == (deal["par_level"] if game == "hanabi" else deal["level"])
    assert par.bots[0].level == deal["par_level"] and 0 <= par.bots[0].seed <= MAX_SEED


@pytest.mark.parametrize("game,date", [("hanamikoji", "2026-03-05"), ("hanamikoji", "2031-07-14"),
                                       ("koikoi", "2026-03-05"), ("koikoi", "2028-02-29"), ("hanabi", "2026-03-05")])
def test_the_par_is_the_same_however_it_is_stepped(game, date):
    whole = daily.ParRun(game, date).run()
    assert whole["done"] and whole["progress"] == 1.0 and whole["level"] == ("hard" if game == "hanabi" else "expert")
    result = whole["result"]
    assert result["outcome"] in (("team",) if game == "hanabi" else ("win", "loss", "draw"))
    # One move per step (a step with no time to spend still plays one), as a slow phone would.
    run = daily.ParRun(game, date)
    seen = []
    while not run.done:
        run.step(seconds=0.0)
        seen.append(run.progress())
    assert run.report() == whole
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == whole["move"]


def test_the_bridge_steps_the_par_to_the_same_result():
    date = "2026-03-05"
    expected = daily.ParRun("koikoi", date).run()
    steps = []
    while True:
        step = ok({"cmd": "daily_par", "game": "koikoi", "date": date})
        steps.append(step)
        if step["done"]:
            break
        assert "result" not in step and 0 <= step["progress"] < 1
    assert steps[-1] == expected
    assert [s["move"] for s in steps] == sorted(s["move"] for s in steps)
    # Asked again once done, it is played again: the same.
    again = ok({"cmd": "daily_par", "game": "koikoi", "date": date})
    while not again["done"]:
        again = ok({"cmd": "daily_par", "game": "koikoi", "date": date})
    assert again == expected
    assert not daily._runs


def test_a_step_stops_once_its_time_is_spent():
    """Each step ends after the move that spends its time: with a clock that says a move took 0.3 s, one move."""
    run = daily.ParRun("hanamikoji", "2026-03-05")
    ticks = iter(range(0, 1000))
    run.step(seconds=0.1, clock=lambda: next(ticks) * 0.3)
    assert run.game.move_number == 1
