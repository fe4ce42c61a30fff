"""A game at a table: who sits in each seat, and what each person there may see.

A session holds a game and its seat plan: each seat is a person ("human") or
the computer at a level, in any mix the game allows with at least one
person. A computer seat gets a bot, seeded from the game's seed so that a
reloaded game gets the same players back; a person's seat gets none.

Everything a session says, it says to one person's seat: `view(sid, seat)`
draws the table as that seat may see it, a bot's move comes back as the
viewing person may see it (`Game.public_action`), and the bots' reasons are
kept for each person as that person may read them (a Hanabi clue's reason
names the touched card to everyone but the player who holds it).

A session also counts the help its person asked for: hints and take-backs
(`assists`). A game played with help is marked in the history and earns no
ranking points (the page decides that; the count travels in the save), and
`take_back` rewinds the game to the person's last decision.

People may have names (`names`, one entry per seat, None for a bot or a
person who gave none): the page shows them at the privacy screen between two
people's turns and in the history; the engine only keeps them.

The bridge (bridge.py) turns JSON requests into these calls and keeps the
sessions. A request that names no seat speaks for the one person at the
table; at a table of several people every request names its seat.
"""

from __future__ import annotations

import copy
import random
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Sequence

from .coach import REVIEWED_GAMES
from .errors import BridgeError, IllegalActionError
from .protocol import MAX_SEED, Action, Bot, Game, game_info, is_int, new_bot, short

HUMAN = "human"  # a seat plan's entry for a person; any other entry is the level of a bot
MAX_NAME_CHARS = 24  # a person's name at the table, as typed (trimmed)
Reason = dict[str, Any]
# One AI move's note, as each person was shown it: person's seat -> {"move", "seat", "why"}.
Note = dict[int, dict[str, Any]]


