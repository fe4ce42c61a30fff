"""The Koi-Koi expert with the learned parts of issue 30 on: the bench's `learned`.

`LearnedExpertBot` is the expert's search (pygame_core/koikoi/bots.py) with
its worlds played out by the learned policy (koikoi_policy.py) instead of
greedy (`LEARNED`), and kept in proportion to how likely that policy finds
the opponent's plays this round (koikoi_belief.py, `BELIEF`). Measured on
the same deals, neither made the expert stronger (bench/README.md, "Koi-Koi"), so
the site ships the expert without them; this class keeps them playable for
the bench (`--pairs learned:hard`, `learned/belief=0:hard`), for the
training script's second-round teacher and for a next attempt.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from pygame_core.koikoi.bots import KoiKoiBot, playout
from pygame_core.koikoi.rules import State
from pygame_core.koikoi.yaku import HouseRules
from pygame_core.protocol import Observation
from train.koikoi_belief import Belief, believed_worlds
from train.koikoi_policy import shared_playout


class LearnedExpertBot(KoiKoiBot):
    """The expert's search with the learned playouts and belief (each can be switched off)."""

    LEARNED = True  # play the worlds out with the learned policy, not greedy
    NOISE = 1.0  # the learned playouts' Gumbel noise, as a share of the fitted softmax's
    BELIEF = True  # keep worlds by the opponent's plays under the policy
    POOL = 3  # worlds dealt per world kept
    POWER = 1.0  # the likelihood's exponent (below 1 trusts the policy less)

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("expert", seed)

    def _worlds(self, view: Observation, n: int) -> Iterator[State]:
        if not self.BELIEF:
            yield from super()._worlds(view, n)
            return
        rules = HouseRules.from_options(view.get("house_rules") or {})
        belief = Belief(view, shared_playout(), rules, self.POWER)
        yield from believed_worlds(self._dealer(view).deal, belief, self.rng, n, n * self.POOL)

    def _playout(self) -> Callable[[State, random.Random], None]:
        if not self.LEARNED:
            return playout
        run = shared_playout().run
        noise = self.NOISE
        return lambda s, luck: run(s, luck, noise)
