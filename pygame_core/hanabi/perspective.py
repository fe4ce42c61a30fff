"""One seat's picture of a Hanabi table, and the clue helpers built on it.

The conventional bot (convention_bot.py), its look-ahead (search.py) and the
clue preview (preview.py) all reason from the same things: the public notes
(a `Tracker`) plus what one seat sees (`Perspective`), the clues a hand can
be given, and an action's identity for comparing moves. They live here, in
a module of their own, so that the search can use them without importing
the bot that uses the search.
"""

from __future__ import annotations

from typing import Any

from ..protocol import Observation
from .cards import COLOURS, COPIES, NUM_IDENTITIES, NUM_RANKS, identity
from .conventions import Tracker, bits, single
from .knowledge import zero_mask

ClueValue = tuple[str, int]  # ("colour", colour index) or ("rank", 1-5)


def ident_of(card: dict[str, Any]) -> int | None:
    if card.get("colour") is None:
        return None
    return identity(COLOURS.index(card["colour"]), card["rank"])


class Perspective:
    """One bot's picture of the table: the public notes plus what this seat sees."""

    def __init__(self, view: Observation, tracker: Tracker) -> None:
        self.view = view
        self.n = view["players"]
        self.t = tracker
        self.hands = [[ident_of(c) for c in hand] for hand in view["hands"]]  # None: unknown (own)
        self.ids = [[c["id"] for c in hand] for hand in view["hands"]]
        played = [0] * NUM_IDENTITIES
        for c, h in enumerate(tracker.stacks):
            for r in range(1, h + 1):
                played[identity(c, r)] = 1
        self.base_left = [COPIES[i] - played[i] - tracker.gone[i] for i in range(NUM_IDENTITIES)]
        self.unseen = self.base_left[:]
        for hand in self.hands[1:]:
            for i in hand:
                self.unseen[i] -= 1
        self.playable = tracker.playable_mask()
        self.trash = tracker.trash_mask()
        self.critical = tracker.critical_mask()
        self.gone_mask = zero_mask(self.unseen)  # identities with every copy in sight
        self._teammate_gone: dict[int, int] = {}
        self._touched: tuple[list[int], dict[int, int]] | None = None
        self.own = [self.private_mask(cid) for cid in self.ids[0]]

    def private_mask(self, cid: int) -> int:
        """What this seat may believe of one of its own cards."""
        note = self.t.notes[cid]
        live = ~self.gone_mask
        return note.conv & live or note.clue & live or note.clue

    def teammate_unseen(self, seat: int) -> list[int]:
        """A lower bound of what `seat` can count: cards in hands other than its own
        and ours, plus our cards the table knows exactly."""
        left = self.base_left[:]
        for s in range(1, self.n):
            if s != seat:
                for i in self.hands[s]:
                    left[i] -= 1
        for cid in self.ids[0]:
            i = single(self.t.notes[cid].conv)
            if i is not None and self.t.notes[cid].clued:
                left[i] -= 1
        return left

    def teammate_masks(self, seat: int, notes: dict | None = None) -> list[int]:
        """What `seat` believes of its cards (approximately, from below)."""
        gone = self._teammate_gone.get(seat)
        if gone is None:
            gone = self._teammate_gone[seat] = zero_mask(self.teammate_unseen(seat))
        out = []
        for cid in self.ids[seat]:
            note = (notes or {}).get(cid) or self.t.notes[cid]
            out.append(note.conv & ~gone or note.conv or note.clue)
        return out

    def chance(self, mask: int, good: int) -> float:
        """Probability that a card with possibilities `mask` is in `good`, by counts."""
        total = hit = 0
        for i in bits(mask):
            w = max(self.unseen[i], 0)
            total += w
            if good >> i & 1:
                hit += w
        return hit / total if total else 0.0

    def touched(self) -> tuple[list[int], dict[int, int]]:
        """Touched cards in every hand whose identity this seat can tell (its own
        when the notes pin them down): how many of each identity, and card id ->
        identity."""
        if self._touched is None:
            counts = [0] * NUM_IDENTITIES
            where: dict[int, int] = {}
            for seat in range(self.n):
                for cid, i in zip(self.ids[seat], self.hands[seat]):
                    if not self.t.notes[cid].clued:
                        continue
                    if i is None:
                        i = single(self.t.notes[cid].conv)
                    if i is not None:
                        counts[i] += 1
                        where[cid] = i
            self._touched = (counts, where)
        return self._touched

    def touched_mask(self) -> int:
        """Identities with a touched copy in some hand."""
        return sum(1 << i for i, k in enumerate(self.touched()[0]) if k)

    def clued_elsewhere(self, ident: int, skip: int) -> bool:
        """Is a copy of `ident` already touched in some hand (other than card `skip`)?"""
        counts, where = self.touched()
        return counts[ident] - (where.get(skip) == ident) > 0

    def maybe_mine(self, ident: int) -> bool:
        """Could one of our own touched cards be `ident`?"""
        return any(self.t.notes[cid].clued and m >> ident & 1 for cid, m in zip(self.ids[0], self.own))

    def visible_elsewhere(self, ident: int, seat: int) -> bool:
        return any(i == ident for s in range(1, self.n) if s != seat for i in self.hands[s])


def clue_values_of(hand: list[int]) -> list[ClueValue]:
    """Every clue a hand of these identities can be given, in the order of the
    legal actions: colours, then ranks."""
    colours = sorted({i // NUM_RANKS for i in hand})
    ranks = sorted({i % NUM_RANKS + 1 for i in hand})
    return [("colour", c) for c in colours] + [("rank", r) for r in ranks]


def action_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """An action's identity, to compare moves and look them up among the legal ones."""
    return (action["type"], action.get("slot"), action.get("target"), action.get("colour"), action.get("rank"))


def clue_action(seat: int, value: ClueValue) -> dict[str, Any]:
    """The action that gives clue `value` to `seat` (counted from the giver)."""
    if value[0] == "colour":
        return {"type": "clue", "target": seat, "colour": COLOURS[value[1]]}
    return {"type": "clue", "target": seat, "rank": value[1]}


def value_dict(value: ClueValue) -> dict[str, Any]:
    """A clue's value as a reason or a preview names it: {"colour": name} or {"rank": n}."""
    return {"colour": COLOURS[value[1]]} if value[0] == "colour" else {"rank": value[1]}
