"""What one player sees of a Koi-Koi game, and a world rebuilt from it.

`observation` is the only way state leaves the engine, so it is where secrets
are stripped: the opponent's hand and the stock appear only as sizes; the
viewer's own hand is listed. Everything played, turned and captured is
public and appears in the log. Seats are counted from the viewer (0 = viewer,
1 = the opponent), also inside the log and the round summaries.

`world_from_observation` is the inverse the AI needs: it deals the cards the
viewer cannot see (opponent's hand and stock) at random and returns a full
`State` in the viewer's seat numbering, ready to be played out.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..protocol import Observation, Table
from .cards import ALL_CARDS, MONTH_MASKS, card_table, cards_in, group_by_kind, mask_of
from .rules import OVER, PLAY, TAKE, State
from .yaku import HouseRules, points, round_points, score_mask, yaku_table

SEAT_KEYS = ("seat", "dealer", "winner")  # log and summary fields holding one seat
PAIR_KEYS = ("koikoi", "scores", "ranking_points", "captured", "captured_yaku")  # fields holding one value per seat


def relative(record: dict[str, Any], viewer: int) -> dict[str, Any]:
    """A log entry or summary with every seat counted from `viewer` (a deep copy,
    so a caller that edits its view cannot reach into the game)."""
    out = copy.deepcopy(record)
    for key in SEAT_KEYS:
        if key in out and out[key] is not None:
            out[key] ^= viewer
    if viewer:
        for key in PAIR_KEYS:
            if key in out:
                out[key] = [out[key][1], out[key][0]]
    return out


def pending(s: State, viewer: int) -> dict[str, Any] | None:
    """The decision waited for, as both players may see it."""
    if s.phase == OVER:
        return None
    seat = s.to_move ^ viewer
    if s.phase == PLAY:
        return {"type": "play", "seat": seat}
    if s.phase == TAKE:
        return {"type": "take", "seat": seat, "card": s.drawn,
                "choices": cards_in(s.table & MONTH_MASKS[s.drawn >> 2])}
    captured = s.captured[s.to_move]
    base = points(captured, s.rules)
    called = s.koikoi[1 - s.to_move] > 0
    multiplier, total = round_points(base, called)
    return {"type": "koikoi", "seat": seat, "yaku": score_mask(captured, s.rules), "points": base,
            "previous": s.koikoi_at[s.to_move] or 0, "seven_plus": base >= 7,
            "opponent_koikoi": called, "multiplier": multiplier, "shobu_points": total}


def observation(game: Table[State], viewer: int) -> Observation:
    """Everything `viewer` may know, as a JSON-able dict (see seeds/koikoi.md, "View")."""
    s = game.state
    over = s.phase == OVER
    players = []
    for rel in (0, 1):
        seat = viewer ^ rel
        captured = s.captured[seat]
        players.append({
            "hand_size": s.hands[seat].bit_count(),
            "captured": group_by_kind(captured),
            "captured_count": captured.bit_count(),
            "yaku": score_mask(captured, s.rules),
            "points": points(captured, s.rules),
            "koikoi": s.koikoi[seat],
            "koikoi_at": s.koikoi_at[seat],
            "score": s.scores[seat],
        })
    log = []
    for public, owner, private in game.log:
        entry = relative(public, viewer)
        if private is not None and owner == viewer:
            entry.update(copy.deepcopy(private))
        log.append(entry)
    summaries = [relative(r, viewer) for r in s.summaries]
    decider = s.decider
    view: Observation = {
        "game": game.name,
        "move": game.move_number,
        "round": s.round,
        "rounds": s.rounds,
        "house_rules": s.rules.as_options(),
        "phase": s.phase,
        "to_move": None if decider is None else decider ^ viewer,
        "turn_of": None if over else s.to_move ^ viewer,
        "dealer": s.dealer ^ viewer,
        "hand": cards_in(s.hands[viewer]),
        "table": cards_in(s.table),
        "stock": len(s.stock),
        "players": players,
        "pending": pending(s, viewer),
        "rounds_played": summaries,
        "last_round": summaries[-1] if summaries else None,
        "log": log,
        "over": over,
        "cards": card_table(),
        "yaku_names": yaku_table(),
    }
    if over:
        result = game.result()
        view["result"] = {
            "winner": None if result["winner"] is None else result["winner"] ^ viewer,
            "scores": _rotate(result["scores"], viewer),
            "ranking_points": _rotate(result["ranking_points"], viewer),
            "over": True,
            "rounds": summaries,
        }
    elif decider == viewer:
        view["legal_actions"] = game.legal_actions()
    return view


def _rotate(pair: list[Any], viewer: int) -> list[Any]:
    return [pair[1], pair[0]] if viewer else list(pair)


def known_mask(view: Observation) -> int:
    """Every card the viewer can see: own hand, table, both captured piles, the turned card."""
    known = mask_of(view["hand"]) | mask_of(view["table"])
    for player in view["players"]:
        for cards in player["captured"].values():
            known |= mask_of(cards)
    pend = view["pending"]
    if pend is not None and pend["type"] == "take":
        known |= 1 << pend["card"]
    return known


def unseen_cards(view: Observation) -> list[int]:
    """Cards the viewer cannot see (the opponent's hand and the stock), ascending."""
    return cards_in(ALL_CARDS & ~known_mask(view))


def world_from_observation(view: Observation, rng: random.Random) -> State:
    """A full position consistent with `view`, hidden cards dealt at random by `rng`.

    The world uses the viewer's seat numbering (the viewer is seat 0), plays
    no further round (`deal_next` is False) and keeps no log.
    """
    if view["over"]:
        raise ValueError("the game is over: there is no world to sample")
    me, opp = view["players"]
    hidden = unseen_cards(view)
    rng.shuffle(hidden)
    if len(hidden) != opp["hand_size"] + view["stock"]:
        raise ValueError("observation is inconsistent: hidden cards do not fill the hidden zones")
    s = State(rng, view["rounds"], view["dealer"], None, None, deal=False,
              rules=HouseRules.from_options(view.get("house_rules") or {}))
    s.deal_next = False
    s.round = view["round"]
    s.to_move = view["turn_of"]
    s.phase = view["phase"]
    s.hands = [mask_of(view["hand"]), mask_of(hidden[:opp["hand_size"]])]
    s.table = mask_of(view["table"])
    s.stock = hidden[opp["hand_size"]:]
    s.captured = [mask_of(c for cards in p["captured"].values() for c in cards) for p in (me, opp)]
    s.koikoi = [me["koikoi"], opp["koikoi"]]
    s.koikoi_at = [me["koikoi_at"], opp["koikoi_at"]]
    s.drawn = view["pending"]["card"] if view["phase"] == TAKE else None
    s.scores = [me["score"], opp["score"]]
    s.summaries = []
    return s

