"""The faults a new player found on phones and a desktop in three languages (issue 40), each
checked where it was seen: a hint is whole on a phone and its marks cover every step of its
move (a Hanamikoji competition's pairing too), labelled as a hint; Hanamikoji's round summary
keeps Continue in view at 360x740; the toolbar's prompt is never cut; the toast stays off the
hand; Hanabi's chop label is not under its card; Koi-Koi's choice between two alike cards leaves
the table in view. Screenshots go to test-results/ to be looked at."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from drivers import HUMAN, choose, hanabi_move, hanamikoji_move, koikoi_move
from viewport import DESKTOP, LANDSCAPE, PHONE, SMALL_PHONE, outside, settle, snap
from pygame_core import new_game
from pygame_core.bridge import hint_seed
from pygame_core.coach import hint as coach_hint
from pygame_core.koikoi.cards import card_info

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
LOCALES = {"en": "en-US", "de": "de-DE", "cs": "cs-CZ"}
MOVES = {"hanamikoji": hanamikoji_move, "koikoi": koikoi_move, "hanabi": hanabi_move}
FINISH = "document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())"
# A deal (found by asking the engine's hint over random seeds) whose first hint is a competition
# of Fan, Parasol, Flute and Scroll, which pair in three ways: the chooser opens.
COMPETITION_SEED = 4992127883807077


def phone(watch, lang: str = "en", size=SMALL_PHONE):
    return watch(locale=LOCALES[lang], viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)


def stored_save(page, game: str) -> dict:
    """The save of the position on the board (written once the engine gave the view: waited for);
    of a game that is over, the save kept among the finished games once its end is shown."""
    move = int(page.get_attribute("html", "data-move"))
    for _ in range(100):
        stored = json.loads(page.evaluate(f"localStorage.getItem('cardgarden.save.{game}')") or "null")
        if stored and stored["move"] == move:
            return stored["save"]
        if page.get_attribute("html", "data-turn") == "over":
            if page.locator("#hk-continue, #kk-continue").count():
                page.click("#hk-continue, #kk-continue")
            page.wait_for_selector("dialog#result[open]")
            return json.loads(page.evaluate("localStorage.getItem('cardgarden.finished')"))[-1]["record"]["save"]
        page.wait_for_timeout(100)
    raise AssertionError(f"no save of move {move}")


def canonical(action: dict) -> str:
    """An action as JSON with a competition's pairs in one order (the chooser's and the engine's agree)."""
    if action.get("type") == "competition":
        action = {**action, "pairs": sorted(sorted(p) for p in action["pairs"])}
    return json.dumps(action, sort_keys=True)


def hinted_and_played(save: dict) -> list[tuple[str, str]]:
    """(the hint's action, the action played) at each of seat 0's decisions in `save`, replayed in
    CPython: the hint is the engine's, from seat 0's observation and the game's seed and move."""
    game = new_game(save["game"], seed=save["seed"], options=save["options"])
    pairs = []
    for action in save["actions"]:
        if game.current_player == 0:
            hint = coach_hint(game.name, game.observation(0), seed=hint_seed(game, game.move_number))
            pairs.append((canonical(hint["action"]), canonical(action)))
        game.apply(action)
    return pairs


def follow_the_hanamikoji_marks(page, shot: str | None = None) -> dict:
    """Ask for a hint and play it by its marks alone, step by step: the marked cards, the marked
    marker, and in the pairing chooser the marked pairing (or the marked offer to take). Returns
    what was seen on the way; `shot` names a screenshot of the chooser."""
    page.click("#hint-button")
    page.wait_for_selector('html[data-hint="shown"]')
    seen = {"labels": page.locator(".suggest-label").evaluate_all("els => els.map((e) => e.dataset.label)"),
            "chooser": False}
    move = page.get_attribute("html", "data-move")
    offer = page.locator(".hk-offer button.is-suggested")
    if page.get_attribute(".hk", "data-phase") in ("pick_gift", "pick_pair"):
        assert offer.count() == 1
        offer.click()
    else:
        cards = page.locator(".hk-you .hk-card.is-suggested").evaluate_all("els => els.map((e) => e.dataset.index)")
        for index in cards:
            page.click(f'.hk-you .hk-card[data-index="{index}"]')
        marker = page.locator(".hk-you .hk-marker.is-suggested")
        assert marker.count() == 1 and marker.is_enabled()
        seen["counts"] = page.locator(".hk-you .hk-marker:not(.used) .hk-marker-count").all_inner_texts()
        marker.click()
        if page.locator(".hk-pairing").count():  # the four cards pair in more than one way
            seen["chooser"] = True
            marked = page.locator(".hk-pairing button[data-pairing].is-suggested")
            assert marked.count() == 1, "the hint marks exactly one pairing in the chooser"
            seen["pairing_label"] = marked.locator(".suggest-label").get_attribute("data-label")
            if shot:
                page.evaluate(FINISH)
                snap(page, path=str(SHOTS / shot))
            marked.click()
    page.wait_for_selector(f'html:not([data-move="{move}"])')
    return seen


