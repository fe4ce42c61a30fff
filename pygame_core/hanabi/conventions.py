"""The shared reading of clues: what every player (bot or person) may assume.

seeds/hanabi-conventions.md says in words what this module does in code.
`Tracker` replays the public log of a view and keeps, for every card in
every hand, a note: the identities the clues allow (`clue`), the identities
the conventions narrow that to (`conv`) and a status (PLAY: the card was
called to be played; SAVE: it was touched and is to be kept). It uses public
facts only (stacks, discards, clues, the slots of cards), never a card a
viewer happens to see, so every player who replays the same log gets the
same notes: that is what lets a bot predict how a teammate reads a clue,
and a teammate read a bot's clue.
"""

from __future__ import annotations

from typing import Any

from .cards import (
    ALL_IDENTITIES,
    COLOURS,
    COPIES,
    DECK_SIZE,
    NUM_COLOURS,
    NUM_IDENTITIES,
    NUM_RANKS,
    identity,
)

NONE, PLAY, SAVE = 0, 1, 2  # a card's status by the conventions
LATE_DECK = 5  # with this many cards or fewer in the deck, good touch may bend beside the focus

# Identities of each rank, and of each colour, as 25-bit masks.
RANK_MASK = [sum(1 << identity(c, r) for c in range(NUM_COLOURS)) for r in range(1, NUM_RANKS + 1)]
COLOUR_MASK = [sum(1 << identity(c, r) for r in range(1, NUM_RANKS + 1)) for c in range(NUM_COLOURS)]


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def single(mask: int) -> int | None:
    """The identity of a one-bit mask, else None."""
    return mask.bit_length() - 1 if mask and not mask & (mask - 1) else None


class Note:
    """What the table as a whole knows about one card in a hand."""

    __slots__ = ("clue", "conv", "status", "clued", "loose", "by", "at")

    def __init__(self) -> None:
        self.clue = ALL_IDENTITIES
        self.conv = ALL_IDENTITIES
        self.status = NONE
        self.clued = False
        self.loose = False  # touched beside the focus where good touch bends: it may be useless
        self.by = -1  # the seat whose clue first touched it
        self.at = -1  # the number of that clue (its index in Tracker.readings)

    def copy(self) -> "Note":
        n = Note()
        n.clue, n.conv, n.status, n.clued, n.loose = self.clue, self.conv, self.status, self.clued, self.loose
        n.by, n.at = self.by, self.at
        return n


class Reading:
    """The outcome of reading one clue: the focus, its kind, and the new notes."""

    __slots__ = ("focus", "kind", "notes", "touched", "new")

    def __init__(self, focus: int | None, kind: str, notes: dict[int, Note], touched: list[int],
                 new: list[int]) -> None:
        self.focus = focus  # card id, or None for a clue that adds nothing by convention
        self.kind = kind  # "play", "save", "tempo" or "info"
        self.notes = notes  # card id -> note after the clue, for every card of the target
        self.touched = touched
        self.new = new


