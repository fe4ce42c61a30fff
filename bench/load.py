#!/usr/bin/env python3
"""Load time of the site in headless Chromium, beside bare Pyodide in the same run.

    .venv/bin/python bench/load.py [--runs 3] [--only ROWS] [--no-build | --dist DIR]

Rows (--only takes a comma-separated list of these names; the bare rows they
are compared with run with them):
  start   the start page cold (a new profile) to performance.mark("engine-ready"),
          then warm with the engine's memory snapshot, then the Hanamikoji
          board on that return visit (mark "board-ready")
  warm    the start page warm with snapshots off (?snapshots=0)
  click   a new visitor clicks Play: a new profile opens the start page, clicks
          Hanamikoji's Play control as soon as it is visible and enabled, and
          waits for the board (html[data-game-state="playing"], mark "board-ready");
          also the time Play became clickable, and the bytes of this first visit
  direct  a direct link: a new profile opens play.html?game=G for each game, to board-ready
  slow-click, slow-direct   click and direct (Hanamikoji) on the throttled network
Bare rows: a page that only calls loadPyodide() (bench-bare.html), cold and
warm, from bare-pyodide/: the npm package's files as shipped, with its FULL
standard library (dist/pyodide/ holds our trimmed one), on each network.

Under the table, each path's phases side by side (medians, ms since the
visit's first navigation): when the engine's worker began, the snapshot's
storage read and check (durations), when its memory was ready, when the wasm
answered (its response began) and was compiled, when Python was up (restored, on a return visit), when the
engine's files were imported, engine-ready, and the first view (board-ready),
so a return visit, a direct link and the start page with Play can be
compared step by step; and, for each game, a direct link's board against the
start page and Play of the same run (it should never be slower).

Times run from the first document's navigation start (performance.timeOrigin,
recorded by an init script in sessionStorage) to performance.timeOrigin +
mark.startTime of the document where the mark happened, so they hold whether
Play is a navigation to a new document or a same-document history route.
Each run uses fresh browser profiles and alternates the order of ours and
bare. Ratios are taken against bare cold of the same run and network, then
the median of the runs is shown.

Server: dist/ copied to a temporary folder, served from memory under /bench/
with Cache-Control max-age=600 (as GitHub Pages). Bodies are sent gzipped
(level 6, precomputed) with Content-Encoding: gzip when the request accepts
it, for the types we assume GitHub Pages (Fastly) compresses: .html .js .mjs
.css .json .webmanifest .svg .txt .map and .wasm; .zip (python_stdlib.zip),
.whl, images and anything else go as they are (Pages does not gzip zip
files). HTTP/1.1 with keep-alive.

Throttled network ("slow" rows): 10 Mbit/s down (1.25 MB/s) and 40 ms latency,
applied by the bench's own second server, not by Chromium: each request waits
40 ms before its answer, and every response body byte passes one shared
1.25 MB/s link (a pacer all connections take turns on, 16 KB at a time), so
the page, the engine's dedicated worker and the service worker's precache
share the bandwidth as they would on a real line (uploads are not paced: the
requests are a few hundred bytes; no extra round trip for new connections,
as in Chromium's emulation). Chromium's own emulation
(CDP Network.emulateNetworkConditions on the page's session) was measured
too: in Chromium 156 it does throttle the engine's module worker (the 3.5 MB
wasm took 4.9 s), but not the service worker, whose precache requests were
answered in 4-20 ms, under the 40 ms latency; the server-side line throttles
everything alike and does not depend on how a browser attributes requests.
The output checks it under the table: on the throttled line the wasm
(3.5 MB gzipped) must take at least 2.8 s to arrive, both for bare (fetched
by the page) and for ours (fetched by the engine's worker), and throttled bare
cold must end after at least bare's bytes / 1.25 MB/s.

Bytes of a first visit ("click" row's profile, until the service worker is
active): response body bytes as transferred (gzipped where the server
gzips), from Playwright's request.sizes()["responseBodySize"] (checked
against what the server wrote). "boot" counts the requests of the page and
its dedicated worker (request.service_worker is None); "precache" counts the
service worker's own requests (request.service_worker set), which mostly
find the files in the HTTP cache and transfer only what boot did not fetch.
"""

from __future__ import annotations

import argparse
import gzip
import mimetypes
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import http.server
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

