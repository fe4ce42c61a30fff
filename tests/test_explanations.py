"""Hanabi: a teammate's explanation never tells the player more than the player may know.

The bridge hands the human every bot reason twice: in the `bot` reply ("why")
and in the view's "notes". The rule checked here: every statement a reason
makes about a card is one the human can work out from their own view. For
cards in other players' hands that is trivial (the human sees them); for the
human's own cards, what the clue and the human's view imply.

The test is a whitelist, so it is sound and strict at once:

* every reason code has a fixed set of fields; an unknown field fails (a
  future field that could name a card must be added here on purpose);
* a reason about a clue must state the clue that the log shows (target,
  colour or rank);
* a clue to the human: "card" may name a touched card only if the human's
  view pins that card to exactly that identity; "save" may say "five", "two"
  or "critical" only if, for some card the clue touched, every identity the
  human's view still allows is a 5, a 2, or the last copy of a card ("chop",
  a save of the chop card, is always allowed: the clue's place says it);
* a clue to someone else: "card" must be one of the cards it touched, as the
  human sees them;
* a play reason names no card: its card would be the bot's belief about its
  own card, which the bot may have narrowed by the human's hidden cards.

"What the human's view allows" for an own card is its clue knowledge (colours
x ranks in the view) less every identity whose copies the human all sees
(teammates' hands, discards, fireworks): exactly what the player can compute.
Numbers in reasons (a gamble's chance, a look-ahead's gain) name no card and
are not checked beyond their type.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from pygame_core import bridge
from pygame_core.hanabi.bots import HanabiBot
from pygame_core.hanabi.cards import COLOURS, COPIES_OF_RANK
from pygame_core.hanabi.reasons import redact_reason

Card = tuple[str, int]

CLUE_CODES = {"clue_play", "clue_save", "clue_info", "clue_stall"}
FIELDS: dict[str, set[str]] = {
    "clue_play": {"code", "target", "colour", "rank", "card", "slot"},
    "clue_save": {"code", "target", "colour", "rank", "card", "save", "slot"},
    "clue_info": {"code", "target", "colour", "rank", "card"},
    "clue_stall": {"code", "target", "colour", "rank", "card", "stall"},
    "play_known": {"code", "slot", "clue"},
    "play_risky": {"code", "slot", "chance"},
    "play_forced": {"code", "slot"},
    "discard_trash": {"code", "slot"},
    "discard_chop": {"code", "slot"},
    "discard_locked": {"code", "slot"},
    "lookahead": {"code", "gain", "worlds", "usual"},
    "other": {"code"},
}
STALLS = {"full", "locked", "after_save", "late"}


def ask(request: dict[str, Any]) -> Any:
    reply = json.loads(bridge.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply["data"]


# ------------------------------------------------------------ what the human can compute
def seen_copies(obs: dict[str, Any]) -> Counter:
    """Every card the human sees outside their own hand, by identity."""
    seen: Counter = Counter()
    for hand in obs["hands"][1:]:
        seen.update((c["colour"], c["rank"]) for c in hand)
    seen.update((c["colour"], c["rank"]) for c in obs["discards"])
    for colour, height in obs["stacks"].items():
        seen.update((colour, r) for r in range(1, height + 1))
    return seen


def allowed(obs: dict[str, Any], slot: int) -> set[Card]:
    """The identities the human's own card in `slot` may still have, by their view."""
    card = obs["hands"][0][slot]
    seen = seen_copies(obs)
    return {(c, r) for c in card["colours"] for r in card["ranks"] if seen[(c, r)] < COPIES_OF_RANK[r]}


def is_last_copy(obs: dict[str, Any], ident: Card) -> bool:
    colour, rank = ident
    gone = sum(1 for c in obs["discards"] if (c["colour"], c["rank"]) == ident)
    return obs["stacks"][colour] < rank and COPIES_OF_RANK[rank] - gone == 1


SAVE_KINDS = {
    "five": lambda obs, ident: ident[1] == 5,
    "two": lambda obs, ident: ident[1] == 2,
    "critical": is_last_copy,
}


