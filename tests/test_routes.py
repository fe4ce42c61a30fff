"""One engine per visit: the collection and every game are routes of one document.

A new visitor can click Play while Python is still starting; the game's page
shows the engine's progress and then its board, with the engine the start
page began to boot. Back returns to the collection, Forward to the game, and
neither boots the engine again. A game that leaves the page keeps its save
(the move on its way included) and lets go of it, so it can be opened again.
"""

from __future__ import annotations

import json

READY = 'html[data-engine="ready"]'
PLAYING = 'html[data-game-state="playing"]'
BOOT_MS = 90_000
HELD_LOCKS = "async () => (await navigator.locks.query()).held.map((l) => l.name)"


def wasm_fetches(w) -> int:
    return sum(url.endswith("/pyodide/pyodide.asm.wasm") for url in w.requests)


def test_play_at_once_then_back_and_forward_boot_the_engine_once(site, watch):
    w = watch(service_workers="block")  # every fetch of the engine's files is the engine's own
    # Pyodide's glue is held until Play has been clicked: the engine starts with the page's first
    # script and, on a quick machine, could otherwise be up before the page had loaded.
    held = []
    w.page.route("**/pyodide/pyodide.asm.mjs", lambda route: held.append(route))
    w.page.goto(site)
    play = w.page.locator('.game-card[data-game="hanamikoji"] a.button')
    # Play is offered before the engine is ready, and works.
    assert play.inner_text() == "Play"
    assert w.page.get_attribute("html", "data-engine") == "loading"
    play.click()
    assert w.page.url == site + "play.html?game=hanamikoji"
    assert w.page.get_attribute("html", "data-route") == "game"
    assert w.page.locator("#game-title").inner_text() == "Hanamikoji"
    assert w.page.locator("#shell #engine").is_visible()  # the boot's progress, in the game
    for route in held:
        route.continue_()
    w.page.unroute("**/pyodide/pyodide.asm.mjs")
    w.page.wait_for_selector(PLAYING, timeout=BOOT_MS)
    assert not w.page.locator("#engine").is_visible()
    assert w.page.evaluate("performance.getEntriesByName('board-ready').length") == 1
    saved = w.page.evaluate("localStorage.getItem('cardgarden.save.hanamikoji')")
    assert saved and json.loads(saved)["game"] == "hanamikoji"

    # Back: the collection, in the same document, with the engine that is already up.
    w.page.go_back()
    w.page.wait_for_selector('html[data-route="home"]')
    assert w.page.url == site
    assert w.page.title() == "Card Garden"
    assert w.page.locator("#home #engine").is_visible()
    assert w.page.locator("#shell").is_hidden()
    assert w.page.locator("#shell").inner_html() == ""
    assert w.page.get_attribute("html", "data-game-state") is None
    assert w.page.evaluate(HELD_LOCKS) == []  # the game let go of its save

    # Forward: the game again, where it was (left a moment ago: no question), without a second boot.
    w.page.go_forward()
    w.page.wait_for_selector(PLAYING)
    assert w.page.locator("dialog#resume[open]").count() == 0
    assert w.page.evaluate(HELD_LOCKS) == ["cardgarden.game.save.hanamikoji"]

    # The header's brand leads home as a route too.
    w.page.click("header a.brand")
    w.page.wait_for_selector('html[data-route="home"]')
    assert w.page.url == site
    assert w.page.evaluate("performance.getEntriesByName('engine-ready').length") == 1
    assert wasm_fetches(w) == 1
    assert w.errors == []


def test_a_direct_link_opens_its_game_and_leads_to_the_collection(site, watch):
    w = watch(service_workers="block")
    w.page.goto(site + "play.html?game=nim&pace=50")
    w.page.wait_for_selector(PLAYING, timeout=BOOT_MS)
    assert w.page.locator("#home").is_hidden()
    w.page.click("header a.brand")
    w.page.wait_for_selector('html[data-route="home"]')
    w.page.wait_for_selector('.game-card[data-game="koikoi"] a.button').click()
    w.page.wait_for_selector(PLAYING)
    assert w.page.locator("#game-title").inner_text() == "Koi-Koi"
    assert w.page.locator(".game-frame").count() == 1  # the Nim game left no trace
    assert w.page.locator(".nim-board").count() == 0
    assert w.page.evaluate("performance.getEntriesByName('engine-ready').length") == 1
    assert wasm_fetches(w) == 1
    assert w.errors == []


def test_a_move_made_as_the_player_leaves_is_saved(site, watch):
    w = watch()
    w.page.goto(site)
    # A link to the test game (the collection does not list it); the AI waits, so the move stays the last.
    w.page.evaluate("""() => document.querySelector("footer").append(Object.assign(document.createElement("a"),
        {id: "to-nim", href: "play.html?game=nim&pace=5000", textContent: "Nim"}))""")
    w.page.click("#to-nim")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=BOOT_MS)
    # The click and Back in one task: the move is on its way to the engine when the game leaves.
    w.page.evaluate("""() => {
        document.querySelector('button[data-take="2"]').click();
        history.back();
    }""")
    w.page.wait_for_selector('html[data-route="home"]')
    for _ in range(50):
        saved = json.loads(w.page.evaluate("localStorage.getItem('cardgarden.save.nim')"))
        if saved["move"] == 1:
            break
        w.page.wait_for_timeout(100)
    assert saved["move"] == 1
    assert w.page.evaluate(HELD_LOCKS) == []
    w.page.go_forward()
    w.page.wait_for_selector('html[data-move="1"], html[data-move="2"]')
    assert w.page.locator("#log li").first.inner_text() == "You took 2"
    assert w.errors == []
