#!/usr/bin/env python3
"""Load time of the site in headless Chromium, beside bare Pyodide from the same files.

    .venv/bin/python bench/load.py [--runs 5]

Measures navigation -> performance.mark("engine-ready") for
  ours: the real start page (worker boots Pyodide, unpacks the wheel, the
        bridge answers `version`), and
  bare: a page that only calls loadPyodide() from the same dist/pyodide/ files,
on a cold visit (a new browser profile), a warm visit without a snapshot
(same profile, snapshots off), and a warm visit with the engine's memory
snapshot; plus navigation -> performance.mark("board-ready") of the
Hanamikoji page on a return visit. Each run uses fresh profiles and
alternates ours and bare. The server sends Cache-Control max-age=600, as
GitHub Pages does; the service worker serves return visits, as it does for
players. Prints medians and ratios, and the bytes a first visit transfers.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

BARE_HTML = """<!doctype html><html data-engine="loading"><head><meta charset="utf-8">
<title>bare pyodide</title><script type="module" src="bench-bare.js"></script></head>
<body>bare loadPyodide()</body></html>
"""
BARE_JS = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", location.href).href;
await loadPyodide({ indexURL, packageBaseUrl: indexURL });
performance.mark("engine-ready");
document.documentElement.dataset.engine = "ready";
"""
ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-quic"]
MARK = "(name) => { const e = performance.getEntriesByName(name)[0]; return e ? e.startTime : null; }"


class Profile:
    """A persistent browser profile: visits in it share caches, storage and the service worker."""

    def __init__(self, pw, executable: str, folder: Path) -> None:
        self.context = pw.chromium.launch_persistent_context(str(folder), executable_path=executable, args=ARGS)
        self.received: list[int] = []
        self.context.on("requestfinished", self._count)

    def _count(self, request) -> None:
        try:
            self.received.append(request.sizes()["responseBodySize"])
        except Exception:  # the profile closed while the answer was on its way
            pass

    def visit(self, url: str, mark: str = "engine-ready", wait: str = 'html[data-engine="ready"]') -> float:
        page = self.context.new_page()
        page.goto(url)
        page.wait_for_selector(wait, timeout=120_000)
        ms = page.evaluate(MARK, mark)
        self.last = page
        return ms

    def settle(self, selector: str) -> None:
        self.last.wait_for_selector(selector, timeout=120_000)

    def close(self) -> None:
        self.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args()
    if not args.no_build or not (build.DIST / "manifest.json").exists():
        build.build()
    executable = os.environ.get("CHROMIUM") or build.find_chromium() or "/usr/bin/chromium"
    rows = {k: [] for k in ("ours cold", "ours warm", "ours snapshot", "bare cold", "bare warm", "board")}
    first_visit = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(build.DIST, site)
        (site / "bench-bare.html").write_text(BARE_HTML)
        (site / "bench-bare.js").write_text(BARE_JS)
        server = build.make_server(site, base="/bench/", port=0, max_age=600, quiet=True, csp=False)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/bench/"
        with sync_playwright() as pw:
            for run in range(args.runs):
                def ours_plain() -> None:
                    p = Profile(pw, executable, Path(tmp) / f"plain-{run}")
                    p.visit(base + "?snapshots=0")
                    p.settle('html[data-sw="controlled"]')
                    rows["ours warm"].append(p.visit(base + "?snapshots=0"))
                    p.close()

                def ours_snapshot() -> None:
                    p = Profile(pw, executable, Path(tmp) / f"snap-{run}")
                    rows["ours cold"].append(p.visit(base))
                    first_visit.setdefault("ours", sum(p.received))
                    p.settle('html[data-snapshot="stored"]')
                    p.settle('html[data-sw="controlled"]')
                    rows["ours snapshot"].append(p.visit(base))
                    rows["board"].append(p.visit(base + "play.html?game=hanamikoji", "board-ready",
                                                 'html[data-game-state="playing"]'))
                    p.close()

                def bare() -> None:
                    p = Profile(pw, executable, Path(tmp) / f"bare-{run}")
                    rows["bare cold"].append(p.visit(base + "bench-bare.html"))
                    first_visit.setdefault("bare", sum(p.received))
                    rows["bare warm"].append(p.visit(base + "bench-bare.html"))
                    p.close()

                order = [ours_snapshot, bare, ours_plain] if run % 2 == 0 else [bare, ours_plain, ours_snapshot]
                for step in order:
                    step()
                print(f"run {run + 1}/{args.runs}: " + ", ".join(f"{k} {v[-1]:.0f} ms" for k, v in rows.items()),
                      file=sys.stderr, flush=True)
        server.shutdown()
    manifest = build.json.loads((build.DIST / "manifest.json").read_text())
    boot_gzip = sum(len(gzip.compress((build.DIST / p).read_bytes(), 6)) for p in manifest["boot"])

    med = {k: statistics.median(v) for k, v in rows.items()}
    print(f"\nNavigation to engine-ready, headless Chromium on localhost, median of {args.runs} runs\n")
    print("| visit | ours (ms) | bare loadPyodide (ms) | ours / bare |")
    print("|---|---:|---:|---:|")
    print(f"| cold (new profile) | {med['ours cold']:.0f} | {med['bare cold']:.0f} | {med['ours cold'] / med['bare cold']:.2f} |")
    print(f"| warm, no snapshot | {med['ours warm']:.0f} | {med['bare warm']:.0f} | {med['ours warm'] / med['bare warm']:.2f} |")
    print(f"| warm, with snapshot | {med['ours snapshot']:.0f} | {med['bare warm']:.0f} | {med['ours snapshot'] / med['bare warm']:.2f} |")
    print(f"\nWarm with snapshot / bare cold: {med['ours snapshot'] / med['bare cold']:.2f} (target at most 0.35)")
    print(f"Return visit, navigation to the first Hanamikoji board: {med['board']:.0f} ms (target at most 1000)")
    print(f"First visit transfers: ours {first_visit['ours'] / 1e6:.2f} MB, bare {first_visit['bare'] / 1e6:.2f} MB "
          f"(uncompressed, as this server sends them; the service worker's precache included); "
          f"the boot files gzip to {boot_gzip / 1e6:.2f} MB, as GitHub Pages would send them.")


if __name__ == "__main__":
    main()
