"""Input on the table, common to every family: a Gesture (what a click or a drop means), and the
generic selection input a family's plug-in gets unless it brings its own policy.

Generic input (issue 9): what lights up is the places of the legal actions that extend the current
selection; a click adds a place to the selection (or takes it out again), a drag of one place onto
another selects both; as soon as the selection is exactly the places of a legal action and of no
larger one, that action is made. Legal actions that touch no place are buttons (the scene's).
"""
from __future__ import annotations

from typing import Optional

DRAG_THRESHOLD = 6


class Gesture:
    """The result of a gesture: apply actions, select an item, or say something."""

    def __init__(self, actions=None, select=None, say: str = "", error: bool = True):
        self.actions = actions or []
        self.select = select
        self.say = say
        self.error = error

    def __repr__(self):
        return f"Gesture({self.actions}, select={self.select}, say={self.say!r})"


class SelectionInput:
    """The generic input policy: places are selected until they name one legal action."""

    def __init__(self, plugin):
        self.plugin = plugin
        self.ctrl = plugin.ctrl
        self.reset()

    def reset(self):
        self.selected = None       # a tuple of places, in the order picked (None: nothing)
        self.refused = False       # this press already said why it cannot be dragged
        self.press = None          # (place, start point)
        self.dragging = False
        self.drag_point = None
        self.drag_offset = (0, 0)

    # ---- who and what ----
    def actor(self) -> Optional[int]:
        return self.ctrl.input_seat()

    def _actions(self) -> list:
        seat = self.actor()
        if seat is None:
            return []
        return [a for a in self.plugin.selectable(self.ctrl.view(), self.ctrl.legal(seat)) if a.places]

    def _matching(self, places) -> list:
        """The selectable actions whose places include every one of `places`."""
        wanted = set(places)
        return [a for a in self._actions() if wanted <= set(a.places)]

    # ---- what may be dragged, what lights up ----
    def draggable(self, place) -> bool:
        return place is not None and bool(self._matching((self.selected or ()) + (place,)))

    def why_not_drag(self, place) -> Gesture:
        return self.waiting(place) if self.actor() is None else Gesture()

    def targets(self, source=None) -> set:
        """Places that extend the selection (and `source`, while it is dragged) to a legal action."""
        picked = tuple(self.selected or ())
        if source is not None and source != self.selected and source not in picked:
            picked += (source,)
        out = set()
        for action in self._matching(picked):
            out |= set(action.places) - set(picked)
        return out

    # ---- gestures ----
    def click(self, place) -> Gesture:
        """A click on `place` (None: the empty table): toggles it in the selection."""
        if self.actor() is None:
            return self.waiting(place)
        if place is None:
            self.selected = None
            return Gesture()
        chosen = tuple(self.selected or ())
        chosen = tuple(p for p in chosen if p != place) if place in chosen else chosen + (place,)
        return self._settle(chosen, place)

    def drop(self, source, target) -> Gesture:
        """`source` dragged and released over `target`."""
        if self.actor() is None:
            return self.waiting(target)
        if target is None or target == source:
            return Gesture(say="")
        chosen = tuple(p for p in (self.selected or ()) if p != source) + (source, target)
        g = self._settle(chosen, target)
        if not g.actions:
            self.selected = None
            return Gesture(say=self.plugin.why_not(self.ctrl.view(), chosen[:-1], target)
                           or "That cannot go there.")
        return g

    def _settle(self, chosen, place) -> Gesture:
        """The action `chosen` names, or a selection that can still grow into one, or a reason."""
        exact = [a for a in self._matching(chosen) if set(a.places) == set(chosen)]
        larger = [a for a in self._matching(chosen) if set(a.places) != set(chosen)]
        if exact and not larger:
            self.selected = None
            return Gesture([exact[0]])
        if exact or larger:
            return Gesture(select=chosen or None)
        self.selected = None
        return Gesture(say=self.plugin.why_not(self.ctrl.view(), chosen[:-1], place) or "")

    def waiting(self, place) -> Gesture:
        """Why a gesture does nothing now: another seat's move."""
        m = self.ctrl.moment()
        if place is None or m.seat is None or m.kind not in ("bot", "private", "public"):
            return Gesture()
        return Gesture(say=f"Wait: it is {self.ctrl.names[m.seat]}'s move.", error=False)
