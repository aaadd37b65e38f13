"""Where Klobba!'s table puts things, from the window size alone.

The felt is three rows of equal height, so the cards grow with the window (a playtest found the
Action cards' words 6-7 px tall at 1280x800 with four rows stacked: Bands top and bottom, the
middle, the hand):

- the top row: the Band across the table (seat on screen's counted clockwise: bottom, left, top,
  right), in the middle of the row, and the decks' counts in the row's right corner;
- the middle row: the Band on the left, the middle panel (both Totem holders' laid cards side by
  side, Black on the left, White on the right, each with its label above and its total under it,
  and between them the banner: what happened, or what the table waits for), the Band on the right;
- the bottom row: the seat on screen's own Band on the left, and beside it the hand of that seat
  (only in its own view) with the cards offered to it.

Each Band is a plate (its owner, their Totem, Stars and captured Barbarians, or "Free Band") over
its row of Barbarians. The card height is the largest for which everything fits.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import table_frame
from game.ui.kit import Fan, Pile, Row, Zones, card_size

MARGIN = 10
GAP = 10
PLACES = 4
SIDES = ("bottom", "left", "top", "right")     # clockwise from the seat on screen
HAND_CARDS = 4              # room is kept for this many Action cards side by side, and
OFFERS = 2                  # this many offers beside them (3-4 players: at most two)


def side_of(place: int, bottom: int) -> str:
    """Where Band `place` sits when Band `bottom` is at the bottom."""
    return SIDES[(place - bottom) % PLACES]


def _plate_h(ch: int) -> int:
    return max(42, min(60, int(ch * 0.32)))


def _lift(ch: int) -> int:
    return max(4, ch // 12)


def _band_w(ch: int, band_size: int) -> int:
    cw = card_size(ch)[0]
    return max(band_size * cw + (band_size - 1) * 6, 150)


def _line_h(row_h: int) -> int:
    """The height of a line of words in the middle panel (banner, labels, totals)."""
    return max(18, min(30, row_h // 9))


def _middle_parts(row_h: int) -> tuple:
    """(label height, total height, laid-card height) for a middle row this tall."""
    line = _line_h(row_h)
    return line, line, row_h - 2 * line - 4 * 4


def _hand_parts(row_h: int) -> tuple:
    """(header height, lift, card height, caption height) of the hand in a bottom row this tall."""
    header = max(20, min(30, row_h // 9))
    caption = max(16, min(24, row_h // 11))
    lift = max(8, row_h // 22)
    return header, lift, row_h - header - lift - caption - 6, caption


@lru_cache(maxsize=32)
def _sizes(size, band_size: int):
    """(Barbarian card height, plate height, row height) for this window: the largest that fit."""
    table = table_frame.compute(size).table
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    row_h = (inner.h - 2 * GAP) // 3
    for ch in range(max(40, row_h), 39, -2):
        plate_h = _plate_h(ch)
        box_h = plate_h + 4 + _lift(ch) + ch
        if box_h > row_h:
            continue
        band_w = _band_w(ch, band_size)
        middle_w = inner.w - 2 * band_w - 2 * GAP
        slot_w = card_size(_middle_parts(row_h)[2])[0]
        hand_w = inner.w - band_w - GAP
        hand_card_w = card_size(_hand_parts(row_h)[2])[0]
        if middle_w >= 2 * slot_w + 2 * 12 + 16 + 100 and hand_w >= HAND_CARDS * hand_card_w * 0.9:
            return ch, plate_h, row_h
    return 40, _plate_h(40), row_h


def compute(size, view, bottom_place: int, hand_places=(), offer_places=()) -> Zones:
    """The zones of a Klobba! table for a window of `size`, Band `bottom_place` at the bottom."""
    frame = table_frame.compute(size)
    table = frame.table
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    band_size = max([3] + [len(b.cards) for b in view.bands])
    ch, plate_h, row_h = _sizes(tuple(size), band_size)
    cw = card_size(ch)[0]
    band_w = _band_w(ch, band_size)
    lift = _lift(ch)               # a lit Barbarian rises this much: clear of its plate
    box_h = plate_h + 4 + lift + ch
    zones = Zones(size)
    zones.extra.update(table=table, scale=frame.scale)
    rows = [pygame.Rect(inner.x, inner.y + k * (row_h + GAP), inner.w, row_h) for k in range(3)]
    boxes = {}
    for place in range(PLACES):
        box = pygame.Rect(0, 0, band_w, box_h)
        side = side_of(place, bottom_place)
        if side == "bottom":
            box.midleft = rows[2].midleft
        elif side == "top":
            box.center = rows[0].center
        elif side == "left":
            box.midleft = rows[1].midleft
        else:
            box.midright = rows[1].midright
        boxes[place] = box
    for place, box in boxes.items():
        band = view.bands[place]
        plate = pygame.Rect(box.x, box.y, box.w, plate_h)
        cards_rect = pygame.Rect(box.x, plate.bottom + 4 + lift, box.w, ch)
        zones.add(("band", place), Pile(("band", place), box))
        zones.add(("cards", place), Row([("band", place, c.card) for c in band.cards], cards_rect, (cw, ch), gap=6,
                                        lift=lift))
        zones.extra["box", place] = box
        zones.extra["plate", place] = plate
        owner = band.owner
        if owner is not None:
            zones.extra["seat", owner] = plate
            zones.add(("totem", owner), Pile(("totem", owner), plate))
    # the middle: both laid cards with their labels and totals, the banner between them
    left, right = boxes[(bottom_place + 1) % 4], boxes[(bottom_place + 3) % 4]
    middle = pygame.Rect(left.right + GAP, rows[1].y, right.x - left.right - 2 * GAP, row_h)
    zones.extra["middle"] = middle
    label_h, total_h, slot_h = _middle_parts(row_h)
    sw, sh = card_size(slot_h)
    gap = 12
    y = middle.y + 4 + label_h + 4
    banner = pygame.Rect(middle.x + 8 + sw + gap, y, middle.w - 16 - 2 * (sw + gap), sh)
    zones.extra["banner"] = banner
    for totem, x in (("black", middle.x + 8), ("white", middle.right - 8 - sw)):
        slot = pygame.Rect(x, y, sw, sh)
        zones.extra["slot", totem] = slot
        # the label above and the total under it: up to the middle of the banner, inside the panel
        side = pygame.Rect(0, 0, sw + (banner.w - 8) // 2 + gap, label_h)
        if totem == "black":
            side.x = middle.x + 4
        else:
            side.right = middle.right - 4
        zones.extra["slot_label", totem] = pygame.Rect(side.x, slot.y - label_h - 4, side.w, label_h)
        zones.extra["total", totem] = pygame.Rect(side.x, slot.bottom + 4, side.w, total_h)
    # the decks' counts: the top row's right corner
    top = boxes[(bottom_place + 2) % 4]
    line = _line_h(row_h)
    corner = pygame.Rect(top.right + GAP, rows[0].y, inner.right - top.right - GAP, row_h)
    decks = pygame.Rect(0, 0, min(corner.w, max(180, line * 9)), 5 * line + 12)
    decks.topright = corner.topright
    zones.extra["decks"] = decks
    # the hand of the seat on screen (its own view only), and the cards offered to it, beside its Band
    own = boxes[bottom_place]
    hand_area = pygame.Rect(own.right + GAP, rows[2].y, inner.right - own.right - GAP, row_h)
    zones.extra["hand_area"] = hand_area
    header_h, hand_lift, hand_h, caption_h = _hand_parts(row_h)
    hsize = card_size(hand_h)
    zones.extra["hand_label"] = pygame.Rect(hand_area.x, hand_area.y, hand_area.w, header_h)
    cards_y = hand_area.y + header_h + hand_lift
    offer_w = (len(offer_places) * (hsize[0] + 8) + 12) if offer_places else 0
    fan_rect = pygame.Rect(hand_area.x, cards_y, hand_area.w - offer_w, hand_h)
    if hand_places:
        zones.add("hand", Fan(list(hand_places), fan_rect, hsize, lift=hand_lift, spread=1.06))
    if offer_places:
        orect = pygame.Rect(fan_rect.right + 12, cards_y, offer_w - 12, hand_h)
        zones.add("offers", Row(list(offer_places), orect, hsize, gap=8, lift=hand_lift))
        zones.extra["offers"] = orect
        zones.extra["offers_label"] = pygame.Rect(orect.x, hand_area.y, orect.w, header_h)
    zones.extra["caption_h"] = caption_h
    return zones
