"""The bundled DejaVu fonts, and fitting words to a width: for the table (game/ui/fonts.py adds its
cache of rendered text) and for the rules lab's chart alike, which may not import game.ui.
Fonts are opened once per size."""
import re

import pygame

from game.paths import resource_path

_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_fonts: dict = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return the bundled DejaVu font at `size` pixels (falls back to pygame's font if missing)."""
    size = max(6, int(size))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = resource_path("assets", "fonts", _FILES[bold])
        try:
            f = pygame.font.Font(str(path), size)
        except (OSError, FileNotFoundError):
            f = pygame.font.Font(None, int(size * 1.3))
            f.set_bold(bold)
        _fonts[key] = f
    return f


def width(s: str, size: int, bold: bool = False) -> int:
    """Return the pixel width of `s` at `size`."""
    if "\0" in s:          # size() would quietly stop at a NUL, which render() refuses
        s = printable(s)
    try:
        return font(size, bold).size(s)[0]
    except UnicodeError:
        return font(size, bold).size(printable(s))[0]


_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def printable(s: str) -> str:
    """`s` with what pygame cannot render (NUL, lone surrogates) shown as U+FFFD."""
    return _UNDRAWABLE.sub("\ufffd", s)


def fit(s: str, size: int, max_width: int, bold: bool = False, min_size: int = 9) -> int:
    """Return the largest size <= `size` at which `s` fits `max_width` (never below min_size)."""
    while size > min_size and width(s, size, bold) > max_width:
        size -= 1
    return size


def ellipsize(s: str, size: int, max_width: int, bold: bool = False) -> str:
    """Return `s`, shortened with an ellipsis if it is wider than max_width.

    O(n log n): a binary search on the prefix length, after cutting text far longer than
    any line could show (a megabyte of name must not cost a megabyte of measuring per try).
    """
    # no glyph of a readable size is under 2 px wide, so more characters than this cannot fit
    cut = s[:max(0, max_width) // 2 + 2]
    if cut == s and width(s, size, bold) <= max_width:
        return s
    s = cut
    lo, hi = 0, len(s) + 1      # the longest prefix that fits with the ellipsis is in [lo, hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if width(s[:mid] + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid
    return s[:lo] + "…"


def wrap(s: str, size: int, max_width: int, bold: bool = False) -> list:
    """Split `s` into lines no wider than max_width (words longer than a line are kept whole)."""
    lines = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if line and width(trial, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def line_height(size: int, bold: bool = False) -> int:
    """Return the distance between lines at `size`."""
    return font(size, bold).get_linesize()
