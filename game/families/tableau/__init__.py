"""The tableau family (Castle Combo): buy characters from two displays into a 3x3 tableau, score it.

Declared here first, then coded in its parts: schema.py what a ruleset may say and the loader's
checks; cards.py the card schema; rules.py the game and the turn's steps; view.py what a seat may
know and the observer that builds it; pieces.py the small values the scoring and the views share;
scoring.py the vocabulary of primitives, one evaluator each, and the pure helpers the bots and the
table share; words.py the words; bots.py the bots; sampling.py the hard bot's deals from a view and
search.py its tuning. Its table is game/ui/families/tableau/.
"""
from game.engine.registry import Family, register
from game.families.tableau.bots import make_bot
from game.families.tableau.cards import check_cards
from game.families.tableau.rules import TableauGame, conserved
from game.families.tableau.sampling import determinize
from game.families.tableau.schema import (LAYOUT_SPEC, RULES_SPEC, STEP_SPEC, check_abilities,
                                          check_parameters, check_ruleset)
from game.families.tableau.search import SEARCH
from game.families.tableau.words import describe, phrase, score_lines
from game.families.tableau.view import reveals
from game.i18n import N_

FAMILY = register(Family(
    name="tableau",
    # --- what it is ---
    # players: per ruleset (its `players:`; Castle Combo is for 2 to 5)
    open_information=True,          # nothing is hidden but the decks' order: no pass screen
    # no call: the game ends once every player has bought `cards_each` cards
    one_game=True,                  # one game, not a match of rounds: no match length to choose
    lower_is_better=False,          # the most points win (ties: the most leftover gold)
    start_hint=N_("A random player starts; play goes clockwise."),     # shown through tr
    # --- its parts ---
    # the rules: what a ruleset may say, the checks the loader runs, a new game, what no move changes
    rules_spec=RULES_SPEC, layout_spec=LAYOUT_SPEC, step_spec=STEP_SPEC, check_cards=check_cards,
    check_abilities=check_abilities, check_parameters=check_parameters, check_ruleset=check_ruleset,
    new_game=TableauGame, conserved=conserved,
    # the words: the log's sentences (a turn passing and a card revealed are shown by the table, not
    # told), the score pad's columns, a move in words (the hint, the review); no value_types: events
    # carry card ids, never faces
    describe=describe, quiet_events=frozenset({"turn", "reveal"}), score_lines=score_lines,
    phrase=phrase,
    # what can never be taken back: a card turned up from a deck (game/engine/undo.py)
    reveals=reveals,
    # the bots: easy and normal; hard's deals from a view and its search settings (one seat acts at a
    # time: no bot_step)
    make_bot=make_bot, determinize=determinize, search=SEARCH,
    # hard plays well enough for the table at its time settings: measured in bench/README.md,
    # "Hard's figures"
    hard_at_table=True,
))
