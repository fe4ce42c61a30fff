"""Hanabi self-play strength: the team's average score with every seat an AI.

    python bench/strength.py hanabi [--games N] [--players 2,3,4,5] [--level normal] [--workers 1]

For each player count, N seeded decks (game i uses seed 1_000_003 * i + 17 +
players, bot seeds from i and the seat) are played by bots of one level; a
third strike scores 0. Prints the mean, its standard error, the perfect-game
and strike-out rates next to SmartBot's published self-play means, the
reference the issue sets.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402

SMARTBOT = {2: 23.0, 3: 22.9, 4: 21.9, 5: 19.1}  # mean score over 10,000 games each (issue 6)


def play_one(job: tuple[int, int, str]) -> tuple[int, int]:
    """(score, strikes) of game number `index` with `players` bots of `level`."""
    index, players, level = job
    game = pygame_core.new_game("hanabi", seed=1_000_003 * index + 17 + players, options={"players": players})
    bots = [pygame_core.new_bot("hanabi", level=level, seed=index * 8 + seat) for seat in range(players)]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.observation(seat)))
    result = game.result()
    return result["scores"][0], result["strikes"]


def summarize(scores: list[int], strikes: list[int]) -> dict[str, float]:
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
    return {"n": n, "mean": mean, "se": math.sqrt(var / n), "perfect": sum(s == 25 for s in scores) / n,
            "struck_out": sum(k >= 3 for k in strikes) / n}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="hanabi")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    print(f"hanabi self-play, level {args.level}: {args.games} seeded decks per player count, "
          f"{args.workers} worker(s); a third strike scores 0")
    print(f"{'players':>7} {'games':>6} {'mean':>6} {'s.e.':>5} {'perfect':>8} {'struck out':>10} "
          f"{'SmartBot':>8} {'diff':>6} {'time':>7}")
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    try:
        for players in counts:
            start = time.perf_counter()
            jobs = [(i, players, args.level) for i in range(args.games)]
            results = pool.map(play_one, jobs, chunksize=max(1, args.games // 40)) if pool else list(
                map(play_one, jobs))
            r = summarize([s for s, _ in results], [k for _, k in results])
            ref = SMARTBOT.get(players)
            print(f"{players:>7} {r['n']:>6} {r['mean']:>6.2f} {r['se']:>5.2f} {r['perfect']:>7.1%} "
                  f"{r['struck_out']:>10.1%} {ref:>8.1f} {r['mean'] - ref:>+6.2f} "
                  f"{time.perf_counter() - start:>6.0f}s", flush=True)
    finally:
        if pool:
            pool.close()


if __name__ == "__main__":
    main()
