"""The review (game/lab/review.py): how long a whole match takes, and how far its verdicts hold.

    python bench/bench_review.py time [--rulesets kombio,kumbal] [--deals 24] [--seat 1] [--matches 1]
    python bench/bench_review.py agreement [--decisions 200] [--deals 24] [--deeper 10] [--jobs 2]

time: a 2-seat match of each shipped ruleset (normal against easy, seed 1; Kombio and Cambio 5
rounds), the easy seat reviewed (`--seat 0`: normal's), on one process: seconds, decisions judged
and skipped, verdicts; `--matches N` reviews N matches (seeds 1..N) of each.

agreement: decisions sampled from seeded 2-seat matches of mixed levels (random, easy, normal), each
judged at the default budget and again with `--deeper` times the deals over every legal move (the
deeper search). Reported per ruleset: how often the two name the same best move, and, on the
decisions the default budget marks as mistakes or blunders, how often the deeper search names the
same best move, how often it values the review's best move within an inaccuracy of its own best (two
moves alike in worth: two cards of one rank), and how often it also finds the move played at least a mistake's loss worse (it
confirms the verdict). Results go to bench/out/review-<part>.json (review-<part>-<rulesets>.json
with --rulesets).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

OUT = Path(__file__).resolve().parent / "out"


def shipped() -> list:
    from game.engine.ruleset import load_all
    return sorted(e.ruleset.id for e in load_all() if e.ok)


def timing(ruleset_id: str, deals: int, seat: int = 1, seed: int = 1) -> dict:
    from game.engine import registry
    from game.engine.ruleset import default_options, find_ruleset
    from game.lab.review import review_match
    from game.lab.simulate import run_match
    ruleset = find_ruleset(ruleset_id)
    options = default_options(ruleset)
    if not registry.family(ruleset.family).one_game and "rounds" in ruleset.match_end.modes:
        options["match_end"] = {"mode": "rounds", "rounds": 5, "points": options["match_end"]["points"]}
    session = run_match(ruleset, ("normal", "easy"), seed, options, keep_session=True).session
    start = time.process_time()
    review = review_match(session.to_json(), seat, deals=deals)
    return {"ruleset": ruleset_id, "seat": seat, "level": ("normal", "easy")[seat], "seed": seed, "rounds": session.game.round_no, "actions": len(session.match.actions),
            "cpu_seconds": round(time.process_time() - start, 2), "reviewed": review["summary"]["reviewed"],
            "skipped": review["skipped"], "verdicts": review["summary"]}


def sample(ruleset_id: str, want: int, seed: int) -> list:
    """(match record, action index, seat) of `want` decisions worth a look, from seeded matches."""
    from game.ai.analysis import worth_a_look
    from game.engine import registry
    from game.engine.ruleset import find_ruleset
    from game.lab.review import decisions
    from game.lab.simulate import run_match
    ruleset = find_ruleset(ruleset_id)
    family = registry.family(ruleset.family)
    rng = random.Random(seed)
    found = []
    match_seed = seed
    while len(found) < want and match_seed < seed + 400:
        levels = tuple(rng.choice(("random", "easy", "normal")) for _ in range(2))
        match = run_match(ruleset, levels, match_seed, keep_session=True).session.to_json()
        match_seed += 1
        seat = rng.randrange(2)
        points = []
        for index, _, game, view, legal, played in decisions(match, seat):
            if view is None or len(legal) < 2:
                continue
            policy = family.make_bot(ruleset, seat, "normal", index).choose(view, legal)
            if worth_a_look(family, ruleset, view, legal, policy, (played,)):
                points.append(index)
        rng.shuffle(points)
        found += [(match, index, seat) for index in sorted(points[:max(1, want // 20)])]
    return found[:want]


def agree_one(job) -> dict:
    ruleset_id, match, index, seat, deals, deeper = job
    from game.ai.analysis import NotAnalysed, appraise
    from game.engine.ruleset import find_ruleset
    from game.lab.review import decisions, judge, thresholds, verdict
    from game.engine import registry
    from game.engine.core import Action
    ruleset = find_ruleset(ruleset_id)
    for i, _, game, view, legal, played in decisions(match, seat):
        if i != index:
            continue
        options = match["options"]
        try:
            quick = judge(ruleset, options, seat, view, legal, played, deals=deals, seed=index)
            deep = appraise(ruleset, options, seat, view, legal, deals=deals * deeper, seed=index + 99,
                            everything=True)
        except NotAnalysed:
            return {"skipped": True}
        if quick == "trivial":
            return {"skipped": True}
        best = deep.best.action
        loss, error = deep.gap(best, played) if best != played else (0.0, 0.0)
        limits = thresholds(registry.family(ruleset.family))
        # the review's best move as the deeper search values it: as good as its best within an
        # inaccuracy (two cards of one rank, or two cells that score alike, are one move in worth)
        named = Action.from_json(quick["best"])
        shortfall = deep.gap(best, named)[0] if named != best and named in deep.by_deal else 0.0
        return {"skipped": False, "verdict": quick["verdict"], "same_best": best.to_json() == quick["best"],
                "as_good": shortfall < limits[0], "shortfall": round(shortfall, 3),
                "deep_verdict": verdict(loss, error, limits), "deep_loss": round(loss, 3)}
    return {"skipped": True}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("part", choices=("time", "agreement"))
    ap.add_argument("--rulesets", default="")
    ap.add_argument("--deals", type=int, default=24)
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--deeper", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--seat", type=int, default=1)
    ap.add_argument("--matches", type=int, default=1)
    args = ap.parse_args(argv)
    ids = [r for r in args.rulesets.split(",") if r] or shipped()
    OUT.mkdir(exist_ok=True)
    results = []
    if args.part == "time":
        for rid in ids:
            for match_seed in range(1, args.matches + 1):
                r = timing(rid, args.deals, args.seat, match_seed)
                results.append(r)
                print(f"{rid:14} seat {args.seat} seed {match_seed} {r['rounds']:2} rounds {r['actions']:4} "
                      f"actions: {r['cpu_seconds']:6.1f} CPU s, {r['reviewed']} judged, skipped {r['skipped']}, "
                      f"{r['verdicts']}", flush=True)
    else:
        for rid in ids:
            jobs = [(rid, m, i, s, args.deals, args.deeper) for m, i, s in sample(rid, args.decisions, args.seed)]
            with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
                got = [g for g in pool.map(agree_one, jobs) if not g["skipped"]]
            marked = [g for g in got if g["verdict"] in ("mistake", "blunder")]
            r = {"ruleset": rid, "decisions": len(got),
                 "same_best": round(sum(g["same_best"] for g in got) / max(1, len(got)), 3),
                 "marked": len(marked),
                 "marked_same_best": round(sum(g["same_best"] for g in marked) / max(1, len(marked)), 3),
                 "marked_as_good": round(sum(g["as_good"] for g in marked) / max(1, len(marked)), 3),
                 "marked_confirmed": round(sum(g["deep_verdict"] in ("mistake", "blunder") for g in marked)
                                           / max(1, len(marked)), 3),
                 "verdicts": {v: sum(g["verdict"] == v for g in got) for v in
                              ("fine", "inaccuracy", "mistake", "blunder")}}
            results.append(r)
            print(f"{rid:14} {r['decisions']} decisions: same best {r['same_best']:.0%}; marked mistake or "
                  f"blunder {r['marked']}: same best {r['marked_same_best']:.0%}, as good (within an "
                  f"inaccuracy) {r['marked_as_good']:.0%}, confirmed "
                  f"{r['marked_confirmed']:.0%}; {r['verdicts']}", flush=True)
    name = f"review-{args.part}" + (f"-{args.rulesets.replace(',', '-')}" if args.rulesets else "")
    (OUT / f"{name}.json").write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
