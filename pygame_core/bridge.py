"""The JSON API the browser calls: the only entry point from JavaScript.

`handle(text)` takes one JSON request and returns one JSON reply, always:
``{"ok": true, "data": ...}`` or ``{"ok": false, "error": {"code", "message"}}``.
No Python exception crosses into JS. Game sessions (session.py: a game and
who sits in each seat) live here, in the worker; callers get views, never the
state or the seed.

Requests are objects with a "cmd" and that command's fields, for example
``{"cmd": "apply", "session": "s1", "move": 4, "action": {...}}``. Unknown
fields are refused, so a typo fails loudly instead of being ignored. Fields
are checked by exact type (true is no integer, 3.0 is no 3), a request nested
deeper than MAX_DEPTH is refused before it is read, and a session exists only
once it is whole: a failed "new" or "load" registers nothing and evicts nothing.
The code "internal" means a bug in the engine, never bad input.
"""

from __future__ import annotations

import copy
import json
import sys
from typing import Any, Callable

from . import __version__, daily, links
from .coach import REVIEWED_GAMES, decision_seed
from .coach import hint as coach_hint
from .coach import review as coach_review
from .decided import DECIDED_GAMES
from .decided import decided as decided_story
from .errors import BridgeError, EngineError
from .protocol import (
    MAX_DEPTH,  # deeper requests are refused before dispatch
    Bot,
    Game,
    check_seed,
    fresh_seed,
    game_info,
    is_int,
    list_games,
    load_game,
    new_game,
    parse_save,
    save_with,
    short,
    too_deep,
)
from .session import HUMAN, Session

MAX_REQUEST_CHARS = 1_000_000
MAX_SESSIONS = 32


_sessions: dict[str, Session] = {}
# Sessions opened since this module was imported; it also numbers them. reset()
# keeps it: ids stay unique, and the worker reads it (via `opened`) to prove a
# memory snapshot is taken of an engine that never held a game.
_next_id = 0


def opened() -> int:
    """How many sessions have been opened since the module was imported (not reset by `reset`)."""
    return _next_id


# --------------------------------------------------------------- field checks
def _is_kind(value: Any, kind: type) -> bool:
    """An exact type check: true is no int (nor 1.0), and no bool passes for another kind."""
    if kind is int:
        return is_int(value)
    return isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool)


def _field(req: dict[str, Any], name: str, kind: type, required: bool = True, default: Any = None) -> Any:
    if name not in req:
        if required:
            raise BridgeError("bad_request", f"{req['cmd']}: missing field {name!r}")
        return default
    value = req[name]
    if not _is_kind(value, kind):
        raise BridgeError("bad_request", f"{req['cmd']}: field {name!r} must be {kind.__name__}, got {short(value)}")
    return value


def _session(req: dict[str, Any]) -> tuple[str, Session]:
    sid = _field(req, "session", str)
    if sid not in _sessions:
        raise BridgeError("unknown_session", f"{req['cmd']}: no session {short(sid)} (it ended or never existed)")
    return sid, _sessions[sid]


def _level(req: dict[str, Any], game: Game) -> str:
    """The request's level, one of those the game's AI plays."""
    level = _field(req, "level", str, required=False, default="normal")
    levels = game_info(game.name).levels
    if level not in levels:
        raise BridgeError("bad_request", f"{req['cmd']}: level must be one of {', '.join(levels)}, got {short(level)}")
    return level


