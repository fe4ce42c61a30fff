"""The deal of the day (issue 42): one deal a day per game, the same for every player.

The deal of a date is a pure function of the game's name and the UTC date
(`daily_deal`): its seed is the first 53 bits of the SHA-256 of a versioned
text naming both, so it lands anywhere in 0..2**53-1 and a new version of
the rule would deal other days without ever repeating this one's by chance.
The game is played with its default options, against the computer at the
site's default level (normal: what a player who never picked a level gets),
the person in seat 0.

Beside the person's result the page shows the par: the strongest level's own
result on the same deal (`ParRun`). In Hanamikoji and Koi-Koi the expert
plays the person's seat against the same opponent (the same level, and the
bot seeded exactly as in the person's game: `Session.seated` seeds it); in
Hanabi every seat is the strongest level (hard) on the same deck with the
same number of players, the teammates seeded as the person's were and seat 0
from the deal. Every bot's budget is a fixed count, never a time, so the par
is the same on every device. It is played in steps (`ParRun.step`), each
stopping once its time is spent, so no engine call is long; how many moves
a step plays never changes the game played.
"""

from __future__ import annotations

import hashlib
import re
import time
from typing import Any, Callable

from .errors import BridgeError
from .protocol import MAX_SEED, Game, game_info, new_bot, new_game, short
from .session import HUMAN, Session

