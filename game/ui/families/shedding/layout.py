"""Where Kumbal's table puts things, from the window size alone (issue 9).

The seat on screen sits at the bottom with its hand fanned; the others follow clockwise (to its
left, across the top, down its right), each a plate (name, cards in hand, total on a track to the
limit) over a small fan of backs. In the middle: the deck, the discard pile, and beside it the
previous player's discard spread out, so every card of it can be read and the legal ones picked.
Card sizes are the largest that fit, so every card stays readable from 1024x640 to full screen.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.i18n import trc
from game.ui import table_frame
from game.ui.kit import Fan, Pile, Row, Zones, card_size

MARGIN = 10
SORT_CHIPS = (("sort", "rank"), ("sort", "suit"))
# A fanned card shows at least this share of its width: its corner (a "10" and its suit) stays
# readable however many cards a hand holds (the action cards can make it 12 or more).
MIN_STRIP = 0.4


@dataclass
class SeatSpot:
    """One seat's box: its plate (name, count, total track) and its cards."""
    seat: int
    rect: pygame.Rect
    plate: pygame.Rect
    cards: pygame.Rect


def table_area(size) -> dict:
    """The felt, bars and sidebar of the common table frame (game/ui/table_frame.py)."""
    frame = table_frame.compute(size)
    return {"scale": frame.scale, "top_bar": frame.top_bar, "sidebar": frame.sidebar,
            "table": frame.table, "status": frame.status}


def _sides(others: int) -> tuple:
    """(on the left, across the top, on the right) for this many other seats."""
    if others <= 2:
        return 0, others, 0
    if others <= 5:
        return 1, others - 2, 1
    return 2, others - 4, 2


def seat_spots(table: pygame.Rect, n: int, focus: int, hand_top: int, card_h: int, scale: float = 1.0) -> dict:
    """The other seats' boxes, clockwise from the focus seat's left; seat -> SeatSpot. Their plates
    grow with the window (`scale`, the frame's: 1.0 at 1280x800), as their text does."""
    others = n - 1
    left, top, right = _sides(others)
    plate_h = max(22, min(round(36 * max(1.0, scale)), int(card_h * 0.62)))
    cw, ch = card_size(card_h)
    box_w = max(150, min(260, int(cw * 4.2)))
    box_h = plate_h + 4 + ch
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    spots = {}
    order = [(focus + k) % n for k in range(1, n)]
    boxes = []
    # left side, from bottom to top (clockwise), between the top row and the hand
    low, high = inner.y + box_h + 8, hand_top - 8
    for i in range(left):
        frac = (left - i - 0.5) / left
        boxes.append(("l", low + (high - low) * frac))
    for i in range(top):
        boxes.append(("t", inner.x + inner.w * (i + 0.5) / top))
    for i in range(right):
        frac = (i + 0.5) / right
        boxes.append(("r", low + (high - low) * frac))
    for seat, (side, where) in zip(order, boxes):
        rect = pygame.Rect(0, 0, box_w, box_h)
        if side == "t":
            rect.midtop = (int(where), inner.y)
        elif side == "l":
            rect.midleft = (inner.x, int(where))
        else:
            rect.midright = (inner.right, int(where))
        rect.clamp_ip(inner)
        plate = pygame.Rect(rect.x, rect.y, rect.w, plate_h)
        cards = pygame.Rect(rect.x, plate.bottom + 4, rect.w, ch)
        spots[seat] = SeatSpot(seat, rect, plate, cards)
    return spots


def _fits(spots, middle: pygame.Rect, hand: pygame.Rect, inner: pygame.Rect) -> bool:
    rects = [s.rect.inflate(6, 6) for s in spots.values()]
    for i, a in enumerate(rects):
        if not inner.inflate(2, 2).contains(a.inflate(-6, -6)) or a.colliderect(hand) or a.colliderect(middle):
            return False
        if any(a.colliderect(b) for b in rects[i + 1:]):
            return False
    return inner.contains(middle) and not middle.colliderect(hand)


