"""The clue preview: how the bots will read each clue the player could give.

Hanabi is played with the bots as teammates, so before giving a clue a player
may see how it will be taken: the very reading the bots use (conventions.py),
applied from the player's own view. The page shows it beside each clue; the
bridge sends it with the view when the player is to move (`HanabiBot.preview`).
"""

from __future__ import annotations

from typing import Any

from ..protocol import Observation
from .cards import COLOURS, card_dict
from .convention_bot import ConventionBot
from .conventions import Tracker
from .perspective import Perspective, value_dict


def preview_clues(observation: Observation) -> list[dict[str, Any]]:
    """How each clue the player may give now will be read, by the same code the
    bots read clues with (conventions.py), and what follows from it.

    `observation` is the player's own view: it is all this uses, and the cards
    it names are teammates' cards, which the player sees. One entry per legal
    clue, in the order of the legal actions: the clue's target and value, the
    slot of the card the clue is about ("focus", or None), how the receiver
    reads it ("play": play it now; "delayed": play it once a touched card
    before it is played; "save": keep it; "info": nothing to do), that card,
    and a warning when the reading goes wrong:

    - "strike": the receiver will play a card that does not fit;
    - "misread": a touched card will be taken for something it is not;
    - "useless": it touches a card nobody needs (it will hold a slot);
    - "lost": the clue saves nothing, and the receiver, with nothing to play,
      will discard the chop, a card that must not be lost ("chop": that card).
    """
    legal = [a for a in observation.get("legal_actions") or [] if a.get("type") == "clue"]
    if not legal:
        return []
    bot = ConventionBot("normal", seed=0)
    t = Tracker.from_view(observation)
    p = Perspective(observation, t)
    out = []
    for action in legal:
        seat = action["target"]
        value = ("colour", COLOURS.index(action["colour"])) if "colour" in action else ("rank", action["rank"])
        hand, ids = p.hands[seat], p.ids[seat]
        touched = [cid for cid, hit in zip(ids, t.touched_by(hand, value)) if hit]
        reading = t.read_clue(seat, touched, value)
        entry: dict[str, Any] = {"target": seat, **value_dict(value), "focus": None, "reading": "info", "warn": None}
        after = p.teammate_masks(seat, reading.notes)
        if reading.focus is not None:
            slot = ids.index(reading.focus)
            ident = hand[slot]
            entry["focus"], entry["card"] = slot, card_dict(ident)
            if reading.kind in ("play", "tempo"):
                entry["reading"] = "play" if after[slot] and not after[slot] & ~p.playable else "delayed"
                if not t.reachable_after(reading.notes, reading.focus) >> ident & 1:
                    entry["warn"] = "strike"
            elif reading.kind == "save":
                entry["reading"] = "save"
        if entry["warn"] is None:
            seen: set[int] = set()
            for cid in touched:
                ident = hand[ids.index(cid)]
                twice = ident in seen  # two copies touched by the one clue: one of them is wasted
                seen.add(ident)
                if not t.notes[cid].clued and (p.trash >> ident & 1 or p.clued_elsewhere(ident, cid) or twice):
                    entry["warn"] = "useless"
                    break
                if not reading.notes[cid].conv >> ident & 1:
                    entry["warn"] = "misread"
                    break
        if entry["warn"] is None:
            chop = t.chop(seat)
            if chop is not None and chop not in touched and not reading.notes[chop].clued:
                ident = hand[ids.index(chop)]
                nothing_to_play = not any(m and not m & ~p.playable for m in after)
                if nothing_to_play and bot.needs_save(p, seat, chop, ident):
                    entry["warn"], entry["chop"] = "lost", card_dict(ident)
        out.append(entry)
    return out