class Tracker:
    """Public notes on every card, rebuilt from a view's log (seats as in that view)."""

    def __init__(self, players: int) -> None:
        self.n = players
        self.hands: list[list[int]] = [[] for _ in range(players)]  # card ids, slot 0 first
        self.notes: dict[int, Note] = {}
        self.stacks = [0] * NUM_COLOURS
        self.gone = [0] * NUM_IDENTITIES  # discarded (and misplayed) copies
        self.readings: list[tuple[int, int, Reading]] = []  # (giver, target, reading) in order
        # Played cards that a clue had touched: (identity, the seat whose clue first touched it, that
        # clue's number, the seat that held it). Good touch cannot rule such a card out for a touched
        # card held by the one who touched it later, nor for one touched later by the one who held it.
        self.blind: list[tuple[int, int, int, int]] = []
        self._trash: int | None = None  # trash_mask() until stacks or discards change
        self._queued: list[tuple[int, int]] | None = None  # (id, identity) of touched known cards, per event
        self.drawn = 0  # cards dealt and drawn: the deck holds DECK_SIZE - drawn

    def copy(self) -> "Tracker":
        """An independent copy (the look-ahead starts every imagined game from one)."""
        c = Tracker.__new__(Tracker)
        c.n = self.n
        c.hands = [h[:] for h in self.hands]
        c.notes = {cid: note.copy() for cid, note in self.notes.items()}
        c.stacks = self.stacks[:]
        c.gone = self.gone[:]
        c.drawn = self.drawn
        c.readings = self.readings[:]
        c.blind = self.blind[:]
        c._trash = self._trash
        c._queued = None
        return c

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "Tracker":
        t = cls(view["players"])
        for event in view["log"]:
            t.event(event)
        return t

    # ------------------------------------------------------------ replay
    def event(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        self._queued = None
        if kind == "deal":
            self.hands[e["seat"]].append(e["id"])
            self.notes[e["id"]] = Note()
            self.drawn += 1
        elif kind == "draw":
            self.hands[e["seat"]].insert(0, e["id"])
            self.notes[e["id"]] = Note()
            self.drawn += 1
        elif kind in ("play", "discard"):
            ident = identity(COLOURS.index(e["colour"]), e["rank"])
            self.hands[e["seat"]].remove(e["id"])
            gone = self.notes.pop(e["id"], None)
            self._trash = None
            if kind == "play" and e["ok"]:
                self.stacks[ident // NUM_RANKS] += 1
                if gone is not None and gone.clued:
                    self.blind.append((ident, gone.by, gone.at, e["seat"]))
            else:
                self.gone[ident] += 1
            self.refresh()
        elif kind == "clue":
            value = ("colour", COLOURS.index(e["colour"])) if "colour" in e else ("rank", e["rank"])
            reading = self.read_clue(e["target"], e["ids"], value)
            self.commit(reading)
            for cid in reading.new:
                self.notes[cid].by, self.notes[cid].at = e["seat"], len(self.readings)
            self.readings.append((e["seat"], e["target"], reading))

    def commit(self, reading: Reading) -> None:
        self.notes.update(reading.notes)
        self.refresh()

    def refresh(self) -> None:
        """Good touch: a touched card is no copy of a card played since (unless
        nothing would be left: then it *is* one). A card that died after it was
        touched (the last copy of a lower card discarded) may still be that card:
        it was useful when touched. Nor does a played card rule out a card when one
        seat held one of the two and later gave the clue that first touched the other:
        nobody sees their own hand."""
        self._queued = None
        played = self.played_mask()
        holder = {cid: seat for seat, hand in enumerate(self.hands) for cid in hand} if self.blind else {}
        for cid, note in self.notes.items():
            if not note.clued or note.loose:
                continue
            ruled = played
            for ident, by, at, held in self.blind:
                if by == holder[cid] and at > note.at or note.by == held and note.at > at:
                    ruled &= ~(1 << ident)
            if note.conv & ~ruled and note.conv & ruled:
                note.conv &= ~ruled

    # ------------------------------------------------------------ facts
    def playable_mask(self) -> int:
        return sum(1 << identity(c, h + 1) for c, h in enumerate(self.stacks) if h < NUM_RANKS)

    def played_mask(self) -> int:
        return sum(1 << identity(c, r) for c, h in enumerate(self.stacks) for r in range(1, h + 1))

    def trash_mask(self) -> int:
        """Identities that can never score: played already, or above a rank whose
        every copy is gone."""
        if self._trash is None:
            self._trash = self._trash_mask()  # kept until a card leaves a hand (event)
        return self._trash

    def _trash_mask(self) -> int:
        out = 0
        for c, h in enumerate(self.stacks):
            dead = False
            for r in range(1, NUM_RANKS + 1):
                ident = identity(c, r)
                if r <= h or dead:
                    out |= 1 << ident
                elif self.gone[ident] >= COPIES[ident]:
                    dead = True
                    out |= 1 << ident
        return out

    def critical_mask(self) -> int:
        """Useful identities with one copy left: losing it loses points."""
        trash = self.trash_mask()
        out = 0
        for i in range(NUM_IDENTITIES):
            if not trash >> i & 1 and COPIES[i] - self.gone[i] == 1:
                out |= 1 << i
        return out

    def known_identity(self, card_id: int) -> int | None:
        return single(self.notes[card_id].conv)

    def queued_mask(self, exclude: int | None = None) -> int:
        """Identities publicly known to sit, touched, in some hand (the cards a
        delayed play clue may build on)."""
        known = self._queued
        if known is None:
            known = self._queued = [(cid, single(n.conv)) for cid, n in self.notes.items()
                                    if n.clued and single(n.conv) is not None]
        out = 0
        for cid, ident in known:
            if cid != exclude:
                out |= 1 << ident
        return out

    def reachable_mask(self, exclude: int | None = None, queued: int | None = None) -> int:
        """Playable now, or playable once known touched cards are played (`queued`: their
        identities, by default `queued_mask(exclude)`)."""
        if queued is None:
            queued = self.queued_mask(exclude)
        out = 0
        for c, h in enumerate(self.stacks):
            r = h + 1
            while r <= NUM_RANKS:
                ident = identity(c, r)
                out |= 1 << ident
                if not queued >> ident & 1:
                    break
                r += 1
        return out

    def chop(self, seat: int) -> int | None:
        """The oldest untouched card of a seat: the one it discards next."""
        for cid in reversed(self.hands[seat]):
            if not self.notes[cid].clued:
                return cid
        return None

    # ------------------------------------------------------------ clues
    def touched_by(self, idents: list[int], value: tuple[str, int]) -> list[bool]:
        kind, v = value
        if kind == "colour":
            return [i // NUM_RANKS == v for i in idents]
        return [i % NUM_RANKS + 1 == v for i in idents]

    def read_clue(self, target: int, touched: list[int], value: tuple[str, int]) -> Reading:
        """Read a clue by the conventions without changing anything (a giver uses
        this to foresee the reading; replay commits it)."""
        kind, v = value
        mask = COLOUR_MASK[v] if kind == "colour" else RANK_MASK[v - 1]
        hand = self.hands[target]
        touched_set = set(touched)
        chop = self.chop(target)
        notes: dict[int, Note] = {}
        for cid in hand:
            note = self.notes[cid].copy()
            if cid in touched_set:
                note.clue &= mask
            else:
                note.clue &= ~mask
            note.conv = note.conv & note.clue or note.clue
            notes[cid] = note
        new = [cid for cid in hand if cid in touched_set and not self.notes[cid].clued]
        ordered = [cid for cid in hand if cid in touched_set]
        trash = self.trash_mask()
        focus = (chop if chop in new else new[0]) if new else None
        # Every card a clue touches, new or touched again, is useful at that clue (good touch),
        # except that in the last cards of the deck a card beside the focus may be useless
        # (seeds/hanabi-conventions.md, section 5): there the clue vouches for its focus only.
        late = DECK_SIZE - self.drawn <= LATE_DECK
        for cid in ordered:
            notes[cid].clued = True
            beside = late and cid != focus
            if cid in new or not beside:
                notes[cid].loose = beside
            if not beside and notes[cid].conv & ~trash:  # (not beside: the note is not loose now)
                notes[cid].conv &= ~trash
            if notes[cid].status == NONE:
                notes[cid].status = SAVE
        if new:
            reading_kind = self._focus(notes[focus], focus, focus == chop, value, self._known_after(notes, focus))
        else:
            # Tempo clue: only touched cards again: the first not already called to play is played.
            focus = next((cid for cid in ordered if notes[cid].status != PLAY), None)
            reading_kind = "info"
            if focus is not None:
                queued = self._known_after(notes, focus)
                reach = self.reachable_mask(focus, queued) & ~queued
                if notes[focus].conv & reach:
                    notes[focus].conv &= reach
                    notes[focus].status = PLAY
                    reading_kind = "tempo"
                else:
                    focus = None
        return Reading(focus, reading_kind, notes, ordered, new)

    def reachable_after(self, notes: dict[int, Note], card: int) -> int:
        """What card `card` can be to be played now or after known touched cards, once a
        clue giving `notes` is read: a card the clue pins down counts as known at once."""
        return self.reachable_mask(card, self._known_after(notes, card))

    def _known_after(self, notes: dict[int, Note], focus: int) -> int:
        """Identities of touched cards known exactly once this clue is read, the focus
        aside: a clue that pins down an old touched card in the same hand makes it
        known at once (seeds/hanabi-conventions.md, section 3)."""
        out = self.queued_mask(focus)
        for cid, note in notes.items():
            ident = single(note.conv) if cid != focus and note.clued else None
            if ident is not None:
                out |= 1 << ident
        return out

    def _focus(self, note: Note, focus: int, on_chop: bool, value: tuple[str, int], queued: int) -> str:
        """Narrow the focused card: a play clue says 'playable now or after known
        touched cards' (`queued`: their identities); a clue on chop may also be a save
        of a 5, a 2 (by a rank clue) or a card whose last copy it is."""
        reach = self.reachable_mask(focus, queued) & ~queued  # good touch: no copy of a touched card
        play = note.conv & reach
        save = 0
        if on_chop:
            save_set = self.critical_mask()
            if value[0] == "colour":
                save_set &= ~RANK_MASK[4]  # 5s are saved with a rank clue, so a colour clue is no 5 save
            if value == ("rank", 2):
                save_set |= RANK_MASK[1] & ~self.trash_mask()
            save = note.conv & save_set & ~reach & ~queued  # good touch holds for saves too
        if play and not save:
            note.conv = play
            note.status = PLAY
            return "play"
        if save:
            note.conv = play | save
            note.status = SAVE
            return "save"
        return "info"  # the clue breaks the conventions: keep the clue facts only

    def notes_for(self, seat: int) -> list[Note]:
        return [self.notes[cid] for cid in self.hands[seat]]
