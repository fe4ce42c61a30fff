"""The dark theme (issue 44): the root's data-theme before the first paint, the menu's choice over
the system's (kept after a reload, a damaged stored value read as "as the system"), the live
switch when the system changes, an embed that follows its host's data-theme or else the system,
and axe with nothing serious or critical on every page drawn dark.

Screenshots of every page in the dark theme at 390x844, 360x740 and 1280x800 go to
test-results/theme-*.png (PYGAME_THEME_SHOTS=1), for a person to look at.
"""

from __future__ import annotations

import json
import os
import random
import re
import threading
from pathlib import Path

import pytest

import build
from drivers import DRIVERS, HUMAN, open_group, open_kept
from engine_helpers import kept_record, play_to_the_end
from test_a11y import BOOT_MS, Audit
from test_stats_page import HISTORY as STATS_HISTORY
from viewport import DESKTOP, PHONE, SMALL_PHONE, snap

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-results"
PAGES = ("index.html", "embed.html", "embedding.html", "koikoi-cards.html")
# The page's own colours as drawn: the root's background (css/site.css --paper).
PAPER = "() => getComputedStyle(document.documentElement).backgroundColor"
LIGHT_PAPER, DARK_PAPER = "rgb(246, 241, 231)", "rgb(20, 25, 34)"


def theme(page) -> tuple[str | None, str]:
    return page.get_attribute("html", "data-theme"), page.evaluate(PAPER)


@pytest.mark.parametrize("name", PAGES)
def test_every_page_decides_its_theme_in_its_head_before_anything_is_drawn(name):
    """A classic script (no module, defer or async: it runs as the parser meets it) in the <head>,
    before every stylesheet and every module; in index.html and embed.html right after the
    engine's start.js, whose worker is asked for first."""
    text = (ROOT / "web" / name).read_text()
    head = text[text.index("<head>"):text.index("</head>")]
    tag = re.search(r'<script src="js/theme-early\.js"( data-embed)?></script>', head)
    assert tag, name
    assert bool(tag.group(1)) == (name == "embed.html")  # an embed follows its host, not the site's choice
    before = head[:tag.start()]
    assert "stylesheet" not in before and 'type="module"' not in before
    scripts = re.findall(r'<script [^>]*src="([^"]+)"', head)
    assert scripts[0 if name not in ("index.html", "embed.html") else 1] == "js/theme-early.js"
    if name in ("index.html", "embed.html"):
        assert scripts[0] == "engine/start.js"


