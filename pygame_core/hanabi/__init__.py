"""Hanabi: a cooperative game; players see every hand but their own.

cards: identities and counts; rules: state, actions, the Game; knowledge:
what clues and visible cards tell about a card; view: a player's
observation; conventions: the shared reading of clues (seeds/hanabi-conventions.md);
bots: the AI teammates that follow those conventions.
"""

from typing import Any

# The game's default options, here so that listing the collection needs no
# rules: pygame_core.games registers the game by name, and its code
# (Hanabi in .rules, HanabiBot in .bots) is imported when a game is opened.
DEFAULT_OPTIONS: dict[str, Any] = {"players": 2, "deck": None}
