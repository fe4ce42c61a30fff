"""The Hanabi course (web/learn/hanabi.json, issue 41).

Engine side: what each step says of the table is true when the step is shown (the cards it
names, the clue Ana gives, the strike, the chop, how Ana reads a clue: the clue panel's own
preview), and Ana's moves are the same whatever the seed, so no lesson leans on a lucky one.

Browser side: every lesson completed to the end at 390x844 in English through the board's own
controls; a wrong move answered with the step's words and the lesson going on; screenshots of
a few steps at 390x844, 360x740 and 1280x800 in test-results/ for people to look at; the
longest German and Czech steps on a 360x740 phone.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine_helpers import data
from lesson_driver import HUMAN, at_step, complete_lesson, do_step
from lesson_driver import open_lesson as open_page
from lesson_walk import MAX_SEED, course, fits, open_lesson, walk
from pygame_core.hanabi.cards import COLOURS, parse_card, short_name
from viewport import DESKTOP, PHONE, SMALL_PHONE, outside, settle, snap

SHOTS = Path(__file__).resolve().parents[1] / "test-results"

COURSE = course("hanabi")
LESSONS = {lesson["id"]: lesson for lesson in COURSE["lessons"]}


def card_of(lesson: dict, card_id: int) -> str:
    """What a card really is ("r1"): a card's id is its place in the arranged deck."""
    return short_name(parse_card(lesson["options"]["deck"][card_id]))


def shown(card: dict) -> str:
    return card["colour"][0] + str(card["rank"])


def playable(card: str, stacks: dict) -> bool:
    colour = next(c for c in COLOURS if c[0] == card[0])
    return stacks[colour] + 1 == int(card[1])


def chop(hand: list[dict]) -> int | None:
    """The chop as the board marks it (web/games/hanabi/cards.js): the rightmost untouched card."""
    untouched = [i for i, card in enumerate(hand) if not card["clued"]]
    return untouched[-1] if untouched else None


def play_through(lesson: dict, seed: int | None = None) -> tuple[dict, list[tuple[int, dict]]]:
    """The lesson played as its steps ask, Ana moving at once after each of the player's moves
    (as on the page). Returns, for each step, the view while the step is shown once Ana has
    moved (an action step: the player's decision), and Ana's moves, each with the step whose
    move she answered."""
    if seed is not None:
        lesson = {**lesson, "seed": seed}
    view = open_lesson("hanabi", lesson)
    at: dict = {}
    moves: list[tuple[int, dict]] = []
    for k, step in enumerate(lesson["steps"]):
        wait = step["wait"]
        at[k] = view
        if not isinstance(wait, dict):
            continue
        legal = view["observation"]["legal_actions"]
        choice = next(a for a in legal if fits(wait, a))
        view = data({"cmd": "apply", "session": view["session"], "move": view["move"], "action": choice})
        while not view["is_over"] and view["waiting_for"] != "human":
            reply = data({"cmd": "bot", "session": view["session"], "move": view["move"]})
            moves.append((k, reply["action"]))
            view = reply["view"]
    at["end"] = view
    data({"cmd": "close", "session": view["session"]})
    return at, moves


def preview(view: dict, **clue) -> dict:
    return next(p for p in view["preview"] if all(p.get(key) == value for key, value in clue.items()))


def step_index(lesson: dict, wait) -> int:
    return next(k for k, step in enumerate(lesson["steps"]) if step["wait"] == wait)


def test_the_course_is_two_players_with_an_easy_teammate():
    """Ana is the one teammate; easy teammates clue only to make a card playable or to save one
    (seeds/hanabi-conventions.md, Levels), the habits the lessons teach."""
    for lesson in COURSE["lessons"]:
        assert lesson["options"]["players"] == 2 and lesson["level"] == "easy", lesson["id"]
        assert len(lesson["options"]["deck"]) == 50


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_ana_moves_the_same_whatever_the_seed(lesson_id):
    """The arranged deal, not the seed, makes each step's situation: with other seeds anywhere in
    the range (its edges included) Ana makes the same moves."""
    lesson = LESSONS[lesson_id]
    _, moves = play_through(lesson)
    rng = random.Random(41)
    for seed in (0, MAX_SEED, *(rng.randrange(MAX_SEED + 1) for _ in range(3))):
        assert play_through(lesson, seed)[1] == moves, seed


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_every_other_move_sentence_can_be_met(lesson_id):
    """Each `others` sentence answers a move the player can make at that step other than the
    one the step asks for (that one passes before any sentence is looked at)."""
    lesson = LESSONS[lesson_id]
    at, _ = play_through(lesson)
    for k, step in enumerate(lesson["steps"]):
        if not isinstance(step["wait"], dict):
            continue
        legal = at[k]["observation"]["legal_actions"]
        wanted = [a for a in legal if fits(step["wait"], a)]
        assert wanted, (lesson_id, k)
        for more in step.get("others", []):
            met = [a for a in legal if fits({"kind": more["match"]}, a) and a not in wanted]
            assert met, (lesson_id, k, more["match"])


