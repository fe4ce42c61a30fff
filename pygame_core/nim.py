"""Nim: a tiny built-in game that exercises the protocol, bridge and browser plumbing.

Hidden from the collection. A pile of 10-21 stones (chosen by the seed); each
turn a player takes 1, 2 or 3; who takes the last stone wins. It has a bot
that plays perfectly at "hard", so end-to-end tests can finish a game fast.
"""

from __future__ import annotations

from typing import Any

from .errors import BadOptionsError
from .protocol import Action, Bot, Game, Observation, int_in, short


DEFAULT_OPTIONS: dict[str, Any] = {"pile": None}


class Nim(Game):
    name = "nim"
    default_options = DEFAULT_OPTIONS

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        pile = options["pile"]
        if pile is not None and not int_in(pile, range(1, 100)):
            raise BadOptionsError(f"nim: option 'pile' must be null or an integer 1-99, got {short(pile)}")

    def setup(self) -> None:
        self.pile: int = self.options["pile"] or self.rng.randint(10, 21)
        self.to_move = 0
        self.winner: int | None = None

    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.to_move

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return [{"take": n} for n in (1, 2, 3) if n <= self.pile]

    def _apply(self, action: Action) -> None:
        self.pile -= action["take"]
        if self.pile == 0:
            self.winner = self.to_move
        self.to_move = 1 - self.to_move

    def observation(self, player: int) -> Observation:
        player = self.check_player(player)
        view: Observation = {
            "game": self.name,
            "move": self.move_number,
            "pile": self.pile,
            "to_move": None if self.is_over else self.seat_from(player, self.to_move),
            "history": [{"seat": self.seat_from(player, i % 2), **a} for i, a in enumerate(self.history)],
        }
        if self.current_player == player:
            view["legal_actions"] = self.legal_actions()
        return view

    def result(self) -> dict[str, Any]:
        if not self.is_over:
            return {"winner": None, "scores": [0, 0], "ranking_points": [0, 0], "over": False}
        scores = [1 if seat == self.winner else 0 for seat in range(2)]
        return {
            "winner": self.winner,
            "scores": scores,
            "ranking_points": [100 if s else 10 for s in scores],
            "over": True,
        }


class NimBot(Bot):
    game = "nim"

    def choose(self, observation: Observation) -> Action:
        legal = observation["legal_actions"]
        if self.level == "hard":
            for action in legal:
                if (observation["pile"] - action["take"]) % 4 == 0:
                    return action
        return self.rng.choice(legal)
