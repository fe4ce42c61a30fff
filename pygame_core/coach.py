"""How much a choice cost, in words a player knows (issue 26): the verdict on a
decision from its loss, the value of the best choice less the value of the one
played, in the unit of its game's assessment. A chance to win is the game's raw
playout chance moved by its calibration map (calibration.py), so the losses
and thresholds below are in the chance the player is shown.

Thresholds (a loss of exactly a threshold takes the harsher word):
  win_chance (Hanamikoji, Koi-Koi; 0-1):  best < 0.01 <= good < 0.03 <= inaccuracy
                                          < 0.08 <= mistake < 0.20 <= blunder
  score (Hanabi; points of the final score): best < 0.1 <= good < 0.3 <= inaccuracy
                                          < 0.75 <= mistake < 1.5 <= blunder
"""

from __future__ import annotations

import importlib
from typing import Any

from .calibration import calibrated
from .errors import EngineError
from .protocol import MAX_SEED

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS: dict[str, tuple[float, float, float, float]] = {
    "win_chance": (0.01, 0.03, 0.08, 0.20),
    "score": (0.1, 0.3, 0.75, 1.5),
}


def verdict(loss: float, unit: str) -> str:
    """The word for a choice that cost `loss` (never below 0) in `unit`."""
    if unit not in THRESHOLDS:
        raise EngineError(f"coach: unknown unit {unit!r}")
    if not loss >= 0:
        raise EngineError(f"coach: a loss is never below 0, got {loss!r}")
    for word, limit in zip(VERDICTS, THRESHOLDS[unit]):
        if loss < limit:
            return word
    return VERDICTS[-1]


def decision_seed(game_seed: int, move: int) -> int:
    """The coach's seed for the decision at `move` of the game dealt from `game_seed`: the hint
    and the later review of that decision draw the same worlds, so they agree. In the range
    every seed has (0 to 2**53-1) for every game seed a page deals, the largest included."""
    return (game_seed * 1009 + move) % (MAX_SEED + 1)


def judge(assessment: dict, played: dict, mine: dict | None = None) -> dict:
    """The review of one decision from its assessment (best first) and the action played:
    played, best, value_played, value_best, loss, verdict and unit. `mine` is the played
    action's own entry when the assessment did not value it (`review`)."""
    values = assessment["values"]
    best = values[0]
    mine = next((v for v in values if v["action"] == played), mine)
    if mine is None:
        raise EngineError(f"coach: the played action {played!r} was not assessed")
    loss = max(0.0, round(best["value"] - mine["value"], 4))
    return {"played": played, "best": best["action"], "value_played": mine["value"], "value_best": best["value"],
            "loss": loss, "verdict": "best" if mine is best else verdict(loss, assessment["unit"]),
            "unit": assessment["unit"]}


# The games whose decisions can be assessed. Each has a module pygame_core/<game>/assess.py with
#   assess(view, *, seed, played=None) -> {"unit", "values": [{"action", "value"}, ...] best first}
#     from the deciding seat's observation alone (deterministic for a seed), and
#   why(view, action) -> a reason in the game's own reason codes (what the player can check).
REVIEWED_GAMES = ("hanamikoji", "koikoi", "hanabi")


def _coach(name: str) -> Any:
    """The assessing module of game `name`, loaded only when first asked (the page boots without it)."""
    if name not in REVIEWED_GAMES:
        raise EngineError(f"coach: {name} has no coach yet (only {', '.join(REVIEWED_GAMES)})")
    return importlib.import_module(f"{__package__}.{name}.assess")


def assess(name: str, view: dict, seed: int, played: dict | None = None, **limits: int) -> dict:
    """Game `name`'s assessment of the decision in `view`, a chance moved by its calibration
    map (calibration.py: increasing, so the order of the choices stays). `limits` (such as
    `candidates`) go to the game's assess as they are."""
    assessment = _coach(name).assess(view, seed=seed, played=played, **limits)
    if assessment["unit"] == "win_chance":
        for entry in assessment["values"]:
            entry["value"] = round(calibrated(name, entry["value"]), 4)
    return assessment


def review(name: str, view: dict, played: dict, seed: int) -> dict:
    """The review of the decision in `view` (the deciding seat's observation of that moment)
    where `played` was chosen: `judge`'s fields and `why_best`, the best choice's reason.

    The best choice and its value are the hint's for that decision, whichever move was played:
    the same assessment (same seed, same candidates). A move played outside the hint's
    candidates is valued in a second assessment of the same worlds beside the best candidate
    alone (`candidates=1`); where that finds it as good as the hint's choice or better, it is
    valued as the best (loss 0, verdict "best")."""
    coach = _coach(name)
    hinted = assess(name, view, seed)
    mine = None
    if all(entry["action"] != played for entry in hinted["values"]):
        extra = assess(name, view, seed, played, candidates=1)
        mine = next(entry for entry in extra["values"] if entry["action"] == played)
        # Valued apart, it may come out above the hint's best: then it is as good as the best, and
        # said so (value the best's, loss 0), so the review never values a move over its own best.
        mine = {**mine, "value": min(mine["value"], hinted["values"][0]["value"])}
    verdict_of = judge(hinted, played, mine)
    verdict_of["why_best"] = coach.why(view, verdict_of["best"])
    return verdict_of


def hint(name: str, view: dict, seed: int) -> dict:
    """The strongest AI's choice for the decision in `view`: its action, value, unit and reason."""
    coach = _coach(name)
    assessment = assess(name, view, seed)
    best = assessment["values"][0]
    return {"action": best["action"], "value": best["value"], "unit": assessment["unit"],
            "why": coach.why(view, best["action"])}
