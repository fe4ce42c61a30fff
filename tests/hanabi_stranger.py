"""A Hanabi player written by a stranger from the conventions page alone.

`StrangerPlayer` learned only `seeds/hanabi-conventions.md` (and the rules and
view format of `seeds/hanabi.md`); it never read the bots' code. It replays the
public log of its view, reads every clue by the page (chop 1, focus 2, play
clues with delayed plays 3, saves 4, good touch 5, other touched cards 6),
takes its turn in the page's order (7-10), and gives a clue only after reading
it the way its receiver will, checking that it misleads nobody and weighing it
by the table of 9.3. It exists to measure how a careful person who follows the
page plays beside the bots.

Where the page left me guessing (one line each, by section):
- 1/2: the chop is taken before the clue; "touches the chop for the first time" = the chop is among the newly touched cards.
- 2: "not already known to be played" = not called to play by an earlier clue and not provably playable before this clue.
- 2: a tempo clue whose touched cards are all already known to be played has no focus: it only tells what it says.
- 3: "known exactly" = one identity left by the clues, the readings and the cards gone; what its holder alone sees does not count.
- 3: the focus is read before good touch narrows the other new cards; those then also exclude the focus's identity (else a side card narrowed to the red 2 would turn the focus's red 2 into a "second red 2").
- 3: a card whose reading allows a card playable now and a delayed one waits until every identity it may be is playable.
- 4: a rank 2 clue on the chop may save any useful 2 (8's "no copy visible elsewhere" is the giver's test); a needed 1 counts as playable, so a 1 clue is a play clue.
- 4: a clue on the chop that fits neither play nor save keeps the card with what the clue says and good touch.
- 5: "held one of the two and later gave the clue that first touched the other" = the later of the two first touches came from the holder of the earlier-touched card; "knew exactly when the later clue was given" = one identity left for the held card as that clue is read.
- 5: cards touched beside a chop focus that may be a critical card (a last copy, a 5 included; a 2 with its other copy alive is none) get no good touch, new or touched again (the page's critical-save exception does not say which side cards may be useless).
- 5: a clue touching a card again vouches only that it is useful then (not that it differs from cards touched since: the holder exception stays for those); with 5 or fewer cards left it vouches only for its focus, and a clue with no focus (it only tells what it says) for none.
- 5: a clue that contradicts an earlier reading wins: the card is read again from what the clues say.
- 5: I never make the exceptions myself, except with 8 tokens and no clean clue (the clue misreading fewest cards); I touch useless cards beside the focus only with 5 or fewer cards left.
- 7: "known useless" also covers a card known exactly whose other copy I see touched in another hand.
- 7: "most likely useless" and "least likely the last copy" are weighed by the copies I cannot see.
- 8: "fewer than 8 tokens are out" = fewer than 8 tokens in hand; "no copy visible elsewhere" counts every hand I see; "the save clue" = the best clean clue touching that chop by 9.3's table; if none, I go on with the turn.
- 9.2: "a card a teammate's touched card waits for" = my card may be the card just below a touched card I see.
- 9.3: each card earns the first line that fits (known playable now, save, playable but untold, delayed play 0, other useful new touch, narrowed old card); the minus lines add on top; "needs a save" is 8's test (a 2: no copy visible elsewhere).
- 9.3: "one of your own touched cards might be" = that identity is left in what I know of one of my touched cards.
- 9.3: "would mislead anybody" counts only misreadings my clue adds (one already there does not bar every clue).
- 9.4: "a teammate has just saved your chop" = since my previous turn a clue focused my chop and read as a save (or save-or-play).
- 9.4/10: a stall gives the best clean clue by the table, whatever its worth; the last-token exception applies to stall clues only.
- 10: the 30% gamble: only with the deck empty, after known plays and worthwhile clues, only on touched cards ("never played blind"), odds weighed by unseen copies.
"""

from __future__ import annotations

COLOURS = ("red", "yellow", "green", "blue", "white")
COPIES = [3, 2, 2, 2, 1] * 5  # by identity c*5 + r-1
ALL = (1 << 25) - 1


def bit(c, r):
    return 1 << (c * 5 + r - 1)


def idents(mask):
    return [i for i in range(25) if mask >> i & 1]


def single(mask):
    return mask and not mask & (mask - 1)


