"""Koi-Koi: the two-player Hanafuda game of collecting yaku and daring to go on.

cards: the 48 cards and their names; yaku: scoring captured cards; rules:
state, actions, round and match scoring, the Game; view: a player's
observation and a world sampled back from it; bots: the AI.
"""

from .bots import KoiKoiBot
from .rules import KoiKoi

__all__ = ["KoiKoi", "KoiKoiBot"]
