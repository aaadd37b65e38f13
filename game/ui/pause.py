"""The pause menu over the table (Esc): continue, rules, settings, or back to the main menu."""
import pygame

from game.i18n import N_, tr
from game.ui import theme
from game.ui.scene import Scene, shade
from game.ui.widgets import Button, blit_text, draw_panel


class PauseScene(Scene):
    overlay = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.items = [
            Button(N_("Continue"), self.close, primary=True, hint="Esc"),
            Button(N_("Rules"), self.rules, hint="F1"),
            Button(N_("Settings"), self.settings),
            Button(N_("Main menu (the match is saved)"), self.menu),
        ]
        self.ui.add(*self.items)
        self.ui.set_focus(self.items[0])

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, 440, 90 + 62 * len(self.items))
        self.panel.center = (w // 2, h // 2)
        for i, b in enumerate(self.items):
            b.rect = pygame.Rect(self.panel.x + 30, self.panel.y + 70 + i * 62, self.panel.w - 60, 48)

    def close(self):
        self.app.pop(self)

    def rules(self):
        from game.ui.rules_scene import RulesScene
        self.app.replace(RulesScene(self.app, self.table.ruleset, self.table.session.options))

    def settings(self):
        from game.ui.settings_scene import SettingsScene
        self.app.replace(SettingsScene(self.app))

    def menu(self):
        self.app.open_menu()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.rules()
            return
        self.ui.handle(event)

    def draw(self, surf):
        shade(surf)
        draw_panel(surf, self.panel, theme.PANEL, theme.ACCENT, radius=14, width=2)
        blit_text(surf, tr("Paused"), 28, (self.panel.centerx, self.panel.y + 36), theme.TEXT, True, "center")
        self.ui.draw(surf)
