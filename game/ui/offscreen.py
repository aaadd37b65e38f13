"""Draw one table frame without a window (main.py --selftest, benchmarks, privacy tests)."""
from __future__ import annotations

import os


def _ensure_display():
    import pygame
    if pygame.display.get_surface() is None:
        if not pygame.display.get_init():
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            pygame.display.init()
        pygame.display.set_mode((1, 1))
    if not pygame.font.get_init():
        pygame.font.init()


def render_view(ruleset, view, names, size=(1280, 800), settings=None, focus=None):
    """The table drawn from `view` alone (no animation, nothing selected) on a new Surface: only the
    family's drawing part (TableDrawing), with no controller and no scene."""
    import pygame

    from game.ui import table_frame
    from game.ui.cardart import CardArt
    from game.ui.families import drawing_for
    _ensure_display()
    surf = pygame.Surface(size).convert()
    show_log = bool(getattr(settings, "show_log", True))
    drawing = drawing_for(ruleset.family)(ruleset, CardArt(ruleset), settings)
    focus = view.viewer if focus is None and view.viewer is not None else (focus or 0)
    vis = table_frame.Visuals(names=tuple(names), title=drawing.title(view), show_log=show_log, viewer=view.viewer)
    zones, vis = drawing.still(size, view, vis, focus)
    frame = table_frame.compute(size)
    drawer = table_frame.FrameDrawer()
    drawer.draw_back(surf, frame, vis)
    drawing.draw(surf, zones, view, vis)
    drawer.draw_front(surf, frame, view, vis)
    return surf


def render_table_frame(ruleset, n_seats: int, size=(1280, 800), seed: int = 1):
    """Start a bot-seated session of `ruleset` and draw its table once; returns the Surface."""
    from game.engine.session import Session
    seats = [{"name": f"Bot {i + 1}", "kind": "ai", "level": "normal"} for i in range(n_seats)]
    session = Session.new(ruleset, seats, None, seed)
    return render_view(ruleset, session.game.view(None), session.names, size)
