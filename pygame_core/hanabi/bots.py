"""Hanabi AI teammates: they follow seeds/hanabi-conventions.md and see only the view.

A bot replays the public log into a `Tracker` (conventions.py), the same
notes every player can build, adds what it alone can count (the cards it
sees), and then takes the first of these that applies:

1. save the next player's chop card if it must not be lost and that player
   is about to discard it;
2. play a card it knows is playable (with two players and 15 or fewer cards
   in the deck, a play clue to the partner comes first);
3. give the best clue by the conventions, foreseen with the same reading
   the receiver will use (a clue whose reading would be wrong is never given),
   if it is worth it;
4. give a clue anyway if a discard would throw away a touched card or come
   right after our chop was saved, or with 3 or fewer cards in the deck (a
   clue draws no card), or with all 8 tokens (no discard then);
5. at the very end, a likely play; else discard a card known to be useless,
   else the chop.

Each decision comes with a structured reason (`last_reason` after `choose`,
or `explain(view, action)`), e.g. {"code": "clue_save", "target": 1,
"rank": 5, "card": {"colour": "red", "rank": 5}, "save": "five"}; the UI turns
codes into words. A player is shown only `reason_for(...)`: the reason cut
down to what that player can work out from their own view (`redact_reason`). Levels differ in judgement, never in conventions: easy
gives only clues that make a play or a save and never gambles; hard gambles
on any possible play in the final round, and with SEARCH_DECK cards or fewer
left it checks its conventional move against a few others by playing out
imagined endings (search.py; reason code "lookahead"). The weights were tuned by
self-play (bench/strength_hanabi.py). Decisions are pure functions of the
view and the level, and for hard also of the seed (its imagined deals are
drawn from it, the move number and the log length), so `explain` repeats `choose`.
"""

from __future__ import annotations

import copy
from typing import Any

from ..errors import EngineError
from ..protocol import Action, Bot, Observation
from .cards import COLOURS, COPIES, NUM_IDENTITIES, NUM_RANKS, card_dict, identity
from .conventions import LATE_DECK, PLAY, Tracker, bits, single
from .knowledge import zero_mask

Reason = dict[str, Any]


def ident_of(card: dict[str, Any]) -> int | None:
    if card.get("colour") is None:
        return None
    return identity(COLOURS.index(card["colour"]), card["rank"])


class Perspective:
    """One bot's picture of the table: the public notes plus what this seat sees."""

    def __init__(self, view: Observation, tracker: Tracker) -> None:
        self.view = view
        self.n = view["players"]
        self.t = tracker
        self.hands = [[ident_of(c) for c in hand] for hand in view["hands"]]  # None: unknown (own)
        self.ids = [[c["id"] for c in hand] for hand in view["hands"]]
        played = [0] * NUM_IDENTITIES
        for c, h in enumerate(tracker.stacks):
            for r in range(1, h + 1):
                played[identity(c, r)] = 1
        self.base_left = [COPIES[i] - played[i] - tracker.gone[i] for i in range(NUM_IDENTITIES)]
        self.unseen = self.base_left[:]
        for hand in self.hands[1:]:
            for i in hand:
                self.unseen[i] -= 1
        self.playable = tracker.playable_mask()
        self.trash = tracker.trash_mask()
        self.critical = tracker.critical_mask()
        self.gone_mask = zero_mask(self.unseen)  # identities with every copy in sight
        self._teammate_gone: dict[int, int] = {}
        self._touched: tuple[list[int], dict[int, int]] | None = None
        self.own = [self.private_mask(cid) for cid in self.ids[0]]

    def private_mask(self, cid: int) -> int:
        """What this seat may believe of one of its own cards."""
        note = self.t.notes[cid]
        live = ~self.gone_mask
        return note.conv & live or note.clue & live or note.clue

    def teammate_unseen(self, seat: int) -> list[int]:
        """A lower bound of what `seat` can count: cards in hands other than its own
        and ours, plus our cards the table knows exactly."""
        left = self.base_left[:]
        for s in range(1, self.n):
            if s != seat:
                for i in self.hands[s]:
                    left[i] -= 1
        for cid in self.ids[0]:
            i = single(self.t.notes[cid].conv)
            if i is not None and self.t.notes[cid].clued:
                left[i] -= 1
        return left

    def teammate_masks(self, seat: int, notes: dict | None = None) -> list[int]:
        """What `seat` believes of its cards (approximately, from below)."""
        gone = self._teammate_gone.get(seat)
        if gone is None:
            gone = self._teammate_gone[seat] = zero_mask(self.teammate_unseen(seat))
        out = []
        for cid in self.ids[seat]:
            note = (notes or {}).get(cid) or self.t.notes[cid]
            out.append(note.conv & ~gone or note.conv or note.clue)
        return out

    def chance(self, mask: int, good: int) -> float:
        """Probability that a card with possibilities `mask` is in `good`, by counts."""
        total = hit = 0
        for i in bits(mask):
            w = max(self.unseen[i], 0)
            total += w
            if good >> i & 1:
                hit += w
        return hit / total if total else 0.0

    def touched(self) -> tuple[list[int], dict[int, int]]:
        """Touched cards in every hand whose identity this seat can tell (its own
        when the notes pin them down): how many of each identity, and card id ->
        identity."""
        if self._touched is None:
            counts = [0] * NUM_IDENTITIES
            where: dict[int, int] = {}
            for seat in range(self.n):
                for cid, i in zip(self.ids[seat], self.hands[seat]):
                    if not self.t.notes[cid].clued:
                        continue
                    if i is None:
                        i = single(self.t.notes[cid].conv)
                    if i is not None:
                        counts[i] += 1
                        where[cid] = i
            self._touched = (counts, where)
        return self._touched

    def touched_mask(self) -> int:
        """Identities with a touched copy in some hand."""
        return sum(1 << i for i, k in enumerate(self.touched()[0]) if k)

    def clued_elsewhere(self, ident: int, skip: int) -> bool:
        """Is a copy of `ident` already touched in some hand (other than card `skip`)?"""
        counts, where = self.touched()
        return counts[ident] - (where.get(skip) == ident) > 0

    def maybe_mine(self, ident: int) -> bool:
        """Could one of our own touched cards be `ident`?"""
        return any(self.t.notes[cid].clued and m >> ident & 1 for cid, m in zip(self.ids[0], self.own))

    def visible_elsewhere(self, ident: int, seat: int) -> bool:
        return any(i == ident for s in range(1, self.n) if s != seat for i in self.hands[s])


