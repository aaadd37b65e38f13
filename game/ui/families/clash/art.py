"""Klobba!'s card faces, drawn with pygame primitives and cached per size: a Barbarian shows its
value, its clan's symbol (fox, claw, raven, talon: a shape, so colour is never the only cue), the
clan's name and its bounty in Stars; an Action card shows its name and what it does in words.
"""
from __future__ import annotations

import pygame

from game.families.clash.words import card_text
from game.ui import cardart, fonts, theme
from game.ui.cardart import CardArt, SurfaceCache, parse_colour

INK = (28, 28, 32)
STAR = (250, 204, 80)
# An Action card's band says what kind of card it is (its name says it too).
KIND_COLOUR = {"highest": (150, 40, 40), "lowest_multiplied": (170, 70, 30), "lowest_plus_per_other": (40, 110, 70),
               "lowest_several": (90, 60, 140), "all_of_clan_or_distract": (60, 60, 60),
               "second_best_or_underdogs": (30, 100, 130), "mirror": (120, 120, 140),
               "swap_and_play": (150, 110, 30), "flee_and_surprise": (40, 80, 60)}


def draw_star(surf, center, size, colour=STAR, edge=INK):
    """A Star (the game's tokens), in its colour, outlined once it is big enough to show it."""
    cardart.draw_star(surf, center, size, colour, edge if size >= 10 else None)


def draw_symbol(surf, symbol, center, size, colour=INK):
    """One clan's symbol: a fox's head, three claw slashes, a raven, a talon."""
    cx, cy = center
    s = size / 2
    w = max(1, int(size / 10))
    if symbol == "fox":
        # a pointed head with two tall ears
        head = [(cx - s, cy - s * 0.35), (cx + s, cy - s * 0.35), (cx, cy + s)]
        pygame.draw.polygon(surf, colour, head)
        for side in (-1, 1):
            ear = [(cx + side * s, cy - s * 0.35), (cx + side * s * 0.85, cy - s), (cx + side * s * 0.3, cy - s * 0.35)]
            pygame.draw.polygon(surf, colour, ear)
        for side in (-1, 1):
            pygame.draw.circle(surf, (250, 246, 234), (cx + side * s * 0.35, cy - s * 0.05), max(1, int(s * 0.13)))
    elif symbol == "claw":
        # three slashes, like a paw swiping
        for k in (-1, 0, 1):
            x = cx + k * s * 0.55
            pygame.draw.line(surf, colour, (x - s * 0.35, cy + s), (x + s * 0.35, cy - s), max(2, w * 2))
    elif symbol == "raven":
        # a bird: body, head, beak, a wing raised
        body = pygame.Rect(0, 0, int(s * 1.5), int(s * 0.9))
        body.center = (int(cx - s * 0.1), int(cy + s * 0.25))
        pygame.draw.ellipse(surf, colour, body)
        pygame.draw.circle(surf, colour, (int(cx + s * 0.55), int(cy - s * 0.2)), max(2, int(s * 0.32)))
        pygame.draw.polygon(surf, colour, [(cx + s * 0.8, cy - s * 0.3), (cx + s * 1.05, cy - s * 0.12),
                                           (cx + s * 0.8, cy - s * 0.05)])
        pygame.draw.polygon(surf, colour, [(cx - s * 0.5, cy + s * 0.1), (cx - s * 0.05, cy - s * 0.95),
                                           (cx + s * 0.2, cy + s * 0.1)])
        pygame.draw.polygon(surf, colour, [(cx - s * 0.8, cy + s * 0.3), (cx - s * 1.05, cy + s * 0.75),
                                           (cx - s * 0.55, cy + s * 0.55)])
    elif symbol == "talon":
        # a bird's foot: three hooked toes from one heel
        heel = (cx, cy - s)
        for k in (-1, 0, 1):
            tip = (cx + k * s * 0.75, cy + s * 0.55)
            pygame.draw.line(surf, colour, heel, tip, max(2, w * 2))
            pygame.draw.polygon(surf, colour, [tip, (tip[0] - s * 0.15, tip[1] + s * 0.45),
                                               (tip[0] + s * 0.18, tip[1])])
    else:
        pygame.draw.circle(surf, colour, (int(cx), int(cy)), int(s * 0.8), max(1, w))


