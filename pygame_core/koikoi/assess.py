"""The coach's view of one Koi-Koi decision (issue 26): a value for the strongest
candidate choices, and for the one a player made, from the deciding seat's
observation alone.

The value is the chance to win the match (0-1, a drawn match counting half), by
the hard AI's own machinery: the candidates are normal's best by `score_actions`,
and `playout_means` (the hard search's loop) plays each out to the end of the
round in the same sampled worlds with the same random numbers, so their
differences come from the choices, not from luck. A round's points become a
match chance through `MatchValue.chance`: in the last round whether the match is
won, before it the normal curve of the rounds still to come. Unlike the hard
AI, the value holds no prior from normal's static score: it is a chance and
nothing else. Koi-koi against shobu gets more worlds (the decision is rare and
decides rounds); shobu itself is scored exactly in every world.

Worlds are drawn from the observation (`world_from_observation`), so the
assessment cannot depend on a hidden card: two equal observations give the same
values for the same seed. Every decision the player meets is assessed the same
way: a hand card (with the table card it takes, when two match), the table card
a turned card takes, and koi-koi or shobu.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..choices import choices_to_value
from ..protocol import Action, Observation
from .bots import MatchValue, playout_means, score_actions
from .reasons import explain as why  # noqa: F401  (coach.py: the best choice's reason)
from .rules import KOIKOI

UNIT = "win_chance"
CANDIDATES = 8  # normal's best choices that are played out (plus the one a player made): most hands hold fewer
WORLDS = 160  # sampled worlds for a play or a take (bench/koikoi_assess_speed.py)
KOIKOI_WORLDS = 480  # for koi-koi or shobu: two candidates, and the call decides the round


def assess(view: Observation, *, seed: int, played: Action | None = None,
           candidates: int = CANDIDATES, worlds: int = WORLDS) -> dict[str, Any]:
    """{"unit": "win_chance", "values": [{"action", "value"}, ...] best first} for the
    decision in `view` (the deciding seat's observation, with its legal actions).
    `played`, when given, must be one of them and is always valued."""
    legal, _, chosen = choices_to_value("koikoi", view, played, score_actions, candidates)
    if view["phase"] == KOIKOI:
        worlds = worlds * KOIKOI_WORLDS // WORLDS
    chance = MatchValue(view).chance
    means = playout_means(view, [legal[i] for i in chosen], random.Random(seed), max(1, worlds),
                          lambda _world, gain: chance(gain))
    ranked = sorted(range(len(chosen)), key=lambda k: (-means[k], k))
    return {"unit": UNIT,
            "values": [{"action": copy.deepcopy(legal[chosen[k]]), "value": round(means[k], 4)} for k in ranked]}
