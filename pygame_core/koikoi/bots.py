"""Koi-Koi AI: four levels that see only the observation.

- easy: the quick greedy policy the hard level also uses inside its
  playouts (take the most valuable capture, throw away the least valuable
  card, stop at once on a yaku unless it is small and early), with noise.
- normal: one ply with a static evaluation. `potential` values a pile of
  captured cards by the yaku it holds plus the yaku it can still reach
  (a yaku the opponent has blocked by capturing one of its cards counts
  nothing), so capturing a card the opponent needs counts as blocking. A
  move is scored by that evaluation after the capture, minus the expected
  loss from what it leaves on the table for a month the opponent may hold (estimated from the unseen
  cards: 48 minus own hand, table and both piles), plus the captures our own
  hand keeps ready. Koi-koi only when points are small, hand cards many and
  the opponent far from a yaku.
- hard: determinization. It samples worlds consistent with the observation
  (unseen cards dealt uniformly into the opponent's hand and the stock),
  takes normal's best 5 candidates and plays each out to the end of the
  round in 40 worlds with the greedy policy; the candidate with the best
  mean round points plus normal's score wins. The koi-koi call compares the
  exact value of stopping with the mean playout value of going on in the
  same 40 worlds.
- expert (issue 30; issue 15's candidate, measured then as `hard2`): it
  samples worlds that lean on what the opponent showed (`lacking_months`: a
  hand card played without capturing says its hand held no card of a month
  on the table, so such cards go to its hand with 0.3 of the usual weight),
  plays normal's best 4 candidates in 80 worlds with common random numbers,
  and values outcomes for the match (`MatchValue`: before the last round a
  round's points count by how they change the chance to lead at the end; in
  the last round only the match result counts), plus twice normal's score.
  Its koi-koi call uses 200 worlds of its own, and in the last round it
  always stops when that wins the match. Where its worlds come from and how
  they are played out are methods (`_dealer`, `_worlds`, `_playout`), so
  the bench can try other ways: the learned ones of issue 30
  (train/koikoi_learned.py), measured no stronger (bench/README.md, "Koi-Koi").
Budgets are fixed counts, so a seed and an observation give one answer.

House rules come with the observation (`house_rules`): every level scores
and estimates yaku with them (`points(mask, rules)`, the yaku sets in reach),
and hard's sampled worlds play by them.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any, Callable, Iterator

from ..errors import EngineError
from ..protocol import Action, Bot, Observation
from . import LEVELS
from .cards import (
    ANIMALS,
    BLUE_RIBBONS,
    BRIGHTS,
    MONTH_MASKS,
    NUM_CARDS,
    POETRY_RIBBONS,
    RIBBONS,
    cards_in,
    mask_of,
)
from .reasons import NONRAIN, cards_to_score, explain, koikoi_reason
from .rules import KOIKOI, PLAY, TAKE, State
from .view import known_mask, unseen_cards, world_from_observation
from .yaku import (
    HANAMI,
    ISC,
    KASU_CARDS,
    RAIN,
    SAKE,
    SOURCE_RULES,
    TSUKIMI,
    HouseRules,
    points,
    round_points,
)

# Weights of normal's terms (see `Assessor.assess`), set by matches against easy.
RISK_WEIGHT = 1.0
CHANCE_WEIGHT = 0.3
SETS: tuple[tuple[int, int], ...] = ((HANAMI, 5), (TSUKIMI, 5), (ISC, 5), (POETRY_RIBBONS, 5), (BLUE_RIBBONS, 5))
SETS_NO_SAKE = SETS[2:]  # house rule no_sake_yaku: no Hanami-zake, no Tsukimi-zake
COUNTS: tuple[tuple[int, int], ...] = ((ANIMALS, 5), (RIBBONS, 5), (KASU_CARDS, 10))
# Worth of a set yaku still missing k cards, as a share of its points.
SET_SHARE: tuple[float, ...] = (1.0, 0.5, 0.2, 0.07, 0.02, 0.006)
# The same for a count yaku (any card of the kind helps, so shares fall slower).
COUNT_SHARE: tuple[float, ...] = tuple(1.5 * 0.6 ** k for k in range(11))


def potential(mine: int, theirs: int, rules: HouseRules = SOURCE_RULES) -> float:
    """Points of a captured pile plus the expected worth of the yaku it can still reach
    under the match's house rules."""
    total = float(points(mine, rules))
    n = (mine & NONRAIN).bit_count()
    if n < 3:
        if (NONRAIN & ~theirs).bit_count() >= 3:
            total += 5 * SET_SHARE[3 - n]
    elif n == 3 and not theirs & NONRAIN:
        total += 3 * SET_SHARE[1]  # Shikō is 3 more than Sankō
    for need, pts in (SETS_NO_SAKE if rules.no_sake else SETS):
        if mine & need != need and not theirs & need:
            total += pts * SET_SHARE[(need & ~mine).bit_count()]
    for cards, least in COUNTS:
        have = (mine & cards).bit_count()
        if rules.plus_one and _counts_on(mine, cards):
            # A +1 set yaku holds this kind: every further card is a point.
            if cards & ~theirs & ~mine:
                total += 0.3
        elif have < least:
            if (cards & ~theirs).bit_count() >= least:
                total += COUNT_SHARE[least - have]
        elif (cards & ~theirs & ~mine):
            total += 0.3
    return total


