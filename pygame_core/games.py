"""The collection: every game the engine knows, playable or still to come.

Importing this module registers them all, by name: a game's rules and AI
are imported the first time a game of that kind is opened (see GameInfo),
so listing the collection, or booting the engine for one game, loads no
other game's code. A game that is not implemented yet is listed without
classes, so the site can show it as "coming soon".
"""

from __future__ import annotations

from . import hanabi, hanamikoji, koikoi
from .nim import DEFAULT_OPTIONS as NIM_OPTIONS
from .protocol import GameInfo, register

register(GameInfo(
    name="hanamikoji", title="Hanamikoji", players=(2, 2),
    game="pygame_core.hanamikoji.game:Hanamikoji", bot="pygame_core.hanamikoji.bots:HanamikojiBot",
    options=hanamikoji.DEFAULT_OPTIONS, levels=hanamikoji.LEVELS,
))
register(GameInfo(
    name="koikoi", title="Koi-Koi", players=(2, 2),
    game="pygame_core.koikoi.game:KoiKoi", bot="pygame_core.koikoi.bots:KoiKoiBot",
    options=koikoi.DEFAULT_OPTIONS, levels=koikoi.LEVELS,
))
register(GameInfo(
    name="hanabi", title="Hanabi", players=(2, 5),
    game="pygame_core.hanabi.game:Hanabi", bot="pygame_core.hanabi.bots:HanabiBot",
    options=hanabi.DEFAULT_OPTIONS, take_back=False,
))
register(GameInfo(
    name="nim", title="Nim (test game)", players=(2, 2),
    game="pygame_core.nim:Nim", bot="pygame_core.nim:NimBot", options=NIM_OPTIONS, hidden=True,
))
