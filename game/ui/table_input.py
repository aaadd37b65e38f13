"""Input on the table, common to every family: a Gesture (what a click or a drop means), and the
generic selection input a family's plug-in gets unless it brings its own policy.

Generic input (issue 9): what lights up is the places of the legal actions that extend the current
selection (with nothing selected, the places that start one); a click adds a place to the selection
(or takes it out again); a drag carries the selection it starts on and drops it on a target. The
action is made as soon as the selection is exactly its places and the last place picked ends it (a
pile dropped on), or no larger action is left. Legal actions that touch no place are buttons (the
scene's). A plug-in with a finer policy (kit/select.py) returns its own from `make_input`.
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
        self.lifted = ()           # what the drag in progress carries

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

    def start_drag(self, place) -> None:
        """A drag lifts `place`: what it carries is fixed now (the selection goes with it)."""
        self.lifted = self.carried(place)

    def carried(self, place) -> tuple:
        """What a drag starting on `place` carries: the selection, with `place` if it extends it
        (else `place` alone)."""
        if self.lifted and place in self.lifted:
            return self.lifted
        chosen = tuple(self.selected or ())
        if place in chosen:
            return chosen
        if chosen and self._matching(chosen + (place,)):
            return chosen + (place,)
        return (place,)

    # ---- what may be dragged, what lights up ----
    def draggable(self, place) -> bool:
        return place is not None and bool(self._matching(self.carried(place)))

    def why_not_drag(self, place) -> Gesture:
        return self.waiting(place) if self.actor() is None else Gesture()

    def targets(self, source=None) -> set:
        """Places that extend the selection (and `source`, while it is dragged) to a legal action."""
        picked = self.carried(source) if source is not None and source != self.selected else tuple(self.selected or ())
        if not picked:                  # what starts an action: a pile lights once something is picked
            return {action.places[0] for action in self._actions()}
        out = set()
        for action in self._matching(picked):
            out |= set(action.places) - set(picked)
        return out

    # ---- gestures ----
    def click(self, place) -> Gesture:
        """A click on `place` (None: the empty table): adds it to the selection, or takes it out."""
        if self.actor() is None:
            return self.waiting(place)
        if place is None:
            self.selected = None
            return Gesture()
        chosen = tuple(self.selected or ())
        if place in chosen:
            self.selected = tuple(p for p in chosen if p != place) or None
            return Gesture()
        return self._settle(chosen + (place,), place)

    def drop(self, source, target) -> Gesture:
        """`source` (with the selection it carries) dragged and released over `target`."""
        carried, self.lifted = self.carried(source), ()
        if self.actor() is None:
            return self.waiting(target)
        if target is None or target == source:
            return Gesture(say="")
        g = self._settle(carried + (target,), target)
        if not g.actions:
            self.selected = None
            return Gesture(say=self.plugin.why_not(self.ctrl.view(), carried, target) or "That cannot go there.")
        return g

    def _settle(self, chosen, place) -> Gesture:
        """The action `chosen` names (at once if `place` ends it, as a pile a selection is dropped on
        does), or a selection that can still grow into one, or the plug-in's reason why not."""
        fits = self._matching(chosen)
        exact = [a for a in fits if set(a.places) == set(chosen)]
        ending = [a for a in exact if a.places[-1] == place]
        if ending or (exact and len(exact) == len(fits)):
            self.selected = None
            return Gesture([(ending or exact)[0]])
        if fits:
            return Gesture(select=chosen)
        self.selected = None
        return Gesture(say=self.plugin.why_not(self.ctrl.view(), chosen[:-1], place) or "")

    def waiting(self, place) -> Gesture:
        """Why a gesture does nothing now: another seat's move."""
        m = self.ctrl.moment()
        if place is None or m.seat is None or m.kind not in ("bot", "private", "public"):
            return Gesture()
        return Gesture(say=f"Wait: it is {self.ctrl.names[m.seat]}'s move.", error=False)
