"""What a move is really worth: played out on the TRUE state, for the oracle benches
(bench_memory_oracle.py, bench_kumbal_oracle.py) that check the hard bot's overrules."""
from __future__ import annotations

import random

from game.ai import make_bot
from game.ai.step import bot_step
from game.engine import registry


def true_value(game, seat: int, action, seed: int, ruleset, hard) -> float:
    """`action` played on a copy of the true state (the deck reshuffled: nobody knows its order),
    normal bots to the round's end: the round's margin in points for `seat`, as hard values it."""
    copy = game.copy()
    rng = random.Random(seed)
    rng.shuffle(copy.deck)
    copy.rng = random.Random(rng.getrandbits(64))
    copy.apply(seat, action)
    bots = [make_bot(ruleset, s, "normal", seed * 16 + s) for s in range(copy.n)]
    step = registry.family(ruleset.family).bot_step or bot_step
    round_no = copy.round_no
    steps = 0
    while not copy.is_over() and copy.round_no == round_no and steps < 3000:
        applied = step(copy, bots, copy.apply)
        if not applied:
            break
        steps += applied
    return hard._value(copy) / hard.margin_weight
