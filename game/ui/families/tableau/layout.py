"""Where Castle Combo's table puts things, from the window size and the view alone (issue 10).

Left, the market: the Castle display above the Village display, each a row of its deck, its
discard pile and its three cards, the Messenger standing at the head of the row it is at. Below
the market, every other player's tableau, small, under a plate with their gold, keys and
discounts (the plate is the place ("seat", s): a neighbour is picked by clicking it). Right, the
tableau of the seat in focus, large: its cards and, while it grows, the lattice of the cells it
may still grow into (a row or column is fixed once three are used: the lattice then frames it).
Card sizes are the largest at which nothing overlaps, from 1024x640 to full screen.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import table_frame
from game.ui.kit import Pile, Zone, Zones, card_size

MARGIN = 10
GAP = 8
PLATE_H = 44            # the focus tableau's plate, at 1280x800
MARKET_SHARE = 0.52     # of the felt's width for the market and the other players
NARROW_PLATE = 190      # a plate narrower than this stacks its name, counters and points


class Cells(Zone):
    """A tableau's places: its cards and (for the focus seat) the empty cells of its lattice."""

    def __init__(self, rects: dict, touchable: bool = True):
        self._rects = dict(rects)
        self.touchable = touchable

    def rects(self) -> dict:
        return self._rects


class Plates(Zone):
    """The players' plates: ("seat", s) -> rect (a neighbour is chosen by clicking one)."""

    def __init__(self, rects: dict):
        self._rects = dict(rects)

    def rects(self) -> dict:
        return self._rects


@dataclass(frozen=True)
class Lattice:
    """The rows and columns a tableau is drawn in: every cell a card may still reach."""
    rows: tuple
    cols: tuple
    fixed_rows: bool
    fixed_cols: bool


def _span(values, fallback=0):
    values = list(values) or [fallback]
    return min(values), max(values)


def lattice(tableau) -> Lattice:
    """The possible rows and columns of a tableau: the rows from (lowest + 2) down to
    (highest - 2), so that three in all are never exceeded (three once they are fixed)."""
    rmin, rmax = _span(p.row for p in tableau)
    cmin, cmax = _span(p.col for p in tableau)
    rows = tuple(range(rmax - 2, rmin + 3))
    cols = tuple(range(cmax - 2, cmin + 3))
    return Lattice(rows, cols, rmax - rmin == 2, cmax - cmin == 2)


def frame_of(tableau) -> tuple:
    """(rows, cols) of the 3x3 frame a small tableau is drawn in: its cards, padded to three."""
    rmin, rmax = _span(p.row for p in tableau)
    cmin, cmax = _span(p.col for p in tableau)
    rows = tuple(range(rmin, rmin + 3)) if rmax - rmin < 3 else tuple(range(rmin, rmax + 1))
    cols = tuple(range(cmin, cmin + 3)) if cmax - cmin < 3 else tuple(range(cmin, cmax + 1))
    return rows, cols


def table_area(size) -> dict:
    frame = table_frame.compute(size)
    return {"scale": frame.scale, "top_bar": frame.top_bar, "sidebar": frame.sidebar,
            "table": frame.table, "status": frame.status}


@dataclass(frozen=True)
class Plan:
    """The sizes and areas for a window, a seat count and a lattice shape."""
    market: pygame.Rect
    market_h: int               # display card height
    others: pygame.Rect
    mine: pygame.Rect           # the focus tableau's area (its plate on top)
    scale: float


