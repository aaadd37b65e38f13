"""The app: one window, a stack of scenes and a flat frame loop (events, update, draw, flip).

`run()` is what main.py calls. Tests build an `App` themselves, post real
pygame events and call `step()` / `frames(n)`: the same loop a player runs.
Start-up is kept light: nothing but pygame and the settings is loaded before
the first frame is on screen; scenes import the engine when they need it.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
import warnings
from typing import Optional

import pygame

from game import VERSION, i18n
from game.i18n import N_, tr
from game.ui import fonts, theme

ANIM_SCALE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def _load_settings():
    """Return (settings, warning) from game.store.settings; defaults (the real Settings) if the store is unusable.

    Start is also when the temporary files of a write killed last time are
    removed (see game.store.remove_orphans).
    """
    from game.store import settings as store
    from game.store import tidy_data_folder
    tidy_data_folder()
    try:
        return store.load()
    except Exception as exc:  # a broken store must not stop the game from opening
        return store.Settings(), tr("Settings could not be loaded, using the defaults: {problem}", problem=exc)


def clamp_size(size) -> tuple:
    """Return `size` no smaller than the minimum window."""
    return (max(theme.MIN_WINDOW[0], int(size[0])), max(theme.MIN_WINDOW[1], int(size[1])))


class App:
    """The window, the scene stack and the frame loop."""

    def __init__(self, size=None, fixed_dt: Optional[float] = None, strict: bool = False,
                 settings=None, save_settings: bool = True):
        """size: window size (default: from settings); fixed_dt: seconds per frame (tests);
        strict: let exceptions from scenes propagate (tests) instead of reporting them on screen."""
        if settings is None:
            settings, warning = _load_settings()
        else:
            warning = None
        self.settings = settings
        i18n.set_language(getattr(settings, "language", ""))   # "": the system's
        self.save_settings_enabled = save_settings
        self.settings_unsaved = False     # set once saving them has failed and been reported
        self.fixed_dt = fixed_dt
        self.strict = strict
        pygame.display.init()
        pygame.font.init()
        self.size = clamp_size(size or getattr(settings, "window_size", theme.DEFAULT_WINDOW))
        if size is None:
            self.size = self._fit_desktop(self.size)
        self.screen = self._set_mode(self.size)
        pygame.display.set_caption(f"Card Table {VERSION}")
        self._set_icon()
        try:
            pygame.key.stop_text_input()   # SDL starts with text input on; names fields turn it on
        except pygame.error:
            pass
        self.clock = pygame.time.Clock()
        self.scenes: list = []
        self.running = True
        self.exit_code = 0
        self.time = 0.0            # seconds since start (simulated when fixed_dt is set)
        self.frame = 0
        self.toasts: list = []     # [(message, seconds_left)]
        self._rulesets = None
        self._loader = None        # the thread loading the rulesets for the menu, while it runs
        from game.ui.sound import Sounds
        self.sound = Sounds(lambda: bool(getattr(self.settings, "sound", True)))
        self.fullscreen = False
        if warning:
            self.toast(warning)
        if getattr(settings, "fullscreen", False):
            self.set_fullscreen(True, remember=False)   # a refusal today keeps the wish for tomorrow

    # ---- window ----
    @staticmethod
    def _fit_desktop(size) -> tuple:
        """A remembered size no larger than this screen (a laptop after a big monitor)."""
        try:
            if pygame.display.get_driver() == "dummy":
                return size          # headless: there is no real screen to fit
            desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError, AttributeError):
            return size
        if desk_w <= 0 or desk_h <= 0:
            return size
        return clamp_size((min(size[0], desk_w - 40), min(size[1], desk_h - 80)))

    def _set_mode(self, size):
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.window = None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.window = pygame.Window.from_display_module()
                self.window.minimum_size = theme.MIN_WINDOW
        except Exception:
            self.window = None   # older SDL: the resize handler clamps with set_mode instead
        return screen

    def _set_icon(self):
        try:
            from game.paths import resource_path
            pygame.display.set_icon(pygame.image.load(str(resource_path("assets", "icon.png"))))
        except (pygame.error, FileNotFoundError, OSError):
            pass

    def resize(self, size):
        """Apply a new window size: clamp to the minimum, lay every scene out again.

        The window is resized in place (never re-created), so it keeps its
        position and the player's drag on its border is not interrupted.
        In full screen the screen's size is taken as it is and not remembered:
        the window size saved is the one to come back to.
        """
        size = pygame.display.get_surface().get_size() if self.fullscreen else clamp_size(size)
        if pygame.display.get_surface().get_size() != size:
            if self.window is not None:
                self.window.size = size
            else:
                pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface()
        self.size = self.screen.get_size()
        for scene in self.scenes:
            self._safe(scene.layout, self.size)
        if self.fullscreen:
            return
        try:
            self.settings.window_size = tuple(self.size)
        except AttributeError:
            pass

    def set_fullscreen(self, on: bool, remember: bool = True) -> bool:
        """Fill the screen (at the desktop's size) or go back to the window; remembered in the settings.

        Returns whether full screen is on now: a display that refuses (the
        headless driver, some remote desktops) keeps the window and says why.
        """
        on = bool(on)
        if on != self.fullscreen:
            try:
                if self.window is not None:
                    if on:
                        self.window.set_fullscreen(desktop=True)   # no video mode change: quick and safe
                    else:
                        self.window.set_windowed()
                elif not pygame.display.toggle_fullscreen():
                    raise pygame.error("the display refused")
            except pygame.error as exc:
                self.toast(tr("Full screen is not available here: {problem}", problem=exc))
            else:
                self.fullscreen = on
                self.resize(pygame.display.get_surface().get_size())
        if remember:
            try:
                self.settings.fullscreen = self.fullscreen
            except AttributeError:
                pass
            self.save_settings()
        return self.fullscreen

    # ---- scenes ----
    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene):
        self.scenes.append(scene)
        scene.layout(self.size)
        scene.enter()
        return scene

    def pop(self, scene=None):
        """Remove the top scene (or `scene` wherever it is); the new top is told it is back."""
        if not self.scenes:
            return
        if scene is None:
            self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
        if self.scenes:
            self.scenes[-1].layout(self.size)
            self.scenes[-1].enter()

    def replace(self, scene):
        """Swap the top scene for `scene`."""
        if self.scenes:
            self.scenes.pop()
        return self.push(scene)

    def reset(self, scene):
        """Empty the stack and show `scene` (e.g. back to the menu)."""
        self.scenes = []
        return self.push(scene)

    def find(self, cls):
        """Return the topmost scene of this class, or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, cls):
                return scene
        return None

    def toast(self, message: str, seconds: float = 5.0):
        """Show a short message at the bottom of the window (warnings, errors)."""
        self.toasts.append([message, seconds])
        self.toasts = self.toasts[-3:]

    # ---- shared data ----
    def rulesets(self, reload: bool = False) -> list:
        """Every ruleset entry (usable or broken with its error), loaded once (waits for a load
        already running in the background)."""
        if reload:
            self._rulesets = None
        if self._rulesets is None:
            self._load_rulesets()
        return self._rulesets

    def rulesets_ready(self, wait: float = 0.0) -> Optional[list]:
        """The ruleset entries if loaded (within `wait` seconds), else None while they load on a
        thread of their own: a folder of large or hostile files (each bounded, but a quarter of a
        second at worst) never freezes the menu's frames."""
        if self._rulesets is not None:
            return self._rulesets
        loader = self._loader
        if loader is None:
            import threading
            loader = self._loader = threading.Thread(target=self._load_rulesets, name="rulesets", daemon=True)
            loader.start()
        loader.join(wait)
        return self._rulesets

    def _load_rulesets(self):
        import threading
        loader = self._loader
        if loader is not None and loader is not threading.current_thread():
            loader.join()                  # a background load is running: its result is the one
            return
        from game.engine.ruleset import load_all
        try:
            entries = load_all()
        except Exception as exc:   # the menu must open even if the loader itself breaks
            entries = []
            self.toast(tr("Rulesets could not be loaded: {problem}", problem=exc))
        self._rulesets = entries
        self._loader = None

    def anim_scale(self) -> float:
        """Multiplier for animation and pause durations from the speed setting (0 = instant)."""
        return ANIM_SCALE.get(getattr(self.settings, "animation_speed", "normal"), 1.0)

    def save_settings(self):
        """Write the settings; if that fails, say so once (not at every change) and play on."""
        if not self.save_settings_enabled:
            return
        try:
            from game.store import settings as store
            store.save(self.settings)
        except Exception as exc:
            if not self.settings_unsaved:
                self.settings_unsaved = True
                self.toast(tr("Settings cannot be saved: {problem}", problem=exc), 8)

    # ---- the frame loop ----
    def _safe(self, fn, *args):
        """Call a scene method; in the player's app an error is reported on screen instead of crashing."""
        if self.strict:
            return fn(*args)
        try:
            return fn(*args)
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            self.toast(tr("Something went wrong: {problem}", problem=f"{exc.__class__.__name__}: {exc}"))
            return None

    def step(self) -> bool:
        """Run one frame: events, update, draw, flip. Returns False once the app should stop."""
        if self.fixed_dt is not None:
            self.clock.tick()
            dt = self.fixed_dt
        else:
            dt = min(self.clock.tick(60) / 1000.0, 0.1)
        self.time += dt
        self.frame += 1
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type == pygame.VIDEORESIZE:
                self.resize(getattr(event, "size", (getattr(event, "w", 0), getattr(event, "h", 0))))
            elif event.type == pygame.WINDOWSIZECHANGED:
                if pygame.display.get_surface().get_size() != self.size:
                    self.resize(pygame.display.get_surface().get_size())
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.set_fullscreen(not self.fullscreen)      # on every screen, before the scene sees it
            elif self.top is not None:
                self._safe(self.top.handle, event)
            if not self.running:
                return False
        if self.top is not None:
            self._safe(self.top.update, dt)
        for t in self.toasts:
            t[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self.draw()
        pygame.display.flip()
        return self.running and bool(self.scenes)

    def draw(self, surf=None):
        """Draw the visible scenes (an overlay scene shows the one below it) and the toasts."""
        surf = surf or self.screen
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[max(start, 0):]:
            self._safe(scene.draw, surf)
        self._draw_toasts(surf)

    def _draw_toasts(self, surf):
        y = surf.get_height() - 16
        for message, _ in reversed(self.toasts):
            lines = fonts.wrap(message, 16, min(900, surf.get_width() - 80))
            lh = fonts.line_height(16)
            w = max(fonts.width(line, 16) for line in lines) + 28
            rect = pygame.Rect(0, 0, w, lh * len(lines) + 14)
            rect.midbottom = (surf.get_width() // 2, y)
            pygame.draw.rect(surf, (40, 30, 28), rect, border_radius=8)
            pygame.draw.rect(surf, theme.ACCENT, rect, 2, border_radius=8)
            for i, line in enumerate(lines):
                surf.blit(fonts.text(line, 16), (rect.x + 14, rect.y + 7 + i * lh))
            y = rect.y - 8

    def frames(self, n: int) -> bool:
        """Step up to n frames (tests); returns False if the app stopped."""
        for _ in range(n):
            if not self.step():
                return False
        return True

    def run(self, max_frames: Optional[int] = None) -> int:
        """Loop until quit (or max_frames frames); returns the exit code."""
        count = 0
        while self.running and self.scenes:
            if not self.step():
                break
            count += 1
            if max_frames is not None and count >= max_frames:
                break
        return self.exit_code

    def quit(self, code: int = 0):
        self.running = False
        self.exit_code = code
        self.save_settings()

    # ---- entry points ----
    def open_menu(self):
        from game.ui.menu import MenuScene
        return self.reset(MenuScene(self))

    def start_match(self, session):
        """Open a new match's table; if it would replace a saved match, ask first (Esc keeps it)."""
        data = None
        if getattr(self, "save_matches", True):
            try:
                from game.store.saves import load_current
                data, _ = load_current()
            except Exception:
                data = None      # an unreadable save was reported where it was read; nothing to lose here
        if not data:
            return self.open_table(session)
        from game.ui.confirm import ConfirmScene
        from game.ui.menu import describe_saved_match
        what = describe_saved_match(data, self.rulesets())
        return self.push(ConfirmScene(
            self, tr("Abandon the saved match of {match}?", match=what),
            N_("Only one match is kept: starting this one replaces it for good. Keep it to resume it from the menu."),
            N_("Abandon it and start"), lambda: self.open_table(session)))

    def open_table(self, session, fresh: bool = True):
        """Show the table for a session (a new or resumed match) on top of the menu; a family with
        no table yet stays on the menu with the reason (a saved match is left as it was)."""
        from game.ui.families import plugin_for
        from game.ui.menu import MenuScene
        from game.ui.table import TableScene
        try:
            plugin_for(session.ruleset.family)
        except KeyError as exc:
            menu = self.reset(MenuScene(self))
            self.toast(tr("Cannot open {game}: {problem}", game=session.ruleset.name, problem=str(exc).strip(chr(39))), 10)
            return menu
        self.reset(MenuScene(self))
        return self.push(TableScene(self, session, fresh=fresh))


def normalise_seats(seats) -> list:
    """Accept seat dicts or strings ("human", "ai:normal") and return seat dicts with names."""
    out = []
    humans = bots = 0
    for i, s in enumerate(seats or []):
        if isinstance(s, str):
            kind, _, level = s.partition(":")
            s = {"kind": kind.strip() or "human", "level": level.strip() or "normal"}
        s = dict(s)
        s.setdefault("kind", "human")
        if s["kind"] == "ai":
            bots += 1
            s.setdefault("level", "normal")
            s.setdefault("name", tr("Bot {n}", n=i + 1))
        else:
            humans += 1
            s.setdefault("name", tr("Player {n}", n=i + 1))
        out.append(s)
    return out


def new_session(game_id: str, seats, options=None, seed=None):
    """Start a Session for ruleset `game_id`; KeyError/ValueError with a readable reason."""
    from game.engine.ruleset import default_options, find_ruleset, options_refusal
    from game.engine.session import Session
    ruleset = find_ruleset(game_id)
    seats = normalise_seats(seats or ["human", "ai:normal"])
    if not ruleset.min_players <= len(seats) <= ruleset.max_players:
        raise ValueError(tr("{game} is for {least}-{most} players, not {n}", game=ruleset.name,
                            least=ruleset.min_players, most=ruleset.max_players, n=len(seats)))
    options = options or default_options(ruleset)
    problem = options_refusal(ruleset, options, len(seats))     # a deal that cannot be made: say why
    if problem:
        raise ValueError(problem)
    return Session.new(ruleset, seats, options, seed)


def run(game_id: Optional[str] = None, seats=None, options=None, seed: Optional[int] = None, *,
        size=None, max_frames: Optional[int] = None, app: Optional[App] = None) -> int:
    """Open the window: the menu, or (with game_id) straight to a table. Returns the exit code."""
    started = time.perf_counter()
    app = app or App(size=size)
    from game.ui.menu import MenuScene
    if game_id:
        # Draw the menu once first so the window is never blank while the ruleset loads.
        app.reset(MenuScene(app, load_now=False))
        app.step()
        try:
            session = new_session(game_id, seats, options, seed)
        except (KeyError, ValueError) as exc:
            app.open_menu()
            app.toast(tr("Cannot start {game}: {problem}", game=game_id, problem=str(exc).strip(chr(39))), 10)
        else:
            app.start_match(session)
    else:
        app.open_menu()
    app.startup_seconds = time.perf_counter() - started
    if os.environ.get("CARDTABLE_QUIT_AFTER_FIRST_FRAME"):
        max_frames = 1          # bench/bench_ui.py: time from `python main.py` to the first frame
    code = app.run(max_frames)
    if app.running:
        app.save_settings()
    return code
