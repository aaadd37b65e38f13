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
    """The table drawn from `view` alone (no animation, nothing selected) on a new Surface."""
    import pygame

    from game.ui import table_layout
    from game.ui.cardart import CardArt
    from game.ui.table_draw import TableDrawer, Visuals, key_help
    _ensure_display()
    surf = pygame.Surface(size).convert()
    counts = tuple(len(s.slots) for s in view.seats)
    lay = ruleset.layout
    show_log = bool(getattr(settings, "show_log", True))
    focus = view.viewer if focus is None and view.viewer is not None else (focus or 0)
    layout = table_layout.compute(size, len(view.seats), counts, lay.get("rows", 2), lay.get("cols", 2),
                                  focus, show_log)
    vis = Visuals(names=tuple(names), title=f"{ruleset.name} · Round {view.round_no}",
                  memory_aid=bool(getattr(settings, "memory_aid", False)),
                  show_all=view.phase in ("round_over", "match_over"), show_log=show_log,
                  key_help=key_help(view.call_name, {}, names))
    TableDrawer(CardArt(ruleset)).draw(surf, layout, view, vis)
    return surf


def render_table_frame(ruleset, n_seats: int, size=(1280, 800), seed: int = 1):
    """Start a bot-seated session of `ruleset` and draw its table once; returns the Surface."""
    from game.engine.session import Session
    seats = [{"name": f"Bot {i + 1}", "kind": "ai", "level": "normal"} for i in range(n_seats)]
    session = Session.new(ruleset, seats, None, seed)
    return render_view(ruleset, session.game.view(None), session.names, size)
