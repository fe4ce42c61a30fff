"""The Hanamikoji course (web/learn/hanamikoji.json, issue 41).

Engine side: the course's words are a contract. tests/test_lessons.py checks that every
move a step asks for is legal; here each lesson is walked through the bridge again and
what its words say of the table is checked at the step that says it: the computer's
moves it names, the cards offered, the counts on each side, the favour markers after the
scoring. A change to the deal, the seed or the AI that makes a sentence untrue fails here.
"""

from __future__ import annotations

from engine_helpers import ask, data
from lesson_walk import bots_until_player, course, fits, open_lesson

GAME = "hanamikoji"
FAN, UMBRELLA, TEACUP, FLUTE, SCROLL, LANTERN, BLOSSOM = range(7)


def lesson(lesson_id: str) -> dict:
    found = [x for x in course(GAME)["lessons"] if x["id"] == lesson_id]
    assert len(found) == 1, lesson_id
    return found[0]


def walk(game: str, x: dict) -> list[dict]:
    """The lesson played as the page's runner passes its steps (lesson_walk.walk's rules):
    the view on the table when each step is shown, before it passes."""
    view = open_lesson(game, x)
    seen = []
    for step in x["steps"]:
        wait = step["wait"]
        seen.append(view)
        if wait == "next":
            continue
        view = bots_until_player(view)
        if wait == "turn":
            continue
        choice = next(a for a in view["observation"]["legal_actions"] if fits(wait, a))
        view = data({"cmd": "apply", "session": view["session"], "move": view["move"], "action": choice})
    ask({"cmd": "close", "session": view["session"]})
    return seen


def at(seen: list[dict], k: int) -> dict:
    """The observation when step k is shown (before it passes)."""
    return seen[k]["observation"]


def moves(view: dict) -> list[dict]:
    """The moves of the public log, in order (deals and draws left out)."""
    return [e for e in view["log"] if e["type"] not in ("round", "deal", "draw")]


def waits(lesson_data: dict) -> list:
    return [step["wait"] for step in lesson_data["steps"]]


def test_the_course_is_the_five_lessons_the_issue_asks_for():
    ids = [x["id"] for x in course(GAME)["lessons"]]
    assert ids == ["goal-and-secret", "trade-off", "gift", "competition", "round-and-scoring"]
    asked = [step["wait"]["action"]["type"] for x in course(GAME)["lessons"] for step in x["steps"]
             if isinstance(step["wait"], dict) and "action" in step["wait"]]
    # The four actions, and both choices of the other side (a gift's card, a competition's pair).
    assert set(asked) == {"secret", "tradeoff", "gift", "competition", "pick_gift", "pick_pair"}
    for x in course(GAME)["lessons"]:
        assert x["level"] == "easy" and 0 <= x["seed"] < 2**53
        assert len(x["options"]["decks"]) == 1  # round 1 arranged; a later round is dealt from the seed


def test_goal_and_secret():
    x = lesson("goal-and-secret")
    seen = walk(GAME, x)
    first = at(seen, 0)
    assert first["start_player"] == 0 and first["to_move"] == 0  # "You start, and you have drawn already"
    assert len(first["hand"]) == 7 and first["hand"].count(BLOSSOM) == 2
    # Step 5: "The computer used its Trade-off: two cards lie face down by its hand."
    o = at(seen, 5)
    them = o["players"][1]
    assert them["used"] == {"secret": False, "tradeoff": True, "gift": False, "competition": False}
    assert them["tradeoff_count"] == 2
    # Step 6: your secret lies by your hand.
    assert at(seen, 6)["players"][0]["secret"] == BLOSSOM


def test_trade_off():
    x = lesson("trade-off")
    seen = walk(GAME, x)
    assert {FAN, UMBRELLA} <= set(at(seen, 1)["hand"])
    # "They are lone cards": one Fan and one Umbrella in the hand.
    assert at(seen, 1)["hand"].count(FAN) == 1 and at(seen, 1)["hand"].count(UMBRELLA) == 1
    # Step 3: "The computer traded off two cards too; all four stay out."
    o = at(seen, 3)
    assert o["players"][0]["tradeoff"] == [FAN, UMBRELLA]
    assert o["players"][1]["used"]["tradeoff"] and o["players"][1]["tradeoff_count"] == 2
    # Step 4: a new card, and a Blossom to keep secret.
    assert BLOSSOM in at(seen, 4)["hand"] and len(at(seen, 4)["hand"]) == 6
    # Step 6: "The computer used its Secret this time. Each side has Gift and Competition left."
    o = at(seen, 6)
    for side in o["players"]:
        assert side["used"] == {"secret": True, "tradeoff": True, "gift": False, "competition": False}


