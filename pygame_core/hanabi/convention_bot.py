"""Hanabi teammates that follow seeds/hanabi-conventions.md and see only the view.

A bot replays the public log into a `Tracker` (conventions.py), the same
notes every player can build, adds what it alone can count (the cards it
sees: `Perspective`, perspective.py), and then takes the first of these that
applies:

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
down to what that player can work out from their own view (`redact_reason`,
reasons.py). Levels differ in judgement, never in conventions: easy gives only
clues that make a play or a save and never gambles; hard gambles on any
possible play in the final round. The weights were tuned by self-play
(bench/strength_hanabi.py). Decisions are pure functions of the view and the
level, so `explain` repeats `choose`.

This is the whole bot but for the hard level's look-ahead (search.py), which
imagines its teammates as bots of this class; `HanabiBot` (bots.py) joins the
two, so neither this module nor the search imports the other's user.
"""

from __future__ import annotations

import copy
from typing import Any

from ..errors import EngineError
from ..protocol import Action, Bot, Observation
from .cards import COLOURS, NUM_RANKS, card_dict
from .conventions import LATE_DECK, PLAY, Tracker, bits, single
from .perspective import ClueValue, Perspective, action_key, clue_action, clue_values_of, value_dict
from .reasons import Reason, clue_basis, redact_reason