def test_the_menu_wins_over_the_system_and_is_kept_after_a_reload(site, watch):
    w = watch(color_scheme="dark", viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(site)
    assert theme(page) == ("dark", DARK_PAPER)  # the system's choice, with nothing chosen
    menu = page.locator("#theme-home")
    assert menu.input_value() == "system"
    assert menu.locator("option").all_inner_texts() == ["As the system", "Light", "Dark"]
    menu.select_option("light")
    assert theme(page) == ("light", LIGHT_PAPER)  # at once, no reload
    page.reload()
    assert theme(page) == ("light", LIGHT_PAPER)
    assert page.locator("#theme-home").input_value() == "light"
    assert page.evaluate("localStorage.getItem('cardgarden.theme')") == "light"
    # The system turns light and dark again: the player's choice stays.
    page.emulate_media(color_scheme="light")
    page.emulate_media(color_scheme="dark")
    assert theme(page) == ("light", LIGHT_PAPER)
    # "As the system" follows the system live, while the page is open.
    page.locator("#theme-home").select_option("system")
    assert theme(page) == ("dark", DARK_PAPER)
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
    # In German and Czech.
    page.click('button[data-lang="de"]')
    assert page.locator("#theme-home option").all_inner_texts() == ["Wie das System", "Hell", "Dunkel"]
    page.click('button[data-lang="cs"]')
    assert page.locator("#theme-home option").all_inner_texts() == ["Podle systému", "Světlý", "Tmavý"]
    page.click('button[data-lang="en"]')

    # A game's menu holds the same choice: light chosen there, under a dark system, stays after a reload
    # and on the start page.
    page.goto(site + "play.html?game=hanabi&level=easy&pace=0")
    page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    open_group(page, "#theme")  # in the toolbar's Settings
    assert page.locator("#theme").input_value() == "system"
    page.locator("#theme").select_option("light")
    assert theme(page) == ("light", LIGHT_PAPER)
    page.reload()
    page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    assert theme(page) == ("light", LIGHT_PAPER)
    assert page.locator("#theme").input_value() == "light"
    page.goto(site + "koikoi-cards.html")  # a page without the menu follows the choice too
    assert theme(page) == ("light", LIGHT_PAPER)

    # A damaged or unknown stored choice is "as the system", without an error.
    for damaged in ('{"theme": "dark"', "purple", ""):
        page.evaluate("(v) => localStorage.setItem('cardgarden.theme', v)", damaged)
        page.goto(site)
        assert theme(page) == ("dark", DARK_PAPER), damaged
        assert page.locator("#theme-home").input_value() == "system"
    assert w.errors == []


HOST = """<!doctype html>
<html><head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,"></head>
<body>
  <div id="dark" data-card-garden="hanabi" data-level="easy" data-theme="dark"></div>
  <div id="plain" data-card-garden="hanabi" data-level="easy"></div>
  <script src="SITE/embed.js"></script>
</body></html>
"""


def test_an_embed_follows_its_hosts_data_theme_else_the_system(site, watch, tmp_path):
    (tmp_path / "index.html").write_text(HOST.replace("SITE", site.rstrip("/")))
    server = build.make_server(tmp_path, port=0, quiet=True, csp=False)  # somebody else's page, another origin
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        w = watch(color_scheme="light")
        page = w.page
        page.goto(site)
        page.evaluate("localStorage.setItem('cardgarden.theme', 'light')")  # the site's own choice: not the embed's
        page.emulate_media(color_scheme="dark")
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        src = page.locator("#dark iframe").get_attribute("src")
        assert "theme=dark" in src and "theme=" not in page.locator("#plain iframe").get_attribute("src")
        frames = {}
        for key in ("dark", "plain"):
            frame = page.locator(f"#{key} iframe").element_handle().content_frame()
            frame.wait_for_selector("html[data-theme]")
            frames[key] = frame
        assert frames["dark"].get_attribute("html", "data-theme") == "dark"  # the host's
        assert frames["plain"].get_attribute("html", "data-theme") == "dark"  # the visitor's system, not the site's "light"
        page.emulate_media(color_scheme="light")
        frames["plain"].wait_for_function("() => document.documentElement.dataset.theme === 'light'")
        assert frames["dark"].get_attribute("html", "data-theme") == "dark"
        assert frames["dark"].locator("#theme").count() == 0  # no theme menu in an embed: its host decides
        # The Embed page writes the choice into its snippets.
        page.goto(site + "embedding.html")
        assert 'data-theme' not in page.locator(".snippet pre").first.inner_text()
        page.select_option("#embed-theme", "dark")
        assert 'data-theme="dark"' in page.locator(".snippet pre").first.inner_text()
        assert "theme=dark" in page.locator(".snippet pre").nth(1).inner_text()
        assert w.errors == []
    finally:
        server.shutdown()
        server.server_close()


def shots(page, name: str) -> None:
    """The page in each size, for a person to look at (PYGAME_THEME_SHOTS=1)."""
    if not os.environ.get("PYGAME_THEME_SHOTS"):
        return
    SHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    for width, height in (PHONE, SMALL_PHONE, DESKTOP):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")
        snap(page, path=str(SHOTS / f"theme-{name.replace(' ', '-')}-{width}x{height}.png"))
    page.set_viewport_size(size)


def hanamikoji_round(page, check) -> None:
    """Play a Hanamikoji round as tests/drivers.py does, checking each kind of offer to pick from
    and the round's summary."""
    seen = set()
    for _ in range(40):
        page.wait_for_selector(f'{HUMAN}, .hk[data-summary="open"]', timeout=60_000)
        if page.locator('.hk[data-summary="open"]').count():
            check("hanamikoji round summary")
            return
        phase = page.get_attribute(".hk", "data-phase")
        if phase in ("pick_gift", "pick_pair") and phase not in seen:
            seen.add(phase)
            check(f"hanamikoji {phase}")
        move = page.get_attribute("html", "data-move")
        DRIVERS["hanamikoji"](page)
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    raise AssertionError("no round summary after 40 moves")


def test_axe_finds_nothing_serious_on_any_page_in_the_dark_theme(site, watch):
    """Every page drawn dark (the system's setting), on a phone: the start page, the Embed page, the
    card reference, each game's statistics, board and menu, a lesson, practice, the review and an embed."""
    a = Audit(watch, site, color_scheme="dark", viewport={"width": PHONE[0], "height": PHONE[1]},
              is_mobile=True, has_touch=True)
    page = a.page

    def check(state: str) -> None:
        assert page.get_attribute("html", "data-theme") == "dark", state
        a.check(state)
        shots(page, state)

    page.goto(site + "embedding.html")
    check("embedding")
    page.goto(site + "koikoi-cards.html")
    page.wait_for_selector(".kk-face")
    check("koikoi-cards")
    page.goto(site)
    page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    page.wait_for_selector(".learn-lessons a")
    check("home")
    # Each game's statistics (the charts draw with the site's colours) over a history made here.
    page.evaluate("(t) => localStorage.setItem('cardgarden.history', t)", json.dumps(STATS_HISTORY))
    for game in ("hanamikoji", "koikoi", "hanabi"):
        page.goto(site + f"?stats={game}")
        page.wait_for_selector(f'#stats[data-game="{game}"] svg')
        check(f"statistics {game}")
    for game in ("hanamikoji", "koikoi", "hanabi"):
        seed = random.randrange(2**53)  # deals anywhere in the page's range
        page.goto(site + f"play.html?game={game}&level=easy&pace=0&seed={seed}")
        page.wait_for_selector(HUMAN, timeout=BOOT_MS)
        check(game)
        if game == "hanamikoji":  # the offers one picks from (light buttons once) and the round's summary
            hanamikoji_round(page, check)
    open_group(page, "#theme")
    check("the folded game menu, its Settings open")
    page.goto(site + "play.html?game=hanamikoji&learn=1&pace=0")
    page.wait_for_selector(f"html[data-lesson]{HUMAN[4:]}", timeout=BOOT_MS)
    page.wait_for_selector("#lesson-say:not(:empty)")
    check("a lesson")
    page.goto(site + "play.html?game=koikoi&practice")
    page.wait_for_selector("html[data-practice]", timeout=BOOT_MS)
    check("practice")
    seed = random.choice([0, 2**53 - 1, random.randrange(2**53)])
    view = play_to_the_end("hanamikoji", seed)
    open_kept(page, site, "hanamikoji", kept_record(view["session"]))
    check("the end of a game")
    page.click("#review-open")
    page.wait_for_selector('html[data-review="done"]', timeout=240_000)
    check("the review")
    page.goto(site + "embed.html?game=koikoi&level=easy&pace=0")
    page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    check("embed")
    a.done()
