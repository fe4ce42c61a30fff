"""Hanamikoji AI: four levels that see only the observation.

- easy: the normal evaluation with a lot of noise on its own actions, but it
  always takes the best card or pair offered to it (the obvious sense).
- normal: greedy one-ply. Every legal action is scored by a static estimate of
  the round's outcome; for a gift or competition it assumes the opponent
  takes what hurts us most.
- hard: determinization. It samples worlds consistent with the observation
  (the opponent's hand and face-down cards, the removed card and the draw
  pile dealt at random), takes normal's best 16 candidates and plays each out
  to the end of the round in each of 120 worlds with a quick playout policy;
  the candidate with the best mean outcome (the round's charm and geisha
  margin) wins.
- expert: a longer search (bench/README.md, "AI strength: Hanamikoji"). Successive halving over
  normal's best 16 candidates (16 x 80 worlds, then the best 6 x 240 more),
  on bare lists; the imagined rounds are played by a policy learned from
  the expert's own earlier choices (policy.py, issue 30: which marker, which
  cards, which pick), where it used the quick heuristic's random markers
  before (then with 120 and 360 worlds: `LEARNED_PLAYOUTS = False` plays
  that expert, the bench's 'expert0'); all candidates of a world share its
  random numbers; a gift or competition counts the opponent's best answer
  (every card or pair they could take is played out, the lowest mean
  stands); the end of a round is valued for the match: a win (11 charm, 4
  geishas, or the lead after the last round of a limited game) is 1, and
  otherwise `match_value` weighs where the favour markers stand going into
  the next round (a tied majority leaves a marker where it is).

Budgets are fixed counts, not timed, so a seed and an observation give one
answer.
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any, Callable

from ..errors import EngineError
from ..protocol import Action, Bot, Observation
from . import LEVELS
from .cards import ACTION_SIZES, ACTION_TYPES, GEISHA_VALUES, NUM_GEISHAS, WIN_CHARM, WIN_GEISHAS, counts_of
from .policy import Playout, load_policy
from .reasons import explain
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


# ------------------------------------------------------------------ the match-aware search
# How often each geisha's majority ends in a tie in a round (measured over 300
# normal-vs-normal games, 691 rounds): a tie leaves her favour marker where it
# was, which is what makes a marker worth holding for the next round.
TIE_RATE: tuple[float, ...] = (0.39, 0.39, 0.39, 0.16, 0.16, 0.26, 0.26)
_MATCH_CACHE: dict[tuple[Any, ...], float] = {}
NOISE = 97  # random numbers drawn per world for its playouts (reused cyclically)


def match_value(favour: tuple[int | None, ...], last: bool) -> float:
    """Expected match result for seat 0, in [-1, 1], before a round is played.

    Each geisha's next majority is modelled as independent: a tie with her
    TIE_RATE (the marker stays), else an even chance for each side. The game
    then ends as the rules say: 11 charm or 4 geishas win, and in the last
    round of a limited game the higher charm wins. A game that goes on after
    that round is valued by its charm and geisha lead, damped. Cached: there
    are at most 3^7 favour layouts.
    """
    key = (favour, last)
    value = _MATCH_CACHE.get(key)
    if value is not None:
        return value
    dist: dict[tuple[int, int, int, int], float] = {(0, 0, 0, 0): 1.0}
    for g in range(NUM_GEISHAS):
        v = GEISHA_VALUES[g]
        tie = TIE_RATE[g]
        split = (1.0 - tie) / 2.0
        outcome = [(0, split), (1, split)]
        owner = favour[g]
        if owner is not None:
            outcome.append((owner, tie))
        nxt: dict[tuple[int, int, int, int], float] = {}
        for (cm, co, gm, go), pr in dist.items():
            if owner is None:
                nxt[(cm, co, gm, go)] = nxt.get((cm, co, gm, go), 0.0) + pr * tie
            for side, q in outcome:
                k = (cm + v, co, gm + 1, go) if side == 0 else (cm, co + v, gm, go + 1)
                nxt[k] = nxt.get(k, 0.0) + pr * q
        dist = nxt
    value = 0.0
    for (cm, co, gm, go), pr in dist.items():
        mine = cm >= WIN_CHARM or gm >= WIN_GEISHAS
        theirs = co >= WIN_CHARM or go >= WIN_GEISHAS
        if mine or theirs:
            if mine and theirs:
                r = 0.0 if cm == co else (1.0 if cm > co else -1.0)
            else:
                r = 1.0 if mine else -1.0
        elif last:
            r = 0.0 if cm == co else (1.0 if cm > co else -1.0)
        else:
            r = 0.5 * max(-1.0, min(1.0, 0.6 * (cm - co) / 11.0 + 0.4 * (gm - go) / 4.0))
        value += pr * r
    _MATCH_CACHE[key] = value
    return value


def round_end_value(s: State, items: list[list[int]], secrets: list[int | None], match: bool = True) -> float:
    """Score the round a rollout finished (without dealing the next one) and
    value it for seat 0 in the match: exact when the game ends, else match_value."""
    favour = s.favour[:]
    mine, theirs = items
    s0, s1 = secrets
    for g in range(NUM_GEISHAS):
        a = mine[g] + (1 if s0 == g else 0)
        b = theirs[g] + (1 if s1 == g else 0)
        if a > b:
            favour[g] = 0
        elif b > a:
            favour[g] = 1
    cm = co = gm = go = 0
    for g in range(NUM_GEISHAS):
        side = favour[g]
        if side == 0:
            cm += GEISHA_VALUES[g]
            gm += 1
        elif side == 1:
            co += GEISHA_VALUES[g]
            go += 1
    won_m = cm >= WIN_CHARM or gm >= WIN_GEISHAS
    won_o = co >= WIN_CHARM or go >= WIN_GEISHAS
    if won_m or won_o:
        if won_m and won_o:
            return 0.0 if cm == co else (1.0 if cm > co else -1.0)
        return 1.0 if won_m else -1.0
    limit = s.round_limit
    if limit is not None and s.round >= limit:
        return 0.0 if cm == co else (1.0 if cm > co else -1.0)
    if not match:
        return max(-0.9, min(0.9, 0.6 * (cm - co) / 11.0 + 0.4 * (gm - go) / 4.0))
    return match_value(tuple(favour), limit is not None and s.round + 1 >= limit)


def state_value(s: State, match: bool = True) -> float:
    """Value for seat 0 of a state at a round boundary (the searched action ended the round)."""
    if s.phase == OVER:
        return 0.0 if s.winner is None else (1.0 if s.winner == 0 else -1.0)
    if not match:
        return leaf_value(s, 0)
    limit = s.round_limit
    return match_value(tuple(s.favour), limit is not None and s.round >= limit)


def _want(g: int, m: int, o: int) -> float:
    """The playout policy's worth of one more item of geisha g to a side holding
    m of her items against o: little once she is decided, most while close."""
    if m >= MAJORITY[g] or o >= MAJORITY[g]:
        return 0.05 * WEIGHTS[g]
    return WEIGHTS[g] * (1.0 if -1 <= m - o <= 1 else 0.4)


# WANT_TABLE[g][m][o] == _want(g, m, o): a table, as the playouts ask millions of times.
WANT_TABLE: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple(tuple(_want(g, m, o) for o in range(6)) for m in range(6)) for g in range(NUM_GEISHAS))


_CARDS: dict[tuple[int, ...], list[int]] = {}  # a hand's counts -> its cards, lowest geisha first


def _cards(hand: list[int]) -> list[int]:
    """The cards of a hand given by counts, in geisha order (cached: hands repeat)."""
    key = tuple(hand)
    cards = _CARDS.get(key)
    if cards is None:
        if len(_CARDS) > 50_000:
            _CARDS.clear()
        cards = _CARDS[key] = [g for g in range(NUM_GEISHAS) for _ in range(hand[g])]
    return cards


def rollout(s: State, rand: Callable[[], float], match: bool = True) -> float:
    """Play the rest of the round on bare lists (no action dicts, no log, no
    next deal) with the quick playout policy, and value the end for seat 0.

    `rand` gives the playout's random numbers in [0, 1). `s` is consumed: its
    hands, items and draw pile are changed in place. The policy: a random
    unused marker; cards ranked by how much one more item of their geisha is
    worth to the mover now (WANT_TABLE) plus noise; a secret keeps the best
    card, a trade-off drops the two worst, a gift or competition offers the
    best (two best) with random others; the picker takes what it wants most.
    """
    hands, items, used, draw = s.hands, s.items, s.used, s.draw
    secrets = s.secrets[:]
    p = s.to_move
    left = 8 - sum(used[0]) - sum(used[1])  # markers still to play this round
    table = WANT_TABLE

    def pick_gift(cards: list[int], giver: int) -> None:
        picker = 1 - giver
        want = [t[m][o] for t, m, o in zip(table, items[picker], items[giver])]
        best = cards[0]
        top = want[best] + rand() * 0.1
        for g in cards[1:]:
            v = want[g] + rand() * 0.1
            if v > top:
                best, top = g, v
        items[picker][best] += 1
        rest = list(cards)
        rest.remove(best)
        for g in rest:
            items[giver][g] += 1

    def pick_pair(pairs: list[list[int]], giver: int) -> None:
        picker = 1 - giver
        want = [t[m][o] for t, m, o in zip(table, items[picker], items[giver])]
        (a, b), (c, d) = pairs
        take, rest = (pairs[0], pairs[1]) if want[a] + want[b] >= want[c] + want[d] else (pairs[1], pairs[0])
        for g in take:
            items[picker][g] += 1
        for g in rest:
            items[giver][g] += 1

    phase = s.phase
    if phase == PICK_GIFT:
        pick_gift(s.offer["cards"], p)
    elif phase == PICK_PAIR:
        pick_pair(s.offer["pairs"], p)
    if phase != ACTION:
        if left == 0:
            return round_end_value(s, items, secrets, match)
        p = 1 - p
        hands[p][draw.pop()] += 1
    while True:
        hand = hands[p]
        mine = used[p]
        free = [i for i in range(4) if not mine[i]]
        kind = free[0] if len(free) == 1 else free[int(rand() * len(free))]
        mine[kind] = True
        want = [t[m][o] for t, m, o in zip(table, items[p], items[1 - p])]
        keyed = [(want[g] + rand() * 0.5, g) for g in _cards(hand)]
        keyed.sort(reverse=True)
        if kind == 0:
            g = keyed[0][1]
            secrets[p] = g
            hand[g] -= 1
        elif kind == 1:
            hand[keyed[-1][1]] -= 1
            hand[keyed[-2][1]] -= 1
        else:
            ranked = [g for _, g in keyed]
            if kind == 2:
                rest = ranked[1:]
                x = rest.pop(int(rand() * len(rest)))
                y = rest[int(rand() * len(rest))]
                cards = [ranked[0], x, y]
                for g in cards:
                    hand[g] -= 1
                pick_gift(cards, p)
            else:
                if len(ranked) <= 4:
                    cards = ranked[:4]
                else:
                    rest = ranked[2:]
                    x = rest.pop(int(rand() * len(rest)))
                    y = rest[int(rand() * len(rest))]
                    cards = [ranked[0], ranked[1], x, y]
                for g in cards:
                    hand[g] -= 1
                pick_pair([[cards[0], cards[2]], [cards[1], cards[3]]], p)
        left -= 1
        if left == 0:
            return round_end_value(s, items, secrets, match)
        p = 1 - p
        hands[p][draw.pop()] += 1


_PLAYOUT: list[Playout] = []


def shared_playout() -> Playout:
    """The shipped policy's playout, made once (its caches serve every bot)."""
    if not _PLAYOUT:
        _PLAYOUT.append(Playout(load_policy()))
    return _PLAYOUT[0]