class ClashArt:
    """Faces of Barbarians and Action cards (backs from the common card art)."""

    def __init__(self, common: CardArt):
        self.common = common
        self._cache = SurfaceCache(400)
        self.clan_symbols: dict = {}     # clan -> symbol, from the faces (an All [Clan] card shows it)

    def learn(self, faces) -> None:
        """Know each clan's symbol from the Barbarians' faces (public)."""
        if not self.clan_symbols:
            self.clan_symbols = {f.clan: f.symbol for f in faces if f.kind == "barbarian"}

    def back(self, size):
        return self.common.back(size)

    def face(self, face, size):
        size = (max(8, int(size[0])), max(10, int(size[1])))
        if face.kind == "barbarian":
            return self._cache.get(("b", face.key, size), lambda: self._barbarian(face, size))
        return self._cache.get(("a", face.key, size), lambda: self._action(face, size))

    def tile(self, face, h):
        """A captured Barbarian, small: its clan colour, symbol and value on a chip."""
        h = max(10, int(h))
        return self._cache.get(("t", face.key, h), lambda: self._tile(face, h))

    # ---- drawing ----
    @staticmethod
    def _base(size):
        w, h = size
        radius = max(3, w // 10)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, theme.CARD_EDGE, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, theme.CARD_FACE, surf.get_rect().inflate(-2, -2), border_radius=radius - 1)
        return surf

    def _barbarian(self, face, size):
        w, h = size
        surf = self._base(size)
        colour = parse_colour(face.colour) or (120, 120, 120)
        band = pygame.Rect(2, 2, w - 4, max(6, h // 6))
        pygame.draw.rect(surf, colour, band, border_top_left_radius=max(2, w // 10),
                         border_top_right_radius=max(2, w // 10))
        vs = fonts.fit(str(face.value), max(10, int(h * 0.30)), int(w * 0.8), True, min_size=8)
        img = fonts.text(str(face.value), vs, INK, True)
        surf.blit(img, img.get_rect(midtop=(w // 2, band.bottom + 1)))
        sym_y = band.bottom + img.get_height() + int(h * 0.16)
        draw_symbol(surf, face.symbol, (w // 2, sym_y), max(8, int(min(w * 0.5, h * 0.28))), colour)
        # the corner: value again, small, on the clan's band
        cs = max(7, int(h * 0.11))
        corner = fonts.text(str(face.value), cs, (250, 246, 234), True)
        surf.blit(corner, (4, band.centery - corner.get_height() // 2))
        draw_symbol(surf, face.symbol, (w - 4 - band.h // 2, band.centery), max(5, band.h - 3), (250, 246, 234))
        # the bounty in Stars at the bottom, the clan's name above it when there is room
        star = max(6, min(int(h * 0.12), (w - 8) // max(1, face.bounty)))
        y = h - 4 - star // 2
        for k in range(face.bounty):
            x = w // 2 + int((k - (face.bounty - 1) / 2) * (star + 1))
            draw_star(surf, (x, y), star)
        if h >= 80:
            ns = fonts.fit(face.clan_name, max(7, int(h * 0.085)), w - 6, False, min_size=7)
            name = fonts.text(fonts.ellipsize(face.clan_name, ns, w - 6), ns, (70, 70, 80))
            surf.blit(name, name.get_rect(midbottom=(w // 2, y - star // 2 - 1)))
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _action(self, face, size):
        w, h = size
        surf = self._base(size)
        colour = KIND_COLOUR.get(face.effect.tag, (90, 90, 90))
        band = pygame.Rect(2, 2, w - 4, max(6, h // 9))
        pygame.draw.rect(surf, colour, band, border_top_left_radius=max(2, w // 10),
                         border_top_right_radius=max(2, w // 10))
        y = band.bottom + 2
        # the name, as big as fits in at most three lines
        for ns in range(max(8, int(h * 0.11)), 6, -1):
            lines = fonts.wrap(face.name, ns, w - 8, True)
            if len(lines) <= 3 and all(fonts.width(t, ns, True) <= w - 8 for t in lines):
                break
        for line in lines[:3]:
            img = fonts.text(line, ns, INK, True)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += fonts.line_height(ns, True) - 1
        clan = face.effect.get("clan")
        if clan is not None:
            draw_symbol(surf, self.clan_symbols.get(clan, ""), (w // 2, y + int(h * 0.09)), max(8, int(h * 0.16)), INK)
            y += int(h * 0.2)
        pygame.draw.line(surf, colour, (6, y + 1), (w - 6, y + 1), 1)
        y += 4
        # what it does, in words, as much as fits (hovering a card zooms it: all of it)
        ts = max(7, int(h * 0.062))
        for line in fonts.wrap(card_text(face), ts, w - 8):
            if y + fonts.line_height(ts) > h - 3:
                break
            img = fonts.text(line, ts, (50, 50, 60))
            surf.blit(img, (4, y))
            y += fonts.line_height(ts) - 1
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _tile(self, face, h):
        w = int(h * 1.25)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        colour = parse_colour(face.colour) or (120, 120, 120)
        pygame.draw.rect(surf, theme.CARD_FACE, surf.get_rect(), border_radius=3)
        pygame.draw.rect(surf, colour, surf.get_rect(), 2, border_radius=3)
        draw_symbol(surf, face.symbol, (h // 2, h // 2), max(5, h - 5), colour)
        vs = fonts.fit(str(face.value), max(7, h - 3), w - h, True, min_size=6)
        img = fonts.text(str(face.value), vs, INK, True)
        surf.blit(img, img.get_rect(midright=(w - 2, h // 2)))
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf
