"""Hanamikoji AI: three levels that see only the observation.

- easy: the normal evaluation with a lot of noise on its own actions, but it
  always takes the best card or pair offered to it (the obvious sense).
- normal: greedy one-ply. Every legal action is scored by a static estimate of
  the round's outcome; for a gift or competition it assumes the opponent
  takes what hurts us most.
- hard: determinization. It samples worlds consistent with the observation
  (the opponent's hand and face-down cards, the removed card and the draw
  pile dealt at random), takes normal's best few candidates, and plays each out
  to the end of the round in every world with a quick, sensible playout
  policy; the candidate with the best mean outcome wins. The world and playout
  budget is fixed, not timed, so a seed and an observation give one answer.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..errors import EngineError
from ..protocol import Action, Bot, Observation
from .cards import ACTION_SIZES, ACTION_TYPES, GEISHA_VALUES, NUM_GEISHAS, counts_of
from .rules import ACTION, OVER, PICK_GIFT, PICK_PAIR, State
from .view import unseen_cards, world_from_observation

# Weight of a geisha in the estimate: her charm plus a bonus, because the
# number of geishas is a win condition of its own.
WEIGHTS: tuple[float, ...] = tuple(v + 1.0 for v in GEISHA_VALUES)
MAJORITY: tuple[int, ...] = tuple(v // 2 + 1 for v in GEISHA_VALUES)  # items that lock a geisha
# Cards each marker sends to the player's own side and to the opponent's side.
TO_SELF = {"secret": 1, "tradeoff": 0, "gift": 2, "competition": 2}
TO_OTHER = {"secret": 0, "tradeoff": 0, "gift": 1, "competition": 2}
FAVOUR_BIAS = 0.35  # a tie keeps the marker where it is, so holding it is worth a little


def shares(used: dict[str, bool] | list[bool]) -> tuple[float, float]:
    """Of the cards a player will still play, the expected fraction that lands on
    their own side and on the opponent's, given their unused markers."""
    flags = [used[k] for k in ACTION_TYPES] if isinstance(used, dict) else used
    need = own = other = 0
    for kind, done in zip(ACTION_TYPES, flags):
        if not done:
            need += ACTION_SIZES[kind]
            own += TO_SELF[kind]
            other += TO_OTHER[kind]
    return (own / need, other / need) if need else (0.0, 0.0)


class Estimate:
    """The static evaluation of a round from one seat, built from what that seat knows.

    `value(mine, opp, hand)` is a weighted sum over geishas of a number in
    [-1, 1]: 1 when her majority is ours for sure, -1 when it is lost, and a
    soft sign of the expected item difference otherwise. Expected future items
    come from our hand (by the share our unused markers send to each side) and
    from unseen cards (by where they are likely to end up).
    """

    __slots__ = ("unseen", "favour", "hand_gain", "unseen_gain", "future_used")

    def __init__(self, unseen: list[int], favour: list[int], my_used: list[bool], opp_used: list[bool],
                 opp_hand: int, opp_secret: int, draw_pile: int, my_turn_next: bool) -> None:
        self.unseen = unseen
        self.favour = favour  # +1 ours, -1 theirs, 0 nobody's, per geisha
        own_m, other_m = shares(my_used)
        own_o, other_o = shares(opp_used)
        total = sum(unseen)
        # Draws left: the pile alternates, starting with whoever moves next.
        my_draws = (draw_pile + (1 if my_turn_next else 0)) // 2
        opp_draws = draw_pile - my_draws
        if total:
            to_opp = (opp_secret + (opp_hand + opp_draws) * own_o + my_draws * other_m) / total
            to_me = ((opp_hand + opp_draws) * other_o + my_draws * own_m) / total
        else:
            to_opp = to_me = 0.0
        self.hand_gain = own_m - other_m
        self.unseen_gain = to_me - to_opp
        self.future_used = my_used

    def value(self, mine: list[int], opp: list[int], hand: list[int], hand_gain: float | None = None) -> float:
        gain = self.hand_gain if hand_gain is None else hand_gain
        unseen, favour, ugain = self.unseen, self.favour, self.unseen_gain
        total = 0.0
        for g in range(NUM_GEISHAS):
            m, o = mine[g], opp[g]
            maj = MAJORITY[g]
            if m >= maj or m > o + unseen[g] + hand[g]:
                total += WEIGHTS[g]
            elif o >= maj or o > m + unseen[g] + hand[g]:
                total -= WEIGHTS[g]
            else:
                d = m - o + gain * hand[g] + ugain * unseen[g] + FAVOUR_BIAS * favour[g]
                total += WEIGHTS[g] * d / (abs(d) + 1.0)
        return total


