"""Hint and Take back on the game page (issue 26), in a one-round Hanamikoji game: the hint (button
and key H) says the strongest AI's choice in a sentence; Take back puts the earlier position back on
the board; a game played with help is marked in the history and earns no ranking points. On a
phone, Hint is one tap away in the toolbar and the hand stays in view while a hint shows."""

from __future__ import annotations

import json
from pathlib import Path

from drivers import hanamikoji_move
from language_check import assert_no_english
from test_a11y import Audit
from viewport import DESKTOP, LANDSCAPE, PHONE, SMALL_PHONE, check_sizes, settle, snap

GAME = "play.html?game=hanamikoji&level=easy&pace=0&round_limit=1"
HUMAN = 'html[data-turn="human"]'
SHOTS = Path(__file__).resolve().parents[1] / "test-results"
# On the table while a hint shows: the hand, the field, the computer's side, every enabled control.
CONTROLS = [".hk button:not([disabled])", ".hk-hand", ".hk-them", ".hk-field", ".hk-offer:not([hidden])",
            "#hint-button", "#take-back"]
REQUIRED = [".hk-hand", ".hk-them", ".hk-field", ".hk-you .hk-markers", "#hint", "#hint-button"]


def real_errors(w, dist: Path) -> list[str]:
    """The page's console errors, less the 404 of a game's coach module where the build has none
    (the hint then says a plain sentence: the page is built to do without it)."""
    if (dist / "games" / "hanamikoji" / "coach.js").exists() or not any(u.endswith("/coach.js") for u in w.requests):
        return w.errors
    return [e for e in w.errors if "404" not in e]


