"""The game protocol: one shape for every game, and the registry of games.

Learned from OpenSpiel (a state holds its own chance, so a seed plus the
action history replays a game exactly), python-chess (errors are ValueErrors
that quote the input) and boardgame.io (a player's view strips secrets before
it leaves the engine; an illegal move leaves the state untouched).

A game subclasses `Game` and implements the abstract hooks; `apply`,
`to_json` and `from_json` are written once here, so validation and saving
behave the same in every game. Actions are plain JSON values (usually small
dicts); two actions are equal when their canonical JSON is equal.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Protocol, TypeVar

from .errors import (
    BadOptionsError,
    BadSaveError,
    EngineError,
    GameOverError,
    IllegalActionError,
    UnknownGameError,
)

Action = Any  # a JSON value: dict, list, str, int, bool or None
Observation = dict[str, Any]

SAVE_FORMAT = 1
# The AI levels of every game; a game may add more (GameInfo.levels, Bot.levels).
LEVELS = ("easy", "normal", "hard")
# Seeds travel through JavaScript (saves in the browser): keep them exact there.
MAX_SEED = 2**53 - 1
# The deepest input the engine reads (a save with its actions is about 6 deep).
# Deeper input is refused as such, so a RecursionError further on is a bug.
MAX_DEPTH = 64


def canonical(value: Any) -> str:
    """The canonical JSON text of a value: the identity used to compare actions."""
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise IllegalActionError(f"action {value!r} is not a JSON value: {exc}") from None


def short(value: Any, limit: int = 120) -> str:
    """A value quoted for an error message, cut so a huge input cannot flood a log.
    Never raises: an error message must not turn into a second error."""
    try:
        text = json.dumps(value, sort_keys=True, default=repr)
    except (TypeError, ValueError, RecursionError):
        try:
            text = repr(value)
        except Exception:  # a nested monster or a broken __repr__: name its type only
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Is `value` nested more than `limit` lists/objects deep? Walked without
    recursion, so the check itself cannot overflow the stack (nor loop on a cycle)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, (list, tuple)):
            children = list(item)
        else:
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def is_int(value: Any) -> bool:
    """True only for a real integer. Python's bool is an int and 3.0 == 3, so
    ``value in (3, 6, 12)`` lets True and 3.0 through; every check of input
    that means an integer goes through here instead."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_in(value: Any, choices: Any) -> bool:
    """`value` is a real integer and one of `choices` (a range or a tuple of ints)."""
    return is_int(value) and value in choices


Check = Callable[[Any], bool]


def one_of(*choices: Any) -> Check:
    """A check that a value is one of `choices` (text, or exact integers: true is no 1)."""
    return lambda value: any(type(value) is type(choice) and value == choice for choice in choices)


def int_from(low: int, high: int) -> Check:
    """A check that a value is an exact integer from `low` to `high`."""
    return lambda value: int_in(value, range(low, high + 1))


def number_from(low: float, high: float) -> Check:
    """A check that a value is a number (an integer or a finite float, no bool) from `low` to `high`."""
    return lambda value: (is_int(value) or type(value) is float) and low <= value <= high


def fields_fit(value: Any, required: dict[str, Check], optional: dict[str, Check] | None = None) -> bool:
    """`value` is an object with every `required` key, perhaps some `optional`
    ones and no other, each value passing its check: how a game checks the
    reasons a save brings back (`Game.check_reason`)."""
    optional = optional or {}
    if not isinstance(value, dict) or not set(required) <= set(value) <= set(required) | set(optional):
        return False
    checks = {**optional, **required}
    return all(checks[key](item) for key, item in value.items())


def duel_ranking_points(winner: int | None, scores: list[int], over: bool, per_point: int, full_lead: int) -> list[int]:
    """The collection's ranking scale for a game of two: a win earns 60 plus
    `per_point` for each point of lead over the loser, at most 100 (from a lead
    of `full_lead`); a draw 30 each; a loss 10; a game not over nothing yet."""
    if not over:
        return [0, 0]
    if winner is None:
        return [30, 30]
    lead = max(0, scores[winner] - scores[1 - winner])
    points = [10, 10]
    points[winner] = 60 + per_point * min(lead, full_lead)
    return points


