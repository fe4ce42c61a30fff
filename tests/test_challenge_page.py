"""Challenge a friend (issue 42), in the browser: one profile finishes a game against the computer and
sends the deal as a challenge (a phone: the share sheet); a fresh profile, with a game of its own under
way, opens the link: told what it is, dealt the same cards, back at its move after a reload, and at the
end shown both results side by side, its own running game untouched; it sends the challenge on (a
desktop: copied); "Play again" is the game's own page; a challenge of another game is refused.

The engine's side of the link (pygame_core/links.py) is tested in tests/test_links.py; the words of
the comparison in tests/test_challenge_words.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine_helpers import data
from viewport import outside, settle, snap

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
GAME = "hanamikoji"
SAVE_KEY = f"cardgarden.save.{GAME}"
CHALLENGE_KEY = f"cardgarden.challenge.save.{GAME}"
BOOT_MS = 120_000
# What the driver waits for: the person's turn, the end, or a round's scoring to go on from.
NEXT = """() => { const d = document.documentElement.dataset, go = document.getElementById("hk-continue");
  return d.turn === "human" || d.gameState === "over" || Boolean(go && go.checkVisibility()); }"""
HAND = """() => [...document.querySelectorAll(".hk-hand .hk-card")].map((b) => Number(b.dataset.geisha))"""
# A share sheet that takes the data (a phone): what it was given is kept for the test.
SHARE_SHEET = """
  window.sharedData = [];
  Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => { window.sharedData.push(data); } });
  Object.defineProperty(navigator, "canShare", { configurable: true, value: () => true });
"""


def running_record(seed: int) -> dict:
    """A game of the friend's own under way (two of their moves made), as js/saves.js stores it."""
    view = data({"cmd": "new", "game": GAME, "seed": seed, "level": "normal"})
    sid = view["session"]
    made = 0
    while made < 2 or view["waiting_for"] != "human":  # two moves made, and the person's turn again
        if view["waiting_for"] == "human":
            action = view["observation"]["legal_actions"][0]
            view = data({"cmd": "apply", "session": sid, "move": view["move"], "action": action})
            made += 1
        else:
            view = data({"cmd": "bot", "session": sid, "move": view["move"]})["view"]
    saved = data({"cmd": "save", "session": sid})
    data({"cmd": "close", "session": sid})
    return {"format": 1, "game": GAME, "engine": "test", "level": "normal", "human": saved["human"],
            "move": view["move"], "played": saved["played"], "saved_at": "2026-12-01T10:00:00.000Z",
            "save": saved["save"], "notes": saved["notes"], "assists": saved["assists"]}


def first_decision(page) -> dict:
    """The person's first decision as drawn: the move and the hand's cards."""
    page.wait_for_selector('html[data-turn="human"]', timeout=BOOT_MS)
    return {"move": page.get_attribute("html", "data-move"), "hand": page.evaluate(HAND)}


def play_on(page, moves: int | None = None) -> None:
    """Make the person's moves through the board (the first card(s) and marker, the first pick) until
    the game is over, or `moves` of them."""
    from drivers import hanamikoji_move

    made = 0
    while moves is None or made < moves:
        page.wait_for_function(NEXT, timeout=60_000)
        if page.locator("#hk-continue").is_visible():  # a round's scoring holds the game until the player goes on
            page.click("#hk-continue")
            page.wait_for_selector("#hk-continue", state="hidden")
            continue
        if page.get_attribute("html", "data-game-state") == "over":
            return
        move = page.get_attribute("html", "data-move")
        hanamikoji_move(page)
        page.wait_for_selector(f'html:not([data-move="{move}"])')
        made += 1


def shoot(page, name: str, sizes=((390, 844), (360, 740), (1280, 800))) -> None:
    SHOTS.mkdir(exist_ok=True)
    kept = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
        snap(page, path=str(SHOTS / f"challenge-{name}-{width}x{height}.png"))
    page.set_viewport_size(kept)
    settle(page)


