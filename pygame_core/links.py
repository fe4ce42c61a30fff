"""A game as a link: one record (a game, a position to play on from, a challenge) <-> a short text.

A shared game needs no server: every deal here is a seed and every game a seed
and its moves, so a link holds the record itself, in the part of the address
after `#`. The text is base64url (A-Z a-z 0-9 _ -, no padding) of bytes laid
out as below, and `read_link` gives back what the bridge's "load" takes.

Compact. Each move is written as its index in `legal_actions()` at that point of
the game, all of them packed into one number in mixed radix over the number of
legal actions at each step, so a forced move costs nothing and a game costs
about the sum of log2(n_i) bits. Reading it back replays the game move by move
through `Game.apply` (the validation a save gets). Only the options that differ
from the game's defaults are written.

Versioned. The first byte is the format (`LINK_FORMAT`); a newer one is
"link_version". Each game has a move code version (`MOVE_CODES`): the indices
mean "the i-th of legal_actions() in this order, from this seed's deal", so a
change to that order or to the deal makes old links play another game. Bump the
game's number then: its old links are refused as "link_version", never misread
(tests/test_links.py holds a golden link per game that fails and says so).
Tables that name things by number (`GAME_CODES`, `LEVEL_CODES`, `OPTION_KEYS`)
are only ever appended to, so an old link keeps its meaning.

Checksummed. The last four bytes are a CRC-32 (zlib) of all before them, so
any edit of one byte is refused; the text must be the canonical base64url of
its bytes (an edit of a last character's unused bits is refused too), and every
field has one encoding (numbers in their shortest form, no default option
written out, nothing left over): one record, one text.

Layout, format 1 (u: an unsigned LEB128 number, s: a signed one, zigzag):
    u format, u kind (KINDS), u game (GAME_CODES), u move code version,
    u count then per option: u key (OPTION_KEYS order, increasing) and a value,
    7 bytes seed (big-endian), per seat u (0 a person, 1 + LEVEL_CODES index),
    u the sharer's seat (a person's), then
    game / position: per person's seat u length + UTF-8 name (0: none), u hints,
        u take-backs, u moves, u at (game only), u length + the AI's explanations as
        the sharer saw them (raw-deflated JSON [[move, reason], ...]; 0: none, also when
        they would take the link past NOTES_BUDGET characters), the moves' number
        (big-endian, shortest, to the end);
    challenge: u helped (0/1), u winner (0 none, else seat + 1), per seat s score;
    4 bytes CRC-32 of all the above.
A challenge holds no move and no name, only the deal and the sender's result.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from .errors import BridgeError, EngineError
from .protocol import MAX_SEED, Game, canonical, game_info, is_int, new_game, short
from .session import HUMAN, MAX_NAME_CHARS, check_names

LINK_FORMAT = 1
# Per game: what a move's index means (the order of legal_actions, the deal from a seed). Bump on a change.
MOVE_CODES: dict[str, int] = {"hanamikoji": 1, "koikoi": 1, "hanabi": 1, "nim": 1}
# Numbered tables, append only: a link names a game, a level, an option by its place here.
GAME_CODES: tuple[str, ...] = ("hanamikoji", "koikoi", "hanabi", "nim")
LEVEL_CODES: tuple[str, ...] = ("easy", "normal", "hard", "expert")
OPTION_KEYS: dict[str, tuple[str, ...]] = {
    "hanamikoji": ("round_limit", "decks"),
    "koikoi": ("rounds", "first_dealer", "decks", "plus_one_yaku", "no_sake_yaku", "koikoi_once", "teshi"),
    "hanabi": ("players", "deck"),
    "nim": ("pile",),
}
KINDS: tuple[str, ...] = ("game", "position", "challenge")

MAX_LINK_CHARS = 4000  # the longest text read at all (refused before decoding): "link_too_long"
MAX_LINK_MOVES = 2000  # the most moves a link holds (a 12-round Koi-Koi match has a few hundred)
MAX_ASSISTS = 1_000_000  # the load's bound on a help count (bridge.MAX_ASSISTS)
MAX_SCORE = 1_000_000  # a challenge's score, either sign
MAX_VALUE_DEPTH = 4  # an option's value: a list of decks of cards, a card perhaps an object
SEED_BYTES = 7  # 56 bits hold 0..2**53-1
# The AI's explanations of its moves, as the sharer was shown them, travel in a game's or a position's
# link (deflated JSON) while the whole link stays within NOTES_BUDGET characters, so that messaging apps
# keep it whole; past that they are left out (the moves never are) and the reader's log has none.
NOTES_BUDGET = 1900
MAX_NOTES_JSON = 65_536  # the most bytes the explanations may inflate to: a bigger one is refused
CRC_BYTES = 4
ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

# Tags of an option's value.
_NULL, _FALSE, _TRUE, _INT, _TEXT, _LIST, _OBJECT = range(7)


@dataclass
class Link:
    """A link's record. `game` holds the game's name, options and seed, and for a "game" or a
    "position" its moves (a "position" is the game of its first moves only; a "challenge"'s
    moves are never written). `seats` is the seat plan (HUMAN or a level per seat), `names`
    one entry per seat, `seat` the person's seat who made the link (a challenge: the one person),
    `assists` the help used ({"hints", "take_backs"}), `at` the move a game opens at, `result`
    a challenge's {"scores", "winner", "helped"}."""

    kind: str
    game: Game
    seats: tuple[str, ...]
    seat: int
    names: tuple[str | None, ...] = ()
    assists: dict[str, int] = field(default_factory=lambda: {"hints": 0, "take_backs": 0})
    at: int = 0
    result: dict[str, Any] | None = None
    notes: tuple[dict[str, Any], ...] = ()  # the sharer's explanations of the AI's moves: {move, seat, why}

    @property
    def level(self) -> str | None:
        """The computer's one level, as a session names it (None: no computer, or several levels)."""
        levels = {entry for entry in self.seats if entry != HUMAN}
        return levels.pop() if len(levels) == 1 else None


