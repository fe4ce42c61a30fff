"""What decided a finished game, and what happened between the person's decisions (issue 40).

After a game the review shows the person's chance (or the expected final score) after each of
their decisions. Two things explain the line: what decided the game (the review's top line)
and, for each large swing between two of their decisions, what happened in between (the
computer's moves, a card drawn, a round that ended). Both come from here, for a finished game
only: then every card may be told.

Each game says its own part in pygame_core/<game>/decided.py:
  summary(game, viewer, moves) -> a dict of what settled the game, seats counted from `viewer`
    (`moves`: the move that made each entry of the game's log);
  told(entry, viewer, players) -> one log entry as the viewer may read it after the end, with
    its `cause` ("move", "chance" or None: see each module), or None for one left untold.
This module splits the log at the person's decisions: each move's entries start with the move
itself, so what follows a decision's first entry, up to the next decision's, happened between.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import EngineError
from .protocol import Game

# The games whose end is explained, and the unit of their review (coach.py's assessments).
UNITS: dict[str, str] = {"hanamikoji": "win_chance", "koikoi": "win_chance", "hanabi": "score"}
DECIDED_GAMES = tuple(UNITS)


def _module(name: str) -> Any:
    """Game `name`'s decided module, loaded when first asked (the page boots without it)."""
    if name not in UNITS:
        raise EngineError(f"decided: {name} tells no story of its end (only {', '.join(DECIDED_GAMES)})")
    return importlib.import_module(f"{__package__}.{name}.decided")


def log_moves(game: Game) -> tuple[list[int | None], list[int]]:
    """(the move that made each entry of the game's log, None for the deal before the first;
    the index of each move's first entry), found by replaying the game from its seed."""
    past = type(game)(seed=game.seed, options=game.options)
    starts: list[int] = []
    for action in game.history:
        starts.append(len(past.log))
        past.apply(action)
    if len(past.log) != len(game.log):  # pragma: no cover - a game replays exactly (protocol.py)
        raise EngineError(f"decided: the replay of {game.name} wrote {len(past.log)} log entries, not {len(game.log)}")
    moves: list[int | None] = [None] * len(game.log)
    for move, start in enumerate(starts):
        stop = starts[move + 1] if move + 1 < len(starts) else len(game.log)
        moves[start:stop] = [move] * (stop - start)
    return moves, starts


def end_value(game: Game, viewer: int) -> float:
    """Where the review's line ends: the result in the review's unit for `viewer` (a win 1, a
    draw 0.5, a loss 0; in Hanabi the team's final score)."""
    result = game.result()
    if UNITS[game.name] == "score":
        return float(result["scores"][viewer])
    winner = result["winner"]
    return 0.5 if winner is None else 1.0 if winner == viewer else 0.0


def decided(game: Game, viewer: int) -> dict[str, Any]:
    """{"summary", "decisions", "between", "end"} of the finished `game` for the person in seat
    `viewer`: the game's summary (its decided.py); the person's decisions (move numbers, as
    the replay lists them); per decision {"after": its move, "until": the next decision's move
    (null after the last), "events": what happened in between, each told entry with the
    `move` that made it}; and {"unit", "value"}: the result, where the review's line ends."""
    if not game.is_over:
        raise EngineError(f"decided: the {game.name} game is still running; what decides it is told at the end")
    module = _module(game.name)
    moves, starts = log_moves(game)
    decisions = [move for move, seat in enumerate(game.movers) if seat == viewer]
    between = []
    for i, move in enumerate(decisions):
        until = decisions[i + 1] if i + 1 < len(decisions) else None
        stop = starts[until] if until is not None else len(game.log)
        events = []
        for index in range(starts[move] + 1, stop):
            entry = module.told(game.log[index], viewer, game.num_players)
            if entry is not None:
                entry["move"] = moves[index]
                events.append(entry)
        between.append({"after": move, "until": until, "events": events})
    return {"summary": module.summary(game, viewer, moves), "decisions": decisions, "between": between,
            "end": {"unit": UNITS[game.name], "value": end_value(game, viewer)}}
