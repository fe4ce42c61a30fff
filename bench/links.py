"""How long are the links of real games (issue 42), and how fast are they read?

    python bench/links.py [--games N] [--seed S] [--jobs J] [--runtime cpython|pyodide|both] [--dist DIR]

Plays N games per configuration with the bots at the strongest levels (Hanamikoji and
Koi-Koi: expert against expert; Hanabi: hard teammates), seeds drawn from 0..2**53-1,
seat 0 counted as the person's, and makes each game's link (pygame_core/links.py, "game",
opened at its last move) and one challenge link per game. Prints the link lengths per
configuration (median, 95th percentile, longest, in characters: what a messaging app
has to keep whole) with the game's moves, then the time the bridge's "read_link" takes to
read each link back (JSON text in and out; it replays the game move by move), in CPython
and, with `--runtime pyodide`, in Pyodide under Node (tools/pyodide-node.mjs, from a built
site: `--dist`, default dist/; the links are handed over on the command line).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pygame_core import bridge, links, new_bot, new_game  # noqa: E402
from pygame_core.protocol import MAX_SEED  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CONFIGS: list[tuple[str, str, dict, str]] = [  # label, game, options, level
    ("Hanamikoji", "hanamikoji", {}, "expert"),
    ("Koi-Koi 3 rounds", "koikoi", {"rounds": 3}, "expert"),
    ("Koi-Koi 6 rounds", "koikoi", {"rounds": 6}, "expert"),
    ("Koi-Koi 12 rounds", "koikoi", {"rounds": 12}, "expert"),
    ("Hanabi 2 players", "hanabi", {"players": 2}, "hard"),
    ("Hanabi 3 players", "hanabi", {"players": 3}, "hard"),
    ("Hanabi 4 players", "hanabi", {"players": 4}, "hard"),
    ("Hanabi 5 players", "hanabi", {"players": 5}, "hard"),
]


def call(request: dict) -> dict:
    reply = bridge.call(request)
    assert reply["ok"], reply
    return reply["data"]


def one_game(job: tuple[int, str, dict, str, int]) -> tuple[int, int, str, str, str, int]:
    """(config index, moves, game link, the same without the AI's explanations, challenge link,
    explanations) of one bot game. The computer's seats move through the bridge, as on the page,
    so their explanations are kept as the person in seat 0 was shown them; seat 0 is a bot too."""
    index, name, options, level, seed = job
    players = options.get("players", 2)
    seats = ["human"] + [level] * (players - 1)
    view = call({"cmd": "new", "game": name, "seed": seed, "options": options, "seats": seats})
    sid = view["session"]
    person = new_bot(name, level=level, seed=seed % (MAX_SEED + 1))
    while not view["is_over"]:
        if view["waiting_for"] == "bot":
            view = call({"cmd": "bot", "session": sid, "seat": 0, "move": view["move"]})["view"]
        else:
            view = call({"cmd": "apply", "session": sid, "seat": 0, "move": view["move"],
                         "action": person.choose(view["observation"])})
    text = call({"cmd": "link", "session": sid, "seat": 0, "kind": "game"})["link"]
    challenge = call({"cmd": "link", "session": sid, "seat": 0, "kind": "challenge"})["link"]
    session = bridge._sessions[sid]
    bare = links.make_link(links.Link("game", session.game, session.seats, 0, names=session.names,
                                      assists=dict(session.assists), at=session.game.move_number))
    notes = len(session.notes_for(0))
    call({"cmd": "close", "session": sid})
    return index, session.game.move_number, text, bare, challenge, notes


def median(values: list[float]) -> float:
    """The middle value (the mean of the two middle ones); Pyodide's standard library has no statistics."""
    ordered, half = sorted(values), len(values) // 2
    return ordered[half] if len(values) % 2 else (ordered[half - 1] + ordered[half]) / 2


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def read_times(batches: list[tuple[str, str, list[str]]]) -> list[tuple[str, float, float, float]]:
    """Per batch (label, game, texts): the bridge's read_link, median / p95 / max milliseconds."""
    rows = []
    for label, game, texts in batches:
        times = []
        for text in texts:
            request = json.dumps({"cmd": "read_link", "link": text, "game": game})
            start = time.perf_counter()
            reply = bridge.handle(request)
            times.append((time.perf_counter() - start) * 1000)
            assert json.loads(reply)["ok"], reply[:300]
        rows.append((label, median(times), percentile(times, 0.95), max(times)))
    return rows