def _plan(req: dict[str, Any], game: Game) -> tuple[tuple[str, ...], Any]:
    """Who sits where, from the request: `seats` (one entry per seat, "human" or a level)
    with optional `names`, or the old wire's one person (`human`, a seat) against bots of
    one `level`. Both at once is refused: one request says it one way."""
    if "seats" in req:
        mixed = sorted({"human", "level"} & set(req))
        if mixed:
            raise BridgeError("bad_request", f"{req['cmd']}: give either 'seats' or {', '.join(map(repr, mixed))}, not both")
        seats = req["seats"]
        if not isinstance(seats, list):
            raise BridgeError("bad_request", f"{req['cmd']}: field 'seats' must be a list, got {short(seats)}")
        return tuple(seats), req.get("names")
    if "names" in req:
        raise BridgeError("bad_request", f"{req['cmd']}: 'names' come with 'seats'")
    human = _field(req, "human", int, required=False, default=0)
    if not 0 <= human < game.num_players:
        raise BridgeError("bad_request", f"{req['cmd']}: human seat must be 0-{game.num_players - 1}, got {human}")
    level = _level(req, game)
    return tuple(HUMAN if seat == human else level for seat in range(game.num_players)), None


def _open(game: Game, req: dict[str, Any], notes: dict[int, Any] | None = None,
          assists: dict[str, int] | None = None) -> dict[str, Any]:
    """Seat people and bots at a game (`_plan`), and register it as a new session.
    `notes` (a load's): each person's seat -> the explanations that person was shown.

    Everything is built first, up to a first full view that must serialize;
    only then is an old session evicted and the new one registered. So a
    request that fails at any step leaves no half-made session behind (one
    whose every view would fail) and costs no other session its place.
    """
    global _next_id
    seats, names = _plan(req, game)
    session = Session.seated(game, seats, names)
    if notes is not None:
        session.notes = _merged_notes({person: _kept_notes(notes.get(person), game, session.humans)
                                       for person in session.humans})
    if assists is not None:
        session.assists = dict(assists)
    sid = f"s{_next_id + 1}"
    view = session.view(sid, session.humans[0])
    json.dumps(view, allow_nan=False)  # the reply must serialize, or there is no session
    while len(_sessions) >= MAX_SESSIONS:  # forget the oldest; a page holds one or two
        del _sessions[next(iter(_sessions))]
    _next_id += 1
    _sessions[sid] = session
    return view


def _merged_notes(kept: dict[int, list[dict[str, Any]]]) -> list[dict[int, dict[str, Any]]]:
    """Each person's kept explanations, joined into the session's form: one entry per AI
    move, holding what each person was shown of it."""
    by_move: dict[int, dict[int, dict[str, Any]]] = {}
    for person, notes in kept.items():
        for note in notes:
            by_move.setdefault(note["move"], {})[person] = note
    return [by_move[move] for move in sorted(by_move)]


def _seat(req: dict[str, Any], session: Session) -> int:
    """The person's seat a request speaks for: its `seat`, or the one person at the table."""
    return session.viewer(_field(req, "seat", int, required=False, default=None))


def _atomic(session: Session, step: Callable[[], dict[str, Any]], bot: Bot | None = None) -> dict[str, Any]:
    """Run `step` (a move and the reply built after it) as one: if any part of
    it fails, a refused move or a bug in a bot, in the rules or in the view,
    the game, its notes and the moving bot are left exactly as they were. So
    the page's error and the engine agree, and asking again gives the same move.
    The reply must serialize too: one that cannot be sent is a failed step."""
    game, notes, states = copy.deepcopy(session.game), len(session.notes), dict(session.bot_states)
    saved = None if bot is None else (bot, bot.rng.getstate(), copy.deepcopy(bot.last_reason))
    try:
        reply = step()
        json.dumps(reply, allow_nan=False)
        return reply
    except Exception:
        session.game = game
        del session.notes[notes:]
        session.bot_states = states
        if saved is not None:
            saved[0].rng.setstate(saved[1])
            saved[0].last_reason = saved[2]
        raise


# --------------------------------------------------------------- commands
def cmd_version(req: dict[str, Any]) -> Any:
    return {
        "engine": __version__,  # the wheel's version: pyproject reads it from here
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "sessions_opened": opened(),  # 0 proves a memory snapshot holds no game
    }