def test_lesson_clues():
    lesson = LESSONS["clues"]
    at, moves = play_through(lesson)
    red = step_index(lesson, {"action": {"type": "clue", "target": 1, "colour": "red"}})
    one = step_index(lesson, {"action": {"type": "clue", "target": 1, "rank": 1}})
    o = at[red]["observation"]
    assert o["clues"] == 8 and o["stacks"]["red"] == 0
    ana = [shown(c) for c in o["hands"][1]]
    assert ana[1] == "r1" and [i for i, c in enumerate(ana) if c[0] == "r"] == [1]  # "card 2 is the Red 1"
    assert [i for i, c in enumerate(ana) if c[1] == "1"] == [1, 3] and ana[3] == "y1"  # a 1 clue: both
    assert all(c["colour"] is None for c in o["hands"][0])  # your own cards: never seen
    assert preview(at[red], colour="red") | {"focus": 1, "reading": "play"} == preview(at[red], colour="red")
    assert [m for k, m in moves if k == red] == [{"type": "play", "slot": 1}]
    o = at[one]["observation"]
    ana = [shown(c) for c in o["hands"][1]]
    assert o["stacks"]["red"] == 1 and ana[3] == "y1" and [i for i, c in enumerate(ana) if c[1] == "1"] == [3]
    assert o["hands"][1][0]["id"] not in {c["id"] for c in at[red]["observation"]["hands"][1]}  # drawn, on the left
    assert [m for k, m in moves if k == one] == [{"type": "play", "slot": 3}]
    end = at["end"]["observation"]
    assert end["score"] == 2 and end["clues"] == 6 and end["stacks"]["yellow"] == 1  # the done text


def test_lesson_discard_and_play():
    lesson = LESSONS["discard-and-play"]
    at, moves = play_through(lesson)
    o = at[0]["observation"]
    ana = [shown(c) for c in o["hands"][1]]
    assert ana[1] == "b1" and [i for i, c in enumerate(ana) if c[1] == "1"] == [1]
    assert [m for k, m in moves if k == 0] == [{"type": "play", "slot": 1}]
    o = at[2]["observation"]  # "none of Ana's cards fits now"; "card 5, marked chop"
    assert not any(playable(shown(c), o["stacks"]) for c in o["hands"][1])
    assert chop(o["hands"][0]) == 4 and o["clues"] == 7
    assert {"type": "discard", "slot": 4} in o["legal_actions"]
    assert [m for k, m in moves if k == 2] == [{"type": "clue", "target": 1, "colour": "red"}]
    o = at[4]["observation"]  # a token won back, then Ana's clue spent one
    assert o["clues"] == 7 and [e["type"] for e in o["log"][-2:]] == ["draw", "clue"]
    mine = o["hands"][0]
    assert [i for i, c in enumerate(mine) if c["clued"]] == [3] and mine[3]["colours"] == ["red"]
    assert card_of(lesson, mine[3]["id"]) == "r1" and o["stacks"]["red"] == 0
    assert at["end"]["observation"]["stacks"]["red"] == 1


def test_lesson_strikes_and_end():
    lesson = LESSONS["strikes-and-end"]
    at, moves = play_through(lesson)
    o = at[1]["observation"]
    assert card_of(lesson, o["hands"][0][0]["id"]) == "g4" and o["stacks"]["green"] == 0 and o["strikes"] == 0
    o = at[2]["observation"]  # "It was the Green 4 ... a strike"
    assert o["strikes"] == 1 and shown(o["discards"][-1]) == "g4"
    assert [m for k, m in moves if k == 1] == [{"type": "clue", "target": 1, "colour": "blue"}]
    o = at[3]["observation"]
    mine = o["hands"][0]
    assert [i for i, c in enumerate(mine) if c["clued"]] == [2] and mine[2]["colours"] == ["blue"]
    assert card_of(lesson, mine[2]["id"]) == "b1" and o["stacks"]["blue"] == 0
    end = at["end"]["observation"]
    assert end["stacks"]["blue"] == 1 and end["strikes"] == 1 and not at["end"]["is_over"]


