"""The link format (pygame_core/links.py, issue 42) and the bridge's "link" and "read_link".

A link is a game record in a short text: read back, it must load (bridge "load") to exactly
the game that made it; any edit, cut or foreign link is refused with its code and changes
nothing; and a change to what a move's number means (the order of a game's legal actions, the
deal) is caught by the golden links below, which say to bump that game's move code.
"""

from __future__ import annotations

import json
import math
import random
import zlib
from pathlib import Path
from typing import Any

import pytest

from pygame_core import bridge, links, new_game
from pygame_core.protocol import MAX_SEED, game_info, list_games
from pygame_core.session import HUMAN

EDGE_SEEDS = (0, MAX_SEED)
ROOT = Path(__file__).resolve().parents[1]


def ask(request: Any) -> dict:
    """One request as the page sends it (JSON text), its reply parsed."""
    return json.loads(bridge.handle(json.dumps(request)))


def data(request: dict) -> Any:
    reply = ask(request)
    assert reply["ok"], (request, reply)
    return reply["data"]


def refused(request: Any, code: str) -> str:
    reply = ask(request)
    assert not reply["ok"] and reply["error"]["code"] == code, (request, reply)
    assert reply["error"]["message"]
    return reply["error"]["message"]


def play(game: str, seed: int, seats: list[str], *, options: dict | None = None, names: list | None = None,
         rng: random.Random, stop: int | None = None) -> tuple[str, dict]:
    """A table opened through the bridge and played (people: random legal moves; the computer's
    seats: its bots) to its end, or to move `stop`. Returns the session and its last view."""
    request = {"cmd": "new", "game": game, "seed": seed, "seats": seats, "options": options or {}}
    if names is not None:
        request["names"] = names
    view = data(request)
    sid, person = view["session"], seats.index(HUMAN)
    while not view["is_over"] and (stop is None or view["move"] < stop):
        mover = view["to_move"]
        if seats[mover] == HUMAN:
            legal = data({"cmd": "view", "session": sid, "seat": mover})["observation"]["legal_actions"]
            view = data({"cmd": "apply", "session": sid, "seat": mover, "move": view["move"],
                         "action": rng.choice(legal)})
        else:
            view = data({"cmd": "bot", "session": sid, "seat": person, "move": view["move"]})["view"]
    return sid, view


def load(record: dict, game: str) -> str:
    """The record opened as the page opens it (session.resume: seats and names, else level and human)."""
    who = ({"seats": record["seats"], **({} if record["names"] is None else {"names": record["names"]}),
            **({"seat_notes": record["seat_notes"]} if "seat_notes" in record else {})}
           if isinstance(record["seats"], list) else {"level": record["level"], "human": record["human"]})
    return data({"cmd": "load", "game": game, "save": record["save"], "assists": record["assists"], **who})["session"]


def same_table(sid: str, other: str, seats: list[str]) -> None:
    """Two sessions hold the same game: the same save, and every person sees the same table."""
    assert data({"cmd": "save", "session": other, "seat": seats.index(HUMAN)})["save"] == \
        data({"cmd": "save", "session": sid, "seat": seats.index(HUMAN)})["save"]
    for seat, entry in enumerate(seats):
        if entry == HUMAN:
            mine, theirs = (data({"cmd": "view", "session": s, "seat": seat}) for s in (sid, other))
            for key in ("observation", "is_over", "result", "seats", "names", "assists", "to_move", "move"):
                assert mine.get(key) == theirs.get(key), key


# ------------------------------------------------------------ round trips
SEATINGS = [  # game, options, seat plans (the computer's levels among the quick ones)
    ("hanamikoji", {}, [["human", "easy"], ["normal", "human"], ["human", "human"]]),
    ("hanamikoji", {"round_limit": None}, [["human", "normal"]]),
    ("koikoi", {"rounds": 3, "plus_one_yaku": True, "no_sake_yaku": True}, [["human", "easy"], ["easy", "human"]]),
    ("koikoi", {"rounds": 6, "koikoi_once": True, "teshi": True, "first_dealer": 1}, [["human", "normal"]]),
    ("koikoi", {"rounds": 12, "plus_one_yaku": True, "no_sake_yaku": True, "koikoi_once": True, "teshi": True},
     [["easy", "human"], ["human", "human"]]),
    ("hanabi", {"players": 2}, [["human", "easy"], ["human", "human"]]),
    ("hanabi", {"players": 3}, [["easy", "human", "easy"], ["human", "normal", "human"]]),
    ("hanabi", {"players": 4}, [["human", "easy", "easy", "easy"]]),
    ("hanabi", {"players": 5}, [["easy", "easy", "human", "easy", "easy"], ["human"] * 5]),
    ("nim", {}, [["human", "hard"], ["human", "human"]]),
]
NAMES = ["Ana", "Bořek", "Chiyo 千代", "<b>Dee</b>", "Eve & co"]  # markup is a name the page shows as text


