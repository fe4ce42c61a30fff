"""Why a Koi-Koi choice is good, in terms the player can check on the table (the coach's
`why`, issue 26).

A reason is read from the deciding seat's observation alone and says only what
is true of the cards in sight: what the choice captures now (the hand card, or
the turned card, with the table card it takes; a hand card's turn of the stock
is unknown, so it is never counted), the captured piles and the cards not yet
seen. It never names a hidden card. The words are in
web/games/koikoi/messages.js ("kk.coach.*"), joined by web/games/koikoi/coach.js.

Reasons are plain dicts; `CODES` lists every code and its fields:

- {"code": "makes", "cards", "yaku"}: the capture makes a yaku the pile did not hold.
- {"code": "raises", "cards", "yaku"}: the capture makes a yaku the pile holds score more.
- {"code": "denies", "card", "yaku", "have", "need"}: `card` belongs to a set yaku
  the opponent is collecting (it holds `have` of its `need` cards, we none), so
  taking it means the opponent can no longer make it.
- {"code": "advances", "card", "yaku", "have", "need"}: `card` brings a yaku still
  open to us (the opponent holds none of a set yaku's cards; enough brights, or
  cards of a count yaku's kind, are still free) to `have` of `need` cards. The
  brights aim at the next bright yaku the pile can reach (`bright_target`).
- {"code": "kind", "card", "kind"}: it captures a bright, animal or ribbon, and no
  other choice here captures a card of a higher kind (bright > animal > ribbon > chaff).
- {"code": "safe", "card"}: a hand card laid on the table that the opponent cannot
  take: every other card of its month is already in sight.
- {"code": "playouts", "card"}: none of the above; the choice did best when the rest
  of the round was played out in many deals of the unseen cards.
- {"code": "koikoi" | "shobu", "points", "threat", "match"?}: the koi-koi call,
  as the AI explains its own (`bots.koikoi_reason`): what stopping scores now, how near
  the opponent is to scoring from its captured pile ("close", "some", "none"), and in the
  last round whether stopping wins the match ("win") or only going on can ("only").
"""

from __future__ import annotations

from typing import Any

from ..protocol import Action, Observation
from .bots import NONRAIN, koikoi_reason
from .cards import (ALL_CARDS, ANIMALS, BLUE_RIBBONS, BRIGHTS, KIND, KINDS, MONTH_MASKS, POETRY_RIBBONS, RIBBONS,
                    cards_in, mask_of)
from .rules import KOIKOI, TAKE
from .view import known_mask
from .yaku import HANAMI, ISC, KASU_CARDS, KASU_MIN, RAIN, TANE_MIN, TANZAKU_MIN, TSUKIMI, HouseRules, score_mask

Reason = dict[str, Any]

# Every code and the fields it carries beside "code" ("match" is optional).
CODES: dict[str, tuple[str, ...]] = {
    "makes": ("cards", "yaku"), "raises": ("cards", "yaku"),
    "denies": ("card", "yaku", "have", "need"), "advances": ("card", "yaku", "have", "need"),
    "kind": ("card", "kind"), "safe": ("card",), "playouts": ("card",),
    "koikoi": ("points", "threat", "match"), "shobu": ("points", "threat", "match"),
}
SET_YAKU: tuple[tuple[str, int], ...] = (
    ("hanami_zake", HANAMI), ("tsukimi_zake", TSUKIMI), ("inoshikacho", ISC),
    ("akatan", POETRY_RIBBONS), ("aotan", BLUE_RIBBONS))
COUNT_YAKU: tuple[tuple[str, int, int], ...] = (
    ("tane", ANIMALS, TANE_MIN), ("tanzaku", RIBBONS, TANZAKU_MIN), ("kasu", KASU_CARDS, KASU_MIN))
RANK = {kind: len(KINDS) - i for i, kind in enumerate(KINDS)}  # bright 4 ... chaff 1


def _pile(player: dict[str, Any]) -> int:
    return mask_of(c for cards in player["captured"].values() for c in cards)


def captures(view: Observation, action: Action) -> tuple[int, int]:
    """(the card the choice plays or takes with, the cards it captures now: 0 for none)."""
    table = mask_of(view["table"])
    if action["type"] == TAKE:
        drawn = view["pending"]["card"]
        return action["card"], (1 << drawn) | (1 << action["card"])
    card = action["card"]
    group = table & MONTH_MASKS[card >> 2]
    if not group:
        return card, 0
    return card, (1 << card) | ((1 << action["take"]) if "take" in action else group)


