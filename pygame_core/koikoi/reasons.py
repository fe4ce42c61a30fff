"""Why a Koi-Koi choice is good, in terms the player can check on the table (the coach's
`why`, issue 26).

A reason is read from the deciding seat's observation alone and says only what
is true of the cards in sight: what the choice captures now (the hand card, or
the turned card, with the table card it takes; a hand card's turn of the stock
is unknown, so it is never counted), the captured piles and the cards not yet
seen. It never names a hidden card. The words are in
web/games/koikoi/messages.js ("kk.coach.*"), joined by web/games/koikoi/coach.js.

Reasons are plain dicts; `CODES` lists every code and its fields. The coach explains
the deciding seat's choice to that seat, and may name its own hand cards; the AI
explains its own moves to the player (`explain(..., public=True)`, `bots.KoiKoiBot`):
those reasons are chosen by what both sides see (the table, the captured piles and the
move itself), never by the AI's hand, so they name no card but the one played and the
cards taken, and tell nothing of the hand beyond the move (`PUBLIC_CODES`).

A capture:
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
  The AI says it of a turned card's choice of two only (both lie in sight).
- {"code": "top", "card", "kind"}: the AI's hand card captures a bright, animal or
  ribbon, and no card on the table was of a higher kind.
- {"code": "same", "card", "other"}: a turned card takes `card` where it could take
  `other`: the two are of one kind and count for the same yaku, so either is as good.
- {"code": "blocks", "card", "yaku", "have", "need"}: none of the above; `card` would
  bring the opponent's open yaku to `have` of `need` cards, and now they cannot have it.
- {"code": "takes", "cards"}: none of the above either (the capture helps no yaku
  still open to either side): it clears `cards` from the table.
A hand card laid on the table (it captures nothing):
- {"code": "safe", "card"}: the opponent can never take it: every other card of its
  month is already in sight.
- {"code": "later", "card", "keep", "take"}: every capture the hand offers can wait:
  `keep` (in hand) takes `take` (on the table), and no card out of sight is of that
  month, so nobody else can take it first.
- {"code": "pair", "card", "keep", "unseen"}: the hand holds `keep` of the same month,
  which can take the card back later; `unseen` cards out of sight could take it first.
- {"code": "few", "card"}: just one other card of its month is out of sight (for the
  AI: not on the table nor in a captured pile), so it can rarely be taken.
- {"code": "low", "card", "kind"}: no hand card that captures nothing is of a lower
  kind, so it gives away least (the AI says it of a chaff only: no kind is lower).
- {"code": "single", "card"}: it is the only card of its month in hand, and each other
  card that captures nothing would split a pair the hand holds.
- {"code": "gives", "card", "yaku", "have", "need"}: what the opponent gets by taking
  it: the open yaku of theirs it brings nearest, to `have` of `need` cards (`have` equal
  to `need`: it would complete a set yaku for them; `yaku` null, `have` and `need` 0: it
  helps no yaku they can still make).
The koi-koi call:
- {"code": "koikoi" | "shobu", "points", "threat", "match"?}: the koi-koi call,
  as the AI explains its own (`koikoi_reason`): what stopping scores now, how near
  the opponent is to scoring from its captured pile ("close", "some", "none"), and in the
  last round whether stopping wins the match ("win") or only going on can ("only").
"""

from __future__ import annotations

from typing import Any

from ..protocol import Action, Observation, fields_fit, int_from, is_int, one_of
from .cards import (ALL_CARDS, ANIMALS, BLUE_RIBBONS, BRIGHTS, KIND, KINDS, MONTH_MASKS, POETRY_RIBBONS, RIBBONS,
                    cards_in, mask_of)
from .rules import KOIKOI, PLAY, TAKE
from .view import known_mask
from .yaku import (HANAMI, ISC, KASU_CARDS, KASU_MIN, RAIN, TANE_MIN, TANZAKU_MIN, TSUKIMI, YAKU_NAMES, HouseRules,
                   score_mask)

Reason = dict[str, Any]

