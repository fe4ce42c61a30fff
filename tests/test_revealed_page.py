"""After the end, the page shows every hidden card (issue 40), in the browser: a finished game kept
on the device (js/finished.js) opens by the address the start page's recent games link to; its
replay draws the cards hidden at each move face up and marked as revealed (Hanamikoji's hand,
secret, trade-off and removed card of the other side; Koi-Koi's computer hand; Hanabi's own hand),
and so does the review's board of a decision. The end screen's own board, the game as it ended,
stays as it was played. Screenshots of each replay at 390x844 and 1280x800 (Hanamikoji's also in
German at 360x740) go to test-results/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pygame_core
from drivers import open_kept
from engine_helpers import kept_record, play_to_the_end
from test_a11y import Audit
from viewport import outside, settle, snap

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
BOOT_MS = 120_000
SEED = 6_004_808_525_318_417  # a deal from the upper part of the range


def finished_record(game: str, options: dict, seed: int) -> dict:
    """A game played to its end through the bridge (seat 0 the person, a random legal move each
    time; the computer easy), as the page's `save` gives it for js/finished.js."""
    return kept_record(play_to_the_end(game, seed, options=options)["session"])


def revealed_at(record: dict) -> list[dict]:
    """What the engine reveals to the person after each move of the kept game (index = move)."""
    save = record["save"]
    game = pygame_core.new_game(save["game"], seed=save["seed"], options=save["options"])
    out = [game.revealed(0)]
    for action in save["actions"]:
        game.apply(action)
        out.append(game.revealed(0))
    return out


def replay_to(page, move: int) -> None:
    page.evaluate("""(move) => { const s = document.getElementById("replay-slider");
      s.value = String(move); s.dispatchEvent(new Event("input")); }""", move)
    page.wait_for_selector(f'html[data-replay-move="{move}"]')


# What each board draws of the revealed cards, read back as the engine's `revealed` says them.
SHOWN = {
    "hanamikoji": """() => {
      const g = (n) => Number(n.dataset.geisha);
      const them = (where) => [...document.querySelectorAll(`.hk-them ${where} .hk-shown`)].map(g);
      const removed = document.querySelector(".hk-middle .hk-shown");
      return { opponent: { hand: them(".hk-shown-hand"), secret: them(".hk-shown-secret")[0] ?? null,
        tradeoff: them(".hk-shown-tradeoff") }, removed: removed ? g(removed) : null,
        labels: [...document.querySelectorAll(".hk .hk-shown")].map((n) => n.getAttribute("aria-label")) };
    }""",
    "koikoi": """() => ({ opponent: { hand: [...document.querySelectorAll(".kk-them .kk-revealed .kk-face")]
        .map((n) => Number(n.dataset.card)) },
      labels: [...document.querySelectorAll(".kk-them .kk-revealed .kk-face")].map((n) => n.getAttribute("aria-label")) })""",
    "hanabi": """() => ({ hand: [...document.querySelectorAll(".hb-you .hb-own-card")].map((b) => {
        const face = b.querySelector(".hb-face.hb-shown");
        return face ? { colour: face.dataset.colour, rank: Number(face.dataset.rank) } : null; }),
      labels: [...document.querySelectorAll(".hb-you .hb-own-card")].map((n) => n.getAttribute("aria-label")) })""",
}
ANY_SHOWN = ".hk-shown, .kk-revealed, .hb-shown, .hb-revealed-tag"


def expected(game: str, revealed: dict) -> dict:
    if game == "hanabi":
        return {"hand": [{"colour": c["colour"], "rank": c["rank"]} for c in revealed["hand"]]}
    return {k: v for k, v in revealed.items()}


def assert_drawn(page, game: str, revealed: dict) -> None:
    drawn = page.evaluate(SHOWN[game])
    labels = drawn.pop("labels")
    assert drawn == expected(game, revealed), (drawn, revealed)
    assert labels and all("revealed" in label for label in labels), labels


def pick_move(game: str, shown: list[dict]) -> int:
    """A move worth showing: Hanamikoji with the most of the other side's hidden places filled
    (secret and trade-off face down, cards in hand; each happens in every round); Koi-Koi with
    cards in the computer's hand after a few moves; Hanabi mid-game."""
    if game == "hanamikoji":
        def filled(r: dict) -> int:
            o = r["opponent"]
            return 2 * (o["secret"] is not None) + 2 * bool(o["tradeoff"]) + bool(o["hand"])
        move = max(range(len(shown)), key=lambda m: filled(shown[m]))  # the first of the fullest
        assert filled(shown[move]) >= 4, shown[move]
        return move
    if game == "koikoi":
        return next(m for m, r in enumerate(shown) if m >= 4 and len(r["opponent"]["hand"]) >= 5)
    return len(shown) // 2


