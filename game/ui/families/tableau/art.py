"""Castle Combo's cards drawn procedurally from a TableauCard, cached per size.

A face: the cost in a gold coin (top left), the banner's symbol beside it (a tower for the Castle,
a house for the Village: the two locations differ by shape as well as by colour), the Messenger's
arrow when the banner shows it (up: it sends the Messenger to the Castle, down: to the Village),
the shields top right (each type its own glyph and colour), the name, and on larger cards the
ability and the scoring scroll in words. A face-down card is its location's back with what it
gave in words ("face down").
"""
from __future__ import annotations

import pygame

from game import i18n
from game.i18n import N_, local, tr
from game.ui import fonts
from game.ui.cardart import SurfaceCache

# The six shield types: (short word, colour). Keys are matched on their first three letters, so
# "nobility" and "Nobility" and "nob" are one type. The words are English, shown through tr.
SHIELDS = {
    "nob": (N_("Nobility"), (142, 64, 176)),
    "fai": (N_("Faith"), (52, 142, 214)),
    "sch": (N_("Scholarship"), (36, 62, 150)),
    "mil": (N_("Military"), (186, 42, 42)),
    "cra": (N_("Craftsmanship"), (196, 112, 30)),
    "pea": (N_("Peasantry"), (58, 142, 58)),
}
SHIELD_ORDER = ("nob", "fai", "sch", "mil", "cra", "pea")
LOCATION = {
    "castle": {"face": (218, 222, 232), "band": (84, 96, 122), "back": (110, 116, 128), "word": N_("Castle")},
    "village": {"face": (234, 212, 176), "band": (138, 92, 50), "back": (120, 82, 48), "word": N_("Village")},
}
INK = (30, 30, 34)
MIN_TEXT = 11           # no text on a card is smaller (pixels)
GOLD = (232, 186, 52)
KEY = (170, 200, 222)


def shield_key(shield: str) -> str:
    """The three-letter key of a shield type ("Nobility" -> "nob")."""
    return str(shield).strip().lower()[:3]


def shield_word(shield: str) -> str:
    """The shield type's word in the player's language ("Faith")."""
    word = SHIELDS.get(shield_key(shield), (None, None))[0]
    return tr(word) if word else str(shield).capitalize()


def shield_colour(shield: str):
    return SHIELDS.get(shield_key(shield), ("", (90, 90, 90)))[1]


def location_of(loc: str) -> dict:
    return LOCATION.get(str(loc).lower(), LOCATION["castle"])


# ---- symbols (pygame primitives only) ----

def draw_tower(surf, rect, colour=INK):
    """The Castle's banner: a tower with battlements and a door."""
    r = pygame.Rect(rect)
    body = pygame.Rect(r.x + r.w // 6, r.y + r.h // 4, r.w - r.w // 3, r.h - r.h // 4)
    pygame.draw.rect(surf, colour, body)
    merlon = max(2, body.w // 5)
    for i in range(3):
        x = body.x + i * 2 * merlon
        pygame.draw.rect(surf, colour, (x, r.y, merlon, r.h // 4 + 1))
    door = pygame.Rect(0, 0, max(2, body.w // 3), max(2, body.h // 2))
    door.midbottom = body.midbottom
    pygame.draw.rect(surf, (250, 246, 234), door, border_top_left_radius=door.w // 2,
                     border_top_right_radius=door.w // 2)


def draw_house(surf, rect, colour=INK):
    """The Village's banner: a house with a pitched roof and a door."""
    r = pygame.Rect(rect)
    roof_h = r.h * 2 // 5
    pygame.draw.polygon(surf, colour, [(r.x, r.y + roof_h), (r.centerx, r.y), (r.right, r.y + roof_h)])
    body = pygame.Rect(r.x + r.w // 8, r.y + roof_h, r.w - r.w // 4, r.h - roof_h)
    pygame.draw.rect(surf, colour, body)
    door = pygame.Rect(0, 0, max(2, body.w // 3), max(2, body.h * 3 // 5))
    door.midbottom = body.midbottom
    pygame.draw.rect(surf, (250, 246, 234), door)


def draw_banner_symbol(surf, location: str, rect, colour=INK):
    if str(location).lower() == "village":
        draw_house(surf, rect, colour)
    else:
        draw_tower(surf, rect, colour)


def draw_arrow(surf, rect, up: bool, colour=INK):
    """The Messenger icon: an arrow to the location it sends the Messenger to (up: the Castle)."""
    r = pygame.Rect(rect)
    w = max(2, r.w // 3)
    shaft = pygame.Rect(r.centerx - w // 2, r.y + r.h // 3, w, r.h - r.h // 3) if up else \
        pygame.Rect(r.centerx - w // 2, r.y, w, r.h - r.h // 3)
    pygame.draw.rect(surf, colour, shaft)
    if up:
        pygame.draw.polygon(surf, colour, [(r.x, r.y + r.h // 3 + 1), (r.centerx, r.y), (r.right, r.y + r.h // 3 + 1)])
    else:
        pygame.draw.polygon(surf, colour, [(r.x, r.bottom - r.h // 3 - 1), (r.centerx, r.bottom),
                                           (r.right, r.bottom - r.h // 3 - 1)])


def _glyph(surf, key, c, s, colour):
    """The glyph of a shield type centred at c, about s pixels across."""
    x, y = c
    h = s / 2
    width = max(1, int(s / 7))
    if key == "nob":        # a crown
        pygame.draw.polygon(surf, colour, [(x - h, y + h * 0.6), (x - h, y - h * 0.5), (x - h * 0.5, y),
                                           (x, y - h * 0.8), (x + h * 0.5, y), (x + h, y - h * 0.5),
                                           (x + h, y + h * 0.6)])
    elif key == "fai":      # a cross
        pygame.draw.rect(surf, colour, (x - s * 0.12, y - h, s * 0.24 + 1, s))
        pygame.draw.rect(surf, colour, (x - h * 0.75, y - h * 0.45, h * 1.5, s * 0.24 + 1))
    elif key == "sch":      # an open book
        pygame.draw.polygon(surf, colour, [(x, y - h * 0.4), (x - h, y - h * 0.7), (x - h, y + h * 0.6), (x, y + h * 0.9)])
        pygame.draw.polygon(surf, colour, [(x + 1, y - h * 0.4), (x + h, y - h * 0.7), (x + h, y + h * 0.6),
                                           (x + 1, y + h * 0.9)])
    elif key == "mil":      # a sword
        pygame.draw.polygon(surf, colour, [(x, y - h), (x + h * 0.22, y - h * 0.6), (x + h * 0.22, y + h * 0.35),
                                           (x - h * 0.22, y + h * 0.35), (x - h * 0.22, y - h * 0.6)])
        pygame.draw.line(surf, colour, (x - h * 0.6, y + h * 0.4), (x + h * 0.6, y + h * 0.4), width + 1)
        pygame.draw.line(surf, colour, (x, y + h * 0.4), (x, y + h), width + 1)
    elif key == "cra":      # a hammer
        pygame.draw.rect(surf, colour, (x - h * 0.8, y - h * 0.9, h * 1.6, h * 0.6))
        pygame.draw.line(surf, colour, (x, y - h * 0.4), (x, y + h), width + 1)
    elif key == "pea":      # an ear of wheat
        pygame.draw.line(surf, colour, (x, y - h), (x, y + h), width)
        for dy in (-0.55, -0.05, 0.45):
            pygame.draw.ellipse(surf, colour, (x - h * 0.75, y + h * dy - h * 0.2, h * 0.7, h * 0.42))
            pygame.draw.ellipse(surf, colour, (x + h * 0.05, y + h * dy - h * 0.2, h * 0.7, h * 0.42))
    else:
        pygame.draw.circle(surf, colour, (x, y), h * 0.5)


def draw_shield(surf, shield: str, center, size: int):
    """One shield: a badge in the type's colour with its own glyph (never colour alone)."""
    key = shield_key(shield)
    colour = shield_colour(shield)
    x, y = center
    r = max(3, size // 2)
    points = [(x - r, y - r), (x + r, y - r), (x + r, y + r * 0.2), (x, y + r), (x - r, y + r * 0.2)]
    pygame.draw.polygon(surf, colour, points)
    pygame.draw.polygon(surf, (250, 246, 234), points, 1)
    _glyph(surf, key, (x, y - r * 0.08), r * 1.15, (250, 246, 234))


def draw_coin(surf, center, radius, text, colour=GOLD, size=None):
    """A gold coin with a number (a cost, a purse's gold): the number is never under MIN_TEXT."""
    pygame.draw.circle(surf, colour, center, radius)
    pygame.draw.circle(surf, INK, center, radius, max(1, radius // 8))
    if text != "":
        size = max(MIN_TEXT, size or int(radius * 1.25))
        img = fonts.text(str(text), size, INK, True)
        surf.blit(img, img.get_rect(center=center))


def draw_key(surf, rect, colour=KEY):
    """A key: a ring and a bit (the keys counter's symbol)."""
    r = pygame.Rect(rect)
    rad = max(2, r.h // 3)
    pygame.draw.circle(surf, colour, (r.x + rad, r.centery), rad, max(1, rad // 2))
    pygame.draw.line(surf, colour, (r.x + 2 * rad, r.centery), (r.right, r.centery), max(1, rad // 2))
    pygame.draw.line(surf, colour, (r.right - 1, r.centery), (r.right - 1, r.centery + rad), max(1, rad // 2))


# ---- faces ----


def footer_h(card_h: int) -> int:
    """The strip at the foot of a tableau card kept free of words: its points and purse gold go there."""
    return max(17, min(26, card_h // 9 + 8))


def token_size(card_h: int) -> int:
    """The text size of the points and purse tokens in a card's footer."""
    return max(MIN_TEXT, min(15, card_h // 10))


# where a word too long for a line breaks best
BREAKS = {"Craftsmanship": "Craftsman-ship", "Scholarship": "Scholar-ship", "Peasantry": "Peasant-ry",
          "Nobility": "Nobil-ity", "Military": "Mili-tary", "Revolutionary": "Revolu-tionary",
          "Miraculously": "Miracu-lously",
          # German: the compounds at their seams
          "Adelswappen": "Adels-wappen", "Glaubenswappen": "Glaubens-wappen", "Wissenswappen": "Wissens-wappen",
          "Militärwappen": "Militär-wappen", "Handwerkswappen": "Handwerks-wappen",
          "Bauernwappen": "Bauern-wappen", "Geldbeutel": "Geld-beutel", "Geldbeuteln": "Geld-beuteln",
          "Schlosskarten": "Schloss-karten", "Schlosskarte": "Schloss-karte", "Schlossbanner": "Schloss-banner",
          "Schlossbannern": "Schloss-bannern", "Dorfbanner": "Dorf-banner", "Wappenart": "Wappen-art",
          "Wappenarten": "Wappen-arten", "Rabattkarte": "Rabatt-karte", "Randmitte": "Rand-mitte"}


def split_word(word: str, size: int, width: int, bold: bool) -> list:
    """A word too long for a line, broken with hyphens into pieces that each fit (at its usual
    break when it has one, else leaving at least three letters on each side)."""
    core = word.rstrip(".,;:")
    if core in BREAKS:
        head, tail = BREAKS[core].split("-")
        tail += word[len(core):]
        if fonts.width(head + "-", size, bold) <= width:
            return [head + "-"] + split_word(tail, size, width, bold)
    out = []
    while word and fonts.width(word, size, bold) > width and len(word) > 6:
        k = len(word) - 3
        while k > 3 and fonts.width(word[:k] + "-", size, bold) > width:
            k -= 1
        out.append(word[:k] + "-")
        word = word[k:]
    return out + ([word] if word else [])


def wrap_whole(text: str, size: int, width: int, bold: bool = False, hyphens: bool = False):
    """The lines of `text` at `size` within `width`, or None when a word is wider than a line
    (with `hyphens`, such a word is broken instead)."""
    lines = fonts.wrap(text, size, width, bold)
    if all(fonts.width(line, size, bold) <= width for line in lines):
        return lines
    if not hyphens:
        return None
    words = []
    for word in text.split(" "):
        words += split_word(word, size, width, bold) if fonts.width(word, size, bold) > width else [word]
    lines, line = [], ""
    for word in words:
        trial = word if not line else line + " " + word
        if line and (fonts.width(trial, size, bold) > width or line.endswith("-")):
            lines.append(line)
            line = word
        else:
            line = trial
    lines.append(line)
    return lines if all(fonts.width(x, size, bold) <= width for x in lines) else None


def name_lines(name: str, w: int, h: int) -> tuple:
    """(lines, size, bold) of a card's name: bold as large as fits in at most two lines (never under
    MIN_TEXT); a name that does not fit so gets a third line, then plain letters, then hyphens."""
    top = max(MIN_TEXT, min(22, int(h * 0.1)))
    for size in range(top, MIN_TEXT - 1, -1):
        lines = wrap_whole(name, size, w, True)
        if lines is not None and len(lines) <= 2:
            return lines, size, True
    for bold in (True, False):
        lines = wrap_whole(name, MIN_TEXT, w, bold)
        if lines is not None and len(lines) <= 3:
            return lines, MIN_TEXT, bold
    return wrap_whole(name, MIN_TEXT, w, False, hyphens=True) or [name], MIN_TEXT, False


def body_tiers(texts) -> list:
    """The (ability, scoring) pairs a card face tries, most words first: both in full, the ability
    short, both short, the scoring alone, nothing."""
    ability, ability_short, scoring, scoring_short = (tuple(texts) + ("", "", "", ""))[:4]
    tiers = [(ability, scoring), (ability_short, scoring), (ability_short, scoring_short),
             ("", scoring), ("", scoring_short)]
    out = []
    for pair in tiers:
        if pair not in out and any(pair):
            out.append(pair)
    return out


def fit_body(texts, w: int, room: int, top_size: int):
    """(ability lines, scoring lines, size) of the most words that fit whole in w x room at a size
    from `top_size` down to MIN_TEXT (a word wider than the card is broken with a hyphen only when
    nothing fits without); None when not even the shortest scoring fits."""
    for hyphens in (False, True):
        for ability, scoring in body_tiers(texts):
            for size in range(max(MIN_TEXT, top_size), MIN_TEXT - 1, -1):
                lh = fonts.line_height(size)
                a_lines = wrap_whole(ability, size, w - 8, hyphens=hyphens) if ability else []
                s_lines = wrap_whole(scoring, size, w - 14, hyphens=hyphens) if scoring else []
                if a_lines is None or s_lines is None:
                    continue
                need = len(a_lines) * lh + (len(s_lines) * lh + 6 + 3 if s_lines else 0)
                if need <= room:
                    return a_lines, s_lines, size
    return None


class TableauArt:
    """Faces and backs of Castle Combo's cards, cached per (card, size)."""

    def __init__(self):
        self._cache = SurfaceCache(500, convert=True)

    def face(self, card, size, texts=(), footer: int = 0) -> pygame.Surface:
        """A card's face. texts: (ability, short ability, scoring, short scoring), the most of which
        that fits whole at MIN_TEXT or more is written; `footer`: pixels at its foot kept free (a
        tableau card's points and purse gold go there)."""
        size = (max(8, int(size[0])), max(10, int(size[1])))
        key = ("face", card.key, size, tuple(texts), footer, i18n.language())     # the name's language too
        return self._cache.get(key, lambda: self._draw_face(card, size, tuple(texts), footer))

    def back(self, location: str, size, note: str = "") -> pygame.Surface:
        size = (max(8, int(size[0])), max(10, int(size[1])))
        return self._cache.get(("back", location, size, note), lambda: self._draw_back(location, size, note))

    def _draw_back(self, location, size, note):
        w, h = size
        loc = location_of(location)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 10)
        pygame.draw.rect(surf, loc["back"], surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, INK, surf.get_rect(), max(1, w // 40), border_radius=radius)
        inner = surf.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
        pygame.draw.rect(surf, (255, 255, 255, 40), inner, max(1, w // 30), border_radius=radius)
        note_size = fonts.fit(note, max(MIN_TEXT, min(16, h // 9)), w - 8, True, min_size=MIN_TEXT) if note else 0
        show_note = bool(note) and fonts.width(note, note_size, True) <= w - 8 and h >= 40
        sym = pygame.Rect(0, 0, w // 2, w // 2)
        sym.center = (w // 2, h // 2 - (h // 10 if show_note else 0))
        draw_banner_symbol(surf, location, sym, (255, 255, 255, 90))
        if show_note:
            img = fonts.text(note, note_size, (250, 246, 234), True)
            surf.blit(img, img.get_rect(midbottom=(w // 2, h - max(3, h // 14))))
        return surf

    def _draw_face(self, card, size, texts, footer):
        w, h = size
        loc = location_of(card.location)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 10)
        pygame.draw.rect(surf, loc["face"], surf.get_rect(), border_radius=radius)
        band_h = max(22, min(40, int(h * 0.19)))
        band = pygame.Rect(0, 0, w, band_h)
        pygame.draw.rect(surf, loc["band"], band, border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.rect(surf, INK, surf.get_rect(), max(1, w // 50), border_radius=radius)
        # the cost, the banner symbol and the Messenger's arrow, left to right
        coin_r = max(9, int(band_h * 0.42))
        draw_coin(surf, (coin_r + 2, band_h // 2), coin_r, card.cost, size=max(MIN_TEXT, int(coin_r * 1.2)))
        sym_s = max(10, int(band_h * 0.7))
        sym = pygame.Rect(2 * coin_r + 5, (band_h - sym_s) // 2, sym_s, sym_s)
        draw_banner_symbol(surf, card.location, sym, (250, 246, 234))
        right_of_symbol = sym.right + 2
        if card.messenger:
            arrow = pygame.Rect(right_of_symbol + 1, sym.y, max(6, band_h // 2), sym_s)
            draw_arrow(surf, arrow, up=str(card.location).lower() == "village", colour=GOLD)
            right_of_symbol = arrow.right + 2
        # the shields, right-aligned in the band; on a card too narrow for them there, in a row of
        # their own under it (never over the cost or the banner)
        y = band_h + max(2, h // 50)
        n = len(card.shields)
        if n:
            s = min(int(band_h * 0.8), (w - right_of_symbol - 4) // n)
            if s >= 12:
                x, cy = w - 3 - s // 2, band_h // 2
            else:
                s = max(10, min(int(band_h * 0.7), (w - 6) // n - 1))
                x, cy = w - 3 - s // 2, y + s // 2
                y += s + 2
            for shield in reversed(card.shields):
                draw_shield(surf, shield, (x, cy), s)
                x -= s + 1
        # the name, whole
        bottom = h - footer - 3
        lines, name_size, bold = name_lines(str(local(card.name)), w - 6, h)
        lh = fonts.line_height(name_size, bold)
        if y + len(lines) * lh <= bottom:          # the whole name, or none (the zoom panel says it)
            for line in lines:
                img = fonts.text(line, name_size, INK, bold)
                surf.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += lh
        # the ability and the scroll: the most words that fit whole (the zoom panel has them all)
        if any(texts):
            body = fit_body(texts, w, bottom - y - 2, max(MIN_TEXT, min(14, h // 13)))
            if body is not None:
                a_lines, s_lines, small = body
                lh = fonts.line_height(small)
                y += 2
                for line in a_lines:
                    img = fonts.text(line, small, (60, 50, 40))
                    surf.blit(img, img.get_rect(midtop=(w // 2, y)))
                    y += lh
                if s_lines:
                    scroll_h = len(s_lines) * lh + 6
                    scroll = pygame.Rect(3, bottom - scroll_h, w - 6, scroll_h)
                    pygame.draw.rect(surf, (246, 236, 204), scroll, border_radius=4)
                    pygame.draw.rect(surf, (150, 120, 70), scroll, 1, border_radius=4)
                    sy = scroll.y + 3
                    for line in s_lines:
                        img = fonts.text(line, small, INK)
                        surf.blit(img, img.get_rect(midtop=(w // 2, sy)))
                        sy += lh
        return surf
