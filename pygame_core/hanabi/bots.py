"""Hanabi AI teammates, the bot the registry names: the conventions, and at
hard a look-ahead near the end of the deck.

Every level follows seeds/hanabi-conventions.md (`ConventionBot`,
convention_bot.py: what it does and in which order). Hard also, with
SEARCH_DECK cards or fewer left (SEARCH_DECK_TWO with two players), checks its
conventional move against a few others by playing out imagined endings
(search.py; reason code "lookahead"), and leaves it only for a clear gain, so
teammates can still read it. Its
imagined deals are drawn from its seed, the move number and the log length,
so a decision is a pure function of the view, the level and the seed, and
`explain` repeats `choose`.

This module joins the two: the search imports the conventional bot (its
imagined teammates play by it), and this bot imports both, so imports run
one way. It also offers the page the clue preview (preview.py).
"""

from __future__ import annotations

from typing import Any

from ..protocol import Action, Observation
from .convention_bot import ConventionBot
from .conventions import Tracker
from .perspective import Perspective
from .preview import preview_clues
from .reasons import Reason
from .search import LookAhead


class HanabiBot(ConventionBot):
    """The three levels; all read and give clues by the same conventions, and
    hard looks ahead near the end (`search`: on for hard, a test may turn it off)."""

    SEARCH_DECK = 5  # hard: look ahead when this many cards or fewer are left in the deck
    SEARCH_WORLDS = 24  # imagined endings per candidate move
    SEARCH_BUDGET = 1200  # imagined moves per decision with 3 players scaled by 2/players (bounds the time)
    SEARCH_MARGIN = 0.1  # the least gain in average score to leave the conventional move
    # With two players (issue 29) hard looks ahead from 15 cards left, with more imagined moves, and
    # leaves the conventional move only for a larger gain. Self-play on decks 10000-10299, against 5
    # cards, 1200 moves and 0.1: from 10 cards, 2000 moves and 0.5 +0.12 +/- 0.03 (0.3: +0.11 +/- 0.04);
    # 5 cards, 1200 moves and 0.3: +0.05 +/- 0.02; from 15 cards, 1200 moves and 0.1: -0.24 +/- 0.06.
    # From 15 cards against 10 (2000 moves, 0.5): decks 30000-30299 +0.11 +/- 0.04, and on the issue's
    # decks 10000-10999 afterwards +0.09 +/- 0.02 (23.33 -> 23.42).
    SEARCH_DECK_TWO = 15
    SEARCH_BUDGET_TWO = 2000
    SEARCH_MARGIN_TWO = 0.5

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        super().__init__(level, seed)
        self.search = level == "hard"

    @classmethod
    def preview(cls, observation: Observation) -> list[dict[str, Any]]:
        return preview_clues(observation)

    def decide(self, view: Observation, tracker: Tracker | None = None) -> tuple[Action, Reason]:
        """The conventional move and its reason, unless the look-ahead finds a
        clearly better one; `tracker`, if given, holds this view's notes already."""
        p = Perspective(view, tracker or self.tracker(view))
        action, reason = self.convention_move(view, p)
        two = view["players"] == 2
        if self.search and view["deck"] <= (self.SEARCH_DECK_TWO if two else self.SEARCH_DECK):
            # A move costs more to imagine with more hands to read: the budget shrinks with the table.
            budget = self.SEARCH_BUDGET_TWO if two else self.SEARCH_BUDGET * 2 // view["players"]
            margin = self.SEARCH_MARGIN_TWO if two else self.SEARCH_MARGIN
            search = LookAhead(self, view, p, self.SEARCH_WORLDS, margin, budget)
            found = search.run(action)
            if found is not None and found[0] != action:
                return found[0], {"code": "lookahead", "gain": round(found[1], 1), "worlds": search.worlds_used,
                                  "usual": reason["code"]}
        return action, reason


__all__ = ["HanabiBot"]