def print_times(where: str, rows: list[tuple[str, float, float, float]]) -> None:
    print(f"\nread_link in {where} (ms): configuration | median | p95 | max")
    print("| configuration | median | p95 | max |\n|---|---:|---:|---:|")
    for label, med, p95, top in rows:
        print(f"| {label} | {med:.1f} | {p95:.1f} | {top:.1f} |")
    sys.stdout.flush()


def in_pyodide(batches: list[tuple[str, str, list[str]]], dist: str) -> None:
    """This script inside Pyodide under Node (the wheel as the site's worker unpacks it), reading
    the same links: one command-line argument per configuration."""
    import shutil
    import subprocess

    if not os.path.exists(os.path.join(dist, "manifest.json")):
        sys.exit(f"links.py: {dist} is no built site; run build.py first")
    node = shutil.which("node") or sys.exit("Node.js is needed for the Pyodide run")
    args = [json.dumps(batch) for batch in batches]
    subprocess.run([node, os.path.join(ROOT, "tools", "pyodide-node.mjs"), dist, "run", os.path.abspath(__file__),
                    "--here", *args], check=True)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--here"]:  # inside Pyodide: the trimmed standard library has no argparse
        batches = [tuple(json.loads(arg)) for arg in argv[1:]]
        read_times([(label, game, texts[:1]) for label, game, texts in batches])  # warm: imports each game's code
        print_times(f"Pyodide {sys.version.split()[0]} ({sys.platform})", read_times(batches))
        return
    import argparse
    from concurrent.futures import ProcessPoolExecutor

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games per configuration")
    parser.add_argument("--seed", type=int, default=42, help="draws the games' seeds")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--runtime", choices=["cpython", "pyodide", "both"], default="cpython",
                        help="where read_link is timed")
    parser.add_argument("--dist", default=os.path.join(ROOT, "dist"), help="the built site for --runtime pyodide")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    jobs = [(i, name, options, level, rng.randrange(MAX_SEED + 1))
            for i, (_, name, options, level) in enumerate(CONFIGS) for _ in range(args.games)]
    rng.shuffle(jobs)  # the slow configurations spread over the processes
    start = time.time()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            played = list(pool.map(one_game, jobs, chunksize=1))
    else:
        played = [one_game(job) for job in jobs]
    print(f"{len(played)} games played in {time.time() - start:.0f} s; link format {links.LINK_FORMAT}, "
          f"limits {links.MAX_LINK_CHARS} characters, {links.MAX_LINK_MOVES} moves")
    print(f"\nA link carries the AI's explanations while it stays within {links.NOTES_BUDGET} characters.")
    print("\n| configuration | games | moves (median / max) | link chars median | p95 | max "
          "| with its explanations | moves only: median / max |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    batches, challenges = [], []
    for i, (label, name, _, _) in enumerate(CONFIGS):
        mine = [p for p in played if p[0] == i]
        moves = [p[1] for p in mine]
        sizes = [len(p[2]) for p in mine]
        bare = [len(p[3]) for p in mine]
        carried = sum(1 for p in mine if p[5] and len(p[2]) > len(p[3]))
        print(f"| {label} | {len(mine)} | {median(moves):.0f} / {max(moves)} | "
              f"{median(sizes):.0f} | {percentile(sizes, 0.95)} | {max(sizes)} | {carried} of {len(mine)} "
              f"| {median(bare):.0f} / {max(bare)} |")
        batches.append((label, name, [p[2] for p in mine]))
        challenges += [len(p[4]) for p in mine]
    print(f"| challenge (any game above) | {len(challenges)} | - | {median(challenges):.0f} | "
          f"{percentile(challenges, 0.95)} | {max(challenges)} |")
    sys.stdout.flush()
    if args.runtime in ("cpython", "both"):
        read_times([(label, game, texts[:1]) for label, game, texts in batches])
        print_times(f"CPython {sys.version.split()[0]}", read_times(batches))
    if args.runtime in ("pyodide", "both"):
        in_pyodide(batches, args.dist)


if __name__ == "__main__":
    main()
