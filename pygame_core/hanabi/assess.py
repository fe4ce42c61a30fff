"""The coach's view of one Hanabi decision (issue 26): the expected final score
of the strongest candidate choices, and of the one a player made, from the
deciding seat's observation alone.

The value of a choice is the team's final score (0-25; a third strike scores
0) when it is made and then everyone, the player too, follows the
conventions (seeds/hanabi-conventions.md), the way the table's bots play. It
is found by the hard bot's own look-ahead (search.py, `LookAhead.compare`):
worlds dealt from what the seat knows (the clues, the cards it sees, and what
the teammates' last turns say of its hand), and in every world each candidate
played out to the end, so their differences come from the choice, not from
the deal. The candidates are the conventional move, the look-ahead's others
(a card likely to be playable, the discard, the best clues by the bots'
scoring) and the move played.

A move beats the conventional one only by what the sampled endings make
sure of: its gain is shrunk towards 0 by two standard errors (SURE; of the
larger of its own spread and the spread pooled over all the moves, since a
few worlds say little of one move's spread) before it is added to the
conventional move's value. The best of several noisy moves looks better than
it is, and the hard bot too leaves the conventions only for a clear gain; so
a player who followed the conventions is not told of a loss that is only
luck, and two seeds seldom disagree on a verdict. A loss is kept as found
(the move played is one move, not the best of several; it is never dropped
from the play-outs, so it is valued in every world the reference is).

Nothing here sees a hidden card: the worlds come from the observation and the
random numbers from `seed`, so equal observations get equal assessments.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..errors import EngineError
from ..protocol import Action, Observation
from .cards import COLOURS, MAX_SCORE, identity
from .convention_bot import ConventionBot
from .perspective import Perspective, action_key
from .preview import preview_clues
from .reasons import Reason, clue_basis, redact_reason
from .search import LookAhead, Tally

UNIT = "score"
LEVEL = "hard"  # the teammates imagined: the conventions at the strongest level's judgement (no search in them)
WORLDS = 24  # most worlds per assessment (as the hard bot's look-ahead; short endings reach it)
MIN_WORLDS = 5  # fewest, whatever the budget
BUDGET = 1100  # imagined moves per assessment with 2 players (bounds the time; scaled by 2/players)
PRUNE_AFTER = 4  # worlds before a clearly worse candidate is dropped
CANDIDATES = 5  # moves played out besides the one played (the conventional move first)
LIKELY = 0.5  # before the end, an unknown card is a candidate to play only this likely to fit
END_DECK = 5  # with this many cards or fewer left, any card that may fit is a candidate (as the hard bot)
# Standard errors a move's gain over the conventional move is shrunk by (the best of several noisy
# moves looks better than it is; the hard bot too leaves the conventions only for a clear gain).
SURE = 2.0


class _Search(LookAhead):
    """The look-ahead at the coach's pace: a coach's review plays whole games out, not only the
    last few turns, so it settles for fewer worlds at least and drops clearly worse moves sooner."""

    MIN_WORLDS = MIN_WORLDS
    PRUNE_AFTER = PRUNE_AFTER


def shortlist(search: LookAhead, p: Perspective, default: Action, size: int) -> list[Action]:
    """The conventional move, then up to `size` - 1 of the look-ahead's other candidates:
    the likeliest play first, the discard, the clues, further plays last."""
    deck = p.view["deck"]
    plays, others = [], []
    for action in search.candidates(default)[1:]:
        if action["type"] == "play":
            chance = p.chance(p.own[action["slot"]], p.playable)
            if chance >= LIKELY or deck <= END_DECK:
                plays.append((-chance, action["slot"], action))
        else:
            others.append(action)
    plays.sort(key=lambda x: x[:2])
    ranked = [a for *_, a in plays[:1]] + others + [a for *_, a in plays[1:]]
    return [default] + ranked[:size - 1]


def assess(view: Observation, *, seed: int, played: Action | None = None, worlds: int = WORLDS,
           budget: int = BUDGET, candidates: int = CANDIDATES) -> dict[str, Any]:
    """{"unit": "score", "values": [{"action", "value"}, ...] best first} for the decision
    in `view` (the deciding seat's observation, with its legal actions). `played`, when
    given, must be one of them and is always valued."""
    legal = view.get("legal_actions") or []
    if not legal:
        raise EngineError("hanabi assess: the observation has no decision to assess")
    keys = [action_key(a) for a in legal]
    if played is not None and (not isinstance(played, dict) or played not in legal):
        raise EngineError(f"hanabi assess: {played!r} is not a legal action here")
    bot = ConventionBot(LEVEL, seed)
    p = Perspective(view, bot.tracker(view))
    default, _ = bot.convention_move(view, p)
    search = _Search(bot, view, p, worlds, 0.0, max(budget * 2 // view["players"], 1))
    cands = shortlist(search, p, default, candidates)
    if played is not None and action_key(played) not in [action_key(a) for a in cands]:
        cands.append(played)
    mine = frozenset(k for k, a in enumerate(cands) if played is not None and action_key(a) == action_key(played))
    tally = search.compare(cands, random.Random(seed), 0.0, keep=mine)  # the move played is never dropped
    if tally is None or not tally.done:
        # No world fits the view (a teammate broke the conventions): nothing can be told apart,
        # and every choice keeps at least the score already on the table.
        values = {k: float(view["score"]) for k in range(len(cands))}
    else:
        base = tally.base / tally.done
        spread = _pooled(tally)
        values = {0: base}
        for k in range(1, len(cands)):
            values[k] = base + _sure(tally.gain[k], tally.square[k], tally.count[k], spread)
    ranked = sorted(values, key=lambda k: (-round(values[k], 3), k))
    out = []
    for k in ranked:
        action = legal[keys.index(action_key(cands[k]))]
        out.append({"action": copy.deepcopy(action), "value": round(min(max(values[k], 0.0), MAX_SCORE), 3)})
    return {"unit": UNIT, "values": out}


def _pooled(tally: Tally) -> float:
    """The variance of a move's gain in one world, pooled over the moves played in two or
    more worlds: a few worlds say little of one move's spread, all moves together more."""
    total = dof = 0.0
    for k in range(1, len(tally.gain)):
        n = tally.count[k]
        if n > 1:
            total += max(tally.square[k] - tally.gain[k] ** 2 / n, 0.0)
            dof += n - 1
    return total / dof if dof else 0.0


def _sure(total: float, square: float, n: int, pooled: float) -> float:
    """A move's mean gain over the reference; a gain less what its standard error leaves
    unsure (its own spread or the pooled one, whichever is larger)."""
    if n == 0:
        return 0.0
    mean = total / n
    var = max(square / n - mean * mean, 0.0) * n / max(n - 1, 1)
    if mean <= 0:
        return mean
    if n == 1:
        return 0.0  # one world tells nothing of its spread
    return max(mean - SURE * (max(var, pooled) / n) ** 0.5, 0.0)


# ---------------------------------------------------------------- why

def why(view: Observation, action: Action) -> Reason:
    """Why `action` is a sound move here, in the bots' reason codes (reasons.py), from the
    deciding seat's view: the conventional move's own reason when it is that move, else
    what the move does by the conventions. A clue carries how the receiver will read it
    (the clue preview's "reading", and its "warn" when it goes wrong); no reason names a
    card of the deciding seat's own hand (those it cannot see)."""
    bot = ConventionBot(LEVEL)
    p = Perspective(view, bot.tracker(view))
    default, reason = bot.convention_move(view, p)
    if action_key(action) != action_key(default):
        reason = _describe(view, p, bot, action)
    if action["type"] == "clue":
        reason = _with_reading(view, p, bot, action, reason)
    return redact_reason(reason, False)


def _describe(view: Observation, p: Perspective, bot: ConventionBot, action: Action) -> Reason:
    """A move's reason by what it does (the clue's reading is added by `_with_reading`)."""
    kind = action["type"]
    if kind == "clue":
        return {"code": "clue_info", "target": action["target"],
                **({"colour": action["colour"]} if "colour" in action else {"rank": action["rank"]})}
    slot = action["slot"]
    m = p.own[slot]
    if kind == "play":
        if m and not m & ~p.playable:
            reason: Reason = {"code": "play_known", "slot": slot}
            basis = clue_basis(view, p.t, p.ids[0][slot])
            if basis is not None:
                reason["clue"] = basis
            return reason
        return {"code": "play_risky", "slot": slot, "chance": round(p.chance(m, p.playable), 2)}
    if m and not m & ~p.trash:
        return {"code": "discard_trash", "slot": slot}
    chop = p.t.chop(0)
    if chop is None:
        return {"code": "discard_locked", "slot": slot}
    if p.ids[0][slot] == chop:
        return {"code": "discard_chop", "slot": slot}
    # Any other discard: how likely it throws away the last copy of a card still needed, by the
    # counts of what it can still be ("critical"), and whether no card of the hand is less likely.
    risk = [round(p.chance(mask, p.critical), 2) if mask else 1.0 for mask in p.own]
    return {"code": "discard_other", "slot": slot, "critical": risk[slot], "least": risk[slot] <= min(risk)}


def _with_reading(view: Observation, p: Perspective, bot: ConventionBot, action: Action, reason: Reason) -> Reason:
    """A clue's reason with what the preview says its receiver will make of it."""
    value = action.get("colour", action.get("rank"))
    entry = next(e for e in preview_clues(view)
                 if e["target"] == action["target"] and e.get("colour", e.get("rank")) == value)
    out = dict(reason)
    out["reading"] = entry["reading"]
    if entry["warn"] is not None:
        out["warn"] = entry["warn"]
        if "chop" in entry:
            out["chop"] = entry["chop"]
    if entry["focus"] is not None:
        out["slot"] = entry["focus"]
        if entry["reading"] != "info":
            out["card"] = entry["card"]
    if out["code"] == "clue_info" and entry["reading"] in ("play", "delayed"):
        out["code"] = "clue_play"
    elif out["code"] == "clue_info" and entry["reading"] == "save":
        seat, slot = action["target"], entry["focus"]
        ident = identity(COLOURS.index(entry["card"]["colour"]), entry["card"]["rank"])
        out["code"] = "clue_save"
        out["save"] = bot.needs_save(p, seat, p.ids[seat][slot], ident) or "critical"
    return out


__all__ = ["assess", "why", "UNIT"]
