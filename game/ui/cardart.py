"""Card faces and backs drawn procedurally from a CardDef, cached per size.

A face shows its label big in the middle and small in two corners, the
ability's name and an icon for what it does (eye: look, arrows: swap, star:
choose, eyes: reveal), a suit glyph or a symbol when the card has one, and an
accent band. Colour is never the only cue: every colour comes with text or
a glyph.
"""
from __future__ import annotations

import colorsys

import pygame

# the colours a ruleset may give: one definition, the loader's, so it accepts only what can be drawn
from game.engine.schema import NAMED_COLOURS, parse_colour  # noqa: F401 (NAMED_COLOURS: for callers)
from game.ui import fonts, theme

SUIT_GLYPH = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_RED = {"hearts", "diamonds"}


def _rounded(size, colour, radius):
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    return surf


def _finish(surf):
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def draw_eye(surf, center, w, colour=(30, 30, 30), width=2):
    """A simple eye: the look icon."""
    cx, cy = center
    rect = pygame.Rect(0, 0, w, max(4, int(w * 0.55)))
    rect.center = (cx, cy)
    pygame.draw.ellipse(surf, colour, rect, max(1, width))
    pygame.draw.circle(surf, colour, (cx, cy), max(2, int(w * 0.17)))


def draw_swap(surf, center, w, colour=(30, 30, 30), width=2):
    """Two opposed arrows: the swap icon."""
    cx, cy = center
    h = w * 0.22
    half = w * 0.45
    head = max(3, w * 0.18)
    y1, y2 = cy - h, cy + h
    pygame.draw.line(surf, colour, (cx - half, y1), (cx + half, y1), width)
    pygame.draw.polygon(surf, colour, [(cx + half + 1, y1), (cx + half - head, y1 - head * 0.7),
                                       (cx + half - head, y1 + head * 0.7)])
    pygame.draw.line(surf, colour, (cx - half, y2), (cx + half, y2), width)
    pygame.draw.polygon(surf, colour, [(cx - half - 1, y2), (cx - half + head, y2 - head * 0.7),
                                       (cx - half + head, y2 + head * 0.7)])


def draw_star(surf, center, w, colour=(30, 30, 30), edge=None):
    """A five-pointed star w across (the 'choose one' icon; Klobba!'s Stars), outlined in `edge`."""
    import math
    cx, cy = center
    pts = []
    for i in range(10):
        r = w / 2 if i % 2 == 0 else w / 4.5
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)
    if edge is not None:
        pygame.draw.polygon(surf, edge, pts, 1)


