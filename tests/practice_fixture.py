"""A small practice file for the practice page's tests (issue 41), in the shipped form
(web/practice/<game>.json, train/practice.py) but made here, so the page's tests do not
depend on the shipped data: each a decision of a game between easy bots dealt from a seed
anywhere in 0..2**53-1, opened for the deciding seat, with the coach's assessment and reason
(coach.assess, coach.why) as the hint gives them. Not filtered by a margin (the data maker's
job): the page only compares a choice with the answer. Served to the page by a Playwright
route; never written under web/practice/.

Also the way a player makes any one action through each board's UI (`click_action`).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pygame_core
from pygame_core import coach

MAX_SEED = 2**53 - 1


def _position(game: str, rng: random.Random, options: dict) -> dict | None:
    g = pygame_core.new_game(game, seed=rng.randrange(MAX_SEED + 1), options=options)
    bots = [pygame_core.new_bot(game, level="easy", seed=rng.randrange(MAX_SEED + 1)) for _ in range(g.num_players)]
    for _ in range(rng.randrange(1, 24)):
        seat = g.current_player
        g.apply(bots[seat].choose(g.observation(seat)))
        if g.is_over:
            return None
    seat = g.current_player
    observation = g.observation(seat)
    if len(observation["legal_actions"]) < 2:
        return None
    assessment = coach.assess(game, observation, seed=rng.randrange(MAX_SEED + 1))
    answer = assessment["values"][0]["action"]
    # How often an easy bot (three seeds) chooses otherwise: the fixture's difficulty.
    misses = sum(pygame_core.new_bot(game, level="easy", seed=s).choose(observation) != answer for s in (1, 2, 3))
    save = g.to_json()
    return {
        "id": "fx-" + hashlib.sha256(json.dumps([save, seat], sort_keys=True).encode()).hexdigest()[:8],
        "kind": answer["type"],
        "save": save,
        "seat": seat,
        "answer": answer,
        "values": assessment["values"][:4],
        "unit": assessment["unit"],
        "why": coach._coach(game).why(observation, answer),
        "difficulty": round(misses / 3, 3),
    }


def practice_file(game: str, count: int = 5, seed: int | None = None) -> dict:
    """A practice file of `count` positions of `game`, easiest first, with its checksum."""
    rng = random.Random(seed)
    positions: list[dict] = []
    while len(positions) < count:
        options = {"players": rng.choice([2, 3, 4, 5])} if game == "hanabi" else {}
        p = _position(game, rng, options)
        if p and all(p["id"] != q["id"] for q in positions):
            positions.append(p)
    positions.sort(key=lambda p: (p["difficulty"], p["id"]))
    body = json.dumps(positions, sort_keys=True, separators=(",", ":"))
    return {"format": 1, "game": game,
            "meta": {"script": "tests/practice_fixture.py", "count": count, "seed": seed,
                     "sha256": hashlib.sha256(body.encode()).hexdigest()},
            "positions": positions}


def observation_of(position: dict) -> dict:
    """What the position's seat sees (the page's board draws the same)."""
    game = pygame_core.load_game(position["save"])
    return game.observation(position["seat"])


def _pairings(cards: list[int]) -> list[list[list[int]]]:
    """A competition's pairings of four cards in the order the Hanamikoji board lists them
    (web/games/hanamikoji/choice.js pairings)."""
    a, b, c, d = sorted(cards)
    out: list[list[list[int]]] = []
    for pairs in ([[a, b], [c, d]], [[a, c], [b, d]], [[a, d], [b, c]]):
        norm = sorted(sorted(p) for p in pairs)
        if norm not in out:
            out.append(norm)
    return out


def _hanamikoji(page, action: dict, legal: list[dict]) -> None:
    kind = action["type"]
    if kind == "pick_gift":
        page.click(f'.hk-offer-card[data-pick="{action["card"]}"]')
        return
    if kind == "pick_pair":
        page.click(f'.hk-offer-pair[data-pick="{action["pair"]}"]')
        return
    cards = [c for pair in action["pairs"] for c in pair] if kind == "competition" else list(action["cards"])
    hand = page.locator(".hk-you .hk-card")
    used: set[int] = set()
    for geisha in cards:
        i = next(i for i in range(hand.count()) if i not in used and hand.nth(i).get_attribute("data-geisha") == str(geisha))
        used.add(i)
        hand.nth(i).click()
    page.click(f'.hk-you .hk-marker[data-action="{kind}"]')
    if kind == "competition" and page.locator(".hk-pairing").count():
        offered = [p for p in _pairings(cards) if {"type": "competition", "pairs": p} in legal]
        wanted = sorted(sorted(p) for p in action["pairs"])
        page.click(f'.hk-pairing button[data-pairing="{offered.index(wanted)}"]')


def _koikoi_pick(page, card: int) -> None:
    """Take table card `card` in the choice strip (its table card, pulsing, has the same key)."""
    key = page.get_attribute(f'.kk-field .kk-pick:has(.kk-face[data-card="{card}"])', "data-choice")
    page.click(f'.kk-choice button[data-choice="{key}"]')


def _koikoi(page, action: dict, legal: list[dict]) -> None:
    kind = action["type"]
    if kind in ("koikoi", "shobu"):
        page.click(f"#kk-{kind}")
    elif kind == "take":
        _koikoi_pick(page, action["card"])
    else:
        page.click(f'.kk-you .kk-hand-card[data-card="{action["card"]}"]')
        if action.get("take") is not None and page.get_attribute(".kk", "data-phase") == "choose":
            _koikoi_pick(page, action["take"])


def _hanabi(page, action: dict, legal: list[dict]) -> None:
    kind = action["type"]
    if kind in ("play", "discard"):
        page.click(f'.hb-own-card[data-slot="{action["slot"]}"]')
        page.click(f"#hb-{kind}")
        return
    page.click(f'.hb-mate[data-seat="{action["target"]}"] .hb-clue-button')
    which = f'[data-colour="{action["colour"]}"]' if action.get("colour") is not None else f'[data-rank="{action["rank"]}"]'
    page.click(f".hb-clue-choice{which}")


CLICKS = {"hanamikoji": _hanamikoji, "koikoi": _koikoi, "hanabi": _hanabi}


def click_action(page, game: str, action: dict, legal: list[dict]) -> None:
    """Make `action` through the board's UI, as a player would (`legal`: the seat's legal actions)."""
    CLICKS[game](page, action, legal)


def other_action(game: str, position: dict) -> dict[str, Any]:
    """A legal action of the position's seat that is not its answer (a wrong choice)."""
    legal = observation_of(position)["legal_actions"]
    return next(a for a in legal if a != position["answer"])