def test_a_competition_hint_marks_its_pairing_and_following_the_marks_plays_the_hint(site, watch):
    """The deal of COMPETITION_SEED, then a random deal followed by its marks for its first round:
    every move the marks lead to is the hint's action, the pairing included; the marks say "hint"."""
    w = phone(watch, size=PHONE)
    page = w.page
    page.goto(site + f"play.html?game=hanamikoji&level=easy&pace=0&seed={COMPETITION_SEED}")
    page.wait_for_selector(HUMAN, timeout=90_000)
    seen = follow_the_hanamikoji_marks(page, shot="layout-hint-pairing-390x844.png")
    assert seen["chooser"] and seen["pairing_label"] == "hint", seen
    # Four cards chosen: the other markers say how many cards they take ("4/1" before).
    assert seen["counts"] == ["1 card", "2 cards", "3 cards", "4/4"], seen
    assert "better" not in seen["labels"] and seen["labels"] == ["hint"], seen
    page.wait_for_selector(HUMAN)
    save = stored_save(page, "hanamikoji")
    checked = hinted_and_played(save)
    assert checked and json.loads(checked[0][0])["type"] == "competition", checked
    assert all(hinted == played for hinted, played in checked), checked
    assert w.errors == []

    seed = random.randrange(2**53)
    w = phone(watch, size=PHONE)  # a fresh profile: no saved game to resume
    page = w.page
    page.goto(site + f"play.html?game=hanamikoji&level=easy&pace=0&seed={seed}")
    page.wait_for_selector(HUMAN, timeout=90_000)
    steps = 0
    while not page.locator('.hk[data-summary="open"]').count() and page.get_attribute("html", "data-turn") == "human":
        follow_the_hanamikoji_marks(page)
        steps += 1
        page.wait_for_selector(f'{HUMAN}, html[data-turn="over"], .hk[data-summary="open"]')
    checked = hinted_and_played(stored_save(page, "hanamikoji"))
    assert steps >= 4 and len(checked) == steps, (seed, steps, checked)
    assert all(hinted == played for hinted, played in checked), (seed, checked)
    assert w.errors == []


# Every text the toolbar's turn line can say (tests/test_layout_faults.py's own list: the page's and
# the game's prompts), with sample values for their placeholders.
PAGE_PROMPTS = ["play.your-turn", "play.thinking", "play.over", "play.stopped", "tab.short", "play.privacy.title"]
CUT_PROMPTS = """async ({ game, keys }) => {
  const base = new URL("./", location.href);
  const { messages } = await import(new URL(`games/${game}/messages.js`, base));
  const { CATALOGUES, fill } = await import(new URL("js/i18n.js", base));
  const line = document.querySelector("#turn");
  const cut = [];
  let count = 0;
  for (const lang of ["en", "de", "cs"]) {
    const own = messages[lang] ?? {};
    const wanted = [...keys, ...Object.keys(own).filter((k) => /\\.prompt(\\.|$)/.test(k))];
    for (const key of wanted) {
      const text = own[key] ?? CATALOGUES[lang][key];
      if (text == null) { cut.push(`${lang} ${key}: missing`); continue; }
      line.textContent = fill(text, { name: "Ana", n: 5 }, lang);
      count += 1;
      if (line.scrollHeight > line.clientHeight + 1) cut.push(`${lang} ${key}: "${line.textContent}"`);
    }
  }
  return { cut, count };
}"""