def _counts_on(mine: int, cards: int) -> bool:
    """Under plus_one: does a held set yaku already score every further card of this kind?"""
    if cards == ANIMALS:
        return mine & ISC == ISC
    if cards == RIBBONS:
        return mine & POETRY_RIBBONS == POETRY_RIBBONS or mine & BLUE_RIBBONS == BLUE_RIBBONS
    return False


def evaluate(mine: int, theirs: int, rules: HouseRules = SOURCE_RULES) -> float:
    """Our prospects minus the opponent's, each with the other's captures as blocks."""
    return potential(mine, theirs, rules) - potential(theirs, mine, rules)


def hold_chance(of_month: int, unseen: int, hand: int) -> float:
    """Chance that a hand of `hand` cards dealt from `unseen` holds one of `of_month` given cards."""
    if not of_month or not hand or not unseen:
        return 0.0
    miss = 1.0
    for i in range(min(hand, unseen)):
        if unseen - i <= 0:
            break
        miss *= max(0.0, (unseen - of_month - i) / (unseen - i))
    return 1.0 - miss


def _best_capture(mine: int, theirs: int, group: int, rules: HouseRules = SOURCE_RULES) -> tuple[float, int]:
    """(evaluation, cards taken) of our best capture of a month group with one more card;
    two cards on the table mean a choice of one."""
    if group.bit_count() == 2:
        best = None
        for c in cards_in(group):
            v = evaluate(mine | (1 << c), theirs, rules)
            if best is None or v > best[0]:
                best = (v, 1 << c)
        return best  # type: ignore[return-value]
    return evaluate(mine | group, theirs, rules), group


