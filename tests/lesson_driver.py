"""A lesson walked in the browser as a player walks it (issue 41): open
play.html?game=<game>&learn=<n>, and for each step tap Next, wait while the other
seats move, or make the move the step asks for through the board (the caller's
`act(page, action)`, a game's own clicks). The moves are the ones the engine walk
(lesson_walk.walk) finds for each step: with the arranged deal and deterministic bots
the page plays the very same game."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lesson_walk import course, walk

HUMAN = 'html[data-turn="human"]'
STEP_MS = 60_000


def open_lesson(page, site: str, game: str, n: int, query: str = "") -> None:
    """The lesson's page, its first board drawn and its step marked."""
    page.goto(site + f"play.html?game={game}&learn={n}&pace=0{query}")
    page.wait_for_selector(f'html[data-lesson="{game}-{n}"][data-lesson-step]', timeout=90_000)
    page.wait_for_selector('html[data-game-state="playing"], html[data-game-state="over"]', timeout=90_000)


def at_step(page, k: int) -> None:
    """Wait until the lesson reached step k (a "turn" step may pass at once: then it is past it)."""
    page.wait_for_function("(k) => Number(document.documentElement.dataset.lessonStep) >= k", arg=k, timeout=STEP_MS)


def do_step(page, step: dict, k: int, action: dict | None, act) -> None:
    """Pass step k: Next, a wait for the other seats, or the move (through `act`)."""
    at_step(page, k)
    wait = step["wait"]
    if wait == "next":
        page.click("#lesson-next")
    elif wait == "turn":
        pass  # it passes by itself once the player decides again
    else:
        page.wait_for_selector(HUMAN, timeout=STEP_MS)
        move = page.get_attribute("html", "data-move")
        act(page, action)
        try:
            page.wait_for_selector(f'html:not([data-move="{move}"])', timeout=15_000)
        except PlaywrightTimeout:
            # A tap that landed while the board drew the other side's move anew (the element under the
            # pointer replaced between press and release) is lost, as a player's would be: the player
            # taps again. Never past a refusal: a move the step refused is said, and that fails here.
            assert page.get_attribute("#lesson", "data-state") != "other", page.text_content("#lesson-say")
            page.wait_for_selector(HUMAN, timeout=STEP_MS)
            act(page, action)
            page.wait_for_selector(f'html:not([data-move="{move}"])', timeout=STEP_MS)


def complete_lesson(page, site: str, game: str, n: int, act, *, shots=None, query: str = "") -> None:
    """Open lesson n of `game` and walk every step to its end (data-lesson-done). `shots`
    (optional: (page, k) -> None) is called at each step before it passes (screenshots)."""
    lesson = course(game)["lessons"][n - 1]
    moves = walk(game, lesson)
    open_lesson(page, site, game, n, query)
    for k, (step, action) in enumerate(zip(lesson["steps"], moves)):
        at_step(page, k)
        if shots:
            shots(page, k)
        do_step(page, step, k, action, act)
    page.wait_for_selector("html[data-lesson-done]", timeout=STEP_MS)