def names_for(seats: list[str], rng: random.Random) -> list | None:
    if rng.random() < 0.3:
        return None
    return [rng.choice(NAMES + [None]) if entry == HUMAN else None for entry in seats]


@pytest.mark.parametrize("game,options,plans", SEATINGS, ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(SEATINGS)])
def test_a_finished_game_comes_back_whole_from_its_link(game, options, plans):
    rng = random.Random(f"links-{game}-{sorted(options.items())}")
    seeds = list(EDGE_SEEDS) + [rng.randrange(MAX_SEED + 1) for _ in range(3)]
    for n, seed in enumerate(seeds):
        seats = plans[n % len(plans)]
        sid, view = play(game, seed, seats, options=options, names=names_for(seats, rng), rng=rng)
        sharer = rng.choice([s for s, e in enumerate(seats) if e == HUMAN])
        at = rng.randrange(view["move"] + 1)
        made = data({"cmd": "link", "session": sid, "seat": sharer, "kind": "game", "at": at})
        assert made["chars"] == len(made["link"]) and set(made["link"]) <= links.ALPHABET
        read = data({"cmd": "read_link", "link": made["link"], "game": game})
        assert read["kind"] == "game" and read["game"] == game and read["at"] == at
        record = read["record"]
        assert record["human"] == sharer and record["seats"] == seats
        assert record["save"]["options"] == data({"cmd": "save", "session": sid, "seat": sharer})["save"]["options"]
        other = load(record, game)
        same_table(sid, other, seats)
        # The same record makes the same text again: one record, one link.
        again = data({"cmd": "link", "session": other, "seat": sharer, "kind": "game", "at": at})
        assert again["link"] == made["link"]
        for s in (sid, other):
            data({"cmd": "close", "session": s})


@pytest.mark.parametrize("game,options,seats", [
    ("hanamikoji", {}, ["human", "easy"]),
    ("koikoi", {"rounds": 6, "teshi": True}, ["easy", "human"]),
    ("hanabi", {"players": 5}, ["easy", "human", "easy", "easy", "easy"]),
    ("hanabi", {"players": 3}, ["human", "human", "easy"]),
])
def test_a_position_opens_at_that_move_marked_as_played_with_help(game, options, seats):
    rng = random.Random(f"position-{game}-{len(seats)}")
    people = [seat for seat, entry in enumerate(seats) if entry == HUMAN]
    for seed in (*EDGE_SEEDS, rng.randrange(MAX_SEED + 1)):
        sid, view = play(game, seed, seats, options=options, rng=rng)
        movers = bridge._sessions[sid].game.movers
        decisions = [move for move, seat in enumerate(movers) if seat in people]  # any person's at a table of several
        for at in sorted({decisions[0], decisions[-1], rng.choice(decisions)}):
            made = data({"cmd": "link", "session": sid, "seat": people[-1], "kind": "position", "at": at})
            read = data({"cmd": "read_link", "link": made["link"], "game": game})
            assert read["kind"] == "position" and read["at"] == at
            record = read["record"]
            assert len(record["save"]["actions"]) == at
            assert record["assists"] == {"hints": 0, "take_backs": 1} == record["save"]["assists"]
            other = load(record, game)
            opened = data({"cmd": "view", "session": other, "seat": movers[at]})
            replayed = data({"cmd": "replay", "session": sid, "seat": movers[at], "move": at})
            assert opened["move"] == at and not opened["is_over"] and opened["to_move"] == movers[at]
            assert {k: v for k, v in opened["observation"].items() if k != "legal_actions"} == replayed["observation"]
            assert opened["observation"]["legal_actions"]
            data({"cmd": "close", "session": other})
        data({"cmd": "close", "session": sid})


