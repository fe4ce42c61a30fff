"""Hanamikoji rules: the state, legal actions, applying them, scoring and ranking points.

`State` is the bare position with an unchecked fast path (the AI copies and
plays it thousands of times per decision, so it holds plain lists of counts
and keeps no log unless asked). The protocol `Game` around it, `Hanamikoji`
(game.py), wires it to the game's rng and a public log and joins it to the
view; this module never imports the view. Seats here are absolute (0 and 1).

Rules are written out, with their sources, in seeds/hanamikoji.md.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from ..errors import BadOptionsError
from ..protocol import duel_ranking_points, is_int, short
from .cards import (
    ACTION_SIZES,
    ACTION_TYPES,
    DECK_SIZE,
    FULL_DECK,
    GEISHA_VALUES,
    HAND_SIZE,
    NUM_GEISHAS,
    WIN_CHARM,
    WIN_GEISHAS,
    cards_of,
    counts_of,
)

# Phases: whose decision it is and of which kind.
ACTION = "action"  # the player to move uses one of their action markers
PICK_GIFT = "pick_gift"  # the opponent of a gift picks one of its three cards
PICK_PAIR = "pick_pair"  # the opponent of a competition picks one of its two pairs
OVER = "over"

SECRET, TRADEOFF, GIFT, COMPETITION = range(4)  # indices into ACTION_TYPES / `used`
HIDDEN_ACTIONS = ("secret", "tradeoff")  # their cards go face down: only the owner knows them

# A log entry: (public part, owner seat or None, private part only the owner sees).
LogEntry = tuple[dict[str, Any], "int | None", "dict[str, Any] | None"]


def ranking_points(winner: int | None, charm: list[int], over: bool) -> list[int]:
    """The collection's ranking scale (see seeds/hanamikoji.md, "Ranking points").

    A win earns 60 plus 4 per charm point of margin over the loser, at most 100
    (a margin of 10 or more); a draw earns 30 each; a loss 10.
    """
    return duel_ranking_points(winner, charm, over, per_point=4, full_lead=10)


def check_deck(deck: Any, where: str) -> list[int]:
    """A deck given in options must be exactly the 21 item cards in some order."""
    if (
        not isinstance(deck, list)
        or len(deck) != DECK_SIZE
        or not all(is_int(g) for g in deck)
        or sorted(deck) != list(FULL_DECK)
    ):
        raise BadOptionsError(
            f"hanamikoji: {where} must list the 21 item cards as geisha indices "
            f"(two each of 0-2, three of 3-4, four of 5, five of 6), got {short(deck)}"
        )
    return list(deck)


class State:
    """One Hanamikoji position with everything in it, hidden cards included.

    Hands, items and the like are counts per geisha (7 ints); the draw pile is
    a list in drawing order. `rng` shuffles later rounds; `decks` optionally
    fixes the deal of the first rounds. With `log` set to a list the state
    records what happens (for the public history); search leaves it None.
    """

    __slots__ = (
        "round", "round_limit", "start", "to_move", "phase", "hands", "draw", "removed",
        "items", "used", "secrets", "tradeoffs", "offer", "favour", "winner", "reason",
        "scorings", "rng", "decks", "log",
    )

    def __init__(self, rng: random.Random, round_limit: int | None = 3,
                 decks: list[list[int]] | None = None, log: list[LogEntry] | None = None,
                 deal: bool = True) -> None:
        self.rng = rng
        self.round_limit = round_limit
        self.decks = decks or []
        self.log = log
        self.round = 1
        self.start = 0
        self.favour: list[int | None] = [None] * NUM_GEISHAS
        self.winner: int | None = None
        self.reason: str | None = None
        self.scorings: list[dict[str, Any]] = []
        self.offer: dict[str, Any] | None = None
        if deal:
            self.new_round()

    # ------------------------------------------------------------ copying
    def copy(self, rng: random.Random | None = None) -> "State":
        """A fast copy for search (no log); `rng` replaces the shuffler of later rounds."""
        s = State.__new__(State)
        s.round, s.round_limit, s.start = self.round, self.round_limit, self.start
        s.to_move, s.phase = self.to_move, self.phase
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.draw = self.draw[:]
        s.removed = self.removed
        s.items = [self.items[0][:], self.items[1][:]]
        s.used = [self.used[0][:], self.used[1][:]]
        s.secrets = self.secrets[:]
        s.tradeoffs = [self.tradeoffs[0][:], self.tradeoffs[1][:]]
        s.offer = self.offer  # never mutated in place, so sharing is safe
        s.favour = self.favour[:]
        s.winner, s.reason = self.winner, self.reason
        s.scorings = self.scorings[:]
        s.rng = rng if rng is not None else self.rng
        s.decks = self.decks
        s.log = None
        return s

    # ------------------------------------------------------------ rounds
    def new_round(self) -> None:
        """Deal a round: 1 card removed, 6 per player, 8 to draw; the start player draws."""
        if self.round <= len(self.decks):
            deck = list(self.decks[self.round - 1])
        else:
            deck = list(FULL_DECK)
            self.rng.shuffle(deck)
        self.removed = deck[0]
        self.hands = [counts_of(deck[1:1 + HAND_SIZE]), counts_of(deck[1 + HAND_SIZE:1 + 2 * HAND_SIZE])]
        self.draw = deck[1 + 2 * HAND_SIZE:]
        self.items = [[0] * NUM_GEISHAS, [0] * NUM_GEISHAS]
        self.used = [[False] * 4, [False] * 4]
        self.secrets: list[int | None] = [None, None]
        self.tradeoffs: list[list[int]] = [[], []]
        self.offer = None
        self.to_move = self.start
        self.phase = ACTION
        if self.log is not None:
            self.log.append(({"type": "round", "round": self.round, "start": self.start}, None, None))
            for seat in (0, 1):
                self.log.append(({"type": "deal", "seat": seat, "count": HAND_SIZE}, seat,
                                 {"cards": cards_of(self.hands[seat])}))
        self.begin_turn()

    def begin_turn(self) -> None:
        """A turn starts with drawing the top card of the draw pile."""
        card = self.draw.pop(0)
        self.hands[self.to_move][card] += 1
        if self.log is not None:
            self.log.append(({"type": "draw", "seat": self.to_move}, self.to_move, {"card": card}))

    def end_turn(self, actor: int) -> None:
        """After `actor`'s action is complete: score the round or pass the turn."""
        other = 1 - actor
        if all(self.used[other]) and all(self.used[actor]):
            self.score_round()
            return
        self.to_move = other
        self.phase = ACTION
        self.begin_turn()

    def score_round(self) -> None:
        """Reveal secrets, move favour markers to majorities, then check the end of the game."""
        revealed = self.secrets[:]
        for seat in (0, 1):
            if revealed[seat] is not None:
                self.items[seat][revealed[seat]] += 1
        majority: list[int | None] = []
        for g in range(NUM_GEISHAS):
            a, b = self.items[0][g], self.items[1][g]
            side = 0 if a > b else 1 if b > a else None
            majority.append(side)
            if side is not None:
                self.favour[g] = side
        charm, geishas = self.totals()
        record = {
            "round": self.round,
            "secrets": revealed,
            "items": [self.items[0][:], self.items[1][:]],
            "majority": majority,
            "favour": self.favour[:],
            "charm": charm,
            "geishas": geishas,
        }
        self.scorings.append(record)
        if self.log is not None:
            self.log.append(({"type": "scoring", **record}, None, None))
        reached = [s for s in (0, 1) if charm[s] >= WIN_CHARM or geishas[s] >= WIN_GEISHAS]
        if reached:
            # Both at once can only be 11+ points against 4 geishas: more points wins.
            winner = max(reached, key=lambda s: charm[s])
            self.finish(winner, "charm" if charm[winner] >= WIN_CHARM else "geishas")
        elif self.round_limit is not None and self.round >= self.round_limit:
            if charm[0] == charm[1]:
                self.finish(None, "round_limit_draw")
            else:
                self.finish(0 if charm[0] > charm[1] else 1, "round_limit")
        else:
            self.round += 1
            self.start = 1 - self.start
            self.new_round()

    def finish(self, winner: int | None, reason: str) -> None:
        self.phase = OVER
        self.winner = winner
        self.reason = reason
        self.offer = None
        if self.log is not None:
            self.log.append(({"type": "game_over", "winner": winner, "reason": reason}, None, None))

    def totals(self) -> tuple[list[int], list[int]]:
        """Charm points and number of geishas whose favour marker is on each side."""
        charm, geishas = [0, 0], [0, 0]
        for g, side in enumerate(self.favour):
            if side is not None:
                charm[side] += GEISHA_VALUES[g]
                geishas[side] += 1
        return charm, geishas

    # ------------------------------------------------------------ moves
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def decider(self) -> int | None:
        """The seat that decides next: the mover, or the opponent during a pick."""
        if self.phase == OVER:
            return None
        if self.phase == ACTION:
            return self.to_move
        return 1 - self.to_move

    def _take(self, seat: int, cards: list[int] | tuple[int, ...]) -> None:
        hand = self.hands[seat]
        for g in cards:
            hand[g] -= 1

    def do_secret(self, card: int) -> None:
        p = self.to_move
        self.hands[p][card] -= 1
        self.secrets[p] = card
        self.used[p][SECRET] = True
        if self.log is not None:
            self.log.append(({"type": "secret", "seat": p}, p, {"cards": [card]}))
        self.end_turn(p)

    def do_tradeoff(self, cards: list[int]) -> None:
        p = self.to_move
        self._take(p, cards)
        self.tradeoffs[p] = list(cards)
        self.used[p][TRADEOFF] = True
        if self.log is not None:
            self.log.append(({"type": "tradeoff", "seat": p}, p, {"cards": list(cards)}))
        self.end_turn(p)

    def do_gift(self, cards: list[int]) -> None:
        p = self.to_move
        self._take(p, cards)
        self.used[p][GIFT] = True
        self.offer = {"type": "gift", "by": p, "cards": list(cards)}
        self.phase = PICK_GIFT
        if self.log is not None:
            self.log.append(({"type": "gift", "seat": p, "cards": list(cards)}, None, None))

    def do_competition(self, pairs: list[list[int]]) -> None:
        p = self.to_move
        self._take(p, pairs[0])
        self._take(p, pairs[1])
        self.used[p][COMPETITION] = True
        self.offer = {"type": "competition", "by": p, "pairs": [list(pairs[0]), list(pairs[1])]}
        self.phase = PICK_PAIR
        if self.log is not None:
            self.log.append(({"type": "competition", "seat": p, "pairs": self.offer["pairs"]}, None, None))

    def do_pick_gift(self, card: int) -> None:
        p = self.to_move
        picker = 1 - p
        cards = list(self.offer["cards"])
        cards.remove(card)
        self.items[picker][card] += 1
        for g in cards:
            self.items[p][g] += 1
        self.offer = None
        if self.log is not None:
            self.log.append(({"type": "pick_gift", "seat": picker, "card": card, "rest": cards}, None, None))
        self.end_turn(p)

    def do_pick_pair(self, index: int) -> None:
        p = self.to_move
        picker = 1 - p
        pairs = self.offer["pairs"]
        for g in pairs[index]:
            self.items[picker][g] += 1
        for g in pairs[1 - index]:
            self.items[p][g] += 1
        self.offer = None
        if self.log is not None:
            self.log.append(({"type": "pick_pair", "seat": picker, "pair": index,
                              "cards": list(pairs[index]), "rest": list(pairs[1 - index])}, None, None))
        self.end_turn(p)

    def play(self, action: dict[str, Any]) -> None:
        """Apply a canonical action without checking it (the fast path)."""
        kind = action["type"]
        if kind == "secret":
            self.do_secret(action["cards"][0])
        elif kind == "tradeoff":
            self.do_tradeoff(action["cards"])
        elif kind == "gift":
            self.do_gift(action["cards"])
        elif kind == "competition":
            self.do_competition(action["pairs"])
        elif kind == "pick_gift":
            self.do_pick_gift(action["card"])
        elif kind == "pick_pair":
            self.do_pick_pair(action["pair"])
        else:  # pragma: no cover - callers pass legal actions only
            raise ValueError(f"unknown action type {kind!r}")

    def legal_actions(self) -> list[dict[str, Any]]:
        """All distinct actions in a stable order: by marker, then by sorted cards."""
        if self.phase == OVER:
            return []
        if self.phase == PICK_GIFT:
            return [{"type": "pick_gift", "card": g} for g in sorted(set(self.offer["cards"]))]
        if self.phase == PICK_PAIR:
            # Both pairs stay listed even when equal, so a UI can enable either one.
            return [{"type": "pick_pair", "pair": 0}, {"type": "pick_pair", "pair": 1}]
        hand = cards_of(self.hands[self.to_move])
        used = self.used[self.to_move]
        out: list[dict[str, Any]] = []
        for index, kind in enumerate(ACTION_TYPES):
            if used[index]:
                continue
            size = ACTION_SIZES[kind]
            choices = sorted(set(itertools.combinations(hand, size)))
            if kind != "competition":
                out.extend({"type": kind, "cards": list(c)} for c in choices)
                continue
            for a, b, c, d in choices:
                splits = {
                    tuple(sorted(((a, b), (c, d)))),
                    tuple(sorted(((a, c), (b, d)))),
                    tuple(sorted(((a, d), (b, c)))),
                }
                out.extend({"type": kind, "pairs": [list(x), list(y)]} for x, y in sorted(splits))
        return out

    def card_total(self) -> int:
        """Cards in every zone together; always 21 (a test checks it)."""
        total = sum(self.hands[0]) + sum(self.hands[1]) + len(self.draw) + 1
        total += sum(self.items[0]) + sum(self.items[1])
        total += len(self.tradeoffs[0]) + len(self.tradeoffs[1])
        if self.phase != OVER:
            # Before scoring the secrets lie under their markers; scoring moved them to items.
            total += sum(1 for s in self.secrets if s is not None)
        if self.offer is not None:
            total += len(self.offer["cards"]) if self.offer["type"] == "gift" else 4
        return total