def _market_size(card_h: int) -> tuple:
    """(width, height) of the market at this card height: a Messenger column, deck, discard, 3 cards;
    two rows, each with a heading line above and a price line below."""
    cw, ch = card_size(card_h)
    head = max(19, ch // 6) + 5         # the heading, and room for a pile's stacked edges
    foot = max(18, ch // 5)
    pawn = max(26, int(cw * 0.5))
    width = pawn + 5 * cw + 4 * GAP + 2 * GAP
    height = 2 * (head + ch + foot) + GAP
    return width, height


@lru_cache(maxsize=64)
def plan(size, n: int = 3) -> Plan:
    """The market, the other players' area and the focus tableau's area for a window of `size`."""
    area = table_area(size)
    table = area["table"]
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    left_w = int(inner.w * MARKET_SHARE)
    share = 0.56 if n <= 3 else 0.52       # more players: more room for their tableaux
    card_h = 200
    while card_h > 40:
        w, h = _market_size(card_h)
        if w <= left_w and h <= inner.h * share:
            break
        card_h -= 2
    w, h = _market_size(card_h)
    market = pygame.Rect(inner.x, inner.y, w, h)
    others = pygame.Rect(inner.x, market.bottom + GAP, left_w, inner.bottom - market.bottom - GAP)
    mine = pygame.Rect(inner.x + max(w, left_w) + 2 * GAP, inner.y, 0, inner.h)
    mine.w = inner.right - mine.x
    return Plan(market, card_h, others, mine, area["scale"])


def _cell_rects(area: pygame.Rect, rows, cols, max_h: int) -> tuple:
    """A lattice of rows x cols cards, as large as fits `area` (capped at max_h), centred."""
    gap = max(4, area.w // 90)
    h_by_rows = (area.h - gap * (len(rows) - 1)) / len(rows)
    w_by_cols = (area.w - gap * (len(cols) - 1)) / len(cols)
    card_h = int(min(h_by_rows, w_by_cols / 0.7, max_h))
    cw, ch = card_size(card_h)
    total_w = cw * len(cols) + gap * (len(cols) - 1)
    total_h = ch * len(rows) + gap * (len(rows) - 1)
    x0 = area.centerx - total_w // 2
    y0 = area.centery - total_h // 2
    rects = {}
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            rects[r, c] = pygame.Rect(x0 + j * (cw + gap), y0 + i * (ch + gap), cw, ch)
    return rects, (cw, ch)


def mini_plate_h(box_h: int, box_w: int = 400) -> int:
    """A small tableau's plate: two lines (name, gold, keys; discounts and points), three when narrow."""
    if box_w < NARROW_PLATE:
        return max(54, min(60, box_h // 3))
    return max(40, min(46, box_h // 4))


def _others_boxes(area: pygame.Rect, seats) -> dict:
    """Each other seat's box in the area below the market: one row, or two when that is bigger."""
    count = len(seats)
    if not count:
        return {}
    best = None
    for rows in (1, 2):
        per_row = (count + rows - 1) // rows
        box_w = (area.w - GAP * (per_row - 1)) // per_row
        box_h = (area.h - GAP * (rows - 1)) // rows
        plate = mini_plate_h(box_h, box_w)
        card_h = min((box_h - plate - 6 - 2 * 3) / 3, ((box_w - 2 * 3) / 3) / 0.7)
        if best is None or card_h > best[0]:
            best = (card_h, rows, per_row, box_w, box_h)
    _, rows, per_row, box_w, box_h = best
    boxes = {}
    for k, seat in enumerate(seats):
        i, j = divmod(k, per_row)
        boxes[seat] = pygame.Rect(area.x + j * (box_w + GAP), area.y + i * (box_h + GAP), box_w, box_h)
    return boxes


def compute(size, view, focus: int) -> Zones:
    """The zones of a Castle Combo table for a window of `size`, the seat `focus` large."""
    p = plan(tuple(size), view.n)
    area = table_area(size)
    zones = Zones(size)
    zones.extra.update(area)
    zones.cards = {}            # place -> rect of every card drawn (hover zooms any of them)
    # the market
    cw, ch = card_size(p.market_h)
    head = max(19, ch // 6) + 5         # the heading, and room for a pile's stacked edges
    foot = max(18, ch // 5)
    pawn_w = max(26, int(cw * 0.5))
    for i, loc in enumerate(view.locations):
        y = p.market.y + i * (head + ch + foot + GAP)
        row = pygame.Rect(p.market.x, y, p.market.w, head + ch + foot)
        zones.extra["row", loc] = row
        zones.extra["heading", loc] = pygame.Rect(row.x, row.y, row.w, head - 5)
        zones.extra["pawn", loc] = pygame.Rect(row.x, row.y + head, pawn_w, ch)
        x = row.x + pawn_w + GAP
        deck = pygame.Rect(x, row.y + head, cw, ch)
        discard = pygame.Rect(deck.right + GAP, deck.y, cw, ch)
        zones.add(("deck", loc), Pile(("deck", loc), deck))
        zones.add(("discard", loc), Pile(("discard", loc), discard))
        display = tuple(view.displays[i]) if i < len(view.displays) else ()
        rects = {}
        for k in range(3):
            r = pygame.Rect(discard.right + 2 * GAP + k * (cw + GAP), deck.y, cw, ch)
            zones.extra["slot", loc, k] = r
            if k < len(display):
                rects[("display", loc, display[k])] = r
        zones.add(("display", loc), Cells(rects))
        zones.cards.update(rects)
    zones.extra["market"] = p.market
    # the other players
    others = [s for s in range(view.n) if s != focus]
    order = [(focus + k) % view.n for k in range(1, view.n)]
    boxes = _others_boxes(p.others, [s for s in order if s in others])
    plates = {}
    for seat, box in boxes.items():
        plate_h = mini_plate_h(box.h, box.w)
        plate = pygame.Rect(box.x, box.y, box.w, plate_h)
        plates[("seat", seat)] = plate
        zones.extra["box", seat] = box
        grid_area = pygame.Rect(box.x, plate.bottom + 4, box.w, box.bottom - plate.bottom - 4)
        tableau = view.seats[seat].tableau
        rows, cols = frame_of(tableau)
        rects, _ = _cell_rects(grid_area, rows, cols, 400)
        zones.extra["frame", seat] = rects[rows[0], cols[0]].union(rects[rows[-1], cols[-1]])
        cells = {("cell", seat, pl.row, pl.col): rects[pl.row, pl.col] for pl in tableau
                 if (pl.row, pl.col) in rects}
        zones.add(("tableau", seat), Cells(cells, touchable=False))
        zones.cards.update(cells)
    # the focus tableau: its plate, then the lattice
    plate_h = int(PLATE_H * max(0.9, p.scale))
    mine_plate = pygame.Rect(p.mine.x, p.mine.y, p.mine.w, plate_h)
    plates[("seat", focus)] = mine_plate
    zones.extra["box", focus] = p.mine
    grid_area = pygame.Rect(p.mine.x, mine_plate.bottom + GAP + 12, p.mine.w, p.mine.bottom - mine_plate.bottom - GAP - 12)
    tableau = view.seats[focus].tableau
    lat = lattice(tableau)
    rects, size_mine = _cell_rects(grid_area, lat.rows, lat.cols, int(p.market_h * 1.7))
    zones.lattice = lat
    zones.extra["frame", focus] = rects[lat.rows[0], lat.cols[0]].union(rects[lat.rows[-1], lat.cols[-1]])
    cells = {("cell", focus, r, c): rect for (r, c), rect in rects.items()}
    zones.add(("tableau", focus), Cells(cells))
    zones.cards.update({("cell", focus, pl.row, pl.col): rects[pl.row, pl.col] for pl in tableau
                        if (pl.row, pl.col) in rects})
    zones.add("plates", Plates(plates))
    for place, rect in plates.items():
        zones.extra["plate", place[1]] = rect
    zones.focus = focus
    return zones


def plate_parts(rect: pygame.Rect) -> dict:
    """A plate's parts: the name, the gold and keys counters (right) and, on a tall plate, a second
    line for the discounts and the projected score. A narrow plate puts the counters on a line of
    their own under the name."""
    if rect.w < NARROW_PLATE:
        line_h = rect.h // 3
        name = pygame.Rect(rect.x + 6, rect.y + 2, rect.w - 12, line_h - 2)
        counter_w = (rect.w - 16) // 2
        gold = pygame.Rect(rect.x + 6, rect.y + line_h + 1, counter_w, line_h - 2)
        keys = pygame.Rect(gold.right + 4, gold.y, counter_w, gold.h)
        info = pygame.Rect(rect.x + 6, rect.y + 2 * line_h, rect.w - 12, rect.h - 2 * line_h - 2)
        return {"name": name, "gold": gold, "keys": keys, "info": info}
    two_lines = rect.h >= 40
    line_h = rect.h // 2 if two_lines else rect.h
    counter_w = max(44, min(74, rect.w // 5))
    keys = pygame.Rect(rect.right - 6 - counter_w, rect.y + 3, counter_w, line_h - 4)
    gold = pygame.Rect(keys.x - 4 - counter_w, keys.y, counter_w, keys.h)
    name = pygame.Rect(rect.x + 8, rect.y + 2, gold.x - rect.x - 12, line_h - 2)
    info = pygame.Rect(rect.x + 8, rect.y + line_h, rect.w - 16, rect.h - line_h - 2) if two_lines else None
    return {"name": name, "gold": gold, "keys": keys, "info": info}
