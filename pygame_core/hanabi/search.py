"""Look-ahead for the hard teammates near the end of the deck.

When few cards are left, a hard bot does not only follow the conventions: it
imagines how the game could end. From its own view it deals itself hands the
clues and the visible cards allow and shuffles the unseen rest into a deck
("worlds"), leaning towards hands under which the conventions explain what
the other players did on their last few turns (`PastTurn`). Then for a few
candidate moves (the conventional one, every card that could be playable,
the discard, the best clues) it plays each world to the end with every seat
following the conventions, and keeps the move with the best average score
(a third strike scores 0). It leaves the conventional
move only for a clear gain, so teammates can still read it.

Nothing here sees a hidden card: the worlds are built from the observation
alone, and the random numbers come from the bot's seed and the move number,
so the choice is the same whatever the hidden cards are.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .cards import COLOURS, COPIES, DECK_SIZE, MAX_CLUES, MAX_STRIKES, NUM_IDENTITIES, card_dict
from .convention_bot import ConventionBot
from .conventions import RANK_MASK, Tracker, bits
from .knowledge import clue_identities, masks_from_dict
from .perspective import Perspective, action_key, clue_action, clue_values_of, ident_of
from .rules import Card, State
from .view import observation, seats_from


class SimGame:
    """An imagined position as a `Table` (protocol.py): what `view.observation` reads."""

    name = "hanabi"

    def __init__(self, state: State, move: int) -> None:
        self.state = state
        self.log = state.log
        self.move_number = move

    def legal_actions(self) -> list[dict[str, Any]]:
        return self.state.legal_actions()

    def result(self) -> dict[str, Any]:
        return {"scores": [self.state.score] * self.state.players}


class World:
    """The public part of a position, seen from the searching seat (seat 0),
    ready to be completed by a sampled own hand and deck order."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.n = view["players"]
        self.drawn = DECK_SIZE - view["deck"]
        known: dict[int, int] = {}
        for seat, hand in enumerate(view["hands"]):
            if seat:
                for c in hand:
                    known[c["id"]] = ident_of(c)
        for e in view["log"]:
            if e["type"] in ("play", "discard"):
                known[e["id"]] = ident_of(e)
        self.known = known
        self.own_ids = [c["id"] for c in view["hands"][0]]
        left = list(COPIES)
        for ident in known.values():
            left[ident] -= 1
        self.unseen = left  # own hand and deck together
        # The log as every seat's view needs it (identities of draws are not used by the notes).
        self.log = []
        for e in view["log"]:
            entry = dict(e)
            if e["type"] in ("draw", "deal"):
                entry.pop("colour", None)
                entry.pop("rank", None)
            self.log.append((entry, None, None))

    def sample(self, rng: random.Random, masks: list[int]) -> State | None:
        """A full position: own cards drawn from `masks` by the unseen counts, the
        rest of the unseen cards shuffled into the deck. None if the masks cannot
        be met (a teammate broke the conventions)."""
        left = self.unseen[:]
        order = sorted(range(len(masks)), key=lambda s: bin(masks[s]).count("1"))
        picks: dict[int, int] = {}
        for slot in order:
            options = [i for i in bits(masks[slot]) if left[i] > 0]
            if not options:
                return None
            total = sum(left[i] for i in options)
            x = rng.random() * total
            for i in options:
                x -= left[i]
                if x < 0:
                    break
            picks[slot] = i
            left[i] -= 1
        own = [picks[s] for s in range(len(masks))]
        rest = [i for i in range(NUM_IDENTITIES) for _ in range(left[i])]
        rng.shuffle(rest)
        deck = [0] * DECK_SIZE
        for cid, ident in self.known.items():
            deck[cid] = ident
        for cid, ident in zip(self.own_ids, own):
            deck[cid] = ident
        deck[self.drawn:] = rest
        return self.state(deck)

    def state(self, deck: list[int]) -> State:
        v = self.view
        s = State.__new__(State)
        s.players, s.deck, s.drawn = self.n, deck, self.drawn
        s.hands = []
        for hand in v["hands"]:
            cards = []
            for c in hand:
                card = Card(c["id"], deck[c["id"]])
                card.colours, card.ranks = masks_from_dict(c)
                card.clued = c["clued"]
                cards.append(card)
            s.hands.append(cards)
        s.stacks = [v["stacks"][name] for name in COLOURS]
        s.discards = [(d["id"], ident_of(d)) for d in v["discards"]]
        s.clues, s.strikes = v["clues"], v["strikes"]
        s.to_move, s.turns_left = 0, v["turns_left"]
        s.over, s.reason, s.turn = False, None, v["move"]
        s.log = list(self.log)
        return s