# Bump to deal other days (the text below changes with it: no day of one version is another's).
DAILY_VERSION = 1
DAILY_GAMES = ("hanamikoji", "koikoi", "hanabi")
DAILY_LEVEL = "normal"  # js/collection.js DEFAULT_LEVEL: the computer a player meets who never picked one
DAILY_SEAT = 0
# The strongest level of each game: what plays the person's seat (Hanabi: every seat) in the par.
PAR_LEVEL = {"hanamikoji": "expert", "koikoi": "expert", "hanabi": "hard"}
STEP_SECONDS = 0.1  # a par step stops once this is spent (after at least one move: a call lasts this and one move at most)
# The dates a deal is dealt for (written yyyy-mm-dd, they compare as text). (No `datetime`: the site's
# trimmed standard library leaves it out, build.py STDLIB_KEEP; the calendar below is all it takes.)
FIRST_DATE = "2020-01-01"
LAST_DATE = "2999-12-31"
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def _days_in(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def check_date(date: Any) -> str:
    """A calendar date written yyyy-mm-dd, from FIRST_DATE to LAST_DATE; refused as bad_request otherwise."""
    found = _DATE.fullmatch(date) if isinstance(date, str) and date.isascii() else None
    if found is None:
        raise BridgeError("bad_request", f"daily: date must be written yyyy-mm-dd, got {short(date)}")
    year, month, day = (int(part) for part in found.groups())
    if not (1 <= month <= 12 and 1 <= day <= _days_in(year, month)):
        raise BridgeError("bad_request", f"daily: {date} is not a date on the calendar")
    if not FIRST_DATE <= date <= LAST_DATE:
        raise BridgeError("bad_request", f"daily: date must be from {FIRST_DATE} to {LAST_DATE}, got {date}")
    return date


def check_game(game: Any) -> str:
    game_info(game)  # an unknown game: unknown_game
    if game not in DAILY_GAMES:
        raise BridgeError("unsupported", f"daily: {game} has no deal of the day")
    return game


def daily_seed(game: str, date: str) -> int:
    """The deal's seed: the first 53 bits of SHA-256("cardgarden daily v<version> <game> <date>")."""
    text = f"cardgarden daily v{DAILY_VERSION} {game} {date}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 11


def daily_deal(game: Any, date: Any) -> dict[str, Any]:
    """The deal of `date` (yyyy-mm-dd, a UTC date) for `game`: what the page deals with `new`."""
    check_game(game)
    day = check_date(date)
    seed = daily_seed(game, day)
    assert 0 <= seed <= MAX_SEED
    return {"game": game, "date": day, "version": DAILY_VERSION, "seed": seed,
            "options": dict(game_info(game).options), "level": DAILY_LEVEL, "human": DAILY_SEAT,
            "par_level": PAR_LEVEL[game]}


def _par_seed(seed: int) -> int:
    """The seed of the par's own bot in the person's seat (its opponents are seeded as in the person's game)."""
    digest = hashlib.sha256(f"cardgarden daily par {seed}".encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 11


class ParRun:
    """The strongest level playing the deal of a date, a step at a time (see the module's docstring)."""

    def __init__(self, game: str, date: str) -> None:
        deal = daily_deal(game, date)
        self.deal = deal
        self.game: Game = new_game(game, seed=deal["seed"], options=deal["options"])
        seats = [HUMAN if seat == DAILY_SEAT else deal["level"] for seat in range(self.game.num_players)]
        if game == "hanabi":  # every seat the strongest level
            seats = [HUMAN if seat == DAILY_SEAT else deal["par_level"] for seat in range(self.game.num_players)]
        # The opponents (teammates) seeded exactly as Session seats them in the person's own game.
        self.bots = Session.seated(self.game, seats).bots
        self.bots[DAILY_SEAT] = new_bot(game, level=deal["par_level"], seed=_par_seed(deal["seed"]))

    @property
    def done(self) -> bool:
        return self.game.is_over

    def step(self, seconds: float = STEP_SECONDS, clock: Callable[[], float] = time.perf_counter) -> None:
        """Play moves until `seconds` are spent (at least one move) or the game is over."""
        start = clock()
        while not self.game.is_over:
            seat = self.game.current_player
            self.game.apply(self.bots[seat].choose(self.game.observation(seat)))
            if clock() - start >= seconds:
                break

    def run(self) -> dict[str, Any]:
        """The whole par at once (tests, the bench's CPython column)."""
        while not self.done:
            self.step(seconds=3600.0)
        return self.report()

    def progress(self) -> float:
        """How far the par game has come, 0-1: an estimate from the moves left at most (exact at the end)."""
        if self.game.is_over:
            return 1.0
        view = self.game.observation(DAILY_SEAT)
        name = self.game.name
        if name == "hanamikoji":  # 12 moves a round: 8 actions and 4 answers to gifts and competitions
            total = 12 * (view.get("round_limit") or 3)
            return min(0.99, self.game.move_number / total)
        if name == "koikoi":  # the rounds played, and the stock drawn in the round under way (24 cards)
            rounds = view["rounds"]
            within = 1 - min(24, view["stock"]) / 24
            return min(0.99, (len(view["rounds_played"]) + within) / rounds)
        # Hanabi: at most one move per card left in the deck, then one more turn each
        left = view["deck"] + (view["turns_left"] if view.get("turns_left") is not None else view["players"])
        return min(0.99, self.game.move_number / (self.game.move_number + left))

    def report(self) -> dict[str, Any]:
        """Where the par stands; at the end, its result as the person's seat has it."""
        out: dict[str, Any] = {"game": self.deal["game"], "date": self.deal["date"], "level": self.deal["par_level"],
                               "done": self.done, "move": self.game.move_number,
                               "progress": round(self.progress(), 3)}
        if self.done:
            result = self.game.result()
            out["result"] = {key: result[key] for key in ("winner", "scores", "geishas") if key in result}
            out["result"]["outcome"] = par_outcome(self.deal["game"], result)
        return out


def par_outcome(game: str, result: dict[str, Any]) -> str:
    """'win' | 'loss' | 'draw' for the person's seat (Hanabi, a team game: 'team')."""
    if game == "hanabi":
        return "team"
    winner = result.get("winner")
    return "draw" if winner is None else "win" if winner == DAILY_SEAT else "loss"


# The par runs under way in this engine, by (game, date): the page asks for the next step of one.
MAX_RUNS = 3
_runs: dict[tuple[str, str], ParRun] = {}


def par_step(game: Any, date: Any, seconds: float = STEP_SECONDS) -> dict[str, Any]:
    """The next step of the par of `game` on `date` (started at the first call; a restarted engine starts over)."""
    deal = daily_deal(game, date)
    key = (deal["game"], deal["date"])
    run = _runs.get(key)
    if run is None:
        run = ParRun(*key)
        while len(_runs) >= MAX_RUNS:
            del _runs[next(iter(_runs))]
        _runs[key] = run
    run.step(seconds)
    report = run.report()
    if run.done:
        del _runs[key]  # the page keeps the result; asked again, it is played again (the same)
    return report


def reset() -> None:
    """Forget every par under way (a memory snapshot's engine holds none)."""
    _runs.clear()
