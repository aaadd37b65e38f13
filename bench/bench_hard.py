"""Hard vs normal in 2-seat games (seats alternating), and the hard bot's playouts per second.

    python bench/bench_hard.py [--games 20] [--seconds 0.25 | --playouts N] [--policy easy|normal]
                               [--game castle-combo --game klobba] [--seats 4] [--jobs 2]
                               [--first SEED] [--no-baseline] [--out NAME.json]
                               [--know opponents] [--race-level normal]
    python bench/bench_hard.py --paths [--game kombio ...]     # what one playout step costs

Prints, per game: hard's win rate against normal with its 95% interval (Wilson), beside what a
normal bot in hard's seat wins on the same seeds (the deals and seats are not fair coins over a
few games), the mean final scores, and playouts per second on one core (the search's own time: sampling, copies, applies,
the policy bots' views and decisions), with the mean playouts per decision. Writes the numbers
to bench/out/bench_hard.json. `--paths`: the mean cost of copy(), legal_actions(), apply() and
view() per step of random-bot games, and of a normal and an easy decision, for every ruleset
(what a playout is made of), to bench/out/bench_hard_paths.json.
`--know opponents` (a diagnostic, issue 32's ceiling): hard's samples keep the others' hidden
cards as they truly are (oracle.knowing): what a perfect model of the other players would win.
`--race-level normal` (Kombio, Cambio): hard's match races answered at that level's speed, not
the family's quick one: the search's own share of hard's wins.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import make_bot  # noqa: E402
from game.lab.simulate import run_match  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402
from game.lab.lab import wilson  # noqa: E402
from oracle import knowing  # noqa: E402


def one_match(task: tuple) -> dict:
    """One seeded match: hard (or, for the baseline, the opponent's level) in seat seed % seats."""
    game_id, seed, seats, budget, policy, opponent, baseline, know = task
    ruleset = find_ruleset(game_id)
    hard_seat = seed % seats
    bots = [make_bot(ruleset, s, opponent, seed * 8 + s) for s in range(seats)]
    searched = []
    table: dict = {}
    if baseline:
        bots[hard_seat] = make_bot(ruleset, hard_seat, opponent, seed)
    else:
        extra = {} if policy is None else {"playout_level": policy}
        hard = bots[hard_seat] = make_bot(ruleset, hard_seat, "hard", seed, **extra, **budget)
        if know != "none":
            hard.family = dataclasses.replace(hard.family, determinize=knowing(table, hard.family.determinize, know))
        choose = hard.choose

        def counted(view, legal, choose=choose, hard=hard):
            hard.last = {}
            cpu = time.process_time()
            action = choose(view, legal)
            if hard.last:
                searched.append((hard.last["playouts"], hard.last["seconds"], time.process_time() - cpu))
            return action
        hard.choose = counted
    result = run_match(ruleset, [opponent] * seats, seed, bots=bots,
                       watch=lambda game, events: table.__setitem__("game", game))
    others = [t for s, t in enumerate(result.totals) if s != hard_seat]
    return {"seed": seed, "seat": hard_seat, "win": 1 / len(result.winners) if hard_seat in result.winners else 0.0,
            "score": result.totals[hard_seat], "others": sum(others) / len(others),
            "playouts": sum(p for p, _, _ in searched), "search_seconds": sum(t for _, t, _ in searched),
            "search_cpu": sum(c for _, _, c in searched),
            "decisions": len(searched), "searched": sum(1 for p, _, _ in searched if p)}


def outcome(win: float) -> str:
    """A match's line in the log: a shared win counts 1/k in the JSON, so the log must not say won."""
    if 0 < win < 1:
        return f"shared 1/{round(1 / win)}"
    return "won" if win >= 1 else "lost"


def duel(game_id: str, games: int, budget: dict, policy, opponent: str = "normal", seats: int = 2,
         jobs: int = 1, first: int = 0, baseline: bool = True, know: str = "none") -> dict:
    """Hard in one seat (alternating) against `opponent` in the others, over seeds first.."""
    start = time.perf_counter()
    tasks = [(game_id, seed, seats, budget, policy, opponent, False, know) for seed in range(first, first + games)]
    if baseline:    # the same seeds with the opponent's level in hard's seat: what those deals give
        tasks += [(game_id, seed, seats, budget, policy, opponent, True, know) for seed in range(first, first + games)]
    rows = []

    def report(row) -> None:
        """Each match as it ends: a long run shows its progress (the JSON is written at the end)."""
        who = "hard" if len(rows) <= games else "baseline"
        print(f"  {game_id} seed {row['seed']} ({who}, {len(rows)}/{len(tasks)}): seat {row['seat'] + 1}, "
              f"score {row['score']:g} (others {row['others']:g}), {outcome(row['win'])}", flush=True)
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            for row in pool.imap(one_match, tasks, chunksize=1):     # in the tasks' order
                rows.append(row)
                report(row)
    else:
        for task in tasks:
            rows.append(one_match(task))
            report(rows[-1])
    hard_rows, base_rows = rows[:games], rows[games:]
    wins = sum(r["win"] for r in hard_rows)
    playouts = sum(r["playouts"] for r in hard_rows)
    search_seconds = sum(r["search_seconds"] for r in hard_rows)
    low, high = wilson(wins, games)
    return {"game": game_id, "seats": seats, "games": games, "first_seed": first, "budget": budget,
            "policy": policy or "the family's", "opponent": opponent, "know": know,
            "hard_wins": wins, "win_rate": round(wins / games, 3), "interval_95": [round(low, 3), round(high, 3)],
            "baseline_win_rate": round(sum(r["win"] for r in base_rows) / games, 3) if base_rows else None,
            "mean_scores": [round(sum(r["score"] for r in hard_rows) / games, 1),
                            round(sum(r["others"] for r in hard_rows) / games, 1)],
            "playouts_per_s": round(playouts / max(search_seconds, 1e-9), 1),
            "playouts_per_decision": round(playouts / max(1, sum(r["decisions"] for r in hard_rows)), 1),
            "searched_decisions": sum(r["searched"] for r in hard_rows),
            "seconds_per_searched_decision": round(search_seconds / max(1, sum(r["searched"] for r in hard_rows)), 3),
            # CPU time (load does not inflate it): what one idle core would take
            "cpu_seconds_per_searched_decision": round(sum(r["search_cpu"] for r in hard_rows)
                                                       / max(1, sum(r["searched"] for r in hard_rows)), 3),
            "cpu_seconds_per_match": round(sum(r["search_cpu"] for r in hard_rows) / games, 1),
            # per seed, so two tunings can be compared on the same deals (bench/compare_hard.py)
            "matches": {r["seed"]: r["win"] for r in hard_rows},
            "seconds": round(time.perf_counter() - start, 1)}


def paths(game_ids, games: int = 20) -> list:
    """What one step of a playout costs per family, in microseconds: copy(), legal_actions(),
    apply(), view(), and a normal and an easy bot's decision, over random-bot games on one core."""
    import random
    from game.engine import registry
    from game.engine.ruleset import default_options
    rows = []
    for game_id in game_ids:
        ruleset = find_ruleset(game_id)
        family = registry.family(ruleset.family)
        cost = {"copy": [], "legal": [], "apply": [], "view": [], "normal": [], "easy": []}
        rng = random.Random(1)
        for seed in range(games):
            game = family.new_game(ruleset, 2, default_options(ruleset), seed)
            bots = {lv: [make_bot(ruleset, s, lv, seed * 8 + s) for s in range(2)] for lv in ("normal", "easy")}
            steps = 0
            while not game.is_over() and steps < 3000:
                steps += 1
                t = time.perf_counter()
                game.copy()
                cost["copy"].append(time.perf_counter() - t)
                for seat in game.to_act():
                    if seat not in game.to_act():
                        continue
                    t = time.perf_counter()
                    legal = game.legal_actions(seat)
                    cost["legal"].append(time.perf_counter() - t)
                    t = time.perf_counter()
                    view = game.view(seat)
                    cost["view"].append(time.perf_counter() - t)
                    if steps % 4 == 0 and len(legal) > 1:     # the bots are slow: a sample of decisions
                        for level in ("normal", "easy"):
                            t = time.perf_counter()
                            bots[level][seat].choose(view, legal)
                            cost[level].append(time.perf_counter() - t)
                    t = time.perf_counter()
                    game.apply(seat, legal[rng.randrange(len(legal))])
                    cost["apply"].append(time.perf_counter() - t)
        row = {"game": game_id}
        for key, values in cost.items():
            values.sort()
            row[key + "_us"] = round(1e6 * sum(values) / max(1, len(values)), 1)
        rows.append(row)
        print(f"{game_id}: per step, mean µs: " + ", ".join(f"{k} {row[k + '_us']:.0f}" for k in cost), flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--policy", default=None, help="the playout policy's level (default: the family's)")
    parser.add_argument("--seats", type=int, default=2, help="hard in one seat, the opponent's level in the others")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one match each)")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--no-baseline", action="store_true", help="skip the opponent-in-hard's-seat run")
    parser.add_argument("--out", default="bench_hard.json", help="file name in bench/out/")
    parser.add_argument("--opponent", default="normal")
    parser.add_argument("--horizon", default=None,
                        help="where a playout stops: game, round or a number of rounds (default: the family's)")
    parser.add_argument("--confidence", type=float, default=None,
                        help="standard errors by which the search must beat the root bot's choice")
    parser.add_argument("--paired", choices=("yes", "no"), default=None,
                        help="judge moves on paired differences (default: the family's)")
    parser.add_argument("--margin-over", choices=("best", "mean"), default=None,
                        help="a round's margin over the best other seat or the others' mean (default: the family's)")
    parser.add_argument("--race-level", default=None,
                        help="who answers hard's match races (Kombio, Cambio; default: the family's, 'quick')")
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--know", choices=("none", "opponents"), default="none",
                        help="a diagnostic: hard's samples keep the others' true hidden cards (the ceiling)")
    parser.add_argument("--paths", action="store_true",
                        help="only the cost of copy/legal/apply/view and of a bot decision, every ruleset")
    args = parser.parse_args()
    if args.paths:
        ids = args.game or ["kombio", "cambio", "cambio-classic", "kumbal", "castle-combo", "klobba"]
        rows = paths(ids)
        os.makedirs(os.path.join(os.path.dirname(__file__), "out"), exist_ok=True)
        with open(os.path.join(os.path.dirname(__file__), "out", "bench_hard_paths.json"), "w") as f:
            json.dump(rows, f, indent=1)
        return 0
    budget = {"playouts": args.playouts} if args.playouts else {"seconds": args.seconds or 0.25}
    if args.horizon:
        budget["horizon"] = int(args.horizon) if args.horizon.isdigit() else args.horizon
    if args.confidence is not None:
        budget["confidence"] = args.confidence
    if args.paired is not None:
        budget["paired"] = args.paired == "yes"
    if args.margin_over is not None:
        budget["margin_over"] = args.margin_over
    if args.race_level is not None:
        budget["race_level"] = args.race_level
    rows = []
    for game_id in args.game or ["klobba", "castle-combo"]:
        row = duel(game_id, args.games, budget, args.policy, args.opponent, args.seats, args.jobs, args.first,
                   not args.no_baseline, args.know)
        rows.append(row)
        low, high = row["interval_95"]
        base = "not run" if row["baseline_win_rate"] is None else f"{100 * row['baseline_win_rate']:.0f}%"
        print(f"{game_id}, {args.seats} seats: hard ({budget}, {row['policy']} playouts) vs {args.opponent}: "
              f"{row['hard_wins']:g}/{row['games']} = {100 * row['win_rate']:.0f}% "
              f"(95% {100 * low:.0f}-{100 * high:.0f}%; {args.opponent} in its seat on the same seeds: "
              f"{base}), mean scores {row['mean_scores']}, "
              f"{row['playouts_per_s']:.0f} playouts/s, {row['playouts_per_decision']:.0f} per decision, "
              f"{row['seconds']:.0f} s", flush=True)
    os.makedirs(os.path.join(os.path.dirname(__file__), "out"), exist_ok=True)
    with open(os.path.join(os.path.dirname(__file__), "out", args.out), "w") as f:
        json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