class Assessor:
    """Normal's one-ply evaluation of positions after our move, from what we know."""

    def __init__(self, view: Observation) -> None:
        me, opp = view["players"]
        self.rules = HouseRules.from_options(view.get("house_rules") or {})
        self.mine = mask_of(c for cards in me["captured"].values() for c in cards)
        self.theirs = mask_of(c for cards in opp["captured"].values() for c in cards)
        self.hand = mask_of(view["hand"])
        self.table = mask_of(view["table"])
        self.unseen = ((1 << NUM_CARDS) - 1) & ~known_mask(view)
        self.n_unseen = self.unseen.bit_count()
        self.opp_hand = opp["hand_size"]
        self.unseen_by_month = [(self.unseen & MONTH_MASKS[m]).bit_count() for m in range(12)]

    def assess(self, mine: int, table: int, hand: int) -> float:
        """Evaluation after our turn: the piles, minus what the opponent may take
        from the table next, plus what our hand keeps ready for our next turn."""
        theirs = self.theirs
        base = evaluate(mine, theirs, self.rules)
        threats: list[tuple[float, float]] = []
        chances: list[float] = []
        for m in range(12):
            group = table & MONTH_MASKS[m]
            if not group:
                continue
            u = self.unseen_by_month[m]
            p_hold = hold_chance(u, self.n_unseen, self.opp_hand)
            if u:
                # The opponent takes it with a hand card (or the card they turn).
                p = p_hold + (1 - p_hold) * u / max(1, self.n_unseen)
                opp_gain = base - self._opp_best(mine, theirs, group)
                if opp_gain > 0:
                    threats.append((opp_gain, p))
            if hand & MONTH_MASKS[m]:
                v, _ = _best_capture(mine, theirs, group, self.rules)
                if v > base:
                    chances.append((v - base) * (1 - p_hold))
        risk = 0.0
        survive = 1.0
        for gain, p in sorted(threats, reverse=True):
            risk += gain * p * survive
            survive *= 1 - p
        return base - RISK_WEIGHT * risk + CHANCE_WEIGHT * (max(chances) if chances else 0.0)

    def _opp_best(self, mine: int, theirs: int, group: int) -> float:
        """Our evaluation after the opponent's best capture of a table group."""
        if group.bit_count() == 2:
            return min(evaluate(mine, theirs | (1 << c), self.rules) for c in cards_in(group))
        return evaluate(mine, theirs | group, self.rules)

    def after_play(self, card: int, take: int | None) -> tuple[int, int, int]:
        """(our pile, table, hand) after playing `card` (before the stock card)."""
        bit = 1 << card
        group = self.table & MONTH_MASKS[card >> 2]
        hand = self.hand & ~bit
        if not group:
            return self.mine, self.table | bit, hand
        took = (1 << take) if take is not None else group
        return self.mine | bit | took, self.table & ~took, hand


def score_actions(view: Observation) -> list[float]:
    """Normal's score of every legal action (higher is better for the viewer)."""
    legal = view["legal_actions"]
    a = Assessor(view)
    if view["phase"] == PLAY:
        out = []
        for action in legal:
            mine, table, hand = a.after_play(action["card"], action.get("take"))
            out.append(a.assess(mine, table, hand))
        return out
    if view["phase"] == TAKE:
        drawn = 1 << view["pending"]["card"]
        return [a.assess(a.mine | drawn | (1 << act["card"]), a.table & ~(1 << act["card"]), a.hand)
                for act in legal]
    go_on = 1.0 if wants_koikoi(view, a) else 0.0
    return [go_on if act["type"] == "koikoi" else 1.0 - go_on for act in legal]


def wants_koikoi(view: Observation, a: Assessor) -> bool:
    """Normal's koi-koi rule: go on only for a clear expected gain against the risk."""
    pend = view["pending"]
    me, opp = view["players"]
    now = pend["shobu_points"]
    hand = len(view["hand"])
    if view["round"] >= view["rounds"]:
        lead = me["score"] - opp["score"]
        if lead + now > 0:
            return False  # stopping wins the match
        if lead + now <= 0 and hand >= 1:
            return True  # stopping cannot win it; only going on can
    if hand < 3:
        return False
    upside = potential(a.mine, a.theirs, a.rules) - points(a.mine, a.rules)
    threat = potential(a.theirs, a.mine, a.rules) - points(a.theirs, a.rules)
    if opp["koikoi"]:
        threat += 1.0  # they already hold a yaku: any improvement wins them the round
    base = pend["points"]
    if base >= 7:
        return False
    if base == 6 and hand >= 4 and threat < 1.0 and upside >= 0.6:
        return True  # one more point doubles
    return base <= 3 and hand >= 4 and threat < 1.2 and upside >= 1.0


