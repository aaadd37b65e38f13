"""Bench: a family's normal bot against an independent rule-of-thumb bot (and against easy).

    nice -n 5 python bench/bench_peer.py [--game kombio ...] [--games 1000] [--games4 400]
        [--alone4 300] [--easy-games 1000] [--first 1] [--jobs 1] [--out NAME.json]

The yardstick of issue 12 item 2 (the memory family, "Tried against an independent heuristic bot
over 1,000 2-seat and 400 4-seat matches") and of issue 32 item 1 (Kumbal). The peers are written
from the rule texts and the view alone and share no code with the families' bots on purpose:
bench/peer_memory.py (Kombio, Cambio, classic Cambio) and bench/peer_kumbal.py (Kumbal). Each is
the same opponent before and after a change to normal, so the change is judged against something
it was not tuned on.

For each game, on seeded matches of the default match length:
  - 2 seats, normal against the peer, seats alternating (the peer in seat seed % 2);
  - 4 seats, three normal against one peer, the peer's seat rotating (seed % 4): the peer's
    share of the wins (a fair share is 25%);
  - 4 seats, one normal against three peers (`--alone4`), normal's seat rotating: normal's share;
  - 2 seats, normal against easy, seats alternating (easy must stay clearly weaker);
each with its Wilson 95% interval (a shared win counts as a fraction), and normal's calls: how
often it calls (per round), how often its calls win, and the chance of winning it believed it had
when it called (the bot's `call_chance`, when it keeps one). Writes bench/out/<out>.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchout import write_result  # noqa: E402
from peer_kumbal import KumbalPeer  # noqa: E402
from peer_memory import PeerBot  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.lab.lab import RoundLog, wilson  # noqa: E402
from game.lab.simulate import bot_seed, run_match  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402

# each game's independent peer
PEERS = {"kombio": PeerBot, "cambio": PeerBot, "cambio-classic": PeerBot, "kumbal": KumbalPeer}
GAMES = tuple(PEERS)


class CallWatch:
    """A bot whose calls are written down with the chance it gave itself (`call_chance`)."""

    def __init__(self, bot, log: dict):
        self.bot, self.log = bot, log

    def choose(self, view, legal):
        action = self.bot.choose(view, legal)
        if action.kind == "call":
            self.log[view.round_no] = getattr(self.bot, "call_chance", None)
        return action

    def race(self, view, legal):
        return self.bot.race(view, legal)


def play(job) -> dict:
    """One match: (winner shares per level, calls per level with outcome and estimate, rounds)."""
    game_id, levels, seed = job
    ruleset = find_ruleset(game_id)
    log: dict = {}       # round number -> the caller's belief (an automatic call has none)
    bots = []
    for seat, level in enumerate(levels):
        seed_here = bot_seed(seed, seat)
        bot = PEERS[game_id](ruleset, seat, seed_here) if level == "peer" else make_bot(ruleset, seat, level, seed_here)
        bots.append(CallWatch(bot, log))
    rounds = RoundLog()
    result = run_match(ruleset, levels, seed, bots=bots, watch=rounds)
    share = {}
    for s in result.winners:
        share[levels[s]] = share.get(levels[s], 0.0) + 1.0 / len(result.winners)
    calls = [(levels[caller], won, log.get(index + 1)) for caller, won, index in rounds.calls]
    return {"share": share, "calls": calls, "rounds": len(rounds.round_scores)}


def run(game_id: str, who: str, seats: int, games: int, first: int, jobs: int, alone: bool = False) -> dict:
    """`games` matches of `who` (peer or easy) in seat seed % seats against normal in the others;
    `alone`: normal in seat seed % seats against `who` in the others."""
    jobs_list = []
    for seed in range(first, first + games):
        levels = [who if alone else "normal"] * seats
        levels[seed % seats] = "normal" if alone else who
        jobs_list.append((game_id, tuple(levels), seed))
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play, jobs_list, chunksize=8)
    else:
        results = [play(j) for j in jobs_list]
    seconds = time.perf_counter() - start
    other = sum(r["share"].get(who, 0.0) for r in results)
    normal = games - other
    rounds = sum(r["rounds"] for r in results)
    calls = [c for r in results for c in r["calls"] if c[0] == "normal"]
    won = sum(1 for c in calls if c[1])
    chances = [c[2] for c in calls if c[2] is not None]
    out = {"seats": seats, "opponent": who, "normal_alone": alone, "games": games, "first_seed": first, "seconds": round(seconds, 1),
           "normal_wins": round(normal, 2), "opponent_wins": round(other, 2),
           "normal_rate": round(normal / games, 4), "opponent_rate": round(other / games, 4),
           "normal_interval": [round(x, 4) for x in wilson(normal, games)],
           "opponent_interval": [round(x, 4) for x in wilson(other, games)],
           "rounds": rounds, "normal_calls": len(calls),
           "normal_calls_per_normal_round": round(len(calls) / max(1, rounds * (1 if alone else seats - 1)), 4),
           "normal_call_win_rate": round(won / len(calls), 4) if calls else None,
           "normal_call_win_interval": [round(x, 4) for x in wilson(won, len(calls))] if calls else None,
           "normal_call_believed": round(sum(chances) / len(chances), 4) if chances else None}
    opp_calls = [c for r in results for c in r["calls"] if c[0] == who]
    out["opponent_calls"] = len(opp_calls)
    out["opponent_call_win_rate"] = round(sum(1 for c in opp_calls if c[1]) / len(opp_calls), 4) if opp_calls else None
    return out


def show(game_id: str, r: dict) -> None:
    lo, hi = r["normal_interval"]
    olo, ohi = r["opponent_interval"]
    setting = f"1 normal vs {r['seats'] - 1} {r['opponent']}" if r.get("normal_alone") else f"{r['seats']} seats vs {r['opponent']:4s}"
    line = (f"{game_id:15s} {setting}: normal {r['normal_rate']:.1%} [{lo:.1%}, {hi:.1%}]"
            f"  {r['opponent']} {r['opponent_rate']:.1%} [{olo:.1%}, {ohi:.1%}]  ({r['games']} matches, "
            f"{r['seconds']:.0f} s)")
    if r["normal_calls"]:
        believed = r["normal_call_believed"]
        line += (f"\n{'':15s}   normal calls: {r['normal_calls']} ({r['normal_calls_per_normal_round']:.0%} of its rounds),"
                 f" won {r['normal_call_win_rate']:.1%}"
                 + (f", believed {believed:.1%}" if believed is not None else "")
                 + (f"; {r['opponent']} calls won {r['opponent_call_win_rate']:.1%} of {r['opponent_calls']}"
                    if r["opponent_calls"] else ""))
    print(line, flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", choices=GAMES, help="repeatable; default: all four")
    ap.add_argument("--games", type=int, default=1000, help="2-seat matches against the peer")
    ap.add_argument("--games4", type=int, default=400, help="4-seat matches, one peer against three normal")
    ap.add_argument("--alone4", type=int, default=0, help="4-seat matches, one normal against three peers")
    ap.add_argument("--easy-games", type=int, default=1000, help="2-seat matches against easy (0: none)")
    ap.add_argument("--first", type=int, default=1, help="the first match seed")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default="bench_peer.json")
    args = ap.parse_args(argv)
    result = {"bench": "bench_peer", "python": platform.python_version(), "games": {}}
    for game_id in args.game or GAMES:
        rows = result["games"][game_id] = []
        for who, seats, games, alone in (("peer", 2, args.games, False), ("peer", 4, args.games4, False),
                                         ("peer", 4, args.alone4, True), ("easy", 2, args.easy_games, False)):
            if games > 0:
                rows.append(run(game_id, who, seats, games, args.first, args.jobs, alone))
                show(game_id, rows[-1])
    write_result(args.out, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
