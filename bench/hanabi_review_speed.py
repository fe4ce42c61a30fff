"""How long the coach takes to review a whole 2-player Hanabi game, in CPython
(issue 26: at most 30 s in Pyodide under Node, which runs about 1.6x slower
than CPython), and how stable its verdicts are between two seeds. Times are
the process's CPU seconds, so other work on the machine does not count.

Plays `--games` 2-player games of two bots (`--level`, default normal) and
reviews every decision of seat 0 the way the bridge does (coach.review: the
assessment, the verdict and the best move's reason), once with the bridge's
seed and, with `--stability`, once more with another seed, counting the
decisions whose verdict changes ("changed": all of them / those that moved by
more than one step, best to inaccuracy say). Prints one row per game and a total.

    PYTHONPATH=. python bench/hanabi_review_speed.py --games 2 --stability
"""

from __future__ import annotations

import argparse
import statistics
import time

import pygame_core
from pygame_core.coach import VERDICTS, review

PYODIDE_FACTOR = 1.6  # Pyodide under Node against CPython on this machine (issue 26)


def play(seed: int, level: str) -> list[tuple[dict, dict, int]]:
    """Seat 0's decisions of one 2-player game: (view, action played, move number)."""
    game = pygame_core.new_game("hanabi", seed=seed, options={"players": 2})
    bots = [pygame_core.new_bot("hanabi", level, seed=seed * 10 + s) for s in range(2)]
    out = []
    while not game.is_over:
        seat = game.current_player
        view = game.observation(seat)
        action = bots[seat].choose(view)
        if seat == 0:
            out.append((view, action, game.move_number))
        game.apply(action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--first", type=int, default=1, help="seed of the first game")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--stability", action="store_true", help="review again with another seed")
    parser.add_argument("--verbose", action="store_true", help="show each verdict that changed")
    args = parser.parse_args()
    print(f"{'game':>5} {'decisions':>9} {'mean s':>7} {'max s':>6} {'total s':>8} {'x1.6 s':>7}"
          f" {'changed':>7}  verdicts")
    all_times: list[float] = []
    changed_all = far_all = compared = 0
    for seed in range(args.first, args.first + args.games):
        decisions = play(seed, args.level)
        times, verdicts, changed, far = [], [], 0, 0
        for view, action, move in decisions:
            start = time.process_time()  # CPU time: the machine is shared, wall time is not ours alone
            got = review("hanabi", view, action, seed=seed * 1009 + move)
            times.append(time.process_time() - start)
            verdicts.append(got["verdict"])
            if args.stability:
                again = review("hanabi", view, action, seed=seed * 1009 + move + 7919)
                if again["verdict"] != got["verdict"]:
                    changed += 1
                    far += abs(VERDICTS.index(again["verdict"]) - VERDICTS.index(got["verdict"])) > 1
                    if args.verbose:
                        print(f"      move {move}: {got['verdict']} (loss {got['loss']}) / {again['verdict']}"
                              f" (loss {again['loss']}); played {action}, best {got['best']} / {again['best']}")
        all_times += times
        changed_all += changed
        far_all += far
        compared += len(decisions) if args.stability else 0
        counts = {v: verdicts.count(v) for v in dict.fromkeys(verdicts)}
        print(f"{seed:>5} {len(decisions):>9} {statistics.mean(times):>7.3f} {max(times):>6.2f} {sum(times):>8.1f}"
              f" {sum(times) * PYODIDE_FACTOR:>7.1f} {f'{changed}/{far}' if args.stability else '-':>7}  {counts}")
    per_game = sum(all_times) / args.games
    print(f"all: {len(all_times)} decisions, mean {statistics.mean(all_times):.3f} s, max {max(all_times):.2f} s,"
          f" {per_game:.1f} s per game (about {per_game * PYODIDE_FACTOR:.1f} s in Pyodide)"
          + (f"; verdict changed with the seed in {changed_all} of {compared}, by more than one step"
             f" (best to inaccuracy, say) in {far_all}" if args.stability else ""))


if __name__ == "__main__":
    main()