class HanabiBot(Bot):
    """The three levels; all read and give clues by the same conventions."""

    game = "hanabi"
    EXTRA_TOUCH = 0.05  # a useful card touched beside the focus: a little information
    LOCK_PENALTY = 0.8
    CLUE_MIN = 0.3  # a clue worth at least this beats a discard (tuned by self-play)
    SAVE_TWOS = True
    DELAYED_VALUE = 0.0  # self-play: clues that only set up a delayed play cost more than they bring
    RISKY_MIN = {"easy": 1.0, "normal": 0.3, "hard": 0.0}  # least chance for an end-game gamble
    PLAY_ORDER = True  # play first what a teammate's touched card waits for, then 5s
    LOW_CLUES = 0  # at or below this many clue tokens, a clue must be worth CLUE_MIN_LOW
    CLUE_MIN_LOW = 1.0
    STALL_MIN = -0.5  # the least value of a clue given to avoid a risky discard
    STALL_MIN_LOCKED = -3.0  # the same when every card we hold is touched (a looser clue is allowed then)
    STALL_AFTER_SAVE = True
    CLUE_FIRST_DECK = {2: 15}  # players: with this many cards or fewer left, a play clue before a known play
    LATE_STALL_DECK = 3  # with this many cards or fewer left, clue rather than discard (self-play: +0.1 to +0.4)
    LATE_STALL_CLUES = 1  # ... if there is a clue token to spend
    LATE_DECK = LATE_DECK  # from this many cards left in the deck, good touch may bend to reach a play

    SEARCH_DECK = 5  # hard: look ahead when this many cards or fewer are left in the deck
    SEARCH_WORLDS = 24  # imagined endings per candidate move
    SEARCH_BUDGET = 1200  # imagined moves per decision with 2 players (bounds the time; scaled by 2/players)
    SEARCH_MARGIN = 0.1  # the least gain in average score to leave the conventional move

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        super().__init__(level, seed)
        self.search = level == "hard"
        self.last_reason: Reason | None = None
        self._cache: tuple[list[dict[str, Any]], Tracker] | None = None

    # ------------------------------------------------------------ protocol
    def choose(self, observation: Observation) -> Action:
        legal = observation.get("legal_actions") or []
        if not legal:
            raise EngineError("hanabi bot asked to choose with no legal actions in the observation")
        action, reason = self.decide(observation)
        self.last_reason = reason
        return copy.deepcopy(action)

    @classmethod
    def preview(cls, observation: Observation) -> list[dict[str, Any]]:
        return preview_clues(observation)

    def reason_for(self, viewer_offset: int) -> Reason | None:
        """The last reason as the player `viewer_offset` seats after this bot may read
        it: a clue to that player says no more than the clue (see `redact_reason`).
        The bridge hands the human only this form; `last_reason` and `explain`
        keep the whole reason for the bot's own use and for tests."""
        if self.last_reason is None:
            return None
        return redact_reason(self.last_reason, self.last_reason.get("target") == viewer_offset)

    def explain(self, observation: Observation, action: Action | None = None) -> Reason:
        """The reason for `action` (default: the bot's own choice) in this view."""
        chosen, reason = self.decide(observation)
        if action is None or action == chosen:
            return reason
        return {"code": "other"}

    # ------------------------------------------------------------ tracking
    def tracker(self, view: Observation) -> Tracker:
        """The public notes for this view; the replay is resumed from the last call
        when the log only grew since (same seat, same game), else redone."""
        log = view["log"]
        cached = self._cache
        if cached is not None:
            seen, t = cached
            if t.n == view["players"] and len(seen) <= len(log) and log[:len(seen)] == seen:
                for e in log[len(seen):]:
                    t.event(e)
                self._cache = (list(log), t)
                return t
        t = Tracker.from_view(view)
        self._cache = (list(log), t)
        return t

    # ------------------------------------------------------------ decision
    def decide(self, view: Observation, tracker: Tracker | None = None) -> tuple[Action, Reason]:
        """The move and its reason; `tracker`, if given, holds this view's notes
        already (the look-ahead keeps them up to date itself)."""
        p = Perspective(view, tracker or self.tracker(view))
        action, reason = self.convention_move(view, p)
        if self.search and view["deck"] <= self.SEARCH_DECK:
            from .search import LookAhead

            # A move costs more to imagine with more hands to read: the budget shrinks with the table.
            budget = self.SEARCH_BUDGET * 2 // view["players"]
            search = LookAhead(self, view, p, self.SEARCH_WORLDS, self.SEARCH_MARGIN, budget)
            found = search.run(action)
            if found is not None and found[0] != action:
                return found[0], {"code": "lookahead", "gain": round(found[1], 1), "worlds": search.worlds_used,
                                  "usual": reason["code"]}
        return action, reason

    def convention_move(self, view: Observation, p: Perspective) -> tuple[Action, Reason]:
        legal = view["legal_actions"]
        keys = {_key(a) for a in legal}
        clues = view["clues"]

        save = self.urgent_save(p, keys) if clues > 0 else None
        if save is not None:
            return save
        play = self.known_play(p)
        clue_first = play is not None and 0 < view["deck"] <= self.CLUE_FIRST_DECK.get(p.n, 0)
        best = (self.best_clue(p, keys, view["deck"] > self.LATE_DECK)
                if clues > 0 and (play is None or clue_first) else None)
        if clue_first and best is not None and best[2]["code"] == "clue_play" and best[0] >= 1.0:
            # With two players, in the second half of the deck a known card can
            # wait (it draws no card while it waits); the partner's card needs the
            # clue first. (Self-play: +0.3 with two players, a loss with more.)
            return best[1], best[2]
        if play is not None:
            return play
        can_discard = clues < view["max_clues"]
        endgame = view["deck"] == 0
        bar = self.CLUE_MIN if clues > self.LOW_CLUES and self.level != "easy" else self.CLUE_MIN_LOW
        if best is not None and (best[0] >= bar or (endgame and best[0] > 0)):
            return best[1], best[2]
        if best is not None and not can_discard:
            return best[1], _stalled(best[2], "full")  # all 8 tokens: a clue is the only safe move
        locked = p.t.chop(0) is None
        if best is None and locked and clues > 0:
            best = self.best_clue(p, keys, False)  # a locked hand: a looser clue beats losing a card
        floor = self.STALL_MIN_LOCKED if locked else self.STALL_MIN
        stall = self.should_stall(p) if best is not None and best[0] > floor else None
        if (stall is None and best is not None and best[0] > floor and clues >= self.LATE_STALL_CLUES
                and 0 < view["deck"] <= self.LATE_STALL_DECK):
            stall = "late"  # a discard draws a card and brings the end nearer
        if stall is not None:
            # Rather than discard a touched card, or the card after a fresh save, clue.
            return best[1], _stalled(best[2], stall)
        risky = self.risky_play(p)
        if risky is not None:
            return risky
        if can_discard:
            return self.discard(p)
        return {"type": "play", "slot": len(p.own) - 1}, {"code": "play_forced", "slot": len(p.own) - 1}

    def should_stall(self, p: Perspective) -> str | None:
        """Why a discard now would likely lose something, or None: every card is
        touched ("locked"), or a teammate just saved our chop, so the next card
        may need a save too ("after_save": give the teammate a turn to do it)."""
        if p.t.chop(0) is None:
            return None if any(m and not m & ~p.trash for m in p.own) else "locked"
        if not self.STALL_AFTER_SAVE or self.level == "easy":
            return None
        for e in reversed(p.view["log"]):
            if e["type"] in ("play", "discard", "clue") and e["seat"] == 0:
                return None
            if e["type"] == "clue" and e["target"] == 0:
                for _giver, target, reading in reversed(p.t.readings):
                    if target == 0:
                        return "after_save" if reading.kind == "save" else None
                return None
        return None

    # --- 1. saves -------------------------------------------------------
    def needs_save(self, p: Perspective, seat: int, cid: int, ident: int) -> str | None:
        """Why the card `cid` (identity `ident`) on `seat`'s chop must not be discarded."""
        if p.trash >> ident & 1 or p.clued_elsewhere(ident, cid):
            return None
        if ident % NUM_RANKS == NUM_RANKS - 1:
            return "five"
        if p.critical >> ident & 1:
            return "critical"
        if self.SAVE_TWOS and ident % NUM_RANKS == 1 and not p.visible_elsewhere(ident, seat):
            return "two"
        return None

    def will_discard(self, p: Perspective, seat: int) -> bool:
        masks = p.teammate_masks(seat)
        if p.view["clues"] >= p.view["max_clues"]:
            return False
        return not any(m and not m & ~p.playable for m in masks) and not any(
            m and not m & ~p.trash for m in masks)

    def urgent_save(self, p: Perspective, keys: set[str]) -> tuple[Action, Reason] | None:
        seat = 1
        chop = p.t.chop(seat)
        if chop is None or p.view["clues"] == 0:
            return None
        ident = p.hands[seat][p.ids[seat].index(chop)]
        why = self.needs_save(p, seat, chop, ident)
        if why is None or not self.will_discard(p, seat):
            return None
        best = None
        for strict in (True, False):
            for value in self.clue_values(p, seat):
                scored = self.score_clue(p, seat, value, strict)
                if scored is None or chop not in scored[1]:
                    continue
                if best is None or scored[0] > best[0]:
                    best = (scored[0], value)
            if best is not None:
                break
        if best is None:
            return None
        action = _clue_action(seat, best[1])
        if _key(action) not in keys:
            return None
        touched = [cid for cid, h in zip(p.ids[seat], p.t.touched_by(p.hands[seat], best[1])) if h]
        if p.t.read_clue(seat, touched, best[1]).kind == "play":
            # the chop card is playable and the receiver will read a play clue: say so
            return action, {"code": "clue_play", "target": seat, **_value_dict(best[1]), "card": card_dict(ident)}
        reason = {"code": "clue_save", "target": seat, **_value_dict(best[1]), "card": card_dict(ident), "save": why}
        return action, reason

    # --- 2. plays -------------------------------------------------------
    def known_play(self, p: Perspective) -> tuple[Action, Reason] | None:
        # Touched cards in teammates' hands: playing what they wait for comes first.
        waiting = 0
        for seat in range(1, p.n):
            for cid, ident in zip(p.ids[seat], p.hands[seat]):
                if p.t.notes[cid].clued:
                    waiting |= 1 << ident
        options = []
        for slot, m in enumerate(p.own):
            if m and not m & ~p.playable:
                status = p.t.notes[p.ids[0][slot]].status
                idents = bits(m)
                unlocks = all(i % NUM_RANKS < NUM_RANKS - 1 and waiting >> (i + 1) & 1 for i in idents)
                five = all(i % NUM_RANKS == NUM_RANKS - 1 for i in idents) and p.view["clues"] < 8
                key = (-int(unlocks and self.PLAY_ORDER), -int(five and self.PLAY_ORDER),
                       min(i % NUM_RANKS for i in idents), -int(status == PLAY), slot)
                options.append((key, slot, m))
        if not options:
            return None
        options.sort()
        _, slot, m = options[0]
        ident = single(m)
        reason: Reason = {"code": "play_known", "slot": slot}
        if ident is not None:
            reason["card"] = card_dict(ident)
        basis = clue_basis(p.view, p.t, p.ids[0][slot])
        if basis is not None:
            reason["clue"] = basis
        return {"type": "play", "slot": slot}, reason

    def risky_play(self, p: Perspective) -> tuple[Action, Reason] | None:
        """At the end (deck empty) a likely play may be worth a strike; never the third."""
        view = p.view
        if view["strikes"] >= view["max_strikes"] - 1 or self.level == "easy":
            return None
        if view["deck"] > 0:
            return None
        best = None
        for slot, m in enumerate(p.own):
            c = p.chance(m, p.playable)
            if c > 0 and (best is None or c > best[0]):
                best = (c, slot)
        threshold = self.RISKY_MIN[self.level]
        if best is None or best[0] <= threshold:
            return None
        return {"type": "play", "slot": best[1]}, {"code": "play_risky", "slot": best[1],
                                                   "chance": round(best[0], 2)}

    # --- 3. clues -------------------------------------------------------
    def clue_values(self, p: Perspective, seat: int) -> list[tuple[str, int]]:
        return clue_values_of(p.hands[seat])

    def score_clue(self, p: Perspective, seat: int, value: tuple[str, int],
                   strict: bool = True) -> tuple[float, set[int], str] | None:
        """Value of a clue by its foreseen reading; None if the reading would be wrong.

        Returns (value, ids of cards it saves from the chop or calls to play, label).
        """
        t = p.t
        hand, ids = p.hands[seat], p.ids[seat]
        hit = t.touched_by(hand, value)
        touched = [cid for cid, h in zip(ids, hit) if h]
        reading = t.read_clue(seat, touched, value)
        before = p.teammate_masks(seat)
        after = p.teammate_masks(seat, reading.notes)
        chop = t.chop(seat)
        score = 0.0
        # Near the end a touched useless card costs little: there is no time to discard it anyway.
        bad_touch = 1.5 if p.view["deck"] > self.LATE_DECK else 0.1
        gains: set[int] = set()
        label = reading.kind
        reach = t.reachable_mask()
        seen_touch: set[int] = set()
        for slot, cid in enumerate(ids):
            ident = hand[slot]
            note = reading.notes[cid]
            old = t.notes[cid]
            if not note.conv >> ident & 1 and old.conv >> ident & 1:
                if strict or cid == reading.focus or not p.trash >> ident & 1 or old.clued:
                    return None  # the reading would mislead the receiver
                score -= bad_touch  # a useless card touched beside the focus: it will hold a slot
                continue
            if cid not in touched:
                continue
            knows_play_before = before[slot] and not before[slot] & ~p.playable
            knows_play_after = after[slot] and not after[slot] & ~p.playable
            useless = p.trash >> ident & 1
            duplicate = ident in seen_touch or p.clued_elsewhere(ident, cid)
            seen_touch.add(ident)
            if not old.clued and not duplicate and p.maybe_mine(ident):
                score -= 0.5  # it may duplicate a touched card of our own
            if not old.clued and (useless or duplicate):
                if strict:
                    return None  # good touch: never touch a card that is or will be trash
                score -= bad_touch if useless else 2 * bad_touch / 3
                continue
            if knows_play_after and not knows_play_before:
                score += 1.0 + 0.1 * (NUM_RANKS - ident % NUM_RANKS)
                gains.add(cid)
            elif (note.status == PLAY and old.status != PLAY and reach >> ident & 1
                  and self.level != "easy"):
                score += self.DELAYED_VALUE  # a delayed play: it waits for a touched card
                gains.add(cid)
            elif not old.clued:
                why = self.needs_save(p, seat, cid, ident) if cid == chop else None
                if why:
                    score += 1.2 if why != "two" else 0.9
                    # The conventional save: a rank clue for a 5 or a 2.
                    if (why, value) in (("five", ("rank", 5)), ("two", ("rank", 2))):
                        score += 0.05
                    gains.add(cid)
                elif p.playable >> ident & 1:
                    score += 0.3
                else:
                    score += self.EXTRA_TOUCH
            elif note.conv != old.conv:
                score += 0.05
        # A save that leaves another card to be saved on the new chop is worth less.
        if chop is not None and reading.notes[chop].clued:
            rest = [(c, i) for c, i in zip(ids, hand) if not reading.notes[c].clued]
            if rest and self.needs_save(p, seat, rest[-1][0], rest[-1][1]):
                score -= 0.4
        # A hand with every card touched has nothing safe to discard (locked).
        if (not any(not n.clued for n in reading.notes.values()) and any(not t.notes[c].clued for c in ids)
                and not any(m and not m & ~p.playable for m in after)):
            score -= self.LOCK_PENALTY
        score -= 0.02 * seat  # a clue to the next player helps sooner
        return score, gains, label

    def best_clue(self, p: Perspective, keys: set[str], strict: bool = True) -> tuple[float, Action, Reason] | None:
        """The best clue by its foreseen value; with `strict` off (a stall at 8
        clues), clues that break good touch are allowed at a penalty."""
        best = None
        for seat in range(1, p.n):
            for value in self.clue_values(p, seat):
                scored = self.score_clue(p, seat, value, strict)
                if scored is None:
                    continue
                action = _clue_action(seat, value)
                if _key(action) not in keys:
                    continue
                if best is None or scored[0] > best[0]:
                    best = (scored[0], action, seat, value, scored[1], scored[2])
        if best is None:
            loose = p.view["clues"] >= p.view["max_clues"] or p.view["deck"] <= self.LATE_DECK
            return self.best_clue(p, keys, False) if strict and loose else None
        score, action, seat, value, gains, label = best
        reason: Reason = {"code": "clue_play" if label in ("play", "tempo") else
                          "clue_save" if label == "save" else "clue_info",
                          "target": seat, **_value_dict(value)}
        focus = sorted(gains, key=lambda cid: p.ids[seat].index(cid))
        if focus:
            ident = p.hands[seat][p.ids[seat].index(focus[0])]
            reason["card"] = card_dict(ident)
            if reason["code"] == "clue_save":
                reason["save"] = self.needs_save(p, seat, focus[0], ident) or "critical"
        return score, action, reason

    # --- 4. discards ----------------------------------------------------
    def discard(self, p: Perspective) -> tuple[Action, Reason]:
        for slot, m in enumerate(p.own):
            if m and not m & ~p.trash:
                return {"type": "discard", "slot": slot}, {"code": "discard_trash", "slot": slot}
        chop = p.t.chop(0)
        if chop is not None:
            slot = p.ids[0].index(chop)
            return {"type": "discard", "slot": slot}, {"code": "discard_chop", "slot": slot}
        # Every card is touched: give up the one least likely to matter.
        best = max(range(len(p.own)), key=lambda s: (p.chance(p.own[s], p.trash),
                                                       -p.chance(p.own[s], p.critical), s))
        return {"type": "discard", "slot": best}, {"code": "discard_locked", "slot": best}


