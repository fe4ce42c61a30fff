"""The Hanamikoji `Game`: the protocol's face of the rules, joined to the view.

rules.py holds the position (`State`) and what may happen to it; view.py says
what one seat sees of it and reads rules.py. This module joins the two, so
imports run one way (view -> rules, game -> both) and the registry
(pygame_core.games) names this class. It checks options, deals from the
game's seed, keeps the public log, and hides face-down moves from the
opponent (`public_action`).
"""

from __future__ import annotations

from typing import Any

from ..errors import BadOptionsError
from ..protocol import Action, StateGame, check_decks, int_in, short
from . import DEFAULT_OPTIONS
from .reasons import check_reason
from .rules import HIDDEN_ACTIONS, OVER, LogEntry, State, check_deck, normalize_action, ranking_points
from .reveal import revealed
from .view import observation


class Hanamikoji(StateGame):
    """The protocol game. Options: `round_limit` (3, or null for the published
    rule: play until someone wins) and `decks` (null, or a list of 21-card
    orders fixing the deal of rounds 1, 2, ...: index 0 is removed, 1-6 go to
    seat 0, 7-12 to seat 1, 13-20 are drawn in that order)."""

    name = "hanamikoji"
    default_options = DEFAULT_OPTIONS
    view = staticmethod(observation)
    reveal = staticmethod(revealed)  # the hidden cards, for the end's replay and review
    normalize_action = staticmethod(normalize_action)

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        limit = options["round_limit"]
        if limit is not None and not int_in(limit, range(1, 100)):
            raise BadOptionsError(f"hanamikoji: option 'round_limit' must be null or an integer 1-99, got {short(limit)}")
        check_decks("hanamikoji", options["decks"], check_deck)

    def setup(self) -> None:
        self.log: list[LogEntry] = []
        self.state = State(self.rng, self.options["round_limit"], self.options["decks"], self.log)

    def check_reason(self, why: dict[str, Any]) -> bool:
        """A reason of the AI's (from a save) is kept only when it is one the AI gives (reasons.py)."""
        return check_reason(why)

    @property
    def num_players(self) -> int:
        return 2

    def public_action(self, action: Action, actor: int, viewer: int) -> Action:
        """A secret or a trade-off is placed face down: others see which marker
        was used (the type, so a board can animate a face-down card), never the
        cards; the view's log shows them exactly so."""
        if actor != viewer and isinstance(action, dict) and action.get("type") in HIDDEN_ACTIONS:
            return {"type": action["type"]}
        return super().public_action(action, actor, viewer)

    def result(self) -> dict[str, Any]:
        s = self.state
        charm, geishas = s.totals()
        over = s.phase == OVER
        return {
            "winner": s.winner if over else None,
            "scores": charm,
            "geishas": geishas,
            "ranking_points": ranking_points(s.winner, charm, over),
            "over": over,
            "reason": s.reason,
            "rounds": len(s.scorings),
        }
