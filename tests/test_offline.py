"""Offline and installable: the service worker precaches the build; a new deploy is picked up cleanly."""

from __future__ import annotations

import json

import build
from drivers import take_a_turn

BOOT_MS = 90_000
READY = 'html[data-engine="ready"]'




def first_visit(w, url):
    w.page.goto(url)
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-sw="controlled"]', timeout=BOOT_MS)
    return w.page.get_attribute("html", "data-build")


def test_after_the_first_visit_every_game_loads_and_plays_offline(own_site, watch):
    _, url = own_site
    w = watch(service_workers="allow")
    first_visit(w, url)
    games = [a.get_attribute("href") for a in w.page.locator(".game-card a.button").all()]
    assert games, "no playable game on the start page"
    w.context.set_offline(True)
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    for href in games:
        w.page.goto(url + href + "&pace=50")
        take_a_turn(w.page, href.split("game=")[1])
    # The lessons too (issue 41): the start page lists them, and a lesson opens at its first step.
    w.page.goto(url)
    w.page.wait_for_selector(".learn-game .learn-lessons a", timeout=BOOT_MS)
    assert w.page.locator(".learn-failed").count() == 0
    w.page.goto(url + "play.html?game=koikoi&learn=1&pace=50")
    w.page.wait_for_selector('html[data-lesson="koikoi-1"][data-lesson-step="0"][data-game-state="playing"]',
                             timeout=BOOT_MS)
    # A shared game's link and the deal of the day too (issue 42): both are the engine's, read on the device.
    w.page.goto(url + "play.html?game=hanamikoji#g=" + shared_link())
    w.page.wait_for_selector("#spoiler[open]", timeout=BOOT_MS)
    w.page.click("#spoiler-show")
    w.page.wait_for_selector('html[data-link="game"][data-replay="on"]', timeout=BOOT_MS)
    w.page.goto(url + "play.html?game=koikoi&daily&pace=50")
    w.page.wait_for_selector('html[data-daily][data-game-state="playing"]', timeout=BOOT_MS)
    assert [e for e in w.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []


def shared_link() -> str:
    """The link of a whole Hanamikoji game, as a page's Share makes it."""
    from pygame_core import bridge
    from share_games import finished_record

    record = finished_record("hanamikoji", {}, "easy", 2**53 - 7, player="easy")
    view = bridge.call({"cmd": "load", "game": "hanamikoji", "save": record["save"], "seats": record["seats"]})["data"]
    return bridge.call({"cmd": "link", "session": view["session"], "seat": 0, "kind": "game"})["data"]["link"]


def test_a_new_deploy_is_fetched_in_the_background_and_used_after_the_player_accepts(own_site, watch):
    root, url = own_site
    w = watch(service_workers="allow")
    old_build = first_visit(w, url)
    # Deploy: one file changes, the build is stamped again.
    css = root / "css" / "site.css"
    css.write_text(css.read_text() + "\n/* deploy 2 */\n")
    new_build = build.stamp(root)["build"]
    assert new_build != old_build
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-update="ready"]', timeout=BOOT_MS)
    # Until the player says so, the page keeps the build it runs.
    assert w.page.get_attribute("html", "data-build") == old_build
    w.page.click(".update-bar button")
    w.page.wait_for_selector(f'html[data-build="{new_build}"]', timeout=BOOT_MS)
    caches = w.page.evaluate("caches.keys()")
    assert caches == [f"cardgarden-{new_build}"]
    assert "deploy 2" in w.page.evaluate("fetch('css/site.css').then(r => r.text())")


def test_the_site_is_installable(site, watch):
    w = watch(service_workers="allow")
    w.page.goto(site)
    w.page.wait_for_selector('html[data-sw="controlled"]', timeout=BOOT_MS)
    manifest = json.loads(w.page.evaluate("fetch('manifest.webmanifest').then(r => r.text())"))
    assert manifest["start_url"] == "./" and manifest["display"] == "fullscreen"
    cdp = w.context.new_cdp_session(w.page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A Playwright context is an incognito profile, where Chromium never installs apps.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
