"""What a Hanabi bot's reason says, and what of it a given player may read.

A bot's decision comes with a structured reason (convention_bot.py), which
the page turns into words. Two things about reasons are shared beyond the bot
that makes them: the clue a played card was given (`clue_basis`, all public),
and the cut that keeps a reason from telling its reader more than their own
view does (`redact_reason`: the bridge shows a player only that form).
"""

from __future__ import annotations

import copy
from typing import Any

from ..protocol import Observation
from .conventions import Tracker

Reason = dict[str, Any]


# What a save clue's own value tells its receiver about the chop card it touched:
# a 5 clue says "a 5", a 2 clue "a 2". Anything else ("critical": the last copy
# of the card) comes from cards the receiver cannot see, so the receiver is told
# only that the clue saves their chop card ("chop").
SAVE_TOLD_BY_RANK = {5: "five", 2: "two"}


def clue_basis(view: Observation, tracker: Tracker, card_id: int) -> Reason | None:
    """The last clue that touched a card, and how the conventions read it, for a
    play's reason: {"by": the giver (seat counted from the bot), "colour" or
    "rank", "slot": where the card was, "as": "play" (a play clue on it),
    "tempo" (a clue on touched cards only, naming it to play), "save" (a save on
    it) or "touch" (touched beside the clue's focus)}. All of it is public: any
    player can check it against the log and the conventions page."""
    clues = [e for e in view["log"] if e["type"] == "clue"]
    if len(clues) != len(tracker.readings):
        return None
    for e, (_giver, _target, reading) in zip(reversed(clues), reversed(tracker.readings)):
        if card_id not in e["ids"]:
            continue
        focus = reading.focus == card_id
        kind = reading.kind if focus and reading.kind in ("play", "tempo", "save") else "touch"
        out: Reason = {"by": e["seat"], "slot": e["slots"][e["ids"].index(card_id)], "as": kind}
        out.update({k: e[k] for k in ("colour", "rank") if k in e})
        return out
    return None


def redact_reason(reason: Reason, target_is_viewer: bool) -> Reason:
    """A reason as a given viewer may read it (a copy).

    A clue to the viewer may say no more than the clue itself and the viewer's
    own view do: the touched card ("card") is dropped, and a save's kind is
    kept only where the clue's rank states it; otherwise it becomes "chop"
    (a save of the chop card, no word on what or why). A clue to anyone else
    names only cards the viewer sees. A play's "card" is the bot's belief about
    its own card, which it may have narrowed by the cards in the viewer's hand
    (and which may even be wrong): it is dropped for every viewer, who sees the
    real card anyway, in the bot's hand and then in the log.
    """
    out = copy.deepcopy(reason)
    code = str(out.get("code", ""))
    if code.startswith("play"):
        out.pop("card", None)
    if not target_is_viewer or not code.startswith("clue"):
        return out
    out.pop("card", None)
    if "save" in out:
        out["save"] = SAVE_TOLD_BY_RANK.get(out.get("rank"), "chop")
    return out

