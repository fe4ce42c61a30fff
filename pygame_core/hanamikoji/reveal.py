"""The cards a Hanamikoji seat could not see, face up: for the end's replay and review.

Once a game is over, its replay and review show every card that was hidden
at the moment on show (bridge `replay` and `review`, nothing else): the
opponent's hand, the opponent's secret while it lay face down, the
opponent's trade-off (never shown in play) and the card removed from the
round, which nobody saw. The draw pile stays a count: the page shows the
hands, not the order of the cards still to come. Like the view, it reads
the State and counts seats from the viewer (1 = the opponent).
"""

from __future__ import annotations

from typing import Any

from ..protocol import Table
from .cards import NUM_GEISHAS
from .rules import OVER, State


def revealed(game: Table[State], viewer: int) -> dict[str, Any]:
    """{"opponent": {"hand", "secret", "tradeoff"}, "removed"}: geisha indices, hand and
    trade-off sorted; `secret` is null when none lies face down (not placed, or scored)."""
    s = game.state
    other = 1 - viewer
    secret = s.secrets[other] if s.phase != OVER else None  # scoring turned it face up
    return {
        "opponent": {
            "hand": [g for g in range(NUM_GEISHAS) for _ in range(s.hands[other][g])],
            "secret": secret,
            "tradeoff": sorted(s.tradeoffs[other]),
        },
        "removed": s.removed,
    }
