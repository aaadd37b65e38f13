"""The pass screen: hides the whole table until the next player alone is looking.

"Pass to Ana — click when only Ana is looking". Opaque: nothing of the table
is drawn behind it.

It is confirmed only by a deliberate act meant for it (issue 27): a click that
is pressed and released on its own button, or PASS_KEY, a key no other screen
uses, and either only once the screen has been fully shown for GUARD_SECONDS.
Space, Enter and a click elsewhere do nothing here: they are what the screen
before it asked for ("press Space to go on"), so a press that comes a moment
late can never hand the table over. The guard starts again whenever the screen
comes back on top (from the pause menu or the rules page).
"""
import pygame

from game.i18n import tr
from game.ui import fonts, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, blit_text

GUARD_SECONDS = 1.0
PASS_KEY = pygame.K_h          # "hand over"; at the table the same key asks for a hint, once this screen is gone
PASS_KEY_NAME = "H"


class PassScene(Scene):
    """Full screen 'Pass to <name>'; a click on its button, or H, hands the table over (after the guard)."""

    def __init__(self, app, name: str, on_done, table=None):
        super().__init__(app)
        self.name, self.on_done, self.table = name, on_done, table
        self.shown_at = None        # the app's time when this screen was first drawn (on top)
        self.done = False
        self.button = self.ui.add(Button(tr("I am {name}: show my cards", name=name), self.finish, primary=True,
                                         hint=PASS_KEY_NAME))
        self.button.enabled = False

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.button.rect = pygame.Rect(0, 0, min(520, w - 80), 64)
        self.button.rect.center = (w // 2, int(h * 0.64))

    def enter(self):
        self.shown_at = None        # back on top: shown in full for the guard's second again
        self.button.enabled = False
        self.button.pressed = False

    def ready(self) -> bool:
        """Has this screen been on screen, whole, for the guard's second?"""
        return self.shown_at is not None and self.app.time - self.shown_at >= GUARD_SECONDS - 1e-9

    def finish(self):
        if self.done or not self.ready():
            return
        self.done = True
        self.app.pop(self)
        self.on_done()

    def handle(self, event):
        t = event.type
        self.button.enabled = self.ready()
        if t == pygame.MOUSEMOTION:
            self.ui.handle(event)
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "button", 1) == 1:
            # the button takes a press begun on it once ready, and its release on it: a press that
            # began before (on the screen before, or during the guard) never completes a click
            if t == pygame.MOUSEBUTTONDOWN and not self.ready():
                self.button.pressed = False
                return
            self.ui.handle(event)
        elif t == pygame.KEYDOWN and event.key == PASS_KEY:
            self.finish()
        elif t == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1) and self.table is not None:
            # a way out that shows nothing of the table: the pause menu is drawn over this screen,
            # the rules page is opaque; both come back here
            if event.key == pygame.K_ESCAPE:
                from game.ui.pause import PauseScene
                self.app.push(PauseScene(self.app, self.table))
            else:
                from game.ui.rules_scene import RulesScene
                self.app.push(RulesScene(self.app, self.table.ruleset, self.table.session.options))
        # every other key (Space, Enter, Tab to the button) is meant for another screen: ignored

    def update(self, dt):
        super().update(dt)
        self.button.enabled = self.ready()

    def draw(self, surf):
        if self.shown_at is None and self.app.top is self:
            self.shown_at = self.app.time
        surf.fill((14, 26, 20))
        w, h = surf.get_size()
        title = tr("Pass to {name}", name=self.name)
        size = fonts.fit(title, 56, w - 80, True)
        blit_text(surf, title, size, (w // 2, int(h * 0.36)), theme.ACCENT, True, "center")
        line = tr("Click the button when only {name} is looking (or press {key}).", name=self.name, key=PASS_KEY_NAME)
        blit_text(surf, line, fonts.fit(line, 26, w - 80), (w // 2, int(h * 0.46)), theme.TEXT, False, "center")
        note = tr("Everyone else: look away. The table stays hidden until then. (Esc: menu · F1: rules)")
        blit_text(surf, note, fonts.fit(note, 17, w - 80), (w // 2, int(h * 0.52)), theme.MUTED, False, "center")
        self.ui.draw(surf)
