"""Test-wide setup: headless pygame and a throwaway user data folder.

Runs at import time, before any test module imports pygame or game.paths, so
no test opens a real window, plays sound or touches the player's real data.
"""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # without it pygame.init() prints ALSA errors
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Always a fresh folder (not setdefault): a developer's own CARDTABLE_DATA_DIR must
# not leak into, or be overwritten by, the tests. Tests needing an empty folder
# of their own set the variable again with monkeypatch.
_session_data_dir = tempfile.TemporaryDirectory(prefix="cardtable-tests-")
os.environ["CARDTABLE_DATA_DIR"] = _session_data_dir.name
# The app speaks the system's language unless the settings say otherwise: the tests speak English
# whatever the developer's locale (a test that wants German sets it, and is reset after).
os.environ["LANGUAGE"] = "en"


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def english_after():
    """Every test starts and leaves the table speaking English (a test may switch to German)."""
    from game import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A fresh, empty user data folder for one test (a test file may keep its own)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder
