"""Bench: Kumbal 2-player games per second with `random` bots, beside RLCard's Gin Rummy.

    python bench/bench_kumbal_peer.py [--games 300] [--peer-games 300] [--seed 1] [--venv /tmp/rlcard-venv]

1. Ours: 2-player Kumbal matches of `random` bots on ONE process, through the same code as
   `main.py --simulate kumbal --players 2 --bots random,random --jobs 1` (run_match, as
   play_matches calls it on one process: the real Session, every action validated and recorded).
   A Kumbal match is rounds until someone passes 100 points; rounds per second are printed too.
2. The peer: RLCard's Gin Rummy (`rlcard.make("gin-rummy")`) with its `RandomAgent`s,
   `env.run(is_training=False)` once per game, in the same run. An RLCard game is one deal, so
   the fair pairing is our rounds (deals) per second with its games per second; and as random
   players make rounds of different lengths in the two games, decisions per second too. All
   three ratios are printed; the target is read on deals (the one unit both games share).
   RLCard is never a dependency of ours: it lives in a throwaway venv (created at `--venv`
   with `python -m venv` and `pip install rlcard` on first use, reused after) and runs there in
   a subprocess. If it cannot be installed the reason is printed and only our number is given.
Target: ours at least 3x the peer. Writes bench/out/bench_kumbal_peer.json.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchout import write_result  # noqa: E402

from game.lab.simulate import run_match, settle  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402

TARGET_RATIO = 3.0
DEFAULT_VENV = "/tmp/rlcard-venv"

# Run by the venv's Python: N Gin Rummy games of two RandomAgents, as JSON on stdout.
PEER_SCRIPT = r"""
import json, sys, time
import rlcard
from rlcard.agents import RandomAgent
games, seed = int(sys.argv[1]), int(sys.argv[2])
env = rlcard.make("gin-rummy", config={"seed": seed})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
env.run(is_training=False)          # warm-up: imports and first-use caches out of the timing
steps = 0
start = time.perf_counter()
for _ in range(games):
    trajectories, _ = env.run(is_training=False)
    steps += sum(len(t) // 2 for t in trajectories)   # a trajectory alternates state, action, ...
elapsed = time.perf_counter() - start
print(json.dumps({"games": games, "seconds": elapsed, "decisions": steps,
                  "rlcard": getattr(rlcard, "__version__", "?")}))
"""


def ours(games: int, seed: int) -> dict:
    """Kumbal matches per second with random bots, one process, as --simulate plays them."""
    ruleset = find_ruleset("kumbal")
    levels = ["random", "random"]
    settle()                                    # as play_matches does before its first match
    run_match(ruleset, levels, seed - 1)       # warm-up, as the peer's
    rounds = actions = 0
    start = time.perf_counter()
    for match_seed in range(seed, seed + games):
        result = run_match(ruleset, levels, match_seed)
        rounds += result.rounds
        actions += result.actions
    elapsed = time.perf_counter() - start
    return {"games": games, "rounds": rounds, "decisions": actions, "seconds": round(elapsed, 3),
            "games_per_s": round(games / elapsed, 2), "rounds_per_s": round(rounds / elapsed, 2),
            "decisions_per_s": round(actions / elapsed, 1),
            "decisions_per_round": round(actions / max(rounds, 1), 1)}


def peer_python(venv: str) -> tuple:
    """(the venv's python, None) with rlcard importable, or (None, why not)."""
    python = os.path.join(venv, "Scripts" if os.name == "nt" else "bin", "python")
    if os.path.exists(python) and _imports_rlcard(python):
        return python, None
    try:
        if not os.path.exists(python):
            print(f"creating a throwaway venv for RLCard at {venv} ...")
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True, text=True)
        print("pip install rlcard (into the throwaway venv only) ...")
        subprocess.run([python, "-m", "pip", "install", "-q", "rlcard"], check=True,
                       capture_output=True, text=True, timeout=900)
    except subprocess.CalledProcessError as exc:
        return None, f"{' '.join(exc.cmd[:4])} failed: {(exc.stderr or exc.stdout or '').strip()[-400:]}"
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"{type(exc).__name__}: {exc}"
    if not _imports_rlcard(python):
        return None, f"rlcard installed into {venv} but does not import"
    return python, None


def _imports_rlcard(python: str) -> bool:
    return subprocess.run([python, "-c", "import rlcard"], capture_output=True).returncode == 0


def peer(python: str, games: int, seed: int) -> dict:
    """RLCard Gin Rummy games per second with random agents, in the venv's Python."""
    done = subprocess.run([python, "-c", PEER_SCRIPT, str(games), str(seed)], capture_output=True,
                          text=True, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-400:])
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["games_per_s"] = round(out["games"] / out["seconds"], 2)
    out["decisions_per_s"] = round(out["decisions"] / out["seconds"], 1)
    out["decisions_per_game"] = round(out["decisions"] / out["games"], 1)
    out["seconds"] = round(out["seconds"], 3)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="Kumbal matches (random bots)")
    ap.add_argument("--peer-games", type=int, default=300, help="RLCard Gin Rummy games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--venv", default=DEFAULT_VENV, help="the throwaway venv RLCard lives in")
    args = ap.parse_args(argv)

    result = {"bench": "bench_kumbal_peer", "seed": args.seed, "python": platform.python_version(),
              "machine": platform.machine(), "target_ratio": TARGET_RATIO}
    mine = result["kumbal"] = ours(args.games, args.seed)
    print(f"Kumbal, 2 random bots, one process: {mine['games']} matches ({mine['rounds']} rounds) in "
          f"{mine['seconds']:.1f} s: {mine['games_per_s']:.1f} games/s, {mine['rounds_per_s']:.1f} rounds/s "
          f"({mine['decisions_per_round']:.0f} decisions a round, {mine['decisions_per_s']:.0f} decisions/s)")

    python, why = peer_python(args.venv)
    if python is None:
        result["peer_error"] = why
        print(f"RLCard Gin Rummy: not measured ({why}); only our number is reported")
    else:
        try:
            theirs = result["gin_rummy"] = peer(python, args.peer_games, args.seed)
        except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
            result["peer_error"] = str(exc)
            print(f"RLCard Gin Rummy: the run failed ({exc}); only our number is reported")
        else:
            print(f"RLCard {theirs['rlcard']} Gin Rummy, 2 random agents, one process: {theirs['games']} games "
                  f"in {theirs['seconds']:.1f} s: {theirs['games_per_s']:.1f} games/s "
                  f"({theirs['decisions_per_game']:.0f} decisions a game, "
                  f"{theirs['decisions_per_s']:.0f} decisions/s)")
            by_game = mine["games_per_s"] / theirs["games_per_s"]
            by_deal = mine["rounds_per_s"] / theirs["games_per_s"]
            result["ratio_games"] = round(by_game, 2)
            result["ratio_deals"] = round(by_deal, 2)
            by_decision = mine["decisions_per_s"] / theirs["decisions_per_s"]
            result["ratio_decisions"] = round(by_decision, 2)
            # the target is read on deals: an RLCard game is one deal, a Kumbal match about seven
            result["target_met"] = by_deal >= TARGET_RATIO
            print(f"ratio, Kumbal rounds (one deal each) to Gin Rummy games (one deal each): {by_deal:.2f}x "
                  f"(target >= {TARGET_RATIO:g}x -> {'met' if by_deal >= TARGET_RATIO else 'MISSED'})")
            print(f"ratio, Kumbal matches (about 7 deals to 100 points) to Gin Rummy games: {by_game:.2f}x")
            print(f"ratio, decisions per second: {by_decision:.2f}x")
    write_result("bench_kumbal_peer.json", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
