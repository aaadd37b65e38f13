"""Engine events become animation steps on the table (who acts, which positions move).

Only public information is used: an event's positions and public faces, and
the viewer's own view for the faces the viewer may see (e.g. their drawn
card). A peek by someone else is a glance marker over the card, never its face.
"""
from __future__ import annotations

import pygame

from game.families.memory.words import call_words, card_words
from game.i18n import local, tr
from game.ui import theme
from game.ui.anim import Banner, CardMove, Glance, Pulse, Step

# Seconds at speed "normal".
MOVE = 0.38
FLIP = 0.30
GLANCE = 0.9
PULSE = 0.45
BANNER = 1.3


class AnimContext:
    """What building the steps needs: layout after the events, the viewer's view after, names, art."""

    def __init__(self, layout, view, names, art, scale: float, call_name: str = "Call", abilities=None):
        self.layout, self.view, self.names, self.art = layout, view, names, art
        self.scale, self.call_name = scale, call_name
        self.abilities = abilities or {}

    def rect(self, pos):
        r = self.layout.slot_rect(pos)
        return pygame.Rect(r) if r is not None else pygame.Rect(self.layout.deck)

    def sees_face(self, pos) -> bool:
        """True when the viewer's view shows the face at `pos` (their own peek, say)."""
        try:
            return self.view.slot(tuple(pos)).face is not None
        except (IndexError, TypeError):
            return False

    def name(self, seat):
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else ""

    @property
    def card(self):
        return self.layout.card

    @property
    def pile(self):
        return self.layout.pile

    def banner(self, text, duration=BANNER, colour=theme.ACCENT):
        return Banner(text, self.layout.centre.center, duration * self.scale, colour=colour)


def deal_steps(ctx: AnimContext) -> list:
    """Every layout card flies from the deck to its place, one after another around the table."""
    s = ctx.scale
    tweens, hide = [], set()
    back = ctx.art.back(ctx.card)
    order = []
    n = len(ctx.view.seats)
    most = max(len(seat_view.slots) for seat_view in ctx.view.seats)
    for slot in range(most):
        for k in range(1, n + 1):
            seat_view = ctx.view.seats[(ctx.view.dealer + k) % n]
            if slot < len(seat_view.slots) and seat_view.slots[slot].present:
                order.append(seat_view.slots[slot].pos)
    gap = min(0.06, 1.2 / max(1, len(order)))
    for i, pos in enumerate(order):
        tweens.append(CardMove(back, ctx.layout.deck, ctx.rect(pos), MOVE * 0.8 * s, delay=i * gap * s))
        hide.add(("slot", pos))
    return [Step(tweens, hide)]


def steps_for(events, ctx: AnimContext) -> list:
    """Animation steps for the events of one action, in order."""
    steps = []
    for ev in events:
        try:
            steps.extend(_one(ev, ctx))
        except (IndexError, KeyError, TypeError, AttributeError):
            continue   # an event the table cannot place is simply not animated
    return steps


class _Locals:
    """What every event's animation starts from: the speed scale, the layout, who acted, the backs."""

    def __init__(self, ev, ctx):
        self.s = ctx.scale
        self.L = ctx.layout
        self.who = ctx.name(ev.seat)
        self.back_c = ctx.art.back(ctx.card)
        self.back_p = ctx.art.back(ctx.pile)


def _one(ev, ctx: AnimContext) -> list:
    """The animation steps of one event (STEPS: one function per event kind)."""
    step = STEPS.get(ev.kind)
    return step(ev, ctx, _Locals(ev, ctx)) if step is not None else []


def _deal(ev, ctx, here) -> list:
    return deal_steps(ctx)


def _look_start(ev, ctx, here) -> list:
    s = here.s
    who = here.who
    slots = ev.get("slots", ())
    seat_view = ctx.view.seats[ev.seat]
    looks = tr("{who} looks", who=who)
    tweens = [Glance(ctx.rect((ev.seat, i)), "" if j else looks, GLANCE * s,
                     corner=ctx.sees_face((ev.seat, i)))
              for j, i in enumerate(slots) if i < len(seat_view.slots)]
    return [Step(tweens)]


