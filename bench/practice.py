"""The practice positions (issue 41): are their answers sure, how fast does one show, how big
are the files?

    python bench/practice.py [GAME ...] [--jobs J] [--runtime cpython|pyodide|both] [--dist DIR]

GAME: hanamikoji, koikoi, hanabi (all three when none is named); the positions are
web/practice/<game>.json (made by train/practice.py). Three tables:

1. Agreement: every position is opened again (its save replayed, the deciding seat's
   observation) and the hint's own assessment made there again ("hint same": the hint gives
   the stored answer and values, so the data is what a player's hint would say); then its
   answer is checked by a THIRD assessment of that observation, with a seed independent of
   the hint's and of the maker's second (train/practice.py other_seed(..., "third")) at the
   largest budget (SPECS[game].third: the most worlds, and every legal action a candidate
   where the game's assess allows it; Hanabi 10 candidates). Printed: positions, how many the third
   assessment puts first too (the issue asks at least 95%), how many it puts ahead of every
   other by the margin as well, and the mean seconds of one third assessment.
2. Show: how long a position takes to show, in CPU seconds of the process: the bridge's
   "load" of its save with the player in its seat, then "view" of that seat (what the
   practice page sends), JSON text in and out, in CPython, and with `--runtime pyodide`
   in Pyodide under Node (tools/pyodide-node.mjs, the wheel and the positions from a built
   site: `--dist`, default dist/; build one with build.py first), what a player's browser runs.
   Then, untimed, the bridge's "hint" there: how many positions it answers with the answer
   (in Pyodide: the hint a player's browser gives).
3. Bytes: each file's size, raw and `gzip -9 -c`, and the three together.
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pygame_core import bridge  # noqa: E402

GAMES = ("hanamikoji", "koikoi", "hanabi")
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def practice_path(game: str, root: str) -> str:
    return os.path.join(root, "practice", f"{game}.json")


def positions_of(game: str, root: str) -> list[dict]:
    with open(practice_path(game, root)) as fh:
        return json.load(fh)["positions"]


def show_times(game: str, positions: list[dict]) -> tuple[list[float], int]:
    """CPU seconds per position for the bridge's load and view of the position's seat, and how
    many positions the bridge's own hint there (asked after the timing) answers with the answer."""
    times, hinted = [], 0
    for p in positions:
        start = time.process_time()
        reply = json.loads(bridge.handle(json.dumps({"cmd": "load", "game": game, "save": p["save"],
                                                     "human": p["seat"], "level": "normal"})))
        assert reply["ok"], reply
        sid = reply["data"]["session"]
        view = json.loads(bridge.handle(json.dumps({"cmd": "view", "session": sid, "seat": p["seat"]})))
        times.append(time.process_time() - start)
        assert view["ok"] and view["data"]["to_move"] == p["seat"], view
        hint = json.loads(bridge.handle(json.dumps({"cmd": "hint", "session": sid, "seat": p["seat"]})))
        hinted += hint["ok"] and hint["data"]["action"] == p["answer"]
        bridge.handle(json.dumps({"cmd": "close", "session": sid}))
    return times, hinted


def show_table(games: list[str], root: str) -> None:
    runtime = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"Show a position (bridge load + view, CPU s) in {runtime} {sys.version.split()[0]}, "
          f"and the bridge's hint there")
    print(f"{'game':<11} {'positions':>9} {'mean s':>8} {'p95 s':>8} {'max s':>8} {'hint = answer':>13}")
    for game in games:
        times, hinted = show_times(game, positions_of(game, root))
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"{game:<11} {len(times):>9} {sum(times) / len(times):>8.4f} {p95:>8.4f} {times[-1]:>8.4f} "
              f"{hinted:>13}", flush=True)


def third(job: tuple[str, dict]) -> tuple[bool, bool, bool, float]:
    """(the hint there gives the stored answer and values; the third assessment puts the answer
    first; and ahead of every other by the margin; the third assessment's CPU seconds)."""
    from pygame_core import coach, load_game
    from train.practice import SPECS, TOP, lead, other_seed

    game, p = job
    spec = SPECS[game]
    view = load_game(p["save"], game=game).observation(p["seat"])
    seed = coach.decision_seed(p["save"]["seed"], len(p["save"]["actions"]))
    hinted = coach.assess(game, view, seed=seed)
    same = (coach.hint(game, view, seed=seed)["action"] == p["answer"]
            and [{"action": e["action"], "value": round(e["value"], 3)} for e in hinted["values"][:TOP]] == p["values"])
    start = time.process_time()
    assessment = coach.assess(game, view, seed=other_seed(game, seed, "third"), **spec.third)
    spent = time.process_time() - start
    first = assessment["values"][0]["action"] == p["answer"]
    return same, first, first and lead(assessment) >= spec.margin - 1e-9, spent


