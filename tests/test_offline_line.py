"""The offline-readiness line (issue 43): the page says whether the site plays offline, and which games.

Saving (with the service worker's progress) until every file is in the cache, then ready; a
visitor who leaves before that is not left with half a cache: the next visit finishes the job,
fetching only what the first did not store, and a page reloaded with the network off after
"ready" plays every game. A failed save says when it tries again, and the open page does.
"""

from __future__ import annotations

import json
import re
import time

from drivers import open_menu, take_a_turn
from test_offline import BOOT_MS, READY
from test_precache import BROKEN, damage, offline_record
from viewport import SMALL_PHONE

HOME_LINE = "offline-line.home"
GAMES = ["hanamikoji", "koikoi", "hanabi"]
HELD = BROKEN  # a file only the precache fetches (the page never asks for it), held to stop the save half-way
BLANK = "<!doctype html><html lang='en'><head><meta charset='utf-8'><link rel='icon' href='data:,'></head><body></body></html>"


def line_text(page, selector: str = HOME_LINE) -> str:
    line = page.locator(selector)
    assert line.is_visible(), f"{selector} is not shown"
    return line.inner_text().strip()


def stored(page, build: str) -> list[str]:
    """The paths the service worker has stored for `build` so far."""
    return page.evaluate("""async (name) => {
      if (!(await caches.has(name))) return [];
      const root = new URL('./', location.href).href;
      return (await (await caches.open(name)).keys()).map((r) => r.url.slice(root.length));
    }""", f"cardgarden-{build}")


def test_a_short_visit_is_finished_by_the_next_and_then_every_game_plays_offline(dist, site, watch):
    w = watch(service_workers="allow", viewport={"width": SMALL_PHONE[0], "height": SMALL_PHONE[1]})
    page = w.page
    by_worker: list[str] = []
    w.context.on("request", lambda r: r.service_worker and by_worker.append(r.url.split("?")[0]))
    held = []
    w.context.route(f"**/{HELD}", lambda route: held.append(route))

    # First visit: the save starts once the engine is idle and shows how far it is.
    page.goto(site)
    page.wait_for_selector(READY, timeout=BOOT_MS)
    page.wait_for_function("() => / of [\\d.]+\\u00a0MB$/.test(document.querySelector('offline-line.home')?.textContent)",
                           timeout=BOOT_MS)
    assert re.fullmatch(r"Saving the games for offline play… [\d.]+ of [\d.]+\u00a0MB", line_text(page))
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SMALL_PHONE[0]
    build = page.get_attribute("html", "data-build")
    # Everything but the held file gets stored; not ready all the same.
    files = set(json.loads((dist / "manifest.json").read_text())["files"])
    deadline = time.monotonic() + BOOT_MS / 1000
    while not held or files - {HELD} - set(stored(page, build)):
        assert time.monotonic() < deadline, "the first visit's save did not get as far as the held file"
        page.wait_for_timeout(200)
    assert page.get_attribute("html", "data-offline") == "saving"
    assert line_text(page).startswith("Saving the games for offline play…")

    # The visitor leaves; the browser stops the worker with its install unfinished.
    page.goto("about:blank")
    cdp = w.context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    cdp.detach()
    w.context.unroute(f"**/{HELD}")
    for route in held:
        try:
            route.abort()
        except Exception:  # the request went with its worker
            pass
    # A blank page of the site's origin (no page of the site: it would register again) looks into the cache.
    w.context.route(site + "__blank.html", lambda route: route.fulfill(content_type="text/html", body=BLANK))
    page.goto(site + "__blank.html")
    kept = set(stored(page, build))
    assert files - {HELD} <= kept and HELD not in kept, "the cut-short install kept other files than it stored"

    # The next visit finishes the job: only what the first did not store is fetched.
    by_worker.clear()
    page.goto(site)
    page.wait_for_selector('html[data-offline="ready"]', timeout=BOOT_MS)
    assert line_text(page) == "Ready to play offline: Hanamikoji, Koi-Koi, and Hanabi"
    fetched = {url[len(site):] for url in by_worker}
    assert HELD in fetched
    assert not (fetched & kept - {"manifest.json", "sw.js"}), "a stored file was fetched again"

    # With the network off, after the line said ready, every game opens and takes a move.
    w.context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_MS)
    page.wait_for_selector('html[data-offline="ready"]', timeout=BOOT_MS)
    for game in GAMES:
        page.goto(site + f"play.html?game={game}&pace=50")
        take_a_turn(page, game)
    # The page checks the cache once its engine is up and idle (never during a boot), then says so.
    page.wait_for_selector('html[data-offline="ready"]', timeout=BOOT_MS)
    open_menu(page)  # on a phone the game's line is in its menu
    assert line_text(page, "offline-line.in-menu").startswith("Ready to play offline:")
    assert [e for e in w.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []


def test_a_failed_save_says_when_it_tries_again_and_the_open_page_does(own_site, watch):
    root, url = own_site
    good = damage(root)
    w = watch(service_workers="allow")
    page = w.page
    page.clock.install()  # time runs as usual until the test moves it on
    page.goto(url)
    page.wait_for_selector('html[data-offline="failed"]', timeout=BOOT_MS)
    assert offline_record(page)["failures"] == 1
    # The start page's notice says it first (and the line gives way to it) ...
    notice = page.locator("#offline-notice")
    assert notice.inner_text().startswith("Offline play is not available yet; the site keeps working online "
                                          "and will try again in 1 minute.")
    assert page.locator(HOME_LINE).is_hidden()
    # ... then, closed, the line.
    page.click("#offline-notice .offline-close")
    assert line_text(page) == "Offline play is not available yet; trying again in 1 minute"

    # The deploy is repaired; a minute on, the open page tries again by itself and is ready.
    (root / BROKEN).write_bytes(good)
    page.clock.fast_forward("01:05")
    page.wait_for_selector('html[data-offline="ready"]', timeout=BOOT_MS)
    assert line_text(page) == "Ready to play offline: Hanamikoji, Koi-Koi, and Hanabi"
    assert offline_record(page) is None
    assert w.errors == []