def normalize_action(action: Any) -> dict[str, Any]:
    """The canonical form of an action: sorted cards, sorted pairs, no extra keys.

    Raises ValueError/TypeError/KeyError on a malformed action; the protocol's
    `apply` turns that into an IllegalActionError that quotes the input.
    """
    if not isinstance(action, dict):
        raise TypeError("action must be an object")
    kind = action["type"]
    keys = {"secret": "cards", "tradeoff": "cards", "gift": "cards", "competition": "pairs",
            "pick_gift": "card", "pick_pair": "pair"}
    if not isinstance(kind, str) or kind not in keys or set(action) != {"type", keys[kind]}:
        raise ValueError("unknown action type or fields")

    def card(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("card must be a geisha index")
        return value

    if kind in ("pick_gift", "pick_pair"):
        return {"type": kind, keys[kind]: card(action[keys[kind]])}
    if kind == "competition":
        pairs = action["pairs"]
        if not isinstance(pairs, list) or len(pairs) != 2 or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise ValueError("competition needs two pairs")
        return {"type": kind, "pairs": sorted(sorted(card(g) for g in pair) for pair in pairs)}
    cards = action["cards"]
    if not isinstance(cards, list):
        raise TypeError("cards must be a list")
    return {"type": kind, "cards": sorted(card(g) for g in cards)}