class HanamikojiBot(Bot):
    """The four levels; budgets are fixed counts so a seed gives reproducible play."""

    game = "hanamikoji"
    levels = LEVELS
    EASY_NOISE = 6.0
    # hard: worlds x candidates, all played out.
    HARD_CANDIDATES = 16
    HARD_WORLDS = 120
    # expert: successive halving over normal's best candidates; each stage plays
    # every surviving candidate in `worlds` fresh worlds, then keeps the best `keep`.
    EXPERT_CANDIDATES = 16
    EXPERT_STAGES: tuple[tuple[int, int], ...] = ((120, 6), (360, 1))
    # With the learned policy's rollouts (issue 30) fewer worlds play as well (bench/README.md).
    EXPERT_STAGES_LEARNED: tuple[tuple[int, int], ...] = ((80, 6), (240, 1))
    MATCH_LEAF = True  # value a round's end for the match (False: by its charm and geisha margin)
    PICK_MIN = True  # play out every answer to our gift or competition and count the worst
    LEARNED_PLAYOUTS = True  # expert's rollouts follow the learned policy (False: the quick heuristic)
    playout: Playout | None = None

    def choose(self, observation: Observation) -> Action:
        """A legal action, with its reason in `last_reason` (reasons.py: every level explains
        its move from its own observation, in what the move does on the table)."""
        action = self._choose(observation)
        self.last_reason = explain(observation, action)
        return action

    def _choose(self, observation: Observation) -> Action:
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
        if self.level == "expert":
            if self.LEARNED_PLAYOUTS and self.playout is None:
                self.playout = shared_playout()
            return copy.deepcopy(self._search_expert(observation, legal, scores))
        return copy.deepcopy(self._search(observation, legal, scores))

    def _world(self, view: Observation) -> State:
        """One world consistent with the view (a benchmark may replace it to measure a ceiling)."""
        return world_from_observation(view, self.rng)

    def _search_expert(self, view: Observation, legal: list[Action], scores: list[float]) -> Action:
        """Successive halving: all candidates see the same worlds and playout
        seeds (common random numbers), survivors are compared on their means.

        A gift or competition of ours is valued as the opponent's best answer:
        each card or pair they may take is played out on its own, and the
        candidate counts the lowest of those means (they know their hand
        better than any one world does, so they are assumed to pick well).
        """
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        rank = {index: r for r, index in enumerate(order)}
        alive = order[: self.EXPERT_CANDIDATES]
        match = self.MATCH_LEAF
        # totals[index][answer]: summed values per opponent answer (the one key None for the rest)
        totals: dict[int, dict[Any, float]] = {i: {} for i in alive}
        # The imagined rest of a round: the learned policy's when the level has one.
        playout = self.playout
        stages = self.EXPERT_STAGES if playout is None else self.EXPERT_STAGES_LEARNED

        def round_end(st: State, items: list[list[int]], secrets: list[int | None]) -> float:
            return round_end_value(st, items, secrets, match)

        for worlds, keep in stages:
            for _ in range(worlds):
                world = self._world(view)
                # The same random numbers for every candidate in a world (common
                # random numbers): their differences come from the candidates.
                noise = [self.rng.random() for _ in range(NOISE)]
                spare = random.Random(self.rng.getrandbits(32))  # deals a next round, if any
                for index in alive:
                    action = legal[index]
                    kind = action["type"]
                    sums = totals[index]
                    if self.PICK_MIN and kind == "gift":
                        answers = [("pick_gift", g) for g in sorted(set(action["cards"]))]
                    elif self.PICK_MIN and kind == "competition":
                        answers = [("pick_pair", 0), ("pick_pair", 1)]
                    else:
                        answers = [None]
                    for answer in answers:
                        rand = itertools.cycle(noise).__next__
                        s = world.copy(spare)
                        s.play(action)
                        if answer is not None:
                            if answer[0] == "pick_gift":
                                s.do_pick_gift(answer[1])
                            else:
                                s.do_pick_pair(answer[1])
                        if s.phase == OVER or s.round != world.round:
                            v = state_value(s, match)
                        else:
                            v = rollout(s, rand, match) if playout is None else playout.run(s, rand, round_end)
                        sums[answer] = sums.get(answer, 0.0) + v
            alive = sorted(alive, key=lambda i: (-min(totals[i].values()), rank[i]))[:keep]
            if len(alive) == 1:
                break
        return legal[alive[0]]

    def _search(self, view: Observation, legal: list[Action], scores: list[float]) -> Action:
        """The hard level: every candidate in every world."""
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        candidates = order[: self.HARD_CANDIDATES]
        totals = [0.0] * len(candidates)
        for _ in range(self.HARD_WORLDS):
            world = self._world(view)
            # The same playout seed for every candidate in a world: their
            # differences then come from the candidates, not from luck.
            playout_seed = self.rng.getrandbits(32)
            for slot, index in enumerate(candidates):
                s = world.copy(random.Random(playout_seed))
                s.play(legal[index])
                totals[slot] += playout(s, 0, s.rng)
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        return legal[candidates[best]]
