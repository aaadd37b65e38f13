"""Klobba!'s card faces, drawn with pygame primitives and cached per size: a Barbarian shows its
value, its clan's symbol (fox, claw, raven, talon: a shape, so colour is never the only cue), the
clan's name (when it fits) and its bounty in Stars; an Action card shows its name and what it does in
words, all of it or its gist as the card's size allows (`ClashArt._action`).
"""
from __future__ import annotations

import pygame

from game.families.clash.words import card_text, shown
from game.i18n import language, local
from game.ui import cardart, fonts, theme
from game.ui.cardart import CardArt, SurfaceCache, parse_colour
from game.ui.families.clash.words import card_gist

MIN_TEXT = 11       # px: no word on Klobba!'s table is smaller (a playtest read 6-7 px card text)

INK = (28, 28, 32)
STAR = (250, 204, 80)
# An Action card's band says what kind of card it is (its name says it too).
KIND_COLOUR = {"highest": (150, 40, 40), "lowest_multiplied": (170, 70, 30), "lowest_plus_per_other": (40, 110, 70),
               "lowest_several": (90, 60, 140), "all_of_clan_or_distract": (60, 60, 60),
               "second_best_or_underdogs": (30, 100, 130), "mirror": (120, 120, 140),
               "swap_and_play": (150, 110, 30), "flee_and_surprise": (40, 80, 60)}


SOFT_HYPHEN = "\u00ad"     # where a ruleset allows a long word to break ("Über\u00adraschung")


