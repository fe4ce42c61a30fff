"""A finished game and the faults around it, in the browser (issue 40).

- A finished game's address on a device that does not keep it (another browser, a friend's
  phone) says so in a notice and shows the game's own page, never an empty board for good.
- A damaged or foreign entry among the kept games says it is damaged, not "no longer kept".
- The engine failing under the review of a game that just ended: the restart comes back to
  that finished game, not to a new deal.
- Storage full as a game ends: its result is recorded and the notice says its replay could not
  be kept, with the game to download.
- A save the engine refuses while storage has no room for its copy: the notice never says a
  copy was kept; it offers the save to download at once, and the new game is not written over
  it until the player has downloaded or deleted it.
"""

from __future__ import annotations

import json

from test_faults import Faulty
from test_site_hanamikoji import play_match

READY = 'html[data-turn]:not([data-turn="none"])'
QUICK = "play.html?game=hanamikoji&level=easy&pace=0&round_limit=1"  # one round: a game in a few moves

# Storage that refuses writes of the keys named in sessionStorage 'test.refuse' (a JSON list of
# key fragments), as a full storage refuses the write that does not fit.
REFUSE = """() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const refused = JSON.parse(sessionStorage.getItem("test.refuse") || "[]");
    if (this === localStorage && refused.some((part) => key.includes(part))) {
      throw new DOMException("full", "QuotaExceededError");
    }
    return real.call(this, key, value);
  };
}"""


def history(page) -> list:
    return json.loads(page.evaluate("localStorage.getItem('cardgarden.history')") or "[]")


def test_a_finished_games_address_on_another_device_says_so_and_deals(site, watch):
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(site + "play.html?game=koikoi&pace=0&finished=koikoi-mc3x1f2k-a1b2c3")
    page.wait_for_selector("#notice-finished-missing", timeout=90_000)
    assert "not kept on this device" in page.locator("#notice-finished-missing").inner_text()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.get_attribute("html", "data-game-state") == "playing"
    assert "finished=" not in page.url  # the game's own address: a reload deals no empty board
    page.click("#finished-dismiss")
    assert page.locator("#notice-finished-missing").count() == 0
    assert w.errors == []


def test_a_damaged_or_foreign_kept_game_says_it_is_damaged(site, watch):
    w = watch(viewport={"width": 1280, "height": 800})
    page = w.page
    page.goto(site)
    page.wait_for_selector('html[data-engine="ready"]', timeout=90_000)
    broken_save = {"format": 1, "game": "hanamikoji", "options": {}, "seed": 5, "actions": [], "check": "0000"}
    kept = [
        {"id": "hanamikoji-x-1", "game": "hanamikoji", "at": "2026-12-01T10:00:00Z",
         "record": {"save": broken_save, "human": 0, "level": "easy", "notes": []}},
        {"id": "koikoi-x-2", "game": "koikoi", "at": "2026-12-01T10:00:00Z",
         "record": {"save": broken_save, "human": 0, "level": "easy", "notes": []}},
    ]
    page.evaluate("(v) => localStorage.setItem('cardgarden.finished', v)", json.dumps(kept))
    for game, entry in (("hanamikoji", "hanamikoji-x-1"), ("hanamikoji", "koikoi-x-2")):
        page.goto(site + f"play.html?game={game}&pace=0&finished={entry}")
        page.wait_for_selector("#notice-finished-missing", timeout=90_000)
        text = page.locator("#notice-finished-missing").inner_text()
        assert "damaged" in text and "no longer kept" not in text, text
        page.wait_for_selector(READY, timeout=60_000)
    assert w.errors == []


def test_the_engine_failing_under_the_review_comes_back_to_the_finished_game(site, watch):
    f = Faulty(watch, site, [{"cmd": "review", "kind": "raise"}])
    page = f.page
    page.goto(site + QUICK)
    page.wait_for_selector(READY, timeout=90_000)
    play_match(page)
    page.wait_for_selector("dialog#result[open]", timeout=60_000)
    title = page.locator("#result-title").inner_text()
    recorded = history(page)
    assert len(recorded) == 1
    page.click("#review-open")
    page.wait_for_selector('html[data-trouble="internal"]', timeout=30_000)
    notice = page.locator("#notice-trouble").inner_text()
    assert "finished game is kept" in notice and "sets up the table again" not in notice, notice
    page.click("#restart-engine")
    page.wait_for_selector("html:not([data-trouble])", timeout=90_000)
    page.wait_for_selector("dialog#result[open]", timeout=60_000)  # the same end screen, not a new deal
    assert page.get_attribute("html", "data-game-state") == "over"
    assert page.locator("#result-title").inner_text() == title
    assert history(page) == recorded  # shown again, never recorded twice
    page.click("#review-open")  # and the review works on the restarted engine
    page.wait_for_selector('html[data-review="done"]', timeout=120_000)
    assert f.w.errors == [] or all("injected" in e or "engine" in e.lower() for e in f.w.errors), f.w.errors


def test_a_game_ending_with_storage_full_records_its_result_and_says_its_replay_was_not_kept(site, watch):
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page
    page.add_init_script(f"({REFUSE})()")
    page.goto(site + QUICK)
    page.wait_for_selector(READY, timeout=90_000)
    page.evaluate("sessionStorage.setItem('test.refuse', JSON.stringify(['cardgarden.finished']))")
    play_match(page)
    page.wait_for_selector("dialog#result[open]", timeout=60_000)
    page.wait_for_selector('html[data-storage="replay-failed"]', timeout=10_000)
    entry = history(page)[-1]
    assert entry["game"] == "hanamikoji" and "kept" not in entry  # recorded, with no replay to name
    page.keyboard.press("Escape")  # the end screen closed, the notice is there to read
    notice = page.locator("#notice-storage")
    assert "result is recorded" in notice.inner_text() and "replay could not be kept" in notice.inner_text()
    with page.expect_download() as download:
        page.click("#storage-download")
    saved = json.loads(open(download.value.path()).read())
    assert saved["save"]["game"] == "hanamikoji"  # the finished game itself, to keep
    assert w.errors == []


def test_a_refused_save_with_no_room_for_its_copy_is_offered_at_once_and_never_written_over(site, watch):
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page
    page.add_init_script(f"({REFUSE})()")
    page.goto(site + "play.html?game=hanamikoji&level=easy&pace=0")
    page.wait_for_selector(READY, timeout=90_000)
    record = json.loads(page.evaluate("localStorage.getItem('cardgarden.save.hanamikoji')"))
    record["save"]["check"] = "0123456789abcdef"  # passes the page's checks; the engine refuses it
    record["played"] = 3
    text = json.dumps(record)
    page.evaluate("(v) => localStorage.setItem('cardgarden.save.hanamikoji', v)", text)
    page.evaluate("sessionStorage.setItem('test.refuse', JSON.stringify(['.refused']))")  # no room for the copy
    page.reload()
    page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    page.click("#resume-continue")
    page.wait_for_selector("#notice-save-refused", timeout=30_000)
    notice = page.locator("#notice-save-refused").inner_text()
    assert "no copy of it could be kept" in notice and "A copy of it is kept" not in notice, notice
    page.wait_for_selector(READY, timeout=60_000)  # a new game to play meanwhile
    page.wait_for_timeout(500)
    assert page.evaluate("localStorage.getItem('cardgarden.save.hanamikoji')") == text  # not written over
    with page.expect_download() as download:
        page.click("#refused-download")
    assert open(download.value.path()).read() == text
    page.wait_for_function("(old) => localStorage.getItem('cardgarden.save.hanamikoji') !== old", arg=text)
    assert page.locator("#notice-save-refused").count() == 0
    assert w.errors == []