def cmd_list_games(req: dict[str, Any]) -> Any:
    """The collection, each game with the help it offers: `review` (its decisions can be
    reviewed after the game: it has a coach), `hint` (the same, while playing) and `take_back`
    (it allows one: not Hanabi)."""
    games = list_games(include_hidden=_field(req, "hidden", bool, required=False, default=False))
    return [{**g, "review": g["name"] in REVIEWED_GAMES, "hint": g["playable"] and g["name"] in REVIEWED_GAMES,
             "take_back": g["playable"] and game_info(g["name"]).take_back} for g in games]


def cmd_new(req: dict[str, Any]) -> Any:
    name = _field(req, "game", str)
    game_info(name)  # unknown game: a clear error before anything else
    options = _field(req, "options", dict, required=False, default=None)
    if "seed" in req and req["seed"] is None:  # null is not "not given": leave the field out for that
        raise BridgeError("bad_request", "new: field 'seed' must be an integer; leave it out for a fresh seed, got null")
    seed = fresh_seed() if "seed" not in req else check_seed(req["seed"])
    return _open(new_game(name, seed=seed, options=options), req)


def cmd_view(req: dict[str, Any]) -> Any:
    sid, session = _session(req)
    return session.view(sid, _seat(req, session))


def cmd_apply(req: dict[str, Any]) -> Any:
    sid, session = _session(req)
    move = _field(req, "move", int)
    if "action" not in req:
        raise BridgeError("bad_request", "apply: missing field 'action'")
    game = session.game
    if move != game.move_number:
        raise BridgeError(
            "stale_move",
            f"apply: move {move} is stale; the game is at move {game.move_number} (the board changed since)",
        )
    seat = _seat(req, session)  # the person who acts: refused unless it is their turn
    session.check_move(seat, req["action"])  # refused before anything is copied

    def step() -> dict[str, Any]:
        session.play(seat, req["action"])
        return session.view(sid, seat)

    return _atomic(session, step)


def cmd_bot(req: dict[str, Any]) -> Any:
    """Let the AI take the current decision, when it is a bot's turn. The reply
    holds only what the person may see: the move in its public form and the
    reason as that person may read it (Session.play_bot)."""
    sid, session = _session(req)
    move = _field(req, "move", int)
    game = session.game
    if move != game.move_number:
        raise BridgeError("stale_move", f"bot: move {move} is stale; the game is at move {game.move_number}")
    viewer = _seat(req, session)  # the person watching: the move is shown as they may see it
    _, bot = session.bot_to_move()

    def step() -> dict[str, Any]:
        seat, shown, why = session.play_bot(viewer)
        return {"seat": seat, "action": shown, "why": why, "view": session.view(sid, viewer)}

    return _atomic(session, step, bot)


def cmd_replay(req: dict[str, Any]) -> Any:
    """The finished game as the person saw it after `move` moves: the end screen's replay.
    `decisions` lists the moves that were the person's own decisions (those `review` takes);
    who moved when is public, so it tells nothing the log does not. `revealed` holds the cards
    hidden from the person at that moment (Game.revealed), face up now that the game is over."""
    sid, session = _session(req)
    move = _field(req, "move", int)
    game = session.game
    if not game.is_over:
        raise BridgeError("not_over", "replay: the game is still running; its replay comes at the end")
    if not 0 <= move <= game.move_number:
        raise BridgeError("bad_request", f"replay: move must be 0-{game.move_number}, got {move}")
    past = game.position(move)
    human = _seat(req, session)
    view = past.observation(human)
    view.pop("legal_actions", None)  # a replay is watched, not played
    decisions = [m for m, seat in enumerate(game.movers) if seat == human]
    return _revealed_in({"move": move, "moves": game.move_number, "observation": view, "decisions": decisions},
                        game, past, human)


def _revealed_in(reply: dict[str, Any], game: Game, past: Game, seat: int) -> dict[str, Any]:
    """`reply` with `revealed`, the cards hidden from `seat` at the moment `past` (Game.revealed,
    issue 40), once `game` is over; a running game's stay hidden, and a game that hides none adds none."""
    revealed = past.revealed(seat) if game.is_over else None
    return reply if revealed is None else {**reply, "revealed": revealed}


def cmd_decided(req: dict[str, Any]) -> Any:
    """What decided the finished game, for the person in `seat` (decided.py, issue 40): the
    game's `summary` (the geisha, the round or the lost card that settled it), the person's
    `decisions`, `between` (what happened after each decision up to the next, every card told
    now) and `end` (the result in the review's unit, where the review's line ends). Refused
    while the game runs (`not_over`: nothing is told of a running game) and for a game that
    has no review (`unsupported`)."""
    sid, session = _session(req)
    game = session.game
    seat = _seat(req, session)  # a bad seat is bad input, running game or not
    if game.name not in DECIDED_GAMES:
        raise BridgeError("unsupported", f"decided: {game.name} has no review, so no account of its end")
    if not game.is_over:
        raise BridgeError("not_over", "decided: the game is still running; what decided it is told at the end")
    return decided_story(game, seat)


def hint_seed(game: Game, move: int) -> int:
    """The coach's seed for the decision at `move` (coach.decision_seed): a hint and the later
    review of that decision draw the same worlds, so they agree."""
    return decision_seed(game.seed, move)


def cmd_review(req: dict[str, Any]) -> Any:
    """The person's decision at `move` (a finished game or earlier in a running one), as they
    knew it then, assessed by the strongest AI from that observation alone (coach.py): the
    choice played and the best, their values, the loss, its verdict, the unit and why the best
    is best, and the `observation` of that moment as the replay gives it (no legal actions: it is
    looked at, not played), so the page can draw the board as it was; once the game is over also
    the replay's `revealed` (never while it runs: the coach's judgement is from the observation
    alone either way). One decision per call, so each has its own deadline."""
    sid, session = _session(req)
    move = _field(req, "move", int)
    game = session.game
    if game.name not in REVIEWED_GAMES:
        raise BridgeError("unsupported", f"review: {game.name} has no review yet")
    if game.move_number == 0:
        raise BridgeError("bad_request", f"review: no move has been made yet, got move {move}")
    if not 0 <= move < game.move_number:
        raise BridgeError("bad_request", f"review: move must be 0-{game.move_number - 1} (a move already made), got {move}")
    human = _seat(req, session)
    if game.movers[move] != human:
        raise BridgeError("bad_request", f"review: move {move} was not your decision")
    past = game.position(move)
    view = past.observation(human)
    judged = coach_review(game.name, view, game.history[move], seed=hint_seed(game, move))
    shown = {k: v for k, v in view.items() if k != "legal_actions"}  # the moment as the replay draws it
    return _revealed_in({"move": move, **judged, "observation": copy.deepcopy(shown)}, game, past, human)


def cmd_hint(req: dict[str, Any]) -> Any:
    """The strongest AI's choice for the decision the person faces now (coach.hint, from
    their observation alone): action, value, unit and why. Counted in the session's assists
    (the game is then played with help). Refused, changing nothing, when the game is over,
    when it is not the person's turn, or for a game with no coach (`unsupported`)."""
    sid, session = _session(req)
    game = session.game
    human = _seat(req, session)
    if game.name not in REVIEWED_GAMES:
        raise BridgeError("unsupported", f"hint: {game.name} has no coach yet, so no hint")
    if game.is_over:
        raise BridgeError("game_over", "hint: the game is over; there is no decision to hint at")
    if game.current_player != human:
        raise BridgeError("not_your_turn", f"hint: it is player {game.current_player}'s turn, not yours (seat {human})")
    move = game.move_number
    reply = {"move": move, **coach_hint(game.name, game.observation(human), seed=hint_seed(game, move))}
    json.dumps(reply, allow_nan=False)  # a reply that cannot be sent counts no hint
    session.assists["hints"] += 1
    return reply


