"""The collection: every game the engine knows, playable or still to come.

Importing this module registers them all. A game that is not implemented yet
is listed without classes, so the site can show it as "coming soon".
"""

from __future__ import annotations

from .hanabi import Hanabi, HanabiBot
from .hanamikoji import Hanamikoji, HanamikojiBot
from .koikoi import KoiKoi, KoiKoiBot
from .nim import Nim, NimBot
from .protocol import GameInfo, register

register(GameInfo(name="hanamikoji", title="Hanamikoji", players=(2, 2), game_cls=Hanamikoji, bot_cls=HanamikojiBot))
register(GameInfo(name="koikoi", title="Koi-Koi", players=(2, 2), game_cls=KoiKoi, bot_cls=KoiKoiBot))
register(GameInfo(name="hanabi", title="Hanabi", players=(2, 5), game_cls=Hanabi, bot_cls=HanabiBot))
register(GameInfo(name="nim", title="Nim (test game)", players=(2, 2), game_cls=Nim, bot_cls=NimBot, hidden=True))
