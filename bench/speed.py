"""AI decision time per level: p50 / p95 / max over positions from real games.

    python bench/speed.py hanamikoji [--positions N] [--runtime cpython|pyodide|both]

`positions(game, n)` collects n decision points from games played by the
normal bot; `measure(game, level, n)` times one `choose` call of a fresh,
seeded bot on each and returns the statistics. Both are meant to be reused
by a Pyodide-under-Node runner, so they use nothing beyond the engine:
`--runtime pyodide` runs this very script inside Pyodide under Node
(tools/pyodide-node.mjs, with the wheel from dist/; build it first).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core.protocol import game_info  # noqa: E402


def positions(game: str, n: int, seed: int = 1) -> list[dict[str, Any]]:
    """n observations at real decision points of normal-vs-normal games (forced
    moves, with a single legal action, are skipped: they cost nothing)."""
    out: list[dict[str, Any]] = []
    index = 0
    while len(out) < n:
        g = pygame_core.new_game(game, seed=seed * 7919 + index)
        bot = pygame_core.new_bot(game, level="normal", seed=index)
        while not g.is_over and len(out) < n:
            view = g.observation(g.current_player)
            if len(view["legal_actions"]) > 1:
                out.append(view)
            g.apply(bot.choose(view))
        index += 1
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def measure(game: str, level: str, n: int, views: list[dict[str, Any]] | None = None) -> dict[str, float]:
    """Seconds per decision of `level` over n positions: p50, p95, max, mean."""
    views = views if views is not None else positions(game, n)
    times = []
    for i, view in enumerate(views[:n]):
        bot = pygame_core.new_bot(game, level=level, seed=i)
        start = time.perf_counter()
        bot.choose(view)
        times.append(time.perf_counter() - start)
    return {"n": len(times), "p50": percentile(times, 0.5), "p95": percentile(times, 0.95),
            "max": max(times), "mean": sum(times) / len(times)}


def report(game: str, n: int) -> None:
    """Time every level here, in whatever Python runs this script."""
    runtime = "Pyodide" if sys.platform == "emscripten" else "CPython"
    views = positions(game, n)
    print(f"{game}: AI decision time in {runtime} {sys.version.split()[0]}, {len(views)} positions")
    print(f"{'level':<8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'mean ms':>8}")
    for level in game_info(game).levels:
        r = measure(game, level, len(views), views)
        print(f"{level:<8} {r['p50'] * 1e3:>8.1f} {r['p95'] * 1e3:>8.1f} {r['max'] * 1e3:>8.1f} {r['mean'] * 1e3:>8.1f}",
              flush=True)


def pyodide_run(script: str, args: list[str]) -> None:
    """Run `script` with `args` inside Pyodide under Node, as the site's worker boots it
    (tools/pyodide-node.mjs, the wheel from dist/)."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    dist = os.path.join(root, "dist")
    if not os.path.exists(os.path.join(dist, "manifest.json")):
        sys.exit(f"{os.path.basename(script)}: dist/ is missing; run 'python build.py build' first")
    node = shutil.which("node") or sys.exit("Node.js is needed for the Pyodide run")
    subprocess.run([node, os.path.join(root, "tools", "pyodide-node.mjs"), dist, "run", os.path.abspath(script),
                    *args], check=True)


def in_pyodide(game: str, n: int) -> None:
    pyodide_run(__file__, [game, "--positions", str(n), "--runtime", "here"])


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if sys.platform == "emscripten":
        # Inside Pyodide (in_pyodide's own call: GAME --positions N --runtime here). The site's
        # trimmed standard library has no argparse, so the arguments are read by position.
        report(argv[0], int(argv[argv.index("--positions") + 1]))
        return
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--runtime", choices=["cpython", "pyodide", "both", "here"], default="both")
    args = parser.parse_args(argv)
    if args.runtime in ("cpython", "both", "here"):
        report(args.game, args.positions)
    if args.runtime in ("pyodide", "both"):
        print()
        in_pyodide(args.game, args.positions)


if __name__ == "__main__":
    main()