# Every code and the fields it carries beside "code" ("match" is optional).
CODES: dict[str, tuple[str, ...]] = {
    "makes": ("cards", "yaku"), "raises": ("cards", "yaku"),
    "denies": ("card", "yaku", "have", "need"), "advances": ("card", "yaku", "have", "need"),
    "kind": ("card", "kind"), "top": ("card", "kind"), "same": ("card", "other"),
    "blocks": ("card", "yaku", "have", "need"), "takes": ("cards",),
    "safe": ("card",), "later": ("card", "keep", "take"), "pair": ("card", "keep", "unseen"),
    "few": ("card",), "low": ("card", "kind"), "single": ("card",), "gives": ("card", "yaku", "have", "need"),
    "koikoi": ("points", "threat", "match"), "shobu": ("points", "threat", "match"),
}
# The codes the AI gives for its own moves (`explain(..., public=True)`): none that rests on its hand.
PUBLIC_CODES: tuple[str, ...] = ("makes", "raises", "denies", "advances", "kind", "top", "same", "blocks", "takes",
                                 "few", "low", "gives", "koikoi", "shobu")
NONRAIN = BRIGHTS & ~RAIN  # the brights Sankō and Shikō count
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


# What a card counts for: two cards alike in all of these are the same to either pile.
COUNTS_FOR: tuple[int, ...] = (HANAMI, TSUKIMI, ISC, POETRY_RIBBONS, BLUE_RIBBONS, NONRAIN, RAIN, ANIMALS, RIBBONS,
                               KASU_CARDS)


def alike(a: int, b: int) -> bool:
    """Whether cards `a` and `b` are of one kind and count for exactly the same yaku."""
    return KIND[a] == KIND[b] and all((mask >> a & 1) == (mask >> b & 1) for mask in COUNTS_FOR)


def _rank(card: int) -> int:
    return RANK[KIND[card]]


def explain(view: Observation, action: Action, *, public: bool = False) -> Reason:
    """The reason for `action`, a legal choice of the seat whose observation is `view`.
    `public`: the AI's reason for its own move, chosen by what both sides see (the table,
    the piles and the move), never by its hand; only `PUBLIC_CODES` then."""
    if view["phase"] == KOIKOI:
        reason = koikoi_reason(view, action["type"])
        if not public and action["type"] == "koikoi" and reason.get("match") == "win":
            del reason["match"]  # stopping would win the match: say nothing that sounds like going on does
        return reason
    me, opp = view["players"]
    rules = HouseRules.from_options(view.get("house_rules") or {})
    mine, theirs = _pile(me), _pile(opp)
    card, took = captures(view, action)
    if not took:
        return _lay(view, card, mine, theirs, rules, public)
    if action["type"] == TAKE:
        other = next(c for c in view["pending"]["choices"] if c != card)
        if alike(card, other):
            return {"code": "same", "card": card, "other": other}
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
    if rank > RANK["chaff"]:
        if public and action["type"] == PLAY:
            # Its other choices are its hand, which the player does not see: compare with the table.
            if all(_rank(c) <= rank for c in view["table"]):
                return {"code": "top", "card": top, "kind": KIND[top]}
        elif all(_top_kind(other)[0] <= rank
                 for other in (captures(view, a)[1] for a in view["legal_actions"]) if other):
            return {"code": "kind", "card": top, "kind": KIND[top]}
    if advance is not None:
        return advance[1]
    blocked = _advance(took, theirs, mine, rules)  # what the capture would have brought the opponent
    if blocked is not None:
        return {**blocked[1], "code": "blocks"}
    return {"code": "takes", "cards": cards_in(took)}


