"""The coach's calibration maps (pygame_core/calibration.py, issue 26): fitted by
bench/fit_calibration.py, increasing (so a choice's rank never changes), and applied to every
chance the bridge's review and hint say, and to nothing else."""

from __future__ import annotations

import re

import pygame_core
from pygame_core import coach
from pygame_core.calibration import MAPS, calibrated
from pygame_core.hanamikoji.assess import assess as raw_assess


def test_each_map_is_fitted_increasing_and_keeps_chances_inside_0_and_1():
    assert set(MAPS) == {"hanamikoji", "koikoi"}  # the games whose unit is a chance to win
    for game, fitted in MAPS.items():
        assert fitted["a"] > 0 and isinstance(fitted["b"], float), game
        assert fitted["games"] >= 100 and fitted["decisions"] >= 10 * fitted["games"] / 2, game
        assert re.fullmatch(r"[0-9a-f]{64}", fitted["sha256"]), game
        grid = [i / 200 for i in range(201)]
        shown = [calibrated(game, p) for p in grid]
        assert all(0 < s < 1 for s in shown), game
        assert all(a < b for a, b in zip(shown, shown[1:])), game
    assert calibrated("hanabi", 17.5) == 17.5  # a score is not a chance: no map


def test_the_review_and_the_hint_say_the_mapped_chance_in_the_same_order():
    game = pygame_core.new_game("hanamikoji", seed=3)
    view = game.observation(game.current_player)
    played = view["legal_actions"][-1]
    raw = raw_assess(view, seed=77, played=played)["values"]
    shown = coach.assess("hanamikoji", view, 77, played)["values"]
    assert [v["action"] for v in shown] == [v["action"] for v in raw]
    assert [v["value"] for v in shown] == [round(calibrated("hanamikoji", v["value"]), 4) for v in raw]
    unplayed = raw_assess(view, seed=77)["values"][0]  # a hint values no choice of the player's
    hint = coach.hint("hanamikoji", view, 77)
    assert hint["action"] == unplayed["action"] and hint["value"] == round(calibrated("hanamikoji", unplayed["value"]), 4)
    # The review's best is the hint's, mapped the same way, whatever was played (issue 40).
    review = coach.review("hanamikoji", view, played, 77)
    assert (review["best"], review["value_best"]) == (hint["action"], hint["value"]) and review["loss"] >= 0
