"""What decided a finished game, and what happened between the person's decisions (issue 40):
pygame_core/<game>/decided.py, pygame_core/decided.py and the bridge's `decided`.

Each game's summary is checked twice: on positions built by hand (the secret card that won a
geisha, a round that decided a match, the last red 2 discarded before a third strike), and on
real games dealt from seeds across 0..2**53-1 (the edges included), against an independent
reading of the finished state: the geisha named is the winner's, won in the round named by the
cards named, and without her the winner would not have won whenever some geisha was such; the
round named won the match with the points and yaku named; the card named is dead, lost at the
move named. The log between decisions is split exactly at the person's decisions, and nothing
is told of a running game.
"""

from __future__ import annotations

import json
import random

import pytest

import pygame_core
from engine_helpers import ask, data
from pygame_core.decided import decided, log_moves
from pygame_core.hanabi.cards import COLOURS, COPIES_OF_RANK, colour_of, rank_of
from pygame_core.hanabi.decided import summary as hanabi_summary
from pygame_core.hanamikoji.cards import GEISHA_VALUES
from pygame_core.hanamikoji.decided import summary as hanamikoji_summary
from pygame_core.hanamikoji.decided import told as hanamikoji_told
from pygame_core.hanamikoji.rules import OVER as HK_OVER
from pygame_core.hanamikoji.rules import State as HanamikojiState
from pygame_core.koikoi.decided import summary as koikoi_summary
from pygame_core.koikoi.rules import OVER as KK_OVER
from pygame_core.koikoi.rules import State as KoiKoiState

TOP = 2**53 - 1
_rng = random.Random(4040)
SEEDS = [0, TOP] + [_rng.randrange(2**53) for _ in range(22)]


def finished(name: str, seed: int, options: dict | None = None, level: str = "easy") -> pygame_core.Game:
    """A game of `name` dealt from `seed` (as the page deals), played to its end by the AI in every seat."""
    game = pygame_core.new_game(name, seed=seed, options=options or {})
    bots = [pygame_core.new_bot(name, level=level, seed=(seed + s) % 2**53) for s in range(game.num_players)]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.observation(seat)))
    return game


class Built:
    """A finished game's face for a summary: its state and its log (the Table a summary reads)."""

    def __init__(self, state, log=()):
        self.state = state
        self.log = list(log)


# ------------------------------------------------------------------ Hanamikoji, built
def hanamikoji_end(favour, scorings, winner, reason):
    s = HanamikojiState(random.Random(0), 3, deal=False)
    s.phase, s.favour, s.scorings, s.winner, s.reason = HK_OVER, favour, scorings, winner, reason
    return Built(s)


def scoring(round_, items, secrets=(None, None), favour=None):
    majority = [0 if a > b else 1 if b > a else None for a, b in zip(*items)]
    return {"round": round_, "secrets": list(secrets), "items": [list(items[0]), list(items[1])],
            "majority": majority, "favour": favour or majority, "charm": [0, 0], "geishas": [0, 0]}


def test_hanamikoji_names_the_geisha_the_computers_secret_card_won_in_the_last_round():
    # The computer (seat 1) wins with 4 geishas; in round 3 Lantern (5) went to it 2 cards to 1,
    # one of them its secret. Umbrella and Scroll it had since round 2; Fan it won 2 to 0 in round 3.
    r2 = scoring(2, ([0, 0, 1, 0, 0, 1, 1], [0, 1, 0, 0, 1, 0, 0]))
    r3 = scoring(3, ([0, 0, 2, 1, 0, 1, 3], [2, 1, 0, 0, 1, 2, 0]), secrets=(None, 5))
    favour = [1, 1, 0, 0, 1, 1, 0]
    game = hanamikoji_end(favour, [r2, r3], winner=1, reason="geishas")
    got = hanamikoji_summary(game, 0, [])
    assert got["winner"] == 1 and got["reason"] == "geishas" and got["rounds"] == 2
    assert got["geishas"] == [3, 4] and got["charm"] == [2 + 3 + 5, 2 + 2 + 3 + 4]
    # Every one of its four is deciding; the secret's geisha of the last round is named before Fan.
    assert got["key"] == {"geisha": 5, "value": 4, "side": 1, "round": 3, "cards": [1, 2], "secrets": [False, True],
                          "deciding": True, "last": True}
    # Seen from the computer's seat: the same geisha, the seats turned round.
    mirrored = hanamikoji_summary(game, 1, [])
    assert mirrored["winner"] == 0 and mirrored["key"]["side"] == 0 and mirrored["key"]["cards"] == [2, 1]
    assert mirrored["key"]["secrets"] == [True, False] and mirrored["geishas"] == [4, 3]


