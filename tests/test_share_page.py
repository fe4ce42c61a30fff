"""A finished game shared as a link or a file, and opened elsewhere, in the browser (issue 42).

- A whole game of each game (a 12-round Koi-Koi match and a 5-player Hanabi game among them),
  shared from its end screen (copied: a phone without a share sheet), opens in a fresh browser profile on a phone
  after the spoiler notice, on its replay at the end: the same final table and the same log as
  where it was played; the reader's storage gets no save and no result.
- The same game saved as a file, opened again from the start page's picker and by a drop.
- Each bad link (cut short, one character edited, another game's, another version's, too long for
  the engine, too long for the page, markup) is refused with its message, nothing of it opened, the
  running game's save unchanged and the address the game's own.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from pygame_core import links
from share_games import finished_record, keep

READY = 'html[data-turn]:not([data-turn="none"])'
CASES = {
    "hanamikoji": ({}, "expert"),
    "koikoi": ({"rounds": 12}, "expert"),  # a whole 12-round match
    "hanabi": ({"players": 5}, "hard"),  # five players
}


def final_table(page) -> tuple[str, str]:
    """The board and the log as the replay shows them at the end of the game."""
    page.wait_for_function("() => document.documentElement.dataset.replayMove"
                           " === document.getElementById('replay-slider').max")
    page.wait_for_timeout(300)  # the board's last drawing (a card's flight) settles
    board = [line for line in page.locator("#board").inner_text().splitlines() if line]
    return board, page.locator("#log").inner_text().splitlines()


def storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


@pytest.mark.parametrize("game", list(CASES))
def test_a_shared_game_opens_the_same_in_a_fresh_profile(site, watch, tmp_path, game):
    options, level = CASES[game]
    seed = random.randrange(2**53)
    record = finished_record(game, options, level, seed)

    # Both on a phone, so that both boards are drawn alike (a desktop's labels and keyboard help differ).
    sender = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    sender.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = sender.page
    page.goto(site)
    entry = keep(page, game, record)
    page.goto(site + f"play.html?game={game}&pace=0&finished={entry}")
    page.wait_for_selector("#result[open] #share-game:not([hidden])", timeout=90_000)
    page.click("#share-game")
    page.wait_for_selector('html[data-shared="copied"]')
    assert "Link copied" in page.locator("#share-said").inner_text()  # said in the dialog, where the player looks
    url = page.evaluate("() => navigator.clipboard.readText()")
    prefix = site + f"play.html?game={game}#g="
    assert url.startswith(prefix), url
    text = url[len(prefix):]
    print(f"{game} {options}: {len(record['save']['actions'])} moves, link {len(url)} characters ({len(text)} the text)")
    page.click("#replay-open")
    page.click("#replay-last")
    played = final_table(page)

    reader = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    other = reader.page
    other.goto(url)
    other.wait_for_selector("#spoiler[open]", timeout=90_000)
    assert "every hand" in other.locator("#spoiler").inner_text()
    other.click("#spoiler-show")
    other.wait_for_selector('html[data-link="game"][data-replay="on"]')
    shown = final_table(other)
    assert shown[0] == played[0]
    assert shown[1] == played[1]
    kept = storage(other)
    assert not any(key.startswith("cardgarden.save.") for key in kept), kept
    assert "cardgarden.history" not in kept
    assert reader.errors == [] and sender.errors == []

    if game != "hanamikoji":
        return
    # The same game as a file: saved from the end screen, opened from the start page by the picker, then by a drop.
    page.click("#replay-close")
    with page.expect_download() as download:
        page.click("#save-game-file")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["game"] == game and saved["link"] == text
    other.goto(site)
    other.set_input_files("#open-file-input", str(path))
    other.wait_for_selector("#spoiler[open]", timeout=30_000)
    other.click("#spoiler-show")
    other.wait_for_selector('html[data-link="game"][data-replay="on"]')
    assert final_table(other) == played
    other.goto(site)
    other.wait_for_selector("#open-file")
    other.evaluate("""(content) => {
      const data = new DataTransfer();
      data.items.add(new File([content], "game.json", { type: "application/json" }));
      document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }""", path.read_text())
    other.wait_for_selector("#spoiler[open]", timeout=30_000)
    # A file that is not a game saved here is refused on the start page itself.
    other.click("#spoiler-away")
    other.goto(site)
    other.set_input_files("#open-file-input", files=[{"name": "x.json", "mimeType": "application/json",
                                                      "buffer": b'{"format": "something else"}'}])
    other.wait_for_selector("#open-file[data-refused='not_a_game_file']")
    assert "not a game saved here" in other.locator("#open-file-message").inner_text()
    assert reader.errors == []


def _edited(text: str, change) -> str:
    """The link `text` with its bytes changed by `change` and its checksum made anew: a link the
    checksum passes whose content another site version (or a forger) wrote."""
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))[:-4]
    payload = change(bytearray(data))
    whole = bytes(payload) + zlib.crc32(bytes(payload)).to_bytes(4, "big")
    return base64.urlsafe_b64encode(whole).rstrip(b"=").decode()


def test_bad_links_are_refused_and_the_running_game_is_untouched(site, watch):
    seed = random.randrange(2**53)
    koikoi = finished_record("koikoi", {}, "easy", seed, player="easy")
    hanamikoji = finished_record("hanamikoji", {}, "easy", seed, player="easy")
    from pygame_core import bridge  # the links of these games, as the page's engine makes them

    def link_of(game: str, record: dict) -> str:
        view = bridge.call({"cmd": "load", "game": game, **{k: record[k] for k in ("save", "seats", "names")}})["data"]
        made = bridge.call({"cmd": "link", "session": view["session"], "seat": 0, "kind": "game"})["data"]["link"]
        bridge.call({"cmd": "close", "session": view["session"]})
        return made

    good = link_of("koikoi", koikoi)
    moved = good[:7] + ("A" if good[7] != "A" else "B") + good[8:]
    newer_moves = _edited(good, lambda b: b[:3] + bytes([links.MOVE_CODES["koikoi"] + 1]) + b[4:])
    cases = {
        "cut": (good[: len(good) // 2], "bad_link", "damaged or incomplete"),
        "edited": (moved, "bad_link", "damaged or incomplete"),
        "other game": (link_of("hanamikoji", hanamikoji), "link_game", "another game"),
        "other version": (newer_moves, "link_version", "another version"),
        "engine too long": ("A" * (links.MAX_LINK_CHARS + 8), "link_too_long", "too long"),
        "page too long": ("A" * 25_000, "link_too_long", "too long"),
        "markup": ("%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "bad_link", "damaged or incomplete"),
    }

    w = watch(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = w.page
    page.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError(f"a dialog opened: {d.message}")))
    page.goto(site + "play.html?game=koikoi")
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_function("() => localStorage.getItem('cardgarden.save.koikoi') !== null")
    def running() -> dict:
        """The running game's save, less the time it was last written (reopening it writes it again)."""
        saved = json.loads(page.evaluate("() => localStorage.getItem('cardgarden.save.koikoi')"))
        saved.pop("saved_at")
        return saved

    save = running()
    for name, (text, code, words) in cases.items():
        page.goto(site + f"play.html?game=koikoi#g={text}")  # the same document: only its # changes
        page.wait_for_selector(f'html[data-link="refused-{code}"]', timeout=60_000)
        notice = page.locator("#notice-link-refused").inner_text()
        assert words in notice, (name, notice)
        assert "#" not in page.url, (name, page.url)
        assert page.locator("#board img[src='x']").count() == 0
        page.wait_for_selector(READY)  # the running game, offered back or reopened
        if page.locator("#resume[open]").count():
            page.click("#resume-continue")
        assert running() == save, name
    assert w.errors == []