def _draw(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    back_p = here.back_p
    if ev.get("src") == "deck":
        face = ctx.view.drawn
        img_end = ctx.art.face(face, ctx.pile) if face is not None else None
        return [Step([CardMove(back_p, L.deck, L.drawn, MOVE * s, img_end=img_end, lift=14)], {"drawn"})]
    img = ctx.art.face(ev.face, ctx.pile)
    return [Step([CardMove(img, L.discard, L.drawn, MOVE * s, lift=14)], {"drawn"})]


def _exchange(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    back_c = here.back_c
    back_p = here.back_p
    slot = ctx.rect(ev.pos)
    old = ctx.art.face(ev.face, ctx.pile)
    return [Step([CardMove(back_p, L.drawn, slot, MOVE * s, lift=10),
                  CardMove(back_c, slot, L.discard, MOVE * 1.2 * s, img_end=old, lift=18)],
                 {("slot", tuple(ev.pos)), "discard_top"})]


def _discard(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    back_p = here.back_p
    img = ctx.art.face(ev.face, ctx.pile)
    start = back_p if ctx.view.viewer != ev.seat else img
    return [Step([CardMove(start, L.drawn, L.discard, MOVE * s, img_end=img if start is back_p else None,
                           lift=12)], {"discard_top"})]


def _ability(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    who = here.who
    return [Step([ctx.banner(f"{who}: {local(ev.get('name'))}", BANNER * 0.8), Pulse(L.discard, PULSE * s)])]


def _choose(ev, ctx, here) -> list:
    who = here.who
    return [Step([ctx.banner(tr("{who} chooses {name}", who=who, name=ev.get("name")), BANNER * 0.7)])]


def _peek(ev, ctx, here) -> list:
    s = here.s
    who = here.who
    label = tr("{who} looks", who=who)
    return [Step([Glance(ctx.rect(ev.pos), label, GLANCE * s, corner=ctx.sees_face(ev.pos))])]


def _pick(ev, ctx, here) -> list:
    s = here.s
    return [Step([Pulse(ctx.rect(ev.pos), PULSE * s)])]


def _reveal(ev, ctx, here) -> list:
    s = here.s
    tweens = [Pulse(ctx.rect(pos), PULSE * 2 * s) for pos, _ in ev.faces]
    return [Step(tweens + [ctx.banner(tr("Revealed to everyone"), BANNER)])]


def _swap(ev, ctx, here) -> list:
    s = here.s
    back_c = here.back_c
    a, b = ctx.rect(ev.pos), ctx.rect(ev.pos2)
    return [Step([CardMove(back_c, a, b, MOVE * 1.3 * s, lift=20),
                  CardMove(back_c, b, a, MOVE * 1.3 * s, lift=-20)],
                 {("slot", tuple(ev.pos)), ("slot", tuple(ev.pos2))})]


def _match(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    who = here.who
    back_c = here.back_c
    r = ctx.rect(ev.pos)
    face = ctx.art.face(ev.face, ctx.card)
    if ev.get("ok"):
        face_p = ctx.art.face(ev.face, ctx.pile)
        return [Step([CardMove(back_c, r, r.move(0, -12), FLIP * s, img_end=face)]),
                Step([CardMove(face_p, r.move(0, -12), L.discard, MOVE * s, lift=12),
                      ctx.banner(tr("{who} matches {card}!", who=who, card=card_words(ev.face)), BANNER * 0.8,
                                 theme.GOOD)],
                     {"discard_top"})]
    words = (tr("Too late! {who} threw {card}", who=who, card=card_words(ev.face)) if ev.get("late")
             else tr("Wrong! {who} tried {card}", who=who, card=card_words(ev.face)))
    return [Step([CardMove(back_c, r, r.move(0, -12), FLIP * s, img_end=face),
                  ctx.banner(words, BANNER, theme.DANGER)])]


def _give(ev, ctx, here) -> list:
    s = here.s
    back_c = here.back_c
    return [Step([CardMove(back_c, ctx.rect(ev.pos), ctx.rect(ev.pos2), MOVE * 1.2 * s, lift=16)],
                 {("slot", tuple(ev.pos2))})]


def _decide(ev, ctx, here) -> list:
    s = here.s
    back_c = here.back_c
    if ev.pos2 is not None:
        return [Step([CardMove(back_c, ctx.rect(ev.pos), ctx.rect(ev.pos2), MOVE * 1.2 * s, lift=16)],
                     {("slot", tuple(ev.pos2))})]
    return []


def _penalty(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    who = here.who
    back_c = here.back_c
    if not ev.get("ok") or ev.pos is None:
        return [Step([ctx.banner(tr("No penalty card left for {who}", who=who), BANNER * 0.8)])]
    return [Step([CardMove(back_c, L.deck, ctx.rect(ev.pos), MOVE * 1.2 * s, lift=16),
                  ctx.banner(tr("{who} takes a penalty card", who=who), BANNER * 0.8, theme.DANGER)],
                 {("slot", tuple(ev.pos))})]


def _call(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    who = here.who
    box = L.seats[ev.seat].rect if ev.seat is not None and ev.seat < len(L.seats) else L.centre
    call = call_words(ctx.call_name)
    text = (tr("{who}: no cards left, {call}!", who=who, call=call) if ev.get("auto")
            else tr("{who} calls {call}!", who=who, call=call))
    return [Step([ctx.banner(text, BANNER * 1.2), Pulse(box, PULSE * 2 * s)])]


def _reshuffle(ev, ctx, here) -> list:
    s = here.s
    L = here.L
    return [Step([ctx.banner(tr("Discard pile shuffled into a new deck"), BANNER), Pulse(L.deck, PULSE * s)])]


def _round_over(ev, ctx, here) -> list:
    return [Step([ctx.banner(tr("Round over: cards are revealed"), BANNER * 1.2)])]


# event kind -> its animation steps
STEPS = {
    "deal": _deal,
    "look_start": _look_start,
    "draw": _draw,
    "exchange": _exchange,
    "discard": _discard,
    "ability": _ability,
    "choose": _choose,
    "peek": _peek,
    "pick": _pick,
    "reveal": _reveal,
    "swap": _swap,
    "match": _match,
    "give": _give,
    "decide": _decide,
    "penalty": _penalty,
    "call": _call,
    "reshuffle": _reshuffle,
    "round_over": _round_over,
}
