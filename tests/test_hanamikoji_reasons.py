"""The Hanamikoji AI explains every move, at every level, from its own view only.

Over many seeded games each computer move's reason, as the player is given it
(`reason_for`, through the session as the bridge does), is one `check_reason`
accepts, names only cards the player sees on the table in that move (never a
card the AI placed face down), says what the player can check on the field
after the move, and is the same whatever the AI's hidden cards are.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import pygame_core
from pygame_core.hanamikoji.bots import HanamikojiBot
from pygame_core.hanamikoji.reasons import explain, standing
from pygame_core.session import Session


class QuickSearch(HanamikojiBot):
    """The hard and expert searches with a small budget: their reasons, many games in a quick test."""

    EXPERT_CANDIDATES = 4
    EXPERT_STAGES = EXPERT_STAGES_LEARNED = ((2, 2), (2, 1))
    HARD_CANDIDATES = 4
    HARD_WORLDS = 2


def bot_for(level: str, seed: int) -> HanamikojiBot:
    return QuickSearch(level, seed=seed) if level in ("hard", "expert") else HanamikojiBot(level, seed=seed)


def named_geishas(why: dict) -> set[int]:
    """The geishas a reason names."""
    code = why["code"]
    if code == "gift":
        return {why["expect"]} | ({why["lead"]} if why["lead"] is not None else set())
    if code == "competition":
        return {why["lead"]} if why["lead"] is not None else set()
    if code == "pick_gift":
        return {why["card"]}
    if code == "pick_pair":
        return {why["geisha"]}
    return set()


def check_against_the_table(why: dict, entry: dict, after: dict) -> None:
    """`why` against the player's view: the move's public log `entry` and the view `after` it."""
    code = why["code"]
    assert code == entry["type"] and entry["seat"] == 1
    if after is None:  # the move ended the round: secrets revealed, a new deal; the words were about before
        bot_items = my_items = None
    else:
        bot_items, my_items = after["players"][1]["items"], after["players"][0]["items"]
    if code in ("secret", "tradeoff"):
        assert "cards" not in entry  # the player never sees them, and the reason names none
        assert named_geishas(why) == set()
    elif code == "gift":
        assert why["expect"] in entry["cards"]
        if why["lead"] is not None:
            rest = list(entry["cards"])
            rest.remove(why["expect"])
            assert why["lead"] in rest
    elif code == "competition":
        if why["lead"] is not None:
            assert why["lead"] in entry["pairs"][1 - why["expect"]]
    elif code == "pick_gift":
        g = why["card"]
        assert g == entry["card"]
        assert after is None or standing(bot_items[g], my_items[g], g) == why["standing"]  # as the field shows it
    else:
        g = why["geisha"]
        assert why["pair"] == entry["pair"] and g in entry["cards"]
        assert after is None or standing(bot_items[g], my_items[g], g) == why["standing"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_every_reason_is_checked_and_names_only_what_the_player_sees(level):
    codes = set()
    for seed in range(12 if level in ("easy", "normal") else 4):
        session = Session.seated(pygame_core.new_game("hanamikoji", seed=seed), ["human", level])
        session.bots[1] = bot_for(level, seed)
        me = HanamikojiBot("normal", seed=seed)  # plays the person's seat
        game = session.game
        while not game.is_over:
            if game.current_player == 0:
                session.play(0, me.choose(game.observation(0)))
                continue
            seat, shown, why = session.play_bot(0)
            assert game.check_reason(why) and json.loads(json.dumps(why)) == why
            view = game.observation(0)
            moves = [(i, e) for i, e in enumerate(view["log"]) if e["type"] not in ("round", "deal", "draw", "scoring", "game_over")]
            at, entry = moves[-1]
            scored = any(e["type"] == "scoring" for e in view["log"][at:])  # the field was cleared after it
            check_against_the_table(why, entry, None if scored else view)
            assert session.notes_for(0)[-1]["why"] == why  # kept for the save as shown
            codes.add(why["code"])
    assert codes == {"secret", "tradeoff", "gift", "competition", "pick_gift", "pick_pair"}


def test_a_reason_reads_nothing_the_ai_keeps_face_down():
    """Two views that differ only in the AI's hidden cards (hand, secret, trade-off) give one reason."""
    rng = random.Random(3)
    for seed in range(30):
        game = pygame_core.new_game("hanamikoji", seed=seed)
        bot = HanamikojiBot("normal", seed=seed)
        while not game.is_over:
            view = game.observation(game.current_player)
            action = bot.choose(view)
            other = copy.deepcopy(view)
            other["hand"] = sorted(rng.randrange(7) for _ in view["hand"])
            me = other["players"][0]
            if me["secret"] is not None:
                me["secret"] = rng.randrange(7)
            me["tradeoff"] = sorted(rng.randrange(7) for _ in me["tradeoff"])
            assert explain(other, action) == bot.last_reason == explain(view, action)
            game.apply(action)


def test_check_reason_takes_only_known_codes_fields_and_values():
    game = pygame_core.new_game("hanamikoji", seed=1)
    good = [
        {"code": "secret", "only": False},
        {"code": "tradeoff", "only": True},
        {"code": "gift", "expect": 3, "lead": None, "only": False},
        {"code": "competition", "expect": 1, "lead": 6, "only": False},
        {"code": "pick_gift", "card": 0, "standing": "secure"},
        {"code": "pick_pair", "pair": 0, "geisha": 5, "standing": "behind"},
    ]
    assert all(game.check_reason(why) for why in good)
    bad = [
        None, [], "secret", {}, {"code": "hb.Colour.<img>"}, {"code": "secret"},
        {"code": "secret", "only": 1}, {"code": "secret", "only": False, "card": 3},
        {"code": "gift", "expect": 7, "lead": None, "only": False},
        {"code": "gift", "expect": True, "lead": None, "only": False},
        {"code": "gift", "expect": 2.0, "lead": None, "only": False},
        {"code": "competition", "expect": 2, "lead": None, "only": False},
        {"code": "competition", "expect": 0, "lead": "<b>", "only": False},
        {"code": "pick_gift", "card": 0, "standing": "ahead"},
        {"code": "pick_gift", "card": -1, "standing": "lead"},
        {"code": "pick_pair", "pair": 0, "geisha": 5, "standing": ["lead"]},
        {"code": "pick_pair", "pair": 0, "geisha": {"g": 1}, "standing": "lead"},
    ]
    assert not any(game.check_reason(why) for why in bad)