@pytest.mark.parametrize("game,options,seats", [
    ("hanamikoji", {}, ["easy", "human"]),
    ("koikoi", {"rounds": 3, "no_sake_yaku": True}, ["human", "easy"]),
    ("hanabi", {"players": 4}, ["easy", "easy", "human", "easy"]),
    ("nim", {"pile": 12}, ["human", "hard"]),
])
def test_a_challenge_deals_the_same_game_and_holds_the_result_only(game, options, seats):
    rng = random.Random(f"challenge-{game}")
    for seed in (*EDGE_SEEDS, rng.randrange(MAX_SEED + 1)):
        sid, view = play(game, seed, seats, options=options, rng=rng)
        made = data({"cmd": "link", "session": sid, "kind": "challenge"})
        read = data({"cmd": "read_link", "link": made["link"], "game": game})
        person, level = seats.index(HUMAN), next(e for e in seats if e != HUMAN)
        assert read == {"kind": "challenge", "game": game, "options": game_info(game).game_cls.validate_options(options),
                        "seed": seed, "human": person, "level": level,
                        "result": {"scores": view["result"]["scores"], "winner": view["result"]["winner"],
                                   "helped": False}}
        friend = data({"cmd": "new", "game": game, "options": read["options"], "seed": read["seed"],
                       "human": read["human"], "level": read["level"]})
        first = data({"cmd": "replay", "session": sid, "move": 0})["observation"]
        assert {k: v for k, v in friend["observation"].items() if k != "legal_actions"} == first
        assert friend["seats"] == seats
        # No card and no move: a challenge is as long whatever was played.
        assert len(made["link"]) < 60
        for s in (sid, friend["session"]):
            data({"cmd": "close", "session": s})


def test_a_challenge_says_when_help_was_used():
    rng = random.Random(5)
    view = data({"cmd": "new", "game": "hanamikoji", "seed": 11, "level": "easy"})
    sid = view["session"]
    data({"cmd": "hint", "session": sid})
    while not view["is_over"]:
        if view["waiting_for"] == "human":
            view = data({"cmd": "apply", "session": sid, "move": view["move"],
                         "action": rng.choice(view["observation"]["legal_actions"])})
        else:
            view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    made = data({"cmd": "link", "session": sid, "kind": "challenge"})
    assert data({"cmd": "read_link", "link": made["link"], "game": "hanamikoji"})["result"]["helped"] is True
    game = data({"cmd": "link", "session": sid, "kind": "game"})
    record = data({"cmd": "read_link", "link": game["link"], "game": "hanamikoji"})["record"]
    assert record["assists"] == {"hints": 1, "take_backs": 0}


def test_a_lessons_arranged_deck_travels_in_the_link():
    """Options that differ from the defaults are written, a lesson's arranged deck(s) too (the link
    carries them: a finished lesson can be shared): every lesson's options of every game, and a
    Hanabi deck given as {"colour", "rank"} objects."""
    lessons = [(game, lesson["seed"], lesson["options"]) for game in ("hanamikoji", "koikoi", "hanabi")
               for lesson in json.loads((ROOT / "web" / "learn" / f"{game}.json").read_text())["lessons"]]
    assert len(lessons) >= 12
    hanabi = lessons[-1][2]["deck"]
    objects = [{"colour": {"r": "red", "y": "yellow", "g": "green", "b": "blue", "w": "white"}[card[0]],
                "rank": int(card[1])} for card in hanabi]
    lessons.append(("hanabi", 5, {**lessons[-1][2], "deck": objects}))
    rng = random.Random(17)
    longest = 0
    for game, seed, options in lessons:
        seats = ["human"] + ["easy"] * (options.get("players", 2) - 1)
        sid, _ = play(game, seed, seats, options=options, rng=rng)
        made = data({"cmd": "link", "session": sid, "kind": "game"})
        longest = max(longest, made["chars"])
        record = data({"cmd": "read_link", "link": made["link"], "game": game})["record"]
        assert record["save"]["options"] == {**game_info(game).options, **options}
        other = load(record, game)
        same_table(sid, other, seats)
        for s in (sid, other):
            data({"cmd": "close", "session": s})
    assert longest < links.MAX_LINK_CHARS // 2  # the longest: a deck of 50 {"colour", "rank"} objects


# ------------------------------------------------------------ compact
def test_a_move_costs_its_share_of_the_number_and_a_forced_move_nothing():
    rng = random.Random(9)
    for game, options in (("koikoi", {"rounds": 12}), ("hanabi", {"players": 5}), ("hanamikoji", {})):
        g = new_game(game, seed=rng.randrange(MAX_SEED + 1), options=options)
        bits = 0.0
        while not g.is_over:
            legal = g.legal_actions()
            bits += math.log2(len(legal))
            g.apply(rng.choice(legal))
        number = links._moves_number(g)
        assert number.bit_length() <= math.ceil(bits)
        text = links.make_link(links.Link("game", g, ("human",) + ("easy",) * (g.num_players - 1), 0, at=0))
        header = 40  # the record around the moves: format, kind, game, options, seed, seats, counts, CRC
        assert len(text) <= math.ceil((math.ceil(bits / 8) + header) * 4 / 3), (game, len(text), bits)


