"""Where Klobba!'s table puts things, from the window size alone.

The four Band places sit around the felt: the seat on screen's own Band at the bottom, then
clockwise on the left, across the top and on the right (Free Bands included). Each Band is a
plate (its owner, their Totem, Stars and captured Barbarians, or "Free Band") over its row of
Barbarians. In the middle: the two Totem holders' laid cards side by side (Black on the left,
White on the right) with their totals, and the decks' counts. Under it all, the hand of the seat
on screen (only in its own view) and the cards offered to it.
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


def side_of(place: int, bottom: int) -> str:
    """Where Band `place` sits when Band `bottom` is at the bottom."""
    return SIDES[(place - bottom) % PLACES]


@lru_cache(maxsize=32)
def _sizes(size, band_size: int):
    """(card height, plate height, hand height) for this window: the largest that fit."""
    table = table_frame.compute(size).table
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    for ch in range(min(130, int(inner.h * 0.19)), 39, -2):
        plate_h = max(30, min(44, int(ch * 0.40)))
        hand_h = max(60, min(150, int(ch * 1.05)))
        cw = card_size(ch)[0]
        band_w = max(band_size * cw + (band_size - 1) * 6, 150)
        box_h = plate_h + 4 + max(4, ch // 12) + ch
        upper = inner.h - hand_h - 22 - max(8, hand_h // 8) - GAP
        middle_h = upper - 2 * box_h - 2 * GAP
        middle_w = inner.w - 2 * band_w - 2 * GAP
        if middle_h >= max(130, int(ch * 1.6)) and middle_w >= 3 * cw + 60 and band_w * 2 + GAP * 2 < inner.w:
            return ch, plate_h, hand_h
    return 40, 30, 60


def compute(size, view, bottom_place: int, hand_places=(), offer_places=()) -> Zones:
    """The zones of a Klobba! table for a window of `size`, Band `bottom_place` at the bottom."""
    frame = table_frame.compute(size)
    table = frame.table
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    band_size = max([3] + [len(b.cards) for b in view.bands])
    ch, plate_h, hand_h = _sizes(tuple(size), band_size)
    cw = card_size(ch)[0]
    band_w = max(band_size * cw + (band_size - 1) * 6, 150)
    lift = max(4, ch // 12)             # a lit Barbarian rises this much: clear of its plate
    box_h = plate_h + 4 + lift + ch
    hand_lift = max(8, hand_h // 8)
    zones = Zones(size)
    zones.extra.update(table=table, scale=frame.scale)
    hand_area = pygame.Rect(inner.x, inner.bottom - hand_h - 22 - hand_lift, inner.w, hand_h + 22 + hand_lift)
    upper = pygame.Rect(inner.x, inner.y, inner.w, hand_area.y - GAP - inner.y)
    boxes = {}
    for place in range(PLACES):
        box = pygame.Rect(0, 0, band_w, box_h)
        side = side_of(place, bottom_place)
        if side == "bottom":
            box.midbottom = upper.midbottom
        elif side == "top":
            box.midtop = upper.midtop
        elif side == "left":
            box.midleft = upper.midleft
        else:
            box.midright = upper.midright
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
    # the middle: both laid cards, their totals, the decks
    left, right, top, low = boxes[(bottom_place + 1) % 4], boxes[(bottom_place + 3) % 4], \
        boxes[(bottom_place + 2) % 4], boxes[bottom_place]
    middle = pygame.Rect(left.right + GAP, top.bottom + GAP, right.x - left.right - 2 * GAP, low.y - top.bottom - 2 * GAP)
    zones.extra["middle"] = middle
    line_h = max(18, min(26, middle.h // 7))
    banner = pygame.Rect(middle.x, middle.y, middle.w, line_h)
    zones.extra["banner"] = banner
    slot_h = max(30, min(int(ch * 1.25), middle.h - 2 * line_h - 24))
    sw, sh = card_size(slot_h)
    label_h = line_h
    y = banner.bottom + label_h + 2
    decks_w = max(90, min(160, middle.w - 2 * (sw + 40)))
    decks = pygame.Rect(0, y, decks_w, sh)
    decks.centerx = middle.centerx
    zones.extra["decks"] = decks
    for k, (totem, x) in enumerate((("black", decks.x - 24 - sw), ("white", decks.right + 24))):
        slot = pygame.Rect(x, y, sw, sh)
        zones.extra["slot", totem] = slot
        zones.extra["slot_label", totem] = pygame.Rect(slot.centerx - 90, slot.y - label_h - 2, 180, label_h)
        zones.extra["total", totem] = pygame.Rect(slot.centerx - 70, slot.bottom + 3, 140, line_h)
    # the hand of the seat on screen (its own view only), and the cards offered to it
    zones.extra["hand_area"] = hand_area
    hsize = card_size(hand_h)
    offer_w = (len(offer_places) * (hsize[0] + 8) + 20) if offer_places else 0
    fan_rect = pygame.Rect(hand_area.x + 170, hand_area.y + hand_lift + 2, hand_area.w - 180 - offer_w, hand_h)
    if hand_places:
        zones.add("hand", Fan(list(hand_places), fan_rect, hsize, lift=hand_lift, spread=1.05))
    if offer_places:
        orect = pygame.Rect(fan_rect.right + 10, fan_rect.y, offer_w, hand_h)
        zones.add("offers", Row(list(offer_places), orect, hsize, gap=8, lift=hand_lift))
        zones.extra["offers"] = orect
    zones.extra["hand_label"] = pygame.Rect(hand_area.x, fan_rect.y, 160, hand_h)
    return zones
