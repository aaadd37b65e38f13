"""Kumbal's hard bot in variants, against normal, on the same seeds (paired): what each knob is worth.

    python bench/bench_kumbal_hard.py [--variants base,conf=1,calls=normal,...] [--games 100]
        [--first 8000] [--playouts 256] [--seats 2] [--jobs 2] [--out NAME.json] [--resume]

A variant is `base` (hard as shipped), `normal` (normal in hard's seat: what the seeds give), or
knobs joined by `+`:
- `conf=C`: the bar in standard errors (search.SEARCH["confidence"]);
- `policy=LEVEL`: the playouts' level (`playout`, `normal`);
- `calls=normal`: the call is not searched (normal's call rule decides; the draw is searched);
- `draws=normal`: the draw is not searched (only the call is);
- `gap=G`: search.DRAW_GAP, the draws normal ranks within G points of its choice are searched;
- `disc=N`: search.DISCARDS_SEARCHED, normal's N best discards are searched beside its choice;
- `head=H`: the root bot's head start in points of round margin (hard.py's `head_start`);
- `resample=K`: inference on (K deals drawn, one kept by the likelihood of the others' discards);
- `lean=L`: the sampler's lean to low cards (sampling.KEEP_LOW) for this variant's matches;
- `know=opponents`: a diagnostic, never at the table: the samples keep the opponents' TRUE hands
  (the deck shuffled anew): the ceiling a perfect model of the others would give;
- `playouts=N`: this variant's budget instead of `--playouts`;
- `hard=1`: the search's own settings from the family (`base`), for combining with the above.
Hard sits in seat seed % seats, normal in the others, the bots seeded as bench_hard.py seeds them,
so `base` gives bench_hard.py's matches. Prints per variant: wins, the Wilson 95% interval, the
paired difference from the first variant on the same seeds (95%), playouts per CPU second of
search and CPU seconds per searched decision; writes the per-seed results to bench/out/.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import make_bot  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402
from game.lab.lab import wilson  # noqa: E402
from game.lab.simulate import run_match  # noqa: E402
from oracle import knowing  # noqa: E402


def _shipped_lean() -> float:
    from game.families.shedding import sampling
    return sampling.KEEP_LOW


SHIPPED_LEAN = _shipped_lean()


def parse(variant: str) -> dict:
    """A variant's knobs: {name: value}."""
    if variant in ("base", "normal"):
        return {variant: True}
    knobs = {}
    for part in variant.split("+"):
        key, _, value = part.partition("=")
        knobs[key] = value
    return knobs


def hard_bot(ruleset, seat: int, seed: int, knobs: dict, playouts: int, table: dict):
    """Hard with the variant's knobs."""
    from game.families.shedding import search
    extra = {"playouts": int(knobs.get("playouts", playouts))}
    if "conf" in knobs:
        extra["confidence"] = float(knobs["conf"])
    if "policy" in knobs:
        extra["playout_level"] = knobs["policy"]
    if "head" in knobs:
        extra["head_start"] = float(knobs["head"]) * 0.02      # points of round margin, at 0.02 a point
    bot = make_bot(ruleset, seat, "hard", seed, **extra)
    tuned = dict(bot.family.search)
    base = tuned["candidates"]
    gap = float(knobs["gap"]) if "gap" in knobs else None
    disc = int(knobs["disc"]) if "disc" in knobs else None
    calls, draws = knobs.get("calls"), knobs.get("draws")
    if gap is not None or disc is not None or calls or draws:
        def candidates(view, legal, choice, ruleset):
            saved = search.DRAW_GAP, search.DISCARDS_SEARCHED
            if gap is not None:
                search.DRAW_GAP = gap
            if disc is not None:
                search.DISCARDS_SEARCHED = disc
            try:
                out = base(view, legal, choice, ruleset)
            finally:
                search.DRAW_GAP, search.DISCARDS_SEARCHED = saved
            kinds = {a.kind for a in legal}
            if draws == "normal" and kinds & {"draw", "take"}:
                return [choice]
            if calls == "normal" and "call" in kinds:
                return [choice] if choice.kind == "call" else [a for a in out if a.kind != "call"]
            return out
        tuned["candidates"] = candidates
    if "resample" in knobs:
        tuned["resample"] = int(knobs["resample"])
    family = dataclasses.replace(bot.family, search=tuned)
    if knobs.get("know") == "opponents":
        family = dataclasses.replace(family, determinize=knowing(table, bot.family.determinize))
    bot.family = family
    return bot


def one_match(task: tuple) -> dict:
    variant, seed, seats, playouts = task
    knobs = parse(variant)
    from game.families.shedding import sampling
    sampling.KEEP_LOW = float(knobs.get("lean", SHIPPED_LEAN))     # a process plays many variants
    ruleset = find_ruleset("kumbal")
    hard_seat = seed % seats
    bots = [make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(seats)]
    table: dict = {}
    searched = []
    if "normal" in knobs:
        bots[hard_seat] = make_bot(ruleset, hard_seat, "normal", seed)
    else:
        hard = bots[hard_seat] = hard_bot(ruleset, hard_seat, seed, knobs, playouts, table)
        choose = hard.choose

        def counted(view, legal):
            hard.last = {}
            cpu = time.process_time()
            action = choose(view, legal)
            if hard.last and hard.last["playouts"]:
                searched.append((hard.last["playouts"], time.process_time() - cpu,
                                 hard.last["choice"] != hard.last["policy_choice"]))
            return action
        hard.choose = counted
    result = run_match(ruleset, ["normal"] * seats, seed, bots=bots,
                       watch=lambda game, events: table.__setitem__("game", game))
    others = [t for s, t in enumerate(result.totals) if s != hard_seat]
    return {"variant": variant, "seed": seed,
            "win": 1 / len(result.winners) if hard_seat in result.winners else 0.0,
            "score": result.totals[hard_seat], "others": sum(others) / len(others),
            "playouts": sum(p for p, _, _ in searched), "cpu": sum(c for _, c, _ in searched),
            "searched": len(searched), "overruled": sum(1 for _, _, o in searched if o)}


def summary(variants: list, rows: list) -> list:
    by = {v: {r["seed"]: r for r in rows if r["variant"] == v} for v in variants}
    first = by[variants[0]]
    out = []
    for v in variants:
        mine = by[v]
        n = len(mine)
        wins = sum(r["win"] for r in mine.values())
        low, high = wilson(wins, n) if n else (0.0, 0.0)
        seeds = sorted(set(mine) & set(first))
        diffs = [mine[s]["win"] - first[s]["win"] for s in seeds]
        mean = sum(diffs) / len(diffs) if diffs else 0.0
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) if len(diffs) > 1 else 0.0
        half = 1.96 * math.sqrt(var / len(diffs)) if diffs else 0.0
        playouts = sum(r["playouts"] for r in mine.values())
        cpu = sum(r["cpu"] for r in mine.values())
        searched = sum(r["searched"] for r in mine.values())
        out.append({"variant": v, "games": n, "wins": wins, "win_rate": round(wins / n, 3) if n else None,
                    "interval_95": [round(low, 3), round(high, 3)],
                    "paired_vs_first": [round(mean, 3), round(mean - half, 3), round(mean + half, 3)],
                    "mean_score": round(sum(r["score"] for r in mine.values()) / max(1, n), 1),
                    "others_score": round(sum(r["others"] for r in mine.values()) / max(1, n), 1),
                    "playouts_per_cpu_s": round(playouts / cpu, 1) if cpu else None,
                    "cpu_s_per_searched": round(cpu / searched, 3) if searched else None,
                    "overruled_per_match": round(sum(r["overruled"] for r in mine.values()) / max(1, n), 1),
                    "matches": {s: r["win"] for s, r in sorted(mine.items())}})
    return out


def show(table: list, seats: int) -> None:
    for row in table:
        low, high = row["interval_95"]
        d, dl, dh = row["paired_vs_first"]
        speed = "" if row["playouts_per_cpu_s"] is None else \
            f", {row['playouts_per_cpu_s']:.0f} playouts/CPU s, {row['cpu_s_per_searched']:.3f} CPU s/searched, " \
            f"{row['overruled_per_match']:.1f} overrules/match"
        print(f"{row['variant']:32s} {seats} seats: {row['wins']:g}/{row['games']} = {100 * row['win_rate']:.1f}% "
              f"(95% {100 * low:.1f}-{100 * high:.1f}); vs first {100 * d:+.1f} ({100 * dl:+.1f} to {100 * dh:+.1f}); "
              f"scores {row['mean_score']} vs {row['others_score']}{speed}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="base")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=8000)
    parser.add_argument("--playouts", type=int, default=256)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="bench_kumbal_hard.json")
    parser.add_argument("--resume", action="store_true", help="keep the matches already in --out")
    args = parser.parse_args()
    variants = args.variants.split(",")
    tasks = [(v, seed, args.seats, args.playouts) for seed in range(args.first, args.first + args.games)
             for v in variants]
    rows = []
    start = time.perf_counter()
    path = os.path.join(os.path.dirname(__file__), "out", args.out)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if args.resume and os.path.exists(path):
        with open(path) as f:
            rows = [r for r in json.load(f)["rows"] if r["variant"] in variants]
        done = {(r["variant"], r["seed"]) for r in rows}
        tasks = [t for t in tasks if (t[0], t[1]) not in done]
        print(f"resuming: {len(rows)} matches done, {len(tasks)} to play", flush=True)

    def save():
        with open(path, "w") as f:
            json.dump({"args": vars(args), "summary": summary(variants, rows), "rows": rows}, f, indent=1)
    if args.jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(args.jobs)
        results = pool.imap_unordered(one_match, tasks, chunksize=1)
    else:
        pool, results = None, map(one_match, tasks)
    for row in results:
        rows.append(row)
        print(f"  {row['variant']} seed {row['seed']}: {row['win']:g} ({len(rows)} done, "
              f"{time.perf_counter() - start:.0f} s)", flush=True)
        if len(rows) % 10 == 0:
            save()
    if pool is not None:
        pool.close()
    save()
    show(summary(variants, rows), args.seats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