# ------------------------------------------------------------ refusals
def a_finished(game: str = "koikoi", seed: int = 2024, options: dict | None = None) -> tuple[str, str]:
    sid, _ = play(game, seed, ["human", "easy"] if game != "hanabi" else ["human", "easy", "easy"],
                  options=options or ({"players": 3} if game == "hanabi" else {"rounds": 3} if game == "koikoi" else {}),
                  rng=random.Random(seed))
    return sid, data({"cmd": "link", "session": sid, "kind": "game"})["link"]


def sessions_now() -> dict:
    return {sid: (bridge._sessions[sid].game.to_json(), dict(bridge._sessions[sid].assists))
            for sid in bridge._sessions}


def test_every_edit_of_a_character_every_cut_and_every_insertion_is_refused():
    rng = random.Random(13)
    texts = [a_finished(game)[1] for game in ("hanamikoji", "koikoi", "hanabi")]
    texts.append(data({"cmd": "link", "session": a_finished("hanabi", 7)[0], "kind": "challenge"})["link"])
    alphabet = sorted(links.ALPHABET)
    before = sessions_now()
    tried = 0
    for text in texts:
        game = links.GAME_CODES[links._In(links._payload_of(text)).data[2]]
        edits = []
        for i, ch in enumerate(text):
            others = [c for c in alphabet if c != ch]
            edits += [text[:i] + c + text[i + 1:] for c in rng.sample(others, 3)]  # a substitution
            edits.append(text[:i] + text[i + 1:])  # a character left out
            edits.append(text[:i] + rng.choice(alphabet) + text[i:])  # one put in
        edits += [text[:n] for n in range(len(text))]  # cut short anywhere, down to nothing
        edits += [text + "=", text + "==", text + " ", " " + text, text + "\n", text + "%3D", text.replace("-", "+")]
        for edit in edits:
            if edit == text:
                continue
            tried += 1
            refused({"cmd": "read_link", "link": edit, "game": game}, "bad_link")
    assert tried > 1000
    assert sessions_now() == before


def test_the_unused_bits_of_the_last_character_are_part_of_the_link():
    # The first of a few games whose link's length leaves spare bits (two lengths in three do).
    text = next(t for t in (a_finished("hanamikoji", seed=seed)[1] for seed in range(2024, 2034)) if len(t) % 4)
    spare = (len(text) * 6) % 8  # bits of the last character that carry no byte
    assert spare, "the test needs a link whose length leaves spare bits"
    order = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    index = order.index(text[-1])
    for low in range(1, 2 ** spare):
        edit = text[:-1] + order[index ^ low]
        message = refused({"cmd": "read_link", "link": edit, "game": "hanamikoji"}, "bad_link")
        assert "stray bits" in message


def test_another_games_link_is_refused_as_such():
    _, text = a_finished("koikoi")
    for game in ("hanamikoji", "hanabi", "nim"):
        message = refused({"cmd": "read_link", "link": text, "game": game}, "link_game")
        assert "koikoi" in message
    refused({"cmd": "read_link", "link": text, "game": "chess"}, "unknown_game")


def relinked(text: str, edit) -> str:
    """`text`'s bytes changed by `edit(bytearray)`, with a checksum made anew: what an engine that
    writes differently (or a person who knows the format) would send."""
    payload = bytearray(links._payload_of(text))
    edit(payload)
    return links._text_of(bytes(payload))


