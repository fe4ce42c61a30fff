"""What decided a finished Hanamikoji game, and its log told after the end (issue 40).

The review's top line says why the game ended as it did; its chart marks the large swings of
the person's chance between two of their decisions, each with what happened in between. Both
are read from the finished game only (the bridge refuses a running one), so every card may be
told now: the opponent's secret and trade-off, the cards it drew.

`summary` finds the geisha that settled the game: one of the winner's geishas without which
the winner would not have won (the win condition, or the lead after the last round, is lost
with her), preferring the one won latest, then one the winner's secret card won (a card the
loser could not see), then the one won by the fewest cards, then the most valuable; with none
such (a win with room to spare), the winner's geisha won latest, by the same order. It says in which round she went
to the winner, by how many item cards to how many, and whose secret card was among them.

`told` is one log entry as the person may read it now, with its `cause`: "move" (a player's
move), "chance" (a card dealt or drawn that the person saw) or null (a consequence, or a card
the person did not see then: the computer's own draw). A round's scoring is the opponent's
"move" when the opponent's secret card changed who had the majority of a geisha: the scoring
turned over a card the person could not have counted on. Seats count from the viewer
(0 = the person), as in the view.
"""

from __future__ import annotations

import copy
from typing import Any

from ..protocol import Table
from .cards import GEISHA_VALUES, NUM_GEISHAS, WIN_CHARM, WIN_GEISHAS
from .rules import OVER, LogEntry, State
from .view import _relative

MOVES = ("secret", "tradeoff", "gift", "competition", "pick_gift", "pick_pair")


def summary(game: Table[State], viewer: int, moves: list[int | None]) -> dict[str, Any]:
    """{"winner", "reason", "rounds", "charm", "geishas", "key"}: seats from `viewer`; `key`
    (null for a draw) is the geisha that settled it: {"geisha", "value", "side" (her seat),
    "round" (when she went to that side), "cards" (both sides' item cards of her that round,
    the viewer's first), "secrets" (per side, whether its secret card that round was hers),
    "deciding" (without her the side would not have won), "last" (that round was the last)}.
    `moves` (the move of each log entry, as every game's summary is given it) is not needed:
    a round names the moment."""
    s = game.state
    if s.phase != OVER:
        raise ValueError("hanamikoji: the game is not over; nothing has decided it yet")
    charm, geishas = s.totals()

    def pair(values: list[Any]) -> list[Any]:
        return [values[viewer], values[1 - viewer]]

    out: dict[str, Any] = {"winner": None if s.winner is None else s.winner ^ viewer, "reason": s.reason,
                           "rounds": len(s.scorings), "charm": pair(charm), "geishas": pair(geishas), "key": None}
    if s.winner is None:
        return out
    w, loser = s.winner, 1 - s.winner

    def deciding(g: int) -> bool:
        """Without geisha g the winner would not have won."""
        left = charm[w] - GEISHA_VALUES[g]
        if s.reason == "round_limit":
            return left <= charm[loser]
        return left < WIN_CHARM and geishas[w] - 1 < WIN_GEISHAS

    ranked = []
    for g in range(NUM_GEISHAS):
        if s.favour[g] != w:
            continue
        won = max(i for i, record in enumerate(s.scorings) if record["majority"][g] == w)
        items = s.scorings[won]["items"]
        margin = items[w][g] - items[loser][g]
        by_secret = secret_decided(s.scorings[won], w) == g
        ranked.append(((not deciding(g), -won, not by_secret, margin, -GEISHA_VALUES[g], g), g, won))
    _, g, won = min(ranked)
    record = s.scorings[won]
    out["key"] = {
        "geisha": g,
        "value": GEISHA_VALUES[g],
        "side": w ^ viewer,
        "round": record["round"],
        "cards": pair([record["items"][0][g], record["items"][1][g]]),
        "secrets": pair([record["secrets"][0] == g, record["secrets"][1] == g]),
        "deciding": deciding(g),
        "last": won == len(s.scorings) - 1,
    }
    return out


def secret_decided(record: dict[str, Any], seat: int) -> int | None:
    """The geisha whose majority in this scoring (absolute seats) `seat`'s secret card changed:
    without it she would have gone another way (to nobody, or to the other side). None where
    the secret changed no majority."""
    g = record["secrets"][seat]
    if g is None:
        return None
    mine, theirs = record["items"][seat][g], record["items"][1 - seat][g]

    def majority(a: int, b: int) -> int | None:
        return seat if a > b else 1 - seat if b > a else None

    return g if majority(mine, theirs) != majority(mine - 1, theirs) else None


def told(entry: LogEntry, viewer: int, players: int = 2) -> dict[str, Any] | None:
    """One log entry as the person in `viewer` (of `players`, always 2 here) may read it after
    the end (every card told), with its `cause`; None for what the review does not tell (the
    deals: "round" says a new one began)."""
    public, owner, private = entry
    kind = public["type"]
    if kind == "deal":
        return None
    out = _relative(public, viewer)
    if private is not None:
        out.update(copy.deepcopy(private))  # the game is over: the owner's cards may be told
        if owner != viewer:
            out["hidden"] = True  # the person did not see it then
    if kind in MOVES:
        out["cause"] = "move"
    elif kind == "draw":
        out["cause"] = "chance" if owner == viewer else None
    elif kind == "round":
        out["cause"] = "chance"  # a new deal
    elif kind == "scoring":
        other = 1 - viewer
        g = secret_decided(public, other)
        out["cause"] = "move" if g is not None else None
        if g is not None:
            out["seat"] = 1  # whose move it was: the opponent's secret
            out["secret_decided"] = {"seat": 1, "geisha": g}
    else:
        out["cause"] = None
    return out
