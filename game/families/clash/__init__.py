"""The clash family (Klobba!): two Totem holders' Action cards select Barbarians of their Groups;
the higher total clobbers the other.

view.py is the contract (what a seat knows, the actions and their places), rules.py the game
(and registers the family), selection.py one evaluator per selection primitive, words.py the
log's sentences and the cards' texts, bots.py its bots. The ruleset is rulesets/klobba.yaml; the
table is game/ui/families/clash/.
"""
from game.families.clash.rules import FAMILY, ClashGame  # noqa: F401  (registers the family)