def cmd_undo(req: dict[str, Any]) -> Any:
    """Take back: the person's last decision and every computer move after it are undone, so
    that decision is theirs to take again; the reply is the view at it (with `undone`, the
    move number the game is back at). Counted in the session's assists. Refused, changing
    nothing, when the game is over, when it is not the person's turn (the computer is about
    to move), when they have made no move yet, or in a game without take back (Hanabi:
    `unsupported`)."""
    sid, session = _session(req)
    game = session.game
    human = _seat(req, session)
    if not game_info(game.name).take_back:
        raise BridgeError("unsupported", f"undo: {game.name} has no take back (a hint, yes)")
    if game.is_over:
        raise BridgeError("game_over", "undo: the game is over; its moves stand")
    if game.current_player != human:
        raise BridgeError("not_your_turn", f"undo: it is player {game.current_player}'s turn; take back on yours")
    before = (session.game, list(session.notes), dict(session.bot_states), dict(session.assists),
              {s: (b.rng.getstate(), b.last_reason) for s, b in session.bots.items()})
    try:
        move = session.take_back(human)
        view = session.view(sid, human)
        json.dumps(view, allow_nan=False)
    except Exception:
        session.game, session.notes, session.bot_states, session.assists = before[:4]
        for s, (state, reason) in before[4].items():
            session.bots[s].rng.setstate(state)
            session.bots[s].last_reason = reason
        raise
    return {"undone": move, "view": view}


MAX_ASSISTS = 1_000_000  # more help than any game could hold: a damaged count


def _help_counts(value: Any, where: str) -> dict[str, int]:
    """{"hints": n, "take_backs": n} with whole numbers from 0, or refused as a damaged save:
    the count decides whether the game earns ranking points, so it is never guessed."""
    if not (isinstance(value, dict) and set(value) == {"hints", "take_backs"}
            and all(is_int(n) and 0 <= n <= MAX_ASSISTS for n in value.values())):
        raise BridgeError("bad_save", f"load: {where} must be {{\"hints\": n, \"take_backs\": n}} "
                                      f"with whole numbers 0-{MAX_ASSISTS}, got {short(value)}")
    return {"hints": value["hints"], "take_backs": value["take_backs"]}


def _assists(req: dict[str, Any], save: Any) -> dict[str, int] | None:
    """The help counts a load brings back: those inside the `save` (parsed; `cmd_save` puts them
    there, under the save's check, so a save cannot lose them unnoticed), else the request's own
    `assists` field (a save from before they travelled inside), else None (a save from before
    hints). Where both are given they must agree."""
    wire = _help_counts(req["assists"], "field 'assists'") if "assists" in req else None
    if not (isinstance(save, dict) and "assists" in save):
        return wire
    inside = _help_counts(save["assists"], "the save's 'assists'")
    if wire is not None and wire != inside:
        raise BridgeError("bad_save", f"load: field 'assists' {short(wire)} disagrees with the save's own {short(inside)}")
    return inside


def cmd_save(req: dict[str, Any]) -> Any:
    """The game's replayable save, the explanations of the AI's moves as the
    person was shown them (a reload shows them again: see `_kept_notes`), how
    many moves the people have made (`played`: a game nobody touched is
    reopened without asking whether to continue it), and the help they asked
    for (`assists`: hints and take-backs; a reload keeps the game's mark).
    Also who sits where (`seats`, `names`) and every person's explanations
    (`seat_notes`: one entry per seat, a list for a person, null for a bot):
    `load` takes those back. `human` and `notes` are the person in `seat`'s
    (default: the one person), for the old wire."""
    sid, session = _session(req)
    human = _seat(req, session)
    return {"save": save_with(session.game.to_json(), assists=dict(session.assists)), "human": human,
            "level": session.level,
            "notes": session.notes_for(human),
            "played": sum(session.game.movers.count(person) for person in session.humans),
            "assists": dict(session.assists), "seats": list(session.seats), "names": list(session.names),
            "seat_notes": [session.notes_for(seat) if entry == HUMAN else None
                           for seat, entry in enumerate(session.seats)]}


