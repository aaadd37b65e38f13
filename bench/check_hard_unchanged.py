"""The shared search (game/ai/hard.py) against a saved copy of it: the same choices and numbers in
every family but the ones named, for fixed seeds and playout budgets.

    python bench/check_hard_unchanged.py OLD_HARD_PY [--positions 12] [--playouts 24] [--skip kumbal]

For every shipped ruleset not skipped: positions from a seeded match of normal bots (2 and 4 seats),
each decided by a HardBot of each version with the same seed and budget; their choices and `last`
(playouts, means, lead) must be equal. A refactor of hard.py that must not change other families'
play is proved so (tests/test_unchanged_behaviour.py records no hard bot).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import hard as current  # noqa: E402
from game.engine import registry  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402

RULESETS = ("kombio", "cambio", "cambio-classic", "kumbal", "castle-combo", "klobba")


def positions(ruleset, seats: int, count: int, seed: int) -> list:
    family = registry.family(ruleset.family)
    game = family.new_game(ruleset, seats, None, seed)
    bots = [family.make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(seats)]
    moments = []
    steps = 0
    while not game.is_over() and steps < 4000:
        steps += 1
        to_act = list(game.to_act())
        if not to_act:
            break
        seat = to_act[0]
        legal = game.legal_actions(seat)
        if len(to_act) == 1 and len(legal) > 1:
            moments.append((game.copy(), seat))
        view = game.view(seat)
        game.apply(seat, bots[seat].choose(view, legal))
    step = max(1, len(moments) // count)
    return moments[::step][:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--playouts", type=int, default=24)
    parser.add_argument("--skip", action="append", default=[])
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("hard_old", args.old)
    old = importlib.util.module_from_spec(spec)
    sys.modules["hard_old"] = old
    spec.loader.exec_module(old)
    differ = 0
    for rid in RULESETS:
        if rid in args.skip:
            continue
        ruleset = find_ruleset(rid)
        checked = 0
        for seats in (2, 4):
            for state, seat in positions(ruleset, seats, args.positions, 11):
                view, legal = state.view(seat), state.legal_actions(seat)
                results = []
                for module in (old, current):
                    bot = module.HardBot(ruleset, seat, seed=5, playouts=args.playouts)
                    choice = bot.choose(view, legal)
                    last = {k: v for k, v in bot.last.items() if k != "seconds"}
                    results.append((choice, repr(last)))
                if results[0] != results[1]:
                    differ += 1
                    print(f"{rid} {seats} seats: differs: {results[0][0]} / {results[1][0]}")
                checked += 1
        print(f"{rid}: {checked} decisions checked", flush=True)
    print("the same" if not differ else f"{differ} decisions differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
