"""The practice page (issue 41): play.html?game=<game>&practice.

Each game's positions come from a small practice file made here (tests/practice_fixture.py: decisions
of games dealt from seeds anywhere in the range, assessed by the coach), served by a route in
place of web/practice/<game>.json, so the page is tested whatever the shipped data holds. A choice is
made through the board's UI as a player makes it; the page judges it against the answer without
sending it to the engine. Screenshots (phone and desktop) of a verdict of each game go to
test-results/practice/.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from practice_fixture import click_action, observation_of, other_action, practice_file
from test_a11y import Audit
from viewport import DESKTOP, LANDSCAPE, PHONE, SMALL_PHONE, outside, settle, snap

GAMES = ("hanamikoji", "koikoi", "hanabi")
SHOTS = Path(__file__).resolve().parents[1] / "test-results" / "practice"
BOOT_MS = 120_000
MOBILE = {"is_mobile": True, "has_touch": True}
# The hand and the choice's controls of each board (tests/viewport.py: in view without scrolling).
HAND = {"hanamikoji": [".hk-you .hk-card", ".hk-you .hk-marker"], "koikoi": [".kk-you .kk-hand-card"],
        "hanabi": [".hb-own-card"]}


def serve(context, data) -> None:
    """Serve `data` (a practice file, or text as it is) as the site's practice file of its game."""
    body = data if isinstance(data, str) else json.dumps(data)
    context.route("**/practice/*.json", lambda route: route.fulfill(status=200, body=body, content_type="application/json"))


def open_practice(page, site: str, game: str, query: str = "") -> str:
    page.goto(f"{site}play.html?game={game}&practice{query}")
    page.wait_for_selector("html[data-practice]", timeout=BOOT_MS)
    return page.get_attribute("html", "data-practice")


def position_of(data: dict, pid: str) -> dict:
    return next(p for p in data["positions"] if p["id"] == pid)


def stored(page, game: str) -> dict | None:
    text = page.evaluate(f"localStorage.getItem('cardgarden.practice.{game}')")
    return json.loads(text) if text else None


def in_view(page, selectors: list[str]) -> list[str]:
    """What of `selectors` lies outside the screen once the board has fitted itself to it (after a
    turn of the screen it measures again: tried for up to 3 s)."""
    for _ in range(15):
        settle(page)
        bad = outside(page, selectors)
        if not bad:
            return []
        page.wait_for_timeout(200)
    return bad


# The engine sessions open now, by id: a probe opened and closed again gives the newest id, then each
# id below it is asked for its view (a closed session is refused).
OPEN_SESSIONS = """async (save) => {
  const { engine } = await import("./js/early-engine.js");
  const probe = await engine.call({ cmd: "load", save });
  await engine.call({ cmd: "close", session: probe.session });
  const open = [];
  for (let n = 1; n < Number(probe.session.slice(1)); n++) {
    try { await engine.call({ cmd: "view", session: `s${n}` }); open.push(`s${n}`); } catch { /* closed */ }
  }
  return open;
}"""


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
    snap(page, path=str(SHOTS / f"{name}.png"))


def decision(game: str, position: dict) -> list[str]:
    """The hand and the controls of the position's decision (tests/viewport.py: in view without scrolling)."""
    kinds = {a["type"] for a in observation_of(position)["legal_actions"]}
    if game == "hanamikoji" and kinds & {"pick_gift", "pick_pair"}:
        return [".hk-you .hk-card", ".hk-offer button"]
    if game == "koikoi" and kinds & {"koikoi", "shobu"}:
        return [".kk-you .kk-hand-card", "#kk-koikoi", "#kk-shobu"]
    if game == "koikoi" and "take" in kinds:
        return [".kk-you .kk-hand-card", ".kk-field .kk-pick"]
    return HAND[game]


def resize(page, size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})


@pytest.mark.parametrize("game", GAMES)
def test_practice_a_right_choice_a_wrong_one_and_the_next_position(site, watch, game):
    data = practice_file(game, count=4, seed=random.SystemRandom().randrange(2**53))
    a = Audit(watch, site, viewport={"width": PHONE[0], "height": PHONE[1]}, **MOBILE)
    page = a.page
    serve(a.w.context, data)
    first = open_practice(page, site, game)
    # A fresh player starts with the easiest position, seen from its seat, its decision in view at every size.
    assert first == data["positions"][0]["id"], data["meta"]
    position = position_of(data, first)
    for size in (SMALL_PHONE, LANDSCAPE, PHONE):
        resize(page, size)
        assert in_view(page, decision(game, position)) == [], (size, first)
    a.check("practice: a position")
    click_action(page, game, position["answer"], observation_of(position)["legal_actions"])
    page.wait_for_selector('html[data-practice-verdict="right"]')
    verdict = page.locator("#practice-verdict")
    assert verdict.inner_text().startswith("Right!"), verdict.inner_text()
    assert page.locator("#practice-verdict .practice-values").count() == 1  # the value of the best choice
    assert page.locator(".practice-counts").inner_text() == "Solved: 1 · Streak: 1"
    assert page.locator("#board .is-suggested").count() >= 1  # the answer marked on the board
    assert page.locator("#practice-next").is_visible()
    assert page.evaluate("document.activeElement.id") == "practice-next"  # the keyboard goes on from there
    assert stored(page, game)["solved"] == [first] and stored(page, game)["streak"] == 1
    a.check("practice: right")
    shot(page, f"{game}-390x844-right")

    page.click("#practice-next")
    page.wait_for_function(f"() => document.documentElement.dataset.practice !== {json.dumps(first)}")
    assert page.get_attribute("html", "data-practice-verdict") is None
    page.wait_for_selector("html[data-practice]")
    second = page.get_attribute("html", "data-practice")
    assert second == data["positions"][1]["id"]
    assert len(page.evaluate(OPEN_SESSIONS, data["positions"][1]["save"])) == 1  # the first position's was closed
    position = position_of(data, second)
    wrong = other_action(game, position)
    click_action(page, game, wrong, observation_of(position)["legal_actions"])
    page.wait_for_selector('html[data-practice-verdict="wrong"]')
    text = verdict.inner_text()
    assert text.startswith("Not the best."), text
    assert page.locator("#board .is-suggested").count() >= 1  # the better choice marked
    assert page.locator("#board .suggest-label").first.get_attribute("data-label").startswith("best")
    assert page.locator(".practice-counts").inner_text() == "Solved: 1 · Streak: 0"
    a.check("practice: wrong")
    # The verdict, the way on and the marked answer in view at every size.
    for size in (PHONE, SMALL_PHONE, LANDSCAPE, DESKTOP):
        resize(page, size)
        shot(page, f"{game}-{size[0]}x{size[1]}-wrong")
        assert in_view(page, ["#practice-next", "#practice-verdict", "#board .is-suggested"]) == [], (size, second)
    a.check("practice: wrong, desktop")
    # A reload after a verdict goes on with the next position, the counts kept.
    resize(page, PHONE)
    page.reload()
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(data['positions'][2]['id'])}",
                           timeout=BOOT_MS)
    assert page.get_attribute("html", "data-practice-verdict") is None
    assert page.locator(".practice-counts").inner_text() == "Solved: 1 · Streak: 0"
    # Practice never touches the running game's save or the ranking; its marks go when it is left.
    assert page.evaluate(f"localStorage.getItem('cardgarden.save.{game}')") is None
    assert page.evaluate("localStorage.getItem('cardgarden.history')") is None
    page.click(".site-header .brand")
    page.wait_for_selector('html[data-route="home"]')
    assert page.evaluate("Object.keys(document.documentElement.dataset).filter((k) => k.startsWith('practice'))") == []
    a.done()


def fnv_day(date: str, count: int) -> int:
    """The position of the day's index as js/practice/data.js dayIndex picks it (FNV-1a of the date)."""
    h = 0x811C9DC5
    for ch in date:
        h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    return h % count


FULL_STORAGE = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("cardgarden.practice")) throw new DOMException("full", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
})()"""


def test_the_position_of_the_day_in_german_with_the_storage_full(site, watch):
    """The same position for everyone on a date (the page's date picks it), reachable from the menu and
    by its address; storage that refuses to keep the counts is said, and practice goes on."""
    game = "hanabi"
    data = practice_file(game, count=7, seed=random.SystemRandom().randrange(2**53))
    w = watch(locale="de-DE", viewport={"width": PHONE[0], "height": PHONE[1]}, service_workers="block", **MOBILE)
    page = w.page
    page.add_init_script(FULL_STORAGE)
    serve(w.context, data)
    first = open_practice(page, site, game)
    assert first == data["positions"][0]["id"]
    assert page.locator(".practice-note").is_visible()  # said at once: the position on show is not kept
    assert "nicht gespeichert" in page.locator(".practice-note").inner_text()
    date = page.evaluate("(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; })()")
    day = data["positions"][fnv_day(date, len(data["positions"]))]
    page.click("#menu-toggle")
    page.click("#practice-day")  # in the folded menu, beside Rules
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(day['id'])}"
                           f" && !document.querySelector('#practice-verdict').textContent")
    assert page.locator("#practice-heading").inner_text().startswith("Aufgabe des Tages")
    click_action(page, game, day["answer"], observation_of(day)["legal_actions"])
    page.wait_for_selector('html[data-practice-verdict="right"]')
    assert page.locator("#practice-verdict").inner_text().startswith("Richtig!")
    assert page.locator(".practice-counts").inner_text() == "Gelöst: 1 · Serie: 1"  # counted for this visit
    assert page.locator("#practice-day").inner_text() == "Aufgabe des Tages: gelöst"
    assert page.evaluate("localStorage.getItem('cardgarden.practice.hanabi')") is None
    shot(page, "hanabi-390x844-day-de")
    # Switched to Czech, the verdict is said again in Czech.
    page.click('button[data-lang="cs"]')
    assert page.locator("#practice-verdict").inner_text().startswith("Správně!")
    assert page.locator("#practice-next").inner_text() == "Další pozice"
    # Next (the keyboard is on it) goes on with the positions in order after the first, past the solved one.
    page.focus("#practice-next")  # (the language switch took the focus)
    page.keyboard.press("Enter")
    expected = data["positions"][2 if day["id"] == data["positions"][1]["id"] else 1]["id"]
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(expected)}")
    # The address ?practice=day opens the same position.
    page.goto(f"{site}play.html?game={game}&practice=day")
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(day['id'])}")
    # And ?practice=<id> one position (a link to it).
    page.goto(f"{site}play.html?game={game}&practice={data['positions'][5]['id']}")
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(data['positions'][5]['id'])}")
    assert page.locator("#practice-heading").inner_text().startswith("Pozice 6 z 7")  # Czech, as chosen above
    assert w.errors == []


def test_a_game_without_practice_says_so(site, watch):
    w = watch(service_workers="block")
    w.page.goto(f"{site}play.html?game=nim&practice")
    w.page.wait_for_selector('html[data-practice-error="none"]', timeout=BOOT_MS)
    assert "no practice positions" in w.page.locator("#play-error").inner_text()
    assert w.page.locator('#play-error a[href="./"]').count() == 1
    assert not any("practice/nim.json" in r for r in w.requests)  # nothing asked for
    assert w.errors == []


@pytest.mark.parametrize("damage", ["damaged", "missing", "not-a-practice-file"])
def test_a_damaged_or_missing_file_is_said_with_the_way_back(site, watch, damage):
    a = Audit(watch, site, viewport={"width": PHONE[0], "height": PHONE[1]}, **MOBILE)
    w, page = a.w, a.page
    if damage == "missing":
        w.context.route("**/practice/*.json", lambda route: route.fulfill(status=404, body="not found"))
    elif damage == "damaged":
        serve(w.context, '{"format": 1, "game": "koikoi", "positions": [{"id": "kk-1", "save": ')  # cut short
    else:
        data = practice_file("koikoi", count=2, seed=random.SystemRandom().randrange(2**53))
        del data["positions"][1]["answer"]
        serve(w.context, data)
    page.goto(f"{site}play.html?game=koikoi&practice")
    kind = "missing" if damage == "missing" else "damaged"
    page.wait_for_selector(f'html[data-practice-error="{kind}"]', timeout=BOOT_MS)
    error = page.locator("#play-error")
    assert error.is_visible()
    assert ("could not be loaded" if kind == "missing" else "damaged") in error.inner_text()
    assert page.get_attribute("html", "data-practice") is None
    # The way on: the game itself, or back to the collection.
    assert error.locator('a[href="play.html?game=koikoi"]').count() == 1
    a.check(damage)
    assert a.found == {}
    page.click('#play-error a[href="./"]')
    page.wait_for_selector('html[data-route="home"]')
    assert page.get_attribute("html", "data-practice-error") is None  # taken off when the page left
    real = [e for e in w.errors if "404" not in e]  # the missing file's own console line
    assert real == []


def test_the_shipped_positions_play_offline_once_the_site_is_cached(own_site, watch):
    """The practice files the site ships (web/practice/<game>.json) are in the build's manifest, so the
    service worker keeps them; offline, on a small phone, each game's first shipped position and three
    drawn at random (by ?practice=<id>) open from their seat with the decision in view, and a choice made
    through the board gets its verdict (the answer: right; another: wrong) with the answer marked."""
    root, url = own_site
    files = json.loads((root / "manifest.json").read_text())["files"]
    assert [g for g in GAMES if f"practice/{g}.json" not in files] == []
    w = watch(service_workers="allow", viewport={"width": SMALL_PHONE[0], "height": SMALL_PHONE[1]}, **MOBILE)
    page = w.page
    page.goto(url)
    page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    page.wait_for_selector('html[data-sw="controlled"]', timeout=BOOT_MS)
    w.context.set_offline(True)
    rng = random.SystemRandom()
    for game in GAMES:
        positions = json.loads((root / "practice" / f"{game}.json").read_text())["positions"]
        assert open_practice(page, url, game) == positions[0]["id"]
        for i, position in enumerate([positions[0], *rng.sample(positions[1:], 3)]):
            if i:
                page.goto(f"{url}play.html?game={game}&practice={position['id']}")
                page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(position['id'])}")
            assert in_view(page, decision(game, position)) == [], position["id"]
            right = i % 2 == 0
            legal = observation_of(position)["legal_actions"]
            click_action(page, game, position["answer"] if right else other_action(game, position), legal)
            page.wait_for_selector(f'html[data-practice-verdict="{"right" if right else "wrong"}"]')
            assert in_view(page, ["#practice-next", "#practice-verdict", "#board .is-suggested"]) == [], position["id"]
    assert [e for e in w.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []


def test_a_position_the_engine_refuses_is_said_and_skipped(site, watch):
    """A position whose save the engine refuses (here: its check does not match) opens nothing; the
    bar says so, and Next goes on to the next position."""
    data = practice_file("hanamikoji", count=2, seed=random.SystemRandom().randrange(2**53))
    data["positions"][0]["save"]["seed"] += 1  # the save's check no longer matches
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, service_workers="block", **MOBILE)
    page = w.page
    serve(w.context, data)
    page.goto(f"{site}play.html?game=hanamikoji&practice")
    page.wait_for_selector('#practice-verdict[data-verdict="problem"]', timeout=BOOT_MS)
    assert "could not be opened" in page.locator("#practice-verdict").inner_text()
    assert page.get_attribute("html", "data-practice") is None
    page.click("#practice-next")
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(data['positions'][1]['id'])}")
    assert page.locator("#practice-next").is_hidden()
    assert [e for e in w.errors if "could not be opened" not in e] == []


def test_an_engine_that_fails_under_a_position_is_restarted_and_the_position_opened_again(site, watch):
    from test_faults import Faulty

    data = practice_file("koikoi", count=2, seed=random.SystemRandom().randrange(2**53))
    f = Faulty(watch, site, [{"cmd": "load", "kind": "raise"}])
    page = f.page
    serve(f.w.context, data)
    page.goto(f"{site}play.html?game=koikoi&practice")
    page.wait_for_selector('#practice-verdict[data-verdict="problem"]', timeout=BOOT_MS)
    assert "engine stopped" in page.locator("#practice-verdict").inner_text()
    assert page.locator("#practice-next").inner_text() == "Restart the engine"
    page.click("#practice-next")
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(data['positions'][0]['id'])}",
                           timeout=BOOT_MS)
    assert page.locator("#practice-next").is_hidden()
    assert page.locator(".kk-you .kk-hand-card").count() >= 1


def test_practice_opens_from_the_start_page_and_back_goes_home(site, watch):
    """The start page's Practice link opens the page in the same document (one engine per visit), the
    file is fetched only then, and Back leaves it (its marks gone)."""
    data = practice_file("koikoi", count=2, seed=random.SystemRandom().randrange(2**53))
    w = watch(service_workers="block")
    serve(w.context, data)
    page = w.page
    page.goto(site)
    page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    assert not any(r.endswith("/practice/koikoi.json") for r in w.requests)  # the positions: only once practice opens
    page.click('.game-card[data-game="koikoi"] a[href="play.html?game=koikoi&practice"]')
    page.wait_for_function(f"() => document.documentElement.dataset.practice === {json.dumps(data['positions'][0]['id'])}")
    assert any(r.endswith("/practice/koikoi.json") for r in w.requests)
    assert sum("engine/worker.js" in r and "snapshot" not in r for r in w.requests) == 1  # the engine booted once
    # The game's rules are one click away; the controls of a game (level, new game, who plays) are not shown.
    page.click("#show-rules")
    page.wait_for_selector("dialog#rules[open] #rules-body section")
    page.click("#rules-close")
    assert [c for c in ("#level", "#speed", "#new-game", "#seating-open", "#lesson-skip", "#lesson-menu-list")
            if page.locator(c).is_visible()] == []
    page.go_back()
    page.wait_for_selector('html[data-route="home"]')
    assert page.evaluate("Object.keys(document.documentElement.dataset).filter((k) => k.startsWith('practice'))") == []
    assert w.errors == []