GAMES = [("hanamikoji", {}), ("koikoi", {"rounds": 3}), ("hanabi", {"players": 3})]


def test_the_replay_and_the_review_show_the_hidden_cards_once_over(site, watch):
    audit = Audit(watch, site, viewport={"width": 390, "height": 844})  # axe-core: no serious finding
    page = audit.page
    SHOTS.mkdir(exist_ok=True)
    for game, options in GAMES:
        record = finished_record(game, options, SEED)
        shown = revealed_at(record)
        open_kept(page, site, game, record)
        assert page.locator(ANY_SHOWN).count() == 0  # the game as it ended: nothing turned over
        page.click("#replay-open")
        page.wait_for_selector('html[data-replay-move="0"]')
        assert_drawn(page, game, shown[0])
        page.evaluate("document.getAnimations().forEach((a) => a.finish())")
        snap(page, path=str(SHOTS / f"revealed-{game}-start-390x844.png"))
        move = pick_move(game, shown)
        replay_to(page, move)
        assert_drawn(page, game, shown[move])
        # Readable and on the screen: the revealed cards, the player's hand and the replay's bar.
        hand = {"hanamikoji": ".hk-hand", "koikoi": ".kk-you .kk-hand", "hanabi": ".hb-own"}[game]
        settle(page)
        page.evaluate("document.getAnimations().forEach((a) => a.finish())")
        snap(page, path=str(SHOTS / f"revealed-{game}-390x844.png"))
        assert outside(page, [hand, "#replay-bar"]) == []
        audit.check(f"{game}-replay")
        page.set_viewport_size({"width": 1280, "height": 800})
        settle(page)
        snap(page, path=str(SHOTS / f"revealed-{game}-1280x800.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        # Leaving the replay draws the game as it ended again: nothing revealed.
        page.click("#replay-close")
        page.wait_for_selector("dialog#result[open]")
        assert page.locator(ANY_SHOWN).count() == 0
        # The review's board of a decision shows them too (the first decision checked).
        page.click("#review-open")
        page.wait_for_selector(".review-table .review-pick", state="attached", timeout=120_000)
        page.click(".review-all > summary")
        pick = page.locator(".review-table .review-pick").first
        decision = int(pick.get_attribute("data-move"))
        pick.click()
        page.wait_for_selector(f'html[data-review-move="{decision}"]')
        assert_drawn(page, game, shown[decision])
        audit.check(f"{game}-review")
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog#result[open]")
        assert page.locator(ANY_SHOWN).count() == 0
    audit.done()


def test_hanamikoji_revealed_in_german_on_a_small_phone(site, watch):
    audit = Audit(watch, site, locale="de-DE", viewport={"width": 360, "height": 740})
    page = audit.page
    record = finished_record("hanamikoji", {}, SEED)
    shown = revealed_at(record)
    open_kept(page, site, "hanamikoji", record)
    page.click("#replay-open")
    move = pick_move("hanamikoji", shown)
    replay_to(page, move)
    assert page.locator(".hk-them .hk-shown-tag").inner_text() == "Aufgedeckt"
    labels = page.locator(".hk-them .hk-shown-row .hk-slot-label").all_inner_texts()
    assert "Geheimnis" in labels and "Ablage" in labels and ("Hand" in labels) == bool(shown[move]["opponent"]["hand"])
    assert page.locator(".hk-middle .hk-shown-removed").is_visible()
    assert all("aufgedeckt" in n.get_attribute("aria-label") for n in page.locator(".hk .hk-shown").all())
    settle(page)
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    snap(page, path=str(SHOTS / "revealed-hanamikoji-de-360x740.png"))
    # The revealed cards and the replay's bar in view. (The hand itself is not: at 360x740 the bar's
    # three rows, the two-line last move and the revealed row's own line leave it partly below.)
    assert outside(page, [".hk-shown-row", ".hk-shown-removed", "#replay-bar"]) == []
    audit.check("hanamikoji-replay-de")
    audit.done()
