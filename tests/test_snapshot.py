"""Instant return visits: the engine's memory snapshot, and every way it can go wrong."""

from __future__ import annotations

import pytest

from drivers import take_a_turn

BOOT_MS = 90_000
READY = 'html[data-engine="ready"]'

# Runs in the page: rewrite the stored snapshot's file (same origin as the worker; the layout is
# web/engine/snapshot-store.js's: "CGS1", the header's length, the header {build, size, pages, sha256}
# as JSON, then the kept pages' numbers and the pages).
EDIT_RECORD = """async (how) => {
  const root = await navigator.storage.getDirectory();
  const handle = await root.getFileHandle("engine-snapshot");
  const file = new Uint8Array(await (await handle.getFile()).arrayBuffer());
  const length = new DataView(file.buffer).getUint32(4, true);
  const meta = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + length)));
  let data = file.slice(8 + length);
  const hex = async (bytes) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
    (b) => b.toString(16).padStart(2, "0")).join("");
  if (how === "other-build") meta.build = "0000000000000000";
  if (how === "flip") { for (let i = 0; i < 4096; i++) data[2000000 + i] ^= 0xff; }
  if (how === "truncate") {  // checks out, but is no engine's memory: one page of 64 KiB
    const page = data.slice(meta.pages * 4, meta.pages * 4 + 4096);
    data = new Uint8Array(4 + 4096); data.set(page, 4);  // page number 0, then the page
    meta.size = 65536; meta.pages = 1; meta.sha256 = await hex(data);
  }
  const header = new TextEncoder().encode(JSON.stringify(meta));
  const start = new Uint8Array(8); start.set(file.subarray(0, 4));
  new DataView(start.buffer).setUint32(4, header.length, true);
  const writable = await handle.createWritable();
  await writable.write(new Blob([start, header, data])); await writable.close();
  return meta.build;
}"""


def visit_until_snapshot(w, url):
    w.page.goto(url)
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-snapshot="stored"]', timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-sw="controlled"]', timeout=BOOT_MS)


def test_a_return_visit_boots_from_the_snapshot_and_plays_offline(site, watch):
    w = watch(service_workers="allow")
    visit_until_snapshot(w, site)
    assert w.page.get_attribute("html", "data-boot") == "cold"
    w.context.set_offline(True)
    # At the expert level, whose moves read the engine's one data file (the policy): a restored
    # engine has it in memory, and its files are written only after "ready".
    w.page.goto(site + "play.html?game=hanamikoji&level=expert&pace=50")
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == "snapshot"
    # The restored engine plays: our moves, the AI's moves, a reload of the save.
    for _ in range(3):
        take_a_turn(w.page)
    w.page.wait_for_selector('html[data-turn="human"]')
    bar = w.page.locator("#engine-progress")
    assert bar.get_attribute("value") == bar.get_attribute("max")  # the bar ended full on this path too
    assert [e for e in w.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []


@pytest.mark.parametrize("how, refused, boot", [
    ("other-build", "other-build", "cold"),
    ("flip", "damaged", "cold"),
    ("truncate", None, "cold"),
], ids=["other-build", "damaged-bytes", "bytes-that-do-not-restore"])
def test_a_bad_snapshot_falls_back_quietly_and_is_replaced(site, watch, how, refused, boot):
    w = watch(service_workers="allow")
    visit_until_snapshot(w, site)
    w.page.evaluate(EDIT_RECORD, how)
    w.context.set_offline(True)
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == boot
    if refused:
        assert w.page.get_attribute("html", "data-snapshot-refused") == refused
    assert w.page.locator(".engine-error").is_hidden()
    # A fresh snapshot of this build replaces the bad one, and the next visit uses it.
    w.page.wait_for_selector('html[data-snapshot="stored"]', timeout=BOOT_MS)
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == "snapshot"
    assert [e for e in w.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []


def test_snapshots_can_be_turned_off(site, watch):
    w = watch()
    w.page.goto(site + "?snapshots=0")
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_timeout(2500)
    assert w.page.get_attribute("html", "data-snapshot") is None
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == "cold"


def test_the_snapshot_is_taken_of_a_clean_engine_even_when_the_first_visit_plays_at_once(site, watch):
    """A first visit straight into a game: the board does not wait for the snapshot, and the snapshot
    (made by a worker of its own once the engine is idle) still holds no game."""
    w = watch()
    w.page.goto(site + "play.html?game=hanamikoji&pace=50")
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-snapshot") is None  # the board came first
    for _ in range(2):
        take_a_turn(w.page)  # a game opened and played while the snapshot is made
    w.page.wait_for_selector('html[data-snapshot="stored"]', timeout=BOOT_MS)
    w.page.goto(site + "play.html?game=koikoi&pace=50")
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == "snapshot"
    # What the restored memory held, read before anything else runs in it: no game ever opened.
    assert w.page.get_attribute("html", "data-snapshot-sessions") == "0"
    w.page.wait_for_selector('html[data-game-state="playing"]')


def test_a_snapshot_maker_that_fails_costs_the_player_nothing(site, watch):
    """The second worker cannot start (here: its script is missing): no snapshot, no message, the game plays on."""
    w = watch()
    w.context.route(lambda url: "engine/worker.js" in url and "role=snapshot" in url,
                    lambda route: route.fulfill(status=404, body="gone"))
    w.page.goto(site + "play.html?game=hanamikoji&pace=50")
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-snapshot="failed"]', timeout=BOOT_MS)
    take_a_turn(w.page)
    assert w.page.get_attribute("html", "data-engine") == "ready"
    assert w.page.locator(".notice, .toast, .error").filter(has_text="snapshot").count() == 0
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == "cold"


# Storage that never answers, in the worker's copy of web/engine/snapshot-store.js: the origin's
# file system never opens, or the snapshot's file never lets itself be read.
HANGS = {
    "directory": ("await navigator.storage.getDirectory();\n  try", "await new Promise(() => {});\n  try"),
    "file": ("await handle.createSyncAccessHandle()", "await new Promise(() => {})"),
}


@pytest.mark.parametrize("what", sorted(HANGS))
def test_storage_that_hangs_means_a_normal_boot_not_a_wait(site, watch, what):
    """Storage can hang in a busy browser or a broken profile: the boot waits a few seconds for it
    (worker.js: LOOKUP_MS, MEMORY_MS), then boots normally, says nothing and keeps the snapshot."""
    w = watch(service_workers="block")  # the worker's modules come from the network, where the test edits them
    visit_until_snapshot_stored(w, site)
    find, hang = HANGS[what]

    def hanging(route):
        body = route.fetch().text()
        assert find in body, f"snapshot-store.js no longer has {find!r}: update this test"
        route.fulfill(body=body.replace(find, hang), content_type="text/javascript")

    w.context.route("**/engine/snapshot-store.js*", hanging)
    w.page.reload()
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == "cold"
    assert w.page.locator(".engine-error").is_hidden()
    take_a_turn(w.page)
    # Slow is not damaged: the snapshot stays for the next visit, whose storage answers.
    w.context.unroute("**/engine/snapshot-store.js*")
    w.page.goto(site + "play.html?game=koikoi&pace=50")
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    assert w.page.get_attribute("html", "data-boot") == "snapshot"


def visit_until_snapshot_stored(w, site):
    w.page.goto(site + "play.html?game=hanamikoji&pace=50")
    w.page.wait_for_selector(READY, timeout=BOOT_MS)
    w.page.wait_for_selector('html[data-snapshot="stored"]', timeout=BOOT_MS)
