"""The hard teammates' look-ahead near the end of the deck (pygame_core/hanabi/search.py):
worlds built from the view alone, bounded work, the same choice whatever the
hidden cards are, and a reason that says when it left the conventional move."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pygame_core
from pygame_core.hanabi.bots import HanabiBot
from pygame_core.hanabi.cards import FULL_DECK
from pygame_core.hanabi.knowledge import clue_identities
from pygame_core.hanabi.perspective import Perspective
from pygame_core.hanabi.search import LookAhead, World, past_turns
from test_hanabi_props import scramble_own


def late_game(seed: int, players: int, deck: int = 4):
    """A game of normal bots stopped at the first turn with `deck` cards or fewer left."""
    g = pygame_core.new_game("hanabi", seed=seed, options={"players": players})
    bots = [pygame_core.new_bot("hanabi", "normal", seed=seed + s) for s in range(players)]
    while not g.is_over and g.state.deck_left > deck:
        seat = g.current_player
        g.apply(bots[seat].choose(g.observation(seat)))
    return None if g.is_over else g


def late_positions(count: int, players: int = 2):
    out, seed = [], 100
    while len(out) < count:
        g = late_game(seed, players)
        seed += 1
        if g is not None:
            out.append(g)
    return out


def test_worlds_keep_what_the_view_shows_and_deal_only_what_it_allows():
    rng = random.Random(3)
    for g in late_positions(4):
        seat = g.current_player
        view = g.observation(seat)
        world = World(view)
        masks = [clue_identities(c) for c in view["hands"][0]]
        for _ in range(20):
            s = world.sample(rng, masks)
            assert s is not None
            assert sorted(s.deck) == sorted(FULL_DECK)  # every card once
            for card, mask in zip(s.hands[0], masks):
                assert mask >> card.ident & 1  # the clues hold
            for rel in range(1, view["players"]):
                assert [c.ident for c in s.hands[rel]] == [c.ident for c in g.state.hands[(seat + rel) % g.num_players]]
            assert s.stacks == g.state.stacks and s.clues == g.state.clues and s.deck_left == g.state.deck_left


@pytest.mark.parametrize("players", [2, 3])
def test_the_look_ahead_choice_depends_only_on_the_observation(players):
    for i, g in enumerate(late_positions(3, players)):
        seat = g.current_player
        other = scramble_own(g, seat, random.Random(i))
        view_a, view_b = g.observation(seat), other.observation(seat)
        assert view_a == view_b
        a = pygame_core.new_bot("hanabi", "hard", seed=i).choose(view_a)
        b = pygame_core.new_bot("hanabi", "hard", seed=i).choose(view_b)
        assert a == b and a in view_a["legal_actions"]


def test_the_look_ahead_stays_within_its_budget():
    for g in late_positions(5):
        view = g.observation(g.current_player)
        bot = HanabiBot("hard", seed=1)
        p = Perspective(view, bot.tracker(view))
        action, _ = bot.convention_move(view, p)
        search = LookAhead(bot, view, p, worlds=1000, margin=0.1, budget=200)
        found = search.run(action)
        if found is None:
            continue
        # The budget is checked between worlds (one world may run over it) and a
        # few worlds are always played. A game lasts at most the deck, a round,
        # and a clue per token.
        per_world = len(search.candidates(action)) * (2 * view["deck"] + view["players"] + 10)
        assert search.steps <= 200 + per_world or search.worlds_used == LookAhead.MIN_WORLDS
        assert LookAhead.MIN_WORLDS <= search.worlds_used < 1000


def test_a_hard_bot_leaves_the_conventions_only_for_a_clear_gain_and_says_so():
    codes = Counter()
    for g in late_positions(6):
        while not g.is_over:
            seat = g.current_player
            view = g.observation(seat)
            bot = pygame_core.new_bot("hanabi", "hard", seed=seat)
            action = bot.choose(view)
            reason = bot.last_reason
            codes[reason["code"]] += 1
            if reason["code"] == "lookahead":
                assert reason["gain"] >= HanabiBot.SEARCH_MARGIN
                assert reason["worlds"] >= LookAhead.MIN_WORLDS
                assert reason["usual"] and reason["usual"] != "lookahead"
                normal = pygame_core.new_bot("hanabi", "hard", seed=seat)
                normal.search = False
                assert normal.choose(view) != action
            g.apply(action)
    assert codes["lookahead"] > 0, codes  # the search does change moves near the end


@pytest.mark.parametrize("players", [2, 4])
def test_the_true_deal_explains_what_conventional_teammates_did(players):
    """A past move rebuilt from the log is the move the conventions give on the
    mover's own view then, so the real cards always fit; many dealt worlds do not."""
    rng = random.Random(5)
    fitted = tested = 0
    for i, g in enumerate(late_positions(3, players)):
        seat = g.current_player
        view = g.observation(seat)
        bot = pygame_core.new_bot("hanabi", "normal", seed=i)
        turns = past_turns(bot, view, 2 * players)
        assert len(turns) == 2 * players
        own = {c.id: c.ident for c in g.state.hands[seat]}
        assert all(t.fits(own) for t in turns)
        p = Perspective(view, bot.tracker(view))
        masks = [m or clue_identities(c) for m, c in zip(p.own, view["hands"][0])]
        world = World(view)
        for _ in range(30):
            s = world.sample(rng, masks)
            tested += 1
            fitted += all(t.fits({c.id: c.ident for c in s.hands[0]}) for t in turns)
    assert fitted < tested  # the test has teeth: some deals contradict what teammates did


def test_explained_worlds_fit_more_of_the_past_than_plain_deals():
    rng = random.Random(9)
    plain = leaned = 0
    for i, g in enumerate(late_positions(4)):
        view = g.observation(g.current_player)
        bot = HanabiBot("hard", seed=i)
        p = Perspective(view, bot.tracker(view))
        search = LookAhead(bot, view, p, worlds=8, margin=0.1, budget=10_000)
        turns = past_turns(bot, view, LookAhead.FIT_MOVES)
        masks = [m or clue_identities(c) for m, c in zip(p.own, view["hands"][0])]
        world = World(view)
        for _ in range(20):
            s = world.sample(rng, masks)
            plain += all(t.fits({c.id: c.ident for c in s.hands[0]}) for t in turns)
            s = search.explained(world.sample(rng, masks), turns, lambda: world.sample(rng, masks))
            for card, mask in zip(s.hands[0], masks):
                assert mask >> card.ident & 1  # still a deal the view allows
            leaned += all(t.fits({c.id: c.ident for c in s.hands[0]}) for t in turns)
    assert leaned > plain
