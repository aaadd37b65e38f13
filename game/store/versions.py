"""Which version of Card Table wrote a kept file (saves, match history, statistics).

Every file the program keeps records the version that wrote it (`app_version`). A file written by a
newer version may hold what this one cannot read correctly, so it is refused with a sentence, never
read as if it were ours; a file without the key predates versions and is read as before.
"""
from __future__ import annotations

import re
from typing import Optional

from game import VERSION
from game.engine.core import brief
from game.i18n import tr

KEY = "app_version"
_NUMBER = re.compile(r"^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$")


def parse(text) -> Optional[tuple]:
    """(major, minor, patch) of a version such as "1.2.3", or None when it is not one."""
    match = _NUMBER.match(text) if isinstance(text, str) else None
    return tuple(int(n) for n in match.groups()) if match else None


def stamped(data: dict) -> dict:
    """`data` with this version as the writer's (the key first, for a reader of the raw file)."""
    return {KEY: VERSION, **{k: v for k, v in data.items() if k != KEY}}


def newer_problem(data: dict, what: str) -> Optional[str]:
    """A sentence when `data` (a kept file's JSON object) was written by a newer Card Table, or
    names a version that is not one; None when this version may read it."""
    if not isinstance(data, dict) or KEY not in data:
        return None
    written = parse(data[KEY])
    if written is None:
        return tr("{what} names no Card Table version it was written by ({version})", what=what,
                  version=brief(data[KEY]))
    if written > parse(VERSION):
        return tr("{what} was written by Card Table {written}, newer than this one ({this}); open it with Card "
                  "Table {written} or later", what=what, written=data[KEY], this=VERSION)
    return None
