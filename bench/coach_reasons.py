"""What the coach's hints give as their reason (issue 40): a reason a player can use, or
only the sampling behind it?

    python bench/coach_reasons.py [GAME ...] [--hints N] [--seed S] [--examples]

GAME: any of the games with a coach (pygame_core.coach.REVIEWED_GAMES; all of them when
none is named). For each game, N hints (default 100) from random positions: a game dealt
from a random seed anywhere in 0..2**53-1 (Hanabi with 2-5 players, drawn too), played by
the normal level in every seat; a random seat, and one of that seat's decisions with a
real choice (two legal actions or more), drawn at random. The hint is `coach.hint` as the
bridge asks it (seed: `coach.decision_seed(game seed, move)`), and its sentence is the
page's: the game's web/games/<game>/coach.js `coachReason`, in English, read by Node.

The table: per game, how many hint sentences give only the sampling as their reason (a
code that says nothing but "it did best when played out": Koi-Koi's old "playouts",
Hanabi's "lookahead"; target none), how many have no words at all (the page would fall
back to its own plain sentence; target none), how many say the sampling beside a real
reason (a weaker reason, such as what a laid card gives the opponent, with "and this did
best when played out"), and the count of each reason code (with its form where one code
has several: "tradeoff_cards/least").
`--examples` prints one English sentence per code as well.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core import coach  # noqa: E402
from pygame_core.protocol import MAX_SEED  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# Reason codes whose words give only the sampling ("it did best when played out many times").
SAMPLING_ONLY = {"hanamikoji": set(), "koikoi": {"playouts"}, "hanabi": {"lookahead"}}


def label(why: dict[str, Any]) -> str:
    """A reason's code, with the form its words take where one code has several."""
    code = why["code"]
    if code == "tradeoff_cards":
        return f"{code}/{why['need']}"
    if code == "discard_other":
        return f"{code}/" + ("safe" if why["critical"] == 0 else "least" if why["least"] else "risk")
    if code == "gives":
        return code if why["yaku"] else f"{code}/none"
    return code


# The forms whose words give a real reason and then the sampling beside it (counted apart).
SAMPLING_BESIDE = {"tradeoff_cards/more", "discard_other/risk", "gives"}
LEVEL = "normal"  # plays the games up to the positions (quick; every level reaches the same kinds)

WORDS = """
import { createRequire } from 'module';
const require = createRequire(import.meta.url);
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const { messages } = await import(root + `games/${process.argv[1]}/messages.js`);
const { coachReason } = await import(root + `games/${process.argv[1]}/coach.js`);
const hints = JSON.parse(require("fs").readFileSync(0, "utf8"));
const t = (key, params = {}) => fill(messages.en[key] ?? key, params, "en");
console.log(JSON.stringify(hints.map(([why, action, observation]) => {
  try { return coachReason(why, t, { action, observation }, "en") ?? ""; } catch (err) { return ""; }
})));
"""


def options_for(game: str, rng: random.Random) -> dict[str, Any]:
    return {"players": rng.randint(2, 5)} if game == "hanabi" else {}


def position(game: str, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """(game seed, the observation of a random seat's decision with a real choice) of a fresh game."""
    while True:
        seed = rng.randrange(MAX_SEED + 1)
        g = pygame_core.new_game(game, seed=seed, options=options_for(game, rng))
        bots = [pygame_core.new_bot(game, level=LEVEL, seed=rng.randrange(MAX_SEED + 1)) for _ in range(g.num_players)]
        seat = rng.randrange(g.num_players)
        choices: list[dict[str, Any]] = []
        while not g.is_over:
            mover = g.current_player
            view = g.observation(mover)
            if mover == seat and len(view["legal_actions"]) > 1:
                choices.append(view)
            g.apply(bots[mover].choose(view))
        if choices:
            return seed, rng.choice(choices)


def sentences(game: str, hints: list[tuple[dict, dict, dict]]) -> list[str]:
    """The English sentence the page shows for each (why, action, observation)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("Node.js is needed to word the hints as the page does")
    done = subprocess.run([node, "--input-type=module", "-e", WORDS, game], cwd=ROOT, input=json.dumps(hints),
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def run(game: str, count: int, rng: random.Random) -> dict[str, Any]:
    started = time.process_time()
    hints = []
    for _ in range(count):
        seed, view = position(game, rng)
        hint = coach.hint(game, view, coach.decision_seed(seed, view["move"]))
        hints.append((hint["why"], hint["action"], view))
    words = sentences(game, hints)
    codes = Counter(label(why) for why, _, _ in hints)
    examples = {}
    for (why, _, _), text in zip(hints, words):
        examples.setdefault(label(why), text)
    return {"game": game, "hints": count, "codes": codes, "examples": examples,
            "sampling": sum(why["code"] in SAMPLING_ONLY[game] for why, _, _ in hints),
            "beside": sum(label(why) in SAMPLING_BESIDE for why, _, _ in hints),
            "unworded": sum(not text for text in words), "seconds": time.process_time() - started}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"any of {', '.join(coach.REVIEWED_GAMES)}")
    parser.add_argument("--hints", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None, help="the bench's own seed (default: a fresh one, printed)")
    parser.add_argument("--examples", action="store_true")
    args = parser.parse_args()
    unknown = [game for game in args.games if game not in coach.REVIEWED_GAMES]
    if unknown:
        parser.error(f"no coach for {', '.join(unknown)} (only {', '.join(coach.REVIEWED_GAMES)})")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"bench seed {seed}; {args.hints} hints per game; positions played by the {LEVEL} level\n")
    rows = [run(game, args.hints, random.Random(f"{seed}:{game}")) for game in args.games or coach.REVIEWED_GAMES]
    print(f"{'game':<11} {'hints':>5} {'sampling only':>13} {'no words':>8} {'sampling beside':>15}  "
          "reason codes (count)")
    for row in rows:
        codes = ", ".join(f"{code} {n}" for code, n in sorted(row["codes"].items(), key=lambda kv: (-kv[1], kv[0])))
        print(f"{row['game']:<11} {row['hints']:>5} {row['sampling']:>13} {row['unworded']:>8} {row['beside']:>15}  "
              f"{codes}")
    print("\nCPU seconds: " + ", ".join(f"{row['game']} {row['seconds']:.0f}" for row in rows))
    if args.examples:
        for row in rows:
            print(f"\n{row['game']}:")
            for code, text in sorted(row["examples"].items()):
                print(f"  {code:<14} {text}")


if __name__ == "__main__":
    main()
