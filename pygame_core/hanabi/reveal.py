"""The cards a Hanabi seat could not see, face up: for the end's replay and review.

A player sees every hand but their own, so once a game is over its replay and
review show the viewer's own hand as it was at the moment on show (bridge
`replay` and `review`, nothing else), slot by slot. The deck stays a count.
"""

from __future__ import annotations

from typing import Any

from ..protocol import Table
from .cards import card_dict
from .rules import State


def revealed(game: Table[State], viewer: int) -> dict[str, Any]:
    """{"hand": [{"id", "colour", "rank"}, ...]}: the viewer's cards in slot order, with
    the ids the view gives them, so each face goes with the card it was."""
    return {"hand": [{"id": card.id, **card_dict(card.ident)} for card in game.state.hands[viewer]]}
