"""Where a memory-family table's seats and piles go, computed from the window size alone.

The focus seat (the viewer, or the last human who looked) sits at the
bottom; the others follow clockwise: left, across, right. Card size is the
largest at which no two seat boxes, the centre piles or the window edges
overlap, so the same code serves 2 seats at 1920x1080 and 8 seats (Cambio's
most) with penalty cards at 1024x640.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

import pygame

from game.ui import table_frame

# Seat anchors by number of seats, clockwise from the focus seat at the bottom:
# (side, fraction along that side). 'b'/'t' boxes stick to the bottom/top edge,
# 'l'/'r' to the left/right edge. Several arrangements are tried; the one
# that allows the biggest cards wins. An arrangement may end with ("c", fx, fy): its
# piles go there (a fraction of the felt), instead of the middle places of CENTRES.
ANCHORS = {
    1: [[("b", 0.5)]],
    # two seats face to face with the piles between them leave the felt's sides empty and the cards
    # small (97 px at 1280x800, against 145 with three seats): the seats may move right of the middle
    # and the piles go to their left, beside both
    2: [[("b", 0.5), ("t", 0.5)], [("b", 0.68), ("t", 0.68), ("c", 0.28, 0.5)]],
    3: [[("b", 0.5), ("t", 0.25), ("t", 0.75)], [("b", 0.5), ("t", 0.17), ("t", 0.83)],
        [("b", 0.5), ("l", 0.4), ("r", 0.4)]],
    4: [[("b", 0.5), ("l", 0.48), ("t", 0.5), ("r", 0.48)], [("b", 0.5), ("l", 0.3), ("t", 0.5), ("r", 0.3)],
        [("b", 0.5), ("l", 0.62), ("t", 0.5), ("r", 0.62)]],
    5: [[("b", 0.5), ("l", 0.55), ("t", 0.3), ("t", 0.7), ("r", 0.55)],
        [("b", 0.5), ("l", 0.62), ("t", 0.2), ("t", 0.8), ("r", 0.62)],
        [("b", 0.5), ("l", 0.5), ("t", 0.33), ("t", 0.67), ("r", 0.5)]],
    6: [[("b", 0.5), ("l", 0.6), ("t", 0.2), ("t", 0.5), ("t", 0.8), ("r", 0.6)],
        [("b", 0.5), ("l", 0.72), ("l", 0.22), ("t", 0.5), ("r", 0.22), ("r", 0.72)],
        [("b", 0.5), ("l", 0.66), ("t", 0.14), ("t", 0.5), ("t", 0.86), ("r", 0.66)]],
    7: [[("b", 0.5), ("l", 0.72), ("l", 0.2), ("t", 0.5), ("r", 0.2), ("r", 0.72), ("b", 0.86)],
        [("b", 0.5), ("l", 0.66), ("t", 0.12), ("t", 0.37), ("t", 0.63), ("t", 0.88), ("r", 0.66)],
        [("b", 0.5), ("l", 0.75), ("l", 0.25), ("t", 0.3), ("t", 0.7), ("r", 0.25), ("r", 0.75)]],
    8: [[("b", 0.5), ("l", 0.72), ("l", 0.2), ("t", 0.3), ("t", 0.7), ("r", 0.2), ("r", 0.72), ("b", 0.86)],
        [("b", 0.5), ("b", 0.14), ("l", 0.45), ("t", 0.14), ("t", 0.5), ("t", 0.86), ("r", 0.45), ("b", 0.86)],
        [("b", 0.5), ("l", 0.75), ("l", 0.25), ("t", 0.25), ("t", 0.5), ("t", 0.75), ("r", 0.25), ("r", 0.75)],
        [("b", 0.5), ("l", 0.8), ("l", 0.45), ("t", 0.12), ("t", 0.37), ("t", 0.63), ("t", 0.88), ("r", 0.45)]],
}

# Where the piles may go (fractions of the table), in order of preference.
CENTRES = [(0.5, fy) for fy in (0.5, 0.44, 0.38, 0.32, 0.56, 0.26)]

MARGIN = 10


@dataclass
class SeatBox:
    seat: int
    side: str
    rect: pygame.Rect           # plate + grid
    plate: pygame.Rect          # name, total, markers, race key
    grid: pygame.Rect
    slots: list = field(default_factory=list)   # rect per slot index


@dataclass
class MemoryLayout:
    size: tuple
    top_bar: pygame.Rect
    table: pygame.Rect          # the felt
    sidebar: pygame.Rect        # scores, log, keys
    status: pygame.Rect         # prompt, message and action buttons
    card: tuple                 # size of a layout card
    pile: tuple                 # size of the deck / discard / drawn card
    centre: pygame.Rect         # piles and the race line above them
    race: pygame.Rect           # the line above the piles: race countdown, banners
    deck: pygame.Rect
    discard: pygame.Rect
    drawn: pygame.Rect
    seats: list                 # SeatBox per seat index
    focus: int
    scale: float = 1.0          # text size factor for bars and panels (1.0 at 1280x800)

    def slot_rect(self, pos) -> Optional[pygame.Rect]:
        try:
            return self.seats[pos[0]].slots[pos[1]]
        except (IndexError, TypeError):
            return None

    def hit(self, point):
        """What is under `point`: "deck", "discard", "drawn", ("slot", pos), ("seat", s) or None."""
        if point is None:
            return None
        for name in ("drawn", "discard", "deck"):
            if getattr(self, name).collidepoint(point):
                return name
        for box in self.seats:
            for i, r in enumerate(box.slots):
                if r.collidepoint(point):
                    return ("slot", (box.seat, i))
        for box in self.seats:
            if box.rect.collidepoint(point):
                return ("seat", box.seat)
        return None

    def all_rects(self) -> list:
        """Every rect the table draws into (tests check they stay inside the window)."""
        out = [self.top_bar, self.table, self.status, self.centre, self.deck, self.discard, self.drawn]
        if self.sidebar.w:
            out.append(self.sidebar)
        for box in self.seats:
            out += [box.rect, box.plate, box.grid] + list(box.slots)
        return out


def slot_cell(i: int, rows: int, cols: int) -> tuple:
    """(row, col) of slot i: the ruleset's rows x cols, then penalty positions in extra columns."""
    base = rows * cols
    if i < base:
        return i // cols, i % cols
    e = i - base
    return e % rows, cols + e // rows


