"""Bench: where Kumbal's hard bot searches, what would the TRUE state have said?

    nice -n 5 python bench/bench_kumbal_oracle.py [--games 6] [--playouts 64] [--oracle 60]
        [--first 1000] [--every] [--confidence C] [--draw-gap G] [--out NAME.json]
        [--know opponents] [--resample K] [--policy LEVEL]

An oracle check (issue 12; the model is bench/bench_memory_oracle.py): hard plays normal in 2-seat
matches; at every searched decision where hard overruled normal, both moves are played out
`--oracle` times on the TRUE state (the real hands, the deck reshuffled: nobody knows its order)
by normal bots to the round's end, the two moves sharing each playout's seed. With `--every`,
every searched decision's arms are all played out so, which also says what was there to gain
(the best arm's true value over the policy's; an upper estimate: the max of noisy means). Per
kind of decision: how often it was searched, how often hard overruled normal and in which
direction, and the true gain in round points (positive: the overrule was right).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import make_bot  # noqa: E402
from game.lab.simulate import run_match  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402
from oracle import true_value  # noqa: E402


def kind_of(legal: list, policy) -> str:
    """A searched decision's kind: a callable moment, a draw, or what is owed."""
    kinds = {a.kind for a in legal}
    if "call" in kinds:
        return "call?"
    if "draw_penalty" in kinds:
        return "owed"
    if "discard" in kinds:
        return "discard"
    return "draw"


def one_match(seed: int, playouts: int, oracle: int, every: bool, stats: dict, extra: dict) -> dict:
    """One match, hard in seat seed % 2; its searched decisions checked against the true state."""
    ruleset = find_ruleset("kumbal")
    hard_seat = seed % 2
    bots = [make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(2)]
    know = extra.pop("know", "none")
    resample = extra.pop("resample", None)
    hard = bots[hard_seat] = make_bot(ruleset, hard_seat, "hard", seed, playouts=playouts, **extra)
    table = {}
    if know == "opponents" or resample:
        import dataclasses
        from oracle import knowing
        family = hard.family
        if resample:
            family = dataclasses.replace(family, search={**family.search, "resample": resample})
        if know == "opponents":
            family = dataclasses.replace(family, determinize=knowing(table, family.determinize))
        hard.family = family
    choose = hard.choose
    count = [0, 0.0, 0.0]       # searched decisions, search CPU seconds, true gain

    def checked(view, legal):
        hard.last = {}
        cpu = time.process_time()
        action = choose(view, legal)
        if not hard.last or hard.last.get("arms", 1) < 2:
            return action
        count[0] += 1
        count[1] += time.process_time() - cpu
        policy = hard.last["policy_choice"]
        row = stats[kind_of(legal, policy)]
        row["searched"] += 1
        arms = [a for a in legal if a in hard.last["means"]] if every else [policy, action]
        if action == policy and not every:
            return action
        game = table.get("game")
        if game is None:        # the match's first move: nothing applied yet, so nothing watched
            row["unchecked"] = row.get("unchecked", 0) + 1
            return action
        values = {a: 0.0 for a in arms}
        for k in range(oracle):
            s = seed * 100_003 + count[0] * 1009 + k
            for a in values:
                values[a] += true_value(game, hard_seat, a, s, ruleset, hard) / oracle
        if action != policy:
            row["overruled"] += 1
            direction = f"{policy.kind}->{action.kind}"
            row["to"][direction] = row["to"].get(direction, 0) + 1
            gain = values[action] - values[policy]
            row["gains"].append(gain)
            count[2] += gain
        if every:
            row["available"].append(max(values.values()) - values[policy])
            # per arm: normal's own cost gap (draws), the search's mean and the truth, against the policy's
            gaps = {}
            if row is stats["draw"]:
                from game.families.shedding.bots import SheddingBot
                costs = dict(SheddingBot(None, hard_seat, "normal").draw_costs(view, [a for a in legal if a.kind in ("draw", "take")]))
                gaps = {a: costs[a] - costs[policy] for a in arms if a in costs}
            means = hard.last["means"]
            for a in arms:
                if a != policy:
                    row["arms"].append({"gap": round(gaps.get(a, 0.0), 2), "kind": f"{policy.kind}->{a.kind}",
                                        "searched": round((means[a] - means[policy]) / hard.margin_weight, 2),
                                        "true": round(values[a] - values[policy], 2), "chosen": a == action,
                                        # the rival's lead in standard errors (hard.py's bar), per decision
                                        "lead": (round(hard.last["lead"], 2) if a == hard.last["rival"]
                                                 and hard.last["lead"] not in (None, float("inf"), float("-inf"))
                                                 else None),
                                        "decision": f"{seed}.{count[0]}"})
        return action

    hard.choose = checked
    result = run_match(ruleset, ["normal", "normal"], seed, bots=bots,
                       watch=lambda game, events: table.__setitem__("game", game))
    win = 1 / len(result.winners) if hard_seat in result.winners else 0.0
    return {"seed": seed, "win": win, "searched": count[0], "search_cpu": round(count[1], 2),
            "true_gain": round(count[2], 2), "rounds": result.rounds}


