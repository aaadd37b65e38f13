"""Bench: how much can any bot win against normal in a memory game? A ceiling, from a cheat.

    nice -n 5 python bench/bench_memory_ceiling.py [--game kombio ...] [--games 500] [--first 5000]
        [--seats 2] [--knows all|own] [--out NAME.json]

Issue 12 asks hard to beat normal in 60% of 2-seat matches. In Kombio and Cambio hard's
overrules are right on the true state (bench_memory_oracle.py) and still move the win rate only
a few points: how much of a match is skill at all? Here one seat is normal playing with every
card on the table face up to it (its view is the real view with the true face written into each
hidden slot: it keeps, swaps, matches and calls knowing every hand exactly; only the deck's
order stays hidden), against normal bots that play fair, seats rotating (the cheat in seat
seed % seats); `--knows own` shows it only its own cards. What the cheat wins bounds what a fair
bot can gain by knowing more: near 50%, luck (the deal, the draws) decides the matches; far
above, knowledge does. Stop 19, 200 seeds, 2 seats: every card 91% (Kombio), 100% (Cambio),
85% (classic Cambio); its own cards only 78%, 99%, 98%, which led normal to prize making its
own hand known (bots.py `unknown_swap_gain`). A diagnostic only: this "bot" exists here and
nowhere else.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchout import write_result  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.lab.lab import wilson  # noqa: E402
from game.lab.simulate import bot_seed  # noqa: E402
from game.engine.ruleset import default_options, find_ruleset  # noqa: E402
from game.families.memory import MemoryGame  # noqa: E402
from game.families.memory.bots import bot_step  # noqa: E402

GAMES = ("kombio", "cambio", "cambio-classic")
MAX_ACTIONS = 200_000


def open_view(game, view, knows: str = "all"):
    """`view` with the true face in every hidden slot of the table ("all") or of the viewer's
    own layout ("own")."""
    seats = []
    for sv in view.seats:
        if knows == "own" and sv.seat != view.viewer:
            seats.append(sv)
            continue
        layout = game.layouts[sv.seat]
        slots = tuple(dataclasses.replace(sl, face=game.defs[layout[i]])
                      if sl.present and sl.face is None else sl for i, sl in enumerate(sv.slots))
        seats.append(dataclasses.replace(sv, slots=slots))
    return dataclasses.replace(view, seats=tuple(seats))


class Cheat:
    """A normal bot shown the cards on the table (the game is its only way to see them)."""

    def __init__(self, inner, game, knows: str):
        self.inner, self.game, self.knows = inner, game, knows

    def choose(self, view, legal):
        return self.inner.choose(open_view(self.game, view, self.knows), legal)

    def race(self, view, legal):
        return self.inner.race(open_view(self.game, view, self.knows), legal)


def match(ruleset, seats: int, seed: int, cheat: bool, knows: str = "all") -> float:
    """The share of the win of seat seed % seats (the cheat's seat when `cheat`; else normal)."""
    game = MemoryGame(ruleset, seats, default_options(ruleset), seed)
    bots = [make_bot(ruleset, s, "normal", bot_seed(seed, s)) for s in range(seats)]
    seat = seed % seats
    if cheat:
        bots[seat] = Cheat(bots[seat], game, knows)
    actions = 0
    while not game.is_over():
        actions += bot_step(game, bots, game.apply)
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_ACTIONS} actions")
    winners = game.winners()
    return 1.0 / len(winners) if seat in winners else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--first", type=int, default=5000)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--knows", choices=("all", "own"), default="all",
                        help="the cheat sees every card on the table, or only its own")
    parser.add_argument("--out", default="bench_memory_ceiling.json")
    args = parser.parse_args()
    rows = []
    for game_id in args.game or GAMES:
        ruleset = find_ruleset(game_id)
        row = {"game": game_id, "seats": args.seats, "games": args.games, "first_seed": args.first,
               "cheat_knows": args.knows}
        for name, cheat in (("cheat", True), ("baseline", False)):
            start = time.perf_counter()
            wins = sum(match(ruleset, args.seats, seed, cheat, args.knows)
                       for seed in range(args.first, args.first + args.games))
            lo, hi = wilson(wins, args.games)
            row[name] = {"wins": wins, "win_rate": round(wins / args.games, 3),
                         "interval_95": [round(lo, 3), round(hi, 3)],
                         "seconds": round(time.perf_counter() - start, 1)}
            who = f"cheat (knows {args.knows})" if cheat else "normal in its seat"
            print(f"{game_id}, {args.seats} seats, {who}: {wins:g}/{args.games} = "
                  f"{100 * wins / args.games:.1f}% (95% {100 * lo:.1f}-{100 * hi:.1f}%)", flush=True)
        rows.append(row)
    write_result(args.out, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
