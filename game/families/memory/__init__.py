"""The memory family (Kombio, Cambio, classic Cambio): face-down layouts, peeks, swaps, match races.

rules.py is the game (and registers the family), view.py what a seat may know, words.py the log's
sentences, bots.py its bots. Its table is game/ui/families/memory/.
"""
from game.families.memory.rules import FAMILY, MemoryGame  # noqa: F401  (registers the family)