def test_hanamikoji_a_win_with_room_to_spare_and_a_lead_after_the_last_round_and_a_draw():
    # Five geishas: none alone decides; the one won latest and closest is named, not deciding.
    r1 = scoring(1, ([1, 1, 1, 2, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0]))
    r2 = scoring(2, ([0, 0, 0, 0, 0, 3, 1], [1, 1, 1, 0, 0, 1, 0]))
    game = hanamikoji_end([0, 0, 0, 0, 1, 0, 0], [r1, r2], winner=0, reason="geishas")
    key = hanamikoji_summary(game, 0, [])["key"]
    assert key["geisha"] == 6 and key["round"] == 2 and key["cards"] == [1, 0] and key["deciding"] is False
    # After the round limit you lead 9 charm points to 8 (Lantern and Blossom against Fan, Flute and
    # Scroll): without either of yours the lead is gone; both went to you 1 card ahead, Blossom worth more.
    r3 = scoring(3, ([0, 0, 0, 0, 0, 2, 1], [1, 0, 0, 1, 2, 1, 0]))
    game = hanamikoji_end([1, None, None, 1, 1, 0, 0], [r3], winner=0, reason="round_limit")
    got = hanamikoji_summary(game, 0, [])
    assert got["charm"] == [9, 8] and got["geishas"] == [2, 3]
    assert got["key"] == {"geisha": 6, "value": 5, "side": 0, "round": 3, "cards": [1, 0], "secrets": [False, False],
                          "deciding": True, "last": True}
    draw = hanamikoji_end([0, 0, 1, 0, 1, None, None], [r3], winner=None, reason="round_limit_draw")
    assert hanamikoji_summary(draw, 0, [])["key"] is None


def test_hanamikoji_scoring_is_the_computers_move_only_where_its_secret_changed_a_majority():
    decided_by_it = scoring(2, ([0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 2, 0]), secrets=(None, 5))
    made_a_tie = scoring(2, ([0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 1, 0]), secrets=(None, 5))
    changed_nothing = scoring(2, ([0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3, 0]), secrets=(None, 5))
    for record, cause in ((decided_by_it, "move"), (made_a_tie, "move"), (changed_nothing, None)):
        public = {"type": "scoring", **record}
        told = hanamikoji_told((public, None, None), 0)
        assert told["cause"] == cause, record
        assert (told.get("secret_decided") == {"seat": 1, "geisha": 5}) is (cause == "move")
    # The person's own secret is no surprise to them: never a cause.
    mine = {"type": "scoring", **scoring(2, ([0, 0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 1, 0]), secrets=(5, None))}
    assert hanamikoji_told((mine, None, None), 0)["cause"] is None
    # A computer's draw is told after the end, but it moved nothing the person saw then.
    drew = hanamikoji_told(({"type": "draw", "seat": 1}, 1, {"card": 4}), 0)
    assert drew == {"type": "draw", "seat": 1, "card": 4, "hidden": True, "cause": None}
    assert hanamikoji_told(({"type": "draw", "seat": 0}, 0, {"card": 4}), 0)["cause"] == "chance"
    assert hanamikoji_told(({"type": "deal", "seat": 0, "count": 6}, 0, {"cards": [1]}), 0) is None


# ------------------------------------------------------------------ Koi-Koi, built
def koikoi_end(scores, rounds):
    s = KoiKoiState(random.Random(0), rounds=len(rounds), deal=False)
    s.phase, s.scores, s.summaries = KK_OVER, scores, rounds
    log = [({"type": "round_end", **r}, None, None) for r in rounds]
    return Built(s, log)


