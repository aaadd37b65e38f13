"""Card Table: start the menu, go straight to a table, or run a headless command.

  python main.py                                   the menu
  python main.py --game kombio --seats human,ai:normal,ai:easy
  python main.py --simulate kombio --players 4 --games 1000 --seed 1 [--bots normal,easy] [--json] [--jobs N]
  python main.py --check-rulesets [FILE ...]
  python main.py --selftest
"""
from __future__ import annotations

import argparse
import sys


def parse_seats(text: str) -> list:
    """'human,ai:normal,ai:easy' -> seat dicts; ValueError with a readable reason."""
    seats = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        kind, _, level = part.partition(":")
        if kind == "human" and not level:
            seats.append({"name": f"Player {i + 1}", "kind": "human"})
        elif kind == "ai" and level in ("", "easy", "normal"):
            seats.append({"name": f"Bot {i + 1}", "kind": "ai", "level": level or "normal"})
        else:
            raise ValueError(f"seat {i + 1}: expected human, ai:easy or ai:normal; got {part!r}")
    return seats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="main.py", description="Card Table")
    ap.add_argument("--game", help="go straight to a table of this game (ruleset id)")
    ap.add_argument("--seats", default="human,ai:normal",
                    help="with --game: comma-separated human | ai:easy | ai:normal")
    ap.add_argument("--simulate", metavar="GAME", help="play bot-only matches without a window")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", help="comma-separated bot levels per seat (default: normal)")
    ap.add_argument("--json", action="store_true", help="with --simulate: one JSON object on stdout")
    ap.add_argument("--jobs", type=int, help="with --simulate: processes to play on (default: one per core)")
    ap.add_argument("--check-rulesets", nargs="*", metavar="FILE", help="validate rulesets and exit")
    ap.add_argument("--selftest", action="store_true",
                    help="load every ruleset, play one bot match of each, draw each table offscreen")
    args = ap.parse_args(argv)

    if args.check_rulesets is not None:
        from game.engine.ruleset import check_main
        return check_main(args.check_rulesets)
    if args.simulate:
        from game.ai.simulate import simulate_main
        return simulate_main(args.simulate, args.players, args.games, args.seed, args.bots, args.json,
                             args.jobs)
    if args.selftest:
        from game.selftest import selftest
        return selftest()
    from game.ui.app import run
    if args.game:
        try:
            seats = parse_seats(args.seats)
        except ValueError as exc:
            ap.error(str(exc))
        return run(game_id=args.game, seats=seats)
    return run()


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()   # --simulate's worker processes in the packaged app (Windows)
    sys.exit(main())
