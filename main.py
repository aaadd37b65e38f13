"""Card Table: start the menu, go straight to a table, or run a headless command.

  python main.py                                   the menu
  python main.py --game kombio --seats human,ai:normal,ai:easy [--seed N]
  python main.py --simulate kombio --players 4 --games 1000 --seed 1 [--bots normal,easy] [--json] [--jobs N]
                 [--variant NAME ...] [--set section.key=value ...] [--chart out.png]
                 [--keep]
  python main.py --review FILE|latest [--seat N] [--deals N] [--json]
  python main.py --check-rulesets [FILE ...]
  python main.py --selftest
  python main.py --version
"""
from __future__ import annotations

import argparse
import sys


def parse_seats(text: str) -> list:
    """'human,ai:normal,ai:easy' -> seat dicts; ValueError with a readable reason."""
    from game.ai import LEVELS, SEARCH_LEVELS, SHARED_LEVELS
    levels = LEVELS + SEARCH_LEVELS + SHARED_LEVELS
    seats = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        kind, _, level = part.partition(":")
        if kind == "human" and not level:
            seats.append({"name": f"Player {i + 1}", "kind": "human"})
        elif kind == "ai" and level in ("",) + levels:
            seats.append({"name": f"Bot {i + 1}", "kind": "ai", "level": level or "normal"})
        else:
            expected = ", ".join(f"ai:{level}" for level in levels)
            raise ValueError(f"seat {i + 1}: expected human, {expected}; got {part!r}")
    return seats


MAX_GAMES = 1_000_000     # hours of play at a few hundred matches a second; more is a typo
MAX_JOBS = 256
DEFAULTS = {"seats": "human,ai:normal", "players": 4, "games": 100, "seed": 1}
# The options that mean something only in some modes; given in another mode they are an error.
ONLY_WITH = {"seats": ("game",), "seed": ("game", "simulate"), "players": ("simulate",),
             "games": ("simulate",), "bots": ("simulate",), "json": ("simulate", "review"),
             "jobs": ("simulate",), "variant": ("simulate",), "set": ("simulate",), "chart": ("simulate",),
             "keep": ("simulate",), "seat": ("review",), "deals": ("review",)}
MODES = ("game", "simulate", "review", "check_rulesets", "selftest")


def whole(low: int, high: int):
    """An argparse type: a whole number from low to high, with a message that says so."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high:,}, got {text}")
        return value
    return parse


def game_id(text: str) -> str:
    """An argparse type: a ruleset id, never empty (an empty one used to open the menu instead)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a ruleset id such as kombio, got an empty one")
    return text.strip()


def parser() -> argparse.ArgumentParser:
    from game import VERSION
    ap = argparse.ArgumentParser(prog="main.py", description="Card Table")
    ap.add_argument("--version", action="version", version=f"Card Table {VERSION}")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--game", type=game_id, help="go straight to a table of this game (ruleset id)")
    mode.add_argument("--simulate", metavar="GAME", type=game_id,
                      help="play bot-only matches without a window")
    mode.add_argument("--review", metavar="FILE|latest",
                      help="print the review of a finished match: a past match's file, or latest")
    mode.add_argument("--check-rulesets", nargs="*", metavar="FILE", help="validate rulesets and exit")
    mode.add_argument("--selftest", action="store_true",
                      help="load every ruleset, play one bot match of each, draw each table offscreen")
    ap.add_argument("--seats", help=f"with --game: comma-separated human | ai:easy | ai:normal "
                                     f"[{DEFAULTS['seats']}]")
    ap.add_argument("--seed", type=int, help=f"with --game or --simulate: the match's seed (--simulate: the first match's) "
                                             f"[--simulate: {DEFAULTS['seed']}; --game: random]")
    ap.add_argument("--players", type=int, help=f"with --simulate: seats per match [{DEFAULTS['players']}]")
    ap.add_argument("--games", type=whole(1, MAX_GAMES),
                    help=f"with --simulate: matches to play, 1 to {MAX_GAMES:,} [{DEFAULTS['games']}]")
    ap.add_argument("--bots", help="with --simulate: comma-separated bot levels per seat (default: normal)")
    ap.add_argument("--json", action="store_true", default=None,
                    help="with --simulate or --review: one JSON object on stdout")
    ap.add_argument("--keep", action="store_true", default=None,
                    help="with --simulate: keep the last matches (up to 200) in the past matches")
    ap.add_argument("--seat", type=whole(1, 64),
                    help="with --review: the seat to review, from 1 [the first human's, else 1]")
    ap.add_argument("--deals", type=whole(1, 10_000),
                    help="with --review: deals the search plays out per decision [24]")
    ap.add_argument("--jobs", type=whole(1, MAX_JOBS),
                    help="with --simulate: processes to play on (default: one per core)")
    ap.add_argument("--variant", action="append", metavar="NAME",
                    help="with --simulate: turn on this variant of the ruleset (repeatable)")
    ap.add_argument("--set", action="append", metavar="SECTION.KEY=VALUE",
                    help="with --simulate: change one rules parameter, checked as in a ruleset file; "
                         "the value is YAML (10, true, null, [1, 2]) (repeatable)")
    ap.add_argument("--chart", metavar="OUT.PNG",
                    help="with --simulate: also draw win rates, calls and score histograms to this PNG")
    return ap


def main(argv=None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    chosen = next((m for m in MODES if getattr(args, m) not in (None, False)), None)
    for option, modes in ONLY_WITH.items():
        if getattr(args, option) is not None and chosen not in modes:
            where = " or ".join("--" + m for m in modes)
            now = f"--{chosen.replace('_', '-')}" if chosen else "the menu"
            ap.error(f"--{option} only applies with {where}, not with {now}")

    if args.check_rulesets is not None:
        from game.engine.ruleset import check_main
        return check_main(args.check_rulesets)
    if args.simulate:
        from game.lab.lab import Recipe
        from game.lab.simulate import simulate_main
        return simulate_main(args.simulate, _given(args, "players"), _given(args, "games"),
                             _given(args, "seed"), args.bots, bool(args.json), args.jobs,
                             Recipe(tuple(args.variant or ()), tuple(args.set or ())), args.chart,
                             bool(args.keep))
    if args.review:
        from game.lab.review import review_main
        return review_main(args.review, args.seat, bool(args.json), args.deals)
    if args.selftest:
        from game.selftest import selftest
        return selftest()
    if args.game:
        try:
            seats = parse_seats(_given(args, "seats"))
        except ValueError as exc:
            ap.error(str(exc))
        from game.ui.app import run
        return run(game_id=args.game, seats=seats, seed=args.seed)
    from game.ui.app import run
    return run()


def _given(args, option: str):
    value = getattr(args, option)
    return DEFAULTS[option] if value is None else value


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()   # --simulate's worker processes in the packaged app (Windows)
    sys.exit(main())
