"""Fit the coach's calibration maps (issue 26): pygame_core/calibration.py.

    python bench/fit_calibration.py [GAME ...] [--games N] [--jobs J] [--data FILE]

The playouts behind a Hanamikoji or Koi-Koi assessment (<game>/assess.py) rank
the choices well but say a raw chance that is too sure of itself: the rollout
players are weaker than the real ones and a sampled world ignores what the
opponent's play has told about their hand. A two-parameter logistic map,

    shown = 1 / (1 + exp(-(a * logit(raw) + b)))

keeps every ranking (it is increasing) and moves the raw chance to how often
such positions were really won. For each game this script plays N games of the
strongest level against itself from deals 50000, 50001, ... (bench/review.py's
calibration table reads deals 9000.., so the map is checked on games it never
saw), assesses each of seat 0's decisions that had a choice exactly as the
bridge's `review` does (seed: game seed * 1009 + move), and fits a and b by
Newton's method on the log loss against how the match ended (won 1, drawn 0.5,
lost 0). It prints the lines to paste into pygame_core/calibration.py: the map
and the sha256 of the training decisions. The same code gives the same
checksum; a different one means the assessment changed and the map must be
fitted again.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from review import SEED_OF, outcome, play, strongest  # noqa: E402  (bench/review.py)

from pygame_core import coach  # noqa: E402
from pygame_core.calibration import EDGE, logit  # noqa: E402

GAMES = ("hanamikoji", "koikoi")  # the games whose unit is a chance to win
FIRST_DEAL = 50000


def decisions(job: tuple[str, int]) -> list[dict]:
    """Seat 0's decisions in the game from deal `seed`: the raw chance of the move played, and the outcome."""
    game, seed = job
    g, mine = play(game, seed, strongest(game))
    end = outcome(game, g)
    assess = coach._coach(game).assess
    rows = []
    for move, view, action in mine:
        values = assess(view, seed=g.seed * SEED_OF + move, played=action)["values"]
        raw = next(v["value"] for v in values if v["action"] == action)
        rows.append({"deal": seed, "move": move, "raw": raw, "outcome": end})
    return rows


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def fit(rows: list[dict]) -> tuple[float, float, float]:
    """(a, b, mean log loss) of the logistic map on logit(raw), by Newton's method."""
    xs = [logit(r["raw"]) for r in rows]
    ys = [r["outcome"] for r in rows]
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys):
            p = sigmoid(a * x + b)
            ga += (p - y) * x
            gb += p - y
            w = p * (1.0 - p)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        step = max(1.0, (abs(da) + abs(db)) / 2.0)  # at most a step of 2 (a few games can be separable)
        a, b = a - da / step, b - db / step
        if abs(da) + abs(db) < 1e-10:
            break
    return a, b, log_loss(xs, ys, a, b)


def log_loss(xs: list[float], ys: list[float], a: float = 1.0, b: float = 0.0) -> float:
    """The mean log loss of the map (a, b) on logits `xs` against outcomes `ys`; a = 1, b = 0: the raw chances."""
    loss = 0.0
    for x, y in zip(xs, ys):
        p = min(1 - 1e-12, max(1e-12, sigmoid(a * x + b)))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return loss / len(xs)


def checksum(rows: list[dict]) -> str:
    lines = sorted(json.dumps(r, sort_keys=True) for r in rows)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(GAMES)} (default: both)")
    parser.add_argument("--games", dest="count", type=int, default=400, help="training games per game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--first-deal", type=int, default=FIRST_DEAL,
                        help="the first training deal (keep clear of bench/review.py's 9000..9999)")
    parser.add_argument("--data", help="also write the training decisions to this JSON-lines file")
    args = parser.parse_args()
    for game in args.games or GAMES:
        if game not in GAMES:
            parser.error(f"{game}: only {', '.join(GAMES)} have a chance to calibrate")
        jobs = [(game, args.first_deal + i) for i in range(args.count)]
        with Pool(args.jobs) as pool:
            rows = [r for part in pool.imap(decisions, jobs, chunksize=4) for r in part]
        if args.data:
            with open(args.data, "a", encoding="utf-8") as out:
                for r in rows:
                    out.write(json.dumps({"game": game, **r}) + "\n")
        a, b, loss = fit(rows)
        raw_loss = log_loss([logit(r["raw"]) for r in rows], [r["outcome"] for r in rows])
        print(f"{game}: {args.count} games, {len(rows)} decisions; log loss raw {raw_loss:.4f}, mapped {loss:.4f}")
        print(f'    "{game}": {{"a": {a:.4f}, "b": {b:.4f}, "games": {args.count}, "decisions": {len(rows)},')
        print(f'        "sha256": "{checksum(rows)}"}},')
    print(f"(logit clipped at {EDGE} and {1 - EDGE})")


if __name__ == "__main__":
    main()
