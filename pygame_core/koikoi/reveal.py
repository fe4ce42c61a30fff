"""The cards a Koi-Koi seat could not see, face up: for the end's replay and review.

Once a game is over, its replay and review show the opponent's hand at the
moment on show (bridge `replay` and `review`, nothing else). The stock stays
a count: which card would have come next changes no decision on show, and
24 more cards would crowd a phone's board. Like the view, it reads the State
and counts seats from the viewer (1 = the opponent).
"""

from __future__ import annotations

from typing import Any

from ..protocol import Table
from .cards import cards_in
from .rules import State


def revealed(game: Table[State], viewer: int) -> dict[str, Any]:
    """{"opponent": {"hand": [card ids, ascending]}}."""
    return {"opponent": {"hand": cards_in(game.state.hands[1 - viewer])}}
