"""Klobba!'s events as animation steps: both laid cards flip together, Stars fly onto the selected
Barbarians while the totals count up, the captured Barbarian flies to its winner with the Stars it
carried, the selected cards turn face down, the Bands refill from the deck, switches swap places.

Only public events are animated; a card's face is drawn only where the event or the view shows it.
Each step says which event it shows (`Step.shows`, the event's kind): the plug-in's words wait for it.
Big words go where they hide no number: the clobber's outcome across the laid cards (their totals stay
in sight under them), the Totems moving on between the laid cards while the Totems fly to their new
holders' plates.
"""
from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui import fonts, theme
from game.ui.anim import Banner, CardMove, Pulse, Step, Tween
from game.ui.families.clash import words
from game.ui.families.clash.art import draw_star
from game.ui.families.clash.draw import totem_token

MOVE = 0.45         # seconds at speed "normal"
COUNT = 1.1
BANNER = 1.3


class CountUp(Tween):
    """A total counting up from 0 under a laid card."""

    def __init__(self, rect, total, duration, delay=0.0):
        super().__init__(duration, delay)
        self.rect, self.total = pygame.Rect(rect), total

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        from game.ui.widgets import blit_text
        pygame.draw.rect(surf, theme.BAR, self.rect, border_radius=6)
        blit_text(surf, tr("Total {total}", total=round(self.total * p)), max(12, self.rect.h - 4), self.rect.center,
                  theme.ACCENT, True, "center")


class StarFly(Tween):
    """A Star flying from a plate to a Barbarian (placed on it), or to a player (won, paid)."""

    def __init__(self, start, stop, size, duration, delay=0.0):
        super().__init__(duration, delay)
        self.start, self.stop, self.size = tuple(start), tuple(stop), size

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        x = self.start[0] + (self.stop[0] - self.start[0]) * p
        y = self.start[1] + (self.stop[1] - self.start[1]) * p - 30 * (1 - (2 * p - 1) ** 2)
        draw_star(surf, (int(x), int(y)), self.size)


class TotemFly(Tween):
    """A Totem going from its holder's plate to the next holder's."""

    def __init__(self, start, stop, radius, totem, duration, delay=0.0):
        super().__init__(duration, delay)
        self.start, self.stop, self.radius, self.totem = tuple(start), tuple(stop), radius, totem

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        x = self.start[0] + (self.stop[0] - self.start[0]) * p
        y = self.start[1] + (self.stop[1] - self.start[1]) * p - 40 * (1 - (2 * p - 1) ** 2)
        totem_token(surf, (int(x), int(y)), self.radius, self.totem)