def _sub(counts: list[int], cards: list[int]) -> list[int]:
    out = counts[:]
    for g in cards:
        out[g] -= 1
    return out


def _add(counts: list[int], cards: list[int]) -> list[int]:
    out = counts[:]
    for g in cards:
        out[g] += 1
    return out


def score_actions(view: Observation) -> list[float]:
    """Normal's score of every legal action in the view (higher is better for the viewer)."""
    me, opp = view["players"]
    legal = view["legal_actions"]
    mine = me["items"][:]
    if me["secret"] is not None:
        mine[me["secret"]] += 1
    theirs = opp["items"]
    hand = counts_of(view["hand"])
    favour = [0 if g["favour"] is None else (1 if g["favour"] == 0 else -1) for g in view["geishas"]]
    my_used = [me["used"][k] for k in ACTION_TYPES]
    opp_used = [opp["used"][k] for k in ACTION_TYPES]
    opp_secret = 1 if opp["used"]["secret"] else 0
    unseen = counts_of(unseen_cards(view))
    phase = view["phase"]
    offer = view["offer"]
    if phase != ACTION:
        # We pick from the opponent's offer; afterwards it is our turn.
        est = Estimate(unseen, favour, my_used, opp_used, opp["hand_size"], opp_secret, view["draw_pile"], True)
        scores = []
        for action in legal:
            if phase == PICK_GIFT:
                rest = list(offer["cards"])
                rest.remove(action["card"])
                take = [action["card"]]
            else:
                take = offer["pairs"][action["pair"]]
                rest = offer["pairs"][1 - action["pair"]]
            scores.append(est.value(_add(mine, take), _add(theirs, rest), hand))
        return scores
    scores = []
    cache: dict[tuple[bool, ...], Estimate] = {}
    for action in legal:
        kind = action["type"]
        index = ACTION_TYPES.index(kind)
        after_used = my_used[:]
        after_used[index] = True
        key = tuple(after_used)
        est = cache.get(key)
        if est is None:
            est = cache[key] = Estimate(unseen, favour, after_used, opp_used, opp["hand_size"], opp_secret,
                                        view["draw_pile"], False)
        if kind == "secret":
            scores.append(est.value(_add(mine, action["cards"]), theirs, _sub(hand, action["cards"])))
        elif kind == "tradeoff":
            scores.append(est.value(mine, theirs, _sub(hand, action["cards"])))
        elif kind == "gift":
            cards = action["cards"]
            left = _sub(hand, cards)
            worst = None
            for i in range(3):
                if i and cards[i] == cards[i - 1]:
                    continue
                rest = cards[:i] + cards[i + 1:]
                v = est.value(_add(mine, rest), _add(theirs, [cards[i]]), left)
                worst = v if worst is None or v < worst else worst
            scores.append(worst)
        else:
            a, b = action["pairs"]
            left = _sub(_sub(hand, a), b)
            scores.append(min(est.value(_add(mine, b), _add(theirs, a), left),
                              est.value(_add(mine, a), _add(theirs, b), left)))
    return scores


# ------------------------------------------------------------------ playouts
def _contest(s: State, p: int, g: int) -> float:
    """How much one more item of geisha g is worth to seat p right now (playout policy)."""
    m, o = s.items[p][g], s.items[1 - p][g]
    if m >= MAJORITY[g] or o >= MAJORITY[g]:
        return 0.05 * WEIGHTS[g]
    d = m - o
    return WEIGHTS[g] * (1.0 if -1 <= d <= 1 else 0.4)


