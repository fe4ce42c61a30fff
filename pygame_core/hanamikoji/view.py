"""What one player sees of a Hanamikoji game, and a world rebuilt from it.

`observation` is the only way state leaves the engine, so it is where secrets
are stripped: the opponent's hand, the removed card and the draw pile appear
only as sizes; the opponent's secret stays hidden until scoring and their
trade-off forever. Seats are counted from the viewer (0 = viewer, 1 = the
opponent), also inside the log and the scoring records.

`world_from_observation` is the inverse the AI needs: it deals the cards the
viewer cannot see at random (consistent with everything visible) and returns
a full `State` in the viewer's seat numbering, ready to be played out.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..protocol import Observation, Table
from .cards import ACTION_TYPES, FULL_DECK, NUM_GEISHAS, counts_of, geisha_table
from .rules import OVER, State

SEAT_KEYS = ("seat", "start", "winner", "by")  # log fields holding one seat
PAIR_KEYS = ("secrets", "items", "charm", "geishas")  # log fields holding one value per seat
GEISHA_SEAT_KEYS = ("majority", "favour")  # log fields holding a seat per geisha


def _relative(record: dict[str, Any], viewer: int) -> dict[str, Any]:
    """A log entry or scoring record with every seat number counted from `viewer`
    (a deep copy, so a caller that edits its view cannot reach into the game)."""
    out = copy.deepcopy(record)
    for key in SEAT_KEYS:
        if key in out and out[key] is not None:
            out[key] ^= viewer
    for key in PAIR_KEYS:
        if key in out and viewer:
            out[key] = [out[key][1], out[key][0]]
    for key in GEISHA_SEAT_KEYS:
        if key in out:
            out[key] = [None if s is None else s ^ viewer for s in out[key]]
    return out


def observation(game: Table[State], viewer: int) -> Observation:
    """Everything `viewer` may know, as a JSON-able dict (see seeds/hanamikoji.md, "View")."""
    s = game.state
    over = s.phase == OVER
    charm, geishas = s.totals()
    players = []
    for rel in (0, 1):
        seat = viewer ^ rel
        mine = rel == 0
        placed_secret = s.secrets[seat] is not None and not over
        players.append({
            "hand_size": sum(s.hands[seat]),
            "items": s.items[seat][:],
            "used": {kind: s.used[seat][i] for i, kind in enumerate(ACTION_TYPES)},
            "secret": s.secrets[seat] if mine and placed_secret else None,
            "tradeoff": list(s.tradeoffs[seat]) if mine else [],
            "tradeoff_count": len(s.tradeoffs[seat]),
            "charm": charm[seat],
            "geishas": geishas[seat],
        })
    offer = None
    if s.offer is not None:
        offer = copy.deepcopy(s.offer)
        offer["by"] ^= viewer
    log = []
    for public, owner, private in game.log:
        entry = _relative(public, viewer)
        if private is not None and owner == viewer:
            entry.update(copy.deepcopy(private))
        log.append(entry)
    scorings = [_relative(r, viewer) for r in s.scorings]
    decider = s.decider
    view: Observation = {
        "game": game.name,
        "move": game.move_number,
        "round": s.round,
        "round_limit": s.round_limit,
        "phase": s.phase,
        "to_move": None if decider is None else decider ^ viewer,
        "turn_of": None if over else s.to_move ^ viewer,
        "start_player": s.start ^ viewer,
        "geishas": [
            {**g, "favour": None if s.favour[i] is None else s.favour[i] ^ viewer}
            for i, g in enumerate(geisha_table())
        ],
        "hand": [g for g in range(NUM_GEISHAS) for _ in range(s.hands[viewer][g])],
        "players": players,
        "draw_pile": len(s.draw),
        "removed": 1,  # face down all round, never revealed
        "offer": offer,
        "scorings": scorings,
        "last_scoring": scorings[-1] if scorings else None,
        "log": log,
        "over": over,
    }
    if over:
        result = game.result()
        view["result"] = {
            **result,
            "winner": None if result["winner"] is None else result["winner"] ^ viewer,
            "scores": _rotate(result["scores"], viewer),
            "geishas": _rotate(result["geishas"], viewer),
            "ranking_points": _rotate(result["ranking_points"], viewer),
        }
    elif decider == viewer:
        view["legal_actions"] = game.legal_actions()
    return view


def _rotate(pair: list[Any], viewer: int) -> list[Any]:
    return [pair[1], pair[0]] if viewer else list(pair)


def known_cards(view: Observation) -> list[int]:
    """Counts per geisha of every card the viewer can see or remembers this round."""
    known = counts_of(view["hand"])
    me, opp = view["players"]
    for g in range(NUM_GEISHAS):
        known[g] += me["items"][g] + opp["items"][g]
    for g in me["tradeoff"]:
        known[g] += 1
    if me["secret"] is not None:
        known[me["secret"]] += 1
    offer = view["offer"]
    if offer is not None:
        cards = offer["cards"] if offer["type"] == "gift" else offer["pairs"][0] + offer["pairs"][1]
        for g in cards:
            known[g] += 1
    return known


def unseen_cards(view: Observation) -> list[int]:
    """The cards the viewer cannot see, as a sorted list of geisha indices."""
    known = known_cards(view)
    full = counts_of(FULL_DECK)
    return [g for g in range(NUM_GEISHAS) for _ in range(full[g] - known[g])]


def world_from_observation(view: Observation, rng: random.Random) -> State:
    """A full position consistent with `view`, hidden cards dealt at random by `rng`.

    The world uses the viewer's seat numbering (the viewer is seat 0) and `rng`
    also shuffles any later round, so a playout needs nothing else.
    """
    if view["over"]:
        raise ValueError("the game is over: there is no world to sample")
    me, opp = view["players"]
    hidden = unseen_cards(view)
    rng.shuffle(hidden)
    s = State(rng, view["round_limit"], None, None, deal=False)
    s.round = view["round"]
    s.start = view["start_player"]
    s.to_move = view["turn_of"]
    s.phase = view["phase"]
    s.favour = [g["favour"] for g in view["geishas"]]
    s.items = [me["items"][:], opp["items"][:]]
    s.used = [[me["used"][k] for k in ACTION_TYPES], [opp["used"][k] for k in ACTION_TYPES]]
    s.offer = view["offer"]
    s.scorings = []
    pos = 0
    opp_hand = hidden[pos:pos + opp["hand_size"]]
    pos += opp["hand_size"]
    opp_secret = None
    if opp["used"]["secret"]:
        opp_secret = hidden[pos]
        pos += 1
    opp_tradeoff = sorted(hidden[pos:pos + opp["tradeoff_count"]])
    pos += opp["tradeoff_count"]
    s.removed = hidden[pos]
    pos += 1
    s.draw = hidden[pos:]
    if len(s.draw) != view["draw_pile"]:
        raise ValueError("observation is inconsistent: hidden cards do not fill the hidden zones")
    s.hands = [counts_of(view["hand"]), counts_of(opp_hand)]
    s.secrets = [me["secret"], opp_secret]
    s.tradeoffs = [list(me["tradeoff"]), opp_tradeoff]
    return s
