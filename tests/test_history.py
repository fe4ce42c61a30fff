"""Nothing lost: a damaged history is kept aside and reported; the ranking keeps its totals apart from the capped list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from viewport import snap

NOTICE = ".history-notice"
SOON_MS = 5_000  # what the player sees must be there within a few seconds


def entry(game: str, outcome: str, points: int, at: str = "2026-11-30T10:00:00.000Z") -> dict:
    return {"game": game, "level": "hard", "outcome": outcome, "points": points, "scores": [1, 0], "at": at}


GOOD = [entry("hanamikoji", "win", 84), entry("hanamikoji", "loss", 10), entry("koikoi", "draw", 30)]

# Each case: the stored text, and the ranking row for Hanamikoji the readable entries give.
DAMAGED = {
    # Not JSON: one entry in the middle is broken; the ones around it still count.
    "invalid-json": (
        "[" + json.dumps(GOOD[0]) + ', {"game": "koikoi", "outcome": "win", "points": 12,, }, ' + json.dumps(GOOD[1]) + "]",
        ["Hanamikoji", "2", "1", "0", "1", "94", "47.0", "84"],
    ),
    # Cut off part-way through the last entry: every complete entry before the cut counts.
    "truncated": (
        json.dumps(GOOD)[:-25],
        ["Hanamikoji", "2", "1", "0", "1", "94", "47.0", "84"],
    ),
    # Valid JSON with junk among the entries.
    "junk-entries": (
        json.dumps([GOOD[0], "junk", {"game": "hanamikoji", "outcome": "win", "points": "lots"}, None, GOOD[1], 7]),
        ["Hanamikoji", "2", "1", "0", "1", "94", "47.0", "84"],
    ),
}

RECORDS = "new URL('js/records.js', location.href).href"


def records(page, call: str, arg=None):
    """Call records.js in the page (the module the page itself uses): `call` is an expression over `r` and `arg`."""
    return page.evaluate(f"async (arg) => {{ const r = await import({RECORDS}); return {call}; }}", arg)


def stored(page, key: str):
    return page.evaluate("(k) => localStorage.getItem(k)", f"cardgarden.{key}")


def open_with(w, site, values: dict[str, str]):
    """The start page with these localStorage values in place before it reads them."""
    w.page.goto(site + "embedding.html")  # same origin; a page that does not read the history
    for key, text in values.items():
        w.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"cardgarden.{key}", text])
    w.page.goto(site)


def ranking_row(page, game: str = "hanamikoji") -> list[str]:
    return page.locator(f'.ranking-table tr[data-game="{game}"]').locator("th, td").all_inner_texts()


def download_text(page, locator) -> str:
    with page.expect_download() as info:
        locator.click()
    return Path(info.value.path()).read_text(encoding="utf-8")


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_history_is_kept_reported_and_still_counts(site, watch, case):
    text, row = DAMAGED[case]
    w = watch()
    open_with(w, site, {"history": text})
    notice = w.page.locator(NOTICE)
    notice.wait_for(state="visible", timeout=SOON_MS)
    assert "could not be read in full" in notice.inner_text()
    assert ranking_row(w.page) == row
    # The exact damaged text is kept in its own record and downloads unchanged.
    kept = json.loads(stored(w.page, "damaged"))
    assert [(c["key"], c["text"]) for c in kept] == [("history", text)]
    link = notice.locator("a.history-download")
    assert link.count() == 1 and link.get_attribute("download").endswith(".json")
    assert download_text(w.page, link) == text
    # Only then was the list repaired: the readable entries, nothing else.
    assert len(json.loads(stored(w.page, "history"))) == 2
    # A new result counts on top; the copy stays until the player says otherwise.
    assert records(w.page, "r.recordResult(arg)", entry("hanamikoji", "win", 70)) is True
    w.page.reload()
    notice.wait_for(state="visible", timeout=SOON_MS)
    assert ranking_row(w.page)[1:3] == [str(int(row[1]) + 1), str(int(row[2]) + 1)]
    assert [c["text"] for c in json.loads(stored(w.page, "damaged"))] == [text]
    # Dismissing asks first; "Keep it" keeps it.
    notice.locator(".history-dismiss").click()
    notice.locator(".history-no").click()
    assert notice.is_visible() and stored(w.page, "damaged") is not None
    notice.locator(".history-dismiss").click()
    notice.locator(".history-yes").click()
    assert notice.is_hidden()
    assert stored(w.page, "damaged") is None
    assert ranking_row(w.page)[1] == str(int(row[1]) + 1)
    assert records(w.page, "r.historyProblem()") is None
    assert w.errors == []


def test_damaged_totals_are_rebuilt_from_the_list_and_reported(site, watch):
    w = watch()
    open_with(w, site, {"history": json.dumps(GOOD), "ranking": '{"format": 1, "games": {"hanamikoji": {"played": "x"'})
    notice = w.page.locator(NOTICE)
    notice.wait_for(state="visible", timeout=SOON_MS)
    assert "ranking totals could not be read" in notice.inner_text()
    assert ranking_row(w.page) == ["Hanamikoji", "2", "1", "0", "1", "94", "47.0", "84"]
    assert ranking_row(w.page, "koikoi") == ["Koi-Koi", "1", "0", "1", "0", "30", "30.0", "30"]
    assert download_text(w.page, notice.locator("a.history-download")) == '{"format": 1, "games": {"hanamikoji": {"played": "x"'
    assert json.loads(stored(w.page, "ranking"))["games"]["hanamikoji"]["played"] == 2


def test_the_cap_trims_the_list_but_never_the_ranking(site, watch):
    w = watch()
    w.page.goto(site)
    # 510 results, 5 of them wins worth 100 among the first ten, which the cap trims from the list.
    results = [entry("hanamikoji", "win" if i < 5 else "loss", 100 if i < 5 else 10) for i in range(510)]
    assert records(w.page, "arg.map((e) => r.recordResult(e)).every(Boolean)", results) is True
    assert len(json.loads(stored(w.page, "history"))) == 500
    totals = json.loads(stored(w.page, "ranking"))["games"]["hanamikoji"]
    assert totals == {"played": 510, "won": 5, "drawn": 0, "lost": 505, "total": 5550, "best": 100}
    w.page.reload()
    assert ranking_row(w.page) == ["Hanamikoji", "510", "5", "0", "505", "5550", "10.9", "100"]
    assert w.page.locator(NOTICE).is_hidden()
    # A list from before the totals existed is counted once, then kept apart from it.
    w.page.evaluate("localStorage.removeItem('cardgarden.ranking')")
    w.page.reload()
    assert ranking_row(w.page)[1] == "500"
    assert json.loads(stored(w.page, "ranking"))["games"]["hanamikoji"]["played"] == 500
    # Clearing removes both.
    w.page.click(".ranking-clear")
    w.page.click(".ranking-yes")
    assert stored(w.page, "history") is None and stored(w.page, "ranking") is None
    assert w.page.locator(".ranking-empty").is_visible()


# A full storage, switched on and off through sessionStorage so that it holds across reloads.
FULL_STORAGE = """(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && sessionStorage.getItem("test.full") === "1") {
      throw new DOMException("full", "QuotaExceededError");
    }
    return real.call(this, key, value);
  };
})();"""


def storage_full(page, full: bool) -> None:
    page.evaluate("(v) => sessionStorage.setItem('test.full', v)", "1" if full else "0")


def test_a_refused_write_is_reported_and_damage_is_never_written_over(site, watch):
    w = watch()
    w.page.add_init_script(FULL_STORAGE)
    open_with(w, site, {"history": json.dumps(GOOD)})
    storage_full(w.page, True)
    assert records(w.page, "r.recordResult(arg)", entry("hanamikoji", "win", 70)) is False
    storage_full(w.page, False)
    assert json.loads(stored(w.page, "history")) == GOOD
    assert json.loads(stored(w.page, "ranking"))["games"]["hanamikoji"]["played"] == 2

    # Damaged while storage is full: no copy can be made, so the damaged text stays in place.
    damaged = DAMAGED["truncated"][0]
    w.page.evaluate("(v) => localStorage.setItem('cardgarden.history', v)", damaged)
    storage_full(w.page, True)
    w.page.reload()
    notice = w.page.locator(NOTICE)
    notice.wait_for(state="visible", timeout=SOON_MS)
    assert "storage is full" in notice.inner_text()
    assert records(w.page, "r.recordResult(arg)", entry("hanamikoji", "win", 70)) is False
    assert records(w.page, "r.historyProblem().stuck") is True
    assert stored(w.page, "history") == damaged
    assert download_text(w.page, notice.locator("a.history-download")) == damaged
    # The player's word lets the readable entries take its place.
    storage_full(w.page, False)
    notice.locator(".history-dismiss").click()
    notice.locator(".history-yes").click()
    assert notice.is_hidden()
    assert len(json.loads(stored(w.page, "history"))) == 2
    assert records(w.page, "r.recordResult(arg)", entry("hanamikoji", "win", 70)) is True
    assert w.errors == []


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_screenshot_history_notice(site, watch, size):
    shots = Path(__file__).resolve().parents[1] / "test-results"
    shots.mkdir(exist_ok=True)
    for locale, lang in [("en-US", "en"), ("de-DE", "de")]:
        w = watch(locale=locale, viewport={"width": size[0], "height": size[1]})
        open_with(w, site, {"history": DAMAGED["truncated"][0]})
        w.page.locator(NOTICE).wait_for(state="visible", timeout=SOON_MS)
        assert w.page.evaluate("document.documentElement.scrollWidth") <= size[0]
        snap(w.page.locator("#ranking"), path=str(shots / f"history-notice-{lang}-{size[0]}x{size[1]}.png"))


def test_the_ranking_explains_its_points_shows_levels_and_lists_hanabi_by_score(site, watch):
    w = watch()
    games = [
        entry("hanamikoji", "win", 84, "2026-11-30T10:00:00.000Z") | {"scores": [9, 3]},
        {"game": "hanabi", "level": "normal", "outcome": "draw", "points": 93, "scores": [23, 23, 23],
         "at": "2026-11-30T11:00:00.000Z"},
        {"game": "koikoi", "outcome": "loss", "points": 10, "scores": [12, 30], "at": "2026-11-30T12:00:00.000Z"},
    ]
    open_with(w, site, {"history": json.dumps(games)})
    w.page.wait_for_selector(".ranking-table tr[data-game]")
    # A cooperative game has no wins or losses: dashes, and a line that says why.
    assert ranking_row(w.page, "hanabi") == ["Hanabi", "1", "—", "—", "—", "93", "93.0", "93"]
    assert "played together" in w.page.locator(".ranking-coop").inner_text()
    # The last games, newest first: level (unknown for an old record), result in the game's terms, points.
    rows = [r.locator("th, td").all_inner_texts()[1:] for r in w.page.locator(".recent-table tbody tr").all()]
    assert rows == [["Koi-Koi", "—", "Lost 12–30", "10", ""], ["Hanabi", "Normal", "Score 23 of 25", "93", ""],
                    ["Hanamikoji", "Hard", "Won 9–3", "84", ""]]  # no game kept: nothing to replay
    # How points are earned, for every game, one click away.
    w.page.click(".ranking-how summary")
    how = w.page.locator(".ranking-how li").all_inner_texts()
    assert len(how) == 4 and how[0].startswith("Hanamikoji: A win earns 60") and "perfect 25" in how[2]
    assert how[3].startswith("Hint and take back: A game in which you asked for a hint")  # help earns nothing
    w.page.click('button[data-lang="de"]')
    assert w.page.locator(".recent-table tbody tr").first.locator("td").nth(2).inner_text() == "Verloren 12:30"
