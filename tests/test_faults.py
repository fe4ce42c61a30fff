"""Fault injection in the real browser: every way the engine, storage or a second tab can fail a player.

Each test breaks one thing as it breaks in the wild and checks, within a few
seconds, what the player sees, and that the save (and so the game) is intact
afterwards. The engine is broken in a copy of web/engine/worker.js served to
the browser: its `call()` (every bridge request goes through it) is wrapped
to answer as the bridge does when Python raises, to hang, to die silently or
to throw outside the bridge. A restarted engine gets the real worker.
"""

from __future__ import annotations

import json

import pytest

from drivers import HUMAN, hanamikoji_move, new_game, take_a_turn

BOOT_MS = 90_000
SEEN_MS = 10_000  # "within a few seconds" of an engine that answers at once (an error, a refusal)
LATE_MS = 3_000  # a deadline's timer and its notice, on a busy page: the notice is up this soon after the deadline
KEY = "cardgarden.save.hanamikoji"
# The page's own engine deadlines (10 s over a level's budget): only a test that waits for a
# deadline to pass gives a short one, measured in the same run (short_deadline).
GAME = "play.html?game=hanamikoji&level=easy&pace=50"
EASY_MS = 1000  # an easy AI move's budget (web/js/session.js BOT_BUDGET_MS): its deadline is the margin plus this

# Appended to worker.js: wraps call(). FAULTS is a list of {cmd, kind, after?, code?}; a fault
# fires on its command's calls after the first `after` ones, once (or always with "always": true).
WRAPPER = """
;(() => {
  const faults = %s;
  const real = call;
  const seen = {};
  call = (request) => {
    const cmd = request && request.cmd;
    seen[cmd] = (seen[cmd] || 0) + 1;
    const fault = faults.find((f) => f.cmd === cmd && !f.done && seen[cmd] > (f.after || 0));
    if (!fault) return real(request);
    if (!fault.always) fault.done = true;
    if (fault.kind === "raise") {
      return { ok: false, error: { code: "internal", message: "internal error: RuntimeError: injected fault" } };
    }
    if (fault.kind === "refuse") return { ok: false, error: { code: fault.code, message: "injected refusal" } };
    if (fault.kind === "hang") { for (;;) {} }
    if (fault.kind === "die") { self.postMessage = () => {}; self.close(); return null; }
    if (fault.kind === "throw") throw new Error("injected failure in the worker");
    if (fault.kind === "crash") {
      // An uncaught error outside any request (the worker's "error" event), and no reply.
      setTimeout(() => { throw new Error("injected crash"); }, 0);
      const post = self.postMessage.bind(self);
      let swallowed = false;
      self.postMessage = (m) => { if (!swallowed && m && m.type === "reply") { swallowed = true; return; } post(m); };
      return null;
    }
    return real(request);
  };
})();
"""


# Each engine request's time to its reply as the page sees it (the worker's "call" message to
# its "reply"), from the page's first moment: window.__engineCalls [{cmd, ms}]; every request
# sent, window.__engineSent [{cmd, at}]; when the page said engine trouble, window.__troubleAt.
TIMED_CALLS = """(() => {
  const Real = window.Worker;
  if (!Real || Real.timed) return;
  const calls = (window.__engineCalls = []);
  const sent = (window.__engineSent = []);
  new MutationObserver(() => {
    if (window.__troubleAt == null && document.documentElement.hasAttribute("data-trouble")) {
      window.__troubleAt = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-trouble"] });
  class Timed extends Real {
    constructor(url, options) {
      super(url, options);
      this.open = new Map();
      this.addEventListener("message", (event) => {
        const m = event.data;
        const call = m && m.type === "reply" ? this.open.get(m.id) : null;
        if (!call) return;
        this.open.delete(m.id);
        calls.push({ cmd: call.cmd, ms: performance.now() - call.t0 });
      });
    }
    postMessage(m, ...rest) {
      if (m && m.type === "call") {
        this.open.set(m.id, { cmd: m.request && m.request.cmd, t0: performance.now() });
        sent.push({ cmd: m.request && m.request.cmd, at: performance.now() });
      }
      return super.postMessage(m, ...rest);
    }
  }
  Timed.timed = true;
  window.Worker = Timed;
})();"""


