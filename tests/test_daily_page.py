"""The deal of the day in the browser (issue 42): play.html?game=<game>&daily.

Few tests, each a page or three: two fresh profiles on the same UTC date get the same deal (the same
first view) and a profile on the next date another; at the end the player's result stands beside the
par (the strongest level's own result on the deal, computed on the device) with the days in a row,
the day is recorded once in the history, and a second try that day is said not to count and is not
recorded again. The date is the page's clock (Playwright's clock.set_fixed_time: Date only, the
timers run as they do). To reach the end quickly, the daily's own save slot is given the day's deal
a few moves before its end, as the page itself would have saved it.
"""

from __future__ import annotations

import datetime
import json

import pygame_core
import pygame_core.games  # noqa: F401
from pygame_core import __version__, daily
from pygame_core.protocol import save_with
from pygame_core.session import Session
from drivers import take_a_turn
from viewport import DESKTOP, PHONE, SMALL_PHONE

DATE = "2026-03-05"
NEXT = "2026-03-06"
SHOTS = "test-results/daily"


def at(date: str, hour: int = 10) -> datetime.datetime:
    return datetime.datetime.fromisoformat(f"{date}T{hour:02d}:00:00+00:00")


def open_daily(watch, site, game, date, *, viewport=PHONE, query="", locale="en-US"):
    w = watch(locale=locale, viewport={"width": viewport[0], "height": viewport[1]})
    w.page.clock.set_fixed_time(at(date))
    w.page.goto(site + f"play.html?game={game}&daily&pace=0{query}")
    return w


def first_view(page) -> str:
    page.wait_for_selector('html[data-turn="human"]', timeout=120_000)
    return page.inner_html("#board")  # the cards as drawn (a card's text alone may not name it)


def test_the_same_date_deals_the_same_and_the_next_date_another(watch, site):
    """Two fresh profiles on one date see the same first table of Hanamikoji's deal of the day; the
    next date's is another. The running game's slot is never written."""
    views = []
    for date in (DATE, DATE, NEXT):
        w = open_daily(watch, site, "hanamikoji", date)
        views.append(first_view(w.page))
        page = w.page
        assert page.get_attribute("html", "data-daily") == date
        keys = page.evaluate("() => Object.keys(localStorage)")
        assert "cardgarden.daily.save.hanamikoji" in keys and "cardgarden.save.hanamikoji" not in keys, keys
        saved = json.loads(page.evaluate("() => localStorage.getItem('cardgarden.daily.save.hanamikoji')"))
        assert saved["daily"] == {"date": date} and saved["level"] == "normal"
        assert not w.errors, w.errors
        w.context.close()
    assert views[0] == views[1]
    assert views[0] != views[2]


def near_end(game: str, date: str) -> dict:
    """The deal of `date` played by bots a few of the person's decisions before its end, as the page saves it
    in the daily's slot (js/saves.js record)."""
    deal = daily.daily_deal(game, date)
    g = pygame_core.new_game(game, seed=deal["seed"], options=deal["options"])
    bots = Session.seated(g, ["human", deal["level"]]).bots
    bots[0] = pygame_core.new_bot(game, level="normal", seed=7)
    while not g.is_over:
        seat = g.current_player
        g.apply(bots[seat].choose(g.observation(seat)))
    mine = [m for m, seat in enumerate(g.movers) if seat == 0]
    k = mine[-2]  # the person's last decision but one
    past = g.position(k)
    assists = {"hints": 0, "take_backs": 0}
    return {"format": 1, "game": game, "engine": __version__, "level": deal["level"], "human": 0, "move": k,
            "played": len([m for m in mine if m < k]), "saved_at": f"{date}T09:00:00.000Z",
            "save": save_with(past.to_json(), assists=assists), "notes": [], "assists": assists,
            "daily": {"date": date}}


def play_to_the_end(page, game: str) -> None:
    while page.get_attribute("html", "data-game-state") != "over":
        take_a_turn(page, game)
    if game == "koikoi":  # the last round's summary first (it holds the result until it is closed)
        page.click("#kk-continue")
    page.wait_for_selector("dialog#result[open]", timeout=60_000)


