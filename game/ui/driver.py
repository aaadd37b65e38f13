"""Drive the real app loop with real pygame events (tests, benchmarks, screenshots).

Events are posted with pygame.event.post and the app's own frame loop
receives them, exactly as it would from a mouse and keyboard.
"""
from __future__ import annotations

import pygame


class Driver:
    """Posts clicks, drags and keys to an App and steps its frames."""

    def __init__(self, app):
        self.app = app
        pygame.event.clear()

    # ---- raw events ----
    def post(self, type_, **attrs):
        pygame.event.post(pygame.event.Event(type_, **attrs))

    def step(self, n: int = 1):
        self.app.frames(n)

    def click(self, pos, button: int = 1, frames: int = 1):
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.step(frames)

    def drag(self, start, end, steps: int = 4, frames: int = 1):
        start = (int(start[0]), int(start[1]))
        end = (int(end[0]), int(end[1]))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.step()
        last = start
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0))
            last = p
            self.step()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.step(frames)

    def key(self, key, frames: int = 1, mod: int = 0, text: str = ""):
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self.step(frames)

    def type_text(self, text: str, frames: int = 1):
        self.post(pygame.TEXTINPUT, text=text)
        self.step(frames)

    def resize(self, size, frames: int = 1):
        self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        self.step(frames)

    def confirm_pass(self, max_frames: int = 400) -> str:
        """Confirm the pass screen on top as its player would: once it takes a click (it is shown
        whole for its guard second first), click its button. Returns the name it was for."""
        from game.ui.pass_screen import PassScene
        assert self.until(lambda: isinstance(self.app.top, PassScene) and self.app.top.ready(), max_frames), \
            "no pass screen ready for a click"
        screen = self.app.top
        self.click(screen.button.rect.center)
        return screen.name

    def until(self, predicate, max_frames: int = 3000) -> bool:
        """Step frames until predicate() is true; False if it never became true."""
        for _ in range(max_frames):
            if predicate():
                return True
            if not self.app.step():
                return bool(predicate())
        return bool(predicate())

    # ---- the table ----
    @property
    def table(self):
        from game.ui.table import TableScene
        return self.app.find(TableScene)

    def layout(self):
        return self.table.current_layout()

    def centre_of(self, item):
        """Screen point of a table place, as the family's plug-in names it ("deck", ("hand", 0, 12));
        a bare position (seat, index) is the card at that index of that seat's layout."""
        table = self.table
        lay = self.layout()
        rect = table.plugin.place_rect(lay, item)
        if rect is None and isinstance(item, tuple) and all(isinstance(i, int) for i in item):
            rect = table.plugin.place_rect(lay, ("slot", tuple(item)))
        return rect.center