MAX_NOTE_CHARS = 1000


def _plain(value: Any, depth: int = 0) -> bool:
    """A note's reason holds text, numbers, true/false/null, and objects of those one level down;
    a field may also be a short list of plain numbers or texts (Koi-Koi names the cards a capture took)."""
    if value is None or isinstance(value, (str, bool)) or is_int(value):
        return True
    if isinstance(value, float):
        return value == value and abs(value) < 1e9  # no NaN, no infinity
    if isinstance(value, dict) and depth < 2:
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    if isinstance(value, list) and depth == 1:
        return len(value) <= 8 and all(isinstance(v, str) or is_int(v) for v in value)
    return False


def _kept_notes(notes: Any, game: Game, humans: tuple[int, ...]) -> list[dict[str, Any]]:
    """The explanations a save brings back: each note that names a move an AI
    seat (none of `humans`) made in this game (in order, one per move) with a
    reason of plain values that the game accepts as one its AI gives
    (`Game.check_reason`: known code, known fields, known values). Any other
    note is left out, quietly: a damaged explanation costs its line in the log,
    never the game."""
    if not isinstance(notes, list):
        return []
    movers = game.movers  # the loaded game was replayed move by move: it knows who made each
    kept: list[dict[str, Any]] = []
    for note in notes[: len(movers)]:
        if not (isinstance(note, dict) and set(note) == {"move", "seat", "why"}):
            continue
        move, seat, why = note["move"], note["seat"], note["why"]
        if not (is_int(move) and 0 <= move < len(movers) and seat == movers[move] and is_int(seat)
                and seat not in humans and isinstance(why, dict) and isinstance(why.get("code"), str)
                and _plain(why) and len(json.dumps(why)) <= MAX_NOTE_CHARS and game.check_reason(why)):
            continue
        if kept and move <= kept[-1]["move"]:
            continue
        kept.append(copy.deepcopy(note))
    return kept


def cmd_load(req: dict[str, Any]) -> Any:
    """Reopen a saved game. With "game" given (the page's game), a save of any
    other game is refused as bad_save before anything is opened. Who sits where
    comes as the save gave it: `seats` and `names` with `seat_notes`, or the old
    wire's `human` and `level` with `notes` (that person's explanations)."""
    if "save" not in req:
        raise BridgeError("bad_request", "load: missing field 'save'")
    name = _field(req, "game", str, required=False, default=None)
    if name is not None:
        game_info(name)  # unknown game: a clear error before the save is read
    save = parse_save(req["save"])  # once: the text of a save is read here, not again below
    assists = _assists(req, save)  # checked before the save is replayed: a refusal costs nothing
    if "seat_notes" in req and "notes" in req:
        raise BridgeError("bad_request", "load: give either 'notes' or 'seat_notes', not both")
    game = load_game(save, game=name)
    if "seat_notes" in req:
        per_seat = req["seat_notes"]
        notes = dict(enumerate(per_seat)) if isinstance(per_seat, list) else {}  # damaged: no explanations
    else:
        human = req.get("human", 0)
        notes = {human: req.get("notes")} if is_int(human) else {}
    return _open(game, req, notes=notes, assists=assists)


def cmd_daily(req: dict[str, Any]) -> Any:
    """The deal of the day of `game` on `date` (yyyy-mm-dd, the UTC date; daily.py, issue 42): seed,
    options, level and the person's seat, the same for every player; the page deals it with `new`."""
    return daily.daily_deal(_field(req, "game", str), _field(req, "date", str))


