"""Speed against a baseline commit (issue 31), both measured in the same invocation, on one process each.

    python bench/bench_speed.py [--baseline COMMIT | --baseline-tree DIR] [--repeat 3] [--parts decide,sim,playouts]
                                [--rulesets kombio,castle-combo] [--quick]

The baseline (by default BASELINE: the commit before issue 31's first change) is checked out into a
temporary folder with `git worktree`; this file's `measure` part runs in each tree in turn (baseline,
current, baseline, current, ... `--repeat` times; the medians are compared), so both meet the same
machine load. It uses only what both trees have (run_match, the families' bots, HardBot._playout).

Parts, per shipped ruleset:
- decide: the normal bot's think time per decision (median, 95th percentile, max, in ms) over seeded
  2-seat normal-vs-normal matches (one process; the races' claims timed too: since issue 31 the
  memory family asks no bot about a race it cannot claim, so those cheapest calls are no longer
  timed and its median is not comparable with the baseline's);
- sim: 4-seat normal matches (Castle Combo and Klobba!: games; the others: rounds) per second on one
  process, and a fingerprint of the first three matches' results (seeds 1-3, their totals): equal
  fingerprints mean the bots played the same games, as far as the totals tell;
- playouts: the hard level's playouts per second from positions of a seeded match (each position's
  deal sampled from the seat's view, as the search does).

Prints a table of baseline, current and ratio (current speed over baseline: above 1 is faster), and
writes bench/out/bench_speed.json (`--out NAME`).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = "aa2cf47"        # the commit before issue 31's first change
PARTS = ("decide", "sim", "playouts")
SIM_SEATS = {"castle-combo": 4, "klobba": 4}
FINGERPRINT_GAMES = 3       # the sim's first games (seeds 1..3), whose totals say "the same games"


# ---- the measurements (run inside one tree: `python bench_speed.py measure ...`) ----

class _Timed:
    """A bot whose decisions (and race claims) are timed; everything else passes through.

    (bench_ai.Timed's twin, kept here on purpose: bench_ai imports this tree's `game` when it is
    imported, and the measure part must import the tree it measures, the baseline's included.)"""

    def __init__(self, bot, times: list):
        self._bot, self._times = bot, times

    def choose(self, view, legal):
        start = time.perf_counter()
        out = self._bot.choose(view, legal)
        self._times.append(time.perf_counter() - start)
        return out

    def race(self, view, legal):
        start = time.perf_counter()
        out = self._bot.race(view, legal)
        self._times.append(time.perf_counter() - start)
        return out

    def __getattr__(self, name):
        return getattr(self._bot, name)


def _ruleset(rid):
    from game.engine.ruleset import find_ruleset
    return find_ruleset(rid)


def _percentile(values: list, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure_decide(rid: str, matches: int) -> dict:
    from game.ai import make_bot
    from game.lab.simulate import bot_seed, run_match
    ruleset = _ruleset(rid)
    times: list = []
    for seed in range(1, matches + 1):
        bots = [_Timed(make_bot(ruleset, s, "normal", bot_seed(seed, s)), times) for s in range(2)]
        run_match(ruleset, ("normal", "normal"), seed, bots=bots)
    ms = [t * 1000 for t in times]
    return {"decisions": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(_percentile(ms, 0.95), 3), "max_ms": round(max(ms), 3)}


def measure_sim(rid: str, seconds: float) -> dict:
    from game.lab.simulate import run_match
    from game.engine.ruleset import default_options
    ruleset = _ruleset(rid)
    seats = SIM_SEATS.get(rid, 4)
    seats = max(ruleset.min_players, min(ruleset.max_players, seats))
    options = default_options(ruleset)
    digest, fingerprint = hashlib.sha256(), None
    rounds = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games < FINGERPRINT_GAMES:
        seed += 1
        result = run_match(ruleset, ("normal",) * seats, seed, options)
        digest.update(repr((seed, result.totals)).encode())
        rounds += result.rounds
        games += 1
        if games == FINGERPRINT_GAMES:
            fingerprint = digest.hexdigest()[:16]
    elapsed = time.perf_counter() - start
    return {"seats": seats, "games": games, "rounds": rounds, "games_per_s": round(games / elapsed, 3),
            "rounds_per_s": round(rounds / elapsed, 3), "fingerprint": fingerprint}


def measure_playouts(rid: str, positions: int, per_position: int) -> dict:
    import random
    from game.ai.hard import HardBot
    from game.engine import registry
    from game.engine.core import Action
    from game.engine.session import Session
    from game.lab.simulate import run_match
    ruleset = _ruleset(rid)
    family = registry.family(ruleset.family)
    record = run_match(ruleset, ("normal", "normal"), 1, keep_session=True).session.to_json()
    replay = Session.resume({**record, "actions": []})
    game = replay.game
    moments = []
    for who, data in record["actions"]:
        to_act = list(game.to_act())
        if who in to_act and len(to_act) == 1 and len(game.legal_actions(who)) > 1:
            moments.append((game.view(who), game.legal_actions(who), who))
        replay.apply(who, Action.from_json(data) if isinstance(data, dict) else data)
    rng = random.Random(7)
    picked = [moments[int(i * len(moments) / positions)] for i in range(min(positions, len(moments)))]
    playouts = 0
    spent = 0.0
    for view, legal, seat in picked:
        searcher = HardBot(ruleset, seat, seed=1, playouts=1, options=record["options"])
        state = family.determinize(ruleset, record["options"], view, rng)
        for k in range(per_position):
            start = time.perf_counter()
            searcher._playout(state, legal[k % len(legal)], k)
            spent += time.perf_counter() - start
            playouts += 1
    return {"playouts": playouts, "playouts_per_s": round(playouts / spent, 2)}


def measure(args) -> dict:
    out = {}
    for rid in args.rulesets:
        row = {}
        if "decide" in args.parts:
            row["decide"] = measure_decide(rid, 2 if args.quick else 6)
        if "sim" in args.parts:
            row["sim"] = measure_sim(rid, 2.0 if args.quick else 8.0)
        if "playouts" in args.parts:
            row["playouts"] = measure_playouts(rid, 4 if args.quick else 10, 4 if args.quick else 10)
        out[rid] = row
    return out


# ---- the comparison (this tree against the baseline's) ----

def shipped() -> list:
    sys.path.insert(0, ROOT)
    from game.engine.ruleset import load_all
    return sorted(e.ruleset.id for e in load_all() if e.ok)


def run_in(tree: str, args) -> dict:
    cmd = [sys.executable, os.path.abspath(__file__), "measure", "--tree", tree,
           "--rulesets", ",".join(args.rulesets), "--parts", ",".join(args.parts)] + (["--quick"] if args.quick else [])
    got = subprocess.run(cmd, capture_output=True, text=True, cwd=tree)
    if got.returncode != 0:
        raise SystemExit(f"measuring in {tree} failed:\n{got.stderr[-3000:]}")
    return json.loads(got.stdout.strip().splitlines()[-1])


def median_of(runs: list, rid: str, part: str, key: str) -> float:
    return statistics.median(r[rid][part][key] for r in runs)


def compare(args) -> int:
    tmp = tempfile.mkdtemp(prefix="cardtable-baseline-")
    tree = args.baseline_tree or os.path.join(tmp, "tree")
    if not args.baseline_tree:
        subprocess.run(["git", "worktree", "add", "--detach", tree, args.baseline], cwd=ROOT, check=True,
                       capture_output=True)
    try:
        base_runs, now_runs = [], []
        for i in range(args.repeat):
            base_runs.append(run_in(tree, args))
            now_runs.append(run_in(ROOT, args))
            print(f"run {i + 1} of {args.repeat} done", file=sys.stderr, flush=True)
    finally:
        if not args.baseline_tree:
            subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=ROOT, capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    rows = []
    metrics = {"decide": (("median_ms", False), ("p95_ms", False), ("max_ms", False)),
               "sim": (("games_per_s", True), ("rounds_per_s", True)),
               "playouts": (("playouts_per_s", True),)}
    print(f"baseline {args.baseline} against {subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=ROOT, capture_output=True, text=True).stdout.strip()} (+ working tree); medians of {args.repeat} runs each")
    print(f"{'ruleset':15} {'measure':22} {'baseline':>10} {'current':>10} {'speed-up':>9}")
    for rid in args.rulesets:
        for part in args.parts:
            for key, higher_is_faster in metrics[part]:
                b, n = median_of(base_runs, rid, part, key), median_of(now_runs, rid, part, key)
                ratio = (n / b if higher_is_faster else b / n) if b and n else float("nan")
                rows.append({"ruleset": rid, "part": part, "measure": key, "baseline": b, "current": n,
                             "speed_up": round(ratio, 2)})
                print(f"{rid:15} {part + ' ' + key:22} {b:10.3f} {n:10.3f} {ratio:8.2f}x")
            if part == "sim":
                same = {r[rid]["sim"]["fingerprint"] for r in base_runs + now_runs}
                print(f"{rid:15} {'sim same games':22} {'yes' if len(same) <= 1 else 'NO (the bots choose otherwise)':>32}")
    os.makedirs(os.path.join(ROOT, "bench", "out"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "out", args.out), "w", encoding="utf-8") as fh:
        json.dump({"baseline": args.baseline, "repeat": args.repeat, "rows": rows,
                   "runs": {"baseline": base_runs, "current": now_runs}}, fh, indent=2)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", nargs="?", default="compare", choices=("compare", "measure"))
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--baseline-tree", default="",
                    help="a folder holding the baseline already checked out (kept): several runs at once "
                         "share it instead of each adding a worktree")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--parts", default=",".join(PARTS))
    ap.add_argument("--rulesets", default="")
    ap.add_argument("--out", default="bench_speed.json", help="the JSON's name in bench/out")
    ap.add_argument("--quick", action="store_true", help="fewer matches and seconds (a smoke run)")
    ap.add_argument("--tree", default=ROOT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    args.parts = [p for p in args.parts.split(",") if p]
    if args.mode == "measure":
        sys.path.insert(0, args.tree)
        os.chdir(args.tree)
        args.rulesets = [r for r in args.rulesets.split(",") if r]
        print(json.dumps(measure(args)))
        return 0
    args.rulesets = [r for r in args.rulesets.split(",") if r] or shipped()
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
