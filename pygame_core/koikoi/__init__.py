"""Koi-Koi: the two-player Hanafuda game of collecting yaku and daring to go on.

cards: the 48 cards and their names; yaku: scoring captured cards; rules:
state, actions, round and match scoring; view: a player's observation and a
world sampled back from it (reads rules); game: the protocol Game, joining
rules and view; bots: the AI.
"""

from typing import Any

# The game's default options, here so that listing the collection needs no
# rules: pygame_core.games registers the game by name, and its code
# (KoiKoi in .game, KoiKoiBot in .bots) is imported when a game is opened.
# The four booleans are house rules (seeds/koikoi.md, "House rules"), all off:
# off is the source's game.
DEFAULT_OPTIONS: dict[str, Any] = {
    "rounds": 3, "first_dealer": None, "decks": None,
    "plus_one_yaku": False, "no_sake_yaku": False, "koikoi_once": False, "teshi": False,
}
# The AI levels; expert searches longer than hard (bots.py). The very tuple is
# KoiKoiBot.levels, so the collection names them without importing the AI.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
