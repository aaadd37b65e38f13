"""Drawing a memory-family table from a view: seats, piles, the drawn card, the race line.

Everything here is a function of (layout, view, Visuals): the same view and
visual state always give the same pixels, and nothing the view does not
carry can reach the screen. Faces of layout cards are shown only while a
reveal is running, at the end of the round, or (memory aid on) small and
dimmed for cards the viewer knows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import pygame

from game.families.memory.words import call_words
from game.i18n import N_, tr, trc
from game.ui import fonts, theme
from game.ui.cardart import CardArt, draw_eye, draw_lock, draw_swap
from game.ui.families.memory.art import READABLE
from game.ui.table_frame import Visuals as CommonVisuals
from game.ui.widgets import blit_text, draw_panel


@dataclass
class Visuals(CommonVisuals):
    """The common table's Visuals plus what a memory-family table shows: reveals, races, marks."""
    reveals: set = field(default_factory=set)         # positions whose face the viewer sees now
    memory_aid: bool = False
    show_all: bool = False                            # round over: every face is shown
    race_keys: dict = field(default_factory=dict)     # seat -> key label, for humans
    race_line: str = ""
    race_forms: tuple = ()                            # shorter ways to say race_line, when it does not fit
    race_fraction: Optional[float] = None             # countdown left, 0..1
    race_done: frozenset = frozenset()                # seats out of this race (tried or passed)
    race_claimer: Optional[int] = None
    race_open: bool = False                           # a race is on and nobody holds a claim: keys light up
    blocked_word: str = "matched upon"                # what the rules call a discard pile thrown upon
    picked: frozenset = frozenset()                   # positions picked for a reveal, not yet shown
    last_turn: frozenset = frozenset()                # seats with a final turn left after a call
    bot_marks: dict = field(default_factory=dict)     # pos -> (kind, seat): a bot's look, swap or give


def fitting(forms, wanted: int, room: int, bold: bool = False) -> tuple:
    """(text, size): the first of `forms` (longest first; or one text) that fits `room` at a size from
    `wanted` down to READABLE, at the largest such size; the last form cut to fit only if none does (a
    name too long for any room). Every word on the felt goes through here: none under READABLE pixels."""
    forms = [f for f in ((forms,) if isinstance(forms, str) else forms) if f]
    for text in forms:
        size = max(READABLE, int(wanted))
        while size > READABLE and fonts.width(text, size, bold) > room:
            size -= 1
        if fonts.width(text, size, bold) <= room:
            return text, size
    last = forms[-1] if forms else ""
    return fonts.ellipsize(last, READABLE, room, bold), READABLE


