"""Small widgets for the menus and the table's buttons: button, toggle, stepper, text input, label.

Each widget has a `rect` (set by its scene's layout), handles pygame events
through `handle(event) -> bool` (True when it used the event) and draws
itself. Positions always come from `event.pos`, never from the mouse state,
so posted events in tests behave exactly like real ones. A `WidgetGroup`
adds keyboard focus (Tab / Shift+Tab, Enter or Space to press) and
tooltips. Widgets show their texts through game.i18n.tr when they draw: a label given as an
English message (marked N_ where it is made) is shown in the language of the moment.
"""
from typing import Callable, Optional, Sequence

import pygame

from game.i18n import N_, tr
from game.ui import fonts, theme

MOUSE_BUTTONS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def _pos(event):
    return getattr(event, "pos", None)


# the keys buttons name, as German keyboards label them ("Strg", "Leertaste"): shown through tr
KEY_NAMES = (N_("Space"), N_("Enter"), N_("Ctrl+Z"), N_("Arrows"))


def draw_panel(surf, rect, colour=theme.PANEL, edge=theme.PANEL_EDGE, radius=10, width=1):
    """Draw a rounded panel with an edge line."""
    pygame.draw.rect(surf, colour, rect, border_radius=radius)
    if edge is not None and width:
        pygame.draw.rect(surf, edge, rect, width, border_radius=radius)


def blit_text(surf, s, size, pos, colour=theme.TEXT, bold=False, anchor="topleft"):
    """Blit cached text with its rect anchored at `pos` (e.g. anchor="center"); returns the rect."""
    img = fonts.text(s, size, colour, bold)
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    return r


class Widget:
    """Base class: a rectangle that can be hidden, disabled, hovered and focused."""

    focusable = False

    def __init__(self, rect=None, tooltip: Optional[str] = None):
        self.rect = pygame.Rect(rect or (0, 0, 0, 0))
        self.visible = True
        self.enabled = True
        self.hover = False
        self.focused = False
        self.tooltip = tooltip

    def hit(self, pos) -> bool:
        return self.visible and pos is not None and self.rect.collidepoint(pos)

    def handle(self, event) -> bool:
        return False

    def activate(self) -> None:
        """What Enter/Space does when the widget has keyboard focus."""

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf) -> None:
        pass


class Label(Widget):
    """Static text; `wrap=True` wraps it to the rect's width."""

    def __init__(self, text="", size=18, colour=theme.TEXT, bold=False, align="left", wrap=False, rect=None):
        super().__init__(rect)
        self.text, self.size, self.colour, self.bold = text, size, colour, bold
        self.align, self.wrap = align, wrap

    def draw(self, surf):
        if not self.visible or not self.text:
            return
        text = tr(self.text)
        lines = fonts.wrap(text, self.size, self.rect.w, self.bold) if self.wrap else [text]
        y = self.rect.y
        x, anchor = {"center": (self.rect.centerx, "midtop"),
                     "right": (self.rect.right, "topright")}.get(self.align, (self.rect.x, "topleft"))
        for line in lines:
            blit_text(surf, line, self.size, (x, y), self.colour, self.bold, anchor)
            y += fonts.line_height(self.size, self.bold)


class Button(Widget):
    """A push button: pressed and released inside calls `on_click()`."""

    focusable = True

    def __init__(self, label: str, on_click: Callable[[], None], rect=None, primary=False,
                 tooltip: Optional[str] = None, size: int = 18, hint: Optional[str] = None):
        super().__init__(rect, tooltip)
        self.label, self.on_click, self.primary, self.size = label, on_click, primary, size
        self.hint = hint            # keyboard shortcut shown on the button, e.g. "K"
        self.pressed = False

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(_pos(event))
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.hit(_pos(event)):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            was = self.pressed
            self.pressed = False
            if was and self.hit(_pos(event)):
                self.activate()
                return True
        return False

    def activate(self):
        if self.enabled and self.visible:
            self.on_click()

    def draw(self, surf):
        if not self.visible:
            return
        if not self.enabled:
            bg = theme.BUTTON_DISABLED
        elif self.pressed:
            bg = theme.BUTTON_DOWN
        elif self.primary:
            bg = theme.BUTTON_PRIMARY_HOVER if self.hover else theme.BUTTON_PRIMARY
        else:
            bg = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        draw_panel(surf, self.rect, bg, edge, radius=8, width=3 if self.focused else 1)
        colour = theme.TEXT if self.enabled else theme.DIM
        label = tr(self.label) + (f"  [{tr(self.hint)}]" if self.hint else "")
        size = fonts.fit(label, self.size, self.rect.w - 12, bold=True)
        blit_text(surf, label, size, self.rect.center, colour, bold=True, anchor="center")


