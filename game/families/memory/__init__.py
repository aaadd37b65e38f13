"""The memory family (Kombio, Cambio, classic Cambio): face-down layouts you remember, peeks, swaps,
match races on the discard pile, and a call when you think your hand is lowest.

The family is declared here, first. Its parts are the files beside this one: schema.py what a
ruleset may say and its checks, rules.py the game (the turn's steps), abilities.py the ability
steps and race.py the match race (both parts of the game), moves.py its actions as data, view.py
what a seat may know (the view types and the observer), words.py the log's sentences and a move in
words, bots.py its bots (with bot_style.py their levels' knobs, beliefs.py what a bot believes of
every card, and bot_abilities.py and bot_race.py its choices in an ability and in the race),
sampling.py the hard bot's deals from a view and search.py its tuning. Its table is
game/ui/families/memory/.
"""
from game.engine.registry import Family, register
from game.families.memory.rules import MemoryGame, conserved
from game.families.memory.sampling import determinize
from game.families.memory.schema import (LAYOUT_SPEC, RULES_SPEC, STEP_SPEC, check_abilities, check_parameters,
                                         check_ruleset)
from game.families.memory.search import SEARCH, bot_step, make_bot
from game.families.memory.view import open_view, reveals
from game.families.memory.words import describe, phrase, score_lines

FAMILY = register(Family(
    name="memory",
    # --- what it is ---
    # players: set by each ruleset (`players:`)
    open_information=False,     # hidden information: face-down cards, known only to who has seen them
    # a call: instead of drawing, `call.name` (Kombio, Cambio), which gives everyone else a final turn
    one_game=False,             # a match of rounds, to `match_end`
    lower_is_better=True,       # the fewest points win
    # --- its parts ---
    # the rules: the ruleset's schema and checks, and a new match
    rules_spec=RULES_SPEC, layout_spec=LAYOUT_SPEC, step_spec=STEP_SPEC,
    check_abilities=check_abilities, check_parameters=check_parameters, check_ruleset=check_ruleset,
    new_game=MemoryGame,
    conserved=conserved,        # every card in exactly one place
    # the words: the log's sentences, the round summary's columns and a move said to its seat
    describe=describe, score_lines=score_lines, phrase=phrase,
    quiet_events=frozenset({"turn", "pass", "window_open", "window_close", "next_round"}),
    # the bots (the race lets several seats' bots act at once: bot_step), the hard bot's deals from
    # a view and its search
    make_bot=make_bot, bot_step=bot_step, determinize=determinize, search=SEARCH,
    # the replay's "all cards": every face in every layout
    open_view=open_view,
    # what can never be taken back: the moves that show a hidden card (game/engine/undo.py)
    reveals=reveals,
    # hard plays every shipped ruleset of the family well enough for the table (a house rule plays
    # with the same bots): measured in bench/README.md, "Hard's figures"
    hard_at_table=True))
