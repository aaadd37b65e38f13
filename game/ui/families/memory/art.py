"""The memory family's card faces (Kombio, Cambio, classic Cambio): the common faces
(game/ui/cardart.py), every word on them readable.

A playtest found the small words of a face unreadable at 1280x800: an ability's name at 6-7 px,
Cambio's rune at 9 px (the rune is what matching compares), "OWN"/"OTHER" at 6 px, and the memory
aid's small faces with their corners at 8 px. Here every text on a face is at least READABLE
pixels, or left out when the card is too small for it (the icon then says what the ability
does, the corner says the card):

- the corner (label and suit) and the rune under it: never under READABLE;
- the ability's name: in one or two lines when it fits at READABLE or more, else left out;
- "OWN"/"OTHER"/"ANY" under a look's eye when the name is left out: at READABLE, else left out;
- a card the viewer remembers (memory aid): its back with a window showing the label big and its
  suit or rune, not a shrunken face whose corner no one can read.
"""
from __future__ import annotations

import pygame

from game.i18n import N_, language, local, tr
from game.ui import fonts, theme
from game.ui.cardart import (SUIT_GLYPH, SUIT_RED, CardArt, _finish, ability_kind,
                             draw_ability_icon, draw_eye, look_target)

READABLE = 11       # the smallest text on a card, in pixels (1280x800 and up)
# the word under a look's eye, by whose card it shows (cardart.look_target)
LOOK_TARGETS = {"own": N_("own"), "other": N_("other"), "any": N_("any")}


def _fits(text, size, room, bold=False) -> bool:
    return fonts.width(text, size, bold) <= room


def _size_for(text, wanted, room, bold=False):
    """The largest size from `wanted` down to READABLE at which `text` fits `room`, else None."""
    size = max(READABLE, int(wanted))
    while size >= READABLE:
        if _fits(text, size, room, bold):
            return size
        size -= 1
    return None