def _sets(rules: HouseRules) -> tuple[tuple[str, int], ...]:
    return SET_YAKU[2:] if rules.no_sake else SET_YAKU


def _denial(took: int, mine: int, theirs: int, rules: HouseRules) -> Reason | None:
    """The set yaku the opponent is collecting that this capture closes to them (nearest first)."""
    found = []
    for name, need in _sets(rules):
        if took & need and theirs & need and not mine & need:
            card = cards_in(took & need)[0]
            found.append((need.bit_count() - (theirs & need).bit_count(), name, card, need))
    if not found:
        return None
    _, name, card, need = min(found)
    return {"code": "denies", "card": card, "yaku": name, "have": (theirs & need).bit_count(), "need": need.bit_count()}


def bright_target(pile: int) -> tuple[str, int, int]:
    """(name, cards needed, the brights that count) of the next bright yaku a pile can reach:
    Gokō from four brights; Ame-Shikō once the Rain Man is held (Sankō cannot use him);
    else Sankō, then Shikō, of the four other brights."""
    if (pile & BRIGHTS).bit_count() >= 4:
        return "goko", 5, BRIGHTS
    if pile & RAIN:
        return "ame_shiko", 4, BRIGHTS
    return ("sanko", 3, NONRAIN) if (pile & NONRAIN).bit_count() < 3 else ("shiko", 4, NONRAIN)


def _advance(took: int, mine: int, theirs: int, rules: HouseRules) -> tuple[int, Reason] | None:
    """(cards still missing, reason) for the open yaku this capture brings nearest."""
    after = mine | took
    found = []
    for name, need in _sets(rules):
        if took & need and not theirs & need:
            found.append((need.bit_count() - (after & need).bit_count(), 0, name, cards_in(took & need)[0],
                          (after & need).bit_count(), need.bit_count()))
    name, need, pool = bright_target(after)
    have = (after & pool).bit_count()
    if took & pool and have < need and (pool & ~theirs).bit_count() >= need:
        found.append((need - have, 0, name, cards_in(took & pool)[0], have, need))
    for name, kind, least in COUNT_YAKU:
        have = (after & kind).bit_count()
        if took & kind and have < least and (kind & ~theirs).bit_count() >= least:
            found.append((least - have, 1, name, cards_in(took & kind)[0], have, least))
    if not found:
        return None
    missing, _, name, card, have, need = min(found)
    return missing, {"code": "advances", "card": card, "yaku": name, "have": have, "need": need}


def _top_kind(took: int) -> tuple[int, int]:
    """(rank of the highest kind among the captured cards, the first such card)."""
    best = max(cards_in(took), key=lambda c: (RANK[KIND[c]], -c))
    return RANK[KIND[best]], best


def explain(view: Observation, action: Action) -> Reason:
    """The reason for `action`, a legal choice of the seat whose observation is `view`."""
    if view["phase"] == KOIKOI:
        reason = koikoi_reason(view, action["type"])
        if action["type"] == "koikoi" and reason.get("match") == "win":
            del reason["match"]  # stopping would win the match: say nothing that sounds like going on does
        return reason
    me, opp = view["players"]
    rules = HouseRules.from_options(view.get("house_rules") or {})
    mine, theirs = _pile(me), _pile(opp)
    card, took = captures(view, action)
    if not took:
        unseen = ALL_CARDS & ~known_mask(view)
        return {"code": "safe" if not unseen & MONTH_MASKS[card >> 2] else "playouts", "card": card}
    before = {y["name"]: y["points"] for y in score_mask(mine, rules)}
    for y in score_mask(mine | took, rules):
        if y["name"] not in before or y["points"] > before[y["name"]]:
            code = "makes" if y["name"] not in before else "raises"
            return {"code": code, "cards": cards_in(took), "yaku": y["name"]}
    denial = _denial(took, mine, theirs, rules)
    advance = _advance(took, mine, theirs, rules)
    if denial is not None and denial["need"] - denial["have"] <= 1:
        return denial
    if advance is not None and advance[0] <= 2:
        return advance[1]
    if denial is not None:
        return denial
    rank, top = _top_kind(took)
    if rank > RANK["chaff"] and all(_top_kind(other)[0] <= rank
                                    for other in (captures(view, a)[1] for a in view["legal_actions"]) if other):
        return {"code": "kind", "card": top, "kind": KIND[top]}
    if advance is not None:
        return advance[1]
    return {"code": "playouts", "card": card}