class PastTurn:
    """One earlier move of another player, to test a world against: in that
    world, would the conventions have made that player do what they did? Built
    once per search from the view (`idx`: the move's place in the log);
    `fits(own)` takes our own identities of a world (slot order, as now)."""

    def __init__(self, bot: ConventionBot, view: dict[str, Any], idx: int, known: dict[int, int]) -> None:
        """`known`: card id -> identity of every card we have seen (see `past_turns`)."""
        n = view["players"]
        log = view["log"]
        e = log[idx]
        me = e["seat"]  # the mover, in our numbering
        rot = lambda seat: (seat - me) % n
        # Replay the log up to the move: hands (ids), tokens, deck and strikes then.
        hands: list[list[int]] = [[] for _ in range(n)]
        clues, strikes, drawn = MAX_CLUES, 0, 0
        past_log = []
        for x in log[:idx]:
            kind = x["type"]
            if kind == "deal":
                hands[x["seat"]].append(x["id"])
                drawn += 1
            elif kind == "draw":
                hands[x["seat"]].insert(0, x["id"])
                drawn += 1
            elif kind in ("play", "discard"):
                hands[x["seat"]].remove(x["id"])
                if kind == "discard":
                    clues += 1
                elif not x["ok"]:
                    strikes += 1
                elif x.get("clue_back"):
                    clues += 1
            elif kind == "clue":
                clues -= 1
            entry = seats_from(dict(x), me, n)
            if kind == "draw" and entry["seat"] == 0:
                entry.pop("colour", None)  # the mover did not see its own draws
                entry.pop("rank", None)
            past_log.append(entry)
        self.tracker = Tracker.from_view({"players": n, "log": past_log})
        if e["type"] == "clue":
            self.actual = action_key({"type": "clue", "target": rot(e["target"]),
                                **({"colour": e["colour"]} if "colour" in e else {"rank": e["rank"]})})
        else:
            self.actual = action_key({"type": e["type"], "slot": e["slot"]})
        self.bot = ConventionBot(bot.level, bot.seed)
        self.n, self.rel_me = n, rot(0)
        self.mine = hands[0]  # our card ids then; those still held take the world's identities
        self.known = known
        self.hands = {rel: [{"id": cid, "colour": None, "rank": None} if rel == 0 else
                            {"id": cid, **card_dict(known[cid])} for cid in hands[(me + rel) % n]]
                      for rel in range(n) if rel != self.rel_me}
        self.base = {"players": n, "clues": clues, "max_clues": MAX_CLUES, "deck": DECK_SIZE - drawn,
                     "strikes": strikes, "max_strikes": MAX_STRIKES, "log": past_log}
        size = len(hands[me])
        fixed = [{"type": "play", "slot": i} for i in range(size)]
        if clues < MAX_CLUES:
            fixed += [{"type": "discard", "slot": i} for i in range(size)]
        self.fixed = fixed
        # Clues the mover could give: those to the hands that are the same in every world, per target.
        self.clue_actions = {rel: [clue_action(rel, v) for v in clue_values_of([known[c["id"]] for c in hand])]
                             for rel, hand in self.hands.items() if rel and clues > 0}
        self.clues = clues

    def fits(self, own: dict[int, int]) -> bool:
        """`own`: card id -> identity for the cards we hold now, in this world."""
        mine = []
        for cid in self.mine:
            ident = own.get(cid)
            if ident is None:
                ident = self.known[cid]
            mine.append({"id": cid, **card_dict(ident)})
        hands = [mine if rel == self.rel_me else self.hands[rel] for rel in range(self.n)]
        legal = list(self.fixed)
        if self.clues > 0:
            for rel in range(1, self.n):
                legal += (self.clue_actions[rel] if rel != self.rel_me else
                          [clue_action(rel, v) for v in clue_values_of([ident_of(c) for c in mine])])
        view = dict(self.base, hands=hands, legal_actions=legal)
        action, _ = self.bot.convention_move(view, Perspective(view, self.tracker))
        return action_key(action) == self.actual


def past_turns(bot: ConventionBot, view: dict[str, Any], count: int) -> list[PastTurn]:
    """The last `count` moves of other players, newest first."""
    log = view["log"]
    known: dict[int, int] = {}  # every card we have seen: in the others' hands now, or played or discarded
    for hand in view["hands"][1:]:
        for c in hand:
            known[c["id"]] = ident_of(c)
    for x in log:
        if x["type"] in ("play", "discard"):
            known[x["id"]] = ident_of(x)
    out = []
    for k in range(len(log) - 1, -1, -1):
        if len(out) >= count:
            break
        if log[k]["type"] in ("play", "discard", "clue") and log[k]["seat"] != 0:
            out.append(PastTurn(bot, view, k, known))
    return out


class Tally:
    """What `LookAhead.compare` found: per candidate move (index into its list)
    the sum of its score less the reference's, world by world (`gain`), of the
    squares of those differences, and how many worlds it was played in
    (`count`: a dropped move stops early); the reference's own scores summed
    (`base`) over `done` worlds; the moves still in the running (`live`)."""

    def __init__(self, size: int) -> None:
        self.gain = [0.0] * size
        self.square = [0.0] * size
        self.count = [0] * size
        self.base = 0.0
        self.done = 0
        self.live = list(range(1, size))


