"""Koi-Koi in the browser: a whole 3-round match through the UI against the AI on every screen
size, keyboard play, German, the captured piles, the card reference page and screenshots."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest

from pygame_core.koikoi.cards import card_table
from pygame_core.koikoi.yaku import yaku_table
from drivers import choose, new_game
from language_check import assert_no_english
from viewport import DEAL, DESKTOP, PHONE, SIZES, check_sizes, settle, snap

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-results"

# Round 1's deal (seeds/koikoi.md, "Engine interface"): you deal; your hand holds the Crane, the
# Curtain and the Moon, whose partners lie alone on the table, and the Bush Warbler, which matches
# two plum cards; the computer holds September and October only. Playing the Warbler, then the three
# brights makes Sanko on your fourth turn, whatever the computer does: a Koi-Koi decision for you.
DECK = [0, 8, 28, 4, 12, 16, 20, 24, 32, 33, 34, 35, 36, 37, 38, 39, 1, 9, 29, 5, 6, 13, 17, 21,
        40, 41, 42, 43, 44, 45, 46, 47, 25, 26, 27, 18, 19, 7, 14, 15, 22, 23, 2, 3, 10, 11, 30, 31]
FIXED = f"play.html?game=koikoi&pace=100&first_dealer=0&decks={quote(json.dumps([DECK]))}"
OPENING = [4, 0, 8, 28]  # the cards you play first, in order
# The same deal in round 2 (you deal it again after winning round 1): last round's cards are dealt anew.
FIXED_TWICE = f"play.html?game=koikoi&pace=0&first_dealer=0&decks={quote(json.dumps([DECK, DECK]))}"
WAIT = 'html[data-turn="human"], html[data-turn="over"], .kk[data-summary="open"]'


def open_game(w, url):
    w.page.goto(url)
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]', timeout=90_000)


def to_the_first_decision(page, shot=lambda name: None) -> None:
    """On the FIXED deal: the plum bush warbler takes the plain plum (a choice), then the
    OPENING cards, until Three Brights asks Koi-Koi or Shobu."""
    page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    page.click('.kk-hand-card[data-card="4"]')
    shot("choice")
    move = page.get_attribute("html", "data-move")
    page.click('.kk-choice button[data-choice="b"]')  # the plain plum card: no Akatan yet
    page.wait_for_selector(f'html:not([data-move="{move}"])')
    for card in OPENING[1:]:
        page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
        move = page.get_attribute("html", "data-move")
        page.click(f'.kk-hand-card[data-card="{card}"]')
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    page.wait_for_selector('.kk[data-overlay="decide"]', timeout=60_000)


def tap(page, selector: str) -> None:
    """Tap what the player sees, where it is: once the cards have landed, at the middle of the
    first element of `selector`, which must lie inside the viewport (a test's click would scroll)."""
    page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")
    target = page.locator(selector).first
    target.wait_for()
    box, view = target.bounding_box(), page.viewport_size
    assert 0 <= box["y"] and box["y"] + box["height"] <= view["height"] + 1, f"{selector} is out of view: {box}"
    # In view, so the click does not scroll; it waits until the control stands still and is the one
    # hit (a tap at the middle measured a moment before missed once when the panel moved: a fresh-
    # clone run's expert match waited 60 s on a choice never made).
    target.click()


def play_match(page, opening=(), shots=None, check=None, click=None, shobu_says="You score") -> dict:
    """Drive the board like a player; the first Koi-Koi decision goes on, later ones stop.
    `check(page)` looks at the table at each of the player's turns and open summaries;
    `click(page, selector)` presses a control (a test's click by default, or `tap`);
    the Shōbu button says `shobu_says` (in the page's language)."""
    click = click or (lambda page, selector: page.locator(selector).first.click())
    seen = {"summaries": 0, "koikoi": 0, "shobu": 0, "choices": 0, "plays": 0}
    opening = list(opening)
    for _ in range(400):
        page.wait_for_selector(WAIT, timeout=60_000)
        if check:
            check(page)
        if page.locator('.kk[data-summary="open"]').count():
            seen["summaries"] += 1
            assert page.locator(".kk-summary h3").inner_text()
            click(page, "#kk-continue")
            continue
        if page.get_attribute("html", "data-turn") == "over":
            return seen
        move = page.get_attribute("html", "data-move")
        phase = page.get_attribute(".kk", "data-phase")
        if phase == "koikoi":
            # A moment (the computer's koi-koi call) may still be on: the decision follows it.
            page.wait_for_selector(".kk-decide", timeout=10_000)
            panel = page.locator(".kk-decide")
            assert panel.locator(".kk-yaku-row").count() >= 1
            assert shobu_says in panel.locator("#kk-shobu").inner_text()
            if shots:
                shots("decision")
            if seen["koikoi"] == 0:
                seen["koikoi"] += 1
                click(page, "#kk-koikoi")
            else:
                seen["shobu"] += 1
                click(page, "#kk-shobu")
        elif phase == "take":
            seen["choices"] += 1
            assert page.locator(".kk-turned .kk-face").count() == 1
            click(page, '.kk-choice button[data-choice="a"]')
        else:
            card = opening.pop(0) if opening else None
            click(page, f'.kk-hand-card[data-card="{card}"]' if card is not None else ".kk-hand-card:not([disabled])")
            seen["plays"] += 1
            if page.get_attribute(".kk", "data-phase") == "choose":
                seen["choices"] += 1
                # Only the two matching table cards are offered, on the table and in the panel.
                assert page.locator(".kk-table button.kk-pick").count() == 2
                assert page.locator(".kk-choice button[data-choice]").count() == 2
                if check:
                    check(page)
                click(page, '.kk-choice button[data-choice="a"]')
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    raise AssertionError("the match did not end")


# What the player needs at each decision, on every screen: the hand, the field, both sides'
# captures and the other side's hand, and the controls of the decision (tests/viewport.py).
ON_SCREEN = [".kk-hand", ".kk-hand-card:not([disabled])", ".kk-them .kk-captured", ".kk-them .kk-backs",
             ".kk-you .kk-captured", ".kk-field", ".kk-stock .kk-back", ".kk-choice button", ".kk-decide button",
             ".kk-reference", "#kk-continue"]


def needed(page) -> list[str]:
    """The controls the decision on show must have on screen."""
    if page.locator('.kk[data-summary="open"]').count():
        return ["#kk-continue", ".kk-you .kk-captured"]
    return {"koikoi": ["#kk-shobu", "#kk-koikoi", ".kk-hand"],
            "take": ['.kk-choice button[data-choice="a"]', '.kk-choice button[data-choice="b"]', ".kk-turned .kk-face", ".kk-hand"],
            "choose": ['.kk-choice button[data-choice="a"]', '.kk-choice button[data-choice="b"]', ".kk-cancel", ".kk-hand"],
            "play": [".kk-hand-card:not([disabled])", ".kk-table", ".kk-stock .kk-back", ".kk-them .kk-backs"],
            }.get(page.get_attribute(".kk", "data-phase"), [])


# The longest card names, in every language: a choice's caption stays inside its frame.
NAMES = sorted({n for card in card_table() for n in (card["name"]["en"], card["name"]["de"], card["name"]["cs"])},
               key=lambda n: (max(map(len, n.split())), len(n)))[-3:] + ["Chrysantheme mit blauem Band"]
CAPTIONS = """(names) => {
  const out = [];
  const captions = [...document.querySelectorAll(".kk-choice-name")];
  const kept = captions.map((c) => c.dataset.text);
  for (const name of names) {
    for (const c of captions) c.dataset.text = name;
    for (const c of captions) {
      const r = c.getBoundingClientRect(), b = c.closest("button").getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.bottom > b.bottom + 0.5 || c.scrollWidth > c.clientWidth + 1) {
        out.push(`${name}: ${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(b.left)}-${Math.round(b.right)}`);
      }
    }
  }
  captions.forEach((c, i) => { c.dataset.text = kept[i]; });
  return out;
}"""
# The last move's ring and a bright's frame: told apart by their colour's hue (blue, gold).
HUES = """() => {
  const hue = (css) => {
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map((v) => v / 255);
    const max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
    if (!d) return null;
    const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  };
  const last = document.querySelector(".kk-face.kk-last");
  const bright = document.querySelector('.kk-face[data-kind="bright"]:not(.kk-last)');
  return { last: last && hue(getComputedStyle(last).outlineColor),
           bright: bright && hue(getComputedStyle(bright).boxShadow) };
}"""


# The decision's yaku list grown to seven rows of 14, 6, 6, 5, 3, 2 and 2 cards (copies of its first
# row and card), as a long round after a koi-koi call can make it.
LONG_YAKU = """() => {
  const list = document.querySelector(".kk-decide .kk-yaku-list"), row = list.querySelector(".kk-yaku-row");
  list.classList.add("kk-dense");
  for (const n of [14, 6, 6, 5, 3, 2]) {
    const copy = row.cloneNode(true), mini = copy.querySelector(".kk-mini"), card = mini.firstElementChild;
    mini.replaceChildren(...Array.from({ length: n }, () => card.cloneNode(true)));
    list.append(copy);
  }
}"""


def test_a_whole_match_fits_every_screen(site, watch):
    """One 3-round match with a koi-koi decision, tapped on a 390x844 phone: at every decision the
    hand, the field, both sides' captures and the decision's controls are on screen at each phone
    size, on its side and at 1280x800, the page never scrolled by itself, a round summary holds the
    game on its final table, the last move's ring is not a bright's gold and a new deal rings nothing."""
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True)
    open_game(w, site + FIXED_TWICE + f"&seed={DEAL}")  # the third round's deal is the same each run
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert w.page.locator(".kk-round").inner_text() == "Round 1 of 3"
    assert w.page.locator(".kk-you .kk-dealer").count() == 1
    assert w.page.locator(".kk-hand-card").count() == 8 and w.page.locator(".kk-table .kk-face").count() == 8
    # Pointing at a hand card highlights the table cards of its month.
    w.page.hover('.kk-hand-card[data-card="4"]')
    assert sorted(w.page.locator(".kk-table .kk-face.kk-match").evaluate_all("els => els.map(e => +e.dataset.card)")) == [5, 6]
    found, waited, decisions, hues, fresh = [], [], [], [], []
    labels_checked = []

    def check(page):
        assert page.evaluate("scrollY") == 0, "the page scrolled by itself"
        summary = page.locator('.kk[data-summary="open"]').count()
        playing = page.get_attribute("html", "data-turn") == "human"
        if fresh and playing and not summary and page.locator(".kk-you .kk-dealer").count():
            # The first turn of a round you deal: nothing is marked as just played.
            assert page.locator(".kk-face.kk-last").count() == 0, "a new deal rings last round's cards"
        fresh.clear()
        if summary:
            fresh.append(True)
        where = page.get_attribute(".kk", "data-phase")
        check_sizes(page, ON_SCREEN, required=needed(page), sizes=SIZES, where=where)
        # At 1280x800 a round summary may push your captures down, as it always did: it and its button are in view.
        desktop = ["#kk-continue", ".kk-summary"] if summary else ON_SCREEN
        check_sizes(page, desktop, required=needed(page)[:1], sizes=(DESKTOP,), where=where)
        if page.locator(".kk-face.kk-last").count():
            hues.append(page.evaluate(HUES))
        if page.locator(".kk-choice-name").count() and not labels_checked:
            for size in SIZES + (DESKTOP,):
                page.set_viewport_size({"width": size[0], "height": size[1]})
                settle(page)
                labels_checked.extend(f"{size}: {p}" for p in page.evaluate(CAPTIONS, NAMES))
                if size != DESKTOP:
                    assert page.locator(".kk-reference").bounding_box()["height"] >= 44, size  # a link to tap
            labels_checked.append("checked")
        # At 1280x800: the table as before (panels beside the captures, summaries on the final table).
        found.extend(p for p in page.evaluate(TABLE_CHECK) if p not in found)
        if page.locator('.kk[data-overlay="decide"]').count() and not page.locator(".kk-called").count():
            decisions.append(page.locator(".kk-decide .kk-face").count())
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        settle(page)
        if summary and not waited:
            # The next deal waits for the player: nothing moves while the summary is open.
            move = page.get_attribute("html", "data-move")
            page.wait_for_timeout(1200)
            assert page.get_attribute("html", "data-move") == move
            assert page.locator("#turn").inner_text() == "The round is over: see how it ended"
            waited.append(move)

    seen = play_match(w.page, OPENING, check=check, click=tap)
    assert seen["koikoi"] == 1 and seen["summaries"] == 3 and seen["choices"] >= 1
    assert found == [], found
    assert labels_checked == ["checked"], labels_checked
    assert waited and decisions and decisions[0] >= 3  # the yaku's cards, at full size, in the decision
    assert hues and all(h["last"] is not None and 180 <= h["last"] <= 260 for h in hues), hues  # blue
    assert all(h["bright"] is None or h["bright"] < 60 for h in hues), hues  # the brights' gold
    w.page.wait_for_selector("dialog#result[open]", timeout=30_000)
    title = w.page.locator("#result-title").inner_text()
    assert title in {"You win!", "The computer wins", "A draw"}
    details = w.page.locator("#result-details").inner_text()
    assert "Round 1" in details and "Round 3" in details and "Final score" in details
    points = int(w.page.locator("#result-points").inner_text().split(":")[1].split("(")[0])
    assert "(level: " in w.page.locator("#result-points").inner_text()
    assert "match point you lead by" in w.page.locator("#result-rule").inner_text()  # how the points were earned
    assert points == 30 if title == "A draw" else (60 <= points <= 100 if title == "You win!" else points == 10)
    SHOTS.mkdir(exist_ok=True)
    snap(w.page, path=str(SHOTS / "koikoi-result-390x844.png"), animations="disabled")
    log = w.page.locator("#log li").all_inner_texts()
    assert log[0].startswith("Round 1 of 3 begins") and log[-1].startswith("Game over")
    assert any(line.startswith("You called Koi-Koi!") for line in log)
    w.page.click("#rematch")
    w.page.wait_for_selector('html[data-game-state="playing"][data-move="0"]')
    assert w.errors == []


