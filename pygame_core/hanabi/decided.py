"""What decided a finished Hanabi game's score, and its log told after the end (issue 40).

The review's top line says why the team scored what it did; its chart marks the large swings
of the expected final score between two of the person's decisions, each with what happened in
between. Both are read from the finished game only (the bridge refuses a running one), so every
card may be told now: the cards the person drew into their own hand among them.

`summary` names what held the score down. A third strike ends the game and scores nothing: that
play settles it. Otherwise each colour can climb only below its lowest rank whose every copy
was lost (discarded, or misplayed: none of them reached the stack, so it never passed that
rank): that loss costs the colour 6 - rank points. The costliest loss (the earliest among equals) is the key; with none, the deck
ran out with `in_reach` points still playable, or the team played all 25.

`told` is one log entry as the person may read it now, with its `cause`: "move" (a player's
clue, play or discard), "chance" (a card a teammate drew, which the person saw) or null (the
person's own draw, unseen then; the last card; the end). Seats count from the viewer (0 = the
person, 1 = the next player), as in the view.
"""

from __future__ import annotations

from typing import Any

from ..protocol import Table
from .cards import COLOURS, COPIES_OF_RANK, MAX_SCORE, MAX_STRIKES, NUM_RANKS
from .rules import LogEntry, State
from .view import seats_from

CAUSES = {"clue": "move", "play": "move", "discard": "move"}


def summary(game: Table[State], viewer: int, moves: list[int | None]) -> dict[str, Any]:
    """{"score", "max_score", "reason", "stacks", "strikes", "lost", "in_reach", "key"}: seats
    from `viewer`. `lost` lists, per colour whose top was cut short, the card whose last copy
    went: {"colour", "rank", "move", "seat", "how" ("discard" or "misplay"), "points" (what it
    cost)}, costliest first; `key` is {"kind": "strikes", "move", "seat", "colour", "rank",
    "stack" (that colour's height then)}, {"kind": "lost", ...the costliest loss}, {"kind":
    "time", "in_reach"} or {"kind": "perfect"}. `moves` gives the move of each log entry."""
    s = game.state
    if not s.over:
        raise ValueError("hanabi: the game is not over; nothing has decided its score yet")
    n = s.players
    stacks = {colour: 0 for colour in COLOURS}
    gone: dict[tuple[str, int], int] = {}
    lost: dict[str, dict[str, Any]] = {}
    third: dict[str, Any] | None = None
    for index, (public, _, _) in enumerate(game.log):
        kind = public["type"]
        if kind not in ("play", "discard"):
            continue
        colour, rank = public["colour"], public["rank"]
        if kind == "play" and public["ok"]:
            stacks[colour] = rank
            continue
        seat = (public["seat"] - viewer) % n
        how = "discard" if kind == "discard" else "misplay"
        if kind == "play" and public["strikes"] >= MAX_STRIKES:
            third = {"kind": "strikes", "move": moves[index], "seat": seat, "colour": colour, "rank": rank,
                     "stack": stacks[colour]}
        gone[(colour, rank)] = gone.get((colour, rank), 0) + 1
        if gone[(colour, rank)] == COPIES_OF_RANK[rank] and (colour not in lost or rank < lost[colour]["rank"]):
            lost[colour] = {"colour": colour, "rank": rank, "move": moves[index], "seat": seat, "how": how,
                            "points": NUM_RANKS + 1 - rank}
    ranked = sorted(lost.values(), key=lambda loss: (-loss["points"], loss["move"]))
    caps = {colour: (lost[colour]["rank"] - 1 if colour in lost else NUM_RANKS) for colour in COLOURS}
    in_reach = 0 if third else sum(caps[c] - s.stacks[i] for i, c in enumerate(COLOURS))
    if third is not None:
        key: dict[str, Any] = third
    elif ranked:
        key = {"kind": "lost", **ranked[0]}
    elif s.score == MAX_SCORE:
        key = {"kind": "perfect"}
    else:
        key = {"kind": "time", "in_reach": in_reach}
    return {"score": s.score, "max_score": MAX_SCORE, "reason": s.reason,
            "stacks": {c: s.stacks[i] for i, c in enumerate(COLOURS)}, "strikes": s.strikes,
            "lost": ranked, "in_reach": in_reach, "key": key}


def told(entry: LogEntry, viewer: int, players: int) -> dict[str, Any] | None:
    """One log entry as the person in `viewer` may read it after the end (every card told),
    with its `cause`; None for the deal (the review starts after it)."""
    public, hidden_from, extra = entry
    kind = public["type"]
    if kind == "deal":
        return None
    out = seats_from({k: (v[:] if isinstance(v, list) else v) for k, v in public.items()}, viewer, players)
    if extra is not None:
        out.update(extra)  # the game is over: a card drawn unseen may be told
        if hidden_from == viewer:
            out["hidden"] = True
    cause = CAUSES.get(kind)
    if kind == "draw":
        cause = None if hidden_from == viewer else "chance"
    out["cause"] = cause
    return out
