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
from ..protocol import StateGame, fields_fit, int_from, int_in, number_from, one_of, short
from . import DEFAULT_OPTIONS
from .cards import COLOURS, DECK_SIZE, FULL_DECK, MAX_SCORE, RANKS, hand_size, parse_card
from .rules import LogEntry, State, normalize_action, ranking_points
from .reveal import revealed
from .view import observation

# The reasons the AI gives (convention_bot.py, bots.py), as a player is shown
# them (reasons.redact_reason): what `Hanabi.check_reason` accepts back from a save.
CLUE_REASONS = ("clue_play", "clue_save", "clue_info", "clue_stall")
SLOT_REASONS = ("play_known", "play_risky", "play_forced", "discard_trash", "discard_chop", "discard_locked")
SAVE_KINDS = ("five", "two", "critical", "chop")  # why a save clue saves (redact_reason: "chop" for its receiver)
STALLS = ("full", "locked", "after_save", "late")  # why a clue was given rather than a discard
CLUE_READINGS = ("play", "tempo", "save", "touch")  # how a play's card was read when it was clued (clue_basis)
MAX_WORLDS = 10_000  # the look-ahead imagines a few dozen


class Hanabi(StateGame):
    """The protocol game. Options: `players` (2-5, default 2) and `deck` (null,
    or all 50 cards in drawing order as short names like "r1" or as
    {"colour", "rank"} objects: seat 0's hand first, slot 0 first, then seat 1's
    and so on, then the draw pile in order)."""

    name = "hanabi"
    default_options = DEFAULT_OPTIONS
    view = staticmethod(observation)
    reveal = staticmethod(revealed)  # the hidden cards, for the end's replay and review
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

    def check_reason(self, why: dict[str, Any]) -> bool:
        """A reason the teammates give, as a player was shown it: a clue names its
        receiver (seats counted from the giver), its colour or rank, perhaps the
        card it is about (a play or save clue also where it lies in the receiver's
        hand, its slot) and why it saves or stalls; a play or discard names a
        slot of the bot's hand (a play also how its card was clued, or its chance);
        the look-ahead its gain and the move it would usually make."""
        n = self.num_players
        colour, rank = one_of(*COLOURS), one_of(*RANKS)
        slot = int_from(0, hand_size(n) - 1)
        one_value = {"colour": colour, "rank": rank}  # a clue's value: exactly one of the two

        def clue_value(value: dict[str, Any]) -> bool:
            return len(set(value) & set(one_value)) == 1

        code = why.get("code") if isinstance(why, dict) else None
        if code in CLUE_REASONS:
            required = {"code": one_of(code), "target": int_from(1, n - 1)}
            optional = {**one_value, "card": lambda card: fields_fit(card, {"colour": colour, "rank": rank})}
            if code in ("clue_play", "clue_save"):
                optional["slot"] = slot
            if code == "clue_save":
                optional["save"] = one_of(*SAVE_KINDS)
            if code == "clue_stall":
                required["stall"] = one_of(*STALLS)
            return fields_fit(why, required, optional) and clue_value(why)
        if code in SLOT_REASONS:
            optional = {}
            if code == "play_known":
                optional["clue"] = lambda basis: fields_fit(
                    basis, {"by": int_from(0, n - 1), "slot": slot, "as": one_of(*CLUE_READINGS)}, one_value,
                ) and clue_value(basis)
            if code == "play_risky":
                return fields_fit(why, {"code": one_of(code), "slot": slot, "chance": number_from(0, 1)})
            return fields_fit(why, {"code": one_of(code), "slot": slot}, optional)
        if code == "lookahead":
            return fields_fit(why, {"code": one_of(code), "gain": number_from(-MAX_SCORE, MAX_SCORE),
                                    "worlds": int_from(0, MAX_WORLDS), "usual": one_of(*CLUE_REASONS, *SLOT_REASONS)})
        return False

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
