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

from game.families.clash.words import card_text, shown
from game.i18n import N_, tr, trc
from game.ui import fonts, theme
from game.ui.families.clash.art import MIN_TEXT, draw_star
from game.ui.kit import Token
from game.ui.kit.zones import draw_lit, draw_selected
from game.ui.widgets import blit_text, draw_panel

BLACK = (22, 22, 26)
WHITE = (236, 234, 226)
TINT = {"black": (0, 0, 0, 95), "white": (255, 255, 255, 60)}
EDGE = {"black": (10, 10, 12), "white": (245, 245, 240)}
# the Groups and the laid-card places' labels, by Totem (translated where drawn)
GROUP_NAME = {"black": N_("Black Group"), "white": N_("White Group")}
SLOT_LABEL = {"black": N_("Black · {name}"), "white": N_("White · {name}")}


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
    live: bool = True                       # "hover one to read it all" (not in a replay)
    open: bool = False                      # the replay's "all cards": the others' hands in words


def _name(names, seat) -> str:
    return names[seat] if seat is not None and seat < len(names) else tr("Seat {n}", n=(seat or 0) + 1)


def totem_letter(totem) -> str:
    """The letter a Totem and its Grouping marker show: its colour's initial, in the player's language."""
    return trc("Totem letter", "B") if totem == "black" else trc("Totem letter", "W")


def totem_token(surf, center, radius, totem):
    """A Totem: a disc, black or white, with its letter (not colour alone)."""
    pygame.draw.circle(surf, BLACK if totem == "black" else WHITE, center, radius)
    pygame.draw.circle(surf, theme.ACCENT, center, radius, 2)
    blit_text(surf, totem_letter(totem), max(MIN_TEXT, int(radius * 1.1)), center,
              WHITE if totem == "black" else BLACK, True, "center")


