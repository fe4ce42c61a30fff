"""After the end, every hidden card is shown (issue 40): the bridge's `replay` and, once the game
is over, `review` carry `revealed`, the cards hidden from the person at the moment on show.

Each game's reveal.py says what was hidden: Hanamikoji the opponent's hand, face-down secret and
trade-off and the removed card; Koi-Koi the opponent's hand; Hanabi the person's own hand. The
tests check it against the true position (a game rebuilt from the save) and, independently,
against what the game itself showed later: a Hanabi card's face when it was played or discarded,
a Koi-Koi card the opponent went on to play, the secret Hanamikoji's scoring turned over. A
running game's replay is refused and its review reveals nothing; no view in play carries it.
Games are dealt with seeds from the whole range 0..2**53-1, the edges included.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import pygame_core
from engine_helpers import ask, data
from pygame_core.hanamikoji.cards import FULL_DECK as HK_DECK
from pygame_core.hanamikoji.view import known_cards
from pygame_core.hanabi.cards import FULL_DECK as HB_DECK, card_dict
from pygame_core.koikoi.cards import ALL_CARDS, cards_in, mask_of
from pygame_core.koikoi.view import known_mask

TOP = 2**53 - 1
_rng = random.Random(4040)
SEEDS = [0, TOP, *(_rng.randrange(TOP + 1) for _ in range(4))]  # the edges and four from anywhere

# (game, options, seats): the person (or people) somewhere else than seat 0 too.
TABLES = [
    ("hanamikoji", {}, ["human", "easy"]),
    ("hanamikoji", {}, ["easy", "human"]),
    ("koikoi", {"rounds": 3}, ["human", "easy"]),
    ("koikoi", {"rounds": 3}, ["easy", "human"]),
    ("hanabi", {"players": 2}, ["human", "easy"]),
    ("hanabi", {"players": 3}, ["easy", "human", "easy"]),
    ("hanabi", {"players": 4}, ["easy", "easy", "easy", "human"]),
    ("hanabi", {"players": 5}, ["easy", "easy", "human", "easy", "easy"]),
]


def has_key(value: Any, key: str) -> bool:
    """Whether `key` is a field anywhere inside a reply."""
    if isinstance(value, dict):
        return key in value or any(has_key(v, key) for v in value.values())
    if isinstance(value, list):
        return any(has_key(v, key) for v in value)
    return False


def play(game: str, options: dict, seats: list[str], seed: int, stop: int | None = None) -> tuple[str, list[int]]:
    """A table played through the bridge (each person a random legal move), to its end or until
    `stop` moves; every view on the way is checked to reveal nothing. Returns the session id and
    the people's seats."""
    rng = random.Random(seed % 1_000_003)
    people = [s for s, who in enumerate(seats) if who == "human"]
    view = data({"cmd": "new", "game": game, "seed": seed, "options": options, "seats": seats})
    sid = view["session"]
    while not view["is_over"] and (stop is None or view["move"] < stop):
        assert not has_key(view, "revealed")
        if view["waiting_for"] == "human":
            seat = view["to_move"] if len(people) > 1 else people[0]
            mine = data({"cmd": "view", "session": sid, "seat": seat})
            assert not has_key(mine, "revealed")
            action = rng.choice(mine["observation"]["legal_actions"])
            view = data({"cmd": "apply", "session": sid, "move": view["move"], "action": action, "seat": seat})
        else:
            view = data({"cmd": "bot", "session": sid, "move": view["move"], "seat": people[0]})["view"]
    assert not has_key(view, "revealed")
    return sid, people


def position(sid: str, move: int, seat: int) -> pygame_core.Game:
    """The true position after `move` moves, rebuilt from the session's save (not the bridge's code)."""
    save = data({"cmd": "save", "session": sid, "seat": seat})["save"]
    game = pygame_core.new_game(save["game"], seed=save["seed"], options=save["options"])
    for action in save["actions"][:move]:
        game.apply(action)
    return game


