"""The memory family's table (Kombio, Cambio): registers its plug-in with the common table."""
from game.ui.families.memory import plugin  # noqa: F401  (register_plugin runs at import)
