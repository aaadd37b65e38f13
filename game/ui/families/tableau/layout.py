"""Where Castle Combo's table puts things, from the window size and the view alone (issue 10).

Three parts share the felt: the market (the Castle display and the Village display, each a row
of its deck and discard pile, stacked small, and its three cards, the Messenger standing in the
heading of the row it is at), the tableau of the seat in focus, large, under its plate, and every
other player's tableau, small, each under a plate with their gold, keys and discounts (the plate
is the place ("seat", s): a neighbour is picked by clicking it).

How they share it is searched, not fixed (`plan`): a few arrangements (the market on top of the
others at the left and the focus tableau at the right; the market across the top and the others
beside the focus below it; the market and the focus tableau side by side above a strip of the
others), each at many splits, and the one whose smallest card, weighed by its part, is the
largest wins. So a bigger window grows every card, and five players get tableaux as wide as the
room allows (the readability tests hold a floor for each part, tests/test_ui_castle_combo_readability.py).

The focus tableau is drawn in the lattice of the cells it may still grow into; a lattice row or
column with no card yet is a half-size lane ("ghost"): whatever the tableau's shape, its lattice
is three cards wide and three tall, so its cards keep one size from the first card to the ninth.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import fonts, table_frame
from game.ui.kit import Pile, Zone, Zones, card_size
from game.ui.kit.zones import CARD_RATIO

MARGIN = 10
GAP = 8
MIN_TEXT = 11           # no text on the table is smaller (pixels)
PLATE_H = 44            # the focus tableau's plate, at 1280x800
TOTAL_LINE = 18         # the focus tableau's "if the game ended now" line, under its plate
NARROW_PLATE = 330      # a plate narrower than this puts its counters on a line of their own
GHOST = 0.5             # an empty lane of the focus lattice, in card widths (heights)
MINI_GAP = 4            # between the cards of a small tableau
# what a part's cards are worth to the search: the focus tableau's cards the largest, the
# market's next, the others' smallest (a card of theirs at 0.72 of a market card weighs the same)
WEIGHT = {"focus": 1.0, "market": 1.0, "others": 0.72}
OTHERS_CAP = 0.85       # another player's cards are never larger than this share of the focus tableau's


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


def card_w(ch: int) -> int:
    return card_size(ch)[0]


# ---- the parts' sizes, from their card height ----

@dataclass(frozen=True)
class MarketGeom:
    """The market at a display card height: its rows' parts."""
    ch: int
    cw: int
    head: int           # the heading line (location, the Messenger)
    foot: int           # the price line under the display cards
    caption: int        # a pile's caption size (pixels)
    pile: tuple         # (w, h) of the deck and of the discard pile
    piles_w: int        # the column of the two piles and their captions
    row_w: int
    row_h: int
    across: bool        # the two rows side by side (else one above the other)

    @property
    def size(self) -> tuple:
        if self.across:
            return 2 * self.row_w + 3 * GAP, self.row_h
        return self.row_w, 2 * self.row_h + GAP


