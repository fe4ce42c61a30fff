"""The lesson runner in the browser (issue 41), on the test game Nim with a course of its own
served to the page (learn/nim.json): a lesson walked to its end, a move that does not fit a
step answered in words and never played, a reload mid-lesson back at the same step, the
running game's save and the history untouched, a lesson that does not exist or a course that
cannot be read said as such, and the lessons offered once on a game's first visit."""

from __future__ import annotations

import json

from viewport import PHONE

PLAYING = 'html[data-game-state="playing"]'
HUMAN = 'html[data-turn="human"]'

NIM_COURSE = {
    "format": 1,
    "game": "nim",
    "lessons": [
        {
            "id": "take",
            "title": {"en": "Taking stones", "de": "Steine nehmen", "cs": "Braní kamenů"},
            "goal": {"en": "Take stones from the pile.", "de": "Nimm Steine vom Haufen.", "cs": "Ber kameny z hromádky."},
            "seed": 2**53 - 7,
            "level": "hard",
            "options": {"pile": 10},
            "steps": [
                {"say": {"en": "A pile of ten stones.", "de": "Ein Haufen aus zehn Steinen.", "cs": "Hromádka deseti kamenů."},
                 "wait": "next"},
                {"say": {"en": "Take two stones.", "de": "Nimm zwei Steine.", "cs": "Vezmi dva kameny."},
                 "wait": {"action": {"take": 2}},
                 "other": {"en": "That takes another number; take two.", "de": "Das nimmt eine andere Zahl; nimm zwei.",
                           "cs": "Tím vezmeš jiný počet; vezmi dva."},
                 "others": [{"match": {"take": 3}, "say": {"en": "Three is one too many here.",
                                                           "de": "Drei ist hier einer zu viel.",
                                                           "cs": "Tři jsou tu o jeden víc."}}]},
                {"say": {"en": "The computer takes its turn.", "de": "Der Computer ist am Zug.", "cs": "Počítač je na tahu."},
                 "wait": "turn"},
                {"say": {"en": "Take any number now.", "de": "Nimm jetzt beliebig viele.", "cs": "Teď vezmi kolik chceš."},
                 "wait": "any"},
            ],
            "done": {"en": "You took stones.", "de": "Du hast Steine genommen.", "cs": "Bral jsi kameny."},
        },
        {
            "id": "again",
            "title": {"en": "Once more", "de": "Noch einmal", "cs": "Ještě jednou"},
            "goal": {"en": "Take once more.", "de": "Nimm noch einmal.", "cs": "Ber ještě jednou."},
            "seed": 3,
            "level": "easy",
            "options": {"pile": 5},
            "steps": [
                {"say": {"en": "Take one.", "de": "Nimm einen.", "cs": "Vezmi jeden."}, "wait": {"kind": {"take": 1}},
                 "other": {"en": "Take one.", "de": "Nimm einen.", "cs": "Vezmi jeden."}},
            ],
            "done": {"en": "Done.", "de": "Fertig.", "cs": "Hotovo."},
        },
    ],
}


def serve_course(context, course=NIM_COURSE) -> None:
    """The site's learn/nim.json is this course (Nim is a test game: the site ships none)."""
    body = course if isinstance(course, str) else json.dumps(course)
    context.route("**/learn/nim.json", lambda route: route.fulfill(body=body, content_type="application/json"))


def lesson_page(watch, site, n=1, lang="en-US", course=NIM_COURSE, query=""):
    w = watch(locale=lang, viewport={"width": PHONE[0], "height": PHONE[1]}, service_workers="block")
    serve_course(w.context, course)
    w.page.goto(site + f"play.html?game=nim&learn={n}&pace=0{query}")
    return w


def step(page) -> str:
    return page.get_attribute("html", "data-lesson-step")


def take(page, n: int) -> None:
    page.wait_for_selector(HUMAN)
    page.click(f'button[data-take="{n}"]')