def clue_values_of(hand: list[int]) -> list[tuple[str, int]]:
    """Every clue a hand of these identities can be given, in the order of the
    legal actions: colours, then ranks."""
    colours = sorted({i // NUM_RANKS for i in hand})
    ranks = sorted({i % NUM_RANKS + 1 for i in hand})
    return [("colour", c) for c in colours] + [("rank", r) for r in ranks]


def _key(action: dict[str, Any]) -> tuple[Any, ...]:
    return (action["type"], action.get("slot"), action.get("target"), action.get("colour"), action.get("rank"))


def _clue_action(seat: int, value: tuple[str, int]) -> dict[str, Any]:
    if value[0] == "colour":
        return {"type": "clue", "target": seat, "colour": COLOURS[value[1]]}
    return {"type": "clue", "target": seat, "rank": value[1]}


def _value_dict(value: tuple[str, int]) -> dict[str, Any]:
    return {"colour": COLOURS[value[1]]} if value[0] == "colour" else {"rank": value[1]}


def _stalled(reason: Reason, why: str) -> Reason:
    """A clue given mainly to avoid a discard: say so, unless it does real work."""
    if reason["code"] in ("clue_play", "clue_save"):
        return reason
    return {**reason, "code": "clue_stall", "stall": why}


# What a save clue's own value tells its receiver about the chop card it touched:
# a 5 clue says "a 5", a 2 clue "a 2". Anything else ("critical": the last copy
# of the card) comes from cards the receiver cannot see, so the receiver is told
# only that the clue saves their chop card ("chop").
SAVE_TOLD_BY_RANK = {5: "five", 2: "two"}


def clue_basis(view: Observation, tracker: Tracker, card_id: int) -> Reason | None:
    """The last clue that touched a card, and how the conventions read it, for a
    play's reason: {"by": the giver (seat counted from the bot), "colour" or
    "rank", "slot": where the card was, "as": "play" (a play clue on it),
    "tempo" (a clue on touched cards only, naming it to play), "save" (a save on
    it) or "touch" (touched beside the clue's focus)}. All of it is public: any
    player can check it against the log and the conventions page."""
    clues = [e for e in view["log"] if e["type"] == "clue"]
    if len(clues) != len(tracker.readings):
        return None
    for e, (_giver, _target, reading) in zip(reversed(clues), reversed(tracker.readings)):
        if card_id not in e["ids"]:
            continue
        focus = reading.focus == card_id
        kind = reading.kind if focus and reading.kind in ("play", "tempo", "save") else "touch"
        out: Reason = {"by": e["seat"], "slot": e["slots"][e["ids"].index(card_id)], "as": kind}
        out.update({k: e[k] for k in ("colour", "rank") if k in e})
        return out
    return None


def redact_reason(reason: Reason, target_is_viewer: bool) -> Reason:
    """A reason as a given viewer may read it (a copy).

    A clue to the viewer may say no more than the clue itself and the viewer's
    own view do: the touched card ("card") is dropped, and a save's kind is
    kept only where the clue's rank states it; otherwise it becomes "chop"
    (a save of the chop card, no word on what or why). A clue to anyone else
    names only cards the viewer sees. A play's "card" is the bot's belief about
    its own card, which it may have narrowed by the cards in the viewer's hand
    (and which may even be wrong): it is dropped for every viewer, who sees the
    real card anyway, in the bot's hand and then in the log.
    """
    out = copy.deepcopy(reason)
    code = str(out.get("code", ""))
    if code.startswith("play"):
        out.pop("card", None)
    if not target_is_viewer or not code.startswith("clue"):
        return out
    out.pop("card", None)
    if "save" in out:
        out["save"] = SAVE_TOLD_BY_RANK.get(out.get("rank"), "chop")
    return out


__all__ = ["HanabiBot", "Perspective", "redact_reason"]


# ---------------------------------------------------------------- clue preview
def preview_clues(observation: Observation) -> list[dict[str, Any]]:
    """How each clue the player may give now will be read, by the same code the
    bots read clues with (conventions.py), and what follows from it.

    `observation` is the player's own view: it is all this uses, and the cards
    it names are teammates' cards, which the player sees. One entry per legal
    clue, in the order of the legal actions: the clue's target and value, the
    slot of the card the clue is about ("focus", or None), how the receiver
    reads it ("play": play it now; "delayed": play it once a touched card
    before it is played; "save": keep it; "info": nothing to do), that card,
    and a warning when the reading goes wrong:

    - "strike": the receiver will play a card that does not fit;
    - "misread": a touched card will be taken for something it is not;
    - "useless": it touches a card nobody needs (it will hold a slot);
    - "lost": the clue saves nothing, and the receiver, with nothing to play,
      will discard the chop, a card that must not be lost ("chop": that card).
    """
    legal = [a for a in observation.get("legal_actions") or [] if a.get("type") == "clue"]
    if not legal:
        return []
    bot = HanabiBot("normal", seed=0)
    t = Tracker.from_view(observation)
    p = Perspective(observation, t)
    reach = t.reachable_mask()
    out = []
    for action in legal:
        seat = action["target"]
        value = ("colour", COLOURS.index(action["colour"])) if "colour" in action else ("rank", action["rank"])
        hand, ids = p.hands[seat], p.ids[seat]
        touched = [cid for cid, hit in zip(ids, t.touched_by(hand, value)) if hit]
        reading = t.read_clue(seat, touched, value)
        entry: dict[str, Any] = {"target": seat, **_value_dict(value), "focus": None, "reading": "info", "warn": None}
        after = p.teammate_masks(seat, reading.notes)
        if reading.focus is not None:
            slot = ids.index(reading.focus)
            ident = hand[slot]
            entry["focus"], entry["card"] = slot, card_dict(ident)
            if reading.kind in ("play", "tempo"):
                entry["reading"] = "play" if after[slot] and not after[slot] & ~p.playable else "delayed"
                if not reach >> ident & 1:
                    entry["warn"] = "strike"
            elif reading.kind == "save":
                entry["reading"] = "save"
        if entry["warn"] is None:
            seen: set[int] = set()
            for cid in touched:
                ident = hand[ids.index(cid)]
                twice = ident in seen  # two copies touched by the one clue: one of them is wasted
                seen.add(ident)
                if not t.notes[cid].clued and (p.trash >> ident & 1 or p.clued_elsewhere(ident, cid) or twice):
                    entry["warn"] = "useless"
                    break
                if not reading.notes[cid].conv >> ident & 1:
                    entry["warn"] = "misread"
                    break
        if entry["warn"] is None:
            chop = t.chop(seat)
            if chop is not None and chop not in touched and not reading.notes[chop].clued:
                ident = hand[ids.index(chop)]
                nothing_to_play = not any(m and not m & ~p.playable for m in after)
                if nothing_to_play and bot.needs_save(p, seat, chop, ident):
                    entry["warn"], entry["chop"] = "lost", card_dict(ident)
        out.append(entry)
    return out
