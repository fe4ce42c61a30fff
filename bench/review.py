"""The coach's reviews (issue 26): are they valid, calibrated and quick?

    python bench/review.py [GAME ...] [--validity N] [--calibration N] [--speed N]
                           [--runtime cpython|pyodide|both] [--jobs J] [--dump FILE] [--keep FILE]

GAME: any of the games with a coach (pygame_core.coach.REVIEWED_GAMES; all of
them when none is named). Three tables:

1. Validity: N games per game in which seat 0 is played by the strongest
   level, and N more from the same deals in which seat 0 plays a random legal
   move (the other seats: the strongest level). The strongest level's games are
   the calibration's first N (deals 9000 on), played once for both tables. Every decision of seat 0 that
   had a choice is reviewed. A review that means anything finds the random
   player's moves far worse: mean loss per decision and blunders per game are
   printed for both.
2. Calibration: N games of the strongest level against itself; at each of
   seat 0's reviewed decisions, the predicted value of the move played is set
   against how the game ended for seat 0 (a match won 1, drawn 0.5, lost 0;
   Hanabi: the final score). Ten bins by prediction; the calibration error is
   the mean over decisions of |a bin's mean prediction - its mean outcome|
   (issue 26 asks at most 0.05). Hanabi prints the mean absolute error of the
   predicted score instead.
3. Speed: a whole review (every decision of seat 0) of N games: a three-round
   Hanamikoji match (the rules play at most three rounds), a six-round
   Koi-Koi match, a two-player Hanabi game; and a hint beside the strongest
   level's own move time at the same decisions. `--runtime pyodide` runs this
   table in Pyodide under Node (tools/pyodide-node.mjs, the wheel from dist/:
   build it first), which is what a player's browser runs. Times are CPU seconds of the
   process, so other work on a shared machine does not inflate them.

`--keep FILE` makes a long run resumable: each reviewed game is appended to FILE
(JSON lines) as it ends, and a later run with the same FILE reviews only the games
it lacks. A game counts only if it was reviewed by the same engine: the line holds a
fingerprint of pygame_core's source, and lines of other code are left out.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core import coach  # noqa: E402
from pygame_core.protocol import game_info  # noqa: E402

OPTIONS = {"hanamikoji": {}, "koikoi": {"rounds": 6}, "hanabi": {"players": 2}}
SEED_OF = 1009  # the bridge's seed for a review: game seed * 1009 + move


def strongest(game: str) -> str:
    return game_info(game).levels[-1]


def play(game: str, seed: int, seat0: str) -> tuple[Any, list[tuple[int, dict, Any]]]:
    """One game from deal `seed`: seat 0 plays `seat0` (a level or "random"), the others the
    strongest level. Returns the game and seat 0's decisions that had a choice: (move, view, action)."""
    g = pygame_core.new_game(game, seed=seed, options=dict(OPTIONS.get(game, {})))
    level = strongest(game)
    bots = {seat: pygame_core.new_bot(game, level=level, seed=seed * 31 + seat) for seat in range(g.num_players)}
    chance = random.Random(seed ^ 0xC0AC)
    mine: list[tuple[int, dict, Any]] = []
    while not g.is_over:
        seat = g.current_player
        view = g.observation(seat)
        if seat == 0 and seat0 == "random":
            action = chance.choice(view["legal_actions"])
        else:
            action = bots[seat].choose(view)
        if seat == 0 and len(view["legal_actions"]) > 1:
            mine.append((g.move_number, view, action))
        g.apply(action)
    return g, mine


def outcome(game: str, g: Any) -> float:
    """How the game ended for seat 0: 1 won, 0.5 drawn, 0 lost; Hanabi its final score."""
    result = g.result()
    if game == "hanabi":
        return float(result["scores"][0])
    if result["winner"] is None:
        return 0.5
    return 1.0 if result["winner"] == 0 else 0.0


def reviews(game: str, g: Any, mine: list[tuple[int, dict, Any]]) -> list[dict[str, Any]]:
    return [coach.review(game, view, action, seed=g.seed * SEED_OF + move) for move, view, action in mine]


def game_reviews(job: tuple[str, int, str]) -> list[dict[str, Any]]:
    """One game from deal `seed` with seat 0 played by `who`: for each of seat 0's reviewed
    decisions its loss, verdict, the predicted value of the move played and how the game ended."""
    game, seed, who = job
    g, mine = play(game, seed, who)
    end = outcome(game, g)
    return [{"loss": r["loss"], "verdict": r["verdict"], "predicted": r["value_played"], "outcome": end}
            for r in reviews(game, g, mine)]