@dataclass
class Session:
    """One game being played in the page: people and bots in its seats."""

    game: Game
    seats: tuple[str, ...]  # per seat: HUMAN, or the level of the bot in it
    names: tuple[str | None, ...] = ()  # per seat: the person's name, or None (a bot, no name given)
    bots: dict[int, Bot] = field(default_factory=dict)  # a bot for each seat that is not a person's
    # Why each AI move was made, when its bot says (seats absolute), kept per person.
    notes: list[Note] = field(default_factory=list)
    # The help the person asked for in this game: {"hints": n, "take_backs": n}.
    assists: dict[str, int] = field(default_factory=lambda: {"hints": 0, "take_backs": 0})
    # Each bot's random state when a person made the move of that number: a take back puts
    # it back, so the same move then gets the same answer. Not saved (a loaded game's bots
    # are seeded afresh); a take back past a load leaves the bots as they are.
    bot_states: dict[int, dict[int, Any]] = field(default_factory=dict)

    @classmethod
    def seated(cls, game: Game, seats: Sequence[str], names: Sequence[str | None] | None = None) -> Session:
        """`game` with one entry of `seats` per seat (HUMAN or a level its AI
        plays) and a bot in every seat that is not a person's. The bots draw
        their seeds from the game's seed in seat order. `names` (optional) has
        one entry per seat: a person's name or None; a bot's is None."""
        if not isinstance(seats, (list, tuple)):
            raise BridgeError("bad_request", f"seats must be a list with one entry per seat, got {short(seats)}")
        plan = tuple(seats)
        levels = game_info(game.name).levels
        if len(plan) != game.num_players:
            raise BridgeError("bad_request", f"seats: {game.name} has {game.num_players} seats, got {len(plan)}")
        for entry in plan:
            if entry != HUMAN and entry not in levels:
                raise BridgeError("bad_request",
                                  f"seats: each seat is {HUMAN!r} or one of {', '.join(levels)}, got {short(entry)}")
        if HUMAN not in plan:
            raise BridgeError("bad_request", "seats: at least one seat must be a person's")
        named = check_names(names, plan)
        bot_rng = random.Random(game.seed ^ 0x5EED)
        bots = {seat: new_bot(game.name, level=entry, seed=bot_rng.randrange(MAX_SEED))
                for seat, entry in enumerate(plan) if entry != HUMAN}
        return cls(game=game, seats=plan, names=named, bots=bots)

    # ------------------------------------------------------------ who sits where
    @property
    def humans(self) -> tuple[int, ...]:
        """The people's seats, in seat order."""
        return tuple(seat for seat, entry in enumerate(self.seats) if entry == HUMAN)

    @property
    def level(self) -> str | None:
        """The level the computer plays at when its seats share one (what the
        wire calls `level`); None at a table of people only or of mixed levels."""
        levels = {entry for entry in self.seats if entry != HUMAN}
        return levels.pop() if len(levels) == 1 else None

    @property
    def shared(self) -> bool:
        """A table of several people at one device (pass and play)."""
        return len(self.humans) > 1

    def viewer(self, seat: Any = None) -> int:
        """The person's seat a request speaks for: `seat` when given (it must be
        a person's), else the one person at the table."""
        if seat is None:
            humans = self.humans
            if len(humans) != 1:
                raise BridgeError("bad_request", f"this table seats {len(humans)} people: name the seat")
            return humans[0]
        if not (is_int(seat) and 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN):
            raise BridgeError("bad_request", f"seat {short(seat)} is not a person's seat at this table")
        return seat

    # ------------------------------------------------------------ what a seat sees
    def view(self, sid: str, seat: int | None = None) -> dict[str, Any]:
        """The table as the person in `seat` (default: the one person) may see it."""
        seat = self.viewer(seat)
        game = self.game
        current = game.current_player
        data: dict[str, Any] = {
            "session": sid,
            "game": game.name,
            "move": game.move_number,
            "seat": seat,
            "level": self.level,
            "seats": list(self.seats),
            "names": list(self.names),
            "to_move": current,  # the seat to move (absolute; None when the game is over): who moves is public
            "is_over": game.is_over,
            "waiting_for": None if current is None else ("human" if self.seats[current] == HUMAN else "bot"),
            "observation": game.observation(seat),
            "notes": self.notes_for(seat),
            "assists": dict(self.assists),
            # What help the page may offer now: both only on this person's turn.
            "can_hint": current == seat and game.name in REVIEWED_GAMES,
            "can_take_back": current == seat and self.can_take_back(seat),
        }
        if current == seat:
            # How the bots will read each move the player could make (Hanabi: each clue), from the player's view.
            preview = game_info(game.name).bot_cls.preview(data["observation"])
            if preview is not None:
                data["preview"] = preview
        if game.is_over:
            data["result"] = game.result()
        return data

    def notes_for(self, seat: int) -> list[dict[str, Any]]:
        """The AI's reasons as the person in `seat` was shown them (copies)."""
        return [copy.deepcopy(note[seat]) for note in self.notes if seat in note]

    # ------------------------------------------------------------ moves
    def check_move(self, seat: int, action: Action) -> None:
        """Refuse a person's move unless the game goes on and `seat` is to move."""
        game = self.game
        seat = self.viewer(seat)
        if game.is_over:
            raise BridgeError("game_over", f"apply: the game is over; action {short(action)} refused")
        if game.current_player != seat:
            raise BridgeError("not_your_turn", f"apply: it is player {game.current_player}'s turn, not yours (seat {seat})")

    def play(self, seat: int, action: Action) -> None:
        """A person's move from `seat`; the game checks the action itself."""
        self.check_move(seat, action)
        move, states = self.game.move_number, {s: bot.rng.getstate() for s, bot in self.bots.items()}
        self.game.apply(action)  # a refused move raises here and leaves no trace
        if game_info(self.game.name).take_back:
            self.bot_states[move] = states

    # ------------------------------------------------------------ help
    def can_take_back(self, seat: int) -> bool:
        """Whether `seat` has a decision to take back in this game (its kind allows it, it runs)."""
        return (game_info(self.game.name).take_back and not self.game.is_over
                and self.last_decision(seat) is not None)

    def last_decision(self, seat: int) -> int | None:
        """The move number of the last decision `seat` took, or None when it took none or
        another person has decided since: a take back never undoes someone else's move."""
        movers = self.game.movers
        for move in range(len(movers) - 1, -1, -1):
            if movers[move] == seat:
                return move
            if self.seats[movers[move]] == HUMAN:
                return None
        return None

    def take_back(self, seat: int) -> int:
        """Rewind the game to the decision `seat` took last, so it is theirs to take again:
        that move and every move after it (the computer's) are undone, and so are the notes
        of those moves. Returns the move number the game is back at. Built whole first, then
        put in place: a failure leaves the session as it was."""
        move = self.last_decision(seat)
        if move is None:
            raise BridgeError("bad_request", "undo: nothing to take back (no move of yours yet, or another person "
                                             "has moved since)")
        past = self.game.position(move)
        if past.current_player != seat:  # replay is exact: a bug if it is not the person's decision again
            raise BridgeError("internal", f"undo: move {move} replayed to player {past.current_player}'s turn")
        notes = [note for note in self.notes if all(n["move"] < move for n in note.values())]
        states = self.bot_states.get(move)
        self.game = past
        self.notes = notes
        self.bot_states = {m: st for m, st in self.bot_states.items() if m < move}
        if states is not None:
            for s, state in states.items():
                self.bots[s].rng.setstate(state)
                self.bots[s].last_reason = None
        self.assists["take_backs"] += 1
        return move

    def bot_to_move(self) -> tuple[int, Bot]:
        """The computer seat to decide now, and its bot."""
        seat = self.game.current_player
        if seat is None or seat not in self.bots:
            raise BridgeError("not_bot_turn", f"bot: it is not a bot's turn at move {self.game.move_number}")
        return seat, self.bots[seat]

    def play_bot(self, viewer: int) -> tuple[int, Action, Reason | None]:
        """The computer's move in its seat to move: played, and its reason noted
        for each person as that person may read it. Returned as (seat, the move
        and the reason as the person in `viewer` may see them): never a card it
        put face down, never one of that person's own hidden cards."""
        viewer = self.viewer(viewer)
        seat, bot = self.bot_to_move()
        game = self.game
        move = game.move_number
        action = bot.choose(game.observation(seat))
        why = {person: bot.reason_for((person - seat) % game.num_players) for person in self.humans}
        shown = game.public_action(action, seat, viewer)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise BridgeError("internal", f"bot chose an illegal action: {exc}") from None
        told = {person: {"move": move, "seat": seat, "why": reason} for person, reason in why.items()
                if reason is not None}
        if told:
            self.notes.append(told)
        return seat, shown, why[viewer]


