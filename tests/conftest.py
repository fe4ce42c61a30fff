"""Shared fixtures: the built site served under a sub-path, and Debian's Chromium via Playwright."""

from __future__ import annotations

import collections
import os
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build script: its server and paths)

SUBPATH = "/card-garden/"  # like a GitHub Pages project URL


@pytest.fixture(scope="session")
def dist() -> Path:
    path = Path(os.environ.get("PYGAME_DIST", ROOT / "dist"))
    if not (path / "manifest.json").exists():
        build.build(path)
    return path


@pytest.fixture(scope="session")
def site(dist: Path):
    """Base URL of dist/ served under SUBPATH on a free port."""
    server = build.make_server(dist, base=SUBPATH, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}{SUBPATH}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def own_site(dist, tmp_path):
    """A private copy of dist/ on its own server, so a test can damage it or deploy a new build to it."""
    root = tmp_path / "site"
    shutil.copytree(dist, root)
    server = build.make_server(root, base="/card-garden/", port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    yield root, f"http://{host}:{port}/card-garden/"
    server.shutdown()
    server.server_close()


CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser():
    playwright_api = pytest.importorskip("playwright.sync_api")
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.fail(f"Chromium not found at {executable}: run the tests with 'python build.py test'")
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageWatch:
    """A page with its console errors and every URL it requested; the last lines of everything it
    said are kept for the report of a failed test (see pytest_runtest_makereport)."""

    def __init__(self, context) -> None:
        self.context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.requests: list[str] = []
        self.said: collections.deque[str] = collections.deque(maxlen=60)
        self.started = time.monotonic()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: (self.errors.append(str(e)), self._say(f"page error: {e}")))
        context.on("request", lambda r: self.requests.append(r.url))
        context.on("requestfailed", lambda r: self._say(f"request failed: {r.url} ({r.failure})"))
        self.page.on("worker", lambda w: self._say(f"worker started: {w.url}"))
        self.page.on("crash", lambda _: self._say("the page crashed"))

    def _say(self, line: str) -> None:
        self.said.append(f"{time.monotonic() - self.started:7.2f}s {line}")

    def state(self) -> str:
        """What the page shows now, for a failure's report: its address, the root's data-*, the
        engine's status and the last things it said. Never waits long on a page that hangs."""
        lines = []
        for page in self.context.pages:
            lines.append(f"page {page.url}")
            try:
                lines.append("  " + page.locator("html").evaluate(
                    """(root) => JSON.stringify({
                        data: {...root.dataset},
                        title: document.title,
                        visibility: document.visibilityState,
                        marks: performance.getEntriesByType("mark").map((m) => `${m.name}@${Math.round(m.startTime)}`),
                        since: Math.round(performance.now()),
                        text: document.body?.innerText.replace(/\\s+/g, " ").slice(0, 600),
                    })""", timeout=5_000))
            except Exception as err:  # noqa: BLE001 (a report must not fail the report)
                lines.append(f"  (the page did not answer: {type(err).__name__}: {str(err)[:200]})")
        lines.append("what it said, last lines:")
        lines.extend("  " + line for line in self.said)
        return "\n".join(lines)

    def _console(self, message) -> None:
        self._say(f"console {message.type}: {message.text[:300]}")
        if message.type == "error":
            self.errors.append(message.text)
        elif message.type == "warning":
            self.warnings.append(message.text)


@pytest.fixture
def watch(browser):
    """A fresh browser profile (context) per test, English unless a test says otherwise."""
    contexts = []

    def make(locale: str = "en-US", **kwargs) -> PageWatch:
        context = browser.new_context(locale=locale, **kwargs)
        context.set_default_timeout(60_000)  # a loaded 2-core machine is slow, not broken
        contexts.append(context)
        watched = PageWatch(context)
        make.watched.append(watched)
        return watched

    make.watched = []
    yield make
    for context in contexts:
        context.close()


# Tests that drive the browser (any that asks for the site or a browser) are marked `browser`, so that
# a run can choose them (`-m browser`, `-m "not browser"`). Every test holds in build.py test's two
# processes on two cores: a timing check compares against a baseline measured in the same run and
# the same moment (the page's own lag, a healthy engine call timed just before; see test_site.py's
# first visit and test_faults.py's short_deadline), never against fixed milliseconds alone.
BROWSER_FIXTURES = frozenset({"browser", "site", "own_site", "watch", "dist"})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report says what each of its pages showed and said: a rare failure
    in CI (a page that never reached a turn) is then read from the report, not guessed at."""
    outcome = yield
    report = outcome.get_result()
    make = getattr(item, "funcargs", {}).get("watch")
    if report.when != "call" or not report.failed or not getattr(make, "watched", None):
        return
    for number, watched in enumerate(make.watched, 1):
        report.sections.append((f"page state {number}", watched.state()))


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives the built site in Chromium (set by conftest from its fixtures)")