def grid_cols(n_slots: int, rows: int, cols: int) -> int:
    extra = max(0, n_slots - rows * cols)
    return cols + (extra + rows - 1) // rows


def compute(size, n_seats: int, slot_counts=None, rows: int = 2, cols: int = 2, focus: int = 0,
            show_log: bool = True) -> MemoryLayout:
    """The layout for a window of `size`; slot_counts: positions per seat (penalty cards widen a seat)."""
    slot_counts = tuple(slot_counts or [rows * cols] * n_seats)
    return _compute(tuple(size), n_seats, slot_counts, rows, cols, focus, show_log)


@lru_cache(maxsize=32)
def _compute(size, n, slot_counts, rows, cols, focus, show_log) -> MemoryLayout:
    frame = table_frame.compute(size)          # the common bars; the seats and piles go on its felt
    top_bar, table, sidebar, status, scale = frame.top_bar, frame.table, frame.sidebar, frame.status, frame.scale
    best, best_ch = None, 0
    arrangements = ANCHORS.get(n) or ANCHORS[max(ANCHORS)]
    for anchors in arrangements:
        ch = int(min(table.h * 0.22, 170 * max(1.0, scale)))    # bigger windows, bigger cards
        while ch >= 26 and ch > best_ch:
            result = _try(table, n, slot_counts, rows, cols, focus, anchors, ch, scale=scale)
            if result is not None:
                best, best_ch = result, ch
                break
            ch -= 2
    if best is None:
        best = _try(table, n, slot_counts, rows, cols, focus, arrangements[0], 26, force=True, scale=scale)
    card, pile, centre, race, deck, discard, drawn, seats = best
    return MemoryLayout(size, top_bar, table, sidebar, status, card, pile, centre, race,
                       deck, discard, drawn, seats, focus, scale)