def test_keyboard_play_in_german(site, watch):
    w = watch(locale="de-DE")
    open_game(w, site + FIXED)
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert w.page.locator(".kk-round").inner_text() == "Runde 1 von 3"
    move = w.page.get_attribute("html", "data-move")
    w.page.keyboard.press("2")  # the Bush Warbler matches two plum cards
    assert w.page.get_attribute(".kk", "data-phase") == "choose"
    assert "passt zu zwei Tischkarten" in w.page.locator(".kk-choice").inner_text()
    w.page.keyboard.press("Escape")
    assert w.page.get_attribute(".kk", "data-phase") == "play"
    w.page.keyboard.press("2")
    w.page.keyboard.press("b")
    w.page.wait_for_selector(f'html:not([data-move="{move}"])')
    assert any("Buschsänger gespielt und Pflaumenblüte genommen" in line
               for line in w.page.locator("#log li").all_inner_texts())
    for card in OPENING[1:]:
        w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
        index = w.page.locator(".kk-hand-card").evaluate_all("els => els.map(e => +e.dataset.card)").index(card)
        move = w.page.get_attribute("html", "data-move")
        w.page.keyboard.press(str(index + 1))
        w.page.wait_for_selector(f'html:not([data-move="{move}"])')
    w.page.wait_for_selector('.kk[data-overlay="decide"]', timeout=60_000)
    panel = w.page.locator(".kk-decide").inner_text()
    assert "Drei Lichter" in panel and "Sankō" in panel and "Du bekommst jetzt 5 Punkte" in panel
    SHOTS.mkdir(exist_ok=True)
    w.page.wait_for_timeout(400)
    snap(w.page, path=str(SHOTS / "koikoi-decision-de-1280x720.png"), animations="disabled")
    move = w.page.get_attribute("html", "data-move")
    w.page.keyboard.press("k")
    w.page.wait_for_selector(f'html:not([data-move="{move}"])')
    assert any(line.startswith("Du rufst Koi-Koi!") for line in w.page.locator("#log li").all_inner_texts())
    assert "Koi-Koi ×1" in w.page.locator(".kk-you .kk-side-head").inner_text()
    w.page.click("#show-rules")
    assert "Shōbu" in w.page.locator("#rules-body").inner_text()
    assert w.errors == []


