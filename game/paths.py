"""Where Card Table finds its bundled files and keeps the player's data.

Bundled, read-only files (rulesets/, assets/) live next to main.py when run
from a checkout and under sys._MEIPASS in a PyInstaller build. Writable data
(settings, the current match, statistics) lives in the per-platform user data
folder, or in $CARDTABLE_DATA_DIR when set (tests and portable installs).
"""

import os
import sys
from pathlib import Path

APP_NAME = "CardTable"
DATA_DIR_ENV = "CARDTABLE_DATA_DIR"

# The repository root is the folder holding main.py, i.e. the parent of game/.
_REPO_ROOT = Path(__file__).resolve().parent.parent


def resource_root() -> Path:
    """Return the folder bundled data is read from (PyInstaller's _MEIPASS or the repo root)."""
    return Path(getattr(sys, "_MEIPASS", _REPO_ROOT))


def resource_path(*parts: str) -> Path:
    """Return the path of a bundled file, e.g. resource_path("assets", "fonts", "DejaVuSans.ttf")."""
    return resource_root().joinpath(*parts)


def user_data_dir() -> Path:
    """Return the folder for settings, saves and statistics, creating it if needed."""
    override = os.environ.get(DATA_DIR_ENV)
    # Imported here: the headless commands that never touch user data (--check-rulesets,
    # --simulate) then run with nothing installed but PyYAML.
    import platformdirs
    # appauthor=False: no extra "author" folder level on Windows.
    folder = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
