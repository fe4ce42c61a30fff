"""Property tests over random legal Hanamikoji games: conservation, illegal input,
saves, determinism and, above all, that no hidden card reaches a view."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_core
from pygame_core.errors import IllegalActionError
from pygame_core.hanamikoji.cards import NUM_GEISHAS, counts_of
from pygame_core.hanamikoji.game import Hanamikoji

SETTINGS = settings(max_examples=30, deadline=None)
seeds = st.integers(min_value=0, max_value=2**53 - 1)  # the page deals anywhere in this range
limits = st.sampled_from([3, None, 1])


def random_game(seed: int, limit, stop: float = 1.0):
    """A game played at random by the seed, stopped after a share `stop` of its moves."""
    g = pygame_core.new_game("hanamikoji", seed=seed, options={"round_limit": limit})
    rng = random.Random(seed)
    moves = []
    while not g.is_over:
        a = rng.choice(g.legal_actions())
        moves.append(a)
        g.apply(a)
    cut = int(len(moves) * stop)
    g2 = pygame_core.new_game("hanamikoji", seed=seed, options={"round_limit": limit})
    for a in moves[:cut]:
        g2.apply(a)
    return g2, moves


def snapshot(g: Hanamikoji) -> tuple:
    return (json.dumps(g.to_json()), json.dumps(g.observation(0)), json.dumps(g.observation(1)))


@SETTINGS
@given(seeds, limits)
def test_no_card_created_or_lost_and_views_count_to_21(seed, limit):
    g = pygame_core.new_game("hanamikoji", seed=seed, options={"round_limit": limit})
    rng = random.Random(seed)
    while True:
        assert g.state.card_total() == 21
        for viewer in (0, 1):
            v = g.observation(viewer)
            me, opp = v["players"]
            seen = len(v["hand"]) + sum(me["items"]) + sum(opp["items"]) + len(me["tradeoff"])
            seen += (me["secret"] is not None) + (0 if v["offer"] is None else
                                                  len(v["offer"].get("cards", [])) + 4 * ("pairs" in v["offer"]))
            hidden = opp["hand_size"] + opp["tradeoff_count"] + v["draw_pile"] + v["removed"]
            hidden += opp["used"]["secret"] and not v["over"]  # revealed into items at scoring
            assert seen + hidden == 21
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    r = g.result()
    assert r["over"] and len(r["scores"]) == 2 and r["reason"]
    if limit is not None:
        assert len(g.state.scorings) <= limit


@SETTINGS
@given(seeds, st.floats(0, 1), st.randoms(use_true_random=False))
def test_illegal_action_raises_and_changes_nothing(seed, stop, rnd):
    g, _ = random_game(seed, 3, stop)
    before = snapshot(g)
    legal = g.legal_actions()
    hand = g.state.hands[g.state.to_move]
    missing = [x for x in range(NUM_GEISHAS) if hand[x] == 0] or [0]
    candidates = [
        {"type": "secret", "cards": [rnd.choice(missing)]},
        {"type": "gift", "cards": [rnd.choice(missing)] * 3},
        {"type": "pick_pair", "pair": 2},
        {"type": "pick_gift", "card": 9},
        {"type": "tradeoff", "cards": [0]},
        {"type": "competition", "pairs": [[0, 1, 2], [3]]},
        {"type": rnd.choice(["secret", "x"]), "cards": "01"},
        [1, 2],
        {"type": "secret", "cards": [float("nan")]},
    ]
    keys = {json.dumps(a, sort_keys=True) for a in legal}
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
@given(seeds, st.floats(0, 1), limits)
def test_save_round_trip_and_determinism(seed, stop, limit):
    g, _ = random_game(seed, limit, stop)
    save = g.to_json()
    for loaded in (Hanamikoji.from_json(save), pygame_core.load_game(json.dumps(save))):
        assert snapshot(loaded) == snapshot(g)
        assert loaded.legal_actions() == g.legal_actions()
    again, _ = random_game(seed, limit, stop)
    assert snapshot(again) == snapshot(g)


@SETTINGS
@given(seeds, st.floats(0, 1))
def test_actions_in_any_order_are_accepted(seed, stop):
    g, _ = random_game(seed, 3, stop)
    if g.is_over:
        return
    action = random.Random(seed).choice(g.legal_actions())
    shuffled = copy.deepcopy(action)
    if "cards" in shuffled:
        shuffled["cards"].reverse()
    if "pairs" in shuffled:
        shuffled["pairs"] = [list(reversed(p)) for p in reversed(shuffled["pairs"])]
    other = copy.deepcopy(g)
    g.apply(action)
    other.apply(shuffled)
    assert snapshot(g) == snapshot(other)


def scramble_hidden(g: Hanamikoji, viewer: int, rng: random.Random) -> Hanamikoji:
    """A copy of `g` in which everything `viewer` may not see is dealt anew:
    the opponent's hand, unrevealed secret and trade-off, the removed card and
    the draw pile are shuffled among each other, and the opponent's private log
    entries are replaced by nonsense."""
    h = copy.deepcopy(g)
    s = h.state
    opp = 1 - viewer
    secret_hidden = s.secrets[opp] is not None and not h.is_over
    pool = [x for x in range(NUM_GEISHAS) for _ in range(s.hands[opp][x])]
    pool += s.tradeoffs[opp] + [s.removed] + s.draw + ([s.secrets[opp]] if secret_hidden else [])
    rng.shuffle(pool)
    k = sum(s.hands[opp])
    s.hands[opp] = counts_of(pool[:k])
    s.tradeoffs[opp] = sorted(pool[k:k + len(s.tradeoffs[opp])])
    k += len(s.tradeoffs[opp])
    s.removed = pool[k]
    s.draw = pool[k + 1:k + 1 + len(s.draw)]
    if secret_hidden:
        s.secrets[opp] = pool[-1]
    h.log = [(pub, owner, {"nonsense": 424242} if owner == opp and priv is not None else priv)
             for pub, owner, priv in h.log]
    return h


@SETTINGS
@given(seeds, st.floats(0, 1), st.integers(0, 1))
def test_no_secret_leaks_views_ignore_hidden_cards(seed, stop, viewer):
    g, _ = random_game(seed, 3, stop)
    rng = random.Random(seed)
    text = json.dumps(g.observation(viewer), sort_keys=True)
    for _ in range(3):
        other = scramble_hidden(g, viewer, rng)
        other_text = json.dumps(other.observation(viewer), sort_keys=True)
        assert other_text == text  # the view is the same whatever the hidden cards are
        assert "424242" not in other_text and "nonsense" not in other_text
    view = g.observation(viewer)
    assert view["players"][1]["tradeoff"] == []
    if not view["over"]:
        assert view["players"][1]["secret"] is None
    for entry in view["log"]:
        if entry.get("seat") == 1 and entry["type"] in ("draw", "deal", "secret", "tradeoff"):
            assert set(entry) <= {"type", "seat", "count"}


@settings(max_examples=12, deadline=None)
@given(seeds, st.floats(0, 0.95), st.sampled_from(["easy", "normal", "hard"]))
def test_bot_choice_depends_only_on_the_observation(seed, stop, level):
    g, _ = random_game(seed, 3, stop)
    if g.is_over:
        return
    seat = g.current_player
    other = scramble_hidden(g, seat, random.Random(seed + 1))
    view_a, view_b = g.observation(seat), other.observation(seat)
    assert view_a == view_b
    a = pygame_core.new_bot("hanamikoji", level=level, seed=seed).choose(view_a)
    b = pygame_core.new_bot("hanamikoji", level=level, seed=seed).choose(view_b)
    assert a == b and a in view_a["legal_actions"]
