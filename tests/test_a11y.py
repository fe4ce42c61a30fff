"""Accessibility in the real browser: axe-core (npm, pinned in package.json) on every page, in the
states a player reaches: no serious or critical finding anywhere.

axe runs inside the page: its script is served from the site's own origin by a route (the pages'
Content-Security-Policy allows only 'self'), so nothing is relaxed for the audit.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from drivers import DRIVERS, HUMAN, open_menu, press
from test_play_page import play_nim_to_the_end
from test_site_koikoi import DECK, to_the_first_decision

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
BOOT_MS = 90_000
# Moderate and minor findings are reported by axe too; the bar here is serious and critical.
RUN = """() => axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations
  .filter((v) => v.impact === "serious" || v.impact === "critical")
  .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`))"""


class Audit:
    """A page with axe at hand; `check(state)` records what axe finds, by state."""

    def __init__(self, watch, site: str, **context) -> None:
        assert AXE.exists(), "node_modules/axe-core is missing: run 'python3 build.py test' (it runs npm ci)"
        self.w = watch(service_workers="block", **context)  # the route must see the request
        self.w.context.route("**/__axe.min.js", lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
        self.page = self.w.page
        self.site = site
        self.found: dict[str, list[str]] = {}

    def check(self, state: str) -> None:
        self.page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")
        if not self.page.evaluate("!!window.axe"):
            self.page.add_script_tag(url=self.site + "__axe.min.js")
        problems = self.page.evaluate(RUN)
        if problems:
            self.found[state] = problems

    def done(self) -> None:
        assert self.found == {}, json.dumps(self.found, indent=1)
        assert self.w.errors == []


def test_the_start_page_embedding_page_and_card_reference(site, watch):
    a = Audit(watch, site)
    a.page.goto(site + "embedding.html")
    history = [{"game": "hanabi", "level": "normal", "outcome": "draw", "points": 93, "scores": [23, 23],
                "at": "2026-11-30T11:00:00.000Z"},
               {"game": "koikoi", "level": "hard", "outcome": "win", "points": 84, "scores": [30, 12],
                "at": "2026-11-30T12:00:00.000Z"}]
    a.page.evaluate("(t) => localStorage.setItem('cardgarden.history', t)", json.dumps(history))
    a.check("embedding")
    a.page.goto(site)
    a.page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    a.page.click(".engine-about summary")
    a.page.click(".ranking-how summary")
    a.check("home")
    a.page.click('button[data-lang="de"]')
    a.check("home-de")
    a.page.goto(site + "koikoi-cards.html")
    a.page.wait_for_selector(".kk-face")
    a.check("koikoi-cards")
    a.page.goto(site + "play.html?game=nim&level=hard&pace=30")
    play_nim_to_the_end(a.page)
    a.page.wait_for_selector("dialog#result[open]")
    a.check("result")
    a.done()


def test_hanamikoji_start_offer_summary_and_rules(site, watch):
    a = Audit(watch, site, viewport={"width": 1280, "height": 800})
    a.page.goto(site + "play.html?game=hanamikoji&level=easy&pace=30")
    a.page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    a.check("start")
    a.page.click('.hk-card[data-index="0"]')
    a.check("a card selected")
    a.page.keyboard.press("Escape")
    seen = set()
    for _ in range(40):
        a.page.wait_for_selector(f'{HUMAN}, .hk[data-summary="open"]', timeout=60_000)
        if a.page.locator('.hk[data-summary="open"]').count():
            a.check("round summary")
            break
        phase = a.page.get_attribute(".hk", "data-phase")
        if phase in ("pick_gift", "pick_pair") and phase not in seen:
            seen.add(phase)
            a.check(phase)
        move = a.page.get_attribute("html", "data-move")
        DRIVERS["hanamikoji"](a.page)
        a.page.wait_for_selector(f'html:not([data-move="{move}"])')
    assert "round summary" in a.found or a.page.locator('.hk[data-summary="open"]').count()
    a.page.click("#hk-continue")
    if a.page.locator("dialog#result[open]").count():  # the round ended the game
        a.page.click("#result-close")
    a.page.click("#show-rules")
    a.check("rules")
    a.done()


def test_koikoi_choice_decision_moment_and_summary(site, watch):
    a = Audit(watch, site)
    a.page.goto(site + f"play.html?game=koikoi&pace=400&first_dealer=0&decks={quote(json.dumps([DECK]))}")
    a.page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    a.check("start")
    to_the_first_decision(a.page, lambda name: a.check(name))
    a.check("decision")
    a.page.click('.kk-you .kk-group[data-kind="bright"]')
    a.page.wait_for_selector("dialog.kk-pile-dialog[open]")
    a.check("a captured pile at full size")
    a.page.keyboard.press("Escape")
    a.page.click("#kk-koikoi")
    a.page.wait_for_selector(".kk-moment")
    a.check("koi-koi moment")
    for _ in range(60):
        a.page.wait_for_selector(f'{HUMAN}, .kk[data-summary="open"]', timeout=60_000)
        if a.page.locator('.kk[data-summary="open"]').count():
            break
        if a.page.locator('.kk[data-overlay="decide"]').count():
            a.page.click("#kk-shobu")
            continue
        move = a.page.get_attribute("html", "data-move")
        DRIVERS["koikoi"](a.page)
        a.page.wait_for_selector(f'html:not([data-move="{move}"])')
    a.check("round summary")
    a.page.click("#show-rules")
    a.check("rules")
    a.done()


def test_hanabi_on_a_phone_with_the_clue_panel_open(site, watch):
    a = Audit(watch, site, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    a.page.goto(site + "play.html?game=hanabi&level=easy&pace=30")
    a.page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    a.check("start")
    a.page.locator(".hb-clue-button:not([disabled])").first.click()
    a.check("clue panel")
    a.page.locator(".hb-clue-choice").first.click()
    a.page.wait_for_selector(HUMAN, timeout=60_000)
    a.page.click('.hb-own-card[data-slot="0"]')
    a.check("a card selected")
    open_menu(a.page)
    a.check("the folded game menu")
    press(a.page, "#show-rules")
    a.check("rules")
    a.done()


# Every control a finger may need, at least 44 x 44 CSS px (inline text links aside).
SMALL_TARGETS = """() => [...document.querySelectorAll("button, select, a.button, summary, input")]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
  .map((e) => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
  .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def test_every_control_is_44px_on_a_phone(site, watch):
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    small = {}
    w.page.goto(site)
    w.page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    small["home"] = w.page.evaluate(SMALL_TARGETS)
    for game in ("hanamikoji", "koikoi", "hanabi"):
        w.page.goto(site + f"play.html?game={game}&level=easy&pace=30")
        w.page.wait_for_selector(HUMAN, timeout=BOOT_MS)
        small[game] = w.page.evaluate(SMALL_TARGETS)
        assert w.page.evaluate("document.documentElement.scrollWidth") <= 390, game  # no sideways scrolling
    assert {k: v for k, v in small.items() if v} == {}
    assert w.errors == []


def test_pass_and_play_seating_dialog_and_privacy_screen(site, watch):
    """The Who plays dialog and the privacy screen between two people's turns, on a phone."""
    a = Audit(watch, site, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    a.page.goto(site + "play.html?game=hanamikoji&pace=0")
    a.page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    open_menu(a.page)
    a.page.click("#seating-open")
    a.page.wait_for_selector("dialog#seating[open]")
    a.page.locator(".seating-row").nth(1).locator("select").select_option("human")
    a.page.locator(".seating-row").nth(1).locator("input").fill("Ben")
    a.check("seating dialog")
    a.page.click("#seating-start")
    if a.page.locator("#confirm-new[open]").count():
        a.page.click("#confirm-new-start")
    a.page.wait_for_selector("html[data-privacy]", timeout=30_000)
    a.check("privacy screen")
    assert a.page.evaluate("document.activeElement?.id") == "privacy-ready"  # the next person's tap is one key away
    a.done()
