"""Nothing lost: the running game survives a reload; damaged saves are refused cleanly; the ranking."""

from __future__ import annotations

import json

from drivers import take_a_turn

BOOT_MS = 90_000
KEY = "cardgarden.save.hanamikoji"


def open_game(w, site, query="&pace=50"):
    w.page.goto(site + "play.html?game=hanamikoji" + query)


def board_state(page) -> dict:
    return {
        "move": page.get_attribute("html", "data-move"),
        "log": page.locator("#log li").all_inner_texts(),
        "hand": [c.get_attribute("data-geisha") for c in page.locator(".hk-card").all()],
    }


def test_a_reload_mid_game_resumes_exactly_where_it_was(site, watch):
    w = watch()
    open_game(w, site)
    for _ in range(3):
        take_a_turn(w.page)
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    before = board_state(w.page)
    stored = json.loads(w.page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert stored["format"] == 1 and stored["move"] == int(before["move"])
    w.page.reload()
    w.page.wait_for_selector("dialog#resume[open]", timeout=BOOT_MS)
    assert "after move" in w.page.locator("#resume-text").inner_text()
    w.page.click("#resume-continue")
    w.page.wait_for_selector(f'html[data-game-state="playing"][data-move="{before["move"]}"]')
    w.page.wait_for_selector('html[data-turn="human"]')
    assert board_state(w.page) == before
    # The computer's reasons are in the log again (they come back with the save).
    assert any(" — " in line for line in before["log"] if line.startswith("The computer"))
    # Playing on from the restored game works.
    take_a_turn(w.page)
    assert w.errors == []


def test_an_untouched_game_comes_back_without_asking_and_declining_a_played_one_starts_fresh(site, watch):
    w = watch()
    # A crafted margin once overflowed the browser's timer (3e9 ms): every engine call timed out at once.
    open_game(w, site, "&pace=50&margin=3000000000")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=BOOT_MS)
    untouched = board_state(w.page)
    # Nobody made a move: a reload brings the same deal back without asking "Continue ... after move 0?".
    w.page.reload()
    w.page.wait_for_selector(f'html[data-game-state="playing"][data-move="{untouched["move"]}"]', timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-turn="human"]')
    assert w.page.locator("dialog#resume[open]").count() == 0
    assert board_state(w.page) == untouched
    take_a_turn(w.page)
    w.page.wait_for_selector('html[data-turn="human"]')
    w.page.reload()
    w.page.wait_for_selector("dialog#resume[open]", timeout=BOOT_MS)
    w.page.click("#resume-new")
    w.page.wait_for_selector('html[data-game-state="playing"]')
    assert int(w.page.get_attribute("html", "data-move")) <= 2  # a new deal (the AI may have opened)


def a_real_save(w, site) -> dict:
    open_game(w, site)
    take_a_turn(w.page)
    w.page.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    return json.loads(w.page.evaluate(f"localStorage.getItem('{KEY}')"))