def moves_to_check(total: int, rng: random.Random) -> list[int]:
    """The start, the end and several moves between."""
    return sorted({0, total, total - 1, *rng.sample(range(total), min(6, total))})


# --------------------------------------------------------------- each game's check of one moment

def check_hanamikoji(game: pygame_core.Game, seat: int, view: dict, shown: dict, earlier: list[tuple[int, dict]],
                     later: list[tuple[int, dict]]) -> None:
    s = game.state
    other = 1 - seat
    them = view["players"][1]
    hand = shown["opponent"]["hand"]
    assert hand == sorted(hand) and Counter(hand) == Counter({g: n for g, n in enumerate(s.hands[other]) if n})
    assert len(hand) == them["hand_size"]
    assert shown["opponent"]["tradeoff"] == sorted(s.tradeoffs[other])
    assert len(shown["opponent"]["tradeoff"]) == them["tradeoff_count"]
    secret = shown["opponent"]["secret"]
    assert (secret is not None) == (them["used"]["secret"] and not view["over"])
    assert secret == (None if view["over"] else s.secrets[other])
    assert shown["removed"] == s.removed
    # What the person saw and what is revealed, with the draw pile's cards, are the whole deck once.
    cards = Counter({g: n for g, n in enumerate(known_cards(view)) if n})
    cards.update(hand + shown["opponent"]["tradeoff"] + [shown["removed"]] + ([secret] if secret is not None else []))
    cards.update(s.draw)
    assert cards == Counter(HK_DECK) and len(s.draw) == view["draw_pile"]
    # Independently, from the moves themselves: the face-down cards are those the opponent placed
    # this round, every card of the hand is one it places later this round (a round uses them
    # all), and the scoring turned over the same secret.
    placed = {a["type"]: sorted(a["cards"]) for mover, a in earlier if mover == other and a["type"] in ("secret", "tradeoff")}
    if not view["over"]:
        assert secret == (placed["secret"][0] if "secret" in placed else None)
        assert shown["opponent"]["tradeoff"] == placed.get("tradeoff", [])
    used: Counter = Counter()
    for mover, action in later:
        if mover == other:
            used.update(action.get("cards", []) + [g for pair in action.get("pairs", []) for g in pair])
    assert not Counter(hand) - used
    if secret is not None:
        scoring = next(r for r in position_after(game, later).state.scorings if r["round"] == view["round"])
        assert scoring["secrets"][other] == secret


def position_after(game: pygame_core.Game, later: list[tuple[int, dict]]) -> pygame_core.Game:
    after = game.clone()
    for _, action in later:
        after.apply(action)
    return after


def check_koikoi(game: pygame_core.Game, seat: int, view: dict, shown: dict, later: list[tuple[int, dict]]) -> None:
    s = game.state
    hand = shown["opponent"]["hand"]
    assert hand == cards_in(s.hands[1 - seat]) and len(hand) == view["players"][1]["hand_size"]
    # Seen, revealed and the stock: every card once.
    mask = mask_of(hand)
    assert not mask & known_mask(view) and not mask & mask_of(s.stock)
    assert mask | known_mask(view) | mask_of(s.stock) == ALL_CARDS
    # Independently: every card the opponent plays later this round was in that hand.
    for mover, action in later:
        if mover == 1 - seat and action["type"] == "play":
            assert action["card"] in hand