def test_round_count_from_the_address_and_the_control(site, watch):
    w = watch()
    open_game(w, site + "play.html?game=koikoi&pace=100&rounds=6")
    assert w.page.locator(".kk-round").inner_text() == "Round 1 of 6"
    assert w.page.input_value("#setting-rounds") == "6"
    # The round count is chosen before a match: it applies to the next one.
    w.page.select_option("#setting-rounds", "12")
    new_game(w.page)  # confirmed if the page asks first
    w.page.wait_for_selector('html[data-game-state="playing"]')
    w.page.wait_for_selector('.kk-round:text("Round 1 of 12")')
    # The choice is remembered for the next visit.
    w.page.goto(site + "play.html?game=koikoi&pace=100")
    w.page.wait_for_selector("dialog#resume[open], html[data-game-state=\"playing\"]", timeout=90_000)
    assert w.page.input_value("#setting-rounds") == "12"
    assert w.errors == []


def test_card_names_match_the_engine():
    """cards.js (used by the board and the reference page) says what the engine's cards.py says."""
    script = """
      const m = await import(process.argv[1]);
      console.log(JSON.stringify({cards: m.CARDS, yaku: m.YAKU}));
    """
    out = subprocess.run(["node", "--input-type=module", "-e", script, (ROOT / "web/games/koikoi/cards.js").as_uri()],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["cards"] == card_table()
    assert {y["name"]: [y["en"], y["de"], y["cs"], y["ja"]] for y in yaku_table()} == data["yaku"]
    assert list(data["yaku"]) == [y["name"] for y in yaku_table()]


def test_card_reference_page(site, watch):
    w = watch(viewport={"width": 390, "height": 844})
    w.page.goto(site + "koikoi-cards.html")
    w.page.wait_for_selector('html[data-ready="true"]')
    assert w.page.locator("#months .kk-face").count() == 48
    assert w.page.locator("#yaku tbody tr").count() == 13
    assert "Ino-Shika-Chō" in w.page.locator("#yaku").inner_text()
    assert w.page.evaluate("document.documentElement.scrollWidth") <= 390
    w.page.click('button[data-lang="de"]')
    assert "Kranich und Sonne" in w.page.locator("#months").inner_text()
    w.page.click('button[data-lang="cs"]')
    assert "Jeřáb a slunce" in w.page.locator("#months").inner_text()
    assert_no_english(w.page, "the card reference")
    assert w.page.evaluate("document.documentElement.scrollWidth") <= 390  # the long Czech names too
    assert w.errors == []


@pytest.mark.parametrize("size", [(1280, 860), (390, 844)], ids=["desktop", "phone"])
def test_board_screenshots(site, watch, size):
    SHOTS.mkdir(exist_ok=True)
    w = watch(viewport={"width": size[0], "height": size[1]})
    open_game(w, site + FIXED)
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    tag = f"{size[0]}x{size[1]}"

    def shot(name):
        assert w.page.evaluate("document.documentElement.scrollWidth") <= size[0], name
        w.page.wait_for_timeout(400)  # let the cards land
        snap(w.page, path=str(SHOTS / f"koikoi-{name}-{tag}.png"), full_page=True, animations="disabled")

    shot("board")
    to_the_first_decision(w.page, shot)
    shot("decision")
    # A late decision after koi-koi can list seven yaku and thirty cards: the board still fits
    # each screen, the list scrolls, the hand and both buttons stay in view.
    w.page.evaluate(LONG_YAKU)
    check_sizes(w.page, ON_SCREEN, required=needed(w.page), sizes=SIZES + (DESKTOP,), where="seven yaku")
    w.page.set_viewport_size({"width": size[0], "height": size[1]})
    shot("decision-long")
    w.page.click("#kk-shobu")
    w.page.wait_for_selector('.kk[data-summary="open"]', timeout=60_000)
    shot("summary")
    w.page.click('button[data-lang="de"]')  # the open summary follows the language switch
    assert "Runde 1 von 3" in w.page.locator(".kk-summary").inner_text()
    w.page.click("#kk-continue")
    w.page.wait_for_selector('.kk:not([data-summary="open"])')
    assert w.errors == []


def test_house_rules_menu_sets_the_next_games_options(site, watch):
    """The house rules sit in one menu, off by default; a rule turned on (here by the URL)
    reaches the engine, which the status line and the rules panel show."""
    w = watch()
    open_game(w, site + FIXED + "&no_sake_yaku=true")
    menu = w.page.locator("details.setting-group:not(#preferences)")  # beside the toolbar's Settings
    assert menu.count() == 1 and "House rules" in menu.locator("summary").inner_text()
    assert "1 on" in menu.locator(".setting-count").inner_text()
    assert w.page.locator("#setting-no_sake_yaku").input_value() == "true"
    for key in ("plus_one_yaku", "koikoi_once", "teshi"):
        assert w.page.locator(f"#setting-{key}").input_value() == "false"
    assert "No Hanami-/Tsukimi-zake" in w.page.locator(".kk-house").inner_text()
    menu.locator("summary").click()
    assert menu.locator(".setting-panel").is_visible()
    w.page.select_option("#setting-koikoi_once", "true")
    assert "2 on" in menu.locator(".setting-count").inner_text()
    SHOTS.mkdir(exist_ok=True)
    snap(w.page, path=str(SHOTS / "koikoi-house-rules-1280x720.png"), animations="disabled")
    w.page.click(".game-title")  # a click elsewhere closes the menu
    assert not menu.locator(".setting-panel").is_visible()
    w.page.click("#show-rules")
    assert "off by default" in w.page.locator("#rules-body").inner_text()
    w.page.click("#rules-close")
    assert w.errors == []


def test_a_reload_while_a_round_summary_is_open_shows_it_again(site, watch):
    """The summary waits for the player's Continue, through a reload; once closed it stays closed,
    and a damaged note of it in the save is dropped without costing the game."""
    w = watch()
    open_game(w, site + FIXED)
    to_the_first_decision(w.page)
    w.page.click("#kk-shobu")  # stop: round 1 ends with your Three Brights
    w.page.wait_for_selector('.kk[data-summary="open"]', timeout=30_000)
    heading = w.page.locator(".kk-summary-round").inner_text()
    move = w.page.get_attribute("html", "data-move")
    stored = json.loads(w.page.evaluate("localStorage.getItem('cardgarden.save.koikoi')"))
    assert stored["board"] == {"summary": 1}
    w.page.reload()
    w.page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    w.page.click("#resume-continue")
    w.page.wait_for_selector('.kk[data-summary="open"]', timeout=30_000)
    assert w.page.locator(".kk-summary-round").inner_text() == heading == "Round 1 of 3"
    assert w.page.locator(".kk-hand-card").count() == 0  # the ended round's table, no new hand yet
    w.page.wait_for_timeout(1200)
    assert w.page.get_attribute("html", "data-move") == move  # the computer waits for Continue
    w.page.click("#kk-continue")
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]')
    w.page.wait_for_function("!('board' in JSON.parse(localStorage.getItem('cardgarden.save.koikoi')))")
    w.page.reload()
    w.page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    w.page.click("#resume-continue")
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]', timeout=30_000)
    assert w.page.locator('.kk[data-summary="open"]').count() == 0
    # A damaged note of the summary is dropped: the game comes back without it.
    w.page.evaluate("""() => { const s = JSON.parse(localStorage.getItem('cardgarden.save.koikoi'));
        s.board = {summary: 'all of them'}; localStorage.setItem('cardgarden.save.koikoi', JSON.stringify(s)); }""")
    w.page.reload()
    w.page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    w.page.click("#resume-continue")
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]', timeout=30_000)
    assert w.page.locator('.kk[data-summary="open"]').count() == 0
    assert w.errors == []


