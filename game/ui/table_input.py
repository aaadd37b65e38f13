"""Input on the table, common to every family: a Gesture (what a click or a drop means), and the
generic selection input a family's plug-in gets unless it brings its own policy.

Generic input (issue 9): what lights up is the places of the legal actions that extend the current
selection (with nothing selected, the places that start one); a click adds a place to the selection
(or takes it out again); a drag carries the selection it starts on and drops it on a target. The
action is made as soon as the selection is exactly its places and the last place picked ends it (a
pile dropped on), or no larger action is left. Legal actions that touch no place are buttons (the
scene's). The matching is game/ui/kit/select.py's; a plug-in with a finer policy (a sweep across a
fan, the memory family's phases) returns its own input from `make_input`.
"""
from __future__ import annotations

from typing import Optional

from game.i18n import tr
from game.ui.kit import select

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
    """The generic input policy: places are selected until they name one legal action. The matching
    itself is the kit's (game/ui/kit/select.py), the one place it is written."""

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
        self.carrying = None       # what the drag under way carries, fixed when it starts

    # ---- who and what ----
    def actor(self) -> Optional[int]:
        return self.ctrl.input_seat()

    def _legal(self) -> list:
        seat = self.actor()
        if seat is None:
            return []
        return self.plugin.selectable(self.ctrl.view(), self.ctrl.legal(seat))

    def _why(self, selection, place) -> str:
        return self.plugin.why_not(self.ctrl.view(), tuple(selection), place)

    def start_drag(self, place) -> None:
        """A drag lifts `place`: what it carries is fixed now (the selection goes with it)."""
        self.carrying = select.grab(self._legal(), self.selected or (), place)
        self.selected = None

    def carried(self, place) -> tuple:
        """What a drag starting on `place` carries: the selection, with `place` if it extends it
        (else `place` alone)."""
        if self.carrying is not None:
            return self.carrying
        return select.grab(self._legal(), self.selected or (), place)

    # ---- what may be dragged, what lights up ----
    def draggable(self, place) -> bool:
        legal = self._legal()
        return place is not None and any(
            select.next_places(a.places, self.carried(place)) is not None for a in legal if a.places)

    def why_not_drag(self, place) -> Gesture:
        return self.waiting(place) if self.actor() is None else Gesture()

    def targets(self, source=None) -> set:
        """Places that extend the selection (and `source`, while it is dragged) to a legal action."""
        if self.carrying is not None:
            picked = self.carried(source)
        elif source is not None and source != self.selected and not isinstance(source[0], tuple):
            picked = select.grab(self._legal(), self.selected or (), source)
        else:
            picked = tuple(self.selected or ())
        return select.lit(self._legal(), picked)

    # ---- gestures ----
    def click(self, place) -> Gesture:
        """A click on `place` (None: the empty table): adds it to the selection, takes it out, or
        completes the one legal action it names."""
        if self.actor() is None:
            return self.waiting(place)
        if place is None:
            self.selected = None
            return Gesture()
        return self._gesture(select.click(self._legal(), self.selected or (), place, self._why))

    def drop(self, source, target) -> Gesture:
        """`source` (with the selection it carries) dragged and released over `target`."""
        if self.actor() is None:
            self.carrying = None
            return self.waiting(target)
        carried = self.carried(source)
        self.carrying = None
        if target is None or target in carried:
            return Gesture(select=carried if len(carried) > 1 else None)
        return self._gesture(select.drop(self._legal(), carried, target, self._why))

    def _gesture(self, out) -> Gesture:
        if out.kind in ("act", "choose"):
            # several legal actions fit the same places (a wild joker in a run): the first one
            self.selected = None
            return Gesture([out.action if out.kind == "act" else out.actions[0]])
        if out.kind == "select":
            if out.selection:
                return Gesture(select=out.selection)
            self.selected = None
            return Gesture()
        # refused: a picked set slides back and stays picked, so it can be mended
        return Gesture(select=out.selection or None, say=out.reason)

    def waiting(self, place) -> Gesture:
        """Why a gesture does nothing now: another seat's move."""
        m = self.ctrl.moment()
        if place is None or m.seat is None or m.kind not in ("bot", "private", "public"):
            return Gesture()
        return Gesture(say=tr("Wait: it is {name}'s move.", name=self.ctrl.names[m.seat]), error=False)
