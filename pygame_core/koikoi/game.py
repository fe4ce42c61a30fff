"""The Koi-Koi `Game`: the protocol's face of the rules, joined to the view.

rules.py holds the position (`State`) and what may happen to it; view.py says
what one seat sees of it and reads rules.py. This module joins the two, so
imports run one way (view -> rules, game -> both) and the registry
(pygame_core.games) names this class. It checks options (the house rules
among them), deals from the game's seed and keeps the public log.
"""

from __future__ import annotations

import copy
from typing import Any

from ..errors import BadOptionsError
from ..protocol import StateGame, check_decks, int_in, short
from . import DEFAULT_OPTIONS
from .reasons import check_reason
from .rules import HOUSE_RULE_OPTIONS, OVER, ROUND_CHOICES, LogEntry, State, check_deck, normalize_action, ranking_points
from .reveal import revealed
from .view import observation
from .yaku import HouseRules


class KoiKoi(StateGame):
    """The protocol game. Options: `rounds` (3, 6 or 12), `first_dealer` (null:
    drawn with the seed, or 0/1) and `decks` (null, or a list of 48-card orders
    fixing the deal of rounds 1, 2, ...: indices 0-7 go to seat 0's hand, 8-15
    to seat 1's, 16-23 face up to the table, 24-47 form the stock, 24 on top).
    House rules, each true or false (default false; seeds/koikoi.md, "House
    rules"): `plus_one_yaku`, `no_sake_yaku`, `koikoi_once`, `teshi`."""

    name = "koikoi"
    default_options = DEFAULT_OPTIONS
    view = staticmethod(observation)
    reveal = staticmethod(revealed)  # the hidden cards, for the end's replay and review
    normalize_action = staticmethod(normalize_action)

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        rounds = options["rounds"]
        if not int_in(rounds, ROUND_CHOICES):  # 3.0 and True would pass a plain `in`
            raise BadOptionsError(f"koikoi: option 'rounds' must be 3, 6 or 12, got {short(rounds)}")
        dealer = options["first_dealer"]
        if dealer is not None and not int_in(dealer, (0, 1)):
            raise BadOptionsError(f"koikoi: option 'first_dealer' must be null, 0 or 1, got {short(dealer)}")
        check_decks("koikoi", options["decks"], check_deck)
        for key in HOUSE_RULE_OPTIONS:
            if not isinstance(options[key], bool):  # 0, 1 and null are refused: a rule is on or off
                raise BadOptionsError(f"koikoi: option {key!r} must be true or false, got {short(options[key])}")

    def check_reason(self, why: dict[str, Any]) -> bool:
        """The AI explains every move it makes, from what both sides see (reasons.py,
        `explain(..., public=True)`): a reason a save brings back must be one of those,
        a public code with exactly its fields and valid values (`reasons.check_reason`)."""
        return check_reason(why)

    def setup(self) -> None:
        self.log: list[LogEntry] = []
        dealer = self.options["first_dealer"]
        if dealer is None:
            dealer = self.rng.randrange(2)  # stands for drawing cards for the first dealer
        self.state = State(self.rng, self.options["rounds"], dealer, self.options["decks"], self.log,
                           rules=HouseRules.from_options(self.options))

    @property
    def num_players(self) -> int:
        return 2

    def result(self) -> dict[str, Any]:
        s = self.state
        over = s.phase == OVER
        return {
            "winner": s.winner,
            "scores": s.scores[:],
            "ranking_points": ranking_points(s.winner, s.scores, over),
            "over": over,
            "rounds": copy.deepcopy(s.summaries),
        }