def check_decks(game: str, decks: Any, check_deck: Any) -> None:
    """The option 'decks': null, or a non-empty list of decks that `check_deck(deck, where)` accepts."""
    if decks is None:
        return
    if not isinstance(decks, list) or not decks:
        raise BadOptionsError(f"{game}: option 'decks' must be null or a non-empty list, got {short(decks)}")
    for index, deck in enumerate(decks):
        check_deck(deck, f"option 'decks'[{index}]")


def fresh_seed() -> int:
    """A seed from the OS, for games started without one."""
    return random.SystemRandom().randrange(MAX_SEED)


def check_seed(seed: Any) -> int:
    """A seed is an exact integer that JavaScript can hold (saves pass through it)."""
    if not int_in(seed, range(MAX_SEED + 1)):
        raise BadOptionsError(f"seed must be an integer from 0 to 2**53-1, got {short(seed)}")
    return seed


class Game(ABC):
    """A game in progress: its state, its chance (one `random.Random`) and its history.

    Subclasses set `name`, `default_options` and implement `setup`, the
    properties `num_players`, `current_player` and `is_over`, and the methods
    `legal_actions`, `_apply`, `observation` and `result`.
    """

    name: ClassVar[str] = ""
    default_options: ClassVar[dict[str, Any]] = {}

    def __init__(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self.options = self.validate_options(options)
        self.rng = random.Random(self.seed)
        self.history: list[Action] = []
        self.movers: list[int] = []  # the seat that made each move of the history
        self.setup()

    # ----------------------------------------------------------- options
    @classmethod
    def validate_options(cls, options: Any) -> dict[str, Any]:
        """Defaults merged with the given options; unknown keys or bad values are refused."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadOptionsError(f"{cls.name}: options must be an object, got {short(options)}")
        unknown = sorted(set(options) - set(cls.default_options))
        if unknown:
            known = ", ".join(sorted(cls.default_options)) or "none"
            raise BadOptionsError(
                f"{cls.name}: unknown option(s) {', '.join(map(repr, unknown))} (known: {known})"
            )
        merged = {**copy.deepcopy(cls.default_options), **copy.deepcopy(options)}
        cls.check_options(merged)
        return merged

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Raise BadOptionsError for a value out of range. Override per game."""

    # ----------------------------------------------------------- hooks
    @abstractmethod
    def setup(self) -> None:
        """Deal the starting position using `self.rng` and `self.options`."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide next, or None when the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take, in a stable order."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Play an action known to be legal (the unchecked fast path for search)."""

    @abstractmethod
    def observation(self, player: int) -> Observation:
        """Everything `player` may know and nothing else, as a JSON-able dict."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """{"winner": seat or None, "scores": [...], "ranking_points": [...], ...}."""

    def public_action(self, action: Action, actor: int, viewer: int) -> Action:
        """`action`, played by seat `actor`, as seat `viewer` may see it (a copy).

        The bridge hands a bot's move to the page in this form, so a move that
        places a card face down must not name it to anyone but its owner.
        Default: every part of a move is public. A game whose moves hide cards
        overrides this, keeping the move's "type" so a board can still animate it.
        """
        return copy.deepcopy(action)

    def revealed(self, player: int) -> dict[str, Any] | None:
        """The cards hidden from `player` in the position now, face up (JSON-able, seats counted
        from the player), or None where nothing is hidden. Only for a finished game's replay and
        review (bridge `replay`, `review`): never part of a view, so no search or hint reads it.
        Default: a game with no hidden cards."""
        return None

    def check_reason(self, why: dict[str, Any]) -> bool:
        """Whether `why` is a reason this game's AI could have given, as a person
        was shown it: a known code with its known fields, each of the known
        type and range (colours, ranks, slots, card ids...). A save brings its
        AI explanations back only through this check (bridge `_kept_notes`), so
        text planted in a save never reaches the page. Default: no reason is
        kept (a game whose AI gives none, or has not said what they look like)."""
        return False

    def normalize(self, action: Action) -> Action:
        """Bring an action into the canonical form `legal_actions` uses (e.g. sorted
        card lists). May raise any exception on malformed input: `apply` turns it
        into an IllegalActionError."""
        return action

    # ----------------------------------------------------------- provided
    @property
    def move_number(self) -> int:
        """How many actions have been applied: the clock a stale click is checked against."""
        return len(self.history)

    def check_player(self, player: Any) -> int:
        if not int_in(player, range(self.num_players)):
            raise EngineError(
                f"{self.name}: player must be a seat from 0 to {self.num_players - 1}, got {short(player)}"
            )
        return player

    def apply(self, action: Action) -> None:
        """Validate `action` fully, then play it. On any error nothing changes."""
        where = f"{self.name} move {self.move_number}"
        if self.is_over:
            raise GameOverError(f"{where}: the game is over; action {short(action)} refused")
        player = self.current_player
        try:
            normal = self.normalize(action)
            key = canonical(normal)
        except EngineError:
            raise IllegalActionError(
                f"{where}: action {short(action)} by player {player} is not a JSON value"
            ) from None
        except Exception:  # malformed input in any shape
            raise IllegalActionError(
                f"{where}: action {short(action)} by player {player} is malformed"
            ) from None
        for legal in self.legal_actions():
            if canonical(legal) == key:
                self._apply(copy.deepcopy(legal))
                self.history.append(copy.deepcopy(legal))
                self.movers.append(player)
                return
        raise IllegalActionError(f"{where}: action {short(action)} is not legal for player {player}")

    def clone(self) -> "Game":
        return copy.deepcopy(self)

    def position(self, move: int) -> "Game":
        """This game as it was after its first `move` moves: a new game replayed from the seed
        (exact, since the same seed and actions give the same game), for a replay, a review or
        a take back."""
        past = type(self)(seed=self.seed, options=self.options)
        for action in self.history[:move]:
            past.apply(action)
        return past

    def to_json(self) -> dict[str, Any]:
        """The save: {format, game, options, seed, actions, check}; replaying it rebuilds the game."""
        body = {
            "format": SAVE_FORMAT,
            "game": self.name,
            "options": copy.deepcopy(self.options),
            "seed": self.seed,
            "actions": copy.deepcopy(self.history),
        }
        return {**body, "check": save_check(body)}

    @classmethod
    def from_json(cls, data: Any) -> "Game":
        """Rebuild a saved game of this class, validating every field and every move."""
        body = read_save(data)
        if body["game"] != cls.name:
            raise BadSaveError(f"save is of game {short(body['game'])}, not {cls.name}")
        try:
            game = cls(seed=body["seed"], options=body["options"])
        except EngineError as exc:
            raise BadSaveError(f"save has bad options or seed: {exc}") from None
        for index, action in enumerate(body["actions"]):
            try:
                game.apply(action)
            except EngineError as exc:
                raise BadSaveError(f"save is corrupted at move {index}: {exc}") from None
        return game

    def seat_from(self, viewer: int, seat: int) -> int:
        """Seat numbers as the viewer sees them: 0 is the viewer, 1 the next player."""
        return (seat - viewer) % self.num_players


class StateGame(Game):
    """A game whose rules live in a state object (its rules.py's State), so the
    protocol's questions are the state's: `self.state` has `decider` (the seat
    to decide, None when over), `over`, `legal_actions()` and `play(action)`.
    The game's module joins that state to its view and its actions' form:
    `view(game, seat)` is its view.py's observation and `normalize_action`
    its rules.py's (both as staticmethods); `reveal(game, seat)`, where a game
    hides cards, its reveal.py's revealed (what `revealed` answers)."""

    state: Any
    view: ClassVar[Callable[[Any, int], Observation]]
    normalize_action: ClassVar[Callable[[Action], Action]]
    reveal: ClassVar[Callable[[Any, int], dict[str, Any]] | None] = None  # its reveal.py's revealed, if any

    @property
    def current_player(self) -> int | None:
        return self.state.decider

    @property
    def is_over(self) -> bool:
        return self.state.over

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def _apply(self, action: Action) -> None:
        self.state.play(action)

    def normalize(self, action: Action) -> Action:
        return self.normalize_action(action)

    def observation(self, player: int) -> Observation:
        return self.view(self, self.check_player(player))

    def revealed(self, player: int) -> dict[str, Any] | None:
        return None if self.reveal is None else self.reveal(self, self.check_player(player))


StateT = TypeVar("StateT", covariant=True)


class Table(Protocol[StateT]):
    """What a game's view reads of a game in play: its name and move clock, its
    state and the log it keeps, its legal actions and its result.

    A StateGame with a log is one, and so is a search's imagined game (a bare
    State given a move number, hanabi/search.py). A view takes this rather
    than its game's class so that view.py needs only rules.py: the Game class
    (each game's game.py) imports the view, and imports run one way.
    """

    @property
    def name(self) -> str: ...

    @property
    def move_number(self) -> int: ...

    @property
    def state(self) -> StateT: ...

    @property
    def log(self) -> list[Any]: ...

    def legal_actions(self) -> list[Action]: ...

    def result(self) -> dict[str, Any]: ...


def save_check(body: dict[str, Any]) -> str:
    """A short digest of a save body: detects truncation and accidental edits."""
    return hashlib.sha256(canonical(body).encode()).hexdigest()[:16]


def save_with(save: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A game's save (`Game.to_json`) with more fields in its body, its check made anew over
    them all: a session's help counts (`assists`) travel in the save so the check covers them."""
    body = {key: value for key, value in save.items() if key != "check"}
    body.update(copy.deepcopy(extra))
    return {**body, "check": save_check(body)}


def parse_save(data: Any) -> Any:
    """A save given as JSON text is parsed; anything else is returned as it is.
    Either way a save nested deeper than any real one is refused here, before
    a later step could overflow the stack on it."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadSaveError(f"save is not valid JSON (truncated?): {exc}") from None
        except RecursionError:
            raise BadSaveError("save is nested too deeply to be a save") from None
    if too_deep(data):
        raise BadSaveError(f"save is nested too deeply to be a save (more than {MAX_DEPTH} levels)")
    return data


def read_save(data: Any) -> dict[str, Any]:
    """Parse and check a save (text or dict) up to, not including, the replay."""
    data = parse_save(data)
    if not isinstance(data, dict):
        raise BadSaveError(f"save must be an object, got {short(data)}")
    expected = {"format", "game", "options", "seed", "actions", "check"}
    if set(data) == expected | {"assists"}:
        expected = set(data)  # the session's help, covered by the check (bridge's save; checked on load)
    if set(data) != expected:
        missing = sorted(expected - set(data))
        extra = sorted(set(data) - expected)
        raise BadSaveError(f"save has missing fields {missing} or unknown fields {extra}")
    if not is_int(data["format"]):  # true and 1.0 equal 1 in Python: no format numbers
        raise BadSaveError(f"save field 'format' must be an integer, got {short(data['format'])}")
    if data["format"] != SAVE_FORMAT:
        raise BadSaveError(
            f"save format {short(data['format'])} is not supported (this engine reads format {SAVE_FORMAT})"
        )
    if not isinstance(data["game"], str):
        raise BadSaveError(f"save field 'game' must be a game's name, got {short(data['game'])}")
    if not isinstance(data["options"], dict):  # null is no "defaults": a save holds the options it was played with
        raise BadSaveError(f"save field 'options' must be an object, got {short(data['options'])}")
    if not is_int(data["seed"]):  # null is no "a fresh seed": that would be another game
        raise BadSaveError(f"save field 'seed' must be an integer, got {short(data['seed'])}")
    if not isinstance(data["actions"], list):
        raise BadSaveError(f"save field 'actions' must be a list, got {short(data['actions'])}")
    if not isinstance(data["check"], str):
        raise BadSaveError(f"save field 'check' must be text, got {short(data['check'])}")
    body = {key: data[key] for key in expected - {"check"}}
    try:
        check = save_check(body)
    except EngineError:
        raise BadSaveError("save holds a value that is not JSON") from None
    if data["check"] != check:
        raise BadSaveError("save check does not match its content: it was changed or damaged")
    return body


class Bot(ABC):
    """An AI player. It is handed observations only, so it cannot see hidden cards."""

    game: ClassVar[str] = ""
    # The levels this AI plays; the game's GameInfo lists the same ones.
    levels: ClassVar[tuple[str, ...]] = LEVELS

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        if level not in self.levels:
            raise BadOptionsError(f"level must be one of {', '.join(self.levels)}, got {short(level)}")
        self.level = level
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self.rng = random.Random(self.seed)

    # A short structured reason for the last choice ({"code": ..., params}),
    # for bots whose moves a player should be able to follow; None otherwise.
    last_reason: dict[str, Any] | None = None

    @abstractmethod
    def choose(self, observation: Observation) -> Action:
        """One of observation["legal_actions"]."""

    def reason_for(self, viewer_offset: int) -> dict[str, Any] | None:
        """The last reason as the player `viewer_offset` seats after this bot may read it.
        A game whose reasons can name a card that player cannot see overrides this."""
        return copy.deepcopy(self.last_reason)

    @classmethod
    def preview(cls, observation: Observation) -> Any:
        """What the bots will make of each move the player could make now, computed
        from the player's own observation only (a game of teammates, Hanabi, shows
        how a clue will be read); None when the game offers none."""
        return None


class RandomBot(Bot):
    """Picks uniformly among the legal actions: a baseline and a test opponent."""

    def choose(self, observation: Observation) -> Action:
        legal = observation.get("legal_actions") or []
        if not legal:
            raise EngineError("bot asked to choose with no legal actions in the observation")
        return copy.deepcopy(self.rng.choice(legal))


# --------------------------------------------------------------- registry
def _load(path: str) -> Any:
    """The object a "module:name" path names, importing its module (once)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameInfo:
    """What the collection knows of a game, playable or not yet.

    A game's code is named, not imported: `game` and `bot` are "module:Class"
    paths, loaded the first time a game of this kind is opened. Listing the
    collection therefore loads no game, and a page that plays Hanamikoji never
    compiles Hanabi's AI. `options` are the game's defaults, the very dict its
    Game class uses as `default_options` (tests/test_protocol.py checks).
    """

    name: str
    title: str
    players: tuple[int, int]
    game: str | None = None
    bot: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    hidden: bool = False  # test games: reachable by name, not listed in the collection
    levels: tuple[str, ...] = field(default=LEVELS)
    # Whether a person may take back a move against the computer (not in Hanabi: a move
    # there is seen by teammates who acted on it; it has a hint and no take back).
    take_back: bool = True

    @property
    def playable(self) -> bool:
        return self.game is not None and self.bot is not None

    @property
    def game_cls(self) -> type[Game]:
        assert self.game is not None
        return _load(self.game)

    @property
    def bot_cls(self) -> type[Bot]:
        assert self.bot is not None
        return _load(self.bot)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": list(self.players),
            "playable": self.playable,
            "levels": list(self.levels) if self.playable else [],
            "options": copy.deepcopy(self.options) if self.playable else {},
        }


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.name] = info
    return info


def game_info(name: Any) -> GameInfo:
    if not isinstance(name, str) or name not in _REGISTRY:
        known = ", ".join(sorted(n for n, i in _REGISTRY.items() if not i.hidden))
        raise UnknownGameError(f"unknown game {short(name)} (known: {known})")
    return _REGISTRY[name]


def _playable(name: Any) -> GameInfo:
    info = game_info(name)
    if not info.playable:
        raise UnknownGameError(f"game {name!r} is not playable yet")
    return info


def list_games(include_hidden: bool = False) -> list[dict[str, Any]]:
    return [info.describe() for info in _REGISTRY.values() if include_hidden or not info.hidden]


def new_game(name: str, seed: int | None = None, options: dict[str, Any] | None = None) -> Game:
    return _playable(name).game_cls(seed=seed, options=options)


def new_bot(name: str, level: str = "normal", seed: int | None = None) -> Bot:
    return _playable(name).bot_cls(level=level, seed=seed)


def load_game(save: Any, game: str | None = None) -> Game:
    """Rebuild any registered game from its save (text or dict). With `game`
    given, a save of any other game is refused (a page that opens Koi-Koi must
    not be handed a Hanabi table because the wrong save was stored)."""
    data = parse_save(save)
    body = read_save(data)
    if game is not None and body["game"] != game:
        raise BadSaveError(f"save is of game {short(body['game'])}, not {short(game)}")
    try:
        info = _playable(body["game"])
    except UnknownGameError as exc:
        raise BadSaveError(f"save names {exc}") from None
    return info.game_cls.from_json(data)
