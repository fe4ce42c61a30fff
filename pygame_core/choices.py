"""The first step of every game's coach (<game>/assess.py, issue 26): check that an
observation holds a decision (and that a choice said to be played is one of its legal
actions), then pick the choices worth playing out: the `count` best by the game's own
quick ranking, and the one played, always."""

from __future__ import annotations

from typing import Callable

from .errors import EngineError
from .protocol import Action, Observation


def choices_to_value(game: str, view: Observation, played: Action | None, rank: Callable[[Observation], list[float]],
                     count: int) -> tuple[list[Action], list[int], list[int]]:
    """(the legal actions, their indices best first by `rank`, the indices to value)."""
    legal = view.get("legal_actions") or []
    if not legal:
        raise EngineError(f"{game} assess: the observation has no decision to assess")
    if played is not None and played not in legal:
        raise EngineError(f"{game} assess: {played!r} is not a legal action here")
    scores = rank(view)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    chosen = order[:max(1, count)]
    if played is not None and legal.index(played) not in chosen:
        chosen.append(legal.index(played))
    return legal, order, chosen

