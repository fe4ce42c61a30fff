"""Lessons and the Learn list with a keyboard and a screen reader (issue 41): axe finds nothing
serious on the start page's Learn section, on a lesson's words step, on a step answered for a
move that does not fit, and on a finished lesson; Next and the lesson's links work from the
keyboard; the first-visit offer is audited too."""

from __future__ import annotations

from lesson_driver import do_step, open_lesson
from lesson_walk import course, walk
from test_a11y import BOOT_MS, Audit
from test_learn_hanabi import act as hanabi_act


def test_the_learn_list_and_a_lesson_have_no_serious_finding(site, watch):
    a = Audit(watch, site, viewport={"width": 390, "height": 844})
    page = a.page
    page.goto(site)
    page.wait_for_selector(".learn-game .learn-lessons a", timeout=BOOT_MS)
    a.check("learn list")
    # The Hanabi course's first lesson from the keyboard: its first step is words, Next by Enter.
    game, n = "hanabi", 1
    lesson = course(game)["lessons"][n - 1]
    moves = walk(game, lesson)
    open_lesson(page, site, game, n)
    a.check("lesson words step")
    assert lesson["steps"][0]["wait"] == "next"
    page.focus("#lesson-next")
    page.keyboard.press("Enter")
    page.wait_for_function("() => Number(document.documentElement.dataset.lessonStep) >= 1")
    k = next(i for i, step in enumerate(lesson["steps"]) if isinstance(step["wait"], dict))
    for i in range(1, k):
        do_step(page, lesson["steps"][i], i, moves[i], hanabi_act)
    # A move that does not fit: a blind play of card 1 (the step asks for a clue).
    page.wait_for_selector('html[data-turn="human"]')
    assert moves[k]["type"] != "play"
    hanabi_act(page, {"type": "play", "slot": 0})
    page.wait_for_selector('.lesson[data-state="other"]')
    a.check("a move that does not fit")
    page.click("#lesson-again")
    for i in range(k, len(lesson["steps"])):
        do_step(page, lesson["steps"][i], i, moves[i], hanabi_act)
    page.wait_for_selector("html[data-lesson-done]")
    a.check("lesson done")
    page.focus("#lesson-more")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'html[data-lesson="{game}-2"]', timeout=BOOT_MS)
    # The first-visit offer on a game's page.
    page.goto(site + "play.html?game=koikoi&pace=30")
    page.wait_for_selector("#notice-learn-offer", timeout=BOOT_MS)
    a.check("learn offer")
    a.done()