def test_a_teshi_deal_shows_its_round_summary_before_the_first_move(site, watch):
    """House rule teshi: a dealt hand of four pine cards wins round 1 before anyone plays."""
    pine = [0, 1, 2, 3, 4, 8, 12, 16]
    second = [5, 9, 13, 17, 20, 24, 28, 36]
    table = [6, 10, 14, 18, 21, 25, 29, 37]
    deck = pine + second + table + [c for c in range(48) if c not in pine + second + table]
    calm = [m * 4 + i for i in range(4) for m in range(12)]  # round 2: no month twice in a hand or on the table
    w = watch()
    w.page.goto(site + f"play.html?game=koikoi&pace=100&first_dealer=0&teshi=true&decks={quote(json.dumps([deck, calm]))}")
    w.page.wait_for_selector('.kk[data-summary="open"]', timeout=90_000)
    summary = w.page.locator(".kk-summary").inner_text()
    assert "Teshi" in summary and "6" in summary
    assert any("wins the round for 6 points" in line for line in w.page.locator("#log li").all_inner_texts())
    w.page.click("#kk-continue")
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]')
    assert w.errors == []


def test_the_computers_koikoi_call_says_why_in_the_log(site, watch):
    """The log line of the computer's koi-koi (or shobu) call carries its reason: the points
    now and how near the player is to scoring, or what the call means for the match in the
    last round; in English and German. The real log module, a crafted view. Every count takes
    its plural form ("1 point", not "1 points"), and the German card names say what the cards show."""
    w = watch(viewport={"width": 1280, "height": 860})
    w.page.goto(site + "index.html")
    lines = w.page.evaluate("""async () => {
      const i18n = await import("./js/i18n.js");
      const { messages } = await import("./games/koikoi/messages.js");
      const { logLines } = await import("./games/koikoi/log.js");
      const { otherSide } = await import("./js/people.js");
      // As the page hands it to the board: the other side's words filled in (the computer here).
      const t = (key, params) => i18n.t(key, { ...otherSide(null), ...params });
      i18n.addMessages(messages);
      const view = {observation: {rounds: 3, log: [
          {type: "koikoi", seat: 1, count: 1},
          {type: "shobu", seat: 1, points: 6},
          {type: "shobu", seat: 0, points: 2},
          {type: "yaku", seat: 1, points: 1, yaku: [{name: "tanzaku", points: 1}]},
          {type: "shobu", seat: 0, points: 1}]},
        notes: [{move: 0, seat: 1, why: {code: "koikoi", points: 2, threat: "none"}},
                {move: 1, seat: 1, why: {code: "shobu", points: 6, threat: "close", match: "win"}}]};
      const out = {};
      for (const lang of ["en", "de"]) {
        i18n.setLanguage(lang);
        out[lang] = logLines(view, t, lang).map((line) => line.text);
        out[lang + ".moments"] = [t("kk.moment.yaku", {names: "Ribbons", points: 1}),
          t("kk.moment.koikoi.them.text", {points: 1}), t("kk.moment.koikoi.you.text", {points: 1}),
          t("kk.koikoi.stop.score", {points: t("kk.points", {n: 1})}), t("kk.their-hand", {n: 1}),
          t("kk.koikoi.go.help")];
      }
      const { CARDS } = await import("./games/koikoi/cards.js");
      out.names = CARDS.map((card) => card.name.de);
      i18n.setLanguage("en");
      return out;
    }""")
    en = lines["en"]
    assert "2 points now; no yaku is in your reach" in en[0], en
    assert "stopping now wins the match" in en[1], en
    assert " — " not in en[2]  # the player's own call has no reason
    assert "jetzt 2 Punkte" in lines["de"][0] and "kein Yaku in Reichweite" in lines["de"][0], lines["de"]
    assert en[3] == "The computer has yaku worth 1 point: Ribbons 1." and en[4] == "You called Shōbu with 1 point.", en
    assert lines["de"][4] == "Du rufst Shōbu mit 1 Punkt.", lines["de"]
    assert lines["en.moments"][:5] == [
        "The computer made Ribbons: 1 point",
        "The computer plays on with 1 point in hand. Make a yaku first, and yours count double.",
        "You play on with 1 point in hand. If the computer makes a yaku first, that yaku scores double.",
        "You score 1 point now", "1 card in the computer's hand"], lines["en.moments"]
    assert lines["de.moments"][1].startswith("Der Computer spielt mit 1 Punkt weiter."), lines["de.moments"]
    assert "Spiele auf mehr" not in lines["de.moments"][5]
    # The pine, plum and cherry ribbons are red ribbons with a poem: no book of poems (Gedichtband).
    assert not [name for name in lines["names"] if "Gedichtband" in name]
    assert lines["names"][5] == "Pflaume mit Schriftband"
    assert w.errors == []