def test_gift():
    x = lesson("gift")
    seen = walk(GAME, x)
    hand = at(seen, 1)["hand"]
    assert hand.count(FLUTE) == 2 and SCROLL in hand
    # Step 3: "The computer took a Flute, and now it offers you Umbrella, Lantern and Blossom ...
    # you hold two more of her cards."
    o = at(seen, 3)
    assert o["offer"] == {"type": "gift", "by": 1, "cards": [UMBRELLA, LANTERN, BLOSSOM]}
    assert o["players"][1]["items"][FLUTE] == 1 and o["players"][0]["items"][FLUTE] == 1
    assert o["players"][0]["items"][SCROLL] == 1
    assert o["hand"].count(BLOSSOM) == 2
    # Step 4: "Blossom lies on your side, Umbrella and Lantern on the computer's."
    o = at(seen, 4)
    assert o["players"][0]["items"][BLOSSOM] == 1
    assert o["players"][1]["items"][UMBRELLA] == 1 and o["players"][1]["items"][LANTERN] == 1


def test_competition():
    x = lesson("competition")
    seen = walk(GAME, x)
    hand = at(seen, 1)["hand"]
    assert {FAN, FLUTE} <= set(hand) and hand.count(BLOSSOM) == 2
    # Step 3: "The computer took Flute + Blossom and now challenges you: Flute + Lantern, or two Blossoms."
    o = at(seen, 3)
    assert o["offer"] == {"type": "competition", "by": 1, "pairs": [[FLUTE, LANTERN], [BLOSSOM, BLOSSOM]]}
    assert o["players"][1]["items"][FLUTE] == 1 and o["players"][1]["items"][BLOSSOM] == 1
    assert o["players"][0]["items"][BLOSSOM] == 1
    # Step 4: "Three Blossom cards lie on your side": more than half of her five, hers at the scoring.
    o = at(seen, 4)
    assert o["players"][0]["items"][BLOSSOM] == 3 and 3 > 5 - 3


def test_round_and_scoring():
    x = lesson("round-and-scoring")
    seen = walk(GAME, x)
    # Step 3: the computer's two pairs; "you hold two more Lantern cards".
    o = at(seen, 3)
    assert o["offer"] == {"type": "competition", "by": 1, "pairs": [[FAN, SCROLL], [FLUTE, LANTERN]]}
    assert o["hand"].count(LANTERN) == 2
    # Step 4: "Your turn again, with a new card."
    assert len(at(seen, 4)["hand"]) == 7
    # Step 6: the gift of Flute and both Lanterns, with one Flute and one Lantern on your side.
    o = at(seen, 6)
    assert o["players"][0]["items"][FLUTE] == 1 and o["players"][0]["items"][LANTERN] == 1
    assert o["hand"].count(LANTERN) == 2 and FLUTE in o["hand"]
    # Step 8: "Your last marker takes your last four cards."
    o = at(seen, 8)
    assert sorted(o["hand"]) == [TEACUP, SCROLL, BLOSSOM, BLOSSOM]
    assert [k for k, used in o["players"][0]["used"].items() if not used] == ["competition"]
    # Step 10: "Its last marker is a Gift: Teacup, Lantern or Blossom ... with your secret three of her
    # five cards. Lantern is yours already: three of her four."
    o = at(seen, 10)
    assert o["offer"] == {"type": "gift", "by": 1, "cards": [TEACUP, LANTERN, BLOSSOM]}
    assert all(o["players"][1]["used"].values())
    mine = o["players"][0]
    assert mine["secret"] == BLOSSOM and mine["items"][BLOSSOM] + 1 + 1 == 3
    assert mine["items"][LANTERN] == 3
    # Step 12: the favour markers after the scoring.
    o = at(seen, 12)
    favour = [g["favour"] for g in o["geishas"]]
    assert favour == [1, None, None, None, 1, 0, 0]
    scored = o["last_scoring"]
    assert scored["round"] == 1 and scored["majority"].count(None) == 3
    # Step 13: "9 charm points and 2 geishas ... round 2 has begun, and the computer started it."
    assert o["players"][0]["charm"] == 9 and o["players"][0]["geishas"] == 2
    assert o["round"] == 2 and o["start_player"] == 1 and not seen[12]["is_over"]
    assert [e for e in moves(o) if e["type"] != "scoring"][-1]["seat"] == 1
    assert waits(x)[-3:] == ["turn", "next", "next"]
