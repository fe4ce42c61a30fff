"""Card identities of Hanamikoji: seven geishas and their item cards.

Item cards of the same geisha are interchangeable (no card has anything but
its geisha), so the engine names a card by its geisha index 0-6. That keeps
actions small for the front end and cuts the AI's branching: a hand holding
two cards of the same geisha offers one "secret" action for her, not two.
"""

from __future__ import annotations

# Charm value of each geisha, in table order (ascending, as laid out at setup).
GEISHA_VALUES: tuple[int, ...] = (2, 2, 2, 3, 3, 4, 5)
NUM_GEISHAS = len(GEISHA_VALUES)
# Short labels a UI may show; the value plus a letter tells equal-valued geishas apart.
GEISHA_LABELS: tuple[str, ...] = ("2a", "2b", "2c", "3a", "3b", "4", "5")

# Each geisha has as many item cards as her charm value: 21 cards in all.
FULL_DECK: tuple[int, ...] = tuple(g for g, v in enumerate(GEISHA_VALUES) for _ in range(v))
DECK_SIZE = len(FULL_DECK)
TOTAL_CHARM = sum(GEISHA_VALUES)

HAND_SIZE = 6  # dealt to each player
REMOVED = 1  # face down, out of the round
DRAW_PILE = DECK_SIZE - REMOVED - 2 * HAND_SIZE  # 8: one draw per turn, four turns each

# The four action markers, in the order legal_actions lists them, with how many
# cards each takes from the hand.
ACTION_TYPES: tuple[str, ...] = ("secret", "tradeoff", "gift", "competition")
ACTION_SIZES: dict[str, int] = {"secret": 1, "tradeoff": 2, "gift": 3, "competition": 4}

WIN_CHARM = 11
WIN_GEISHAS = 4


def counts_of(cards: list[int] | tuple[int, ...]) -> list[int]:
    """A list of geisha indices as a count per geisha (the engine's hand format)."""
    out = [0] * NUM_GEISHAS
    for g in cards:
        out[g] += 1
    return out


def cards_of(counts: list[int]) -> list[int]:
    """Count per geisha back to a sorted list of geisha indices (the action/view format)."""
    return [g for g in range(NUM_GEISHAS) for _ in range(counts[g])]


def geisha_table() -> list[dict[str, object]]:
    """The geishas as a UI renders them."""
    return [
        {"index": g, "value": v, "label": GEISHA_LABELS[g]} for g, v in enumerate(GEISHA_VALUES)
    ]