# What a player at 1280x800 sees at each turn, measured in the page.
TABLE_CHECK = """() => {
  const box = (sel) => document.querySelector(sel)?.getBoundingClientRect() ?? null;
  const meets = (a, b) => a && b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const problems = [];
  const kk = document.querySelector(".kk");
  const hand = box(".kk-hand");
  if (document.querySelector(".kk-hand-card") && (hand.bottom > innerHeight || hand.top < 0)) {
    problems.push(`the hand is out of view (${Math.round(hand.top)}-${Math.round(hand.bottom)})`);
  }
  // A side's captures as far as they are seen: a side short of room scrolls them inside its box.
  const seen = (sel, side) => {
    const a = box(sel), b = box(side);
    return a && b ? { left: Math.max(a.left, b.left), right: Math.min(a.right, b.right),
      top: Math.max(a.top, b.top), bottom: Math.min(a.bottom, b.bottom) } : null;
  };
  for (const panel of [".kk-decide", ".kk-choice:not([hidden])", ".kk-moment"]) {
    for (const side of [".kk-them", ".kk-you"]) {
      if (meets(box(panel), seen(`${side} .kk-captured`, side))) problems.push(`${panel} covers ${side} .kk-captured`);
    }
  }
  if (kk.dataset.summary === "open") {
    // The round that ended stays on the table: its number, its captures, no new hand.
    const round = document.querySelector(".kk-summary-round").textContent.match(/\\d+/)[0];
    if (!document.querySelector(".kk-round").textContent.includes(`Round ${round} of`)) problems.push("the next deal is shown");
    if (document.querySelector(".kk-hand-card")) problems.push("a new hand is dealt under the summary");
    if (!box(".kk-summary") || box(".kk-summary").bottom > innerHeight + 1) problems.push("the summary is out of view");
  }
  return problems;
}"""


