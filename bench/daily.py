"""The deal of the day's par (issue 42): how long the strongest level takes to play a day's deal, as the
page drives it (bridge "daily_par" calls until done), per game.

    python bench/daily.py [--days N] [--first 2026-03-01] [--runtime cpython|pyodide|both]

For each game and each of N dates from --first on, the par is played through the bridge as the page
plays it, one "daily_par" call after another; the table gives the whole par's time (mean and max
over the days), the longest single call (each must stay well under a second, so the page's deadlines
hold and the engine is never blocked long), the calls and the moves. `--runtime pyodide` runs this
very script in Pyodide under Node (tools/pyodide-node.mjs, with the wheel from dist/; build it first,
or give --dist).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pygame_core import bridge  # noqa: E402
from pygame_core.daily import DAILY_GAMES  # noqa: E402

PYODIDE = sys.platform == "emscripten"


def dates(first: str, n: int) -> list[str]:
    """n dates from `first` on (a plain calendar walk: the site's trimmed library has no datetime)."""
    year, month, day = (int(x) for x in first.split("-"))
    out = []
    for _ in range(n):
        out.append(f"{year:04d}-{month:02d}-{day:02d}")
        length = 29 if month == 2 and year % 4 == 0 and (year % 100 or year % 400 == 0) else \
            28 if month == 2 else 30 if month in (4, 6, 9, 11) else 31
        day += 1
        if day > length:
            day, month = 1, month + 1
            if month > 12:
                month, year = 1, year + 1
    return out


def par(game: str, date: str) -> dict[str, float]:
    """The par of one day as the page plays it: total seconds, the longest call, calls, moves."""
    calls, longest, start = 0, 0.0, time.perf_counter()
    while True:
        t0 = time.perf_counter()
        reply = json.loads(bridge.handle(json.dumps({"cmd": "daily_par", "game": game, "date": date})))
        longest = max(longest, time.perf_counter() - t0)
        calls += 1
        assert reply["ok"], reply
        if reply["data"]["done"]:
            return {"total": time.perf_counter() - start, "longest": longest, "calls": calls,
                    "moves": reply["data"]["move"]}


def report(days: int, first: str) -> None:
    runtime = "Pyodide" if PYODIDE else "CPython"
    print(f"{runtime} {sys.version.split()[0]}: the par of {days} days from {first}, per game", flush=True)
    print(f"{'game':<11} {'days':>4} {'mean s':>7} {'max s':>7} {'longest call s':>15} {'calls':>6} {'moves':>6}")
    for game in DAILY_GAMES:
        runs = [par(game, d) for d in dates(first, days)]
        n = len(runs)
        print(f"{game:<11} {n:>4} {sum(r['total'] for r in runs) / n:7.2f} {max(r['total'] for r in runs):7.2f} "
              f"{max(r['longest'] for r in runs):15.3f} {sum(r['calls'] for r in runs) / n:6.1f} "
              f"{sum(r['moves'] for r in runs) / n:6.1f}", flush=True)


def in_pyodide(days: int, first: str, dist: str) -> None:
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if not os.path.exists(os.path.join(dist, "manifest.json")):
        sys.exit(f"daily: {dist} has no built site; run 'python build.py build' first")
    node = shutil.which("node") or sys.exit("daily: Node.js is needed for the Pyodide run")
    subprocess.run([node, os.path.join(root, "tools", "pyodide-node.mjs"), dist, "run", os.path.abspath(__file__),
                    str(days), first], check=True)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if PYODIDE:  # in_pyodide's own call: DAYS FIRST (the trimmed standard library has no argparse)
        report(int(argv[0]), argv[1])
        return
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--days", type=int, default=10)
    parser.add_argument("--first", default="2026-03-01")
    parser.add_argument("--runtime", choices=["cpython", "pyodide", "both"], default="both")
    parser.add_argument("--dist", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "dist"))
    args = parser.parse_args(argv)
    if args.runtime in ("cpython", "both"):
        report(args.days, args.first)
    if args.runtime in ("pyodide", "both"):
        in_pyodide(args.days, args.first, args.dist)


if __name__ == "__main__":
    main()