BARE_DIR = "bare-pyodide"
BARE_HTML = """<!doctype html><html data-engine="loading"><head><meta charset="utf-8">
<title>bare pyodide</title><script type="module" src="bench-bare.js"></script></head>
<body>bare loadPyodide()</body></html>
"""
BARE_JS = f"""import {{ loadPyodide }} from "./{BARE_DIR}/pyodide.mjs";
const indexURL = new URL("./{BARE_DIR}/", location.href).href;
await loadPyodide({{ indexURL, packageBaseUrl: indexURL }});
performance.mark("engine-ready");
document.documentElement.dataset.engine = "ready";
"""
ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-quic"]
GAMES = ("hanamikoji", "koikoi", "hanabi")
PLAY = 'li.game-card[data-game="hanamikoji"] .status a.button'
PLAYING = 'html[data-game-state="playing"]'
ENGINE_READY = 'html[data-engine="ready"]'
T0_KEY = "__bench_t0"
# Runs in every document before its scripts: the first top-level document of
# the tab keeps its navigation start for the whole visit.
INIT_SCRIPT = f"""try {{
  if (window === window.top && !sessionStorage.getItem("{T0_KEY}"))
    sessionStorage.setItem("{T0_KEY}", String(performance.timeOrigin));
}} catch (e) {{}}"""
# ms from the visit's first navigation start to the last mark `name` (or now, for null).
SINCE_START = f"""(name) => {{
  const t0 = Number(sessionStorage.getItem("{T0_KEY}"));
  if (!name) return performance.timeOrigin + performance.now() - t0;
  const marks = performance.getEntriesByName(name);
  return marks.length ? performance.timeOrigin + marks[marks.length - 1].startTime - t0 : null;
}}"""
# The phases of the visit on show, in ms since the visit's first navigation (the worker's own
# timings, web/engine/worker.js boot(), are ms since its boot began; "read" and "check" are durations).
PHASES = f"""() => {{
  const t0 = Number(sessionStorage.getItem("{T0_KEY}"));
  const at = (name) => {{
    const marks = performance.getEntriesByName(name);
    return marks.length ? performance.timeOrigin + marks[marks.length - 1].startTime - t0 : null;
  }};
  const ready = performance.getEntriesByName("engine-ready");
  const t = ready.length ? ready[ready.length - 1].detail || {{}} : {{}};
  const began = typeof t.began === "number" ? t.began - t0 : null;
  const since = (ms) => (began !== null && typeof ms === "number" ? began + ms : null);
  return {{
    began, read: t.read ?? null, check: t.check ?? null, wasm: since(t.wasm), compiled: since(t.compiled),
    memory: since(t.memory), up: since(typeof t.runtime === "number" ? (t.lookup ?? 0) + t.runtime : null),
    engine: since(t.engine), ready: at("engine-ready"), board: at("board-ready"),
  }};
}}"""
SW_READY = """async () => {
  if (!navigator.serviceWorker) return false;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(false), 90000));
  return Promise.race([navigator.serviceWorker.ready.then(() => true), timeout]);
}"""
TIMEOUT = 180_000

COMPRESSED = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".map", ".wasm"}
DOWN = 1_250_000  # bytes/s: 10 Mbit/s
LATENCY = 0.040  # s per request
CHUNK = 16 * 1024


# ------------------------------------------------------------------ server
class Body:
    def __init__(self, path: Path) -> None:
        self.raw = path.read_bytes()
        self.gz = gzip.compress(self.raw, 6, mtime=0) if path.suffix in COMPRESSED else None
        self.type = build.MIME_TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] \
            or "application/octet-stream"