# ------------------------------------------------------------------ playouts
def _static_value() -> tuple[float, ...]:
    """A card's worth to the greedy policy, before the yaku it completes."""
    out = []
    for c in range(NUM_CARDS):
        bit = 1 << c
        if bit & SAKE:
            v = 5.0
        elif bit & RAIN:
            v = 2.5
        elif bit & BRIGHTS:
            v = 5.0
        elif bit & ISC:
            v = 3.0
        elif bit & (POETRY_RIBBONS | BLUE_RIBBONS):
            v = 3.0
        elif bit & ANIMALS:
            v = 1.5
        elif bit & RIBBONS:
            v = 1.2
        else:
            v = 0.6
        out.append(v)
    return tuple(out)


VALUE = _static_value()


def _pile_value(cards: int) -> float:
    total = 0.0
    while cards:
        low = cards & -cards
        total += VALUE[low.bit_length() - 1]
        cards ^= low
    return total


def greedy_play(s: State, rng: random.Random, noise: float) -> tuple[int, int | None]:
    """The greedy policy's hand card (and table card, for a choice of two)."""
    p = s.to_move
    mine = s.captured[p]
    rules = s.rules
    have = points(mine, rules)
    value = VALUE
    months = MONTH_MASKS
    table = s.table
    best_v = 0.0
    best_card = -1
    best_take: int | None = None
    hand = s.hands[p]
    while hand:
        low = hand & -hand
        card = low.bit_length() - 1
        hand ^= low
        group = table & months[card >> 2]
        take = None
        if not group:
            v = -0.5 * value[card]
        else:
            if group.bit_count() == 2:
                a = group & -group
                b = group ^ a
                va = value[a.bit_length() - 1]
                vb = value[b.bit_length() - 1]
                take_bit, took_v = (a, va) if va >= vb else (b, vb)
                take = take_bit.bit_length() - 1
                got = low | take_bit
                pile = value[card] + took_v  # two cards: the same sum in either order
            else:
                got = low | group
                pile = _pile_value(got)
            v = pile + 4.0 * (points(mine | got, rules) - have)
        if noise:
            v += rng.random() * noise
        if best_card < 0 or v > best_v:
            best_v, best_card, best_take = v, card, take
    assert best_card >= 0
    return best_card, best_take


def greedy_take(s: State) -> int:
    group = s.table & MONTH_MASKS[s.drawn >> 2]  # type: ignore[operator]
    a = group & -group
    b = group ^ a
    return (a if VALUE[a.bit_length() - 1] >= VALUE[b.bit_length() - 1] else b).bit_length() - 1


def greedy_koikoi(s: State) -> bool:
    """Go on only with a small score and many cards left."""
    p = s.to_move
    return points(s.captured[p], s.rules) <= 2 and s.hands[p].bit_count() >= 5 and not s.koikoi[1 - p]


def playout(s: State, rng: random.Random) -> None:
    """Play the world to the end of its round with the greedy policy for both seats."""
    while not s.round_over:
        phase = s.phase
        if phase == PLAY:
            card, take = greedy_play(s, rng, 0.6)
            s.do_play(card, take)
        elif phase == TAKE:
            s.do_take(greedy_take(s))
        elif greedy_koikoi(s):
            s.do_koikoi()
        else:
            s.do_shobu()


def outcome_value(s: State, gain: int) -> float:
    """Worth to seat 0 of a round ending with `gain` points (negative: the
    opponent's). In the last round only the match result counts."""
    if s.round >= s.rounds:
        diff = s.scores[0] - s.scores[1] + gain
        return (10.0 if diff > 0 else -10.0 if diff < 0 else 0.0) + 0.01 * diff
    return float(gain)