# --------------------------------------------------------------- errors
def _bad(why: str) -> BridgeError:
    return BridgeError("bad_link", f"read_link: not a whole link ({why}); it may be cut short or edited")


def _newer(why: str) -> BridgeError:
    return BridgeError("link_version", f"read_link: this link was made by an engine that {why}; "
                                       "it cannot be read here without risk of showing another game")


# --------------------------------------------------------------- bytes
class _Out:
    def __init__(self) -> None:
        self.data = bytearray()

    def uint(self, n: int) -> None:
        if not (is_int(n) and n >= 0):
            raise BridgeError("internal", f"link: cannot write {short(n)} as a count")
        while n > 0x7F:
            self.data.append(0x80 | (n & 0x7F))
            n >>= 7
        self.data.append(n)

    def sint(self, n: int) -> None:
        self.uint(2 * n if n >= 0 else -2 * n - 1)

    def text(self, value: str) -> None:
        raw = value.encode("utf-8")
        self.uint(len(raw))
        self.data += raw

    def value(self, value: Any, depth: int = 0) -> None:
        """An option's value, whatever JSON it is (a lesson's arranged decks included)."""
        if depth > MAX_VALUE_DEPTH:
            raise BridgeError("unsupported", f"link: an option nested deeper than {MAX_VALUE_DEPTH} levels")
        if value is None or isinstance(value, bool):
            self.uint({None: _NULL, False: _FALSE, True: _TRUE}[value])
        elif is_int(value):
            self.uint(_INT)
            self.sint(value)
        elif isinstance(value, str):
            self.uint(_TEXT)
            self.text(value)
        elif isinstance(value, list):
            self.uint(_LIST)
            self.uint(len(value))
            for item in value:
                self.value(item, depth + 1)
        elif isinstance(value, dict) and all(isinstance(key, str) for key in value):
            self.uint(_OBJECT)
            self.uint(len(value))
            for key in sorted(value):
                self.text(key)
                self.value(value[key], depth + 1)
        else:
            raise BridgeError("unsupported", f"link: an option's value {short(value)} has no link form")