def test_a_link_of_a_newer_format_another_move_code_or_unknown_tables_is_a_version_refusal(monkeypatch):
    sid, text = a_finished("koikoi")
    assert data({"cmd": "read_link", "link": relinked(text, lambda p: None), "game": "koikoi"})  # the edit machinery
    newer = relinked(text, lambda p: p.__setitem__(0, links.LINK_FORMAT + 1))
    assert "format" in refused({"cmd": "read_link", "link": newer, "game": "koikoi"}, "link_version")
    moves = relinked(text, lambda p: p.__setitem__(3, links.MOVE_CODES["koikoi"] + 1))
    assert "move" in refused({"cmd": "read_link", "link": moves, "game": "koikoi"}, "link_version")
    game = relinked(text, lambda p: p.__setitem__(2, len(links.GAME_CODES)))
    refused({"cmd": "read_link", "link": game, "game": "koikoi"}, "link_version")
    challenge = data({"cmd": "link", "session": sid, "kind": "challenge"})["link"]
    # This engine's own move code bumped: its old links are refused, never misread (a challenge
    # too: the move code covers the deal from a seed, and a challenge is that deal).
    monkeypatch.setitem(links.MOVE_CODES, "koikoi", links.MOVE_CODES["koikoi"] + 1)
    refused({"cmd": "read_link", "link": text, "game": "koikoi"}, "link_version")
    refused({"cmd": "read_link", "link": challenge, "game": "koikoi"}, "link_version")


def test_an_unknown_level_or_option_is_a_version_refusal_and_a_wrong_one_a_bad_link():
    sid, text = a_finished("hanamikoji")
    payload = links._payload_of(text)
    # format, kind, game, code, 0 options, then 7 bytes of seed, then the seats
    assert payload[4] == 0
    seats_at = 5 + links.SEED_BYTES
    assert payload[seats_at:seats_at + 2] == bytes([0, 1 + links.LEVEL_CODES.index("easy")])
    unknown_level = relinked(text, lambda p: p.__setitem__(seats_at + 1, len(links.LEVEL_CODES) + 1))
    refused({"cmd": "read_link", "link": unknown_level, "game": "hanamikoji"}, "link_version")
    unknown_option = relinked(text, lambda p: p.__setitem__(slice(4, 5), bytes([1, 9, links._TRUE])))
    refused({"cmd": "read_link", "link": unknown_option, "game": "hanamikoji"}, "link_version")
    at_default = relinked(text, lambda p: p.__setitem__(slice(4, 5), bytes([1, 0, links._INT, 6])))  # 3 rounds
    assert "default" in refused({"cmd": "read_link", "link": at_default, "game": "hanamikoji"}, "bad_link")
    bad_value = relinked(text, lambda p: p.__setitem__(slice(4, 5), bytes([1, 0, links._TEXT, 1, 65])))
    assert "options" in refused({"cmd": "read_link", "link": bad_value, "game": "hanamikoji"}, "bad_link")
    no_person = relinked(text, lambda p: p.__setitem__(seats_at, 1))
    refused({"cmd": "read_link", "link": no_person, "game": "hanamikoji"}, "bad_link")
    long_number = relinked(text, lambda p: p.__setitem__(slice(seats_at, seats_at + 1), bytes([0x80, 0])))
    assert "shortest" in refused({"cmd": "read_link", "link": long_number, "game": "hanamikoji"}, "bad_link")
    big_seed = relinked(text, lambda p: p.__setitem__(slice(5, seats_at), b"\xff" * links.SEED_BYTES))
    assert "seed" in refused({"cmd": "read_link", "link": big_seed, "game": "hanamikoji"}, "bad_link")


def test_a_link_holding_more_or_less_than_its_game_is_refused():
    sid, text = a_finished("nim", options={"pile": 10})
    payload = links._payload_of(text)
    assert data({"cmd": "read_link", "link": text, "game": "nim"})
    trailing = relinked(text, lambda p: p.extend(b"\x07"))  # a higher place of the moves' number
    assert "more than the game" in refused({"cmd": "read_link", "link": trailing, "game": "nim"}, "bad_link")
    zero = relinked(text, lambda p: p.__setitem__(slice(len(payload) - len(moves_bytes(text)), None),
                                                   b"\0" + moves_bytes(text)))
    assert "shortest" in refused({"cmd": "read_link", "link": zero, "game": "nim"}, "bad_link")
    count_at = len(payload) - len(moves_bytes(text)) - 3  # the count of moves, `at`, the explanations' length (0)
    fewer = relinked(text, lambda p: p.__setitem__(count_at, p[count_at] - 1) or p.__setitem__(count_at + 1, 0))
    assert refused({"cmd": "read_link", "link": fewer, "game": "nim"}, "bad_link")
    challenge = data({"cmd": "link", "session": sid, "kind": "challenge"})["link"]
    assert "follows" in refused({"cmd": "read_link", "link": relinked(challenge, lambda p: p.extend(b"\0")),
                                 "game": "nim"}, "bad_link")