# A card of the computer's captures flies over the moment on show: the panel hides it from its
# first frame (opaque, above the flight). Measured at the start of the moment, in the page.
FLIGHT = """() => {
  const panel = document.querySelector(".kk-moment");
  const box = panel.getBoundingClientRect();
  const card = document.querySelector(".kk-them .kk-captured [data-fly]");
  const to = card.getBoundingClientRect();
  const dx = box.left + box.width / 2 - (to.left + to.width / 2), dy = box.top + box.height / 2 - (to.top + to.height / 2);
  const flight = card.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 3 }, { transform: "none", zIndex: 3 }],
    { duration: 4000, fill: "backwards" });
  flight.pause();
  const see = [];
  for (let node = panel; node; node = node.parentElement) {
    if (getComputedStyle(node).opacity !== "1") see.push(`${node.className} opacity ${getComputedStyle(node).opacity}`);
  }
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!panel.contains(top)) see.push(`the flying card is above the panel (${top.className?.baseVal ?? top.className})`);
  flight.cancel();
  return see;
}"""


def test_a_koikoi_call_is_a_moment_and_the_captures_open_at_full_size(site, watch):
    w = watch()
    open_game(w, site + FIXED.replace("pace=100", "pace=1000"))  # a moment then lasts 2.6 s
    to_the_first_decision(w.page)
    w.page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")
    face = w.page.locator(".kk-decide .kk-face").first.bounding_box()
    assert face["width"] >= 40  # the yaku's cards are cards, not thumbnails
    # Captures: a button per kind with its count; the cards are large enough to tell, and a tap
    # (or Enter) shows the pile at full size with the cards' names; Escape or Close goes back.
    brights = w.page.locator('.kk-you .kk-group[data-kind="bright"]')
    assert "Brights: 3 cards" in brights.inner_text()
    sizes = brights.locator(".kk-face").evaluate_all("els => els.map((e) => e.getBoundingClientRect().width)")
    assert len(sizes) == 3 and min(sizes) >= 30, sizes
    brights.click()
    dialog = w.page.locator("dialog.kk-pile-dialog[open]")
    assert "Brights you took: 3 cards" in dialog.locator("h3").inner_text()
    assert dialog.locator(".kk-face").count() == 3 and dialog.locator(".kk-face").first.bounding_box()["width"] >= 64
    assert "Crane and Sun" in dialog.inner_text() and "Three Brights (Sankō): 3 of 4 cards" in dialog.inner_text()
    w.page.keyboard.press("Escape")
    assert w.page.locator("dialog.kk-pile-dialog[open]").count() == 0
    assert w.page.evaluate("document.activeElement.dataset.kind") == "bright"  # back on the group
    w.page.locator('.kk-them .kk-group[data-kind="chaff"]').focus()
    w.page.keyboard.press("Enter")
    assert "the computer took" in dialog.locator("h3").inner_text()
    dialog.locator(".kk-pile-close").click()
    assert w.page.locator("dialog.kk-pile-dialog[open]").count() == 0
    assert w.page.get_attribute(".kk", "data-overlay") == "decide"  # the decision waited
    w.page.click("#kk-koikoi")
    moment = w.page.locator(".kk-moment")
    moment.wait_for(timeout=5_000)
    assert w.page.evaluate(FLIGHT) == []  # opaque from its first frame, above a flying card
    assert "You call Koi-Koi!" in moment.inner_text() and "5 points" in moment.inner_text()
    move = w.page.get_attribute("html", "data-move")
    w.page.wait_for_timeout(500)
    assert w.page.get_attribute("html", "data-move") == move  # the computer waits for the moment
    moment.click()  # a click ends it at once
    w.page.wait_for_selector(".kk-moment", state="detached", timeout=2_000)
    w.page.wait_for_selector(f'html:not([data-move="{move}"])', timeout=30_000)  # then the computer plays on
    assert w.errors == []


