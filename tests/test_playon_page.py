"""Play on from here (issue 42), in the browser: a finished Hanamikoji game kept on the device opens
by the recent games' address; from a decision of its review and of its replay the player plays on,
and exactly that position is on the table (the same move, the same hand, the same log as the replay
or the review showed, the other side's cards hidden again), saved in the game's own slot, marked as
played with help (the engine counts one take-back), and back after a reload. Over a game under way
the page asks first: "Keep playing" keeps that game untouched, the other answer replaces it. The
button stands only at the player's decisions. Screenshots of the replay bar and the review with the
button at 390x844, 360x740 and 1280x800 (and the German replay bar on the small phone) go to
test-results/ for a person to look at.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame_core
from drivers import open_kept
from engine_helpers import kept_record, play_to_the_end
from viewport import outside, settle, snap

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
GAME = "hanamikoji"
SEED = 8_407_925_017_355_993  # a deal from the upper part of the range (0..2**53-1)
SAVE_KEY = f"cardgarden.save.{GAME}"
BOOT_MS = 120_000

HAND = """() => [...document.querySelectorAll(".hk-hand .hk-card")].map((b) => Number(b.dataset.geisha))"""
LOG = """() => [...document.querySelectorAll("#log li")].map((li) => li.textContent.trim())"""
REVEALED = ".hk-shown"


def positions(record: dict) -> tuple[list[int], list[dict]]:
    """The person's decisions (seat 0 to move) and what seat 0 saw after each number of moves."""
    save = record["save"]
    game = pygame_core.new_game(save["game"], seed=save["seed"], options=save["options"])
    mine, seen = [], [game.observation(0)]
    for move, action in enumerate(save["actions"]):
        if game.current_player == 0:
            mine.append(move)
        game.apply(action)
        seen.append(game.observation(0))
    return mine, seen


def stored(page) -> dict | None:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}'))")


