"""Koi-Koi rules: the state, legal actions, applying them, round and match scoring.

`State` is the bare position with an unchecked fast path: hands, table and
captured piles are bit masks over the 48 card ids, the stock a list, so the
AI can copy and play it out thousands of times per decision. It keeps a log
only when given one. The protocol `Game` around it, `KoiKoi` (game.py), adds
options, validation and the result and joins it to the view; this module
never imports the view. Seats here are absolute (0 and 1).

Rules are written out, with their sources, in seeds/koikoi.md.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import BadOptionsError
from ..protocol import duel_ranking_points, is_int, short
from .cards import MONTH_MASKS, NUM_CARDS, NUM_MONTHS, cards_in, group_by_kind, mask_of
from .yaku import SOURCE_RULES, HouseRules, points, round_points, score_mask

# Phases: whose decision it is and of which kind.
PLAY = "play"  # the player to move plays a hand card
TAKE = "take"  # the turned stock card matches two table cards: the mover picks one
KOIKOI = "koikoi"  # the mover made a new or higher yaku: koi-koi or shobu
OVER = "over"

HAND_SIZE = 8
TABLE_SIZE = 8
ROUND_CHOICES = (3, 6, 12)
HOUSE_RULE_OPTIONS = tuple(SOURCE_RULES.as_options())  # booleans, off by default
TESHI_POINTS = 6  # a dealt hand of four of a month or four pairs, under the house rule `teshi`

# A log entry: (public part, owner seat or None, private part only the owner sees).
LogEntry = tuple[dict[str, Any], "int | None", "dict[str, Any] | None"]


def ranking_points(winner: int | None, scores: list[int], over: bool) -> list[int]:
    """The collection's ranking scale (seeds/koikoi.md, "Ranking points"):
    a win earns 60 + 2 per match point of lead, at most 100 (a lead of 20 or
    more); a draw 30 each; a loss 10."""
    return duel_ranking_points(winner, scores, over, per_point=2, full_lead=20)


def four_on_table(deck: list[int]) -> int | None:
    """The month (0-11) of which a deal puts all four cards on the table, or None."""
    table = mask_of(deck[2 * HAND_SIZE:2 * HAND_SIZE + TABLE_SIZE])
    for m in range(NUM_MONTHS):
        if table & MONTH_MASKS[m] == MONTH_MASKS[m]:
            return m
    return None


def dealt_hand_yaku(hand: int) -> tuple[str, int] | None:
    """("teshi", the four cards of a month) or ("kuttsuki", the hand) when a dealt
    hand holds four cards of one month or four pairs of months; else None."""
    pairs = 0
    for m in range(NUM_MONTHS):
        n = (hand & MONTH_MASKS[m]).bit_count()
        if n == 4:
            return ("teshi", hand & MONTH_MASKS[m])
        pairs += n == 2
    return ("kuttsuki", hand) if pairs == 4 else None


def check_deck(deck: Any, where: str) -> list[int]:
    """A deck given in options: the 48 card ids in some order, dealable as it is."""
    if (
        not isinstance(deck, list)
        or len(deck) != NUM_CARDS
        or not all(is_int(c) for c in deck)
        or sorted(deck) != list(range(NUM_CARDS))
    ):
        raise BadOptionsError(f"koikoi: {where} must list the 48 card ids 0-47 once each, got {short(deck)}")
    month = four_on_table(deck)
    if month is not None:
        raise BadOptionsError(
            f"koikoi: {where} puts all four cards of month {month + 1} on the table; "
            "that deal would be redealt, so it cannot be given"
        )
    return list(deck)


class State:
    """One Koi-Koi position with everything in it, hidden cards included.

    `hands`, `table` and `captured` are bit masks; `stock` is a list whose
    last element is the top card. `rng` shuffles the deals; `decks` fixes the
    deal of the first rounds. With `log` set to a list the state records what
    happens (the public history); search leaves it None. With `deal_next`
    False a finished round stops the state (phase stays, `round_over` True)
    instead of dealing the next one: a playout ends there.
    """

    __slots__ = (
        "rounds", "round", "dealer", "to_move", "phase", "hands", "table", "stock", "captured",
        "koikoi", "koikoi_at", "drawn", "scores", "summaries", "rng", "decks", "log", "deal_next",
        "round_over", "last_gain", "rules",
    )

    def __init__(self, rng: random.Random, rounds: int = 3, dealer: int = 0,
                 decks: list[list[int]] | None = None, log: list[LogEntry] | None = None,
                 deal: bool = True, rules: HouseRules = SOURCE_RULES) -> None:
        self.rng = rng
        self.rules = rules
        self.rounds = rounds
        self.round = 1
        self.dealer = dealer
        self.decks = decks or []
        self.log = log
        self.scores = [0, 0]
        self.summaries: list[dict[str, Any]] = []
        self.deal_next = True
        self.round_over = False
        self.last_gain = 0
        if deal:
            self.new_round()

    # ------------------------------------------------------------ copying
    def copy(self) -> "State":
        """A fast copy for search: no log, and it stops at the end of the round."""
        s = State.__new__(State)
        s.rounds, s.round, s.dealer, s.to_move, s.phase = self.rounds, self.round, self.dealer, self.to_move, self.phase
        s.hands = self.hands[:]
        s.table = self.table
        s.stock = self.stock[:]
        s.captured = self.captured[:]
        s.koikoi = self.koikoi[:]
        s.koikoi_at = self.koikoi_at[:]
        s.drawn = self.drawn
        s.scores = self.scores[:]
        s.summaries = self.summaries  # appended to only by a state that deals on
        s.rng = self.rng
        s.decks = self.decks
        s.log = None
        s.deal_next = False
        s.round_over = self.round_over
        s.last_gain = self.last_gain
        s.rules = self.rules
        return s

    # ------------------------------------------------------------ rounds
    def _deck(self) -> list[int]:
        if self.round <= len(self.decks):
            return list(self.decks[self.round - 1])
        deck = list(range(NUM_CARDS))
        while True:
            self.rng.shuffle(deck)
            month = four_on_table(deck)
            if month is None:
                return deck
            if self.log is not None:
                self.log.append(({"type": "redeal", "month": month + 1}, None, None))

    def new_round(self) -> None:
        """Deal: 8 cards to each hand, 8 face up on the table, the rest is the stock."""
        deck = self._deck()
        self.hands = [mask_of(deck[:HAND_SIZE]), mask_of(deck[HAND_SIZE:2 * HAND_SIZE])]
        table_cards = deck[2 * HAND_SIZE:2 * HAND_SIZE + TABLE_SIZE]
        self.table = mask_of(table_cards)
        self.stock = deck[2 * HAND_SIZE + TABLE_SIZE:][::-1]  # top card last
        self.captured = [0, 0]
        self.koikoi = [0, 0]
        self.koikoi_at: list[int | None] = [None, None]
        self.drawn: int | None = None
        self.to_move = self.dealer
        self.phase = PLAY
        self.round_over = False
        if self.log is not None:
            self.log.append(({"type": "round", "round": self.round, "dealer": self.dealer,
                              "table": sorted(table_cards)}, None, None))
            for seat in (0, 1):
                self.log.append(({"type": "deal", "seat": seat, "count": HAND_SIZE}, seat,
                                 {"cards": cards_in(self.hands[seat])}))
        if self.rules.teshi:
            self.check_dealt_hands()

    def check_dealt_hands(self) -> None:
        """House rule `teshi`: a dealt hand of four of a month (teshi) or four pairs
        (kuttsuki) is shown and wins the round at once with TESHI_POINTS; when both
        hands are such, the round is drawn."""
        found = [dealt_hand_yaku(self.hands[seat]) for seat in (0, 1)]
        if found == [None, None]:
            return
        for seat in (0, 1):
            if found[seat] is not None and self.log is not None:
                name, cards = found[seat]  # type: ignore[misc]
                self.log.append(({"type": "teshi", "seat": seat, "name": name, "points": TESHI_POINTS,
                                  "cards": cards_in(cards), "hand": cards_in(self.hands[seat])}, None, None))
        if None not in found:
            self.finish_round(None, "teshi_both")
            return
        seat = 0 if found[0] is not None else 1
        name, cards = found[seat]  # type: ignore[misc]
        self.finish_round(seat, name, dealt=(name, cards))

    def finish_round(self, winner: int | None, reason: str, dealt: tuple[str, int] | None = None) -> None:
        """Score the round (the winner's yaku with doublings), then deal the next or end.
        `dealt` is a winning dealt hand (house rule `teshi`): its name and cards."""
        record: dict[str, Any] = {"round": self.round, "dealer": self.dealer, "winner": winner, "reason": reason,
                                  "yaku": [], "base": 0, "seven_plus": False, "opponent_koikoi": False,
                                  "multiplier": 1, "points": 0, "koikoi": self.koikoi[:]}
        if winner is not None:
            base = TESHI_POINTS if dealt else points(self.captured[winner], self.rules)
            called = self.koikoi[1 - winner] > 0
            multiplier, gained = round_points(base, called)
            record.update(base=base, seven_plus=base >= 7, opponent_koikoi=called,
                          multiplier=multiplier, points=gained)
            if self.deal_next:  # the game's own record; playouts skip building it
                record["yaku"] = ([{"name": dealt[0], "points": TESHI_POINTS, "cards": cards_in(dealt[1])}]
                                  if dealt else score_mask(self.captured[winner], self.rules))
            self.scores[winner] += gained
            self.dealer = winner  # the winner deals next; a draw keeps the dealer
            self.last_gain = gained if winner == 0 else -gained
        else:
            self.last_gain = 0
        record["scores"] = self.scores[:]
        self.round_over = True
        self.drawn = None
        if not self.deal_next:
            return
        # The table as the round ended (all of it public): the board shows it with the summary,
        # before the next deal. captured_yaku: each side's yaku then, the loser's included.
        record.update(captured=[group_by_kind(c) for c in self.captured], table=cards_in(self.table),
                      stock=len(self.stock), captured_yaku=[score_mask(c, self.rules) for c in self.captured])
        self.summaries.append(record)
        if self.log is not None:
            self.log.append(({"type": "round_end", **record}, None, None))
        if self.round >= self.rounds:
            self.phase = OVER
            if self.log is not None:
                self.log.append(({"type": "game_over", "winner": self.winner, "scores": self.scores[:]}, None, None))
            return
        self.round += 1
        self.new_round()

    @property
    def winner(self) -> int | None:
        if self.phase != OVER or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    # ------------------------------------------------------------ moves
    def _capture(self, seat: int, cards: int) -> None:
        self.table &= ~cards
        self.captured[seat] |= cards

    def do_play(self, card: int, take: int | None = None) -> None:
        """Play a hand card: capture its month's table card(s), or leave it on the table."""
        p = self.to_move
        bit = 1 << card
        self.hands[p] &= ~bit
        matches = self.table & MONTH_MASKS[card >> 2]
        n = matches.bit_count()
        if n == 0:
            took = 0
            self.table |= bit
        elif n == 2:
            took = 1 << take  # type: ignore[operator]
            self._capture(p, bit | took)
        else:  # one match, or three: the fourth card takes all of them
            took = matches
            self._capture(p, bit | took)
        if self.log is not None:
            self.log.append(({"type": "play", "seat": p, "card": card, "took": cards_in(took)}, None, None))
        self.draw_stock()

    def draw_stock(self) -> None:
        """Turn the top stock card and handle it like a played card; two matches ask the mover."""
        p = self.to_move
        card = self.stock.pop()
        bit = 1 << card
        matches = self.table & MONTH_MASKS[card >> 2]
        n = matches.bit_count()
        if n == 2:
            self.drawn = card
            self.phase = TAKE
            if self.log is not None:
                self.log.append(({"type": "draw", "seat": p, "card": card, "took": None,
                                  "choices": cards_in(matches)}, None, None))
            return
        if n == 0:
            self.table |= bit
        else:
            self._capture(p, bit | matches)
        if self.log is not None:
            self.log.append(({"type": "draw", "seat": p, "card": card, "took": cards_in(matches)}, None, None))
        self.end_turn()

    def do_take(self, card: int) -> None:
        """The mover picks which of two table cards the turned stock card takes."""
        p = self.to_move
        drawn = self.drawn
        self._capture(p, (1 << drawn) | (1 << card))  # type: ignore[operator]
        self.drawn = None
        if self.log is not None:
            self.log.append(({"type": "take", "seat": p, "card": drawn, "took": [card]}, None, None))
        self.end_turn()

    def end_turn(self) -> None:
        """A new or higher yaku asks the mover (or ends the round with no hand
        cards left); otherwise the turn passes, or the round is drawn when both
        hands are empty."""
        p = self.to_move
        now = points(self.captured[p], self.rules)
        if now > (self.koikoi_at[p] or 0):
            if self.hands[p] == 0 or (self.koikoi[p] and self.rules.koikoi_once):
                # No cards left, or (house rule) koi-koi already called once: stop.
                reason = "auto_shobu" if self.hands[p] == 0 else "koikoi_once"
                if self.log is not None:
                    entry = {"type": "shobu", "seat": p, "auto": True, "points": now}
                    if reason == "koikoi_once":
                        entry["once"] = True
                    self.log.append((entry, None, None))
                self.finish_round(p, reason)
            else:
                self.phase = KOIKOI
                if self.log is not None:
                    self.log.append(({"type": "yaku", "seat": p, "points": now,
                                      "yaku": score_mask(self.captured[p], self.rules)}, None, None))
            return
        self.next_turn()

    def next_turn(self) -> None:
        other = 1 - self.to_move
        if self.hands[other] == 0:
            if self.log is not None:
                self.log.append(({"type": "exhausted"}, None, None))
            self.finish_round(None, "draw")
            return
        self.to_move = other
        self.phase = PLAY

    def do_koikoi(self) -> None:
        p = self.to_move
        self.koikoi[p] += 1
        self.koikoi_at[p] = points(self.captured[p], self.rules)
        if self.log is not None:
            self.log.append(({"type": "koikoi", "seat": p, "count": self.koikoi[p],
                              "points": self.koikoi_at[p]}, None, None))
        self.next_turn()

    def do_shobu(self) -> None:
        p = self.to_move
        if self.log is not None:
            self.log.append(({"type": "shobu", "seat": p, "auto": False,
                              "points": points(self.captured[p], self.rules)}, None, None))
        self.finish_round(p, "shobu")

    def play(self, action: dict[str, Any]) -> None:
        """Apply a canonical action without checking it (the fast path)."""
        kind = action["type"]
        if kind == "play":
            self.do_play(action["card"], action.get("take"))
        elif kind == "take":
            self.do_take(action["card"])
        elif kind == "koikoi":
            self.do_koikoi()
        elif kind == "shobu":
            self.do_shobu()
        else:  # pragma: no cover - callers pass legal actions only
            raise ValueError(f"unknown action type {kind!r}")

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def decider(self) -> int | None:
        return None if self.phase == OVER or self.round_over else self.to_move

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action of the mover, in a stable order: by card id, then by the card taken."""
        if self.phase == OVER or self.round_over:
            return []
        if self.phase == KOIKOI:
            return [{"type": "koikoi"}, {"type": "shobu"}]
        if self.phase == TAKE:
            return [{"type": "take", "card": c} for c in cards_in(self.table & MONTH_MASKS[self.drawn >> 2])]
        out: list[dict[str, Any]] = []
        table = self.table
        for card in cards_in(self.hands[self.to_move]):
            matches = table & MONTH_MASKS[card >> 2]
            if matches.bit_count() == 2:
                out.extend({"type": "play", "card": card, "take": t} for t in cards_in(matches))
            else:
                out.append({"type": "play", "card": card})
        return out

    def card_total(self) -> int:
        """Cards in every zone together; always 48 (a test checks it)."""
        zones = [self.hands[0], self.hands[1], self.table, self.captured[0], self.captured[1]]
        total = sum(z.bit_count() for z in zones) + len(self.stock) + (self.drawn is not None)
        union = 0
        for z in zones:
            union |= z
        union |= mask_of(self.stock)
        if self.drawn is not None:
            union |= 1 << self.drawn
        return total if union.bit_count() == total else -1


def _card(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("card must be an integer id")
    return value


def normalize_action(action: Any) -> dict[str, Any]:
    """The canonical form of an action: exactly its fields, card ids as ints.

    Raises on a malformed action; the protocol's `apply` turns that into an
    IllegalActionError that quotes the input.
    """
    if not isinstance(action, dict):
        raise TypeError("action must be an object")
    kind = action["type"]
    if kind in ("koikoi", "shobu"):
        if set(action) != {"type"}:
            raise ValueError("unexpected fields")
        return {"type": kind}
    if kind == "take":
        if set(action) != {"type", "card"}:
            raise ValueError("unexpected fields")
        return {"type": kind, "card": _card(action["card"])}
    if kind == "play":
        if set(action) == {"type", "card"}:
            return {"type": kind, "card": _card(action["card"])}
        if set(action) == {"type", "card", "take"}:
            return {"type": kind, "card": _card(action["card"]), "take": _card(action["take"])}
        raise ValueError("unexpected fields")
    raise ValueError("unknown action type")