class Link:
    """One shared line: body bytes of every connection pass it at `rate` bytes/s, in turn."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = 0.0

    def carry(self, n: int) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + n / self.rate
            done = self.free_at
        delay = done - time.monotonic()
        if delay > 0:
            time.sleep(delay)


class BenchHandler(build.SiteHandler):
    """build.SiteHandler's site, from memory, gzipped as GitHub Pages sends it, optionally throttled."""

    protocol_version = "HTTP/1.1"
    files: dict[str, Body] = {}
    link: Link | None = None
    latency = 0.0
    counter: list[int] = [0]

    def do_GET(self) -> None:
        self.answer(body=True)

    def do_HEAD(self) -> None:
        self.answer(body=False)

    def answer(self, body: bool) -> None:
        if self.latency:
            time.sleep(self.latency)
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if self.base != "/" and path == self.base.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.base)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        rel = path[len(self.base):] if path.startswith(self.base) else None
        if rel is not None and (rel == "" or rel.endswith("/")):
            rel += "index.html"
        entry = self.files.get(rel) if rel is not None else None
        if entry is None:
            self.send_error(404)
            return
        accepts = self.headers.get("Accept-Encoding", "").lower()
        zipped = entry.gz is not None and "gzip" in accepts and "gzip;q=0" not in accepts.replace(" ", "")
        data = entry.gz if zipped else entry.raw
        self.send_response(200)
        self.send_header("Content-Type", entry.type)
        self.send_header("Content-Length", str(len(data)))
        if entry.gz is not None:
            self.send_header("Vary", "Accept-Encoding")
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        if not body:
            return
        try:
            for i in range(0, len(data), CHUNK):
                chunk = data[i:i + CHUNK]
                if self.link:
                    self.link.carry(len(chunk))
                self.wfile.write(chunk)
                self.counter[0] += len(chunk)
        except (BrokenPipeError, ConnectionResetError):  # the browser closed or gave up on it
            self.close_connection = True


def serve(files: dict[str, Body], throttled: bool) -> tuple[http.server.ThreadingHTTPServer, str, list[int]]:
    """Serve `files` under /bench/ on a free port; returns the server, its base URL and its byte counter."""
    counter = [0]
    handler = type("Handler", (BenchHandler,), {
        "base": "/bench/", "max_age": 600, "quiet": True, "csp": False, "files": files, "counter": counter,
        "link": Link(DOWN) if throttled else None, "latency": LATENCY if throttled else 0.0,
    })
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/bench/", counter


def prepare_site(dist: Path, folder: Path) -> dict[str, Body]:
    """dist/, the bare page and the npm package's Pyodide files (full standard library) in bare-pyodide/."""
    shutil.copytree(dist, folder)
    (folder / "bench-bare.html").write_text(BARE_HTML)
    (folder / "bench-bare.js").write_text(BARE_JS)
    npm = build.ensure_pyodide()
    (folder / BARE_DIR).mkdir()
    for name in build.PYODIDE_FILES:
        shutil.copy2(npm / name, folder / BARE_DIR / name)
    return {p.relative_to(folder).as_posix(): Body(p) for p in sorted(folder.rglob("*")) if p.is_file()}


# ------------------------------------------------------------------ browser
class Profile:
    """A persistent browser profile: visits in it share caches, storage and the service worker."""

    def __init__(self, pw, executable: str, folder: Path) -> None:
        self.context = pw.chromium.launch_persistent_context(str(folder), executable_path=executable, args=ARGS)
        self.context.add_init_script(INIT_SCRIPT)
        self.received: list[tuple[bool, int, str]] = []  # (from the service worker, body bytes, url)
        self.wasm_ms: float | None = None  # how long pyodide.asm.wasm took, request sent to last byte
        self.context.on("requestfinished", self._count)
        self.page = None

    def _count(self, request) -> None:
        try:
            self.received.append((request.service_worker is not None, request.sizes()["responseBodySize"],
                                  request.url))
            if request.url.endswith("/pyodide.asm.wasm") and request.service_worker is None:
                self.wasm_ms = request.timing["responseEnd"]
        except Exception:  # the profile closed while the answer was on its way
            pass

    def open(self, url: str):
        if self.page is not None:
            self.page.close()
        self.page = self.context.new_page()
        self.page.goto(url, timeout=TIMEOUT)
        return self.page

    def mark(self, name: str) -> float:
        """ms from the visit's first navigation start to mark `name` (waits briefly for it)."""
        for _ in range(100):
            ms = self.page.evaluate(SINCE_START, name)
            if ms is not None:
                return ms
            time.sleep(0.05)
        raise RuntimeError(f"no performance mark {name!r}")

    def visit(self, url: str, mark: str = "engine-ready", wait: str = ENGINE_READY) -> float:
        self.open(url)
        self.page.wait_for_selector(wait, timeout=TIMEOUT)
        return self.mark(mark)

    def phases(self) -> dict:
        """Where the time of the visit on show went (PHASES)."""
        return self.page.evaluate(PHASES)

    def settle(self, selector: str) -> None:
        self.page.wait_for_selector(selector, timeout=TIMEOUT)

    def bytes(self) -> tuple[int, int]:
        """Body bytes received so far: (page and its workers, service worker)."""
        return (sum(n for sw, n, _ in self.received if not sw and n > 0),
                sum(n for sw, n, _ in self.received if sw and n > 0))

    def close(self) -> None:
        self.context.close()


