"""A learned playout policy for Hanamikoji (issue 30), read from policy.json.

The search plays thousands of imagined rounds per decision, so the policy
is factored to stay cheap in pure Python:

- which marker: a softmax over the mover's unused markers, logits linear in
  a few features of the position (`kind_features`);
- which cards: each kind scores every card of the hand by a linear function
  of that card's features (`card_features`), and the marker takes the cards
  it scores highest: a secret keeps the top card, a trade-off throws away
  the top two (its score is a card's worth to throw away), a gift offers the
  top three, a competition the top four, split by a learned preference
  between the three ways to pair them;
- a pick: the picker takes the card (pair) that scores highest for it.

Gumbel noise added to the scores makes the choices random as the fitted
model is: a single card or pair is drawn exactly by the model's softmax, a
set of cards (the top ones after the noise) approximately.
Every feature comes from what the mover sees: its hand, the items on both
sides, the favour markers and the markers used. The weights are fitted by
`train/hanamikoji.py fit` to the expert's own choices in self-play; the file
names the script's version, the sha256 of the data it was fitted on and the
sha256 of the weights themselves (`Policy.digest`).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from typing import Any

from .cards import GEISHA_VALUES, NUM_GEISHAS

MAJORITY: tuple[int, ...] = tuple(v // 2 + 1 for v in GEISHA_VALUES)
# The scored choices: four markers by kind, then the two picks.
CARD_KINDS: tuple[str, ...] = ("secret", "tradeoff", "gift", "competition", "pick")
POLICY_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.json")


def card_features(g: int, m: int, o: int, h: int, fav: int, left: int) -> list[float]:
    """One card of geisha g for a mover holding m of her items against o,
    h of her cards in hand, her favour marker fav (+1 ours, -1 theirs, 0
    nobody's), and `left` of its own markers still to play."""
    v = GEISHA_VALUES[g]
    maj = MAJORITY[g]
    d = m - o
    won = m >= maj
    lost = o >= maj
    open_ = not won and not lost
    return [
        v / 5.0,
        1.0 if won else 0.0,
        1.0 if lost else 0.0,
        1.0 if open_ and d == 0 else 0.0,
        1.0 if open_ and d == 1 else 0.0,
        1.0 if open_ and d == -1 else 0.0,
        1.0 if open_ and d >= 2 else 0.0,
        1.0 if open_ and d <= -2 else 0.0,
        (v / 5.0) if open_ and -1 <= d <= 1 else 0.0,
        min(h, 3) / 3.0,
        1.0 if h >= 2 else 0.0,
        (min(h, 3) / 3.0) * (v / 5.0),
        float(fav),
        1.0 if open_ and fav == 1 else 0.0,
        1.0 if open_ and fav == -1 else 0.0,
        left / 4.0,
        (left / 4.0) * (1.0 if open_ and -1 <= d <= 1 else 0.0),
    ]


CARD_FEATURES = len(card_features(0, 0, 0, 1, 0, 4))


def kind_features(used: list[bool], opp_used: list[bool], hand: list[int]) -> list[float]:
    """The mover's markers used (its own and the opponent's) and the shape of its hand."""
    n = sum(hand)
    pairs = sum(1 for c in hand if c >= 2)
    distinct = sum(1 for c in hand if c)
    return [1.0] + [1.0 if u else 0.0 for u in used] + [1.0 if u else 0.0 for u in opp_used] + [
        n / 7.0, pairs / 3.0, distinct / 7.0]


KIND_FEATURES = len(kind_features([False] * 4, [False] * 4, [1] * 6 + [0]))
# Splitting four cards a, b, c, d (best first) into two pairs: (ab|cd), (ac|bd), (ad|bc).
SPLITS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


class Policy:
    """The weights, as plain lists; `card`, `kind` and `split` score choices."""

    __slots__ = ("card", "kind", "split", "meta")

    def __init__(self, data: dict[str, Any]) -> None:
        self.card: dict[str, list[float]] = {k: [float(x) for x in data["card"][k]] for k in CARD_KINDS}
        self.kind: list[list[float]] = [[float(x) for x in row] for row in data["kind"]]
        self.split: list[float] = [float(x) for x in data["split"]]
        self.meta: dict[str, Any] = dict(data.get("meta", {}))
        for k in CARD_KINDS:
            if len(self.card[k]) != CARD_FEATURES:
                raise ValueError(f"policy: card weights for {k} have {len(self.card[k])} entries, "
                                 f"expected {CARD_FEATURES}")
        if len(self.kind) != 4 or any(len(row) != KIND_FEATURES for row in self.kind):
            raise ValueError(f"policy: kind weights must be 4 rows of {KIND_FEATURES}")
        if len(self.split) != 3:
            raise ValueError("policy: split weights must hold 3 entries")

    def to_json(self) -> dict[str, Any]:
        return {"meta": self.meta, "card": self.card, "kind": self.kind, "split": self.split}

    def digest(self) -> str:
        """sha256 of the weights alone (canonical JSON), as the file's meta records it."""
        weights = {"card": self.card, "kind": self.kind, "split": self.split}
        return hashlib.sha256(json.dumps(weights, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def card_scores(self, kind: str, mine: list[int], theirs: list[int], hand: list[int],
                    favour: list[int], left: int) -> list[float]:
        """The score of one card of each geisha for `kind` (every geisha, held or not)."""
        w = self.card[kind]
        out = []
        for g in range(NUM_GEISHAS):
            f = card_features(g, mine[g], theirs[g], hand[g], favour[g], left)
            out.append(sum(a * b for a, b in zip(w, f)))
        return out

    def kind_logits(self, used: list[bool], opp_used: list[bool], hand: list[int]) -> list[float]:
        f = kind_features(used, opp_used, hand)
        return [sum(a * b for a, b in zip(row, f)) for row in self.kind]


_LOADED: dict[str, Policy] = {}


def load_policy(path: str = POLICY_FILE) -> Policy:
    """The shipped policy, read once (lazily: only the levels that use it ask)."""
    policy = _LOADED.get(path)
    if policy is None:
        with open(path, encoding="utf-8") as fh:
            policy = _LOADED[path] = Policy(json.load(fh))
    return policy


# ------------------------------------------------------------------ the rollout
GUMBEL_STEPS = 1024
# Gumbel noise by table: GUMBEL[int(u * GUMBEL_STEPS)] for a uniform u. Adding
# it to the scores and taking the top one draws from their softmax.
GUMBEL: tuple[float, ...] = tuple(-math.log(-math.log((i + 0.5) / GUMBEL_STEPS)) for i in range(GUMBEL_STEPS))


def _cumulative(logits: list[float]) -> list[float]:
    top = max(logits)
    weights = [math.exp(x - top) for x in logits]
    total = sum(weights)
    acc, out = 0.0, []
    for w in weights:
        acc += w / total
        out.append(acc)
    out[-1] = 1.0
    return out


def _draw(cumulative: list[float], u: float) -> int:
    for i, c in enumerate(cumulative):
        if u < c:
            return i
    return len(cumulative) - 1


class Playout:
    """Plays the rest of a round with the policy, on bare lists (the search's hot loop).

    Card scores are cached by what they depend on (geisha, both sides' items,
    cards of her in hand, her favour, markers left), the marker choice by the
    markers used and the hand's shape: positions repeat a lot.
    """

    __slots__ = ("policy", "cards", "markers", "split")

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.cards: dict[tuple[int, ...], float] = {}
        self.markers: dict[tuple[Any, ...], tuple[list[int], list[float]]] = {}
        self.split = _cumulative(policy.split)

    def score(self, k: int, g: int, m: int, o: int, h: int, fav: int, left: int) -> float:
        """Kind k's score of one card of geisha g (k: 0-3 the markers, 4 a pick)."""
        key = (k, g, m, o, h if h < 3 else 3, fav, left)
        v = self.cards.get(key)
        if v is None:
            w = self.policy.card[CARD_KINDS[k]]
            v = self.cards[key] = sum(a * b for a, b in zip(w, card_features(g, m, o, h, fav, left)))
        return v

    def marker(self, used: list[bool], opp_used: list[bool], hand: list[int], u: float) -> int:
        """A free marker drawn from the fitted softmax by the uniform number u."""
        key = (tuple(used), tuple(opp_used), sum(hand), sum(1 for c in hand if c >= 2),
               sum(1 for c in hand if c))
        entry = self.markers.get(key)
        if entry is None:
            free = [i for i in range(4) if not used[i]]
            logits = self.policy.kind_logits(used, opp_used, hand)
            entry = self.markers[key] = (free, _cumulative([logits[i] for i in free]))
        free, cumulative = entry
        return free[_draw(cumulative, u)]

    def run(self, s: Any, rand: Any, end: Any) -> float:
        """Play state `s` (consumed) to the end of its round; `end(s, items,
        secrets)` values the finished round. `rand()` gives numbers in [0, 1)."""
        hands, items, used, draw, favour = s.hands, s.items, s.used, s.draw, s.favour
        secrets = s.secrets[:]
        p = s.to_move
        left_all = 8 - sum(used[0]) - sum(used[1])
        score = self.score
        cache = self.cards
        gumbel = GUMBEL
        steps = GUMBEL_STEPS

        # Favour does not move within a round: each seat's view of it, once.
        favs = ([0 if f is None else (1 if f == 0 else -1) for f in favour],
                [0 if f is None else (1 if f == 1 else -1) for f in favour])

        def seen(q: int) -> tuple[list[int], list[int], list[int], int]:
            mine = items[q]
            secret = secrets[q]
            if secret is not None:
                mine = mine[:]
                mine[secret] += 1
            return mine, items[1 - q], favs[q], 4 - sum(used[q])

        def pick_gift(cards: list[int], giver: int) -> None:
            q = 1 - giver
            mine, theirs, fav, left = seen(q)
            hand = hands[q]
            best, top = cards[0], -1e9
            for g in set(cards):
                v = score(4, g, mine[g], theirs[g], hand[g], fav[g], left) + gumbel[int(rand() * steps)]
                if v > top:
                    best, top = g, v
            items[q][best] += 1
            rest = list(cards)
            rest.remove(best)
            for g in rest:
                items[giver][g] += 1

        def pick_pair(pairs: list[list[int]], giver: int) -> None:
            q = 1 - giver
            mine, theirs, fav, left = seen(q)
            hand = hands[q]
            (a, b), (c, d) = pairs
            v0 = (score(4, a, mine[a], theirs[a], hand[a], fav[a], left)
                  + score(4, b, mine[b], theirs[b], hand[b], fav[b], left) + gumbel[int(rand() * steps)])
            v1 = (score(4, c, mine[c], theirs[c], hand[c], fav[c], left)
                  + score(4, d, mine[d], theirs[d], hand[d], fav[d], left) + gumbel[int(rand() * steps)])
            take = 0 if v0 >= v1 else 1
            for g in pairs[take]:
                items[q][g] += 1
            for g in pairs[1 - take]:
                items[giver][g] += 1

        phase = s.phase
        if phase == "pick_gift":
            pick_gift(s.offer["cards"], p)
        elif phase == "pick_pair":
            pick_pair(s.offer["pairs"], p)
        if phase != "action":
            if left_all == 0:
                return end(s, items, secrets)
            p = 1 - p
            hands[p][draw.pop()] += 1
        split = self.split
        while True:
            hand = hands[p]
            mine_used = used[p]
            kind = self.marker(mine_used, used[1 - p], hand, rand())
            mine, theirs, fav, left = seen(p)
            keyed = []
            for g in range(NUM_GEISHAS):
                c = hand[g]
                if c:
                    key = (kind, g, mine[g], theirs[g], c if c < 3 else 3, fav[g], left)
                    base = cache.get(key)
                    if base is None:
                        base = score(kind, g, mine[g], theirs[g], c, fav[g], left)
                    keyed.append((base + gumbel[int(rand() * steps)], g))
                    if c > 1:
                        keyed.append((base + gumbel[int(rand() * steps)], g))
                        if c > 2:
                            for _ in range(c - 2):
                                keyed.append((base + gumbel[int(rand() * steps)], g))
            keyed.sort(reverse=True)
            mine_used[kind] = True
            if kind == 0:
                g = keyed[0][1]
                secrets[p] = g
                hand[g] -= 1
            elif kind == 1:
                hand[keyed[0][1]] -= 1
                hand[keyed[1][1]] -= 1
            elif kind == 2:
                cards = [keyed[0][1], keyed[1][1], keyed[2][1]]
                for g in cards:
                    hand[g] -= 1
                pick_gift(cards, p)
            else:
                four = [keyed[0][1], keyed[1][1], keyed[2][1], keyed[3][1]]
                for g in four:
                    hand[g] -= 1
                (a, b), (c, d) = SPLITS[_draw(split, rand())]
                pick_pair([[four[a], four[b]], [four[c], four[d]]], p)
            left_all -= 1
            if left_all == 0:
                return end(s, items, secrets)
            p = 1 - p
            hands[p][draw.pop()] += 1