def moves_bytes(text: str) -> bytes:
    read = links.read_link(text, links.GAME_CODES[links._payload_of(text)[2]])
    return links._number_bytes(links._moves_number(read.game))


def name_link(name_bytes: bytes) -> str:
    """A pass-and-play Nim link whose first person's name is these bytes."""
    sid, _ = play("nim", 5, ["human", "human"], options={"pile": 5}, names=["Ann", None], rng=random.Random(2))
    text = data({"cmd": "link", "session": sid, "seat": 0, "kind": "game"})["link"]
    payload = links._payload_of(text)
    at = payload.index(b"\x03Ann")
    return relinked(text, lambda p: p.__setitem__(slice(at, at + 4), bytes([len(name_bytes)]) + name_bytes))


def test_names_go_through_the_loads_own_rule():
    assert data({"cmd": "read_link", "link": name_link("<i>Zoë</i>".encode()), "game": "nim"})["record"]["names"] == \
        ["<i>Zoë</i>", None]  # markup is text to a name: the page writes it as text, never as markup
    for bad in ("An\u0000n", "A\u202eB", "a\nb", "x" * 25, "  Ann", "An  n"):
        message = refused({"cmd": "read_link", "link": name_link(bad.encode()), "game": "nim"}, "bad_link")
        assert "name" in message
    refused({"cmd": "read_link", "link": name_link(b"\xff\xfe"), "game": "nim"}, "bad_link")


def test_length_limits_garbage_and_other_values():
    before = sessions_now()
    for text in ("A" * (links.MAX_LINK_CHARS + 1), "!" * (links.MAX_LINK_CHARS + 1), "€" * 100_000):
        message = refused({"cmd": "read_link", "link": text, "game": "koikoi"}, "link_too_long")
        assert str(links.MAX_LINK_CHARS) in message
    for text in ("", "A", "AQ", "AQID", "====", "AQ==", "not a link", "<script>alert(1)</script>", "AQAB\u00e9",
                 "%41%51", "A" * links.MAX_LINK_CHARS, "_" * 63, "g=AQAB", "#g=AQAB", "AQAB\u200b"):
        refused({"cmd": "read_link", "link": text, "game": "koikoi"}, "bad_link")
    for value in (None, 1, 1.5, True, ["AQ"], {"link": "AQ"}):
        refused({"cmd": "read_link", "link": value, "game": "koikoi"}, "bad_request")
        refused({"cmd": "read_link", "link": "AQ", "game": value}, "bad_request")
    refused({"cmd": "read_link", "game": "koikoi"}, "bad_request")
    refused({"cmd": "read_link", "link": "AQ", "game": "koikoi", "at": 0}, "bad_request")
    with pytest.raises(Exception) as caught:
        links.read_link(42, "koikoi")
    assert getattr(caught.value, "code", None) == "bad_link"
    assert sessions_now() == before


def test_a_game_or_link_past_the_limits_is_refused_when_made(monkeypatch):
    sid, text = a_finished("koikoi")
    moves = data({"cmd": "view", "session": sid})["move"]
    monkeypatch.setattr(links, "MAX_LINK_MOVES", moves - 1)
    assert str(moves) in refused({"cmd": "link", "session": sid, "kind": "game"}, "link_too_long")
    monkeypatch.setattr(links, "MAX_LINK_MOVES", moves)
    assert data({"cmd": "link", "session": sid, "kind": "game"})["link"] == text
    monkeypatch.setattr(links, "MAX_LINK_CHARS", len(text) - 1)
    refused({"cmd": "link", "session": sid, "kind": "game"}, "link_too_long")
    refused({"cmd": "read_link", "link": text, "game": "koikoi"}, "link_too_long")


