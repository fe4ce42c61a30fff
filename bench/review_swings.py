"""How far the review's line moves between two of the person's decisions, against how far it
moves by the coach's own sampling alone: the measure behind the threshold at which the review
marks a swing (web/js/play/review-words.js SWING, issue 40).

Between decision i and decision i+1 the line goes from value_played of i to value_best of i+1
(the chance before the next decision), and after the last decision to the result. Those two
values come from two assessments, each of its own sampled worlds, so the line also moves when
nothing happened. This plays `--games` games per game (seat 0 and its opponents by the `--level`
AI, seeds drawn from 0..2**53-1 by `--seed`), reviews every decision of seat 0 as the bridge
does (coach.review with coach.decision_seed) and once more with another seed, and prints:
  noise  |value_best(seed) - value_best(other seed)| of the same decision: the sampling alone;
  swing  |value_best(i+1) - value_played(i)|: the line between two decisions;
  end    |result - value_played(last)|: the line after the last decision;
each as percentiles, and the share of each at or above every candidate threshold.

    PYTHONPATH=. python bench/review_swings.py --games 40
"""

from __future__ import annotations

import argparse
import random

import pygame_core
from pygame_core.coach import decision_seed, review
from pygame_core.decided import end_value

THRESHOLDS = {"win_chance": (0.05, 0.10, 0.15, 0.20, 0.25), "score": (0.5, 1.0, 1.5, 2.0, 3.0)}


def one_game(name: str, seed: int, level: str) -> tuple[list[float], list[float], list[float]]:
    """(noise, swings, end) of one game of `name` dealt from `seed`, seat 0 reviewed."""
    game = pygame_core.new_game(name, seed=seed)
    bots = [pygame_core.new_bot(name, level=level, seed=(seed + s) % 2**53) for s in range(game.num_players)]
    reviews = []
    noise = []
    while not game.is_over:
        seat = game.current_player
        view = game.observation(seat)
        action = bots[seat].choose(view)
        if seat == 0:
            move = game.move_number
            first = review(name, view, action, seed=decision_seed(seed, move))
            other = review(name, view, action, seed=decision_seed(seed ^ 0x5DEECE66D, move))
            reviews.append(first)
            noise.append(abs(first["value_best"] - other["value_best"]))
        game.apply(action)
    swings = [abs(b["value_best"] - a["value_played"]) for a, b in zip(reviews, reviews[1:])]
    end = [abs(end_value(game, 0) - reviews[-1]["value_played"])] if reviews else []
    return noise, swings, end


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--only", nargs="*", default=["hanamikoji", "koikoi", "hanabi"])
    args = parser.parse_args()
    for name in args.only:
        rng = random.Random(args.seed)
        noise: list[float] = []
        swings: list[float] = []
        ends: list[float] = []
        for _ in range(args.games):
            n, s, e = one_game(name, rng.randrange(2**53), args.level)
            noise += n
            swings += s
            ends += e
        unit = "score" if name == "hanabi" else "win_chance"
        print(f"\n{name} ({unit}), {args.games} games against {args.level}: "
              f"{len(noise)} decisions, {len(swings)} gaps between decisions")
        print(f"{'':6} {'p50':>6} {'p90':>6} {'p95':>6} {'p99':>6}  " + "  ".join(f">={t:<5}" for t in THRESHOLDS[unit]))
        for label, values in (("noise", noise), ("swing", swings), ("end", ends)):
            cells = " ".join(f"{percentile(values, q):6.3f}" for q in (0.5, 0.9, 0.95, 0.99))
            shares = "  ".join(f"{sum(v >= t for v in values) / len(values):6.1%}" for t in THRESHOLDS[unit])
            print(f"{label:6} {cells}  {shares}")


if __name__ == "__main__":
    main()
