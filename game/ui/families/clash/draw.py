"""Drawing Klobba!'s table from a view: the four Bands with their plates, the Groups, the Totems and
Grouping markers, Stars on Barbarians, both laid cards and their totals, the hand and the offers.

Everything here is a function of (zones, view, marks): nothing the view does not carry reaches the
screen. The one thing drawn from elsewhere is `marks.clash`, the last clobber as its public events
told it (shown while everyone watches the reveal).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import pygame

from game.families.clash.words import card_text
from game.ui import fonts, theme
from game.ui.families.clash.art import draw_star
from game.ui.kit import Token, caption
from game.ui.kit.zones import draw_lit, draw_selected
from game.ui.widgets import blit_text, draw_panel

BLACK = (22, 22, 26)
WHITE = (236, 234, 226)
TINT = {"black": (0, 0, 0, 95), "white": (255, 255, 255, 60)}
EDGE = {"black": (10, 10, 12), "white": (245, 245, 240)}
TOTEM_NAME = {"black": "Black", "white": "White"}


@dataclass
class Marks:
    """What the table adds to the view: lit places, the selection, what flies, the zoomed card."""
    names: tuple = ()
    lit: frozenset = frozenset()
    selected: frozenset = frozenset()
    hidden: frozenset = frozenset()
    acting: Optional[int] = None
    zoom: Optional[tuple] = None            # (place, face) hovered: drawn large
    clash: Optional[dict] = None            # the last clobber, from its public events (during its hold)
    hint: str = ""
    new: frozenset = field(default_factory=frozenset)   # cards just drawn by Swap & Play


def _name(names, seat) -> str:
    return names[seat] if seat is not None and seat < len(names) else f"Seat {(seat or 0) + 1}"


def totem_token(surf, center, radius, totem):
    """A Totem: a disc, black or white, with its letter (not colour alone)."""
    pygame.draw.circle(surf, BLACK if totem == "black" else WHITE, center, radius)
    pygame.draw.circle(surf, theme.ACCENT, center, radius, 2)
    blit_text(surf, "B" if totem == "black" else "W", max(8, int(radius * 1.1)), center,
              WHITE if totem == "black" else BLACK, True, "center")


def marker_flag(surf, right, y, h, totem) -> int:
    """A Grouping marker on a paired Band: a pennant with the Totem's letter, its pole at `right`;
    returns its left edge."""
    x = right - 2
    pygame.draw.line(surf, theme.TEXT, (x, y), (x, y + h), 2)
    flag = [(x - 1, y), (x - h, y + h // 3), (x - 1, y + 2 * h // 3)]
    pygame.draw.polygon(surf, BLACK if totem == "black" else WHITE, flag)
    pygame.draw.polygon(surf, theme.ACCENT, flag, 1)
    blit_text(surf, totem[0].upper(), max(8, h // 2), (x - h // 3 - 1, y + h // 3),
              WHITE if totem == "black" else BLACK, True, "center")
    return x - h


def groups(view) -> dict:
    """totem -> (holder's Band place, paired Band place) once the Groups are formed."""
    out = {}
    for sd in view.showdowns:
        if len(sd.group) == 2:
            out[sd.totem] = sd.group
    return out


def draw_groups(surf, zones, view):
    """Each Group: a tinted area behind both Bands, joined by a band of the Totem's colour."""
    for totem, (own, paired) in groups(view).items():
        a, b = zones.extra["box", own], zones.extra["box", paired]
        pygame.draw.line(surf, EDGE[totem], a.center, b.center, 8)
        for box in (a, b):
            area = box.inflate(16, 16)
            tint = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, TINT[totem], tint.get_rect(), border_radius=12)
            pygame.draw.rect(tint, (*EDGE[totem], 255), tint.get_rect(), 4, border_radius=12)
            surf.blit(tint, area)


