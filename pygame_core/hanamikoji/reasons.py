"""Why the Hanamikoji AI made its move, in terms the player can check on the table.

Every level explains each move the same way, after it has chosen: the
explanation describes what the move does to the public items on the field
(the cards each side has placed for each geisha), never what the AI's search
saw. It is computed from the AI's observation alone and reads only public
items, never the AI's own secret, trade-off or hand, so it names no card the
player cannot see: a secret or a trade-off is explained without its cards, a
gift or competition names only cards of its offer, a pick only the card or
pair taken.

Reasons are plain dicts (the bridge keeps them in the save; `check_reason`
is how a loaded save's reason is checked):

- {"code": "secret" | "tradeoff", "only": bool}: the card(s) stay face down;
  `only` when it was the AI's last unused marker.
- {"code": "gift", "expect": g, "lead": g | None, "only": bool}: of the
  three cards offered, `expect` is the one the player gains most from taking
  (by their standing on that geisha after it); `lead` a geisha of the two
  others on which the AI then leads, when there is one.
- {"code": "competition", "expect": 0 | 1, "lead": g | None, "only": bool}:
  the same for the pair the player gains most from.
- {"code": "pick_gift", "card": g, "standing": S} and
  {"code": "pick_pair", "pair": 0 | 1, "geisha": g, "standing": S}: what the
  AI took, and where it stands on that geisha (for a pair, the geisha of the
  pair it stands best on) once the offer's cards are placed. S is "secure"
  (more than half of her cards: she is its at scoring), "lead", "level" or
  "behind".
"""

from __future__ import annotations

from typing import Any

from ..protocol import Action, Observation, is_int
from .cards import ACTION_TYPES, GEISHA_VALUES, NUM_GEISHAS

Reason = dict[str, Any]

STANDINGS = ("behind", "level", "lead", "secure")  # worst to best


def standing(mine: int, theirs: int, g: int) -> str:
    """Where a side holding `mine` of geisha g's placed items stands against `theirs`."""
    if 2 * mine > GEISHA_VALUES[g]:
        return "secure"  # more than half of her cards: nobody can outnumber them
    return "lead" if mine > theirs else "level" if mine == theirs else "behind"


def _after(items: list[list[int]], me_gets: list[int], they_get: list[int]) -> list[list[int]]:
    """The public items [mine, theirs] once the given cards are placed."""
    mine, theirs = items[0][:], items[1][:]
    for g in me_gets:
        mine[g] += 1
    for g in they_get:
        theirs[g] += 1
    return [mine, theirs]


def _rank(side: int, items: list[list[int]], g: int) -> tuple[int, int]:
    """How good geisha g looks for `side` (0 the AI, 1 the player): standing, then her value."""
    s = standing(items[side][g], items[1 - side][g], g)
    return STANDINGS.index(s), GEISHA_VALUES[g]


def _best(side: int, items: list[list[int]], cards: list[int]) -> int:
    """The geisha among `cards` that `side` stands best on (the most valuable on a tie; the lowest index last)."""
    return max(sorted(set(cards)), key=lambda g: _rank(side, items, g))


def _lead(items: list[list[int]], cards: list[int]) -> int | None:
    """A geisha among the AI's kept `cards` on which it leads or is secure, if any."""
    g = _best(0, items, cards)
    return g if STANDINGS.index(standing(items[0][g], items[1][g], g)) >= STANDINGS.index("lead") else None


def explain(view: Observation, action: Action) -> Reason:
    """The reason for `action`, chosen by the AI whose observation is `view`."""
    me, opp = view["players"]
    items = [me["items"], opp["items"]]  # public: placed face up on the field
    kind = action["type"]
    if kind in ACTION_TYPES:
        only = sum(not me["used"][k] for k in ACTION_TYPES) == 1
        if kind in ("secret", "tradeoff"):
            return {"code": kind, "only": only}
        if kind == "gift":
            cards = list(action["cards"])

            def player_gain(g: int) -> tuple[int, int]:
                rest = list(cards)
                rest.remove(g)
                return _rank(1, _after(items, rest, [g]), g)

            expect = max(sorted(set(cards)), key=player_gain)
            rest = list(cards)
            rest.remove(expect)
            return {"code": "gift", "expect": expect, "lead": _lead(_after(items, rest, [expect]), rest), "only": only}
        pairs = action["pairs"]

        def pair_gain(i: int) -> tuple[tuple[int, int], int]:
            after = _after(items, pairs[1 - i], pairs[i])
            return _rank(1, after, _best(1, after, pairs[i])), sum(GEISHA_VALUES[g] for g in pairs[i])

        expect = max((0, 1), key=pair_gain)
        after = _after(items, pairs[1 - expect], pairs[expect])
        return {"code": "competition", "expect": expect, "lead": _lead(after, pairs[1 - expect]), "only": only}
    offer = view["offer"]
    if kind == "pick_gift":
        card = action["card"]
        rest = list(offer["cards"])
        rest.remove(card)
        after = _after(items, [card], rest)
        return {"code": "pick_gift", "card": card, "standing": standing(after[0][card], after[1][card], card)}
    index = action["pair"]
    pairs = offer["pairs"]
    after = _after(items, pairs[index], pairs[1 - index])
    g = _best(0, after, pairs[index])
    return {"code": "pick_pair", "pair": index, "geisha": g, "standing": standing(after[0][g], after[1][g], g)}


def _geisha(value: Any) -> bool:
    return is_int(value) and 0 <= value < NUM_GEISHAS


FIELDS: dict[str, dict[str, Any]] = {
    "secret": {"only": lambda v: isinstance(v, bool)},
    "tradeoff": {"only": lambda v: isinstance(v, bool)},
    "gift": {"expect": _geisha, "lead": lambda v: v is None or _geisha(v), "only": lambda v: isinstance(v, bool)},
    "competition": {"expect": lambda v: is_int(v) and v in (0, 1), "lead": lambda v: v is None or _geisha(v),
                    "only": lambda v: isinstance(v, bool)},
    "pick_gift": {"card": _geisha, "standing": lambda v: v in STANDINGS},
    "pick_pair": {"pair": lambda v: is_int(v) and v in (0, 1), "geisha": _geisha, "standing": lambda v: v in STANDINGS},
}


def check_reason(why: Any) -> bool:
    """True only for a reason this AI gives: a known code with exactly its fields, each of a valid value."""
    if not isinstance(why, dict) or not isinstance(why.get("code"), str) or why["code"] not in FIELDS:
        return False
    fields = FIELDS[why["code"]]
    if set(why) != {"code", *fields}:
        return False
    return all(isinstance(why[name], (str, int, bool, type(None))) and ok(why[name]) for name, ok in fields.items())
