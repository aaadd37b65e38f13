"""The pass screen: hides the whole table until the next player alone is looking.

"Pass to Ana — click when only Ana is looking". Opaque: nothing of the table
is drawn behind it. A short delay guards against a click meant for the
previous screen going straight through.
"""
import pygame

from game.ui import fonts, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, blit_text

GUARD_SECONDS = 0.3


class PassScene(Scene):
    """Full screen 'Pass to <name>'; a click, Space or Enter hands the table over."""

    def __init__(self, app, name: str, on_done, table=None):
        super().__init__(app)
        self.name, self.on_done, self.table = name, on_done, table
        self.age = 0.0
        self.done = False
        self.button = self.ui.add(Button(f"I am {name}: show my cards", self.finish, primary=True, hint="Space"))

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.button.rect = pygame.Rect(0, 0, min(520, w - 80), 64)
        self.button.rect.center = (w // 2, int(h * 0.64))

    def finish(self):
        if self.done or self.age < GUARD_SECONDS:
            return
        self.done = True
        self.app.pop(self)
        self.on_done()

    def handle(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.ui.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.ui.handle(event)
            self.finish()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1) and self.table is not None:
            # a way out that shows nothing of the table: the pause menu is drawn over this screen,
            # the rules page is opaque; both come back here
            if event.key == pygame.K_ESCAPE:
                from game.ui.pause import PauseScene
                self.app.push(PauseScene(self.app, self.table))
            else:
                from game.ui.rules_scene import RulesScene
                self.app.push(RulesScene(self.app, self.table.ruleset, self.table.session.options))
            return
        self.ui.handle(event)

    def update(self, dt):
        super().update(dt)
        self.age += dt

    def draw(self, surf):
        surf.fill((14, 26, 20))
        w, h = surf.get_size()
        size = fonts.fit(f"Pass to {self.name}", 56, w - 80, True)
        blit_text(surf, f"Pass to {self.name}", size, (w // 2, int(h * 0.36)), theme.ACCENT, True, "center")
        line = f"Click when only {self.name} is looking."
        blit_text(surf, line, fonts.fit(line, 26, w - 80), (w // 2, int(h * 0.46)), theme.TEXT, False, "center")
        note = "Everyone else: look away. The table stays hidden until then. (Esc: menu · F1: rules)"
        blit_text(surf, note, fonts.fit(note, 17, w - 80), (w // 2, int(h * 0.52)), theme.MUTED, False, "center")
        self.ui.draw(surf)