def playout_means(view: Observation, actions: list[Action], rng: random.Random, worlds: int,
                  value: Callable[[State, int], float]) -> list[float]:
    """The mean `value(world, gain)` of each action over `worlds` worlds sampled from `view`
    (`world_from_observation`), where `gain` is the round's points for the viewer (negative:
    the opponent's) once the action is played and the round played out by the greedy policy;
    shobu is scored at once. Every action meets the same worlds and the same playout seed
    (common random numbers), so their differences come from the actions, not from luck.
    The hard search and the coach's assessment (assess.py) both rank their candidates by it."""
    totals = [0.0] * len(actions)
    for _ in range(worlds):
        world = world_from_observation(view, rng)
        playout_seed = rng.getrandbits(32)
        for slot, action in enumerate(actions):
            s = world.copy()
            if action["type"] == "shobu":
                base = points(s.captured[0], s.rules)
                totals[slot] += value(s, round_points(base, s.koikoi[1] > 0)[1])
                continue
            s.play(action)
            playout(s, random.Random(playout_seed))
            totals[slot] += value(s, s.last_gain)
    return [total / worlds for total in totals]


# ------------------------------------------------------------ inference
def lacking_months(view: Observation) -> int:
    """Months (as a card mask) the opponent showed it does not hold in this round.

    Every level, like most players, captures when it can; so when the opponent
    played a hand card that captured nothing, its hand then held no card of any
    month lying on the table. Hands only shrink during a round, so this still
    holds. Read from the public log alone (the table replayed since the deal)."""
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e["type"] == "round"), default=None)
    if start is None:
        return 0
    table = mask_of(log[start]["table"])
    lacking = 0
    for entry in log[start + 1:]:
        kind = entry["type"]
        if kind == "play":
            took = mask_of(entry["took"])
            if took:
                table &= ~took
            else:
                if entry["seat"] == 1:
                    for m in range(12):
                        if table & MONTH_MASKS[m]:
                            lacking |= MONTH_MASKS[m]
                table |= 1 << entry["card"]
        elif kind == "draw":
            if entry["took"] is None:
                continue  # a choice of two: the `take` entry follows
            took = mask_of(entry["took"])
            table = table & ~took if took else table | (1 << entry["card"])
        elif kind == "take":
            table &= ~mask_of(entry["took"])
    return lacking


def sample_world(dealer: "WorldDealer", rng: random.Random, avoid: int, weight: float) -> State:
    """A world as `dealer` deals it, but each unseen card in `avoid` goes to
    the opponent's hand with only `weight` times the chance of the others (sampling
    without replacement by random keys), so worlds mostly agree with what the
    opponent's play revealed, yet a surprising hand is never ruled out."""
    world = dealer.deal(rng)
    hidden_hand = world.hands[1]
    if not avoid or not (hidden_hand | mask_of(world.stock)) & avoid:
        return world
    cards = cards_in(hidden_hand) + world.stock
    power = 1.0 / weight
    keyed = sorted(cards, key=lambda c: -(rng.random() ** power if (avoid >> c) & 1 else rng.random()))
    n = hidden_hand.bit_count()
    world.hands[1] = mask_of(keyed[:n])
    stock = keyed[n:]
    rng.shuffle(stock)
    world.stock = stock
    return world


class WorldDealer:
    """`world_from_observation` for many worlds of one view: the view is read once,
    and each world only shuffles the unseen cards (with the same random draws, so
    it deals exactly the worlds `world_from_observation` would)."""

    def __init__(self, view: Observation) -> None:
        self.template = world_from_observation(view, random.Random(0))
        self.unseen = unseen_cards(view)
        self.opp_hand = view["players"][1]["hand_size"]

    def deal(self, rng: random.Random) -> State:
        hidden = self.unseen[:]
        rng.shuffle(hidden)
        world = self.template.copy()
        world.hands[1] = mask_of(hidden[:self.opp_hand])
        world.stock = hidden[self.opp_hand:]
        return world


# ------------------------------------------------------------ match values
ROUND_SIGMA = 6.5  # spread of one round's point swing (normal vs normal, 720 rounds: 6.6)


