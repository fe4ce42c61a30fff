"""The Koi-Koi computer's reasons in the page's log (issue 40), on phones, in every language.

A few turns of a real game through the board at 390x844 and 360x740: every line of a move the
computer made (a card played, a turned card's choice, a koi-koi call) carries its reason after
a dash, the whole of it in the log; screenshots of the log and of the last-move line above the
board go to test-results/ to be looked at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drivers import take_a_turn
from viewport import PHONE, SMALL_PHONE, settle, snap

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-results"
DASH = {"en": " — ", "de": " — ", "cs": " – "}
# The computer's own move lines in the log, by language (messages: kk.log.play.*.them, take, koikoi, shobu);
# its turned card's line ("turned", "aufgedeckt", "otáčí") is what happened to it, no move.
MOVE = {"en": re.compile(r"^The computer (played|took|called)"),
        "de": re.compile(r"^Der Computer (hat (mit|[^—]* gespielt)|ruft)"),
        "cs": re.compile(r"^Počítač (hraje|kartou|hlásí)")}


@pytest.mark.parametrize("lang", ["en", "de", "cs"])
def test_every_move_of_the_computer_says_why_in_the_log_on_a_phone(site, watch, lang):
    w = watch(locale={"en": "en-US", "de": "de-DE", "cs": "cs-CZ"}[lang],
              viewport={"width": PHONE[0], "height": PHONE[1]})
    w.page.goto(site + f"play.html?game=koikoi&pace=0&level=normal&seed=4207&lang={lang}")
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]', timeout=90_000)
    for _ in range(5):
        take_a_turn(w.page, "koikoi")
    w.page.wait_for_selector('html[data-turn="human"], html[data-turn="over"]', timeout=60_000)
    lines = w.page.locator("#log li.them").all_inner_texts()
    moves = [line for line in lines if MOVE[lang].match(line)]
    assert len(moves) >= 4, lines
    for line in moves:
        reason = line.split(DASH[lang], 1)
        assert len(reason) == 2 and reason[1].strip(), (lang, line)  # the move, then why
        assert "kk." not in line and "{" not in line, line
    SHOTS.mkdir(exist_ok=True)
    for width, height in (PHONE, SMALL_PHONE):
        w.page.set_viewport_size({"width": width, "height": height})
        settle(w.page)
        snap(w.page, path=str(SHOTS / f"koikoi-reasons-top-{lang}-{width}x{height}.png"), animations="disabled")
        log = w.page.locator(".log-panel")
        log.scroll_into_view_if_needed()
        snap(log, path=str(SHOTS / f"koikoi-reasons-log-{lang}-{width}x{height}.png"), animations="disabled")
        # Nothing sideways: a long card name wraps inside the log.
        assert w.page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert w.errors == []
