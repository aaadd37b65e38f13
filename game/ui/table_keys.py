"""The keyboard at the table, common to every family: a focus over the places the legal moves touch.

The arrow keys move the focus to the nearest such place in their direction (what lights up now: the
places that start a move, or extend the cards already picked, and the picked ones themselves);
Enter or Space picks the focused place exactly as a click on it would. So a whole match can be
played without a mouse: place-less moves are buttons (Tab reaches them, Enter presses them) or
their shortcut keys, and the pass screen has its own key.

The focus exists only once an arrow key was pressed (a mouse player never sees it), follows the
moves (after a move it goes to the place nearest where it was) and is dropped when the table is
covered (a pass screen: the next player starts afresh).
"""
from __future__ import annotations

from typing import Optional

import pygame

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PICK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def _picked(selected) -> set:
    """The places a selection holds: a tuple of places (the generic input) or one place (memory)."""
    if selected is None:
        return set()
    if isinstance(selected, tuple) and selected and all(isinstance(p, tuple) for p in selected):
        return set(selected)
    return {selected}


class KeyFocus:
    """Where the keyboard is on the table (a place), and the point it was last drawn at."""

    def __init__(self):
        self.place = None
        self.point: Optional[tuple] = None

    def reset(self) -> None:
        self.place, self.point = None, None

    @staticmethod
    def candidates(scene, zones=None) -> dict:
        """place -> rect of every place the keyboard may go to now (`zones`: the layout already made
        for this frame, if there is one)."""
        ctrl, inp = scene.ctrl, scene.input
        if ctrl.input_seat() is None and getattr(inp, "actor", lambda: None)() is None:
            return {}
        places = set(scene._targets_now()) | _picked(inp.selected)
        zones = zones or scene.current_layout()
        out = {}
        for place in places:
            rect = scene.plugin.place_rect(zones, place)
            if rect is not None:
                out[place] = pygame.Rect(rect)
        return out

    def current(self, scene, zones=None):
        """(place, rect) the keyboard is on now, or None (no focus, its place is not a candidate, or Tab
        has put the keyboard on a button: Enter is the button's then, and an arrow comes back)."""
        if self.place is None or scene.ui.focus is not None:
            return None
        rect = self.candidates(scene, zones).get(self.place)
        return (self.place, rect) if rect is not None else None

    def move(self, scene, direction) -> bool:
        """An arrow key: to the nearest candidate that way (the first press: the one nearest the
        bottom middle, where the player's own cards are). False if there is nowhere to go."""
        found = self.candidates(scene)
        if not found:
            return False
        here = found.get(self.place) if scene.ui.focus is None else None
        if here is None:
            if self.point is not None:
                start = self.point
            else:
                felt = scene.frame().table
                start = (felt.centerx, felt.bottom)
            best = min(found, key=lambda p: _distance(start, found[p].center))
        else:
            best = _toward(here.center, direction, {p: r for p, r in found.items() if p != self.place})
            if best is None:
                return False
        self.place, self.point = best, found[best].center
        return True

    def snap(self, scene) -> None:
        """After the moves changed: stay, or go to the candidate nearest where the focus was."""
        if self.place is None:
            return
        found = self.candidates(scene)
        if self.place in found:
            self.point = found[self.place].center
            return
        if not found:
            return                  # kept: it comes back when there is something to pick again
        best = min(found, key=lambda p: _distance(self.point or (0, 0), found[p].center))
        self.place, self.point = best, found[best].center


def _distance(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def _toward(origin, direction, found: dict):
    """The place whose centre lies most nearly `direction` from `origin` (None: none lies that way)."""
    dx, dy = direction
    best, score = None, None
    for place, rect in found.items():
        vx, vy = rect.centerx - origin[0], rect.centery - origin[1]
        along = vx * dx + vy * dy
        if along <= 2:
            continue
        across = abs(vx * dy - vy * dx)
        value = along + 2 * across
        if score is None or value < score:
            best, score = place, value
    return best
