"""The game page (play.html) end to end, on the hidden test game Nim."""

from __future__ import annotations

READY_TURN = 'html[data-turn="human"], html[data-turn="over"]'


def play_nim_to_the_end(page) -> None:
    while True:
        page.wait_for_selector(READY_TURN, timeout=60_000)
        if page.get_attribute("html", "data-turn") == "over":
            return
        move = page.get_attribute("html", "data-move")
        page.locator(".nim-buttons button:not([disabled])").first.click()
        page.wait_for_selector(f'html:not([data-move="{move}"])')


def test_a_whole_game_through_the_page_with_rematch(site, watch):
    w = watch()
    w.page.goto(site + "play.html?game=nim&level=hard&pace=50")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert w.page.locator("#game-title").inner_text() == "Nim (test game)"
    assert w.page.locator("#level").input_value() == "hard"
    start = int(w.page.locator(".nim-pile").inner_text().split()[0])
    play_nim_to_the_end(w.page)
    w.page.wait_for_selector("dialog#result[open]")
    outcome = w.page.get_attribute("dialog#result", "data-outcome")
    assert outcome in {"win", "loss"}
    points = w.page.locator("#result-points").inner_text()
    assert points == ("Ranking points: 100 (level: Hard)" if outcome == "win" else "Ranking points: 10 (level: Hard)")
    log = w.page.locator("#log li").all_inner_texts()
    taken = sum(int(line.split()[-1]) for line in log)
    assert taken == start and log[0].startswith("You took")
    w.page.click("#rematch")
    w.page.wait_for_selector('html[data-game-state="playing"][data-move="0"]')
    assert w.page.locator("#log li").count() == 0
    assert w.errors == []


def test_the_ai_turn_locks_the_board_and_the_log_speaks_german(site, watch):
    w = watch(locale="de-DE")
    w.page.goto(site + "play.html?game=nim&pace=1500")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    w.page.click('button[data-take="1"]')
    w.page.wait_for_selector('html[data-turn="bot"]')
    assert w.page.locator("#turn").inner_text() == "Der Computer überlegt …"
    assert w.page.locator(".nim-buttons button:not([disabled])").count() == 0
    w.page.wait_for_selector('html[data-turn="human"]')
    assert w.page.locator("#log li").first.inner_text() == "Du: 1 genommen"
    w.page.click("#show-rules")
    assert "letzten Stein" in w.page.locator("#rules-body").inner_text()
    w.page.click("#rules-close")
    assert w.errors == []


def test_an_unknown_game_says_so(site, watch):
    for query in ("?game=chess", "?game=../engine/worker", ""):
        w = watch()
        w.page.goto(site + "play.html" + query)
        w.page.wait_for_selector('html[data-game-state="missing"]')
        assert "not available" in w.page.locator("#play-error").inner_text()
        assert w.page.locator("#new-game").is_disabled()


def test_the_end_screen_replays_the_game_move_by_move(site, watch):
    w = watch()
    w.page.goto(site + "play.html?game=nim&level=hard&pace=30")
    play_nim_to_the_end(w.page)
    w.page.wait_for_selector("dialog#result[open]")
    moves = len(w.page.locator("#log li").all())
    final = w.page.locator(".nim-pile").inner_text()
    w.page.click("#replay-open")
    w.page.wait_for_selector('html[data-replay-move="0"]')
    assert w.page.locator("#replay-position").inner_text() == f"Move 0 of {moves}"
    assert w.page.locator("#log li").count() == 0
    assert w.page.locator(".nim-buttons button:not([disabled])").count() == 0  # watched, not played
    w.page.click("#replay-next")
    w.page.wait_for_selector('html[data-replay-move="1"]')
    assert w.page.locator("#log li").count() == 1
    w.page.keyboard.press("ArrowRight")
    w.page.wait_for_selector('html[data-replay-move="2"]')
    w.page.click("#replay-last")
    w.page.wait_for_selector(f'html[data-replay-move="{moves}"]')
    assert w.page.locator(".nim-pile").inner_text() == final
    w.page.click("#replay-close")
    w.page.wait_for_selector("dialog#result[open]")
    assert w.errors == []


def test_a_notice_about_the_last_game_is_cleared_when_a_new_one_starts(site, watch):
    """Changing a setting mid-game says it applies from the next game; once that game has
    started, the notice is stale and goes (issue 16)."""
    w = watch(viewport={"width": 1280, "height": 800})
    w.page.goto(site + "play.html?game=koikoi")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    w.page.select_option("#setting-rounds", "6")
    toast = w.page.locator("#toast")
    assert toast.is_visible() and "next game" in toast.inner_text()
    w.page.click("#new-game")
    w.page.wait_for_function("() => document.body.innerText.includes('Round 1 of 6')", timeout=60_000)
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert not (toast.is_visible() and "next game" in toast.inner_text()), toast.inner_text()
    assert w.errors == []


def test_on_a_phone_the_last_move_is_said_above_the_board(site, watch):
    """The log is below the board on a phone: the last move is shown above it, in view."""
    w = watch(viewport={"width": 390, "height": 844})
    w.page.goto(site + "play.html?game=nim&level=hard&pace=50")
    w.page.wait_for_selector(READY_TURN, timeout=90_000)
    last = w.page.locator("#last-move")
    if w.page.locator("#log li").count() == 0:
        assert last.is_hidden()  # nothing has happened yet
        move = w.page.get_attribute("html", "data-move")
        w.page.locator(".nim-buttons button:not([disabled])").first.click()
        w.page.wait_for_selector(f'html:not([data-move="{move}"])')
        w.page.wait_for_selector(READY_TURN)
    assert last.is_visible()
    assert last.inner_text().removeprefix("Last move: ") == w.page.locator("#log li").last.inner_text()
    box = last.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844
    w.page.set_viewport_size({"width": 1280, "height": 800})
    assert last.is_hidden()  # beside the log, no second telling
