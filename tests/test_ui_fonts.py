"""fonts.ellipsize on hostile lengths (issue 8, item 5): fast, and the same answer as before."""
import random
import time

import pygame
import pytest

from game.ui import fonts


@pytest.fixture(scope="module", autouse=True)
def font_module():
    pygame.font.init()


def one_by_one(s, size, max_width):
    """The old definition: drop one character at a time (quadratic, but plainly right)."""
    if fonts.width(s, size) <= max_width:
        return s
    while s and fonts.width(s + "…", size) > max_width:
        s = s[:-1]
    return s + "…"


def test_ellipsize_gives_the_longest_prefix_that_fits():
    rng = random.Random(8)
    for _ in range(300):
        s = "".join(rng.choice("abcWiIl .é★Mm-") for _ in range(rng.randint(0, 60)))
        size, max_width = rng.choice([9, 12, 16, 24]), rng.randint(0, 400)
        assert fonts.ellipsize(s, size, max_width) == one_by_one(s, size, max_width), (s, size, max_width)


@pytest.mark.parametrize("s", ["x" * 1_000_000, "W" * 10_000, "\u0301" * 100_000 + "tail"])
def test_a_megabyte_name_is_cut_at_once(s):
    start = time.perf_counter()
    for _ in range(10):                      # ten frames' worth
        out = fonts.ellipsize(s, 14, 200)
    assert time.perf_counter() - start < 1.0     # was 10.6 s for 10,000 characters, every frame
    assert out.endswith("…") and fonts.width(out, 14) <= 200 and s.startswith(out[:-1])


@pytest.mark.parametrize("s", ["a\0b", "a\ud800b"])
def test_text_pygame_cannot_render_is_drawn_with_a_mark_not_an_exception(s):
    """A NUL or a lone surrogate (from a damaged save or stats file) must not raise every frame."""
    assert fonts.text(s, 14).get_width() == fonts.width(s, 14) == fonts.width("a\ufffdb", 14)
