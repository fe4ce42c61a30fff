#!/usr/bin/env python3
"""Load time of the site in headless Chromium, beside bare Pyodide from the same files.

    python bench/load.py [--runs 5]

Measures navigation -> performance.mark("engine-ready") on
  ours: the real start page (worker boots Pyodide, micropip installs the wheel,
        the bridge answers `version`), and
  bare: a page that only calls loadPyodide() from the same dist/pyodide/ files,
each cold (a new browser profile) and warm (the same profile, second visit),
alternating ours and bare in every run. The server sends Cache-Control
max-age=600, as GitHub Pages does. Prints medians, the ratio ours/bare and the
bytes a first visit transfers. Run it with the test venv's Python
(.venv/bin/python), which has Playwright.
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


def visit(pw, executable: str, profile: Path, url: str) -> tuple[float, dict, int]:
    """One navigation in the given profile: (ms to engine-ready, worker timings, bytes received)."""
    context = pw.chromium.launch_persistent_context(str(profile), executable_path=executable, args=ARGS)
    received = []
    context.on("requestfinished", lambda r: received.append(r.sizes()["responseBodySize"]))
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('html[data-engine="ready"]', timeout=120_000)
    entry = page.evaluate(
        "(() => { const e = performance.getEntriesByName('engine-ready')[0];"
        " const s = performance.getEntriesByName('engine-start')[0];"
        " return {t: e.startTime, detail: {...(e.detail || {}), start: s ? s.startTime : 0}}; })()"
    )
    context.close()
    return entry["t"], entry["detail"], sum(received)


def gzip_size(root: Path, paths: list[str]) -> int:
    return sum(len(gzip.compress((root / p).read_bytes(), 6)) for p in paths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args()
    if not args.no_build or not (build.DIST / "manifest.json").exists():
        build.build()
    executable = os.environ.get("CHROMIUM") or build.find_chromium() or "/usr/bin/chromium"

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(build.DIST, site)
        (site / "bench-bare.html").write_text(BARE_HTML)
        (site / "bench-bare.js").write_text(BARE_JS)
        server = build.make_server(site, base="/bench/", port=0, max_age=600, quiet=True, csp=False)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        host, port = server.server_address[:2]
        urls = {"ours": f"http://{host}:{port}/bench/", "bare": f"http://{host}:{port}/bench/bench-bare.html"}
        times = {(kind, temp): [] for kind in urls for temp in ("cold", "warm")}
        details: list[dict] = []
        first_visit_bytes = {}
        with sync_playwright() as pw:
            for run in range(args.runs):
                order = ["ours", "bare"] if run % 2 == 0 else ["bare", "ours"]
                for kind in order:
                    profile = Path(tmp) / f"profile-{kind}-{run}"
                    cold, detail, nbytes = visit(pw, executable, profile, urls[kind])
                    warm, _, _ = visit(pw, executable, profile, urls[kind])
                    times[(kind, "cold")].append(cold)
                    times[(kind, "warm")].append(warm)
                    first_visit_bytes.setdefault(kind, nbytes)
                    if kind == "ours":
                        details.append(detail)
                print(f"run {run + 1}/{args.runs}: " + ", ".join(
                    f"{k}/{t} {v[-1]:.0f} ms" for (k, t), v in times.items()), file=sys.stderr)
        server.shutdown()

        manifest = build.json.loads((build.DIST / "manifest.json").read_text())
        boot_gzip = gzip_size(build.DIST, manifest["boot"])

    med = {key: statistics.median(values) for key, values in times.items()}
    print(f"\nLoad time to engine-ready, headless Chromium on localhost, median of {args.runs} runs\n")
    print("| visit | ours (ms) | bare loadPyodide (ms) | ours / bare |")
    print("|---|---:|---:|---:|")
    for temp in ("cold", "warm"):
        ours, bare = med[("ours", temp)], med[("bare", temp)]
        print(f"| {temp} | {ours:.0f} | {bare:.0f} | {ours / bare:.2f} |")
    phases = {k: statistics.median(d.get(k, 0) for d in details) for k in ("start", "runtime", "micropip", "install", "engine")}
    print("\nOur boot, cold, median ms (worker phases count from the worker's start): "
          + ", ".join(f"{k} {v:.0f}" for k, v in phases.items())
          + " (start: the page creates the worker, ms since navigation; runtime: Pyodide + micropip wheel loaded; micropip: imported; install: wheel installed;"
            " engine: bridge answered)")
    print(f"First visit transfers: ours {first_visit_bytes['ours'] / 1e6:.2f} MB, "
          f"bare {first_visit_bytes['bare'] / 1e6:.2f} MB (uncompressed, as this server sends them); "
          f"the boot files gzip to {boot_gzip / 1e6:.2f} MB, as GitHub Pages would send them.")


if __name__ == "__main__":
    main()
