"""Hanamikoji (Kota Nakayama): two players court seven geishas with item cards.

cards: the geishas and item cards; rules: state, actions, scoring; view: a
player's observation and a world sampled back from it (reads rules); game:
the protocol Game, joining rules and view; bots: the AI; policy: the
learned playout policy expert's search plays its imagined rounds with
(weights in policy.json, made by train/hanamikoji.py).
"""

from typing import Any

# The game's default options, here so that listing the collection needs no
# rules: pygame_core.games registers the game by name, and its code
# (Hanamikoji in .game, HanamikojiBot in .bots) is imported when a game is opened.
DEFAULT_OPTIONS: dict[str, Any] = {"round_limit": 3, "decks": None}
# The AI levels; expert searches longer than hard (bots.py). The very tuple is
# HanamikojiBot.levels, so the collection names them without importing the AI.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
