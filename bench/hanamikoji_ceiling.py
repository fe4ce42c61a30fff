"""How strong can Hanamikoji's search get? A ceiling measured with a cheat.

    python bench/hanamikoji_ceiling.py [--search hard|expert] [--against normal]
                                       [--games 300] [--first 0] [--round-limit 3|none] [--workers 2]

The seeing bot runs the search of `--search` (hard or expert), but every world
it samples holds the opponent's real hand, secret and trade-off and the
removed card; only the order of the draw pile (and later rounds) stays
unknown. No level does this (the AI is handed the observation only); the
bench shows what the search itself could win if guessing the hidden cards
were perfect, so a target above that number needs a better search, not more
worlds. Seats alternate, game and bot seeds follow the game number as in
bench/strength.py, so the fair level on the same games is
`bench/strength.py hanamikoji --pairs expert:normal --games N --first K`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import multiprocessing  # noqa: E402

import pygame_core  # noqa: E402
from pygame_core.hanamikoji.bots import HanamikojiBot  # noqa: E402
from pygame_core.hanamikoji.view import world_from_observation  # noqa: E402
from strength import wilson  # noqa: E402


class SeeingBot(HanamikojiBot):
    """The search of a level, with the opponent's hidden cards put into every world."""

    def __init__(self, level: str, seed: int, game, seat: int) -> None:
        super().__init__(level, seed=seed)
        self.table, self.seat = game, seat

    def _world(self, view):
        world = world_from_observation(view, self.rng)  # seat 0 is this bot, as in the view
        real, other = self.table.state, 1 - self.seat
        world.hands[1] = real.hands[other][:]
        world.secrets[1] = real.secrets[other]
        world.tradeoffs[1] = list(real.tradeoffs[other])
        world.removed = real.removed
        draw = list(real.draw)
        self.rng.shuffle(draw)
        world.draw = draw
        return world


def play_one(job: tuple[str, str, int, dict]) -> float:
    """1 when the seeing bot wins game `index`, 0.5 for a draw, 0 for a loss."""
    search, against, index, options = job
    seat = index % 2
    game = pygame_core.new_game("hanamikoji", seed=1_000_003 * index + 17, options=options)
    bots = {seat: SeeingBot(search, 2 * index + 1, game, seat),
            1 - seat: pygame_core.new_bot("hanamikoji", level=against, seed=2 * index + 2)}
    while not game.is_over:
        mover = game.current_player
        game.apply(bots[mover].choose(game.observation(mover)))
    winner = game.result()["winner"]
    return 0.5 if winner is None else float(winner == seat)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--search", choices=["hard", "expert"], default="expert")
    parser.add_argument("--against", default="normal")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--round-limit", default=None, metavar="N|none")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    options: dict = {}
    if args.round_limit is not None:
        options["round_limit"] = None if args.round_limit.lower() == "none" else int(args.round_limit)
    start = time.perf_counter()
    jobs = [(args.search, args.against, i, options) for i in range(args.first, args.first + args.games)]
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play_one, jobs, chunksize=4)
    score = sum(results)
    low, high = wilson(score, len(results))
    print(f"hanamikoji ceiling: {args.search}'s search seeing the hidden cards vs {args.against}, "
          f"games {args.first}-{args.first + args.games - 1}{', options ' + str(options) if options else ''}")
    print(f"won {sum(r == 1.0 for r in results)}, drawn {sum(r == 0.5 for r in results)}, "
          f"lost {sum(r == 0.0 for r in results)}: {score / len(results):.1%} ({low:.1%}-{high:.1%}), "
          f"{time.perf_counter() - start:.0f}s")


if __name__ == "__main__":
    main()