def _ranked_hand(s: State, p: int, rng: random.Random) -> list[int]:
    """The mover's hand as a card list, most wanted first (a little noise breaks ties)."""
    hand = s.hands[p]
    keyed = [(_contest(s, p, g) + rng.random() * 0.5, g) for g in range(NUM_GEISHAS) for _ in range(hand[g])]
    keyed.sort(reverse=True)
    return [g for _, g in keyed]


def playout_step(s: State, rng: random.Random) -> None:
    """One decision by a quick, sensible policy that may look at the whole world."""
    phase = s.phase
    if phase == PICK_GIFT:
        picker = 1 - s.to_move
        best = max(set(s.offer["cards"]), key=lambda g: _contest(s, picker, g) + rng.random() * 0.1)
        s.do_pick_gift(best)
        return
    if phase == PICK_PAIR:
        picker = 1 - s.to_move
        pairs = s.offer["pairs"]
        values = [sum(_contest(s, picker, g) for g in pair) for pair in pairs]
        s.do_pick_pair(0 if values[0] >= values[1] else 1)
        return
    p = s.to_move
    free = [i for i in range(4) if not s.used[p][i]]
    kind = free[0] if len(free) == 1 else rng.choice(free)
    ranked = _ranked_hand(s, p, rng)
    if kind == 0:
        s.do_secret(ranked[0])
    elif kind == 1:
        s.do_tradeoff(sorted(ranked[-2:]))
    elif kind == 2:
        # Offer one wanted card with two others: whatever is taken, we keep something.
        picks = [ranked[0]] + rng.sample(ranked[1:], 2)
        s.do_gift(sorted(picks))
    else:
        cards = ranked[:4] if len(ranked) <= 4 else [ranked[0], ranked[1]] + rng.sample(ranked[2:], 2)
        # Split the two wanted cards across the pairs.
        s.do_competition(sorted([sorted([cards[0], cards[2]]), sorted([cards[1], cards[3]])]))


def leaf_value(s: State, me: int) -> float:
    """Value of a position reached at the end of a round, for seat `me`, in [-1, 1]."""
    if s.phase == OVER:
        return 0.0 if s.winner is None else (1.0 if s.winner == me else -1.0)
    charm, geishas = s.totals()
    v = 0.6 * (charm[me] - charm[1 - me]) / 11.0 + 0.4 * (geishas[me] - geishas[1 - me]) / 4.0
    return max(-0.9, min(0.9, v))


def playout(s: State, me: int, rng: random.Random) -> float:
    """Play the world to the end of the current round and value the outcome."""
    start_round = s.round
    while s.phase != OVER and s.round == start_round:
        playout_step(s, rng)
    return leaf_value(s, me)


class HanamikojiBot(Bot):
    """The three levels; budgets are fixed counts so a seed gives reproducible play."""

    game = "hanamikoji"
    EASY_NOISE = 6.0
    HARD_CANDIDATES = 16
    HARD_WORLDS = 120

    def choose(self, observation: Observation) -> Action:
        legal = observation.get("legal_actions") or []
        if not legal:
            raise EngineError("hanamikoji bot asked to choose with no legal actions in the observation")
        if len(legal) == 1:
            return copy.deepcopy(legal[0])
        scores = score_actions(observation)
        if self.level == "easy":
            if observation["phase"] == ACTION:
                scores = [v + self.rng.gauss(0.0, self.EASY_NOISE) for v in scores]
            return copy.deepcopy(legal[max(range(len(legal)), key=scores.__getitem__)])
        if self.level == "normal":
            return copy.deepcopy(legal[max(range(len(legal)), key=scores.__getitem__)])
        return copy.deepcopy(self._search(observation, legal, scores))

    def _search(self, view: Observation, legal: list[Action], scores: list[float]) -> Action:
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        candidates = order[: self.HARD_CANDIDATES]
        totals = [0.0] * len(candidates)
        for _ in range(self.HARD_WORLDS):
            world = world_from_observation(view, self.rng)
            # The same playout seed for every candidate in a world: their
            # differences then come from the candidates, not from luck.
            playout_seed = self.rng.getrandbits(32)
            for slot, index in enumerate(candidates):
                s = world.copy(random.Random(playout_seed))
                s.play(legal[index])
                totals[slot] += playout(s, 0, s.rng)
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        return legal[candidates[best]]
