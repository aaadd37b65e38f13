"""Match statistics per game, kept in stats.json in the user data folder.

Shape (plain JSON, read by the statistics screen):
    {"format": 1,
     "games": {"kombio": {"played": 12,
                          "players": {"Ana": {"played": 10, "won": 4}},
                          "best_score": 3, "best_by": "Ana",
                          "lower_is_better": true}}}
best_score is the best score a winner has finished a match with; whether
lower or higher is better is passed by the caller or worked out from who won.
"""

from numbers import Real
from pathlib import Path
from typing import Optional, Sequence

from game.paths import user_data_dir
from game.store.atomic import StoreError, atomic_write_json, quarantine, read_json

FILE_NAME = "stats.json"
FORMAT = 1


def stats_path() -> Path:
    """Return the path of stats.json in the user data folder."""
    return user_data_dir() / FILE_NAME


def empty() -> dict:
    """Return statistics with no matches recorded."""
    return {"format": FORMAT, "games": {}}


def empty_game() -> dict:
    """Return the statistics of a game with no matches recorded."""
    return {"played": 0, "players": {}, "best_score": None, "best_by": None, "lower_is_better": None}


def load() -> tuple[dict, Optional[str]]:
    """Return (stats, warning): a broken file is moved aside and empty stats returned with a warning."""
    path = stats_path()
    try:
        data = read_json(path)
    except StoreError as exc:
        return empty(), str(exc)
    if data is None:
        return empty(), None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        return empty(), str(quarantine(path, "it does not hold Card Table statistics"))
    stats, dropped = empty(), []
    for game_id, entry in data["games"].items():
        game = _clean_game(entry)
        if game is None:
            dropped.append(str(game_id))
        else:
            stats["games"][str(game_id)] = game
    if dropped:
        # The rest of the file is still good: keep it, and say what was lost.
        return stats, f"Statistics in {path} for {', '.join(dropped)} were damaged and were reset."
    return stats, None


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _clean_game(entry) -> Optional[dict]:
    # Return a valid game entry, or None when the entry cannot be trusted.
    if not isinstance(entry, dict) or not _count(entry.get("played")):
        return None
    players = entry.get("players", {})
    if not isinstance(players, dict):
        return None
    for record in players.values():
        if not (isinstance(record, dict) and _count(record.get("played")) and _count(record.get("won"))):
            return None
    game = empty_game()
    game["played"] = entry["played"]
    game["players"] = {str(n): {"played": r["played"], "won": r["won"]} for n, r in players.items()}
    best = entry.get("best_score")
    if isinstance(best, Real) and not isinstance(best, bool):
        game["best_score"] = best
        game["best_by"] = entry.get("best_by") if isinstance(entry.get("best_by"), str) else None
    if isinstance(entry.get("lower_is_better"), bool):
        game["lower_is_better"] = entry["lower_is_better"]
    return game


def save(stats: dict) -> None:
    """Write stats atomically; raises StoreError if the file cannot be written."""
    atomic_write_json(stats_path(), stats)


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
) -> Optional[str]:
    """Add one finished match to the statistics and save; returns a warning if the old file was broken.

    seat_names and scores are per seat; winners are seat indices (or seat names).
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
