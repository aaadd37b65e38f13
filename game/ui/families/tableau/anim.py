"""Castle Combo's moves as animation steps, from the difference between the views before and after
an action (so every way a card moves is shown the same, whatever event said it):

1. a card flies from its display to its cell (turning over when taken face down), discarded
   display cards fly to their discard pile, and gold and keys counters tick to their new values;
2. the Messenger walks to its new location;
3. the displays refill: new cards fly from the deck, turning face up.
"""
from __future__ import annotations

import pygame

from game.ui import fonts, theme
from game.ui.anim import CardMove, Step, Tween, ease
from game.ui.families.tableau.draw import counter, draw_pawn
from game.ui.families.tableau.layout import plate_parts

MOVE = 0.42
TICK = 0.6


class Tick(Tween):
    """A gold or keys counter counting from its old value to its new one, with the change beside it."""

    def __init__(self, rect, kind, start: int, stop: int, duration, delay=0.0):
        super().__init__(duration, delay)
        self.rect, self.kind, self.start, self.stop = pygame.Rect(rect), kind, start, stop

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        value = round(self.start + (self.stop - self.start) * ease(p))
        counter(surf, self.rect, value, self.kind, flash=True)
        change = self.stop - self.start
        size = max(11, self.rect.h - 4)
        img = fonts.text(f"{change:+d}", size, theme.GOOD if change > 0 else theme.DANGER, True)
        surf.blit(img, img.get_rect(midbottom=(self.rect.centerx, self.rect.y - int(10 * ease(p)))))


class PawnMove(Tween):
    """The Messenger walking from one location's row to the other's."""

    def __init__(self, start, stop, duration, delay=0.0):
        super().__init__(duration, delay)
        self.start, self.stop = pygame.Rect(start), pygame.Rect(stop)

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        e = ease(p)
        rect = pygame.Rect(self.start)
        rect.x += round((self.stop.x - self.start.x) * e)
        rect.y += round((self.stop.y - self.start.y) * e)
        draw_pawn(surf, rect)


def _locations(view) -> dict:
    """card id -> the location whose display it is on."""
    return {c: loc for loc, row in zip(view.locations, view.displays) for c in row}


def steps_between(drawing, old, new, before, zones, scale, names) -> list:
    """The animation steps from view `old` to view `new` (rects: `before` for old, `zones` for new;
    `drawing`: the table's TableauDrawing, for the cards' images)."""
    s = max(0.05, scale)
    first, hide1 = [], set()
    on_display = _locations(old)
    # cards taken into a tableau
    for old_seat_view, seat_view in zip(old.seats, new.seats):
        had = {p.card for p in old_seat_view.tableau}
        for placed in seat_view.tableau:
            if placed.card in had:
                continue
            place = ("cell", seat_view.seat, placed.row, placed.col)
            stop = zones.cards.get(place) or zones.rect(place)
            loc = on_display.get(placed.card)
            start = before.get(("display", loc, placed.card)) if loc else None
            if stop is None or start is None:
                continue
            face = drawing.card_image(new, placed.card, start.size)
            end = None if placed.face_up else drawing.card_image(new, placed.card, stop.size, False)
            if end is not None:
                first.append(CardMove(face, start, stop, MOVE * s, img_end=end, lift=18))
            else:
                first.append(CardMove(face, start, stop, MOVE * s, lift=18))
            hide1.add(place)
    # display cards discarded (a key's refresh, a discarding ability)
    for i, loc in enumerate(new.locations):
        gone = set(new.discards[i]) - set(old.discards[i]) if i < len(old.discards) else set()
        pile = zones.rect(("discard", loc))
        for k, card in enumerate(sorted(gone)):
            start = before.get(("display", loc, card))
            if start is None or pile is None:
                continue
            first.append(CardMove(drawing.card_image(new, card, start.size), start, pile, MOVE * s,
                                  delay=k * 0.05 * s, lift=10))
        if gone:
            hide1.add(("discard", loc))
    # gold and keys
    for old_seat_view, seat_view in zip(old.seats, new.seats):
        plate = zones.extra.get(("plate", seat_view.seat))
        if plate is None:
            continue
        parts = plate_parts(plate)
        if seat_view.gold != old_seat_view.gold:
            first.append(Tick(parts["gold"], "gold", old_seat_view.gold, seat_view.gold, TICK * s))
        if seat_view.keys != old_seat_view.keys:
            first.append(Tick(parts["keys"], "keys", old_seat_view.keys, seat_view.keys, TICK * s))
    steps = []
    refilled = [(loc, c) for c, loc in _locations(new).items() if c not in on_display]
    refill_hide = {("display", loc, c) for loc, c in refilled}
    if first:
        steps.append(Step(first, hide1 | refill_hide | ({("messenger",)} if old.messenger != new.messenger else set())))
    # the Messenger
    if old.messenger != new.messenger:
        start = before.get(("pawn", old.messenger))
        stop = zones.extra.get(("pawn", new.messenger))
        if start is not None and stop is not None:
            steps.append(Step([PawnMove(start, stop, MOVE * 1.2 * s)], {("messenger",)} | refill_hide))
    # the displays refill from their decks
    tweens = []
    for k, (loc, card) in enumerate(refilled):
        stop = zones.rect(("display", loc, card))
        deck = zones.rect(("deck", loc))
        if stop is None or deck is None:
            continue
        back = drawing.art.back(loc, deck.size)
        tweens.append(CardMove(back, deck, stop, MOVE * 0.8 * s, delay=k * 0.08 * s,
                               img_end=drawing.card_image(new, card, stop.size), lift=12))
    if tweens:
        steps.append(Step(tweens, refill_hide))
    return steps