def click_play(profile: Profile, base: str) -> tuple[float, float]:
    """Start page -> Play (as soon as it can be clicked) -> board. Returns (clickable ms, board ms)."""
    wall = time.monotonic()
    page = profile.open(base)
    play = page.locator(PLAY)
    play.click(trial=True, timeout=TIMEOUT)  # waits until visible, enabled and stable
    clickable = page.evaluate(SINCE_START, None)
    play.click(timeout=TIMEOUT)
    page.wait_for_selector(PLAYING, timeout=TIMEOUT)
    board = profile.mark("board-ready")
    wall = (time.monotonic() - wall) * 1000
    if board > wall + 50:  # two documents' clocks disagree: better to know
        print(f"  warning: click row measured {board:.0f} ms, more than the {wall:.0f} ms it took",
              file=sys.stderr)
    return clickable, board


# ------------------------------------------------------------------ the runs
ROW_GROUPS = ("start", "warm", "click", "direct", "slow-click", "slow-direct")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default=",".join(ROW_GROUPS),
                        help=f"comma-separated rows to run, of: {', '.join(ROW_GROUPS)} (default: all)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--dist", type=Path, help="measure this built site instead of dist/ (implies --no-build)")
    args = parser.parse_args()
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = set(only) - set(ROW_GROUPS)
    if unknown:
        parser.error(f"unknown rows: {', '.join(sorted(unknown))}; choose from {', '.join(ROW_GROUPS)}")
    dist = args.dist or build.DIST
    if args.dist is None and (not args.no_build or not (dist / "manifest.json").exists()):
        build.build()
    executable = os.environ.get("CHROMIUM") or build.find_chromium() or "/usr/bin/chromium"
    fast = any(g in only for g in ("start", "warm", "click", "direct"))
    slow = any(g.startswith("slow-") for g in only)
    need_bare_warm = "start" in only or "warm" in only

    rows: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    phases: dict[str, list[dict]] = {}  # row name -> each run's PHASES
    first_visit: dict[str, int] = {}
    wasm: dict[str, list] = {}  # "[slow ]bare" / "[slow ]ours": ms the wasm took to arrive

    with tempfile.TemporaryDirectory() as tmp:
        files = prepare_site(dist, Path(tmp) / "site")
        bare_bytes = sum(len(b.gz or b.raw) for p, b in files.items() if p.startswith(BARE_DIR + "/"))
        fast_server, fast_base, fast_counter = serve(files, throttled=False)
        slow_server, slow_base, slow_counter = serve(files, throttled=True)
        profiles = iter(range(1_000_000))

        def profile() -> Profile:
            return Profile(pw, executable, Path(tmp) / f"profile-{next(profiles)}")

        with sync_playwright() as pw:
            for run in range(args.runs):
                this: dict[str, float] = {}

                def record(name: str, ms: float) -> None:
                    this[name] = ms
                    rows.setdefault(name, []).append(ms)

                def bare(base: str, prefix: str, warm: bool) -> None:
                    p = profile()
                    record(f"{prefix}bare cold", p.visit(base + "bench-bare.html"))
                    wasm.setdefault(f"{prefix}bare", []).append(p.wasm_ms)
                    if warm:
                        record(f"{prefix}bare warm", p.visit(base + "bench-bare.html"))
                    p.close()

                def start() -> None:
                    p = profile()
                    record("start cold", p.visit(fast_base))
                    p.settle('html[data-snapshot="stored"]')
                    p.settle('html[data-sw="controlled"]')
                    record("start snapshot", p.visit(fast_base))
                    phases.setdefault("start snapshot", []).append(p.phases())
                    record("return board", p.visit(fast_base + "play.html?game=hanamikoji", "board-ready", PLAYING))
                    phases.setdefault("return board", []).append(p.phases())
                    p.close()

                def warm() -> None:
                    p = profile()
                    p.visit(fast_base + "?snapshots=0")
                    p.settle('html[data-sw="controlled"]')
                    record("start warm", p.visit(fast_base + "?snapshots=0"))
                    p.close()

                def click(base: str, prefix: str, counter: list[int]) -> None:
                    p = profile()
                    served = counter[0]
                    clickable, board = click_play(p, base)
                    record(f"{prefix}click clickable", clickable)
                    record(f"{prefix}click board", board)
                    phases.setdefault(f"{prefix}click board", []).append({**p.phases(), "click": clickable})
                    wasm.setdefault(f"{prefix}ours", []).append(p.wasm_ms)
                    if not prefix and "boot" not in first_visit:
                        boot_at_board = p.bytes()[0]
                        sw_ready = p.page.evaluate(SW_READY)
                        time.sleep(1)  # the last answers' events
                        boot, precache = p.bytes()
                        first_visit.update(boot=boot, boot_at_board=boot_at_board, precache=precache,
                                           served=counter[0] - served, sw_ready=int(sw_ready))
                    p.close()

                def direct(base: str, prefix: str, games) -> None:
                    for game in games:
                        p = profile()
                        record(f"{prefix}direct {game}", p.visit(base + f"play.html?game={game}", "board-ready",
                                                                 PLAYING))
                        phases.setdefault(f"{prefix}direct {game}", []).append(p.phases())
                        p.close()

                ours = []
                if "start" in only:
                    ours.append(start)
                if "warm" in only:
                    ours.append(warm)
                if "click" in only:
                    ours.append(lambda: click(fast_base, "", fast_counter))
                if "direct" in only:
                    ours.append(lambda: direct(fast_base, "", GAMES))
                slow_ours = []
                if "slow-click" in only:
                    slow_ours.append(lambda: click(slow_base, "slow ", slow_counter))
                if "slow-direct" in only:
                    slow_ours.append(lambda: direct(slow_base, "slow ", GAMES[:1]))
                steps = []
                if fast:
                    steps += [lambda: bare(fast_base, "", need_bare_warm)] + ours
                if slow:
                    steps += [lambda: bare(slow_base, "slow ", False)] + slow_ours
                if run % 2:  # alternate: bare first, then bare last
                    steps.reverse()
                for step in steps:
                    step()
                for name, ms in this.items():
                    base_name = "slow bare cold" if name.startswith("slow ") else "bare cold"
                    if base_name in this:
                        ratios.setdefault(name, []).append(ms / this[base_name])
                print(f"run {run + 1}/{args.runs}: " + ", ".join(f"{k} {v:.0f}" for k, v in this.items()) + " ms",
                      file=sys.stderr, flush=True)
        fast_server.shutdown()
        slow_server.shutdown()
    report(args.runs, rows, ratios, first_visit, bare_bytes, wasm, files)
    report_phases(phases)


