"""The base of every screen: a scene lays itself out from the window size, handles events, updates, draws."""
import pygame

from game.ui import theme
from game.ui.widgets import WidgetGroup


class Scene:
    """One screen on the app's stack. Only the top scene gets events and updates.

    An `overlay` scene is drawn over the scene below it (e.g. the pause menu);
    an opaque one hides everything beneath (e.g. the pass screen).
    """

    overlay = False

    def __init__(self, app):
        self.app = app
        self.ui = WidgetGroup()
        self.size = app.size

    def layout(self, size) -> None:
        """Place widgets for a window of `size`; called on push and on every resize."""
        self.size = size

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def handle(self, event) -> None:
        self.ui.handle(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surf) -> None:
        surf.fill(theme.FELT_DARK)
        self.ui.draw(surf)


def panel_with_back(size, width: int, back) -> pygame.Rect:
    """A full-height panel at most `width` wide, centred in a window of `size`, with the screen's
    Back button placed at its foot (the statistics, the rules, the past matches); returns the panel."""
    w, h = size
    panel = pygame.Rect(0, 0, min(width, w - 60), h - 60)
    panel.center = (w // 2, h // 2)
    back.rect = pygame.Rect(0, 0, 180, 46)
    back.rect.midbottom = (panel.centerx, panel.bottom - 18)
    return panel


def shade(surf):
    """Dim everything drawn so far: an overlay scene's panel stands out over the scene below."""
    veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    veil.fill(theme.OVERLAY)
    surf.blit(veil, (0, 0))


def draw_felt(surf, rect=None):
    """Fill with the table felt: a flat green with a soft lighter centre (cached per size)."""
    rect = pygame.Rect(rect or surf.get_rect())
    key = rect.size
    img = _felt_cache.get(key)
    if img is None:
        img = pygame.Surface(rect.size)
        img.fill(theme.FELT_DARK)
        steps = 10
        for i in range(steps):
            t = i / steps
            colour = [int(a + (b - a) * t) for a, b in zip(theme.FELT_DARK, theme.FELT_LIGHT)]
            r = pygame.Rect(0, 0, rect.w * (1.25 - t * 0.6), rect.h * (1.25 - t * 0.6))
            r.center = (rect.w // 2, rect.h // 2)
            pygame.draw.ellipse(img, colour, r)
        if pygame.display.get_surface() is not None:
            img = img.convert()
        if len(_felt_cache) > 4:
            _felt_cache.pop(next(iter(_felt_cache)))
        _felt_cache[key] = img
    surf.blit(img, rect)


_felt_cache: dict = {}
