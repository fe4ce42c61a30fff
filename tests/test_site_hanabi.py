"""Hanabi in the browser: a whole game through the UI with AI teammates, to the end screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WAIT = 'html[data-turn="human"], html[data-turn="over"]'
SHOTS = Path(__file__).resolve().parents[1] / "test-results"


def play_game(page) -> dict:
    """Like a player: give a clue while tokens are plenty (two clicks), else select a card and discard it."""
    seen = {"clues": 0, "discards": 0}
    for _ in range(200):
        page.wait_for_selector(WAIT, timeout=60_000)
        if page.get_attribute("html", "data-turn") == "over":
            return seen
        move = page.get_attribute("html", "data-move")
        clues = int(page.locator(".hb-stat-clues .hb-stat-value").inner_text().split("/")[0])
        clue = page.locator(".hb-clue-button:not([disabled])")
        # A careless clue reads as "play this" to the teammates, so clue only at the start
        # and when all 8 tokens are out (no discard then).
        if clue.count() and (clues == 8 or (seen["clues"] == 0 and clues >= 6)):
            clue.first.click()
            choices = page.locator(".hb-clue-choice")
            assert choices.count() >= 1
            choices.first.click()
            seen["clues"] += 1
        else:
            assert page.locator("#hb-discard").is_disabled()  # nothing selected yet
            last = page.locator(".hb-own-card").count() - 1
            page.click(f'.hb-own-card[data-slot="{last}"]')
            assert page.locator("#hb-discard").is_enabled()
            page.click("#hb-discard")
            seen["discards"] += 1
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    raise AssertionError("the game did not end")


def test_a_whole_game_through_the_ui(site, watch):
    w = watch(viewport={"width": 1280, "height": 860})
    w.page.goto(site)
    w.page.wait_for_selector('.game-card[data-game="hanabi"] a.button', timeout=90_000)
    w.page.goto(site + "play.html?game=hanabi&players=2&pace=30")
    w.page.wait_for_selector('html[data-game-state="playing"]', timeout=90_000)
    assert w.page.locator(".hb-mate").count() == 1
    # Teammates' cards are face up with a symbol and a rank; your own are backs.
    assert w.page.locator(".hb-mate .hb-face svg.hb-sym").count() == 5
    assert w.page.locator(".hb-own-card .hb-back").count() == 5
    seen = play_game(w.page)
    log = w.page.locator("#log li").all_inner_texts()
    assert seen["clues"] >= 1 and seen["discards"] >= 1, log
    w.page.wait_for_selector("dialog#result[open]", timeout=30_000)
    SHOTS.mkdir(exist_ok=True)
    w.page.screenshot(path=str(SHOTS / "hanabi-result-1280x860.png"))
    assert w.page.locator("#result-title").inner_text() == "The show is over"
    details = w.page.locator("#result-details").inner_text()
    assert "Team score:" in details and "of 25" in details
    log = w.page.locator("#log li").all_inner_texts()
    assert log[-1].startswith("Game over")
    assert any(" — " in line and line.startswith("Ana ") for line in log), log[:10]
    assert any(line.startswith("You clued Ana") for line in log)
    assert w.errors == []


def test_keyboard_and_german(site, watch):
    w = watch(locale="de-DE", viewport={"width": 390, "height": 844})
    w.page.goto(site + "play.html?game=hanabi&players=3&pace=30")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert w.page.locator(".hb-mate").count() == 2
    assert w.page.locator("#hb-play").inner_text() == "Ausspielen"
    w.page.keyboard.press("c")
    assert w.page.get_attribute(".hb", "data-phase") == "clue"
    assert w.page.locator(".hb-clue-choice").count() >= 1
    w.page.keyboard.press("Escape")
    assert w.page.get_attribute(".hb", "data-phase") == "main"
    move = w.page.get_attribute("html", "data-move")
    w.page.keyboard.press("1")
    assert w.page.locator('.hb-own-card[data-slot="0"]').get_attribute("aria-pressed") == "true"
    w.page.keyboard.press("p")
    w.page.wait_for_selector(f'html:not([data-move="{move}"])')
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    log = w.page.locator("#log li").all_inner_texts()
    assert log[0].startswith("Du: ") and "ausgespielt" in log[0]
    assert any(line.startswith(("Ana", "Ben")) and " — " in line for line in log), log
    w.page.keyboard.press("c")
    assert w.page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(exist_ok=True)
    w.page.screenshot(path=str(SHOTS / "hanabi-de-390x844.png"), full_page=True)
    w.page.keyboard.press("Escape")
    w.page.click("#show-rules")
    assert "Abwurfkarte" in w.page.locator("#rules-body").inner_text()
    w.page.click("#rules-close")
    # The player count is chosen before a game, in the toolbar, and used by the next one.
    assert w.page.locator("#setting-players").input_value() == "3"
    w.page.select_option("#setting-players", "4")
    w.page.click("#new-game")
    w.page.wait_for_selector('html[data-game-state="playing"][data-move="0"]', timeout=90_000)
    assert w.page.locator(".hb-mate").count() == 3
    assert w.page.locator(".hb-own-card").count() == 4
    assert w.errors == []


@pytest.mark.parametrize("size", [(1280, 860), (390, 844)], ids=["desktop", "phone"])
def test_board_screenshots(site, watch, size):
    SHOTS.mkdir(exist_ok=True)
    w = watch(viewport={"width": size[0], "height": size[1]})
    w.page.goto(site + "play.html?game=hanabi&players=3&pace=30")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    # A few moves so the log, the stacks and the knowledge have something to show.
    for turn in range(3):
        move = w.page.get_attribute("html", "data-move")
        if turn > 0:
            w.page.click('.hb-own-card[data-slot="4"]')
            if w.page.locator("#hb-discard").is_enabled():
                w.page.click("#hb-discard")
            else:  # 8 clue tokens (the AI discarded one back): no discard allowed, so a clue
                w.page.click('.hb-own-card[data-slot="4"]')
                turn = 0
        if turn == 0:
            w.page.locator(".hb-clue-button:not([disabled])").first.click()
            w.page.locator(".hb-clue-choice").first.click()
        w.page.wait_for_selector(f'html:not([data-move="{move}"])')
        w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    w.page.click("#hb-knows")
    w.page.locator(".hb-clue-button:not([disabled])").first.click()
    assert w.page.evaluate("document.documentElement.scrollWidth") <= size[0]
    w.page.screenshot(path=str(SHOTS / f"hanabi-{size[0]}x{size[1]}.png"), full_page=True)
    assert w.errors == []


def test_the_player_chooses_a_seat_and_a_teammate_may_open(site, watch):
    w = watch()
    w.page.goto(site + "play.html?game=hanabi&pace=30&players=3&seat=2")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert w.page.locator("#setting-seat").input_value() == "2"
    assert w.page.locator("#setting-players").input_value() == "3"
    lines = w.page.locator("#log li").all_inner_texts()
    assert lines and not lines[0].startswith("You")  # seat 1, a teammate, moved first
    assert w.page.locator(".hb-own-card").count() == 5
    # The seat menu follows the players menu: only the seats at the table.
    seats = lambda: w.page.locator("#setting-seat option").evaluate_all("(os) => os.map((o) => o.value)")
    assert seats() == ["1", "2", "3"]
    w.page.select_option("#setting-players", "5")
    assert seats() == ["1", "2", "3", "4", "5"]
    w.page.select_option("#setting-seat", "5")
    # Fewer players than the chosen seat: the last seat there, and the page says so.
    w.page.select_option("#setting-players", "2")
    assert seats() == ["1", "2"] and w.page.locator("#setting-seat").input_value() == "2"
    assert w.page.locator("#toast").inner_text() == "There is no seat 5 at a table of 2: you take seat 2."
    w.page.click("#new-game")
    w.page.wait_for_selector('html[data-game-state="playing"]')
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert not w.page.locator("#log li").first.inner_text().startswith("You")
    # A link (or a remembered choice) with a seat beyond its table is said, not changed silently,
    # and the notice stays once the game is dealt.
    w.page.evaluate("localStorage.clear()")
    w.page.goto(site + "play.html?game=hanabi&pace=30&players=3&seat=5&lang=de")
    w.page.wait_for_selector('html[data-game-state="playing"]', timeout=90_000)
    assert w.page.locator("#toast").is_visible()
    assert w.page.locator("#toast").inner_text() == "Einen Platz 5 gibt es bei 3 Spielern nicht: Du nimmst Platz 3."
    assert w.page.locator("#setting-seat").input_value() == "3"
    assert w.errors == []


def test_the_teammates_explanations_come_back_after_a_reload(site, watch):
    """Why each AI move was made is part of the saved game: a reload shows the same log, reasons included."""
    w = watch(viewport={"width": 1280, "height": 860})
    w.page.goto(site + "play.html?game=hanabi&players=3&pace=30")
    w.page.wait_for_selector('html[data-game-state="playing"]', timeout=90_000)
    for _ in range(6):  # a few rounds, so the teammates have clued and said why
        w.page.wait_for_selector(WAIT, timeout=60_000)
        move = w.page.get_attribute("html", "data-move")
        last = w.page.locator(".hb-own-card").count() - 1
        w.page.click(f'.hb-own-card[data-slot="{last}"]')
        if w.page.locator("#hb-discard").is_enabled():
            w.page.click("#hb-discard")
        else:  # all 8 tokens: a clue is the only move but a play
            w.page.locator(".hb-clue-button:not([disabled])").first.click()
            w.page.locator(".hb-clue-choice").first.click()
        w.page.wait_for_selector(f'html:not([data-move="{move}"])')
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    before = w.page.locator("#log li").all_inner_texts()
    assert sum(" — " in line for line in before) >= 2, before
    w.page.wait_for_function("""() => {
      const saved = JSON.parse(localStorage.getItem("cardgarden.save.hanabi"));
      return saved.move === Number(document.documentElement.dataset.move) && saved.notes.length >= 2;
    }""")
    w.page.reload()
    w.page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    w.page.click("#resume-continue")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert w.page.locator("#log li").all_inner_texts() == before
    assert w.errors == []


def test_the_last_move_is_marked_on_the_board_and_said_at_the_top(site, watch):
    """The cards a clue touched, the card played or discarded, and a line that says the move (with an AI's
    reason), until the next move; on a phone the line is in view without scrolling."""
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(site + "play.html?game=hanabi&players=2&pace=2500")  # the AI waits: my clue's marks stay a while
    page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert page.locator(".hb-last-move").count() == 0 and page.locator(".hb-last").is_hidden()
    move = page.get_attribute("html", "data-move")
    page.locator(".hb-clue-button:not([disabled])").first.click()
    choice = page.locator(".hb-clue-choice").first
    touched = choice.get_attribute("aria-label")
    choice.click()
    page.wait_for_selector(f'html:not([data-move="{move}"])')
    marked = page.locator(".hb-mate .hb-slot.hb-last-move")
    slots = [int(s) + 1 for s in marked.evaluate_all("(els) => els.map((e) => e.dataset.slot)")]
    said = re.search(r"touches card ([\d, ]+)", touched).group(1)  # the label goes on with the preview
    assert slots and said.strip() == ", ".join(map(str, slots)), (touched, slots)
    assert page.locator(".hb-last").inner_text().startswith("Last move")
    assert "You clued Ana" in page.locator(".hb-last").inner_text()

    page.wait_for_selector('html[data-turn="human"]', timeout=60_000)  # Ana has moved
    strip = page.locator(".hb-last")
    log = page.locator("#log li").all_inner_texts()
    ana = [line for line in log if line.startswith("Ana ")][-1]
    assert strip.inner_text().endswith(ana)
    box = strip.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844  # in view, no scrolling
    if " clued you" in ana:
        assert page.locator(".hb-own-card.hb-last-move").count() >= 1
    elif " discarded " in ana or "did not fit" in ana:
        assert page.locator(".hb-pip.hb-last-move").count() == 1
    else:
        assert page.locator(".hb-stack.hb-last-move").count() == 1, ana
    assert page.locator(".hb-mate .hb-slot.hb-last-move").count() == 0  # my clue's marks are gone
    assert w.errors == []


def test_the_clue_panel_says_how_the_teammate_will_read_each_clue(site, watch):
    """Before a clue is given, each choice says what the teammate will do with it (the bots' own
    reading), with a warning on a clue that leads to a strike, a misreading or a lost card."""
    w = watch(viewport={"width": 1280, "height": 860})
    page = w.page
    page.goto(site + "play.html?game=hanabi&players=3&pace=30")
    page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    page.locator('.hb-clue-button[data-target="1"]').click()
    choices = page.locator(".hb-clue-choice")
    assert choices.count() >= 2
    readings = choices.evaluate_all("(els) => els.map((e) => [e.dataset.reading, e.dataset.warn ?? null,"
                                    " e.querySelector('.hb-clue-read')?.dataset.text, e.getAttribute('aria-label')])")
    for reading, warn, short, label in readings:
        assert reading in ("play", "delayed", "save", "info"), readings
        assert short and (short.startswith("⚠") == (warn is not None)), readings
        assert "Ana will" in label or "Ana learns" in label or "Ana has" in label, label
    # One preview at a time: the focused clue's cards, then the pointed-at clue's cards only.
    for pick, how in ((choices.nth(1), "focus"), (choices.first, "hover")):
        getattr(pick, how)()
        said = re.search(r"touches cards? ([\d, ]+)", pick.get_attribute("aria-label")).group(1)
        shown = page.locator(".hb-slot.hb-touch").evaluate_all("(els) => els.map((e) => +e.dataset.slot + 1)")
        assert sorted(shown) == sorted(int(n) for n in said.replace(",", " ").split()), (said, shown)
    choices.first.focus()
    explain = page.locator(".hb-clue-explain")
    assert explain.inner_text() and explain.inner_text() in readings[0][3]
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "hanabi-clue-preview-1280x860.png"))
    assert w.errors == []


def test_notes_on_my_own_cards_are_kept_through_a_reload(site, watch):
    """As players do on their own cards: a short note, written with the keyboard, kept with the saved
    game and shown again after a reload; a new game starts without notes; a damaged one is dropped."""
    w = watch(viewport={"width": 1280, "height": 860})
    page = w.page
    page.goto(site + "play.html?game=hanabi&players=2&pace=30")
    page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert page.locator("#hb-note").is_disabled()  # no card chosen yet
    page.click('.hb-own-card[data-slot="1"]')
    page.click("#hb-note")
    page.fill("#hb-note-input", "red? 2s")
    page.press("#hb-note-input", "Enter")
    card = page.locator('.hb-own-card[data-slot="1"]')
    assert card.locator(".hb-card-note").inner_text() == "red? 2s"
    assert "your note: red? 2s" in card.get_attribute("aria-label")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('cardgarden.save.hanabi'))?.board?.notes")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('cardgarden.save.hanabi')).board.notes")
    assert list(stored.values()) == ["red? 2s"]

    page.reload()
    page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    page.click("#resume-continue")
    page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert page.locator('.hb-own-card[data-slot="1"] .hb-card-note').inner_text() == "red? 2s"

    # A damaged note in the save is dropped; the game itself comes back.
    page.evaluate("""() => {
      const key = 'cardgarden.save.hanabi';
      const saved = JSON.parse(localStorage.getItem(key));
      saved.board = {notes: {"x": 5, "999999": "long ago", "1": 7}};
      localStorage.setItem(key, JSON.stringify(saved));
    }""")
    page.reload()
    page.wait_for_selector("dialog#resume[open]", timeout=90_000)
    page.click("#resume-continue")
    page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert page.locator(".hb-card-note").count() == 0

    page.click('.hb-own-card[data-slot="0"]')
    page.click("#hb-note")
    page.fill("#hb-note-input", "keep")
    page.click("#hb-note-save")
    assert page.locator(".hb-card-note").count() == 1
    page.click("#new-game")
    # The old game is at move 0 with the player to move too, so data-turn says nothing about
    # which game is on the table: wait for the new deal's board, then check it.
    page.wait_for_selector(".hb-card-note", state="detached", timeout=60_000)
    page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    assert page.locator(".hb-card-note").count() == 0  # a new game starts without notes
    assert w.errors == []


def test_the_log_names_teammates_and_the_card_a_clue_is_about(site, watch):
    """A teammate's play rests on a clue; the log says which and how it was read, and when the
    card did not fit it names the misreading, in English and German. Teammates are named as the
    page names them (never "it"); a clue to the player that touched several cards says which card
    it is about (its position in the hand, as the page shows it) and never what the card is; the
    preview says "keeps card 5", not "keeps 5". The real log module on the built site, crafted views."""
    w = watch(viewport={"width": 1280, "height": 860})
    w.page.goto(site + "index.html")
    lines = w.page.evaluate("""async () => {
      const i18n = await import("./js/i18n.js");
      const { messages } = await import("./games/hanabi/messages.js");
      const { logLines } = await import("./games/hanabi/log.js");
      i18n.addMessages(messages);
      const clue = {type: "clue", seat: 0, target: 1, colour: "red", slots: [0, 2], ids: [7, 3]};
      const view = (ok) => ({seat: 0, observation: {players: 2, log: [
          clue,
          {type: "play", seat: 1, slot: 0, id: 7, colour: "red", rank: 2, ok, clue_back: false, strikes: ok ? 0 : 1}]},
        notes: [{move: 1, seat: 1, why: {code: "play_known", slot: 0,
                 clue: {by: 1, colour: "red", slot: 0, as: "play"}}}]});
      // Ana clues the player's cards 2 and 4 (the player's card 4 is what the clue is about),
      // then discards her chop.
      const toMe = {seat: 0, observation: {players: 3, log: [
          {type: "clue", seat: 1, target: 0, rank: 3, slots: [1, 3], ids: [4, 2]},
          {type: "discard", seat: 2, slot: 3, id: 9, colour: "blue", rank: 4}]},
        notes: [{move: 0, seat: 1, why: {code: "clue_play", target: 2, rank: 3, slot: 3}},
                {move: 1, seat: 2, why: {code: "discard_chop", slot: 3}}]};
      const out = {};
      for (const lang of ["en", "de"]) {
        i18n.setLanguage(lang);
        out[lang] = [...[view(true), view(false)].map((v) => logLines(v, i18n.t)[1].text),
                     ...logLines(toMe, i18n.t).map((l) => l.text),
                     i18n.t("hb.read.short.save", {n: 5}), i18n.t("hb.read.short.play", {n: 2})];
      }
      i18n.setLanguage("en");
      return out;
    }""")
    good, bad, clued, discarded, keeps, plays = lines["en"]
    assert good.endswith("Ana read the Red clue from you as a play clue on card 1, the newest"), good
    assert "Ana took the Red clue from you as a play clue on card 1, the newest: a misreading" in bad, bad
    assert "did not fit" in bad
    assert clued == "Ana clued you: 3s (card 2, 4) — so you play card 4", clued
    assert discarded == "Ben discarded Blue 4 — Ben's chop: the oldest card no clue has touched", discarded
    assert (keeps, plays) == ("keeps card 5", "plays card 2")
    for text in lines["en"]:
        assert not any(f" {it} " in f" {text} " for it in ("it knew", "it read", "it took", "its", "it thought")), text
    good, bad, clued, discarded, keeps, plays = lines["de"]
    assert "Missverständnis" in bad and "von dir" in bad and bad.count("Ana") == 2, bad
    assert clued.endswith("damit du Karte 4 ausspielst"), clued
    assert "Abwurfkarte von Ben" in discarded, discarded
    assert (keeps, plays) == ("behält Karte 5", "spielt Karte 2")
    assert w.errors == []
