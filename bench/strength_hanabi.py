"""Hanabi self-play strength: the team's average score with every seat an AI.

    python bench/strength.py hanabi [--games N] [--start S] [--players 2,3,4,5] [--level normal] [--workers 1]
    python bench/strength.py hanabi --mixed [--games N] ...

For each player count, N seeded decks (game i, for i from S, uses seed
1_000_003 * i + 17 + players, bot seeds from i and the seat) are played by
bots of one level; a third strike scores 0. Prints the mean, its standard
error, the perfect-game and strike-out rates next to SmartBot's published
self-play means, the reference the issue sets. --start moves the decks, so
anyone can check a claim on decks the weights were never tuned on.

--mixed seats one player who knows only seeds/hanabi-conventions.md with the
bots, first and last in the turn order, on the same decks as the self-play,
and prints the three means side by side: how much a person who follows the
page costs the team, compared with one more bot. Two such players, each in a
table of its own (--page chooses one): tests/hanabi_page_player.py (the
page's literal reader and its order of a turn, written beside the bots) and
tests/hanabi_stranger.py (written from the page and the rules alone by a
session that never read the bots' code nor the first player).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

import pygame_core  # noqa: E402

SMARTBOT = {2: 23.0, 3: 22.9, 4: 21.9, 5: 19.1}  # mean score over 10,000 games each (issue 6)


PAGE_PLAYERS = ("page", "stranger")  # the two players who know only the page (see the module text)


def page_player(name: str):
    if name == "stranger":
        from hanabi_stranger import StrangerPlayer
        return StrangerPlayer()
    from hanabi_page_player import PagePlayer
    return PagePlayer()


def play_one(job: tuple) -> tuple[int, int]:
    """(score, strikes) of game number `index` with `players` bots of `level`; with a fourth
    item `page` (and a fifth, which page player: "page" by default), that seat is the
    page-following player instead of a bot."""
    index, players, level = job[:3]
    page = job[3] if len(job) > 3 else None
    game = pygame_core.new_game("hanabi", seed=1_000_003 * index + 17 + players, options={"players": players})
    bots = [pygame_core.new_bot("hanabi", level=level, seed=index * 8 + seat) for seat in range(players)]
    if page is not None:
        bots[page] = page_player(job[4] if len(job) > 4 else "page")
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
    parser.add_argument("--start", type=int, default=0, help="first deck number (default 0)")
    parser.add_argument("--mixed", action="store_true", help="one page-following player with the bots")
    parser.add_argument("--page", choices=[*PAGE_PLAYERS, "both"], default="both",
                        help="with --mixed: which page player (default: both, a table each)")
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    if args.mixed:
        return mixed(args, counts)
    print(f"hanabi self-play, level {args.level}: {args.games} seeded decks per player count "
          f"(decks {args.start}-{args.start + args.games - 1}), "
          f"{args.workers} worker(s); a third strike scores 0")
    print(f"{'players':>7} {'games':>6} {'mean':>6} {'s.e.':>5} {'perfect':>8} {'struck out':>10} "
          f"{'SmartBot':>8} {'diff':>6} {'time':>7}")
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    try:
        for players in counts:
            start = time.perf_counter()
            jobs = [(i, players, args.level) for i in range(args.start, args.start + args.games)]
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


def mixed(args, counts: list[int]) -> None:
    """Self-play beside a team with one page-following player (first, then last in turn order),
    a table for each page player."""
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    selfplay: dict[int, list] = {}
    try:
        for name in PAGE_PLAYERS if args.page == "both" else (args.page,):
            mixed_table(args, counts, name, pool, selfplay)
            print()
    finally:
        if pool:
            pool.close()


def mixed_table(args, counts: list[int], name: str, pool, selfplay: dict[int, list]) -> None:
    print(f"hanabi, one player who follows only the conventions page ({name}: tests/"
          f"{'hanabi_page_player' if name == 'page' else 'hanabi_stranger'}.py), with {args.level} bots: "
          f"{args.games} seeded decks per player count (decks {args.start}-{args.start + args.games - 1}); "
          f"a third strike scores 0")
    print("Each difference is taken deck by deck (± its standard error); the issue asks each seat order")
    print("to be within 0.25 of self-play with two players")
    print("| players | decks | self-play | page player first | page player last | first - self | last - self "
          "| struck out (self / first / last) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---|")
    for players in counts:
        decks = range(args.start, args.start + args.games)
        runs, scores = {}, {}
        for run, page in (("self", None), ("first", 0), ("last", players - 1)):
            if page is None and players in selfplay:
                results = selfplay[players]  # the bots' own games: the same for both page players
            else:
                jobs = [(i, players, args.level) + (() if page is None else (page, name)) for i in decks]
                results = pool.map(play_one, jobs, chunksize=max(1, args.games // 40)) if pool else list(
                    map(play_one, jobs))
            if page is None:
                selfplay[players] = results
            scores[run] = [s for s, _ in results]
            runs[run] = summarize(scores[run], [k for _, k in results])
        # paired by deck: the page player's team against the bots' own team on the same cards
        d = {run: summarize([a - c for a, c in zip(scores[run], scores["self"])], [0] * args.games)
             for run in ("first", "last")}
        print(f"| {players} | {args.games} | {runs['self']['mean']:.2f} ± {runs['self']['se']:.2f} "
              f"| {runs['first']['mean']:.2f} ± {runs['first']['se']:.2f} "
              f"| {runs['last']['mean']:.2f} ± {runs['last']['se']:.2f} "
              f"| {d['first']['mean']:+.2f} ± {d['first']['se']:.2f} | {d['last']['mean']:+.2f} ± {d['last']['se']:.2f} "
              f"| {runs['self']['struck_out']:.1%} / {runs['first']['struck_out']:.1%} / "
              f"{runs['last']['struck_out']:.1%} |", flush=True)


if __name__ == "__main__":
    main()
