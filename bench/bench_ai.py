"""Bench: how long the normal bot thinks per decision, over decisions from real simulated matches.

    python bench/bench_ai.py [--matches 40] [--players 4] [--seed 1]

Times only the bot (`choose` and `race`), not building its view. Target:
median < 20 ms per decision. Writes bench/out/bench_ai.json.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchout import write_result  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.lab.simulate import bot_seed, run_match  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402

TARGET_MEDIAN_MS = 20.0


class Timed:
    """A bot whose every decision is timed, by kind ("choose:<phase>" or "race")."""

    def __init__(self, bot, samples: dict):
        self.bot, self.samples = bot, samples

    def choose(self, view, legal):
        t = time.perf_counter_ns()
        action = self.bot.choose(view, legal)
        self.samples.setdefault("choose:" + view.phase, []).append(time.perf_counter_ns() - t)
        return action

    def race(self, view, legal):
        legal = list(legal)       # listed before the clock starts, as choose() gets it
        t = time.perf_counter_ns()
        claim = self.bot.race(view, legal)
        self.samples.setdefault("race", []).append(time.perf_counter_ns() - t)
        return claim


def percentile(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary(ns: list) -> dict:
    ms = [v / 1e6 for v in ns]
    return {"n": len(ms), "median_ms": round(statistics.median(ms), 4),
            "p95_ms": round(percentile(ms, 0.95), 4), "max_ms": round(max(ms), 4)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kombio")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    ruleset = find_ruleset(args.game)
    samples: dict = {}
    for i in range(args.matches):
        seed = args.seed + i
        bots = [Timed(make_bot(ruleset, s, "normal", bot_seed(seed, s)), samples)
                for s in range(args.players)]
        run_match(ruleset, ["normal"] * args.players, seed, bots=bots)

    every = [v for vs in samples.values() for v in vs]
    choices = [v for k, vs in samples.items() if k.startswith("choose") for v in vs]
    result = {
        "bench": "bench_ai", "game": args.game, "players": args.players, "matches": args.matches,
        "seed": args.seed, "python": platform.python_version(), "machine": platform.machine(),
        "all": summary(every), "choose": summary(choices), "race": summary(samples.get("race", [0])),
        "by_kind": {k: summary(v) for k, v in sorted(samples.items())},
        "target_median_ms": TARGET_MEDIAN_MS,
    }
    result["target_met"] = result["all"]["median_ms"] < TARGET_MEDIAN_MS

    print(f"normal bot, {args.game}, {args.players} players, {args.matches} matches: "
          f"{len(every)} decisions")
    for name in ("all", "choose", "race"):
        s = result[name]
        print(f"  {name:<7} median {s['median_ms']:.3f} ms   p95 {s['p95_ms']:.3f} ms   "
              f"max {s['max_ms']:.2f} ms   (n={s['n']})")
    for kind, s in result["by_kind"].items():
        print(f"    {kind:<24} median {s['median_ms']:.3f} ms   p95 {s['p95_ms']:.3f} ms   (n={s['n']})")
    print(f"target: median < {TARGET_MEDIAN_MS:g} ms -> {'met' if result['target_met'] else 'MISSED'}")
    write_result("bench_ai.json", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
