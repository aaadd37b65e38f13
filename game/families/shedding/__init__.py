"""The shedding family (Kumbal): hands fanned, shed points by discarding singles, sets and runs, call.

rules.py is the game (and registers the family), view.py what a seat may know, words.py the log's
sentences, bots.py its bots, sampling.py the hard bot's deals from a view and search.py its tuning. Its table is game/ui/families/shedding/.
"""
from game.families.shedding.rules import FAMILY, ShedGame  # noqa: F401  (registers the family)
