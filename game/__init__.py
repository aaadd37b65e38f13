"""Card Table. Importing the package registers every family of play with the engine's registry.

VERSION is the one place the program's version is written: `python main.py --version`, the window
title, the About page, and every file the program keeps (saves, match history, statistics: see
game/store/versions.py) read it from here.
"""
VERSION = "1.0.0"

from game import families  # noqa: E402,F401  (registration: game/families/__init__.py lists them)