def engine_fingerprint() -> str:
    """A hash of pygame_core's Python source: a kept review counts only for the same engine."""
    root = Path(pygame_core.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def kept_games(keep: str | None) -> dict[tuple, list]:
    """The games a --keep file already holds for this engine: (game, seed, who) -> results."""
    if not keep or not os.path.exists(keep):
        return {}
    mine = engine_fingerprint()
    found: dict[tuple, list] = {}
    with open(keep, encoding="utf-8") as lines:
        for line in lines:
            try:
                entry = json.loads(line)
                if entry["engine"] == mine:
                    found[tuple(entry["job"])] = entry["results"]
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a stopped run: that game is played again
    return found


def in_parallel(work, jobs_list: list, jobs: int, label: str = "", keep: str | None = None) -> list:
    """`work` over `jobs_list` in `jobs` processes (in order), each item's list of results; a
    long run says how far it is on stderr every 50 items. With `keep` (a file), items already
    kept there are not worked again, and each new one is appended as it ends."""
    done = kept_games(keep)
    todo = [job for job in jobs_list if tuple(job) not in done]
    if done:
        print(f"  {label}: {len(jobs_list) - len(todo)} of {len(jobs_list)} kept in {keep}", file=sys.stderr, flush=True)
    if jobs <= 1 or not todo:
        results = map(work, todo)
    else:
        from multiprocessing import Pool

        pool = Pool(jobs)
        results = pool.imap(work, todo, chunksize=2)
    fingerprint = engine_fingerprint() if keep else None
    for count, (job, item) in enumerate(zip(todo, results), 1):
        done[tuple(job)] = item
        if keep:
            with open(keep, "a", encoding="utf-8") as out:
                out.write(json.dumps({"job": list(job), "engine": fingerprint, "results": item}) + "\n")
        finished = len(jobs_list) - len(todo) + count
        if finished % 50 == 0:
            print(f"  {label}: {finished} of {len(jobs_list)}", file=sys.stderr, flush=True)
    if jobs > 1 and todo:
        pool.close()
    return [done[tuple(job)] for job in jobs_list]


def validity(game: str, mine: list[list[dict]], random_seat: list[list[dict]]) -> None:
    """The table of `mine` (games of the strongest level in seat 0) against `random_seat` (a
    random legal player in seat 0), from the same deals."""
    n = len(random_seat)
    print(f"\n{game}: validity over {n} deals, seat 0 reviewed (opponents: {strongest(game)})")
    unit = "score" if game == "hanabi" else "win_chance"
    # The verdicts' own limits and a few between, to see where the two players part.
    limits = {"win_chance": (0.03, 0.05, 0.08, 0.10, 0.15, 0.20), "score": (0.3, 0.75, 1.5, 3.0)}[unit]
    print(f"{'seat 0 played by':<18} {'decisions':>9} {'mean loss':>10} {'blunders/game':>14} {'mistakes/game':>14}"
          f"   decisions losing at least {', '.join(f'{v:g}' for v in limits)} (per game)")
    for who, games in ((strongest(game), mine[:n]), ("random", random_seat)):
        losses = [r["loss"] for part in games for r in part]
        verdicts = [r["verdict"] for part in games for r in part]
        mean = sum(losses) / max(1, len(losses))
        at_least = ", ".join(f"{sum(loss >= v for loss in losses) / n:.2f}" for v in limits)
        print(f"{who:<18} {len(losses):>9} {mean:>10.4f} {verdicts.count('blunder') / n:>14.2f}"
              f" {verdicts.count('mistake') / n:>14.2f}   {at_least}", flush=True)


def calibration(game: str, games: list[list[dict]], dump: str | None = None) -> None:
    level = strongest(game)
    pairs = [(r["predicted"], r["outcome"]) for part in games for r in part]
    if dump:  # one line per decision, for fitting a calibration map: {"game", "predicted", "outcome"}
        with open(dump, "a", encoding="utf-8") as out:
            for p, e in pairs:
                out.write(json.dumps({"game": game, "predicted": p, "outcome": e}) + "\n")
    print(f"\n{game}: calibration over {len(games)} games of {level} against {level}, {len(pairs)} decisions of seat 0")
    if game == "hanabi":
        mae = sum(abs(p - e) for p, e in pairs) / max(1, len(pairs))
        mean_p = sum(p for p, _ in pairs) / max(1, len(pairs))
        mean_e = sum(e for _, e in pairs) / max(1, len(pairs))
        print(f"mean predicted score {mean_p:.2f}, mean final score {mean_e:.2f}, mean absolute error {mae:.2f} points")
        return
    print(f"{'bin':<10} {'decisions':>9} {'predicted':>10} {'won':>8}")
    error = 0.0
    for b in range(10):
        inside = [(p, e) for p, e in pairs if min(9, int(p * 10)) == b]
        if not inside:
            continue
        mean_p = sum(p for p, _ in inside) / len(inside)
        mean_e = sum(e for _, e in inside) / len(inside)
        error += len(inside) * abs(mean_p - mean_e)
        print(f"{b / 10:.1f}-{(b + 1) / 10:.1f}   {len(inside):>9} {mean_p:>10.3f} {mean_e:>8.3f}")
    print(f"calibration error (mean over decisions): {error / max(1, len(pairs)):.3f}")


def validity_and_calibration(game: str, validity_n: int, calibration_n: int, dump: str | None, jobs: int,
                             keep: str | None = None) -> None:
    """Both tables from one set of games: the strongest level's games from deals 9000 on serve
    validity (its first `validity_n`) and calibration (its first `calibration_n`)."""
    level = strongest(game)
    mine = in_parallel(game_reviews, [(game, 9000 + i, level) for i in range(max(validity_n, calibration_n))], jobs,
                       f"{game} {level}", keep)
    if validity_n:
        random_seat = in_parallel(game_reviews, [(game, 9000 + i, "random") for i in range(validity_n)], jobs,
                                  f"{game} random", keep)
        validity(game, mine, random_seat)
    if calibration_n:
        calibration(game, mine[:calibration_n], dump)


def speed(game: str, n: int) -> None:
    runtime = "Pyodide" if sys.platform == "emscripten" else "CPython"
    level = strongest(game)
    whole, per, hints, moves = [], [], [], []
    for i in range(n):
        g, mine = play(game, 5000 + i, level)
        start = time.process_time()
        for move, view, action in mine:
            t0 = time.process_time()
            coach.review(game, view, action, seed=g.seed * SEED_OF + move)
            per.append(time.process_time() - t0)
        whole.append(time.process_time() - start)
        for move, view, _ in mine[:4]:
            t0 = time.process_time()
            coach.hint(game, view, seed=g.seed * SEED_OF + move)
            hints.append(time.process_time() - t0)
            bot = pygame_core.new_bot(game, level=level, seed=move)
            t0 = time.process_time()
            bot.choose(view)
            moves.append(time.process_time() - t0)
    print(f"\n{game}: review speed in {runtime} {sys.version.split()[0]}, {n} games ({OPTIONS.get(game) or 'default'})")
    print(f"{'whole review s':<16} {'mean':>7} {'max':>7} | {'per decision s':<14} {'mean':>6} {'max':>6} | "
          f"{'hint s':<6} {'mean':>6} {'max':>6} | {level + ' move s':<11} {'mean':>6}")
    print(f"{'':<16} {sum(whole) / n:>7.2f} {max(whole):>7.2f} | {len(per):<14} {sum(per) / len(per):>6.3f} "
          f"{max(per):>6.3f} | {len(hints):<6} {sum(hints) / len(hints):>6.3f} {max(hints):>6.3f} | "
          f"{'':<11} {sum(moves) / len(moves):>6.3f}", flush=True)


def in_pyodide(games: list[str], n: int) -> None:
    from speed import pyodide_run  # bench/speed.py, beside this script (not there inside Pyodide)

    pyodide_run(__file__, [*games, "--speed", str(n), "--runtime", "here"])


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if sys.platform == "emscripten":
        # Inside Pyodide (in_pyodide's own call): the site's trimmed standard library has no
        # argparse, so the arguments are read by position: GAME ... --speed N --runtime here.
        at = argv.index("--speed")
        for game in argv[:at]:
            speed(game, int(argv[at + 1]))
        return
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(coach.REVIEWED_GAMES)} (default: all)")
    parser.add_argument("--validity", type=int, default=200, help="deals per game (0: skip)")
    parser.add_argument("--calibration", type=int, default=1000, help="games per game (0: skip)")
    parser.add_argument("--speed", type=int, default=3, help="games per game whose whole review is timed (0: skip)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the validity and calibration games")
    parser.add_argument("--dump", help="append each calibration decision (predicted, outcome) to this JSON-lines file")
    parser.add_argument("--keep", help="a JSON-lines file of reviewed games: a later run reviews only those it lacks")
    parser.add_argument("--runtime", choices=["cpython", "pyodide", "both"], default="cpython",
                        help="where the speed table runs (validity and calibration run in CPython)")
    args = parser.parse_args(argv)
    games = args.games or list(coach.REVIEWED_GAMES)
    unknown = [g for g in games if g not in coach.REVIEWED_GAMES]
    if unknown:
        parser.error(f"no coach for {', '.join(unknown)} (games: {', '.join(coach.REVIEWED_GAMES)})")
    for game in games:
        if args.validity or args.calibration:
            validity_and_calibration(game, args.validity, args.calibration, args.dump, args.jobs, args.keep)
        if args.speed and args.runtime in ("cpython", "both"):
            speed(game, args.speed)
    if args.speed and args.runtime in ("pyodide", "both"):
        in_pyodide(games, args.speed)


if __name__ == "__main__":
    main()
