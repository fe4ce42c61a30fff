"""Every move and reason of the hard Hanabi bots over 30 fixed games, as JSON: run it before and
after a change to the bots' machinery (search.py, say) and compare the two files byte for byte.

    PYTHONPATH=. python tools/hanabi_bot_moves.py before.json   # ... change ...
    PYTHONPATH=. python tools/hanabi_bot_moves.py after.json && cmp before.json after.json

Seeds 500-529, 2 to 5 players in turn; each seat's bot has its own seed. Prints the number of
games, of moves and of look-ahead moves (those where the search left the conventional move).
"""

from __future__ import annotations

import json
import sys
import time

import pygame_core


def main(path: str) -> None:
    out = []
    start = time.time()
    for i in range(30):
        players = 2 + i % 4
        game = pygame_core.new_game("hanabi", seed=500 + i, options={"players": players})
        bots = [pygame_core.new_bot("hanabi", "hard", seed=i * 10 + s) for s in range(players)]
        moves = []
        while not game.is_over:
            seat = game.current_player
            action = bots[seat].choose(game.observation(seat))
            moves.append([action, bots[seat].last_reason])
            game.apply(action)
        out.append({"seed": 500 + i, "players": players, "score": game.result()["scores"][0], "actions": moves})
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, sort_keys=True)
    print("games", len(out), "moves", sum(len(g["actions"]) for g in out),
          "lookahead", sum(1 for g in out for _, why in g["actions"] if why["code"] == "lookahead"),
          f"{time.time() - start:.0f}s")


if __name__ == "__main__":
    main(sys.argv[1])
