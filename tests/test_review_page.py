"""The review after a game, in the browser (issue 26): a Hanamikoji match played through the UI,
then Review from the end screen (or the replay's bar): the chart and the marks grow while the
engine checks one decision at a time, a costly move selected shows the board as it was with the
better move drawn on it and one sentence why; Escape leaves it; in the replay a line of the log
goes to its move. Screenshots of the review at 390x844, 360x740 and 1280x800 go to test-results/.

The test plays like tests/test_site_hanamikoji.py's driver (the first cards for the first unused
marker, the first offer), which the coach finds costly: over 30 seeds of the easy AI every game
had at least two inaccuracies, mistakes or blunders.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from drivers import new_game, open_kept
from language_check import assert_no_english
from test_a11y import Audit
from test_site_hanamikoji import play_match
from viewport import snap

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
GAME = "play.html?game=hanamikoji&level=easy&pace=0"

# Every change of the progress mark, with how many chart points and marks were drawn at that moment.
WATCH_PROGRESS = """() => {
  window.reviewSeen = [];
  new MutationObserver(() => {
    const checked = document.documentElement.dataset.reviewChecked;
    if (checked) window.reviewSeen.push({ checked, points: document.querySelectorAll(".review-point").length,
      marks: document.querySelectorAll(".review-costly .review-pick").length });
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-review-checked"] });
}"""


def finish_a_match(w, size, locale="en-US"):
    page = w.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(w.site + GAME)
    page.wait_for_selector('html[data-game-state="playing"]', timeout=120_000)
    play_match(page)
    page.wait_for_selector("dialog#result[open]", timeout=60_000)
    return page


def labels(page) -> list[str]:
    """The suggestion labels on the board (drawn by CSS from data-label)."""
    return [n.get_attribute("data-label") for n in page.locator(".hk .suggest-label").all()]


def shot(page, name):
    """A picture of the review for a person to look at (test-results/), its entrance animations finished."""
    page.evaluate("document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())")
    SHOTS.mkdir(exist_ok=True)
    snap(page, path=str(SHOTS / f"review-{name}.png"))


def test_review_after_a_match_on_a_phone_and_the_replay_log(site, watch):
    w = watch()
    w.site = site
    # A match on a random deal can be over in one short round with no costly move of the player's
    # to mark (seen once in six decisions): this test is about the marks, so such a match is played
    # again on a new deal, at most three times.
    for attempt in range(3):
        page = finish_a_match(w, (390, 844))
        assert page.locator("#review-open").is_visible()  # Hanamikoji has a coach
        page.evaluate(WATCH_PROGRESS)
        page.click("#review-open")
        page.wait_for_selector('html[data-review="checking"], html[data-review="done"]')
        assert page.locator("dialog#result[open]").count() == 0
        assert page.evaluate("document.activeElement.id") == "review-title"  # the focus went to the review
        page.wait_for_selector('html[data-review="done"]', timeout=120_000)
        if page.locator(".review-costly .review-pick").count() or attempt == 2:
            break
        page.evaluate("() => localStorage.removeItem('cardgarden.save.hanamikoji')")  # a new deal next
    done, total = map(int, page.get_attribute("html", "data-review-checked").split("/"))
    assert done == total >= 2
    assert page.locator("#review-progress").get_attribute("aria-live") == "polite"
    assert "moves are checked" in page.locator("#review-progress").inner_text()
    # The chart and its text alternative: a point per decision, a row per decision.
    assert page.locator(".review-chart svg[role=img][aria-label]").count() == 1
    assert page.locator(".review-point").count() == total
    assert page.locator(".review-table tbody tr:not(.review-swing-row)").count() == total  # (and a row per swing)
    # The first points and marks were drawn before the last decision was checked.
    seen = page.evaluate("window.reviewSeen")
    early = [s for s in seen if int(s["checked"].split("/")[0]) < total]
    assert any(s["points"] == int(s["checked"].split("/")[0]) > 0 for s in early), seen
    assert any(s["marks"] > 0 for s in early) or seen[-1]["marks"] > 0, seen
    marks = page.locator(".review-costly .review-pick")
    assert marks.count() >= 1 and marks.count() == page.locator(".review-chart .review-mark").count()
    assert all(s in ("?!", "?", "??") for s in page.locator(".review-chart .review-sign").all_text_contents())
    shot(page, "390x844-chart")

    # A costly move: the board as it was then, the better move drawn, one sentence why.
    final_log = page.locator("#log li").count()
    mark = marks.first
    move = mark.get_attribute("data-move")
    mark.click()
    page.wait_for_selector(f'html[data-review-move="{move}"]')
    assert page.evaluate("document.activeElement.id") == "review-detail-title"
    assert page.locator("#log li").count() < final_log  # the log of that moment, not of the end
    assert mark.get_attribute("aria-pressed") == "true"
    assert page.locator(f'.review-chart .review-point[data-move="{move}"].is-selected').count() == 1
    assert page.locator(".hk .is-suggested").count() >= 1
    assert labels(page) == ["better"]
    detail = page.locator("#review-detail")
    assert f"Move {int(move) + 1}:" in detail.locator("h2").inner_text()
    assert "You played:" in detail.inner_text() and "Better (marked):" in detail.inner_text()
    why = detail.locator(".review-why").inner_text()
    assert why and "strongest search" not in why  # Hanamikoji's own words, not the plain fallback
    box = page.locator(".hk .is-suggested").first.bounding_box()
    assert box and box["width"] > 0
    shot(page, "390x844-move")

    # The language changes under the review: the same move, the same mark, in German.
    page.click('.lang-switch [data-lang="de"]')
    page.wait_for_selector('.hk .suggest-label[data-label="besser"]')
    assert page.get_attribute("html", "data-review-move") == move
    assert "Du hast gespielt:" in detail.inner_text() and "Deine Gewinnchance" in page.locator(".review-chart-title").inner_text()
    # And in Czech: not a word of English in the review, its chart, its verdicts and the move's sentence.
    page.click('.lang-switch [data-lang="cs"]')
    page.wait_for_selector('html[lang="cs"] .hk .suggest-label:not([data-label="besser"])')
    assert page.get_attribute("html", "data-review-move") == move
    assert_no_english(page, "the review")
    shot(page, "390x844-move-cs")
    page.click('.lang-switch [data-lang="en"]')
    page.wait_for_selector('.hk .suggest-label[data-label="better"]')

    # A point of the chart, by pointer (a tap on a phone): another costly move.
    if marks.count() > 1:
        other = marks.nth(1).get_attribute("data-move")
        page.locator(f'.review-chart .review-point[data-move="{other}"] .review-hit').click()
        page.wait_for_selector(f'html[data-review-move="{other}"]')
        page.locator(f'.review-costly .review-pick[data-move="{move}"]').click()
        page.wait_for_selector(f'html[data-review-move="{move}"]')

    # The keyboard: the arrows step through the decisions; Escape leaves, back to the end screen.
    last = page.locator(".review-chart .review-point").last.get_attribute("data-move")
    page.keyboard.press("ArrowLeft" if move == last else "ArrowRight")  # the last decision has no next one
    page.wait_for_selector(f'html:not([data-review-move="{move}"])')
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#result[open]")
    assert page.get_attribute("html", "data-review") is None
    assert page.locator(".is-suggested").count() == 0
    assert page.evaluate("document.activeElement.id") == "review-open"
    assert page.locator("#log li").count() == final_log

    # The replay: a line of the log goes to its move.
    page.click("#replay-open")
    page.wait_for_selector('html[data-replay-move="0"]')
    assert page.locator("#replay-review").is_visible()
    page.click("#replay-last")
    end = page.get_attribute("html", "data-move")
    page.wait_for_selector(f'html[data-replay-move="{end}"]')
    line = page.locator("#log .log-jump").nth(3)
    target = line.get_attribute("data-move")
    assert target != end
    line.click()
    page.wait_for_selector(f'html[data-replay-move="{target}"]')
    assert page.locator("#replay-position .replay-position-long").text_content() == f"Move {target} of {end}"  # (a phone shows "N/M")
    assert page.locator("#replay-position").inner_text() == f"{target}/{end}"
    assert page.locator('#log li[aria-current="step"] .log-jump').count() >= 1

    # From the replay's bar into the review again; a new game ends it (and its work) at once.
    page.click("#replay-review")
    page.wait_for_selector("html[data-review]")
    assert page.get_attribute("html", "data-replay") is None
    new_game(page)
    page.wait_for_selector('html[data-game-state="playing"]:not([data-review])')
    assert page.locator("#review").is_hidden() and page.locator("#review-detail").is_hidden()
    assert page.locator(".is-suggested").count() == 0
    assert w.errors == []


def test_review_in_german_from_the_replay_on_a_desktop_and_a_small_phone(site, watch):
    audit = Audit(watch, site, locale="de-DE")  # axe-core: no serious finding in the review
    w = audit.w
    w.site = site
    page = finish_a_match(w, (1280, 800))
    page.click("#replay-open")
    page.wait_for_selector('html[data-replay-move="0"]')
    page.click("#replay-review")
    page.wait_for_selector('html[data-review="done"]', timeout=120_000)
    assert page.get_attribute("html", "data-replay") is None  # the review took the replay's place
    assert "Deine Gewinnchance" in page.locator(".review-chart-title").inner_text()
    # From the keyboard: the first costly move's button (or, when the deal left no costly move, the
    # table's first move with a better one), then Enter.
    mark = page.locator(".review-costly .review-pick").first
    if not page.locator(".review-costly .review-pick").count():
        page.click(".review-all > summary")
        mark = page.locator('.review-table .review-pick:not([data-verdict="best"])').first
    move = mark.get_attribute("data-move")
    mark.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f'html[data-review-move="{move}"]')
    assert labels(page) == ["besser"]
    assert "Besser (markiert):" in page.locator("#review-detail").inner_text()
    # On a wide screen the board keeps its place: the hand stays in view beside the review.
    hand = page.locator(".hk-hand").bounding_box()
    assert hand["y"] + hand["height"] <= 800
    shot(page, "1280x800-de")
    audit.check("review, a move on show")
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator("#review-detail").scroll_into_view_if_needed()
    page.evaluate("() => document.getElementById('review-detail').scrollIntoView({ block: 'start' })")
    shot(page, "360x740-de")
    # All moves as a table: each a button; a move played best says so.
    if not page.locator(".review-all[open]").count():
        page.click(".review-all > summary")
    rows = page.locator(".review-table tbody tr:not(.review-swing-row)")
    assert rows.count() == int(page.get_attribute("html", "data-review-checked").split("/")[1])
    audit.check("review on a small phone, every move in its table")
    page.click("#review-close")
    page.wait_for_selector("dialog#result[open]")
    audit.done()


# Each board draws a view the engine made (the person's seat) and marks a suggested action on it.
SUGGEST = """async ({ game, view, action, other }) => {
  const i18n = await import("./js/i18n.js");
  const board = await import(`./games/${game}/board.js`);
  i18n.addMessages(board.messages);
  const root = document.createElement("section");
  root.className = "board";
  document.body.append(root);
  const b = board.createBoard(root, { act() {}, t: i18n.t, signal: new AbortController().signal });
  const seen = () => ({ marked: root.querySelectorAll(".is-suggested").length,
    labels: [...root.querySelectorAll(".suggest-label")].map((l) => l.dataset.label),
    classes: [...root.querySelectorAll(".is-suggested")].map((n) => n.className.split(" ")[0]) });
  b.render(view, null);
  b.suggest(action);
  const out = { drawn: seen() };
  b.render(view, null); // the same moment drawn again (the language changed): the mark stays
  out.again = seen();
  b.suggest(null);
  out.cleared = seen();
  b.suggest(action);
  b.render(other, null); // another move: the mark goes
  out.other = seen();
  root.remove();
  return out;
}"""


def engine_view(game: str, seed: int, moves: int = 0) -> tuple[dict, dict, dict]:
    """The person's view at their first decision after `moves` moves (bots playing the rest), an
    action of theirs worth marking, and the view of the next decision."""
    import pygame_core
    from pygame_core.session import Session

    session = Session.seated(pygame_core.new_game(game, seed=seed), ["human", "easy"])
    while session.game.current_player != 0 or session.game.move_number < moves:
        if session.game.current_player == 0:
            session.play(0, session.game.legal_actions()[0])
        else:
            session.play_bot(0)
    view = session.view("s1")
    legal = view["observation"]["legal_actions"]
    action = {"hanamikoji": lambda: next(a for a in legal if a["type"] == "gift"),
              "koikoi": lambda: next((a for a in legal if a.get("take") is not None), legal[-1]),
              "hanabi": lambda: next(a for a in legal if a["type"] == "clue")}[game]()
    session.play(0, action)
    while session.game.current_player != 0 and not session.game.is_over:
        session.play_bot(0)
    return view, action, session.view("s1")


def test_every_board_marks_a_suggested_action_and_only_reviewable_games_offer_review(site, watch):
    from pygame_core.coach import REVIEWED_GAMES

    w = watch()
    w.page.goto(site + "play.html?game=hanabi&pace=0")
    w.page.wait_for_selector('html[data-game-state="playing"]', timeout=120_000)
    offered = "hanabi" in REVIEWED_GAMES  # as the engine's list_games says
    for way_in in ("#review-open", "#replay-review"):
        assert (w.page.get_attribute(way_in, "hidden") is None) == offered, way_in
    for game, seed, least in (("hanamikoji", 4, 4), ("koikoi", 2, 1), ("hanabi", 3, 2)):
        view, action, other = engine_view(game, seed)
        got = w.page.evaluate(SUGGEST, {"game": game, "view": view, "action": action, "other": other})
        assert got["drawn"]["marked"] >= least, (game, action, got)
        assert len(got["drawn"]["labels"]) == 1 and got["drawn"]["labels"][0].startswith("better"), got
        assert got["again"] == got["drawn"], got
        assert got["cleared"]["marked"] == 0 and got["cleared"]["labels"] == [], got
        assert got["other"]["marked"] == 0, got
    assert w.errors == []


def test_a_refused_check_stops_the_review_and_engine_trouble_leaves_it(site, watch):
    """The engine refuses the third check: the review says it stopped and keeps what it found;
    opened again, it starts over, and when the engine fails under it
    (an error in Python) the review gives way to the engine's notice, the game kept."""
    from test_faults import Faulty

    f = Faulty(watch, site, [{"cmd": "review", "kind": "refuse", "code": "bad_request", "after": 2},
                             {"cmd": "review", "kind": "raise", "after": 4}])
    w = f.w
    w.site = site
    page = finish_a_match(w, (390, 844))
    page.click("#review-open")
    page.wait_for_selector('html[data-review="failed"]')
    assert page.get_attribute("html", "data-review-checked").startswith("2/")
    assert page.locator(".review-point").count() == 2
    assert "could not check your move" in page.locator("#review-progress").inner_text()
    page.click("#review-close")
    page.wait_for_selector("dialog#result[open]")
    page.click("#review-open")
    page.wait_for_selector('html[data-trouble="internal"]')
    assert page.get_attribute("html", "data-review") is None and page.locator("#review").is_hidden()
    assert page.locator("#notice-trouble").is_visible()
    w.errors.clear()  # the injected engine error is logged by the page, as it should be


def test_a_koikoi_match_is_reviewed_too(site, watch):
    """Koi-Koi's coach (its coach.js words the reasons, no actions): a three-round match through the
    UI, reviewed; a move selected shows its moment with the better play marked, what was played
    in the log's own words, and why."""
    from pygame_core.coach import REVIEWED_GAMES

    from drivers import koikoi_move

    if "koikoi" not in REVIEWED_GAMES:
        return
    w = watch(viewport={"width": 390, "height": 844})
    page = w.page
    page.goto(site + "play.html?game=koikoi&level=easy&pace=0&rounds=3")
    page.wait_for_selector('html[data-game-state="playing"]', timeout=120_000)
    for _ in range(400):
        page.wait_for_selector('html[data-turn="human"], .kk[data-summary="open"], dialog#result[open]', timeout=60_000)
        if page.locator("dialog#result[open]").count():
            break
        move = page.get_attribute("html", "data-move")
        summary = page.locator('.kk[data-summary="open"]').count()
        koikoi_move(page)
        # The board may still be showing the computer's yaku when the turn comes: a move that did
        # not go through is simply made again on the next pass, as a player would tap again.
        done = '.kk:not([data-summary="open"]), dialog#result[open]' if summary else f'html:not([data-move="{move}"])'
        try:
            page.wait_for_selector(done, timeout=15_000)
        except PlaywrightTimeout:
            continue
    page.wait_for_selector("dialog#result[open]")
    page.click("#review-open")
    page.wait_for_selector('html[data-review="done"]', timeout=120_000)
    page.click(".review-all > summary")
    pick = page.locator(".review-table .review-pick").first
    move = pick.get_attribute("data-move")
    pick.click()
    page.wait_for_selector(f'html[data-review-move="{move}"]')
    assert page.locator(".kk .is-suggested").count() >= 1
    detail = page.locator("#review-detail")
    assert detail.locator(".review-played").inner_text().startswith("You ")  # the log's line of the move
    assert detail.locator(".review-why").inner_text()
    shot(page, "koikoi-390x844")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#result[open]")
    assert w.errors == []


def finished_hanabi_record(seed: int = 11) -> dict:
    """A two-player Hanabi game played to its end through the bridge (seat 0 the person, played
    by the easy AI; the teammate easy), as the page's `save` gives it for js/finished.js."""
    import pygame_core
    from engine_helpers import kept_record, play_to_the_end

    me = pygame_core.new_bot("hanabi", level="easy", seed=seed)
    return kept_record(play_to_the_end("hanabi", seed, options={"players": 2}, person=me)["session"])


def test_a_kept_hanabi_game_is_reviewed_from_the_start_page(site, watch):
    """Hanabi's coach in points: a finished two-player game kept on the device (js/finished.js)
    opens by the address the start page's recent games link to; its review draws the chart of
    the expected score and its marks, and a move selected shows its moment with the better move
    marked, both moves named, and why."""
    w = watch(viewport={"width": 390, "height": 844})
    page = w.page
    open_kept(page, site, "hanabi", finished_hanabi_record())
    page.click("#review-open")
    page.wait_for_selector('html[data-review="done"]', timeout=180_000)
    done, total = map(int, page.get_attribute("html", "data-review-checked").split("/"))
    assert done == total >= 10
    assert page.locator(".review-chart svg[role=img][aria-label]").count() == 1
    assert page.locator(".review-point").count() == total
    assert "score" in page.locator(".review-chart-title").inner_text().lower()
    marks = page.locator(".review-costly .review-pick")
    pick = marks.first if marks.count() else page.locator(".review-table .review-pick").first
    if not marks.count():
        page.click(".review-all > summary")
    move = pick.get_attribute("data-move")
    pick.click()
    page.wait_for_selector(f'html[data-review-move="{move}"]')
    assert page.locator(".hb .is-suggested").count() >= 1
    detail = page.locator("#review-detail")
    assert detail.locator(".review-played").inner_text().startswith("You played: ")  # coach.js names it
    if page.get_attribute("#review-detail", "data-verdict") != "best":
        assert detail.locator(".review-better").inner_text().startswith("Better (marked): ")
    assert detail.locator(".review-why").inner_text()
    shot(page, "hanabi-390x844")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#result[open]")
    assert w.errors == []