def cmd_daily_par(req: dict[str, Any]) -> Any:
    """The next step of the par of the deal of `date`: the strongest level's own game on that deal
    (daily.ParRun), played for a fraction of a second per call; `done` with its `result` at the end."""
    return daily.par_step(_field(req, "game", str), _field(req, "date", str))


def cmd_link(req: dict[str, Any]) -> Any:
    """The session's game as a link's text (links.py, issue 42), for the person in `seat`:
    `kind` "game" (a finished game, opened at move `at`, default the last), "position" (its first
    `at` moves, default all, to play on from: the decision at `at` must be a person's) or
    "challenge" (a finished game of one person against the computer: the deal, the level and
    the person's result, no move). Refused: "not_over", "not_your_turn", "unsupported" (a
    challenge of another table), "link_too_long". The session is not changed."""
    sid, session = _session(req)
    seat = _seat(req, session)
    kind = _field(req, "kind", str)
    if kind not in links.KINDS:
        raise BridgeError("bad_request", f"link: kind must be one of {', '.join(links.KINDS)}, got {short(kind)}")
    game = session.game
    if kind == "challenge":
        if "at" in req:
            raise BridgeError("bad_request", "link: a challenge holds no move, so no 'at'")
        over = game.result() if game.is_over else None
        result = None if over is None else {"scores": list(over["scores"]), "winner": over["winner"],
                                            "helped": any(session.assists.values())}
        link = links.Link("challenge", game, session.seats, seat, result=result)
    else:
        at = _field(req, "at", int, required=False, default=game.move_number)
        if not 0 <= at <= game.move_number:
            raise BridgeError("bad_request", f"link: at must be 0-{game.move_number}, got {at}")
        shown = game if kind == "game" else game.position(at)
        link = links.Link(kind, shown, session.seats, seat, names=session.names, assists=dict(session.assists), at=at,
                          notes=tuple(session.notes_for(seat)))  # what the sharer was told of the AI's moves
    text = links.make_link(link)
    return {"link": text, "chars": len(text)}


def cmd_read_link(req: dict[str, Any]) -> Any:
    """What a link's text holds (links.read_link, issue 42), for the page `game`: a "game" or a
    "position" as the `record` "load" takes (session.resume(record)), with `at`, the move to open
    at (a position: its last; its record counts one more take-back, as a game played on from an
    earlier position is played with help); a "challenge" as the deal to play ("new" takes its
    game, options, seed, human and level) and the sender's `result`. Refused: "link_too_long"
    (before anything is decoded), "bad_link", "link_version", "link_game". No session changes."""
    text = _field(req, "link", str)
    name = _field(req, "game", str)
    link = links.read_link(text, name)
    game = link.game
    if link.kind == "challenge":
        return {"kind": "challenge", "game": game.name, "options": copy.deepcopy(game.options), "seed": game.seed,
                "human": link.seat, "level": link.level, "result": link.result}
    assists = dict(link.assists)
    if link.kind == "position":
        assists["take_backs"] = min(MAX_ASSISTS, assists["take_backs"] + 1)
    # The AI's explanations as the sharer was shown them, in the sharer's seat (load checks each again).
    seat_notes = [list(link.notes) if seat == link.seat else ([] if entry == HUMAN else None)
                  for seat, entry in enumerate(link.seats)]
    record = {"save": save_with(game.to_json(), assists=assists), "level": link.level, "human": link.seat,
              "seats": list(link.seats), "names": list(link.names), "assists": dict(assists),
              "seat_notes": seat_notes}
    return {"kind": link.kind, "game": game.name, "at": link.at, "record": record}


def cmd_close(req: dict[str, Any]) -> Any:
    sid, _ = _session(req)
    del _sessions[sid]
    return {"closed": sid}