class MemoryDrawer:
    """Draws a memory-family table's seats and piles; caches card art per size through CardArt.
    Text grows with the window (the frame's scale: 1.0 at 1280x800) and is never under READABLE."""

    def __init__(self, art: CardArt):
        self.art = art
        self.scale = 1.0

    def px(self, size: float) -> int:
        """A text size at 1280x800, for the window on screen (never under READABLE)."""
        return max(READABLE, round(size * self.scale))

    # ---- the felt's zones (the frame around them is the common table's) ----
    def draw(self, surf, layout, view, vis: Visuals):
        self.scale = max(1.0, getattr(layout, "scale", 1.0))
        self.draw_centre(surf, layout, view, vis)
        for box in layout.seats:
            if box.seat < len(view.seats):
                self.draw_seat(surf, layout, box, view, vis)

    # ---- the middle: deck, discard pile, drawn card, race line ----
    def draw_centre(self, surf, layout, view, vis):
        size = layout.pile
        # deck: a small stack, thicker with more cards
        deck = layout.deck
        if view.deck_count > 0:
            layers = min(3, 1 + view.deck_count // 15)
            back = self.art.back(size)
            for i in range(layers - 1, -1, -1):
                surf.blit(back, deck.move(-2 * i, -2 * i))
        else:
            surf.blit(self.art.empty(size), deck)
        self._caption(surf, deck, (tr("Deck · {n}", n=view.deck_count), tr("Deck")))
        self._mark(surf, deck, "deck", vis)

        disc = layout.discard
        cards = list(view.discard)
        if "discard_top" in vis.hidden and cards:
            cards = cards[:-1]
        if vis.dragging == "discard" and cards:
            cards = cards[:-1]
        if len(cards) >= 2:
            surf.blit(self.art.face(cards[-2], size), disc.move(2, 2))
        if cards:
            surf.blit(self.art.face(cards[-1], size), disc)
        else:
            surf.blit(self.art.empty(size), disc)
        blocked = bool(view.discard_blocked and view.discard)
        if blocked:
            # a throw landed on it: drawing from it is refused. Words and a padlock, not colour alone.
            word = tr(vis.blocked_word)
            shade = pygame.Surface(disc.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 60))
            surf.blit(shade, disc)
            # the padlock sits in the free top-right corner: the top card stays readable (it is
            # still the card to match while a chain of throws goes on)
            r = max(7, disc.w // 6)
            centre = (disc.right - r - 2, disc.y + r + max(5, disc.h // 12))
            pygame.draw.circle(surf, theme.TEXT, centre, r)
            pygame.draw.circle(surf, theme.DANGER, centre, r, 2)
            draw_lock(surf, centre, int(r * 1.2), theme.BAR)
            tag_text = word.split()[0].upper()
            tag = pygame.Rect(0, 0, disc.w - 6, max(READABLE + 4, min(self.px(20), disc.h // 6)))
            tag.midbottom = (disc.centerx, disc.bottom - 4)
            pygame.draw.rect(surf, theme.DANGER, tag, border_radius=5)
            tag_size = fonts.fit(tag_text, self.px(12), tag.w - 4, True, min_size=READABLE)
            if fonts.width(tag_text, tag_size, True) <= tag.w - 4:     # else the padlock and caption say it
                blit_text(surf, tag_text, tag_size, tag.center, theme.TEXT, True, "center")
            n = len(view.discard)
            self._caption(surf, disc, (f"{word.capitalize()} · {n}", word.capitalize(),
                                       f"{word.split()[0].capitalize()} · {n}", word.split()[0].capitalize()),
                          theme.DANGER)
        else:
            self._caption(surf, disc, (tr("Discard · {n}", n=len(view.discard)), tr("Discard")))
        self._mark(surf, disc, "discard", vis)

        dr = layout.drawn
        holder = view.drawn_by
        if holder is not None and "drawn" not in vis.hidden and vis.dragging != "drawn":
            img = self.art.face(view.drawn, size) if view.drawn is not None else self.art.back(size)
            surf.blit(img, dr)
            name = vis.names[holder] if holder < len(vis.names) else "?"
            self._caption(surf, dr, (tr("{name}'s card", name=name), tr("{name}'s", name=name), name),
                          theme.ACCENT)
        else:
            surf.blit(self.art.empty(size), dr)
            self._caption(surf, dr, (tr("drawn card"), tr("drawn")), theme.DIM)
        self._mark(surf, dr, "drawn", vis)

        line, edge = vis.race_line, theme.ACCENT
        forms = (line,) + tuple(vis.race_forms)
        if not line and blocked:
            word = tr(vis.blocked_word)
            line, edge = tr("Discard pile {word}: draw from the deck", word=word), theme.DANGER
            forms = (line, tr("Pile {word}: draw from the deck", word=word), tr("Pile {word}", word=word))
        if line:
            rr = layout.race
            panel = rr.inflate(0, -2)
            draw_panel(surf, panel, (60, 40, 14) if edge is theme.ACCENT else (64, 26, 22), edge, radius=8,
                       width=2)
            if vis.race_fraction is not None:
                bar = pygame.Rect(panel.x + 3, panel.bottom - 6, int((panel.w - 6) * vis.race_fraction), 3)
                pygame.draw.rect(surf, theme.ACCENT, bar)
            text, size_t = fitting(forms, self.px(16), panel.w - 12, True)
            blit_text(surf, text, size_t, (panel.centerx, panel.centery - 1), theme.TEXT, True, "center")

    def _caption(self, surf, rect, forms, colour=theme.MUTED):
        """A pile's caption: the first of `forms` that fits (the count goes before the word does)."""
        # no wider than the space between two piles' centres: neighbouring captions never touch
        room = rect.w + max(12, rect.w // 3) - 6
        text, size = fitting(forms, self.px(14), room)
        blit_text(surf, text, size, (rect.centerx, rect.bottom + 4), colour, False, "midtop")

    def _mark(self, surf, rect, key, vis):
        """Legal target: outline plus corner brackets (shape, not colour alone); selection: thick gold."""
        if vis.selected == key:
            pygame.draw.rect(surf, theme.ACCENT, rect.inflate(8, 8), 4, border_radius=8)
        elif key in vis.targets:
            r = rect.inflate(8, 8)
            pygame.draw.rect(surf, theme.TARGET, r, 2, border_radius=8)
            n = max(8, r.w // 4)
            for (cx, cy), (dx, dy) in (((r.left, r.top), (1, 1)), ((r.right - 1, r.top), (-1, 1)),
                                       ((r.left, r.bottom - 1), (1, -1)), ((r.right - 1, r.bottom - 1), (-1, -1))):
                pygame.draw.line(surf, theme.TARGET, (cx, cy), (cx + dx * n, cy), 4)
                pygame.draw.line(surf, theme.TARGET, (cx, cy), (cx, cy + dy * n), 4)

    # ---- a seat: name plate and cards ----
    def draw_seat(self, surf, layout, box, view, vis):
        seat_view = view.seats[box.seat]
        self.draw_plate(surf, box, view, seat_view, vis)
        size = layout.card
        for i, slot in enumerate(seat_view.slots):
            if i >= len(box.slots):
                break
            rect = box.slots[i]
            key = ("slot", slot.pos)
            if key in vis.hidden or vis.dragging == key:
                surf.blit(self.art.empty(size), rect)
                continue
            if not slot.present:
                surf.blit(self.art.empty(size), rect)
                continue
            lifted = vis.selected == key
            r = rect.move(0, -6) if lifted else rect
            if slot.face is not None and (vis.show_all or slot.pos in vis.reveals):
                img = self.art.face(slot.face, size)
            elif slot.face is not None and vis.memory_aid:
                img = self.art.known(slot.face, size)
            else:
                img = self.art.back(size)
            surf.blit(img, r)
            if slot.penalty:
                self._badge(surf, (r.x + 3, r.bottom - 3), "+", theme.DANGER, anchor="bottomleft",
                            size=self.px(12))
            if slot.pos in vis.picked:
                pygame.draw.rect(surf, theme.ACCENT, r.inflate(6, 6), 3, border_radius=7)
                picked, bsize = fitting((tr("✓ picked"), "✓"), self.px(12), r.w - 10, True)
                self._badge(surf, (r.centerx, r.y + 4), picked, theme.BUTTON_PRIMARY, anchor="midtop", size=bsize)
            self._mark(surf, r, key, vis)
            mark = vis.bot_marks.get(slot.pos)
            if mark is not None:
                self._bot_mark(surf, r, mark, vis)

    def _bot_mark(self, surf, r, mark, vis):
        """A tag on a card a bot touched since the last human move: an icon (a shape, not a colour)
        with the word where it fits, and who. Public only: which position and who, never a face."""
        kind, seat = mark
        name = vis.names[seat] if seat < len(vis.names) else tr("Seat {n}", n=seat + 1)
        word = tr(BOT_MARKS[kind]) if kind in BOT_MARKS else kind
        room = r.w - 8
        name, size = fitting((name,), max(READABLE, min(self.px(13), r.w // 5)), room, True)
        lh = fonts.line_height(size, True)
        tag = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, 2 * lh + 4)
        pygame.draw.rect(surf, theme.BAR, tag, border_radius=4)
        pygame.draw.rect(surf, theme.TEXT, tag, 1, border_radius=4)
        icon_w = lh + 2
        show_word = fonts.width(word, size, True) + icon_w + 2 <= room
        line1 = pygame.Rect(0, 0, icon_w + (fonts.width(word, size, True) + 2 if show_word else 0), lh)
        line1.midtop = (tag.centerx, tag.y + 2)
        icon = (line1.x + icon_w // 2, line1.centery)
        if kind == "peek":
            draw_eye(surf, icon, icon_w - 2, theme.TEXT, 1)
        elif kind == "swap":
            draw_swap(surf, icon, icon_w - 2, theme.TEXT, 1)
        else:
            blit_text(surf, "↓", size, icon, theme.TEXT, True, "center")
        if show_word:
            blit_text(surf, word, size, (line1.x + icon_w + 2, line1.centery), theme.TEXT, True, "midleft")
        blit_text(surf, name, size, (tag.centerx, tag.y + 2 + lh), theme.TEXT, True, "midtop")

    def _badge(self, surf, pos, text, colour, anchor="topleft", size=12):
        img = fonts.text(text, size, theme.TEXT, True)
        box = img.get_rect().inflate(8, 2)
        setattr(box, anchor, pos)
        pygame.draw.rect(surf, colour, box, border_radius=5)
        blit_text(surf, text, size, box.center, theme.TEXT, True, "center")
        return box

    def plate_badges(self, seat_view, view, vis) -> list:
        """A seat plate's badges, most important first: [(forms from longest to shortest, colour, padlock)]."""
        out = []
        if vis.race_claimer == seat_view.seat and seat_view.seat not in vis.race_keys:    # a human's key box shows it
            out.append(((tr("CLAIMS"), "✓"), theme.BUTTON_PRIMARY, False))
        if seat_view.called:
            called = tr("called {call}", call=call_words(view.call_name))
            out.append(((called, tr("called"), "") if seat_view.locked else (called, tr("called")),
                        theme.DANGER if seat_view.locked else theme.BUTTON_PRIMARY, seat_view.locked))
        elif seat_view.locked:
            out.append(((tr("locked"), ""), theme.DANGER, True))
        if seat_view.seat in vis.last_turn:
            out.append(((tr("LAST TURN"), tr("LAST")), theme.BUTTON_PRIMARY, False))
        return out

    def draw_plate(self, surf, box, view, seat_view, vis):
        """Name, badges (claim, call, lock, last turn), total and race key. The name is never cut for a
        badge: the total goes first (the sidebar lists it too), then badges take their short forms."""
        p = box.plate
        acting = seat_view.seat == vis.acting
        draw_panel(surf, p, (64, 52, 20) if acting else theme.PANEL, theme.ACCENT if acting else theme.PANEL_EDGE,
                   radius=7, width=2 if acting else 1)
        size = max(12, min(self.px(17), p.h - 10))
        name = vis.names[seat_view.seat] if seat_view.seat < len(vis.names) else tr("Seat {n}", n=seat_view.seat + 1)
        x = p.x + 8
        right = p.right - 6
        key = vis.race_keys.get(seat_view.seat)
        if key:
            # the claimer's key box turns into a tick: the claim costs the name no room
            claims = vis.race_claimer == seat_view.seat
            active = claims or (vis.race_open and seat_view.seat not in vis.race_done)
            kb = pygame.Rect(0, 0, p.h - 6, p.h - 6)
            kb.midright = (right, p.centery)
            pygame.draw.rect(surf, theme.ACCENT if active else theme.BUTTON, kb, border_radius=5)
            pygame.draw.rect(surf, theme.TEXT, kb, 2 if claims else 1, border_radius=5)
            blit_text(surf, "✓" if claims else key, size, kb.center, theme.BAR if active else theme.TEXT, True,
                      "center")
            right = kb.x - 6
        label = ("▶ " if acting else "") + name
        total = tr("{n} pts", n=seat_view.total)
        total_w = fonts.width(total, size - 1) + 6
        badges = self.plate_badges(seat_view, view, vis)
        bsize = max(READABLE, min(self.px(12), p.h - 12))
        texts = None
        for name_size in range(size, READABLE - 1, -1):     # the name at its size, else smaller
            name_w = fonts.width(label, name_size, True) + 4
            texts = self._fit_badges(badges, bsize, right - x - name_w)
            if texts is not None:
                break
        if texts is None:           # even the short forms crowd the name: it is shortened, not hidden
            texts = [forms[-1] for forms, _, _ in badges]
        used = sum(self._badge_w(t, lock, bsize) + 4 for t, (_, _, lock) in zip(texts, badges))
        if right - x - name_w - used >= total_w:
            shown = blit_text(surf, total, size - 1, (right, p.centery), theme.MUTED, False, "midright")
            right = shown.x - 6
        for text, (_, colour, lock) in reversed(list(zip(texts, badges))):
            right = self._plate_badge(surf, (right, p.centery), text, colour, lock, bsize).x - 4
        size = fonts.fit(label, size, right - x - 4, True, min_size=READABLE)   # smaller, then cut
        label = fonts.ellipsize(label, size, right - x - 4, True)
        blit_text(surf, label, size, (x, p.centery), theme.ACCENT if acting else theme.TEXT, True, "midleft")

    @staticmethod
    def _badge_w(text, lock, size) -> int:
        return (fonts.width(text, size, True) if text else 0) + 8 + (size + (2 if text else 0) if lock else 0)

    def _fit_badges(self, badges, size, room):
        """The longest forms of `badges` that fit `room` together (the last badge shortens first), or None."""
        choice = [0] * len(badges)
        while True:
            texts = [forms[i] for (forms, _, _), i in zip(badges, choice)]
            if sum(self._badge_w(t, lock, size) + 4 for t, (_, _, lock) in zip(texts, badges)) <= room:
                return texts
            for k in range(len(badges) - 1, -1, -1):
                if choice[k] < len(badges[k][0]) - 1:
                    choice[k] += 1
                    break
            else:
                return None

    def _plate_badge(self, surf, midright, text, colour, lock, size):
        """A plate badge: words, after a drawn padlock for a locked hand (the font has no padlock)."""
        box = pygame.Rect(0, 0, self._badge_w(text, lock, size), fonts.line_height(size, True) + 2)
        box.midright = midright
        pygame.draw.rect(surf, colour, box, border_radius=5)
        pygame.draw.rect(surf, theme.TEXT, box, 1, border_radius=5)
        x = box.x + 4
        if lock:
            draw_lock(surf, (x + size // 2, box.centery), size, theme.TEXT)
            x += size + 2
        if text:
            blit_text(surf, text, size, (x, box.centery), theme.TEXT, True, "midleft")
        return box


def key_help(call_name: str, race_keys: dict, names) -> tuple:
    """The keyboard shortcuts shown in the sidebar."""
    rows = [("D", tr("draw from the deck")), ("S", tr("take the discard")),
            ("K", tr("call {call}", call=call_words(call_name))),
            (trc("a key in the narrow column of keys", "Space"), tr("skip · no match · done")), ("F1", tr("rules")),
            ("Esc", tr("cancel, menu")), (trc("a key in the narrow column of keys", "PgUp"), tr("scroll the log · wheel"))]
    if race_keys:
        rows.append((trc("the keys of a match race", "Race"),
                     "  ".join(f"{k} {names[s]}" for s, k in sorted(race_keys.items()))))
    return tuple(rows)


# a bot's mark on a card it touched, in a word where it fits
BOT_MARKS = {"peek": N_("looked"), "swap": N_("swapped"), "give": N_("given")}