class _In:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise _bad("it ends too soon")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def uint(self, limit: int, what: str) -> int:
        """A number 0..limit in its shortest form."""
        n = shift = 0
        while True:
            byte = self.take(1)[0]
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
            if shift > 63:
                raise _bad(f"{what} is too long a number")
        if shift > 7 and byte == 0:
            raise _bad(f"{what} is not written in its shortest form")
        if n > limit:
            raise _bad(f"{what} {n} is out of range (at most {limit})")
        return n

    def sint(self, limit: int, what: str) -> int:
        n = self.uint(2 * limit + 1, what)
        return n // 2 if n % 2 == 0 else -(n + 1) // 2

    def text(self, limit: int, what: str) -> str:
        raw = self.take(self.uint(limit, f"{what}'s length"))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _bad(f"{what} is not UTF-8 text") from None

    def value(self, depth: int = 0) -> Any:
        if depth > MAX_VALUE_DEPTH:
            raise _bad("an option is nested too deeply")
        tag = self.uint(_OBJECT, "an option's type")
        if tag in (_NULL, _FALSE, _TRUE):
            return (None, False, True)[tag]
        if tag == _INT:
            return self.sint(MAX_SEED, "an option's number")
        if tag == _TEXT:
            return self.text(MAX_LINK_CHARS, "an option's text")
        size = self.uint(MAX_LINK_CHARS, "an option's length")
        if tag == _LIST:
            return [self.value(depth + 1) for _ in range(size)]
        out: dict[str, Any] = {}
        last: str | None = None
        for _ in range(size):
            key = self.text(MAX_LINK_CHARS, "an option's key")
            if last is not None and key <= last:
                raise _bad("an option's keys are out of order")
            out[key] = self.value(depth + 1)
            last = key
        return out

    def rest(self) -> bytes:
        out = self.data[self.pos:]
        self.pos = len(self.data)
        return out


def _text_of(payload: bytes) -> str:
    data = payload + zlib.crc32(payload).to_bytes(CRC_BYTES, "big")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _payload_of(text: str) -> bytes:
    """The checked bytes of a link's text (its CRC taken off), or bad_link."""
    if not text or not all(ch in ALPHABET for ch in text):
        raise _bad("a link is made of the letters A-Z, a-z, the digits, '-' and '_' only")
    if len(text) % 4 == 1:
        raise _bad("its length is not one a link can have")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _bad("it is not base64url") from None
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != text:
        raise _bad("its last character carries stray bits")
    if len(data) <= CRC_BYTES:
        raise _bad("it is too short")
    payload, crc = data[:-CRC_BYTES], data[-CRC_BYTES:]
    if zlib.crc32(payload).to_bytes(CRC_BYTES, "big") != crc:
        raise _bad("its checksum does not match")
    return payload


