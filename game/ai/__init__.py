"""Bots: they get one seat's view and the legal actions, never the state.

    bot = make_bot(ruleset, seat, "normal", seed)
    action = bot.choose(game.view(seat), game.legal_actions(seat))
    claim = bot.race(game.view(seat), game.legal_actions(seat))   # (Action, delay in s) or None

`choose` is asked whenever the seat is in `view.to_act`, except in an open
match race; `race` is asked once when a match window opens or changes. The
levels are the same for every family; `random` (uniform over the legal actions) is one bot
for all of them, and each family supplies its own easy and normal bots.
"""
from __future__ import annotations

LEVELS = ("easy", "normal")   # each family supplies these (the setup screen offers them)
SHARED_LEVELS = ("random",)   # one bot for every family (fuzzing, speed comparisons, --simulate)
PLANNED_LEVELS = ("hard",)   # in the design, not built yet


class UnknownLevel(ValueError):
    """A bot level that does not exist; str() is a sentence for the command line."""


def check_level(level: str) -> str:
    """The level itself, or UnknownLevel saying which levels exist."""
    if level in LEVELS or level in SHARED_LEVELS:
        return level
    known = ", ".join(SHARED_LEVELS + LEVELS)
    if level in PLANNED_LEVELS:
        raise UnknownLevel(f"bot level '{level}' does not exist yet (known: {known})")
    raise UnknownLevel(f"unknown bot level '{level}' (known: {known})")


def make_bot(ruleset, seat: int, level: str = "normal", seed=0):
    """A bot for this ruleset's family playing `seat`; deterministic given the seed."""
    check_level(level)
    if level == "random":
        from game.ai.random_bot import RandomBot
        return RandomBot(seat, seed)
    from game.engine import registry
    return registry.family(ruleset.family).make_bot(ruleset, seat, level, seed)