def _centre_boxes(table, ch, fy=0.5, fx=0.5, scale=1.0):
    pch = int(ch * 1.1)
    pcw = int(pch * 0.7)
    gap = max(14, pcw // 3)
    caption = round(20 * max(1.0, scale))     # the captions' and the race line's text grow with the window
    race_h = round(28 * max(1.0, scale))
    cw_total = 3 * pcw + 2 * gap
    centre = pygame.Rect(0, 0, cw_total + 20, race_h + pch + caption + 8)
    centre.center = (table.x + int(table.w * fx), table.y + int(table.h * fy))
    race = pygame.Rect(centre.x - 30, centre.y, centre.w + 60, race_h)
    y = race.bottom + 4
    x = centre.x + 10
    deck = pygame.Rect(x, y, pcw, pch)
    discard = pygame.Rect(x + pcw + gap, y, pcw, pch)
    drawn = pygame.Rect(x + 2 * (pcw + gap), y, pcw, pch)
    return (pcw, pch), centre, race, deck, discard, drawn


def _try(table, n, slot_counts, rows, cols, focus, anchors, ch, force=False, scale=1.0):
    centres = [a[1:] for a in anchors if a[0] == "c"] or CENTRES
    anchors = [a for a in anchors if a[0] != "c"]
    cw = max(18, int(ch * 0.7))
    gap = max(4, cw // 8)
    plate_h = max(22, min(round(34 * max(1.0, scale)), int(ch * 0.3)))
    seats = [None] * n
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    for k in range(n):
        seat = (focus + k) % n
        side, frac = anchors[k % len(anchors)]
        ncols = grid_cols(slot_counts[seat], rows, cols)
        gw = ncols * cw + (ncols - 1) * gap
        gh = rows * ch + (rows - 1) * gap
        bw = max(gw, min(200, max(150, int(cw * 3.2))))
        rect = pygame.Rect(0, 0, bw, plate_h + 4 + gh)
        if side == "b":
            rect.midbottom = (inner.x + int(inner.w * frac), inner.bottom)
        elif side == "t":
            rect.midtop = (inner.x + int(inner.w * frac), inner.y)
        elif side == "l":
            rect.midleft = (inner.x, inner.y + int(inner.h * frac))
        else:
            rect.midright = (inner.right, inner.y + int(inner.h * frac))
        rect.clamp_ip(inner)
        plate = pygame.Rect(rect.x, rect.y, rect.w, plate_h)
        grid = pygame.Rect(0, 0, gw, gh)
        grid.midtop = (rect.centerx, plate.bottom + 4)
        slots = []
        for i in range(slot_counts[seat]):
            r, c = slot_cell(i, rows, cols)
            slots.append(pygame.Rect(grid.x + c * (cw + gap), grid.y + r * (ch + gap), cw, ch))
        seats[seat] = SeatBox(seat, side, rect, plate, grid, slots)
    inner_ok = inner.inflate(2, 2)
    boxes = [s.rect.inflate(8, 8) for s in seats]
    if not force:
        for i, a in enumerate(boxes):
            if not inner_ok.contains(seats[i].rect):
                return None
            for b in boxes[i + 1:]:
                if a.colliderect(b):
                    return None
    # the piles go in the middle, or higher/lower where the seats leave room
    for fx, fy in centres:
        pile, centre, race, deck, discard, drawn = _centre_boxes(table, ch, fy, fx, scale)
        middle = centre.union(race)
        if inner.contains(middle) and not any(b.colliderect(middle) for b in boxes):
            break
    else:
        if not force:
            return None
        pile, centre, race, deck, discard, drawn = _centre_boxes(table, ch, scale=scale)
    return (cw, ch), pile, centre, race, deck, discard, drawn, seats