# --------------------------------------------------------------- writing
def make_link(link: Link) -> str:
    """The text of `link`. Refused as "link_too_long" past MAX_LINK_MOVES moves or MAX_LINK_CHARS
    characters, so every link made here can be read back."""
    game = link.game
    name = game.name
    if link.kind not in KINDS or name not in GAME_CODES:
        raise BridgeError("internal", f"link: no link form for a {short(link.kind)} of {short(name)}")
    _check_linkable(link)
    out = _Out()
    for number in (LINK_FORMAT, KINDS.index(link.kind), GAME_CODES.index(name), MOVE_CODES[name]):
        out.uint(number)
    keys = OPTION_KEYS[name]
    if set(game.options) - set(keys):
        raise BridgeError("internal", f"link: {name} has options the link's table lacks: "
                                      f"{sorted(set(game.options) - set(keys))}")
    defaults = game_info(name).options
    changed = [(i, key) for i, key in enumerate(keys)
               if key in game.options and canonical(game.options[key]) != canonical(defaults[key])]
    out.uint(len(changed))
    for index, key in changed:
        out.uint(index)
        out.value(game.options[key])
    out.data += game.seed.to_bytes(SEED_BYTES, "big")
    for entry in link.seats:
        out.uint(0 if entry == HUMAN else 1 + LEVEL_CODES.index(entry))
    out.uint(link.seat)
    if link.kind == "challenge":
        result = link.result or {}
        out.uint(1 if result["helped"] else 0)
        out.uint(0 if result["winner"] is None else result["winner"] + 1)
        for score in result["scores"]:
            out.sint(score)
    else:
        names = link.names or (None,) * len(link.seats)
        for entry, person in zip(link.seats, names):
            if entry == HUMAN:
                out.text(person or "")
        out.uint(link.assists["hints"])
        out.uint(link.assists["take_backs"])
        moves = len(game.history)
        if moves > MAX_LINK_MOVES:
            raise BridgeError("link_too_long", f"link: the game has {moves} moves; a link holds at most {MAX_LINK_MOVES}")
        out.uint(moves)
        if link.kind == "game":
            out.uint(link.at)
        head, number = bytes(out.data), _number_bytes(_moves_number(game))
        notes = _notes_bytes(link.notes, moves)
        text = _text_of(head + _uint_bytes(len(notes)) + notes + number)
        if notes and len(text) > NOTES_BUDGET:
            text = _text_of(head + _uint_bytes(0) + number)  # the moves without the explanations
        if len(text) > MAX_LINK_CHARS:
            raise BridgeError("link_too_long", f"link: it would take {len(text)} characters; "
                                               f"a link has at most {MAX_LINK_CHARS}")
        return text
    text = _text_of(bytes(out.data))
    if len(text) > MAX_LINK_CHARS:
        raise BridgeError("link_too_long", f"link: it would take {len(text)} characters; "
                                           f"a link has at most {MAX_LINK_CHARS}")
    return text


def _check_linkable(link: Link) -> None:
    """Refuse a record its reader would refuse: a game that is not over ("not_over"), a position
    at the computer's decision ("not_your_turn"), a challenge of anything but one person against
    the computer at one level ("unsupported"), or one not over."""
    game, seats = link.game, link.seats
    if len(seats) != game.num_players or HUMAN not in seats or seats[link.seat] != HUMAN:
        raise BridgeError("internal", f"link: seats {short(list(seats))} and seat {link.seat} do not fit the game")
    if link.kind == "game":
        if not game.is_over:
            raise BridgeError("not_over", "link: the game is still running; a whole game is shared once it is over")
        if not 0 <= link.at <= game.move_number:
            raise BridgeError("bad_request", f"link: at must be 0-{game.move_number}, got {link.at}")
    elif link.kind == "position":
        mover = game.current_player
        if mover is None or seats[mover] != HUMAN:
            who = "nobody's (the game is over)" if mover is None else f"the computer's (seat {mover})"
            raise BridgeError("not_your_turn", f"link: the decision at move {game.move_number} is {who}; "
                                               "a position is shared at a person's decision")
    else:
        if seats.count(HUMAN) != 1 or len(set(seats) - {HUMAN}) != 1:
            raise BridgeError("unsupported", "link: a challenge is a game of one person against the computer "
                                             "at one level; this table seats another mix")
        if not game.is_over or link.result is None:
            raise BridgeError("not_over", "link: the game is still running; a challenge is made at its end")


def _moves_number(game: Game) -> int:
    """The game's moves as one number: each move's index among the legal actions at its turn,
    in mixed radix (the first move in the lowest place). The game is replayed from its seed."""
    fresh = type(game)(seed=game.seed, options=game.options)
    digits: list[tuple[int, int]] = []
    for action in game.history:
        legal = fresh.legal_actions()
        keys = [canonical(a) for a in legal]
        index = keys.index(canonical(action))
        digits.append((index, len(legal)))
        fresh.apply(legal[index])
    number = 0
    for index, radix in reversed(digits):
        number = number * radix + index
    return number


