"""Hanabi in the browser: a whole game through the UI with AI teammates, to the end screen."""

from __future__ import annotations

import re
from pathlib import Path

from drivers import choose, new_game, press
from viewport import DEAL, DESKTOP, SIZES, check_sizes, settle, snap

WAIT = 'html[data-turn="human"], html[data-turn="over"]'
SHOTS = Path(__file__).resolve().parents[1] / "test-results"


# What the player needs at a decision, in view at every size (tests/viewport.py): the table, every
# teammate's cards and Clue button, the own hand; then the controls of the choice in progress.
TABLE = [".hb-status", ".hb-stack", ".hb-mate .hb-slot", ".hb-clue-button:not([disabled])", ".hb-own-card", "#hb-knows"]
REQUIRED = [".hb-own-card", ".hb-mate .hb-slot", ".hb-stack", ".hb-stat-clues"]
ALL_SIZES = (*SIZES, DESKTOP)


def marks_follow_the_last_move(page) -> None:
    """The page's line above the board says the teammates' newest move (with its reason), and the
    board marks where it happened: the cards its clue touched, the firework or the discard cell."""
    log = page.locator("#log li").all_inner_texts()
    theirs = [line for line in page.locator("#log li.them").all_inner_texts()]
    if not theirs:
        return
    said = page.locator("#last-move").inner_text()
    assert said.startswith("Last move") and said.endswith(theirs[-1]), (said, theirs[-1])
    latest = next(line for line in reversed(log) if not line.startswith(("The last card", "Game over")))
    if latest != theirs[-1]:
        return
    # What was done, not why: a reason may say "clued" of a play ("... touched only clued cards").
    done = latest.split(" — ")[0]
    if " clued you" in done:
        assert page.locator(".hb-own-card.hb-last-move").count() >= 1, latest
    elif " clued " in done:
        assert page.locator(".hb-mate .hb-slot.hb-last-move").count() >= 1, latest
    elif " discarded " in done or "did not fit" in done:
        assert page.locator(".hb-pip.hb-last-move").count() == 1, latest
    else:
        assert page.locator(".hb-stack.hb-last-move").count() == 1, latest


# How a clue's preview names a card by its place ("keeps card 5"), per language.
CARD_WORD = {"en": " card ", "de": " Karte ", "cs": " kartu "}


def play_game(page, *, players: int, lang: str = "en", check=None) -> dict:
    """Like a player, checking at every decision that it fits the screen at every size: give a clue
    while tokens are plenty (the panel open, its choices in view), else select the chop and
    discard it (Play and Discard in view). `check(page, where)` looks at each of those states too."""
    english = lang == "en"
    seen = {"clues": 0, "discards": 0, "decisions": 0}
    for _ in range(200):
        page.wait_for_selector(WAIT, timeout=60_000)
        if page.get_attribute("html", "data-turn") == "over":
            return seen
        seen["decisions"] += 1
        where = f"decision {seen['decisions']}"
        move = page.get_attribute("html", "data-move")
        if english:
            marks_follow_the_last_move(page)
        # The sizes are checked once the choice is under way: the table, the teammates and the hand
        # are all on the board then too, with the controls of the choice (one layout each).
        clues = int(page.locator(".hb-stat-clues .hb-stat-value").inner_text().split("/")[0])
        clue = page.locator(".hb-clue-button:not([disabled])")
        # A careless clue reads as "play this" to the teammates, so clue only at the start
        # and when all 8 tokens are out (no discard then); the farthest teammate, whose row is lowest.
        if clue.count() and (clues == 8 or (seen["clues"] == 0 and clues >= 6)):
            clue.last.click()
            assert page.get_attribute(".hb", "data-phase") == "clue"
            choices = page.locator(".hb-clue-choice")
            assert choices.count() >= 1
            # The preview names the card by its place: "keeps card 5", never "keeps 5".
            for short in choices.evaluate_all("(els) => els.map((e) => e.querySelector('.hb-clue-read')?.dataset.text)"):
                assert short is None or not any(c.isdigit() for c in short) or CARD_WORD[lang] in f" {short} ", short
            check_sizes(page, [*TABLE, ".hb-clue-choice", ".hb-cancel"], required=[*REQUIRED, ".hb-clue-choice", ".hb-cancel"],
                        sizes=ALL_SIZES, where=where + ", clue panel")
            if check:
                check(page, where + ", clue panel")
            choices.first.click()
            seen["clues"] += 1
        else:
            assert page.locator("#hb-discard").is_disabled()  # nothing selected yet
            last = page.locator(".hb-own-card").count() - 1
            page.click(f'.hb-own-card[data-slot="{last}"]')
            assert page.locator("#hb-discard").is_enabled()
            check_sizes(page, [*TABLE, "#hb-play", "#hb-discard", "#hb-note"], required=[*REQUIRED, "#hb-discard"],
                        sizes=ALL_SIZES, where=where + ", card selected")
            if check:
                check(page, where + ", card selected")
            if seen["discards"] == 2:  # the board at every size, a few moves in, for people to look at
                SHOTS.mkdir(exist_ok=True)
                for size in ALL_SIZES:
                    page.set_viewport_size({"width": size[0], "height": size[1]})
                    settle(page)
                    snap(page, path=str(SHOTS / f"hanabi-{players}p-{size[0]}x{size[1]}.png"))
                page.set_viewport_size({"width": ALL_SIZES[0][0], "height": ALL_SIZES[0][1]})
                settle(page)
            page.click("#hb-discard")
            seen["discards"] += 1
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    raise AssertionError("the game did not end")


