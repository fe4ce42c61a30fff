"""The statistics' pure parts (issue 44), run by Node as the page runs them: what a finished game adds
to its history entry (web/js/stats/detail.js) from real finished views the bridge gives, and the
figures computed from a history (web/js/stats/figures.js)."""

from __future__ import annotations

import random

import pytest

from engine_helpers import data, node_json

DETAIL = """
const { detailOf } = await import(process.cwd() + "/web/js/stats/detail.js");
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(input.map(([game, view]) => detailOf(game, view))));
"""

FIGURES = """
const { figuresOf } = await import(process.cwd() + "/web/js/stats/figures.js");
const { game, list, today } = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(figuresOf(game, list, { today })));
"""


def finished_view(game: str, seed: int, human: int, options: dict | None = None) -> dict:
    """A game through the bridge with the person in seat `human` playing random legal moves to the end."""
    rng = random.Random(seed)
    view = data({"cmd": "new", "game": game, "seed": seed, "level": "easy", "human": human,
                 **({"options": options} if options else {})})
    sid = view["session"]
    while not view["is_over"]:
        if view["waiting_for"] == "human":
            action = rng.choice(view["observation"]["legal_actions"])
            view = data({"cmd": "apply", "session": sid, "move": view["move"], "action": action})
        else:
            view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    data({"cmd": "close", "session": sid})
    return view


def seeds(n: int, salt: int) -> list[int]:
    rng = random.Random(salt)
    return [0, 2**53 - 1] + [rng.randrange(2**53) for _ in range(n - 2)]  # the page's range, edges included


@pytest.mark.parametrize("game,options", [("hanamikoji", None), ("koikoi", {"rounds": 3}), ("hanabi", {"players": 3})])
def test_a_finished_games_detail_is_read_from_the_players_own_view(game, options):
    cases = []
    for i, seed in enumerate(seeds(4, len(game) * 7919)):
        human = i % 2 if game != "hanabi" else i % 3  # every seat: the detail counts from the player's
        cases.append((seed, human, finished_view(game, seed, human, options)))
    details = node_json(DETAIL, [[game, view] for _, _, view in cases])
    for (seed, human, view), detail in zip(cases, details):
        result = view["result"]  # the table's own result: seats as the table counts them
        assert detail["v"] == 1 and detail["hints"] == 0 and detail["take_backs"] == 0, seed
        if game == "hanabi":
            seen = view["observation"]
            assert detail["players"] == 3 and detail["max"] == seen["max_score"] == 25
            assert detail["score"] == result["scores"][0] and detail["strikes"] == result["strikes"]
            assert detail["end"] == result["reason"] in ("strikes", "perfect", "final_round")
            assert (detail["end"] == "strikes") == (detail["strikes"] == 3)
            assert "scores" not in detail
            continue
        mine, theirs = result["scores"][human], result["scores"][1 - human]
        assert detail["scores"] == [mine, theirs], seed
        if game == "hanamikoji":
            assert detail["how"] == result["reason"] in ("charm", "geishas")
            assert detail["geishas"] == [result["geishas"][human], result["geishas"][1 - human]]
            assert detail["rounds"] == result["rounds"] >= 1
        else:
            rounds = detail["rounds"]
            assert len(rounds) == 3
            # Each round's points go to its winner, counted from the player: they add up to the final scores.
            assert sum(r["p"] for r in rounds if r["w"] == 0) == mine
            assert sum(r["p"] for r in rounds if r["w"] == 1) == theirs
            for r, summary in zip(rounds, result["rounds"]):
                assert r["w"] == (None if summary["winner"] is None else summary["winner"] ^ human)
                assert r["yaku"] == [y["name"] for y in summary["yaku"]]
                assert (r["w"] is None) == (r["yaku"] == [])


def test_help_counted_in_the_view_goes_into_the_detail():
    view = {"assists": {"hints": 2, "take_backs": 1},
            "observation": {"result": {"winner": 1, "scores": [4, 11], "geishas": [3, 2], "reason": "charm", "rounds": 2}}}
    unfinished = {"assists": {"hints": 0, "take_backs": 0}, "observation": {"legal_actions": []}}
    detail, none = node_json(DETAIL, [["hanamikoji", view], ["hanamikoji", unfinished]])
    assert detail == {"v": 1, "hints": 2, "take_backs": 1, "scores": [4, 11], "how": "charm", "geishas": [3, 2], "rounds": 2}
    assert none is None


def entry(game, outcome, scores, level="hard", at="2026-11-20T10:00:00.000Z", **more):
    return {"game": game, "level": level, "outcome": outcome, "points": 50, "scores": scores, "at": at, **more}


def hk(outcome, scores, how, level="hard", at="2026-11-20T10:00:00.000Z", hints=0, take_backs=0, **more):
    detail = {"v": 1, "hints": hints, "take_backs": take_backs, "scores": scores, "how": how, "geishas": [3, 2], "rounds": 2}
    return entry("hanamikoji", outcome, scores, level, at, detail=detail, **more)


def test_hanamikoji_figures_streaks_levels_months_and_the_way_each_game_was_won():
    people = {"game": "hanamikoji", "level": "hard", "people": ["Anna", "Ben"], "winner": 0, "scores": [11, 3],
              "points": 0, "at": "2026-11-21T10:00:00.000Z"}
    history = [
        entry("hanamikoji", "win", [11, 4], at="2026-10-02T10:00:00.000Z"),  # from before issue 44: no detail
        hk("win", [12, 5], "charm", at="2026-10-03T10:00:00.000Z"),
        hk("win", [8, 9], "geishas", level="normal"),
        hk("loss", [6, 11], "charm", hints=1, take_backs=2, helped=True),
        people,
        entry("koikoi", "loss", [0, 9]),
        hk("win", [9, 7], "geishas"),
        hk("win", [11, 3], "charm", level="easy", at="2026-12-01T10:00:00.000Z"),
    ]
    f = node_json(FIGURES, {"game": "hanamikoji", "list": history, "today": "2026-12-05"})
    assert (f["played"], f["won"], f["drawn"], f["lost"], f["helped"], f["people"], f["withDetail"]) == (6, 5, 0, 1, 1, 1, 5)
    assert f["streak"] == {"current": 2, "best": 3}  # W W W L W W
    assert [(r["level"], r["played"], r["won"], r["lost"]) for r in f["levels"]] == [
        ("easy", 1, 1, 0), ("normal", 1, 1, 0), ("hard", 4, 3, 1)]
    assert [(m["month"], m["played"], m["helped"], m["hints"], m["take_backs"], m["known"]) for m in f["months"]] == [
        ("2026-12", 1, 0, 0, 0, 1), ("2026-11", 3, 1, 1, 2, 3), ("2026-10", 2, 0, 0, 0, 1)]
    assert f["hanamikoji"] == {"wins": {"charm": 2, "geishas": 2, "limit": 0},
                               "losses": {"charm": 1, "geishas": 0, "limit": 0}, "known": 5}
    assert f["points"]["mine"] == pytest.approx((11 + 12 + 8 + 6 + 9 + 11) / 6)
    assert f["points"]["theirs"] == pytest.approx((4 + 5 + 9 + 11 + 7 + 3) / 6)
    assert [g["value"] for g in f["trend"]] == [7, 7, -1, -5, 2, 8]
    assert [g["helped"] for g in f["trend"]] == [False, False, False, True, False, False]


def test_a_duel_counts_from_the_players_seat_when_the_detail_says_so():
    # Seat 1 at the table: the entry's scores are the table's, the detail's the player's.
    e = entry("hanamikoji", "win", [4, 11], detail={"v": 1, "hints": 0, "take_backs": 0, "scores": [11, 4],
                                                     "how": "charm", "geishas": [2, 3], "rounds": 1})
    f = node_json(FIGURES, {"game": "hanamikoji", "list": [e], "today": "2026-12-05"})
    assert f["trend"][0]["value"] == 7 and f["points"]["mine"] == 11


def test_koikoi_yaku_points_per_round_and_the_days_of_the_deal_of_the_day():
    def kk(outcome, scores, rounds, at, **more):
        return entry("koikoi", outcome, scores, at=at, detail={"v": 1, "hints": 0, "take_backs": 0, "scores": scores,
                                                               "rounds": rounds}, **more)
    history = [
        entry("koikoi", "win", [6, 0], at="2026-11-01T10:00:00.000Z"),  # no detail: no rounds to count
        kk("win", [11, 1], [{"w": 0, "p": 6, "yaku": ["inoshikacho"]}, {"w": 1, "p": 1, "yaku": ["kasu"]},
                            {"w": 0, "p": 5, "yaku": ["tanzaku", "akatan"]}], "2026-12-02T10:00:00.000Z", daily="2026-12-02"),
        kk("loss", [5, 10], [{"w": 1, "p": 10, "yaku": ["sanko"]}, {"w": 0, "p": 5, "yaku": ["inoshikacho"]},
                             {"w": None, "p": 0, "yaku": []}], "2026-12-04T10:00:00.000Z", daily="2026-12-04"),
        kk("win", [7, 0], [{"w": 0, "p": 7, "yaku": ["inoshikacho", "tane"]}], "2026-12-05T10:00:00.000Z", daily="2026-12-05"),
        # a second try of the same day's deal is never recorded as daily; an odd mark is ignored
        kk("win", [1, 0], [{"w": 0, "p": 1, "yaku": ["tane"]}], "2026-12-05T11:00:00.000Z", daily="yesterday"),
    ]
    f = node_json(FIGURES, {"game": "koikoi", "list": history, "today": "2026-12-05"})
    k = f["koikoi"]
    assert k["yaku"] == [{"name": "inoshikacho", "count": 3}, {"name": "tane", "count": 2},
                         {"name": "akatan", "count": 1}, {"name": "tanzaku", "count": 1}]
    assert (k["rounds"], k["won"], k["lost"], k["drawn"]) == (8, 5, 2, 1)
    assert f["points"] == {"mine": pytest.approx(24 / 8), "theirs": pytest.approx(11 / 8), "rounds": 8}
    assert f["daily"] == {"days": 3, "best": 2, "current": 2, "last": "2026-12-05"}
    assert f["streak"] == {"current": 2, "best": 2}


def test_hanabi_histogram_per_player_count_strike_outs_and_perfect_games():
    def hb(score, players, end, strikes=0, at="2026-11-20T10:00:00.000Z"):
        return entry("hanabi", "draw", [score] * players, level="normal", at=at,
                     detail={"v": 1, "hints": 0, "take_backs": 0, "players": players, "score": score, "max": 25,
                             "strikes": strikes, "end": end})
    history = [hb(25, 2, "perfect"), hb(18, 2, "final_round"), hb(0, 3, "strikes", 3), hb(21, 3, "final_round", 1),
               hb(18, 2, "final_round"), entry("hanabi", "draw", [25, 25], level="normal")]
    f = node_json(FIGURES, {"game": "hanabi", "list": history, "today": "2026-12-05"})
    h = f["hanabi"]
    assert (h["perfect"], h["strikeouts"], h["known"], h["max"]) == (2, 1, 5, 25)
    two, three = h["byPlayers"]
    assert (two["players"], two["games"], two["best"], two["perfect"], two["strikeouts"]) == (2, 3, 25, 1, 0)
    assert two["average"] == pytest.approx(61 / 3)
    assert {s: n for s, n in enumerate(two["histogram"]) if n} == {18: 2, 25: 1} and len(two["histogram"]) == 26
    assert {s: n for s, n in enumerate(three["histogram"]) if n} == {0: 1, 21: 1} and three["strikeouts"] == 1
    # In a row without a strike-out: the older game (no detail) is passed over, neither counted nor breaking.
    assert f["streak"] == {"current": 2, "best": 2}
    assert f["points"]["mine"] == pytest.approx(107 / 6)
    assert [g["end"] for g in f["trend"]] == ["perfect", "final_round", "strikes", "final_round", "final_round", None]


def test_no_games_and_damaged_entries_give_empty_figures():
    junk = [None, 7, "x", {"game": "hanabi"}, {"game": "hanabi", "outcome": "win", "detail": {"v": 1, "rounds": "x"}}]
    f = node_json(FIGURES, {"game": "koikoi", "list": junk, "today": "2026-12-05"})
    assert (f["played"], f["levels"], f["months"], f["trend"]) == (0, [], [], [])
    assert f["koikoi"]["yaku"] == [] and f["points"]["rounds"] == 0
    bad_rounds = entry("koikoi", "win", [1, 0], detail={"v": 1, "rounds": [None, {"w": 0, "p": "x", "yaku": "kasu"}]})
    f = node_json(FIGURES, {"game": "koikoi", "list": [bad_rounds], "today": "2026-12-05"})
    assert f["koikoi"]["rounds"] == 1 and f["koikoi"]["yaku"] == []
    later = entry("koikoi", "win", [1, 0], detail={"v": 2, "rounds": [{"w": 0, "p": 1, "yaku": ["kasu"]}]})
    f = node_json(FIGURES, {"game": "koikoi", "list": [later], "today": "2026-12-05"})
    assert f["withDetail"] == 0 and f["koikoi"]["rounds"] == 0  # a later version's detail is left alone
