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

The coach explains a person's own choice to that person (`coach_reason`, the
hint's and the review's `why`), and may name that person's own cards; for a
secret or a trade-off it says which cards and why those (every other choice
gets `explain`'s reason, read from the person's seat):

- {"code": "secret_card", "card": g, "standing": S, "only": bool}: the card
  kept secret, and where the person stands on her at the scoring with it
  (their placed items and the secret against the computer's placed items).
- {"code": "tradeoff_cards", "cards": [a, b], "need": N, "card": g | None,
  "only": bool}: the two cards traded off, and how little the hand needs them.
  A card is needed least when its geisha is decided (a side holds more than
  half of her cards), then when one side is two or more items ahead on her,
  then by her value (`_wanted`). N is "least" (no card kept is needed less
  than either), "one" (`card` is needed least of the whole hand; the other
  one is not) or "more" (the hand keeps cards it needs less: the trade-off
  rests on the play-outs; the words say both the facts and that).
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


def _wanted(g: int, mine: list[int], theirs: list[int]) -> tuple[int, int]:
    """How much a hand needs one more card of geisha g (lower: less): decided 0, a side two or
    more items ahead 1, close 2; then her value."""
    m, o = mine[g], theirs[g]
    if 2 * m > GEISHA_VALUES[g] or 2 * o > GEISHA_VALUES[g]:
        tier = 0
    else:
        tier = 1 if abs(m - o) >= 2 else 2
    return tier, GEISHA_VALUES[g]


def coach_reason(view: Observation, action: Action) -> Reason:
    """The reason for `action`, a choice of the person whose observation is `view`, told to
    that person (the coach's hint and review): a secret or a trade-off names its own cards."""
    kind = action["type"]
    if kind not in ("secret", "tradeoff"):
        return explain(view, action)
    me, opp = view["players"]
    mine, theirs = list(me["items"]), list(opp["items"])
    if me.get("secret") is not None:
        mine[me["secret"]] += 1  # the person's own secret: known to them, counted at the scoring
    only = sum(not me["used"][k] for k in ACTION_TYPES) == 1
    cards = sorted(action["cards"])
    if kind == "secret":
        g = cards[0]
        return {"code": "secret_card", "card": g, "standing": standing(mine[g] + 1, theirs[g], g), "only": only}
    kept = list(view["hand"])
    for g in cards:
        kept.remove(g)
    want = [_wanted(g, mine, theirs) for g in cards]
    floor = min((_wanted(g, mine, theirs) for g in kept), default=None)
    if floor is None or max(want) <= floor:
        need, card = "least", None
    elif min(want) <= floor:
        need, card = "one", cards[want.index(min(want))]
    else:
        need, card = "more", None
    return {"code": "tradeoff_cards", "cards": cards, "need": need, "card": card, "only": only}


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
