"""The game page (play.html) end to end, on the hidden test game Nim."""

from __future__ import annotations

from drivers import new_game

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
    assert toast.is_visible() and "Rounds: 6 rounds, from the next game on" in toast.inner_text(), toast.inner_text()
    new_game(w.page)
    w.page.wait_for_function("() => document.body.innerText.includes('Round 1 of 6')", timeout=60_000)
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert not (toast.is_visible() and "next game" in toast.inner_text()), toast.inner_text()
    assert w.errors == []


def test_on_a_phone_the_last_move_is_said_above_the_board(site, watch):
    """The log is below the board on a phone: the last move is shown above it, in view (and on a
    wide screen too, where the log's newest line may be out of its scroll)."""
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
    assert last.is_visible()  # above the board at every size (issue 25)


def test_new_game_asks_before_it_ends_a_game_under_way(site, watch):
    w = watch(viewport={"width": 1280, "height": 800})
    w.page.goto(site + "play.html?game=nim&level=hard&pace=50")
    w.page.wait_for_selector(READY_TURN, timeout=90_000)
    if w.page.get_attribute("html", "data-move") == "0":
        w.page.locator(".nim-buttons button:not([disabled])").first.click()
        w.page.wait_for_selector('html:not([data-move="0"])')
        w.page.wait_for_selector(READY_TURN)
    move = w.page.get_attribute("html", "data-move")
    w.page.click("#new-game")
    dialog = w.page.locator("dialog#confirm-new")
    assert dialog.is_visible() and f"move {move}" in dialog.inner_text()
    w.page.click("#confirm-new-keep")  # the player's game stays
    assert not dialog.is_visible() and w.page.get_attribute("html", "data-move") == move
    w.page.click("#new-game")
    w.page.keyboard.press("Escape")  # as good as "Keep playing"
    assert not dialog.is_visible() and w.page.get_attribute("html", "data-move") == move
    new_game(w.page)
    w.page.wait_for_selector('html[data-move="0"], html[data-move="1"]', timeout=60_000)
    assert w.errors == []


