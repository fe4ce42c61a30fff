"""The site in Czech (issue 28): each game played to its end on a phone, in Czech.

At every decision and round summary no English is on the screen (tests/language_check.py) and
what the player needs is in view at each phone size (tests/viewport.py: Czech words are long);
then the result dialog and the collection's ranking, also without English. A Czech browser gets
Czech by itself; ?lang=cs and the switch give it too. Screenshots land in test-results/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import test_embed as embed
import test_site_hanabi as hb
import test_site_hanamikoji as hk
import test_site_koikoi as kk
from language_check import assert_no_english, english_left, page_text
from viewport import DEAL, DESKTOP, PHONE, SIZES, SMALL_PHONE, check_sizes, settle, snap

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
PHONE_VIEW = {"viewport": {"width": PHONE[0], "height": PHONE[1]}, "is_mobile": True, "has_touch": True}


def shoot(page, name: str) -> None:
    """The page at a phone's size and at 1280x800, for people to look at; back at the phone's size."""
    SHOTS.mkdir(exist_ok=True)
    for size in (PHONE, DESKTOP):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        snap(page, path=str(SHOTS / f"cs-{name}-{size[0]}x{size[1]}.png"))
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    settle(page)


def ask_a_hint(page, where: str) -> None:
    """The hint's sentence and what the choice is worth, in Czech (it stays up until the move)."""
    page.click("#hint-button")
    page.wait_for_selector('html[data-hint="shown"]', timeout=60_000)
    assert page.locator("#hint").inner_text().strip()
    assert_no_english(page, f"{where}, the hint")


def the_end_and_the_ranking(page, site: str, game: str) -> None:
    """The result dialog, then the collection with this game in the ranking: Czech only."""
    page.wait_for_selector("dialog#result[open]", timeout=30_000)
    assert page.locator("#result-title").inner_text() in {page_text(page, "play.result.win"), page_text(page, "play.result.loss"), page_text(page, "play.result.draw"),
                                                       page_text(page, "hb.result.title")}
    assert_no_english(page, "the result")
    shoot(page, f"{game}-result")
    page.goto(site + "index.html?lang=cs")  # an address's language is not remembered (?lang= is for embedding)
    page.wait_for_selector(f'.ranking-table tr[data-game="{game}"]', timeout=30_000)
    assert page.locator("html").get_attribute("lang") == "cs"
    assert_no_english(page, "the ranking")
    shoot(page, "collection")


def test_hanamikoji_in_czech_from_the_browsers_language(site, watch):
    """A Czech browser opens the collection in Czech; a whole Hanamikoji match on a phone (its hint
and review are looked at in Czech by tests/test_hint_page.py and test_review_page.py)."""
    w = watch(locale="cs-CZ", **PHONE_VIEW)
    page = w.page
    page.goto(site)
    page.wait_for_selector('.game-card[data-game="hanamikoji"] a.button', timeout=90_000)
    assert page.locator("html").get_attribute("lang") == "cs"
    assert page.locator('button[data-lang="cs"]').get_attribute("aria-pressed") == "true"
    assert_no_english(page, "the collection")
    page.goto(site + f"play.html?game=hanamikoji&level=easy&pace=0&seed={DEAL}")
    page.wait_for_selector('html[data-turn]:not([data-turn="none"])', timeout=90_000)
    shots = []

    def check(page):
        page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")
        where = page.get_attribute(".hk", "data-summary") or page.get_attribute(".hk", "data-phase")
        assert_no_english(page, where)
        if where == "open":
            check_sizes(page, ["#hk-continue"], required=["#hk-continue"], sizes=SIZES, where="summary")
            return
        pairing = page.locator(".hk-pairing").count()
        check_sizes(page, hk.CONTROLS, required=hk.REQUIRED + ([".hk-pairing"] if pairing else []), sizes=SIZES, where=where)
        if where not in shots:
            shots.append(where)
            shoot(page, f"hanamikoji-{where}")

    seen = hk.play_match(page, check=check)
    assert seen["picks"] >= 1 and seen["summaries"] >= 1
    the_end_and_the_ranking(page, site, "hanamikoji")
    assert w.errors == []


def test_koikoi_in_czech_from_the_address(site, watch):
    """?lang=cs: a whole three-round Koi-Koi match with a koi-koi call and a hint, on a phone."""
    w = watch(**PHONE_VIEW)
    page = w.page
    kk.open_game(w, site + kk.FIXED_TWICE + f"&seed={DEAL}&lang=cs")
    page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert page.locator("html").get_attribute("lang") == "cs"
    shots = []

    def check(page):
        where = "summary" if page.locator('.kk[data-summary="open"]').count() else page.get_attribute(".kk", "data-phase")
        assert_no_english(page, where)
        check_sizes(page, kk.ON_SCREEN, required=kk.needed(page), sizes=SIZES, where=where)
        if where == "play" and "play" not in shots:
            ask_a_hint(page, where)
        if where not in shots:
            shots.append(where)
            shoot(page, f"koikoi-{where}")

    seen = kk.play_match(page, kk.OPENING, check=check, click=kk.tap, shobu_says=page_text(page, "kk.koikoi.stop.score", points="").split()[0])
    assert seen["koikoi"] == 1 and seen["summaries"] == 3
    the_end_and_the_ranking(page, site, "koikoi")
    assert w.errors == []


def test_hanabi_in_czech_from_the_switch(site, watch):
    """The language switch: a whole game of Hanabi with two teammates and a hint, on a phone (every size)."""
    w = watch(**PHONE_VIEW)
    page = w.page
    page.goto(site + f"play.html?game=hanabi&players=3&pace=0&level=easy&seed={DEAL}")
    page.wait_for_selector('html[data-game-state="playing"]', timeout=90_000)
    page.click('button[data-lang="cs"]')
    assert page.locator("html").get_attribute("lang") == "cs"
    shots = []

    def check(page, where):
        assert_no_english(page, where)
        kind = where.split(", ")[-1]  # the clue panel, a card selected
        if kind == "card selected" and kind not in shots:
            ask_a_hint(page, where)
            said = page.locator("#hint").inner_text()
            assert re.search(r"\d,\d", said) and not re.search(r"\d\.\d", said), said  # Czech decimals: 23,2
        if kind not in shots:
            shots.append(kind)
            shoot(page, f"hanabi-{kind.replace(' ', '-')}")

    hb.play_game(page, players=3, lang="cs", check=check)
    the_end_and_the_ranking(page, site, "hanabi")
    assert w.errors == []


@pytest.fixture
def czech_host(site, tmp_path):
    """Somebody else's page (another origin) that embeds Hanamikoji with data-lang="cs"."""
    yield from embed.serve_host_page(site, tmp_path, "cs")


def test_an_embedded_game_and_the_embed_page_in_czech(czech_host, watch, site):
    """data-lang="cs" on a host page gives the embedded game in Czech; the embed page offers Czech
    snippets and is itself in Czech."""
    w = watch(**PHONE_VIEW)
    w.page.goto(czech_host)
    frame = embed.embedded_frame(w.page)
    assert "lang=cs" in frame.url
    frame.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert frame.locator("html").get_attribute("lang") == "cs"
    assert english_left(frame) == []
    w.page.goto(site + "embedding.html?lang=cs")
    w.page.locator('.embed-game[data-game="hanamikoji"] pre').first.wait_for()
    w.page.locator("#embed-lang").select_option("cs")
    assert 'data-lang="cs"' in w.page.locator('.embed-game[data-game="hanamikoji"] pre').first.inner_text()
    assert_no_english(w.page, "the embed page")
    assert w.page.title() == f"{page_text(w.page, 'embed.title')} · Karetní zahrada"
    assert w.errors == []


# Each teammate's Clue button and each of their cards, in viewport coordinates: which overlap.
COVERED = """() => {
  const out = [];
  for (const mate of document.querySelectorAll(".hb-mate")) {
    const b = mate.querySelector(".hb-clue-button").getBoundingClientRect();
    for (const slot of mate.querySelectorAll(".hb-slot")) {
      const s = slot.getBoundingClientRect();
      if (b.left < s.right - 0.5 && s.left < b.right - 0.5 && b.top < s.bottom - 0.5 && s.top < b.bottom - 0.5) {
        out.push(`${mate.querySelector(".hb-who").textContent}: "${mate.querySelector(".hb-clue-button").textContent}" over a card`);
      }
    }
  }
  return out;
}"""


def test_hanabis_clue_button_never_lies_over_the_cards_in_any_language(site, watch):
    """Czech's "Napovědět" is twice as long as "Clue": the cards keep their width and the button takes
    the rest, its word broken at its soft hyphen on a small phone. Two and five players, every language."""
    w = watch(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = w.page
    found = []
    for players in (2, 5):
        page.goto(site + f"play.html?game=hanabi&players={players}&pace=0&seed={DEAL}")
        page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
        for lang in ("en", "de", "cs"):
            page.click(f'button[data-lang="{lang}"]')
            for size in SIZES:
                page.set_viewport_size({"width": size[0], "height": size[1]})
                settle(page)
                found += [f"{players} players, {lang}, {size}: {p}" for p in page.evaluate(COVERED)]
            page.set_viewport_size({"width": 360, "height": 740})
    assert found == [], found
    assert w.errors == []


def test_every_pages_header_fits_a_small_phone_in_every_language(site, watch):
    """The brand, the page's name and the EN / DE / CS switch share one header: on a 360 px phone
    every language button is whole and on screen (the third once lay cut off at the edge)."""
    w = watch(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = w.page
    problems = []
    for path, ready in (("index.html", ".game-card a.button"), ("embedding.html", ".embed-game pre"),
                        ("koikoi-cards.html", 'html[data-ready="true"]'), ("play.html?game=hanabi&pace=0", 'html[data-turn="human"]')):
        page.goto(site + path)
        page.wait_for_selector(ready, state="attached", timeout=90_000)
        for lang in ("en", "de", "cs"):
            page.click(f'button[data-lang="{lang}"]')
            try:
                check_sizes(page, [".lang-switch button", ".brand"], sizes=(SMALL_PHONE, PHONE), where=f"{path} {lang}")
            except AssertionError as problem:
                problems.append(str(problem))
    assert problems == [], "\n".join(problems)
    assert w.errors == []