def language(page, lang: str) -> None:
    page.evaluate("(lang) => document.querySelector(`[data-lang=\"${lang}\"]`).click()", lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def test_a_challenge_sent_played_and_compared(site, watch):
    rng = random.Random()
    seed = rng.randrange(2**53)
    note = f"seed {seed}"

    # The sender, on a phone: a whole game against the computer at Easy, through the board.
    sender = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    sender.context.add_init_script(SHARE_SHEET)
    page = sender.page
    page.goto(site + f"play.html?game={GAME}&level=easy&pace=0&seed={seed}")
    first = first_decision(page)
    play_on(page)
    page.wait_for_selector("dialog#result[open]")
    button = page.locator("#challenge-friend")
    assert button.is_visible(), note
    assert page.locator("#result-versus").is_hidden()  # no challenge was played here
    button.click()
    page.wait_for_selector('html[data-challenge="shared"]')
    assert page.locator("#challenge-said").is_visible() and outside(page, ["#challenge-said"]) == []
    shoot(page, "sender")
    language(page, "de")
    assert page.locator("#challenge-friend").inner_text() == "Herausforderung senden"
    assert page.locator("#challenge-said").inner_text().startswith("Gesendet.")
    shoot(page, "sender-de")
    shared = page.evaluate("() => window.sharedData")
    assert len(shared) == 1, shared
    url = shared[0]["url"]
    assert f"play.html?game={GAME}#c=" in url and url.startswith(site), url
    assert page.locator("#challenge-said").is_visible()

    # The friend, on a desktop, with a game of their own under way: the link in a fresh profile.
    friend = watch(viewport={"width": 1280, "height": 800})
    friend.context.grant_permissions(["clipboard-read", "clipboard-write"])
    running = json.dumps(running_record(rng.randrange(2**53)))
    friend.context.add_init_script(
        f"if (localStorage.getItem({json.dumps(SAVE_KEY)}) === null) localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(running)});")
    fpage = friend.page
    fpage.goto(url)
    notice = fpage.locator("#notice-challenge")
    notice.wait_for(timeout=BOOT_MS)
    said = notice.inner_text()
    assert "A friend challenges you" in said and "at Easy" in said and "Can you beat it?" in said, said
    assert fpage.locator("dialog#resume[open]").count() == 0  # the challenge is dealt at once
    assert first_decision(fpage) == first, note  # the same deal: the same first view
    assert "#c=" in fpage.url
    shoot(fpage, "notice")
    language(fpage, "de")
    assert "Du wirst herausgefordert" in notice.inner_text()
    shoot(fpage, "notice-de")
    language(fpage, "en")

    # A reload mid-game comes back to the challenge at its move, without asking.
    play_on(fpage, 2)
    fpage.wait_for_function("(key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.played === 2", arg=CHALLENGE_KEY)
    at = fpage.get_attribute("html", "data-move")
    challenge_save = json.loads(fpage.evaluate("(key) => localStorage.getItem(key)", CHALLENGE_KEY))
    assert challenge_save["challenge"] == {"link": url.split("#c=")[1]}
    fpage.reload()
    fpage.wait_for_selector(f'html[data-game-state="playing"][data-move="{at}"]', timeout=BOOT_MS)
    assert fpage.locator("dialog#resume[open]").count() == 0
    assert fpage.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) == running

    # The end: both results side by side, and the friend's own game untouched.
    play_on(fpage)
    fpage.wait_for_selector("dialog#result[open]")
    versus = fpage.locator("#result-versus")
    assert versus.is_visible()
    sides = fpage.evaluate("""() => [...document.querySelectorAll(".versus-side")].map((s) => ({
      who: s.querySelector("h3").textContent, outcome: s.dataset.outcome,
      score: s.querySelector(".versus-score").textContent, help: s.querySelector(".versus-help").textContent }))""")
    assert [s["who"] for s in sides] == ["Your friend", "You"], sides
    assert all(s["help"] == "without help" for s in sides), sides
    assert fpage.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) == running
    assert fpage.evaluate("(key) => localStorage.getItem(key)", CHALLENGE_KEY) is None  # finished: its save goes
    shoot(fpage, "result")
    language(fpage, "cs")
    assert fpage.locator(".versus-you h3").inner_text() == "Ty"
    shoot(fpage, "result-cs")
    language(fpage, "en")

    # The friend's column is the sender's result, and the other the friend's own.
    assert sides[0]["outcome"] == page.get_attribute("dialog#result", "data-outcome"), sides
    assert sides[1]["outcome"] == fpage.get_attribute("dialog#result", "data-outcome"), sides

    # Sent on from a desktop: copied, and said.
    fpage.click("#challenge-friend")
    fpage.wait_for_selector('html[data-challenge="copied"]')
    copied = fpage.evaluate("() => navigator.clipboard.readText()")
    assert copied.startswith(site + f"play.html?game={GAME}#c="), copied
    # It carries the friend's own result (the same text as the one received when both results are the same).
    from pygame_core import links
    sent = links.read_link(copied.split("#c=")[1], GAME)
    outcome = fpage.get_attribute("dialog#result", "data-outcome")
    assert sent.result["winner"] == (None if outcome == "draw" else sent.seat if outcome == "win" else 1 - sent.seat)
    assert "Link copied" in fpage.locator("#challenge-said").inner_text()
    # Where the clipboard refuses too: the link in a field, selected, to copy by hand.
    fpage.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError')); }")
    fpage.set_viewport_size({"width": 390, "height": 844})
    fpage.click("#challenge-friend")
    fpage.wait_for_selector('html[data-challenge="shown"]')
    field = fpage.locator("#challenge-field")
    assert field.is_visible() and field.input_value() == copied and outside(fpage, ["#challenge-field"]) == []
    assert fpage.evaluate("() => document.activeElement.id") == "challenge-field"
    snap(fpage, path=str(SHOTS / "challenge-by-hand-390x844.png"))
    fpage.set_viewport_size({"width": 1280, "height": 800})

    # "Play again" is the game's own page: the running game back on the table, under its own address.
    fpage.click("#rematch")
    fpage.wait_for_function("() => !location.hash && document.documentElement.dataset.challenge === undefined")
    fpage.wait_for_selector(f'html[data-game-state="playing"][data-move="{json.loads(running)["move"]}"]', timeout=60_000)

    # A challenge of another game is refused, said, and that game's own page opens instead.
    text = url.split("#c=")[1]
    fpage.evaluate("(href) => { history.pushState(null, '', href); dispatchEvent(new PopStateEvent('popstate')); }",
                   f"play.html?game=koikoi#c={text}")
    fpage.wait_for_selector('html[data-link="refused-link_game"]', timeout=60_000)
    assert "another game" in fpage.locator("#notice-link-refused").inner_text()
    assert "#" not in fpage.url and "game=koikoi" in fpage.url
    assert not sender.errors and not friend.errors, (sender.errors, friend.errors)