def text_size(ch: int, low: int, high: int, div: int) -> int:
    return max(low, min(high, ch // div))


@lru_cache(maxsize=512)
def market_geom(ch: int, across: bool) -> MarketGeom:
    cw = card_w(ch)
    head = max(24, min(34, ch // 6 + 4))
    price = text_size(ch, MIN_TEXT + 1, 16, 9)
    foot = fonts.line_height(price, True) + 5
    cap = text_size(ch, MIN_TEXT, 14, 11)
    cap_h = fonts.line_height(cap)
    pile_h = max(24, (ch + foot - 2 * cap_h - GAP - 6) // 2)
    pile_w = card_w(pile_h)
    piles_w = max(pile_w + 6, fonts.width("Discard · 99", cap) + 6)
    row_w = piles_w + 2 * GAP + 3 * cw + 2 * GAP
    row_h = head + ch + foot
    return MarketGeom(ch, cw, head, foot, cap, (pile_w, pile_h), piles_w, row_w, row_h, across)


@lru_cache(maxsize=4096)
def focus_plate_h(w: int, scale: float) -> int:
    """The focus tableau's plate: two lines, or three when it is narrow (as a small tableau's)."""
    if w < NARROW_PLATE:
        return mini_plate_h(w, scale)
    return int(PLATE_H * max(0.9, min(1.25, scale)))


def lattice_gap(w: int) -> int:
    return max(4, min(10, w // 90))


def total_line_h(scale: float) -> int:
    """The focus tableau's total line, under its plate (taller in a larger window)."""
    return int(TOTAL_LINE * max(1.0, min(1.35, scale)))


@lru_cache(maxsize=4096)
def focus_card_h(w: int, h: int, scale: float) -> int:
    """The card height of the focus tableau in an area w x h (its plate and total line on top):
    three cards and two half lanes' gaps each way."""
    lat_h = h - focus_plate_h(w, scale) - total_line_h(scale) - GAP
    g = lattice_gap(w)
    by_h = (lat_h - 4 * g) / 3
    by_w = (w - 4 * g) / 3 / CARD_RATIO
    return int(max(0, min(by_h, by_w)))


@lru_cache(maxsize=4096)
def mini_plate_h(box_w: int, scale: float = 1.0) -> int:
    """A small tableau's plate: two lines (wide: the name with the gold and keys, then the points,
    cards and discounts; narrow: the name with the points, then the gold and keys with the cards)."""
    line = fonts.line_height(max(MIN_TEXT + 2, round((MIN_TEXT + 2) * scale))) + 2
    return 2 * line + 6


@lru_cache(maxsize=4096)
def mini_card_h(box_w: int, box_h: int, scale: float = 1.0) -> int:
    grid_h = box_h - mini_plate_h(box_w, scale) - MINI_GAP
    by_h = (grid_h - 2 * MINI_GAP) / 3
    by_w = (box_w - 2 * MINI_GAP) / 3 / CARD_RATIO
    return int(max(0, min(by_h, by_w)))


@lru_cache(maxsize=2048)
def others_geom(w: int, h: int, count: int, scale: float = 1.0) -> tuple:
    """(card height, rows, boxes per row, box w, box h) of `count` small tableaux in w x h."""
    if count <= 0:
        return (10 ** 6, 0, 0, 0, 0)
    best = (0, 1, count, 0, 0)
    for rows in range(1, count + 1):
        per_row = -(-count // rows)
        box_w = (w - GAP * (per_row - 1)) // per_row
        box_h = (h - GAP * (rows - 1)) // rows
        if box_w <= 0 or box_h <= 0:
            continue
        ch = mini_card_h(box_w, box_h, scale)
        if ch > best[0]:
            best = (ch, rows, per_row, box_w, box_h)
    return best


# ---- the plan: which arrangement, at which sizes ----

@dataclass(frozen=True)
class Plan:
    """The parts' areas for a window and a seat count."""
    market: pygame.Rect
    market_geom: MarketGeom
    boxes: tuple                # the other players' boxes, in the order they follow the focus seat
    mine: pygame.Rect           # the focus tableau's area (its plate on top)
    scale: float
    arrangement: str
    sizes: tuple                # (focus, market, others) card heights

    @property
    def market_h(self) -> int:
        return self.market_geom.ch


def _score(ch_f, ch_m, ch_o, count: int = 1) -> float:
    """How good a split is: its smallest card, each part's weighed (the market's cards the unit, the
    focus tableau's worth more, the others' less), then (a little) all three."""
    ch_o = min(ch_o, int(ch_f * OTHERS_CAP))
    worst = min(ch_f / WEIGHT["focus"], ch_m / WEIGHT["market"], ch_o / WEIGHT["others"])
    return worst + 0.01 * (ch_f + min(ch_m, ch_f) + ch_o)


_score.best = None      # the best score of the search running now (lets it stop early)


def grid_boxes(region: pygame.Rect, count: int, scale: float = 1.0) -> list:
    """`count` equal boxes filling `region` in the rows that give them the largest cards."""
    _, rows, per_row, box_w, box_h = others_geom(region.w, region.h, count, scale)
    return [pygame.Rect(region.x + j * (box_w + GAP), region.y + i * (box_h + GAP), box_w, box_h)
            for i, j in (divmod(k, max(1, per_row)) for k in range(count))]


@lru_cache(maxsize=4096)
def mini_box(ch: int, scale: float = 1.0) -> tuple:
    """(w, h) of a small tableau whose cards are `ch` tall: its plate and its 3x3 grid."""
    w = 3 * card_w(ch) + 2 * MINI_GAP
    return w, mini_plate_h(w, scale) + MINI_GAP + 3 * ch + 2 * MINI_GAP


def flow(mw: int, mh: int, W: int, H: int, ch_o: int, count: int, scale: float = 1.0):
    """The small tableaux, cards `ch_o` tall, first under the market (in its column), the rest in
    columns at its right: (boxes as (x, y, w, h) from the felt's corner, width they take at the
    market's right), or None when they do not fit."""
    bw, bh = mini_box(ch_o, scale)
    if bh > H:
        return None
    cols_a = (mw + GAP) // (bw + GAP)
    rows_a = max(0, (H - mh - GAP + GAP) // (bh + GAP))
    below = min(count, cols_a * rows_a)
    rows_b = (H + GAP) // (bh + GAP)
    rest = count - below
    cols_b = -(-rest // rows_b) if rest else 0
    boxes = []
    if below:
        used = min(cols_a, below)
        spread = (mw - used * bw) // (used + 1) if used else 0      # spread across the market's column
        for k in range(below):
            i, j = divmod(k, cols_a)
            boxes.append((spread + j * (bw + spread), mh + GAP + i * (bh + GAP), bw, bh))
    for k in range(rest):
        j, i = divmod(k, rows_b)
        boxes.append((mw + 2 * GAP + j * (bw + GAP), i * (bh + GAP), bw, bh))
    return boxes, (cols_b * (bw + GAP) + GAP if cols_b else 0)


def _candidates(inner: pygame.Rect, count: int, scale: float):
    """Every (score, arrangement, market geom, boxes (a function giving the others' boxes), focus
    rect, card heights) tried."""
    W, H = inner.w, inner.h
    ox, oy = inner.x, inner.y
    market_heights = range(min(300, H), 40, -4)
    step = max(8, W // 80)

    def region(rect):
        return lambda: grid_boxes(rect, count, scale)

    for across in (False, True):
        for ch_m in market_heights:
            if _score.best is not None and ch_m / WEIGHT["market"] + 0.03 * H < _score.best:
                break           # no smaller market can do better than the best found
            g = market_geom(ch_m, across)
            mw, mh = g.size
            if mw > W or mh > H - 60:
                continue
            # A: the market at the left with small tableaux under it, more of them in columns at its
            # right, the focus tableau at the right, full height
            for ch_o in range(min(H // 3, 260), 30, -3):
                placed = flow(mw, mh, W, H, ch_o, count, scale)
                if placed is None:
                    continue
                boxes, taken = placed
                fr = pygame.Rect(ox + mw + 2 * GAP + taken, oy, W - mw - 2 * GAP - taken, H)
                if fr.w < 150:
                    continue
                ch_f = focus_card_h(fr.w, fr.h, scale)
                yield (_score(ch_f, ch_m, ch_o, count), "market + others | others | focus", g,
                       (lambda b=boxes: [pygame.Rect(ox + x, oy + y, w, h) for x, y, w, h in b]), fr,
                       (ch_f, ch_m, ch_o))
            # B: the market across the top; below it the others at the left, the focus at the right
            below = H - mh - GAP
            for x in range(120, W - 200, step):
                ch_o = others_geom(x, below, count, scale)[0]
                fr = pygame.Rect(ox + x + 2 * GAP, oy + mh + GAP, W - x - 2 * GAP, below)
                ch_f = focus_card_h(fr.w, fr.h, scale)
                yield (_score(ch_f, ch_m, ch_o, count), "market / others | focus", g,
                       region(pygame.Rect(ox, oy + mh + GAP, x, below)), fr, (ch_f, ch_m, ch_o))
            # C: the market at the left; at its right the focus tableau above a strip of the others
            right = W - mw - 2 * GAP
            for y in range(200, H - 80, step):
                ch_o = others_geom(right, H - y - GAP, count, scale)[0]
                fr = pygame.Rect(ox + mw + 2 * GAP, oy, right, y)
                ch_f = focus_card_h(fr.w, fr.h, scale)
                yield (_score(ch_f, ch_m, ch_o, count), "market | focus / others", g,
                       region(pygame.Rect(ox + mw + 2 * GAP, oy + y + GAP, right, H - y - GAP)), fr,
                       (ch_f, ch_m, ch_o))
            # D: the market and the focus tableau side by side, the others in a strip below both
            for y in range(mh, H - 80, step):
                ch_o = others_geom(W, H - y - GAP, count, scale)[0]
                fr = pygame.Rect(ox + mw + 2 * GAP, oy, W - mw - 2 * GAP, y)
                ch_f = focus_card_h(fr.w, fr.h, scale)
                yield (_score(ch_f, ch_m, ch_o, count), "market | focus / all others", g,
                       region(pygame.Rect(ox, oy + y + GAP, W, H - y - GAP)), fr, (ch_f, ch_m, ch_o))


@lru_cache(maxsize=64)
def plan(size, n: int = 3) -> Plan:
    """The market, the other players' boxes and the focus tableau's area for a window of `size`."""
    area = table_area(size)
    inner = area["table"].inflate(-2 * MARGIN, -2 * MARGIN)
    count = max(1, n - 1)
    best = None
    _score.best = None
    for cand in _candidates(inner, count, area["scale"]):
        if best is None or cand[0] > best[0]:
            best = cand
            _score.best = cand[0]
    if best is None:        # a window too small for any arrangement: the smallest market, the rest shared
        g = market_geom(44, False)
        mw, mh = g.size
        others = pygame.Rect(inner.x, inner.y + mh + GAP, mw, max(0, inner.h - mh - GAP))
        mine = pygame.Rect(inner.x + mw + 2 * GAP, inner.y, max(40, inner.w - mw - 2 * GAP), inner.h)
        best = (0, "fallback", g, (lambda: grid_boxes(others, count, area["scale"])), mine, (0, g.ch, 0))
    _, name, g, boxes, mine, sizes = best
    mw, mh = g.size
    market = pygame.Rect(inner.x, inner.y, mw, mh)
    return Plan(market, g, tuple(boxes()), mine, area["scale"], name, sizes)


# ---- the focus lattice: cards full size, empty lanes half ----

def lane_sizes(lanes, used, full: int, gap: int) -> list:
    """(offset, size) of each lane: `full` for a lane in `used`, half of it for a lane still empty."""
    out = []
    pos = 0
    for lane in lanes:
        size = full if lane in used else int(full * GHOST)
        out.append((pos, size))
        pos += size + gap
    return out


def focus_rects(area: pygame.Rect, lat: Lattice, tableau, ch: int) -> dict:
    """(row, col) -> rect of every cell of the lattice, centred in `area` (cards `ch` tall)."""
    cw = card_w(ch)
    gap = lattice_gap(area.w)
    rmin, rmax = _span(p.row for p in tableau)
    cmin, cmax = _span(p.col for p in tableau)
    rows = lane_sizes(lat.rows, range(rmin, rmax + 1), ch, gap)
    cols = lane_sizes(lat.cols, range(cmin, cmax + 1), cw, gap)
    total_w = cols[-1][0] + cols[-1][1]
    total_h = rows[-1][0] + rows[-1][1]
    x0 = area.centerx - total_w // 2
    y0 = area.y + max(0, (area.h - total_h) // 2)
    rects = {}
    for r, (dy, h) in zip(lat.rows, rows):
        for c, (dx, w) in zip(lat.cols, cols):
            rects[r, c] = pygame.Rect(x0 + dx, y0 + dy, w, h)
    return rects


def _cell_rects(area: pygame.Rect, rows, cols, max_h: int) -> tuple:
    """A grid of rows x cols cards, as large as fits `area` (capped at max_h), centred across and at
    the top (right under its plate)."""
    gap = MINI_GAP
    h_by_rows = (area.h - gap * (len(rows) - 1)) / len(rows)
    w_by_cols = (area.w - gap * (len(cols) - 1)) / len(cols)
    card_h = int(max(12, min(h_by_rows, w_by_cols / CARD_RATIO, max_h)))
    cw, ch = card_size(card_h)
    total_w = cw * len(cols) + gap * (len(cols) - 1)
    x0 = area.centerx - total_w // 2
    y0 = area.y
    rects = {}
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            rects[r, c] = pygame.Rect(x0 + j * (cw + gap), y0 + i * (ch + gap), cw, ch)
    return rects, (cw, ch)


# ---- the zones ----

def market_rows(g: MarketGeom, market: pygame.Rect, i: int) -> pygame.Rect:
    """The rect of the market's row `i` (0: the Castle)."""
    if g.across:
        return pygame.Rect(market.x + i * (g.row_w + 3 * GAP), market.y, g.row_w, g.row_h)
    return pygame.Rect(market.x, market.y + i * (g.row_h + GAP), g.row_w, g.row_h)


def compute(size, view, focus: int) -> Zones:
    """The zones of a Castle Combo table for a window of `size`, the seat `focus` large."""
    p = plan(tuple(size), view.n)
    area = table_area(size)
    zones = Zones(size)
    zones.extra.update(area)
    zones.cards = {}            # place -> rect of every card drawn (hover zooms any of them)
    zones.plan = p
    # the market
    g = p.market_geom
    cw, ch = g.cw, g.ch
    for i, loc in enumerate(view.locations):
        row = market_rows(g, p.market, i)
        zones.extra["row", loc] = row
        heading = pygame.Rect(row.x, row.y, row.w, g.head - 4)
        zones.extra["heading", loc] = heading
        sym = heading.h - 2
        zones.extra["pawn", loc] = pygame.Rect(heading.x + sym + 6, heading.y, max(12, int(heading.h * 0.75)),
                                               heading.h)
        top = row.y + g.head
        pw, ph = g.pile
        px = row.x + (g.piles_w - pw) // 2 + 2
        cap_h = fonts.line_height(g.caption)
        deck = pygame.Rect(px, top + 4, pw, ph)
        discard = pygame.Rect(px, deck.bottom + cap_h + GAP, pw, ph)
        zones.add(("deck", loc), Pile(("deck", loc), deck))
        zones.add(("discard", loc), Pile(("discard", loc), discard))
        display = tuple(view.displays[i]) if i < len(view.displays) else ()
        rects = {}
        x = row.x + g.piles_w + 2 * GAP
        for k in range(3):
            r = pygame.Rect(x + k * (cw + GAP), top, cw, ch)
            zones.extra["slot", loc, k] = r
            if k < len(display):
                rects[("display", loc, display[k])] = r
        zones.add(("display", loc), Cells(rects))
        zones.cards.update(rects)
    zones.extra["market"] = p.market
    # the other players
    order = [(focus + k) % view.n for k in range(1, view.n)]
    plates = {}
    for seat, box in zip(order, p.boxes):
        plate_h = mini_plate_h(box.w, p.scale)
        plate = pygame.Rect(box.x, box.y, box.w, plate_h)
        plates[("seat", seat)] = plate
        zones.extra["box", seat] = box
        grid_area = pygame.Rect(box.x, plate.bottom + MINI_GAP, box.w, box.bottom - plate.bottom - MINI_GAP)
        tableau = view.seats[seat].tableau
        frows, fcols = frame_of(tableau)
        rects, _ = _cell_rects(grid_area, frows, fcols, int(p.sizes[0] * OTHERS_CAP))
        zones.extra["frame", seat] = rects[frows[0], fcols[0]].union(rects[frows[-1], fcols[-1]])
        cells = {("cell", seat, pl.row, pl.col): rects[pl.row, pl.col] for pl in tableau
                 if (pl.row, pl.col) in rects}
        zones.add(("tableau", seat), Cells(cells, touchable=False))
        zones.cards.update(cells)
    # the focus tableau: its plate, its total line, then the lattice
    plate_h = focus_plate_h(p.mine.w, p.scale)
    mine_plate = pygame.Rect(p.mine.x, p.mine.y, p.mine.w, plate_h)
    plates[("seat", focus)] = mine_plate
    zones.extra["box", focus] = p.mine
    zones.extra["total", focus] = pygame.Rect(p.mine.x, mine_plate.bottom + 2, p.mine.w, total_line_h(p.scale))
    top = mine_plate.bottom + total_line_h(p.scale) + GAP
    grid_area = pygame.Rect(p.mine.x, top, p.mine.w, p.mine.bottom - top)
    tableau = view.seats[focus].tableau
    lat = lattice(tableau)
    rects = focus_rects(grid_area, lat, tableau, focus_card_h(p.mine.w, p.mine.h, p.scale))
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
    """A plate's parts. Wide: the name with the gold and keys counters at its right, and the info
    line (points, cards, discounts) under them. Narrow: the name with the points at its right; the
    counters, and the cards and discounts (as much as fits) at their right."""
    line_h = (rect.h - 4) // 2
    if rect.w < NARROW_PLATE:
        name = pygame.Rect(rect.x + 6, rect.y + 2, rect.w - 12, line_h)
        counter_w = max(44, min(64, (rect.w - 16) // 3))
        gold = pygame.Rect(rect.x + 6, name.bottom + 1, counter_w, line_h - 2)
        keys = pygame.Rect(gold.right + 4, gold.y, counter_w, gold.h)
        info = pygame.Rect(keys.right + 6, gold.y, rect.right - 6 - keys.right - 6, gold.h)
        return {"name": name, "gold": gold, "keys": keys, "points": name, "info": info}
    counter_w = max(52, min(80, rect.w // 6))
    keys = pygame.Rect(rect.right - 6 - counter_w, rect.y + 3, counter_w, line_h - 2)
    gold = pygame.Rect(keys.x - 4 - counter_w, keys.y, counter_w, keys.h)
    name = pygame.Rect(rect.x + 8, rect.y + 2, gold.x - rect.x - 14, line_h)
    info = pygame.Rect(rect.x + 8, rect.y + 2 + line_h, rect.w - 16, line_h)
    return {"name": name, "gold": gold, "keys": keys, "points": None, "info": info}
