"""Every table the page can deal comes back after a reload exactly as it was (issue 40).

One person with computer teammates of different levels once saved `level: null`, which the
engine refused on load, so every reload set the game aside and dealt another. Here each kind of
table the Who plays dialog and the address can make is dealt, saved, reloaded and loaded, and
the engine's own record of it afterwards (the save it writes once the game is back) must name
the same seats, levels and names, and the same deal. Also: a remembered table the engine
refuses is forgotten and said (never retried forever), and an address whose seats disagree
with its players is said as such.
"""

from __future__ import annotations

import json

import pytest

from drivers import open_menu
from test_pass_and_play import seat_people

READY = 'html[data-turn]:not([data-turn="none"])'


def stored(page, game: str) -> dict | None:
    text = page.evaluate(f"localStorage.getItem('cardgarden.save.{game}')")
    return json.loads(text) if text else None


def settled_record(page, game: str, after: str | None = None) -> dict:
    """The game's stored record once it is written (and newer than `after`, a saved_at)."""
    for _ in range(200):
        record = stored(page, game)
        if record and record.get("saved_at") != after:
            return record
        page.wait_for_timeout(50)
    raise AssertionError(f"no new save of {game} after {after}: {stored(page, game)}")


def table(record: dict) -> tuple:
    return record["seats"], record["names"], record["level"], record["save"]["seed"], record["save"]["options"]


def reload_and_compare(page, game: str) -> dict:
    """Reload: the same table and deal come back, by the engine's own record of it afterwards."""
    before = settled_record(page, game)
    page.reload()
    page.wait_for_selector(f"dialog#resume[open], html[data-privacy], {READY}", timeout=90_000)
    if page.locator("dialog#resume[open]").count():
        page.click("#resume-continue")
    after = settled_record(page, game, before["saved_at"])
    assert table(after) == table(before), (before, after)
    assert page.locator("#notice-save-refused").count() == 0  # nothing was set aside
    return after


def deal_from_dialog(page, names, seats, players: int | None = None):
    if players is not None:
        open_menu(page)
        page.select_option("#setting-players", str(players))
    seat_people(page, names, seats)


@pytest.mark.parametrize("case", [
    "default", "dialog-people", "dialog-mixed-levels", "address-people", "seat-setting", "dialog-one-in-seat-2",
])
def test_every_kind_of_table_comes_back_after_a_reload(site, watch, case):
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page
    if case == "default":  # one person against the computer at the toolbar's level
        game, query = "hanamikoji", "level=hard"
        expected = (["human", "hard"], [None, None], "hard")
    elif case == "dialog-people":  # two people, one name typed with Japanese input's full-width space
        game, query = "koikoi", "rounds=3"
        expected = (["human", "human"], ["山田 太郎", "Ben"], None)
    elif case == "dialog-mixed-levels":  # one person and computer seats of different levels
        game, query = "hanabi", "players=3"
        expected = (["human", "easy", "hard"], [None, None, None], None)
    elif case == "address-people":  # docs/players.md's address: the seats say how many play
        game, query = "hanabi", "seats=human,hard,human"
        expected = (["human", "hard", "human"], [None, None, None], "hard")
    elif case == "seat-setting":  # one person at another seat of four, through the settings
        game, query = "hanabi", "players=4&seat=2&level=easy"
        expected = (["easy", "human", "easy", "easy"], [None, None, None, None], "easy")
    else:  # the dialog with one person in the second seat
        game, query = "koikoi", "rounds=3"
        expected = (["normal", "human"], [None, None], "normal")
    page.goto(site + f"play.html?game={game}&pace=0&{query}")
    page.wait_for_selector(READY, timeout=90_000)
    dealt = settled_record(page, game)
    if case == "dialog-people":
        deal_from_dialog(page, ["山田\u3000太郎", "Ben"], ["human", "human"])
    elif case == "dialog-mixed-levels":
        deal_from_dialog(page, [None, None, None], ["human", "easy", "hard"])
    elif case == "dialog-one-in-seat-2":
        deal_from_dialog(page, [None, None], ["normal", "human"])
    page.wait_for_selector(f"{READY}, html[data-privacy]", timeout=60_000)
    first = dealt
    if case.startswith("dialog"):  # the table the dialog dealt: a new deal's record
        for _ in range(200):
            first = settled_record(page, game)
            if first["save"]["seed"] != dealt["save"]["seed"]:
                break
            page.wait_for_timeout(50)
    assert (first["seats"], first["names"], first["level"]) == expected, first
    after = reload_and_compare(page, game)
    assert (after["seats"], after["names"], after["level"]) == expected
    if case == "address-people":
        assert after["save"]["options"]["players"] == 3
    assert w.errors == []


def test_a_remembered_table_the_engine_refuses_is_said_forgotten_and_not_retried(site, watch):
    """The page's own check of a name broken (a copy of names.js that cleans nothing), so a name the
    engine refuses reaches it: the page says it is the name, forgets the table, and deals the game
    with the computer; the next deal does not try the table again."""
    w = watch(viewport={"width": 1280, "height": 800})
    w.context.route("**/js/names.js*", lambda route: route.fulfill(
        content_type="text/javascript", body="export const MAX_NAME = 24; export const cleanName = (t) => t || null;"))
    page = w.page
    page.goto(site + "play.html?game=koikoi&pace=0&rounds=3")
    page.wait_for_selector(READY, timeout=90_000)
    seat_people(page, ["Anna\u0007", "Ben"])
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    assert "name" in toast.inner_text() and "Who plays" in toast.inner_text(), toast.inner_text()
    page.wait_for_selector(READY)
    record = settled_record(page, "koikoi")
    assert record["seats"] == ["human", "normal"]  # dealt with the computer
    assert page.evaluate("localStorage.getItem('cardgarden.seating.koikoi')") == "null"  # forgotten
    page.reload()
    page.wait_for_selector(f"dialog#resume[open], {READY}", timeout=90_000)
    assert page.locator("html[data-privacy]").count() == 0


def test_an_address_whose_seats_disagree_with_its_players_is_said_as_such(site, watch):
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(site + "play.html?game=hanabi&pace=0&seats=human,hard,human&players=4")
    page.wait_for_selector('html[data-game-state="failed"]', timeout=90_000)
    text = page.locator("#toast").inner_text()
    assert "seats 3 players" in text and "set for 4 players" in text, text
    assert w.errors == []
