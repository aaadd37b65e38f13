"""Settings, the current match save, statistics and past matches, kept as JSON in the user data folder.

Modules: atomic (safe writes, careful reads), settings, saves, stats, history (past matches). Loads never
raise on a broken file: it is moved aside and a warning string is returned.
"""

from game.store.atomic import StoreError

__all__ = ["StoreError", "tidy_data_folder"]


def tidy_data_folder() -> list:
    """At start: remove the temporary files a write killed mid-way left behind; return their paths."""
    from game.store import saves, settings, stats
    from game.store.atomic import data_folder, remove_orphans
    try:
        folder = data_folder()
    except StoreError:
        return []   # an unusable folder is reported when settings are loaded
    return remove_orphans(folder, (settings.FILE_NAME, saves.FILE_NAME, stats.FILE_NAME))
