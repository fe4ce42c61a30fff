"""The bridge's `review` (issue 26, the engine's first step): the person's decision at a move,
as they knew it then, assessed by the strongest AI; bad requests change nothing."""

from __future__ import annotations


import pytest

from engine_helpers import ask, data
from pygame_core.coach import VERDICTS


def played_game(game: str = "hanamikoji", seed: int = 21) -> tuple[str, list[int]]:
    """A whole game against the easy AI; the person always takes the first legal action.
    Returns the session and the move numbers of the person's decisions."""
    view = data({"cmd": "new", "game": game, "seed": seed, "level": "easy"})
    sid, mine = view["session"], []
    while not view["is_over"]:
        if view["waiting_for"] == "human":
            mine.append(view["move"])
            action = view["observation"]["legal_actions"][0]
            view = data({"cmd": "apply", "session": sid, "move": view["move"], "action": action})
        else:
            view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    return sid, mine


@pytest.mark.parametrize("game, seed", [("hanamikoji", 21), ("koikoi", 4)])
def test_every_decision_of_a_finished_game_gets_a_verdict_in_win_chance(game, seed):
    sid, mine = played_game(game, seed)
    assert len(mine) >= 4
    saved = data({"cmd": "save", "session": sid})
    for move in mine:
        got = data({"cmd": "review", "session": sid, "move": move})
        assert got["move"] == move and got["unit"] == "win_chance" and got["verdict"] in VERDICTS
        assert 0 <= got["value_played"] <= got["value_best"] <= 1
        assert got["loss"] == pytest.approx(got["value_best"] - got["value_played"], abs=1e-4) and got["loss"] >= 0
        assert isinstance(got["why_best"], dict) and isinstance(got["why_best"]["code"], str)
    assert data({"cmd": "review", "session": sid, "move": mine[0]}) == data({"cmd": "review", "session": sid, "move": mine[0]})
    assert data({"cmd": "save", "session": sid}) == saved  # reviewing changes nothing


def test_a_bad_review_request_is_refused_clearly_and_changes_nothing():
    sid, mine = played_game(seed=5)
    theirs = next(m for m in range(max(mine) + 1) if m not in mine)
    saved = data({"cmd": "save", "session": sid})
    moves = saved["save"]["actions"]
    for move, code, words in ((-1, "bad_request", "must be 0-"), (len(moves), "bad_request", "must be 0-"),
                              (theirs, "bad_request", "not your decision"), ("3", "bad_request", "must be int"),
                              (True, "bad_request", "must be int"), (3.0, "bad_request", "must be int")):
        reply = ask({"cmd": "review", "session": sid, "move": move})
        assert reply["ok"] is False and reply["error"]["code"] == code and words in reply["error"]["message"], (move, reply)
    assert ask({"cmd": "review", "session": sid})["error"]["code"] == "bad_request"
    assert ask({"cmd": "review", "session": sid, "move": 0, "extra": 1})["error"]["code"] == "bad_request"
    assert ask({"cmd": "review", "session": "nope", "move": 0})["error"]["code"] == "unknown_session"
    fresh = data({"cmd": "new", "game": "hanamikoji", "seed": 2})
    reply = ask({"cmd": "review", "session": fresh["session"], "move": 0})
    assert reply["error"]["code"] == "bad_request" and "no move has been made" in reply["error"]["message"]
    other = data({"cmd": "new", "game": "nim", "seed": 1})  # the hidden test game has no coach
    assert ask({"cmd": "review", "session": other["session"], "move": 0})["error"]["code"] == "unsupported"
    assert data({"cmd": "save", "session": sid}) == saved


def test_every_decision_of_a_finished_two_player_hanabi_game_gets_a_verdict_in_points():
    sid, mine = played_game("hanabi", seed=4)  # the person plays their newest card each turn: a short game
    saved = data({"cmd": "save", "session": sid})
    assert saved["save"]["options"]["players"] == 2 and mine
    for move in mine:
        got = data({"cmd": "review", "session": sid, "move": move})
        assert got["move"] == move and got["unit"] == "score" and got["verdict"] in VERDICTS
        assert 0 <= got["value_played"] <= got["value_best"] <= 25
        assert got["loss"] == pytest.approx(got["value_best"] - got["value_played"], abs=1e-3) and got["loss"] >= 0
        assert got["played"] == saved["save"]["actions"][move]
        assert isinstance(got["why_best"], dict) and isinstance(got["why_best"]["code"], str)
    assert data({"cmd": "save", "session": sid}) == saved  # reviewing changes nothing


def test_a_review_carries_the_moment_as_the_replay_draws_it():
    """The page draws the board as it was at the decision: the review's observation is the
    replay's of that move (the person's view, no legal actions), and the replay lists the
    person's decisions, the moves a review takes."""
    sid, mine = played_game(seed=8)
    first = data({"cmd": "replay", "session": sid, "move": 0})
    assert first["decisions"] == mine
    for move in mine:
        got = data({"cmd": "review", "session": sid, "move": move})
        shown = data({"cmd": "replay", "session": sid, "move": move})["observation"]
        assert got["observation"] == shown and "legal_actions" not in got["observation"]
    # The decision played is the next move of the log: the moment is before it, not after.
    got = data({"cmd": "review", "session": sid, "move": mine[-1]})
    after = data({"cmd": "replay", "session": sid, "move": mine[-1] + 1})["observation"]
    assert len(after["log"]) > len(got["observation"]["log"])


def test_list_games_says_which_games_can_be_reviewed():
    from pygame_core.coach import REVIEWED_GAMES

    listed = {g["name"]: g["review"] for g in data({"cmd": "list_games", "hidden": True})}
    assert listed == {name: name in REVIEWED_GAMES for name in listed}
    assert listed["hanamikoji"] is True and listed["nim"] is False
