"""Hanamikoji in the browser: a whole match through the UI against the AI, to the end screen."""

from __future__ import annotations

import pytest

SIZES = {"secret": 1, "tradeoff": 2, "gift": 3, "competition": 4}
WAIT = 'html[data-turn="human"], html[data-turn="over"], .hk[data-summary="open"]'


def play_match(page, prefer=("competition", "gift", "tradeoff", "secret")) -> dict:
    """Drive the board like a player: select cards, press a marker, answer offers, read summaries."""
    seen = {"summaries": 0, "picks": 0, "pairings": 0}
    for _ in range(200):
        page.wait_for_selector(WAIT, timeout=60_000)
        if page.locator('.hk[data-summary="open"]').count():
            seen["summaries"] += 1
            page.click("#hk-continue")
            continue
        if page.get_attribute("html", "data-turn") == "over":
            return seen
        move = page.get_attribute("html", "data-move")
        phase = page.get_attribute(".hk", "data-phase")
        if phase in ("pick_gift", "pick_pair"):
            seen["picks"] += 1
            page.locator(".hk-offer button:not([disabled])").first.click()
        else:
            kind = next(k for k in prefer if page.locator(f'button.hk-marker[data-action="{k}"]:not(.used)').count())
            marker = page.locator(f'button.hk-marker[data-action="{kind}"]')
            assert marker.is_disabled()  # nothing selected yet: the action cannot be taken
            for i in range(SIZES[kind]):
                page.click(f'.hk-card[data-index="{i}"]')
            assert marker.is_enabled()
            marker.click()
            if kind == "competition" and page.locator(".hk-pairing").count():
                seen["pairings"] += 1
                page.locator(".hk-pairing .hk-offer-pair").first.click()
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_whole_match_through_the_ui(site, watch, level):
    w = watch()
    w.page.goto(site)
    w.page.wait_for_selector('.game-card[data-game="hanamikoji"] a.button', timeout=90_000)
    w.page.click('.game-card[data-game="hanamikoji"] a.button')
    w.page.wait_for_selector('html[data-turn]:not([data-turn="none"])', timeout=90_000)
    w.page.select_option("#level", level)  # applies from the next game
    w.page.click("#new-game")
    w.page.wait_for_selector('html[data-game-state="playing"][data-move="0"]')
    seen = play_match(w.page)
    assert seen["summaries"] >= 1 and seen["picks"] >= 1
    w.page.wait_for_selector("dialog#result[open]", timeout=30_000)
    title = w.page.locator("#result-title").inner_text()
    assert title in {"You win!", "The computer wins", "A draw"}
    details = w.page.locator("#result-details").inner_text()
    assert "charm" in details and "geishas" in details
    points = int(w.page.locator("#result-points").inner_text().split(":")[1].split("(")[0])
    assert "(level: " in w.page.locator("#result-points").inner_text()
    assert "charm point you lead by" in w.page.locator("#result-rule").inner_text()  # how the points were earned
    assert points == 30 if title == "A draw" else (60 <= points <= 100 if title == "You win!" else points == 10)
    log = w.page.locator("#log li").all_inner_texts()
    assert log[0].startswith("Round 1 begins") and log[-1].startswith("Game over")
    w.page.click("#rematch")
    w.page.wait_for_selector('html[data-game-state="playing"][data-move="0"]')
    assert w.errors == []


def test_keyboard_play_and_german(site, watch):
    w = watch(locale="de-DE")
    w.page.goto(site + "play.html?game=hanamikoji&pace=100")
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]', timeout=90_000)
    assert w.page.locator(".hk-marker").first.inner_text().startswith("Geheimnis")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    if w.page.get_attribute(".hk", "data-phase") == "main":
        move = w.page.get_attribute("html", "data-move")
        w.page.keyboard.press("1")
        assert w.page.locator('.hk-card[data-index="0"]').get_attribute("aria-pressed") == "true"
        w.page.keyboard.press("s")
        w.page.wait_for_selector(f'html:not([data-move="{move}"])')
        assert any("als Geheimnis abgelegt" in line for line in w.page.locator("#log li").all_inner_texts())
    w.page.click("#show-rules")
    assert "Geheimnis" in w.page.locator("#rules-body").inner_text()
    assert w.errors == []


@pytest.mark.parametrize("size", [(1280, 860), (390, 844)], ids=["desktop", "phone"])
def test_board_screenshots(site, watch, size):
    from pathlib import Path

    shots = Path(__file__).resolve().parents[1] / "test-results"
    shots.mkdir(exist_ok=True)
    w = watch(viewport={"width": size[0], "height": size[1]})
    w.page.goto(site + "play.html?game=hanamikoji&pace=100")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert w.page.evaluate("document.documentElement.scrollWidth") <= size[0]
    w.page.screenshot(path=str(shots / f"hanamikoji-{size[0]}x{size[1]}.png"), full_page=True)
