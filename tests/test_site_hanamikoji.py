"""Hanamikoji in the browser: a whole match through the UI against the AI, to the end screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drivers import choose, new_game
from viewport import DEAL, DESKTOP, SIZES, check_sizes, snap

CARDS_PER_MARKER = {"secret": 1, "tradeoff": 2, "gift": 3, "competition": 4}
WAIT = 'html[data-turn="human"], html[data-turn="over"], .hk[data-summary="open"]'


def play_match(page, prefer=("competition", "gift", "tradeoff", "secret"), check=None, keys=None) -> dict:
    """Drive the board like a player: select cards, press a marker, answer offers, read summaries.

    `check(page)` runs at every decision of the player and on every round summary; with `keys`
    ("Enter" or "Escape") the pairing of a competition is chosen from the keyboard and each summary
    closed with that key."""
    seen = {"summaries": 0, "picks": 0, "pairings": 0, "last_summary_by_key": False}
    for _ in range(200):
        page.wait_for_selector(WAIT, timeout=60_000)
        summary = page.locator('.hk[data-summary="open"]').count()
        if check and (summary or page.get_attribute("html", "data-turn") == "human"):
            check(page)
        if summary:
            seen["summaries"] += 1
            if not keys:
                page.click("#hk-continue")
                continue
            last = page.locator("#log li").last.inner_text().startswith(("Game over", "Spielende"))
            move = page.get_attribute("html", "data-move")
            # What the key does after closing the summary: a keypress reaches the focused element
            # (a browser that presses a button on keypress pressed the end screen's "Play again").
            page.evaluate("""() => document.addEventListener("keypress", (e) => {
              window.hkLeaked = document.activeElement?.id || document.activeElement?.tagName; }, { once: true })""")
            page.keyboard.press(keys)
            if last:
                # The key closed the last summary and was used up there: the end screen shows this
                # game's result (Escape closed it at once; Enter reached its "Play again").
                page.wait_for_selector("dialog#result[open]", timeout=30_000)
                page.wait_for_timeout(300)
                assert page.locator("dialog#result[open]").count() == 1
                assert page.get_attribute("html", "data-move") == move
                seen["last_summary_by_key"] = True
            assert page.evaluate("window.hkLeaked ?? null") is None
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
            for i in range(CARDS_PER_MARKER[kind]):
                page.click(f'.hk-card[data-index="{i}"]')
            assert marker.is_enabled()
            marker.click()
            if kind == "competition" and page.locator(".hk-pairing").count():
                seen["pairings"] += 1
                if check:
                    check(page)  # the chooser is on the table too
                if keys:
                    assert page.evaluate("!!document.activeElement.closest('.hk-pairing')")  # focus went to it
                    page.keyboard.press("1")
                else:
                    page.locator(".hk-pairing .hk-offer-pair").first.click()
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("level", ["expert"])
def test_a_whole_match_through_the_ui(site, watch, level):
    w = watch()
    w.page.goto(site)
    w.page.wait_for_selector('.game-card[data-game="hanamikoji"] a.button', timeout=90_000)
    w.page.click('.game-card[data-game="hanamikoji"] a.button')
    w.page.wait_for_selector('html[data-turn]:not([data-turn="none"])', timeout=90_000)
    choose(w.page, "#level", level)  # applies from the next game
    new_game(w.page)
    w.page.wait_for_selector('html[data-game-state="playing"][data-move="0"]')
    seen = play_match(w.page, keys="Enter")
    assert seen["summaries"] >= 1 and seen["picks"] >= 1 and seen["last_summary_by_key"]
    w.page.wait_for_selector("dialog#result[open]", timeout=30_000)
    title = w.page.locator("#result-title").inner_text()
    assert title in {"You win!", "The computer wins", "A draw"}
    details = w.page.locator("#result-details").inner_text()
    assert "charm" in details and "geishas" in details
    assert "reached 11 charm points" not in details  # the winner's own numbers, as the table shows them
    points = int(w.page.locator("#result-points").inner_text().split(":")[1].split("(")[0])
    assert f"(level: {level.title()})" in w.page.locator("#result-points").inner_text()
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


# The table as a player at 1280x800 sees it, measured in the page at every decision.
LAYOUT = """() => {
  const box = (el) => el.getBoundingClientRect();
  const inView = (el) => { const r = box(el); return r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; };
  const problems = [];
  const height = document.documentElement.scrollHeight;
  if (height > innerHeight) problems.push(`the page scrolls: ${height} px`);
  for (const sel of [".hk-hand", ".hk-you .hk-markers", ".hk-offer:not([hidden])", ".hk-you-body .hk-row"]) {
    const el = document.querySelector(sel);
    if (el && !inView(el)) problems.push(`${sel} is out of view`);
  }
  const tops = [...document.querySelectorAll(".hk-geisha-card")].map((c) => Math.round(box(c).top));
  if (tops.length !== 7 || new Set(tops).size !== 1) problems.push(`geishas not in one row: ${tops}`);
  for (const col of document.querySelectorAll(".hk-col")) {
    const marker = box(col.querySelector(".hk-favour"));
    for (const stack of col.querySelectorAll(".hk-items")) {
      const n = Number(stack.dataset.count);
      const label = stack.querySelector(".hk-items-count")?.textContent ?? null;
      if (label !== (n > 1 ? `\u00d7${n}` : null)) problems.push(`stack of ${n} labelled ${label}`);
      for (const face of stack.querySelectorAll(".hk-item-face")) {
        const r = box(face);
        if (r.left < marker.right && marker.left < r.right && r.top < marker.bottom && marker.top < r.bottom) {
          problems.push(`the favour marker covers an item of geisha ${col.dataset.geisha}`);
        }
      }
    }
  }
  return problems;
}"""


# Every enabled control of the decision at hand, and what it is about: inside the viewport.
CONTROLS = [".hk button:not([disabled])", ".hk-hand", ".hk-them", ".hk-field", ".hk-offer:not([hidden])"]
REQUIRED = [".hk-hand", ".hk-them", ".hk-field", ".hk-you .hk-markers"]

# On a phone each geisha card keeps her name, and her favour disc never covers her symbol.
CARDS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const problems = [];
  for (const col of document.querySelectorAll(".hk-col")) {
    const name = col.querySelector(".hk-geisha-name");
    const n = box(name);
    if (!name.checkVisibility() || n.width < 10 || name.scrollWidth > name.clientWidth + 1) problems.push(`geisha ${col.dataset.geisha}: no readable name`);
    const d = box(col.querySelector(".hk-favour"));
    const s = box(col.querySelector(".hk-geisha-card > svg"));
    if (d.left < s.right && s.left < d.right && d.top < s.bottom && s.top < d.bottom) problems.push(`geisha ${col.dataset.geisha}: the favour disc covers her symbol`);
  }
  for (const card of document.querySelectorAll(".hk-card")) {
    const name = card.querySelector(".hk-item-name");
    if (!name?.checkVisibility() || !name.dataset.name || box(name).height < 8) problems.push(`hand card ${card.dataset.index} does not name its geisha`);
  }
  return problems;
}"""


