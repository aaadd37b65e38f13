"""The zones kit: the small pieces a family's table is laid out from (issue 9).

Each zone knows its rect(s) for the window it was laid out in, hit-tests a point to a place
(the same place tuples as the actions: ("hand", seat, id), ("discard",), ("deck",),
("last", id)) and draws itself from images the plug-in hands it (CardArt faces and backs),
so a zone never decides what a viewer may see: the plug-in, drawing from a view, does.
`Zones` gathers a table's zones: place -> rect, and `hit(point)`.

Marks are shapes as well as colours: a lit place gets an outline with corner brackets, a
selected card is lifted and outlined thick.
"""
from __future__ import annotations

from typing import Callable, Optional

import pygame

from game.i18n import tr
from game.ui import fonts, theme
from game.ui.widgets import blit_text, draw_panel

CARD_RATIO = 0.7        # width / height of a card


def card_size(height: int) -> tuple:
    """(width, height) of a card `height` pixels tall."""
    height = max(12, int(height))
    return (max(9, int(height * CARD_RATIO)), height)


def draw_lit(surf, rect, colour=theme.TARGET):
    """A legal target: an outline plus corner brackets (a shape, not colour alone)."""
    r = rect.inflate(8, 8)
    pygame.draw.rect(surf, colour, r, 2, border_radius=8)
    n = max(6, min(r.w, r.h) // 4)
    for (cx, cy), (dx, dy) in (((r.left, r.top), (1, 1)), ((r.right - 1, r.top), (-1, 1)),
                               ((r.left, r.bottom - 1), (1, -1)), ((r.right - 1, r.bottom - 1), (-1, -1))):
        pygame.draw.line(surf, colour, (cx, cy), (cx + dx * n, cy), 4)
        pygame.draw.line(surf, colour, (cx, cy), (cx, cy + dy * n), 4)


def draw_selected(surf, rect):
    """A selected card: a thick gold outline (it is also drawn lifted)."""
    pygame.draw.rect(surf, theme.ACCENT, rect.inflate(6, 6), 4, border_radius=8)


def caption(surf, rect, text, colour=theme.MUTED, size=14, below=True):
    """A short line under (or above) a rect, shrunk to fit a little wider than the rect."""
    room = rect.w + max(12, rect.w // 3) - 6
    size = fonts.fit(text, size, room, min_size=8)
    text = fonts.ellipsize(text, size, room)
    if below:
        return blit_text(surf, text, size, (rect.centerx, rect.bottom + 4), colour, False, "midtop")
    return blit_text(surf, text, size, (rect.centerx, rect.y - 4), colour, False, "midbottom")


ImageFor = Callable[[tuple, tuple], Optional[pygame.Surface]]     # (place, size) -> image or None


class Zone:
    """A part of the table: its places and their rects. A zone that is not `touchable` (other
    players' face-down hands) is drawn but never hit."""

    touchable = True

    def rects(self) -> dict:
        """place -> rect, in drawing order (the last one drawn is on top)."""
        return {}

    def hit(self, point) -> Optional[tuple]:
        """The place under `point` (the topmost one), or None."""
        if not self.touchable:
            return None
        for place, rect in reversed(list(self.rects().items())):
            if rect.collidepoint(point):
                return place
        return None

    def bounds(self) -> pygame.Rect:
        rects = list(self.rects().values())
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)

    def draw(self, surf, image_for: ImageFor, lit=frozenset(), selected=frozenset(), hidden=frozenset()):
        pass


class Pile(Zone):
    """A pile: one place, its top card (or a back, or an empty outline) and its count."""

    def __init__(self, place: tuple, rect: pygame.Rect, label: str = "", count: int = 0, depth: int = 3):
        self.place, self.rect, self.label, self.count, self.depth = place, pygame.Rect(rect), label, count, depth

    def rects(self) -> dict:
        return {self.place: self.rect}

    def draw(self, surf, image_for, lit=frozenset(), selected=frozenset(), hidden=frozenset(), empty=None):
        img = None if self.place in hidden else image_for(self.place, self.rect.size)
        if img is None:
            if empty is not None:
                surf.blit(empty, self.rect)
        else:
            # a thicker stack for more cards: the count is also in words below
            layers = max(1, min(self.depth, 1 + self.count // 15))
            for i in range(layers - 1, -1, -1):
                surf.blit(img, self.rect.move(-2 * i, -2 * i))
        if self.label:
            caption(surf, self.rect, f"{tr(self.label)} · {self.count}" if self.count is not None else tr(self.label))
        if self.place in selected:
            draw_selected(surf, self.rect)
        elif self.place in lit:
            draw_lit(surf, self.rect)


class Row(Zone):
    """Cards side by side, centred in a rect; they overlap when there is not room for a gap."""

    def __init__(self, places, rect: pygame.Rect, size: tuple, gap: int = 6, lift: int = 0):
        self.places, self.rect, self.size, self.gap = tuple(places), pygame.Rect(rect), tuple(size), gap
        self.lift = lift        # how far up a lit or selected card rises (the legal ones lift)
        self._rects = self._place_cards()

    def _step(self) -> int:
        n = len(self.places)
        w = self.size[0]
        if n <= 1:
            return w + self.gap
        return min(w + self.gap, max(4, (self.rect.w - w) // (n - 1)))

    def _place_cards(self) -> dict:
        n = len(self.places)
        w, h = self.size
        step = self._step()
        total = w + step * (n - 1) if n else 0
        x = self.rect.centerx - total // 2
        y = self.rect.centery - h // 2
        return {p: pygame.Rect(x + i * step, y, w, h) for i, p in enumerate(self.places)}

    def rects(self) -> dict:
        return self._rects

    def draw(self, surf, image_for, lit=frozenset(), selected=frozenset(), hidden=frozenset(), dim=frozenset()):
        """Cards in order; lit and selected ones lifted and marked; `dim` ones shaded (they may not
        be picked: the legal ones stand out by shape and by light, not colour alone)."""
        shown = []
        for place, rect in self._rects.items():
            if place in hidden:
                continue
            up = self.lift if (place in selected or place in lit) else 0
            r = rect.move(0, -up)
            img = image_for(place, rect.size)
            if img is not None:
                surf.blit(img, r)
            if place in dim:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (0, 0, 0, 80), shade.get_rect(), border_radius=max(3, r.w // 10))
                surf.blit(shade, r)
            shown.append((place, r))
        for place, r in shown:      # marks over the cards: a neighbour never hides one
            if place in selected:
                draw_selected(surf, r)
            elif place in lit:
                draw_lit(surf, r)


class Fan(Row):
    """Overlapping cards, like a hand held up: a click or a drag picks the card whose visible
    strip is under the point (the topmost), and a selected card is lifted."""

    def __init__(self, places, rect, size, lift: int = 0, spread: float = 0.62):
        self.spread = spread        # at most this much of a card's width between two cards
        super().__init__(places, rect, size, gap=0, lift=lift)

    def _step(self) -> int:
        n = len(self.places)
        w = self.size[0]
        if n <= 1:
            return w
        return max(6, min(int(w * self.spread), (self.rect.w - w) // (n - 1)))

    def index_at(self, x: int) -> int:
        """Where a card dropped at x goes in the fan (0..len): the cards whose visible strip's
        middle lies left of x stay left of it (sorting by dragging along the fan)."""
        step = self._step()
        return sum(1 for r in self._rects.values() if r.x + min(step, r.w) // 2 < x)

    def hit(self, point):
        # a lifted card's visible top edge counts too: only the strip each card shows is its own
        if not self.touchable:
            return None
        for place, rect in reversed(list(self._rects.items())):
            if rect.inflate(0, 2 * self.lift).move(0, -self.lift).collidepoint(point):
                return place
        return None


class Grid(Zone):
    """Cards in rows and columns: `cols` fixed, or growing (cols=None) to fit the rect's width."""

    def __init__(self, places, rect: pygame.Rect, size: tuple, cols: Optional[int] = None, gap: int = 6):
        self.places, self.rect, self.size, self.gap = tuple(places), pygame.Rect(rect), tuple(size), gap
        w, h = size
        self.cols = cols or max(1, (self.rect.w + gap) // (w + gap))
        self._rects = {}
        for i, p in enumerate(self.places):
            r, c = divmod(i, self.cols)
            self._rects[p] = pygame.Rect(self.rect.x + c * (w + gap), self.rect.y + r * (h + gap), w, h)

    def rows(self) -> int:
        return (len(self.places) + self.cols - 1) // self.cols

    def rects(self) -> dict:
        return self._rects

    def draw(self, surf, image_for, lit=frozenset(), selected=frozenset(), hidden=frozenset()):
        for place, rect in self._rects.items():
            if place in hidden:
                continue
            img = image_for(place, rect.size)
            if img is not None:
                surf.blit(img, rect)
            if place in selected:
                draw_selected(surf, rect)
            elif place in lit:
                draw_lit(surf, rect)


class Counter(Zone):
    """A number with its label ("Deck 23", "Total 49 / 100"): no place, nothing to hit."""

    def __init__(self, rect: pygame.Rect, label: str, value, colour=theme.TEXT, note: str = ""):
        self.rect, self.label, self.value, self.colour, self.note = pygame.Rect(rect), label, value, colour, note

    def hit(self, point):
        return None

    def draw(self, surf, image_for=None, lit=frozenset(), selected=frozenset(), hidden=frozenset()):
        draw_panel(surf, self.rect, theme.PANEL, theme.PANEL_EDGE, radius=6)
        text = f"{tr(self.label)} {self.value}" if self.label else str(self.value)
        if self.note:
            text += f" · {tr(self.note)}"
        size = fonts.fit(text, max(9, int(self.rect.h * 0.6)), self.rect.w - 8, True, min_size=8)
        blit_text(surf, fonts.ellipsize(text, size, self.rect.w - 8, True), size, self.rect.center,
                  self.colour, True, "center")


class Pawn(Zone):
    """A marker standing at a point (the dealer's button, whose turn it is): a disc with a letter."""

    def __init__(self, center, radius: int, letter: str = "", colour=theme.ACCENT):
        self.center, self.radius, self.letter, self.colour = center, max(5, radius), letter, colour

    def hit(self, point):
        return None

    def bounds(self):
        return pygame.Rect(self.center[0] - self.radius, self.center[1] - self.radius,
                           2 * self.radius, 2 * self.radius)

    def draw(self, surf, image_for=None, lit=frozenset(), selected=frozenset(), hidden=frozenset()):
        pygame.draw.circle(surf, self.colour, self.center, self.radius)
        pygame.draw.circle(surf, theme.BAR, self.center, self.radius, 2)
        if self.letter:
            blit_text(surf, self.letter, max(8, int(self.radius * 1.2)), self.center, theme.BAR, True, "center")


class Token(Zone):
    """A small badge on a card's corner ("TAKEN", "+2"): words, so colour is never the only cue."""

    def __init__(self, card_rect: pygame.Rect, text: str, colour=theme.ACCENT, corner: str = "topright"):
        self.card_rect, self.text, self.colour, self.corner = pygame.Rect(card_rect), text, colour, corner

    def hit(self, point):
        return None

    def draw(self, surf, image_for=None, lit=frozenset(), selected=frozenset(), hidden=frozenset()):
        size = max(8, min(14, self.card_rect.h // 7))
        img = fonts.text(self.text, size, theme.BAR, True)
        box = img.get_rect().inflate(8, 2)
        setattr(box, self.corner, getattr(self.card_rect.inflate(6, 6), self.corner))
        pygame.draw.rect(surf, self.colour, box, border_radius=5)
        surf.blit(img, img.get_rect(center=box.center))


class Zones:
    """A table's zones: place -> rect, and what is under a point.

    `extra` holds named rects that are not places (a seat's plate, the banner line), so a
    plug-in's animation steps and drawing find them by name.
    """

    def __init__(self, size=(0, 0)):
        self.size = tuple(size)
        self.zones: dict = {}       # name -> Zone, in drawing order
        self.extra: dict = {}       # name -> pygame.Rect

    def add(self, name, zone: Zone) -> Zone:
        self.zones[name] = zone
        return zone

    def __getitem__(self, name) -> Zone:
        return self.zones[name]

    def get(self, name, default=None):
        return self.zones.get(name, default)

    def rect(self, place) -> Optional[pygame.Rect]:
        """The rect of a place (the last zone that has it), or None."""
        found = None
        for zone in self.zones.values():
            r = zone.rects().get(place)
            if r is not None:
                found = r
        return found

    def places(self) -> dict:
        """Every place -> its rect."""
        out = {}
        for zone in self.zones.values():
            out.update(zone.rects())
        return out

    def hit(self, point) -> Optional[tuple]:
        """The place under `point` (zones added later lie on top), or None."""
        if point is None:
            return None
        for zone in reversed(list(self.zones.values())):
            place = zone.hit(point)
            if place is not None:
                return place
        return None

    def all_rects(self) -> list:
        """Every rect drawn into (tests check they stay inside the window)."""
        out = [z.bounds() for z in self.zones.values() if z.bounds().w]
        return out + list(self.extra.values())
