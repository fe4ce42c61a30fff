"""Playing strength of the Koi-Koi AI levels over whole matches.

    python bench/strength.py koikoi [--matches 500] [--rounds 12] [--workers 1]
                                    [--pairs hard:random,hard:normal,normal:easy,expert:hard]
                                    [--house plus_one_yaku,koikoi_once,...]
                                    [--first 0] [--duplicate]

Koi-Koi is a game of matches (3, 6 or 12 rounds), so strength is measured
per match (a level is easy, normal, hard, expert, random, peek: the
expert seeing the opponent's hand, a ceiling test, or learned: the expert
with issue 30's learned parts, train/koikoi_learned.py): each pairing plays N matches
with seats alternated (match i: the first-named level sits in seat i % 2,
and the first dealer alternates too);
match and bot seeds come from the match index, so a run is reproducible. The
table gives the match win rate of the first-named level with a 95% Wilson
interval (a drawn match counts half) and its mean point difference per round.
Below each pairing, for each of its two levels: how often it called koi-koi
when it could (koi-koi or shobu after a yaku), and how its calls ended: the
caller won the round (so it scored more than when it called), the opponent
won it, or nobody did (the hands ran out). --house turns the named house rules
on (seeds/koikoi.md, rules 22-25) for every match. --first plays matches
FIRST..FIRST+N-1, so a claim can be checked on matches no tuning saw;
--duplicate deals matches 2k and 2k+1 the same cards, the seats swapped, so
the luck of the deal mostly cancels out (the first dealer alternates by pair
in every run). A level written expert/worlds=160/prior=1 is the expert with
its EXPERT_WORLDS and EXPERT_PRIOR set so, learned/belief=0 the learned
expert with its belief off (LearnedExpertBot.BELIEF): for tuning.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core.koikoi.bots import KoiKoiBot, WorldDealer  # noqa: E402
from pygame_core.protocol import RandomBot  # noqa: E402

DEFAULT_PAIRS = (("hard", "random"), ("hard", "normal"), ("normal", "easy"))


class PeekingBot(KoiKoiBot):
    """The ceiling test: the expert whose worlds hold the opponent's real hand (only the
    stock is shuffled). Not fair play; it measures how much knowing the hidden cards is worth."""

    INFER = False

    def __init__(self, seed: int, game) -> None:
        super().__init__("expert", seed=seed)
        self.game = game

    def _dealer(self, view):
        real = self.game.state
        seat = self.game.current_player
        hidden = real.hands[1 - seat]

        class Peek(WorldDealer):
            def deal(inner, rng):
                world = inner.template.copy()
                world.hands[1] = hidden
                stock = [c for c in inner.unseen if not (hidden >> c) & 1]
                rng.shuffle(stock)
                world.stock = stock
                return world

        return Peek(view)


def make_bot(level: str, seed: int, game=None):
    """A bot of a protocol level, or 'random', or 'peek' (the ceiling test), or a
    level with settings (level/key=value/...)."""
    if level == "random":
        return RandomBot(seed=seed)
    if level == "peek":
        return PeekingBot(seed, game)
    # A variant for tuning: expert/worlds=160/prior=1.0 sets EXPERT_WORLDS and EXPERT_PRIOR.
    base, *settings = level.split("/")
    if base == "learned":
        from train.koikoi_learned import LearnedExpertBot

        bot = LearnedExpertBot(seed=seed)
    else:
        bot = pygame_core.new_bot("koikoi", level=base, seed=seed)
    for setting in settings:
        key, value = setting.split("=")
        name = f"{base.upper()}_{key.upper()}"
        name = name if hasattr(bot, name) else key.upper()  # learned/belief=0: LearnedExpertBot.BELIEF
        setattr(bot, name, type(getattr(bot, name))(float(value)))
    return bot


def play_match(job: tuple) -> tuple[float, int, int, dict]:
    """(score of level a: 1 win, 0.5 draw, 0 loss; a's point difference; rounds played;
    koi-koi counts of a and b: decisions, calls, and how the calls ended)."""
    a, b, index, rounds = job[:4]
    house = job[4] if len(job) > 4 else ()
    duplicate = len(job) > 5 and job[5]
    seat_a = index % 2
    options = {"rounds": rounds, "first_dealer": (index // 2) % 2, **{rule: True for rule in house}}
    # Duplicate: matches 2k and 2k+1 deal the same cards, each level getting the other's hands.
    deal = index - index % 2 if duplicate else index
    game = pygame_core.new_game("koikoi", seed=1_000_003 * deal + 17, options=options)
    bots = {seat_a: make_bot(a, 2 * index + 1, game), 1 - seat_a: make_bot(b, 2 * index + 2, game)}
    role = {seat_a: "a", 1 - seat_a: "b"}
    calls = {"a": Counter(), "b": Counter()}
    pending: list[tuple[int, int]] = []  # (seat, round number) of calls whose round is not over
    finished = 0
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(game.observation(seat))
        if action["type"] in ("koikoi", "shobu"):
            calls[role[seat]]["decisions"] += 1
            if action["type"] == "koikoi":
                calls[role[seat]]["calls"] += 1
                pending.append(seat)
        game.apply(action)
        done = game.result().get("rounds") or []
        if len(done) > finished:
            winner = done[-1]["winner"]
            for caller in pending:
                calls[role[caller]]["drawn" if winner is None else "won" if winner == caller else "lost"] += 1
            pending, finished = [], len(done)
    result = game.result()
    winner = result["winner"]
    diff = result["scores"][seat_a] - result["scores"][1 - seat_a]
    return (0.5 if winner is None else float(winner == seat_a)), diff, len(result["rounds"]), calls


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_pair(pool, a: str, b: str, matches: int, rounds: int, house: tuple = (), first: int = 0,
             duplicate: bool = False) -> dict[str, float]:
    start = time.perf_counter()
    jobs = [(a, b, i, rounds, house, duplicate) for i in range(first, first + matches)]
    results = pool.map(play_match, jobs, chunksize=1) if pool else list(map(play_match, jobs))
    wins = sum(1 for r, *_ in results if r == 1.0)
    draws = sum(1 for r, *_ in results if r == 0.5)
    score = wins + 0.5 * draws
    low, high = wilson(score, matches)
    played = sum(n for _, _, n, _ in results)
    calls = {"a": Counter(), "b": Counter()}
    for *_, c in results:
        calls["a"].update(c["a"])
        calls["b"].update(c["b"])
    return {"matches": matches, "wins": wins, "draws": draws, "losses": matches - wins - draws,
            "rate": score / matches, "low": low, "high": high,
            "per_round": sum(d for _, d, _, _ in results) / max(1, played),
            "seconds": time.perf_counter() - start, "calls": calls}


def koikoi_line(level: str, c: Counter) -> str:
    """One level's koi-koi habits: how often it dared, and how its calls ended."""
    n = c["calls"]
    ended = " / ".join(f"{c[k] / n:.0%}" if n else "-" for k in ("won", "lost", "drawn"))
    return (f"  {level:<8} koi-koi {n:>5} of {c['decisions']:>5} chances ({n / max(1, c['decisions']):.0%}); "
            f"calls ended won / lost / drawn: {ended}")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "koikoi":
        argv = argv[1:]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=12, choices=[3, 6, 12])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="play matches FIRST..FIRST+N-1 (their seeds)")
    parser.add_argument("--duplicate", action="store_true",
                        help="matches 2k and 2k+1 deal the same cards with the seats swapped (less luck)")
    parser.add_argument("--pairs", default=",".join(f"{a}:{b}" for a, b in DEFAULT_PAIRS),
                        help="comma-separated level:level pairings (level or 'random')")
    parser.add_argument("--house", default="", help="comma-separated house rules to turn on")
    args = parser.parse_args(argv)
    house = tuple(r for r in args.house.split(",") if r)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    print(f"koikoi: {args.matches} matches ({args.first}-{args.first + args.matches - 1}) of {args.rounds} "
          f"rounds per pairing, seats alternated, "
          f"{args.workers} worker(s); house rules: {', '.join(house) or 'none'}")
    print(f"{'pairing':<18} {'matches':>7} {'W':>5} {'D':>4} {'L':>5} {'win rate':>9} {'95% CI':>15} "
          f"{'pts/round':>9} {'time':>7}")
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    try:
        for a, b in pairs:
            r = run_pair(pool, a, b, args.matches, args.rounds, house, args.first, args.duplicate)
            print(f"{a + ' vs ' + b:<18} {r['matches']:>7} {r['wins']:>5} {r['draws']:>4} {r['losses']:>5} "
                  f"{r['rate']:>8.1%} {r['low']:>7.1%}-{r['high']:<6.1%} {r['per_round']:>+9.2f} "
                  f"{r['seconds']:>6.0f}s", flush=True)
            if a != "random":
                print(koikoi_line(a, r["calls"]["a"]))
            if b != "random":
                print(koikoi_line(b, r["calls"]["b"]), flush=True)
    finally:
        if pool:
            pool.close()


if __name__ == "__main__":
    main()
