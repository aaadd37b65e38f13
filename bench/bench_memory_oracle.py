"""Bench: where the memory family's hard bot overrules normal, does the true state agree?

    nice -n 5 python bench/bench_memory_oracle.py [--game kombio] [--games 6] [--playouts 100]
        [--oracle 100] [--first 1000] [--rotations 2] [--seats 2] [--leads] [--know opponents]
        [--out NAME.json]

An oracle check (issue 12, the lead's tool from Klobba!): hard plays normal in 2-seat matches
(`--seats 4`: one hard against three normal, hard in seat seed % seats);
at every searched decision the move it plays and the policy's (normal's) are both played out
`--oracle` times on the TRUE state (the real hidden cards, the deck reshuffled: nobody knows its
order), by normal bots to the round's end, the two moves sharing each playout's seed. Per kind
of decision: how often it was searched, how often hard overruled normal, and the oracle's mean
gain of the overrules in round points (positive: the overrule was right on the true state). If
overrules lose on the true state, the samples (or the truncated playouts) are biased; if they
gain but seldom, the search needs more decisions or budget. With `--leads`, the search's best
rival to the policy's move is checked at every searched decision, overruled or not, with its lead
over the policy's move in standard errors: one run says what each bar (`confidence`) would gain.
`--know opponents` (or `all`), a diagnostic: the hard bot's samples keep the true hidden cards of
its opponents (or of everyone): what a perfect model of the others' cards would be worth.

    python bench/bench_memory_oracle.py --calls [--game kombio] [--seats 4] [--games 10]
        [--oracle 40] [--min-chance 0.1]

The call study: normal in every seat; at every turn where a seat may call and normal's own belief
of being lowest (`lowest_chance`) is at least `--min-chance`, calling and normal's draw instead
are both played out `--oracle` times on the TRUE state (paired seeds; the others' final turns
after a call are played). By belief: how often normal called, and what calling gained over
drawing on in round points (the margin hard values). Where calling gains below normal's bar,
the bar is too high at that seat count.
"""
from __future__ import annotations

import argparse
import dataclasses
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
from oracle import knowing, true_value  # noqa: E402


def kind_of(view, action) -> str:
    """A decision's kind: its phase (and ability step), and the kind of the move."""
    phase = view.phase
    if phase == "ability" and view.pending is not None:
        phase += ":" + view.pending.step
    return f"{phase}/{action.kind}"


def one_match(game_id: str, seed: int, playouts: int, oracle: int, stats: dict, extra: dict,
              seats: int = 2, leads: list = None, know: str = "none") -> dict:
    """One match, hard in seat seed % seats; every searched decision checked against the true state
    (with `leads`: the search's best rival to the policy's move too, overruled or not; `know`: see
    oracle.knowing)."""
    ruleset = find_ruleset(game_id)
    hard_seat = seed % seats
    bots = [make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(seats)]
    hard = bots[hard_seat] = make_bot(ruleset, hard_seat, "hard", seed, playouts=playouts, **extra)
    table = {}
    if know != "none":
        hard.family = dataclasses.replace(hard.family, determinize=knowing(table, hard.family.determinize, know))
    choose = hard.choose
    search_seconds = [0.0, 0]

    def checked(view, legal):
        hard.last = {}
        action = choose(view, legal)
        if not hard.last or hard.last.get("arms", 1) < 2:
            return action
        search_seconds[0] += hard.last["seconds"]
        search_seconds[1] += 1
        policy = hard.last["policy_choice"]
        key = kind_of(view, policy)
        row = stats[key]
        row["searched"] += 1
        game = table["game"]

        def gain_of(move):
            """`move` minus the policy's move on the true state, in round points (paired seeds)."""
            differences = []
            for k in range(oracle):
                s = seed * 100_003 + search_seconds[1] * 1009 + k
                differences.append(true_value(game, hard_seat, move, s, ruleset, hard)
                                   - true_value(game, hard_seat, policy, s, ruleset, hard))
            return sum(differences) / oracle

        rival, gain = hard.last.get("rival"), None
        if leads is not None and rival is not None:
            gain = gain_of(rival)
            leads.append({"seed": seed, "kind": key, "lead": hard.last["lead"], "gain": round(gain, 3),
                          "overruled": action != policy})
        if action != policy:            # an overrule plays the rival: its gain is measured once
            row["overruled"] += 1
            row["to"][action.kind] = row["to"].get(action.kind, 0) + 1
            row["gains"].append(gain if gain is not None else gain_of(action))
        return action

    hard.choose = checked
    result = run_match(ruleset, ["normal"] * seats, seed, bots=bots,
                       watch=lambda game, events: table.__setitem__("game", game))
    win = 1 / len(result.winners) if hard_seat in result.winners else 0.0
    return {"seed": seed, "win": win, "searched": search_seconds[1], "search_seconds": search_seconds[0]}


def call_study(game_id: str, seed: int, oracle: int, seats: int, min_chance: float,
               rows: list) -> None:
    """Normal in every seat; at each turn where a seat may call and believes it is lowest with at
    least `min_chance`, the true value of calling and of normal's draw instead (paired playouts)."""
    ruleset = find_ruleset(game_id)
    bots = [make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(seats)]
    judge = make_bot(ruleset, 0, "hard", 0, playouts=1)     # hard's valuation of a round's end
    table = {}

    def watched(bot):
        choose = bot.choose

        def checked(view, legal):
            action = choose(view, legal)
            call = next((a for a in legal if a.kind == "call"), None)
            if call is None or "game" not in table:
                return action
            chance = bot.lowest_chance(view, bot._beliefs(view))
            if chance < min_chance:
                return action
            saved = bot._should_call
            bot._should_call = lambda view, b: False
            wait = choose(view, legal)          # what normal does when it does not call
            bot._should_call = saved
            game, seat = table["game"], bot.seat
            judge.seat = seat
            gains = []
            for k in range(oracle):
                s = seed * 100_003 + len(rows) * 1009 + k
                gains.append(true_value(game, seat, call, s, ruleset, judge)
                             - true_value(game, seat, wait, s, ruleset, judge))
            rows.append({"seed": seed, "seat": seat, "chance": round(chance, 3),
                         "called": action.kind == "call", "gain": round(sum(gains) / oracle, 2),
                         "turn_no": view.turn_no, "round": view.round_no})
            return action
        bot.choose = checked
    for bot in bots:
        watched(bot)
    run_match(ruleset, ["normal"] * seats, seed, bots=bots,
              watch=lambda game, events: table.__setitem__("game", game))


def print_calls(rows: list) -> None:
    """The call study by normal's belief: moments, normal's calls, calling's mean true gain."""
    for low, high in ((0, 0.2), (0.2, 0.3), (0.3, 0.4), (0.4, 0.5), (0.5, 0.6), (0.6, 0.7),
                      (0.7, 0.8), (0.8, 0.9), (0.9, 1.01)):
        group = [r for r in rows if low <= r["chance"] < high]
        if not group:
            continue
        gains = [r["gain"] for r in group]
        mean = sum(gains) / len(gains)
        error = (math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
                 if len(gains) > 1 else 0.0)
        print(f"chance {low:.1f}-{high:.1f}: {len(group):4d} moments, normal called "
              f"{sum(r['called'] for r in group):4d}, calling - drawing {mean:+.2f} +- {error:.2f} "
              f"points, calling better in {sum(g > 0 for g in gains)}", flush=True)


def print_leads(leads: list, matches: int) -> None:
    """What each bar on the search's lead would have gained: the rivals leading by at least that
    many standard errors, played instead of the policy's move, in true round points per match."""
    for bar in (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0):
        over = [r["gain"] for r in leads if r["lead"] is not None and r["lead"] > bar]
        mean = sum(over) / len(over) if over else 0.0
        print(f"lead over {bar:.1f} s.e.: {len(over):4d} overrules, {mean:+.2f} points each, "
              f"{sum(g > 0 for g in over)} right, {sum(over) / matches:+.2f} points per match",
              flush=True)
    kinds = sorted({r["kind"] for r in leads})
    for kind in kinds:
        rows = [r for r in leads if r["kind"] == kind]
        for low, high in ((-99, 0), (0, 1), (1, 2), (2, 99)):
            group = [r["gain"] for r in rows if r["lead"] is not None and low <= r["lead"] < high]
            if group:
                print(f"  {kind:28s} lead {low:+d}..{high:+d}: {len(group):4d}, "
                      f"true gain {sum(group) / len(group):+.2f}, right {sum(g > 0 for g in group)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kombio")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--oracle", type=int, default=100, help="true-state playouts per move checked")
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--confidence", type=float, default=None)
    parser.add_argument("--paired", choices=("yes", "no"), default=None)
    parser.add_argument("--call-chance", type=float, default=None,
                        help="search.CALL_SEARCH_CHANCE and _MORE_SEATS (a call is searched from "
                             "this belief on)")
    parser.add_argument("--drawn-margin", type=float, default=None, help="search.DRAWN_MARGIN")
    parser.add_argument("--rotations", type=int, default=None,
                        help="search.PLAYOUT_ROTATIONS (turns per seat before a playout is scored)")
    parser.add_argument("--seats", type=int, default=2, help="hard in one seat, normal in the others")
    parser.add_argument("--out", default="bench_memory_oracle.json")
    parser.add_argument("--leads", action="store_true",
                        help="check the search's best rival at every searched decision, overruled or "
                             "not: what each bar on its lead (standard errors) would gain")
    parser.add_argument("--know", choices=("none", "opponents", "all"), default="none",
                        help="a diagnostic: hard's samples keep the TRUE hidden cards of the "
                             "opponents (its own unseen ones and the deck dealt anew), or of all")
    parser.add_argument("--calls", action="store_true", help="the call study (normal in every seat)")
    parser.add_argument("--min-chance", type=float, default=0.1,
                        help="the call study: only moments where normal believes this or more")
    args = parser.parse_args()
    if args.calls:
        rows: list = []
        for seed in range(args.first, args.first + args.games):
            call_study(args.game, seed, args.oracle, args.seats, args.min_chance, rows)
            print(f"seed {seed}: {len(rows)} moments", flush=True)
        print_calls(rows)
        os.makedirs(os.path.join(os.path.dirname(__file__), "out"), exist_ok=True)
        with open(os.path.join(os.path.dirname(__file__), "out", args.out), "w") as f:
            json.dump({"game": args.game, "args": vars(args), "calls": rows}, f, indent=1)
        return 0
    from game.families.memory import search
    if args.call_chance is not None:
        search.CALL_SEARCH_CHANCE = search.CALL_SEARCH_CHANCE_MORE_SEATS = args.call_chance
    if args.drawn_margin is not None:
        search.DRAWN_MARGIN = args.drawn_margin
    if args.rotations is not None:
        search.PLAYOUT_ROTATIONS = args.rotations
    extra = {}
    if args.confidence is not None:
        extra["confidence"] = args.confidence
    if args.paired is not None:
        extra["paired"] = args.paired == "yes"
    stats = defaultdict(lambda: {"searched": 0, "overruled": 0, "to": {}, "gains": []})
    start = time.perf_counter()
    matches = []
    leads = [] if args.leads else None
    for seed in range(args.first, args.first + args.games):
        matches.append(one_match(args.game, seed, args.playouts, args.oracle, stats, extra, args.seats,
                                 leads, args.know))
        print(f"seed {seed}: {matches[-1]}", flush=True)
    rows = {}
    for key, row in sorted(stats.items()):
        gains = row["gains"]
        n = len(gains)
        mean = sum(gains) / n if n else 0.0
        error = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else 0.0
        rows[key] = {"searched": row["searched"], "overruled": row["overruled"], "to": row["to"],
                     "oracle_gain_points": round(mean, 2), "error": round(error, 2),
                     "right": sum(1 for g in gains if g > 0)}
        print(f"{key:32s} searched {row['searched']:4d}, overruled {row['overruled']:3d} -> {row['to']}, "
              f"true gain {mean:+.2f} +- {error:.2f} points ({rows[key]['right']}/{n} right)")
    total = sum(sum(row["gains"]) for row in stats.values())
    print(f"the overrules' true gain: {total / len(matches):+.2f} points per match")
    if leads is not None:
        print_leads(leads, len(matches))
    wins = sum(m["win"] for m in matches)
    searched = sum(m["searched"] for m in matches)
    seconds = sum(m["search_seconds"] for m in matches)
    print(f"hard won {wins:g}/{len(matches)}; {searched / len(matches):.0f} searched decisions per match, "
          f"{seconds / len(matches):.1f} s of search per match; {time.perf_counter() - start:.0f} s in all")
    os.makedirs(os.path.join(os.path.dirname(__file__), "out"), exist_ok=True)
    with open(os.path.join(os.path.dirname(__file__), "out", args.out), "w") as f:
        json.dump({"game": args.game, "args": vars(args), "kinds": rows,
                   "gain_per_match": total / len(matches), "matches": matches,
                   "leads": leads}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
