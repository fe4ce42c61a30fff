"""Hanabi: a cooperative game; players see every hand but their own.

cards: identities and counts; rules: the state and its actions; knowledge:
what clues and visible cards tell about a card; view: a player's observation
(reads rules); game: the protocol Game, joining rules and view.
The AI: conventions: the shared reading of clues (seeds/hanabi-conventions.md);
perspective: one seat's picture of the table, shared by the bot and its search;
reasons: what a bot's reason may tell whom; convention_bot: a teammate that
follows the conventions; search: hard's look-ahead, whose imagined teammates
are convention bots; preview: how each clue will be read; bots: HanabiBot,
joining the convention bot and the search.
"""

from typing import Any

# The game's default options, here so that listing the collection needs no
# rules: pygame_core.games registers the game by name, and its code
# (Hanabi in .game, HanabiBot in .bots) is imported when a game is opened.
DEFAULT_OPTIONS: dict[str, Any] = {"players": 2, "deck": None}