def check_hanabi(game: pygame_core.Game, seat: int, view: dict, shown: dict, later: list[tuple[int, dict]],
                 final_log: list[dict]) -> None:
    s = game.state
    hand = shown["hand"]
    assert [c["id"] for c in hand] == [c["id"] for c in view["hands"][0]]
    assert hand == [{"id": c.id, **card_dict(c.ident)} for c in s.hands[seat]]
    assert all(c["colour"] is None and c["rank"] is None for c in view["hands"][0])  # the view itself still hides them
    # Independently: a card of this hand that the person played or discarded later showed this face.
    faces = {e["id"]: (e["colour"], e["rank"]) for e in final_log if e["type"] in ("play", "discard") and e["seat"] == 0}
    for card in hand:
        if card["id"] in faces:
            assert faces[card["id"]] == (card["colour"], card["rank"])
    # Every card once: the revealed hand, the others' hands, the discards, the fireworks and the deck.
    cards = Counter((c["colour"], c["rank"]) for c in hand)
    cards.update((c["colour"], c["rank"]) for h in view["hands"][1:] for c in h)
    cards.update((c["colour"], c["rank"]) for c in view["discards"])
    cards.update((colour, rank) for colour, top in view["stacks"].items() for rank in range(1, top + 1))
    cards.update((card_dict(ident)["colour"], card_dict(ident)["rank"]) for ident in s.deck[s.drawn:])
    assert cards == Counter((card_dict(i)["colour"], card_dict(i)["rank"]) for i in HB_DECK)


def round_moves(history: list, movers: list[int], rounds: list, move: int) -> tuple[list, list]:
    """The moves of the round `move` stands in, as (mover, action): those made before it and
    those after, up to the move that ended the round (made with its cards)."""
    pairs = list(zip(movers, history))
    start = move
    while start > 0 and rounds[start - 1] == rounds[move]:
        start -= 1
    end = move
    while end < len(history) and rounds[end] == rounds[move]:
        end += 1
    return pairs[start:move], pairs[move:end]


def rounds_of(game: str, options: dict, seed: int, history: list) -> list:
    """The round each position stands in (after 0, 1, ... moves; None in Hanabi, a game of one round)."""
    g = pygame_core.new_game(game, seed=seed, options=options)
    out = [getattr(g.state, "round", None)]
    for action in history:
        g.apply(action)
        out.append(getattr(g.state, "round", None))
    return out


@pytest.mark.parametrize("game, options, seats", TABLES, ids=[f"{g}-{len(s)}-{s.index('human')}" for g, _, s in TABLES])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_replay_of_a_finished_game_reveals_exactly_the_hidden_cards(game, options, seats, seed):
    sid, (person,) = play(game, options, seats, seed)
    final = data({"cmd": "view", "session": sid, "seat": person})
    total = final["move"]
    save = data({"cmd": "save", "session": sid})["save"]
    movers = position(sid, total, person).movers
    rounds = rounds_of(game, options, seed, save["actions"])
    rng = random.Random(seed % 7919)
    for move in moves_to_check(total, rng):
        step = data({"cmd": "replay", "session": sid, "move": move, "seat": person})
        assert "revealed" in step, step.keys()
        past = position(sid, move, person)
        view, shown = step["observation"], step["revealed"]
        assert view == {k: v for k, v in past.observation(person).items() if k != "legal_actions"}
        earlier, later = round_moves(save["actions"], movers, rounds, move)
        if game == "hanamikoji":
            check_hanamikoji(past, person, view, shown, earlier, later)
        elif game == "koikoi":
            check_koikoi(past, person, view, shown, later)
        else:
            check_hanabi(past, person, view, shown, later, final["observation"]["log"])


def test_hanamikoji_reveals_the_secret_and_trade_off_while_they_lie_face_down():
    """Not an empty check: somewhere in these games the opponent's secret and trade-off are out."""
    seen = Counter()
    for seed in SEEDS[:3]:
        sid, (person,) = play("hanamikoji", {}, ["human", "easy"], seed)
        total = data({"cmd": "view", "session": sid})["move"]
        for move in range(total + 1):
            shown = data({"cmd": "replay", "session": sid, "move": move})["revealed"]["opponent"]
            seen["secret"] += shown["secret"] is not None
            seen["tradeoff"] += len(shown["tradeoff"]) == 2
            seen["hand"] += len(shown["hand"]) > 0
    assert seen["secret"] > 5 and seen["tradeoff"] > 5 and seen["hand"] > 20, seen