def test_on_a_phone_the_controls_fold_into_one_labelled_menu_and_the_board_gets_the_rest(site, watch):
    """Upright and on its side: one header row, one toolbar row, the last move, then the board with
    --board-h, its height to the bottom of the screen; every control keeps its label and 44 px."""
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="de-DE")
    w.page.goto(site + "play.html?game=nim&level=hard&pace=50")
    w.page.wait_for_selector(READY_TURN, timeout=90_000)
    page = w.page
    assert page.locator("#level").is_hidden() and page.locator("#new-game").is_hidden()
    toggle = page.locator("#menu-toggle")
    assert toggle.inner_text().strip().endswith("Menü") and toggle.get_attribute("aria-expanded") == "false"
    for box in (toggle.bounding_box(), page.locator(".brand").bounding_box()):
        assert box["height"] >= 44 and box["width"] >= 44, box
    toggle.click()
    page.click("#preferences > summary")  # the pace is in the toolbar's Settings ("Einstellungen")
    for control, label in (("#level", "Stufe"), ("#speed", "Tempo")):
        assert page.locator(control).is_visible()
        assert page.locator(f"label:has({control})").inner_text().startswith(label)
        assert page.locator(control).bounding_box()["height"] >= 44
    page.keyboard.press("Escape")  # the innermost first: the Settings close, the menu stays
    assert page.locator("#speed").is_hidden() and page.locator("#level").is_visible()
    page.keyboard.press("Escape")
    assert page.locator("#level").is_hidden() and toggle.get_attribute("aria-expanded") == "false"
    for width, height, rows in ((390, 844, 2), (844, 390, 1)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        fit = page.evaluate("""() => {
          const board = document.querySelector("#board");
          return { top: board.getBoundingClientRect().top, given: board.style.getPropertyValue("--board-h"),
                   header: document.querySelector(".site-header").getBoundingClientRect(),
                   toolbar: document.querySelector(".toolbar").getBoundingClientRect() };
        }""")
        assert fit["given"] == f"{int(height - fit['top'] - 8)}px", fit
        side_by_side = abs(fit["header"]["top"] - fit["toolbar"]["top"]) < 2
        assert side_by_side == (rows == 1), fit  # on its side the header and the toolbar share a row
        assert fit["top"] <= (150 if rows == 2 else 110), fit  # little chrome above the board
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(100)
    fit = page.evaluate("() => [document.querySelector('#board').getBoundingClientRect().top, document.querySelector('#board').style.getPropertyValue('--board-h')]")
    assert fit[1] == f"{int(800 - fit[0] - 8)}px", fit  # a desktop board may use it too (a Koi-Koi summary does)
    assert page.locator("#level").is_visible() and toggle.is_hidden()
    assert w.errors == []


def test_in_a_1000px_embed_no_toolbar_control_is_squeezed(site, watch):
    """Hanabi's toolbar (level, players, seat, speed, new game, rules) in a 1000 px wide embed: every
    label and menu is shown whole ("Seat" was cut to "Sea"); the prompt takes a row of its own."""
    w = watch(viewport={"width": 1000, "height": 800})
    w.page.goto(site + "embed.html?game=hanabi&level=easy")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    squeezed = w.page.evaluate("""() => {
      const shown = [...document.querySelectorAll(".toolbar select, .toolbar button, .toolbar label > span")]
        .filter((e) => e.getClientRects().length);
      const cut = shown.map((e) => {
        const now = e.getBoundingClientRect().width;
        const style = e.style.cssText;
        e.style.width = "max-content";
        e.style.flex = "none";
        const need = e.getBoundingClientRect().width;
        e.style.cssText = style;
        return now + 1 < need ? `${e.tagName} ${e.textContent.trim().slice(0, 20)}: ${now} < ${need}` : null;
      }).filter(Boolean);
      const bar = document.querySelector(".toolbar");
      if (bar.scrollWidth > bar.clientWidth + 1) cut.push(`the toolbar runs over: ${bar.scrollWidth} > ${bar.clientWidth}`);
      return cut;
    }""")
    assert squeezed == []
    assert w.errors == []


def test_a_finished_game_opens_again_from_the_start_page_beside_the_running_one(site, watch):
    """A finished game is kept (js/finished.js): the start page's last games link to its replay,
    which opens over the running game of the same kind without touching its save; "Play again"
    there goes back to the running game; a link to a game no longer kept says so and shows the game's own page."""
    w = watch()
    page = w.page
    page.goto(site + "play.html?game=nim&level=hard&pace=30")
    play_nim_to_the_end(page)
    page.wait_for_selector("dialog#result[open]")
    final, moves = page.locator(".nim-pile").inner_text(), page.locator("#log li").count()
    page.click("#rematch")
    page.wait_for_selector('html[data-turn="human"][data-move="0"]')
    page.locator(".nim-buttons button:not([disabled])").first.click()
    page.wait_for_selector('html[data-turn="human"]:not([data-move="0"])', timeout=60_000)
    running = page.evaluate("() => JSON.parse(localStorage.getItem('cardgarden.save.nim'))")
    assert running["move"] == int(page.get_attribute("html", "data-move")) > 0
    page.goto(site)
    link = page.locator('.recent-table tr[data-game="nim"] .recent-open a')
    assert link.count() == 1 and "finished=" in link.get_attribute("href") and link.inner_text() == "Replay"
    assert "last 10 finished games" in page.locator(".recent-kept").inner_text()
    link.click()
    page.wait_for_selector("dialog#result[open]", timeout=90_000)
    assert page.locator(".nim-pile").inner_text() == final and page.locator("#log li").count() == moves
    page.click("#replay-open")
    page.wait_for_selector('html[data-replay-move="0"]')
    page.click("#replay-close")
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('cardgarden.save.nim'))")
    assert saved == running  # the running game's save is untouched
    assert len(page.evaluate("() => JSON.parse(localStorage.getItem('cardgarden.history'))")) == 1  # not recorded twice
    page.click("#rematch")  # "Play again" over a kept game: the game's own page, its running game back
    page.wait_for_selector(f'html[data-turn="human"][data-move="{running["move"]}"]', timeout=60_000)
    assert "finished=" not in page.url
    page.goto(site + "play.html?game=nim&finished=nim-gone")
    # Not kept here: a notice says so, and the game's own page follows, its running game offered back.
    page.wait_for_selector("#notice-finished-missing", timeout=90_000)
    assert "not kept on this device" in page.locator("#notice-finished-missing").inner_text()
    page.wait_for_selector('dialog#resume[open], html[data-turn="human"]', timeout=60_000)
    if page.locator("dialog#resume[open]").count():
        page.click("#resume-continue")
    page.wait_for_selector(f'html[data-turn="human"][data-move="{running["move"]}"]', timeout=60_000)
    assert "finished=" not in page.url
    again = page.evaluate("() => JSON.parse(localStorage.getItem('cardgarden.save.nim'))")
    assert {**again, "saved_at": None} == {**running, "saved_at": None}  # saved again on reopening, the same game
    assert w.errors == []


def test_the_address_seed_deals_the_first_game_and_a_bad_one_is_said(site, watch):
    """?seed=N deals the page's first game from seed N (the engine's deal, as a test or a shared link
    wants it); a seed the engine refuses is said like any bad setting, and New game still deals."""
    w = watch()
    w.page.goto(site + "play.html?game=nim&seed=43&pace=0")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert w.page.locator(".nim-pile").inner_text().split()[0] == "10"  # pygame_core.new_game("nim", seed=43)
    bad = watch()
    bad.page.goto(site + "play.html?game=nim&seed=abc&pace=0")
    bad.page.wait_for_function("() => document.querySelector('#toast')?.innerText.includes('not valid')", timeout=90_000)
    assert bad.page.locator("html[data-turn]").count() == 0 or bad.page.get_attribute("html", "data-turn") != "human"
    bad.page.click("#new-game")
    bad.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert w.errors == [] and bad.errors == []
