#!/usr/bin/env python3
"""Return visits of two (or more) builds, in the same runs: A/B for a change to how the engine boots.

    .venv/bin/python bench/load_ab.py DIST_A,DIST_B RUNS VISITS

Each build gets one fresh profile: a first visit to the Hanamikoji board, then (once its
snapshot is stored and its service worker controls the page) RUNS x VISITS return visits to the
board, the builds taking turns in each run (alternating which goes first), each run beside a bare
cold Pyodide boot (bench/load.py's bench-bare.html). Prints every visit's board and engine-ready
(ms since navigation) with the worker's own phases, then per build the medians in ms and as a
ratio to bare cold. To compare one change, build the tree twice, with and without it.
"""
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT)); sys.path.insert(0, str(ROOT / "bench"))
import load as L
from playwright.sync_api import sync_playwright
PH = """() => { const m = (n) => { const e = performance.getEntriesByName(n); return e.length ? Math.round(e[e.length-1].startTime) : null; };
  const er = performance.getEntriesByName("engine-ready"); const t = er.length ? er[er.length-1].detail : null;
  return {ready: m("engine-ready"), board: m("board-ready"), t: t ? Object.fromEntries(Object.entries(t).filter(([k,v]) => typeof v === "number" && k !== "began").map(([k,v]) => [k, Math.round(v)])) : null}; }"""
dists = [Path(d) for d in sys.argv[1].split(",")]; runs = int(sys.argv[2]); R = int(sys.argv[3])
res = {}
with tempfile.TemporaryDirectory() as tmp:
    bases = []
    for i, d in enumerate(dists):
        files = L.prepare_site(d, Path(tmp) / f"site{i}")
        server, base, _ = L.serve(files, throttled=False)
        bases.append(base)
    n = [0]
    def prof():
        n[0] += 1
        return L.Profile(pw, "/usr/bin/chromium", Path(tmp) / f"p{n[0]}")
    with sync_playwright() as pw:
        profiles = []
        for i, d in enumerate(dists):
            p = prof(); p.visit(bases[i] + "play.html?game=hanamikoji", "board-ready", L.PLAYING)
            p.settle('html[data-snapshot="stored"]'); p.settle('html[data-sw="controlled"]')
            profiles.append(p)
        for run in range(runs):
            p = prof(); bare = p.visit(bases[0] + "bench-bare.html"); p.close()
            res.setdefault("bare", []).append(bare)
            order = list(range(len(dists))) if run % 2 == 0 else list(range(len(dists)))[::-1]
            for i in order:
                for r in range(R):
                    rb = profiles[i].visit(bases[i] + "play.html?game=hanamikoji", "board-ready", L.PLAYING)
                    ph = profiles[i].page.evaluate(PH)
                    res.setdefault((i, "board"), []).append(rb / bare)
                    res.setdefault((i, "ready"), []).append(ph["ready"] / bare)
                    res.setdefault((i, "board ms"), []).append(rb)
                    res.setdefault((i, "ready ms"), []).append(ph["ready"])
                    print(f"run {run} {dists[i].name}: bare {bare:.0f} board {rb:.0f} ready {ph['ready']} {ph['t']}", flush=True)
print("bare median", statistics.median(res.pop("bare")))
for k, v in sorted(res.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    print(dists[k[0]].name, k[1], "median %.2f" % statistics.median(v), "mean %.2f" % statistics.mean(v))