def short_deadline(watch, site: str) -> int:
    """A short engine deadline (?margin=, ms) for a test that waits for one to pass, from a baseline
    taken in this run just before: a fresh engine's healthy game (its first `new`, which imports the
    game as a restarted engine's first `load` does, the saves, a move of the player's and the AI's),
    timed as the page sees it. Fifteen times its slowest call, at least 2 s: a machine busy with a second
    process lengthens the deadline instead of stopping a healthy engine, and a hung engine is still
    stopped within seconds. (Under two processes and other sessions' load, a restarted engine's first
    call took up to 4.4 times the baseline's slowest, 2026-12-05.)"""
    w = watch(service_workers="block")
    w.context.add_init_script(TIMED_CALLS)
    w.page.goto(site + GAME)
    w.page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    take_a_turn(w.page)
    w.page.wait_for_selector(HUMAN, timeout=60_000)
    calls = w.page.evaluate("window.__engineCalls")
    w.context.close()
    assert {"new", "apply", "bot"} <= {c["cmd"] for c in calls}, calls
    return max(2000, round(15 * max(c["ms"] for c in calls)))


class Faulty:
    """A page whose first engine worker misbehaves as told; later workers are the real one.
    `margin`: a short engine deadline (short_deadline) for a fault that only a deadline stops."""

    def __init__(self, watch, site: str, faults: list[dict], workers: int = 1, margin: int | None = None) -> None:
        self.site = site
        self.game = GAME if margin is None else f"{GAME}&margin={margin}"
        self.margin = margin
        # How soon the player is told: a few seconds, after the deadline where one must pass first.
        self.seen = SEEN_MS if margin is None else margin + EASY_MS + SEEN_MS
        self.w = watch(service_workers="block")  # the routes must see every request
        self.w.context.add_init_script(TIMED_CALLS)  # what each call took, said when a deadline stops one
        self.fetched = 0

        def serve(route):
            if "role=snapshot" in route.request.url:
                route.continue_()  # the snapshot maker answers no call: never the faulty engine
                return
            self.fetched += 1
            response = route.fetch()
            body = response.text()
            if self.fetched <= workers:
                assert "function call(request)" in body, "worker.js changed: update tests/test_faults.py"
                body += WRAPPER % json.dumps(faults)
            route.fulfill(response=response, body=body)

        self.w.context.route("**/engine/worker.js*", serve)
        self.page = self.w.page

    def seed_history(self) -> None:
        """A finished game in the history (through the site's own records module), to check it survives."""
        self.page.evaluate("""() => import("./js/records.js").then((m) => m.recordResult(
          {game: "koikoi", level: "hard", outcome: "win", points: 84, scores: [30, 12]}))""")
        self.history = self.records()

    def records(self) -> tuple:
        return tuple(self.page.evaluate(f"localStorage.getItem('cardgarden.{key}')") for key in ("history", "ranking"))

    def stored(self) -> dict | None:
        text = self.page.evaluate(f"localStorage.getItem('{KEY}')")
        return json.loads(text) if text else None

    def move(self) -> int:
        return int(self.page.get_attribute("html", "data-move"))


def open_playing(f: Faulty) -> None:
    f.page.goto(f.site + f.game)
    f.page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    f.seed_history()
    f.page.wait_for_selector(HUMAN, timeout=60_000)
    for _ in range(100):  # the save of the board on the table is written just after it is drawn
        if (f.stored() or {}).get("move") == f.move():
            return
        f.page.wait_for_timeout(50)
    raise AssertionError(f"the game at move {f.move()} was not saved: {f.stored()}")


def one_move_played(f: Faulty) -> dict:
    """Open a game, play one move, wait for the player's turn again; the save then stored."""
    open_playing(f)
    take_a_turn(f.page)
    f.page.wait_for_selector(HUMAN)
    return f.stored()


def ai_fails_on_its_first_move(f: Faulty) -> None:
    """Open a game whose AI fails at once, whoever starts: the save is then at the AI's turn."""
    f.page.goto(f.site + f.game)
    f.page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    f.seed_history()
    f.page.wait_for_selector(f"html[data-trouble], {HUMAN}", timeout=BOOT_MS)
    if f.page.get_attribute("html", "data-trouble") is None:
        hanamikoji_move(f.page)


def expect_trouble(f: Faulty, code: str) -> None:
    f.page.wait_for_selector(f'html[data-trouble="{code}"]', timeout=f.seen)
    notice = f.page.locator("#notice-trouble")
    assert notice.is_visible()
    assert "Restart the engine" in notice.inner_text()
    assert "move" in notice.inner_text()  # where the game is kept
    assert f.page.locator("#turn").inner_text() == "The engine has stopped"
    # Nobody's turn: a test (or script) waiting for the player's turn must wait for the restarted board.
    assert f.page.get_attribute("html", "data-turn") == "stopped"
    assert f.records() == f.history  # the history of results is untouched