def plate(surf, rect, view, band, marks, art, group=None):
    """A Band's plate: its owner's name, Totem, Stars and captured Barbarians; or "Free Band"; the
    Grouping marker lying on it."""
    acting = band.owner is not None and band.owner == marks.acting
    draw_panel(surf, rect, (64, 52, 20) if acting else theme.PANEL, theme.ACCENT if acting else theme.PANEL_EDGE,
               radius=7, width=2 if acting else 1)
    size = max(11, min(16, rect.h // 2 - 3))
    x = rect.x + 6
    right = rect.right - 6
    if band.totem:
        r = max(7, min(12, rect.h // 3))
        totem_token(surf, (right - r, rect.y + r + 3), r, band.totem)
        right -= 2 * r + 4
    if band.marker:
        right = marker_flag(surf, right, rect.y + 3, max(14, min(22, rect.h // 2)), band.marker) - 4
    # the Group it belongs to, in words (the tint and the Totem's letters say it too)
    in_group = f"{TOTEM_NAME[group]} Group" if group else ""
    if band.owner is None:
        blit_text(surf, "Free Band", size, (x, rect.y + 3), theme.MUTED, True)
        if in_group and rect.h >= 30:
            blit_text(surf, in_group, max(9, size - 3), (rect.right - 6, rect.bottom - 3), theme.TEXT, True,
                      "bottomright")
        return
    sv = view.seats[band.owner]
    stars = f"{sv.stars}"
    sr = blit_text(surf, stars, size, (right, rect.y + 3), theme.ACCENT, True, "topright")
    draw_star(surf, (sr.x - size // 2 - 2, sr.centery), size)
    room = sr.x - size - 8 - x
    label = ("▶ " if acting else "") + _name(marks.names, band.owner)
    lsize = fonts.fit(label, size, room, True, min_size=9)
    blit_text(surf, fonts.ellipsize(label, lsize, room, True), lsize, (x, rect.y + 3),
              theme.ACCENT if acting else theme.TEXT, True)
    # the second line: captured Barbarians as chips (symbol and value), and their bounty
    y = rect.y + 4 + fonts.line_height(size, True)
    th = max(9, rect.bottom - y - 3)
    if th < 9:
        return
    caught = [view.face(c) for c in sv.captured]
    bounty = sum(f.bounty for f in caught)
    text = f"{len(caught)} captured · +{bounty}" if caught else "none captured"
    if in_group:
        text = in_group + " · " + (f"{len(caught)} captured" if caught else "none captured")
    tr = blit_text(surf, text, max(9, th - 3), (rect.right - 6, y + th // 2), theme.MUTED, False, "midright")
    cx = x
    for f in caught:
        tile = art.tile(f, th)
        if cx + tile.get_width() > tr.x - 4:
            break
        surf.blit(tile, (cx, y))
        cx += tile.get_width() + 2


def stars_on(surf, rect, count, colour=theme.ACCENT):
    """Stars placed on a Barbarian, in its corner."""
    size = max(10, rect.w // 3)
    for k in range(count):
        draw_star(surf, (rect.right - size // 2 - 2, rect.y + size // 2 + 2 + k * (size - 2)), size, colour)


def band_cards(surf, zones, view, band, marks, art):
    row = zones[("cards", band.place)]
    faces = {c.card: c for c in band.cards}

    def image_for(place, size):
        bc = faces.get(place[2])
        if bc is None:
            return None
        return art.face(view.face(bc.card), size) if bc.face_up else art.back(size)
    lit = frozenset(p for p in marks.lit if p in row.places)
    row.draw(surf, image_for, lit, marks.selected, marks.hidden)
    if not band.cards:
        blit_text(surf, "no Barbarians", 13, row.rect.center, theme.DIM, False, "center")
    for place, rect in row.rects().items():
        bc = faces.get(place[2])
        if bc is None or place in marks.hidden:
            continue
        if not bc.face_up:
            Token(rect, "resting", theme.MUTED, "bottomright").draw(surf)
        if bc.stars:
            stars_on(surf, rect, bc.stars)


def holder(view, clash, totem):
    """Who held this Totem: in the clobber shown (the Totems may have moved on since), else now."""
    if clash is not None:
        for seat, held in clash.get("totems", {}).items():
            if held == totem:
                return seat
    return view.black if totem == "black" else view.white


def slot_card(view, clash, totem, names=()) -> tuple:
    """(the card played face up on a Totem holder's laid-card place or None, the card whose selection
    applies when another (Mirror & Switch: the opponent's; Flee & Surprise: the Surprise) or None,
    the total, a note): the clobber's public events while everyone watches it, else the view."""
    seat = holder(view, clash, totem)
    if clash is not None and seat in clash["cards"]:
        card = clash["cards"][seat]
        effect = clash["effects"].get(seat)
        other = next((c for s, c in clash["cards"].items() if s != seat), None)
        if effect is None and card is not None and other is not None and view.face(card).effect.tag == "mirror" \
                and view.face(other).effect.tag != "mirror":
            effect = clash["effects"].get(next(s for s in clash["cards"] if s != seat)) or other
        return card, effect, clash["totals"].get(seat), clash["notes"].get(seat, "")
    sd = next((s for s in view.showdowns if s.totem == totem), None)
    if sd is None:
        return None, None, None, ""
    card = sd.played if sd.played is not None else sd.card
    effect = sd.effect if sd.effect is not None and sd.effect != card else None
    note = f"after {view.face(sd.card).name}" if sd.card is not None and card is not None and card != sd.card else ""
    if sd.offered_by is not None:
        note = (note + " · " if note else "") + f"offered by {_name(names, sd.offered_by)}"
    return card, effect, sd.total, note


def showdown(surf, zones, view, marks, art):
    """Both laid cards in the middle, Black on the left, White on the right, with their totals."""
    names = marks.names
    clash = marks.clash
    for totem in ("black", "white"):
        slot = zones.extra["slot", totem]
        sd = next((s for s in view.showdowns if s.totem == totem), None)
        seat = holder(view, clash, totem)
        label = f"{TOTEM_NAME[totem]} · {_name(names, seat)}"
        lr = zones.extra["slot_label", totem]
        size = fonts.fit(label, max(11, lr.h - 6), lr.w, True, min_size=9)
        blit_text(surf, fonts.ellipsize(label, size, lr.w, True), size, lr.center, theme.TEXT, True, "center")
        card, effect, total, note = slot_card(view, clash, totem, names)
        if ("slot", totem) in marks.hidden:
            continue
        if card is not None:
            surf.blit(art.face(view.face(card), slot.size), slot)
            if effect is not None and slot.h < 90:
                note = (note + " · " if note else "") + f"applies {view.face(effect).name}"
            elif effect is not None:
                # the card whose selection applies, smaller, over the played card's corner
                small = pygame.Rect(0, 0, int(slot.w * 0.62), int(slot.h * 0.62))
                small.topleft = (slot.right - small.w // 2, slot.y + slot.h // 5)
                surf.blit(art.face(view.face(effect), small.size), small)
                Token(small, "applies", theme.GOOD, "topright").draw(surf)
        elif sd is not None and sd.laid:
            surf.blit(art.back(slot.size), slot)
            caption(surf, slot, "laid, face down", theme.MUTED, 12)
        else:
            pygame.draw.rect(surf, theme.PANEL_EDGE, slot, 2, border_radius=8)
            blit_text(surf, "?", max(14, slot.h // 3), slot.center, theme.DIM, True, "center")
        tr = zones.extra["total", totem]
        if total is not None:
            blit_text(surf, f"Total {total}", max(12, tr.h - 4), tr.center, theme.ACCENT, True, "center")
        if note:
            Token(slot, fonts.ellipsize(note, 11, slot.w + 40), theme.ACCENT, "midbottom").draw(surf)


def middle(surf, zones, view, marks):
    """The banner line (what happened, or what the rules wait for) and the decks' counts."""
    draw_panel(surf, zones.extra["middle"], (20, 60, 40), theme.PANEL_EDGE, radius=12)
    banner = zones.extra["banner"]
    text = marks.hint
    if text:
        size = fonts.fit(text, max(11, banner.h - 6), banner.w - 12, True, min_size=9)
        draw_panel(surf, banner, (30, 44, 36), theme.PANEL_EDGE, radius=8)
        blit_text(surf, fonts.ellipsize(text, size, banner.w - 12, True), size, banner.center, theme.TEXT, True,
                  "center")
    decks = zones.extra["decks"]
    lines = (f"Barbarians {view.barbarian_deck}", f"Actions {view.action_deck}",
             f"Discard {len(view.action_discard)}", f"Supply {view.supply}")
    lh = max(12, min(18, decks.h // 5))
    y = decks.y + 2
    for line in lines:
        blit_text(surf, fonts.ellipsize(line, lh - 2, decks.w), lh - 2, (decks.centerx, y), theme.MUTED, False,
                  "midtop")
        y += lh + 2
    if view.last_round:
        blit_text(surf, "Last round!", lh, (decks.centerx, y + 2), theme.DANGER, True, "midtop")


def hand(surf, zones, view, marks, art):
    """The viewer's Action cards and the offers made to it (its own view only), or a count."""
    label = zones.extra["hand_label"]
    seat = view.viewer
    fan = zones.get("hand")
    offers = zones.get("offers")
    if seat is None:
        blit_text(surf, "Public view", 15, (label.x + 4, label.y + 4), theme.MUTED, True)
        blit_text(surf, "hands are hidden", 13, (label.x + 4, label.y + 24), theme.DIM)
        return
    blit_text(surf, "Your Action cards", 15, (label.x + 4, label.y + 4), theme.TEXT, True)
    blit_text(surf, f"{len(view.hand)} in hand", 13, (label.x + 4, label.y + 24), theme.MUTED)
    if fan is not None:
        fan.draw(surf, lambda place, size: art.face(view.face(place[2]), size), marks.lit, marks.selected,
                 marks.hidden)
        for place, rect in fan.rects().items():
            if place[2] in marks.new and place not in marks.hidden:
                Token(rect, "new", theme.GOOD).draw(surf)
    if offers is not None:
        offers.draw(surf, lambda place, size: art.face(view.face(place[2]), size), marks.lit, marks.selected,
                    marks.hidden)
        for place, rect in offers.rects().items():
            caption(surf, rect, f"from {_name(marks.names, place[1])}", theme.ACCENT, 12)


def zoom(surf, zones, view, marks, art):
    """The hovered card, large, with its text in full."""
    if marks.zoom is None:
        return
    place, face = marks.zoom
    table = zones.extra["table"]
    h = min(300, int(table.h * 0.42))
    w = int(h * 0.7)
    panel = pygame.Rect(0, 0, w + 20 + (220 if face.kind == "action" else 0), h + 20)
    anchor = zones.rect(place) or zones.extra.get(place) or table
    panel.midbottom = (anchor.centerx, anchor.y - 8)
    panel.clamp_ip(table)
    if panel.colliderect(anchor):
        panel.midtop = (anchor.centerx, anchor.bottom + 8)
        panel.clamp_ip(table)
    draw_panel(surf, panel, theme.PANEL, theme.ACCENT, radius=10, width=2)
    surf.blit(art.face(face, (w, h)), (panel.x + 10, panel.y + 10))
    if face.kind == "action":
        x = panel.x + w + 20
        blit_text(surf, face.name, 16, (x, panel.y + 12), theme.ACCENT, True)
        y = panel.y + 40
        for line in fonts.wrap(card_text(face), 14, 200):
            blit_text(surf, line, 14, (x, y), theme.TEXT)
            y += fonts.line_height(14)


def draw_table(surf, zones, view, marks: Marks, art):
    """The whole family part of the frame."""
    draw_groups(surf, zones, view)
    group_of = {place: totem for totem, pair in groups(view).items() for place in pair}
    for band in view.bands:
        plate(surf, zones.extra["plate", band.place], view, band, marks, art, group_of.get(band.place))
        band_cards(surf, zones, view, band, marks, art)
        box = zones.extra["box", band.place]
        if ("band", band.place) in marks.lit:
            draw_lit(surf, box)
        if ("band", band.place) in marks.selected:
            draw_selected(surf, box)
        if band.owner is not None and ("totem", band.owner) in marks.lit:
            draw_lit(surf, zones.extra["plate", band.place])
    middle(surf, zones, view, marks)
    showdown(surf, zones, view, marks, art)
    hand(surf, zones, view, marks, art)
    zoom(surf, zones, view, marks, art)
