"""Card Table. Importing the package registers every family of play with the engine's registry."""
from game import families  # noqa: F401  (registration: game/families/__init__.py lists them)