def agreement_table(games: list[str], jobs: int) -> None:
    import multiprocessing

    from train.practice import SPECS

    print("The hint's own assessment, and a third (another seed, the largest budget), against the answer")
    print(f"{'game':<11} {'third budget':<36} {'positions':>9} {'hint same':>9} {'agree':>6} {'share':>7} "
          f"{'by margin':>9} {'s each':>7}")
    for game in games:
        positions = positions_of(game, os.path.join(ROOT, "web"))
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(third, [(game, p) for p in positions], chunksize=4)
        same = sum(r[0] for r in results)
        agree = sum(r[1] for r in results)
        clear = sum(r[2] for r in results)
        budget = ", ".join(f"{k} {'all' if v >= 1000 and k == 'candidates' else v}"
                           for k, v in SPECS[game].third.items())
        print(f"{game:<11} {budget:<36} {len(results):>9} {same:>9} {agree:>6} {agree / len(results):>7.1%} "
              f"{clear / len(results):>9.1%} {sum(r[3] for r in results) / len(results):>7.3f}", flush=True)


def gzipped_size(path: str) -> int:
    """The bytes of `gzip -9 -c path` (the gzip tool where there is one, else Python's own, which
    differs by a few bytes of header)."""
    import gzip
    import shutil
    import subprocess

    if shutil.which("gzip"):
        return len(subprocess.run(["gzip", "-9", "-c", path], check=True, capture_output=True).stdout)
    with open(path, "rb") as fh:
        return len(gzip.compress(fh.read(), compresslevel=9))


def bytes_table(games: list[str]) -> None:
    print("Bytes (gzip -9 -c)")
    print(f"{'file':<28} {'raw':>9} {'gzipped':>9}")
    raw_total = packed_total = 0
    for game in games:
        path = practice_path(game, os.path.join(ROOT, "web"))
        raw, packed = os.path.getsize(path), gzipped_size(path)
        raw_total += raw
        packed_total += packed
        print(f"{'web/practice/' + game + '.json':<28} {raw:>9} {packed:>9}")
    print(f"{'together':<28} {raw_total:>9} {packed_total:>9}", flush=True)


def in_pyodide(games: list[str], dist: str) -> None:
    """This script inside Pyodide under Node, as the site's worker boots it (the wheel and the
    positions from the built site `dist`, mounted there at /dist)."""
    import shutil
    import subprocess

    if not os.path.exists(os.path.join(dist, "manifest.json")):
        sys.exit(f"practice.py: {dist} is no built site; run build.py first")
    node = shutil.which("node") or sys.exit("Node.js is needed for the Pyodide run")
    subprocess.run([node, os.path.join(ROOT, "tools", "pyodide-node.mjs"), dist, "run", os.path.abspath(__file__),
                    *games, "--runtime", "here"], check=True)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if sys.platform == "emscripten":
        # Inside Pyodide (in_pyodide's own call: GAME ... --runtime here); the site's trimmed
        # standard library has no argparse. The built site is mounted at /dist.
        show_table(argv[:argv.index("--runtime")], "/dist")
        return
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the third assessments")
    parser.add_argument("--runtime", choices=["cpython", "pyodide", "both"], default="cpython",
                        help="where the show table runs")
    parser.add_argument("--dist", default=os.path.join(ROOT, "dist"), help="the built site for --runtime pyodide")
    parser.add_argument("--no-agreement", action="store_true", help="skip the third assessments")
    args = parser.parse_args(argv)
    games = args.games or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"no practice positions for {', '.join(unknown)} (games: {', '.join(GAMES)})")
    if not args.no_agreement:
        agreement_table(games, args.jobs)
    if args.runtime in ("cpython", "both"):
        show_table(games, os.path.join(ROOT, "web"))
    if args.runtime in ("pyodide", "both"):
        in_pyodide(games, args.dist)
    bytes_table(games)


if __name__ == "__main__":
    main()