def test_link_refuses_a_running_game_the_computers_decision_and_a_table_of_people():
    rng = random.Random(3)
    sid, view = play("hanamikoji", 99, ["human", "easy"], rng=rng, stop=4)
    assert not view["is_over"]
    before = sessions_now()
    refused({"cmd": "link", "session": sid, "kind": "game"}, "not_over")
    refused({"cmd": "link", "session": sid, "kind": "challenge"}, "not_over")
    game = bridge._sessions[sid].game
    bots_turn = next(m for m, seat in enumerate(game.movers) if seat == 1)
    refused({"cmd": "link", "session": sid, "kind": "position", "at": bots_turn}, "not_your_turn")
    mine = next(m for m, seat in enumerate(game.movers) if seat == 0)
    assert data({"cmd": "link", "session": sid, "kind": "position", "at": mine})["chars"] > 0  # a running game's
    for bad in ({"kind": "replay"}, {"kind": None}, {"kind": "game", "at": -1}, {"kind": "game", "at": 5},
                {"kind": "position", "at": True}, {"kind": "position", "at": 1.0}, {"kind": "challenge", "at": 0},
                {"kind": "game", "x": 1}, {"kind": "game", "seat": 1}, {}):
        refused({"cmd": "link", "session": sid, **bad}, "bad_request")
    refused({"cmd": "link", "session": "s0", "kind": "game"}, "unknown_session")
    assert sessions_now() == before
    # Over: a position at the end is nobody's decision; a table of people has no challenge.
    people, _ = play("nim", 8, ["human", "human"], rng=rng)
    refused({"cmd": "link", "session": people, "seat": 0, "kind": "challenge"}, "unsupported")
    refused({"cmd": "link", "session": people, "seat": 1, "kind": "position"}, "not_your_turn")
    refused({"cmd": "link", "session": people, "kind": "game"}, "bad_request")  # which person's? name the seat
    mixed, _ = play("hanabi", 8, ["human", "easy", "normal"], options={"players": 3}, rng=rng)
    refused({"cmd": "link", "session": mixed, "kind": "challenge"}, "unsupported")


# ------------------------------------------------------------ the tables and the golden links
def test_every_game_level_and_option_has_its_number():
    for info in list_games(include_hidden=True):
        name = info["name"]
        assert name in links.GAME_CODES and name in links.MOVE_CODES, name
        assert set(game_info(name).options) <= set(links.OPTION_KEYS[name]), name
        assert set(game_info(name).levels) <= set(links.LEVEL_CODES), name
    assert links.MAX_ASSISTS == bridge.MAX_ASSISTS
    for table in (links.GAME_CODES, links.LEVEL_CODES, *links.OPTION_KEYS.values()):
        assert len(set(table)) == len(table)


# Made by this engine from fixed games (seats, names and options that differ from the defaults),
# with the check of the save each reads back to and that game's end. If one fails, the meaning of
# a move's number for that game changed (the order of its legal actions, or its deal from a seed):
# bump links.MOVE_CODES[game] so old links are refused rather than misread, then make the golden
# link anew (open the test's game, "link" it, put the text and check here).
GOLDEN = {
    "hanamikoji": ("AQAAAQEAABAAAAAAAAEAAgAAAAAMAwCviO4womynsg", "d404bbc6196a39e7", 12, [11, 5]),
    "koikoi": ("AQABAQMAAwwDAgYCAAAAAAAAAAMAAQNNaWEAAFQDACimAxSjO5VzLgSaL9GdeNK7tC6aPMFIpKLo",
               "d671e680c3055dd9", 84, [57, 2]),
    "hanabi": ("AQACAQEAAwgf________AAIAAgADQW5hAkJvAAA7AwAB1FWxVWP2Og9gPE4jz4LbyZ_Ht-dLto4IQzjQeFaXYkepIA",
               "87c4063f21c4a159", 59, [24, 24, 24, 24]),
    "nim": ("AQADAQEAAyIAAAAAAABNAAAAAUEBQgAACgMAM8sTY8ed", "6e758f273317eef9", 10, [0, 1]),
}
GOLDEN_CHALLENGE = ("AQICAQEAAwYf_______-AgACAQAALCwsSvm_Iw", {
    "kind": "challenge", "game": "hanabi", "options": {"players": 3, "deck": None}, "seed": MAX_SEED - 1,
    "human": 1, "level": "normal", "result": {"scores": [22, 22, 22], "winner": None, "helped": False}})


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_golden_link(game):
    text, check, moves, scores = GOLDEN[game]
    bump = (f"the golden {game} link no longer reads back to its game: the order of {game}'s legal actions "
            f"(or its deal from a seed) changed. Bump links.MOVE_CODES[{game!r}] so that old links are "
            "refused, not misread, and make this golden link anew.")
    reply = ask({"cmd": "read_link", "link": text, "game": game})
    if not reply["ok"] and reply["error"]["code"] == "link_version":
        pytest.fail(f"links.MOVE_CODES[{game!r}] or LINK_FORMAT was bumped: make the golden {game} link anew")
    assert reply["ok"], (bump, reply)
    record = reply["data"]["record"]
    assert record["save"]["check"] == check, bump
    assert reply["data"]["at"] == 3 and len(record["save"]["actions"]) == moves
    sid = load(record, game)
    assert data({"cmd": "view", "session": sid, "seat": record["human"]})["result"]["scores"] == scores, bump
    # and this engine writes the very same text for that game
    assert data({"cmd": "link", "session": sid, "seat": record["human"], "kind": "game", "at": 3})["link"] == text