def _uint_bytes(n: int) -> bytes:
    out = _Out()
    out.uint(n)
    return bytes(out.data)


def _notes_bytes(notes: Any, moves: int) -> bytes:
    """The explanations of the first `moves` moves as raw-deflated JSON [[move, why], ...] (the seat
    is the mover's, known from the replay); b"" when there are none."""
    kept = [[note["move"], note["why"]] for note in notes
            if isinstance(note, dict) and is_int(note.get("move")) and 0 <= note["move"] < moves]
    if not kept:
        return b""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = json.dumps(kept, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode("utf-8")
    return packer.compress(raw) + packer.flush()


def _read_notes(packed: bytes, game: Game) -> tuple[dict[str, Any], ...]:
    """The explanations a link carries, as the session keeps them ({move, seat, why}); each is
    checked again when the record is loaded (bridge._kept_notes), so here only their form."""
    if not packed:
        return ()
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, MAX_NOTES_JSON)
    except zlib.error:
        raise _bad("its explanations are not deflated data") from None
    if unpacker.unconsumed_tail or not unpacker.eof or unpacker.unused_data:
        raise _bad(f"its explanations are damaged or larger than {MAX_NOTES_JSON} bytes")
    try:
        kept = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise _bad("its explanations are not JSON") from None
    movers = game.movers
    if not isinstance(kept, list) or not all(
            isinstance(entry, list) and len(entry) == 2 and is_int(entry[0]) and 0 <= entry[0] < len(movers)
            and isinstance(entry[1], dict) for entry in kept):
        raise _bad("its explanations are not a list of [move, reason]")
    return tuple({"move": move, "seat": movers[move], "why": why} for move, why in kept)


