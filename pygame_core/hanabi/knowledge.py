"""What a player knows about a card from the clues alone, and what they can add
by counting the cards they see.

Clue knowledge is two bit masks per card (possible colours, possible ranks),
kept by the rules: a clue fixes the colour or rank of the cards it names and
rules it out for the cards it misses. This module turns the masks into the
lists a view shows, and into 25-bit identity masks, and narrows those by the
copies a viewer can see (stacks, discards, teammates' hands): if both red 4s
are visible elsewhere, a card of mine that could be a red 4 by the clues
cannot be one. The bots build on both; the view shows the clue part only, as
the issue asks.
"""

from __future__ import annotations

from typing import Any, Iterable

from .cards import COLOURS, COPIES, NUM_IDENTITIES, RANKS, identity_mask, short_name


def knowledge_dict(colours: int, ranks: int) -> dict[str, Any]:
    """The clue knowledge of one card as the view shows it."""
    return {
        "colours": [name for c, name in enumerate(COLOURS) if colours >> c & 1],
        "ranks": [r for r in RANKS if ranks >> (r - 1) & 1],
    }


def masks_from_dict(known: dict[str, Any]) -> tuple[int, int]:
    """The inverse of `knowledge_dict` (the bots read views)."""
    colours = 0
    for name in known["colours"]:
        colours |= 1 << COLOURS.index(name)
    ranks = 0
    for r in known["ranks"]:
        ranks |= 1 << (r - 1)
    return colours, ranks


def clue_identities(known: dict[str, Any]) -> int:
    """Identities a card may be by the clues alone, as a 25-bit mask."""
    return identity_mask(*masks_from_dict(known))


def unseen_counts(visible: Iterable[int]) -> list[int]:
    """Copies of each identity not among `visible` identities (a viewer's count)."""
    left = list(COPIES)
    for ident in visible:
        left[ident] -= 1
    return left


def zero_mask(unseen: list[int]) -> int:
    """The identities of which no copy is left unseen, as a mask (to narrow many
    masks by the same counts: `mask & ~zero_mask(unseen)`)."""
    out = 0
    for i in range(NUM_IDENTITIES):
        if unseen[i] <= 0:
            out |= 1 << i
    return out


def describe_mask(mask: int) -> list[str]:
    """Short names of the identities in a mask, for debugging and tests."""
    return [short_name(i) for i in range(NUM_IDENTITIES) if mask >> i & 1]

