"""Learn Hanamikoji's playout policy from the expert's own choices (issue 30).

    python3 train/hanamikoji.py data --games 1000 [--first 0] [--workers 2] [--teacher expert0|expert]
    python3 train/hanamikoji.py fit  [--data /tmp/hanamikoji-expert.jsonl]
                                     [--out pygame_core/hanamikoji/policy.json]

`data` plays the teacher against itself on games F..F+N-1 (game seeds
7_000_003*i+11, which no bench uses), alternating the round limit (3 rounds,
no limit), and writes one JSON line per decision with more than one legal
action: what the deciding seat saw that the policy reads, what the teacher
chose, and how the game ended for that seat. The teacher 'expert0' is the
expert search with the quick heuristic's rollouts (the first round of
training, which made the shipped weights); 'expert' uses the shipped policy
in its rollouts, for a next round (expert iteration). The file depends only
on the games and the code: the same command writes the same bytes.

`fit` fits each part of the policy (policy.py) to the teacher's choices by
maximum likelihood (a conditional logit per marker's card choice and for
the picks, a softmax over free markers, the competition's split by
frequency), prints how often the fitted model's top choice is the teacher's,
and writes the weights with this script's VERSION, the data's sha256 and the
weights' own sha256 (tests/test_hanamikoji_policy.py checks both). It needs
numpy (`pip install numpy`); the engine reads the weights in pure Python.

Run time here (2 cores, 2026-12-04): `data --games 1000` about 15 minutes,
`fit` 5 seconds.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_core  # noqa: E402
from pygame_core.hanamikoji.bots import HanamikojiBot  # noqa: E402
from pygame_core.hanamikoji.cards import ACTION_SIZES, ACTION_TYPES, NUM_GEISHAS, counts_of  # noqa: E402
from pygame_core.hanamikoji.policy import (  # noqa: E402
    CARD_FEATURES, CARD_KINDS, POLICY_FILE, SPLITS, Policy, card_features, kind_features)
from train.common import command_line, fit_logit, load_rows, write_policy  # noqa: E402

VERSION = 1
DEFAULT_DATA = "/tmp/hanamikoji-expert.jsonl"


def record(view: dict, action: dict) -> dict:
    """The decision as the playout policy sees it (the decider's own view only)."""
    me, opp = view["players"]
    mine = me["items"][:]
    return {
        "phase": view["phase"],
        "hand": counts_of(view["hand"]),
        "mine": mine,
        "secret": me["secret"],
        "theirs": opp["items"][:],
        "favour": [0 if g["favour"] is None else (1 if g["favour"] == 0 else -1) for g in view["geishas"]],
        "used": [me["used"][k] for k in ACTION_TYPES],
        "opp_used": [opp["used"][k] for k in ACTION_TYPES],
        "draw": view["draw_pile"],
        "round": view["round"],
        "offer": view["offer"],
        "action": action,
    }


def teacher(name: str, seed: int) -> HanamikojiBot:
    """'expert0': the expert search with the quick heuristic's rollouts (the
    first round of training); 'expert': the expert with the shipped policy's."""
    bot = HanamikojiBot("expert", seed=seed)
    bot.LEARNED_PLAYOUTS = name == "expert"
    return bot


def play_game(job: tuple[int, str]) -> list[dict]:
    index, name = job
    options = {"round_limit": 3 if index % 2 == 0 else None}
    game = pygame_core.new_game("hanamikoji", seed=7_000_003 * index + 11, options=options)
    bots = [teacher(name, 3 * index + s) for s in (1, 2)]
    rows: list[tuple[int, dict]] = []
    while not game.is_over:
        seat = game.current_player
        view = game.observation(seat)
        action = bots[seat].choose(view)
        if len(view["legal_actions"]) > 1:
            rows.append((seat, record(view, action)))
        game.apply(action)
    winner = game.result()["winner"]
    out = []
    for seat, row in rows:
        row["result"] = 0.0 if winner is None else (1.0 if winner == seat else -1.0)
        row["game"] = index
        out.append(row)
    return out


def cmd_data(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    n = 0
    with open(args.out, "a") as fh, multiprocessing.Pool(args.workers) as pool:
        jobs = [(i, args.teacher) for i in range(args.first, args.first + args.count)]
        for rows in pool.imap(play_game, jobs, chunksize=4):
            for row in rows:
                fh.write(json.dumps(row, separators=(",", ":")) + "\n")
            n += 1
            if n % 50 == 0:
                fh.flush()
                print(f"{n} games, {time.perf_counter() - start:.0f} s", flush=True)
    print(f"{args.count} games in {time.perf_counter() - start:.0f} s -> {args.out}")


# ------------------------------------------------------------------ fitting
def _multisets(hand: list[int], n: int) -> list[tuple[int, ...]]:
    """Every distinct set of n cards a hand given by counts can offer."""
    cards = [g for g in range(NUM_GEISHAS) for _ in range(hand[g])]
    return sorted(set(itertools.combinations(cards, n)))


def _view_of(row: dict) -> tuple[list[int], list[int], list[int], int]:
    mine = row["mine"][:]
    if row["secret"] is not None:
        mine[row["secret"]] += 1
    left = 4 - sum(row["used"])
    return mine, row["theirs"], row["favour"], left


def choice_samples(rows: list[dict]) -> tuple[dict[str, list], list, list]:
    """The expert's choices as conditional-logit samples.

    card[kind]: (candidates, chosen): each candidate a set of cards given as
    its summed card features; kind: (features, free mask, chosen kind); split:
    (chosen split of the competition's four cards ranked by the fitted
    competition scores: filled in later, as it needs those scores).
    """
    card: dict[str, list] = {k: [] for k in CARD_KINDS}
    kinds: list = []
    comps: list = []
    for row in rows:
        mine, theirs, favour, left = _view_of(row)
        hand = row["hand"]
        feats = [card_features(g, mine[g], theirs[g], hand[g], favour[g], left) for g in range(NUM_GEISHAS)]
        a = row["action"]
        if row["phase"] == "action":
            kind = a["type"]
            k = ACTION_TYPES.index(kind)
            kinds.append((kind_features(row["used"], row["opp_used"], hand), [not u for u in row["used"]], k))
            size = ACTION_SIZES[kind]
            chosen = tuple(sorted(a["cards"] if kind != "competition" else a["pairs"][0] + a["pairs"][1]))
            cands = _multisets(hand, size)
            if len(cands) > 1:
                card[kind].append(([[sum(feats[g][j] for g in c) for j in range(CARD_FEATURES)] for c in cands],
                                   cands.index(chosen)))
            if kind == "competition":
                comps.append((feats, a["pairs"]))
        else:
            # The picker sees the offer; its own items and markers are `mine`/`used` here.
            if row["phase"] == "pick_gift":
                cands = sorted(set(row["offer"]["cards"]))
                if len(cands) > 1:
                    card["pick"].append(([feats[g] for g in cands], cands.index(a["card"])))
            else:
                pairs = row["offer"]["pairs"]
                if sorted(pairs[0]) != sorted(pairs[1]):
                    card["pick"].append(([[feats[x][j] + feats[y][j] for j in range(CARD_FEATURES)]
                                          for x, y in pairs], a["pair"]))
    return card, kinds, comps


def fit_kinds(samples: list, l2: float, steps: int = 300) -> list[list[float]]:
    """One weight row per marker; a softmax over the mover's free markers."""
    import numpy as np

    x = np.array([f for f, _, _ in samples])
    free = np.array([mk for _, mk, _ in samples], dtype=bool)
    chosen = np.array([k for _, _, k in samples])
    w = np.zeros((4, x.shape[1]))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    rows = np.arange(len(samples))
    for t in range(1, steps + 1):
        z = np.where(free, x @ w.T, -np.inf)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        y = np.zeros_like(p)
        y[rows, chosen] = 1.0
        grad = (y - p).T @ x / len(samples) - 2 * l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w += 0.05 * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    z = np.where(free, x @ w.T, -np.inf)
    hits = np.argmax(z, axis=1) == chosen
    z -= z.max(axis=1, keepdims=True)
    logp = z[rows, chosen] - np.log(np.exp(z).sum(axis=1))
    real = free.sum(axis=1) > 1  # a last marker is no choice
    print(f"  {len(samples)} choices ({real.sum()} with more than one marker free), mean log-likelihood "
          f"{logp.mean():.3f}, top choice agrees {hits[real].mean():.1%} where there was a choice")
    return [[round(float(a), 5) for a in row] for row in w]


def fit_split(comps: list, weights: list[float]) -> list[float]:
    """Log-frequencies of the three ways to split the competition's four cards
    (ranked best first by the fitted competition scores)."""
    counts = [1.0, 1.0, 1.0]
    for feats, pairs in comps:
        cards = pairs[0] + pairs[1]
        score = {g: sum(a * b for a, b in zip(weights, feats[g])) for g in cards}
        order = sorted(range(4), key=lambda i: (-score[cards[i]], i))
        rank = {i: r for r, i in enumerate(order)}
        first = tuple(sorted((rank[0], rank[1])))  # ranks of the cards that were pair 0
        for s, (a, b) in enumerate(SPLITS):
            if first in ((a[0], a[1]), (b[0], b[1])):
                counts[s] += 1
                break
    total = sum(counts)
    print(f"  splits (ab|cd, ac|bd, ad|bc): {[round(c / total, 3) for c in counts]}")
    return [round(math.log(c / total), 5) for c in counts]


def cmd_fit(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    rows, digest = load_rows(args.data)
    games = sorted({row["game"] for row in rows})
    print(f"{len(rows)} decisions from {len(games)} games ({args.data}, sha256 {digest[:16]})")
    card, kinds, comps = choice_samples(rows)
    weights: dict[str, list[float]] = {}
    for kind in CARD_KINDS:
        print(f"card scores for {kind}:")
        weights[kind] = fit_logit(card[kind], CARD_FEATURES, args.l2)
    print("marker choice:")
    kind_w = fit_kinds(kinds, args.l2)
    print("competition split:")
    split = fit_split(comps, weights["competition"])
    policy = Policy({
        "meta": {"script": "train/hanamikoji.py", "version": VERSION, "data_sha256": digest,
                 "games": f"{games[0]}-{games[-1]} ({len(games)})", "decisions": len(rows), "l2": args.l2},
        "card": weights, "kind": kind_w, "split": split,
    })
    write_policy(policy, args.out)
    print(f"wrote {args.out} in {time.perf_counter() - start:.0f} s")


def main(argv: list[str] | None = None) -> None:
    args = command_line(__doc__, "games", 1000, ["expert0", "expert"], DEFAULT_DATA, POLICY_FILE, argv)
    (cmd_data if args.cmd == "data" else cmd_fit)(args)


if __name__ == "__main__":
    main()