def _number_bytes(number: int) -> bytes:
    return number.to_bytes((number.bit_length() + 7) // 8, "big")


# --------------------------------------------------------------- reading
def read_link(text: Any, game: Any) -> Link:
    """The record a link's text holds, its game replayed and checked move by move, or a
    BridgeError: "link_too_long" (checked first, before anything is decoded), "bad_link"
    (not a link, cut short, edited, or holding what no engine writes), "link_version" (a newer
    format, a game or level or option this engine does not know, another move code), or
    "link_game" (a link of another game than `game`)."""
    if not isinstance(text, str):
        raise BridgeError("bad_link", f"read_link: a link is text, got {short(text)}")
    if len(text) > MAX_LINK_CHARS:
        raise BridgeError("link_too_long", f"read_link: the link has {len(text)} characters; "
                                           f"a link has at most {MAX_LINK_CHARS}")
    game_info(game)  # an unknown game: a clear error of its own
    data = _In(_payload_of(text))
    version = data.uint(2**32, "the format")
    if version != LINK_FORMAT:
        if version > LINK_FORMAT:
            raise _newer(f"writes link format {version} (this one reads format {LINK_FORMAT})")
        raise _bad(f"there is no link format {version}")
    kind = KINDS[data.uint(len(KINDS) - 1, "the kind")]
    code = data.uint(2**32, "the game")
    if code >= len(GAME_CODES):
        raise _newer("knows more games than this one")
    name = GAME_CODES[code]
    if name != game:
        raise BridgeError("link_game", f"read_link: this is a link of {name}, not of {game}")
    moves_code = data.uint(2**32, "the move code")
    if moves_code != MOVE_CODES[name]:  # a challenge too: its deal comes from the seed
        raise _newer(f"numbers {name}'s moves by code {moves_code} (this one by code {MOVE_CODES[name]})")
    options = _read_options(data, name)
    seed = int.from_bytes(data.take(SEED_BYTES), "big")
    if seed > MAX_SEED:
        raise _bad(f"the seed {seed} is out of range")
    try:
        dealt = new_game(name, seed=seed, options=options)
    except EngineError as exc:
        raise _bad(f"its options are not the game's: {exc}") from None
    seats = tuple(_read_seat(data, name) for _ in range(dealt.num_players))
    if HUMAN not in seats:
        raise _bad("no seat is a person's")
    seat = data.uint(dealt.num_players - 1, "the sharer's seat")
    if seats[seat] != HUMAN:
        raise _bad("the sharer's seat is the computer's")
    if kind == "challenge":
        return _read_challenge(data, dealt, seats, seat)
    return _read_moves(data, kind, dealt, seats, seat)


def _read_options(data: _In, name: str) -> dict[str, Any]:
    keys, defaults = OPTION_KEYS[name], game_info(name).options
    options: dict[str, Any] = {}
    last = -1
    for _ in range(data.uint(255, "the count of options")):  # more than known: the unknown one is link_version
        index = data.uint(2**32, "an option")
        if index >= len(keys):
            raise _newer(f"knows more options of {name} than this one")
        if index <= last:
            raise _bad("its options are out of order")
        last = index
        value = data.value()
        if canonical(value) == canonical(defaults[keys[index]]):
            raise _bad(f"option {keys[index]!r} is written out at its default")
        options[keys[index]] = value
    return options


def _read_seat(data: _In, name: str) -> str:
    code = data.uint(2**32, "a seat")
    if code == 0:
        return HUMAN
    if code > len(LEVEL_CODES):
        raise _newer("knows more AI levels than this one")
    level = LEVEL_CODES[code - 1]
    if level not in game_info(name).levels:
        raise _bad(f"{name} has no level {level!r}")
    return level


def _read_challenge(data: _In, dealt: Game, seats: tuple[str, ...], seat: int) -> Link:
    if seats.count(HUMAN) != 1 or len(set(seats) - {HUMAN}) != 1:
        raise _bad("a challenge is one person against the computer at one level")
    helped = data.uint(1, "whether help was used") == 1
    winner = data.uint(dealt.num_players, "the winner")
    scores = [data.sint(MAX_SCORE, "a score") for _ in seats]
    if data.rest():
        raise _bad("something follows its end")
    result = {"scores": scores, "winner": None if winner == 0 else winner - 1, "helped": helped}
    return Link("challenge", dealt, seats, seat, names=(None,) * len(seats), result=result)


def _read_moves(data: _In, kind: str, game: Game, seats: tuple[str, ...], seat: int) -> Link:
    names: list[str | None] = []
    for entry in seats:
        person = data.text(4 * MAX_NAME_CHARS, "a name") if entry == HUMAN else ""
        names.append(person or None)
    try:
        kept = check_names(names, seats)  # the load's own rule for a name
    except BridgeError as exc:
        raise _bad(f"a name the table refuses: {exc}") from None
    if list(kept) != names:
        raise _bad("a name is not written as the table keeps it")
    assists = {"hints": data.uint(MAX_ASSISTS, "the hints"), "take_backs": data.uint(MAX_ASSISTS, "the take-backs")}
    moves = data.uint(MAX_LINK_MOVES, "the count of moves")
    at = data.uint(moves, "the move to open at") if kind == "game" else moves
    packed = data.take(data.uint(MAX_LINK_CHARS, "the explanations' length"))
    digits = data.rest()
    if digits[:1] == b"\0":
        raise _bad("its moves are not written in their shortest form")
    number = int.from_bytes(digits, "big")
    for move in range(moves):
        if game.is_over:
            raise _bad(f"its moves go on after the game's end at move {move}")
        legal = game.legal_actions()
        number, index = divmod(number, len(legal))
        try:
            game.apply(legal[index])
        except EngineError as exc:  # a move from legal_actions is legal: a bug if not
            raise BridgeError("internal", f"read_link: a legal move refused at move {move}: {exc}") from None
    if number:
        raise _bad("its moves hold more than the game")
    if kind == "game" and not game.is_over:
        raise _bad("its game stops before the end")
    if kind == "position" and (game.current_player is None or seats[game.current_player] != HUMAN):
        raise _bad("its position is not a person's decision")
    return Link(kind, game, seats, seat, names=tuple(names), assists=assists, at=at, notes=_read_notes(packed, game))
