"""The families of play: the one list of them. Importing a family registers it with the engine
(game/engine/registry.py); the engine and everything else find it there, by the name a ruleset gives."""
from game.families import clash  # noqa: F401
from game.families import memory  # noqa: F401
from game.families import shedding  # noqa: F401
from game.families import tableau  # noqa: F401