class MatchValue:
    """What a round ending with `gain` points for us (negative: the opponent's) is worth
    in this match, in points at an even score.

    Before the last round: the chance to be ahead at the end, read from a normal curve
    whose spread grows with the rounds left, scaled so that at an even score a point
    is worth a point. A big lead then makes further points worth little and losses
    worth much (stop early, risk little); a big deficit the other way round. In the
    last round only winning the match counts (a small tie-break for the margin)."""

    def __init__(self, view: Observation) -> None:
        me, opp = view["players"]
        self.lead = me["score"] - opp["score"]
        self.left = view["rounds"] - view["round"]
        self.spread = ROUND_SIGMA * math.sqrt(self.left) if self.left > 0 else 0.0
        self._memo: dict[int, float] = {}

    def __call__(self, gain: int) -> float:
        got = self._memo.get(gain)
        if got is None:
            diff = self.lead + gain
            if self.left <= 0:
                got = (10.0 if diff > 0 else -10.0 if diff < 0 else 0.0) + 0.01 * diff
            else:
                s = self.spread
                got = s * math.sqrt(2 * math.pi) * (0.5 * math.erf(diff / (s * math.sqrt(2))))
            self._memo[gain] = got
        return got

    def chance(self, gain: int) -> float:
        """The chance (0-1, a drawn match counting half) to win the match when this round ends
        with `gain` points for us: exact in the last round; before it, the same normal curve
        (the coach's unit, assess.py)."""
        diff = self.lead + gain
        if self.left <= 0:
            return 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
        return 0.5 + 0.5 * math.erf(diff / (self.spread * math.sqrt(2)))

    def slope(self) -> float:
        """How much a point is worth now, relative to an even score (1.0 there)."""
        if self.left <= 0:
            return 1.0
        return math.exp(-0.5 * (self.lead / self.spread) ** 2)