class Still(Tween):
    """A card held where it was before the clobber changed its Band, with the Stars on it."""

    def __init__(self, img, rect, duration, star_at=None, delay=0.0):
        super().__init__(duration, delay)
        self.img, self.rect, self.star_at = img, pygame.Rect(rect), star_at

    def draw(self, surf, t):
        if t < self.delay:
            return
        surf.blit(self.img, self.rect)
        if self.star_at is not None and t >= self.star_at:       # the Star flown onto it has landed
            size = max(10, self.rect.w // 3)
            draw_star(surf, (self.rect.right - size // 2 - 2, self.rect.y + size // 2 + 2), size)


def _band_place(before, card):
    """The place and rect a Barbarian had before the events."""
    for place, rect in before.items():
        if isinstance(place, tuple) and len(place) == 3 and place[0] == "band" and place[2] == card:
            return place, rect
    return None, None


def steps_for(events, view, zones, before, faces_before, art, scale, names, totems=None) -> list:
    """The animation steps of one action's events, in order. `totems`: seat -> "black"/"white" of the
    clobber the events belong to (the Totems may have moved on in the view after them)."""
    s = max(0.0, scale)
    steps = []
    lands = []          # per step: the places it lands (hidden until then)
    center = zones.extra["middle"].center
    selections = {}

    def plate_of(seat):
        return before.get(("seat", seat)) or zones.extra.get(("seat", seat))

    def slot_of(seat):
        totem = (totems or {}).get(seat) or ("black" if seat == view.black else "white")
        return before.get(("slot", totem)) or zones.extra[("slot", totem)], totem

    room = zones.extra["table"].w - 60
    slot = zones.extra[("slot", "black")]
    across = (center[0], slot.centery)         # across the laid cards: their totals stay in sight
    between = zones.extra["banner"].center     # between the laid cards

    def banner(text, size=24, at=across, width=room):
        """Big words over the middle, as large as fit."""
        return Banner(text, at, BANNER * s, size=fonts.fit(text, size, width, True, min_size=12))

    shows = [""]

    def add(tweens, hide=(), land=()):
        step = Step(tweens, set(hide))
        step.shows = shows[0]           # the event it shows: the words wait until it starts
        steps.append(step)
        lands.append(set(land))

    for ev in events:
        k = ev.kind
        shows[0] = k
        if k == "group":
            add([Pulse(zones.extra["box", p], MOVE * 1.5 * s, colour=theme.ACCENT)
                 for _, p in ev.places])
        elif k == "laid":
            slot, totem = slot_of(ev.seat)
            start = plate_of(ev.seat) or slot
            add([CardMove(art.back(slot.size), pygame.Rect(start.center, (slot.w // 2, slot.h // 2)), slot,
                          MOVE * s)], hide={("slot", totem)})
        elif k == "reveal":
            tweens, hide = [], set()
            for (seat, card), totem in zip(ev.get("cards"), ("black", "white")):   # Black's first
                slot = before.get(("slot", totem)) or zones.extra[("slot", totem)]
                tweens.append(CardMove(art.back(slot.size), slot, slot, MOVE * 1.4 * s,
                                       img_end=art.face(view.face(card), slot.size), lift=10))
                hide.add(("slot", totem))
            add(tweens, hide)      # both together: a simultaneous reveal
        elif k == "selected":
            tweens = []
            for seat, cards, total in ev.get("selections"):
                selections[seat] = cards
                start = (plate_of(seat) or zones.extra["middle"]).center
                for i, c in enumerate(cards):
                    _, rect = _band_place(before, c)
                    if rect is None:
                        continue
                    fly = StarFly(start, rect.center, max(12, rect.w // 3), MOVE * s, delay=i * 0.12 * s)
                    tweens.append(Still(art.face(view.face(c), rect.size), rect, COUNT * s, star_at=fly.end))
                    tweens.append(fly)
                slot, totem = slot_of(seat)
                total_rect = zones.extra[("total", totem)]
                tweens.append(CountUp(total_rect, total or 0, COUNT * s))
            add(tweens)
        elif k == "victory":
            tweens = []
            winner, loser = ev.seat, ev.get("loser")
            target = plate_of(winner)
            captured = ev.get("captured")
            for c in selections.get(loser, ()):
                _, rect = _band_place(before, c)
                if rect is None:
                    continue
                if c == captured:
                    dest = pygame.Rect(0, 0, rect.w // 2, rect.h // 2)
                    dest.center = target.center if target else center
                    tweens.append(CardMove(art.face(view.face(c), rect.size), rect, dest, MOVE * 1.6 * s, lift=24))
                else:
                    tweens.append(Still(art.face(view.face(c), rect.size), rect, MOVE * 1.6 * s))
                if target is not None:
                    tweens.append(StarFly(rect.center, target.center, max(12, rect.w // 3), MOVE * 1.6 * s))
            for c in ev.get("flipped"):
                _, rect = _band_place(before, c)
                if rect is not None:
                    tweens.append(CardMove(art.face(view.face(c), rect.size), rect, rect, MOVE * 1.6 * s,
                                           img_end=art.back(rect.size)))
            tweens.append(banner(words.outcome_text(ev, names)))
            add(tweens, hide={("band", p[1], p[2]) for p in ev.places})
        elif k in ("standoff", "distraction"):
            tweens = []
            for place in ev.places:
                rect = before.get(place)
                if rect is not None:
                    tweens.append(CardMove(art.face(view.face(place[2]), rect.size), rect, rect, MOVE * 1.4 * s,
                                           img_end=art.back(rect.size)))
            if k == "distraction":
                a, b = plate_of(ev.seat), plate_of(ev.get("distracted"))
                for i in range(ev.get("paid") or 0):
                    if a is not None and b is not None:
                        tweens.append(StarFly(a.center, b.center, 16, MOVE * 1.4 * s, delay=i * 0.15 * s))
            tweens.append(banner(words.outcome_text(ev, names)))
            add(tweens)
        elif k in ("mutual_distraction", "mirrors", "distracts"):
            add([banner(words.outcome_text(ev, names))])
        elif k == "refill":
            deck = zones.extra["decks"]
            tweens, land = [], set()
            for i, (place, face) in enumerate(ev.faces):
                rect = zones.rect(place)
                if rect is None:
                    continue
                tweens.append(CardMove(art.back(rect.size), pygame.Rect(deck.topleft, rect.size), rect, MOVE * s,
                                       delay=i * 0.08 * s, img_end=art.face(face, rect.size)))
                land.add(place)
            add(tweens, land, land)
        elif k == "rest":
            tweens = []
            for place in ev.places:
                rect = zones.rect(place)
                if rect is not None:
                    tweens.append(CardMove(art.back(rect.size), rect, rect, MOVE * s,
                                           img_end=art.face(view.face(place[2]), rect.size)))
            add(tweens, set(ev.places))
        elif k == "switch":
            (_, own, c), (_, other, d) = ev.places
            tweens, hide = [], set()
            for card, src, dst in ((c, ("band", own, c), ("band", other, c)), (d, ("band", other, d), ("band", own, d))):
                a, b = before.get(src), zones.rect(dst)
                if a is not None and b is not None:
                    tweens.append(CardMove(art.face(view.face(card), a.size), a, b, MOVE * 1.3 * s, lift=16))
                    hide.add(dst)
            add(tweens, hide, hide)
        elif k == "totems":
            middle = zones.extra["middle"]
            holds = tr("{name} holds the Black Totem", name=words.name_of(names, ev.get("black")))
            tweens = [banner(holds, 22, between, middle.w - 40)]
            old = {totem: seat for seat, totem in (totems or {}).items()}
            for totem in ("black", "white"):
                a, b = plate_of(old.get(totem)), plate_of(ev.get(totem))
                if a is not None and b is not None and a != b:
                    r = max(10, min(15, a.h // 3))
                    tweens.append(TotemFly((a.right - 6 - r, a.y + r + 3), (b.right - 6 - r, b.y + r + 3), r, totem,
                                           BANNER * s))
            add(tweens)
        elif k == "game_over":
            add([banner(tr("The game is over"), 28, between, zones.extra["middle"].w - 40)])
    # a card landing in a later step stays hidden until then
    later: set = set()
    for step, land in zip(reversed(steps), reversed(lands)):
        step.hide |= later
        later |= land
    return [st for st in steps if st.tweens]
