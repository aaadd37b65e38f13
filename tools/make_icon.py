"""Draw the Card Table app icon (two overlapping cards) and save it as assets/icon.png.

Run from anywhere: `python tools/make_icon.py`. The icon is drawn in code so it
needs no licence beyond the project's own and can be regenerated at any size.
"""

import os
import sys

# Drawing needs no window; keep pygame quiet and headless.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZE = 64

FELT = (28, 110, 64)
CARD = (250, 248, 240)
EDGE = (40, 40, 40)
RED = (200, 30, 40)
BLACK = (25, 25, 25)
BACK = (40, 70, 160)


def card(w, h, face):
    """Return one card surface: a rounded rectangle, face up or showing its back."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD, rect, border_radius=5)
    if face:
        # A single large pip: a heart, drawn as two circles and a triangle.
        cx, cy, r = w // 2, h // 2 - 2, w // 6
        pygame.draw.circle(surf, RED, (cx - r, cy), r)
        pygame.draw.circle(surf, RED, (cx + r, cy), r)
        pygame.draw.polygon(surf, RED, [(cx - 2 * r, cy + 2), (cx + 2 * r, cy + 2), (cx, cy + 3 * r)])
    else:
        pygame.draw.rect(surf, BACK, rect.inflate(-8, -8), border_radius=3)
        pygame.draw.line(surf, CARD, (6, 6), (w - 7, h - 7), 2)
        pygame.draw.line(surf, CARD, (w - 7, 6), (6, h - 7), 2)
    pygame.draw.rect(surf, EDGE, rect, width=2, border_radius=5)
    return surf


def make_icon(size=SIZE):
    """Return the icon as a transparent square surface of the given size."""
    base = 64
    icon = pygame.Surface((base, base), pygame.SRCALPHA)
    pygame.draw.circle(icon, FELT, (base // 2, base // 2), base // 2)
    # rotozoom rather than rotate: it antialiases the tilted edges.
    back = pygame.transform.rotozoom(card(28, 40, face=False), 15, 1)
    front = pygame.transform.rotozoom(card(28, 40, face=True), -12, 1)
    icon.blit(back, back.get_rect(center=(24, 30)))
    icon.blit(front, front.get_rect(center=(39, 34)))
    if size != base:
        icon = pygame.transform.smoothscale(icon, (size, size))
    return icon


def main(argv):
    """Write the icon to the path given on the command line, or assets/icon.png."""
    out = argv[1] if len(argv) > 1 else os.path.join(ROOT, "assets", "icon.png")
    pygame.init()
    try:
        pygame.image.save(make_icon(), out)
    finally:
        pygame.quit()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
