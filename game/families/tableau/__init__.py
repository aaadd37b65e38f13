"""The tableau family (Castle Combo): buy characters from two displays into a 3x3 tableau, score it.

view.py is the contract (what a seat knows, the actions and their places). Being built (issue 10):
rules.py (the game; registers the family), scoring.py (one evaluator per primitive), words.py,
bots.py. Its table is game/ui/families/tableau/.
"""
