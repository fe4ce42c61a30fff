"""A game's statistics in the browser (issue 44): the start page's ranking links each played game's
statistics (./?stats=<game>), which show the figures of a history made here (a game with help, a game
between people that is counted apart, an entry from before the details were kept), each chart with
its table, in English, German and Czech, at phone and desktop sizes; a damaged history is still
copied aside and told; and a real game finished through the page stores the details."""

from __future__ import annotations

import json
import os
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

from language_check import assert_no_english
from test_a11y import SMALL_TARGETS, Audit
from test_site_hanamikoji import play_match
from viewport import DESKTOP, PHONE, SMALL_PHONE, settle, snap

SOON_MS = 10_000
SHOTS = Path(os.environ.get("PYGAME_SHOTS", "/tmp/stats-shots"))
TODAY = datetime.now(timezone.utc).date()


def day(n: int) -> str:
    """The UTC date `n` days before today (yyyy-mm-dd)."""
    return (TODAY - timedelta(days=n)).isoformat()


def at(n: int, hour: int = 10) -> str:
    return f"{day(n)}T{hour:02d}:00:00.000Z"


def entry(game, outcome, scores, n, level="hard", detail=None, **more):
    e = {"game": game, "level": level, "outcome": outcome, "points": 0 if more.get("helped") else 60,
         "scores": scores, "at": at(n), **more}
    if detail is not None:
        e["detail"] = {"v": 1, "hints": 0, "take_backs": 0, **detail}
    return e


def hk(outcome, scores, how, n, level="hard", **more):
    return entry("hanamikoji", outcome, scores, n, level, {"scores": scores, "how": how, "geishas": [4, 2], "rounds": 2}, **more)


def kk(outcome, scores, rounds, n, level="hard", **more):
    return entry("koikoi", outcome, scores, n, level, {"scores": scores, "rounds": rounds}, **more)


def hb(score, players, end, n, strikes=0):
    return entry("hanabi", "draw", [score] * players, n, "normal",
                 {"players": players, "score": score, "max": 25, "strikes": strikes, "end": end})


HISTORY = [
    entry("hanamikoji", "win", [11, 4], 40),  # saved before issue 44: no detail
    hk("win", [12, 5], "charm", 9),
    hk("win", [8, 9], "geishas", 8, level="normal"),
    {**hk("loss", [6, 11], "charm", 7, helped=True), "detail": {"v": 1, "hints": 1, "take_backs": 2, "scores": [6, 11],
                                                                 "how": "charm", "geishas": [2, 4], "rounds": 2}},
    {"game": "hanamikoji", "level": "hard", "people": ["Anna", "Ben"], "winner": 0, "scores": [11, 3], "points": 0,
     "at": at(6)},  # between people: never in the ranking, counted apart
    hk("win", [9, 7], "geishas", 5),
    hk("win", [11, 3], "charm", 4, level="easy"),
    kk("win", [11, 1], [{"w": 0, "p": 6, "yaku": ["inoshikacho"]}, {"w": 1, "p": 1, "yaku": ["kasu"]},
                        {"w": 0, "p": 5, "yaku": ["tanzaku", "akatan"]}], 3),
    kk("loss", [5, 10], [{"w": 1, "p": 10, "yaku": ["sanko"]}, {"w": 0, "p": 5, "yaku": ["inoshikacho"]},
                         {"w": None, "p": 0, "yaku": []}], 1, level="normal", daily=day(1)),
    kk("draw", [0, 0], [{"w": None, "p": 0, "yaku": []}], 1, level="easy"),  # a draw: the tables' column of draws
    kk("win", [7, 0], [{"w": 0, "p": 7, "yaku": ["inoshikacho", "tane"]}], 0, daily=day(0)),
    hb(25, 2, "perfect", 9),
    hb(18, 2, "final_round", 8),
    hb(0, 3, "strikes", 7, strikes=3),
    hb(21, 3, "final_round", 6, strikes=1),
    hb(18, 2, "final_round", 5),
    entry("hanabi", "draw", [25, 25], 2, "normal"),  # no detail
]


def open_with_history(w, site, text: str, path: str = "") -> None:
    w.page.goto(site + "embedding.html")  # same origin; a page that does not read the history
    w.page.evaluate("(t) => localStorage.setItem('cardgarden.history', t)", text)
    w.page.goto(site + path)


def cells(page, selector: str) -> list[list[str]]:
    return page.eval_on_selector_all(f"{selector} tbody tr",
                                     "(rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim()))")


