"""Hanabi: a cooperative game; players see every hand but their own.

cards: identities and counts; rules: state, actions, the Game; knowledge:
what clues and visible cards tell about a card; view: a player's
observation; conventions: the shared reading of clues (seeds/hanabi-conventions.md);
bots: the AI teammates that follow those conventions.
"""

from .bots import HanabiBot
from .rules import Hanabi

__all__ = ["Hanabi", "HanabiBot"]