class KoiKoiBot(Bot):
    """The four levels; budgets are fixed counts so a seed gives reproducible play."""

    game = "koikoi"
    levels = LEVELS
    EASY_NOISE = 5.0
    # The expert's search.
    EXPERT_CANDIDATES = 4
    EXPERT_WORLDS = 80
    EXPERT_KOIKOI_WORLDS = 200  # the koi-koi call is rare and decides rounds: a larger budget
    EXPERT_PRIOR = 2.0  # weight of normal's score next to the mean playout value
    INFER = True  # deal the opponent's hand mostly from months it did not show it lacks
    INFER_WEIGHT = 0.3
    # The hard search's budgets.
    CLASSIC_CANDIDATES = 5
    CLASSIC_WORLDS = 40
    CLASSIC_PRIOR = 1.0

    def choose(self, observation: Observation) -> Action:
        legal = observation.get("legal_actions") or []
        if not legal:
            raise EngineError("koikoi bot asked to choose with no legal actions in the observation")
        self.last_reason = None
        if len(legal) == 1:
            self.last_reason = explain(observation, legal[0], public=True)
            return copy.deepcopy(legal[0])
        if self.level == "easy":
            action = self._easy(observation, legal)
        else:
            scores = score_actions(observation)
            if self.level == "normal":
                action = legal[max(range(len(legal)), key=scores.__getitem__)]
            elif self.level == "hard":
                action = self._search_classic(observation, legal, scores)
            else:
                action = self._search(observation, legal, scores)
        # Every level explains every move the same way, from what both sides see (reasons.py).
        self.last_reason = explain(observation, action, public=True)
        return copy.deepcopy(action)

    def _easy(self, view: Observation, legal: list[Action]) -> Action:
        world = world_from_observation(view, self.rng)  # only our side's cards are used
        if world.phase == PLAY:
            card, take = greedy_play(world, self.rng, self.EASY_NOISE)
            action: dict[str, Any] = {"type": "play", "card": card}
            if take is not None:
                action["take"] = take
            return action
        if world.phase == TAKE:
            return {"type": "take", "card": greedy_take(world)}
        return {"type": "koikoi" if greedy_koikoi(world) else "shobu"}

    def _search(self, view: Observation, legal: list[Action], scores: list[float]) -> Action:
        value_of = MatchValue(view)
        if view["phase"] == KOIKOI:
            stop_points = view["pending"]["shobu_points"]
            if value_of.left <= 0 and value_of.lead + stop_points > 0:
                want = "shobu"  # stopping wins the match: nothing to gain by going on
            else:
                go_on = self.koikoi_value(view, value_of)
                want = "koikoi" if go_on > value_of(stop_points) else "shobu"
            return next(a for a in legal if a["type"] == want)
        worlds = self.EXPERT_WORLDS
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        candidates = order[:self.EXPERT_CANDIDATES]
        totals = [0.0] * len(candidates)
        play_out = self._playout()
        luck = random.Random()
        for world in self._worlds(view, worlds):
            playout_seed = self.rng.getrandbits(32)
            for slot, index in enumerate(candidates):
                s = world.copy()
                s.play(legal[index])
                # Common random numbers: the same world and the same playout seed
                # for every candidate, so their differences come from the moves.
                luck.seed(playout_seed)
                play_out(s, luck)
                totals[slot] += value_of(s.last_gain)
        # Normal's evaluation stays in as a prior (in points, so weighed by what a
        # point is worth in this match now).
        prior = self.EXPERT_PRIOR * (1.0 if value_of.left <= 0 else max(0.1, value_of.slope()))
        value = [totals[k] / worlds + prior * scores[candidates[k]] for k in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda k: (value[k], -k))
        return legal[candidates[best]]

    def _dealer(self, view: Observation) -> "WorldDealer":
        """Where the search's worlds come from (the bench's ceiling test deals the real hands)."""
        return WorldDealer(view)

    def _worlds(self, view: Observation, n: int) -> Iterator[State]:
        """The search's `n` worlds, one at a time (the caller draws from `self.rng` between
        them): each dealt by `sample_world`, leaning on `lacking_months`
        (train/koikoi_learned.py keeps worlds by a belief instead)."""
        avoid = lacking_months(view) if self.INFER else 0
        dealer = self._dealer(view)
        for _ in range(n):
            yield sample_world(dealer, self.rng, avoid, self.INFER_WEIGHT)

    def _playout(self) -> Callable[[State, random.Random], None]:
        """How the search plays its worlds out: the greedy policy (see `_worlds`)."""
        return playout

    def koikoi_value(self, view: Observation, value_of: MatchValue) -> float:
        """Mean match value of calling koi-koi, over EXPERT_KOIKOI_WORLDS sampled worlds played out."""
        worlds = self.EXPERT_KOIKOI_WORLDS
        total = 0.0
        play_out = self._playout()
        luck = random.Random()
        for s in self._worlds(view, worlds):
            luck.seed(self.rng.getrandbits(32))
            s.do_koikoi()
            play_out(s, luck)
            total += value_of(s.last_gain)
        return total / worlds

    def _search_classic(self, view: Observation, legal: list[Action], scores: list[float]) -> Action:
        """The hard search: normal's top 5 moves, 40 worlds, round points."""
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        candidates = order[: self.CLASSIC_CANDIDATES]
        actions = [legal[i] for i in candidates]
        means = playout_means(view, actions, self.rng, self.CLASSIC_WORLDS, outcome_value)
        # Normal's evaluation stays in as a prior for plays and takes: the
        # greedy playouts judge the race to a yaku well but the worth of
        # cards left for later poorly (measured: search alone played even
        # with normal; the blend wins clearly). Koi-koi uses the playouts alone.
        prior = self.CLASSIC_PRIOR if view["phase"] != KOIKOI else 0.0
        value = [means[k] + prior * scores[candidates[k]] for k in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda k: (value[k], -k))
        return legal[candidates[best]]


__all__ = ["KoiKoiBot", "MatchValue", "evaluate", "koikoi_reason", "playout", "potential", "score_actions"]