def marker_flag(surf, right, y, h, totem) -> int:
    """A Grouping marker on a paired Band: a pennant with the Totem's letter, its pole at `right`;
    returns its left edge."""
    x = right - 2
    pygame.draw.line(surf, theme.TEXT, (x, y), (x, y + h), 2)
    flag = [(x - 1, y), (x - h, y + h // 3), (x - 1, y + 2 * h // 3)]
    pygame.draw.polygon(surf, BLACK if totem == "black" else WHITE, flag)
    pygame.draw.polygon(surf, theme.ACCENT, flag, 1)
    blit_text(surf, totem_letter(totem), max(MIN_TEXT, h // 2), (x - h // 3 - 1, y + h // 3),
              WHITE if totem == "black" else BLACK, True, "center")
    return x - h


def groups(view) -> dict:
    """totem -> (holder's Band place, paired Band place) once the Groups are formed."""
    out = {}
    for sd in view.showdowns:
        if len(sd.group) == 2:
            out[sd.totem] = sd.group
    return out


_TINTS: dict = {}       # (size, totem) -> the Group's tinted area, drawn once (every frame blits it)


def _tint(size: tuple, totem: str) -> pygame.Surface:
    """A Group's tinted area of this size: its Totem's tint, edged in its colour."""
    tint = _TINTS.get((size, totem))
    if tint is None:
        if len(_TINTS) > 64:            # a few sizes per window size
            _TINTS.clear()
        tint = _TINTS[size, totem] = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(tint, TINT[totem], tint.get_rect(), border_radius=12)
        pygame.draw.rect(tint, (*EDGE[totem], 255), tint.get_rect(), 4, border_radius=12)
    return tint


def draw_groups(surf, zones, view):
    """Each Group: a tinted area behind both Bands, joined by a band of the Totem's colour that
    passes under the hand's label (drawn above and below its row), not through its words."""
    clip = surf.get_clip()
    label = zones.extra["hand_label"]
    parts = (pygame.Rect(clip.x, clip.y, clip.w, max(0, label.top - clip.y)),
             pygame.Rect(clip.x, label.bottom, clip.w, max(0, clip.bottom - label.bottom)))
    for totem, (own, paired) in groups(view).items():
        a, b = zones.extra["box", own], zones.extra["box", paired]
        for part in parts:
            surf.set_clip(part.clip(clip))
            pygame.draw.line(surf, EDGE[totem], a.center, b.center, 8)
        surf.set_clip(clip)
        for box in (a, b):
            area = box.inflate(16, 16)
            surf.blit(_tint(area.size, totem), area)


def plate(surf, rect, view, band, marks, art, group=None):
    """A Band's plate: its owner's name, Totem, Stars and captured Barbarians; or "Free Band"; the
    Grouping marker lying on it."""
    acting = band.owner is not None and band.owner == marks.acting
    draw_panel(surf, rect, (64, 52, 20) if acting else theme.PANEL, theme.ACCENT if acting else theme.PANEL_EDGE,
               radius=7, width=2 if acting else 1)
    size = max(MIN_TEXT + 2, min(20, rect.h // 2 - 5))
    x = rect.x + 6
    right = rect.right - 6
    totem_box = None
    if band.totem:
        r = max(10, min(15, rect.h // 3))
        totem_token(surf, (right - r, rect.y + r + 3), r, band.totem)
        totem_box = pygame.Rect(right - 2 * r, rect.y + 3, 2 * r, 2 * r)
        right -= 2 * r + 4
    if band.marker:
        right = marker_flag(surf, right, rect.y + 3, max(22, min(28, rect.h // 2)), band.marker) - 4
    # the Group it belongs to, in words (the tint and the Totem's letters say it too)
    in_group = tr(GROUP_NAME[group]) if group else ""
    small = max(MIN_TEXT, min(15, size - 3))
    if band.owner is None:
        blit_text(surf, tr("Free Band"), size, (x, rect.y + 3), theme.MUTED, True)
        if in_group:
            blit_text(surf, in_group, small, (rect.right - 6, rect.bottom - 3), theme.TEXT, True, "bottomright")
        return
    seat_view = view.seats[band.owner]
    stars = f"{seat_view.stars}"
    sr = blit_text(surf, stars, size, (right, rect.y + 3), theme.ACCENT, True, "topright")
    draw_star(surf, (sr.x - size // 2 - 2, sr.centery), size)
    room = sr.x - size - 8 - x
    label = ("▶ " if acting else "") + _name(marks.names, band.owner)
    lsize = fonts.fit(label, size, room, True, min_size=MIN_TEXT)
    blit_text(surf, fonts.ellipsize(label, lsize, room, True), lsize, (x, rect.y + 3),
              theme.ACCENT if acting else theme.TEXT, True)
    # the second line: captured Barbarians as chips (symbol and value), and their bounty
    y = rect.y + 3 + fonts.line_height(size, True)
    th = max(MIN_TEXT + 4, rect.bottom - y - 3)
    caught = [view.face(c) for c in seat_view.captured]
    bounty = sum(f.bounty for f in caught)
    text = tr("{n} captured · +{bounty}", n=len(caught), bounty=bounty) if caught else tr("none captured")
    if in_group:
        text = in_group + " · " + (tr("{n} captured", n=len(caught)) if caught else tr("none captured"))
    # as large as fits the plate (a longer language's words shrink, then end in "…", never spill over)
    # ends left of the Totem where the Totem reaches down into the line
    end = totem_box.x - 4 if totem_box is not None and totem_box.bottom > y else rect.right - 6
    room = end - x
    tsize = fonts.fit(text, small, room, min_size=MIN_TEXT)
    text_rect = blit_text(surf, fonts.ellipsize(text, tsize, room), tsize, (end, y + th // 2), theme.MUTED,
                          False, "midright")
    cx = x
    for f in caught:
        tile = art.tile(f, th)
        if cx + tile.get_width() > text_rect.x - 4:
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
        blit_text(surf, tr("no Barbarians"), 13, row.rect.center, theme.DIM, False, "center")
    for place, rect in row.rects().items():
        bc = faces.get(place[2])
        if bc is None or place in marks.hidden:
            continue
        if not bc.face_up:
            Token(rect, tr("resting"), theme.MUTED, "bottomright").draw(surf)
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
    note = tr("after {card}", card=shown(view.face(sd.card).name)) if sd.card is not None and card is not None \
        and card != sd.card else ""
    if sd.offered_by is not None:
        note = (note + " · " if note else "") + tr("offered by {name}", name=_name(names, sd.offered_by))
    return card, effect, sd.total, note


def showdown(surf, zones, view, marks, art):
    """Both laid cards in the middle, Black on the left, White on the right, with their totals; a
    holder's laid-card place lights up where an offer to them may be dropped."""
    names = marks.names
    clash = marks.clash
    for totem in ("black", "white"):
        slot = zones.extra["slot", totem]
        sd = next((s for s in view.showdowns if s.totem == totem), None)
        seat = holder(view, clash, totem)
        label = tr(SLOT_LABEL[totem], name=_name(names, seat))
        lr = zones.extra["slot_label", totem]
        size = fonts.fit(label, max(MIN_TEXT + 2, min(20, lr.h - 4)), lr.w, True, min_size=MIN_TEXT)
        label = fonts.ellipsize(label, size, lr.w, True)
        # centred over the card, but kept inside its side of the panel ("Schwarz · Ben" is wider than a card)
        half = fonts.width(label, size, True) / 2
        centre = max(lr.x + half, min(slot.centerx, lr.right - half))
        blit_text(surf, label, size, (round(centre), lr.centery), theme.TEXT, True, "center")
        card, effect, total, note = slot_card(view, clash, totem, names)
        if ("slot", totem) not in marks.hidden:
            if card is not None:
                surf.blit(art.face(view.face(card), slot.size), slot)
                if effect is not None and int(slot.w * 0.75) < 76:
                    note = (note + " · " if note else "") + tr("applies {card}", card=shown(view.face(effect).name))
                elif effect is not None:
                    # the card whose selection applies, smaller, over the played card's lower corner
                    # (inside its place: the name of the played card stays in sight; 76 px wide at
                    # least, for its words at 11 px)
                    small = pygame.Rect(0, 0, int(slot.w * 0.75), int(slot.h * 0.75))
                    small.bottomright = (slot.right + 4, slot.bottom + 4)
                    surf.blit(art.face(view.face(effect), small.size), small)
                    Token(small, tr("applies"), theme.GOOD, "topright").draw(surf)
            elif sd is not None and sd.laid:
                surf.blit(art.back(slot.size), slot)
                _under(surf, slot, tr("laid, face down"), theme.MUTED)
            else:
                pygame.draw.rect(surf, theme.PANEL_EDGE, slot, 2, border_radius=8)
                blit_text(surf, "?", max(14, slot.h // 3), slot.center, theme.DIM, True, "center")
            if note:
                _under(surf, slot, note, theme.ACCENT)
        if seat is not None and ("totem", seat) in marks.lit:
            draw_lit(surf, slot)
        tr_ = zones.extra["total", totem]
        if total is not None:
            blit_text(surf, tr("Total {total}", total=total), max(MIN_TEXT + 2, tr_.h - 4), (slot.centerx, tr_.centery),
                      theme.ACCENT, True, "center")


def _under(surf, slot, text, colour):
    """A short line on a badge over the bottom of a laid card, wrapped rather than cut."""
    width = slot.w + 24
    size = fonts.fit(text, MIN_TEXT + 1, width - 8, min_size=MIN_TEXT)
    lines = fonts.wrap(text, size, width - 8)
    lh = fonts.line_height(size)
    box = pygame.Rect(0, 0, max(fonts.width(t, size) for t in lines) + 8, lh * len(lines) + 2)
    box.midbottom = (slot.centerx, slot.bottom - 2)
    pygame.draw.rect(surf, theme.BAR, box, border_radius=5)
    pygame.draw.rect(surf, colour, box, 1, border_radius=5)
    for k, line in enumerate(lines):
        blit_text(surf, line, size, (box.centerx, box.y + 1 + k * lh), colour, False, "midtop")


def middle(surf, zones, view, marks):
    """The banner (what happened, or what the rules wait for) between the laid cards; the decks'
    counts in their corner."""
    draw_panel(surf, zones.extra["middle"], (20, 60, 40), theme.PANEL_EDGE, radius=12)
    banner = zones.extra["banner"]
    if marks.hint:
        # as large as fits, wrapped, never cut: the words are the rules' and the clobber's
        for size in range(min(18, max(MIN_TEXT, banner.h // 5)), MIN_TEXT - 1, -1):
            lines = fonts.wrap(marks.hint, size, banner.w - 4, True)
            lh = fonts.line_height(size, True)
            if len(lines) * lh <= banner.h and all(fonts.width(t, size, True) <= banner.w - 4 for t in lines):
                break
        y = banner.centery - len(lines) * lh // 2
        for line in lines:
            blit_text(surf, line, size, (banner.centerx, y), theme.TEXT, True, "midtop")
            y += lh
    decks = zones.extra["decks"]
    draw_panel(surf, decks, theme.PANEL, theme.PANEL_EDGE, radius=8)
    lines = (tr("Barbarian deck: {n}", n=view.barbarian_deck), tr("Action deck: {n}", n=view.action_deck),
             tr("Action discard: {n}", n=len(view.action_discard)), tr("Star supply: {n}", n=view.supply))
    lh = max(MIN_TEXT + 4, (decks.h - 8) // 5)
    size = max(MIN_TEXT, min(18, lh - 4))
    y = decks.y + 4
    for line in lines:
        size_k = fonts.fit(line, size, decks.w - 12, min_size=MIN_TEXT)
        blit_text(surf, line, size_k, (decks.x + 8, y), theme.MUTED, False)
        y += lh
    if view.last_round:
        blit_text(surf, tr("Last round!"), size, (decks.x + 8, y), theme.DANGER, True)


def hand(surf, zones, view, marks, art):
    """The viewer's Action cards and the offers made to it (its own view only), or a count."""
    label = zones.extra["hand_label"]
    seat = view.viewer
    fan = zones.get("hand")
    offers = zones.get("offers")
    size = max(MIN_TEXT + 2, min(20, label.h - 4))
    if seat is None:
        r = blit_text(surf, tr("Public view"), size, (label.x + 4, label.centery), theme.MUTED, True, "midleft")
        blit_text(surf, tr("· hands are hidden"), size - 2, (r.right + 8, label.centery), theme.DIM, False, "midleft")
        return
    mine = tr("Your Action cards") if marks.live else tr("{name}'s Action cards", name=_name(marks.names, seat))
    r = blit_text(surf, mine, size, (label.x + 4, label.centery), theme.TEXT, True, "midleft")
    more = (tr("· {n} in hand · hover one to read it all", n=len(view.hand)) if marks.live
            else tr("· {n} in hand", n=len(view.hand)))
    if marks.open and view.open_hands and fan is not None:
        others_hands(surf, fan.rect, view, marks, seat, zones.extra["table"].bottom)
    room = label.right - r.right - 8
    msize = fonts.fit(more, size - 2, room, min_size=MIN_TEXT)
    blit_text(surf, fonts.ellipsize(more, msize, room), msize, (r.right + 8, label.centery), theme.MUTED, False,
              "midleft")
    if fan is not None:
        fan.draw(surf, lambda place, size: art.face(view.face(place[2]), size), marks.lit, marks.selected,
                 marks.hidden)
        for place, rect in fan.rects().items():
            if place[2] in marks.new and place not in marks.hidden:
                Token(rect, tr("new"), theme.GOOD).draw(surf)
    if offers is not None:
        olabel = zones.extra["offers_label"]
        draw_panel(surf, zones.extra["offers"].inflate(8, 0).union(olabel), (30, 44, 36), theme.PANEL_EDGE, radius=8)
        long, short = tr("Offered to you"), tr("Offered")
        osize = fonts.fit(long, size - 2, olabel.w - 4, True, min_size=MIN_TEXT)
        blit_text(surf, long if fonts.width(long, osize, True) <= olabel.w - 4 else short,
                  osize, (olabel.centerx, olabel.centery), theme.ACCENT, True, "center")
        offers.draw(surf, lambda place, size: art.face(view.face(place[2]), size), marks.lit, marks.selected,
                    marks.hidden)
        cap = max(MIN_TEXT, min(16, zones.extra.get("caption_h", 16) - 4))
        for place, rect in offers.rects().items():
            text = tr("from {name}", name=_name(marks.names, place[1]))
            blit_text(surf, fonts.ellipsize(text, cap, rect.w + 6), cap, (rect.centerx, rect.bottom + 3), theme.ACCENT,
                      False, "midtop")


def others_hands(surf, fan_rect, view, marks, seat, bottom):
    """The replay's "all cards": the other players' Action cards in words, a line each, under the
    hand on screen (the table has no place for their cards)."""
    others = [(s, cards) for s, cards in enumerate(view.open_hands) if s != seat]
    lines = [tr("{name} holds {cards}", name=_name(marks.names, s), cards=", ".join(shown(view.face(c).name)
                                                                                for c in cards))
             if cards else tr("{name} holds nothing", name=_name(marks.names, s)) for s, cards in others]
    room = bottom - fan_rect.bottom - 4
    size = max(MIN_TEXT, min(16, room // max(1, len(lines)) - 3))
    y = fan_rect.bottom + 3
    for line in lines:
        fitted = fonts.fit(line, size, fan_rect.w, min_size=MIN_TEXT)
        blit_text(surf, fonts.ellipsize(line, fitted, fan_rect.w), fitted, (fan_rect.x, y), theme.ACCENT, False)
        y += fonts.line_height(fitted)


def zoom(surf, zones, view, marks, art):
    """The hovered card, large, with its text in full."""
    if marks.zoom is None:
        return
    place, face = marks.zoom
    table = zones.extra["table"]
    scale = zones.extra.get("scale", 1.0)
    h = min(int(300 * scale), int(table.h * 0.45))
    w = int(h * 0.7)
    text_w = int(230 * scale) if face.kind == "action" else 0
    panel = pygame.Rect(0, 0, w + 20 + (text_w + 10 if text_w else 0), h + 20)
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
        ns, ts = max(MIN_TEXT + 4, int(17 * scale)), max(MIN_TEXT + 2, int(14 * scale))
        y = panel.y + 12
        for line in fonts.wrap(shown(face.name), ns, text_w, True):
            blit_text(surf, line, ns, (x, y), theme.ACCENT, True)
            y += fonts.line_height(ns, True)
        y += 6
        for line in fonts.wrap(card_text(face), ts, text_w):
            blit_text(surf, line, ts, (x, y), theme.TEXT)
            y += fonts.line_height(ts)


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