def draw_lock(surf, center, h, colour=(30, 30, 30)):
    """A padlock: a pile that may not be drawn from (frozen / matched upon)."""
    cx, cy = center
    bw, bh = max(6, int(h * 0.8)), max(5, int(h * 0.55))
    body = pygame.Rect(0, 0, bw, bh)
    body.midbottom = (cx, cy + h // 2)
    sw = max(4, int(bw * 0.62))
    shackle = pygame.Rect(0, 0, sw, max(6, int(h * 0.75)))
    shackle.midtop = (cx, cy - h // 2)
    pygame.draw.ellipse(surf, colour, shackle, max(2, h // 7))
    pygame.draw.rect(surf, colour, body, border_radius=max(1, h // 10))
    pygame.draw.circle(surf, (250, 246, 234), (cx, body.centery), max(1, h // 10))


def ability_kind(ruleset, ability_key) -> str:
    """'look', 'swap', 'look_swap', 'choose', 'reveal' from the ability's steps (for the icon)."""
    if not ability_key or ruleset is None:
        return ""
    ab = ruleset.abilities.get(ability_key)
    if ab is None:
        return ""
    kinds = []
    for step in ab.steps:
        for prim in ("peek", "swap", "choose", "reveal"):
            if step.get(prim) is not None and prim not in kinds:
                kinds.append(prim)
    if "choose" in kinds:
        return "choose"
    if "reveal" in kinds:
        return "reveal"
    if "peek" in kinds and "swap" in kinds:
        return "look_swap"
    return "look" if "peek" in kinds else ("swap" if "swap" in kinds else "")


def look_target(ruleset, ability_key) -> str:
    """Whose card a look-only ability shows ('own', 'other', 'any'), else '': a word under the eye
    tells such cards apart when the face is too small for the ability's name."""
    ab = ruleset.abilities.get(ability_key) if ability_key and ruleset is not None else None
    if ab is None:
        return ""
    targets = {step.get("peek") for step in ab.steps if step.get("peek") is not None}
    others = [p for step in ab.steps for p in ("swap", "choose", "reveal") if step.get(p) is not None]
    return targets.pop() if len(targets) == 1 and not others else ""


def draw_ability_icon(surf, kind, center, w, colour=(30, 30, 30)):
    cx, cy = center
    width = max(2, int(w / 12))
    if kind == "look":
        draw_eye(surf, center, w, colour, width)
    elif kind == "swap":
        draw_swap(surf, center, w, colour, width)
    elif kind == "look_swap":
        draw_eye(surf, (cx - w * 0.3, cy), w * 0.55, colour, max(1, width - 1))
        draw_swap(surf, (cx + w * 0.32, cy), w * 0.55, colour, max(1, width - 1))
    elif kind == "choose":
        draw_star(surf, center, w * 0.8, colour)
    elif kind == "reveal":
        draw_eye(surf, (cx - w * 0.28, cy), w * 0.5, colour, max(1, width - 1))
        draw_eye(surf, (cx + w * 0.28, cy), w * 0.5, colour, max(1, width - 1))


class SurfaceCache:
    """Drawn surfaces by key, each made once; all forgotten past `limit` (the sizes change with the
    window, so old ones are not worth keeping). `convert`: in the display's pixel format, once
    there is a display (faster to blit; the table's families with many small cards use it)."""

    def __init__(self, limit: int = 600, convert: bool = False):
        self.limit, self.convert = limit, convert
        self._surfaces: dict = {}

    def get(self, key, make):
        surf = self._surfaces.get(key)
        if surf is None:
            if len(self._surfaces) > self.limit:
                self._surfaces.clear()
            surf = make()
            if self.convert and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._surfaces[key] = surf
        return surf

    def clear(self) -> None:
        self._surfaces.clear()


class CardArt:
    """Draws and caches the faces and backs of one ruleset's cards."""

    def __init__(self, ruleset=None):
        self.ruleset = ruleset
        self._cache = SurfaceCache(600)
        # a family's own card schema may have no values (Castle Combo's characters): no tints then
        values = sorted({c.value for c in ruleset.cards if hasattr(c, "value")}) if ruleset is not None else []
        self._value_rank = {v: i / max(1, len(values) - 1) for i, v in enumerate(values)}

    def clear(self):
        self._cache.clear()

    # ---- public ----
    def face(self, card, size) -> pygame.Surface:
        """The full face of `card` (a CardDef) at `size`."""
        size = (int(size[0]), int(size[1]))
        return self._cache.get(("face", card.key, size), lambda: self._draw_face(card, size))

    def back(self, size) -> pygame.Surface:
        size = (int(size[0]), int(size[1]))
        return self._cache.get(("back", size), lambda: self._draw_back(size))

    def known(self, card, size) -> pygame.Surface:
        """A face-down card with the face the viewer remembers shown small and dimmed (memory aid)."""
        size = (int(size[0]), int(size[1]))
        return self._cache.get(("known", card.key, size), lambda: self._draw_known(card, size))

    def empty(self, size) -> pygame.Surface:
        """An empty position (its card was matched away): a dashed outline."""
        size = (int(size[0]), int(size[1]))
        return self._cache.get(("empty", size), lambda: self._draw_empty(size))

    def accent(self, card):
        """The accent colour of a face: its own colour, its suit's, or a tint by value rank."""
        c = parse_colour(card.colour)
        if c:
            return c
        if card.suit:
            return (190, 40, 48) if card.suit in SUIT_RED else (34, 34, 40)
        t = self._value_rank.get(card.value, 0.5)
        # low values green, middle gold, high red: the number always says the same.
        r, g, b = colorsys.hsv_to_rgb(0.36 - 0.36 * t, 0.62, 0.78)
        return (int(r * 255), int(g * 255), int(b * 255))

    # ---- drawing ----
    def _frame(self, card, size):
        """A face's frame, the same for every card face: the rounded card, its accent bands at top and
        bottom, and the ink of its suit. Returns (surface, inner rect, top band, bottom band, ink)."""
        w, h = size
        radius = max(3, w // 10)
        surf = _rounded(size, theme.CARD_EDGE, radius)
        inner = surf.get_rect().inflate(-2, -2)
        pygame.draw.rect(surf, theme.CARD_FACE, inner, border_radius=radius - 1)
        accent = self.accent(card)
        ink = (190, 40, 48) if card.suit in SUIT_RED else (28, 28, 32)
        band = pygame.Rect(inner.x + 3, inner.y + 3, inner.w - 6, max(4, h // 14))
        pygame.draw.rect(surf, accent, band, border_radius=max(2, band.h // 2))
        band2 = band.copy()
        band2.bottom = inner.bottom - 3
        pygame.draw.rect(surf, accent, band2, border_radius=max(2, band.h // 2))
        return surf, inner, band, band2, ink

    def _draw_face(self, card, size):
        w, h = size
        surf, inner, band, band2, ink = self._frame(card, size)

        glyph = SUIT_GLYPH.get(card.suit, "")
        corner = card.label + glyph
        cs = max(8, int(h * 0.13))
        cs = fonts.fit(corner, cs, int(w * 0.45), bold=True, min_size=7)
        img = fonts.text(corner, cs, ink, True)
        cx0 = inner.x + max(3, w // 16)
        surf.blit(img, (cx0, band.bottom + 1))
        if card.symbol:
            # the rune/symbol is what matching compares in some games: always in the corner too
            sym = fonts.text(card.symbol[:2], max(7, int(h * 0.1)), ink, False)
            surf.blit(sym, (cx0, band.bottom + 1 + img.get_height() - 2))
        has_ability = bool(card.ability)
        name = ""
        if has_ability:
            name = card.ability
            if self.ruleset is not None and card.ability in self.ruleset.abilities:
                name = self.ruleset.abilities[card.ability].name
        elif card.name and card.name != card.label and not card.suit:
            name = card.name       # e.g. "Energy"; suited cards say it all with label and suit
        name_lines, ns = self._name_lines(name, w, h, band2.y - 1) if name and h >= 90 else ([], 0)
        show_name = bool(name_lines)
        target = look_target(self.ruleset, card.ability) if has_ability and not show_name else ""
        if not show_name and not target:   # the name (or the look's target) takes the bottom; else the corner
            # upright, not turned over as on paper: a turned 6 reads as 9 on a screen
            surf.blit(img, (inner.right - max(3, w // 16) - img.get_width(), band2.y - 1 - img.get_height()))

        mark = glyph or (card.symbol[:2] if card.symbol else "")
        big = max(10, int(h * (0.30 if has_ability else 0.36 if mark else 0.40)))
        room = 0.56 if (card.symbol and (has_ability or len(card.label) > 1)) else 0.78
        big = fonts.fit(card.label, big, int(w * room), bold=True, min_size=8)
        cy = int(h * (0.40 if has_ability else 0.42 if mark else 0.5))
        img = fonts.text(card.label, big, ink, True)
        surf.blit(img, img.get_rect(center=(w // 2, cy)))
        if has_ability:
            kind = ability_kind(self.ruleset, card.ability)
            icon_w = max(10, int(w * 0.36))
            draw_ability_icon(surf, kind, (w // 2, int(h * 0.62)), icon_w, (40, 40, 48))
            if target:
                ts = fonts.fit(target.upper(), max(7, int(h * 0.1)), int(w * 0.5), True, min_size=6)
                ti = fonts.text(target.upper(), ts, (40, 40, 48), True)
                surf.blit(ti, ti.get_rect(midtop=(w // 2, int(h * 0.62) + icon_w // 4 + 1)))
        elif mark:
            gs = max(8, int(h * 0.17))
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
    def _name_lines(name, w, h, bottom):
        """(lines, size) of a face's name in at most two lines above `bottom`, or ([], 0) if it
        does not fit (then a short word or the corner takes its place)."""
        for ns in (max(7, int(h * 0.075)), max(7, int(h * 0.075)) - 1):
            lines = fonts.wrap(name, ns, w - 10)
            y = int(h * 0.76) if len(lines) > 1 else int(h * 0.79)
            if len(lines) <= 2 and y + len(lines) * (fonts.line_height(ns) - 1) <= bottom:
                return lines, ns
        return [], 0

    def _draw_back(self, size):
        w, h = size
        radius = max(3, w // 10)
        surf = _rounded(size, (245, 240, 228), radius)
        inner = surf.get_rect().inflate(-max(4, w // 12), -max(4, w // 12))
        pygame.draw.rect(surf, theme.CARD_BACK, inner, border_radius=max(2, radius - 2))
        step = max(6, w // 6)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        for x in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(pattern, theme.CARD_BACK_PATTERN, (x, 0), (x + inner.h, inner.h), 2)
            pygame.draw.line(pattern, theme.CARD_BACK_PATTERN, (x + inner.h, 0), (x, inner.h), 2)
        mask = _rounded(inner.size, (255, 255, 255), max(2, radius - 2))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(pattern, inner)
        pygame.draw.rect(surf, (236, 200, 120), inner, max(1, w // 40), border_radius=max(2, radius - 2))
        medal = pygame.Rect(0, 0, int(w * 0.42), int(w * 0.42))
        medal.center = inner.center
        pygame.draw.ellipse(surf, (110, 24, 34), medal)
        pygame.draw.ellipse(surf, (236, 200, 120), medal, max(1, w // 30))
        pygame.draw.rect(surf, (60, 40, 40), surf.get_rect(), 1, border_radius=radius)
        return _finish(surf)

    def _draw_known(self, card, size):
        w, h = size
        surf = self.back(size).copy()
        mini = self.face(card, (max(8, int(w * 0.6)), max(10, int(h * 0.6))))
        mini = mini.copy()
        mini.set_alpha(215)
        surf.blit(mini, mini.get_rect(center=(w // 2, h // 2)))
        # an eye in the corner says "you know this card", not the colour alone
        r = max(6, w // 7)
        pygame.draw.circle(surf, (250, 246, 234), (w - r - 2, r + 2), r)
        draw_eye(surf, (w - r - 2, r + 2), int(r * 1.6), (30, 30, 30), 1)
        return _finish(surf)

    def _draw_empty(self, size):
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        colour = (255, 255, 255, 70)
        dash = max(4, w // 10)
        rect = surf.get_rect().inflate(-4, -4)
        for x in range(rect.x, rect.right, dash * 2):
            pygame.draw.line(surf, colour, (x, rect.y), (min(x + dash, rect.right), rect.y), 2)
            pygame.draw.line(surf, colour, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), 2)
        for y in range(rect.y, rect.bottom, dash * 2):
            pygame.draw.line(surf, colour, (rect.x, y), (rect.x, min(y + dash, rect.bottom)), 2)
            pygame.draw.line(surf, colour, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), 2)
        return _finish(surf)