def test_a_whole_match_at_every_size_and_the_whole_table_fits(site, watch):
    """One match on a touch phone, in German (the longest names): at every decision and round
    summary, at 390x844, 360x740, 844x390 and 1280x800, the hand, the field, the computer's side and
    every enabled control lie inside the viewport; at 1280x800 the page does not scroll at all."""
    shots = Path(__file__).resolve().parents[1] / "test-results"  # the board as a player sees it, to look at
    shots.mkdir(exist_ok=True)
    w = watch(locale="de-DE", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    w.page.goto(site + f"play.html?game=hanamikoji&level=easy&pace=0&seed={DEAL}")  # the same deals each run
    w.page.wait_for_selector('html[data-turn]:not([data-turn="none"])', timeout=90_000)
    found, seen_states = [], []

    def check(page):
        page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")  # measure where things come to rest
        where = page.get_attribute(".hk", "data-summary") or page.get_attribute(".hk", "data-phase")
        if where == "open":
            check_sizes(page, ["#hk-continue"], required=["#hk-continue"], sizes=SIZES + (DESKTOP,), where="summary")
            # The toolbar says what the summary wants, not the decision waiting behind it.
            assert page.locator("#turn").inner_text() in ("Runde gewertet: ansehen, dann Weiter", "Spiel vorbei")
            return
        # The line above the board tells the computer's move, never the player's own automatic draw.
        assert "gezogen" not in page.locator("#last-move").inner_text()
        pairing = page.locator(".hk-pairing").count()
        check_sizes(page, CONTROLS, required=REQUIRED + ([".hk-pairing"] if pairing else []), sizes=SIZES + (DESKTOP,), where=where)
        found.extend(f"390x844: {p}" for p in page.evaluate(CARDS) if f"390x844: {p}" not in found)
        first = not seen_states  # the first decision: the board as it is dealt
        if first:
            snap(page, path=str(shots / "hanamikoji-390x844.png"))
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        found.extend(p for p in page.evaluate(LAYOUT) if p not in found)
        if first:
            snap(page, path=str(shots / "hanamikoji-1280x800.png"))
        seen_states.append(where)
        page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})

    seen = play_match(w.page, check=check, keys="Escape")
    assert found == [], found
    assert seen["picks"] >= 1 and seen["summaries"] >= 1 and seen["last_summary_by_key"]
    assert w.page.evaluate("scrollY") == 0  # the page never scrolled itself
    assert w.errors == []


# A deal whose hands hold six different geishas each: four cards for a competition pair in three ways.
MIXED_DECK = [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6, 3, 4, 5, 6, 5, 6, 6]


def test_three_german_pairings_keep_the_desktop_table_on_one_screen(site, watch):
    """The pairing chooser's widest case (three pairings, the German question) stays one row at
    1280x800: the hand and the table stay on screen (its wide-screen rules once lost to base rules)."""
    w = watch(locale="de-DE", viewport={"width": 1280, "height": 800})
    w.page.goto(site + "play.html?game=hanamikoji&level=easy&pace=0&decks=" + json.dumps([MIXED_DECK]).replace(" ", ""))
    page = w.page
    page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    for i in range(4):
        page.click(f'.hk-card[data-index="{i}"]')
    page.click('button.hk-marker[data-action="competition"]')
    page.wait_for_selector(".hk-pairing button[data-pairing]")
    pairings = page.locator(".hk-pairing button[data-pairing]")
    assert pairings.count() == 3
    tops = [pairings.nth(i).bounding_box()["y"] for i in range(3)]
    assert max(tops) - min(tops) < 10, tops  # one row
    assert page.evaluate("document.documentElement.scrollHeight") <= 800
    page.evaluate("scrollTo(0, 0)")
    assert page.locator(".hk-hand").bounding_box()["y"] + page.locator(".hk-hand").bounding_box()["height"] <= 800
    assert w.errors == []
