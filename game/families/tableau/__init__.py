"""The tableau family (Castle Combo): buy characters from two displays into a 3x3 tableau, score it.

view.py is the contract (what a seat knows, the actions and their places); rules.py the game (and
registers the family); cards.py the card schema (each primitive's parameters, file:line:key
errors); scoring.py the vocabulary of primitives, one evaluator each, and the pure helpers the
bots and the table share; words.py the words; bots.py the bots. Its table is
game/ui/families/tableau/.
"""
from game.families.tableau.rules import FAMILY, TabGame  # noqa: F401  (registers the family)
