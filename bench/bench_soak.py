"""Soak: the conformance checks (game/lab/conformance.py, as tests/test_families.py runs them) over
any number of seeded bot matches of every shipped ruleset, with mixed bot levels, seat counts and
house rules. Every violation is printed with the seed that plays it again; the exit status is 1 if
there was any.

    python bench/bench_soak.py --matches 100000 [--jobs 2] [--rulesets kombio,klobba]
        [--levels random,easy,normal] [--seed-base 50000000] [--json bench/out/soak.json]

The matches are shared evenly between the rulesets; a ruleset's matches take the seeds
seed-base + i. Figures from runs are kept in bench/README.md ("Soak").
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CHUNK = 25          # matches a worker checks before it reports back


def check_chunk(ruleset_id: str, seeds: list, levels: tuple) -> tuple:
    """Worker: check each seeded match; returns (ruleset id, Seen as a dict, [(seed, violation)])."""
    from game.engine.ruleset import find_ruleset
    from game.lab.conformance import Seen, Violation, check_match, seeded_setup
    ruleset = find_ruleset(ruleset_id)
    seen, bad = Seen(), []
    for seed in seeds:
        mix, options = seeded_setup(ruleset, seed, levels)
        try:
            seen.add(check_match(ruleset, mix, seed, options))
        except Violation as exc:
            bad.append((seed, str(exc)))
        except Exception as exc:            # a crash is a violation too: the rules broke
            bad.append((seed, f"{type(exc).__name__}: {exc}"))
    return ruleset_id, {"matches": seen.matches, "actions": seen.actions, "twins": seen.twins,
                        "phases": sorted(seen.phases)}, bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=600, help="matches in all, shared between the rulesets")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--rulesets", default="", help="comma-separated ids (default: every shipped ruleset)")
    ap.add_argument("--levels", default="random,easy,normal", help="the bot levels mixed at the seats")
    ap.add_argument("--seed-base", type=int, default=50_000_000)
    ap.add_argument("--json", default="", help="write the figures to this file too")
    args = ap.parse_args(argv)
    from game.engine.ruleset import load_all
    shipped = sorted(e.ruleset.id for e in load_all() if e.ok)
    ids = [r for r in args.rulesets.split(",") if r] or shipped
    unknown = sorted(set(ids) - set(shipped))
    if unknown:
        ap.error(f"no shipped ruleset {', '.join(unknown)}")
    levels = tuple(lv for lv in args.levels.split(",") if lv)
    per = max(1, args.matches // len(ids))
    jobs = [(rid, list(range(args.seed_base + k, min(args.seed_base + per, args.seed_base + k + CHUNK))))
            for rid in ids for k in range(0, per, CHUNK)]
    totals = {rid: {"matches": 0, "actions": 0, "twins": 0, "violations": 0, "phases": set()} for rid in ids}
    violations = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for rid, seen, bad in pool.map(check_chunk, *zip(*jobs), [levels] * len(jobs)):
            t = totals[rid]
            for key in ("matches", "actions", "twins"):
                t[key] += seen[key]
            t["phases"] |= set(seen["phases"])
            t["violations"] += len(bad)
            for seed, text in bad:
                violations.append((rid, seed, text))
                print(f"VIOLATION {rid} seed {seed}: {text}", flush=True)
    seconds = time.perf_counter() - start
    print(f"{'ruleset':16} {'matches':>8} {'actions':>10} {'twins':>8} {'violations':>10}")
    for rid in ids:
        t = totals[rid]
        print(f"{rid:16} {t['matches']:>8} {t['actions']:>10} {t['twins']:>8} {t['violations']:>10}")
    matches = sum(t["matches"] for t in totals.values()) + len(violations)
    print(f"{matches} matches ({', '.join(levels)} bots; house rules on at random) in {seconds:.0f} s "
          f"on {args.jobs} processes, {len(violations)} violations")
    if args.json:
        out = {"matches": matches, "seconds": round(seconds, 1), "jobs": args.jobs, "levels": levels,
               "seed_base": args.seed_base, "violations": violations,
               "rulesets": {rid: dict(t, phases=sorted(t["phases"])) for rid, t in totals.items()}}
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