def _lay(view: Observation, card: int, mine: int, theirs: int, rules: HouseRules, public: bool) -> Reason:
    """The reason for laying hand card `card` on the table (it captures nothing)."""
    month = MONTH_MASKS[card >> 2]
    if public:
        # Out of sight for both sides: neither on the table nor in a pile (the AI's hand counts as unseen).
        out = (month & ~(mine | theirs | mask_of(view["table"]) | 1 << card)).bit_count()
        if out == 1:
            return {"code": "few", "card": card}
        if KIND[card] == "chaff":
            return {"code": "low", "card": card, "kind": "chaff"}
        return _gives(card, mine, theirs, rules)
    unseen = ALL_CARDS & ~known_mask(view)
    table, hand = mask_of(view["table"]), mask_of(view["hand"])
    if not unseen & month:
        return {"code": "safe", "card": card}
    plays = view["legal_actions"]
    takes = [(a["card"], captures(view, a)[1] & table) for a in plays if captures(view, a)[1]]
    if takes and all(not unseen & MONTH_MASKS[keep >> 2] for keep, _ in takes):
        keep, target = max(takes, key=lambda kt: (_top_kind(kt[1])[0], -kt[0]))
        return {"code": "later", "card": card, "keep": keep, "take": _top_kind(target)[1]}
    mates = cards_in(hand & month & ~(1 << card))
    if mates:
        return {"code": "pair", "card": card, "keep": max(mates, key=lambda c: (_rank(c), -c)),
                "unseen": (unseen & month).bit_count()}
    if (unseen & month).bit_count() == 1:
        return {"code": "few", "card": card}
    lays = [a["card"] for a in plays if not captures(view, a)[1]]
    if all(_rank(card) <= _rank(c) for c in lays):
        return {"code": "low", "card": card, "kind": KIND[card]}
    if all((hand & MONTH_MASKS[c >> 2]).bit_count() >= 2 for c in lays if c != card):
        return {"code": "single", "card": card}
    return _gives(card, mine, theirs, rules)


def _gives(card: int, mine: int, theirs: int, rules: HouseRules) -> Reason:
    """What the opponent gets by taking the laid `card`: the open yaku of theirs it brings nearest."""
    given = _advance(1 << card, theirs, mine, rules)
    if given is None:
        return {"code": "gives", "card": card, "yaku": None, "have": 0, "need": 0}
    return {**given[1], "code": "gives"}


# ------------------------------------------------------------ the koi-koi call
def cards_to_score(theirs: int, mine: int, rules: HouseRules | None = None) -> int:
    """How many more captures the pile `theirs` needs, at the fewest, to score more than it
    does now (a new yaku, or one more card for a counting yaku it holds); the other pile's
    captures block. 99 when nothing is in reach."""
    rules = rules or HouseRules()
    best = 99
    n = (theirs & NONRAIN).bit_count()
    if (NONRAIN & ~mine).bit_count() >= 3:
        best = min(best, max(1, 3 - n))
    if theirs & BRIGHTS and (BRIGHTS & ~theirs & ~mine):
        if n >= 3:
            best = 1  # one more bright: Shikō or Gokō
    for _, need in _sets(rules):
        if theirs & need != need and not mine & need:
            best = min(best, (need & ~theirs).bit_count())
    for _, cards, least in COUNT_YAKU:
        have = (theirs & cards).bit_count()
        free = (cards & ~theirs & ~mine).bit_count()
        if have >= least and free:
            best = 1
        elif have + free >= least:
            best = min(best, least - have)
    return best


def koikoi_reason(view: Observation, choice: str) -> dict[str, Any]:
    """Why the AI went on or stopped, from its own view only: {"code": "koikoi" | "shobu",
    "points": what stopping scores now, "threat": how near the opponent is to scoring
    ("close": one more capture, "some": two, "none": three or more; `cards_to_score`,
    from the captured piles alone), "match": "win" when stopping wins the match, "only" when
    only going on can win it, "lose" when stopping loses it (a shobu call)}."""
    pend = view["pending"]
    me, opp = view["players"]
    rules = HouseRules.from_options(view.get("house_rules") or {})
    away = cards_to_score(_pile(opp), _pile(me), rules)
    reason: dict[str, Any] = {"code": choice, "points": pend["shobu_points"],
                              "threat": "close" if away <= 1 else "some" if away == 2 else "none"}
    if view["round"] >= view["rounds"]:
        lead = me["score"] - opp["score"] + pend["shobu_points"]
        reason["match"] = "win" if lead > 0 else "only" if choice == "koikoi" else "lose"
    # No estimate of what going on is worth: it rests on the AI's own hidden hand, and a number
    # would tell the player more about that hand than the call itself does.
    return reason


