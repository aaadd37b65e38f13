"""Bench: how much lower is a hidden card its owner has seen? The memory sampler's opponent model.

    nice -n 5 python bench/bench_memory_lean.py [--game kombio] [--games 40] [--seats 2] [--first 1000]

Normal bots play seeded matches; at each turn, for the seat to act, every card it cannot see is
scored: its true value's log-likelihood among the cards it could be (every card that seat cannot
see) when each candidate is weighted exp(-lean * value / 13), for a grid of leans, apart for
cards their owner has seen (kept: game/families/memory/sampling.KEPT_LOW) and the others. The
best lean per kind is the one with the highest mean log-likelihood (0: uniform, the old sampler).
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import make_bot  # noqa: E402
from game.engine.ruleset import find_ruleset, default_options  # noqa: E402
from game.families.memory import MemoryGame  # noqa: E402
from game.families.memory.bots import bot_step  # noqa: E402

LEANS = (0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kombio")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--first", type=int, default=1000)
    args = parser.parse_args()
    ruleset = find_ruleset(args.game)
    scores = defaultdict(lambda: [0.0] * len(LEANS))
    counts = defaultdict(int)
    for seed in range(args.first, args.first + args.games):
        game = MemoryGame(ruleset, args.seats, default_options(ruleset), seed)
        bots = [make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(args.seats)]
        steps = 0
        last_turn = None
        while not game.is_over() and steps < 20000:
            if game.phase == "turn" and (game.round_no, game.turns) != last_turn:
                last_turn = (game.round_no, game.turns)
                viewer = game.current
                view = game.view(viewer)
                hidden, pool = [], []
                for seat_view in view.seats:
                    for slot in seat_view.slots:
                        if slot.present and slot.face is None:
                            cid = game.layouts[seat_view.seat][slot.pos[1]]
                            pool.append(game.defs[cid].value)
                            if seat_view.seat != viewer:
                                owner_saw = seat_view.seat in slot.seen_by
                                kind = "kept" if owner_saw else ("seen-by-other" if slot.seen_by else "unseen")
                                hidden.append((kind, game.defs[cid].value))
                pool += [game.defs[cid].value for cid in game.deck]
                for kind, value in hidden:
                    bucket = f"{kind}, turn {min(view.turn_no // args.seats, 6)}"
                    counts[bucket] += 1
                    counts[kind] += 1
                    for i, lean in enumerate(LEANS):
                        weights = [math.exp(-lean * v / 13) for v in pool]
                        ll = math.log(math.exp(-lean * value / 13) / sum(weights) * len(pool))
                        scores[bucket][i] += ll
                        scores[kind][i] += ll
            steps += bot_step(game, bots, game.apply)
    for key in sorted(scores):
        n = counts[key]
        means = [s / n for s in scores[key]]
        best = max(range(len(LEANS)), key=means.__getitem__)
        print(f"{key:24s} n {n:5d}  best lean {LEANS[best]}: " +
              " ".join(f"{lean}:{m:+.3f}" for lean, m in zip(LEANS, means)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