def call_study(seed: int, oracle: int, rows: list) -> None:
    """Normal against normal; at every moment a seat may call, the true value of calling (exact:
    the round ends) and of normal's best discard instead (played out `oracle` times), beside
    normal's own belief (the chance nobody undercuts) and its choice."""
    ruleset = find_ruleset("kumbal")
    bots = [make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(2)]
    judge = make_bot(ruleset, 0, "hard", 0, playouts=1)     # hard's valuation of a round's end
    table = {}

    def watched(bot):
        choose = bot.choose

        def checked(view, legal):
            action = choose(view, legal)
            if not any(a.kind == "call" for a in legal) or "game" not in table:
                return action
            game, seat = table["game"], bot.seat
            judge.seat = seat
            discards = [a for a in legal if a.kind == "discard"]
            saved = bot._should_call
            bot._should_call = lambda view: False
            wait = choose(view, legal)         # what normal does when it does not call
            bot._should_call = saved
            call = true_value(game, seat, legal[[a.kind for a in legal].index("call")], 0, ruleset, judge)
            waiting = sum(true_value(game, seat, wait, seed * 7919 + len(rows) * 101 + k, ruleset, judge)
                          for k in range(oracle)) / oracle
            rows.append({"seed": seed, "points": view.hand_points(), "chance": round(bot.safe_chance(view, view.hand_points()), 3),
                         "called": action.kind == "call", "call": round(call, 2), "wait": round(waiting, 2),
                         "discards": len(discards), "opponent_cards": view.seats[1 - seat].hand_count,
                         "turns": view.turns})
            return action
        bot.choose = checked
    for bot in bots:
        watched(bot)
    run_match(ruleset, ["normal", "normal"], seed, bots=bots, watch=lambda game, events: table.__setitem__("game", game))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=64)
    parser.add_argument("--oracle", type=int, default=60, help="true-state playouts per move checked")
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--every", action="store_true", help="check every searched decision's arms")
    parser.add_argument("--confidence", type=float, default=None)
    parser.add_argument("--draw-gap", type=float, default=None, help="search.DRAW_GAP")
    parser.add_argument("--discards", type=int, default=None, help="search.DISCARDS_SEARCHED")
    parser.add_argument("--out", default="bench_kumbal_oracle.json")
    parser.add_argument("--know", choices=("none", "opponents"), default="none",
                        help="a diagnostic: hard's samples keep the opponents' TRUE hands (the deck shuffled)")
    parser.add_argument("--resample", type=int, default=None, help="inference: deals drawn per deal kept")
    parser.add_argument("--policy", default=None, help="the playouts' level")
    parser.add_argument("--calls", action="store_true", help="the call study (normal against normal)")
    args = parser.parse_args()
    if args.calls:
        rows: list = []
        for seed in range(args.first, args.first + args.games):
            call_study(seed, args.oracle, rows)
            print(f"seed {seed}: {len(rows)} callable moments", flush=True)
        for low, high in ((0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)):
            group = [r for r in rows if low <= r["chance"] < high]
            if group:
                gain = sum(r["call"] - r["wait"] for r in group) / len(group)
                print(f"chance {low:.2f}-{high:.2f}: {len(group):4d} moments, normal called "
                      f"{sum(r['called'] for r in group):4d}, calling - waiting {gain:+.2f} points, "
                      f"calling better in {sum(r['call'] > r['wait'] for r in group)}")
        os.makedirs(os.path.join(os.path.dirname(__file__), "out"), exist_ok=True)
        with open(os.path.join(os.path.dirname(__file__), "out", args.out), "w") as f:
            json.dump({"args": vars(args), "calls": rows}, f, indent=1)
        return 0
    from game.families.shedding import search
    if args.draw_gap is not None:
        search.DRAW_GAP = args.draw_gap
    if args.discards is not None:
        search.DISCARDS_SEARCHED = args.discards
    extra = {} if args.confidence is None else {"confidence": args.confidence}
    if args.policy:
        extra["playout_level"] = args.policy
    extra["know"], extra["resample"] = args.know, args.resample
    stats = defaultdict(lambda: {"searched": 0, "overruled": 0, "to": {}, "gains": [], "available": [], "arms": []})
    start = time.perf_counter()
    matches = []
    for seed in range(args.first, args.first + args.games):
        matches.append(one_match(seed, args.playouts, args.oracle, args.every, stats, dict(extra)))
        print(f"seed {seed}: {matches[-1]}", flush=True)
    rows = {}
    for key, row in sorted(stats.items()):
        gains, available = row["gains"], row["available"]
        n = len(gains)
        mean = sum(gains) / n if n else 0.0
        error = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else 0.0
        rows[key] = {"searched": row["searched"], "overruled": row["overruled"], "to": row["to"],
                     "true_gain_points": round(mean, 2), "error": round(error, 2),
                     "right": sum(1 for g in gains if g > 0),
                     "available_points": round(sum(available), 1), "arms": row["arms"],
                     "unchecked": row.get("unchecked", 0)}
        print(f"{key:8s} searched {row['searched']:4d}, overruled {row['overruled']:3d} {row['to']}, "
              f"true gain {mean:+.2f} +- {error:.2f} points each ({rows[key]['right']}/{n} right)"
              + (f", {sum(available):.0f} points there to gain" if available else "")
              + (f", {row['unchecked']} first moves of a match not checked" if row.get("unchecked") else ""))
    games = len(matches)
    total = sum(m["true_gain"] for m in matches)
    print(f"the overrules' true gain: {total / games:+.2f} points per match; hard won "
          f"{sum(m['win'] for m in matches):g}/{games}; {sum(m['searched'] for m in matches) / games:.0f} "
          f"searched decisions and {sum(m['search_cpu'] for m in matches) / games:.1f} CPU s of search per "
          f"match; {time.perf_counter() - start:.0f} s in all")
    os.makedirs(os.path.join(os.path.dirname(__file__), "out"), exist_ok=True)
    with open(os.path.join(os.path.dirname(__file__), "out", args.out), "w") as f:
        json.dump({"args": vars(args), "kinds": rows, "gain_per_match": total / games,
                   "matches": matches}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