# ------------------------------------------------------------ a save's reasons
MAX_REASON_POINTS = 999  # a round's points are far fewer, with every house rule and koi-koi doubling
HAND_YAKU = ("teshi", "kuttsuki")  # won with a dealt hand, never by a capture
CAPTURE_YAKU = tuple(name for name in YAKU_NAMES if name not in HAND_YAKU)
# The yaku a card can bring nearer (`_advance`): the set yaku, the next bright yaku, the count yaku.
SET_NAMES = tuple(name for name, _ in SET_YAKU)
TARGET_YAKU = (*(name for name, _ in SET_YAKU), "goko", "shiko", "ame_shiko", "sanko", *(n for n, _, _ in COUNT_YAKU))


def _card(value: Any) -> bool:
    return is_int(value) and 0 <= value < 48


def _cards(value: Any) -> bool:
    """A capture's cards: 2 to 4 distinct cards, ascending (the hand or turned card and what it took)."""
    return (isinstance(value, list) and 2 <= len(value) <= 4 and all(map(_card, value))
            and value == sorted(set(value)))


def _progress(why: dict[str, Any]) -> bool:
    """`have` of `need` cards of a yaku `explain` aims at: 0 <= have < need <= 10 (a count yaku's most)."""
    return int_from(0, 9)(why["have"]) and int_from(1, 10)(why["need"]) and why["have"] < why["need"]


PUBLIC_FIELDS: dict[str, dict[str, Any]] = {
    "makes": {"cards": _cards, "yaku": one_of(*CAPTURE_YAKU)},
    "raises": {"cards": _cards, "yaku": one_of(*CAPTURE_YAKU)},
    "denies": {"card": _card, "yaku": one_of(*TARGET_YAKU), "have": is_int, "need": is_int},
    "advances": {"card": _card, "yaku": one_of(*TARGET_YAKU), "have": is_int, "need": is_int},
    "blocks": {"card": _card, "yaku": one_of(*TARGET_YAKU), "have": is_int, "need": is_int},
    "kind": {"card": _card, "kind": one_of("bright", "animal", "ribbon")},
    "top": {"card": _card, "kind": one_of("bright", "animal", "ribbon")},
    "same": {"card": _card, "other": _card},
    "takes": {"cards": _cards},
    "few": {"card": _card},
    "low": {"card": _card, "kind": one_of("chaff")},
    "gives": {"card": _card, "yaku": lambda v: v is None or one_of(*TARGET_YAKU)(v), "have": is_int, "need": is_int},
}


def check_reason(why: Any) -> bool:
    """True only for a reason the AI gives for its own move (`explain(..., public=True)`):
    a public code with exactly its fields, each of a valid value (`Game.check_reason`: the
    reasons a save brings back). A koi-koi call says what stopping scores now, how near the
    player is to scoring, and in the last round whether stopping wins the match ("win"), only
    going on can ("only", a koi-koi call) or neither does ("lose", a shobu call)."""
    code = why.get("code") if isinstance(why, dict) else None
    if code in ("koikoi", "shobu"):
        match = ("win", "only") if code == "koikoi" else ("win", "lose")
        return fields_fit(why, {"code": one_of(code), "points": int_from(1, MAX_REASON_POINTS),
                                "threat": one_of("close", "some", "none")}, {"match": one_of(*match)})
    if not isinstance(code, str) or code not in PUBLIC_FIELDS:
        return False
    if not fields_fit(why, {"code": one_of(code), **PUBLIC_FIELDS[code]}):
        return False
    if code == "gives" and why["yaku"] is None:
        return why["have"] == why["need"] == 0
    if code == "gives" and why["have"] == why["need"] and why["yaku"] in SET_NAMES:
        return int_from(2, 5)(why["need"])  # the laid card would complete a set yaku for the opponent
    if "have" in why:
        return _progress(why)
    if code == "same":
        return why["card"] != why["other"] and why["card"] >> 2 == why["other"] >> 2
    return True
