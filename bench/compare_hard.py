"""Two bench_hard.py runs compared on the seeds they share: the per-seed difference in hard's
result, with its 95% interval (paired: the deals are the same, so most of their noise cancels).

    python bench/compare_hard.py bench/out/A.json bench/out/B.json
"""
from __future__ import annotations

import json
import math
import sys


def matches(path: str) -> dict:
    """Seed -> hard's result (1 won, 0 lost, a share for a tie) of the run's first row."""
    with open(path) as f:
        row = json.load(f)[0]
    return {int(seed): win for seed, win in row.get("matches", {}).items()}


def compare(a: dict, b: dict) -> tuple:
    """(seeds shared, mean of b - a per seed, half-width of its 95% interval)."""
    seeds = sorted(set(a) & set(b))
    n = len(seeds)
    if n < 2:
        return n, 0.0, math.inf
    diffs = [b[s] - a[s] for s in seeds]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return n, mean, 1.96 * math.sqrt(variance / n)


def main(argv) -> int:
    if len(argv) != 3:
        print(__doc__)
        return 2
    a, b = matches(argv[1]), matches(argv[2])
    n, mean, half = compare(a, b)
    if n < 2:
        print(f"only {n} seeds shared: nothing to compare")
        return 1
    win_a = sum(a[s] for s in a if s in b) / n
    print(f"{n} seeds: {100 * win_a:.1f}% -> {100 * (win_a + mean):.1f}%, "
          f"difference {100 * mean:+.1f} points (95% {100 * (mean - half):+.1f} to {100 * (mean + half):+.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