def test_lesson_play_clue():
    lesson = LESSONS["play-clue"]
    at, moves = play_through(lesson)
    o = at[1]["observation"]
    ana = [shown(c) for c in o["hands"][1]]
    assert ana[0] == "b1" and ana[2] == "b4" and [i for i, c in enumerate(ana) if c[0] == "b"] == [0, 2]
    blue = preview(at[1], colour="blue")
    assert blue["focus"] == 0 and blue["reading"] == "play" and blue["warn"] is None  # "plays card 1"
    assert [m for k, m in moves if k == 1] == [{"type": "play", "slot": 0}]
    o = at[3]["observation"]
    assert not any(playable(shown(c), o["stacks"]) for c in o["hands"][1])
    kept = [c for c in o["hands"][1] if c["clued"]]
    assert [shown(c) for c in kept] == ["b4"]  # "keeps the Blue 4"
    assert chop(o["hands"][0]) == 4
    assert [m for k, m in moves if k == 3] == [{"type": "clue", "target": 1, "colour": "green"}]
    o = at[4]["observation"]
    mine = o["hands"][0]
    assert [i for i, c in enumerate(mine) if c["clued"]] == [1, 3] and chop(mine) == 4
    assert [card_of(lesson, mine[i]["id"]) for i in (1, 3)] == ["g1", "g3"] and o["stacks"]["green"] == 0
    assert at["end"]["observation"]["stacks"]["green"] == 1


def test_lesson_save_clue():
    lesson = LESSONS["save-clue"]
    at, moves = play_through(lesson)
    o = at[0]["observation"]
    ana = o["hands"][1]
    assert chop(ana) == 4 and shown(ana[4]) == "g5"
    assert not any(playable(shown(c), o["stacks"]) for c in ana)  # "none of her cards fits now"
    five = preview(at[2], rank=5)
    assert five["focus"] == 4 and five["reading"] == "save" and five["warn"] is None  # "keeps card 5"
    green = preview(at[2], colour="green")
    assert green["focus"] == 4 and green["reading"] == "play" and green["warn"] == "strike"
    assert green["card"] == {"colour": "green", "rank": 5}
    o = at[3]["observation"]
    ana = o["hands"][1]
    assert shown(ana[4]) == "g5" and ana[4]["clued"] and chop(ana) == 3  # "her chop is now card 4"
    assert [m for k, m in moves if k == 2] == [{"type": "clue", "target": 1, "colour": "blue"}]
    o = at[4]["observation"]
    mine = o["hands"][0]
    assert [i for i, c in enumerate(mine) if c["clued"]] == [1] and mine[1]["colours"] == ["blue"]
    assert chop(mine) == 4 and card_of(lesson, mine[1]["id"]) == "b1" and o["stacks"]["blue"] == 0
    assert at["end"]["observation"]["stacks"]["blue"] == 1


def test_lesson_save_for_you():
    lesson = LESSONS["save-for-you"]
    at, moves = play_through(lesson)
    ana = [shown(c) for c in at[0]["observation"]["hands"][1]]
    assert ana[1] == "r1" and [i for i, c in enumerate(ana) if c[0] == "r"] == [1]
    assert [m for k, m in moves if k == 0] == [{"type": "clue", "target": 1, "rank": 2}]  # a save, not her play
    o = at[2]["observation"]
    mine = o["hands"][0]
    assert [i for i, c in enumerate(mine) if c["clued"]] == [4] and mine[4]["ranks"] == [2]
    assert card_of(lesson, mine[4]["id"]) == "y2" and not any(o["stacks"].values())  # "no firework has its 1"
    assert [shown(c) for c in o["hands"][1] if c["clued"]] == ["r1"]  # her Red 1 not played yet
    assert chop(mine) == 3  # "your new chop"
    ana = [shown(c) for c in at[3]["observation"]["hands"][1]]
    assert ana[3] == "y1" and [i for i, c in enumerate(ana) if c[0] == "y"] == [3]
    assert [m for k, m in moves if k == 3] == [{"type": "play", "slot": 3}]
    end = at["end"]["observation"]
    assert end["stacks"]["yellow"] == 1 and end["hands"][0][4]["clued"] and end["hands"][0][4]["ranks"] == [2]


# ---------------------------------------------------------------- in the browser

