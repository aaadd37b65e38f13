"""A question over the current screen before something that cannot be undone ("Abandon the saved match?").

The safe answer is the default: Esc, N or a click outside keeps things as they
are; only the named button (or Y) goes ahead.
"""
import pygame

from game.i18n import N_, tr
from game.ui import fonts, theme
from game.ui.scene import Scene, shade
from game.ui.widgets import Button, blit_text, draw_panel


class ConfirmScene(Scene):
    overlay = True

    def __init__(self, app, question: str, detail: str, yes_label: str, on_yes, no_label: str = N_("Keep it")):
        super().__init__(app)
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.no = Button(no_label, self.keep, primary=True, hint="Esc")
        self.yes = Button(yes_label, self.go_ahead, hint="Y")
        self.ui.add(self.no, self.yes)
        self.ui.set_focus(self.no)

    def layout(self, size):
        super().layout(size)
        w, h = size
        width = min(720, w - 60)
        # the detail is shown whole (a guide's introduction runs to 400 characters): the panel grows
        self.detail_lines = fonts.wrap(tr(self.detail), 16, width - 60)
        extra = max(0, len(self.detail_lines) - 3) * fonts.line_height(16)
        self.panel = pygame.Rect(0, 0, width, min(240 + extra, h - 40))
        self.panel.center = (w // 2, h // 2)
        bw = (self.panel.w - 80) // 2
        y = self.panel.bottom - 74
        self.no.rect = pygame.Rect(self.panel.x + 30, y, bw, 50)
        self.yes.rect = pygame.Rect(self.panel.right - 30 - bw, y, bw, 50)

    def keep(self):
        self.app.pop(self)

    def go_ahead(self):
        self.app.pop(self)
        self.on_yes()

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.keep()
                return
            if event.key == pygame.K_y:
                self.go_ahead()
                return
        self.ui.handle(event)

    def draw(self, surf):
        shade(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.ACCENT, radius=14, width=2)
        lines = fonts.wrap(tr(self.question), 24, p.w - 60, True)[:2]
        for i, line in enumerate(lines):
            blit_text(surf, line, 24, (p.x + 30, p.y + 24 + i * fonts.line_height(24)), theme.TEXT, True)
        y = p.y + 30 + len(lines) * fonts.line_height(24)
        room = max(1, (self.no.rect.y - 8 - y) // fonts.line_height(16))
        for i, line in enumerate(self.detail_lines[:room]):
            blit_text(surf, line, 16, (p.x + 30, y + i * fonts.line_height(16)), theme.MUTED)
        self.ui.draw(surf)