def _middle(table, top_edge, bottom_edge, pile_h, spread_n):
    """Deck, discard pile and the spread of the last discard, centred between the seats and the hand."""
    pw, ph = card_size(pile_h)
    gap = max(12, pw // 3)
    spread_w = pw + max(0, spread_n - 1) * int(pw * 0.62)
    spread_w = max(spread_w, int(pw * 2.3))
    width = pw + gap + pw + gap + spread_w
    caption = 22
    banner = max(26, ph // 4)
    lift = max(8, ph // 9)          # the takeable cards rise this much: clear of the line above
    rect = pygame.Rect(0, 0, width, banner + lift + ph + caption)
    rect.centerx = table.centerx
    rect.centery = (top_edge + bottom_edge) // 2
    line = pygame.Rect(rect.x - 20, rect.y, rect.w + 40, banner)
    y = line.bottom + lift
    deck = pygame.Rect(rect.x, y, pw, ph)
    pile = pygame.Rect(deck.right + gap, y, pw, ph)
    spread = pygame.Rect(pile.right + gap, y, spread_w, ph)
    return rect, line, deck, pile, spread


@lru_cache(maxsize=64)
def _sizes(size, n: int, focus: int, spread_n: int):
    """The card sizes and boxes: the biggest cards at which nothing overlaps, the hand first, then
    the others and the middle, the piles never much smaller than the hand (the discard is read as
    often as the hand). Cached: it depends on the window, the seats and the spread's length only."""
    area = table_area(size)
    table, scale = area["table"], area["scale"]
    inner = table.inflate(-2 * MARGIN, -2 * MARGIN)
    for hand_h in range(min(260, int(table.h * 0.30)), 47, -4):
        other_h = max(30, min(130, int(hand_h * 0.52)))
        pile_h = max(44, int(hand_h * 0.85))
        hand_rect = pygame.Rect(inner.x, inner.bottom - hand_h - 26, inner.w, hand_h + 26)
        spots = seat_spots(table, n, focus, hand_rect.y, other_h, scale)
        top_edge = max([s.rect.bottom for s in spots.values() if s.rect.y <= inner.y + 2] or [inner.y])
        while pile_h >= max(44, int(hand_h * 0.6)):
            middle = _middle(table, top_edge, hand_rect.y, pile_h, spread_n)
            if _fits(spots, middle[0].union(middle[1]), hand_rect, inner):
                return hand_h, hand_rect, spots, middle
            pile_h -= 4
    # a tiny window: the smallest sizes, overlaps and all
    hand_h = 48
    hand_rect = pygame.Rect(inner.x, inner.bottom - hand_h - 26, inner.w, hand_h + 26)
    spots = seat_spots(table, n, focus, hand_rect.y, 30, scale)
    return hand_h, hand_rect, spots, _middle(table, inner.y + 80, hand_rect.y, 44, spread_n)


def compute(size, view, focus: int, hand_order) -> Zones:
    """The zones of a Kumbal table for a window of `size`, the seat `focus` at the bottom."""
    area = table_area(size)
    spread_n = max(3, len(view.last_discard))
    hand_h, hand_rect, spots, (middle_rect, line, deck, pile, spread) = _sizes(tuple(size), view.n, focus,
                                                                               spread_n)
    spots = {seat: SeatSpot(s.seat, pygame.Rect(s.rect), pygame.Rect(s.plate), pygame.Rect(s.cards))
             for seat, s in spots.items()}      # copies: the cached ones stay as they are
    hand_rect, middle_rect, line, deck, pile, spread = (pygame.Rect(r) for r in
                                                        (hand_rect, middle_rect, line, deck, pile, spread))
    zones = Zones(size)
    zones.extra.update(area)
    zones.extra.update(middle=middle_rect, line=line, hand_area=hand_rect)
    grow = max(1.0, area["scale"])      # the plates and the sort chips grow with the window, as their text
    plate_w = max(150, min(round(240 * grow), int(area["table"].w * 0.2)))
    me = pygame.Rect(hand_rect.x, hand_rect.y + 10, plate_w, min(hand_h, round(120 * grow)))
    zones.extra["plate", focus] = pygame.Rect(me.x, me.y, me.w, max(44, min(round(60 * grow), hand_h // 3)))
    zones.extra["me", focus] = me
    chips = pygame.Rect(hand_rect.right - plate_w, hand_rect.y + 10, plate_w, me.h)
    zones.extra["chips"] = chips
    fan_area = pygame.Rect(me.right + 10, hand_rect.y + 18, chips.x - me.right - 20, hand_h)
    size_hand = card_size(hand_h)
    held = len(hand_order) if view.viewer == focus else view.seats[focus].hand_count
    fit_w = int(fan_area.w / (1 + MIN_STRIP * max(0, held - 1)))
    if fit_w < size_hand[0]:        # a long hand: smaller cards rather than unreadable strips
        size_hand = card_size(hand_h * fit_w / size_hand[0])
    zones.add("deck", Pile(("deck",), deck, trc("the draw pile's caption", "Deck"), view.deck_count))
    zones.add("discard", Pile(("discard",), pile, trc("the discard pile's caption", "Discard"), view.discard_count))
    # what the player on turn has just laid lies on the pile, fanned a little (never over the spread)
    laid = tuple(("laid", c) for c in view.just_discarded)
    step = min(pile.w // 5, (spread.x - pile.right - 4) // max(1, len(laid) - 1)) if len(laid) > 1 else 0
    on_pile = Fan(laid, pygame.Rect(pile.x, pile.y, pile.w + step * max(0, len(laid) - 1), pile.h), pile.size)
    on_pile.touchable = False       # a click there is a click on the pile
    zones.add("laid", on_pile)
    last = tuple(("last", c) for c in view.last_discard)
    zones.add("last", Row(last, spread, deck.size, gap=4, lift=max(6, deck.h // 10)))
    zones.extra["spread"] = spread
    for seat, spot in spots.items():
        count = view.seats[seat].hand_count
        backs = Fan([("back", seat, i) for i in range(count)], spot.cards,
                    card_size(spot.cards.h), spread=0.32)
        backs.touchable = False
        zones.add(("backs", seat), backs)
        zones.extra["plate", seat] = spot.plate
        zones.extra["seat", seat] = spot.rect
    if view.viewer == focus:
        places = [("hand", focus, c) for c in hand_order]
        zones.add("hand", Fan(places, fan_area, size_hand, lift=max(10, hand_h // 7)))
    else:
        # the public view: the focus seat's hand is a count, face down like the others
        backs = Fan([("back", focus, i) for i in range(view.seats[focus].hand_count)], fan_area, size_hand)
        backs.touchable = False
        zones.add(("backs", focus), backs)
    zones.extra["seat", focus] = hand_rect
    chip_h = max(24, min(round(34 * grow), hand_h // 5))
    chip_w = (chips.w - 8) // 2
    zones.extra[SORT_CHIPS[0]] = pygame.Rect(chips.x, chips.bottom - chip_h, chip_w, chip_h)
    zones.extra[SORT_CHIPS[1]] = pygame.Rect(chips.x + chip_w + 8, chips.bottom - chip_h, chip_w, chip_h)
    return zones