def round_won(round_, winner, points, yaku, base=None, koikoi=False):
    base = base or points
    return {"round": round_, "winner": winner, "reason": "shobu", "yaku": yaku, "base": base,
            "seven_plus": base >= 7, "opponent_koikoi": koikoi, "multiplier": points // base, "points": points}


def test_koikoi_names_the_round_without_which_the_winner_would_not_be_ahead():
    # You win round 1 (5); the computer round 2 (Sanko 6, doubled to 12 after your koi-koi) and round 3 (1).
    rounds = [round_won(1, 0, 5, [{"name": "hanami_zake", "points": 5, "cards": [8, 32]}]),
              round_won(2, 1, 12, [{"name": "sanko", "points": 6, "cards": [0, 8, 28]}], base=6, koikoi=True),
              round_won(3, 1, 1, [{"name": "kasu", "points": 1, "cards": []}])]
    game = koikoi_end([5, 13], rounds)
    got = koikoi_summary(game, 0, [3, 7, 9])  # the move that ended each round
    assert got["winner"] == 1 and got["scores"] == [5, 13] and got["won"] == [1, 2] and got["rounds"] == 3
    assert got["key"] == {"round": 2, "side": 1, "yaku": [{"name": "sanko", "points": 6}], "base": 6,
                          "seven_plus": False, "opponent_koikoi": True, "multiplier": 2, "points": 12,
                          "reason": "shobu", "deciding": True, "move": 7}
    assert koikoi_summary(game, 1, [3, 7, 9])["key"]["side"] == 0
    # No single round decides: the winner's round worth most is named, not deciding.
    spread = koikoi_end([2, 9], [round_won(1, 1, 3, []), round_won(2, 1, 6, []), round_won(3, 0, 2, [])])
    key = koikoi_summary(spread, 0, [1, 2, 3])["key"]
    assert key["round"] == 2 and key["deciding"] is False
    drawn = koikoi_end([4, 4], [round_won(1, 0, 4, []), round_won(2, 1, 4, [])])
    assert koikoi_summary(drawn, 0, [1, 2])["key"] is None and koikoi_summary(drawn, 0, [1, 2])["winner"] is None


# ------------------------------------------------------------------ Hanabi, built
def test_hanabi_names_the_last_red_2_lost_and_the_third_strike():
    """Two players; both red 2s are discarded (moves 1 and 4), then three cards that do not fit."""
    front = ["r2", "y1", "g4", "b4", "w4", "r2", "y3", "g3", "b3", "w3"]  # your hand, then your teammate's
    rest = [f"{c}{r}" for c in "rygbw" for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]
    for card in front:
        rest.remove(card)
    game = pygame_core.new_game("hanabi", seed=TOP, options={"players": 2, "deck": front + rest})
    for action in ({"type": "clue", "target": 1, "rank": 3}, {"type": "discard", "slot": 0},
                   {"type": "clue", "target": 1, "rank": 3}, {"type": "clue", "target": 1, "rank": 1},
                   {"type": "discard", "slot": 0}):
        game.apply(action)
    while not game.is_over:  # each plays a card that cannot fit: a 3 while every stack is empty
        hand = game.state.hands[game.current_player]
        slot = next(i for i, c in enumerate(hand) if rank_of(c.ident) >= 3)
        game.apply({"type": "play", "slot": slot})
    moves, _ = log_moves(game)
    got = hanabi_summary(game, 0, moves)
    assert got["reason"] == "strikes" and got["score"] == 0 and got["strikes"] == 3
    # Move 7: your teammate's third card that did not fit, a green 3 on an empty green stack.
    assert got["key"] == {"kind": "strikes", "move": 7, "seat": 1, "colour": "green", "rank": 3, "stack": 0}
    assert got["lost"] == [{"colour": "red", "rank": 2, "move": 4, "seat": 0, "how": "discard", "points": 4}]
    assert hanabi_summary(game, 1, moves)["lost"][0]["seat"] == 1  # seen from the teammate: the other seat


# ------------------------------------------------------------------ real games, every seat
def winner_without(game, g: int) -> bool:
    """Whether the Hanamikoji winner still wins with geisha g taken from it (read from the state alone)."""
    s = game.state
    charm, geishas = s.totals()
    w = s.winner
    left = charm[w] - GEISHA_VALUES[g]
    if s.reason == "round_limit":
        return left > charm[1 - w]
    return left >= 11 or geishas[w] - 1 >= 4


@pytest.mark.parametrize("seed", SEEDS)
def test_hanamikoji_real_games_name_the_geisha_that_settled_them(seed):
    game = finished("hanamikoji", seed)
    s = game.state
    for viewer in (0, 1):
        got = hanamikoji_summary(game, viewer, [])
        result = game.result()
        assert got["reason"] == result["reason"] and got["rounds"] == result["rounds"]
        if result["winner"] is None:
            assert got["winner"] is None and got["key"] is None
            continue
        w = result["winner"]
        key = got["key"]
        g = key["geisha"]
        assert got["winner"] == w ^ viewer and key["side"] == w ^ viewer
        assert s.favour[g] == w  # hers at the end
        record = s.scorings[key["round"] - 1]
        assert record["majority"][g] == w and all(r["majority"][g] != w for r in s.scorings[key["round"]:])
        assert key["cards"] == [record["items"][viewer][g], record["items"][1 - viewer][g]]
        assert key["secrets"] == [record["secrets"][viewer] == g, record["secrets"][1 - viewer] == g]
        assert key["deciding"] is (not winner_without(game, g))
        deciding = [h for h in range(7) if s.favour[h] == w and not winner_without(game, h)]
        if deciding:  # the geisha named is one the game turned on, won as late as any of those
            assert key["deciding"]
            latest = max(max(i for i, r in enumerate(s.scorings) if r["majority"][h] == w) for h in deciding)
            assert key["round"] == latest + 1


@pytest.mark.parametrize("seed", SEEDS)
def test_koikoi_real_matches_name_the_round_that_settled_them(seed):
    game = finished("koikoi", seed)
    s = game.state
    moves, _ = log_moves(game)
    ends = [moves[i] for i, (e, _, _) in enumerate(game.log) if e["type"] == "round_end"]
    for viewer in (0, 1):
        got = koikoi_summary(game, viewer, moves)
        assert got["scores"] == [s.scores[viewer], s.scores[1 - viewer]]
        if s.winner is None:
            assert got["key"] is None
            continue
        w = s.winner
        lead = s.scores[w] - s.scores[1 - w]
        key = got["key"]
        record = s.summaries[key["round"] - 1]
        assert record["winner"] == w and key["side"] == w ^ viewer and key["points"] == record["points"]
        assert [y["name"] for y in key["yaku"]] == [y["name"] for y in record["yaku"]] and key["yaku"]
        assert key["base"] * key["multiplier"] == key["points"] and key["move"] == ends[key["round"] - 1]
        assert key["deciding"] is (key["points"] >= lead)
        best = max((r["points"] for r in s.summaries if r["winner"] == w and r["points"] >= lead), default=None)
        if best is not None:
            assert key["deciding"] and key["points"] == best


@pytest.mark.parametrize("seed, players", [(seed, 2 + i % 4) for i, seed in enumerate(SEEDS[:12])])
def test_hanabi_real_games_name_what_held_the_score_down(seed, players):
    game = finished("hanabi", seed, {"players": players})
    s = game.state
    moves, _ = log_moves(game)
    got = hanabi_summary(game, 0, moves)
    assert got["score"] == game.result()["scores"][0] and got["strikes"] == s.strikes
    # Independently: replay move by move; a card is dead when its last copy goes while its stack is lower.
    past = pygame_core.new_game("hanabi", seed=seed, options={"players": players})
    dead: dict[str, tuple[int, int]] = {}
    third = None
    for move, action in enumerate(game.history):
        past.apply(action)
        for ident in set(i for _, i in past.state.discards):
            c, r = COLOURS[colour_of(ident)], rank_of(ident)
            gone = sum(1 for _, i in past.state.discards if i == ident)
            if gone == COPIES_OF_RANK[r] and (c not in dead or r < dead[c][0]):
                dead[c] = (r, move)
        if past.state.strikes == 3 and third is None:
            third = move
    assert {(x["colour"], x["rank"], x["move"]) for x in got["lost"]} == {(c, r, m) for c, (r, m) in dead.items()}
    assert all(x["points"] == 6 - x["rank"] for x in got["lost"])
    if third is not None:
        assert got["key"]["kind"] == "strikes" and got["key"]["move"] == third == len(game.history) - 1
    elif got["lost"]:
        costliest = max(x["points"] for x in got["lost"])
        assert got["key"]["kind"] == "lost" and got["key"]["points"] == costliest
    caps = {c: dead[c][0] - 1 if c in dead else 5 for c in COLOURS}
    if third is None:
        assert got["in_reach"] == sum(caps[c] - s.stacks[i] for i, c in enumerate(COLOURS))
        assert all(s.stacks[i] <= caps[c] for i, c in enumerate(COLOURS))


# ------------------------------------------------------------------ the log between decisions
@pytest.mark.parametrize("name, options", [("hanamikoji", {}), ("koikoi", {}), ("hanabi", {"players": 3})])
def test_the_log_is_split_at_the_persons_decisions_and_every_card_is_told(name, options):
    for seed in SEEDS[:4]:
        game = finished(name, seed, options)
        for viewer in range(game.num_players):
            story = decided(game, viewer)
            json.dumps(story, allow_nan=False)
            mine = [m for m, s in enumerate(game.movers) if s == viewer]
            assert story["decisions"] == mine and [gap["after"] for gap in story["between"]] == mine
            assert [gap["until"] for gap in story["between"]] == mine[1:] + [None]
            for gap in story["between"]:
                stop = gap["until"] if gap["until"] is not None else len(game.history)
                assert all(gap["after"] <= e["move"] < stop for e in gap["events"]), gap
                assert all(e["cause"] in ("move", "chance", None) for e in gap["events"])
                # The person's own decision is not among what happened after it.
                assert all(not (e["move"] == gap["after"] and e.get("cause") == "move" and e.get("seat") == 0)
                           for e in gap["events"]), gap
                # Another seat's moves are each told, as moves.
                others = [m for m in range(gap["after"] + 1, stop)]
                assert sorted({e["move"] for e in gap["events"] if e["cause"] == "move" and e["move"] in others}) == others
            end = story["end"]
            if name == "hanabi":
                assert end == {"unit": "score", "value": float(game.result()["scores"][0])}
            else:
                w = game.result()["winner"]
                assert end == {"unit": "win_chance", "value": 0.5 if w is None else float(w == viewer)}


def test_hidden_cards_are_told_after_the_end_and_marked_as_unseen_then():
    game = finished("hanamikoji", SEEDS[5])
    story = decided(game, 0)
    events = [e for gap in story["between"] for e in gap["events"]]
    theirs = [e for e in events if e["type"] in ("secret", "tradeoff") and e["seat"] == 1]
    assert theirs and all(e["cards"] and e["hidden"] for e in theirs)  # shown here, hidden in play
    hanabi = finished("hanabi", SEEDS[6], {"players": 2})
    own = [e for gap in decided(hanabi, 0)["between"] for e in gap["events"] if e["type"] == "draw" and e["seat"] == 0]
    assert own and all(e["hidden"] and e["cause"] is None and "colour" in e for e in own)


# ------------------------------------------------------------------ the bridge
def play_through(sid: str, view: dict, seats: int = 1) -> dict:
    """Play a bridge session to its end: people take their first legal action, the AI the rest."""
    while not view["is_over"]:
        if view["waiting_for"] == "human":
            seat = view["to_move"]
            view = data({"cmd": "apply", "session": sid, "move": view["move"], "seat": seat,
                         "action": data({"cmd": "view", "session": sid, "seat": seat})["observation"]["legal_actions"][0]})
        else:
            view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    return view


def test_the_bridge_tells_nothing_of_a_running_game_and_tells_a_finished_one():
    view = data({"cmd": "new", "game": "hanamikoji", "seed": SEEDS[7], "level": "easy"})
    sid = view["session"]
    before = data({"cmd": "save", "session": sid})
    reply = ask({"cmd": "decided", "session": sid})
    assert reply["ok"] is False and reply["error"]["code"] == "not_over" and "still running" in reply["error"]["message"]
    assert data({"cmd": "save", "session": sid}) == before  # asking changed nothing
    for bad, code in (({"cmd": "decided"}, "bad_request"), ({"cmd": "decided", "session": sid, "move": 0}, "bad_request"),
                      ({"cmd": "decided", "session": "nope"}, "unknown_session"),
                      ({"cmd": "decided", "session": sid, "seat": True}, "bad_request")):
        assert ask(bad)["error"]["code"] == code, bad
    play_through(sid, view)
    told = data({"cmd": "decided", "session": sid})
    assert told["decisions"] == data({"cmd": "replay", "session": sid, "move": 0})["decisions"]
    assert told["summary"]["key"] is None or told["summary"]["key"]["geisha"] in range(7)
    nim = data({"cmd": "new", "game": "nim", "seed": 1})
    assert ask({"cmd": "decided", "session": nim["session"]})["error"]["code"] == "unsupported"


def test_at_a_table_of_two_people_each_is_told_from_their_own_seat():
    view = data({"cmd": "new", "game": "koikoi", "seed": SEEDS[8], "seats": ["human", "human"]})
    sid = view["session"]
    play_through(sid, view)
    first, second = (data({"cmd": "decided", "session": sid, "seat": seat}) for seat in (0, 1))
    assert first["summary"]["scores"] == second["summary"]["scores"][::-1]
    if first["summary"]["winner"] is not None:
        assert first["summary"]["winner"] == 1 - second["summary"]["winner"]
        assert first["summary"]["key"]["side"] == 1 - second["summary"]["key"]["side"]
    assert set(first["decisions"]).isdisjoint(second["decisions"])
    assert first["end"]["value"] + second["end"]["value"] == 1.0