def test_a_whole_match_against_the_expert_on_a_phone(site, watch):
    """The expert (issue 30) is on the level menu and plays a whole match through the UI on a
    phone; the result names it."""
    w = watch(viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True)
    open_game(w, site + "play.html?game=koikoi&pace=0&rounds=3")
    levels = w.page.locator("#level option").evaluate_all("els => els.map((e) => e.value)")
    assert levels == ["easy", "normal", "hard", "expert"]
    choose(w.page, "#level", "expert")  # applies from the next game
    new_game(w.page)
    # The new game at its start: move 0, or the player's first turn when the expert dealt and played its
    # first turn at pace 0 (a card, a draw: a wait for move 0 alone missed that moment now and then).
    w.page.wait_for_function("""() => { const d = document.documentElement.dataset;
      return d.gameState === "playing" && (d.move === "0" || (d.turn === "human" && Number(d.move) <= 4)); }""")
    seen = play_match(w.page, click=tap)
    assert seen["summaries"] == 3 and seen["plays"] >= 8
    w.page.wait_for_selector("dialog#result[open]", timeout=30_000)
    assert "(level: Expert)" in w.page.locator("#result-points").inner_text()
    SHOTS.mkdir(exist_ok=True)
    snap(w.page, path=str(SHOTS / "koikoi-expert-result-390x844.png"), animations="disabled")
    assert w.errors == []