@pytest.mark.parametrize("game, options, seats", [TABLES[1], TABLES[2], TABLES[5]], ids=["hanamikoji", "koikoi", "hanabi"])
def test_the_review_after_the_end_reveals_what_the_replay_does(game, options, seats):
    seed = SEEDS[2]
    sid, (person,) = play(game, options, seats, seed)
    decisions = data({"cmd": "replay", "session": sid, "move": 0, "seat": person})["decisions"]
    for move in random.Random(seed).sample(decisions, 3):
        review = data({"cmd": "review", "session": sid, "move": move, "seat": person})
        step = data({"cmd": "replay", "session": sid, "move": move, "seat": person})
        assert review["revealed"] == step["revealed"]
        assert review["observation"] == step["observation"]


@pytest.mark.parametrize("game, options, seats", [TABLES[0], TABLES[3], TABLES[4], TABLES[7]],
                         ids=["hanamikoji", "koikoi", "hanabi-2", "hanabi-5"])
def test_a_running_game_reveals_nothing(game, options, seats):
    """Its replay is refused; its review judges a decision and shows the observation alone."""
    seed = SEEDS[3]
    sid, (person,) = play(game, options, seats, seed, stop=14)
    running = data({"cmd": "view", "session": sid, "seat": person})
    assert not running["is_over"]
    reply = ask({"cmd": "replay", "session": sid, "move": 2, "seat": person})
    assert not reply["ok"] and reply["error"]["code"] == "not_over"
    decisions = [m for m, seat in enumerate(position(sid, running["move"], person).movers) if seat == person]
    assert decisions
    for move in decisions[:3]:
        review = data({"cmd": "review", "session": sid, "move": move, "seat": person})
        assert not has_key(review, "revealed")
        past = position(sid, move, person)
        assert review["observation"] == {k: v for k, v in past.observation(person).items() if k != "legal_actions"}
    assert not has_key(data({"cmd": "view", "session": sid, "seat": person}), "revealed")


@pytest.mark.parametrize("game, options, seats", [
    ("hanamikoji", {}, ["human", "human"]),
    ("koikoi", {"rounds": 3}, ["human", "human"]),
    ("hanabi", {"players": 3}, ["human", "easy", "human"]),
], ids=["hanamikoji", "koikoi", "hanabi"])
def test_at_a_table_of_people_each_replay_shows_the_hands_once_over(game, options, seats):
    seed = SEEDS[4]
    sid, people = play(game, options, seats, seed)
    total = data({"cmd": "view", "session": sid, "seat": people[0]})["move"]
    for move in (0, total // 2, total):
        past = position(sid, move, people[0])
        for seat in people:
            shown = data({"cmd": "replay", "session": sid, "move": move, "seat": seat})["revealed"]
            if game == "hanabi":
                assert shown["hand"] == [{"id": c.id, **card_dict(c.ident)} for c in past.state.hands[seat]]
            elif game == "koikoi":
                assert shown["opponent"]["hand"] == cards_in(past.state.hands[1 - seat])
            else:
                assert Counter(shown["opponent"]["hand"]) == Counter(
                    {g: n for g, n in enumerate(past.state.hands[1 - seat]) if n})
    if game != "hanabi":  # the two people see each other's hands: together, both hands
        a = data({"cmd": "replay", "session": sid, "move": 0, "seat": 0})
        b = data({"cmd": "replay", "session": sid, "move": 0, "seat": 1})
        assert a["revealed"]["opponent"]["hand"] == b["observation"]["hand"]
        assert b["revealed"]["opponent"]["hand"] == a["observation"]["hand"]


def test_a_game_with_nothing_hidden_reveals_nothing():
    sid, (person,) = play("nim", {}, ["human", "easy"], SEEDS[1])
    step = data({"cmd": "replay", "session": sid, "move": 0})
    assert "revealed" not in step and pygame_core.new_game("nim", seed=1).revealed(0) is None
