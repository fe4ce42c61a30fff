"""Hanamikoji (Kota Nakayama): two players court seven geishas with item cards.

cards: the geishas and item cards; rules: state, actions, scoring, the Game;
view: a player's observation and a world sampled back from it; bots: the AI.
"""

from .bots import HanamikojiBot
from .rules import Hanamikoji

__all__ = ["Hanamikoji", "HanamikojiBot"]
