"""The coach's view of one Hanamikoji decision (issue 26): a value for the
strongest candidate choices, and for the one a player made, from the deciding
seat's observation alone.

The value is the chance to win the match (0-1, a draw counting half), by the
method of the expert before issue 30: the candidates are normal's best by
`score_actions`, each is played out in the same sampled worlds with the same
random numbers (so their differences come from the choices, not from luck),
by the quick heuristic's rollouts (the expert now plays its rollouts with
the learned policy; the calibration map in calibration.py was fitted on
these), and a gift or a competition is valued by the opponent's best answer,
since they know their hand better than any one world does. A world is drawn from the observation
(`world_from_observation`), so the assessment cannot depend on a hidden card:
two observations that are equal give the same values for the same seed.
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

from ..choices import choices_to_value
from ..protocol import Action, Observation
from .bots import NOISE, rollout, score_actions, state_value
from .reasons import coach_reason as why  # noqa: F401  (coach.py: the best choice's reason)
from .rules import OVER
from .view import world_from_observation

UNIT = "win_chance"
CANDIDATES = 8  # normal's best choices that are played out (plus the one a player made)
WORLDS = 60  # sampled worlds per assessment


def _answers(action: Action) -> list[tuple[str, int] | None]:
    """The opponent's possible answers to our action: each card of a gift, each pair of a competition."""
    if action["type"] == "gift":
        return [("pick_gift", g) for g in sorted(set(action["cards"]))]
    if action["type"] == "competition":
        return [("pick_pair", 0), ("pick_pair", 1)]
    return [None]


def assess(view: Observation, *, seed: int, played: Action | None = None,
           candidates: int = CANDIDATES, worlds: int = WORLDS) -> dict[str, Any]:
    """{"unit": "win_chance", "values": [{"action", "value"}, ...] best first} for the
    decision in `view` (the deciding seat's observation, with its legal actions).
    `played`, when given, must be one of them and is always valued."""
    legal, order, chosen = choices_to_value("hanamikoji", view, played, score_actions, candidates)
    rng = random.Random(seed)
    totals: dict[int, dict[Any, float]] = {i: {} for i in chosen}
    # Every worlds' run, a lone choice's too: its value is shown (the review's line, the hint), and one
    # world's playout would show a single game's win or loss as the chance (issue 40).
    for _ in range(worlds):
        world = world_from_observation(view, rng)
        noise = [rng.random() for _ in range(NOISE)]
        spare = random.Random(rng.getrandbits(32))  # deals a next round, if any
        for index in chosen:
            action = legal[index]
            for answer in _answers(action):
                s = world.copy(spare)
                s.play(action)
                if answer is not None:
                    if answer[0] == "pick_gift":
                        s.do_pick_gift(answer[1])
                    else:
                        s.do_pick_pair(answer[1])
                if s.phase == OVER or s.round != world.round:
                    v = state_value(s, True)
                else:
                    v = rollout(s, itertools.cycle(noise).__next__, True)
                totals[index][answer] = totals[index].get(answer, 0.0) + v
    runs = worlds
    # The seat to move is seat 0 of every world; a value in [-1, 1] becomes a chance in [0, 1].
    value = {i: (1.0 + min(totals[i].values()) / runs) / 2.0 for i in chosen}
    ranked = sorted(chosen, key=lambda i: (-value[i], order.index(i)))
    return {"unit": UNIT, "values": [{"action": copy.deepcopy(legal[i]), "value": round(value[i], 4)} for i in ranked]}
