"""What the opponent's own plays say about its hand, read with the learned policy (issue 30).

The search samples worlds: the cards it cannot see dealt at random into the
opponent's hand and the stock. But the opponent chose each card it played
this round from the hand it held then, and that hand is the one a world
deals it now plus the cards it has played since. `Belief` replays the
round from the public log and weighs a world's opponent hand by how likely
the learned policy (koikoi_policy.py, fitted to a search's choices) finds the
plays the opponent made, had it held that hand: a hand from which the
policy would rather have captured a bright than throw away a chaff it
actually threw away weighs little. `believed_worlds` draws a pool of
worlds and keeps a sample of them in proportion to those weights.

It reads only the observation: the opponent's plays, the table and piles
as they were are public; its hand is whatever each sampled world says.
Not shipped (measured no stronger: bench/README.md, "Koi-Koi"); the bench's `learned`
expert uses it (koikoi_learned.py).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from pygame_core.koikoi.cards import mask_of
from pygame_core.koikoi.yaku import HouseRules
from pygame_core.protocol import Observation
from train.koikoi_policy import Playout

if TYPE_CHECKING:
    from pygame_core.koikoi.rules import State

# One play of the opponent: (card, table card taken of two or None, table before it,
# its pile before it, our pile before it, hand cards it played after it this round).
Play = tuple[int, "int | None", int, int, int, int]


def opponent_plays(view: Observation) -> list[Play]:
    """The opponent's hand plays in this round, replayed from the public log."""
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e["type"] == "round"), default=None)
    if start is None:
        return []
    table = mask_of(log[start]["table"])
    piles = [0, 0]
    plays: list[list] = []
    for entry in log[start + 1:]:
        kind = entry["type"]
        seat = entry.get("seat")
        if kind == "play":
            card = entry["card"]
            took = mask_of(entry["took"])
            if seat == 1:
                take = entry["took"][0] if len(entry["took"]) == 1 and _pair_on(table, card) else None
                for earlier in plays:
                    earlier[5] |= 1 << card
                plays.append([card, take, table, piles[1], piles[0], 0])
            if took:
                table &= ~took
                piles[seat] |= took | (1 << card)
            else:
                table |= 1 << card
        elif kind == "draw":
            if entry["took"] is None:
                continue  # a choice of two: the `take` entry follows
            took = mask_of(entry["took"])
            if took:
                table &= ~took
                piles[seat] |= took | (1 << entry["card"])
            else:
                table |= 1 << entry["card"]
        elif kind == "take":
            took = mask_of(entry["took"])
            table &= ~took
            piles[seat] |= took | (1 << entry["card"])
    return [tuple(p) for p in plays]  # type: ignore[misc]


def _pair_on(table: int, card: int) -> bool:
    """Two cards of the card's month on the table: the play chose one of them."""
    return (table & (0b1111 << (4 * (card >> 2)))).bit_count() == 2


class Belief:
    """The likelihood of the opponent's plays this round, given a hand it holds now."""

    def __init__(self, view: Observation, playout: Playout, rules: HouseRules, power: float = 1.0) -> None:
        self.plays = opponent_plays(view)
        self.playout = playout
        self.rules = rules
        self.power = power
        self._memo: dict[int, float] = {}

    def weight(self, hand: int) -> float:
        """How likely, up to a constant, the policy finds the plays made from `hand`
        (the opponent's hand now) and the cards played since (raised to `power`)."""
        got = self._memo.get(hand)
        if got is not None:
            return got
        log_p = 0.0
        scores = self.playout.play_scores
        for card, take, table, theirs, ours, later in self.plays:
            held = hand | later | (1 << card)
            scored = scores(held, table, theirs, ours, self.rules)
            top = max(v for v, _, _ in scored)
            total = 0.0
            mine = top
            for v, c, t in scored:
                total += math.exp(v - top)
                if c == card and t == take:
                    mine = v
            log_p += mine - top - math.log(total)
        got = self._memo[hand] = math.exp(self.power * log_p)
        return got


def believed_worlds(deal, belief: Belief, rng: random.Random, n: int, pool: int) -> list["State"]:
    """`n` worlds drawn from `pool` dealt ones in proportion to their weights (systematic
    resampling: one random offset, so a world of weight share w is kept about n*w times)."""
    worlds = [deal(rng) for _ in range(pool)]
    if not belief.plays:
        return worlds[:n]
    weights = [belief.weight(w.hands[1]) for w in worlds]
    total = sum(weights)
    if total <= 0.0:
        return worlds[:n]
    step = total / n
    at = rng.random() * step
    out = []
    acc = 0.0
    for w, world in zip(weights, worlds):
        acc += w
        kept = 0
        while at < acc and len(out) < n:
            out.append(world.copy() if kept else world)  # a world kept twice is played twice
            kept += 1
            at += step
    while len(out) < n:  # rounding at the very end
        out.append(worlds[-1].copy())
    return out