class Toggle(Widget):
    """An on/off switch drawn as a box with a tick and the words On/Off (never colour alone)."""

    focusable = True

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None], rect=None,
                 tooltip: Optional[str] = None, size: int = 18):
        super().__init__(rect, tooltip)
        self.label, self.value, self.on_change, self.size = label, bool(value), on_change, size

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(_pos(event))
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.hit(_pos(event)):
            self.activate()
            return True
        return False

    def activate(self):
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def draw(self, surf):
        if not self.visible:
            return
        r = self.rect
        if self.hover or self.focused:
            draw_panel(surf, r, theme.BUTTON if self.hover else theme.PANEL,
                       theme.ACCENT if self.focused else theme.PANEL_EDGE, radius=6, width=2 if self.focused else 1)
        box = pygame.Rect(r.x + 6, r.centery - 11, 22, 22)
        pygame.draw.rect(surf, theme.GOOD if self.value else theme.BUTTON_DISABLED, box, border_radius=4)
        pygame.draw.rect(surf, theme.TEXT, box, 2, border_radius=4)
        if self.value:
            pygame.draw.lines(surf, theme.BAR, False,
                              [(box.x + 4, box.centery), (box.x + 9, box.bottom - 5), (box.right - 4, box.y + 4)], 3)
        state = tr("On") if self.value else tr("Off")
        x = box.right + 10
        colour = theme.TEXT if self.enabled else theme.DIM
        label_w = r.right - x - fonts.width(state, self.size, True) - 16
        blit_text(surf, fonts.ellipsize(tr(self.label), self.size, label_w), self.size, (x, r.centery),
                  colour, anchor="midleft")
        blit_text(surf, state, self.size, (r.right - 8, r.centery),
                  theme.GOOD if self.value else theme.MUTED, bold=True, anchor="midright")


class Stepper(Widget):
    """Pick one of a few options with ◀ ▶ (click either half, or Left/Right when focused)."""

    focusable = True

    def __init__(self, options: Sequence, index: int, on_change: Callable[[object], None], rect=None,
                 label: str = "", tooltip: Optional[str] = None, size: int = 18):
        """options: [(value, text), ...]; on_change(value) is called on every change."""
        super().__init__(rect, tooltip)
        self.options, self.index, self.on_change = list(options), index, on_change
        self.label, self.size = label, size

    @property
    def value(self):
        return self.options[self.index][0]

    def set_value(self, value):
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i

    def counts(self) -> bool:
        """Are the options numbers (players, rounds, points)? Those stop at their ends: a match length
        that jumps from 1 round to 20 surprises; words (human/computer, a level) go round."""
        return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v, _ in self.options)

    def step(self, delta: int):
        if not self.enabled or not self.options:
            return
        index = self.index + delta
        if self.counts():
            index = max(0, min(len(self.options) - 1, index))
            if index == self.index:
                return
        self.index = index % len(self.options)
        self.on_change(self.value)

    def _arrows(self):
        r = self.rect
        w = min(28, r.h)
        return pygame.Rect(r.x, r.y, w, r.h), pygame.Rect(r.right - w, r.y, w, r.h)

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(_pos(event))
        elif event.type == pygame.MOUSEBUTTONDOWN and self.hit(_pos(event)):
            button = getattr(event, "button", 1)
            if button in (4, 5):
                self.step(1 if button == 4 else -1)
                return True
            if button != 1:
                return False
            left, right = self._arrows()
            self.step(-1 if event.pos[0] < self.rect.centerx else 1)
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key == pygame.K_RIGHT:
                self.step(1)
                return True
        return False

    def activate(self):
        self.step(1)

    def draw(self, surf):
        if not self.visible:
            return
        draw_panel(surf, self.rect, theme.BUTTON_HOVER if self.hover else theme.BUTTON,
                   theme.ACCENT if self.focused else theme.PANEL_EDGE, radius=8, width=3 if self.focused else 1)
        left, right = self._arrows()
        colour = theme.TEXT if self.enabled else theme.DIM
        blit_text(surf, "◀", self.size, left.center, colour, anchor="center")
        blit_text(surf, "▶", self.size, right.center, colour, anchor="center")
        text = tr(self.options[self.index][1]) if self.options else ""
        inner = self.rect.w - left.w - right.w - 8
        size = fonts.fit(text, self.size, inner, bold=True)
        blit_text(surf, text, size, self.rect.center, colour, bold=True, anchor="center")


