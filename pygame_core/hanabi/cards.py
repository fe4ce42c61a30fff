"""Card identities of Hanabi: five colours, ranks 1-5, and their counts.

A card's identity is one small int, `colour * 5 + rank - 1` (0-24), so the AI
can keep sets of possible identities as 25-bit masks and count copies in flat
lists. The identity never leaves the engine for a card its viewer may not
see; cards also carry a separate id (by draw order, see rules.py) that the UI
animates with.
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "white")
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5)
NUM_COLOURS = len(COLOURS)
NUM_RANKS = len(RANKS)
NUM_IDENTITIES = NUM_COLOURS * NUM_RANKS  # 25
# Copies of each rank in a colour: three 1s, two each of 2-4, one 5.
COPIES_OF_RANK: dict[int, int] = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
COPIES: tuple[int, ...] = tuple(COPIES_OF_RANK[r] for _ in COLOURS for r in RANKS)
DECK_SIZE = sum(COPIES)  # 50
MAX_SCORE = NUM_COLOURS * NUM_RANKS  # 25

MAX_CLUES = 8
MAX_STRIKES = 3
ALL_COLOURS_MASK = (1 << NUM_COLOURS) - 1
ALL_RANKS_MASK = (1 << NUM_RANKS) - 1
ALL_IDENTITIES = (1 << NUM_IDENTITIES) - 1

# Every card of a fresh box, identities in colour-then-rank order.
FULL_DECK: tuple[int, ...] = tuple(i for i in range(NUM_IDENTITIES) for _ in range(COPIES[i]))


def hand_size(players: int) -> int:
    """Five cards each with two or three players, four with four or five."""
    return 5 if players <= 3 else 4


def identity(colour: int, rank: int) -> int:
    return colour * NUM_RANKS + rank - 1


def colour_of(ident: int) -> int:
    return ident // NUM_RANKS


def rank_of(ident: int) -> int:
    return ident % NUM_RANKS + 1


def card_dict(ident: int) -> dict[str, object]:
    """A card as a UI shows it: {"colour": "red", "rank": 3}."""
    return {"colour": COLOURS[colour_of(ident)], "rank": rank_of(ident)}


def parse_card(value: object) -> int:
    """A deck entry in the options: {"colour": ..., "rank": ...} or a short name like "r3"."""
    if isinstance(value, str) and len(value) == 2 and value[1] in "12345":
        letters = [c[0] for c in COLOURS]
        if value[0] in letters:
            return identity(letters.index(value[0]), int(value[1]))
    if isinstance(value, dict) and set(value) == {"colour", "rank"}:
        c, r = value["colour"], value["rank"]
        # Exact types: 1.0 and True equal 1 in Python but are no ranks.
        if isinstance(c, str) and c in COLOURS and type(r) is int and r in RANKS:
            return identity(COLOURS.index(c), r)
    raise ValueError(f"not a Hanabi card: {value!r}")


def short_name(ident: int) -> str:
    """"r3" for the red 3: the compact form tests and decks use."""
    return COLOURS[colour_of(ident)][0] + str(rank_of(ident))


def identity_mask(colour_mask: int, rank_mask: int) -> int:
    """The identities allowed by a colour mask and a rank mask (clue knowledge)."""
    out = 0
    for c in range(NUM_COLOURS):
        if colour_mask >> c & 1:
            out |= (rank_mask & ALL_RANKS_MASK) << (c * NUM_RANKS)
    return out


def colour_mask_of(ident_mask: int) -> int:
    out = 0
    for c in range(NUM_COLOURS):
        if ident_mask >> (c * NUM_RANKS) & ALL_RANKS_MASK:
            out |= 1 << c
    return out


def rank_mask_of(ident_mask: int) -> int:
    out = 0
    for c in range(NUM_COLOURS):
        out |= ident_mask >> (c * NUM_RANKS) & ALL_RANKS_MASK
    return out


def identities_in(mask: int) -> list[int]:
    return [i for i in range(NUM_IDENTITIES) if mask >> i & 1]
