"""The shedding family (Kumbal): hands fanned, shed points by discarding singles, sets and runs,
and call when you hold the fewest.

The family is declared here, first. Its parts are the files beside this one: schema.py what a
ruleset may say and its checks, rules.py the game (the turn's steps), shapes.py what may be laid
together (sets and runs), view.py what a seat may know (the view types and the observer), words.py
the log's sentences, bots.py its bots, sampling.py the hard bot's deals from a view and search.py
its tuning. Its table is game/ui/families/shedding/.
"""
from game.engine.registry import Family, register
from game.families.shedding.bots import SheddingBot
from game.families.shedding.rules import SheddingGame, conserved
from game.families.shedding.sampling import determinize
from game.families.shedding.schema import (LAYOUT_SPEC, RULES_SPEC, STEP_SPEC, check_abilities, check_parameters,
                                           check_ruleset)
from game.families.shedding.search import SEARCH
from game.families.shedding.view import open_view, reveals
from game.families.shedding.words import describe, phrase, score_lines

FAMILY = register(Family(
    name="shedding",
    # --- what it is ---
    # players: set by each ruleset (`players:`)
    open_information=False,     # hidden information: each hand is its owner's; the deck is face down
    # a call: at the start of a turn, with `call.limit` points or fewer (Kumbal: 7), which ends the round
    one_game=False,             # a match of rounds, to `match_end` (Kumbal: until someone passes 100)
    lower_is_better=True,       # the fewest points win
    # --- its parts ---
    # the rules: the ruleset's schema and checks, and a new match
    rules_spec=RULES_SPEC, layout_spec=LAYOUT_SPEC, step_spec=STEP_SPEC,
    check_abilities=check_abilities, check_parameters=check_parameters, check_ruleset=check_ruleset,
    new_game=SheddingGame,
    conserved=conserved,        # every card in exactly one place
    # the words: the log's sentences, a move for the hint and the review, the round summary's columns
    describe=describe, phrase=phrase, score_lines=score_lines,
    quiet_events=frozenset({"turn", "next_round"}),
    # the bots, the hard bot's deals from a view and its search
    make_bot=SheddingBot, determinize=determinize, search=SEARCH,
    # the replay's "all cards": every hand
    open_view=open_view,
    # what can never be taken back: the moves that show a hidden card (game/engine/undo.py)
    reveals=reveals,
    # not offered at the table: since normal looks a turn ahead (issue 32), hard no longer beats it
    # (bench/README.md, "Kumbal's hard against the new normal": 37-40% against normal's 49% on the
    # same 35 seeds); it still plays from the command line and gives the hints and the review
    hard_at_table=False))