def stored_save(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('cardgarden.save.hanamikoji')"))


def table(page) -> dict:
    """What the board shows of the position: the hand, the log, the move."""
    return {"move": page.get_attribute("html", "data-move"),
            "hand": page.locator(".hk-hand .hk-card").all_inner_texts(),
            "log": page.locator("#log li").all_inner_texts()}


def ask_hint(page, how: str = "button") -> str:
    if how == "key":
        page.keyboard.press("h")
    else:
        page.click("#hint-button")
    page.wait_for_selector('html[data-hint="shown"]')
    return page.locator("#hint").inner_text()


def test_hint_take_back_and_the_mark_in_the_history(site, watch, dist):
    w = watch(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = w.page
    page.goto(site + GAME)
    page.wait_for_selector(HUMAN, timeout=90_000)
    assert page.locator("#hint-button").is_enabled() and page.locator("#take-back").is_visible()
    assert page.locator("#take-back").is_disabled()  # nothing to take back before the first move

    # The hint, by the button: one sentence why, and what the choice is worth.
    text = ask_hint(page)
    assert text.startswith("Hint:") and "Win chance with it: about" in text and text.rstrip().endswith(".")
    assert page.locator("#last-move").is_hidden()  # the hint stands in its place
    assert stored_save(page)["assists"] == {"hints": 1, "take_backs": 0}  # a reload keeps the mark
    snap(page, path=str(SHOTS / "hint-1280x800.png"))
    page.click('.lang-switch button[data-lang="cs"]')  # the hint follows the language: in Czech, no English left
    page.wait_for_selector('html[lang="cs"]')
    assert_no_english(page, "the hint")
    page.click('.lang-switch button[data-lang="en"]')
    page.wait_for_selector('html[lang="en"]')
    assert page.locator("#hint").inner_text().startswith("Hint:")

    # A move takes the hint down; after the computer's answer, Take back puts the position back.
    before = table(page)
    hanamikoji_move(page)
    page.wait_for_selector(f'html:not([data-move="{before["move"]}"])')
    page.wait_for_selector(HUMAN)
    assert page.get_attribute("html", "data-hint") is None and page.locator("#hint").is_hidden()
    moved = table(page)
    assert moved != before and int(moved["move"]) > int(before["move"]) + 1  # the computer answered
    page.click("#take-back")
    page.wait_for_selector(f'{HUMAN}[data-move="{before["move"]}"]')
    assert table(page) == before
    assert f"Taken back: you are at move {int(before['move']) + 1} again" in page.locator("#toast").inner_text()
    assert page.locator("#take-back").is_disabled()  # back at the first decision: nothing before it
    assert stored_save(page)["assists"] == {"hints": 1, "take_backs": 1}

    # The hint by its key, then the game played to the end.
    assert ask_hint(page, "key").startswith("Hint:")
    for _ in range(60):
        page.wait_for_selector(f'{HUMAN}, html[data-turn="over"], .hk[data-summary="open"]', timeout=60_000)
        if page.locator('.hk[data-summary="open"]').count():
            page.click("#hk-continue")
            continue
        if page.get_attribute("html", "data-turn") == "over":
            break
        move = page.get_attribute("html", "data-move")
        hanamikoji_move(page)
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    page.wait_for_selector("dialog#result[open]", timeout=30_000)
    points = page.locator("#result-points").inner_text()
    assert "Ranking points: none, since you used a hint or took back a move" in points, points

    # The history: the game counts as played, earns 0 points, and its row is marked.
    page.goto(site)
    page.wait_for_selector('.ranking-table tr[data-game="hanamikoji"]')
    row = page.locator('.ranking-table tr[data-game="hanamikoji"]').locator("th, td").all_inner_texts()
    assert row[0] == "Hanamikoji" and row[1] == "1" and row[5] == "0", row
    recent = page.locator('.recent-table tr[data-game="hanamikoji"]')
    assert recent.get_attribute("data-helped") == "true"
    assert "with help" in recent.inner_text() and recent.locator(".recent-points").inner_text() == "0"
    entry = json.loads(page.evaluate("localStorage.getItem('cardgarden.history')"))[-1]
    assert entry["helped"] is True and entry["points"] == 0
    assert (entry["detail"]["hints"], entry["detail"]["take_backs"]) == (2, 1)  # the help counted, for the statistics (issue 44)
    page.click(".ranking-how summary")
    assert "still counts as played" in page.locator(".ranking-help-rule").inner_text()
    page.click('.lang-switch button[data-lang="de"]')
    assert "mit Hilfe" in recent.inner_text()
    assert "keine Ranglistenpunkte" in page.locator(".ranking-help-rule").inner_text()
    page.click('.lang-switch button[data-lang="cs"]')
    assert_no_english(page, "the ranking of a helped game")
    assert real_errors(w, dist) == []


def test_on_a_phone_hint_is_one_tap_away_and_the_hand_stays_in_view(site, watch, dist):
    w = watch(locale="de-DE", viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(site + GAME)
    page.wait_for_selector(HUMAN, timeout=90_000)
    hanamikoji_move(page)  # a move first, so the last move's line is there too
    page.wait_for_selector(f'{HUMAN}:not([data-move="0"])')
    settle(page)
    button = page.locator("#hint-button")
    assert button.is_visible() and page.locator("#game-menu").is_hidden()  # in the toolbar, not in the menu
    assert button.get_attribute("aria-label") is None and button.inner_text().strip() == "Tipp"  # its name
    box = button.bounding_box()
    assert box["y"] + box["height"] <= PHONE[1] and box["width"] >= 44 and box["height"] >= 44
    button.tap()
    page.wait_for_selector('html[data-hint="shown"]')
    assert page.locator("#hint").inner_text().startswith("Tipp:")
    page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")
    check_sizes(page, CONTROLS, required=REQUIRED, sizes=(PHONE, SMALL_PHONE, LANDSCAPE, DESKTOP), where="hint")
    for size in (PHONE, SMALL_PHONE, LANDSCAPE, DESKTOP):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        snap(page, path=str(SHOTS / f"hint-de-{size[0]}x{size[1]}.png"))
    # A reload keeps the mark: the count comes back with the saved game and goes on in its saves.
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.reload()
    page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    page.click("#resume-continue")
    page.wait_for_selector(HUMAN)
    move = page.get_attribute("html", "data-move")
    hanamikoji_move(page)
    page.wait_for_selector(f'html:not([data-move="{move}"])')
    page.wait_for_selector(HUMAN)
    after = int(page.get_attribute("html", "data-move"))
    for _ in range(300):  # the save of the new move is written once the engine gave it
        if stored_save(page)["move"] == after:
            break
        page.wait_for_timeout(100)
    assert stored_save(page)["move"] == after and stored_save(page)["assists"] == {"hints": 1, "take_backs": 0}
    assert real_errors(w, dist) == []


def test_take_back_in_koikoi_puts_the_hand_back(site, watch, dist):
    """Koi-Koi's board draws a taken-back position afresh: the hand and the log as they were."""
    w = watch(viewport={"width": SMALL_PHONE[0], "height": SMALL_PHONE[1]}, is_mobile=True, has_touch=True)
    page = w.page
    # A fixed deal (seed 3): you deal, and your first hand card matches two table cards. On a random
    # deal the computer may end the round with a yaku before your next turn (about 1 deal in 50),
    # which leaves nothing to take back.
    page.goto(site + "play.html?game=koikoi&level=easy&pace=0&seed=3")
    page.wait_for_selector(HUMAN, timeout=90_000)
    # Koi-Koi has a coach too: its hint is worded by its own coach.js.
    page.locator("#hint-button").tap()
    page.wait_for_selector('html[data-hint="shown"]')
    hint = page.locator("#hint").inner_text()
    assert hint.startswith("Hint:") and "Win chance with it" in hint and "kk.coach" not in hint, hint
    before = {"move": page.get_attribute("html", "data-move"),
              "hand": page.locator(".kk-hand-card").evaluate_all("els => els.map(e => e.dataset.card)"),
              "log": page.locator("#log li").all_inner_texts()}
    take = "#take-back"
    assert page.locator(take).is_visible() and page.locator(take).bounding_box()["y"] < 120  # in the toolbar
    assert before["move"] == "0", before
    page.locator(".kk-hand-card:not([disabled])").first.click()
    assert page.get_attribute(".kk", "data-phase") == "choose"  # the deal of seed 3 (see above)
    page.click('.kk-choice button[data-choice="a"]')
    page.wait_for_selector(f'html:not([data-move="{before["move"]}"])')
    page.wait_for_selector(f'{HUMAN}:not([data-move="{before["move"]}"])')
    for _ in range(3):  # a drawn card may have asked the player to choose too: each tap takes back one decision
        move = int(page.get_attribute("html", "data-move"))
        page.locator(take).tap()
        page.wait_for_selector(f'{HUMAN}:not([data-move="{move}"])')
        assert int(page.get_attribute("html", "data-move")) < move
        if page.get_attribute("html", "data-move") == before["move"]:
            break
    assert page.get_attribute("html", "data-move") == before["move"]
    assert page.locator(".kk-hand-card").evaluate_all("els => els.map(e => e.dataset.card)") == before["hand"]
    assert page.locator("#log li").all_inner_texts() == before["log"]
    assert page.locator("#toast").is_visible() and page.locator("#toast").bounding_box()["y"] < 100  # off the hand
    assert w.errors == []


def test_a_hint_on_show_passes_axe_on_a_phone_and_a_desktop(site, watch):
    """No serious finding with the hint's sentence on show and the help buttons in either place
    (Koi-Koi, whose coach words its hints in this build)."""
    a = Audit(watch, site, locale="de-DE", viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True,
              has_touch=True)
    a.page.goto(site + "play.html?game=koikoi&level=easy&pace=0&seed=3")  # you deal: no round over first
    a.page.wait_for_selector(HUMAN, timeout=90_000)
    a.page.click("#hint-button")
    a.page.wait_for_selector('html[data-hint="shown"]')
    a.check("hint on a phone")
    a.page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    settle(a.page)
    a.check("hint on a desktop")
    a.done()
