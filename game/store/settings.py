"""The player's settings, kept in settings.json in the user data folder.

Loading never fails: a broken file is moved aside and defaults are used; a
single bad value falls back to its default while the other values are kept.
Whenever something read is not used as written (a bad value, an unknown or
misspelt key, say from a newer version), the original is kept as a
`settings.json.broken-<timestamp>` copy before the file is rewritten.
"""

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from game.engine.core import brief, name_problem
from game.engine.session import match_end_problem
from game.store.atomic import StoreError, atomic_write_json, data_file, quarantine, read_json, repair
from game.i18n import tr

FILE_NAME = "settings.json"
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
THINK_SECONDS = (0.25, 1.0, 3.0)   # how long a hard bot searches per decision (game/ai/hard.py)
# How the bots' reaction times in a match race are scaled (the memory family's levels' own times
# are in README "Match races"): a table of quick players can make the bots quicker, a child slower.
BOT_REACTIONS = {"slower": 1.6, "normal": 1.0, "faster": 0.6}
# Bounds keep a hand-edited or corrupted size from opening an unusable window.
MIN_WINDOW = (320, 240)
MAX_WINDOW = (16384, 16384)


@dataclass
class Settings:
    """Everything the player can change in the settings screen."""

    animation_speed: str = "normal"
    memory_aid: bool = False
    window_size: tuple = (1280, 800)
    fullscreen: bool = False
    show_log: bool = True
    sound: bool = True
    hard_seconds: float = 1.0       # one of THINK_SECONDS
    bot_reactions: str = "normal"   # a key of BOT_REACTIONS
    language: str = ""              # a key of game.i18n.LANGUAGES; "": the system's language
    # per game (ruleset id): the match length last started, {"mode": "rounds"|"points", "rounds": n, "points": n}
    match_length: dict = field(default_factory=dict)
    # the names last typed for human seats, by seat (the setup screen offers them again; "" for none)
    player_names: list = field(default_factory=list)
    # the games (ruleset ids) whose guided first game was offered once already (the menu offers it
    # the first time a game is chosen)
    guides_offered: list = field(default_factory=list)

    def to_json(self) -> dict:
        """Return the settings as a JSON-ready dict."""
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: dict) -> tuple["Settings", list]:
        """Return (settings, problems): each invalid value is replaced by its default and described."""
        settings, problems = cls(), []
        for key, check in _CHECKS.items():
            if key not in data:
                continue
            value = check(data[key])
            if value is None:
                problems.append(f"{key}: {brief(data[key])} is not valid, using {getattr(settings, key)!r}")
            else:
                setattr(settings, key, value)
        return settings, problems


def _speed(value):
    return value if value in ANIMATION_SPEEDS else None


def _reactions(value):
    return value if value in BOT_REACTIONS else None


def _think(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if float(value) in THINK_SECONDS else None


def _language(value):
    from game.i18n import LANGUAGES
    return value if value == "" or value in LANGUAGES else None


def _bool(value):
    # Only real booleans: "false" as a string is truthy and would flip the setting.
    return value if isinstance(value, bool) else None


def _size(value):
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    w, h = value
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        return None
    return (w, h)


def _match_lengths(value):
    if not isinstance(value, dict):
        return None
    out = {}
    for game_id, end in value.items():
        if not isinstance(end, dict) or set(end) != {"mode", "rounds", "points"}:
            return None
        # The bounds a saved match is held to: a remembered length must start a match that resumes.
        if match_end_problem(end, ("rounds", "points")):
            return None
        out[game_id] = dict(end)
    return out


MAX_SEATS = 12


def _names(value):
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        return None
    if not all(isinstance(n, str) and (n == "" or name_problem(n) is None) for n in value):
        return None
    return list(value)


def _ids(value):
    if not isinstance(value, list) or len(value) > 500:
        return None
    if not all(isinstance(n, str) and 0 < len(n) <= 40 for n in value):
        return None
    return list(value)


_CHECKS = {
    "animation_speed": _speed,
    "memory_aid": _bool,
    "window_size": _size,
    "fullscreen": _bool,
    "show_log": _bool,
    "sound": _bool,
    "hard_seconds": _think,
    "bot_reactions": _reactions,
    "language": _language,
    "match_length": _match_lengths,
    "player_names": _names,
    "guides_offered": _ids,
}


def settings_path() -> Path:
    """Return the path of settings.json in the user data folder; StoreError if the folder is unusable."""
    return data_file(FILE_NAME)


def load() -> tuple[Settings, Optional[str]]:
    """Return (settings, warning): warning is None unless the file was broken, held bad values or unknown keys."""
    try:
        path = settings_path()
        data = read_json(path)
    except StoreError as exc:
        return Settings(), tr("Settings cannot be read, using the defaults: {problem}", problem=exc)
    if data is None:
        return Settings(), None
    if not isinstance(data, dict):
        return Settings(), str(quarantine(path, "it does not hold a settings object"))
    try:
        settings, problems = Settings.from_json(data)
        problems += [f"unknown setting {brief(key)}" for key in data if key not in _CHECKS]
    except Exception:
        # A value no check foresaw is damage like any other: set aside and said in words, not Python's.
        return Settings(), str(quarantine(path, "it holds values Card Table cannot use"))
    if problems:
        return settings, repair(path, settings.to_json(), problems, tr("Some settings"))
    return settings, None


def save(settings: Settings) -> None:
    """Write settings atomically; ValueError on an invalid value, StoreError saying why if it cannot be written."""
    # Refuse bad values here, where the bug is, rather than warn about them at the next start.
    _, problems = Settings.from_json(settings.to_json())
    if problems:
        raise ValueError("invalid settings: " + "; ".join(problems))
    atomic_write_json(settings_path(), settings.to_json())
