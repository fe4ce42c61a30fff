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
    # Practice never touches the running game's save or the ranking.
    assert page.evaluate(f"localStorage.getItem('cardgarden.save.{game}')") is None
    assert page.evaluate("localStorage.getItem('cardgarden.history')") is None
    a.done()
