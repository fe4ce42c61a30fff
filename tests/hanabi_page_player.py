"""A Hanabi player who learned only seeds/hanabi-conventions.md.

It reads every clue with the literal reader (hanabi_page_reader.py, written
from the page, never from the bots' code) and takes its turn in the page's
order (section 9, with the end-game rules of section 10):

1. save the next player's chop if it is a 5, a 2 with no copy in sight, or
   the last copy of a needed card, and that player has nothing they know to
   play (section 8);
2. play a touched card the clues and the cards in sight prove playable: first
   one a teammate's touched card waits for, then a 5, then the lowest;
3. give the most useful clue if it is worth it: each clue is weighed card by
   card by the table of section 9.3 (a card made known playable 1.1 plus 0.1
   per rank below 5, a save 1.2 or 0.9, and so on, the lines below zero on
   top), and the best is given at 0.3 or more (above 0 with the deck empty);
4. give a clue anyway when every card held is touched, when a teammate has
   just saved our chop, or with all 8 tokens (but not with the last token when
   it would leave the next player only touched cards to discard);
5. discard a card known to be useless, else the chop (if every card is
   touched: the one most likely useless).

It foresees how a teammate reads a clue with the same literal reader, and
never gives a clue the reader would take for something the card is not, nor
one good touch forbids, except as section 5 allows (a critical save no clean
clue reaches, all 8 tokens and no clean clue, a useless card beside the focus
in the last 5 cards).
Section 10: with two players and 15 or fewer cards left, a play clue to the
partner comes before its own known play; with 1 to 3 cards left it clues
rather than discards (any clue that misleads nobody); with the deck empty it may try a card that is playable
with better than a 30% chance, but never risks the third strike.

It is a model of a careful person at the table, used by
`bench/strength_hanabi.py --mixed` to measure how well a person who follows
the page plays with the bots. It sees only the observation.
"""

from __future__ import annotations

from hanabi_page_reader import COLOURS, COPIES, PageReader

CLUE_WORTH = 0.3  # section 9.3: a clue worth this or more is given (step 3)
LOCK_PENALTY = 0.8  # the receiver is left with every card touched and nothing to play
GAMBLE = 0.3  # least chance of a play once the deck is empty (section 10)


