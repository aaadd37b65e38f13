"""Drawing Castle Combo's table from a view: the market, the tableaux, the plates and the zoom panel.

Everything here is a function of (zones, view, marks): Castle Combo is open information, so the
view holds all there is to show (only the decks' order is hidden: their counts are shown).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import pygame

from game.i18n import N_, local, tr, trc, trn
from game.ui import fonts, theme
from game.ui.families.tableau import words
from game.ui.families.tableau.art import (GOLD, INK, MIN_TEXT, draw_banner_symbol, draw_coin, draw_key,
                                          footer_h, location_of, token_size)
from game.ui.families.tableau.layout import plate_parts
from game.ui.kit import draw_lit, draw_selected
from game.ui.widgets import blit_text, draw_panel

PRICE_GOOD = (150, 236, 150)
GAP_PRICE = 6           # a price line may run this much wider than its card


@dataclass
class Marks:
    """What the table adds to the view: lit places, the selection, what flies or is dragged, whose
    turn it is, the prices to the player on turn."""
    names: tuple = ()
    lit: frozenset = frozenset()
    selected: frozenset = frozenset()
    hidden: frozenset = frozenset()
    acting: Optional[int] = None
    prices: dict = field(default_factory=dict)     # display card -> its price to the player on turn


def name_of(marks, seat) -> str:
    return words.name_of(marks.names, seat)


def projected(view, seat) -> dict:
    """(row, col) -> CardScore of `seat`'s tableau as it would score now."""
    if seat >= len(view.projected):
        return {}
    return {(s.row, s.col): s for s in view.projected[seat]}


def projected_total(view, seat) -> Optional[int]:
    """The points `seat` would have now: its cards' projected points and its keys."""
    if view.results:
        for r in view.results:
            if r.seat == seat:
                return r.total
    if seat >= len(view.projected):
        return None
    return sum(s.points for s in view.projected[seat]) + view.seats[seat].keys


# ---- text that fits ----

def fit_text(candidates, size: int, width: int, bold: bool = False, comfy: int = 0) -> tuple:
    """(text, size): the first of `candidates` (most words first) that fits `width` at a size from
    `size` down to `comfy`, else the first that fits down to MIN_TEXT; the last, cut, if none does."""
    size = max(MIN_TEXT, size)
    comfy = max(MIN_TEXT, min(size, comfy or size - 3))
    for low, high in ((comfy, size), (MIN_TEXT, comfy - 1)):
        for text in candidates:
            for s in range(high, low - 1, -1):
                if fonts.width(text, s, bold) <= width:
                    return text, s
    return fonts.ellipsize(candidates[-1], MIN_TEXT, width, bold), MIN_TEXT


# ---- plates ----

