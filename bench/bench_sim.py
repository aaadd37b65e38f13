"""Bench: simulation speed (4-player rounds per second, normal bots) and normal vs easy strength.

    python bench/bench_sim.py [--speed-matches 100] [--duel-matches 2000] [--seed 1]

1. Speed: 4-player Kombio matches of normal bots through the real Session,
   on one process and as `main.py --simulate` plays them (one process per
   core). Target: at least 200 rounds per second.
2. Strength: 2-seat matches (default length, 5 rounds) of normal vs easy,
   the seating alternating with the seed (normal at seat 1 on even matches,
   seat 2 on odd ones). A tie for the win counts as a shared fraction.
   Target: normal wins at least 65%.
Writes bench/out/bench_sim.json.
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

from game.lab.simulate import default_jobs, play_matches, run_match  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402

TARGET_ROUNDS_PER_S = 200.0
TARGET_NORMAL_WIN_RATE = 0.65


def speed(ruleset, matches: int, seed: int, players: int = 4, jobs: int = 1) -> dict:
    """Rounds per second as `main.py --simulate` plays them, on `jobs` processes."""
    start = time.perf_counter()
    results = play_matches(ruleset, ["normal"] * players, list(range(seed, seed + matches)), jobs)
    elapsed = time.perf_counter() - start
    rounds = sum(r[2] for r in results)
    return {"players": players, "matches": matches, "jobs": jobs, "rounds": rounds,
            "seconds": round(elapsed, 3),
            "rounds_per_s": round(rounds / elapsed, 1), "games_per_s": round(matches / elapsed, 2),
            "target_rounds_per_s": TARGET_ROUNDS_PER_S,
            "target_met": rounds / elapsed >= TARGET_ROUNDS_PER_S}


def breakdown(ruleset, matches: int, seed: int, players: int = 4) -> dict:
    """Where a round's time goes: the engine's view/legal_actions/apply, the bots, the rest.

    A separate, instrumented pass (the wrappers add a little time of their own).
    """
    from game.families.memory.bots import MemoryBot
    from game.families.memory.rules import MemoryGame
    spent = {"view": 0.0, "legal_actions": 0.0, "apply": 0.0, "bots": 0.0}
    counts = {k: 0 for k in spent}
    patched = []

    def wrap(cls, name, key):
        original = getattr(cls, name)

        def timed(*a, **k):
            t = time.perf_counter()
            try:
                return original(*a, **k)
            finally:
                spent[key] += time.perf_counter() - t
                counts[key] += 1
        setattr(cls, name, timed)
        patched.append((cls, name, original))

    wrap(MemoryGame, "view", "view")
    wrap(MemoryGame, "legal_actions", "legal_actions")
    wrap(MemoryGame, "apply", "apply")
    wrap(MemoryBot, "choose", "bots")
    wrap(MemoryBot, "race", "bots")
    try:
        rounds = 0
        start = time.perf_counter()
        for i in range(matches):
            rounds += run_match(ruleset, ["normal"] * players, seed + i).rounds
        total = time.perf_counter() - start
    finally:
        for cls, name, original in reversed(patched):
            setattr(cls, name, original)
    out = {k: {"ms_per_round": round(1000 * v / rounds, 3), "calls_per_round": round(counts[k] / rounds, 1),
               "share": round(v / total, 3)} for k, v in spent.items()}
    rest = total - sum(spent.values())
    out["rest"] = {"ms_per_round": round(1000 * rest / rounds, 3), "share": round(rest / total, 3)}
    out["total_ms_per_round"] = round(1000 * total / rounds, 3)
    return out


def duel(ruleset, matches: int, seed: int) -> dict:
    normal_wins = 0.0
    by_seat = [0.0, 0.0]
    seated = [0, 0]
    margins = []
    start = time.perf_counter()
    for i in range(matches):
        normal_seat = i % 2
        levels = ["normal", "easy"] if normal_seat == 0 else ["easy", "normal"]
        result = run_match(ruleset, levels, seed + i)
        share = (1.0 / len(result.winners)) if normal_seat in result.winners else 0.0
        normal_wins += share
        by_seat[normal_seat] += share
        seated[normal_seat] += 1
        margins.append(result.totals[1 - normal_seat] - result.totals[normal_seat])
    elapsed = time.perf_counter() - start
    rate = normal_wins / matches
    return {"matches": matches, "rounds_per_match": ruleset.match_end.rounds,
            "normal_wins": round(normal_wins, 2), "normal_win_rate": round(rate, 4),
            "normal_win_rate_by_seat": [round(by_seat[s] / max(1, seated[s]), 4) for s in (0, 1)],
            "mean_margin": round(statistics.mean(margins), 2), "seconds": round(elapsed, 2),
            "target_win_rate": TARGET_NORMAL_WIN_RATE, "target_met": rate >= TARGET_NORMAL_WIN_RATE}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--speed-matches", type=int, default=100, help="4-player matches of 5 rounds")
    ap.add_argument("--duel-matches", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    ruleset = find_ruleset("kombio")
    result = {"bench": "bench_sim", "game": ruleset.id, "seed": args.seed,
              "python": platform.python_version(), "machine": platform.machine()}
    if args.speed_matches > 0:
        jobs = default_jobs()
        one = result["speed_one_process"] = speed(ruleset, args.speed_matches, args.seed, jobs=1)
        print(f"speed, one process: {one['rounds']} rounds of 4-player Kombio (normal bots) in "
              f"{one['seconds']:.1f} s: {one['rounds_per_s']:.1f} rounds/s, {one['games_per_s']:.1f} games/s")
        s = result["speed"] = speed(ruleset, args.speed_matches, args.seed, jobs=jobs)
        print(f"speed, --simulate on {jobs} process(es): {s['rounds_per_s']:.1f} rounds/s, "
              f"{s['games_per_s']:.1f} games/s "
              f"(target >= {TARGET_ROUNDS_PER_S:g} rounds/s -> {'met' if s['target_met'] else 'MISSED'})")
        b = result["speed_breakdown"] = breakdown(ruleset, max(1, args.speed_matches // 4), args.seed)
        print(f"  where a round's {b['total_ms_per_round']:.2f} ms go (instrumented pass):")
        for key in ("view", "legal_actions", "apply", "bots", "rest"):
            row = b[key]
            calls = f", {row['calls_per_round']:.0f} calls" if "calls_per_round" in row else ""
            print(f"    {key:<14} {row['ms_per_round']:6.2f} ms  {100 * row['share']:4.1f}%{calls}")
    if args.duel_matches > 0:
        d = result["duel"] = duel(ruleset, args.duel_matches, args.seed)
        print(f"strength: normal vs easy, {d['matches']} 2-seat matches of {d['rounds_per_match']} rounds: "
              f"normal wins {100 * d['normal_win_rate']:.1f}% "
              f"(as seat 1: {100 * d['normal_win_rate_by_seat'][0]:.1f}%, "
              f"as seat 2: {100 * d['normal_win_rate_by_seat'][1]:.1f}%), "
              f"by {d['mean_margin']:.1f} points on average "
              f"(target >= {100 * TARGET_NORMAL_WIN_RATE:.0f}% -> {'met' if d['target_met'] else 'MISSED'})")
    write_result("bench_sim.json", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