def card_of(value: Any) -> Card:
    assert isinstance(value, dict) and set(value) == {"colour", "rank"}, value
    return value["colour"], value["rank"]


# ------------------------------------------------------------ the check
def check_reason(why: dict[str, Any], mover: int, before: dict[str, Any], after: dict[str, Any]) -> str | None:
    """Assert that `why` (a reason of the player `mover` seats after the human)
    says nothing the human cannot compute; return "to_human" for a clue to the
    human, so a caller can count that the case was exercised."""
    code = why.get("code")
    assert code in FIELDS, why
    assert set(why) <= FIELDS[code], f"unexpected field in {why}"
    n = after["players"]
    if code in CLUE_CODES:
        clue = next(e for e in reversed(after["log"]) if e["type"] == "clue")
        assert clue["seat"] == mover and clue["target"] == (mover + why["target"]) % n, (why, clue)
        assert {k: why[k] for k in ("colour", "rank") if k in why} == {
            k: clue[k] for k in ("colour", "rank") if k in clue}, (why, clue)
        assert code != "clue_stall" or why.get("stall") in STALLS, why
        # The card the clue is about (its focus by the conventions): one the clue touched.
        assert "slot" not in why or why["slot"] in clue["slots"], (why, clue)
        if code in ("clue_play", "clue_save") and clue["target"] == 0:
            assert type(why.get("slot")) is int, f"a clue to the human must say which card it is about: {why}"
        if clue["target"] == 0:
            options = [allowed(after, slot) for slot in clue["slots"]]
            if "card" in why:
                assert {card_of(why["card"])} in options, f"names the human's card: {why}"
            kind = why.get("save", "chop")
            if kind != "chop":
                assert kind in SAVE_KINDS, why
                assert any(o and all(SAVE_KINDS[kind](after, i) for i in o) for o in options), (
                    f"a save reason the clue does not imply: {why}, knowledge {options}")
            return "to_human"
        if "card" in why:
            touched = [after["hands"][clue["target"]][s] for s in clue["slots"]]
            assert card_of(why["card"]) in [(c["colour"], c["rank"]) for c in touched], why
        if "save" in why:
            assert why["save"] in SAVE_KINDS, why
        return None
    assert why.get("slot", 0) < len(before["hands"][mover]), why
    if "clue" in why:
        # the clue a play rests on is the last clue on that card, as the log shows it
        basis = why["clue"]
        assert set(basis) <= {"by", "colour", "rank", "slot", "as"} and basis["as"] in (
            "play", "tempo", "save", "touch"), why
        card_id = before["hands"][mover][why["slot"]]["id"]
        clue = next(e for e in reversed(before["log"]) if e["type"] == "clue" and card_id in e["ids"])
        assert clue["seat"] == (mover + basis["by"]) % n and clue["target"] == mover, (why, clue)
        assert basis["slot"] == clue["slots"][clue["ids"].index(card_id)], (why, clue)
        assert {k: basis[k] for k in ("colour", "rank") if k in basis} == {
            k: clue[k] for k in ("colour", "rank") if k in clue}, (why, clue)
    for key in ("slot", "worlds"):
        assert key not in why or type(why[key]) is int, why
    for key in ("chance", "gain"):
        assert key not in why or isinstance(why[key], (int, float)), why
    return None


