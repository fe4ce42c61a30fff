"""The Hanabi `Game`: the protocol's face of the rules, joined to the view.

rules.py holds the position (`State`) and what may happen to it; view.py says
what one seat sees of it and reads rules.py. This module joins the two, so
imports run one way (view -> rules, game -> both) and the registry
(pygame_core.games) names this class. It checks options (a fixed deck among
them), shuffles the deck with the game's seed and keeps the log.
"""

from __future__ import annotations

from typing import Any

from ..errors import BadOptionsError
from ..protocol import StateGame, int_in, short
from . import DEFAULT_OPTIONS
from .cards import DECK_SIZE, FULL_DECK, parse_card
from .rules import LogEntry, State, normalize_action, ranking_points
from .view import observation


class Hanabi(StateGame):
    """The protocol game. Options: `players` (2-5, default 2) and `deck` (null,
    or all 50 cards in drawing order as short names like "r1" or as
    {"colour", "rank"} objects: seat 0's hand first, slot 0 first, then seat 1's
    and so on, then the draw pile in order)."""

    name = "hanabi"
    default_options = DEFAULT_OPTIONS
    view = staticmethod(observation)
    normalize_action = staticmethod(normalize_action)

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        players = options["players"]
        if not int_in(players, range(2, 6)):
            raise BadOptionsError(f"hanabi: option 'players' must be an integer from 2 to 5, got {short(players)}")
        deck = options["deck"]
        if deck is not None:
            cls.parse_deck(deck)

    @staticmethod
    def parse_deck(deck: Any) -> list[int]:
        try:
            if not isinstance(deck, list) or len(deck) != DECK_SIZE:
                raise ValueError("wrong size")
            idents = [parse_card(card) for card in deck]
        except ValueError:
            idents = None
        if idents is None or sorted(idents) != list(FULL_DECK):
            raise BadOptionsError(
                "hanabi: option 'deck' must list all 50 cards (per colour three 1s, two each of 2-4, one 5) "
                f"as names like \"r1\" or {{\"colour\", \"rank\"}} objects, got {short(deck, 200)}"
            )
        return idents

    def setup(self) -> None:
        if self.options["deck"] is not None:
            deck = self.parse_deck(self.options["deck"])
        else:
            deck = list(FULL_DECK)
            self.rng.shuffle(deck)
        self.log: list[LogEntry] = []
        self.state = State(self.options["players"], deck, self.log)

    @property
    def num_players(self) -> int:
        return self.state.players

    def result(self) -> dict[str, Any]:
        s = self.state
        score = s.score
        n = s.players
        return {
            "winner": None,  # cooperative: the team scores together
            "scores": [score] * n,
            "ranking_points": [ranking_points(score, s.over)] * n,
            "over": s.over,
            "reason": s.reason,
            "stacks": sum(s.stacks),
            "strikes": s.strikes,
        }
