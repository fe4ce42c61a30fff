"""Property tests over random legal Koi-Koi games: conservation, illegal input,
saves, determinism and, above all, that no hidden card reaches a view."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_core
from pygame_core.errors import IllegalActionError
from pygame_core.koikoi.cards import cards_in, mask_of
from pygame_core.koikoi.game import KoiKoi

SETTINGS = settings(max_examples=25, deadline=None)
seeds = st.integers(min_value=0, max_value=2**53 - 1)  # the page deals anywhere in this range


def random_game(seed: int, stop: float = 1.0, rounds: int = 3) -> KoiKoi:
    """A game played at random by the seed, stopped after a share `stop` of its moves."""
    g = pygame_core.new_game("koikoi", seed=seed, options={"rounds": rounds})
    rng = random.Random(seed)
    moves = []
    while not g.is_over:
        a = rng.choice(g.legal_actions())
        moves.append(a)
        g.apply(a)
    g2 = pygame_core.new_game("koikoi", seed=seed, options={"rounds": rounds})
    for a in moves[: int(len(moves) * stop)]:
        g2.apply(a)
    return g2


def snapshot(g: KoiKoi) -> tuple:
    return (json.dumps(g.to_json()), json.dumps(g.observation(0)), json.dumps(g.observation(1)))


@SETTINGS
@given(seeds)
def test_48_cards_always_accounted_for(seed):
    g = pygame_core.new_game("koikoi", seed=seed)
    rng = random.Random(seed)
    while True:
        assert g.state.card_total() == 48
        for viewer in (0, 1):
            v = g.observation(viewer)
            seen = len(v["hand"]) + len(v["table"])
            seen += sum(len(cards) for p in v["players"] for cards in p["captured"].values())
            seen += v["pending"] is not None and v["pending"]["type"] == "take"
            assert seen + v["players"][1]["hand_size"] + v["stock"] == 48
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    r = g.result()
    assert r["over"] and len(r["rounds"]) == 3 and sum(r["scores"]) == sum(x["points"] for x in r["rounds"])


@SETTINGS
@given(seeds, st.floats(0, 1), st.randoms(use_true_random=False))
def test_illegal_action_raises_and_changes_nothing(seed, stop, rnd):
    g = random_game(seed, stop)
    before = snapshot(g)
    legal = g.legal_actions()
    keys = {json.dumps(a, sort_keys=True) for a in legal}
    candidates = [
        {"type": "play", "card": rnd.randrange(48)},
        {"type": "play", "card": rnd.randrange(48), "take": rnd.randrange(48)},
        {"type": "take", "card": rnd.randrange(48)},
        {"type": "koikoi"},
        {"type": "shobu"},
        {"type": "play", "card": 48},
        {"type": "play", "card": float("nan")},
        {"type": rnd.choice(["play", "x"]), "cards": [1]},
        [1, 2],
    ]
    for bad in candidates:
        try:
            if json.dumps(g.normalize(bad), sort_keys=True) in keys:
                continue
        except Exception:
            pass
        try:
            g.apply(bad)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
        assert snapshot(g) == before


@SETTINGS
@given(seeds, st.floats(0, 1))
def test_save_round_trip_and_determinism(seed, stop):
    g = random_game(seed, stop)
    save = g.to_json()
    for loaded in (KoiKoi.from_json(save), pygame_core.load_game(json.dumps(save))):
        assert snapshot(loaded) == snapshot(g)
        assert loaded.legal_actions() == g.legal_actions()
    assert snapshot(random_game(seed, stop)) == snapshot(g)


def scramble_hidden(g: KoiKoi, viewer: int, rng: random.Random) -> KoiKoi:
    """A copy of `g` in which everything `viewer` may not see is dealt anew: the
    opponent's hand and the stock are shuffled among each other, and the
    opponent's private log entries are replaced by nonsense."""
    h = copy.deepcopy(g)
    s = h.state
    opp = 1 - viewer
    pool = cards_in(s.hands[opp]) + s.stock
    rng.shuffle(pool)
    k = s.hands[opp].bit_count()
    s.hands[opp] = mask_of(pool[:k])
    s.stock = pool[k:]
    h.log = [(pub, owner, {"nonsense": 424242} if owner == opp and priv is not None else priv)
             for pub, owner, priv in h.log]
    return h


@SETTINGS
@given(seeds, st.floats(0, 1), st.integers(0, 1))
def test_no_secret_leaks_views_ignore_hidden_cards(seed, stop, viewer):
    g = random_game(seed, stop)
    rng = random.Random(seed)
    text = json.dumps(g.observation(viewer), sort_keys=True)
    for _ in range(3):
        other = scramble_hidden(g, viewer, rng)
        other_text = json.dumps(other.observation(viewer), sort_keys=True)
        assert other_text == text  # the view is the same whatever the hidden cards are
        assert "424242" not in other_text and "nonsense" not in other_text
    view = g.observation(viewer)
    hidden = set(cards_in(g.state.hands[1 - viewer])) | set(g.state.stock)
    visible = set(view["hand"]) | set(view["table"])
    for p in view["players"]:
        for cards in p["captured"].values():
            visible |= set(cards)
    assert not hidden & visible
    for entry in view["log"]:
        if entry["type"] == "deal" and entry["seat"] == 1:
            assert set(entry) == {"type", "seat", "count"}


@settings(max_examples=12, deadline=None)
@given(seeds, st.floats(0, 0.95), st.sampled_from(["easy", "normal", "hard"]))
def test_bot_choice_depends_only_on_the_observation(seed, stop, level):
    g = random_game(seed, stop)
    if g.is_over:
        return
    seat = g.current_player
    other = scramble_hidden(g, seat, random.Random(seed + 1))
    view_a, view_b = g.observation(seat), other.observation(seat)
    assert view_a == view_b
    a = pygame_core.new_bot("koikoi", level=level, seed=seed).choose(view_a)
    b = pygame_core.new_bot("koikoi", level=level, seed=seed).choose(view_b)
    assert a == b and a in view_a["legal_actions"]
