"""Playing strength of a game's AI levels: win rates with 95% Wilson intervals.

    python bench/strength.py hanamikoji [--games N] [--workers 2] [--pairs hard:random,...]
                                        [--round-limit 3|none] [--first K]

A pairing names two of the game's levels (Hanamikoji has expert too) or
'random'; for Hanamikoji also 'expert0', the expert before issue 30 (its
rollouts by the quick heuristic, not the learned policy), as a baseline. `--round-limit` sets the game's option (3 by default; 'none' is the
published rule: play until someone wins).

Each pairing plays N games with seats alternated (game i: the first-named
level sits in seat i % 2); game and bot seeds come from the game index, so a
run is reproducible. Draws count as half a win and are also listed.
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
from pygame_core.protocol import RandomBot  # noqa: E402

DEFAULT_PAIRS = (("hard", "random"), ("hard", "normal"), ("normal", "easy"))


def make_bot(game: str, level: str, seed: int):
    """A bot of a protocol level, 'random', or for Hanamikoji 'expert0': the expert
    before issue 30, its rollouts played by the quick heuristic instead of the
    learned policy (a baseline for the bench, not a level players can pick)."""
    if level == "random":
        return RandomBot(seed=seed)
    if game == "hanamikoji" and level == "expert0":
        bot = pygame_core.new_bot(game, level="expert", seed=seed)
        bot.LEARNED_PLAYOUTS = False
        return bot
    return pygame_core.new_bot(game, level=level, seed=seed)


def play_one(job: tuple[str, str, str, int, dict]) -> float:
    """Score of level `a` in game number `index`: 1 win, 0.5 draw, 0 loss."""
    game_name, a, b, index, options = job
    seat_a = index % 2
    game = pygame_core.new_game(game_name, seed=1_000_003 * index + 17, options=options)
    bots = {seat_a: make_bot(game_name, a, 2 * index + 1), 1 - seat_a: make_bot(game_name, b, 2 * index + 2)}
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.observation(seat)))
    winner = game.result()["winner"]
    return 0.5 if winner is None else float(winner == seat_a)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_pair(pool, game: str, a: str, b: str, games: int, options: dict | None = None,
             first: int = 0) -> dict[str, float]:
    start = time.perf_counter()
    jobs = [(game, a, b, i, options or {}) for i in range(first, first + games)]
    results = pool.map(play_one, jobs, chunksize=max(1, games // 40))
    wins = sum(1 for r in results if r == 1.0)
    draws = sum(1 for r in results if r == 0.5)
    score = wins + 0.5 * draws
    low, high = wilson(score, games)
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "rate": score / games, "low": low, "high": high, "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    # A game whose strength is measured differently (matches, team scores) has
    # its own runner, bench/strength_<game>.py, with a main(argv) of its own.
    if argv and not argv[0].startswith("-"):
        special = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"strength_{argv[0]}.py")
        if os.path.exists(special):
            import importlib.util

            spec = importlib.util.spec_from_file_location(f"strength_{argv[0]}", special)
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module  # worker processes find play_one by this name
            spec.loader.exec_module(module)
            module.main(argv)
            return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairs", default=",".join(f"{a}:{b}" for a, b in DEFAULT_PAIRS),
                        help="comma-separated level:level pairings (level or 'random')")
    parser.add_argument("--round-limit", default=None, metavar="N|none",
                        help="Hanamikoji's round_limit option: a number of rounds, or 'none' (default: the game's 3)")
    parser.add_argument("--first", type=int, default=0,
                        help="number of the first game (seeds follow the game number, so runs with "
                             "disjoint ranges add up to one larger sample)")
    args = parser.parse_args(argv)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    options: dict = {}
    if args.round_limit is not None:
        options["round_limit"] = None if args.round_limit.lower() == "none" else int(args.round_limit)
    rule = f", options {options}" if options else ""
    rule += f", games {args.first}-{args.first + args.games - 1}" if args.first else ""
    print(f"{args.game}: {args.games} games per pairing, seats alternated, {args.workers} workers{rule}")
    print(f"{'pairing':<18} {'games':>6} {'W':>5} {'D':>4} {'L':>5} {'win rate':>9} {'95% CI':>15} {'time':>8}")
    with multiprocessing.Pool(args.workers) as pool:
        for a, b in pairs:
            r = run_pair(pool, args.game, a, b, args.games, options, args.first)
            print(f"{a + ' vs ' + b:<18} {r['games']:>6} {r['wins']:>5} {r['draws']:>4} {r['losses']:>5} "
                  f"{r['rate']:>8.1%} {r['low']:>7.1%}-{r['high']:<6.1%} {r['seconds']:>7.0f}s", flush=True)


if __name__ == "__main__":
    main()
