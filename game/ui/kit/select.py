"""Generic input over the places of legal actions (issue 9): no family's phases here.

A selection is a tuple of places, in the order they were picked. An action's places are read
as groups: consecutive places of an unordered zone (a hand: "hand cards in any order") form
one group that may be picked in any order; any other place is a group of its own, picked in
its turn. So for Action("discard", places=(hand 4♣, hand 5♣, hand 6♣, ("discard",))):
picking the three cards in any order, then the discard pile, completes it.

- `lit(legal, selection)`: the places that extend the selection towards a legal action;
- `click(...)`: a click on a place extends the selection, or completes exactly one legal action
  (that action), or is refused with the plug-in's reason;
- `drop(...)`: the selection dropped on a target is the one legal action whose places are the
  selection plus the target, else refused with the plug-in's reason (the slide-back's words);
- `grab(...)`: what a drag starting on a place carries;
- `buttons(legal)`: the legal actions that touch no place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from game.i18n import N_, tr

UNORDERED = frozenset({"hand"})      # zones whose places an action may take in any order
NOT_LEGAL = N_("That is not a legal move now.")


@dataclass(frozen=True)
class Outcome:
    """What a click or a drop does. kind: "select" (the new `selection`), "act" (apply `action`),
    "choose" (several legal actions fit: `actions`, the plug-in picks or asks), "refuse" (`reason`)."""
    kind: str
    selection: tuple = ()
    action: object = None
    actions: tuple = ()
    reason: str = ""


def _groups(places, unordered) -> list:
    """The places of an action as groups (lists): an unordered zone's consecutive places together."""
    groups = []
    for place in places:
        zone = place[0] if place else None
        if groups and zone in unordered and groups[-1][0][0] == zone:
            groups[-1].append(place)
        else:
            groups.append([place])
    return groups


def _follow(places, selection, unordered):
    """Walk `selection` through an action's places: (what is left of the current group, the groups
    after it), or None if the selection is not a start of this action."""
    groups = _groups(places, unordered)
    index, left = 0, []
    for picked in selection:
        if not left:
            if index >= len(groups):
                return None
            left = list(groups[index])
            index += 1
        if picked not in left:
            return None
        left.remove(picked)
    return left, groups[index:]


def next_places(places, selection, unordered=UNORDERED) -> Optional[set]:
    """The places that may come next after `selection` in an action with these places (an empty
    set: the selection completes it), or None if the selection does not start it."""
    walked = _follow(places, selection, unordered)
    if walked is None:
        return None
    left, later = walked
    if left:
        return set(left)
    return set(later[0]) if later else set()


def completes(places, selection, unordered=UNORDERED) -> bool:
    """Does `selection` pick exactly these places (hand places in any order)?"""
    return len(selection) == len(places) and next_places(places, selection, unordered) == set()


def matching(legal, selection, unordered=UNORDERED) -> list:
    """The legal actions the selection completes."""
    return [a for a in legal if a.places and completes(a.places, selection, unordered)]


def lit(legal, selection=(), unordered=UNORDERED) -> set:
    """The places that extend the selection towards some legal action."""
    out = set()
    for action in legal:
        if action.places:
            following = next_places(action.places, selection, unordered)
            if following:
                out |= following
    return out


def buttons(legal) -> list:
    """The legal actions that touch no place: each becomes a button."""
    return [a for a in legal if not a.places]


def _pickable(legal, place) -> bool:
    """Is `place` ever picked before a target (a card to gather), rather than being a target?"""
    return any(place in a.places[:-1] for a in legal)


def _decided(found, selection) -> Outcome:
    if len(found) == 1:
        return Outcome("act", selection, action=found[0])
    return Outcome("choose", selection, actions=tuple(found))


def click(legal, selection, place, why_not: Optional[Callable] = None, unordered=UNORDERED) -> Outcome:
    """A click on `place` with `selection` picked: deselect a picked card, complete one legal
    action, extend the selection, start a new one, or refuse with the reason."""
    selection = tuple(selection)
    if place in selection:
        return Outcome("select", tuple(p for p in selection if p != place))
    grown = selection + (place,)
    found = matching(legal, grown, unordered)
    if found:
        return _decided(found, grown)
    if any(next_places(a.places, grown, unordered) for a in legal if a.places):
        return Outcome("select", grown)
    if _pickable(legal, place) and (not selection or all(p[0] == place[0] for p in selection)):
        # a card that fits nothing picked so far is still picked: dropping the lot says why not
        return Outcome("select", grown)
    alone = matching(legal, (place,), unordered)
    if alone and not selection:
        return _decided(alone, (place,))
    if any(next_places(a.places, (place,), unordered) for a in legal if a.places) and not selection:
        return Outcome("select", (place,))
    return Outcome("refuse", selection, reason=_reason(why_not, selection, place))


def drop(legal, selection, target, why_not: Optional[Callable] = None, unordered=UNORDERED) -> Outcome:
    """The selection dropped on `target`: the one legal action whose places are the selection plus
    the target, or a refusal with the reason (the selection slides back)."""
    selection = tuple(selection)
    found = matching(legal, selection + (target,), unordered)
    if found:
        return _decided(found, selection + (target,))
    return Outcome("refuse", selection, reason=_reason(why_not, selection, target))


def grab(legal, selection, place, unordered=UNORDERED) -> tuple:
    """What a drag starting on `place` carries: the selection if the place is in it; the selection
    and this card if together they still lead to a legal action; else this card alone."""
    selection = tuple(selection)
    if place in selection:
        return selection
    grown = selection + (place,)
    if selection and any(next_places(a.places, grown, unordered) is not None for a in legal if a.places):
        return grown
    return (place,)


def _reason(why_not, selection, place) -> str:
    reason = why_not(selection, place) if why_not is not None else ""
    return reason or tr(NOT_LEGAL)