@pytest.mark.parametrize("game", ["hanamikoji", "koikoi", "hanabi"])
def test_the_toolbar_prompt_is_never_cut_on_a_phone(site, watch, game):
    """Every prompt of the page and the game, in every language, beside the toolbar's Menu, Hint and
    Take back on a phone upright and on its side: whole ("Sieh sie dir an, dan..." was cut)."""
    w = phone(watch)
    page = w.page
    page.goto(site + f"play.html?game={game}&level=easy&pace=0&seed={random.randrange(2**53)}")
    page.wait_for_selector(HUMAN, timeout=90_000)
    problems = []
    for size in (SMALL_PHONE, PHONE, LANDSCAPE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        seen = page.evaluate(CUT_PROMPTS, {"game": game, "keys": PAGE_PROMPTS})
        assert seen["count"] >= 3 * (len(PAGE_PROMPTS) + 3), seen  # the game's prompts were found
        problems += [f"{size[0]}x{size[1]} {c}" for c in seen["cut"]]
    assert not problems, "\n".join(problems)
    assert w.errors == []


# On the table while a hint shows, per game: what the decision needs in view (the hand, the table, the controls).
IN_VIEW = {
    "hanamikoji": [".hk-hand", ".hk-them", ".hk-field", ".hk-you .hk-marker", ".hk-offer:not([hidden]) button"],
    "koikoi": [".kk-hand", ".kk-hand-card:not([disabled])", ".kk-them .kk-captured", ".kk-field", ".kk-you .kk-captured"],
    "hanabi": [".hb-status", ".hb-mate .hb-slot", ".hb-clue-button:not([disabled])", ".hb-own-card", "#hb-play", "#hb-discard"],
}
WHOLE = """() => {
  const line = document.querySelector("#hint");
  const box = line.getBoundingClientRect();
  return { scroll: line.scrollHeight, client: line.clientHeight, overflow: getComputedStyle(line).overflowY,
           top: box.top, bottom: box.bottom, height: innerHeight, text: line.innerText };
}"""


@pytest.mark.parametrize("game", ["hanamikoji", "koikoi", "hanabi"])
def test_a_hint_is_whole_on_a_phone_in_every_language(site, watch, game):
    """At three decisions of a random deal, in English, German and Czech: the hint's box shows all its
    text (no third line cut, no hidden scroll) at 360x740, 390x844 and on its side, and the hand, the
    table and the decision's controls stay in view. Hanabi at five players, its tightest table."""
    w = phone(watch)
    page = w.page
    players = "&players=5" if game == "hanabi" else ""
    page.goto(site + f"play.html?game={game}&level=easy&pace=0&seed={random.randrange(2**53)}{players}")
    problems, lines = [], 0
    decision = 0
    while decision < 3:
        # (a random deal may end a round before the third decision: its summary is closed, and the next round goes on)
        page.wait_for_selector(f'{HUMAN}:not(:has([data-summary="open"])), [data-summary="open"], html[data-game-state="over"]',
                               timeout=90_000)
        if page.get_attribute("html", "data-game-state") == "over":
            break
        if page.locator('[data-summary="open"]').count():
            page.click("#hk-continue" if game == "hanamikoji" else "#kk-continue")
            page.wait_for_selector('[data-summary="open"]', state="detached")
            continue
        for lang in ("en", "de", "cs"):
            page.click(f'.lang-switch button[data-lang="{lang}"]')
            page.wait_for_selector(f'html[lang="{lang}"]')
            if decision == 0 and lang == "en" or page.get_attribute("html", "data-hint") != "shown":
                page.click("#hint-button")
                page.wait_for_selector('html[data-hint="shown"]')
            page.evaluate(FINISH)
            for size in (SMALL_PHONE, PHONE, LANDSCAPE):
                page.set_viewport_size({"width": size[0], "height": size[1]})
                settle(page)
                seen = page.evaluate(WHOLE)
                where = f"decision {decision} {lang} {size[0]}x{size[1]}"
                if seen["scroll"] > seen["client"] + 1 or seen["top"] < 0 or seen["bottom"] > seen["height"]:
                    problems.append(f"{where}: the hint is not whole: {seen}")
                problems += [f"{where}: {p}" for p in outside(page, IN_VIEW[game])]
                lines = max(lines, round(seen["client"] / 16))
            page.set_viewport_size({"width": SMALL_PHONE[0], "height": SMALL_PHONE[1]})
            settle(page)
            if decision == 0:
                snap(page, path=str(SHOTS / f"layout-hint-{game}-{lang}-360x740.png"))
        move = page.get_attribute("html", "data-move")
        decision += 1
        MOVES[game](page)
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    assert decision >= 1 and not problems, "\n".join(problems)
    assert w.errors == []


def summary_of_round(page, rounds: int) -> None:
    """Play (the drivers' first choices) until the summary of round `rounds` is open."""
    seen = 0
    while True:
        page.wait_for_selector(f'{HUMAN}, .hk[data-summary="open"]', timeout=90_000)
        if page.locator('.hk[data-summary="open"]').count():
            seen += 1
            if seen == rounds:
                return
            page.click("#hk-continue")
            continue
        move = page.get_attribute("html", "data-move")
        hanamikoji_move(page)
        page.wait_for_selector(f'html:not([data-move="{move}"])')


CONTINUE = """() => {
  const card = document.querySelector(".hk-summary-card");
  const go = document.querySelector("#hk-continue").getBoundingClientRect();
  const box = card.getBoundingClientRect();
  return { scroll: card.scrollHeight, client: card.clientHeight, go: [go.top, go.bottom], card: [box.top, box.bottom],
           height: innerHeight, secrets: document.querySelectorAll(".hk-summary-secrets .hk-flip").length,
           named: [...card.querySelectorAll(".hk-summary-secrets, .hk-summary-head")].map((e) => e.innerText) };
}"""


@pytest.mark.parametrize("lang", ["de", "cs"])
def test_the_hanamikoji_round_summary_keeps_continue_in_view_at_360x740(site, watch, lang):
    """Rounds 1 and 2 of a random deal at 360x740: the summary card needs no scrolling (its table,
    the totals and Continue fit the board), Continue lies wholly on the screen, the secrets are a
    row under the head that names the sides once, and the toolbar's prompt says what to do, whole."""
    w = phone(watch, lang)
    page = w.page
    page.goto(site + f"play.html?game=hanamikoji&level=easy&pace=0&seed={random.randrange(2**53)}")
    for rounds in (1, 2):
        summary_of_round(page, 1)
        page.evaluate(FINISH)
        settle(page)
        seen = page.evaluate(CONTINUE)
        assert seen["scroll"] <= seen["client"] + 1, seen  # nothing to scroll to
        assert 0 <= seen["go"][0] and seen["go"][1] <= min(seen["card"][1], seen["height"]), seen
        assert seen["secrets"] == 2 and not any(t.strip() in ("You", "Du", "Ty") for t in seen["named"][1:]), seen
        turn = page.locator("#turn")
        assert turn.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1"), turn.inner_text()
        snap(page, path=str(SHOTS / f"layout-summary-{lang}-round{rounds}-360x740.png"))
        if page.get_attribute("html", "data-turn") == "over":
            break  # the game ended with this round
        page.click("#hk-continue")
    assert w.errors == []


HANDS = {"hanamikoji": ".hk-hand", "koikoi": ".kk-hand", "hanabi": ".hb-own"}
OVERLAP = """([a, b]) => {
  const r = document.querySelector(a).getBoundingClientRect();
  return [...document.querySelectorAll(b)].filter((e) => e.getClientRects().length).map((e) => {
    const s = e.getBoundingClientRect();
    return Math.max(0, Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top)) * Math.max(0, Math.min(r.right, s.right) - Math.max(r.left, s.left));
  }).reduce((x, y) => x + y, 0);
}"""


@pytest.mark.parametrize("game", ["hanamikoji", "koikoi", "hanabi"])
def test_a_toast_never_covers_the_hand(site, watch, game):
    """The toast of a changed speed on a desktop (where it stood at the bottom, over the hand), on a
    small phone and on its side: it shares no pixel with the hand or the decision's buttons, and a
    tap goes through it."""
    w = watch(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = w.page
    page.goto(site + f"play.html?game={game}&level=easy&pace=0&seed={random.randrange(2**53)}")
    page.wait_for_selector(HUMAN, timeout=90_000)
    for size, speed in ((DESKTOP, "fast"), (SMALL_PHONE, "relaxed"), (LANDSCAPE, "normal")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        choose(page, "#speed", speed)
        page.keyboard.press("Escape")  # the folded menu closes, the toast stays
        assert page.locator("#toast").is_visible()
        settle(page)
        covered = page.evaluate(OVERLAP, ["#toast", f"{HANDS[game]}, .board button:not([disabled])"])
        assert covered == 0, f"{size}: the toast covers {covered:.0f} px² of the hand or its buttons"
        assert page.locator("#toast").evaluate("(e) => getComputedStyle(e).pointerEvents") == "none"
        if size == DESKTOP:
            snap(page, path=str(SHOTS / f"layout-toast-{game}-1280x800.png"))
    assert w.errors == []


CHOP = """() => [...document.querySelectorAll(".hb-mate .hb-chop, .hb-own .hb-key")].map((label) => {
  const slot = label.closest(".hb-slot");
  const face = slot.querySelector(".hb-card");
  const card = face.getBoundingClientRect();
  const box = label.getBoundingClientRect();
  const clue = label.closest(".hb-mate")?.querySelector(".hb-clue-button")?.getBoundingClientRect();
  const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  return { chop: label.classList.contains("hb-chop"), text: label.innerText || label.dataset.text,
           under: box.top >= card.bottom - 0.5, onTop: Boolean(hit) && !face.contains(hit) && slot.contains(hit),
           inside: box.left >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
           offClue: !clue || box.right <= clue.left || box.top >= clue.bottom || box.bottom <= clue.top };
})"""


@pytest.mark.parametrize("lang, players", [("de", 2), ("cs", 5)])
def test_hanabis_chop_label_lies_wholly_under_its_card(site, watch, lang, players):
    """At 360x740 (German, two players, where it was seen; Czech, five, its narrowest cards): each
    teammate's chop word and the own hand's numbers lie under their card, on top, whole on screen,
    clear of the Clue button."""
    w = phone(watch, lang)
    page = w.page
    page.goto(site + f"play.html?game=hanabi&level=easy&pace=0&players={players}&seed={random.randrange(2**53)}")
    page.wait_for_selector(HUMAN, timeout=90_000)
    settle(page)
    labels = page.evaluate(CHOP)
    chops = [l for l in labels if l["chop"]]
    assert len(chops) == players - 1 and len(labels) - len(chops) == (5 if players < 4 else 4), labels  # no clue given yet
    bad = [l for l in labels if not (l["under"] and l["onTop"] and l["inside"] and l["offClue"])]
    assert not bad, bad
    snap(page, path=str(SHOTS / f"layout-chop-{lang}-{players}p-360x740.png"))
    assert w.errors == []


def alike_deal() -> tuple[int, int]:
    """A random deal where the player moves first and holds a card that matches exactly two table
    cards that are alike (one month's plain cards): (seed, that hand card). The engine deals it."""
    rng = random.Random()
    for _ in range(4000):
        seed = rng.randrange(2**53)
        game = new_game("koikoi", seed=seed, options={})
        if game.current_player != 0:
            continue
        takes: dict[int, list[int]] = {}
        for action in game.legal_actions():
            if action["type"] == "play" and action.get("take") is not None:
                takes.setdefault(action["card"], []).append(action["take"])
        for card, options in takes.items():
            infos = [card_info(c) for c in options]
            if len(options) == 2 and infos[0]["kind"] == "chaff" and infos[0]["name"] == infos[1]["name"]:
                return seed, card
    raise AssertionError("no deal with two alike table cards in 4000 random seeds")


VISIBLE_TABLE = """() => [...document.querySelectorAll(".kk-field .kk-table-card")].filter((card) => {
  const r = card.getBoundingClientRect();
  const corners = [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4]];
  return corners.some(([x, y]) => { const hit = document.elementFromPoint(x, y); return !hit || !card.contains(hit); });
}).map((card) => card.querySelector(".kk-face")?.dataset.card)"""


def test_koikois_choice_between_two_alike_cards_leaves_the_table_in_view(site, watch):
    """A hand card that matches two alike plain cards, on a phone (German) and on its side: the choice
    is a strip under the table, every table card is wholly in sight (no panel over it, none cut
    off), the hand stays in view, and the strip's button takes one of the two."""
    seed, card = alike_deal()
    w = phone(watch, "de", size=PHONE)
    page = w.page
    page.goto(site + f"play.html?game=koikoi&level=easy&pace=0&seed={seed}")
    page.wait_for_selector(HUMAN, timeout=90_000)
    page.click(f'.kk-hand-card[data-card="{card}"]')
    page.wait_for_selector('.kk-choice[data-alike="true"]:not([hidden])')
    page.evaluate(FINISH)
    for size in (PHONE, SMALL_PHONE, LANDSCAPE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        assert page.evaluate(VISIBLE_TABLE) == [], (seed, size, "table cards covered or cut off")
        assert outside(page, [".kk-hand", ".kk-choice button", ".kk-field .kk-pick"]) == [], (seed, size)
        snap(page, path=str(SHOTS / f"layout-koikoi-alike-de-{size[0]}x{size[1]}.png"))
    assert "gleiche" in page.locator(".kk-choice-title").inner_text()
    move = page.get_attribute("html", "data-move")
    page.click('.kk-choice button[data-choice="a"]')
    page.wait_for_selector(f'html:not([data-move="{move}"])')
    assert page.locator(f'.kk-hand-card[data-card="{card}"]').count() == 0  # played, taking one of the two
    assert w.errors == []
