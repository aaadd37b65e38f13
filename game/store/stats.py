"""Match statistics per game, kept in stats.json in the user data folder.

Shape (plain JSON, read by the statistics screen):
    {"format": 1, "app_version": "1.0.0" (the Card Table that wrote it),
     "games": {"kombio": {"played": 12,
                          "players": {"Ana": {"played": 10, "won": 4}},
                          "best_score": 3, "best_by": "Ana",
                          "lower_is_better": true}}}
best_score is the best score a winner has finished a match with; whether
lower or higher is better is passed by the caller or worked out from who won.

A partly damaged file keeps what is valid: a bad player record, a non-finite
best score or a game that is not an object is dropped (a damaged match count
is rebuilt from the players' records), the original is kept as a
`stats.json.broken-<timestamp>` copy, the repaired file is written, and the
warning says what was dropped. A file a newer version wrote is neither read nor
overwritten: the screen says so, and a finished match is not counted in it.
"""

import math
from numbers import Real
from pathlib import Path
from typing import Optional, Sequence

from game.engine.core import brief, name_problem, text_problem
from game.store.atomic import StoreError, atomic_write_json, data_file, quarantine, read_json, repair
from game.store.versions import newer_problem, stamped
from game.i18n import tr

FILE_NAME = "stats.json"
FORMAT = 1
# What a player's record counts besides matches played and won: hints asked for, moves taken back.
COUNTED = ("hints", "undos")


def stats_path() -> Path:
    """Return the path of stats.json in the user data folder; StoreError if the folder is unusable."""
    return data_file(FILE_NAME)


def empty() -> dict:
    """Return statistics with no matches recorded."""
    return {"format": FORMAT, "games": {}}


def empty_game() -> dict:
    """Return the statistics of a game with no matches recorded."""
    return {"played": 0, "players": {}, "best_score": None, "best_by": None, "lower_is_better": None}


def load() -> tuple[dict, Optional[str]]:
    """Return (stats, warning): a broken file is moved aside, a partly damaged one repaired (see above)."""
    try:
        path = stats_path()
        data = read_json(path)
    except StoreError as exc:
        return empty(), str(exc)
    if data is None:
        return empty(), None
    newer = newer_problem(data, str(path))
    if newer:
        raise StoreError(tr("{problem}; it is left as it is", problem=newer), path=path)
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        return empty(), str(quarantine(path, "it does not hold Card Table statistics"))
    try:
        stats, problems = _clean(data)
    except Exception:
        # A value no check foresaw is damage like any other: set aside and said in words, not Python's.
        return empty(), str(quarantine(path, "it holds values Card Table cannot use"))
    if problems:
        # The rest of the file is still good: keep it, keep the original aside, and say what was lost.
        return stats, repair(path, stats, problems, tr("Statistics"))
    return stats, None


def _clean(data: dict) -> tuple[dict, list]:
    """(the valid part of a statistics file, what was dropped from it)."""
    stats, problems = empty(), []
    for game_id, entry in data["games"].items():
        problem = text_problem(game_id, "the game id")
        if problem:
            # The screen shows the id of a game no ruleset names: it must be drawable.
            problems.append(f"game {brief(game_id)}: {problem}; dropped")
            continue
        game = _clean_game(game_id, entry, problems)
        if game is not None:
            stats["games"][game_id] = game
    return stats, problems


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _player_problem(name, record) -> Optional[str]:
    # What makes one player's record unusable, or None.
    problem = name_problem(name)
    if problem:
        return problem
    if not isinstance(record, dict):
        return f"the record is {brief(record)}, not an object"
    for key in ("played", "won"):
        if not _count(record.get(key)):
            return f"{key} is {brief(record.get(key))}, not a count"
    if record["won"] > record["played"]:
        return f"won {record['won']} of only {record['played']} played"
    return None


