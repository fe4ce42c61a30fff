"""A damaged deploy: the failed precache is reported quietly and retried with back-off, never on every visit."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import build
from viewport import snap

BOOT_MS = 90_000
SOON_MS = 10_000
READY = 'html[data-engine="ready"]'
BROKEN = "koikoi-cards.html"  # any precached file: the page itself does not need it
SHOTS = Path(__file__).resolve().parents[1] / "test-results"




def damage(root: Path) -> bytes:
    """Change one precached file's bytes behind the manifest's back; returns the good bytes."""
    path = root / BROKEN
    good = path.read_bytes()
    path.write_bytes(good + b"\n<!-- damaged on the way -->\n")
    return good


class Traffic:
    """Every request of the context, and which of them the service worker made."""

    def __init__(self, context) -> None:
        self.seen: list[tuple[str, bool]] = []
        context.on("request", lambda r: self.seen.append((r.url, r.service_worker is not None)))

    def clear(self) -> None:
        self.seen.clear()

    def by_worker(self) -> list[str]:
        return [url for url, from_worker in self.seen if from_worker]

    def of(self, name: str) -> list[str]:
        return [url for url, _ in self.seen if url.split("?")[0].endswith("/" + name)]


def offline_record(page) -> dict | None:
    text = page.evaluate("localStorage.getItem('cardgarden.offline')")
    return json.loads(text) if text else None


def backdate(page, minutes: int) -> None:
    """Pretend the last failure was this long ago."""
    record = offline_record(page)
    record["failed_at"] = (datetime.now(timezone.utc) - timedelta(minutes=minutes)).isoformat()
    page.evaluate("(v) => localStorage.setItem('cardgarden.offline', v)", json.dumps(record))


def test_a_failed_first_install_is_reported_and_retried_with_back_off(own_site, watch):
    root, url = own_site
    good = damage(root)
    w = watch(service_workers="allow")
    traffic = Traffic(w.context)
    w.page.goto(url)
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-offline="failed"]', timeout=BOOT_MS)
    notice = w.page.locator("#offline-notice")
    assert notice.is_visible()
    assert notice.inner_text().startswith("Offline play is not available yet; the site keeps working online")
    installing = len(traffic.by_worker())
    assert installing > 10, "the first install fetched the site"
    record = offline_record(w.page)
    assert record["failures"] == 1 and BROKEN in (record["reason"] or "")
    assert w.page.evaluate("caches.keys()") == []  # no half-filled cache left behind
    assert w.page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0

    # Within the back-off a visit does not register again, and still says so.
    traffic.clear()
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-offline="failed"]', timeout=SOON_MS)
    assert notice.is_visible()
    w.page.wait_for_timeout(1_000)  # time enough for a registration to show up, if one were made
    assert traffic.by_worker() == [] and traffic.of("sw.js") == []
    assert offline_record(w.page)["failures"] == 1

    # Once the back-off has passed, the next visit tries again (and backs off longer).
    backdate(w.page, minutes=2)
    traffic.clear()
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    deadline = time.monotonic() + 60
    while offline_record(w.page)["failures"] != 2:
        assert time.monotonic() < deadline, "the second install did not fail in time"
        w.page.wait_for_timeout(200)
    assert traffic.of("sw.js") and traffic.by_worker()
    assert w.page.get_attribute("html", "data-offline") == "failed"

    # The deploy is repaired: after the (longer) back-off the install succeeds and the record goes.
    (root / BROKEN).write_bytes(good)
    backdate(w.page, minutes=11)
    w.page.reload()
    w.page.wait_for_selector('html[data-offline="ready"]', timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-sw="controlled"]', timeout=SOON_MS)
    assert offline_record(w.page) is None
    assert notice.is_hidden()
    assert w.errors == []


def test_a_failed_update_keeps_the_old_build_quietly_and_backs_off(own_site, watch):
    root, url = own_site
    w = watch(service_workers="allow")
    traffic = Traffic(w.context)
    w.page.goto(url)
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-sw="controlled"]', timeout=BOOT_MS)
    old_build = w.page.get_attribute("html", "data-build")
    # A new deploy, damaged: one file no longer matches the new manifest.
    css = root / "css" / "site.css"
    css.write_text(css.read_text() + "\n/* deploy 2 */\n")
    new_build = build.stamp(root)["build"]
    damage(root)

    def failed_updates():
        return w.page.evaluate("""async () => {
          const note = await caches.match(new URL('__install-state__', location.href).href, {cacheName: 'cardgarden-state'});
          return note ? (await note.json()).failures : 0;
        }""")

    def wait_for_failures(n):
        deadline = time.monotonic() + 60
        while failed_updates() != n:
            assert time.monotonic() < deadline, f"no failed update number {n}"
            w.page.wait_for_timeout(200)

    w.page.reload()  # the navigation makes the browser look for a new sw.js
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    wait_for_failures(1)
    # The old build goes on serving; nothing alarming is shown.
    assert w.page.get_attribute("html", "data-build") == old_build
    # The line checks the cache once the engine is idle (js/offline.js), which a restored engine
    # reaches within a second or two of the reload: then it says the old build is ready, as before.
    w.page.wait_for_selector('html[data-offline]', timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-offline") == "ready"
    assert w.page.locator("#offline-notice").is_hidden()
    assert w.page.get_attribute("html", "data-update") is None
    assert sorted(w.page.evaluate("caches.keys()")) == [f"cardgarden-{old_build}", "cardgarden-state"]

    # The next visits within the back-off fetch nothing of the new build.
    traffic.clear()
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_timeout(2_000)
    # (pyodide.asm.wasm: the worker reads the HTTP cache's copy, never the network; sw.js, sameInHttpCache.)
    assert [u for u in traffic.by_worker() if not u.endswith(("/sw.js", ".wasm"))] == []
    assert failed_updates() == 1

    # Repaired and past the back-off: the update installs and is offered as usual.
    (root / BROKEN).write_bytes((root / BROKEN).read_bytes().replace(b"\n<!-- damaged on the way -->\n", b""))
    w.page.evaluate("""async () => {
      const cache = await caches.open('cardgarden-state');
      const url = new URL('__install-state__', location.href).href;
      const note = await (await cache.match(url)).json();
      await cache.put(url, new Response(JSON.stringify({...note, failed_at: Date.now() - 2 * 60000})));
    }""")
    w.page.reload()
    w.page.wait_for_selector('html[data-update="ready"]', timeout=BOOT_MS)
    w.page.click(".update-bar button")
    w.page.wait_for_selector(f'html[data-build="{new_build}"]', timeout=BOOT_MS)
    assert w.page.evaluate("caches.keys()") == [f"cardgarden-{new_build}"]
    assert w.errors == []


@pytest.mark.parametrize("size, lang", [((1280, 800), "en"), ((390, 844), "de")], ids=["desktop-en", "phone-de"])
def test_screenshot_offline_notice(own_site, watch, size, lang):
    """The start page with both notices, and the game page's bar, for a person to look at (test-results/)."""
    root, url = own_site
    damage(root)
    SHOTS.mkdir(exist_ok=True)
    name = f"{lang}-{size[0]}x{size[1]}"
    w = watch(locale={"en": "en-US", "de": "de-DE"}[lang], service_workers="allow",
              viewport={"width": size[0], "height": size[1]})
    w.page.goto(url + "embedding.html")
    w.page.evaluate("(v) => localStorage.setItem('cardgarden.history', v)",
                    '[{"game": "hanamikoji", "outcome": "win", "points": 84}, {"ga')
    w.page.goto(url)
    w.page.wait_for_selector('html[data-offline="failed"]', timeout=BOOT_MS)
    w.page.locator(".history-notice").wait_for(state="visible", timeout=SOON_MS)
    assert w.page.evaluate("document.documentElement.scrollWidth") <= size[0]
    snap(w.page, path=str(SHOTS / f"start-notices-{name}.png"), full_page=True)
    # The game page has no place for it: a small bar, which goes by itself.
    w.page.goto(url + "play.html?game=hanamikoji")
    w.page.wait_for_selector('html[data-offline="failed"]', timeout=BOOT_MS)
    assert w.page.locator("#offline-bar.floating").is_visible()
    snap(w.page, path=str(SHOTS / f"play-offline-{name}.png"))
