"""The table's text: the bundled fonts and fitting words to a width (game/text.py), and a cache of
rendered text.

Rendering the same label every frame is wasted work on a busy table, so
`text()` keeps the last few hundred renders.
"""
from collections import OrderedDict

import pygame

from game.text import ellipsize, fit, font, line_height, printable, width, wrap  # noqa: F401  (the table's)
from game.ui import theme

_cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_CACHE_SIZE = 1500


def text(s: str, size: int, colour=theme.TEXT, bold: bool = False) -> pygame.Surface:
    """Return `s` rendered (anti-aliased, transparent background), cached."""
    key = (s, int(size), tuple(colour), bold)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    try:
        surf = font(size, bold).render(s, True, colour)
    except (ValueError, UnicodeError):   # NUL or a lone surrogate from a file: draw a mark instead
        surf = font(size, bold).render(printable(s), True, colour)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _cache[key] = surf
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return surf