class PagePlayer:
    """Plays one seat of a Hanabi game by the conventions page alone."""

    def __init__(self) -> None:
        self.reader: PageReader | None = None
        self.read = 0  # log events replayed so far
        self.readings: list[tuple[dict, dict]] = []  # (clue event, reading) of every clue so far

    # ------------------------------------------------------------ the view
    def _catch_up(self, view: dict) -> None:
        log = view["log"]
        if self.reader is None or len(log) < self.read:
            self.reader, self.read, self.readings = PageReader(view["players"]), 0, []
        for e in log[self.read:]:
            said = self.reader.event(e)
            if said is not None:
                self.readings.append((e, said))
        self.read = len(log)
        for seat, hand in enumerate(view["hands"]):
            assert [c["id"] for c in hand] == [c.id for c in self.reader.hands[seat]], "reader lost the hand order"

    def _unseen(self, view: dict, skip: int = 0) -> dict:
        """Copies of each card not in sight: not played, discarded or in a hand other than
        ours and seat `skip`'s (with skip 0, what this seat cannot see)."""
        left = {(c, r): COPIES[r] - (1 if view["stacks"][c] >= r else 0) for c in COLOURS for r in range(1, 6)}
        for d in view["discards"]:
            left[(d["colour"], d["rank"])] -= 1
        for seat, hand in enumerate(view["hands"]):
            if seat not in (0, skip):
                for c in hand:
                    left[(c["colour"], c["rank"])] -= 1
        return left

    def _mine(self, card, unseen: dict) -> dict:
        """What one of our own cards may be, weighted by the copies not in sight."""
        out = {x: unseen[x] for x in card.possible if unseen[x] > 0}
        # clues that contradict each other leave nothing: then nothing is known of the card
        return out or {x: n for x, n in unseen.items() if n > 0} or {("red", 1): 1}

    def _playable_now(self, x) -> bool:
        return self.reader.stacks[x[0]] == x[1] - 1

    # ------------------------------------------------------------ the turn
    def choose(self, view: dict) -> dict:
        self._catch_up(view)
        r = self.reader
        legal = view["legal_actions"]
        clues_ok = view["clues"] > 0
        can_discard = any(a["type"] == "discard" for a in legal)
        unseen = self._unseen(view)
        mine = [self._mine(c, unseen) for c in r.hands[0]]
        n = view["players"]

        # 1. Save the next player's chop (section 8).
        if clues_ok and n > 1:
            save = self._save_next(view)
            if save is not None:
                return save

        plays = [i for i, (c, m) in enumerate(zip(r.hands[0], mine))
                 if c.touched and all(self._playable_now(x) for x in m)]
        clue, value, said = self._best_clue(view) if clues_ok else (None, -99.0, None)
        if clue is None and clues_ok and not can_discard:
            clue, value, said = self._best_clue(view, clean=False)  # all 8 tokens and no clean clue

        # Section 10: two players, 15 or fewer cards left: a play clue (its focus read as play, or
        # a tempo clue) worth 1.0 or more to the partner first.
        if plays and n == 2 and view["deck"] <= 15 and clue is not None and value >= 1.0 \
                and said["reading"] == "play":
            return clue
        # 2. Play a known playable card.
        if plays:
            return {"type": "play", "slot": self._first_play(plays, mine, view)}
        # Deck empty: a likely play, never the third strike (section 10).
        if view["deck"] == 0 and view["strikes"] < view["max_strikes"] - 1:
            best = max(range(len(mine)), key=lambda i: self._chance(mine[i]), default=None)
            if best is not None and self._chance(mine[best]) > GAMBLE:
                return {"type": "play", "slot": best}
        # 3. The most useful clue, if worth it (9.3: 0.3 or more; above 0 with the deck empty).
        if clue is not None and (value >= CLUE_WORTH or view["deck"] == 0 and value > 0):
            return clue
        # 4. A clue anyway (one that misleads nobody, unless there is nothing else to do).
        all_touched = all(c.touched for c in r.hands[0])
        if clue is not None and (not can_discard or value > -99 and (
                all_touched or self._chop_just_saved() or 0 < view["deck"] <= 3 and value > -0.5)
                and not self._strands_next(view, clue)):
            return clue
        # 5. Discard.
        if can_discard:
            return {"type": "discard", "slot": self._discard_slot(mine)}
        return clue if clue is not None else legal[0]

    def _first_play(self, plays: list[int], mine: list[dict], view: dict) -> int:
        """Section 9.2: first a card a teammate's touched card waits for, then a 5, then the lowest."""
        waited = set()
        for hand in self.reader.hands[1:]:
            for c in hand:
                if c.touched and c.known:
                    waited.add((c.known[0], c.known[1] - 1))

        def order(i):
            m = mine[i]
            return (not any(x in waited for x in m), not all(x[1] == 5 for x in m), min(x[1] for x in m), i)
        return min(plays, key=order)

    def _chance(self, m: dict) -> float:
        total = sum(m.values())
        return sum(w for x, w in m.items() if self._playable_now(x)) / total if total else 0.0

    def _discard_slot(self, mine: list[dict]) -> int:
        r = self.reader
        for i, m in enumerate(mine):
            if all(r.useless(x) for x in m):
                return i
        chop = r.chop(0)
        if chop is not None:
            return r.hands[0].index(chop)

        def chance(i, test):
            m = mine[i]
            return sum(w for x, w in m.items() if test(x)) / sum(m.values())
        # section 7: the one most likely useless; on a tie, the one least likely a last copy, the oldest
        return max(range(len(mine)), key=lambda i: (chance(i, r.useless), -chance(i, r.last_copy), i))

    def _strands_next(self, view: dict, clue: dict) -> bool:
        """Section 9.4: would this clue spend the last token and leave the next player with every
        card touched, none they know to play and none they know is useless?"""
        if view["clues"] != 1:
            return False
        sim = self.reader
        if clue["target"] == 1:
            sim = sim.copy()
            hand = view["hands"][1]
            key = "colour" if "colour" in clue else "rank"
            ids = [c["id"] for c in hand if c[key] == clue[key]]
            sim.clue({"type": "clue", "seat": 0, "target": 1, "ids": ids, key: clue[key]})
        cards = sim.hands[1]
        return all(c.touched for c in cards) and not any(
            c.possible and (all(self._playable_now(x) for x in c.possible) or all(sim.useless(x) for x in c.possible))
            for c in cards)

    def _chop_just_saved(self) -> bool:
        """Did a teammate save our chop since our last turn (section 9.4)?"""
        for e, said in reversed(self.readings):
            if e["seat"] == 0:
                return False
            if e["target"] == 0 and said["reading"] in ("save", "keep"):
                return True
        return False

    # ------------------------------------------------------------ clues
    def _clues(self, view: dict, targets) -> list[dict]:
        return [a for a in view["legal_actions"] if a["type"] == "clue" and a["target"] in targets]

    def _save_next(self, view: dict) -> dict | None:
        r = self.reader
        chop = r.chop(1)
        if chop is None or view["clues"] >= view["max_clues"] or self._knows_a_play(view, 1) or any(
                c.touched and c.possible and all(r.useless(x) for x in c.possible) for c in r.hands[1]):
            return None  # they will not discard their chop: a play, a known useless card, or no discard
        truth = self._truth(view, 1)
        card = truth[chop.id]
        if not self._needs_save(view, 1, chop.id, card):
            return None
        # The best clean clue that saves it; if none, section 5 allows a touch good touch forbids
        # to save a critical card (a 5 or a last copy).
        for clean in (True, False) if card[1] == 5 or r.last_copy(card) else (True,):
            best, best_value = None, None
            for a in self._clues(view, (1,)):
                value, said, dirty = self._assess(view, a)
                if value <= -99 or dirty and clean or said["focus"] != chop.id \
                        or said["reading"] not in ("save", "keep", "play"):
                    continue
                if best_value is None or value > best_value:
                    best, best_value = a, value
            if best is not None:
                return best
        return None

    def _knows_a_play(self, view: dict, seat: int) -> bool:
        """Does `seat` know a card of theirs is playable, by the clues and the cards they can
        see (counted from below: the cards we both see)?"""
        left = self._unseen(view, skip=seat)
        for c in self.reader.hands[0]:
            if c.touched and c.known:
                left[c.known] -= 1
        for c in self.reader.hands[seat]:
            maybe = {x for x in c.possible if left[x] > 0} or c.possible
            if c.touched and maybe and all(self._playable_now(x) for x in maybe):
                return True
        return False

    def _truth(self, view: dict, seat: int) -> dict:
        return {c["id"]: (c["colour"], c["rank"]) for c in view["hands"][seat]}

    def _best_clue(self, view: dict, clean: bool = True) -> tuple[dict | None, float, dict | None]:
        """The best clue by 9.3's table: (clue, worth, reading). On equal worth the first in the
        legal order (the nearer teammate, colours before ranks, lower first); with `clean` off,
        clues that break good touch count too (a stall with all 8 tokens, section 5)."""
        best, best_value, best_said = None, -999.0, None
        for a in self._clues(view, range(1, view["players"])):
            value, said, dirty = self._assess(view, a)
            if dirty and clean:
                continue
            if value > best_value + 1e-9:
                best, best_value, best_said = a, value, said
        return best, best_value, best_said  # a misleading clue (-99) only if no other clue is legal

    def _needs_save(self, view: dict, seat: int, card_id: int, x) -> bool:
        """Section 8: a 5, a 2 with no copy in sight, or the last copy of a needed card."""
        r = self.reader
        if r.useless(x):
            return False
        twos_in_sight = sum(1 for hand in view["hands"] for c in hand
                            if (c["colour"], c["rank"]) == x and c["id"] != card_id)
        return x[1] == 5 or r.last_copy(x) or x[1] == 2 and not twos_in_sight

    def _assess(self, view: dict, action: dict) -> tuple[float, dict | None, bool]:
        """The worth of a clue by the table of section 9.3, read as the literal reader will take
        it: (worth, reading, breaks good touch); (-99, reading, True) if it misleads. Each card
        earns the first line that fits it; the lines below zero add on top."""
        r = self.reader
        seat = action["target"]
        truth = self._truth(view, seat)
        hand = view["hands"][seat]
        if "colour" in action:
            ids = [c["id"] for c in hand if c["colour"] == action["colour"]]
        else:
            ids = [c["id"] for c in hand if c["rank"] == action["rank"]]
        before = {c.id for c in r.hands[seat] if c.touched and all(self._playable_now(x) for x in c.possible)}
        chop = r.chop(seat)
        sim = r.copy()
        event = {"type": "clue", "seat": 0, "target": seat, "ids": ids}
        event.update({k: action[k] for k in ("colour", "rank") if k in action})
        said = sim.clue(event)
        new_hand = sim.hands[seat]
        was = {c.id: c.possible for c in r.hands[seat]}
        if any(truth[c.id] not in c.possible and truth[c.id] in was[c.id] for c in new_hand):
            return -99.0, said, True  # the reader would take a card for something it is not
        # Good touch: no newly touched card useless, nor a copy of one touched elsewhere or in this clue.
        touched_elsewhere = set()
        for s, h in enumerate(r.hands):
            for c in h:
                if c.touched:
                    if s == 0:
                        if c.known:
                            touched_elsewhere.add(c.known)
                    else:
                        touched_elsewhere.add(self._truth(view, s)[c.id])
        old = {c.id for c in r.hands[seat] if c.touched}
        new = [c for c in new_hand if c.id in ids and c.id not in old]
        seen, dirty, bad = set(), False, set()
        for c in new:
            x = truth[c.id]
            if r.useless(x) or x in touched_elsewhere or x in seen:
                bad.add(c.id)
                # section 5: in the last 5 cards of the deck a useless card beside the focus is allowed
                if not (view["deck"] <= 5 and c.id != said["focus"]):
                    dirty = True
            seen.add(x)
        after = {c.id for c in new_hand if c.touched and all(self._playable_now(x) for x in c.possible)}
        mine = [c.possible for c in r.hands[0] if c.touched]
        value = -0.02 * seat
        for c in new_hand:
            x = truth[c.id]
            fresh = c.id in ids and c.id not in old
            if c.id in after and c.id not in before and c.id not in bad:
                value += 1.1 + 0.1 * (5 - x[1])  # made known playable
            elif fresh and chop is not None and c.id == chop.id and c.id == said["focus"] \
                    and said["reading"] in ("save", "keep") and self._needs_save(view, seat, c.id, x):
                value += 1.2 if x[1] == 5 or r.last_copy(x) else 0.9
                value += 0.05 if action.get("rank") == x[1] and x[1] in (2, 5) else 0.0  # a rank save
            elif fresh and c.id not in bad and self._playable_now(x):
                value += 0.3  # playable, though the receiver cannot tell yet
            elif fresh and c.id == said["focus"] and said["reading"] == "play":
                pass  # a delayed play: 0
            elif fresh and c.id not in bad:
                value += 0.05  # another useful card touched
            elif not fresh and c.id in ids and c.possible != was[c.id]:
                value += 0.05  # a card touched before, narrowed
            if fresh and any(x in m for m in mine):
                value -= 0.5  # one of our own touched cards might be this card
        if chop is not None and chop.id in ids and chop.id not in old:
            next_chop = sim.chop(seat)
            if next_chop is not None and self._needs_save(view, seat, next_chop.id, truth[next_chop.id]):
                value -= 0.4
        if new and all(c.touched for c in new_hand) and not any(
                all(self._playable_now(x) for x in c.possible) for c in new_hand):
            value -= LOCK_PENALTY
        return round(value, 6), said, dirty