def wrap_name(name: str, size: int, width: int) -> list:
    """A card's name in bold lines no wider than `width` where it can be: between words, else after
    a hyphen ("Second-" / "Best") or at a soft hyphen the name marks ("Über-" / "raschung"; unbroken,
    the soft hyphen is not shown)."""
    tokens = []                 # (text, joined to the previous token without a space, a soft break)
    for word in name.split(" "):
        plain = word.replace(SOFT_HYPHEN, "")
        if fonts.width(plain, size, True) <= width or ("-" not in word and SOFT_HYPHEN not in word):
            tokens.append((plain, False, False))
            continue
        pieces = word.replace("-", "-\n").replace(SOFT_HYPHEN, SOFT_HYPHEN + "\n").split("\n")
        for k, piece in enumerate(pieces):
            soft = piece.endswith(SOFT_HYPHEN)
            tokens.append((piece[:-1] + "-" if soft else piece, k > 0, soft))
    lines, soft_end = [], False
    for text, joined, soft in tokens:
        if lines:
            head = lines[-1][:-1] if joined and soft_end else lines[-1]     # a soft break not taken
            trial = head + ("" if joined else " ") + text
            if fonts.width(trial, size, True) <= width:
                lines[-1], soft_end = trial, soft
                continue
        lines.append(text)
        soft_end = soft
    return lines


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
        # the faces' words are in the player's language: a face is drawn anew in another one
        if face.kind == "barbarian":
            return self._cache.get(("b", face.key, size, language()), lambda: self._barbarian(face, size))
        return self._cache.get(("a", face.key, size, language()), lambda: self._action(face, size))

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
        vs = fonts.fit(str(face.value), max(MIN_TEXT, int(h * 0.30)), int(w * 0.8), True, min_size=MIN_TEXT)
        img = fonts.text(str(face.value), vs, INK, True)
        surf.blit(img, img.get_rect(midtop=(w // 2, band.bottom + 1)))
        sym_y = band.bottom + img.get_height() + int(h * 0.16)
        draw_symbol(surf, face.symbol, (w // 2, sym_y), max(8, int(min(w * 0.5, h * 0.28))), colour)
        # the corner: value again on the clan's band, when it is readable there (the big one says it)
        cs = max(MIN_TEXT, int(h * 0.11))
        if fonts.line_height(cs, True) <= band.h + 6:
            corner = fonts.text(str(face.value), cs, (250, 246, 234), True)
            surf.blit(corner, (4, band.centery - corner.get_height() // 2))
        draw_symbol(surf, face.symbol, (w - 4 - band.h // 2, band.centery), max(5, band.h - 3), (250, 246, 234))
        # the bounty in Stars at the bottom, the clan's name above it when it fits at a readable size
        # (else the symbol and the colour say the clan; the zoom shows the name)
        star = max(6, min(int(h * 0.12), (w - 8) // max(1, face.bounty)))
        y = h - 4 - star // 2
        for k in range(face.bounty):
            x = w // 2 + int((k - (face.bounty - 1) / 2) * (star + 1))
            draw_star(surf, (x, y), star)
        room = y - star // 2 - 1 - (sym_y + int(min(w * 0.5, h * 0.28)) // 2)
        clan_name = local(face.clan_name)
        ns = fonts.fit(clan_name, max(MIN_TEXT, int(h * 0.085)), w - 6, False, min_size=MIN_TEXT)
        while ns > MIN_TEXT and fonts.line_height(ns) > room:
            ns -= 1
        if fonts.width(clan_name, ns) <= w - 6 and fonts.line_height(ns) <= room:
            name = fonts.text(clan_name, ns, (70, 70, 80))
            surf.blit(name, name.get_rect(midbottom=(w // 2, y - star // 2 - 1)))
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _action(self, face, size):
        """An Action card: its name, then what it does, every word at least MIN_TEXT px tall.

        What the face says depends on its size, never cut with "…": the whole text when it fits
        (a large card, the zoom), else its gist (the key number: "Lowest × 2, at most 13"), else
        only its name. At 1280x800 the hand's cards hold the whole text of the short cards and the
        gist of the long ones; hovering any card zooms it with all its words.
        """
        w, h = size
        surf = self._base(size)
        colour = KIND_COLOUR.get(face.effect.tag, (90, 90, 90))
        band = pygame.Rect(2, 2, w - 4, max(6, h // 10))
        pygame.draw.rect(surf, colour, band, border_top_left_radius=max(2, w // 10),
                         border_top_right_radius=max(2, w // 10))
        pad = max(3, w // 24)
        room_w = w - 2 * pad
        y = band.bottom + 2
        # the name, as big as fits in at most three lines (at the smallest size, in as many as it takes)
        top = max(MIN_TEXT, int(h * 0.12))
        name = shown(face.name)
        bottom = h - max(4, h // 30)
        for ns in range(top, MIN_TEXT - 1, -1):
            lines = wrap_name(name, ns, room_w)
            if len(lines) <= 3 and all(fonts.width(t, ns, True) <= room_w for t in lines):
                break
        body = self._body(face, room_w, bottom - y - 4 - len(lines) * (fonts.line_height(ns, True) - 1))
        # no words fit under the name at that size (a long name, a long language): a smaller name
        # that leaves room for them, if there is one
        for smaller in range(ns - 1, MIN_TEXT - 1, -1) if body is None else ():
            tried = wrap_name(name, smaller, room_w)
            if len(tried) > 3 or not all(fonts.width(t, smaller, True) <= room_w for t in tried):
                continue
            found = self._body(face, room_w, bottom - y - 4 - len(tried) * (fonts.line_height(smaller, True) - 1))
            if found is not None:
                ns, lines, body = smaller, tried, found
                break
        for line in lines:
            img = fonts.text(line, ns, INK, True)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += fonts.line_height(ns, True) - 1
        clan = face.effect.get("clan")
        # the clan's symbol under an All [Clan] card's name (its name says the clan too), when the
        # words under it still fit as well as without it
        sym = int(h * 0.19)
        if clan is not None and body is not None:
            with_symbol = self._body(face, room_w, bottom - y - 4 - sym)
            if with_symbol is not None and with_symbol[2] == body[2]:
                draw_symbol(surf, self.clan_symbols.get(clan, ""), (w // 2, y + int(h * 0.09)), max(8, int(h * 0.14)),
                            INK)
                y += sym
                body = with_symbol
        pygame.draw.line(surf, colour, (pad, y + 1), (w - pad, y + 1), 1)
        y += 4
        if body is not None:
            ts, lines, bold = body
            for line in lines:
                img = fonts.text(line, ts, (50, 50, 60), bold)
                surf.blit(img, img.get_rect(midtop=(w // 2, y)) if bold else (pad, y))
                y += fonts.line_height(ts, bold) - 1
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    @staticmethod
    def _body(face, width, height):
        """(size, lines, bold) of the words under an Action card's name that fit `width` x `height`:
        the whole text, else the gist; None when not even the gist fits."""
        text = card_text(face)
        for ts in range(min(15, max(MIN_TEXT, width // 10)), MIN_TEXT - 1, -1):
            lines = fonts.wrap(text, ts, width)
            if len(lines) * (fonts.line_height(ts) - 1) <= height and all(fonts.width(t, ts) <= width for t in lines):
                return ts, lines, False
        short = card_gist(face)
        for ts in range(min(18, max(MIN_TEXT, width // 7)), MIN_TEXT - 1, -1):
            lines = fonts.wrap(short, ts, width, True)
            if len(lines) * (fonts.line_height(ts, True) - 1) <= height and \
                    all(fonts.width(t, ts, True) <= width for t in lines):
                return ts, lines, True
        return None

    def _tile(self, face, h):
        """A captured Barbarian as a chip: its symbol, then its value (readable: MIN_TEXT px at least)."""
        vs = max(MIN_TEXT, h - 4)
        w = h + fonts.width(str(face.value), vs, True) + 5
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        colour = parse_colour(face.colour) or (120, 120, 120)
        pygame.draw.rect(surf, theme.CARD_FACE, surf.get_rect(), border_radius=3)
        pygame.draw.rect(surf, colour, surf.get_rect(), 2, border_radius=3)
        draw_symbol(surf, face.symbol, (h // 2 + 1, h // 2), max(5, h - 6), colour)
        img = fonts.text(str(face.value), vs, INK, True)
        surf.blit(img, img.get_rect(midright=(w - 3, h // 2)))
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf
