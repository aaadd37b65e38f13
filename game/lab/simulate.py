"""Bot-only matches through the real `Session`: every action validated and recorded.

Each step asks the seats in `to_act` for their choice, or runs the family's own `bot_step` when
its seats act at once in some other way (the memory family's match race).
"""
from __future__ import annotations

import gc
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Optional

from game.ai import UnknownLevel, check_level, make_bot
from game.ai.step import bot_step
from game.lab.lab import (LabError, Played, Recipe, RoundLog, describe, family_has_calls, lab_ruleset,
                         summarise)
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
              keep_session: bool = False, bots: Optional[list] = None, watch=None) -> MatchResult:
    """Play one bot-only match; raise StuckMatch if it runs past the safety cap.

    `bots`: ready-made bots, one per seat (tests, tuning); by default one of
    each level, seeded from the match seed. `watch(game, events)`: called after
    every action (the rules lab counts rounds and calls from the events).
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
    apply = session.apply if watch is None else _watched(session.apply, game, watch)
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
        try:
            applied = step(game, bots, apply)
        except Exception:
            # a seat the rules ask to act but give nothing to do (a bot cannot choose from nothing):
            # the rules' fault, said in a sentence; any other error is raised as it is
            stuck = _stuck(game, seed)
            if stuck:
                raise StuckMatch(stuck) from None
            raise
        if not applied:
            raise StuckMatch(_stuck(game, seed) or f"match seed {seed}: nobody may act (seats {levels})")
        actions += applied
    return MatchResult(seed=seed, levels=levels, totals=game.scores(), winners=tuple(game.winners()),
                       rounds=game.round_no, actions=actions, session=session if keep_session else None)


def _stuck(game, seed: int) -> Optional[str]:
    """The sentence for a seat in to_act with no legal action, or None when every one has one."""
    for seat in game.to_act():
        if not game.legal_actions(seat):
            phase = getattr(game, "phase", None)
            return (f"match seed {seed}: seat {seat + 1} must act"
                    + (f" in phase '{phase}'" if phase else "")
                    + " but the rules leave it no legal action, so the match cannot go on")
    return None


def _watched(apply, game, watch):
    """`apply` that also shows every action's events to `watch`."""
    def watched(seat, action):
        events = apply(seat, action)
        watch(game, events)
        return events
    return watched


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


_worker_rulesets: dict = {}   # (path, recipe) -> (ruleset, options): a worker builds each once, not once per block


_settled = False


def settle() -> None:
    """Once in a process that plays bot-only matches: what is alive before the first one (modules,
    rulesets, catalogs) is collected and then frozen out of the garbage collector's way
    (gc.freeze), so that its full collections walk only what the matches make. Kumbal with random
    bots, one process: about 1.07x the matches a second (bench/README.md). Objects frozen are still
    freed when their last reference goes; only a cycle among them would stay, and they live as
    long as the process anyway."""
    global _settled
    if not _settled:
        _settled = True
        gc.collect()
        gc.freeze()


def _play_chunk(job) -> list:
    """Worker: the matches of one block of seeds, in seed order (as _play_one or _play_recorded give them)."""
    settle()
    path, levels, seeds, recipe = job
    found = _worker_rulesets.get((path, recipe))
    if found is None:
        from game.engine.ruleset import load_ruleset
        # the very file the parent checked: another file with the same id cannot slip in
        ruleset = load_ruleset(path)
        found = _worker_rulesets[(path, recipe)] = (lab_ruleset(ruleset, recipe, len(levels)) if recipe
                                                    else (ruleset, None))
    ruleset, options = found
    if recipe is None:
        return [_play_one(ruleset, levels, s) for s in seeds]
    return [_play_recorded(ruleset, options, levels, s) for s in seeds]


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


def _play_recorded(ruleset, options, levels, seed: int) -> tuple:
    """(Played, None) of one match with the lab's record of its rounds and calls, or (None, why)."""
    log = RoundLog()
    try:
        r = run_match(ruleset, levels, seed, options, watch=log)
    except StuckMatch as exc:
        return None, str(exc)
    except Exception as exc:   # a bug in the rules or a bot (or a house rule they do not survive)
        return None, f"match seed {seed}: {type(exc).__name__}: {exc}"
    return Played(winners=r.winners, totals=list(r.totals), rounds=r.rounds, actions=r.actions,
                  turns=log.turns, round_actions=log.round_actions, round_scores=log.round_scores,
                  calls=log.calls), None


def play_matches(ruleset, levels, seeds: list, jobs: int = 1) -> list:
    """(winners, totals, rounds, problem) of each seed's match, in seed order, over `jobs` processes.

    Matches are independent and seeded, so the results are the same for any
    number of jobs; only the time changes (one process per core). `problem` is
    None, or why the match did not end (its other fields are then None).
    """
    if processes_for(len(seeds), jobs) <= 1:
        settle()
        return [_play_one(ruleset, levels, s) for s in seeds]
    return _spread(ruleset.path, levels, seeds, jobs, None)


def play_lab_matches(ruleset, recipe: Recipe, levels, seeds: list, jobs: int = 1) -> list:
    """(Played or None, problem) of each seed's match with the house rules of `recipe`, in seed order.

    Raises LabError for house rules that cannot be used, before any match is played.
    """
    lab_rules, options = lab_ruleset(ruleset, recipe, len(levels))
    if processes_for(len(seeds), jobs) <= 1:
        settle()
        return [_play_recorded(lab_rules, options, levels, s) for s in seeds]
    return _spread(ruleset.path, levels, seeds, jobs, recipe)


