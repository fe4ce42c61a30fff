"""Make the practice positions of a game (issue 41): web/practice/<game>.json.

    python3 train/practice.py GAME [--games N] [--seed S] [--count N] [--workers W] [--keep FILE] [--out FILE]

GAME is hanamikoji, koikoi or hanabi. The strongest level plays N games against
itself (Hanamikoji and Koi-Koi: expert; Hanabi: hard, two players), dealt from
seeds drawn over the whole range 0..2**53-1 by random.Random(S) (the first two
are the edges, 0 and 2**53-1), so the same command makes the same file (with the
same interpreter: PyPy's assessments part from CPython's in some decisions, and
the hint runs in CPython, Pyodide in the browser, so the shipped files are CPython's).

At every decision of a seat with two or more legal actions, the coach assesses
it exactly as the hint does (coach.assess on the deciding seat's observation
only, seed coach.decision_seed(game seed, move)). A decision becomes a position when

- the best choice is ahead of EVERY other assessed choice by the margin
  (Spec.margin: 0.15 win chance; Hanabi 1 point of the final score: SPECS says why not 1.5);
- a second, independent assessment (another seed, Spec.second: more worlds,
  and every legal action a candidate where the game's assess allows it) puts
  the same choice first, ahead of every other by at least SECOND_MARGIN of
  the margin;
- nothing the seat sees is the same as in a position taken before (the
  observation without its move counter, log and card table: `seen_key`).

Each position holds the game's own save up to the decision (the bridge's
"load" opens it with the player in `seat`), the answer, the hint's top values
(at most TOP), the unit, the hint's reason (`why`, coach.hint's), the decision's
kind (Hanamikoji: action / pick_gift / pick_pair; Koi-Koi: play / take /
koikoi; Hanabi: turn) and its difficulty: the share of the lower levels'
choices there that differ from the answer (each lower level with BOT_SEEDS
seeds). At most --count positions are written (`select`: the kinds of answer in
turn within a kind of decision, the harder first, at most Spec.caps[kind] of a kind,
so the rarer kinds show), easiest first (by difficulty, then id), with meta.sha256
over the positions (the format: web/practice/*.json's meta, tests/test_practice_data.py).
bench/practice.py re-checks every answer with a third seed at the largest budget
(Spec.third).

Every game played is appended to the keep file (one JSON line: its decisions that
came within NEAR of the margin, with both assessments' leads), so a long run can
be stopped and resumed, and a run with more games plays only the new ones.
Run times here: bench/README.md, "Practice positions".
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import multiprocessing
import os
import platform
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core import coach  # noqa: E402
from pygame_core.protocol import MAX_SEED, canonical  # noqa: E402

FORMAT = 1
VERSION = 1  # of the keep file's lines: a change to what a game's line holds counts up
ALL = 1000  # candidates: more than any decision has legal actions, so every one is valued
BOT_SEEDS = 3  # seeds per lower level for the difficulty
TOP = 4  # values kept per position
SECOND_MARGIN = 0.5  # the second assessment's lead, as a share of the margin
NEAR = 0.6  # decisions whose hint leads by this share of the margin are kept in the keep file
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass(frozen=True)
class Spec:
    """How one game's positions are made."""
    prefix: str  # of a position's id
    level: str  # who plays the self-play games
    lower: tuple[str, ...]  # whose choices make the difficulty
    margin: float  # the lead the answer needs, in the assessment's unit
    unit: str
    second: dict[str, int]  # budget of the maker's second assessment (assess.py's arguments)
    third: dict[str, int]  # budget of the bench's third (bench/practice.py): the largest
    options: tuple[dict[str, Any], ...] = ({},)  # one per game, in turn
    caps: dict[str, int] = field(default_factory=dict)  # most positions of a kind
    count: int = 200  # most positions written


SPECS: dict[str, Spec] = {
    "hanamikoji": Spec("hk", "expert", ("easy", "normal", "hard"), 0.15, "win_chance",
                       second={"candidates": ALL, "worlds": 180}, third={"candidates": ALL, "worlds": 1000},
                       options=({}, {"round_limit": None}), caps={"pick_gift": 100}, count=250),
    "koikoi": Spec("kk", "expert", ("easy", "normal", "hard"), 0.15, "win_chance",
                   second={"candidates": ALL, "worlds": 480}, third={"candidates": ALL, "worlds": 1000},
                   caps={"play": 150, "take": 100, "koikoi": 120}, count=300),
    # Hanabi: 1 point, not 1.5: in the 100 games shipped (6819 decisions) 88 hints led by 1.5 and the
    # second assessment confirmed 36 (150 would take about 420 games); by 1 point 202 (bench/README.md).
    "hanabi": Spec("hb", "hard", ("easy", "normal"), 1.0, "score",
                   second={"candidates": 8, "worlds": 48, "budget": 3300},
                   third={"candidates": 10, "worlds": 96, "budget": 8800},
                   options=({"players": 2},), count=200),
}


def game_seeds(seed: int, games: int) -> list[int]:
    """The deals: the two edges of the range, then seeds drawn over all of it."""
    rng = random.Random(seed)
    return ([0, MAX_SEED] + [rng.randrange(MAX_SEED + 1) for _ in range(max(games - 2, 0))])[:games]


def other_seed(name: str, seed: int, which: str) -> int:
    """An assessment seed independent of the hint's `seed` (`which`: "second" or "third")."""
    digest = hashlib.sha256(f"{name}:{which}:{seed}".encode()).hexdigest()
    return int(digest[:16], 16) % (MAX_SEED + 1)


def seen_key(view: dict[str, Any]) -> str:
    """What the seat sees, without the move counter, the log and Koi-Koi's card table: two
    positions with the same key are the same puzzle."""
    body = {k: v for k, v in view.items() if k not in ("move", "log", "cards")}
    return hashlib.sha256(canonical(body).encode()).hexdigest()


def position_id(spec: Spec, save: dict[str, Any], seat: int) -> str:
    return f"{spec.prefix}-{hashlib.sha256((canonical(save) + f'/{seat}').encode()).hexdigest()[:8]}"


def kind_of(name: str, view: dict[str, Any]) -> str:
    return "turn" if name == "hanabi" else view["phase"]


def lead(assessment: dict[str, Any]) -> float:
    """How far the best choice is ahead of every other (0 for a lone choice)."""
    values = assessment["values"]
    return values[0]["value"] - values[1]["value"] if len(values) > 1 else 0.0


def difficulty(name: str, spec: Spec, view: dict[str, Any], answer: dict[str, Any], seed: int) -> float:
    """The share of the lower levels' choices in `view` that are not `answer`."""
    wrong = total = 0
    for level in spec.lower:
        for k in range(BOT_SEEDS):
            bot = pygame_core.new_bot(name, level=level, seed=(seed + 7919 * k) % (MAX_SEED + 1))
            wrong += canonical(bot.choose(copy.deepcopy(view))) != canonical(answer)
            total += 1
    return round(wrong / total, 2)


def examine(name: str, spec: Spec, game: Any, seat: int, view: dict[str, Any]) -> dict[str, Any] | None:
    """The position at this decision with both assessments' leads (`_lead`, `_second`: the
    second's lead, or None where it puts another choice first), or None where the hint's
    assessment is far from clear (a lead under NEAR of the margin: kept in the keep file
    so a run's margin can be checked without playing again)."""
    seed = coach.decision_seed(game.seed, game.move_number)
    first = coach.assess(name, view, seed=seed)
    if lead(first) < NEAR * spec.margin - 1e-9:
        return None
    answer = first["values"][0]["action"]
    second = coach.assess(name, view, seed=other_seed(name, seed, "second"), **spec.second)
    hint = coach.hint(name, view, seed=seed)  # what the hint says there: the same assessment, and its reason
    assert hint["action"] == answer, (game.seed, game.move_number)
    save = game.to_json()
    return {
        "id": position_id(spec, save, seat),
        "kind": kind_of(name, view),
        "save": save,
        "seat": seat,
        "answer": answer,
        "values": [{"action": e["action"], "value": round(e["value"], 3)} for e in first["values"][:TOP]],
        "unit": first["unit"],
        "why": hint["why"],
        "difficulty": difficulty(name, spec, view, answer, seed),
        "_seen": seen_key(view),
        "_lead": round(lead(first), 4),
        "_second": round(lead(second), 4) if second["values"][0]["action"] == answer else None,
    }


def clear(spec: Spec, position: dict[str, Any]) -> bool:
    """The answer leads every other choice by the margin, and the second assessment agrees
    with a lead of at least SECOND_MARGIN of it."""
    return (position["_lead"] >= spec.margin - 1e-9 and position["_second"] is not None
            and position["_second"] >= SECOND_MARGIN * spec.margin - 1e-9)


def play_game(job: tuple[str, int, int]) -> tuple[list[dict[str, Any]], int]:
    """One self-play game: the positions it yields, and how many decisions it had."""
    name, index, seed = job
    spec = SPECS[name]
    game = pygame_core.new_game(name, seed=seed, options=spec.options[index % len(spec.options)])
    bots = [pygame_core.new_bot(name, level=spec.level, seed=(seed + s + 1) % (MAX_SEED + 1))
            for s in range(game.num_players)]
    found, decisions = [], 0
    while not game.is_over:
        seat = game.current_player
        view = game.observation(seat)
        if len(view["legal_actions"]) > 1:
            decisions += 1
            position = examine(name, spec, game, seat, view)
            if position is not None:
                found.append(position)
        game.apply(bots[seat].choose(view))
    return found, decisions


