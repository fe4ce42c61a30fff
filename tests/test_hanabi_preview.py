"""The clue preview: how the bots will read each clue the player could give (computed from the player's view)."""

from __future__ import annotations

import json

import pytest

from pygame_core import bridge, new_bot, new_game
from pygame_core.hanabi.cards import COLOURS
from pygame_core.hanabi.preview import preview_clues


def positions(players: int, games: int = 6):
    """(observation of the player to move, the bot's chosen action and reason) through self-play."""
    for seed in range(games):
        game = new_game("hanabi", seed=100 + seed, options={"players": players})
        bots = [new_bot("hanabi", "normal", seed=seed * 10 + i) for i in range(players)]
        while not game.is_over:
            seat = game.current_player
            obs = game.observation(seat)
            action = bots[seat].choose(obs)
            yield obs, action, bots[seat].last_reason
            game.apply(action)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_preview_reads_the_bots_own_clues_as_they_mean_them(players):
    """Same code as the bots: a play or save clue a bot gives shows, in that bot's preview, as
    the play or save it means, with no warning; and a strike is only ever shown for a card that
    does not fit now."""
    checked = 0
    for obs, action, reason in positions(players):
        preview = preview_clues(obs)
        clues = [a for a in obs["legal_actions"] if a["type"] == "clue"]
        assert [(e["target"], e.get("colour"), e.get("rank")) for e in preview] == [
            (a["target"], a.get("colour"), a.get("rank")) for a in clues]
        for e in preview:
            assert e["target"] != 0  # never the viewer's own hand
            if e["warn"] == "strike":
                card = e["card"]
                assert obs["stacks"][card["colour"]] != card["rank"] - 1, e
        if action["type"] != "clue" or reason["code"] not in ("clue_play", "clue_save"):
            continue
        mine = next(e for e in preview if e["target"] == action["target"]
                    and e.get("colour") == action.get("colour") and e.get("rank") == action.get("rank"))
        # Never a strike or a misreading; a useless card beside the focus is an exception the page allows.
        assert mine["warn"] in (None, "useless"), (mine, reason)
        # A save of a chop card that is playable anyway reads as a play clue: both keep it safe.
        want = {"clue_play": {"play", "delayed"}, "clue_save": {"save", "play", "delayed"}}[reason["code"]]
        assert mine["reading"] in want, (mine, reason)
        checked += 1
    assert checked >= 20


def test_the_bridge_offers_the_preview_only_on_the_players_turn():
    h = lambda r: json.loads(bridge.handle(json.dumps(r)))  # noqa: E731
    view = h({"cmd": "new", "game": "hanabi", "level": "normal", "seed": 11, "options": {"players": 3}})["data"]
    assert view["waiting_for"] == "human" and len(view["preview"]) == sum(
        a["type"] == "clue" for a in view["observation"]["legal_actions"])
    first = view["preview"][0]
    assert first["card"]["colour"] in COLOURS and first["reading"] in ("play", "delayed", "save", "info")
    discard = next(a for a in view["observation"]["legal_actions"] if a["type"] != "clue")
    after = h({"cmd": "apply", "session": view["session"], "move": 0, "action": discard})["data"]
    assert after["waiting_for"] == "bot" and "preview" not in after
    other = h({"cmd": "new", "game": "koikoi", "seed": 1})["data"]
    assert "preview" not in other
