"""Bots: they get one seat's view and the legal actions, never the state.

    bot = make_bot(ruleset, seat, "normal", seed)
    action = bot.choose(game.view(seat), game.legal_actions(seat))
    claim = bot.race(game.view(seat), game.legal_actions(seat))   # (Action, delay in s) or None

`choose` is asked whenever the seat is in `view.to_act`, except in an open
match race; `race` is asked once when a match window opens or changes. The
levels are the same for every family; `random` (uniform over the legal actions) is one bot
for all of them, and each family supplies its own easy and normal bots. `hard` (game/ai/hard.py)
is one bot for every family whose family can deal a seat's unseen cards (`Family.determinize`).
Bot-only matches, `--simulate` and the rules lab are no bots: they live in game/lab.
"""
from __future__ import annotations

LEVELS = ("easy", "normal")   # each family supplies these (the setup screen offers levels_for(family))
SEARCH_LEVELS = ("hard",)     # one bot for every family with a sampler (game/ai/hard.py)
SHARED_LEVELS = ("random",)   # one bot for every family (fuzzing, speed comparisons, --simulate)


class UnknownLevel(ValueError):
    """A bot level that does not exist; str() is a sentence for the command line."""


def check_level(level: str, family_name: str = None) -> str:
    """The level itself, or UnknownLevel saying which levels exist (for that family, if named)."""
    if level in SHARED_LEVELS + LEVELS:
        return level
    if level in SEARCH_LEVELS:
        if family_name is not None and level not in levels_for(family_name):
            raise UnknownLevel(hard_refusal(family_name))
        return level
    known = ", ".join(SHARED_LEVELS + LEVELS + SEARCH_LEVELS)
    raise UnknownLevel(f"unknown bot level '{level}' (known: {known})")


def levels_for(family_name: str) -> tuple:
    """The levels the setup screen offers for a family: easy, normal, and hard if it has a sampler."""
    from game.engine import registry
    family = registry.family(family_name)
    return LEVELS + (SEARCH_LEVELS if family.determinize is not None else ())


def table_levels(family_name: str, ruleset_id: str = "") -> tuple:
    """The levels the setup screen offers for a ruleset of a family. Hard only where the family
    says it has earned it (`Family.hard_at_table`: it beats normal in bench/bench_hard.py, in every
    ruleset of the family or in the rulesets it names); elsewhere a "Hard" seat would promise what
    it does not play. Every level plays from the command line (--simulate --bots hard, --game
    --seats ai:hard)."""
    from game.engine import registry
    offered = registry.family(family_name).hard_at_table
    if not isinstance(offered, bool):
        offered = ruleset_id in offered
    return tuple(level for level in levels_for(family_name) if offered or level not in SEARCH_LEVELS)


def hard_refusal(family_name: str) -> str:
    """Why a family has no hard level, as a sentence."""
    return (f"bot level 'hard' does not exist yet for the {family_name} family: it searches over deals of "
            f"the cards a bot cannot see, and this family cannot deal them yet (its levels: "
            f"{', '.join(SHARED_LEVELS + levels_for(family_name))})")


def make_bot(ruleset, seat: int, level: str = "normal", seed=0, options=None, **budget):
    """A bot for this ruleset's family playing `seat`; deterministic given the seed.

    The hard bot also takes the match's `options` (its samples must follow the house rules in
    force; default: the ruleset's defaults) and its `budget`: seconds=... per decision, or
    playouts=... (reproducible), playout_level=..., horizon=... (see game/ai/hard.py)."""
    check_level(level, ruleset.family)
    if level == "random":
        from game.ai.random_bot import RandomBot
        return RandomBot(seat, seed)
    if level == "hard":
        from game.ai.hard import HardBot
        return HardBot(ruleset, seat, seed, options=options, **budget)
    from game.engine import registry
    return registry.family(ruleset.family).make_bot(ruleset, seat, level, seed)