def test_golden_challenge():
    text, expected = GOLDEN_CHALLENGE
    assert data({"cmd": "read_link", "link": text, "game": "hanabi"}) == expected


def test_a_link_is_checked_with_crc32():
    _, text = a_finished("hanamikoji")
    raw = links._payload_of(text)
    import base64
    whole = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    assert whole == raw + zlib.crc32(raw).to_bytes(4, "big") and raw[0] == links.LINK_FORMAT


# ------------------------------------------------------------ the AI's explanations
def _notes_link(game: str, seed: int, options: dict, level: str) -> tuple[str, str]:
    sid, _ = play(game, seed, ["human", level], options=options, rng=random.Random(seed))
    return sid, data({"cmd": "link", "session": sid, "seat": 0, "kind": "game"})["link"]


@pytest.mark.parametrize("game, options, level", [("hanamikoji", {}, "expert"), ("koikoi", {"rounds": 3}, "hard")])
def test_the_ais_explanations_travel_with_the_game(game, options, level):
    """A reader's log says why the computer moved as the sharer's did: the explanations the sharer
    was shown come back in the sharer's seat, checked by load like a save's."""
    for seed in (MAX_SEED, random.Random(game).randrange(MAX_SEED)):
        sid, text = _notes_link(game, seed, options, level)
        shown = data({"cmd": "view", "session": sid, "seat": 0})["notes"]
        assert shown, "the computer explained none of its moves"
        assert len(text) <= links.NOTES_BUDGET
        record = data({"cmd": "read_link", "link": text, "game": game})["record"]
        assert record["seat_notes"][1] is None and len(record["seat_notes"][0]) == len(shown)
        other = load(record, game)
        assert data({"cmd": "view", "session": other, "seat": 0})["notes"] == shown
        # a position carries those of its first moves only
        movers = bridge._sessions[sid].game.movers  # who made each move: the person's decisions
        at = next(m for m in range(shown[len(shown) // 2]["move"] + 1, len(movers)) if movers[m] == 0)
        position = data({"cmd": "link", "session": sid, "seat": 0, "kind": "position", "at": at})["link"]
        kept = data({"cmd": "read_link", "link": position, "game": game})["record"]["seat_notes"][0]
        assert kept == [note for note in shown if note["move"] < at]


def test_explanations_that_would_make_a_link_too_long_are_left_out():
    sid, text = _notes_link("koikoi", 77, {"rounds": 3}, "hard")
    session = bridge._sessions[sid]
    rng = random.Random(5)
    noise = [{"move": note["move"], "seat": note["seat"],
              "why": {**note["why"], "detail": "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(300))}}
             for note in session.notes_for(0)]
    link = links.Link("game", session.game, session.seats, 0, names=session.names, assists=dict(session.assists),
                      at=0, notes=tuple(noise))
    long = links.make_link(link)
    assert len(long) < len(text) or len(long) <= links.NOTES_BUDGET
    read = links.read_link(long, "koikoi")
    assert read.notes == () and read.game.to_json() == session.game.to_json()  # the moves, whole


def test_damaged_explanations_are_refused_even_under_a_good_checksum(monkeypatch):
    """Explanations that are not deflated JSON of [move, reason] pairs, or that inflate past
    MAX_NOTES_JSON (a deflate bomb), are refused, though the checksum over them is good."""
    sid, _ = _notes_link("hanamikoji", 11, {}, "expert")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"[" + b" " * (links.MAX_NOTES_JSON + 10) + b"]") + packer.flush()
    def deflated(raw: bytes) -> bytes:
        out = zlib.compressobj(9, zlib.DEFLATED, -15)
        return out.compress(raw) + out.flush()
    for packed in (b"\x01\x02\x03garbage", bomb, deflated(b'{"not": "a list"}'), deflated(b"[[999, {}]]"),
                   deflated(b"[[0, 1]]"), deflated(b"\xff\xfe")):
        monkeypatch.setattr(links, "_notes_bytes", lambda notes, moves, packed=packed: packed)
        text = data({"cmd": "link", "session": sid, "seat": 0, "kind": "game"})["link"]
        assert "explanations" in refused({"cmd": "read_link", "link": text, "game": "hanamikoji"}, "bad_link"), packed