COMMANDS: dict[str, tuple[Callable[[dict[str, Any]], Any], frozenset[str]]] = {
    "version": (cmd_version, frozenset()),
    "list_games": (cmd_list_games, frozenset({"hidden"})),
    "new": (cmd_new, frozenset({"game", "options", "seed", "human", "level", "seats", "names"})),
    "view": (cmd_view, frozenset({"session", "seat"})),
    "apply": (cmd_apply, frozenset({"session", "move", "action", "seat"})),
    "bot": (cmd_bot, frozenset({"session", "move", "seat"})),
    "replay": (cmd_replay, frozenset({"session", "move", "seat"})),
    "review": (cmd_review, frozenset({"session", "move", "seat"})),
    "decided": (cmd_decided, frozenset({"session", "seat"})),
    "hint": (cmd_hint, frozenset({"session", "seat"})),
    "undo": (cmd_undo, frozenset({"session", "seat"})),
    "save": (cmd_save, frozenset({"session", "seat"})),
    "load": (cmd_load, frozenset({"save", "game", "human", "level", "notes", "assists", "seats", "names",
                                  "seat_notes"})),
    "close": (cmd_close, frozenset({"session"})),
    "daily": (cmd_daily, frozenset({"game", "date"})),
    "daily_par": (cmd_daily_par, frozenset({"game", "date"})),
    "link": (cmd_link, frozenset({"session", "seat", "kind", "at"})),
    "read_link": (cmd_read_link, frozenset({"link", "game"})),
}


def reset() -> None:
    """Forget every session. A memory snapshot restored on a later visit
    carries the sessions of the visit that made it; they mean nothing now.
    The count of sessions opened (`opened`) is kept: ids stay unique."""
    _sessions.clear()
    daily.reset()


# --------------------------------------------------------------- entry points
def _error(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


def call(request: Any) -> dict[str, Any]:
    """Serve one request given as a Python object. Never raises.

    Bad input of any kind is an EngineError with its own code. Anything else,
    a RecursionError in a bot's search included, is a bug: "internal". Input
    nested too deeply never gets that far: it is refused before dispatch.
    """
    try:
        if too_deep(request):
            return _error("bad_request", f"request is nested too deeply (more than {MAX_DEPTH} levels)")
        if not isinstance(request, dict):
            return _error("bad_request", f"request must be an object, got {short(request)}")
        cmd = request.get("cmd")
        if not isinstance(cmd, str) or cmd not in COMMANDS:
            return _error(
                "unknown_command", f"unknown command {short(cmd)} (known: {', '.join(sorted(COMMANDS))})"
            )
        handler, allowed = COMMANDS[cmd]
        extra = sorted(set(request) - allowed - {"cmd"})
        if extra:
            return _error("bad_request", f"{cmd}: unknown field(s) {', '.join(map(repr, extra))}")
        return {"ok": True, "data": handler(request)}
    except EngineError as exc:
        return _error(getattr(exc, "code", "engine_error"), str(exc))
    except Exception as exc:  # a bug (RecursionError too): report it, never let it cross into JS
        return _error("internal", f"internal error: {type(exc).__name__}: {exc}")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON")


def handle(text: Any) -> str:
    """Serve one request given as JSON text; the reply is JSON text. Never raises."""
    try:
        if not isinstance(text, str):
            reply = _error("bad_json", f"request must be JSON text, got {type(text).__name__}")
        elif len(text) > MAX_REQUEST_CHARS:
            reply = _error("bad_json", f"request is too large ({len(text)} characters)")
        else:
            try:
                request = json.loads(text, parse_constant=_no_constant)
            except ValueError as exc:
                reply = _error("bad_json", f"request is not valid JSON: {exc}")
            except RecursionError:
                reply = _error("bad_json", "request is nested too deeply")
            else:
                reply = call(request)
        return json.dumps(reply, allow_nan=False)
    except Exception as exc:  # e.g. a view that cannot be serialized: still a clean reply
        return json.dumps(_error("internal", f"internal error: {type(exc).__name__}: {exc}"))
