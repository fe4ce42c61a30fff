"""A literal reader of seeds/hanabi-conventions.md: clues read by the page's words alone.

Written from the page, not from the bots' code (pygame_core/hanabi/conventions.py
is never imported here), so that it can check whether the bots send clues a
careful person who learned only the page would read as the bots mean them.
It replays the public log of a game and, for each clue, says which card the
clue is about and what the page tells the receiver to do with it:

- section 2 (focus): the chop if the clue touches it for the first time, else
  the newest card it touches for the first time; a clue that touches only
  cards touched before is about the leftmost of them not already known to be
  played ("tempo": play it);
- section 3 (play clues): a clue whose focus is not the chop says "play it",
  now or right after touched cards everyone knows exactly;
- section 4 (the chop): saved are 5s (by a rank 5 clue), 2s (by a rank 2
  clue) and the last copy of a card still needed; a chop clue that could be a
  save and could be playable says "keep it"; one that rules out every save is
  a play clue; one that cannot be playable is a save;
- section 5 (good touch): touched cards are useful and different, so a
  touched card is not a card already played, nor a copy of a card everyone
  knows is touched elsewhere.

Readings: "play" (the focus is to be played, now or after known touched
cards), "save" (keep it), "keep" (the chop clue could be either: keep it and
wait), "none" (the clue only tells what it says: no card it allows can be
playable, nor, on the chop, saved; or it touches only cards known to be
played or that cannot be playable).
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLOURS = ("red", "yellow", "green", "blue", "white")
COPIES = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
CARDS = [(c, r) for c in COLOURS for r in range(1, 6)]


@dataclass
class Card:
    id: int
    possible: set = field(default_factory=lambda: set(CARDS))  # what the clues allow
    touched: bool = False
    to_play: bool = False  # a play clue (or tempo clue) was about it
    known: tuple | None = None  # what everyone can tell it is, if exactly one thing
    loose: bool = False  # touched beside the focus where good touch bends (section 5): may be useless
    by: int = -1  # the seat whose clue first touched it
    at: int = -1  # that clue's number in the game


class PageReader:
    def __init__(self, players: int) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(players)]  # slot 0 = newest
        self.stacks = {c: 0 for c in COLOURS}
        self.gone: dict[tuple, int] = {}
        self.drawn = 0  # cards dealt and drawn (the deck holds 50 - drawn)
        self.clues = 0  # clues given so far
        # Played cards a clue had touched: (card, the seat whose clue first touched it, that clue's
        # number, the seat that played it). Section 5: such a card rules nothing out for a touched card
        # when one seat held one of the two and later gave the clue that first touched the other.
        self.blind: list[tuple[tuple, int, int, int]] = []

    # -------------------------------------------------------------- facts
    def played(self, card) -> bool:
        return self.stacks[card[0]] >= card[1]

    def dead(self, card) -> bool:
        """No longer reachable: every copy of a lower card of its colour is gone (or of the card
        itself: then no hand can hold it, as the discard pile shows)."""
        return any(self.gone.get((card[0], r), 0) >= COPIES[r] for r in range(self.stacks[card[0]] + 1, card[1] + 1))

    def exhausted(self, card) -> bool:
        """Every copy is on the stacks or the discard pile: no hand holds it."""
        return self.gone.get(card, 0) + self.played(card) >= COPIES[card[1]]

    def useless(self, card) -> bool:
        return self.played(card) or self.dead(card)

    def last_copy(self, card) -> bool:
        return not self.useless(card) and COPIES[card[1]] - self.gone.get(card, 0) == 1

    def known_touched(self, skip: Card | None = None) -> set:
        return {c.known for hand in self.hands for c in hand if c.touched and c.known and c is not skip}

    def playable_soon(self, skip: Card) -> set:
        """Playable now, or right after touched cards everyone knows exactly (section 3)."""
        known = self.known_touched(skip)
        out = set()
        for colour in COLOURS:
            rank = self.stacks[colour] + 1
            while rank <= 5:
                out.add((colour, rank))
                if (colour, rank) not in known:
                    break
                rank += 1
        return out

    def chop(self, seat: int) -> Card | None:
        for card in reversed(self.hands[seat]):
            if not card.touched:
                return card
        return None

    # -------------------------------------------------------------- events
    def event(self, e: dict) -> dict | None:
        """Replay one log event; for a clue, return the page's reading of it."""
        kind = e["type"]
        if kind == "deal":
            self.hands[e["seat"]].append(Card(e["id"]))
            self.drawn += 1
        elif kind == "draw":
            self.hands[e["seat"]].insert(0, Card(e["id"]))
            self.drawn += 1
        elif kind in ("play", "discard"):
            hand = self.hands[e["seat"]]
            gone = next(c for c in hand if c.id == e["id"])
            hand.remove(gone)
            card = (e["colour"], e["rank"])
            if kind == "play" and e["ok"]:
                self.stacks[e["colour"]] = e["rank"]
                if gone.touched:
                    self.blind.append((card, gone.by, gone.at, e["seat"]))
            else:
                self.gone[card] = self.gone.get(card, 0) + 1
            self._good_touch()
        elif kind == "clue":
            return self.clue(e)
        return None

    def _says_nothing(self, fresh=()) -> dict:
        self._good_touch(fresh)
        return {"focus": None, "reading": "none"}

    def _good_touch(self, fresh=()) -> None:
        """Touched cards are useful when touched (`fresh`: by the clue just read) and no copy
        of a card played since; a card may have died after it was touched (section 5). A card played
        since rules nothing out when one seat held one of the two cards and later gave the clue that
        first touched the other."""
        for seat, hand in enumerate(self.hands):
            for c in hand:
                if c.touched and not c.loose:
                    unseen = {card for card, by, at, held in self.blind
                              if by == seat and at > c.at or c.by == held and c.at > at}
                    gone = self.useless if c.id in fresh else (
                        lambda x: self.played(x) and x not in unseen or self.exhausted(x))
                    useful = {x for x in c.possible if not gone(x)}
                    if useful:
                        c.possible = useful
                    if len(c.possible) == 1:
                        c.known = next(iter(c.possible))

    def clue(self, e: dict) -> dict:
        self.clues += 1
        seat, ids = e["target"], set(e["ids"])
        hand = self.hands[seat]
        chop = self.chop(seat)
        fits = (lambda x: x[0] == e["colour"]) if "colour" in e else (lambda x: x[1] == e["rank"])
        new = [c for c in hand if c.id in ids and not c.touched]
        old = [c for c in hand if c.id in ids and c.touched]
        for c in hand:
            c.possible = {x for x in c.possible if fits(x) == (c.id in ids)}
        # Section 5: a card touched again is useful at this clue too, but with 5 or fewer cards
        # in the deck a card touched beside the focus (for the first time or again) may be
        # useless: good touch holds for the focus only.
        late = 50 - self.drawn <= 5
        if not late:
            for c in old:
                c.loose = False  # touched again: good touch holds for it now
        # Section 2: the focus.
        if new:
            focus = chop if chop in new else new[0]
            on_chop = focus is chop
            if late:
                ids = {focus.id}
                for c in new:
                    c.loose = c is not focus
        else:
            focus = next((c for c in old if not c.to_play), None)
            on_chop = False
            if late:
                ids = set()  # a tempo clue's focus is read below; it vouches for no other card
        for c in new:
            c.touched, c.by, c.at = True, e["seat"], self.clues
        # Section 3: a card counts as known exactly as soon as this clue makes it so.
        self._good_touch(ids)
        if not new:
            if focus is not None:
                # Section 2: a clue on touched cards only is a play clue if its focus can be playable
                # (now or after touched cards everyone knows); if it cannot, the clue says nothing new.
                elsewhere = self.known_touched(focus)
                maybe = {x for x in focus.possible if not self.useless(x) and x not in elsewhere}
                if not maybe & self.playable_soon(focus):
                    return self._says_nothing(ids)
        if focus is None:
            self._good_touch(ids)
            return {"focus": None, "reading": "none"}
        # Section 5: touched cards are useful and no copy of a card known to be touched elsewhere.
        elsewhere = self.known_touched(focus)
        candidates = {x for x in focus.possible if not self.useless(x) and x not in elsewhere}
        soon = candidates & self.playable_soon(focus)
        if on_chop:
            saves = {x for x in candidates if self.last_copy(x)
                     or (x[1] == 5 and e.get("rank") == 5) or (x[1] == 2 and e.get("rank") == 2)}
            if "colour" in e:
                saves = {x for x in saves if x[1] != 5}  # 5s are saved by rank: a colour clue is no 5 save
            saves -= soon
            if not soon and not saves:
                return self._says_nothing(ids)  # neither a play nor a save is possible: it only tells what it says
            if soon and saves:
                reading, focus.possible = "keep", soon | saves  # "playable, or one of these"
            elif saves:
                reading, focus.possible = "save", saves
            else:
                reading, focus.possible = "play", soon
                focus.to_play = True
        elif not soon:
            return self._says_nothing(ids)  # section 3: no card the clue allows can be playable: no play clue
        else:
            reading, focus.possible = "play", soon
            focus.to_play = True
        if len(focus.possible) == 1:
            focus.known = next(iter(focus.possible))
        self._good_touch(ids)
        return {"focus": focus.id, "reading": reading}

    # -------------------------------------------------------------- copies
    def copy(self) -> "PageReader":
        """An independent copy, to try a clue on (cheaper than deepcopy)."""
        other = PageReader.__new__(PageReader)
        other.hands = [[Card(c.id, set(c.possible), c.touched, c.to_play, c.known, c.loose, c.by, c.at)
                        for c in hand] for hand in self.hands]
        other.stacks = dict(self.stacks)
        other.gone = dict(self.gone)
        other.drawn = self.drawn
        other.clues = self.clues
        other.blind = self.blind[:]
        return other