class TextInput(Widget):
    """A one-line text field (names): click to type, Enter or Tab to finish."""

    focusable = True

    def __init__(self, value: str, on_change: Callable[[str], None], rect=None, max_len: int = 16,
                 placeholder: str = "", size: int = 18, tooltip: Optional[str] = None):
        super().__init__(rect, tooltip)
        self.value, self.on_change, self.max_len = value, on_change, max_len
        self.placeholder, self.size = placeholder, size
        self.blink = 0.0

    def set_focus(self, focused: bool):
        if focused == self.focused:
            return
        self.focused = focused
        try:
            if focused:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.rect)
            else:
                pygame.key.stop_text_input()
        except pygame.error:
            pass

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(_pos(event))
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            inside = self.hit(_pos(event))
            self.set_focus(inside and self.enabled)
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            text = "".join(ch for ch in getattr(event, "text", "") if ch.isprintable())
            if text:
                self.value = (self.value + text)[: self.max_len]
                self.on_change(self.value)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self.on_change(self.value)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.set_focus(False)
                return True
            # Printable keys arrive as TEXTINPUT; swallow them here so shortcuts don't fire while typing.
            return event.key != pygame.K_TAB
        return False

    def update(self, dt):
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surf):
        if not self.visible:
            return
        draw_panel(surf, self.rect, (28, 44, 37), theme.ACCENT if self.focused else theme.PANEL_EDGE,
                   radius=6, width=3 if self.focused else 1)
        shown = self.value or tr(self.placeholder)
        colour = theme.TEXT if self.value else theme.DIM
        s = fonts.ellipsize(shown, self.size, self.rect.w - 20)
        r = blit_text(surf, s, self.size, (self.rect.x + 8, self.rect.centery), colour, anchor="midleft")
        if self.focused and self.blink < 0.6:
            x = r.right + 1 if self.value else self.rect.x + 8
            pygame.draw.line(surf, theme.TEXT, (x, self.rect.y + 7), (x, self.rect.bottom - 7), 2)


class WidgetGroup:
    """The widgets of one scene: routes events, keeps keyboard focus and shows tooltips."""

    TOOLTIP_DELAY = 0.5

    def __init__(self, widgets: Sequence[Widget] = ()):
        self.widgets = list(widgets)
        self.focus: Optional[Widget] = None
        self.mouse = None
        self.hover_time = 0.0
        self.hovered: Optional[Widget] = None

    def add(self, *widgets):
        self.widgets.extend(widgets)
        return widgets[0] if len(widgets) == 1 else widgets

    def clear(self):
        self.set_focus(None)
        self.widgets = []

    def set_focus(self, widget: Optional[Widget]):
        for w in self.widgets:
            if w is not widget:
                if isinstance(w, TextInput):
                    w.set_focus(False)
                else:
                    w.focused = False
        self.focus = widget
        if widget is not None:
            if isinstance(widget, TextInput):
                widget.set_focus(True)
            else:
                widget.focused = True

    def _focusables(self):
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def handle(self, event) -> bool:
        """Give the event to the widgets; True when one of them used it."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = _pos(event)
            hovered = next((w for w in self.widgets if w.hit(self.mouse)), None)
            if hovered is not self.hovered:
                self.hovered, self.hover_time = hovered, 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            items = self._focusables()
            if items:
                back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                i = items.index(self.focus) if self.focus in items else (-1 if not back else 0)
                self.set_focus(items[(i + (-1 if back else 1)) % len(items)])
            return True
        if isinstance(self.focus, TextInput) and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            used = self.focus.handle(event)
            if not self.focus.focused:
                self.focus = None
            return used
        if (event.type == pygame.KEYDOWN and self.focus is not None and self.focus.visible
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.focus.activate()
            return True
        used = False
        for w in list(self.widgets):
            if w.handle(event):
                used = True
                if event.type == pygame.MOUSEBUTTONDOWN:
                    if w.focusable:
                        self.set_focus(w) if isinstance(w, TextInput) else self._blur_text()
                break
        if event.type == pygame.MOUSEBUTTONDOWN and not used:
            self._blur_text()
        if event.type == pygame.MOUSEMOTION:
            return False
        return used

    def _blur_text(self):
        if isinstance(self.focus, TextInput):
            self.focus.set_focus(False)
            self.focus = None

    def update(self, dt):
        for w in self.widgets:
            w.update(dt)
        if self.hovered is not None:
            self.hover_time += dt

    def draw(self, surf):
        for w in self.widgets:
            w.draw(surf)
        self.draw_tooltip(surf)

    def draw_tooltip(self, surf):
        w = self.hovered
        if w is None or not w.tooltip or not w.visible or self.hover_time < self.TOOLTIP_DELAY or self.mouse is None:
            return
        lines = fonts.wrap(tr(w.tooltip), 15, 360)
        lh = fonts.line_height(15)
        width = max(fonts.width(line, 15) for line in lines) + 16
        rect = pygame.Rect(self.mouse[0] + 14, self.mouse[1] + 18, width, lh * len(lines) + 10)
        rect.clamp_ip(surf.get_rect())
        draw_panel(surf, rect, (30, 34, 32), theme.ACCENT, radius=6)
        for i, line in enumerate(lines):
            blit_text(surf, line, 15, (rect.x + 8, rect.y + 5 + i * lh))
