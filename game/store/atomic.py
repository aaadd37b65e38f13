"""Crash-safe file writes and careful JSON reads.

A write goes to a temporary file in the same folder, is flushed to disk, then
renamed over the target: a crash or power cut leaves either the old file or the
new one, never half of each. A file that cannot be read is renamed to
`<name>.broken-<timestamp>` and reported; it is never deleted, so a player (or a
bug report) can still recover it.
"""

import glob
import json
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path
from game.i18n import tr

# Our files are a few KB (a long match's save, some tens of KB); anything this big is not ours.
MAX_DATA_FILE = 16 * 1024 * 1024


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


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    # Two breakages in the same second must not overwrite the earlier copy.
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    return target


def move_aside(path) -> Path:
    """Rename path to `<name>.broken-<timestamp>` (never overwriting anything) and return the new path."""
    path = Path(path)
    target = _aside_name(path)
    os.rename(path, target)
    return target


def repair(path, data, problems: list, what: str) -> str:
    """Keep the original file as a `.broken-<timestamp>` copy, write the repaired data, return the warning.

    Used when part of a file was usable: what was read but not kept (problems)
    stays in the copy, so nothing the player had is lost by the rewrite.
    """
    path = Path(path)
    # The message is shown on screen: name the first few, count the rest (all are in the copy).
    shown = 12
    listed = "; ".join(problems[:shown]) + (tr("; and {n} more", n=len(problems) - shown)
                                             if len(problems) > shown else "")
    try:
        copy = _aside_name(path)
        shutil.copy2(path, copy)
    except OSError as exc:
        # Without a copy the original must not be rewritten: leave it for the player to fix.
        return tr("{what} in {path} were not used as written ({problems}); no copy could be kept ({problem}), so "
                  "the file was left unchanged.", what=what, path=path, problems=listed, problem=exc.strerror or exc)
    warning = tr("{what} in {path} were not used as written ({problems}); the original was kept as {copy}.",
                 what=what, path=path, problems=listed, copy=copy.name)
    try:
        atomic_write_json(path, data)
    except StoreError as exc:
        warning += f" {exc}"
    return warning


def remove_orphans(folder, names, min_age: float = 60.0, patterns: bool = False) -> list:
    """Delete the temporary files (`.<name>.*.tmp`) a killed write left in folder; return their paths.
    With `patterns`, each name is a glob pattern (the history's "match-*.json").

    Only files older than min_age seconds go: a younger one may belong to a
    write in progress in another copy of the game running at the same time.
    """
    removed = []
    now = time.time()
    for name in names:
        for tmp in Path(folder).glob(f".{name if patterns else glob.escape(name)}.*.tmp"):
            try:
                if now - tmp.stat().st_mtime >= min_age:
                    tmp.unlink()
                    removed.append(tmp)
            except OSError:
                pass   # gone already, or not ours to remove: the next start tries again
    return removed


def data_folder() -> Path:
    """Return the user data folder (created if needed); StoreError saying plainly why if it is unusable."""
    from game.paths import user_data_dir
    try:
        return user_data_dir()
    except OSError as exc:
        folder = exc.filename or "the data folder"
        if isinstance(exc, FileExistsError):
            reason = "it is a file, not a folder"
        elif isinstance(exc, NotADirectoryError):
            reason = "part of its path is a file, not a folder"
        else:
            reason = exc.strerror or str(exc)
        raise StoreError(f"the data folder {folder} cannot be used: {reason}", path=exc.filename) from exc


def data_file(name: str) -> Path:
    """Return the path of name in the user data folder; StoreError if the folder is unusable."""
    return data_folder() / name


class HugeNumber(float):
    """A whole number too long for Python to read (over 4,300 digits): infinite, so every check refuses it."""

    def __new__(cls, text: str):
        number = super().__new__(cls, "-inf" if text.startswith("-") else "inf")
        number.text = text
        return number

    def __repr__(self):
        # Messages quote values with repr(): show its start and its length, as a player would see it.
        digits = len(self.text.lstrip("-"))
        return f"{self.text[:12]}... ({digits:,} digits)"

    __str__ = __repr__


def _whole_number(text: str):
    # JSON sets no limit on a number's length but int() does (ValueError past 4,300 digits): such a
    # number is still valid JSON, so it is read as a value every check refuses, and the rest of the
    # file is judged as usual (settings keep their other values).
    try:
        return int(text)
    except ValueError:
        return HugeNumber(text)


def quarantine(path, reason: str) -> StoreError:
    """Move an unusable file aside and return a StoreError that says why and where it went."""
    path = Path(path)
    try:
        moved = move_aside(path)
    except OSError as exc:
        return StoreError(
            tr("{path} could not be read ({reason}) and could not be moved aside ({problem}); it was left where "
               "it is.", path=path, reason=reason, problem=exc.strerror or exc),
            path=path,
        )
    return StoreError(
        tr("{path} could not be read ({reason}); it was moved aside to {copy} in the same folder (nothing was "
           "deleted).", path=path, reason=reason, copy=moved.name),
        path=path,
        moved_to=moved,
    )


def read_json(path):
    """Return the parsed JSON in path, or None if there is no such file.

    A file that exists but cannot be read or parsed, or holds only null, is moved aside
    (see move_aside) and StoreError is raised naming both files. A whole number too long for
    int() is read as a HugeNumber, for the caller's checks to refuse with the rest of the file.
    """
    path = Path(path)
    try:
        info = os.stat(path)
        # A FIFO or a device under our name would block the start or never end: read regular files only.
        if not stat.S_ISREG(info.st_mode):
            raise quarantine(path, "it is not a regular file")
        if info.st_size > MAX_DATA_FILE:
            raise quarantine(path, f"it is {info.st_size} bytes; a data file is at most {MAX_DATA_FILE}")
        with open(path, "rb") as f:
            raw = f.read(MAX_DATA_FILE + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise quarantine(path, exc.strerror or str(exc)) from exc
    try:
        data = json.loads(raw.decode("utf-8"), parse_int=_whole_number)
    except RecursionError as exc:
        raise quarantine(path, "it is nested too deeply to be ours") from exc
    except UnicodeDecodeError as exc:
        raise quarantine(path, "it is not UTF-8 text") from exc
    except json.JSONDecodeError as exc:
        raise quarantine(path, f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
    except Exception as exc:
        # Whatever else stops the parse is damage too: set aside and said in words, never a traceback.
        raise quarantine(path, "it is not JSON that Card Table can read") from exc
    if data is None:
        # We never write a bare null: treating it as "no file" would overwrite it unseen.
        raise quarantine(path, "it holds only null")
    return data
