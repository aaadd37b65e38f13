"""Bench: one normal bot with some Style knobs changed, against normal in the other seats.

    python bench/bench_style.py --game kombio --seats 4 [--games 2000] [--first 1000]
        [--others] call_need_more_seats=0.55 [knob=value ...]

The knobs (numeric fields of the family's bot `Style`, e.g. game/families/memory/bot_style.Style; a
family whose bots keep their knobs as `bot.style`) apply to the bot in seat seed % seats; with
`--others` to every other seat instead (today's normal against an older or changed one). Prints
the bot's wins with a 95% interval (Wilson; shared wins count as fractions) beside the fair share
1/seats. The seeds give every run the same deals, so two runs compare seed by seed. Normal bots
decide quickly: 2000 4-seat Kombio matches take about 3 minutes on one core.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import make_bot  # noqa: E402
from game.lab.lab import wilson  # noqa: E402
from game.lab.simulate import run_match  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kombio")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--others", action="store_true", help="the knobs apply to the other seats")
    parser.add_argument("knobs", nargs="*", help="name=value, a numeric field of Style")
    args = parser.parse_args()
    ruleset = find_ruleset(args.game)
    normal = getattr(make_bot(ruleset, 0, "normal"), "style", None)
    if not dataclasses.is_dataclass(normal):
        parser.error(f"{args.game}'s normal bot keeps no Style as .style")
    knobs = {}
    for pair in args.knobs:
        name, _, value = pair.partition("=")
        if name not in {f.name for f in dataclasses.fields(normal)}:
            parser.error(f"{name!r} is not a knob of {type(normal).__module__}.Style")
        try:      # a whole-number knob (a count of samples or cards) stays a whole number
            knobs[name] = type(getattr(normal, name))(float(value)) if isinstance(getattr(normal, name), int) \
                else float(value)
        except ValueError:
            parser.error(f"{name}={value!r}: a knob takes a number")
    changed = dataclasses.replace(normal, **knobs)
    mine, theirs = (normal, changed) if args.others else (changed, normal)
    wins = 0.0
    for seed in range(args.first, args.first + args.games):
        me = seed % args.seats
        bots = [make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(args.seats)]
        for s, bot in enumerate(bots):
            bot.style = mine if s == me else theirs
        result = run_match(ruleset, ["normal"] * args.seats, seed, bots=bots)
        wins += 1 / len(result.winners) if me in result.winners else 0.0
    low, high = wilson(wins, args.games)
    who = "normal against the knobs" if args.others else "the knobs against normal"
    print(f"{args.game}, {args.seats} seats, {who} {knobs}: {wins:g}/{args.games} = "
          f"{wins / args.games:.1%} (95% {low:.1%}-{high:.1%}; fair share {1 / args.seats:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
