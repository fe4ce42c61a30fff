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
    assert scored_at(x) == {11}  # the step that asks for Continue
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


# ---------------------------------------------------------------- in the browser
# Every lesson walked to its end on a phone (390x844) in Czech, each move made by tapping the
# board as a player does; a move that does not fit a step answered in that step's words, never
# played, and the lesson going on; a few steps as the player sees them at phone and desktop
# sizes (screenshots in test-results/learn-hanamikoji-*.png, looked at by hand).

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from lesson_driver import HUMAN, at_step, complete_lesson, do_step  # noqa: E402
from lesson_driver import open_lesson as open_page  # noqa: E402
from lesson_walk import walk as moves_of  # noqa: E402
from viewport import DESKTOP, PHONE, SMALL_PHONE, outside, settle, snap  # noqa: E402

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
LESSONS = course(GAME)["lessons"]


def select(page, cards: list[int]) -> None:
    """Tap the hand's cards of these geishas (a geisha named twice: two of her cards)."""
    for g in cards:
        page.locator(f'.hk-you .hk-card[data-geisha="{g}"][aria-pressed="false"]').first.click()


def act(page, action: dict) -> None:
    """Make `action` through Hanamikoji's board as a player does: tap the cards, then the action
    marker (a competition: then the pairing in the chooser, when there is more than one); tap the
    offered card or pair to take it."""
    kind = action["type"]
    if kind == "pick_gift":
        page.click(f'.hk-offer-card[data-pick="{action["card"]}"]')
        return
    if kind == "pick_pair":
        page.click(f'.hk-offer-pair[data-pick="{action["pair"]}"]')
        return
    cards = action["cards"] if kind != "competition" else [g for pair in action["pairs"] for g in pair]
    select(page, cards)
    page.click(f'.hk-you .hk-marker[data-action="{kind}"]')
    if kind == "competition" and page.locator(".hk-pairing").count():
        pairing_button(page, action["pairs"]).click()


def pairing_button(page, pairs: list[list[int]]):
    """The chooser's button that makes these two pairs (each pair's faces, in order, name its geishas)."""
    wanted = sorted(sorted(p) for p in pairs)
    buttons = page.locator(".hk-pairing button[data-pairing]")
    for i in range(buttons.count()):
        shown = buttons.nth(i).evaluate(
            "(b) => [...b.querySelectorAll('.hk-pair')].map((p) => [...p.querySelectorAll('.hk-item-face')]"
            ".map((f) => Number(f.dataset.geisha)))")
        if sorted(sorted(p) for p in shown) == wanted:
            return buttons.nth(i)
    raise AssertionError(f"no pairing {pairs} in the chooser")


def said(page) -> str:
    return page.text_content("#lesson-say")


def czech(watch, size=PHONE):
    return watch(locale="cs-CZ", viewport={"width": size[0], "height": size[1]}, service_workers="block")


def scored_at(x: dict) -> set[int]:
    """The "turn" steps that come as a round is scored (by the move just before them or by the
    computer's moves during them, in the engine walk): the round's summary then holds the game
    until the player taps Continue, as those steps ask."""
    seen = walk(GAME, x)
    scorings = [len(view["observation"]["scorings"]) for view in seen]
    return {k for k, step in enumerate(x["steps"])
            if step["wait"] == "turn" and 0 < k < len(seen) - 1 and scorings[k + 1] > scorings[k - 1]}


def close_summary(page) -> None:
    """A round's summary holds the game until the player taps Continue (as the step asks)."""
    page.wait_for_selector("#hk-continue", timeout=60_000)
    page.click("#hk-continue")


@pytest.mark.parametrize("n", range(1, len(LESSONS) + 1), ids=[x["id"] for x in LESSONS])
def test_every_lesson_walked_to_its_end_on_a_phone_in_czech(watch, site, n):
    x = LESSONS[n - 1]
    w = czech(watch)
    page = w.page
    words: list[str] = []
    scored = scored_at(x)

    def check(page, k):
        step = x["steps"][k]
        if step["wait"] == "turn":
            if k in scored:  # the round is scored: its summary waits for Continue
                close_summary(page)
            return  # (a "turn" step may pass as soon as it comes: the computer moves at once with pace=0)
        page.wait_for_function("(text) => document.querySelector('#lesson-say')?.textContent === text",
                               arg=step["say"]["cs"])
        words.append(said(page))
        if "point" in step:
            page.wait_for_selector(".lesson-pointed")
        settle(page)
        needed = ["#lesson-say", ".hk-you .hk-hand" if page.locator(".hk-you .hk-card").count() else ".hk-you"]
        if step["wait"] == "next":
            needed.append("#lesson-next")
        assert not outside(page, needed), (k, outside(page, needed))

    complete_lesson(page, site, GAME, n, act, shots=check)
    assert words == [step["say"]["cs"] for step in x["steps"] if step["wait"] != "turn"]
    assert said(page).startswith(x["done"]["cs"])
    assert page.get_attribute("html", "data-lesson") == f"{GAME}-{n}"
    last = n == len(LESSONS)
    assert page.is_visible("#lesson-play") == last and page.is_visible("#lesson-more") == (not last)
    assert not w.errors, w.errors