def counter(surf, rect, value, kind: str, flash: bool = False):
    """A gold or keys counter: its symbol and the number (never colour alone)."""
    pygame.draw.rect(surf, (60, 50, 20) if flash else theme.BAR, rect, border_radius=5)
    icon = pygame.Rect(rect.x + 3, rect.y + 2, rect.h - 4, rect.h - 4)
    if kind == "gold":
        draw_coin(surf, icon.center, max(4, icon.h // 2), "")
    else:
        draw_key(surf, icon.inflate(2, -icon.h // 3))
    size = fonts.fit(str(value), max(MIN_TEXT, min(20, rect.h - 4)), rect.w - icon.w - 8, True, min_size=MIN_TEXT)
    blit_text(surf, str(value), size, (rect.right - 4, rect.centery), GOLD if kind == "gold" else (200, 224, 240),
              True, "midright")


def plate_texts(view, seat) -> dict:
    """The words of a plate, each as candidates from the most words to the fewest."""
    seat_view = view.seats[seat]
    total = projected_total(view, seat)
    k = len(seat_view.tableau)
    cards = trn("{k}/9 cards", "{k}/9 cards", k, k=k)
    disc = words.discounts_text(seat_view.discounts)
    points = [_points(total), _pts(total)] if total is not None else [""]
    info = []
    if total is not None:
        now = (trn("score {n} points · {cards}", "score {n} points · {cards}", total, n=total, cards=cards)
               if view.results else
               trn("now {n} points · {cards}", "now {n} points · {cards}", total, n=total, cards=cards))
        both = trn("{n} points · {cards}", "{n} points · {cards}", total, n=total, cards=cards)
        few = tr("{pts} · {k}/9", pts=_pts(total), k=k)
        info += [tr("{text} · discounts {disc}", text=now, disc=disc) if disc else now,
                 f"{both} · {disc}" if disc else both, f"{few} · {disc}" if disc else few, few]
    short = [tr("{text} · discounts {disc}", text=cards, disc=disc), f"{cards} · {disc}", f"{k}/9 · {disc}"] \
        if disc else []
    return {"points": points, "info": info + short + [cards], "short_info": short + [cards, f"{k}/9"]}


def _points(n: int) -> str:
    """"12 points" (as the plates always said it, "1 points" too, in English)."""
    return trn("{n} points", "{n} points", n, n=n)


def _pts(n: int) -> str:
    return trn("{n} pts", "{n} pts", n, n=n)


def plate(surf, rect, view, seat, marks, lit=False):
    """Name, gold, keys; the projected score, the cards and the discounts (a narrow plate puts the
    points beside the name, and the cards and discounts beside the counters, as much as fits)."""
    acting = marks.acting == seat
    draw_panel(surf, rect, (64, 52, 20) if acting else theme.PANEL, theme.ACCENT if acting else theme.PANEL_EDGE,
               radius=7, width=2 if acting else 1)
    parts = plate_parts(rect)
    seat_view = view.seats[seat]
    said = plate_texts(view, seat)
    nr = pygame.Rect(parts["name"])
    if parts["points"] is not None and said["points"][0]:      # narrow: the points at the name's right
        text, size = fit_text(said["points"], max(MIN_TEXT, min(15, nr.h - 3)), nr.w // 2, True)
        r = blit_text(surf, text, size, (nr.right, nr.centery), theme.ACCENT if acting else theme.TEXT, True,
                      "midright")
        nr.w = r.x - 6 - nr.x
    mark = "▶ " if acting else ""
    name = name_of(marks, seat)
    names = [mark + tr("{name} (first)", name=name), f"{mark}{name}"] if seat == view.first else [f"{mark}{name}"]
    text, size = fit_text(names, max(MIN_TEXT, min(18, nr.h - 3)), nr.w, True, comfy=MIN_TEXT + 2)
    blit_text(surf, text, size, (nr.x, nr.centery), theme.ACCENT if acting else theme.TEXT, True, "midleft")
    counter(surf, parts["gold"], seat_view.gold, "gold")       # a tick (anim.Tick) counts over it while it changes
    counter(surf, parts["keys"], seat_view.keys, "keys")
    info = parts["info"]
    candidates = said["short_info"] if parts["points"] is not None else said["info"]
    text, size = fit_text(candidates, max(MIN_TEXT, min(15, info.h - 3)), info.w, comfy=MIN_TEXT + 1)
    blit_text(surf, text, size, (info.x, info.centery), theme.MUTED, False, "midleft")
    if lit:
        draw_lit(surf, rect)


# ---- cards ----

def points_token(surf, rect, points: int, colour=None):
    """A card's projected points in its footer, bottom right (a number with its sign: never colour alone)."""
    size = token_size(rect.h)
    text = f"{points:+d}" if points else "0"
    img = fonts.text(text, size, theme.BAR, True)
    foot = footer_h(rect.h)
    box = img.get_rect().inflate(8, 2)
    box.h = min(box.h, foot - 2)
    box.bottomright = (rect.right - 3, rect.bottom - 2)
    pygame.draw.rect(surf, colour or (theme.GOOD if points > 0 else theme.MUTED), box, border_radius=5)
    pygame.draw.rect(surf, theme.BAR, box, 1, border_radius=5)
    surf.blit(img, img.get_rect(center=box.center))
    return box


def purse_token(surf, rect, gold: int, cap=None, room: int = 0):
    """Gold stored on a purse card: a coin with the number in the card's footer, bottom left (and,
    when there is room beside it, what the purse holds at most: "of 4")."""
    foot = footer_h(rect.h)
    radius = max(9, foot // 2 - 1)
    centre = (rect.x + radius + 3, rect.bottom - radius - 2)
    draw_coin(surf, centre, radius, gold, size=token_size(rect.h))
    if cap:
        size = token_size(rect.h)
        text = tr("of {n}", n=cap)
        x = centre[0] + radius + 3
        if x + fonts.width(text, size, True) + 4 <= (room or rect.right - 3):
            r = fonts.text(text, size, theme.BAR, True).get_rect(midleft=(x + 2, centre[1]))
            pygame.draw.rect(surf, GOLD, r.inflate(4, 0), border_radius=4)
            blit_text(surf, text, size, r.topleft, theme.BAR, True)


def purse_cap(face):
    """How much gold a purse card holds (None for a card that is no purse)."""
    try:
        from game.families.tableau import scoring
        return scoring.purse_cap(face) or None
    except Exception:
        return None


def price_tag(surf, slot, price, cost, size):
    """The price to the player on turn under a display card; a discounted cost struck through."""
    y = slot.bottom + 3
    if price is None:
        return
    room = slot.w + GAP_PRICE
    struck = fonts.width(str(cost), MIN_TEXT, True) + 6 if price < cost else 0
    text, size = fit_text([tr("{n} gold", n=price), f"{price}"], size, room - struck, True)
    total_w = fonts.width(text, size, True)
    if price < cost:
        total_w += fonts.width(str(cost), size, True) + 6
    x = slot.centerx - total_w // 2
    if price < cost:
        r = blit_text(surf, str(cost), size, (x, y), theme.MUTED, True)
        pygame.draw.line(surf, theme.DANGER, (r.x - 1, r.centery), (r.right + 1, r.centery), 2)
        x = r.right + 6
    blit_text(surf, text, size, (x, y), PRICE_GOOD if price < cost else theme.TEXT, True)


def draw_pawn(surf, rect, label: bool = False):
    """The Messenger pawn: a figure (head and robe) in gold; its name below when asked and there is room."""
    cx = rect.centerx
    h = min(rect.h * (0.62 if label else 1.0), rect.w * 1.3)
    top = rect.y + (rect.h - h) / 2 if not label else rect.y
    head_r = max(3, h * 0.17)
    pygame.draw.circle(surf, GOLD, (cx, top + head_r), head_r)
    pygame.draw.circle(surf, INK, (cx, top + head_r), head_r, 1)
    body = [(cx - h * 0.32, top + h), (cx, top + head_r * 1.6), (cx + h * 0.32, top + h)]
    pygame.draw.polygon(surf, GOLD, body)
    pygame.draw.polygon(surf, INK, body, 1)
    word = tr("Messenger")
    if label and fonts.width(word, MIN_TEXT, True) <= rect.w + 8:
        blit_text(surf, word, MIN_TEXT, (cx, top + h + 3), theme.ACCENT, True, "midtop")


def draw_market(surf, zones, view, marks, image_for, dragging):
    g = zones.plan.market_geom
    for i, loc in enumerate(view.locations):
        heading = zones.extra["heading", loc]
        word = words.location_word(loc)
        here = view.messenger == loc
        sym = pygame.Rect(heading.x, heading.y + 1, heading.h - 2, heading.h - 2)
        draw_banner_symbol(surf, loc, sym, location_of(loc)["face"])
        pawn = zones.extra["pawn", loc]
        if here and ("messenger",) not in marks.hidden:
            draw_pawn(surf, pawn)
        if loc in view.empty:
            said = [tr("{where} · removed from the game (no cards left)", where=word),
                    tr("{where} · out of the game", where=word), word]
        elif here:
            said = [tr("{where} · the Messenger is here: buy from this row", where=word),
                    tr("{where} · the Messenger is here: buy here", where=word),
                    tr("{where} · the Messenger is here", where=word), tr("{where} · buy here", where=word), word]
        else:
            said = [word]
        x = pawn.right + 6
        text, size = fit_text(said, max(MIN_TEXT + 1, min(17, heading.h - 4)), heading.right - x, True,
                              comfy=MIN_TEXT + 2)
        blit_text(surf, text, size, (x, heading.centery), theme.ACCENT if here else theme.MUTED, True, "midleft")
        row = zones.extra["row", loc]
        if here:
            pygame.draw.rect(surf, theme.ACCENT, row.inflate(6, 4), 1, border_radius=8)
        deck = zones[("deck", loc)]
        discard = zones[("discard", loc)]
        count = view.deck_counts[i] if i < len(view.deck_counts) else 0
        pile = view.discards[i] if i < len(view.discards) else ()
        for zone, n, label in ((deck, count, N_("Deck · {n}")), (discard, len(pile), N_("Discard · {n}"))):
            zone.count = n
            img = image_for(zone.place, zone.rect.size)
            if img is None:
                pygame.draw.rect(surf, (255, 255, 255), zone.rect, 1, border_radius=6)
            else:
                layers = max(1, min(3, 1 + n // 12))
                for k in range(layers - 1, -1, -1):
                    surf.blit(img, zone.rect.move(-2 * k, -2 * k))
                if zone is discard:
                    # a discarded card is not on offer: shaded, and crossed out at its corner
                    shade = pygame.Surface(zone.rect.size, pygame.SRCALPHA)
                    pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=max(3, zone.rect.w // 10))
                    surf.blit(shade, zone.rect)
                    m = zone.rect.w // 5
                    x0, y0 = zone.rect.right - m - 4, zone.rect.y + 4
                    pygame.draw.line(surf, theme.DANGER, (x0, y0), (x0 + m, y0 + m), 3)
                    pygame.draw.line(surf, theme.DANGER, (x0, y0 + m), (x0 + m, y0), 3)
            blit_text(surf, tr(label, n=n), g.caption, (zone.rect.centerx, zone.rect.bottom + 1), theme.MUTED,
                      False, "midtop")
        size = max(MIN_TEXT + 1, min(16, g.ch // 9))
        for place, rect in zones[("display", loc)].rects().items():
            if place in marks.hidden or place == dragging:
                pygame.draw.rect(surf, (255, 255, 255), rect, 1, border_radius=6)
                continue
            lift = 8 if place in marks.selected else 0
            r = rect.move(0, -lift)
            surf.blit(image_for(place, rect.size), r)
            if place in marks.selected:
                draw_selected(surf, r)
            elif place in marks.lit:
                draw_lit(surf, r)
            card = place[2]
            price_tag(surf, rect, marks.prices.get(card), view.face(card).cost, size)
        for k in range(len(zones[("display", loc)].rects()), 3):
            pygame.draw.rect(surf, (255, 255, 255), zones.extra["slot", loc, k], 1, border_radius=6)


def face_down_band(surf, rect):
    """A band across a card on offer while the face-down toggle is on: how it would be taken (in
    words: not colour alone), with what it gives when the card is wide enough to say it (on two
    lines on a narrow card)."""
    said = [tr("FACE DOWN: +6 gold, +2 keys"), tr("FACE DOWN: +6 gold +2 keys"), tr("FACE DOWN")]
    top = max(MIN_TEXT, min(16, rect.h // 9))
    lines = None
    for s in range(top, MIN_TEXT - 1, -1):
        text = next((t for t in said if fonts.width(t, s, True) <= rect.w - 6), None)
        if text is not None:
            lines, size = [text], s
            break
    if lines is None:
        lines, size = [trc("FACE DOWN, on two lines", "FACE"), trc("FACE DOWN, on two lines", "DOWN")], MIN_TEXT
    lh = fonts.line_height(size, True)
    half = max(10, (lh * len(lines)) // 2 + 3)
    band = pygame.Rect(rect.x - 2, rect.centery - half, rect.w + 4, 2 * half)
    pygame.draw.rect(surf, theme.DANGER, band, border_radius=4)
    y = band.centery - lh * len(lines) // 2
    for line in lines:
        blit_text(surf, line, size, (band.centerx, y), theme.BAR, True, "midtop")
        y += lh


_DASHED: dict = {}      # (size, colour, dash) -> the outline on a clear surface, drawn once


def draw_dashed(surf, rect, colour, dash=6):
    """A dashed outline (an empty cell): drawn once per size and colour, then blitted (a tableau's
    empty cells were some 800 one-pixel lines a frame)."""
    key = (rect.size, tuple(colour), dash)
    outline = _DASHED.get(key)
    if outline is None:
        if len(_DASHED) > 256:
            _DASHED.clear()
        outline = _DASHED[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        x0, y0, x1, y1 = 0, 0, rect.w - 1, rect.h - 1
        for x in range(x0, x1, dash * 2):
            pygame.draw.line(outline, colour, (x, y0), (min(x + dash, x1), y0))
            pygame.draw.line(outline, colour, (x, y1), (min(x + dash, x1), y1))
        for y in range(y0, y1, dash * 2):
            pygame.draw.line(outline, colour, (x0, y), (x0, min(y + dash, y1)))
            pygame.draw.line(outline, colour, (x1, y), (x1, min(y + dash, y1)))
    surf.blit(outline, rect.topleft)


def draw_tableau(surf, zones, view, seat, marks, image_for, big: bool):
    """One tableau: its cards (with projected points and purse gold), and for the focus seat the
    lattice of cells it may still grow into (lit where the card being placed may go)."""
    cells = zones[("tableau", seat)]
    placed = {(p.row, p.col): p for p in view.seats[seat].tableau}
    scores = projected(view, seat) if not view.results else {
        (s.row, s.col): s for r in view.results if r.seat == seat for s in r.cards}
    frame = zones.extra.get(("frame", seat))
    lat = getattr(zones, "lattice", None) if big else None
    if big and frame is not None and lat is not None and lat.fixed_rows and lat.fixed_cols:
        pygame.draw.rect(surf, (12, 60, 38), frame.inflate(14, 14), border_radius=10)
        pygame.draw.rect(surf, theme.PANEL_EDGE, frame.inflate(14, 14), 1, border_radius=10)
    for place, rect in cells.rects().items():
        pos = (place[2], place[3])
        card = placed.get(pos)
        if card is None:
            if big:
                lit = place in marks.lit
                if lit:
                    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                    pygame.draw.rect(glow, (*theme.TARGET, 70), glow.get_rect(), border_radius=6)
                    surf.blit(glow, rect)
                    draw_lit(surf, rect.inflate(-8, -8))
                else:
                    draw_dashed(surf, rect, (60, 130, 95))
            continue
        if place in marks.hidden:
            draw_dashed(surf, rect, (200, 200, 200))
            continue
        surf.blit(image_for(place, rect.size), rect)
        # the tokens sit in the card's footer, which its words leave free
        room = rect.right - 3
        score = scores.get(pos)
        if score is not None and card.face_up:
            room = points_token(surf, rect, score.points).x - 3
        cap = purse_cap(view.face(card.card)) if card.face_up else None
        if card.gold or (cap and big and view.phase == "purses"):
            purse_token(surf, rect, card.gold, cap if big else None, room)
        if place in marks.selected:
            draw_selected(surf, rect)
        elif place in marks.lit:
            draw_lit(surf, rect)


def draw_table(surf, zones, view, marks: Marks, image_for, dragging=None):
    """The whole family part of the frame (the zoom panel is drawn last, over everything)."""
    draw_market(surf, zones, view, marks, image_for, dragging)
    focus = zones.focus
    for seat in range(view.n):
        rect = zones.extra.get(("plate", seat))
        if rect is None:
            continue
        plate(surf, rect, view, seat, marks, lit=("seat", seat) in marks.lit)
        draw_tableau(surf, zones, view, seat, marks, image_for, big=seat == focus)
    # the focus tableau's projected total, under its plate
    line = zones.extra.get(("total", focus))
    total = projected_total(view, focus)
    if line is not None and total is not None:
        keys = view.seats[focus].keys
        cards = total - keys
        if view.results:
            said = [trn("Final: {cards} for the cards + {keys} for keys = {n} points",
                        "Final: {cards} for the cards + {keys} for keys = {n} points", total,
                        cards=cards, keys=keys, n=total),
                    trn("Final: {cards} cards + {keys} keys = {n} points",
                        "Final: {cards} cards + {keys} keys = {n} points", total, cards=cards, keys=keys, n=total),
                    trn("Final: {n} points", "Final: {n} points", total, n=total)]
        else:
            said = [trn("If the game ended now: {cards} for the cards + {keys} for keys = {n} points",
                        "If the game ended now: {cards} for the cards + {keys} for keys = {n} points", total,
                        cards=cards, keys=keys, n=total),
                    trn("Now: {cards} for the cards + {keys} for keys = {n} points",
                        "Now: {cards} for the cards + {keys} for keys = {n} points", total,
                        cards=cards, keys=keys, n=total),
                    trn("Now: {cards} cards + {keys} keys = {n} points",
                        "Now: {cards} cards + {keys} keys = {n} points", total, cards=cards, keys=keys, n=total),
                    trn("Now {n} points", "Now {n} points", total, n=total)]
        text, size = fit_text(said, max(MIN_TEXT, min(19, line.h - 4)), line.w - 8, comfy=12)
        blit_text(surf, text, size, (line.centerx, line.centery), theme.MUTED, False, "center")


# ---- the zoom panel ----

def zoom_lines(view, place, names) -> tuple:
    """(card id or None, heading, [(label, text), ...]) for what the pointer is on."""
    zone = place[0]
    if zone in ("deck", "discard"):
        loc = place[1]
        i = list(view.locations).index(loc) if loc in view.locations else 0
        village = loc == "village"
        if zone == "deck":
            count = view.deck_counts[i] if i < len(view.deck_counts) else 0
            return None, tr("Village deck") if village else tr("Castle deck"), [
                (trc("zoom", "Cards"), tr("{n} face down (their order is hidden)", n=count))]
        pile = view.discards[i] if i < len(view.discards) else ()
        listed = ", ".join(str(local(view.face(c).name)) for c in reversed(pile)) or tr("empty")
        return None, tr("Village discard pile") if village else tr("Castle discard pile"), [
            (tr("Cards, newest first"), listed)]
    if zone == "display":
        card = place[2]
        return card, local(view.face(card).name), words.card_lines(view.face(card))
    if zone == "cell":
        seat, row, col = place[1], place[2], place[3]
        placed = next((p for p in view.seats[seat].tableau if (p.row, p.col) == (row, col)), None)
        if placed is None:
            return None, "", []
        face = view.face(placed.card)
        owner = tr("{who}'s tableau", who=words.name_of(names, seat))
        if not placed.face_up:
            return placed.card, tr("{card} (face down)", card=face.name), [
                (trc("zoom", "In"), owner),
                (trc("zoom", "Face down"), tr("taken for 6 gold and 2 keys: no ability, no shields, no banner, "
                                              "no points"))]
        lines = [(trc("zoom", "In"), owner)] + words.card_lines(face)
        if placed.gold:
            lines.append((trc("zoom", "Purse"), tr("{n} gold stored on it", n=placed.gold)))
        scores = projected(view, seat) if not view.results else {
            (s.row, s.col): s for r in view.results if r.seat == seat for s in r.cards}
        score = scores.get((row, col))
        if score is not None:
            said = tr(score.why)
            why = said if said.startswith(f"{score.points}") else f"{score.points}: {said}"
            lines.append((trc("zoom", "Points now") if not view.results else trc("zoom", "Points"), why))
        return placed.card, local(face.name), lines
    return None, "", []


def label_wrap(label: str, text: str, size: int, width: int) -> tuple:
    """(label width, lines) of "Label: text": the bold label starts the first line, the text wraps
    after it and then the whole width."""
    lw = fonts.width(label + ": ", size, True)
    lines, line, room = [], "", width - lw
    for word in text.split(" "):
        trial = word if not line else line + " " + word
        if line and fonts.width(trial, size) > room:
            lines.append(line)
            line, room = word, width
        else:
            line = trial
    lines.append(line)
    return lw, lines


def draw_zoom(surf, bounds, anchor, view, place, names, card_image):
    """A panel beside `anchor` with the card large and every line of it in words (as large as the
    felt lets it be: 15 px, down to 12 for a long discard pile)."""
    card, heading, lines = zoom_lines(view, place, names)
    if not heading:
        return None
    w = max(320, min(520, bounds.w // 2))
    img_h = max(150, min(260, bounds.h // 3)) if card is not None else 0
    img_w = int(img_h * 0.7)
    text_w = w - 24 - (img_w + 12 if card is not None else 0)
    for size in range(15, 11, -1):
        rows = [(label, *label_wrap(label, text, size, text_w)) for label, text in lines]
        lh = fonts.line_height(size)
        text_h = 32 + sum(len(wr) * lh + 3 for _, _, wr in rows)
        h = max(img_h + 20, text_h + 10)
        if h <= bounds.h:
            break
    panel = pygame.Rect(0, 0, w, min(h, bounds.h))
    if anchor.right + 12 + w <= bounds.right:
        panel.topleft = (anchor.right + 12, anchor.y)
    else:
        panel.topright = (anchor.x - 12, anchor.y)
    panel.clamp_ip(bounds)
    shadow = pygame.Surface(panel.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=12)
    surf.blit(shadow, panel.move(5, 6))
    draw_panel(surf, panel, theme.PANEL, theme.ACCENT, radius=12, width=2)
    x = panel.x + 12
    if card is not None:
        img = card_image(card, (img_w, img_h))
        if img is not None:
            surf.blit(img, (x, panel.y + 10))
        x += img_w + 12
    y = panel.y + 8
    text, head_size = fit_text([heading], 18, text_w, True, comfy=14)
    blit_text(surf, text, head_size, (x, y), theme.ACCENT, True)
    y += 28
    for label, lw, wrapped in rows:
        for k, line in enumerate(wrapped):
            if y + lh > panel.bottom - 4:
                break
            if k == 0:
                blit_text(surf, label + ":", size, (x, y), theme.TEXT, True)
                blit_text(surf, line, size, (x + lw, y), theme.MUTED)
            else:
                blit_text(surf, line, size, (x, y), theme.MUTED)
            y += lh
        y += 3
    return panel