# One rule for a person's name, the page's (web/js/names.js cleanName) and the engine's:
# every white space (Unicode's White_Space: a tab, a line break, a no-break space, U+3000 as
# Japanese input types it, U+2028 ...) counts as a plain space, runs of it as one, none at either
# end; a control, format or lone surrogate character is no part of a name, except the zero-width
# joiners that emoji and some scripts are made with; then 1-MAX_NAME_CHARS characters (code
# points). The page cleans what is typed by this rule, so the engine never refuses a name the
# page let through; the engine takes any other spacing as the page would clean it.
WHITE_SPACE = frozenset("\t\n\v\f\r \u0085\u00a0\u1680\u2028\u2029\u202f\u205f\u3000"
                        + "".join(chr(c) for c in range(0x2000, 0x200B)))
JOINERS = frozenset("\u200c\u200d")
BARRED = ("Cc", "Cf", "Cs")  # control, format, surrogate: see above


def clean_name(name: str) -> str | None:
    """`name` as the table keeps it by the rule above, or None when the rule refuses it."""
    spaced = "".join(" " if ch in WHITE_SPACE else ch for ch in name)
    if any(unicodedata.category(ch) in BARRED and ch not in JOINERS for ch in spaced):
        return None
    kept = " ".join(part for part in spaced.split(" ") if part)
    return kept if 0 < len(kept) <= MAX_NAME_CHARS else None


def check_names(names: Any, plan: tuple[str, ...]) -> tuple[str | None, ...]:
    """People's names for a seat plan: None (nobody named), or a list with one entry per
    seat, a person's a name by `clean_name`'s rule (kept as it cleans it) or None, a bot's None.
    A name the rule refuses is `bad_name`; a list of the wrong shape `bad_request`."""
    if names is None:
        return (None,) * len(plan)
    if not isinstance(names, (list, tuple)) or len(names) != len(plan):
        raise BridgeError("bad_request", f"names: one entry per seat ({len(plan)}), got {short(names)}")
    kept: list[str | None] = []
    for entry, name in zip(plan, names):
        if name is None:
            kept.append(None)
            continue
        if entry != HUMAN:
            raise BridgeError("bad_request", f"names: a computer seat has no name, got {short(name)}")
        if not isinstance(name, str):
            raise BridgeError("bad_request", f"names: a name is text, got {short(name)}")
        cleaned = clean_name(name)
        if cleaned is None:
            raise BridgeError("bad_name", f"names: a name is 1-{MAX_NAME_CHARS} characters with no control or "
                                          f"format character, got {short(name)}")
        kept.append(cleaned)
    return tuple(kept)
