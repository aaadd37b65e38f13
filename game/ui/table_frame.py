"""The table's frame, common to every family: the top bar, the side panel (scores, "What happened",
keys) and the status bar (prompt and message), laid out from the window size alone.

A family's plug-in lays out and draws the felt between them (`Frame.table`); the frame is drawn
from the view's public parts every family has (seats with their totals, the dealer) and from the
common `Visuals`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

import pygame

from game.i18n import tr
from game.ui import fonts, theme
from game.ui.scene import draw_felt
from game.ui.widgets import blit_text

TOP_BAR = 44          # at 1280x800; larger windows get a taller bar


@dataclass(frozen=True)
class Frame:
    """The common bars around the felt."""
    size: tuple
    top_bar: pygame.Rect
    table: pygame.Rect          # the felt: the family's zones go here
    sidebar: pygame.Rect        # scores, log, keys
    status: pygame.Rect         # prompt, message and action buttons
    scale: float = 1.0          # text size factor for bars and panels (1.0 at 1280x800)


def compute(size) -> Frame:
    """The frame for a window of `size`."""
    return _compute(tuple(size))


@lru_cache(maxsize=16)
def _compute(size) -> Frame:
    w, h = size
    scale = max(0.85, min(1.35, min(w / 1280, h / 800)))
    side_w = max(220, min(int(340 * scale), int(w * 0.2)))
    status_h = max(84, min(120, int(h * 0.12)))
    bar_h = int(TOP_BAR * scale)
    top_bar = pygame.Rect(0, 0, w, bar_h)
    sidebar = pygame.Rect(w - side_w, bar_h, side_w, h - bar_h)
    table = pygame.Rect(0, bar_h, w - side_w, h - bar_h - status_h)
    status = pygame.Rect(0, table.bottom, table.w, status_h)
    return Frame(size, top_bar, table, sidebar, status, scale)


@lru_cache(maxsize=64)
def fitted(text: str, sizes: tuple, width: int, room: int) -> tuple:
    """(size, lines) of a text wrapped to `width` in the largest of `sizes` whose lines fit `room`
    pixels high; at the smallest, what still does not fit ends in "…" (never cut silently). Kept:
    the status bar asks every frame, and a lesson's words stay the same for many."""
    for size in sizes:
        lines = fonts.wrap(text, size, width)
        if len(lines) * fonts.line_height(size) <= room:
            return size, tuple(lines)
    fit = max(1, room // fonts.line_height(size))
    if len(lines) > fit:
        lines = lines[:fit]
        lines[-1] = fonts.ellipsize(lines[-1] + " …", size, width)
    return size, tuple(lines)


@dataclass
class Visuals:
    """What the common table adds to the view: highlights, selection, hidden places, texts.
    A plug-in may extend it (its `visuals` hook) with what its own drawing needs."""
    names: tuple = ()
    title: str = ""
    viewer_label: str = ""
    hidden: set = field(default_factory=set)          # places an animation will land
    targets: set = field(default_factory=set)         # places that light up (legal targets)
    selected: object = None                           # the selected place
    dragging: object = None                           # the dragged place (drawn at its origin as a gap)
    prompt: str = ""
    message: str = ""
    message_error: bool = False
    log: tuple = ()
    log_scroll: int = 0                               # how many of the newest log lines are scrolled away
    show_log: bool = True
    key_help: tuple = ()
    acting: Optional[int] = None                      # whose move it is (highlighted plate)
    viewer: Optional[int] = None                      # whose view is on screen (None: the public view)
    text_right: Optional[int] = None                  # the status bar's text ends before this x (buttons)
    title_right: Optional[int] = None                 # the top bar's title ends before this x (its buttons)
    scores: Optional[tuple] = None                    # the side panel's lines ((seat, label, value), ...);
    #                                                   None: each seat's total (a plug-in's `visuals` may say)
    zoomed: object = None                             # the place a resting pointer zooms (TableScene.zoomed)
    # a finished match shown again (the replay): no live aids (how to drag, sort chips and their keys)
    replay: bool = False
    # the replay's "all cards": every face the view holds is drawn face up (the view comes from the
    # family's open_view: the match is over, nothing is secret any more)
    open_cards: bool = False


class FrameDrawer:
    """Draws the felt, the top bar, the side panel and the status bar."""

    def __init__(self):
        self.scale = 1.0

    def fs(self, size: int) -> int:
        """A text size for bars and panels, scaled with the window."""
        return max(11, round(size * self.scale))      # 11 px: the floor of readable text at the table

    def draw_back(self, surf, frame: Frame, vis: Visuals):
        """Under the family's zones: the felt and the top bar."""
        self.scale = frame.scale
        draw_felt(surf, frame.table)
        self.draw_top_bar(surf, frame, vis)

    def draw_front(self, surf, frame: Frame, view, vis: Visuals):
        """Over the family's zones: the side panel and the status bar."""
        self.scale = frame.scale
        self.draw_sidebar(surf, frame, view, vis)
        self.draw_status(surf, frame, vis)

    # ---- bars ----
    def draw_top_bar(self, surf, frame, vis):
        r = frame.top_bar
        pygame.draw.rect(surf, theme.BAR, r)
        pygame.draw.line(surf, theme.PANEL_EDGE, r.bottomleft, (r.right, r.bottom), 1)
        x = r.x + 14
        # the bar's right end holds the Rules and Menu buttons, and a guided game's Skip and Leave
        # guide (placed by the table scene; `title_right` where the leftmost shown begins)
        right = vis.title_right if vis.title_right is not None else r.right - 14 - 2 * round(110 * self.scale) - 10
        room = right - 16 - x
        label_w = fonts.width(vis.viewer_label, self.fs(16)) + 18 if vis.viewer_label else 0
        # whose view is on screen is never dropped: the title gives way first (smaller, then cut)
        size = fonts.fit(vis.title, self.fs(20), room - label_w, True, min_size=self.fs(14))
        text = fonts.ellipsize(vis.title, size, max(40, room - label_w), True)
        title = blit_text(surf, text, size, (x, r.centery), theme.TEXT, True, "midleft")
        if vis.viewer_label:
            blit_text(surf, vis.viewer_label, self.fs(16), (title.right + 18, r.centery), theme.ACCENT, False,
                      "midleft")

    def draw_status(self, surf, frame, vis):
        r = frame.status
        pygame.draw.rect(surf, theme.BAR, r)
        pygame.draw.line(surf, theme.PANEL_EDGE, r.topleft, r.topright, 1)
        text_w = int(r.w * 0.62)
        if vis.text_right is not None:
            # the prompt wraps before the action buttons instead of running under them (they
            # take three quarters of the bar at most: the text keeps the rest, and shrinks to fit)
            text_w = max(60, min(r.w - 32, vis.text_right - r.x - 36))
        y = r.y + 10
        shown = 0                                         # the prompt's lines
        if vis.prompt:
            # two lines at the normal size; a long prompt gets a smaller size and three lines
            size = self.fs(19 if r.h >= 96 else 17)
            lines = fonts.wrap(vis.prompt, size, text_w, True)
            if len(lines) > 2:
                size -= 3
                lines = fonts.wrap(vis.prompt, size, text_w, True)
            room = 3 if not vis.message else 2
            if len(lines) > room:                         # cut where it shows, never silently
                lines = lines[:room]
                lines[-1] = fonts.ellipsize(lines[-1] + " …", size, text_w, True)
            for line in lines:
                blit_text(surf, line, size, (r.x + 16, y), theme.TEXT, True)
                y += fonts.line_height(size, True)
                shown += 1
        if vis.message:
            # a refusal in red with a cross; anything else (a hint, "wait") is a notice, never green:
            # green would say "well done" about a warning
            mark = "✖ " if vis.message_error else "ℹ "
            colour = theme.DANGER if vis.message_error else theme.ACCENT
            # the whole message, in the room under the prompt: the bar's width where no button stands
            # at its right, then a smaller size (a guide's lesson in German is four or five lines at
            # the prompt's width); what still does not fit ends in "…", never silently
            width = text_w if vis.text_right is not None else max(text_w, r.w - 32)
            sizes = tuple(self.fs(size) for size in (16, 15, 14, 13, 12))
            size, lines = fitted(mark + vis.message, sizes, width, r.bottom - 4 - (y + 2))
            for line in lines:
                blit_text(surf, line, size, (r.x + 16, y + 2), colour, False)
                y += fonts.line_height(size)

    def draw_sidebar(self, surf, frame, view, vis):
        r = frame.sidebar
        if not r.w:
            return
        pygame.draw.rect(surf, theme.PANEL, r)
        pygame.draw.line(surf, theme.PANEL_EDGE, r.topleft, r.bottomleft, 1)
        x, y, w = r.x + 14, r.y + 12, r.w - 28
        blit_text(surf, tr("Scores"), self.fs(17), (x, y), theme.ACCENT, True)
        y += self.fs(26)
        lines = vis.scores
        if lines is None:
            lines = []
            for s in view.seats:
                name = vis.names[s.seat] if s.seat < len(vis.names) else tr("Seat {n}", n=s.seat + 1)
                lines.append((s.seat, name + (tr("  (dealer)") if s.seat == view.dealer else ""), str(s.total)))
        for seat, name, value in lines:
            label = fonts.ellipsize(name, self.fs(15), w - 50)
            colour = theme.ACCENT if seat == vis.acting else theme.TEXT
            blit_text(surf, ("▶ " if seat == vis.acting else "  ") + label, self.fs(15), (x, y), colour)
            blit_text(surf, value, self.fs(15), (r.right - 14, y), colour, True, "topright")
            y += self.fs(21)
        y += 10
        keys_h = (len(vis.key_help) + 1) * self.fs(19) + 12
        if vis.show_log:
            blit_text(surf, tr("What happened"), self.fs(17), (x, y), theme.ACCENT, True)
            y += self.fs(26)
            lh = fonts.line_height(self.fs(14))
            end = len(vis.log) - max(0, min(vis.log_scroll, len(vis.log) - 1))
            room = r.bottom - keys_h - y - 8 - (lh if end < len(vis.log) else 0)
            shown = []
            total = 0
            for entry in reversed(vis.log[:end]):        # only what fits is wrapped: the log is the whole match
                wrapped = fonts.wrap(entry, self.fs(14), w)
                need = len(wrapped) * lh + 4
                if total + need > room:
                    break
                shown.insert(0, wrapped)
                total += need
            if len(shown) < end:                         # a line of its own says there is more above
                while shown and total + lh > room:
                    total -= len(shown.pop(0)) * lh + 4
                older = fonts.ellipsize(tr("{n} earlier · scroll up", n=end - len(shown)), self.fs(12), w)
                blit_text(surf, older, self.fs(12), (x, y), theme.DIM)
                y += lh
            for i, wrapped in enumerate(shown):
                colour = theme.TEXT if i == len(shown) - 1 and end == len(vis.log) else theme.MUTED
                for line in wrapped:
                    blit_text(surf, line, self.fs(14), (x, y), colour)
                    y += lh
                y += 4
            if end < len(vis.log):
                blit_text(surf, tr("{n} newer · scroll down", n=len(vis.log) - end), self.fs(12), (x, y), theme.ACCENT)
        y = r.bottom - keys_h
        pygame.draw.line(surf, theme.PANEL_EDGE, (x, y - 6), (r.right - 14, y - 6), 1)
        blit_text(surf, tr("Keys"), self.fs(15), (x, y), theme.ACCENT, True)
        y += self.fs(19)
        # the key column fits its longest key name ("Leertaste"), up to 40% of the panel
        keys = [(tr(key), tr(what)) for key, what in vis.key_help]
        gap = self.fs(8)
        column = max([self.fs(62), *(fonts.width(key, self.fs(13), True) + gap for key, _ in keys)])
        column = min(column, int(w * 0.4))
        for key, what in keys:
            blit_text(surf, fonts.ellipsize(key, self.fs(13), column - gap, True), self.fs(13), (x, y), theme.TEXT, True)
            blit_text(surf, fonts.ellipsize(what, self.fs(13), w - column), self.fs(13), (x + column, y), theme.MUTED)
            y += self.fs(19)