DAMAGES = [  # name, how the stored save is damaged, the reason the page gives, whether a reload shows it
    ("truncated", lambda s: json.dumps(s)[: len(json.dumps(s)) // 2], "corrupt", True),
    ("older-format", lambda s: json.dumps({**s, "format": 0}), "older", True),
    ("newer-format", lambda s: json.dumps({**s, "format": 2}), "newer", True),
    ("bool-format", lambda s: json.dumps({**s, "format": True}), "corrupt", False),
    ("other-game", lambda s: json.dumps({**s, "game": "koikoi"}), "other-game", False),
    ("other-game-inside", lambda s: json.dumps({**s, "save": {**s["save"], "game": "koikoi"}}), "engine", False),
    ("tampered-moves", lambda s: json.dumps({**s, "save": {**s["save"], "actions": s["save"]["actions"][:-1]}}), "engine",
     True),
    ("tampered-seed", lambda s: json.dumps({**s, "save": {**s["save"], "seed": s["save"]["seed"] + 1}}), "engine", False),
    ("bad-level", lambda s: json.dumps({**s, "level": "godlike"}), "corrupt", False),
    ("wrong-type", lambda s: "[]", "corrupt", False),
    # refused by the engine with another code than bad_save: set aside all the same, never "engine trouble"
    # (a save names its table by `seats`, so these damage the seats and their notes)
    ("seats-out-of-range", lambda s: json.dumps({**s, "seats": ["human", "easy", "easy"]}), "engine", True),  # bad_request
    ("too-large", lambda s: json.dumps({**s, "seat_notes": [["x" * 1_000_000], None]}), "engine", True),  # bad_json
]

# The page's own check of a stored save (js/saves.js), as a reload runs it, without the reload.
SLOT_CHECK = """async ([key, value]) => {
  const { saveSlot } = await import(new URL("js/saves.js", location.href).href);
  localStorage.setItem(key, value);
  const slot = saveSlot("hanamikoji");
  const result = slot.load();
  const copy = slot.refusedCopy();
  slot.forgetRefused();
  return { refused: result.refused ?? null, copy: copy && { text: copy.text, reason: copy.reason } };
}"""


def test_a_damaged_save_is_set_aside_with_a_notice_and_a_copy(site, watch):
    """Each kind of damage: those a reload shows go through the whole path (a reload, the notice,
    the copy downloaded, then forgotten); the rest are refused by the page's own check of the
    stored save (js/saves.js, in the page, without a reload) or by the engine's `load`, the code
    path a reload takes after that check."""
    from engine_helpers import ask

    w = watch()
    save = a_real_save(w, site)
    for name, damage, refused, reload in DAMAGES:
        damaged = damage(save)
        if not reload:
            got = w.page.evaluate(SLOT_CHECK, [KEY, damaged])
            if refused == "engine":  # shape fine: the page hands it to the engine, which refuses it
                assert got == {"refused": None, "copy": None}, name
                value = json.loads(damaged)
                reply = ask({"cmd": "load", **{k: value[k] for k in ("save", "game", "human", "level", "notes")}})
                assert not reply["ok"] and reply["error"]["code"] in ("bad_save", "bad_request"), (name, reply)
            else:
                assert got == {"refused": refused, "copy": {"text": damaged, "reason": refused}}, name
            continue
        w.page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, damaged])
        w.page.reload()
        w.page.wait_for_selector('dialog#resume[open], html[data-save-refused]', timeout=BOOT_MS)
        if w.page.locator("dialog#resume[open]").count():  # shape fine, content damaged: found on loading
            w.page.click("#resume-continue")
        w.page.wait_for_selector(f'html[data-save-refused="{refused}"]')
        w.page.wait_for_selector('html[data-game-state="playing"]')
        notice = w.page.locator("#notice-save-refused").inner_text()
        assert "new game has started" in notice and "copy" in notice, name
        assert ("older version" in notice) == (refused == "older"), name
        assert ("newer version" in notice) == (refused == "newer"), name
        # The refused save is kept, byte for byte, and the player can download it.
        kept = json.loads(w.page.evaluate(f"localStorage.getItem('{KEY}.refused')"))
        assert kept["text"] == damaged and kept["reason"] == refused, name
        with w.page.expect_download() as download:
            w.page.click("#refused-download")
        assert open(download.value.path()).read() == damaged, name
        # Only the player's word deletes the copy.
        w.page.click("#refused-forget")
        assert w.page.evaluate(f"localStorage.getItem('{KEY}.refused')") is None
        assert w.page.locator("#notice-save-refused").count() == 0
    assert [e for e in w.errors if "Failed to load resource" not in e] == []


def test_the_ranking_lists_results_and_can_be_cleared(site, watch):
    w = watch()
    w.page.goto(site)
    assert w.page.locator(".ranking-empty").is_visible()
    results = [
        {"game": "hanamikoji", "level": "hard", "outcome": "win", "points": 84, "scores": [12, 5], "at": "2026-11-30T10:00:00Z"},
        {"game": "hanamikoji", "level": "hard", "outcome": "loss", "points": 10, "scores": [3, 11], "at": "2026-11-30T11:00:00Z"},
        {"game": "hanamikoji", "outcome": "draw", "points": 30},
        {"game": "hanamikoji", "outcome": "win", "points": "lots"},  # damaged entries are skipped
        "junk",
    ]
    w.page.evaluate("(v) => localStorage.setItem('cardgarden.history', v)", json.dumps(results))
    w.page.reload()
    row = w.page.locator('.ranking-table tr[data-game="hanamikoji"]')
    assert row.locator("th, td").all_inner_texts() == ["Hanamikoji", "3", "1", "1", "1", "124", "41.3", "84"]
    w.page.click(".ranking-clear")
    w.page.click(".ranking-yes")
    assert w.page.locator(".ranking-empty").is_visible()
    assert w.page.evaluate("localStorage.getItem('cardgarden.history')") is None
    w.page.evaluate("localStorage.setItem('cardgarden.history', '{broken')")
    w.page.reload()
    assert w.page.locator(".ranking-empty").is_visible()
    assert w.errors == []
