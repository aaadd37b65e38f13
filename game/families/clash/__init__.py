"""The clash family (Klobba!): two Totem holders' Action cards select Barbarians of their Groups;
the higher total clobbers the other, and whoever holds the most Stars and bounty at the end wins.

The family is declared here, first; its parts are the files beside this one: schema.py what a
ruleset may say and the loader's checks; rules.py the game (the turn's steps) and clobber.py its
step 4, clobber time; view.py what a seat may know (the contract, and the observer that builds
it); selection.py one evaluator per selection primitive; words.py the log's sentences and the
cards' texts; bots.py its bots (with bot_outcomes.py what a clash is worth to them and
bot_clobber.py their choices in step 4); sampling.py the hard bot's deals from a view and
search.py its tuning. The ruleset is rulesets/klobba.yaml; the table is game/ui/families/clash/.
"""
from game.engine.registry import Family, register
from game.families.clash.bots import make_bot
from game.families.clash.rules import ClashGame, conserved
from game.families.clash.sampling import determinize
from game.families.clash.schema import (LAYOUT_SPEC, RULES_SPEC, STEP_SPEC, check_abilities, check_cards,
                                        check_parameters, check_ruleset)
from game.families.clash.search import SEARCH
from game.families.clash.view import open_view, reveals
from game.families.clash.view import ActionCard, Barbarian
from game.families.clash.words import describe, phrase, score_lines
from game.i18n import N_

FAMILY = register(Family(
    name="clash",
    # --- what it is ---
    # players: set by each ruleset (`players:`; at most four, one per Band place)
    open_information=False,     # hidden information: hands, offers, a laid card until the reveal, both decks
    # no call: the game ends by its own rules (`rules.end`), never by a player's call
    one_game=True,              # one game, no match of rounds: the setup screen offers no match length
    lower_is_better=False,      # the most Stars plus bounty win
    start_hint=N_("A random player holds the Black Totem first, the next player the White."),     # shown: tr
    # --- its parts ---
    # the rules: the ruleset's schema (its own cards) and checks, and a new game
    rules_spec=RULES_SPEC, layout_spec=LAYOUT_SPEC, step_spec=STEP_SPEC, check_cards=check_cards,
    check_abilities=check_abilities, check_parameters=check_parameters, check_ruleset=check_ruleset,
    new_game=ClashGame,
    conserved=conserved,        # every card in exactly one place; every Star with a player, a Barbarian or the supply
    value_types=(ActionCard, Barbarian),    # the card faces its events carry
    # the words: the log's sentences, a move in words (the hint's, the review's; from the
    # seat's view alone) and the final summary's columns
    describe=describe, phrase=phrase, score_lines=score_lines,
    quiet_events=frozenset({"draw", "refill", "rest", "totems", "select", "selected", "no_switch", "offer_decided"}),
    # the bots, the hard bot's deals from a view and its search
    make_bot=make_bot, determinize=determinize, search=SEARCH,
    # the replay's "all cards": every hand, offer and laid card
    open_view=open_view,
    # what can never be taken back: the moves that show a hidden card (game/engine/undo.py)
    reveals=reveals,
    # hard plays well enough for the table: measured in bench/README.md, "Hard's figures"
    hard_at_table=True))
