"""Bot-only matches through the real `Session`: every action validated and recorded.

Each step asks the seats in `to_act` for their choice, or runs the family's own `bot_step` when
its seats act at once in some other way (the memory family's match race).
"""
from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Optional

from game.ai import UnknownLevel, check_level, make_bot
from game.engine import registry
from game.engine.ruleset import default_options
from game.engine.session import Session

MAX_ACTIONS_PER_ROUND = 20000  # a real round takes a few hundred; the rules stop one at limits.turns_per_round
MAX_ROUNDS = 1000


class StuckMatch(RuntimeError):
    """A bot-only match that does not end: a bug in the rules or in a bot."""


@dataclass
class MatchResult:
    seed: int
    levels: tuple
    totals: list            # cumulative score per seat
    winners: tuple          # seats sharing the lowest total
    rounds: int
    actions: int
    session: Optional[Session] = None   # the record, when kept


def merge_options(ruleset, options: Optional[dict]) -> dict:
    """The ruleset's default options with the given ones laid over (one level deep)."""
    out = default_options(ruleset)
    for key, value in (options or {}).items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def bot_seed(match_seed: int, seat: int) -> int:
    return match_seed * 64 + seat


def run_match(ruleset, levels, seed: int, options: Optional[dict] = None,
              keep_session: bool = False, bots: Optional[list] = None) -> MatchResult:
    """Play one bot-only match; raise StuckMatch if it runs past the safety cap.

    `bots`: ready-made bots, one per seat (tests, tuning); by default one of
    each level, seeded from the match seed.
    """
    levels = tuple(levels)
    if bots is None:
        for level in levels:
            check_level(level)
    options = merge_options(ruleset, options)
    if bots is None:
        # the hard bot's samples follow the match's house rules
        bots = [make_bot(ruleset, i, lvl, bot_seed(seed, i), options=options) for i, lvl in enumerate(levels)]
    seats = [{"name": f"Bot {i + 1}", "kind": "ai", "level": lvl} for i, lvl in enumerate(levels)]
    session = Session(ruleset, seats, options, seed)
    game = session.game
    apply = session.apply
    step = registry.family(ruleset.family).bot_step or bot_step
    actions = 0
    round_start = 0
    round_no = game.round_no
    while not game.is_over():
        if game.round_no != round_no:
            round_no, round_start = game.round_no, actions
            if round_no > MAX_ROUNDS:
                raise StuckMatch(f"match seed {seed}: more than {MAX_ROUNDS} rounds")
        if actions - round_start > MAX_ACTIONS_PER_ROUND:
            raise StuckMatch(f"match seed {seed}, round {round_no}: {MAX_ACTIONS_PER_ROUND} actions "
                             f"without the round ending (seats {levels})")
        applied = step(game, bots, apply)
        if not applied:
            raise StuckMatch(f"match seed {seed}: nobody may act (seats {levels})")
        actions += applied
    return MatchResult(seed=seed, levels=levels, totals=game.scores(), winners=tuple(game.winners()),
                       rounds=game.round_no, actions=actions, session=session if keep_session else None)


def bot_step(game, bots, apply) -> int:
    """One step of a bot-only match: each seat in to_act chooses in turn (a family whose seats
    act at once in other ways, such as the memory family's match race, brings its own step).
    Returns the actions applied."""
    applied = 0
    for seat in game.to_act():
        if seat not in game.to_act():
            continue            # an earlier seat's action changed who acts
        bot = bots[seat]
        # a view is built for every decision of a bot that reads one (a random bot does not)
        view = game.view(seat) if getattr(bot, "reads_view", True) else None
        apply(seat, bot.choose(view, game.legal_actions(seat)))
        applied += 1
    return applied


# --- main.py --simulate ---------------------------------------------------------

def parse_bots(text: Optional[str], players: int, family_name: Optional[str] = None) -> list:
    """'normal,easy' -> one level per seat (default: all normal); UnknownLevel or ValueError
    (also for a level the family does not have, when it is named)."""
    if not text:
        return ["normal"] * players
    levels = [p.strip() for p in text.split(",")]
    for level in levels:
        check_level(level, family_name)
    if len(levels) != players:
        raise ValueError(f"--bots gives {len(levels)} level(s) for {players} players; give one per seat")
    return levels


_worker_rulesets: dict = {}   # a worker process loads each ruleset once, not once per block


def _play_chunk(job) -> list:
    """Worker: the matches of one block of seeds, as _play_one gives them, in seed order."""
    path, levels, seeds = job
    ruleset = _worker_rulesets.get(path)
    if ruleset is None:
        from game.engine.ruleset import load_ruleset
        # the very file the parent checked: another file with the same id cannot slip in
        ruleset = _worker_rulesets[path] = load_ruleset(path)
    return [_play_one(ruleset, levels, s) for s in seeds]


def _play_one(ruleset, levels, seed: int) -> tuple:
    """(winners, totals, rounds) of one match, or (None, None, None, why) if it did not end well.

    A match that is stuck or breaks is reported with its seed, never raised: the other
    matches' results still count.
    """
    try:
        r = run_match(ruleset, levels, seed)
    except StuckMatch as exc:
        return None, None, None, str(exc)
    except Exception as exc:   # a bug in the rules or a bot: say which seed replays it
        return None, None, None, f"match seed {seed}: {type(exc).__name__}: {exc}"
    return r.winners, r.totals, r.rounds, None


def play_matches(ruleset, levels, seeds: list, jobs: int = 1) -> list:
    """(winners, totals, rounds, problem) of each seed's match, in seed order, over `jobs` processes.

    Matches are independent and seeded, so the results are the same for any
    number of jobs; only the time changes (one process per core). `problem` is
    None, or why the match did not end (its other fields are then None).
    """
    jobs = processes_for(len(seeds), jobs)
    if jobs <= 1:
        return [_play_one(ruleset, levels, s) for s in seeds]
    from concurrent.futures import ProcessPoolExecutor
    size = -(-len(seeds) // (jobs * 8))         # several blocks per process even out long matches
    blocks = [(ruleset.path, tuple(levels), seeds[i:i + size]) for i in range(0, len(seeds), size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [r for block in pool.map(_play_chunk, blocks) for r in block]


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def processes_for(matches: int, jobs: int) -> int:
    """How many processes play_matches really starts: at least two matches each, so never more than asked."""
    return max(1, min(jobs, matches // 2))


def simulate_main(game_id: str, players: int, games: int, seed: int, bots: Optional[str],
                  as_json: bool, jobs: Optional[int] = None) -> int:
    """`main.py --simulate`: play bot-only matches; print per-seat results and games per second."""
    from game.engine.ruleset import find_ruleset
    try:
        ruleset = find_ruleset(game_id)
    except KeyError as exc:
        return _usage(str(exc).strip("'\""))
    if not ruleset.min_players <= players <= ruleset.max_players:
        return _usage(f"{ruleset.name} is for {ruleset.min_players}-{ruleset.max_players} players; "
                      f"got --players {players}")
    if games < 1:
        return _usage(f"--games must be at least 1; got {games}")
    try:
        levels = parse_bots(bots, players, ruleset.family)
    except (UnknownLevel, ValueError) as exc:
        return _usage(str(exc))

    if jobs is None:
        jobs = default_jobs()
    if jobs < 1:
        return _usage(f"--jobs must be at least 1; got {jobs}")

    wins = [0.0] * players
    score_sums = [0] * players
    rounds = 0
    problems = []
    start = time.perf_counter()
    for winners, totals, match_rounds, problem in play_matches(ruleset, levels,
                                                               list(range(seed, seed + games)), jobs):
        if problem:
            problems.append(problem)
            continue
        rounds += match_rounds
        share = 1.0 / len(winners)
        for s in winners:
            wins[s] += share
        for s, total in enumerate(totals):
            score_sums[s] += total
    elapsed = max(time.perf_counter() - start, 1e-9)

    ended = max(games - len(problems), 1)
    seats = [{"bot": levels[s], "wins": round(wins[s], 4), "win_rate": round(wins[s] / ended, 4),
              "mean_score": round(score_sums[s] / ended, 2)} for s in range(players)]
    summary = {"game": ruleset.id, "players": players, "games": games, "rounds": rounds,
               "games_per_s": round(games / elapsed, 2), "rounds_per_s": round(rounds / elapsed, 2),
               "processes": processes_for(games, jobs), "seats": seats, "failed": problems}
    if as_json:
        print(json.dumps(summary))
        return 1 if problems else 0
    print(f"{ruleset.name}: {games} match(es), {players} players, seeds {seed}..{seed + games - 1}, "
          f"{rounds} rounds")
    if problems:
        print(f"  {len(problems)} match(es) did not end normally and are left out of the results:")
        for problem in problems[:10]:
            print(f"    {problem}")
    for s, row in enumerate(seats):
        print(f"  seat {s + 1} ({row['bot']:>6}): wins {row['wins']:g} ({100 * row['win_rate']:.1f}%), "
              f"mean score {row['mean_score']:.1f}")
    used = summary["processes"]
    # Say what really ran: 20 matches asked on 64 jobs are played by 10 processes, not 64.
    note = f"; --jobs {jobs} asked, {games} match(es) are too few for more" if used < jobs else ""
    print(f"{summary['games_per_s']:.1f} games/s, {summary['rounds_per_s']:.1f} rounds/s "
          f"({used} process{'es' if used > 1 else ''}{note})")
    return 1 if problems else 0


def _usage(message: str) -> int:
    print(f"main.py --simulate: {message}", file=sys.stderr)
    return 2
