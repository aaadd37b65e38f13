"""Bench: Castle Combo's bots (game/families/tableau/bots.py): strength, speed and think time.

    python bench/bench_castle_combo.py [--games 200] [--speed-games 20] [--seed 1] [--jobs 2]
                                       [--ruleset PATH] [--level normal --against easy]

1. Strength: 2-player games of `--level` (normal) against `--against` (easy), the seats swapped
   every other game (seed s: the level in seat s % 2), as `--simulate` plays them (run_match:
   the real Session). Prints the level's win rate with its 95% interval (Wilson), the mean final
   score of each level. `--level playout --against normal`: the hard bot's playout policy.
2. Speed: games per second at 2 and 5 players, all normal, all easy and all playout, on one
   process; the think time per decision (median and max).
The ruleset is rulesets/castle-combo.yaml (or --ruleset). Writes bench/out/bench_castle_combo.json.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchout import write_result  # noqa: E402

from game.lab.simulate import run_match  # noqa: E402
from game.engine.ruleset import load_ruleset  # noqa: E402
from game.families.tableau.bots import make_bot, think_summary  # noqa: E402
from game.lab.lab import wilson  # noqa: E402

CANDIDATES = (os.path.join(ROOT, "rulesets", "castle-combo.yaml"),)


def duel(ruleset, seed: int, level: str = "normal", against: str = "easy") -> tuple:
    """One game of `level` against `against`: (the level's share of the win, its score, the
    other's score, its bot)."""
    seat = seed % 2
    levels = [against, against]
    levels[seat] = level
    bots = [make_bot(ruleset, s, lvl, seed * 64 + s) for s, lvl in enumerate(levels)]
    result = run_match(ruleset, ["normal", "normal"], seed, bots=bots)
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return share, result.totals[seat], result.totals[1 - seat], bots[seat]


def _duels(job) -> list:
    path, seeds, level, against = job
    ruleset = load_ruleset(path)
    out = []
    for seed in seeds:
        share, mine, theirs, bot = duel(ruleset, seed, level, against)
        out.append((share, mine, theirs, list(bot.think_times)))
    return out


def strength(path: str, games: int, seed: int, jobs: int, level: str = "normal", against: str = "easy") -> dict:
    seeds = list(range(seed, seed + games))
    chunks = [(path, seeds[i::jobs], level, against) for i in range(jobs)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            rows = [r for chunk in pool.map(_duels, chunks) for r in chunk]
    else:
        rows = _duels(chunks[0])
    wins = sum(r[0] for r in rows)
    times = [t for r in rows for t in r[3]]
    return {"games": games, "level": level, "against": against, "wins": wins,
            "win_rate": round(wins / games, 4), "interval_95": wilson(wins, games),
            "mean_score": round(statistics.mean(r[1] for r in rows), 2),
            "against_mean_score": round(statistics.mean(r[2] for r in rows), 2),
            "score_sd": round(statistics.pstdev(r[1] for r in rows), 2),
            "think_ms": {"median": round(1000 * statistics.median(times), 2),
                         "mean": round(1000 * statistics.mean(times), 2),
                         "max": round(1000 * max(times), 2)}}


def speed(ruleset, players: int, level: str, games: int, seed: int) -> dict:
    """Games per second of `players` bots of one level on this process, and their think times."""
    all_bots = []
    scores = []
    start = time.perf_counter()
    for s in range(seed, seed + games):
        bots = [make_bot(ruleset, i, level, s * 64 + i) for i in range(players)]
        result = run_match(ruleset, ["normal"] * players, s, bots=bots)
        all_bots += bots
        scores += list(result.totals)
    elapsed = time.perf_counter() - start
    return {"players": players, "level": level, "games": games,
            "games_per_s": round(games / elapsed, 2), "mean_score": round(statistics.mean(scores), 2),
            "think": think_summary(all_bots)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--speed-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ruleset", default=next((p for p in CANDIDATES if os.path.exists(p)), CANDIDATES[-1]))
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--level", default="normal", help="easy, normal or playout (the hard bot's policy)")
    parser.add_argument("--against", default="easy")
    parser.add_argument("--out", default="bench_castle_combo.json", help="file name in bench/out/")
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset)
    out = {"ruleset": os.path.relpath(args.ruleset, ROOT)}
    if args.games:
        out["strength"] = strength(args.ruleset, args.games, args.seed, args.jobs, args.level, args.against)
        print("strength", out["strength"])
    if not args.skip_speed:
        out["speed"] = []
        for players in (2, 5):
            for level in ("normal", "easy", "playout"):
                row = speed(ruleset, players, level, args.speed_games, args.seed)
                print("speed", row)
                out["speed"].append(row)
    write_result(args.out, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