class ConventionBot(Bot):
    """A teammate that follows the conventions, at one of the three levels: the
    levels differ in judgement (the weights below), never in how clues are read.
    It never searches: `HanabiBot` (bots.py) adds the hard level's look-ahead,
    and the look-ahead imagines its teammates as ConventionBots."""

    game = "hanabi"
    # What a clue is worth, card by card (the page's table in section 9, held to it by a test).
    PLAY_VALUE = 1.0  # a card the receiver now knows is playable ...
    LOW_RANK_BONUS = 0.1  # ... plus this times (6 - its rank): a 5 is worth 1.1, a 1 1.5
    SAVE_VALUE = 1.2  # a chop card saved: a 5 or a last copy
    SAVE_TWO_VALUE = 0.9  # a 2 saved
    RANK_SAVE_BONUS = 0.05  # a 5 saved with a 5 clue, a 2 with a 2 clue
    HIDDEN_PLAYABLE = 0.3  # a playable card newly touched that the receiver cannot yet tell is playable
    EXTRA_TOUCH = 0.05  # a useful card touched beside the focus: a little information
    NARROW_VALUE = 0.05  # a touched card the clue narrows
    MAYBE_MINE = 0.5  # cost: a new touch one of our own touched cards might duplicate
    SAVE_AGAIN = 0.4  # cost: the chop is touched and the card that becomes the chop needs a save too
    LOCK_PENALTY = 0.8  # cost: every card touched, nothing known to play
    SEAT_COST = 0.02  # cost per seat from the giver: a clue to the next player helps sooner
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

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        super().__init__(level, seed)
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
        return self.convention_move(view, Perspective(view, tracker or self.tracker(view)))

    def convention_move(self, view: Observation, p: Perspective) -> tuple[Action, Reason]:
        legal = view["legal_actions"]
        keys = {action_key(a) for a in legal}
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
        if stall is not None and not self.strands_next(p, best[1]):
            # Rather than discard a touched card, or the card after a fresh save, clue.
            return best[1], _stalled(best[2], stall)
        risky = self.risky_play(p)
        if risky is not None:
            return risky
        if can_discard:
            return self.discard(p)
        return {"type": "play", "slot": len(p.own) - 1}, {"code": "play_forced", "slot": len(p.own) - 1}

    def strands_next(self, p: Perspective, action: Action) -> bool:
        """Would this clue, spending the last token, leave the next player with every card
        touched, none they know to play and none they know is useless? They could only
        discard a touched card (issue 29, case 4): a stall then discards instead."""
        if p.view["clues"] != 1:
            return False
        seat, notes = 1, None
        if action["target"] == seat:
            value = ("colour", COLOURS.index(action["colour"])) if "colour" in action else ("rank", action["rank"])
            touched = [cid for cid, h in zip(p.ids[seat], p.t.touched_by(p.hands[seat], value)) if h]
            notes = p.t.read_clue(seat, touched, value).notes
        if any(not (notes or p.t.notes)[cid].clued for cid in p.ids[seat]):
            return False
        masks = p.teammate_masks(seat, notes)
        return not any(m and not m & ~p.playable for m in masks) and not any(m and not m & ~p.trash for m in masks)

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
        action = clue_action(seat, best[1])
        if action_key(action) not in keys:
            return None
        touched = [cid for cid, h in zip(p.ids[seat], p.t.touched_by(p.hands[seat], best[1])) if h]
        reading = p.t.read_clue(seat, touched, best[1])
        if reading.kind == "play":
            # the chop card is playable and the receiver will read a play clue: say so
            reason = {"code": "clue_play", "target": seat, **value_dict(best[1]), "card": card_dict(ident)}
        else:
            reason = {"code": "clue_save", "target": seat, **value_dict(best[1]), "card": card_dict(ident), "save": why}
        return action, _with_focus(reason, p.ids[seat], reading.focus)

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
    def clue_values(self, p: Perspective, seat: int) -> list[ClueValue]:
        return clue_values_of(p.hands[seat])

    def score_clue(self, p: Perspective, seat: int, value: ClueValue,
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
        seen_touch: set[int] = set()
        for slot, cid in enumerate(ids):
            ident = hand[slot]
            note = reading.notes[cid]
            old = t.notes[cid]
            # What this card can be to be played now or after known touched cards (a card the clue
            # itself pins down counts: issue 29, case 2).
            reach = t.reachable_after(reading.notes, cid) if note.status == PLAY and old.status != PLAY else 0
            if note.status == PLAY and old.status != PLAY and not reach >> ident & 1:
                # It calls to play a card that, as we see it, can never be played now or after the known
                # touched cards: a strike. (A touched copy of a card played since no longer counts its own
                # identity, so the check below would let a tempo clue on it through: issue 29, case 1.)
                return None
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
                score -= self.MAYBE_MINE  # it may duplicate a touched card of our own
            if not old.clued and (useless or duplicate):
                if strict:
                    return None  # good touch: never touch a card that is or will be trash
                score -= bad_touch if useless else 2 * bad_touch / 3
                continue
            if knows_play_after and not knows_play_before:
                score += self.PLAY_VALUE + self.LOW_RANK_BONUS * (NUM_RANKS - ident % NUM_RANKS)
                gains.add(cid)
            elif (note.status == PLAY and old.status != PLAY and reach >> ident & 1
                  and self.level != "easy"):
                score += self.DELAYED_VALUE  # a delayed play: it waits for a touched card
                gains.add(cid)
            elif not old.clued:
                why = self.needs_save(p, seat, cid, ident) if cid == chop else None
                if why:
                    score += self.SAVE_VALUE if why != "two" else self.SAVE_TWO_VALUE
                    # The conventional save: a rank clue for a 5 or a 2.
                    if (why, value) in (("five", ("rank", 5)), ("two", ("rank", 2))):
                        score += self.RANK_SAVE_BONUS
                    gains.add(cid)
                elif p.playable >> ident & 1:
                    score += self.HIDDEN_PLAYABLE
                else:
                    score += self.EXTRA_TOUCH
            elif note.conv != old.conv:
                score += self.NARROW_VALUE
        # A save that leaves another card to be saved on the new chop is worth less.
        if chop is not None and reading.notes[chop].clued:
            rest = [(c, i) for c, i in zip(ids, hand) if not reading.notes[c].clued]
            if rest and self.needs_save(p, seat, rest[-1][0], rest[-1][1]):
                score -= self.SAVE_AGAIN
        # A hand with every card touched has nothing safe to discard (locked).
        if (not any(not n.clued for n in reading.notes.values()) and any(not t.notes[c].clued for c in ids)
                and not any(m and not m & ~p.playable for m in after)):
            score -= self.LOCK_PENALTY
        score -= self.SEAT_COST * seat  # a clue to the next player helps sooner
        return score, gains, label, reading.focus

    def best_clue(self, p: Perspective, keys: set[str], strict: bool = True) -> tuple[float, Action, Reason] | None:
        """The best clue by its foreseen value; with `strict` off (a stall at 8
        clues), clues that break good touch are allowed at a penalty."""
        best = None
        for seat in range(1, p.n):
            for value in self.clue_values(p, seat):
                scored = self.score_clue(p, seat, value, strict)
                if scored is None:
                    continue
                action = clue_action(seat, value)
                if action_key(action) not in keys:
                    continue
                if best is None or scored[0] > best[0]:
                    best = (scored[0], action, seat, value, scored[1], scored[2], scored[3])
        if best is None:
            loose = p.view["clues"] >= p.view["max_clues"] or p.view["deck"] <= self.LATE_DECK
            return self.best_clue(p, keys, False) if strict and loose else None
        score, action, seat, value, gains, label, reading_focus = best
        reason: Reason = {"code": "clue_play" if label in ("play", "tempo") else
                          "clue_save" if label == "save" else "clue_info",
                          "target": seat, **value_dict(value)}
        focus = sorted(gains, key=lambda cid: p.ids[seat].index(cid))
        if focus:
            ident = p.hands[seat][p.ids[seat].index(focus[0])]
            reason["card"] = card_dict(ident)
            if reason["code"] == "clue_save":
                reason["save"] = self.needs_save(p, seat, focus[0], ident) or "critical"
        return score, action, _with_focus(reason, p.ids[seat], reading_focus)

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


def _with_focus(reason: Reason, ids: list[int], focus: int | None) -> Reason:
    """A play or save clue's reason with "slot": where in the receiver's hand the card
    lies that the conventions read the clue as being about (its focus). It is public:
    the receiver works it out from the clue, the chop and the earlier clues, so "so you
    play card 2" tells them no more than the clue does; without it, a clue that touched
    several cards said "so you play it" and left them to guess which."""
    if focus is not None and reason["code"] in ("clue_play", "clue_save"):
        reason["slot"] = ids.index(focus)
    return reason


def _stalled(reason: Reason, why: str) -> Reason:
    """A clue given mainly to avoid a discard: say so, unless it does real work."""
    if reason["code"] in ("clue_play", "clue_save"):
        return reason
    return {**reason, "code": "clue_stall", "stall": why}
