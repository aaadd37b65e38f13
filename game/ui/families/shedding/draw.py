"""Drawing Kumbal's table from a view: plates with totals, hands, deck, pile and the last discard.

Everything here is a function of (zones, view, marks): nothing the view does not carry can reach
the screen. Other hands are backs (a count); the seat on screen sees its own faces only in its own
view; at the round's end the results reveal every hand to everyone.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, local, tr, trc, trn
from game.ui import fonts, theme
from game.ui.kit import Fan, Pawn, Token, caption, card_size
from game.ui.kit.zones import draw_lit
from game.ui.widgets import blit_text, draw_panel

RESETS = ((51, 0), (99, 50))     # an exact total -> what it becomes (shown on every track)
READABLE = 11                    # no text on the table under this many pixels (1280x800 and up)
HINT = N_("Drag a card along your hand to move it. Sweep over a set or a run to pick it.")


@dataclass
class Marks:
    """What the table adds to the view: lit places, the selection, what flies or is dragged."""
    names: tuple = ()
    lit: frozenset = frozenset()
    selected: frozenset = frozenset()
    hidden: frozenset = frozenset()         # places an animation will land, or being dragged
    acting: object = None                   # whose turn is highlighted
    sort: str = ""                          # "rank", "suit" or "" (as dealt / as arranged)
    banner: str = ""                        # the line over the middle
    reveal: bool = False                    # the round is scored: every hand face up
    new: object = None                      # the id of the card the viewer drew or took last ("new")
    live: bool = True                       # the sort chips and how to drag (not in a replay)
    open: bool = False                      # the replay's "all cards": every hand face up (view.open_hands)


def track(surf, rect, total, limit, colour=theme.ACCENT):
    """A total on a bar from 0 to the limit: the exact 51 and 99 marked (they reset), the limit at
    the end; the number in words beside it, so the bar is never the only cue."""
    pygame.draw.rect(surf, theme.BAR, rect, border_radius=3)
    span = max(1, limit)
    fill = pygame.Rect(rect.x, rect.y, int(rect.w * min(1.0, max(0, total) / span)), rect.h)
    pygame.draw.rect(surf, theme.DANGER if total > limit else colour, fill, border_radius=3)
    for at, _ in RESETS:
        if at < limit:
            x = rect.x + int(rect.w * at / span)
            pygame.draw.line(surf, theme.GOOD, (x, rect.y - 2), (x, rect.bottom + 1), 2)
    pygame.draw.rect(surf, theme.PANEL_EDGE, rect, 1, border_radius=3)


def plate(surf, rect, name, view, seat, marks, own_points=None, scale=1.0):
    """Name, cards in hand, total and its track; a called Kumbal and the dealer are badges. No text
    under READABLE: what does not fit at that size takes a shorter form or stays out (the track and
    the scores beside the table say the total too)."""
    seat_view = view.seats[seat]
    acting = marks.acting == seat
    draw_panel(surf, rect, (64, 52, 20) if acting else theme.PANEL, theme.ACCENT if acting else theme.PANEL_EDGE,
               radius=7, width=2 if acting else 1)
    # two lines (name; cards and points) when the plate is tall enough, else the name alone
    top = round(17 * max(1.0, scale))
    size = max(READABLE, min(top, int((rect.h - 10) / 2.3) if rect.h >= 44 else rect.h // 2 - 1))
    x, right = rect.x + 8, rect.right - 8
    total = view.totals[seat] if seat < len(view.totals) else seat_view.total
    right_text = f"{total}/{view.limit}"
    total_rect = blit_text(surf, right_text, max(READABLE, size - 2), (right, rect.y + 3), theme.MUTED, False,
                           "topright")
    badges = []
    if seat_view.called or view.caller == seat:
        badges.append((f"{local(view.call_name)}!", theme.BUTTON_PRIMARY))
    if seat == view.dealer:
        badges.append((trc("the dealer's badge on a plate", "D"), theme.BUTTON))
    bx = total_rect.x - 4
    bsize = max(READABLE, size - 5)
    for text, colour in badges:
        img = fonts.text(text, bsize, theme.TEXT, True)
        box = img.get_rect().inflate(8, 2)
        box.topright = (bx, rect.y + 3)
        pygame.draw.rect(surf, colour, box, border_radius=5)
        surf.blit(img, img.get_rect(center=box.center))
        bx = box.x - 4
    label = ("▶ " if acting else "") + name
    room = bx - x - 4
    lsize = fonts.fit(label, size, room, True, min_size=READABLE)
    blit_text(surf, fonts.ellipsize(label, lsize, room, True), lsize, (x, rect.y + 3),
              theme.ACCENT if acting else theme.TEXT, True, "topleft")
    count = seat_view.hand_count
    cards = trn("{n} card", "{n} cards", count, n=count)
    forms = [cards]
    if own_points is not None:      # the longest form that fits: the points matter most
        in_hand = trn("{n} point in hand", "{n} points in hand", own_points, n=own_points)
        forms = [f"{cards} · {in_hand}", in_hand, trn("{n} point", "{n} points", own_points, n=own_points)]
    small = max(READABLE, size - 3)
    y2 = rect.y + 3 + fonts.line_height(lsize, True)
    if y2 + fonts.line_height(small) <= rect.bottom - 6:
        line2 = next((f for f in forms if fonts.width(f, small) <= rect.w - 16), None)
        if line2 is not None:
            blit_text(surf, line2, small, (x, y2), theme.MUTED)
    bar = pygame.Rect(x, rect.bottom - 7, rect.w - 16, 4)
    track(surf, bar, total, view.limit)


def backs(surf, fan: Fan, art, hidden=frozenset()):
    """A face-down hand: backs only (the count is all the view has)."""
    fan.draw(surf, lambda place, size: art.back(size), hidden=hidden)


def faces(surf, rect, cards, view, art):
    """A hand revealed at the round's end, laid in the seat's card area."""
    if not cards:
        return
    row = Fan([("shown", c) for c in cards], rect, card_size(rect.h), spread=0.45)
    row.draw(surf, lambda place, size: art.face(view.face(place[1]), size))


def new_card(surf, hand: Fan, place, marks):
    """The card just drawn or taken, in its owner's hand: a green outline over its neighbours and
    "new" on the part of it that shows (words and a shape, not colour alone)."""
    rect = hand.rects().get(place)
    if rect is None or place in marks.hidden:
        return
    if place in marks.selected or place in marks.lit:
        rect = rect.move(0, -hand.lift)
    pygame.draw.rect(surf, theme.GOOD, rect.inflate(6, 6), 3, border_radius=8)
    order = list(hand.rects())
    i = order.index(place)
    shows = rect.w if i == len(order) - 1 else min(rect.w, hand.rects()[order[i + 1]].x - rect.x)
    Token(pygame.Rect(rect.x, rect.y, shows, rect.h), trc("a card just drawn or taken", "new"), theme.GOOD,
          corner="midbottom").draw(surf)


def chip(surf, rect, label, on: bool):
    """A sort control: words plus a tick when chosen (not colour alone)."""
    draw_panel(surf, rect, theme.BUTTON_PRIMARY if on else theme.BUTTON, theme.ACCENT if on else theme.PANEL_EDGE,
               radius=7, width=2 if on else 1)
    text = ("✓ " if on else "") + label
    size = fonts.fit(text, max(READABLE, rect.h // 2), rect.w - 8, True, min_size=READABLE)
    if fonts.width(text, size, True) > rect.w - 8:
        text = text.split("  ")[0]          # "By rank" without its key: the key help lists R and U
    blit_text(surf, text, size, rect.center, theme.TEXT, True, "center")


def draw_table(surf, zones, view, marks: Marks, art, focus: int, image_for):
    """The whole family part of the frame."""
    names = marks.names
    name = (lambda s: names[s] if s < len(names) else tr("Seat {n}", n=s + 1))
    results = {r.seat: r for r in view.results} if marks.reveal else {}
    scale = max(1.0, zones.extra.get("scale", 1.0))
    line = zones.extra.get("line")
    if marks.banner and line is not None:
        size = fonts.fit(marks.banner, max(12, line.h - 10), line.w - 12, True, min_size=READABLE)
        text = fonts.ellipsize(marks.banner, size, line.w - 12, True)
        draw_panel(surf, line.inflate(0, -4), (30, 44, 36), theme.PANEL_EDGE, radius=8)
        blit_text(surf, text, size, line.center, theme.TEXT, True, "center")
    # the other seats
    for seat in range(view.n):
        if seat == focus:
            continue
        fan = zones.get(("backs", seat))
        plate_rect = zones.extra.get(("plate", seat))
        if plate_rect is None:
            continue
        plate(surf, plate_rect, name(seat), view, seat, marks, scale=scale)
        if seat in results:
            faces(surf, fan.rect, results[seat].hand, view, art)
        elif marks.open and view.open_hands and fan is not None:
            faces(surf, fan.rect, view.open_hands[seat], view, art)
        elif fan is not None:
            backs(surf, fan, art, marks.hidden)
            count = view.seats[seat].hand_count
            where = fan.bounds() if fan.places else pygame.Rect(fan.rect.topleft, fan.size)   # no card: its place
            Token(where, trn("{n} card", "{n} cards", count, n=count), theme.TEXT).draw(surf)
    # the middle
    deck = zones["deck"]
    deck.draw(surf, image_for, marks.lit, marks.selected, marks.hidden, empty=art.empty(deck.rect.size))
    if view.owed:
        Token(deck.rect, tr("owe {n}", n=view.owed), theme.DANGER).draw(surf)
    pile = zones["discard"]
    # a drop on the pile lights the pile and the spread on it together (below)
    pile.draw(surf, image_for, marks.lit - {("discard",)}, marks.selected, marks.hidden,
              empty=art.empty(pile.rect.size))
    zones["laid"].draw(surf, image_for, hidden=marks.hidden)
    last = zones["last"]
    spread = zones.extra["spread"]
    lit_last = frozenset(p for p in marks.lit if p[0] == "last")
    dim = frozenset(p for p in last.places if p[1] not in view.takeable) if lit_last else frozenset()
    last.draw(surf, image_for, lit_last, marks.selected, marks.hidden, dim)
    if view.last_discard:
        who = (tr("{who}'s discard", who=name(view.last_by)) if view.last_by is not None
               else tr("The flipped card"))
        caption(surf, spread.inflate(-spread.w // 4, 0), who, theme.ACCENT if lit_last else theme.MUTED)
    if ("discard",) in marks.lit:
        # the whole pile and the spread on it take a drop
        draw_lit(surf, pile.rect.union(spread))
    # the seat on screen
    me = zones.extra.get(("plate", focus))
    hand = zones.get("hand")
    own = view.hand_points() if view.viewer == focus else None
    if me is not None:
        plate(surf, me, name(focus), view, focus, marks, own, scale=scale)
    if focus in results:
        area = zones.extra["hand_area"]
        faces(surf, pygame.Rect(me.right + 10 if me else area.x, area.y + 18,
                                area.w - (me.w + 20 if me else 0) - zones.extra["chips"].w, area.h - 26),
              results[focus].hand, view, art)
    elif hand is not None:
        lit = marks.lit
        if not marks.selected and set(hand.places) <= lit:
            lit = lit - set(hand.places)     # every card starts a discard: lifting them all says nothing
        hand.draw(surf, image_for, lit, marks.selected, marks.hidden)
        new_card(surf, hand, ("hand", focus, marks.new), marks)
        for place, rect in hand.rects().items():
            if view.drawn == place[2] and view.phase == "free" and place not in marks.hidden:
                up = hand.lift if (place in marks.lit or place in marks.selected) else 0
                Token(rect.move(0, -up), trc("the card just drawn", "drawn"), theme.GOOD).draw(surf)
    else:
        fan = zones.get(("backs", focus))
        if fan is not None:
            backs(surf, fan, art, marks.hidden)
    if hand is not None and focus not in results and marks.live:
        for key, label in ((("sort", "rank"), tr("By rank  [R]")), (("sort", "suit"), tr("By suit  [U]"))):
            rect = zones.extra.get(key)
            if rect is not None:
                chip(surf, rect, label, marks.sort == key[1])
        chips = zones.extra["chips"]
        # how to sort and how to pick several cards (a sweep), in as many lines as it takes, over the
        # sort chips (the playtest found no one discovered the sweep)
        size = max(READABLE, round(12 * scale))
        lines = fonts.wrap(tr(HINT), size, chips.w)
        y = zones.extra[("sort", "rank")].y - 4
        if y - len(lines) * fonts.line_height(size) >= chips.y - 8:
            for text in reversed(lines):
                y = blit_text(surf, text, size, (chips.centerx, y), theme.MUTED, False, "midbottom").y
    if view.direction < 0:
        rect = zones.extra["middle"]
        Pawn((rect.x - 18, rect.centery), 14, "↺", theme.BUTTON_PRIMARY).draw(surf)
