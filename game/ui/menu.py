"""The main menu: the games (broken rulesets listed greyed with their error), resume, settings, quit.

The first frame only draws the title; rulesets are loaded on the next one so
the window shows up at once.
"""
import os

import pygame

from game.ui import fonts, theme
from game.ui.scene import Scene, draw_felt
from game.i18n import N_, tr, trn
from game.ui.widgets import Button, blit_text, draw_panel


def describe_saved_match(save, entries) -> str:
    """ "Kombio (Ana, Ben; 97 moves)": a saved match in words (entries: the rulesets, for the name)."""
    s = save or {}
    game = s.get("ruleset", "?")
    for entry in entries or []:
        if entry.ok and entry.ruleset.id == game:
            game = entry.ruleset.name
    names = ", ".join(str(seat.get("name", "?")) for seat in s.get("seats", []) if isinstance(seat, dict))
    moves = len(s.get("actions", []) or [])
    return trn("{game} ({names}; {n} move)", "{game} ({names}; {n} moves)", moves, game=game, names=names, n=moves)


class MenuScene(Scene):
    def __init__(self, app, load_now: bool = False):
        super().__init__(app)
        self.entries = None
        self.waited = 0           # frames drawn while the rulesets load
        self.save = None
        self.game_buttons = []
        self.broken = []          # (rect, entry)
        self.resume_btn = Button(N_("Resume"), self.resume, primary=True, hint="R")
        self.settings_btn = Button(N_("Settings"), self.open_settings)
        self.stats_btn = Button(N_("Statistics"), self.open_stats)
        self.history_btn = Button(N_("Past matches"), self.open_history, hint="P")
        self.about_btn = Button(N_("About"), self.open_about)
        self.quit_btn = Button(N_("Quit"), lambda: self.app.quit(0), hint="Esc")
        self.ui.add(self.resume_btn, self.settings_btn, self.stats_btn, self.history_btn, self.about_btn,
                    self.quit_btn)
        self.resume_btn.visible = False
        if load_now:
            self.load()

    def load(self, entries=None):
        self.entries = entries if entries is not None else self.app.rulesets()
        self.save = self._read_save()
        self._build_game_buttons()
        self.layout(self.app.size)

    def enter(self):
        if self.entries is not None:
            self.save = self._read_save()
            self.layout(self.app.size)

    def _read_save(self):
        try:
            from game.store.saves import load_current
            data, warning = load_current()
        except Exception as exc:
            data, warning = None, tr("The saved match could not be read: {problem}", problem=exc)
        if warning:
            self.app.toast(warning, 8)
        return data

    def _build_game_buttons(self):
        for b in self.game_buttons:
            if b in self.ui.widgets:
                self.ui.widgets.remove(b)
        self.game_buttons = []
        self.game_rows = []             # per usable game: (play, learn or None, rules)
        for entry in self.entries or []:
            if entry.ok:
                ruleset = entry.ruleset
                play = Button(ruleset.name, (lambda ruleset=ruleset: self.open_setup(ruleset)), primary=True,
                              size=20, tooltip=tr("{game}: {least}-{most} players. Set up a match.", game=ruleset.name,
                                                  least=ruleset.min_players, most=ruleset.max_players))
                learn = Button(N_("Learn to play"), (lambda ruleset=ruleset: self.learn(ruleset)), size=15,
                               tooltip=tr("A guided first game of {game} against a bot", game=ruleset.name)) \
                    if ruleset.guide is not None else None
                rules = Button(N_("Rules"), (lambda ruleset=ruleset: self.open_rules(ruleset)), size=15)
                self.game_rows.append((play, learn, rules))
                self.game_buttons += [b for b in (play, learn, rules) if b is not None]
        self.ui.add(*self.game_buttons) if self.game_buttons else None

    def layout(self, size):
        super().layout(size)
        w, h = size
        small = h < 760
        self.title_y = 44 if small else 62
        self.sub_y = 86 if small else 112
        top = 112 if small else 150
        self.panel = pygame.Rect(0, 0, min(760, w - 80), h - top - 30)
        self.panel.midtop = (w // 2, top)
        x, y = self.panel.x + 30, self.panel.y + 50
        self.resume_btn.visible = bool(self.save)
        if self.save:
            self.resume_btn.label = self._resume_label()
            self.resume_btn.rect = pygame.Rect(x, y, self.panel.w - 60, 46)
            y += 58
        self.games_top = y
        bottom = (self.settings_btn, self.stats_btn, self.history_btn, self.about_btn, self.quit_btn)
        bw = min(200, (self.panel.w - 60 - 10 * (len(bottom) - 1)) // len(bottom))
        by = self.panel.bottom - 64
        for j, b in enumerate(bottom):
            b.rect = pygame.Rect(x + j * (bw + 10), by, bw, 46)
        # the games list: rows shrink to fit, then the list scrolls (wheel, arrows)
        self.list_rect = pygame.Rect(x, y, self.panel.w - 60, by - 12 - y)
        pw = self.list_rect.w
        entries = self.entries or []
        n_ok = sum(1 for e in entries if e.ok)
        broken_lines = {id(e): fonts.wrap(e.error or "broken", 14, pw - 24)[:3] for e in entries if not e.ok}
        fixed = sum(30 + 18 * len(v) + 10 for v in broken_lines.values())
        row = max(40, min(56, (self.list_rect.h - fixed) // max(1, n_ok) - 10)) if n_ok else 56
        self.content_h = n_ok * (row + 10) + fixed
        self.scroll = max(0, min(getattr(self, "scroll", 0), self.content_h - self.list_rect.h))
        y = self.list_rect.y - self.scroll
        i = 0
        self.broken = []
        for entry in entries:
            if entry.ok:
                play, learn, rules = self.game_rows[i]
                i += 1
                rules.rect = pygame.Rect(x + pw - 120, y, 120, row)
                right = rules.rect.x - 10
                if learn is not None:
                    learn.rect = pygame.Rect(right - 150, y, 150, row)
                    right = learn.rect.x - 10
                play.rect = pygame.Rect(x, y, right - x, row)
                inside = self.list_rect.contains(play.rect)
                play.visible = rules.visible = inside
                if learn is not None:
                    learn.visible = inside
                y += row + 10
            else:
                lines = broken_lines[id(entry)]
                rect = pygame.Rect(x, y, pw, 30 + 18 * len(lines))
                if self.list_rect.contains(rect):
                    self.broken.append((rect, entry, lines))
                y += rect.h + 10

    def _resume_label(self) -> str:
        return tr("Resume {match}", match=describe_saved_match(self.save, self.entries))

    # ---- actions ----
    def resume(self):
        from game.engine.session import Session
        from game.store import saves
        from game.ai import check_level
        try:
            session = Session.resume(self.save)
            for seat in session.seats:
                if seat.get("kind") == "ai":
                    check_level(seat.get("level", "normal"), session.ruleset.family)
        except Exception as exc:
            # Whatever stops the replay (a shape load_current could not see, a rule that changed),
            # the save is set aside once with the reason: never offered again, never deleted.
            warning = saves.set_aside_current(f"it cannot be resumed: {exc}")
            self.app.toast(tr("The saved match cannot be resumed: {problem}.", problem=exc)
                           + (" " + warning if warning else ""), 10)
            self.save = None
            self.layout(self.app.size)
            return
        self.app.open_table(session, fresh=False)

    def open_setup(self, ruleset):
        from game.ui.setup import SetupScene
        self.app.push(SetupScene(self.app, ruleset))
        settings = self.app.settings
        offered = list(getattr(settings, "guides_offered", []) or [])
        if ruleset.guide is not None and ruleset.id not in offered:
            # the first time a game is chosen: its guided first game, once
            settings.guides_offered = offered + [ruleset.id]
            self.app.save_settings()
            from game.ui.confirm import ConfirmScene
            self.app.push(ConfirmScene(
                self.app, tr("New to {game}?", game=ruleset.name),
                trn("Learn to play: a guided first game against a bot, {n} lesson. Every lesson can be "
                    "skipped, and you can leave the guide at any time.",
                    "Learn to play: a guided first game against a bot, {n} lessons. Every lesson can be "
                    "skipped, and you can leave the guide at any time.", len(ruleset.guide.steps),
                    n=len(ruleset.guide.steps)),
                N_("Learn to play"), lambda: self.learn(ruleset), no_label=N_("Set up a match")))

    def learn(self, ruleset):
        """The guided first game of `ruleset`; a guide its rules no longer fit says so and stays shut."""
        from game.ai import make_bot
        from game.engine import guide
        why = guide.check(ruleset, make_bot)
        if why:
            self.app.toast(why, 10)
            return
        names = [n for n in getattr(self.app.settings, "player_names", []) or [] if n]
        self.app.start_match(guide.new_session(ruleset, names[0] if names else tr("Player")))

    def open_rules(self, ruleset):
        from game.ui.rules_scene import RulesScene
        self.app.push(RulesScene(self.app, ruleset))

    def open_settings(self):
        from game.ui.settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def open_stats(self):
        from game.ui.stats_scene import StatsScene
        self.app.push(StatsScene(self.app))

    def open_history(self):
        from game.ui.history_scene import PastMatchesScene
        self.app.push(PastMatchesScene(self.app))

    def open_about(self):
        from game.ui.about_scene import AboutScene
        self.app.push(AboutScene(self.app))

    def update(self, dt):
        if self.entries is None:
            # loads on a thread: the menu keeps drawing; the usual few files are there at once
            entries = self.app.rulesets_ready(wait=1.0 if self.waited == 0 else 0.02)
            self.waited += 1
            if entries is not None:
                self.load(entries)
        super().update(dt)

    def handle(self, event):
        scroll = 0
        if event.type == pygame.MOUSEWHEEL:
            scroll = -int(getattr(event, "y", 0)) * 40
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP) and self.ui.focus is None:
            scroll = 40 if event.key == pygame.K_DOWN else -40
        if scroll and getattr(self, "content_h", 0) > getattr(self, "list_rect", pygame.Rect(0, 0, 0, 0)).h:
            self.scroll = getattr(self, "scroll", 0) + scroll
            self.layout(self.app.size)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit(0)
                return
            if event.key == pygame.K_r and self.save:
                self.resume()
                return
            if event.key == pygame.K_p and self.entries is not None:
                self.open_history()
                return
        self.ui.handle(event)

    def draw(self, surf):
        draw_felt(surf)
        w, _ = surf.get_size()
        blit_text(surf, "Card Table", 54, (w // 2, self.title_y), theme.ACCENT, True, "center")
        blit_text(surf, tr("Card games for one computer: pass and play, or play against the computer"),
                  17, (w // 2, self.sub_y), theme.MUTED, False, "center")
        draw_panel(surf, self.panel, theme.PANEL, theme.PANEL_EDGE, radius=14)
        blit_text(surf, tr("Choose a game"), 20, (self.panel.x + 30, self.panel.y + 14), theme.TEXT, True)
        if self.entries is None:
            blit_text(surf, tr("Loading games…"), 18, (self.panel.x + 30, self.games_top if hasattr(self, "games_top")
                                                   else self.panel.y + 60), theme.MUTED)
        elif not self.entries:
            blit_text(surf, tr("No rulesets found in the rulesets folder."), 18, (self.panel.x + 30, self.games_top),
                      theme.DANGER)
        for rect, entry, lines in self.broken:
            draw_panel(surf, rect, (40, 40, 40), (90, 90, 90), radius=8)
            name = os.path.basename(entry.path)
            blit_text(surf, tr("{file}: cannot be played (broken ruleset)", file=name), 15, (rect.x + 12, rect.y + 6),
                      theme.DIM, True)
            for i, line in enumerate(lines):
                blit_text(surf, line, 14, (rect.x + 12, rect.y + 26 + 18 * i), theme.MUTED)
        if getattr(self, "content_h", 0) > self.list_rect.h:
            blit_text(surf, tr("more below: scroll with the wheel or the arrow keys"), 13,
                      (self.panel.right - 30, self.panel.y + 24), theme.MUTED, False, "topright")
        self.ui.draw(surf)
