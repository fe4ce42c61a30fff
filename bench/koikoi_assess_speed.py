#!/usr/bin/env python3
"""How long the coach takes to review a whole Koi-Koi match, and how steady its verdicts are.

    python bench/koikoi_assess_speed.py [--matches 3] [--rounds 6] [--budgets 8x160,5x40] [--runtime cpython|pyodide|both]

Plays each match hard (seat 0) against normal (seat 1), then reviews every decision
of seat 0 as the bridge's `review` does (assess with the played action, judge, why),
once for each budget CANDIDATESxWORLDS (a koi-koi call gets 3x the worlds). The
issue's target: a whole review of a six-round match in at most 20 s in Pyodide under
Node. `--runtime pyodide` runs this script in Pyodide under Node (tools/pyodide-node.mjs,
with the wheel from dist/: build it first), timings only.

Columns: mean and max seconds per decision; the slowest match's total; `60 dec.`: a
long match of 60 decisions at the mean rate. Times are CPU seconds of the process (in
Pyodide, Node's), so other work on a shared machine does not inflate them.

Steadiness (CPython): every decision is reviewed a second time with another seed; the
table counts the decisions whose verdict changed, those where it changed between a fine
one (best, good) and a faulty one (inaccuracy and worse), and those where the first
run's best choice loses 0.01 or more in the second (two choices of equal worth swapping
places do not count).

Measured 2026-12-03 (4 matches, 140 decisions of 1-10 legal actions; 47 was the most
decisions of one seat in 16 such matches):

    runtime  budget  mean s  max s  match s  60 dec.  verdict changed  fine<->faulty  best differs
    CPython   8x160   0.069  0.216     2.61     4.16           17/140          1/140         9/140
    CPython   5x160   0.067  0.147     2.64     4.02           17/140          1/140         9/140
    CPython   5x320   0.123  0.274     4.87     7.41           13/140          0/140         5/140
    CPython    4x80   0.026  0.064     0.97     1.58           22/140          5/140        18/140
    CPython    5x40   0.015  0.037     0.61     0.92           30/140         10/140        28/140
    Pyodide   8x160   0.178  0.544     6.73    10.70
    Pyodide   5x160   0.135  0.361     5.38     8.13

Pyodide under Node ran about 2.1-2.6x slower than CPython 3.11 here (not 1.6x). The
coach plays 8x160 (assess.py): nearly every legal choice is valued, a long match's
review stays near half the target, and verdicts that change with the seed change
mostly between best and good (a loss near 0.01).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core.coach import judge  # noqa: E402
from pygame_core.koikoi import assess as coach  # noqa: E402
from pygame_core.koikoi.bots import KoiKoiBot  # noqa: E402

FINE = ("best", "good")
PYODIDE = sys.platform == "emscripten"


def clock() -> float:
    """CPU seconds of this process: Python's own, or in Pyodide the Node process's."""
    if PYODIDE:
        from js import process  # Pyodide under Node: the host's process object

        used = process.cpuUsage()
        return (used.user + used.system) / 1e6
    return time.process_time()


def decisions(seed: int, rounds: int) -> list[tuple[dict, dict]]:
    """(observation, action played) of every decision of seat 0 in a match hard vs normal."""
    game = pygame_core.new_game("koikoi", seed=seed, options={"rounds": rounds})
    bots = [KoiKoiBot("hard", seed=seed), KoiKoiBot("normal", seed=seed + 1)]
    out = []
    while not game.is_over:
        seat = game.current_player
        view = game.observation(seat)
        action = bots[seat].choose(view)
        if seat == 0:
            out.append((view, action))
        game.apply(action)
    return out


def review(view: dict, played: dict, seed: int, candidates: int, worlds: int) -> tuple[dict, dict, float]:
    """(the assessment, the verdict on `played`, the seconds it took)."""
    start = clock()
    assessment = coach.assess(view, seed=seed, played=played, candidates=candidates, worlds=worlds)
    verdict = judge(assessment, played)
    coach.why(view, verdict["best"])
    return assessment, verdict, clock() - start


def report(matches: int, rounds: int, budgets: list[tuple[int, int]], steady: bool) -> None:
    games = [decisions(1000 + m, rounds) for m in range(matches)]
    runtime = "Pyodide" if PYODIDE else "CPython"
    print(f"{runtime} {sys.version.split()[0]}: {matches} matches of {rounds} rounds, hard vs normal; "
          f"seat 0's decisions: {', '.join(str(len(g)) for g in games)}")
    head = f"{'budget':>8} {'mean s':>7} {'max s':>7} {'match s':>8} {'60 dec.':>8}"
    print(head + (f" {'verdict changed':>16} {'fine<->faulty':>14} {'best differs':>13}" if steady else ""))
    for candidates, worlds in budgets:
        times, totals, changed, crossed, differs = [], [], 0, 0, 0
        for m, match in enumerate(games):
            total = 0.0
            for i, (view, played) in enumerate(match):
                _, first, spent = review(view, played, 1009 * m + i, candidates, worlds)
                times.append(spent)
                total += spent
                if steady:
                    again, second, _ = review(view, played, 1009 * m + i + 1_000_000, candidates, worlds)
                    changed += first["verdict"] != second["verdict"]
                    crossed += (first["verdict"] in FINE) != (second["verdict"] in FINE)
                    differs += judge(again, first["best"])["loss"] >= 0.01
            totals.append(total)
        n, mean = len(times), sum(times) / len(times)
        line = f"{f'{candidates}x{worlds}':>8} {mean:7.3f} {max(times):7.3f} {max(totals):8.2f} {60 * mean:8.2f}"
        if steady:
            line += f" {changed:>9}/{n:<6} {crossed:>7}/{n:<6} {differs:>6}/{n:<6}"
        print(line, flush=True)


def in_pyodide(matches: int, rounds: int, budgets: str) -> None:
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    dist = os.path.join(root, "dist")
    if not os.path.exists(os.path.join(dist, "manifest.json")):
        sys.exit("koikoi_assess_speed: dist/ is missing; run 'python build.py build' first")
    node = shutil.which("node") or sys.exit("koikoi_assess_speed: Node.js is needed for the Pyodide run")
    subprocess.run([node, os.path.join(root, "tools", "pyodide-node.mjs"), dist, "run", os.path.abspath(__file__),
                    str(matches), str(rounds), budgets], check=True)


def parse_budgets(text: str) -> list[tuple[int, int]]:
    return [(int(c), int(w)) for c, w in (b.split("x") for b in text.split(","))]


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if PYODIDE:
        # in_pyodide's own call: MATCHES ROUNDS BUDGETS (the site's trimmed standard library has no argparse).
        report(int(argv[0]), int(argv[1]), parse_budgets(argv[2]), steady=False)
        return
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--budgets", default=f"{coach.CANDIDATES}x{coach.WORLDS}", help="CANDIDATESxWORLDS,...")
    parser.add_argument("--runtime", choices=["cpython", "pyodide", "both"], default="cpython")
    args = parser.parse_args(argv)
    if args.runtime in ("cpython", "both"):
        report(args.matches, args.rounds, parse_budgets(args.budgets), steady=True)
    if args.runtime in ("pyodide", "both"):
        in_pyodide(args.matches, args.rounds, args.budgets)


if __name__ == "__main__":
    main()
