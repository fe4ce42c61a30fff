"""What one player sees of a Hanabi game.

`observation` is the only way state leaves the engine, so it strips the
secrets: the viewer's own cards appear with their ids and clue knowledge
only, and the deck only as a count. Card ids are draw indices, which say
nothing about what a card is. Seats are counted from the viewer (0 = viewer,
1 = the next player), in the hands, the log and the result alike.
"""

from __future__ import annotations

from typing import Any

from ..protocol import Observation, Table
from .cards import COLOURS, MAX_CLUES, MAX_SCORE, MAX_STRIKES, card_dict, hand_size
from .knowledge import knowledge_dict
from .rules import State

SEAT_KEYS = ("seat", "target")  # log fields that hold a seat


def seats_from(entry: dict[str, Any], viewer: int, n: int) -> dict[str, Any]:
    """A log entry (a copy, changed in place) with its seats counted from `viewer`."""
    for key in SEAT_KEYS:
        if key in entry:
            entry[key] = (entry[key] - viewer) % n
    return entry


def observation(game: Table[State], viewer: int) -> Observation:
    """Everything `viewer` may know, as a JSON-able dict (see seeds/hanabi.md, "View")."""
    s = game.state
    n = s.players
    hands = []
    for rel in range(n):
        seat = (viewer + rel) % n
        cards = []
        for card in s.hands[seat]:
            entry: dict[str, Any] = {"id": card.id, "colour": None, "rank": None}
            if rel:
                entry.update(card_dict(card.ident))
            entry.update(knowledge_dict(card.colours, card.ranks))
            entry["clued"] = card.clued
            cards.append(entry)
        hands.append(cards)
    log = []
    for public, hidden_from, extra in game.log:
        entry = seats_from({k: (v[:] if isinstance(v, list) else v) for k, v in public.items()}, viewer, n)
        if extra is not None and hidden_from != viewer:
            entry.update(extra)
        log.append(entry)
    view: Observation = {
        "game": game.name,
        "move": game.move_number,
        "players": n,
        "hand_size": hand_size(n),
        "to_move": None if s.over else (s.to_move - viewer) % n,
        "colours": list(COLOURS),
        "hands": hands,
        "stacks": {COLOURS[c]: h for c, h in enumerate(s.stacks)},
        "discards": [{"id": cid, **card_dict(ident)} for cid, ident in s.discards],
        "clues": s.clues,
        "max_clues": MAX_CLUES,
        "strikes": s.strikes,
        "max_strikes": MAX_STRIKES,
        "deck": s.deck_left,
        "turns_left": s.turns_left if s.turns_left is not None and not s.over else None,
        "score": s.score,
        "max_score": MAX_SCORE,
        "log": log,
        "over": s.over,
    }
    if s.over:
        view["result"] = game.result()
    elif s.to_move == viewer:
        view["legal_actions"] = game.legal_actions()
    return view