def act(page, action: dict) -> None:
    """Make `action` through Hanabi's board as a player does: a clue is the teammate's Clue
    button, then the colour or the number in the panel that opens; a play or a discard is a tap
    on the own card, then Play or Discard."""
    if action["type"] == "clue":
        page.click(f'.hb-mate[data-seat="{action["target"]}"] .hb-clue-button')
        value = f'[data-colour="{action["colour"]}"]' if "colour" in action else f'[data-rank="{action["rank"]}"]'
        page.click(f".hb-clue-choices .hb-clue-choice{value}")
    else:
        page.click(f'.hb-own-card[data-slot="{action["slot"]}"]')
        page.click(f'#hb-{action["type"]}')


def said(page) -> str:
    return page.text_content("#lesson-say")


def wait_said(page, text: str) -> None:
    page.wait_for_function("(text) => document.querySelector('#lesson-say')?.textContent === text", arg=text)


@pytest.mark.parametrize("n", range(1, len(COURSE["lessons"]) + 1), ids=list(LESSONS))
def test_every_lesson_walked_to_its_end_on_a_phone_in_english(watch, site, n):
    """Each lesson from its first step to its end at 390x844, every move a tap on the board; at
    every step the player reads its words with the lesson's panel and the own hand on the screen
    (a "turn" step may pass at once: the computer moves without a pause here)."""
    lesson = COURSE["lessons"][n - 1]
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True,
              service_workers="block")
    page = w.page
    words: list[str] = []

    def check(page, k):
        step = lesson["steps"][k]
        if step["wait"] == "turn":
            return
        wait_said(page, step["say"]["en"])
        words.append(said(page))
        settle(page)
        needed = ["#lesson-say", ".hb-you .hb-hand"] + (["#lesson-next"] if step["wait"] == "next" else [])
        assert not outside(page, needed), (k, outside(page, needed))

    complete_lesson(page, site, "hanabi", n, act, shots=check)
    assert words == [step["say"]["en"] for step in lesson["steps"] if step["wait"] != "turn"]
    last = n == len(COURSE["lessons"])
    assert said(page).startswith(lesson["done"]["en"])  # the last lesson adds where the next game is
    assert page.get_attribute("html", "data-lesson") == f"hanabi-{n}"
    assert page.is_visible("#lesson-play") == last and page.is_visible("#lesson-more") == (not last)
    assert not w.errors, w.errors


def test_a_wrong_move_is_answered_in_the_steps_words_and_the_lesson_goes_on(watch, site):
    """Lesson 1, the Red clue: a 1 clue, a blind play and a Blue clue are each answered with the
    step's words for that move (the general sentence for the Blue clue), nothing reaches the
    table, and the Red clue then passes and the lesson goes on to its end."""
    lesson = LESSONS["clues"]
    moves = walk("hanabi", lesson)
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True,
              service_workers="block")
    page = w.page
    open_page(page, site, "hanabi", 1)
    for k in (0, 1, 2):
        do_step(page, lesson["steps"][k], k, moves[k], act)
    at_step(page, 3)
    page.wait_for_selector(HUMAN)
    move = page.get_attribute("html", "data-move")
    step = lesson["steps"][3]
    assert step["wait"] == {"action": {"type": "clue", "target": 1, "colour": "red"}}
    tries = [({"type": "clue", "target": 1, "rank": 1}, step["others"][0]["say"]["en"]),
             ({"type": "play", "slot": 0}, step["others"][1]["say"]["en"]),
             ({"type": "clue", "target": 1, "colour": "blue"}, step["other"]["en"])]
    for action, words in tries:
        act(page, action)
        wait_said(page, words)
        assert page.get_attribute(".lesson", "data-state") == "other"
        assert page.get_attribute("html", "data-move") == move and page.get_attribute("html", "data-lesson-step") == "3"
        if action["type"] == "clue" and "rank" in action:
            settle(page)
            SHOTS.mkdir(exist_ok=True)
            snap(page, path=str(SHOTS / f"learn-hanabi-1-3-other-{PHONE[0]}x{PHONE[1]}.png"))
    assert page.locator(".hb-stack[data-height='0']").count() == 5  # nothing was played
    for k in range(3, len(lesson["steps"])):
        do_step(page, lesson["steps"][k], k, moves[k], act)
    page.wait_for_selector("html[data-lesson-done]")
    assert said(page).startswith(lesson["done"]["en"])
    assert page.text_content(".hb-stat-score .hb-stat-value") == "2/25"
    assert not w.errors, w.errors


