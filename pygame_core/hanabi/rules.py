"""Hanabi rules: the state, legal actions, applying them, the end and its score.

`State` is the bare position with an unchecked fast path; `Hanabi` (game.py)
is the protocol `Game` around it (options, validation, the result), joined
there to the view, which this module never imports. Seats in the state are
absolute. A clue action names its target counted from the player
who gives it (1 = the next player), so the actions a viewer is offered read in
the viewer's own seat numbering, like the rest of the view.

Rules are written out, with their sources, in seeds/hanabi.md.
"""

from __future__ import annotations

from typing import Any

from .cards import (
    COLOURS,
    MAX_CLUES,
    MAX_SCORE,
    MAX_STRIKES,
    NUM_COLOURS,
    NUM_RANKS,
    ALL_COLOURS_MASK,
    ALL_RANKS_MASK,
    card_dict,
    colour_of,
    hand_size,
    rank_of,
)

# A log entry: (public part, seat it is hidden from or None, part everyone else sees).
LogEntry = tuple[dict[str, Any], "int | None", "dict[str, Any] | None"]


def ranking_points(score: int, over: bool) -> int:
    """The collection's scale (seeds/hanabi.md, "Ranking points"): 10 for 0, 100
    for a perfect 25, linear in between (3.6 per card), rounded half up."""
    if not over:
        return 0
    return int(10 + 3.6 * score + 0.5)


class Card:
    """A card in a hand: its stable id (draw order), identity and clue knowledge.

    `colours` and `ranks` are bit masks of what the holder may still believe
    (every clue narrows them, both the cards it names and the cards it misses);
    `clued` records whether a clue ever named the card.
    """

    __slots__ = ("id", "ident", "colours", "ranks", "clued")

    def __init__(self, card_id: int, ident: int) -> None:
        self.id = card_id
        self.ident = ident
        self.colours = ALL_COLOURS_MASK
        self.ranks = ALL_RANKS_MASK
        self.clued = False

    def copy(self) -> "Card":
        c = Card(self.id, self.ident)
        c.colours, c.ranks, c.clued = self.colours, self.ranks, self.clued
        return c


