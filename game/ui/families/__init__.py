"""The table's part of each family: the one list of table plug-ins, by family name."""
from __future__ import annotations

_PLUGINS: dict = {}


def register_plugin(family: str, plugin_class) -> None:
    """Add a family's TablePlugin class (its module calls this once, at import)."""
    _PLUGINS[family] = plugin_class


def plugin_for(family: str):
    """The TablePlugin class of this family; KeyError with a sentence if it has no table."""
    _load()
    try:
        return _PLUGINS[family]
    except KeyError:
        raise KeyError(f"the family {family!r} has no table (known: {', '.join(sorted(_PLUGINS))})") from None


def drawing_for(family: str):
    """The TableDrawing class of this family: what draws its table from a view alone."""
    return plugin_for(family).drawing_class


def _load() -> None:
    # imported on first use: the table's modules pull in pygame, the engine never does
    from game.ui.families import clash, memory, shedding, tableau  # noqa: F401  (each family with a table adds itself here)