def digest(positions: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(positions, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def interleave(groups: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """One from each group in turn, then again, until all are used."""
    out: list[dict[str, Any]] = []
    for k in range(max((len(g) for g in groups), default=0)):
        out.extend(g[k] for g in groups if k < len(g))
    return out


def select(name: str, found: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """The clear positions found, none seen twice (the first in the games' order is kept),
    spread so that no kind and no answer crowds out the others: within a kind the kinds of
    answer in turn (a koi-koi call: koi-koi, shobu, koi-koi ...; Hanabi: a play, a discard, a
    clue ...), the harder first within each; at most Spec.caps[kind] of a kind; then the
    kinds in turn up to `count`. Written easiest first (by difficulty, then id)."""
    spec = SPECS[name]
    seen: set[str] = set()
    by_kind: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for position in found:
        if not clear(spec, position) or position["_seen"] in seen:
            continue
        seen.add(position["_seen"])
        by_kind.setdefault(position["kind"], {}).setdefault(position["answer"]["type"], []).append(position)
    kinds = []
    for kind in sorted(by_kind):
        groups = [sorted(by_kind[kind][answer], key=lambda p: -p["difficulty"]) for answer in sorted(by_kind[kind])]
        kinds.append(interleave(groups)[:spec.caps.get(kind, count)])
    out = [{k: v for k, v in p.items() if not k.startswith("_")} for p in interleave(kinds)[:count]]
    return sorted(out, key=lambda p: (p["difficulty"], p["id"]))


def write(path: str, name: str, positions: list[dict[str, Any]], command: str) -> None:
    """The file: meta (with the positions' sha256) and one position a line."""
    spec = SPECS[name]
    meta = {"script": "train/practice.py", "command": command, "margin": spec.margin, "unit": spec.unit,
            "count": len(positions), "sha256": digest(positions)}
    lines = ",\n".join(json.dumps(p, separators=(",", ":"), sort_keys=True) for p in positions)
    with open(path, "w") as fh:
        fh.write('{"format": %d, "game": %s, "meta": %s,\n"positions": [\n%s\n]}\n'
                 % (FORMAT, json.dumps(name), json.dumps(meta), lines))


def read_keep(path: str, name: str) -> dict[tuple[int, int], dict[str, Any]]:
    """The games a keep file already holds for `name`, by (index, seed)."""
    kept: dict[tuple[int, int], dict[str, Any]] = {}
    if os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                row = json.loads(line)
                if (row["game"] == name and row["version"] == VERSION
                        and row.get("python", "CPython") == platform.python_implementation()):
                    kept[(row["index"], row["seed"])] = row
    return kept


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(SPECS))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--count", type=int, default=None, help="most positions written (default: the game's)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", default=None, help="default web/practice/<game>.json")
    parser.add_argument("--keep", default=None, help="the games played, one JSON line each (default "
                        "/tmp/practice-<game>.jsonl): a later run plays only those it lacks")
    args = parser.parse_args(argv)
    name = args.game
    count = args.count or SPECS[name].count
    out = args.out or os.path.join(ROOT, "web", "practice", f"{name}.json")
    keep = args.keep or f"/tmp/practice-{name}.jsonl"
    python = "pypy3" if platform.python_implementation() == "PyPy" else "python3"  # see the top: they differ
    command = f"{python} train/practice.py {name} --games {args.games} --seed {args.seed}"
    if args.count:
        command += f" --count {args.count}"
    start = time.perf_counter()
    seeds = game_seeds(args.seed, args.games)
    kept = read_keep(keep, name)
    jobs = [(name, i, s) for i, s in enumerate(seeds) if (i, s) not in kept]
    print(f"{len(seeds) - len(jobs)} of {len(seeds)} games already in {keep}", flush=True)
    with open(keep, "a") as fh, multiprocessing.Pool(args.workers) as pool:
        for n, ((_, index, seed), (rows, d)) in enumerate(zip(jobs, pool.imap(play_game, jobs)), 1):
            row = {"version": VERSION, "python": platform.python_implementation(), "game": name, "index": index,
                   "seed": seed, "decisions": d, "found": rows}
            fh.write(json.dumps(row, separators=(",", ":")) + "\n")
            fh.flush()
            kept[(index, seed)] = row
            if n % 10 == 0:
                print(f"{n} of {len(jobs)} games played, {time.perf_counter() - start:.0f} s", flush=True)
    games = [kept[(i, s)] for i, s in enumerate(seeds)]
    found = [p for g in games for p in g["found"]]
    positions = select(name, found, count)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    write(out, name, positions, command)
    kinds: dict[str, int] = {}
    for p in positions:
        kinds[p["kind"]] = kinds.get(p["kind"], 0) + 1
    spec = SPECS[name]
    print(f"{len(games)} games, {sum(g['decisions'] for g in games)} decisions, {len(found)} near, "
          f"{sum(clear(spec, p) for p in found)} clear, {len(positions)} written "
          f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}) "
          f"in {time.perf_counter() - start:.0f} s -> {out}")


if __name__ == "__main__":
    main()