def _clean_game(game_id: str, entry, problems: list) -> Optional[dict]:
    """The valid part of one game's entry (None if nothing is usable); what was dropped goes to problems."""
    if not isinstance(entry, dict):
        problems.append(f"{game_id}: the entry is {brief(entry)}, not an object; dropped")
        return None
    game = empty_game()
    players = entry.get("players", {})
    if not isinstance(players, dict):
        problems.append(f"{game_id}: players is {brief(players)}, not an object; dropped")
        players = {}
    for name, record in players.items():
        problem = _player_problem(name, record)
        if problem:
            problems.append(f"{game_id}: player {brief(name)}: {problem}; dropped")
        else:
            game["players"][name] = {"played": record["played"], "won": record["won"]}
            # hints asked for at the table (issue 29), moves taken back (issue 30)
            for key in COUNTED:
                count = record.get(key)
                if _count(count):
                    game["players"][name][key] = count
                elif count is not None:
                    problems.append(f"{game_id}: player {brief(name)}: {key} is {brief(count)}, not a count; dropped")
    # Every match counts for every seat, so a game was played at least as often as any player played it.
    floor = max((r["played"] for r in game["players"].values()), default=0)
    if not _count(entry.get("played")) and not game["players"]:
        problems.append(f"{game_id}: matches played is {brief(entry.get('played'))}, not a count, "
                        f"and no player record is usable; dropped")
        return None
    if not _count(entry.get("played")):
        problems.append(f"{game_id}: matches played is {brief(entry.get('played'))}, not a count; "
                        f"set to {floor} from the players' records")
        game["played"] = floor
    elif entry["played"] < floor:
        problems.append(f"{game_id}: matches played {entry['played']} is fewer than a player's {floor}; "
                        f"set to {floor}")
        game["played"] = floor
    else:
        game["played"] = entry["played"]
    best = entry.get("best_score")
    if best is not None:
        # NaN or Infinity would load, then make every later save fail (JSON cannot hold them).
        if isinstance(best, Real) and not isinstance(best, bool) and math.isfinite(best):
            game["best_score"] = best
            by = entry.get("best_by")
            game["best_by"] = by if by is None or name_problem(by) is None else None
            if by is not None and game["best_by"] is None:
                problems.append(f"{game_id}: best_by {brief(by)}: {name_problem(by)}; dropped")
        else:
            problems.append(f"{game_id}: best_score {brief(best)} is not a finite number; dropped")
    lower = entry.get("lower_is_better")
    if isinstance(lower, bool):
        game["lower_is_better"] = lower
    elif lower is not None:
        problems.append(f"{game_id}: lower_is_better {brief(lower)} is not true or false; dropped")
    return game


def save(stats: dict) -> None:
    """Write stats atomically; raises StoreError if the file cannot be written."""
    atomic_write_json(stats_path(), stamped(stats))


def _infer_lower_is_better(scores, winner_seats) -> Optional[bool]:
    # Winners scoring below everyone else means low scores win (Kombio, Cambio);
    # above everyone else means high scores win. A tie for all tells nothing.
    won = [scores[i] for i in winner_seats]
    lost = [s for i, s in enumerate(scores) if i not in winner_seats]
    if not won or not lost:
        return None
    if max(won) < min(lost):
        return True
    if min(won) > max(lost):
        return False
    return None


def record_match(
    game_id: str,
    seat_names: Sequence[str],
    scores: Sequence[float],
    winners: Sequence,
    *,
    lower_is_better: Optional[bool] = None,
    hints: Optional[Sequence[int]] = None,
    undos: Optional[Sequence[int]] = None,
) -> Optional[str]:
    """Add one finished match to the statistics and save; returns a warning if the old file was broken.

    seat_names and scores are per seat; winners are seat indices (or seat names); hints and undos,
    per seat, the hints each asked for and the moves each took back (a player's "hints" and "undos"
    count them over every match).
    """
    if len(seat_names) != len(scores):
        raise ValueError(f"{len(seat_names)} seat names but {len(scores)} scores")
    winner_seats = {w if isinstance(w, int) else list(seat_names).index(w) for w in winners}
    stats, warning = load()
    game = stats["games"].setdefault(game_id, empty_game())
    game["played"] += 1
    for seat, name in enumerate(seat_names):
        record = game["players"].setdefault(name, {"played": 0, "won": 0})
        record["played"] += 1
        record["won"] += seat in winner_seats
        for key, counts in (("hints", hints), ("undos", undos)):
            if counts is not None and counts[seat]:
                record[key] = record.get(key, 0) + counts[seat]

    if lower_is_better is None:
        lower_is_better = game["lower_is_better"]
    if lower_is_better is None:
        lower_is_better = _infer_lower_is_better(scores, winner_seats)
    if lower_is_better is not None and winner_seats:
        game["lower_is_better"] = lower_is_better
        pick = min if lower_is_better else max
        seat = pick(sorted(winner_seats), key=lambda i: scores[i])
        best = game["best_score"]
        if best is None or (scores[seat] < best if lower_is_better else scores[seat] > best):
            game["best_score"], game["best_by"] = scores[seat], seat_names[seat]
    save(stats)
    return warning