def test_a_whole_game_of_two_fits_every_screen(site, watch):
    """A whole game with one teammate, through the UI on a phone: at every decision the table,
    the teammate's cards, the hand and the controls of the choice in progress are in view at
    390x844, 360x740, 844x390 and 1280x800; the last move is said above the board and marked on it."""
    w = watch(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    w.page.goto(site + f"play.html?game=hanabi&players=2&pace=0&level=easy&seed={DEAL}")  # the same deal each run
    w.page.wait_for_selector('html[data-game-state="playing"]', timeout=90_000)
    assert w.page.locator(".hb-mate").count() == 1
    # Teammates' cards are face up with a symbol and a rank; your own are backs.
    assert w.page.locator(".hb-mate .hb-face svg.hb-sym").count() == 5
    assert w.page.locator(".hb-own-card .hb-back").count() == 5
    seen = play_game(w.page, players=2, lang="en")
    log = w.page.locator("#log li").all_inner_texts()
    assert seen["clues"] >= 1 and seen["discards"] >= 1, log
    w.page.wait_for_selector("dialog#result[open]", timeout=30_000)
    assert w.page.locator("#result-title").inner_text() == "The show is over"
    details = w.page.locator("#result-details").inner_text()
    assert "Team score:" in details and "of 25" in details
    assert log[-1].startswith("Game over")
    assert any(" — " in line and line.startswith("Ana ") for line in log), log[:10]
    assert any(line.startswith("You clued Ana") for line in log)
    assert w.page.evaluate("scrollY") == 0  # the page never scrolled itself
    assert w.errors == []


def test_a_whole_game_of_five_fits_every_screen_in_german(site, watch):
    """The same with four teammates (four rows of cards), in German (longer words), to the end;
    the first move by keys (C a clue panel, Esc, 1 a card, P play), the rules from the menu."""
    w = watch(locale="de-DE", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(site + f"play.html?game=hanabi&players=5&pace=0&level=easy&seed={DEAL}")
    page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    assert page.locator(".hb-mate").count() == 4 and page.locator(".hb-own-card").count() == 4
    assert page.locator("#hb-play").inner_text() == "Ausspielen"
    press(page, "#show-rules")
    assert "Abwurfkarte" in page.locator("#rules-body").inner_text()
    page.click("#rules-close")
    page.keyboard.press("c")
    assert page.get_attribute(".hb", "data-phase") == "clue"
    assert page.locator(".hb-clue-choice").count() >= 1
    page.keyboard.press("Escape")
    assert page.get_attribute(".hb", "data-phase") == "main"
    move = page.get_attribute("html", "data-move")
    page.keyboard.press("1")
    assert page.locator('.hb-own-card[data-slot="0"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("p")
    page.wait_for_selector(f'html:not([data-move="{move}"])')
    page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    log = page.locator("#log li").all_inner_texts()
    assert log[0].startswith("Du: ") and "ausgespielt" in log[0]
    assert any(line.startswith(("Ana", "Ben", "Cai", "Dora")) and " — " in line for line in log), log
    seen = play_game(page, players=5, lang="de")
    assert seen["decisions"] >= 5
    page.wait_for_selector("dialog#result[open]", timeout=30_000)
    assert page.locator("#result-title").inner_text() == "Die Vorstellung ist vorbei"
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
    new_game(w.page)
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


def give_a_safe_clue(page) -> None:
    """A clue to the first teammate with a choice the clue panel reads without a warning (else the
    first choice of the last teammate tried: every clue warned)."""
    buttons = page.locator(".hb-clue-button:not([disabled])")
    for i in range(buttons.count()):
        buttons.nth(i).click()
        safe = page.locator(".hb-clue-choice:not([data-warn])")
        if safe.count():
            safe.first.click()
            return
    page.locator(".hb-clue-choice").first.click()


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
        else:  # all 8 tokens: a clue is the only move but a play; one the teammate reads without a
            # warning (a strike, a misreading, a lost card), so a random deal cannot end the game here
            give_a_safe_clue(w.page)
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
    snap(page, path=str(SHOTS / "hanabi-clue-preview-1280x860.png"))
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
    new_game(page)
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
    assert good.endswith("Ana read the Red clue from you as a play clue on card 1 (the newest)"), good
    assert "Ana took the Red clue from you as a play clue on card 1 (the newest): a misreading" in bad, bad
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