class Model:
    """Public knowledge, rebuilt from the log: hands, true cards I see, masks."""

    def __init__(self, n):
        self.n = n
        self.hands = [[] for _ in range(n)]
        self.true = {}        # id -> identity (cards I see)
        self.cmask = {}       # id -> identities the clues allow
        self.pmask = {}       # id -> identities the clues and the conventions allow
        self.touch = {}       # id -> (log index of first touch, giver, good touch applies)
        self.knew = {}        # id -> touched cards of its first clue's giver known exactly then (5)
        self.called = set()   # ids called to play
        self.holder = {}
        self.stacks = [0] * 5
        self.gone = [0] * 25  # played or discarded
        self.disc = [0] * 25
        self.deck = 50 - n * (5 if n <= 3 else 4)
        self.chop_saved = -1  # log index of the last clue that saved my chop

    def copy(self):
        m = Model.__new__(Model)
        m.__dict__.update(self.__dict__)
        m.pmask, m.touch, m.called, m.cmask = dict(self.pmask), dict(self.touch), set(self.called), dict(self.cmask)
        m.knew = dict(self.knew)
        return m

    # ---- what is needed
    def useful(self):
        m = 0
        for c in range(5):
            for r in range(self.stacks[c] + 1, 6):
                if self.disc[c * 5 + r - 1] >= COPIES[c * 5 + r - 1]:
                    break
                m |= bit(c, r)
        return m

    def critical(self):
        return sum(1 << i for i in idents(self.useful()) if self.disc[i] == COPIES[i] - 1)

    def playable_now(self):
        return sum(bit(c, self.stacks[c] + 1) for c in range(5) if self.stacks[c] < 5)

    def exact(self, skip=None):
        return {self.pmask[i].bit_length() - 1 for h in self.hands for i in h
                if i != skip and i in self.touch and single(self.pmask[i])}

    def exact_mask(self, skip=None):  # the giver's own cards count too: they knew those (5)
        return sum(1 << x for x in self.exact(skip))

    def play_set(self, skip):
        known, m = self.exact(skip), 0
        for c in range(5):
            for r in range(self.stacks[c] + 1, 6):
                m |= bit(c, r)
                if c * 5 + r - 1 not in known:
                    break
        return m

    def narrow(self, i, m):
        if self.pmask[i] & m:
            self.pmask[i] &= m

    # ---- what a seat knows (public masks less copies that seat sees; I cannot see mine)
    def seen_full(self, seat):
        cnt = self.gone[:]
        for s in range(1, self.n):
            if s != seat:
                for i in self.hands[s]:
                    cnt[self.true[i]] += 1
        return sum(1 << x for x in range(25) if cnt[x] >= COPIES[x])

    def knows(self, seat, i, full=None):
        m = self.pmask[i] & ~(self.seen_full(seat) if full is None else full)
        return m or self.pmask[i]

    def knows_playable(self, seat, full=None):
        pn = self.playable_now()
        return [i for i in self.hands[seat] if not self.knows(seat, i, full) & ~pn]

    def knows_useless(self, seat, i, full=None):
        k = self.knows(seat, i, full)
        if not k & self.useful():
            return True
        if single(k) and i in self.touch:
            return any(j != i and j in self.touch and self.true.get(j) == k.bit_length() - 1
                       for s in range(1, self.n) for j in self.hands[s] if s != seat)
        return False

    def chop(self, seat):
        untouched = [i for i in self.hands[seat] if i not in self.touch]
        return untouched[-1] if untouched else None

    # ---- good touch
    def apart(self, a, b):
        """Good touch holds between touched cards a and b (5): not when one's holder first
        touched the other later, unless that card was known exactly when that clue came."""
        (ta, ga, ca), (tb, gb, cb) = self.touch[a], self.touch[b]
        if not (ca and cb):  # touched beside the focus with 5 or fewer cards left: good touch says nothing
            return False
        if ta < tb:
            return gb != self.holder[a] or a in self.knew.get(b, ())
        if tb < ta:
            return ga != self.holder[b] or b in self.knew.get(a, ())
        return True

    def propagate(self):
        touched = [i for h in self.hands for i in h if i in self.touch]
        changed = True
        while changed:
            changed = False
            for a in touched:
                if single(self.pmask[a]):
                    for b in touched:
                        if b != a and self.pmask[b] & self.pmask[a] and not single(self.pmask[b]) \
                                and self.apart(a, b):
                            self.pmask[b] &= ~self.pmask[a]
                            changed = True

    # ---- events
    def add(self, seat, i, entry, front):
        self.holder[i] = seat
        (self.hands[seat].insert(0, i) if front else self.hands[seat].append(i))
        if entry.get("colour"):
            self.true[i] = COLOURS.index(entry["colour"]) * 5 + entry["rank"] - 1
        dead = sum(1 << x for x in range(25) if self.gone[x] >= COPIES[x])
        self.cmask[i] = ALL
        self.pmask[i] = ALL & ~dead

    def remove(self, entry, at):
        i = entry["id"]
        self.hands[entry["seat"]].remove(i)
        x = COLOURS.index(entry["colour"]) * 5 + entry["rank"] - 1
        self.gone[x] += 1
        if entry["type"] == "discard" or not entry["ok"]:
            self.disc[x] += 1
        else:
            self.stacks[x // 5] += 1
            for h in self.hands:  # a card played since is ruled out of touched cards (5), untouched
                for j in h:        # played cards included, unless good touch says nothing between the two
                    if j in self.touch and (i not in self.touch or self.apart(i, j)):
                        self.narrow(j, ~(1 << x))
        if self.gone[x] >= COPIES[x]:
            for h in self.hands:
                for j in h:
                    self.narrow(j, ~(1 << x))
        self.propagate()

    def clue(self, giver, target, colour, rank, ids, at):
        """Read one clue by the page; returns (focus id or None, 'play'|'save'|'both'|'info')."""
        hand = self.hands[target]
        m = sum(bit(COLOURS.index(colour), r) for r in range(1, 6)) if colour else \
            sum(bit(c, rank) for c in range(5))
        chop = self.chop(target)
        new = [i for i in hand if i in ids and i not in self.touch]
        old = [i for i in hand if i in ids and i in self.touch]
        was_sure = set(self.knows_playable(target)) | self.called  # "already known to be played"
        gone = sum(1 << x for x in range(25) if self.gone[x] >= COPIES[x])
        for i in hand:
            self.cmask[i] &= m if i in ids else ~m
            if not self.pmask[i] & self.cmask[i]:  # the clue contradicts a reading: trust the clue
                self.pmask[i] = self.cmask[i] & ~gone or self.cmask[i]
            self.pmask[i] &= self.cmask[i]
        if chop in new:
            focus = chop
        elif new:
            focus = new[0]
        else:
            focus = next((i for i in old if i not in was_sure), None)
        if old and self.deck > 5:  # 5: a card touched again is useful at *this* clue too
            trial, useful = self.copy(), self.useful()
            for i in old:
                trial.narrow(i, useful)
            focus2, kind, critical_chop = trial.read(giver, target, colour, rank, chop, new, old, focus, at)
            if not critical_chop:  # else the cards beside it may be useless (5): read it unvouched
                self.__dict__.update(trial.__dict__)
                return focus2, kind
        return self.read(giver, target, colour, rank, chop, new, old, focus, at)[:2]

    def read(self, giver, target, colour, rank, chop, new, old, focus, at):
        self.propagate()
        useful = self.useful()
        gt = useful & ~self.exact_mask()  # known exactly before the new cards join, the clue's own word included
        knew = frozenset(j for j in self.hands[giver] if j in self.touch and single(self.pmask[j]))
        for i in new:
            self.touch[i] = (at, giver, True)
            self.knew[i] = knew
        crit = self.critical()  # a clue that may save a critical chop card may touch useless cards (5)
        focus, kind = self.read_focus(focus, chop, old, colour, rank, gt, useful)
        if focus == chop and target == 0 and kind in ("save", "both"):
            self.chop_saved = at
        side = gt & ~(self.pmask[focus] if focus in new and single(self.pmask[focus]) else 0)
        critical_chop = focus is not None and focus == chop and bool(self.pmask[focus] & crit)
        for i in new:  # the other new cards: good touch, and not the focus card
            if i != focus:
                if self.deck > 5 and not critical_chop:
                    self.narrow(i, side)
                else:
                    self.touch[i] = (at, giver, False)
        self.propagate()
        return focus, kind, critical_chop

    def read_focus(self, focus, chop, old, colour, rank, gt, useful):
        if focus is None:
            return None, "info"
        play = self.play_set(focus) & ~self.exact_mask(focus)
        if focus in old:  # tempo
            if self.pmask[focus] & play:
                self.pmask[focus] &= play
                self.called.add(focus)
                return focus, "play"
            return focus, "info"
        self.narrow(focus, gt)
        save = 0
        if focus == chop:
            save = self.critical() & ~(sum(bit(c, 5) for c in range(5)) if colour else 0)
            if rank in (2, 5):
                save |= useful & sum(bit(c, rank) for c in range(5))
            save &= ~self.exact_mask(focus)
        cand = self.pmask[focus] & (play | save)
        if not cand:
            return focus, "info"
        self.pmask[focus] = cand
        kind = "play" if not cand & ~play else "save" if not cand & play else "both"
        if kind == "play":
            self.called.add(focus)
        return focus, kind

    def replay(self, log, start):
        for at in range(start, len(log)):
            e = log[at]
            t = e["type"]
            if t == "deal":
                self.add(e["seat"], e["id"], e, False)
            elif t == "draw":
                self.add(e["seat"], e["id"], e, True)
                self.deck -= 1
            elif t in ("play", "discard"):
                self.remove(e, at)
            elif t == "clue":
                self.clue(e["seat"], e["target"], e.get("colour"), e.get("rank"), e["ids"], at)


class StrangerPlayer:
    def __init__(self):
        self.model, self.seen, self.first = None, 0, None

    def sync(self, view):
        log = view["log"]
        if self.model is None or len(log) < self.seen or log[:1] != self.first:
            self.model, self.seen, self.first = Model(view["players"]), 0, log[:1]
        self.model.replay(log, self.seen)
        self.seen = len(log)
        return self.model

    # ---- clues as their receivers will read them
    def touched_by(self, m, target, action):
        if "colour" in action:
            c = COLOURS.index(action["colour"])
            return [i for i in m.hands[target] if m.true[i] // 5 == c]
        return [i for i in m.hands[target] if m.true[i] % 5 + 1 == action["rank"]]

    def judge(self, m, action, mine):
        """(misreads, worth, play clue: focus read as play, tempo included) of a clue, read as its
        receiver will (2-5), weighed by 9.3's table."""
        t, rank = action["target"], action.get("rank")
        ids = self.touched_by(m, t, action)
        after, chop = m.copy(), m.chop(t)
        focus, kind = after.clue(0, t, action.get("colour"), rank, ids, 10 ** 9)
        bad, pn = 0, m.playable_now()
        for s in range(1, m.n):
            was, sure = set(m.knows_playable(s)), after.knows_playable(s, after.seen_full(s))
            for i in m.hands[s]:
                x = 1 << m.true[i]
                if not after.pmask[i] & x and m.pmask[i] & x or i in sure and i not in was and not x & pn:
                    bad += 1
        useful, crit = m.useful(), m.critical()
        exact_seen = {m.true[j] for s in range(1, m.n) for j in m.hands[s] if j in m.touch}
        exact_seen |= {m.pmask[j].bit_length() - 1 for j in m.hands[0] if j in m.touch and single(m.pmask[j])}
        new = [i for i in ids if i not in m.touch]
        seen_new = set()
        for i in new:
            x = m.true[i]
            if (not useful >> x & 1 or x in exact_seen or x in seen_new) and (i == focus or m.deck > 5):
                bad += 1
            seen_new.add(x)
        before, known = set(m.knows_playable(t)) | m.called, set(after.knows_playable(t))
        worth = -0.02 * t  # the table of 9.3, card by card
        for i in m.hands[t]:
            x = m.true[i]
            r = x % 5 + 1
            if i in known and i not in before:
                worth += 1.6 - 0.1 * r
            elif i == chop and i in new and self.must_keep(m, i, t):
                worth += 1.2 + 0.05 * (rank == 5) if r == 5 else 1.2 if crit >> x & 1 else 0.9 + 0.05 * (rank == 2)
            elif i in new and pn >> x & 1:
                worth += 0.3
            elif i in after.called and i not in m.called:
                pass  # a delayed play: 0
            elif i in new and useful >> x & 1 or i in m.touch and after.pmask[i] != m.pmask[i]:
                worth += 0.05
            if i in new and any(k >> x & 1 for k in mine):
                worth -= 0.5
        if chop in new and after.chop(t) is not None and self.must_keep(m, after.chop(t), t):
            worth -= 0.4
        if new and all(i in after.touch for i in m.hands[t]) and not known:
            worth -= 0.8
        return bad, round(worth, 6), kind == "play"

    def must_keep(self, m, i, seat):
        x = m.true[i]
        if not m.useful() >> x & 1:
            return False
        if x % 5 == 4 or m.critical() >> x & 1:
            return True
        return x % 5 == 1 and not any(j != i and m.true[j] == x for s in range(1, m.n) for j in m.hands[s])

    def locked(self, m, seat):
        return all(i in m.touch for i in m.hands[seat]) and not m.knows_playable(seat) \
            and not any(m.knows_useless(seat, i) for i in m.hands[seat])

    # ---- a turn
    def choose(self, view):
        m = self.sync(view)
        tokens, hand, full = view["clues"], m.hands[0], m.seen_full(0)
        mine = [m.knows(0, j, full) for j in hand if j in m.touch]
        judged = [(a,) + self.judge(m, a, mine) for a in view["legal_actions"] if a["type"] == "clue"]
        clean = [j for j in judged if j[1] == 0]

        def best(js):  # legal order breaks ties: nearer player, colours before ranks, lower first
            return max(js, key=lambda j: j[2]) if js else None
        # 1. save the next player's chop (section 8)
        chop = m.chop(1)
        if chop is not None and tokens < 8 and self.must_keep(m, chop, 1) \
                and not m.knows_playable(1) and not any(m.knows_useless(1, i) for i in m.hands[1]):
            save = best([j for j in clean if j[0]["target"] == 1 and chop in self.touched_by(m, 1, j[0])])
            if save:
                return save[0]
        plays, top = m.knows_playable(0, full), best(clean)
        # 9/10: with two players and 15 or fewer cards left, the best clue comes before a known
        # play if it is a play clue (focus read as play, or a tempo clue) worth 1.0 or more
        if plays and m.n == 2 and m.deck <= 15 and top and top[3] and top[2] >= 1.0:
            return top[0]
        # 2. play a card known to be playable
        if plays:
            return {"type": "play", "slot": hand.index(self.best_play(m, plays, full))}
        # 3. the most useful clue, if worth 0.3 or more (above 0 with the deck empty)
        if top and (top[2] >= 0.3 or m.deck == 0 and top[2] > 0):
            return top[0]
        # 10: deck empty: gamble on a touched card with better than 30%, never the third strike
        if m.deck == 0 and view["strikes"] < 2:
            odds = [(self.chance(m, i, full, m.playable_now()), i) for i in hand if i in m.touch]
            if odds and max(odds)[0] > 0.3:
                return {"type": "play", "slot": hand.index(max(odds)[1])}
        # 4. a clue rather than a discard
        stall = tokens == 8 or all(i in m.touch for i in hand) or m.chop_saved > self.last_turn(view) \
            or 1 <= m.deck <= 3
        if stall and tokens:
            options = [j for j in clean if not (tokens == 1 and self.locks_next(m, j[0]))]
            if options:
                return best(options)[0]
        if tokens == 8:  # no discard allowed: the clue that misreads fewest cards
            return min(judged, key=lambda j: (j[1], -j[2]))[0]
        # 5. discard
        return {"type": "discard", "slot": hand.index(self.discard(m, full))}

    def last_turn(self, view):
        mine = [k for k, e in enumerate(view["log"]) if e["type"] in ("play", "discard", "clue") and e["seat"] == 0]
        return mine[-1] if mine else -1

    def locks_next(self, m, action):
        after = m.copy()
        t = action["target"]
        after.clue(0, t, action.get("colour"), action.get("rank"), self.touched_by(m, t, action), 10 ** 9)
        return self.locked(after, 1)

    def best_play(self, m, plays, full):
        waiting = {m.true[j] - 1 for s in range(1, m.n) for j in m.hands[s] if j in m.touch and m.true[j] % 5}

        def key(i):
            k = m.knows(0, i, full)
            xs = idents(k)
            return (not any(x in waiting for x in xs), not all(x % 5 == 4 for x in xs), min(x % 5 for x in xs))
        return min(plays, key=key)

    def weights(self, m, i, full):
        cnt = m.gone[:]
        for s in range(1, m.n):
            for j in m.hands[s]:
                cnt[m.true[j]] += 1
        return {x: max(COPIES[x] - cnt[x], 0) or 0.01 for x in idents(m.knows(0, i, full))}

    def chance(self, m, i, full, good):
        w = self.weights(m, i, full)
        return sum(v for x, v in w.items() if good >> x & 1) / sum(w.values())

    def discard(self, m, full):
        hand = m.hands[0]
        trash = [i for i in hand if m.knows_useless(0, i, full)]
        if trash:
            return trash[-1]
        chop = m.chop(0)
        if chop is not None:
            return chop
        useful, crit = m.useful(), m.critical()
        return min(reversed(hand), key=lambda i: (-round(self.chance(m, i, full, ~useful), 6),
                                                  round(self.chance(m, i, full, crit), 6)))
