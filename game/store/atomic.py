"""Crash-safe file writes and careful JSON reads.

A write goes to a temporary file in the same folder, is flushed to disk, then
renamed over the target: a crash or power cut leaves either the old file or the
new one, never half of each. A file that cannot be read is renamed to
`<name>.broken-<timestamp>` and reported; it is never deleted, so a player (or a
bug report) can still recover it.
"""

import json
import os
import tempfile
import time
from pathlib import Path


class StoreError(Exception):
    """A data file could not be read or written; the message says which file and what happened."""

    def __init__(self, message, path=None, moved_to=None):
        super().__init__(message)
        self.path = path
        self.moved_to = moved_to


def atomic_write_text(path, text: str) -> None:
    """Replace the file at path with text (UTF-8) atomically; raise StoreError on failure."""
    path = Path(path)
    tmp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Same folder as the target: os.replace is only atomic within one file system.
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
        _fsync_dir(path.parent)
    except OSError as exc:
        raise StoreError(f"Could not write {path}: {exc.strerror or exc}", path=path) from exc
    finally:
        if tmp_name is not None:
            # Only our own half-written temporary file is removed, never the target.
            try:
                os.unlink(tmp_name)
            except OSError:
                pass


def atomic_write_json(path, data) -> None:
    """Write data as indented JSON to path atomically; raise StoreError on failure."""
    # allow_nan=False: NaN/Infinity are not JSON, and other tools could not read the file.
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n")


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open folders, and
    # the data is already safe in the file, so failure here is not an error.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def move_aside(path) -> Path:
    """Rename path to `<name>.broken-<timestamp>` (never overwriting anything) and return the new path."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    # Two breakages in the same second must not overwrite the earlier copy.
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    os.rename(path, target)
    return target


def quarantine(path, reason: str) -> StoreError:
    """Move an unusable file aside and return a StoreError that says why and where it went."""
    path = Path(path)
    try:
        moved = move_aside(path)
    except OSError as exc:
        return StoreError(
            f"{path} could not be read ({reason}) and could not be moved aside "
            f"({exc.strerror or exc}); it was left where it is.",
            path=path,
        )
    return StoreError(
        f"{path} could not be read ({reason}); it was moved aside to {moved.name} "
        f"in the same folder (nothing was deleted).",
        path=path,
        moved_to=moved,
    )


def read_json(path):
    """Return the parsed JSON in path, or None if there is no such file.

    A file that exists but cannot be read or parsed is moved aside
    (see move_aside) and StoreError is raised naming both files.
    """
    path = Path(path)
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise quarantine(path, exc.strerror or str(exc)) from exc
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise quarantine(path, "it is not UTF-8 text") from exc
    except json.JSONDecodeError as exc:
        raise quarantine(path, f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