class LookAhead:
    """The search of one decision (see the module text)."""

    FIT_MOVES = 4  # the others' last moves a world should explain (self-play, 2 players: +0.06 +/- 0.02)
    FIT_TRIES = 12  # deals drawn per world to find one that explains them (0: no such test)

    MIN_WORLDS = 4
    PRUNE_AFTER = 8  # worlds before a move may be dropped
    UNSAVED = True  # narrow our chop by the save the previous player did not give

    def __init__(self, bot: ConventionBot, view: dict[str, Any], p: Perspective, worlds: int,
                 margin: float, budget: int) -> None:
        self.budget = budget  # imagined moves, all rollouts together: bounds the time, not the seed
        self.steps = 0
        self.worlds_used = 0
        self.bot = bot
        self.view = view
        self.p = p
        self.worlds = worlds
        self.margin = margin

    def candidates(self, default: dict[str, Any]) -> list[dict[str, Any]]:
        p, bot, view = self.p, self.bot, self.view
        keys = {action_key(a) for a in view["legal_actions"]}
        out = [default]
        seen = {action_key(default)}

        def add(action: dict[str, Any]) -> None:
            k = action_key(action)
            if k in keys and k not in seen:
                seen.add(k)
                out.append(action)

        if view["strikes"] < MAX_STRIKES - 1:
            for slot, m in enumerate(p.own):
                if p.chance(m, p.playable) > 0:
                    add({"type": "play", "slot": slot})
        if view["clues"] < view["max_clues"]:
            add(bot.discard(p)[0])
        if view["clues"] > 0:
            scored = []
            for seat in range(1, p.n):
                for value in bot.clue_values(p, seat):
                    r = bot.score_clue(p, seat, value, False)
                    if r is not None:
                        scored.append((r[0], seat, value))
            scored.sort(key=lambda x: -x[0])
            for _, seat, value in scored[:3]:
                add(clue_action(seat, value))
        return out

    def run(self, default: dict[str, Any]) -> tuple[dict[str, Any], float] | None:
        """The chosen action with its average gain over `default` (0 when it is
        the default), or None when there is nothing to compare."""
        cands = self.candidates(default)
        if len(cands) < 2:
            return None
        view = self.view
        rng = random.Random(f"{self.bot.seed}:{view['move']}:{len(view['log'])}")
        tally = self.compare(cands, rng, self.margin)
        if tally is None:
            return None
        done = self.worlds_used = tally.done
        if not done:
            return None
        gain, live = tally.gain, tally.live
        pick = max(live, key=lambda k: (gain[k], -k), default=0)
        if pick and gain[pick] / done > self.margin:
            return cands[pick], gain[pick] / done
        return cands[0], 0.0

    def compare(self, cands: list[dict[str, Any]], rng: random.Random, floor: float,
                keep: frozenset[int] = frozenset()) -> Tally | None:
        """Play each of `cands` out in the same sampled worlds, world after world,
        each against the first (the reference: the differences are paired, so
        they come from the moves, not from the deal), until `self.worlds` worlds
        or the budget of imagined moves is spent (never fewer than MIN_WORLDS).
        From PRUNE_AFTER worlds on, a move is dropped once it can no longer
        plausibly (two standard errors) beat both `floor` and the best so far
        (never one of `keep`).
        None when the view cannot be dealt (a teammate broke the conventions).
        The hard bot's choice (`run`) and the coach's assessment (assess.py)
        both stand on this loop."""
        view = self.view
        world = World(view)
        conv_masks = [m or clue_identities(c) for m, c in zip(self.p.own, view["hands"][0])]
        if self.UNSAVED:
            self.unsaved_chop(conv_masks)
        clue_masks = [clue_identities(c) for c in view["hands"][0]]
        past = past_turns(self.bot, view, self.FIT_MOVES) if self.FIT_TRIES else []
        # The notes every seat has now, to start each imagined game from.
        starts: list[tuple[list[dict[str, Any]], Tracker] | None] = [None] * world.n
        tally = Tally(len(cands))
        gain, square, count = tally.gain, tally.square, tally.count
        tries = 0
        self.steps = 0
        while (tally.live or tally.done < self.MIN_WORLDS) and tally.done < self.worlds and tries < 3 * self.worlds and (
                tally.done < self.MIN_WORLDS or self.steps < self.budget):
            tries += 1
            state = world.sample(rng, conv_masks) or world.sample(rng, clue_masks)
            if state is None:
                return None
            if past:
                state = self.explained(state, past, lambda: world.sample(rng, conv_masks))
            if starts[0] is None:
                sim = SimGame(state, view["move"])
                for seat in range(world.n):
                    v = observation(sim, seat)
                    starts[seat] = (v["log"], Tracker.from_view(v))
            base = self.rollout(self.fresh(state), cands[0], starts)
            tally.base += base
            for k in tally.live:
                d = self.rollout(self.fresh(state), cands[k], starts) - base
                gain[k] += d
                square[k] += d * d
                count[k] += 1
            tally.done += 1
            done = tally.done
            if done >= self.PRUNE_AFTER and tally.live:
                # Drop the moves that can no longer plausibly beat the reference
                # by the floor, or the best so far (two standard errors).
                bounds = {k: self._upper(gain[k], square[k], done) for k in tally.live}
                top = max(gain[k] / done for k in tally.live)
                tally.live = [k for k in tally.live if k in keep or bounds[k] >= max(floor, top)]
        return tally

    def explained(self, state: State, past: list[PastTurn], draw: Callable[[], State | None]) -> State:
        """Of up to FIT_TRIES deals (`state`, then more from `draw`), the first in
        which the conventions explain all of `past` (the others' last moves,
        newest first), else the one that explains the longest run of them. A
        teammate who follows the conventions is never contradicted by the true
        deal, so this leans the worlds towards it; one who does not (a person,
        a hard bot that looked ahead) only weakens the lean."""
        best, best_fit = state, -1
        for _ in range(self.FIT_TRIES):
            own = {c.id: c.ident for c in state.hands[0]}
            fit = 0
            for turn in past:
                self.steps += 1  # a test costs about one imagined move
                if not turn.fits(own):
                    break
                fit += 1
            if fit > best_fit:
                best, best_fit = state, fit
            if fit == len(past):
                break
            state = draw() or state
        return best

    def unsaved_chop(self, masks: list[int]) -> None:
        """What the previous player did not do says something too: by the
        conventions they save the next player's chop when it holds a 5, a 2 or
        a last copy and that player has nothing better to do; if they could
        have (a clue token, nothing known to play or discard here) and did not,
        our chop is none of these."""
        p, view = self.p, self.view
        last = next((e for e in reversed(view["log"]) if e["type"] in ("play", "discard", "clue")), None)
        if last is None or last["seat"] != p.n - 1 or last["type"] == "clue" and last["target"] == 1:
            return
        tokens = view["clues"] - (1 if last["type"] == "discard" else 0) - (1 if last.get("clue_back") else 0)
        tokens += 1 if last["type"] == "clue" else 0
        chop = p.t.chop(0)
        if tokens <= 0 or chop is None:
            return
        if any(m and not m & ~(p.playable | p.trash) for m in p.own):
            return  # we had something to do: no save was due
        worth = (RANK_MASK[4] | RANK_MASK[1] | p.critical) & ~p.trash & ~p.touched_mask()
        slot = p.ids[0].index(chop)
        if masks[slot] & ~worth:
            masks[slot] &= ~worth

    @staticmethod
    def _upper(total: float, square: float, n: int) -> float:
        mean = total / n
        var = max(square / n - mean * mean, 0.0) * n / max(n - 1, 1)
        return mean + 2.0 * (var / n) ** 0.5

    @staticmethod
    def fresh(state: State) -> State:
        s = state.copy()
        s.log = list(state.log)
        return s

    def rollout(self, s: State, action: dict[str, Any],
                starts: list[tuple[list[dict[str, Any]], Tracker] | None]) -> float:
        table = Table(s, starts)  # type: ignore[arg-type]
        s.play(action)
        bot = ConventionBot(self.bot.level, self.bot.seed)  # the imagined teammates follow the conventions only
        while not s.over:
            table.sync()
            seat = s.to_move
            a, _ = bot.decide(table.view(seat), table.trackers[seat])
            s.play(a)
            self.steps += 1
        return s.score