def restart_and_play_on(f: Faulty, at_least: int) -> None:
    f.page.click("#restart-engine")
    f.page.wait_for_selector("html:not([data-trouble])", timeout=BOOT_MS)
    assert f.page.locator("#notice-trouble").count() == 0
    f.page.wait_for_selector(f"{HUMAN}, html[data-trouble]", timeout=60_000)
    # (A deadline too short for the restarted engine on this machine now says so here.)
    assert f.page.get_attribute("html", "data-trouble") is None, (
        f"the restarted engine failed too: {f.page.get_attribute('html', 'data-trouble')}",
        f.game, f.page.evaluate("window.__engineCalls"))
    f.page.wait_for_selector(HUMAN)
    assert f.move() >= at_least
    take_a_turn(f.page)  # the restarted engine plays on
    assert f.stored()["move"] >= at_least
    assert f.records() == f.history


@pytest.mark.parametrize("kind, code", [
    ("raise", "internal"), ("hang", "timeout"), ("die", "timeout"), ("throw", "internal"), ("crash", "crashed"),
], ids=["raises", "hangs", "dies", "throws", "crashes"])
def test_an_ai_move_that_fails_stops_with_a_notice_and_a_restart_reopens_the_game(site, watch, kind, code):
    # A hung or silent engine is stopped by the deadline alone: a short one, from this run's baseline.
    margin = short_deadline(watch, site) if code == "timeout" else None
    f = Faulty(watch, site, [{"cmd": "bot", "kind": kind}], margin=margin)
    ai_fails_on_its_first_move(f)
    expect_trouble(f, code)
    if margin is not None:  # stopped by the deadline the page was given: not before it, and soon after
        waited = f.page.evaluate('() => window.__troubleAt - window.__engineSent.filter((c) => c.cmd === "bot").at(-1).at')
        assert margin + EASY_MS - 5 <= waited <= margin + EASY_MS + LATE_MS, (waited, margin)
    saved = f.stored()
    assert saved is not None and saved["move"] == f.move()  # the save is the board the player sees
    restart_and_play_on(f, saved["move"])


def test_a_failing_player_move_leaves_the_board_and_the_save(site, watch):
    f = Faulty(watch, site, [{"cmd": "apply", "kind": "raise"}])
    open_playing(f)
    move, saved = f.move(), f.stored()
    hanamikoji_move(f.page)
    expect_trouble(f, "internal")
    assert f.move() == move and f.stored() == saved
    restart_and_play_on(f, move)


def test_a_failing_view_after_a_refused_move_is_engine_trouble_not_a_frozen_board(site, watch):
    f = Faulty(watch, site, [{"cmd": "apply", "kind": "refuse", "code": "stale_move"}, {"cmd": "view", "kind": "raise"}])
    open_playing(f)
    move = f.move()
    hanamikoji_move(f.page)
    expect_trouble(f, "internal")
    restart_and_play_on(f, move)


def test_a_new_game_the_engine_cannot_start_keeps_the_running_one(site, watch):
    f = Faulty(watch, site, [{"cmd": "new", "kind": "raise", "after": 1}])
    saved = one_move_played(f)
    move = f.move()
    new_game(f.page)  # asked first, and confirmed
    expect_trouble(f, "internal")
    assert f.move() == move and f.stored() == saved  # nothing closed, nothing deleted
    restart_and_play_on(f, move)


def test_a_saved_game_whose_first_ai_move_fails_is_kept_not_called_damaged(site, watch):
    f = Faulty(watch, site, [{"cmd": "bot", "kind": "raise", "always": True}], workers=2)
    ai_fails_on_its_first_move(f)
    expect_trouble(f, "internal")
    saved = f.stored()
    assert saved is not None
    f.page.reload()  # a second engine whose AI fails as well
    # (a game the player has made no move in yet, when the AI starts, comes back without asking)
    f.page.wait_for_selector("dialog#resume[open], html[data-trouble]", timeout=BOOT_MS)
    if f.page.locator("dialog#resume[open]").count():
        f.page.click("#resume-continue")
    expect_trouble(f, "internal")
    assert f.page.get_attribute("html", "data-save-refused") is None
    kept = f.stored()  # still there, the same game at the same move, not set aside
    assert (kept["save"], kept["move"]) == (saved["save"], saved["move"])
    assert f.page.evaluate(f"localStorage.getItem('{KEY}.refused')") is None
    restart_and_play_on(f, saved["move"])