def test_a_lesson_walked_to_its_end(watch, site):
    w = lesson_page(watch, site)
    page = w.page
    page.wait_for_selector('html[data-lesson="nim-1"][data-lesson-step="0"]', timeout=90_000)
    page.wait_for_selector(PLAYING)
    assert page.text_content("#lesson-title") == "Lesson 1 of 2: Taking stones"
    assert page.text_content("#lesson-say") == "A pile of ten stones."
    page.click("#lesson-next")
    page.wait_for_selector('html[data-lesson-step="1"]')
    assert page.text_content("#lesson-say") == "Take two stones."
    take(page, 2)
    # The computer's turn passes by itself; then any move, and the lesson is done.
    page.wait_for_selector('html[data-lesson-step="3"]')
    take(page, 1)
    page.wait_for_selector("html[data-lesson-done]")
    assert page.text_content("#lesson-say") == "You took stones."
    assert page.is_visible("#lesson-more") and page.is_visible("#lesson-list")
    assert page.get_attribute("#lesson-more", "href").endswith("play.html?game=nim&learn=2")
    # Ticked on this device; the game plays on freely after the lesson.
    assert json.loads(page.evaluate("localStorage.getItem('cardgarden.learn.nim')"))["done"] == ["take"]
    assert not w.errors, w.errors


def test_a_move_that_does_not_fit_is_answered_and_never_played(watch, site):
    w = lesson_page(watch, site, lang="de-DE")
    page = w.page
    page.wait_for_selector('html[data-lesson-step="0"]', timeout=90_000)
    page.wait_for_selector(PLAYING)
    # A move during a words step answers the step after it.
    take(page, 1)
    page.wait_for_selector('.lesson[data-state="other"]')
    assert page.text_content("#lesson-say") == "Das nimmt eine andere Zahl; nimm zwei."
    assert page.get_attribute("html", "data-move") == "0" and step(page) == "0"
    take(page, 3)
    page.wait_for_function("() => document.querySelector('#lesson-say').textContent === 'Drei ist hier einer zu viel.'")
    assert page.get_attribute("html", "data-move") == "0"
    page.click("#lesson-again")
    assert page.text_content("#lesson-say") == "Ein Haufen aus zehn Steinen."
    take(page, 2)
    page.wait_for_selector('html[data-lesson-step="3"]')
    assert not w.errors, w.errors


def test_a_reload_mid_lesson_comes_back_at_the_same_step(watch, site):
    w = lesson_page(watch, site)
    page = w.page
    page.wait_for_selector('html[data-lesson-step="0"]', timeout=90_000)
    page.wait_for_selector(PLAYING)
    page.click("#lesson-next")
    take(page, 2)
    page.wait_for_selector('html[data-lesson-step="3"]')
    page.wait_for_selector(HUMAN)
    move = page.get_attribute("html", "data-move")
    page.wait_for_function("(m) => JSON.parse(localStorage.getItem('cardgarden.learn.save.nim') || '{}').move === m",
                           arg=int(move))  # saved: a reload before that comes back a move earlier
    page.reload()
    page.wait_for_selector('html[data-lesson="nim-1"][data-lesson-step="3"]', timeout=90_000)
    page.wait_for_selector(HUMAN)
    assert page.get_attribute("html", "data-move") == move
    assert page.text_content("#lesson-say") == "Take any number now."
    # Start the lesson again: its deal from the first step.
    page.click("#menu-toggle")
    page.click("#new-game")
    page.click("#confirm-new-start")
    page.wait_for_selector('html[data-lesson-step="0"][data-move="0"]')
    assert not w.errors, w.errors


def test_a_lesson_leaves_the_running_game_and_the_history_alone(watch, site):
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, service_workers="block")
    serve_course(w.context)
    page = w.page
    page.goto(site + "play.html?game=nim&level=easy&pace=0")
    page.wait_for_selector(HUMAN, timeout=90_000)
    take(page, 1)
    page.wait_for_selector('html[data-move="2"][data-turn="human"]')  # the computer answered: saved
    page.wait_for_function("() => JSON.parse(localStorage.getItem('cardgarden.save.nim') || '{}').move === 2")
    running = page.evaluate("localStorage.getItem('cardgarden.save.nim')")
    assert running
    page.goto(site + "play.html?game=nim&learn=2&pace=0")
    page.wait_for_selector('html[data-lesson="nim-2"]', timeout=90_000)
    take(page, 1)
    page.wait_for_selector("html[data-lesson-done]")
    # Play the lesson's game to its end: no result in the history, the running game's save as it was.
    while page.get_attribute("html", "data-game-state") != "over":
        page.wait_for_selector(f'{HUMAN}, html[data-game-state="over"]')
        if page.get_attribute("html", "data-game-state") == "over":
            break
        move = page.get_attribute("html", "data-move")
        page.locator("button[data-take]:not([disabled])").first.click()
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    assert not page.is_visible("#result")
    assert page.evaluate("localStorage.getItem('cardgarden.save.nim')") == running
    assert page.evaluate("localStorage.getItem('cardgarden.history')") is None
    assert page.evaluate("localStorage.getItem('cardgarden.learn.save.nim')") is None  # the finished lesson game goes
    assert not w.errors, w.errors


