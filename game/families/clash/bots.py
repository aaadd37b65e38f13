"""Bots for the clash family (Klobba!): not built yet (issue 11, item 5).

The `random` level (game/ai/random_bot.py) plays any family; easy and normal come with the
table, built against view.py's contract.
"""
from __future__ import annotations


class NotBuiltYet(NotImplementedError):
    """A Klobba! bot level that does not exist yet; str() is a sentence for the player."""


def make_bot(ruleset, seat: int, level: str, seed):
    """The bot of `level` for this seat; only `random` (shared by every family) plays Klobba! yet."""
    raise NotBuiltYet(f"Klobba!'s {level} bot is not built yet; use the random level")
