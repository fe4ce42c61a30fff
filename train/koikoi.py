"""Learn Koi-Koi's playout policy from a search's own choices (issue 30).

    python3 train/koikoi.py data --matches 400 [--first 0] [--workers 2] [--teacher expert|learned]
    python3 train/koikoi.py fit  [--data /tmp/koikoi-teacher.jsonl]
                                 [--out train/koikoi_policy.json]

`data` plays the teacher against itself in twelve-round matches F..F+N-1
(game seeds 9_000_011*i+29, which no bench uses; the first dealer
alternates) and writes one JSON line per decision with more than one legal
action: what the deciding seat saw that the policy reads (its hand, the
table, both captured piles as bit masks, the card it turned, the koi-koi
state), what the teacher chose and the points the decider's side made of
that round (`gain`, the opponent's as negative: for a value to fit later).
The teacher 'expert' is the expert level as shipped (issue 15's candidate
`hard2`, greedy playouts: it made the shipped weights); 'learned' is the
expert with its learned parts on (the shipped policy's playouts and belief),
for a next round. The file depends only on the matches and the code: the
same command writes the same bytes.

`fit` fits the policy (koikoi_policy.py) by maximum likelihood: a conditional logit
over the legal plays (and over the two table cards of a take), a logistic
regression for koi-koi against shobu; it prints how often the fitted model's
top choice is the teacher's, and writes the weights with this script's
VERSION, the data's sha256 and the weights' own sha256
(tests/test_koikoi_policy.py checks both). It needs numpy; the engine reads
the weights in pure Python.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core.koikoi.bots import KoiKoiBot  # noqa: E402
from pygame_core.koikoi.cards import MONTH_MASKS, cards_in, mask_of  # noqa: E402
from pygame_core.koikoi.yaku import SOURCE_RULES  # noqa: E402
from train.common import command_line, fit_logit, load_rows, write_policy  # noqa: E402
from train.koikoi_policy import (  # noqa: E402
    KOIKOI_FEATURES, PLAY_FEATURES, POLICY_FILE, Policy, koikoi_features, play_features)

VERSION = 1
DEFAULT_DATA = "/tmp/koikoi-teacher.jsonl"


def record(view: dict, action: dict) -> dict:
    """The decision as the playout policy sees it (the decider's own view only)."""
    me, opp = view["players"]
    row = {
        "phase": view["phase"],
        "hand": mask_of(view["hand"]),
        "table": mask_of(view["table"]),
        "mine": mask_of(c for cards in me["captured"].values() for c in cards),
        "theirs": mask_of(c for cards in opp["captured"].values() for c in cards),
        "opp_hand": opp["hand_size"],
        "koikoi": [me["koikoi"], opp["koikoi"]],
        "round": view["round"], "rounds": view["rounds"], "scores": [me["score"], opp["score"]],
        "action": action,
    }
    pend = view.get("pending") or {}
    if view["phase"] == "take":
        row["drawn"] = pend["card"]
    if view["phase"] == "koikoi":
        row["points"] = pend["points"]
        row["shobu_points"] = pend["shobu_points"]
    return row


def teacher(name: str, seed: int) -> KoiKoiBot:
    """'expert': the expert level as shipped; 'learned': with its learned parts on."""
    if name == "learned":
        from train.koikoi_learned import LearnedExpertBot

        return LearnedExpertBot(seed=seed)
    return KoiKoiBot("expert", seed=seed)


def play_match(job: tuple[int, str]) -> list[dict]:
    index, name = job
    options = {"rounds": 12, "first_dealer": index % 2}
    game = pygame_core.new_game("koikoi", seed=9_000_011 * index + 29, options=options)
    bots = [teacher(name, 3 * index + s) for s in (1, 2)]
    rows = []
    while not game.is_over:
        seat = game.current_player
        view = game.observation(seat)
        action = bots[seat].choose(view)
        if len(view["legal_actions"]) > 1:
            row = record(view, action)
            row["match"] = index
            rows.append((seat, row))
        game.apply(action)
    rounds = game.result()["rounds"]
    for seat, row in rows:
        # What the deciding seat's side made of that round: its points, the opponent's as negative.
        done = rounds[row["round"] - 1]
        won = done["winner"]
        row["gain"] = 0 if won is None else (done["points"] if won == seat else -done["points"])
    return [row for _, row in rows]


def cmd_data(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    n = 0
    with open(args.out, "a") as fh, multiprocessing.Pool(args.workers) as pool:
        jobs = [(i, args.teacher) for i in range(args.first, args.first + args.count)]
        for rows in pool.imap(play_match, jobs, chunksize=2):
            for row in rows:
                fh.write(json.dumps(row, separators=(",", ":")) + "\n")
            n += 1
            if n % 20 == 0:
                fh.flush()
                print(f"{n} matches, {time.perf_counter() - start:.0f} s", flush=True)
    print(f"{args.count} matches in {time.perf_counter() - start:.0f} s -> {args.out}")


# ------------------------------------------------------------------ fitting
def choice_samples(rows: list[dict]) -> tuple[list, list]:
    """(plays and takes, koi-koi calls): each a list of (candidate features, chosen index)."""
    plays, calls = [], []
    rules = SOURCE_RULES  # the teacher's matches play the source's rules
    for row in rows:
        a = row["action"]
        hand, table, mine, theirs = row["hand"], row["table"], row["mine"], row["theirs"]
        if row["phase"] == "play":
            cands, chosen = [], None
            for card in cards_in(hand):
                group = table & MONTH_MASKS[card >> 2]
                for take in (cards_in(group) if group.bit_count() == 2 else [None]):
                    if card == a["card"] and take == a.get("take"):
                        chosen = len(cands)
                    cands.append(play_features(card, take, hand, table, mine, theirs, rules))
            plays.append((cands, chosen))
        elif row["phase"] == "take":
            drawn = row["drawn"]
            group = table & MONTH_MASKS[drawn >> 2]
            takes = cards_in(group)
            plays.append(([play_features(drawn, t, hand, table, mine, theirs, rules) for t in takes],
                          takes.index(a["card"])))
        else:
            f = koikoi_features(row["points"], hand.bit_count(), row["koikoi"][0], row["koikoi"][1],
                                mine, theirs, rules)
            calls.append(([f, [0.0] * KOIKOI_FEATURES], 0 if a["type"] == "koikoi" else 1))
    return plays, calls


def cmd_fit(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    rows, digest = load_rows(args.data)
    matches = sorted({row["match"] for row in rows})
    print(f"{len(rows)} decisions from {len(matches)} matches ({args.data}, sha256 {digest[:16]})")
    plays, calls = choice_samples(rows)
    print("plays and takes:")
    play_w = fit_logit(plays, PLAY_FEATURES, args.l2)
    print("koi-koi calls:")
    koikoi_w = fit_logit(calls, KOIKOI_FEATURES, args.l2)
    policy = Policy({
        "meta": {"script": "train/koikoi.py", "version": VERSION, "data_sha256": digest,
                 "matches": f"{matches[0]}-{matches[-1]} ({len(matches)})", "decisions": len(rows),
                 "l2": args.l2},
        "play": play_w, "koikoi": koikoi_w,
    })
    write_policy(policy, args.out)
    print(f"wrote {args.out} in {time.perf_counter() - start:.0f} s")


def main(argv: list[str] | None = None) -> None:
    args = command_line(__doc__, "matches", 400, ["expert", "learned"], DEFAULT_DATA, POLICY_FILE, argv)
    (cmd_data if args.cmd == "data" else cmd_fit)(args)


if __name__ == "__main__":
    main()
