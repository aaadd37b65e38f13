"""The current match, saved after every action so it can be resumed at start.

The file is the match record (see game.engine.core.Match.to_json) with a
"format": 1 key and the version of Card Table that wrote it ("app_version",
game/store/versions.py) added in front. A save that cannot be used, or that a
newer version wrote, is moved aside, never deleted and never misread.
"""

import json
from pathlib import Path
from typing import Optional

from game.engine.core import brief, match_problem
from game.engine.session import match_end_problem
from game.store.atomic import StoreError, atomic_write_json, data_file, quarantine, read_json
from game.store.versions import KEY as VERSION_KEY, newer_problem, stamped
from game.i18n import tr

FILE_NAME = "current_match.json"
FORMAT = 1


def current_path() -> Path:
    """Return the path of the current match save in the user data folder; StoreError if it is unusable."""
    return data_file(FILE_NAME)


def save_current(match_json: dict) -> None:
    """Save the match record atomically, replacing the previous save; raises StoreError on failure."""
    if "format" in match_json and match_json["format"] != FORMAT:
        raise ValueError(f"match record already has a 'format' key: {match_json['format']!r}")
    atomic_write_json(current_path(), stamped({"format": FORMAT, **match_json}))


def load_current() -> tuple[Optional[dict], Optional[str]]:
    """Return (match record or None, warning or None); an unusable save is moved aside with a warning.

    The record's whole shape is checked here (see match_problem), and its match
    length by the setup screen's bounds, before the menu builds its Resume label
    from it: a damaged save is reported and moved aside once, never offered again.
    """
    try:
        path = current_path()
        data = read_json(path)
    except StoreError as exc:
        return None, str(exc)
    if data is None:
        return None, None
    if not isinstance(data, dict):
        return None, str(quarantine(path, tr("it does not hold a saved match")))
    newer = newer_problem(data, tr("it"))
    if newer:
        # kept aside for that version: a new match here would otherwise overwrite it
        return None, str(quarantine(path, newer))
    if data.get("format") != FORMAT:
        # Likely written by another version of Card Table: keep it for that version.
        return None, str(quarantine(path, tr("unknown save format {format}, expected {expected}",
                                            format=brief(data.get("format")), expected=FORMAT)))
    match = dict(data)
    del match["format"]
    match.pop(VERSION_KEY, None)
    try:
        problem = match_problem(match) or _length_problem(match) or _unwritable(match)
    except Exception:
        # A value no check foresaw is damage like any other: set aside and said in words, not Python's.
        problem = "some of its values cannot be used"
    if problem:
        return None, str(quarantine(path, tr("it is not a usable saved match: {problem}", problem=problem)))
    return match, None


def _length_problem(match: dict) -> Optional[str]:
    """What is wrong with the saved match length, by the setup screen's bounds; None if it is usable."""
    end = match.get("options", {}).get("match_end", {})
    if not isinstance(end, dict):
        return "options.match_end must be a JSON object"
    # Which modes a game offers is its ruleset's to say (checked on resume); the bounds hold for all.
    return match_end_problem({"mode": "rounds", **end}, ("rounds", "points"))


def _unwritable(match: dict) -> Optional[str]:
    """Why the record could not be saved again as read (NaN, Infinity, a number past any float), or None."""
    # A value the match never looks at (an action's extra argument) would resume, then make every
    # later save fail: JSON cannot hold it, and we write strict JSON (see atomic_write_json).
    try:
        json.dumps(match, allow_nan=False)
    except ValueError:
        return "it holds a number a saved match cannot hold (NaN, Infinity or one too big)"
    return None


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
