"""The current match, saved after every action so it can be resumed at start.

The file is the match record (see game.engine.core.Match.to_json) with a
"format": 1 key added in front, so a future version can tell old saves apart.
A save that cannot be used is moved aside, never deleted.
"""

from pathlib import Path
from typing import Optional

from game.engine.core import brief, match_problem
from game.store.atomic import StoreError, atomic_write_json, data_file, quarantine, read_json

FILE_NAME = "current_match.json"
FORMAT = 1


def current_path() -> Path:
    """Return the path of the current match save in the user data folder; StoreError if it is unusable."""
    return data_file(FILE_NAME)


def save_current(match_json: dict) -> None:
    """Save the match record atomically, replacing the previous save; raises StoreError on failure."""
    if "format" in match_json and match_json["format"] != FORMAT:
        raise ValueError(f"match record already has a 'format' key: {match_json['format']!r}")
    atomic_write_json(current_path(), {"format": FORMAT, **match_json})


def load_current() -> tuple[Optional[dict], Optional[str]]:
    """Return (match record or None, warning or None); an unusable save is moved aside with a warning.

    The record's whole shape is checked here (see match_problem), before the
    menu builds its Resume label from it: a damaged save is reported and moved
    aside once, never offered again.
    """
    try:
        path = current_path()
        data = read_json(path)
    except StoreError as exc:
        return None, str(exc)
    if data is None:
        return None, None
    if not isinstance(data, dict):
        return None, str(quarantine(path, "it does not hold a saved match"))
    if data.get("format") != FORMAT:
        # Likely written by another version of Card Table: keep it for that version.
        return None, str(quarantine(path, f"unknown save format {brief(data.get('format'))}, expected {FORMAT}"))
    match = dict(data)
    del match["format"]
    problem = match_problem(match)
    if problem:
        return None, str(quarantine(path, f"it is not a usable saved match: {problem}"))
    return match, None


def set_aside_current(reason: str) -> Optional[str]:
    """Move the current save aside (e.g. it no longer replays) and return the warning to show, or None if no save."""
    try:
        path = current_path()
    except StoreError as exc:
        return str(exc)
    if not path.exists():
        return None
    return str(quarantine(path, reason))


def clear_current() -> None:
    """Remove the current save once its match is over or abandoned on purpose; StoreError on failure."""
    path = current_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise StoreError(f"Could not remove {path}: {exc.strerror or exc}", path=path) from exc
