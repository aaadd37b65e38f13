"""Kumbal's events become animation steps: cards fly hand -> pile, deck -> hand, pile -> hand;
banners for a call, the round's result and a total reset by the exact 51 or 99.

Only public information is used: an event's places and public faces, and the viewer's own view
for its own cards (a card drawn by someone else flies face down).
"""
from __future__ import annotations

import pygame

from game.families.shedding.words import names_listed
from game.i18n import tr, trn
from game.ui import theme
from game.ui.anim import Banner, CardMove, Pulse, Step
from game.ui.families.shedding.words import name_of

MOVE = 0.36
BANNER = 1.3


def _cards(ev, zone):
    """The card ids an event's places name in `zone` ("hand", "last")."""
    out = []
    for place in getattr(ev, "places", ()) or ():
        if place and place[0] == zone:
            out.append(place[-1])
    return out or list(ev.get("cards", ()) or ())


def _seat_rect(before, zones, seat):
    rect = before.get(("seat", seat)) or zones.extra.get(("seat", seat)) or zones.extra.get("middle")
    fan = zones.get(("backs", seat))
    if fan is not None and fan.places:
        rect = fan.bounds()
    return pygame.Rect(rect)


def _card_in_seat(rect, size):
    r = pygame.Rect((0, 0), size)
    r.center = rect.center
    return r


def steps_for(events, view, zones, before, art, scale, names) -> list:
    """The steps for the events of one action, in order (an event it cannot place is skipped)."""
    steps = []
    for ev in events:
        try:
            more = _one(ev, view, zones, before, art, scale, names)
        except (IndexError, KeyError, TypeError, AttributeError, ValueError):
            continue
        if ev.kind == "turn" and steps and more:
            # the laid cards slide onto the spread while the drawn card flies: no moment without them
            steps[-1].tweens += more[0].tweens
            steps[-1].hide |= more[0].hide
        else:
            steps.extend(more)
    return steps


def _banner(zones, text, scale, colour=theme.ACCENT, length=BANNER):
    centre = zones.extra.get("middle", pygame.Rect(0, 0, 0, 0)).center
    return Banner(text, centre, length * max(0.3, scale), colour=colour)


def _one(ev, view, zones, before, art, s, names) -> list:
    kind = ev.kind
    who = name_of(names, ev.seat) if ev.seat is not None else ""
    deck = zones["deck"].rect
    pile = zones["discard"].rect
    size = deck.size
    if kind in ("discard", "free_discard"):
        cards = _cards(ev, "hand")
        tweens, hide = [], set()
        for i, card in enumerate(cards):
            start = before.get(("hand", ev.seat, card))
            if start is None:
                start = _card_in_seat(_seat_rect(before, zones, ev.seat), size)
            stop = zones.rect(("laid", card)) or pile
            tweens.append(CardMove(art.face(view.face(card), size), start, stop, MOVE * s, delay=i * 0.06 * s,
                                   lift=12))
            hide.add(("laid", card))
        if kind == "free_discard":
            tweens.append(_banner(zones, tr("{who}: a free discard", who=who), s, theme.GOOD, BANNER * 0.7))
        return [Step(tweens, hide)]
    if kind in ("draw", "draw_penalty"):
        count = int(ev.get("cards", 1)) if kind == "draw_penalty" else 1
        mine = ev.seat == view.viewer
        # the viewer's own new cards are the last of its hand (a hand is in the order drawn)
        new = list(view.hand[-count:]) if mine and count else []
        tweens, hide = [], set()
        for i in range(count):
            card = new[i] if i < len(new) else None
            stop = zones.rect(("hand", ev.seat, card)) if card is not None else None
            if stop is not None:
                hide.add(("hand", ev.seat, card))
            else:
                card, stop = None, _card_in_seat(_seat_rect(before, zones, ev.seat), size)
            end = art.face(view.face(card), size) if card is not None else None
            tweens.append(CardMove(art.back(size), deck, stop, MOVE * s, delay=i * 0.08 * s, img_end=end, lift=14))
        if kind == "draw_penalty":
            tweens.append(_banner(zones, trn("{who} draws {n} owed", "{who} draws {n} owed", count, who=who, n=count),
                                  s, theme.DANGER, BANNER * 0.7))
        return [Step(tweens, hide)]
    if kind == "take":
        card = _cards(ev, "last")[0]
        start = before.get(("last", card)) or pile
        stop = zones.rect(("hand", ev.seat, card)) if card in view.hand else None
        stop = stop or _card_in_seat(_seat_rect(before, zones, ev.seat), size)
        return [Step([CardMove(art.face(view.face(card), size), start, stop, MOVE * s, lift=14)],
                     {("hand", ev.seat, card)})]
    if kind == "call":
        box = _seat_rect(before, zones, ev.seat)
        return [Step([_banner(zones, tr("{who} calls {call}!", who=who, call=view.call_name), s,
                              length=BANNER * 1.2),
                      Pulse(box, 0.9 * max(0.3, s))])]
    if kind == "turn" and view.last_discard and view.last_by is not None:
        # the turn is over: what was laid on the pile becomes the discard the next player may take from
        tweens = [CardMove(art.face(view.face(c), size), pile.move(i * 6, 0), zones.rect(("last", c)),
                           MOVE * 0.8 * s, delay=i * 0.04 * s)
                  for i, c in enumerate(view.last_discard) if zones.rect(("last", c)) is not None]
        return [Step(tweens, {("last", c) for c in view.last_discard})]
    if kind == "owe":
        n = ev.get("cards")
        return [Step([_banner(zones, trn("{who} owes {n} card", "{who} owes {n} cards", n, who=who, n=n), s,
                              theme.DANGER, BANNER * 0.8)])]
    if kind == "reset":
        plate = zones.extra.get(("plate", ev.seat)) or zones.extra["middle"]
        return [Step([_banner(zones, tr("{who}: exactly {at}! {at} → {to}", who=who, at=ev.get("at"),
                                        to=ev.get("to")), s, theme.GOOD, BANNER * 1.2),
                      Pulse(pygame.Rect(plate), 0.6 * max(0.3, s), colour=theme.GOOD)])]
    if kind == "match_over":
        winners = ev.get("winners", ()) or ()
        text = names_listed(name_of(names, w) for w in winners)
        said = trn("{names} wins the match!", "{names} win the match!", len(winners), names=text)
        return [Step([_banner(zones, said, s, theme.GOOD, BANNER * 1.3)])] if winners else []
    if kind in ("refill", "reshuffle"):
        return [Step([_banner(zones, tr("The discard pile is shuffled into a new deck"), s),
                      Pulse(deck, 0.45 * s)])]
    if kind == "round_over":
        return _result_steps(view, zones, s, names)
    if kind in ("reverse", "skip"):
        text = tr("Play reverses ↺") if kind == "reverse" else tr("{who} is skipped", who=who)
        return [Step([_banner(zones, text, s, length=BANNER * 0.8)])]
    return []


def _result_steps(view, zones, s, names) -> list:
    """The round's result: the call held, or the caller was undercut (resets follow as events)."""
    if not view.results:
        return []
    if view.caller is None:
        return [Step([_banner(zones, tr("The round ends: every hand is shown"), s)])]
    caller = next((r for r in view.results if r.seat == view.caller), None)
    who = name_of(names, view.caller)
    if caller is not None and caller.penalty:
        return [Step([_banner(zones, tr("{who} is undercut: +{penalty}", who=who, penalty=caller.penalty), s,
                              theme.DANGER)])]
    return [Step([_banner(zones, tr("{who}'s {call} holds: 0 points", who=who, call=view.call_name), s,
                          theme.GOOD)])]
