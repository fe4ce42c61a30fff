"""Errors raised by the engine.

Every error a caller can provoke is an `EngineError`, a `ValueError` (as in
python-chess), carrying a stable machine-readable `code` that the bridge puts
into its error envelope. The message is written for a developer reading a log:
it quotes the offending input.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class: bad input of any kind. Raising it never changes a game."""

    code = "engine_error"


class UnknownGameError(EngineError):
    code = "unknown_game"


class BadOptionsError(EngineError):
    code = "bad_options"


class IllegalActionError(EngineError):
    code = "illegal_action"


class GameOverError(IllegalActionError):
    code = "game_over"


class BadSaveError(EngineError):
    code = "bad_save"


class BridgeError(EngineError):
    """A request the bridge or a session cannot serve (a stale click, a move out
    of turn, a bad field); its `code`, given per error, goes into the reply."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