class State:
    """One Hanabi position, hidden cards included.

    `deck` lists identities in drawing order and `drawn` counts the cards taken
    from it, so a card's id is simply its draw index: it says when the card
    was drawn and nothing about what it is. Hands list slot 0 first; a drawn
    card enters at slot 0 (the newest, leftmost card), so the oldest card sits
    in the last slot.
    """

    __slots__ = ("players", "deck", "drawn", "hands", "stacks", "discards", "clues", "strikes",
                 "to_move", "turns_left", "over", "reason", "log", "turn")

    def __init__(self, players: int, deck: list[int], log: list[LogEntry] | None = None) -> None:
        self.players = players
        self.deck = deck
        self.drawn = 0
        self.stacks = [0] * NUM_COLOURS
        self.discards: list[tuple[int, int]] = []  # (id, identity) in discard order
        self.clues = MAX_CLUES
        self.strikes = 0
        self.to_move = 0
        self.turns_left: int | None = None
        self.over = False
        self.reason: str | None = None
        self.turn = 0
        self.log = log
        size = hand_size(players)
        self.hands: list[list[Card]] = []
        for seat in range(players):
            hand = [Card(self.drawn + j, deck[self.drawn + j]) for j in range(size)]
            self.drawn += size
            self.hands.append(hand)
            if log is not None:
                for card in hand:
                    log.append(({"type": "deal", "seat": seat, "id": card.id}, seat, card_dict(card.ident)))

    def copy(self) -> "State":
        s = State.__new__(State)
        s.players, s.deck, s.drawn = self.players, self.deck, self.drawn
        s.hands = [[c.copy() for c in hand] for hand in self.hands]
        s.stacks = self.stacks[:]
        s.discards = self.discards[:]
        s.clues, s.strikes, s.to_move, s.turns_left = self.clues, self.strikes, self.to_move, self.turns_left
        s.over, s.reason, s.turn = self.over, self.reason, self.turn
        s.log = None
        return s

    # ------------------------------------------------------------ queries
    @property
    def score(self) -> int:
        """Cards on the stacks; 0 once the third strike is taken."""
        return 0 if self.strikes >= MAX_STRIKES else sum(self.stacks)

    @property
    def deck_left(self) -> int:
        return len(self.deck) - self.drawn

    def card_total(self) -> int:
        """Cards in every zone together; always 50 (a test checks it)."""
        return sum(len(h) for h in self.hands) + self.deck_left + sum(self.stacks) + len(self.discards)

    @property
    def decider(self) -> int | None:
        """The seat to act, None once the game is over."""
        return None if self.over else self.to_move

    def legal_actions(self) -> list[dict[str, Any]]:
        """Plays by slot, discards by slot (not with all 8 clues), then clues by
        target (counted from the mover), colours in table order, then ranks."""
        if self.over:
            return []
        p = self.to_move
        slots = range(len(self.hands[p]))
        out: list[dict[str, Any]] = [{"type": "play", "slot": i} for i in slots]
        if self.clues < MAX_CLUES:
            out.extend({"type": "discard", "slot": i} for i in slots)
        if self.clues > 0:
            for offset in range(1, self.players):
                hand = self.hands[(p + offset) % self.players]
                colours = {colour_of(c.ident) for c in hand}
                ranks = {rank_of(c.ident) for c in hand}
                out.extend({"type": "clue", "target": offset, "colour": COLOURS[c]} for c in sorted(colours))
                out.extend({"type": "clue", "target": offset, "rank": r} for r in sorted(ranks))
        return out

    # ------------------------------------------------------------ moves
    def play(self, action: dict[str, Any]) -> None:
        """Apply a canonical legal action without checking it (the fast path)."""
        kind = action["type"]
        p = self.to_move
        if kind == "clue":
            self.give_clue(p, (p + action["target"]) % self.players, action)
        else:
            card = self.hands[p].pop(action["slot"])
            if kind == "play":
                self.play_card(p, action["slot"], card)
            else:
                self.discard_card(p, action["slot"], card)
            if self.over:
                return
            self.draw(p)
        self.end_turn()

    def give_clue(self, giver: int, target: int, action: dict[str, Any]) -> None:
        self.clues -= 1
        touched: list[Card] = []
        if "colour" in action:
            bit = 1 << COLOURS.index(action["colour"])
            for card in self.hands[target]:
                if 1 << colour_of(card.ident) == bit:
                    card.colours = bit
                    card.clued = True
                    touched.append(card)
                else:
                    card.colours &= ~bit
        else:
            bit = 1 << (action["rank"] - 1)
            for card in self.hands[target]:
                if 1 << (rank_of(card.ident) - 1) == bit:
                    card.ranks = bit
                    card.clued = True
                    touched.append(card)
                else:
                    card.ranks &= ~bit
        if self.log is not None:
            hand = self.hands[target]
            entry: dict[str, Any] = {"type": "clue", "seat": giver, "target": target}
            entry.update({k: action[k] for k in ("colour", "rank") if k in action})
            entry["slots"] = [i for i, c in enumerate(hand) if c in touched]
            entry["ids"] = [c.id for c in touched]
            self.log.append((entry, None, None))

    def play_card(self, p: int, slot: int, card: Card) -> None:
        c, r = colour_of(card.ident), rank_of(card.ident)
        ok = self.stacks[c] == r - 1
        bonus = False
        if ok:
            self.stacks[c] = r
            if r == NUM_RANKS and self.clues < MAX_CLUES:
                self.clues += 1
                bonus = True
        else:
            self.discards.append((card.id, card.ident))
            self.strikes += 1
        if self.log is not None:
            self.log.append(({"type": "play", "seat": p, "slot": slot, "id": card.id, **card_dict(card.ident),
                              "ok": ok, "clue_back": bonus, "strikes": self.strikes}, None, None))
        if self.strikes >= MAX_STRIKES:
            self.finish("strikes")

    def discard_card(self, p: int, slot: int, card: Card) -> None:
        self.clues += 1
        self.discards.append((card.id, card.ident))
        if self.log is not None:
            self.log.append(({"type": "discard", "seat": p, "slot": slot, "id": card.id, **card_dict(card.ident)},
                             None, None))

    def draw(self, p: int) -> None:
        if self.drawn >= len(self.deck):
            return
        card = Card(self.drawn, self.deck[self.drawn])
        self.drawn += 1
        self.hands[p].insert(0, card)
        if self.log is not None:
            self.log.append(({"type": "draw", "seat": p, "id": card.id}, p, card_dict(card.ident)))
        if self.drawn == len(self.deck):
            # Everyone, the drawer included, has one more turn after this one.
            self.turns_left = self.players + 1
            if self.log is not None:
                self.log.append(({"type": "last_card", "seat": p, "turns_left": self.players}, None, None))

    def end_turn(self) -> None:
        self.turn += 1
        if sum(self.stacks) == MAX_SCORE:
            self.finish("perfect")
            return
        if self.turns_left is not None:
            self.turns_left -= 1
            if self.turns_left == 0:
                self.finish("final_round")
                return
        self.to_move = (self.to_move + 1) % self.players

    def finish(self, reason: str) -> None:
        self.over = True
        self.reason = reason
        if self.log is not None:
            self.log.append(({"type": "game_over", "reason": reason, "score": self.score}, None, None))


def normalize_action(action: Any) -> dict[str, Any]:
    """The canonical form of an action; raises on anything malformed (the
    protocol's `apply` turns that into an IllegalActionError quoting the input)."""
    if not isinstance(action, dict):
        raise TypeError("action must be an object")
    kind = action["type"]

    def whole(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("expected an integer")
        return value

    if kind in ("play", "discard"):
        if set(action) != {"type", "slot"}:
            raise ValueError("play and discard take exactly a slot")
        return {"type": kind, "slot": whole(action["slot"])}
    if kind == "clue":
        if set(action) == {"type", "target", "colour"}:
            if not isinstance(action["colour"], str):
                raise TypeError("colour must be a name")
            return {"type": kind, "target": whole(action["target"]), "colour": action["colour"]}
        if set(action) == {"type", "target", "rank"}:
            return {"type": kind, "target": whole(action["target"]), "rank": whole(action["rank"])}
    raise ValueError("unknown action type or fields")
