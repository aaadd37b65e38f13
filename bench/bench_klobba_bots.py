"""Bench: Klobba!'s bots: normal against easy, games per second, and think time per decision.

    python bench/bench_klobba_bots.py [--games 500] [--four-games 500] [--speed-games 200] [--seed 1] [--jobs N]

1. The duel, as `main.py --simulate klobba --players 2 --games 500 --bots normal,easy --json`
   plays it (the same `play_matches`, normal in seat 1, seeds seed..seed+games-1): normal's win
   rate with its 95% interval (Wilson), ties shared; then one normal against three easy in
   4-player games (normal in seat 1). Target: normal wins >= 65% of the duel.
2. Games per second, all normal bots (what `--simulate` plays by default), 2 and 4 players, on
   one process and on `--jobs` processes.
3. The normal bot's think time per decision (`choose` only, view building excluded): median, p95
   and max, by phase.
Klobba!'s ruleset is read from rulesets/ once it is there, else from game/families/clash/.
Writes bench/out/bench_klobba_bots.json.
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

import game.families.clash as clash_rules  # noqa: E402  (registers the family: its declaration)
from game.ai import make_bot  # noqa: E402
from game.lab.simulate import bot_seed, default_jobs, play_matches, processes_for, run_match  # noqa: E402
from game.engine.ruleset import find_ruleset, load_ruleset  # noqa: E402
from game.lab.lab import wilson  # noqa: E402

TARGET_WIN_RATE = 0.65


def klobba():
    try:
        return find_ruleset("klobba")
    except KeyError:
        return load_ruleset(os.path.join(ROOT, "game", "families", "clash", "klobba.yaml"))


def duel(ruleset, levels: list, seed: int, games: int, jobs: int) -> dict:
    """Seat 0's win rate (ties shared) over seeded matches, as --simulate plays them."""
    start = time.perf_counter()
    results = play_matches(ruleset, levels, list(range(seed, seed + games)), jobs)
    elapsed = time.perf_counter() - start
    wins, failed = 0.0, [r[3] for r in results if r[3]]
    for winners, _, _, problem in results:
        if not problem and 0 in winners:
            wins += 1 / len(winners)
    ended = games - len(failed)
    low, high = wilson(wins, ended)
    return {"levels": levels, "games": games, "wins": round(wins, 2), "win_rate": round(wins / max(ended, 1), 4),
            "interval_95": [round(low, 4), round(high, 4)], "games_per_s": round(games / elapsed, 1),
            "processes": processes_for(games, jobs), "failed": failed}


def speed(ruleset, players: int, seed: int, games: int, jobs: int) -> dict:
    out = {}
    for label, j in (("one_process", 1), ("jobs", jobs)):
        start = time.perf_counter()
        play_matches(ruleset, ["normal"] * players, list(range(seed, seed + games)), j)
        out[label] = round(games / (time.perf_counter() - start), 1)
    out["processes"] = processes_for(games, jobs)
    return out


class Timed:
    """A bot whose every decision is timed, by phase."""

    def __init__(self, bot, samples: dict):
        self.bot, self.samples, self.level = bot, samples, bot.level

    def choose(self, view, legal):
        t = time.perf_counter_ns()
        action = self.bot.choose(view, legal)
        self.samples.setdefault(view.phase, []).append(time.perf_counter_ns() - t)
        return action


def summary(ns: list) -> dict:
    ms = sorted(v / 1e6 for v in ns)
    return {"n": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 3), "max_ms": round(ms[-1], 3)}


def think(ruleset, seed: int, games: int) -> dict:
    # the card worths are worked out once per process (about 0.15 s): before the clock
    run_match(ruleset, ["normal", "normal"], seed)
    samples: dict = {}
    for players in (2, 4):
        for i in range(games):
            s = seed + i
            bots = [Timed(make_bot(ruleset, k, "normal", bot_seed(s, k)), samples) for k in range(players)]
            run_match(ruleset, ["normal"] * players, s, bots=bots)
    every = [v for vs in samples.values() for v in vs]
    return {"all": summary(every), "by_phase": {k: summary(v) for k, v in sorted(samples.items())}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--four-games", type=int, default=500)
    ap.add_argument("--speed-games", type=int, default=200)
    ap.add_argument("--think-games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    args = ap.parse_args(argv)
    ruleset = klobba()
    result = {"bench": "bench_klobba_bots", "family": clash_rules.FAMILY.name, "python": platform.python_version(), "machine": platform.machine(),
              "seed": args.seed, "jobs": args.jobs}

    two = result["duel_2p"] = duel(ruleset, ["normal", "easy"], args.seed, args.games, args.jobs)
    four = result["duel_4p"] = duel(ruleset, ["normal", "easy", "easy", "easy"], args.seed, args.four_games,
                                    args.jobs)
    for name, d in (("2 players, normal vs easy", two), ("4 players, normal vs 3 easy", four)):
        low, high = d["interval_95"]
        print(f"{name}: normal wins {d['win_rate']:.1%} of {d['games']} (95% {low:.1%}-{high:.1%}), "
              f"{d['games_per_s']:.1f} games/s on {d['processes']} process(es)"
              + (f"; {len(d['failed'])} failed: {d['failed'][:3]}" if d["failed"] else ""))
    result["target_met"] = two["win_rate"] >= TARGET_WIN_RATE
    print(f"target: normal wins >= {TARGET_WIN_RATE:.0%} of the duel -> {'met' if result['target_met'] else 'MISSED'}")

    if args.speed_games:
        for players in (2, 4):
            s = result[f"speed_{players}p"] = speed(ruleset, players, args.seed, args.speed_games, args.jobs)
            print(f"{players} players, all normal: {s['one_process']:.1f} games/s on one process, "
                  f"{s['jobs']:.1f} on {s['processes']}")
    if args.think_games:
        t = result["think"] = think(ruleset, args.seed, args.think_games)
        a = t["all"]
        print(f"normal think time over {a['n']} decisions: median {a['median_ms']:.3f} ms, "
              f"p95 {a['p95_ms']:.3f} ms, max {a['max_ms']:.1f} ms (the card worths, once per process, excluded)")
        for phase, s in t["by_phase"].items():
            print(f"    {phase:<8} median {s['median_ms']:.3f} ms   p95 {s['p95_ms']:.3f} ms   "
                  f"max {s['max_ms']:.2f} ms   (n={s['n']})")
    write_result("bench_klobba_bots.json", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