def test_a_wrong_move_is_answered_in_the_steps_words_and_the_lesson_goes_on(watch, site):
    """Lesson 4, the competition: both Blossoms in one pair is answered with the step's words for
    that pairing; a gift instead with its general words; nothing is played either time; the asked
    pairing then plays and the lesson goes on to its end."""
    x = LESSONS[3]
    moves = moves_of(GAME, x)
    w = czech(watch)
    page = w.page
    open_page(page, site, GAME, 4)
    do_step(page, x["steps"][0], 0, moves[0], act)
    at_step(page, 1)
    page.wait_for_selector(HUMAN)
    move = page.get_attribute("html", "data-move")
    step = x["steps"][1]
    assert step["wait"] == {"action": {"type": "competition", "pairs": [[FAN, BLOSSOM], [FLUTE, BLOSSOM]]}}
    act(page, {"type": "competition", "pairs": [[FAN, FLUTE], [BLOSSOM, BLOSSOM]]})
    page.wait_for_selector('.lesson[data-state="other"]')
    assert said(page) == step["others"][0]["say"]["cs"]
    assert page.get_attribute("html", "data-move") == move and page.get_attribute("html", "data-lesson-step") == "1"
    # A gift of three cards instead: the step's general words; still nothing played.
    page.keyboard.press("Escape")
    select(page, [FAN, UMBRELLA, TEACUP])
    page.click('.hk-you .hk-marker[data-action="gift"]')
    page.wait_for_function("(text) => document.querySelector('#lesson-say').textContent === text", arg=step["other"]["cs"])
    assert page.get_attribute("html", "data-move") == move
    # The asked pairing plays, and the lesson goes on to its end.
    page.keyboard.press("Escape")
    for k in range(1, len(x["steps"])):
        do_step(page, x["steps"][k], k, moves[k], act)
    page.wait_for_selector("html[data-lesson-done]")
    assert said(page).startswith(x["done"]["cs"])
    assert not w.errors, w.errors


# (lesson, step) -> what the screenshot shows: the geishas pointed at, the secret asked (cards and
# marker marked), the pairing chooser of a competition, the computer's gift to take from, the
# computer's pairs, the round's summary, the favour markers after it.
SHOWN = [(1, 0), (1, 3), (3, 3), (4, 1), (4, 3), (5, 11), (5, 12)]


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "en"), (SMALL_PHONE, "cs"), (DESKTOP, "de")],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_steps_on_screen_at_phone_and_desktop_sizes(watch, site, size, lang):
    """A few steps as the player sees them, each size in another language (the longest words on
    the smallest phone): the lesson's words, the marks and the decision's controls inside the
    screen; the screenshots are for looking at."""
    SHOTS.mkdir(exist_ok=True)
    locale = {"en": "en-US", "de": "de-DE", "cs": "cs-CZ"}[lang]
    w = watch(locale=locale, viewport={"width": size[0], "height": size[1]}, service_workers="block")
    page = w.page
    for n in sorted({n for n, _ in SHOWN}):
        wanted = {k for m, k in SHOWN if m == n}
        last = max(wanted)
        x = LESSONS[n - 1]
        moves = moves_of(GAME, x)
        scored = scored_at(x)
        open_page(page, site, GAME, n)
        for k, step in enumerate(x["steps"][:last + 1]):
            at_step(page, k)
            wait = step["wait"]
            asked = wait["action"] if isinstance(wait, dict) else None
            chooser = False
            if k in wanted:
                shot(page, f"learn-hanamikoji-{n}-{k}-{size[0]}x{size[1]}-{lang}", step, lang)
                chooser = asked is not None and asked["type"] == "competition"
            if k == last:
                break
            if k in scored:
                close_summary(page)
            if chooser:  # the chooser is open with the four cards selected: its pairing makes the move
                move = page.get_attribute("html", "data-move")
                pairing_button(page, asked["pairs"]).click()
                page.wait_for_selector(f'html:not([data-move="{move}"])')
            else:
                do_step(page, step, k, moves[k], act)
    assert not w.errors, w.errors


def shot(page, name: str, step: dict, lang: str) -> None:
    """A screenshot of the step as the player sees it, and what it needs inside the screen: the
    lesson's words, Next where it is shown, the controls of the decision at hand."""
    wait = step["wait"]
    asked = wait["action"] if isinstance(wait, dict) else None
    needed = ["#lesson-say"]
    if wait == "turn":
        # The round's summary over the board while the step asks for Continue.
        page.wait_for_selector("#hk-continue")
        needed.append("#hk-continue")
    else:
        page.wait_for_function("(text) => document.querySelector('#lesson-say')?.textContent === text",
                               arg=step["say"][lang])
        if wait != "next":  # while a words step is read, the computer waits
            page.wait_for_selector(HUMAN)
        if wait == "next":
            needed.append("#lesson-next")
        if "point" in step:
            page.wait_for_selector(".lesson-pointed")
        if asked and asked["type"] == "competition":
            # The four cards selected and Competition tapped: the pairing chooser, the asked pairing marked.
            select(page, [g for pair in asked["pairs"] for g in pair])
            page.click('.hk-you .hk-marker[data-action="competition"]')
            page.wait_for_selector(".hk-pairing .is-suggested")
            needed.append(".hk-pairing button[data-pairing]")
        elif asked and asked["type"].startswith("pick"):
            page.wait_for_selector(".hk-offer .is-suggested")
            needed.append(".hk-offer-choices")
        else:
            if asked:
                page.wait_for_selector(".hk-you .is-suggested")
            needed.append(".hk-you .hk-hand")
    # The summary and the chooser fade in: the screenshot shows them once their animations ended.
    page.wait_for_function("() => Promise.all(document.getAnimations()"
                           ".filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished))"
                           ".then(() => true)", timeout=10_000)
    settle(page)
    snap(page, path=str(SHOTS / f"{name}.png"))
    assert not outside(page, needed), (name, outside(page, needed))