class Table:
    """An imagined game in progress: the state, and every seat's log and notes
    kept up to date event by event (cheaper than a fresh observation per move)."""

    def __init__(self, s: State, starts: list[tuple[list[dict[str, Any]], Tracker]]) -> None:
        self.s = s
        self.n = s.players
        self.logs = [list(log) for log, _ in starts]
        self.trackers = [t.copy() for _, t in starts]
        self.mark = len(s.log)

    def sync(self) -> None:
        log = self.s.log
        n = self.n
        for public, _hidden, _extra in log[self.mark:]:
            for seat in range(n):
                e = seats_from(dict(public), seat, n)
                self.logs[seat].append(e)
                self.trackers[seat].event(e)
        self.mark = len(log)

    def view(self, seat: int) -> dict[str, Any]:
        s = self.s
        n = self.n
        hands = []
        for rel in range(n):
            cards = s.hands[(seat + rel) % n]
            if rel:
                hands.append([{"id": c.id, **card_dict(c.ident)} for c in cards])
            else:
                hands.append([{"id": c.id, "colour": None, "rank": None} for c in cards])
        return {"players": n, "hands": hands, "clues": s.clues, "max_clues": MAX_CLUES, "deck": s.deck_left,
                "strikes": s.strikes, "max_strikes": MAX_STRIKES, "log": self.logs[seat],
                "legal_actions": s.legal_actions(), "turns_left": s.turns_left}
