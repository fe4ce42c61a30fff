#!/usr/bin/env python3
"""Do the bots' clues mean what seeds/hanabi-conventions.md says? A literal reader checks.

    python3 bench/hanabi_reader.py [--games 100] [--level normal] [--players 2,3,4,5] [--show 3]

Self-play with every seat a bot of one level, seeded decks. Every clue a bot
gives is read twice: by the giver's own foresight (the bots' reading, which
is what the giver means: conventions.py) and by tests/hanabi_page_reader.py,
a reader written from the page alone. They agree when they pick the same card
and the same kind: play (or tempo) = play; save = save or "keep"; a clue the
bots read as saying nothing = none. Disagreements are counted by kind, and
"harmful" are those where the page says play but the card does not fit now or
later (a person who follows the page would strike). --show prints that many
disagreeing positions of each kind.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from hanabi_page_reader import PageReader  # noqa: E402

from pygame_core import new_bot, new_game  # noqa: E402
from pygame_core.hanabi.cards import COLOURS, colour_of, rank_of  # noqa: E402
from pygame_core.hanabi.conventions import Tracker  # noqa: E402


def play(seed: int, players: int, level: str):
    """One self-play game: the public log (absolute seats) and, per clue, the giver's reason and the cards."""
    game = new_game("hanabi", seed=seed, options={"players": players})
    bots = [new_bot("hanabi", level, seed=seed * 7 + i) for i in range(players)]
    clues = []
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(game.observation(seat))
        if action["type"] == "clue":
            cards = {c.id: (COLOURS[colour_of(c.ident)], rank_of(c.ident)) for h in game.state.hands for c in h}
            stacks = dict(game.observation(seat)["stacks"])
            clues.append((bots[seat].last_reason, cards, stacks))
        game.apply(action)
    return game.observation(0)["log"], clues


def agreement(players: int, games: int, level: str = "normal", show: int = 0) -> dict:
    """Read every clue of `games` self-play games both ways; counts, kinds of disagreement and examples."""
    total = agree = harmful = 0
    kinds: Counter = Counter()
    examples: list[str] = []
    for g in range(games):
        log, clues = play(1000 + g, players, level)
        bots, page = Tracker(players), PageReader(players)
        k = 0
        for e in log:
            if e["type"] != "clue":
                bots.event(e)
                page.event(e)
                continue
            reason, cards, stacks = clues[k]
            k += 1
            bots.event(e)
            giver = bots.readings[-1][2]
            said = page.event(e)
            meant = {"play": "play", "tempo": "play", "save": "save"}.get(giver.kind, "none")
            focus = giver.focus if meant != "none" else None
            ok = (said["focus"] == focus and (said["reading"] == meant
                                                or meant == "save" and said["reading"] == "keep")) \
                or (meant == "none" and said["reading"] == "none")
            total += 1
            if ok:
                agree += 1
                continue
            kind = f"{reason['code']}: bots {meant}, page {said['reading']}" + (
                "" if said["focus"] == focus or meant == "none" else " (other card)")
            kinds[kind] += 1
            if said["reading"] == "play":
                card = cards[said["focus"]]
                if stacks[card[0]] >= card[1] or not _reachable(card, stacks, cards, page):
                    harmful += 1
            if sum(x.startswith(kind) for x in examples) < show:
                examples.append(f"{kind} [{players}p game {1000 + g}]: clue {e} stacks {stacks} "
                                f"hand {[cards[c.id] for c in page.hands[e['target']]]}")
    return {"total": total, "agree": agree, "harmful": harmful, "kinds": kinds, "examples": examples}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--show", type=int, default=0)
    args = ap.parse_args()
    print(f"Bots ({args.level}) against the page's literal reader, {args.games} self-play games per player count\n")
    rows = []
    for players in [int(p) for p in args.players.split(",")]:
        r = agreement(players, args.games, args.level, args.show)
        for line in r["examples"]:
            print("  " + line)
        top = "; ".join(f"{n} {k}" for k, n in r["kinds"].most_common(4))
        rows.append(f"| {players} | {r['total']} | {100 * r['agree'] / max(r['total'], 1):.1f}% | {r['harmful']} | {top} |")
    print("| players | clues | agree | harmful | most common disagreements |")
    print("|---:|---:|---:|---:|---|")
    print("\n".join(rows))
    return 0


def _reachable(card, stacks, cards, page) -> bool:
    """Could the card be played later by following known touched cards (a delayed play)?"""
    known = page.known_touched()
    rank = stacks[card[0]] + 1
    while rank < card[1] and (card[0], rank) in known:
        rank += 1
    return rank == card[1]


if __name__ == "__main__":
    sys.exit(main())
