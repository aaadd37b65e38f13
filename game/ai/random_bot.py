"""The `random` level, the same for every family: uniform over the legal actions.

It is the floor every other level must beat, the fuzzer of the rules (it tries moves no
sensible player makes) and the peer in speed comparisons. It reads nothing but the list of
legal actions, so it works for any family without a line of its own.
"""
from __future__ import annotations

import random


class RandomBot:
    """Picks uniformly among the legal actions; deterministic given its seed."""

    reads_view = False      # it never looks: bot-only matches need not build a view for it

    def __init__(self, seat: int, seed=0):
        self.seat = seat
        self.level = "random"
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        """Any legal action, each as likely as the others."""
        return legal[self.rng.randrange(len(legal))]

    def race(self, view, legal):
        """In a race (memory family): a legal claim, or passing, each as likely; after a short delay.

        Passing is one of the choices, so a random racer does not claim every window."""
        n = len(legal)
        pick = self.rng.randrange(n + 1)
        if pick == n:
            return None
        return legal[pick], self.rng.uniform(0.5, 3.0)
