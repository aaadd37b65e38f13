"""Settings: the language, animation speed, how long hard bots think, how quickly bots react, memory aid, the action log, sound, full screen. Saved at once on every change."""
import pygame

from game import i18n
from game.i18n import LANGUAGES, N_, tr
from game.ui import fonts, theme
from game.ui.scene import Scene, draw_felt
from game.ui.widgets import Button, Label, Stepper, Toggle, blit_text, draw_panel

SPEEDS = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")), ("instant", N_("Instant"))]
THINK = [(0.25, "0.25 s"), (1.0, "1 s"), (3.0, "3 s")]      # game.store.settings.THINK_SECONDS
REACT = [("slower", N_("Slower")), ("normal", N_("Normal")), ("faster", N_("Faster"))]   # settings.BOT_REACTIONS


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        speed = getattr(s, "animation_speed", "normal")
        self.speed = Stepper(SPEEDS, [k for k, _ in SPEEDS].index(speed) if speed in dict(SPEEDS) else 1,
                             lambda v: self.set("animation_speed", v),
                             tooltip=N_("How fast cards move; 'Instant' skips animations"))
        think = getattr(s, "hard_seconds", 1.0)
        self.think = Stepper(THINK, [k for k, _ in THINK].index(think) if think in dict(THINK) else 1,
                             lambda v: self.set("hard_seconds", v),
                             tooltip=N_("How long a Hard bot searches before each move"))
        react = getattr(s, "bot_reactions", "normal")
        self.react = Stepper(REACT, [k for k, _ in REACT].index(react) if react in dict(REACT) else 1,
                             lambda v: self.set("bot_reactions", v),
                             tooltip=N_("How quickly bots claim a match race"))
        self.aid = Toggle(N_("Memory aid"), getattr(s, "memory_aid", False), lambda v: self.set("memory_aid", v),
                          tooltip=N_("Cards you know stay marked with a small face, for you only"))
        self.log = Toggle(N_("Show the log of actions"), getattr(s, "show_log", True), lambda v: self.set("show_log", v))
        self.sound = Toggle(N_("Sound"), getattr(s, "sound", True), lambda v: self.set("sound", v))
        self.full = Toggle(N_("Full screen"), app.fullscreen, self.set_fullscreen, tooltip=N_("F11 switches on any screen"))
        # each language by its own name, so anyone finds theirs; the first start follows the system
        languages = list(LANGUAGES.items())
        self.language = Stepper(languages, [k for k, _ in languages].index(i18n.language()),
                                self.set_language, tooltip=N_("The language of every screen (rules pages: "
                                                              "where a translation exists)"), size=17)
        self.back = Button(N_("Back"), self.close, primary=True, hint="Esc")
        # Each note says what the setting really changes (table_controller: THINK, REVEAL; memory race: WINDOW).
        self.notes = [
            Label(N_("How fast cards move, how long bots pause before they play and how long a card you look at "
                  "stays shown. A match race is never shortened (Slow gives it a second more)."), 15, theme.MUTED,
                  wrap=True),
            Label(N_("Off: a card you look at shows for a few seconds, then turns back (as at a real table). "
                  "On: cards you know keep a small, dimmed face, visible only in your view."), 15, theme.MUTED,
                  wrap=True),
            Label(N_("The last actions in words, in the right-hand panel of the table."), 15, theme.MUTED, wrap=True),
            Label(N_("Short cues: your turn, a match race, a call, a right or wrong match, the end of a round."),
                  15, theme.MUTED, wrap=True),
            Label(N_("The table fills the whole screen. F11 switches at any time, on every screen."), 15, theme.MUTED, wrap=True),
            Label(N_("Per move. A Hard bot plays better the longer it thinks; the window never freezes."), 15,
                  theme.MUTED, wrap=True),
            Label(N_("How quickly bots claim a match race (the games that have one). At Normal an easy bot takes "
                  "1.5-3 s, a normal one 0.7-1.5 s, a hard one 0.4-0.8 s; Slower: x1.6, Faster: x0.6."), 15, theme.MUTED,
                  wrap=True),
        ]
        self.ui.add(self.language, self.speed, self.think, self.react, self.aid, self.log, self.sound, self.full, self.back, *self.notes)
        self.ui.set_focus(self.speed)

    def set_fullscreen(self, value):
        # the display may refuse: the switch shows what happened, not what was asked
        self.full.value = self.app.set_fullscreen(value)

    def set_language(self, code):
        self.set("language", i18n.set_language(code))
        self.layout(self.app.size)

    def set(self, key, value):
        try:
            setattr(self.app.settings, key, value)
        except AttributeError:
            return
        self.app.save_settings()

    def layout(self, size):
        super().layout(size)
        w, h = size
        # seven settings in a panel that fits the smallest window (theme.MIN_WINDOW: 640 high)
        self.panel = pygame.Rect(0, 0, min(760, w - 60), 630)
        self.panel.center = (w // 2, h // 2)
        x, y, pw = self.panel.x + 40, self.panel.y + 64, self.panel.w - 80
        # the language beside the title: found first, in any language, and no row taken from the rest
        self.language.rect = pygame.Rect(self.panel.right - 40 - 190, self.panel.y + 22, 190, 34)
        self.language_label = (self.language.rect.x - 12, self.language.rect.centery)
        # each note as many lines as its words need in this language (German runs longer)
        def room(note):
            return max(1, len(fonts.wrap(tr(note.text), note.size, pw))) * fonts.line_height(note.size)
        for stepper, label, note in ((self.speed, "speed_label", self.notes[0]),
                                     (self.think, "think_label", self.notes[5]),
                                     (self.react, "react_label", self.notes[6])):
            setattr(self, label, (x, y + 18))
            stepper.rect = pygame.Rect(x + 230, y, pw - 230, 36)
            note.rect = pygame.Rect(x, y + 38, pw, room(note))
            y += 38 + note.rect.h + 6
        for toggle, note in ((self.aid, self.notes[1]), (self.log, self.notes[2]),
                             (self.sound, self.notes[3]), (self.full, self.notes[4])):
            toggle.rect = pygame.Rect(x - 6, y, pw + 12, 32)
            note.rect = pygame.Rect(x, y + 34, pw, room(note))
            y += 34 + note.rect.h + 4
        self.back.rect = pygame.Rect(0, 0, 180, 46)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 20)

    def close(self):
        self.app.save_settings()
        self.app.pop(self)

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.ui.handle(event)

    def update(self, dt):
        super().update(dt)
        self.full.value = self.app.fullscreen     # F11 may have switched it while this screen is open

    def draw(self, surf):
        draw_felt(surf)
        draw_panel(surf, self.panel, theme.PANEL, theme.PANEL_EDGE, radius=14)
        blit_text(surf, tr("Settings"), 30, (self.panel.x + 40, self.panel.y + 24), theme.TEXT, True)
        blit_text(surf, tr("Animation speed"), 18, self.speed_label, theme.TEXT, False, "midleft")
        blit_text(surf, tr("Hard bots think"), 18, self.think_label, theme.TEXT, False, "midleft")
        blit_text(surf, tr("Bots react"), 18, self.react_label, theme.TEXT, False, "midleft")
        blit_text(surf, tr("Language"), 18, self.language_label, theme.TEXT, False, "midright")
        self.ui.draw(surf)
