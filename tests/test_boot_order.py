"""The page's modules and the engine's worker race: engine/start.js begins the worker before the page's
scripts arrive, and on a slow device the worker may be up before the page's client takes it over."""

from __future__ import annotations

from drivers import take_a_turn

BOOT_MS = 90_000
WAITED = "() => (globalThis.cardGardenEngine?.said ?? []).includes('ready')"


def test_a_worker_that_is_up_before_the_page_is_taken_over_alone(site, watch):
    """The page's client (js/early-engine.js) is held back until the worker has said "ready": the
    client replays that, asks for the snapshot once idle, and the board plays on that one worker.
    (Before the fix the replayed "ready" started a second worker, and the first call was refused
    with "the engine has not finished loading": seen twice in one CI run.)"""
    w = watch(service_workers="block")  # the page's own request is the one held, never a precache's
    held = []

    def hold(route):
        held.append(route.request.url)
        if len(held) == 1:
            w.page.wait_for_function(WAITED, timeout=BOOT_MS)  # the worker is up; the page has no client yet
        route.continue_()

    w.context.route("**/js/early-engine.js*", hold)
    w.page.goto(site + "play.html?game=hanamikoji&pace=0", wait_until="commit")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=BOOT_MS)
    assert held, "the page's client was not held back: update this test"
    take_a_turn(w.page)
    engines = [r for r in w.requests if "engine/worker.js" in r and "role=snapshot" not in r]
    assert len(engines) == 1, engines  # one Python, the one engine/start.js began
    assert w.page.get_attribute("html", "data-engine") == "ready"
    w.page.wait_for_selector('html[data-snapshot="stored"]', timeout=BOOT_MS)  # idle() after a replayed "ready"
    assert w.errors == []
    w.context.unroute_all(behavior="ignoreErrors")  # nothing of this test's route outlives it