PHASE_COLUMNS = [
    ("click", "Play clicked"), ("began", "worker began"), ("read", "storage read (ms)"), ("check", "check (ms)"),
    ("memory", "memory ready"), ("wasm", "wasm answered"), ("compiled", "wasm compiled"), ("up", "Python up (restore)"),
    ("engine", "engine files imported"), ("ready", "engine-ready"), ("board", "first view (board)"),
]
PHASE_ROWS = [
    ("start snapshot", "return visit, start page"), ("return board", "return visit, Hanamikoji board"),
    ("click board", "new visitor: start page, click Play"),
    *[(f"direct {g}", f"direct link, {g}") for g in GAMES],
    ("slow click board", "throttled: start page, click Play"),
    *[(f"slow direct {g}", f"throttled: direct link, {g}") for g in GAMES],
]


def report_phases(phases: dict) -> None:
    """Each path's phases side by side: medians, ms since the visit's first navigation (durations where marked)."""
    shown = [(key, label) for key, label in PHASE_ROWS if key in phases]
    if not shown:
        return
    columns = [(key, label) for key, label in PHASE_COLUMNS
               if any(run.get(key) is not None for row, _ in shown for run in phases[row])]
    print("\nPhases (median ms since the visit's first navigation; storage read and check are durations; "
          "the worker's own clock is lined up with the page's by performance.timeOrigin):\n")
    print("| path | " + " | ".join(label for _, label in columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for key, label in shown:
        cells = []
        for column, _ in columns:
            values = [run[column] for run in phases[key] if run.get(column) is not None]
            cells.append(f"{statistics.median(values):.0f}" if values else "")
        print(f"| {label} | " + " | ".join(cells) + " |")


def report(runs: int, rows: dict, ratios: dict, first_visit: dict, bare_bytes: int, wasm: dict, files: dict) -> None:
    med = {k: statistics.median(v) for k, v in rows.items()}
    ratio = {k: statistics.median(v) for k, v in ratios.items()}
    lines = [
        ("bare cold", "bare `loadPyodide()`, cold (new profile)", ""),
        ("bare warm", "bare `loadPyodide()`, warm", ""),
        ("start cold", "start page to engine-ready, cold", ""),
        ("start warm", "start page to engine-ready, warm, snapshots off", ""),
        ("start snapshot", "return visit: start page to engine-ready (snapshot)", "at most 0.20x"),
        ("return board", "return visit: Hanamikoji board (snapshot)", "at most 0.25x"),
        ("click clickable", "new visitor: start page to Play clickable", ""),
        ("click board", "new visitor: start page, click Play, board", "at most 1.25x"),
        *[(f"direct {g}", f"direct link, {g} board", "at most 0.45x") for g in GAMES],
        ("slow bare cold", "throttled: bare `loadPyodide()`, cold", ""),
        ("slow click clickable", "throttled: start page to Play clickable", ""),
        ("slow click board", "throttled: start page, click Play, board", ""),
        *[(f"slow direct {g}", f"throttled: direct link, {g} board (first board)", "at most 1.0x") for g in GAMES],
    ]
    print(f"\nHeadless Chromium on localhost, gzip as GitHub Pages, median of {runs} run(s); "
          "ratios against bare cold of the same run and network (throttled: 10 Mbit/s, 40 ms)\n")
    print("| row | median (ms) | / bare cold | target | runs (ms) |")
    print("|---|---:|---:|---|---|")
    for key, label, target in lines:
        if key not in med:
            continue
        r = f"{ratio[key]:.2f}" if key in ratio else ""
        runs_text = ", ".join(f"{v:.0f}" for v in rows[key])
        if target.endswith("x") and key in ratio:
            target += " (met)" if ratio[key] <= float(target.split()[-1][:-1]) else " (missed)"
        elif target.endswith(" ms"):
            target += " (met)" if med[key] <= float(target.split()[-2]) else " (missed)"
        print(f"| {label} | {med[key]:.0f} | {r} | {target} | {runs_text} |")
    for prefix, network in (("", ""), ("slow ", "throttled: ")):
        click = rows.get(f"{prefix}click board")
        for game in GAMES:
            direct = rows.get(f"{prefix}direct {game}")
            if click and direct and len(click) == len(direct):
                per_run = [d / c for d, c in zip(direct, click)]
                verdict = "met" if statistics.median(per_run) <= 1.0 else "missed"
                print(f"{network}direct link to {game} / start page and Play, same runs: "
                      f"{', '.join(f'{r:.2f}' for r in per_run)} (median {statistics.median(per_run):.2f}; "
                      f"never slower: {verdict})")
    if "slow bare cold" in med:
        need = bare_bytes / DOWN * 1000
        least = min(rows["slow bare cold"])
        print(f"\nThrottle check: bare's {bare_bytes / 1e6:.2f} MB gzipped need {need:.0f} ms at 1.25 MB/s; "
              f"throttled bare cold took at least {least:.0f} ms"
              + (f", {med['slow bare cold'] - med['bare cold']:.0f} ms more than unthrottled (median)"
                 if "bare cold" in med else "") + ("." if least >= need else " -- THE THROTTLE DID NOT HOLD."))
        wasm_need = len(files[f"{BARE_DIR}/pyodide.asm.wasm"].gz) / DOWN * 1000
        for who, label in (("slow bare", "bare (the page fetches it)"), ("slow ours", "ours (the engine's worker)")):
            got = [ms for ms in wasm.get(who, []) if ms is not None and ms >= 0]
            if got:
                print(f"Throttled wasm download, {label}: {', '.join(f'{ms:.0f}' for ms in got)} ms "
                      f"(at least {wasm_need:.0f} ms at 1.25 MB/s"
                      + ("" if min(got) >= wasm_need * 0.98 else " -- NOT THROTTLED") + ")")
    if first_visit:
        fv = first_visit
        total = fv["boot"] + fv["precache"]
        print(f"\nFirst visit (new visitor clicks Play, until the service worker is active), response bodies as "
              f"transferred (gzip): boot {fv['boot'] / 1e6:.2f} MB (page and engine worker; "
              f"{fv['boot_at_board'] / 1e6:.2f} MB by the first board), service worker precache "
              f"{fv['precache'] / 1e6:.2f} MB, total {total / 1e6:.2f} MB (target at most 5.0 MB: "
              f"{'met' if total <= 5e6 else 'missed'}); "
              f"the server wrote {fv['served'] / 1e6:.2f} MB"
              + ("" if fv["sw_ready"] else "; the service worker did not become active within 90 s") + ".")


if __name__ == "__main__":
    main()
