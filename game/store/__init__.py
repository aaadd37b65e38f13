"""Settings, the current match save and statistics, kept as JSON in the user data folder.

Modules: atomic (safe writes, careful reads), settings, saves, stats. Loads never
raise on a broken file: it is moved aside and a warning string is returned.
"""

from game.store.atomic import StoreError

__all__ = ["StoreError"]
