"""Tweens played in order: engine events become steps of moves, flips, glances, pulses and banners.

A `Step` is a group of tweens that play together; the `Animator` plays steps
one after another. While a step is waiting or playing, the table hides what
it will land (a slot, the top of the discard pile, the drawn card) so a card
never shows at its destination before it arrives. A click finishes
everything at once; at speed "instant" steps take no time at all.
"""
from __future__ import annotations

import math
from typing import Optional

import pygame

from game.ui import fonts, theme
from game.ui.cardart import draw_eye


def ease(t: float) -> float:
    """Smooth in-out easing on 0..1."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       round(a.w + (b.w - a.w) * t), round(a.h + (b.h - a.h) * t))


class Tween:
    """Something drawn over the table for `duration` seconds after `delay`."""

    def __init__(self, duration: float, delay: float = 0.0):
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)

    @property
    def end(self) -> float:
        return self.delay + self.duration

    def progress(self, t: float) -> Optional[float]:
        """0..1 while running, None before it starts."""
        if t < self.delay:
            return None
        if self.duration <= 0:
            return 1.0
        return min(1.0, (t - self.delay) / self.duration)

    def draw(self, surf, t: float) -> None:
        pass


class CardMove(Tween):
    """A card flying from one rect to another, optionally turning over (img -> img_end) on the way."""

    def __init__(self, img, start: pygame.Rect, stop: pygame.Rect, duration, delay=0.0, img_end=None,
                 lift: float = 0.0):
        super().__init__(duration, delay)
        self.img, self.img_end = img, img_end
        self.start, self.stop = pygame.Rect(start), pygame.Rect(stop)
        self.lift = lift

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        e = ease(p)
        rect = lerp_rect(self.start, self.stop, e)
        rect.y -= int(math.sin(math.pi * e) * self.lift)
        img = self.img
        if self.img_end is not None:
            # a flip: shrink to an edge, then open on the other side
            half = abs(1 - 2 * e)
            img = self.img if e < 0.5 else self.img_end
            w = max(1, int(rect.w * half))
            img = pygame.transform.smoothscale(img, (w, rect.h))
            surf.blit(img, img.get_rect(center=rect.center))
            return
        if img.get_size() != rect.size:
            img = pygame.transform.smoothscale(img, rect.size)
        surf.blit(_shadow(rect.size), rect.move(4, 5))
        surf.blit(img, rect)


_shadows: dict = {}


def _shadow(size):
    """A soft translucent shadow for a moving card (cached per size)."""
    img = _shadows.get(size)
    if img is None:
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (0, 0, 0, 70), img.get_rect(), border_radius=max(3, size[0] // 10))
        if len(_shadows) > 16:
            _shadows.clear()
        _shadows[size] = img
    return img


class Glance(Tween):
    """Someone looks at a card: an eye over it and their name, never the face.

    `corner`: the viewer sees this card's face, so the eye sits small on its
    corner instead of covering the value the viewer is trying to memorise.
    """

    def __init__(self, rect: pygame.Rect, label: str, duration, delay=0.0, corner: bool = False):
        super().__init__(duration, delay)
        self.rect, self.label, self.corner = pygame.Rect(rect), label, corner

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        alpha = 1.0 if p < 0.8 else (1 - p) / 0.2
        r = self.rect
        pulse = 1 + 0.08 * math.sin(p * math.pi * 4)
        radius = int(max(12, r.w * (0.16 if self.corner else 0.32)) * pulse)
        centre = (r.right - radius // 2, r.top + radius // 2) if self.corner else (r.centerx, r.centery)
        glow = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
        pygame.draw.circle(glow, (250, 246, 234, int(235 * alpha)), (radius + 4, radius + 4), radius)
        pygame.draw.circle(glow, (*theme.ACCENT, int(255 * alpha)), (radius + 4, radius + 4), radius, 3)
        surf.blit(glow, glow.get_rect(center=centre))
        draw_eye(surf, centre, int(radius * 1.3), (30, 30, 30), 2)
        if self.label:
            img = fonts.text(self.label, 14, theme.TEXT, True)
            box = img.get_rect(midtop=(r.centerx, r.bottom + 2)).inflate(10, 4)
            pygame.draw.rect(surf, theme.BAR, box, border_radius=6)
            surf.blit(img, img.get_rect(center=box.center))


class Pulse(Tween):
    """A ring that swells and fades around a rect (whose turn, where something happened)."""

    def __init__(self, rect: pygame.Rect, duration, delay=0.0, colour=theme.ACCENT):
        super().__init__(duration, delay)
        self.rect, self.colour = pygame.Rect(rect), colour

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        grow = int(4 + 14 * p)
        width = max(1, int(5 * (1 - p)) + 1)
        pygame.draw.rect(surf, self.colour, self.rect.inflate(grow, grow), width, border_radius=10)


class Banner(Tween):
    """Big words in the middle of the table ('Ana calls KOMBIO!'), fading out at the end."""

    def __init__(self, text: str, center, duration, delay=0.0, colour=theme.ACCENT, size=30):
        super().__init__(duration, delay)
        self.text, self.center, self.colour, self.size = text, center, colour, size

    def draw(self, surf, t):
        p = self.progress(t)
        if p is None:
            return
        alpha = min(1.0, p / 0.15, (1 - p) / 0.25 if p > 0.75 else 1.0)
        img = fonts.text(self.text, self.size, self.colour, True)
        box = img.get_rect(center=self.center).inflate(36, 18)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (10, 16, 14, int(215 * alpha)), panel.get_rect(), border_radius=12)
        pygame.draw.rect(panel, (*self.colour, int(255 * alpha)), panel.get_rect(), 2, border_radius=12)
        surf.blit(panel, box)
        img = img.copy()
        img.set_alpha(int(255 * alpha))
        surf.blit(img, img.get_rect(center=box.center))


class Step:
    """Tweens that play together; `hide` names what stays hidden on the table until the step is done."""

    def __init__(self, tweens=(), hide=(), min_duration: float = 0.0):
        self.tweens = list(tweens)
        self.hide = set(hide)
        self.min_duration = min_duration

    @property
    def duration(self) -> float:
        return max([self.min_duration] + [tw.end for tw in self.tweens])


class Animator:
    """Plays steps in order; `hidden()` is what the table must not draw yet."""

    def __init__(self):
        self.steps: list = []
        self.t = 0.0

    def add(self, step: Step):
        if step.tweens or step.min_duration > 0:
            self.steps.append(step)

    def busy(self) -> bool:
        return bool(self.steps)

    def finish(self):
        """Skip to the end of everything queued (a click, a resize)."""
        self.steps = []
        self.t = 0.0

    def update(self, dt: float):
        self.t += dt
        while self.steps and self.t >= self.steps[0].duration:
            self.t -= self.steps[0].duration
            self.steps.pop(0)
        if not self.steps:
            self.t = 0.0

    def hidden(self) -> set:
        out = set()
        for step in self.steps:
            out |= step.hide
        return out

    def draw(self, surf):
        if self.steps:
            for tw in self.steps[0].tweens:
                tw.draw(surf, self.t)