# (lesson, step) -> what the screenshot shows: the words pointing at Ana's hand, the first clue
# marked, the strike pointed at, Ana's chop pointed at, the save with the clue panel open, the
# save on the player's own chop pointed at.
SHOWN = [(1, 1), (1, 3), (3, 2), (5, 0), (5, 2), (6, 2)]


# 390x844 is walked whole by the test above (every step's words and hand in view); the suite keeps the
# smallest phone and the desktop here (issue 41: the suite stays under 20 minutes).
@pytest.mark.parametrize("size", [SMALL_PHONE, DESKTOP], ids=lambda s: f"{s[0]}x{s[1]}")
def test_steps_on_screen_at_phone_and_desktop_sizes(watch, site, size):
    """A few steps as the player sees them, in English: the lesson's words, its marks, the own
    hand and the step's controls inside the screen; the screenshots are for looking at."""
    SHOTS.mkdir(exist_ok=True)
    phone = size != DESKTOP
    w = watch(viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone,
              service_workers="block")
    page = w.page
    for n in sorted({n for n, _ in SHOWN}):
        wanted = {k for m, k in SHOWN if m == n}
        last = max(wanted)
        lesson = COURSE["lessons"][n - 1]
        moves = walk("hanabi", lesson)
        open_page(page, site, "hanabi", n)
        for k, step in enumerate(lesson["steps"][:last + 1]):
            at_step(page, k)
            if k in wanted:
                wait_said(page, step["say"]["en"])
                if step["wait"] != "next":  # while a words step is read, Ana waits
                    page.wait_for_selector(HUMAN)
                needed = ["#lesson-say", ".hb-you .hb-hand"]
                if "point" in step:
                    page.wait_for_selector(".lesson-pointed")
                    needed.append(".lesson-pointed")
                if step["wait"] == "next":
                    needed.append("#lesson-next")
                elif step["wait"]["action"]["type"] == "clue":
                    # The move's marks, then the clue panel as the player opens it.
                    needed += [".hb-mate .hb-clue-button"]
                    settle(page)
                    snap(page, path=str(SHOTS / f"learn-hanabi-{n}-{k}-{size[0]}x{size[1]}.png"))
                    assert not outside(page, needed), (n, k, outside(page, needed))
                    page.click('.hb-mate[data-seat="1"] .hb-clue-button')
                    needed += [".hb-clue-choice"]
                settle(page)
                shot = "-panel" if step["wait"] != "next" and step["wait"]["action"]["type"] == "clue" else ""
                snap(page, path=str(SHOTS / f"learn-hanabi-{n}-{k}{shot}-{size[0]}x{size[1]}.png"))
                assert not outside(page, needed), (n, k, outside(page, needed))
            if k < last:
                do_step(page, step, k, moves[k], act)
    assert not w.errors, w.errors


@pytest.mark.parametrize(("lang", "n", "k"), [("cs", 1, 0), ("de", 2, 4)], ids=["cs-1-0", "de-2-4"])
def test_the_longest_words_fit_a_small_phone(watch, site, lang, n, k):
    """The course's longest step in Czech (lesson 1's first) and in German (lesson 2's play) at
    360x740: the words, Next or the move's controls, and the own hand all on the screen."""
    lesson = COURSE["lessons"][n - 1]
    moves = walk("hanabi", lesson)
    w = watch(locale={"cs": "cs-CZ", "de": "de-DE"}[lang], viewport={"width": SMALL_PHONE[0], "height": SMALL_PHONE[1]},
              is_mobile=True, has_touch=True, service_workers="block")
    page = w.page
    open_page(page, site, "hanabi", n)
    for j in range(k):
        do_step(page, lesson["steps"][j], j, moves[j], act)
    at_step(page, k)
    step = lesson["steps"][k]
    wait_said(page, step["say"][lang])
    page.wait_for_selector(HUMAN)
    needed = ["#lesson-say", ".hb-you .hb-hand"]
    if step["wait"] == "next":
        needed.append("#lesson-next")
    else:
        slot = step["wait"]["action"]["slot"]
        page.click(f'.hb-own-card[data-slot="{slot}"]')  # the card selected: its Play button
        needed += [f'.hb-own-card[data-slot="{slot}"]', f'#hb-{step["wait"]["action"]["type"]}']
    settle(page)
    SHOTS.mkdir(exist_ok=True)
    snap(page, path=str(SHOTS / f"learn-hanabi-{lang}-{n}-{k}-{SMALL_PHONE[0]}x{SMALL_PHONE[1]}.png"))
    assert not outside(page, needed), outside(page, needed)
    assert not w.errors, w.errors
