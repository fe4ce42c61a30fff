"""What decided a finished Koi-Koi match, and its log told after the end (issue 40).

The review's top line says why the match ended as it did; its chart marks the large swings of
the person's chance between two of their decisions, each with what happened in between. Both
are read from the finished match only (the bridge refuses a running one), so every card may be
told now: the opponent's dealt hand among them.

`summary` finds the round that settled the match: one the winner won without whose points the
winner would not be ahead (its points are at least the final lead), preferring the one worth
most, then the latest; with none such, the winner's round worth most. It gives that round's
yaku, its base points, the doublings (7 or more, the loser's koi-koi) and the points scored.

`told` is one log entry as the person may read it now, with its `cause`: "move" (a player's
move: a card played, a take, a koi-koi or a shobu called), "chance" (a card turned from the
stock, a new deal, a dealt hand shown) or null (what follows from them: a yaku made, a round's
end). Seats count from the viewer (0 = the person), as in the view.
"""

from __future__ import annotations

import copy
from typing import Any

from ..protocol import Table
from .rules import OVER, LogEntry, State
from .view import relative

# A round's end as the review tells it: the board's summary fields it needs, not the whole table.
ROUND_END_KEYS = ("type", "round", "winner", "reason", "yaku", "base", "seven_plus", "opponent_koikoi",
                  "multiplier", "points", "scores")
CAUSES = {"play": "move", "take": "move", "koikoi": "move", "draw": "chance", "round": "chance", "teshi": "chance"}


def summary(game: Table[State], viewer: int, moves: list[int | None]) -> dict[str, Any]:
    """{"winner", "scores", "rounds", "won" (rounds won per side), "key"}: seats from `viewer`;
    `key` (null for a drawn match) is the round that settled it: {"round", "side" (its winner),
    "yaku" ([{"name", "points"}]), "base", "seven_plus", "opponent_koikoi", "multiplier",
    "points", "reason" (how the round ended: "shobu", "auto_shobu", ...), "deciding" (without
    its points the side would not be ahead), "move" (the move after which it ended)}. `moves`
    gives the move of each log entry."""
    s = game.state
    if s.phase != OVER:
        raise ValueError("koikoi: the match is not over; nothing has decided it yet")
    rounds = s.summaries
    out: dict[str, Any] = {
        "winner": None if s.winner is None else s.winner ^ viewer,
        "scores": [s.scores[viewer], s.scores[1 - viewer]],
        "rounds": len(rounds),
        "won": [sum(r["winner"] == seat for r in rounds) for seat in (viewer, 1 - viewer)],
        "key": None,
    }
    if s.winner is None:
        return out
    w = s.winner
    lead = s.scores[w] - s.scores[1 - w]
    mine = [r for r in rounds if r["winner"] == w]
    key = min(mine, key=lambda r: (r["points"] < lead, -r["points"], -r["round"]))
    ends = [i for i, (public, _, _) in enumerate(game.log) if public["type"] == "round_end"]
    out["key"] = {
        "round": key["round"], "side": w ^ viewer, "yaku": [{"name": y["name"], "points": y["points"]} for y in key["yaku"]],
        "base": key["base"], "seven_plus": key["seven_plus"], "opponent_koikoi": key["opponent_koikoi"],
        "multiplier": key["multiplier"], "points": key["points"], "reason": key["reason"],
        "deciding": key["points"] >= lead, "move": moves[ends[key["round"] - 1]],
    }
    return out


def told(entry: LogEntry, viewer: int, players: int = 2) -> dict[str, Any] | None:
    """One log entry as the person in `viewer` (of `players`, always 2 here) may read it after
    the end, with its `cause`; None for what the review does not tell (the deals: "round" says
    a new one began)."""
    public, owner, private = entry
    kind = public["type"]
    if kind == "deal":
        return None
    if kind == "round_end":
        public = {k: public[k] for k in ROUND_END_KEYS}
    out = relative(public, viewer)
    if private is not None:
        out.update(copy.deepcopy(private))
    out["cause"] = "move" if kind == "shobu" and not public["auto"] else CAUSES.get(kind)
    return out