def shoot(page, name: str, sizes=((390, 844), (360, 740), (1280, 800))) -> None:
    SHOTS.mkdir(exist_ok=True)
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.evaluate("document.getAnimations().forEach((a) => a.finish())")
        snap(page, path=str(SHOTS / f"playon-{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)


def replay_to(page, move: int) -> None:
    page.evaluate("""(move) => { const s = document.getElementById("replay-slider");
      s.value = String(move); s.dispatchEvent(new Event("input")); }""", move)
    page.wait_for_selector(f'html[data-replay-move="{move}"]')


def assert_on_the_table(page, record: dict, seen: list[dict], move: int, shown: dict) -> dict:
    """Exactly the position after `move` moves, the person to move, cards hidden again, saved and helped."""
    page.wait_for_selector(f'html[data-game-state="playing"][data-move="{move}"]', timeout=60_000)
    page.wait_for_function(f"""() => {{ const s = JSON.parse(localStorage.getItem("{SAVE_KEY}"));
      return s && s.move === {move}; }}""")
    assert "#" not in page.url, page.url  # the address lost its #p=: a reload continues the saved game
    assert page.evaluate(HAND) == seen[move]["hand"] == shown["hand"]
    # The same log, line for line (the kept game's lines may add the computer's reasons: a link holds none).
    log = page.evaluate(LOG)
    assert len(log) == len(shown["log"]) and all(was.startswith(now.rstrip(".")) for now, was in zip(log, shown["log"])), (log, shown)
    assert page.locator(REVEALED).count() == 0  # the other side's cards are hidden again
    assert page.locator(".hk-hand .hk-card:not([disabled]), .hk-offer:not([hidden]) button:not([disabled])").count() > 0
    save = stored(page)
    assert save["save"]["seed"] == record["save"]["seed"] and save["save"]["options"] == record["save"]["options"]
    assert save["save"]["actions"] == record["save"]["actions"][:move]  # the moves up to there, nothing after
    assert save["level"] == record["level"]
    assert save["assists"] == {"hints": 0, "take_backs": 1}  # played with help, like a take back
    return save


def drawn(page) -> dict:
    return {"hand": page.evaluate(HAND), "log": page.evaluate(LOG)}


def test_play_on_from_the_review_and_the_replay(site, watch):
    record = kept_record(play_to_the_end(GAME, SEED, level="normal")["session"])
    assert record["save"]["assists"] == {"hints": 0, "take_backs": 0}
    mine, seen = positions(record)
    moves = len(record["save"]["actions"])
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page

    # From the review: its second decision (one of the player's moves made before it), with nothing
    # under way in the game's slot (no question).
    open_kept(page, site, GAME, record)
    assert stored(page) is None
    page.click("#review-open")
    first = mine[1]
    pick = page.locator(f'.review-table .review-pick[data-move="{first}"]')
    pick.wait_for(state="attached", timeout=120_000)
    page.click(".review-all > summary")
    pick.click()
    page.wait_for_selector(f'html[data-review-move="{first}"]')
    page.wait_for_selector("#review-playon")
    assert outside(page, ["#review-playon"]) == []
    shoot(page, "review")
    shown = drawn(page)
    page.click("#review-playon")
    page.wait_for_selector('html[data-play-on="opened"]', timeout=60_000)
    assert page.locator("dialog#confirm-new[open]").count() == 0
    saved = assert_on_the_table(page, record, seen, first, shown)
    assert f"{first}" in page.locator("#toast").inner_text()

    # Saved like any game: a reload offers it back, and it continues from there.
    page.reload()
    page.wait_for_selector("dialog#resume[open]", timeout=BOOT_MS)
    page.click("#resume-continue")
    assert_on_the_table(page, record, seen, first, shown)
    assert stored(page)["save"] == saved["save"]

    # From the replay, over that game under way: asked first; "Keep playing" keeps it untouched.
    open_kept(page, site, GAME, record)
    page.click("#replay-open")
    page.wait_for_selector('html[data-replay-move="0"]')
    later = next(m for m in mine if m > moves // 2)
    other = next(m for m in range(1, moves) if m not in mine)
    replay_to(page, other)  # the computer's decision: nothing to play on from
    assert page.locator("#replay-playon").is_hidden()
    replay_to(page, moves)  # the end: neither
    assert page.locator("#replay-playon").is_hidden()
    replay_to(page, later)
    page.wait_for_selector("#replay-playon", state="visible")
    assert page.locator(REVEALED).count() > 0  # the replay shows the other side's cards
    settle(page)
    assert outside(page, ["#replay-bar", ".hk-hand"]) == []
    shoot(page, "replay")
    page.evaluate("() => document.documentElement.lang")
    shown = drawn(page)
    page.click("#replay-playon")
    page.wait_for_selector("dialog#confirm-new[open]")
    assert page.locator("#confirm-new-title").inner_text() == "Play on from this position?"
    assert str(first) in page.locator("#confirm-new-text").inner_text()
    snap(page, path=str(SHOTS / "playon-confirm-390x844.png"))
    page.click("#confirm-new-keep")
    page.wait_for_selector('html[data-play-on="kept"]', timeout=60_000)
    page.wait_for_selector(f'html[data-game-state="playing"][data-move="{first}"]')
    assert "#" not in page.url
    assert stored(page)["save"] == saved["save"]

    # Back to the replay (the router: the same document), played on again, this time replacing it.
    page.go_back()
    page.wait_for_selector("dialog#result[open]", timeout=60_000)
    page.click("#replay-open")
    page.wait_for_selector('html[data-replay-move="0"]')
    replay_to(page, later)
    page.click("#replay-playon")
    page.wait_for_selector("dialog#confirm-new[open]")
    page.click("#confirm-new-start")
    page.wait_for_selector('html[data-play-on="opened"]', timeout=60_000)
    saved = assert_on_the_table(page, record, seen, later, shown)

    # A position link refused: said, the game's own page instead, the running game's save untouched.
    good = link_of(record, "position", later)
    assert read(good)["record"]["save"]["actions"] == record["save"]["actions"][:later]
    cases = {
        "edited": (good[:9] + ("A" if good[9] != "A" else "B") + good[10:], "bad_link", "damaged or incomplete"),
        "another game's": (link_of(kept_record(play_to_the_end("koikoi", SEED, options={"rounds": 3})["session"]),
                                   "position", 0), "link_game", "another game"),
        "a whole game's, not a position's": (link_of(record, "game", later), "bad_link", "damaged or incomplete"),
    }
    for name, (text, code, words) in cases.items():
        page.goto(site + f"play.html?game={GAME}#p={text}")  # the same document: only its # changes
        page.wait_for_selector(f'html[data-link="refused-{code}"]', timeout=60_000)
        assert words in page.locator("#notice-link-refused").inner_text(), name
        assert "#" not in page.url, (name, page.url)
        page.wait_for_selector(f'html[data-game-state="playing"][data-move="{later}"]', timeout=60_000)
        assert stored(page)["save"] == saved["save"], name
    assert not w.errors, w.errors


def link_of(record: dict, kind: str, at: int) -> str:
    """The link of `kind` the page's engine makes of the kept game `record`, at move `at`."""
    from pygame_core import bridge
    view = bridge.call({"cmd": "load", "game": record["save"]["game"], "save": record["save"], "level": record["level"],
                        "human": record["human"]})["data"]
    made = bridge.call({"cmd": "link", "session": view["session"], "seat": 0, "kind": kind, "at": at})
    bridge.call({"cmd": "close", "session": view["session"]})
    assert made["ok"], made
    return made["data"]["link"]


def read(text: str) -> dict:
    from pygame_core import bridge
    reply = bridge.call({"cmd": "read_link", "link": text, "game": GAME})
    assert reply["ok"], reply
    return reply["data"]