def play_through_the_bridge(seed: int, players: int, level: str) -> tuple[int, int]:
    """A whole game: the human's moves by a normal bot, each AI reason checked
    against the human's views around its move. Returns (reasons, to the human)."""
    seat = seed % players
    view = ask({"cmd": "new", "game": "hanabi", "seed": seed, "options": {"players": players},
                "human": seat, "level": level})
    me = HanabiBot("normal", seed=seed)
    checked = to_human = 0
    whys = []
    while not view["is_over"]:
        if view["waiting_for"] == "human":
            action = me.choose(view["observation"])
            view = ask({"cmd": "apply", "session": view["session"], "move": view["move"], "action": action})
            continue
        reply = ask({"cmd": "bot", "session": view["session"], "move": view["move"]})
        mover = (reply["seat"] - seat) % players
        if reply["why"] is not None:
            whys.append({"move": view["move"], "seat": reply["seat"], "why": reply["why"]})
            checked += 1
            to_human += check_reason(reply["why"], mover, view["observation"], reply["view"]["observation"]) == "to_human"
        view = reply["view"]
    assert view["notes"] == whys  # the notes carry the same reasons, nothing more
    ask({"cmd": "close", "session": view["session"]})
    return checked, to_human


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_reason_the_human_reads_is_computable_from_their_view(players):
    checked = to_human = 0
    for k in range(6):
        # Hard (its look-ahead reasons) once, with two players, where it is quick.
        level = "hard" if k == 0 and players == 2 else "normal"
        a, b = play_through_the_bridge(1000 * players + k, players, level)
        checked += a
        to_human += b
    assert checked > 100 and to_human > 10  # the rule was really exercised


def test_a_clue_to_the_human_keeps_only_what_its_value_says():
    critical = {"code": "clue_save", "target": 1, "colour": "red", "card": {"colour": "red", "rank": 4},
                "save": "critical"}
    assert redact_reason(critical, target_is_viewer=True) == {
        "code": "clue_save", "target": 1, "colour": "red", "save": "chop"}
    two_by_colour = {"code": "clue_save", "target": 1, "colour": "blue", "save": "two",
                     "card": {"colour": "blue", "rank": 2}}
    assert redact_reason(two_by_colour, target_is_viewer=True)["save"] == "chop"
    two_by_rank = {"code": "clue_save", "target": 2, "rank": 2, "save": "critical",
                   "card": {"colour": "blue", "rank": 2}}
    assert redact_reason(two_by_rank, target_is_viewer=True) == {
        "code": "clue_save", "target": 2, "rank": 2, "save": "two"}
    five = {"code": "clue_save", "target": 1, "rank": 5, "save": "five", "card": {"colour": "red", "rank": 5}}
    assert redact_reason(five, target_is_viewer=True)["save"] == "five"
    # Someone else's card the human sees: the reason stays whole.
    assert redact_reason(critical, target_is_viewer=False) == critical
    # A play's card is the bot's belief, built partly from the viewer's hidden cards: never shown.
    play = {"code": "play_known", "slot": 0, "card": {"colour": "red", "rank": 1}}
    assert redact_reason(play, target_is_viewer=False) == {"code": "play_known", "slot": 0}


def test_the_checker_catches_the_old_leaks():
    """The check is not vacuous: the reasons the bridge used to hand out fail it."""
    obs_after = {
        "players": 2,
        "hands": [[{"id": 0, "colour": None, "rank": None, "colours": ["red"], "ranks": [1, 2, 3, 4, 5]}],
                  [{"id": 1, "colour": "blue", "rank": 3, "colours": list(COLOURS), "ranks": [1, 2, 3, 4, 5]}]],
        "discards": [{"id": 7, "colour": "red", "rank": 4}],
        "stacks": {c: 0 for c in COLOURS},
        "log": [{"type": "clue", "seat": 1, "target": 0, "colour": "red", "slots": [0], "ids": [0]}],
    }
    leak_critical = {"code": "clue_save", "target": 1, "colour": "red", "save": "critical", "slot": 0}
    leak_two = {"code": "clue_save", "target": 1, "colour": "red", "save": "two", "slot": 0}
    leak_card = {"code": "clue_save", "target": 1, "colour": "red", "save": "chop",
                 "card": {"colour": "red", "rank": 4}, "slot": 0}
    for leak in (leak_critical, leak_two, leak_card):
        with pytest.raises(AssertionError):
            check_reason(leak, 1, obs_after, obs_after)
    check_reason({"code": "clue_save", "target": 1, "colour": "red", "save": "chop", "slot": 0}, 1, obs_after, obs_after)
    # Once the human's view pins the card (a red card whose ranks are known), naming it is fine.
    pinned = json.loads(json.dumps(obs_after))
    pinned["hands"][0][0]["ranks"] = [4]
    check_reason(leak_card, 1, pinned, pinned)
    check_reason(leak_critical, 1, pinned, pinned)
