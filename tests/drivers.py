"""How a test makes one move in each game's board, like a player would.

Shared by the tests that need "any move" (offline play, snapshots, saves):
each game's board module registers its driver here.
"""

from __future__ import annotations

import json

HUMAN = 'html[data-turn="human"]'


def hanamikoji_move(page) -> None:
    """Pick from an offer, or select the first cards for the first unused marker."""
    if page.get_attribute(".hk", "data-phase") in ("pick_gift", "pick_pair"):
        page.locator(".hk-offer button:not([disabled])").first.click()
        return
    sizes = {"secret": 1, "tradeoff": 2, "gift": 3, "competition": 4}
    kind = next(k for k in sizes if page.locator(f'button.hk-marker[data-action="{k}"]:not(.used)').count())
    for i in range(sizes[kind]):
        page.click(f'.hk-card[data-index="{i}"]')
    page.click(f'button.hk-marker[data-action="{kind}"]')
    if kind == "competition" and page.locator(".hk-pairing").count():  # four cards pair in more than one way
        page.locator(".hk-pairing button[data-pairing]").first.click()


def koikoi_move(page) -> None:
    """Close a round summary, answer a Koi-Koi decision (stop), pick a match, or play the first card."""
    if page.locator('.kk[data-summary="open"]').count():
        page.click("#kk-continue")
        return
    phase = page.get_attribute(".kk", "data-phase")
    if phase == "koikoi":
        page.click("#kk-shobu")
    elif phase == "take":
        page.click('.kk-choice button[data-choice="a"]')
    else:
        page.locator(".kk-hand-card:not([disabled])").first.click()
        if page.get_attribute(".kk", "data-phase") == "choose":
            page.click('.kk-choice button[data-choice="a"]')


def hanabi_move(page) -> None:
    """Give the first clue offered to a teammate, else discard card 1."""
    clue = page.locator(".hb-clue-button:not([disabled])")
    if clue.count():
        clue.first.click()
        page.locator(".hb-clue-choice").first.click()
        return
    page.click('.hb-own-card[data-slot="0"]')
    page.click("#hb-discard")


DRIVERS = {"hanamikoji": hanamikoji_move, "koikoi": koikoi_move, "hanabi": hanabi_move}


def take_a_turn(page, game: str = "hanamikoji") -> None:
    """Wait for the player's turn, make one move, wait until the engine took it."""
    page.wait_for_selector(HUMAN, timeout=60_000)
    move = page.get_attribute("html", "data-move")
    if game not in DRIVERS:
        raise AssertionError(f"tests/drivers.py has no driver for {game}")
    DRIVERS[game](page)
    page.wait_for_selector(f'html:not([data-move="{move}"])')


# The toolbar: on a phone its controls fold into one menu (#menu-toggle), so a test reaches a
# control the way a player does, opening the menu first where it is folded.

def open_menu(page) -> None:
    """Open the folded game menu if the controls are folded (a phone); nothing on a wide screen."""
    toggle = page.locator("#menu-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
        page.wait_for_selector("#game-menu:visible")


def open_group(page, selector: str) -> None:
    """Open the folded menu, then the toolbar's drop-down that holds `selector` (the Settings,
    Koi-Koi's house rules), if it is in one, as a player would: a tap on its button."""
    open_menu(page)
    group = page.locator(f"details:has({selector})")
    if group.count() and group.first.get_attribute("open") is None:
        group.first.locator(":scope > summary").click()


def choose(page, selector: str, value: str) -> None:
    """Pick `value` in a toolbar menu (level, speed, a setting), opening the folded menu first."""
    open_group(page, selector)
    page.select_option(selector, value)


def press(page, selector: str) -> None:
    """Click a toolbar button (#new-game, #show-rules), opening the folded menu first."""
    open_menu(page)
    page.click(selector)


def new_game(page) -> None:
    """'New game' as a player asks for it: confirmed when a game under way asks first."""
    press(page, "#new-game")
    if page.locator("#confirm-new[open]").count():
        page.click("#confirm-new-start")


def open_kept(page, site: str, game: str, record: dict, query: str = "") -> None:
    """Keep `record` (a finished game, engine_helpers.kept_record) on the device as js/finished.js
    does, open it by the address the start page's recent games link to (`query` adds to it, e.g.
    "&lang=cs"), and wait for its end screen."""
    entry = {"id": f"{game}-kept", "game": game, "at": "2026-12-03T10:00:00.000Z", "record": record}
    page.goto(site)
    page.evaluate("(list) => localStorage.setItem('cardgarden.finished', list)", json.dumps([entry]))
    page.goto(site + f"play.html?game={game}&pace=0&finished={game}-kept{query}")
    page.wait_for_selector("dialog#result[open]", timeout=120_000)