def figure(page, key: str) -> str:
    return page.locator(f'.stats-figure[data-figure="{key}"] dd').inner_text()


SIDEWAYS = """() => {
  const out = [...document.querySelectorAll('#stats *')].filter((el) => el.getClientRects().length
    && !el.closest('.table-wrap')).map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.left < -1 || r.right > innerWidth + 1).map(([el]) => el.className.baseVal ?? el.className);
  if (document.scrollingElement.scrollWidth > innerWidth + 1) out.push('the page scrolls sideways');
  for (const wrap of document.querySelectorAll('#stats .table-wrap')) {  // a table fits without scrolling, phones too
    if (wrap.getClientRects().length && wrap.scrollWidth > wrap.clientWidth + 1) out.push(wrap.firstChild.className);
  }
  return out.slice(0, 5);
}"""


def sideways(page) -> list[str]:
    """What runs off the statistics' side, a table that would scroll in its box, or the page scrolling sideways."""
    return page.evaluate(SIDEWAYS)


def shots(page, name: str) -> None:
    """The page at a phone, a small phone and a desktop: nothing runs off sideways; each kept as a PNG."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in (PHONE, SMALL_PHONE, DESKTOP):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        assert sideways(page) == [], (name, width)
        snap(page, path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


def test_each_games_statistics_from_a_made_history(site, watch):
    audit = Audit(watch, site, viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True)
    w = audit.w
    page = w.page
    open_with_history(w, site, json.dumps(HISTORY))
    # The ranking links each game played against the computer to its statistics.
    links = page.locator(".ranking-stats a.stats-open")
    links.first.wait_for(timeout=SOON_MS)
    assert [links.nth(i).get_attribute("data-game") for i in range(links.count())] == ["hanamikoji", "koikoi", "hanabi"]
    # The ranking beside them skips the game between people and counts the helped game as played.
    played = page.locator('.ranking-table tr[data-game="hanamikoji"] .col-played').inner_text()
    assert played == "6"
    SHOTS.mkdir(parents=True, exist_ok=True)
    snap(page.locator(".ranking-stats"), path=str(SHOTS / "ranking-links-390x844.png"))
    page.click('.ranking-stats a[data-game="hanamikoji"]')
    page.wait_for_selector('html[data-route="stats"] #stats[data-game="hanamikoji"]', timeout=SOON_MS)
    assert page.url.endswith("?stats=hanamikoji") and page.locator("#home").is_hidden()
    assert page.evaluate("() => document.activeElement.id") == "stats-heading"
    assert page.locator(".stats-heading").inner_text() == "Statistics: Hanamikoji"

    # Hanamikoji: the game between people is apart, the helped game counts as played.
    assert (figure(page, "played"), figure(page, "won"), figure(page, "drawn"), figure(page, "lost")) == ("6", "5", "0", "1")
    assert figure(page, "streak") == "2 now · best 3"
    assert figure(page, "helped") == "1"
    assert figure(page, "points") == "you 9.5 · computer 6.5"
    assert page.locator(".stats-people").inner_text() == "1 game between people is not counted here."
    assert page.locator(".stats-older").inner_text().startswith("1 game was saved before")
    assert cells(page, ".stats-how-table") == [["11 charm points", "2", "1"], ["4 geishas", "2", "0"]]
    # (no game was drawn: no column of draws)
    assert cells(page, ".stats-levels-table") == [["Easy", "1", "1", "0", "11.0"], ["Normal", "1", "1", "0", "8.0"],
                                                  ["Hard", "4", "3", "1", "9.5"]]
    # The trend: a bar per game, and its table (newest first) says the same, the helped game marked.
    chart = page.locator(".stats-trend-section svg.stats-chart")
    assert chart.get_attribute("role") == "img"
    assert chart.get_attribute("aria-label") == "Bar chart of your last 6 games: the points between you and the computer"
    assert chart.locator("g.stats-bar").count() == 6 and chart.locator("g.stats-bar.is-helped").count() == 1
    # Each outcome has its own shape under its bar (a win by geishas can have fewer points: its bar points down).
    assert chart.locator(".stats-outcome-win").count() == 5 and chart.locator(".stats-outcome-loss").count() == 1
    assert [b.get_attribute("data-outcome") for b in chart.locator("g.stats-bar").all()] == ["win", "win", "win", "loss", "win", "win"]
    page.click(".stats-trend-section .stats-alt summary")
    rows = cells(page, ".stats-trend-table")
    assert [(r[0], r[2], r[4]) for r in rows] == [("6", "Easy", "+8"), ("5", "Hard", "+2"), ("4", "Hard", "−5"),
                                                  ("3", "Normal", "−1"), ("2", "Hard", "+7"), ("1", "Hard", "+7")]
    assert rows[2][3] == "Lost 6–11 with help" and rows[0][3] == "Won 11–3"
    # Help over time: the month of the helped game counts its hint and its two take backs.
    assert sum(int(r[1]) for r in cells(page, ".stats-months-table")) == 6
    help_rows = cells(page, ".stats-help-table")
    assert [r[1:] for r in help_rows if r[1] != "0"] == [["1", "1", "2"]]
    assert help_rows[-1][2:] == ["—*", "—*"]  # the month of the game saved before help was counted
    shots(page, "stats-hanamikoji")
    audit.check("stats-hanamikoji")
    # Every control (the way back, the games, the tables' switches) is 44 px to tap on a phone.
    assert page.evaluate(SMALL_TARGETS) == []
    assert all(link.bounding_box()["height"] >= 44 for link in page.locator(".stats-back, .stats-switch a").all())

    # Koi-Koi, through the switch: the yaku made most often, points per round, the deal of the day.
    page.click('.stats-switch a[href$="stats=koikoi"]')
    page.wait_for_selector('#stats[data-game="koikoi"]', timeout=SOON_MS)
    assert cells(page, ".stats-yaku-table") == [["Boar, Deer, Butterflies", "3"], ["Red Poetry Ribbons", "1"],
                                                ["Animals", "1"], ["Ribbons", "1"]]
    assert page.locator(".stats-yaku .stats-hint").inner_text().startswith("You won 4 of 8 rounds")
    assert figure(page, "points") == "you 2.9 · computer 1.4"
    assert (figure(page, "played"), figure(page, "won"), figure(page, "drawn"), figure(page, "lost")) == ("4", "2", "1", "1")
    assert cells(page, ".stats-levels-table") == [["Easy", "1", "0", "1", "0", "0.0"], ["Normal", "1", "0", "0", "1", "5.0"],
                                                  ["Hard", "2", "2", "0", "0", "9.0"]]
    assert figure(page, "streak") == "1 now · best 1"
    assert page.locator(".stats-daily-text").inner_text().startswith("2 days played · 2 in a row now, best 2")
    shots(page, "stats-koikoi")
    audit.check("stats-koikoi")

    # Hanabi: a histogram per player count with its table, strike-outs, perfect games.
    page.click('.stats-switch a[href$="stats=hanabi"]')
    page.wait_for_selector('#stats[data-game="hanabi"]', timeout=SOON_MS)
    assert (figure(page, "played"), figure(page, "perfect"), figure(page, "strikeouts")) == ("6", "2", "1")
    assert page.locator('.stats-figure[data-figure="perfect"] dt').inner_text() == "Perfect games (25)"
    assert figure(page, "streak") == "2 now · best 2"
    assert cells(page, ".stats-players-table") == [["2", "3", "20.3", "25", "1", "0"], ["3", "2", "10.5", "21", "0", "1"]]
    two = page.locator('.stats-hist[data-players="2"]')
    assert two.locator("h3").inner_text() == "Final scores with 2 players"
    assert [(r.get_attribute("data-score"), r.get_attribute("data-count")) for r in two.locator("rect.stats-hist-bar").all()] == [
        ("18", "2"), ("25", "1")]
    two.locator(".stats-alt summary").click()
    assert cells(page, '.stats-hist[data-players="2"] .stats-hist-table') == [["25", "1"], ["18", "2"]]
    three = page.locator('.stats-hist[data-players="3"]')
    assert three.locator("svg").get_attribute("aria-label") == "Bar chart: how many games with 3 players ended on each score"
    trend = page.locator(".stats-trend-section svg")
    assert trend.locator("path.stats-cross").count() == 1  # the strike-out's cross, not colour alone
    shots(page, "stats-hanabi")
    audit.check("stats-hanabi")

    # The same page in German and in Czech, then back to the ranking.
    page.click('button[data-lang="de"]')
    assert page.locator(".stats-heading").inner_text() == "Statistik: Hanabi"
    assert page.locator(".stats-hist[data-players=\"2\"] h3").inner_text() == "Endwertungen mit 2 Spielern"
    page.locator('.stats-hist[data-players="3"] .stats-alt summary').click()  # every table open: its words checked too
    assert_no_english(page, "Hanabi's statistics in German")
    shots(page, "stats-hanabi-de")
    page.click('button[data-lang="cs"]')
    assert page.locator(".stats-heading").inner_text() == "Statistiky: Hanabi"
    page.click('.stats-switch a[href$="stats=koikoi"]')
    page.wait_for_selector('#stats[data-game="koikoi"]', timeout=SOON_MS)
    assert "Kanec, Jelen, Motýli" in page.locator(".stats-yaku-table").inner_text()
    page.click(".stats-trend-section .stats-alt summary")
    assert_no_english(page, "Koi-Koi's statistics in Czech")
    shots(page, "stats-koikoi-cs")
    audit.check("stats-koikoi-cs")
    page.click('.stats-switch a[href$="stats=hanamikoji"]')
    page.wait_for_selector('#stats[data-game="hanamikoji"]', timeout=SOON_MS)
    page.click(".stats-trend-section .stats-alt summary")
    assert cells(page, ".stats-how-table")[1][0] == "4 gejši"
    assert_no_english(page, "Hanamikoji's statistics in Czech")
    shots(page, "stats-hanamikoji-cs")
    page.click(".stats-back")
    page.wait_for_selector('html[data-route="home"]', timeout=SOON_MS)
    assert page.locator("#ranking").is_visible() and page.locator("#stats").is_hidden()
    page.go_back()  # the browser's Back returns to the statistics
    page.wait_for_selector('html[data-route="stats"] #stats[data-game="hanamikoji"]', timeout=SOON_MS)
    audit.done()  # axe found nothing serious on any of them, and the page said no error


def test_a_damaged_history_is_still_copied_aside_and_told_on_the_statistics(site, watch):
    w = watch(viewport={"width": SMALL_PHONE[0], "height": SMALL_PHONE[1]}, is_mobile=True, has_touch=True)
    text = json.dumps(HISTORY)[:-40]  # cut off part-way through the last entry
    open_with_history(w, site, text, "?stats=hanamikoji")
    page = w.page
    page.wait_for_selector("#stats .stats-damaged", timeout=SOON_MS)
    assert "was damaged" in page.locator(".stats-damaged").inner_text()
    kept = json.loads(page.evaluate("() => localStorage.getItem('cardgarden.damaged')"))
    assert [(c["key"], c["text"]) for c in kept] == [("history", text)]  # the exact text, set aside, never deleted
    assert figure(page, "played") == "6"  # every complete entry still counts
    page.click(".stats-damaged a")
    page.wait_for_selector('html[data-route="home"] .history-notice:not([hidden])', timeout=SOON_MS)
    assert w.errors == []


def test_a_game_finished_through_the_page_stores_its_details(site, watch):
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True)
    page = w.page
    seed = random.randrange(2**53)
    page.goto(site + f"play.html?game=hanamikoji&level=easy&pace=0&round_limit=1&seed={seed}")
    page.wait_for_selector('html[data-turn]:not([data-turn="none"])', timeout=90_000)
    play_match(page)  # as a player: cards, markers, offers, the round's summary
    page.wait_for_selector("dialog#result[open]", timeout=60_000)
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('cardgarden.history') || '[]')).length === 1")
    [stored] = json.loads(page.evaluate("() => localStorage.getItem('cardgarden.history')"))
    d = stored["detail"]
    assert d["v"] == 1 and (d["hints"], d["take_backs"]) == (0, 0), seed
    assert d["how"] in ("charm", "geishas", "round_limit", "round_limit_draw") and d["rounds"] == 1, seed
    assert len(d["geishas"]) == 2 and d["scores"] == stored["scores"], seed  # the player sits in seat 0 here
    assert stored["outcome"] in ("win", "loss", "draw") and (stored["outcome"] == "draw") == (d["how"] == "round_limit_draw")
    # Its statistics show it.
    page.goto(site + "?stats=hanamikoji")
    page.wait_for_selector('#stats[data-game="hanamikoji"] .stats-summary', timeout=SOON_MS)
    assert figure(page, "played") == "1"
    assert page.locator(".stats-how-table, .stats-how .stats-note").count() == 1
    # Another tab finishes a game meanwhile: the statistics on show count it at once.
    other = w.context.new_page()
    other.goto(site + "embedding.html")
    other.evaluate("""async (e) => (await import(new URL('js/records.js', location.href).href)).recordResult(e)""",
                   hk("win", [11, 2], "charm", 0))
    page.wait_for_function("() => document.querySelector('.stats-figure[data-figure=\"played\"] dd').textContent === '2'")
    other.close()
    assert w.errors == []