def test_the_end_shows_the_par_and_the_streak_and_counts_one_try_a_day(watch, site):
    game = "koikoi"
    w = open_daily(watch, site, game, DATE, viewport=PHONE)
    page = w.page
    page.wait_for_selector('html[data-turn="human"]', timeout=120_000)
    # Yesterday's daily was played (the streak goes on today); a running game of the site's own is kept apart.
    yesterday = {"format": 1, "days": {"2026-03-04": {"result": {"outcome": "win", "scores": [7, 2], "helped": False}}}}
    page.evaluate("""([days, save]) => {
        localStorage.setItem('cardgarden.daily.koikoi', days);
        localStorage.setItem('cardgarden.daily.save.koikoi', save);
        localStorage.setItem('cardgarden.save.koikoi', 'the running game');
    }""", [json.dumps(yesterday), json.dumps(near_end(game, DATE))])
    page.reload()
    play_to_the_end(page, game)
    box = page.locator("#result-daily")
    page.wait_for_selector('#result-daily[data-par="done"]', timeout=120_000)
    text = box.inner_text()
    assert "Deal of the day, March 5, 2026" in text, text
    assert "You:" in text and "Expert on the same deal:" in text and "2 days in a row" in text, text
    assert box.get_attribute("data-counted") == "true"
    par = daily.ParRun(game, DATE).run()["result"]
    assert f"score {par['scores'][0]}–{par['scores'][1]}" in page.inner_text(".daily-par")
    history = json.loads(page.evaluate("() => localStorage.getItem('cardgarden.history')"))
    assert [e.get("daily") for e in history] == [DATE]
    kept = json.loads(page.evaluate("() => localStorage.getItem('cardgarden.daily.koikoi')"))
    assert kept["days"][DATE]["par"]["scores"] == par["scores"] and kept["days"][DATE]["result"]["outcome"] in (
        "win", "loss", "draw")
    assert page.evaluate("() => localStorage.getItem('cardgarden.save.koikoi')") == "the running game"
    for size, name in ((PHONE, "390x844"), (SMALL_PHONE, "360x740"), (DESKTOP, "1280x800")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=f"{SHOTS}/end-en-{name}.png")

    # A second try the same day, in German: said not to count, and not recorded again.
    page.goto(site + f"play.html?game={game}&daily&pace=0&lang=de")
    page.wait_for_selector('html[data-turn="human"]', timeout=120_000)
    page.evaluate("(save) => localStorage.setItem('cardgarden.daily.save.koikoi', save)", json.dumps(near_end(game, DATE)))
    page.reload()
    play_to_the_end(page, game)
    page.wait_for_selector('#result-daily[data-counted="false"][data-par="done"]')
    assert "Dieser Versuch zählt nicht" in box.inner_text()
    assert "2 Tage in Folge" in box.inner_text()
    assert len(json.loads(page.evaluate("() => localStorage.getItem('cardgarden.history')"))) == 1
    assert json.loads(page.evaluate("() => localStorage.getItem('cardgarden.daily.koikoi')")) == kept
    for size, name in ((PHONE, "390x844"), (SMALL_PHONE, "360x740"), (DESKTOP, "1280x800")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=f"{SHOTS}/end-again-de-{name}.png")

    # The start page: today's deal played, its result and the days in a row, in both languages.
    for lang in ("en", "de"):
        page.goto(site + f"?lang={lang}")
        # The cards are drawn at once and again when the engine has listed its games: the second drawing.
        page.wait_for_selector('#games[data-games="listed"]', timeout=90_000)
        entry = page.locator('.daily-entry[data-game="koikoi"]')
        entry.wait_for()
        assert entry.get_attribute("data-played") == "true"
        assert ("2 days in a row" if lang == "en" else "2 Tage in Folge") in entry.inner_text()
        assert page.locator('.daily-entry[data-game="hanabi"]').get_attribute("data-played") == "false"
        for size, name in ((PHONE, "390x844"), (SMALL_PHONE, "360x740"), (DESKTOP, "1280x800")):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            entry.scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/start-{lang}-{name}.png")
    assert not w.errors, w.errors