class MemoryArt(CardArt):
    """CardArt with the memory family's readable faces and memory-aid marks. A face's words are in
    the player's language (a ruleset's names, the look's target): faces are kept per language."""

    def face(self, card, size) -> pygame.Surface:
        size = (int(size[0]), int(size[1]))
        return self._cache.get(("face", card.key, size, language()), lambda: self._draw_face(card, size))

    def known(self, card, size) -> pygame.Surface:
        size = (int(size[0]), int(size[1]))
        return self._cache.get(("known", card.key, size, language()), lambda: self._draw_known(card, size))

    def _draw_face(self, card, size):
        w, h = size
        surf, inner, band, band2, ink = self._frame(card, size)

        glyph = SUIT_GLYPH.get(card.suit, "")
        label = local(card.label)
        corner = label + glyph
        cx0 = inner.x + max(3, w // 16)
        cs = _size_for(corner, h * 0.13, w - 2 * (cx0 + 1), True) or READABLE
        corner_img = fonts.text(corner, cs, ink, True)
        surf.blit(corner_img, (cx0, band.bottom + 1))
        below_corner = band.bottom + 1 + corner_img.get_height() - 2
        beside = 0                  # the width the rune takes at the left, which the big label keeps clear of
        if card.symbol:
            # the rune is what matching compares (Cambio): always in the corner, readable
            sym = fonts.text(card.symbol[:2], max(READABLE, int(h * 0.1)), ink, False)
            surf.blit(sym, (cx0, below_corner))
            beside = cx0 + sym.get_width() + 2

        has_ability = bool(card.ability)
        name = ""
        if has_ability:
            name = card.ability
            if self.ruleset is not None and card.ability in self.ruleset.abilities:
                name = tr(self.ruleset.abilities[card.ability].name)
        elif card.name and card.name != card.label and not card.suit:
            name = tr(card.name)   # e.g. "Energy"; suited cards say it all with label and suit
        name_lines, ns = self._readable_name(name, w, h, band2.y - 1) if name else ([], 0)
        show_name = bool(name_lines)
        target = look_target(self.ruleset, card.ability) if has_ability and not show_name else ""
        target = tr(LOOK_TARGETS[target]) if target in LOOK_TARGETS else target
        ts = _size_for(target.upper(), h * 0.1, w - 8, True) if target else None
        if not show_name and not ts:   # the name (or the look's target) takes the bottom; else the corner
            # upright, not turned over as on paper: a turned 6 reads as 9 on a screen
            surf.blit(corner_img, (inner.right - max(3, w // 16) - corner_img.get_width(),
                                   band2.y - 1 - corner_img.get_height()))

        mark = glyph or (card.symbol[:2] if card.symbol else "")
        big = max(READABLE, int(h * (0.30 if has_ability else 0.36 if mark else 0.40)))
        room = int(w * 0.78)
        if beside:                  # centred, clear of the rune on either side
            room = min(room, w - 2 * beside)
        big = _size_for(label, big, room, True) or READABLE
        cy = int(h * (0.40 if has_ability else 0.42 if mark else 0.5))
        img = fonts.text(label, big, ink, True)
        surf.blit(img, img.get_rect(center=(w // 2, cy)))
        if has_ability:
            kind = ability_kind(self.ruleset, card.ability)
            icon_w = max(10, int(w * 0.36))
            draw_ability_icon(surf, kind, (w // 2, int(h * 0.62)), icon_w, (40, 40, 48))
            if ts:
                ti = fonts.text(target.upper(), ts, (40, 40, 48), True)
                surf.blit(ti, ti.get_rect(midtop=(w // 2, int(h * 0.62) + icon_w // 4 + 1)))
        elif mark:
            gs = max(READABLE, int(h * 0.17))
            g = fonts.text(mark, gs, ink, False)
            surf.blit(g, g.get_rect(center=(w // 2, int(h * (0.68 if show_name else 0.72)))))
        if show_name:
            y = int(h * 0.76) if len(name_lines) > 1 else int(h * 0.79)
            for line in name_lines:
                li = fonts.text(line, ns, (50, 50, 60), False)
                surf.blit(li, li.get_rect(midtop=(w // 2, y)))
                y += li.get_height() - 1
        return _finish(surf)

    @staticmethod
    def _readable_name(name, w, h, bottom):
        """(lines, size) of a face's name in at most two lines above `bottom` at READABLE pixels or
        more, or ([], 0) if it does not fit (the icon and the corner say the card then)."""
        for ns in range(max(READABLE, int(h * 0.075)), READABLE - 1, -1):
            lines = fonts.wrap(name, ns, w - 10)
            y = int(h * 0.76) if len(lines) > 1 else int(h * 0.79)
            if len(lines) <= 2 and all(_fits(line, ns, w - 6) for line in lines) \
                    and y + len(lines) * (fonts.line_height(ns) - 1) <= bottom:
                return lines, ns
        return [], 0

    def _draw_known(self, card, size):
        """A card the viewer remembers (memory aid): its back, with a window showing the label big and
        the suit or rune beside it, and an eye (you know this card: a shape, not colour alone)."""
        w, h = size
        surf = self.back(size).copy()
        ink = (190, 40, 48) if card.suit in SUIT_RED else (28, 28, 32)
        window = pygame.Rect(0, 0, max(10, int(w * 0.8)), max(12, int(h * 0.5)))
        window.center = (w // 2, int(h * 0.56))
        radius = max(3, window.w // 8)
        pygame.draw.rect(surf, theme.CARD_FACE, window, border_radius=radius)
        pygame.draw.rect(surf, self.accent(card), window, max(2, w // 30), border_radius=radius)
        mark = SUIT_GLYPH.get(card.suit, "") or (card.symbol[:2] if card.symbol else "")
        text = local(card.label)
        label = fonts.text(text, _size_for(text, h * 0.24, window.w - 6, True) or READABLE, ink, True)
        if mark:
            glyph = fonts.text(mark, max(READABLE, int(h * 0.14)), ink, False)
            total = label.get_height() + glyph.get_height() - 4
            top = window.centery - total // 2
            surf.blit(label, label.get_rect(midtop=(window.centerx, top)))
            surf.blit(glyph, glyph.get_rect(midtop=(window.centerx, top + label.get_height() - 4)))
        else:
            surf.blit(label, label.get_rect(center=window.center))
        r = max(6, w // 7)
        pygame.draw.circle(surf, (250, 246, 234), (w - r - 2, r + 2), r)
        draw_eye(surf, (w - r - 2, r + 2), int(r * 1.6), (30, 30, 30), 1)
        return _finish(surf)