def test_a_lesson_that_cannot_be_had_is_said(watch, site):
    w = lesson_page(watch, site, n=9)
    w.page.wait_for_selector('html[data-game-state="lesson-missing"]', timeout=90_000)
    assert w.page.text_content("#play-error").startswith("This lesson does not exist.")
    w = lesson_page(watch, site, course="{not json")
    w.page.wait_for_selector('html[data-game-state="lesson-failed"]', timeout=90_000)
    assert "could not be loaded" in w.page.text_content("#play-error")


def test_the_lessons_are_offered_once(watch, site):
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, service_workers="block")
    page = w.page
    page.goto(site + "play.html?game=hanamikoji&pace=0")
    page.wait_for_selector("#notice-learn-offer", timeout=90_000)
    assert "Hanamikoji" in page.text_content("#notice-learn-offer")
    page.click("#learn-offer-dismiss")
    assert page.locator("#notice-learn-offer").count() == 0
    page.reload()
    page.wait_for_selector(PLAYING, timeout=90_000)
    page.wait_for_timeout(300)
    assert page.locator("#notice-learn-offer").count() == 0
    # Another game's first visit offers its own; taking it opens its first lesson.
    page.goto(site + "play.html?game=nim&pace=0")
    serve_course(w.context)
    page.wait_for_selector("#notice-learn-offer", timeout=90_000)
    page.click("#learn-offer-take")
    page.wait_for_selector('html[data-lesson="nim-1"]', timeout=90_000)
    assert page.url.endswith("play.html?game=nim&learn=1")
    assert not w.errors, w.errors


def test_a_lesson_is_said_in_every_language_skipped_and_replayed(watch, site):
    w = lesson_page(watch, site)
    page = w.page
    page.wait_for_selector('html[data-lesson-step="0"]', timeout=90_000)
    page.wait_for_selector(PLAYING)
    for lang, title, words in (("de", "Lektion 1 von 2: Steine nehmen", "Ein Haufen aus zehn Steinen."),
                               ("cs", "Lekce 1 z 2: Braní kamenů", "Hromádka deseti kamenů."),
                               ("en", "Lesson 1 of 2: Taking stones", "A pile of ten stones.")):
        page.click(f'.lang-switch button[data-lang="{lang}"]')
        page.wait_for_selector(f'html[lang="{lang}"]')
        assert (page.text_content("#lesson-title"), page.text_content("#lesson-say")) == (title, words)
    # Walked to its end, then opened again: replayed from its first step and its deal.
    page.click("#lesson-next")
    take(page, 2)
    page.wait_for_selector('html[data-lesson-step="3"]')
    take(page, 1)
    page.wait_for_selector("html[data-lesson-done]")
    # The last move saved with the lesson done (a page left before that comes back at the last step).
    page.wait_for_function("() => JSON.parse(localStorage.getItem('cardgarden.learn.save.nim') || '{}').lesson?.step === 4")
    page.goto(site + "play.html?game=nim&learn=1&pace=0")
    page.wait_for_selector('html[data-lesson="nim-1"][data-lesson-step="0"][data-move="0"]', timeout=90_000)
    assert page.get_attribute("html", "data-lesson-done") is None
    # Skipped from the menu: the next lesson; skipping ticks nothing.
    page.click("#menu-toggle")
    page.click("#lesson-skip")
    page.wait_for_selector('html[data-lesson="nim-2"][data-lesson-step="0"]', timeout=90_000)
    assert json.loads(page.evaluate("localStorage.getItem('cardgarden.learn.nim')"))["done"] == ["take"]
    assert not w.errors, w.errors