def test_full_storage_is_told_at_once_and_the_game_goes_on(site, watch):
    f = Faulty(watch, site, [])
    before = one_move_played(f)
    # Fill this origin's storage to the brim.
    f.page.evaluate("""() => {
      const chunk = "x".repeat(256 * 1024);
      for (let i = 0; ; i++) {
        try { localStorage.setItem("junk." + i, chunk); } catch { break; }
      }
      for (let size = 1024; size >= 1; size = Math.floor(size / 2)) {
        for (let j = 0; ; j++) {
          try { localStorage.setItem(`crumb.${size}.${j}`, "y".repeat(size)); } catch { break; }
        }
      }
    }""")
    take_a_turn(f.page)
    f.page.wait_for_selector('html[data-storage="failed"]', timeout=SEEN_MS)
    notice = f.page.locator("#notice-storage")
    assert "could not be saved" in notice.inner_text()
    assert f.stored() == before  # the old save is intact
    # The way out: download the game as it is now.
    with f.page.expect_download() as download:
        f.page.click("#storage-download")
    kept = json.loads(open(download.value.path()).read())
    assert kept["game"] == "hanamikoji" and kept["move"] > before["move"] and kept["save"]["actions"]
    take_a_turn(f.page)  # the game goes on
    # Room again: the next move is saved, and the notice goes.
    f.page.evaluate("() => { for (const k of Object.keys(localStorage)) if (/^(junk|crumb)\\./.test(k)) localStorage.removeItem(k); }")
    take_a_turn(f.page)
    f.page.wait_for_selector('html[data-storage="ok"]', timeout=SEEN_MS)
    assert f.page.locator("#notice-storage").count() == 0
    f.page.wait_for_selector(HUMAN)
    assert f.stored()["move"] >= f.move() - 2
    assert f.records() == f.history


def test_one_game_is_played_in_one_tab(site, watch):
    f = Faulty(watch, site, [])
    saved = one_move_played(f)
    second = f.w.context.new_page()
    second.goto(f.site + f.game)
    second.wait_for_selector('html[data-owner="elsewhere"]', timeout=BOOT_MS)
    assert "open in another tab" in second.locator("#notice-tab").inner_text()
    assert second.locator("dialog#resume[open]").count() == 0
    assert second.locator("#new-game").is_disabled()
    assert f.stored() == saved  # the second tab wrote nothing, deleted nothing
    # The first tab plays on; then the second takes the game over where the first left it.
    take_a_turn(f.page)
    f.page.wait_for_selector(HUMAN)
    move = f.move()
    second.click("#take-over")
    second.wait_for_selector(f'html[data-owner="here"][data-move="{move}"]', timeout=SEEN_MS)
    f.page.wait_for_selector('html[data-owner="elsewhere"]', timeout=SEEN_MS)
    assert "another tab" in f.page.locator("#notice-tab").inner_text()
    assert f.page.locator("#new-game").is_disabled()
    # The second tab plays on and saves; the first no longer writes.
    take_a_turn(second)
    second.wait_for_selector(HUMAN)
    assert f.stored()["move"] == int(second.get_attribute("html", "data-move"))
    # And the first can take it back, at the second's move.
    f.page.click("#take-over")
    f.page.wait_for_selector(f'html[data-owner="here"][data-move="{f.stored()["move"]}"]', timeout=SEEN_MS)
    second.wait_for_selector('html[data-owner="elsewhere"]', timeout=SEEN_MS)
    assert f.records() == f.history


def test_a_board_that_cannot_be_loaded_is_said_and_the_save_stays(site, watch):
    """The game's board module does not arrive (the network went away before
    the site was ever cached): the page says so with the way back, and the
    saved game is left exactly as it was."""
    w = watch()
    w.page.goto(site)
    w.page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, '{"kept": "as it is"}'])
    w.page.route("**/games/hanamikoji/board.js", lambda route: route.abort())
    w.page.goto(site + GAME)
    w.page.wait_for_selector('html[data-game-state="failed"]', timeout=BOOT_MS)
    error = w.page.locator("#play-error")
    assert error.is_visible() and "could not be started" in error.inner_text()
    assert w.page.locator("#play-error a").get_attribute("href") == "./"
    w.page.click(".lang-switch [data-lang=de]")
    assert "Zurück" in error.inner_text()  # said again in the player's language
    assert w.page.evaluate("(key) => localStorage.getItem(key)", KEY) == '{"kept": "as it is"}'
