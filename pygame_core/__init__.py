"""pygame_core: rules and AI of three Japanese card games.

Pure Python with no runtime dependencies, so that the same wheel runs in
CPython (tests, benchmarks) and in Pyodide (the browser). The public surface is
small: `new_game`, `new_bot`, `list_games` and the JSON `bridge`.
"""

__version__ = "0.1.0"

from .errors import EngineError  # noqa: E402
from .protocol import Bot, Game, list_games, load_game, new_bot, new_game  # noqa: E402
from . import games as _games  # noqa: E402,F401  (registers every game)

__all__ = [
    "__version__",
    "Bot",
    "EngineError",
    "Game",
    "list_games",
    "load_game",
    "new_bot",
    "new_game",
]