def _spread(path: str, levels, seeds: list, jobs: int, recipe: Optional[Recipe]) -> list:
    """Blocks of seeds over worker processes, results in seed order."""
    jobs = processes_for(len(seeds), jobs)
    from concurrent.futures import ProcessPoolExecutor
    size = -(-len(seeds) // (jobs * 8))         # several blocks per process even out long matches
    blocks = [(path, tuple(levels), seeds[i:i + size], recipe) for i in range(0, len(seeds), size)]
    import multiprocessing
    context = multiprocessing.get_context(START_METHOD) if START_METHOD else None
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        return [r for block in pool.map(_play_chunk, blocks) for r in block]


# How worker processes start: None is the system's way (fork on Linux; spawn, a fresh interpreter
# that imports everything anew, on Windows and macOS). Each block carries all a worker needs (the
# ruleset's path, the levels, the seeds, the house rules), so both play the same matches; a test
# forces "spawn" here to prove it on Linux.
START_METHOD = None


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def processes_for(matches: int, jobs: int) -> int:
    """How many processes play_matches really starts: at least two matches each, so never more than asked."""
    return max(1, min(jobs, matches // 2))


def simulate_main(game_id: str, players: int, games: int, seed: int, bots: Optional[str],
                  as_json: bool, jobs: Optional[int] = None, recipe: Optional[Recipe] = None,
                  chart: Optional[str] = None, keep: bool = False) -> int:
    """`main.py --simulate`: play bot-only matches (with house rules); print what the rules lab measured.

    Everything is checked before the first match: a bad argument plays nothing (exit 2). With
    `keep`, the last matches played (as many as the history keeps) go to the past matches, for
    the replay and the review.
    """
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
    recipe = recipe or Recipe()
    if keep and recipe.sets:
        return _usage("--keep cannot keep matches played with --set: their changed rules are not kept "
                      "with them, so they would not replay (--variant is fine)")
    try:
        # checked here, at the seats played; the workers build it again
        lab_rules, options = lab_ruleset(ruleset, recipe, players)
    except LabError as exc:
        return _usage(str(exc))
    if chart is not None:
        problem = chart_problem(chart)
        if problem:
            return _usage(problem)

    problems = []
    played = []
    start = time.perf_counter()
    for record, problem in play_lab_matches(ruleset, recipe, levels, list(range(seed, seed + games)), jobs):
        if problem:
            problems.append(problem)
        else:
            played.append(record)
    elapsed = max(time.perf_counter() - start, 1e-9)
    rounds = sum(p.rounds for p in played)

    stats = summarise(played, levels, family_has_calls(lab_rules))
    summary = {"game": ruleset.id, "name": ruleset.name, "family": ruleset.family, "players": players,
               "games": games, "seed": seed, "variants": list(recipe.variants),
               "overrides": list(recipe.sets), "house_rules": describe(recipe),
               # a game that ends by its own rules (Castle Combo, Klobba!) has no match length
               "match_end": None if registry.family(ruleset.family).one_game else options["match_end"],
               "lower_is_better": registry.family(ruleset.family).lower_is_better,
               "rounds": rounds, "games_per_s": round(games / elapsed, 2),
               "rounds_per_s": round(rounds / elapsed, 2), "processes": processes_for(games, jobs),
               "seats": stats["seats"], "overall": stats["overall"], "failed": problems, "chart": chart}
    chart_failed = None
    if chart is not None:
        from game.lab.lab_chart import ChartError, draw_chart
        try:
            draw_chart(summary, [[p.totals[s] for p in played] for s in range(players)], chart)
        except ChartError as exc:
            # Checked before the matches, yet the disk may fill or the folder go: the results stay.
            chart_failed, summary["chart"] = str(exc), None
    if as_json:
        print(json.dumps(summary))
    else:
        print_report(summary, jobs)
    if chart_failed:
        print(f"main.py --simulate: the chart was not written to {chart}: {chart_failed}", file=sys.stderr)
    kept_failed = _keep_matches(lab_rules, options, levels, seed, games) if keep else None
    return 1 if problems or chart_failed or kept_failed else 0


def _keep_matches(ruleset, options: dict, levels, seed: int, games: int) -> Optional[str]:
    """Play the last matches again, recorded this time (they are seeded: the same matches), and keep
    them in the past matches; says on stderr how many, or why not. Returns the failure or None."""
    from game.store import history
    from game.store.atomic import StoreError
    seeds = range(max(seed, seed + games - history.KEEP), seed + games)
    kept = 0
    for match_seed in seeds:
        try:
            session = run_match(ruleset, levels, match_seed, options, keep_session=True).session
            history.keep(session)
            kept += 1
        except StoreError as exc:
            print(f"main.py --simulate: the matches were not kept: {exc}", file=sys.stderr)
            return str(exc)
        except Exception:
            continue                       # a match that failed is reported above already
    print(f"main.py --simulate: kept the last {kept} match(es) in the past matches "
          f"(replay them from the menu, or review one: main.py --review latest)", file=sys.stderr)
    return None


def print_report(summary: dict, jobs: int) -> None:
    """The human-readable report of `--simulate` (the same figures as --json)."""
    games, seed, overall = summary["games"], summary["seed"], summary["overall"]
    print(f"{summary['name']}: {games} match(es), {summary['players']} players, "
          f"seeds {seed}..{seed + games - 1}, {summary['rounds']} rounds")
    print(f"  house rules: {summary['house_rules']}")
    problems = summary["failed"]
    if problems:
        print(f"  {len(problems)} match(es) did not end normally and are left out of the results:")
        for problem in problems[:10]:
            print(f"    {problem}")
    better = "lower" if summary["lower_is_better"] else "higher"
    for s, row in enumerate(summary["seats"]):
        low, high = row["win_interval_95"]
        calls = row["calls"]
        said = (f"; calls won {calls['won']:g} of {calls['n']}" + (f" ({100 * calls['rate']:.0f}%)" if calls["n"] else "")
                if calls else "")
        mean = row["final_score"]["mean"] if row["final_score"] else row["mean_score"]   # rounded once
        print(f"  seat {s + 1} ({row['bot']:>6}): wins {row['wins']:g} ({100 * row['win_rate']:.1f}%, "
              f"95% {100 * low:.1f}-{100 * high:.1f}%), mean score {mean:.1f}{said}")
    length = overall["round_length"]
    if overall["matches_ended"]:
        turns = f" ({length['mean_turns']:.1f} turns)" if length["mean_turns"] else ""
        print(f"  rounds per match {overall['rounds_per_match']['mean']:g}; actions per round "
              f"{length['mean_actions']:.1f}{turns}; fair share {100 * overall['fair_share']:.1f}%, "
              f"shared wins {overall['shared_wins']}")
        calls = overall["calls"]
        if calls is None:
            print("  calls: none (this game has no call)")
        elif calls["n"]:
            low, high = calls["interval_95"]
            print(f"  calls: {calls['n']} in {summary['rounds']} rounds, won {100 * calls['rate']:.1f}% "
                  f"(95% {100 * low:.1f}-{100 * high:.1f}%)")
        else:
            print("  calls: nobody called")
        for s, row in enumerate(summary["seats"]):
            f = row["final_score"]
            print(f"  seat {s + 1} final totals ({better} is better): mean {f['mean']:.1f} sd {f['sd']:.1f}; "
                  f"min {f['min']:g}, quartiles {f['q1']:g} {f['median']:g} {f['q3']:g}, max {f['max']:g}")
        rounds = overall["round_score"]
        if rounds:
            print(f"  round scores (every seat): mean {rounds['mean']:.1f} sd {rounds['sd']:.1f}; "
                  f"min {rounds['min']:g}, quartiles {rounds['q1']:g} {rounds['median']:g} {rounds['q3']:g}, "
                  f"max {rounds['max']:g}")
    if summary["chart"]:
        print(f"  chart: {summary['chart']}")
    used = summary["processes"]
    # Say what really ran: 20 matches asked on 64 jobs are played by 10 processes, not 64.
    note = f"; --jobs {jobs} asked, {games} match(es) are too few for more" if used < jobs else ""
    print(f"{summary['games_per_s']:.1f} games/s, {summary['rounds_per_s']:.1f} rounds/s "
          f"({used} process{'es' if used > 1 else ''}{note})")


def chart_problem(path: str) -> Optional[str]:
    """Why a chart cannot be written to `path` (checked before any match is played), or None."""
    if not path.lower().endswith(".png"):
        return f"--chart {path}: expected a file name ending in .png"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"--chart {path}: no folder {folder}"
    if os.path.isdir(path):
        return f"--chart {path}: is a folder"
    if not os.access(folder, os.W_OK):
        return f"--chart {path}: the folder {folder} cannot be written"
    if os.path.exists(path) and not os.path.isfile(path):
        return f"--chart {path}: is not a regular file"      # a device (/dev/full), a FIFO: never a PNG
    reason = _write_trial(path)
    return f"--chart {path}: cannot be written: {reason}" if reason else None


def _write_trial(path: str) -> Optional[str]:
    """Why the file at path cannot be opened for writing (the file system's words), or None.

    Only a real try tells (a name too long for the file system, /proc, a full disk): a new file is
    created, written, synced and removed again; an existing one is opened without truncating it,
    so a chart already there is never clobbered by the check.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND))
        except OSError as exc:
            return exc.strerror or str(exc)
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        os.write(fd, b"\x89PNG")
        os.fsync(fd)
    except OSError as exc:
        return exc.strerror or str(exc)
    finally:
        os.close(fd)
        try:
            os.unlink(path)        # ours alone: O_EXCL created it
        except OSError:
            pass
    return None


def _usage(message: str) -> int:
    print(f"main.py --simulate: {message}", file=sys.stderr)
    return 2
