"""Property tests over random legal Hanabi games: conservation, illegal input,
saves, determinism, and that no one's own cards or the deck reach their view."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_core
from pygame_core.errors import IllegalActionError
from pygame_core.hanabi.cards import card_dict
from pygame_core.hanabi.game import Hanabi

SETTINGS = settings(max_examples=25, deadline=None)
seeds = st.integers(min_value=0, max_value=2**53 - 1)  # the page deals anywhere in this range
counts = st.integers(min_value=2, max_value=5)


def random_game(seed: int, players: int, stop: float = 1.0) -> Hanabi:
    """A game played at random (plays rarer than clues and discards), cut at a share of its moves."""
    rng = random.Random(seed)
    g = pygame_core.new_game("hanabi", seed=seed, options={"players": players})
    moves = []
    while not g.is_over:
        legal = g.legal_actions()
        safe = [a for a in legal if a["type"] != "play"]
        a = rng.choice(legal if rng.random() < 0.15 or not safe else safe)
        moves.append(a)
        g.apply(a)
    g2 = pygame_core.new_game("hanabi", seed=seed, options={"players": players})
    for a in moves[: int(len(moves) * stop)]:
        g2.apply(a)
    return g2


def snapshot(g: Hanabi) -> str:
    return json.dumps([g.to_json()] + [g.observation(p) for p in range(g.num_players)], sort_keys=True)


@SETTINGS
@given(seeds, counts)
def test_fifty_cards_are_always_accounted_for(seed, players):
    g = pygame_core.new_game("hanabi", seed=seed, options={"players": players})
    rng = random.Random(seed)
    while True:
        assert g.state.card_total() == 50
        for viewer in range(players):
            v = g.observation(viewer)
            assert sum(len(h) for h in v["hands"]) + v["deck"] + sum(v["stacks"].values()) + len(v["discards"]) == 50
            assert 0 <= v["clues"] <= 8 and 0 <= v["strikes"] <= 3
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    r = g.result()
    assert r["over"] and r["reason"] in ("strikes", "final_round", "perfect")
    assert r["scores"] == [r["scores"][0]] * players and r["winner"] is None


@SETTINGS
@given(seeds, counts, st.floats(0, 1), st.randoms(use_true_random=False))
def test_illegal_action_raises_and_changes_nothing(seed, players, stop, rnd):
    g = random_game(seed, players, stop)
    before = snapshot(g)
    keys = {json.dumps(a, sort_keys=True) for a in g.legal_actions()}
    size = len(g.state.hands[g.state.to_move]) if not g.is_over else 5
    candidates = [
        {"type": "play", "slot": size},
        {"type": "discard", "slot": rnd.choice([-1, size, 0])},
        {"type": "clue", "target": rnd.choice([0, players]), "rank": 1},
        {"type": "clue", "target": 1, "rank": rnd.choice([0, 6, 1, 5])},
        {"type": "clue", "target": 1, "colour": rnd.choice(["red", "pink", "blue"])},
        {"type": "clue", "target": 1, "colour": "red", "slot": 0},
        {"type": "play", "slot": float("nan")},
        [0],
    ]
    for bad in candidates:
        if json.dumps(bad, sort_keys=True) in keys:
            continue
        try:
            g.apply(bad)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
        assert snapshot(g) == before


@SETTINGS
@given(seeds, counts, st.floats(0, 1))
def test_save_round_trip_and_determinism(seed, players, stop):
    g = random_game(seed, players, stop)
    save = g.to_json()
    for loaded in (Hanabi.from_json(save), pygame_core.load_game(json.dumps(save))):
        assert snapshot(loaded) == snapshot(g)
        assert loaded.legal_actions() == g.legal_actions()
    assert snapshot(random_game(seed, players, stop)) == snapshot(g)


def scramble_own(g: Hanabi, viewer: int, rng: random.Random) -> Hanabi:
    """A copy of `g` in which the viewer's own cards and the deck still to come
    are dealt anew among each other (clue knowledge kept as it is), and the
    private log entries of those cards are rewritten to match."""
    h = copy.deepcopy(g)
    s = h.state
    own = s.hands[viewer]
    pool = [c.ident for c in own] + s.deck[s.drawn:]
    rng.shuffle(pool)
    for card, ident in zip(own, pool):
        card.ident = ident
    s.deck = s.deck[: s.drawn] + pool[len(own):]
    new_ident = {c.id: c.ident for c in own}
    h.log = [(pub, hid, card_dict(new_ident[pub["id"]]) if pub.get("id") in new_ident and hid == viewer else extra)
             for pub, hid, extra in h.log]
    return h


@SETTINGS
@given(seeds, counts, st.floats(0, 1), st.integers(0, 4))
def test_own_cards_and_the_deck_never_reach_a_view(seed, players, stop, viewer):
    viewer %= players
    g = random_game(seed, players, stop)
    text = json.dumps(g.observation(viewer), sort_keys=True)
    rng = random.Random(seed)
    for _ in range(3):
        assert json.dumps(scramble_own(g, viewer, rng).observation(viewer), sort_keys=True) == text
    view = g.observation(viewer)
    assert all(c["colour"] is None and c["rank"] is None for c in view["hands"][0])
    own_ids = {c["id"] for c in view["hands"][0]}
    for entry in view["log"]:
        if entry["type"] in ("deal", "draw") and entry["seat"] == 0:
            assert set(entry) == {"type", "seat", "id"}
        if entry.get("id") in own_ids:
            assert "colour" not in entry


@settings(max_examples=15, deadline=None)
@given(seeds, counts, st.floats(0, 0.95), st.sampled_from(["easy", "normal", "hard"]))
def test_bot_choice_depends_only_on_the_observation(seed, players, stop, level):
    g = random_game(seed, players, stop)
    if g.is_over:
        return
    seat = g.current_player
    other = scramble_own(g, seat, random.Random(seed + 1))
    view_a, view_b = g.observation(seat), other.observation(seat)
    assert view_a == view_b
    a = pygame_core.new_bot("hanabi", level=level, seed=seed).choose(view_a)
    b = pygame_core.new_bot("hanabi", level=level, seed=seed).choose(view_b)
    assert a == b and a in view_a["legal_actions"]
