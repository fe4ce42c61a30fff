"""The shared game protocol, exercised through the built-in test game (Nim)."""

from __future__ import annotations

import json

import pytest

import pygame_core
from pygame_core.errors import BadOptionsError, BadSaveError, GameOverError, IllegalActionError, UnknownGameError
from pygame_core.protocol import RandomBot, canonical


def play_out(game, bot_seed=3):
    bots = [pygame_core.new_bot("nim", "normal", seed=bot_seed + i) for i in range(2)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game.observation(game.current_player)))
    return game


def test_same_seed_same_game():
    a, b = play_out(pygame_core.new_game("nim", seed=42)), play_out(pygame_core.new_game("nim", seed=42))
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())


def test_a_seed_fixes_the_deal_and_no_seed_draws_one():
    piles = {pygame_core.new_game("nim", seed=s).pile for s in range(40)}
    assert len(piles) > 3  # the seed really decides the deal
    assert pygame_core.new_game("nim").seed >= 0


def test_illegal_actions_raise_quote_and_change_nothing():
    game = pygame_core.new_game("nim", seed=1, options={"pile": 5})
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply({"take": 9})
    message = str(info.value)
    assert '{"take": 9}' in message and "player 0" in message and "move 0" in message
    with pytest.raises(IllegalActionError):
        game.apply({"take": object()})
    with pytest.raises(IllegalActionError):
        game.apply("take one")
    assert isinstance(info.value, ValueError)
    assert game.to_json() == before


def test_a_finished_game_refuses_moves():
    game = play_out(pygame_core.new_game("nim", seed=9, options={"pile": 3}))
    with pytest.raises(GameOverError):
        game.apply({"take": 1})
    assert game.current_player is None and game.legal_actions() == []


def test_options_are_checked():
    with pytest.raises(BadOptionsError, match="unknown option"):
        pygame_core.new_game("nim", options={"size": 3})
    with pytest.raises(BadOptionsError):
        pygame_core.new_game("nim", options={"pile": 0})
    with pytest.raises(BadOptionsError):
        pygame_core.new_game("nim", seed="7")
    with pytest.raises(UnknownGameError):
        pygame_core.new_game("go")
    with pytest.raises(BadOptionsError):
        pygame_core.new_bot("nim", level="expert")


def test_save_round_trip_and_damaged_saves():
    game = pygame_core.new_game("nim", seed=5)
    game.apply({"take": 2})
    save = game.to_json()
    text = json.dumps(save)
    again = pygame_core.load_game(text)
    assert again.to_json() == save and again.observation(0) == game.observation(0)
    for broken, why in [
        (text[: len(text) // 2], "not valid JSON"),
        ("[]", "must be an object"),
        (json.dumps({**save, "format": 0}), "format 0 is not supported"),
        (json.dumps({**save, "seed": 6}), "changed or damaged"),
        (json.dumps({k: v for k, v in save.items() if k != "check"}), "missing fields"),
    ]:
        with pytest.raises(BadSaveError, match=why):
            pygame_core.load_game(broken)


def test_a_save_with_an_illegal_move_says_where():
    game = pygame_core.new_game("nim", seed=5, options={"pile": 4})
    body = {"format": 1, "game": "nim", "options": game.options, "seed": 5, "actions": [{"take": 3}, {"take": 3}]}
    from pygame_core.protocol import save_check

    with pytest.raises(BadSaveError, match="corrupted at move 1"):
        pygame_core.load_game({**body, "check": save_check(body)})


def test_observation_is_json_and_lists_actions_only_on_your_turn():
    game = pygame_core.new_game("nim", seed=5)
    mine, theirs = game.observation(0), game.observation(1)
    json.dumps(mine)
    assert "legal_actions" in mine and "legal_actions" not in theirs
    with pytest.raises(pygame_core.EngineError):
        game.observation(2)


def test_random_bot_picks_a_legal_action():
    game = pygame_core.new_game("nim", seed=5)
    bot = RandomBot(seed=1)
    legal = {canonical(a) for a in game.legal_actions()}
    assert canonical(bot.choose(game.observation(0))) in legal


def test_seeds_survive_a_trip_through_javascript_numbers():
    """A save is kept by the browser as JSON parsed into doubles: every seed must be exact there."""
    for _ in range(200):
        seed = pygame_core.new_game("nim").seed
        assert seed == int(float(seed))
    with pytest.raises(BadOptionsError):
        pygame_core.new_game("nim", seed=2**53)


def test_the_registry_names_each_game_and_lists_its_own_defaults():
    for info in pygame_core.protocol._REGISTRY.values():
        if info.playable:
            assert info.options is info.game_cls.default_options, info.name  # one dict, not a copy
            assert info.game_cls.name == info.name
            assert issubclass(info.bot_cls, pygame_core.Bot)


def test_listing_the_collection_loads_no_game_and_opening_one_loads_only_it():
    """The engine boots for one game: the others' rules and AI are not compiled (a faster first board)."""
    script = """
import json, sys
from pygame_core import bridge
loaded = lambda: sorted({m.split(".")[1] for m in sys.modules if m.count(".") >= 2 and m.startswith("pygame_core.")})
assert json.loads(bridge.handle('{"cmd": "list_games"}'))["ok"]
print(json.dumps(loaded()))
assert json.loads(bridge.handle('{"cmd": "new", "game": "koikoi"}'))["ok"]
print(json.dumps(loaded()))
"""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split("\n")
    assert json.loads(out[0]) == []
    assert json.loads(out[1]) == ["koikoi"]
