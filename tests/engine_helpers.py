"""Helpers the engine tests of every game share."""

from __future__ import annotations

import random

import pygame_core


def random_positions(game: str, count: int, seed: int) -> list[dict]:
    """Observations at every decision of random games of `game`, every phase included."""
    rng = random.Random(seed)
    views: list[dict] = []
    while len(views) < count:
        g = pygame_core.new_game(game, seed=rng.randrange(10**9))
        while not g.is_over and len(views) < count:
            views.append(g.observation(g.current_player))
            g.apply(rng.choice(g.legal_actions()))
    return views
