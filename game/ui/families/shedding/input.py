"""Kumbal's input policy: the common scene's presses and drags, matched by the kit's generic selection
input (game/ui/kit/select.py), plus picking several cards by sweeping across the fan.

- click cards to pick them (again: put back); click the pile to discard them, or a lifted card of
  the previous discard or the deck to draw; a set or run that is no legal discard is refused with
  the rule's words and stays picked, so it can be mended;
- drag a card (with what is picked) to the pile; drag across the fan, then on to the pile, to pick
  the cards swept over and discard them in one gesture;
- drag the deck or a lifted card onto your hand to draw it;
- a card dragged and let go over the hand moves there (the plug-in's `rearrange`), whatever it
  swept on the way: sweeping picks only on the way to the pile.
"""
from __future__ import annotations

from game.ui.kit import select
from game.ui.table_input import Gesture, SelectionInput


class ShedInput(SelectionInput):
    """The generic selection input over legal actions' places, with a sweep across the hand."""

    def reset(self):
        super().reset()
        self.carrying = None        # what the drag under way carries, fixed when it starts
        self.origin = None          # the place the drag under way started on
        self.swept = ()             # hand places the pointer swept across since the drag started

    def start_drag(self, place) -> None:
        """A drag lifts `place`: what it carries is fixed now (the picked cards go with it)."""
        self.carrying = select.grab(self._legal(), self.selected or (), place)
        self.origin = place
        self.selected = None

    def _legal(self) -> list:
        seat = self.actor()
        if seat is None:
            return []
        return self.plugin.selectable(self.ctrl.view(), self.ctrl.legal(seat))

    def _why(self, selection, place) -> str:
        return self.plugin.why_not(self.ctrl.view(), tuple(selection), place)

    def carried(self, place) -> tuple:
        if self.carrying is not None:
            return self.swept if len(self.swept) > 1 else self.carrying
        return select.grab(self._legal(), self.selected or (), place)

    def draggable(self, place) -> bool:
        if place is None:
            return False
        if place[0] == "hand":      # your own cards move along your hand at any time
            return place[1] == self.ctrl.view().viewer
        return self.actor() is not None and bool(select.matching(self._legal(), (place,)))   # deck, taken card

    def targets(self, source=None) -> set:
        if self.carrying is not None:
            picked = self.carried(source)
        elif source is not None and source != self.selected and not isinstance(source[0], tuple):
            picked = select.grab(self._legal(), self.selected or (), source)
        else:
            picked = tuple(self.selected or ())
        return select.lit(self._legal(), picked)

    def sweep(self, zones, point) -> None:
        """While a drag from the hand is under way: the cards between where it started and the card
        under the pointer, while the pointer runs level along the fan, are the ones swept."""
        hand = zones.get("hand")
        if self.carrying is None or hand is None or self.press is None or point is None:
            return
        start = self.press[0]
        order = list(hand.rects())
        if start not in order:
            return
        # a sweep runs along the fan; a drag that leaves it slantwise (to the pile) sweeps nothing
        if abs(point[1] - self.press[1][1]) > hand.size[1] * 0.2:
            return
        under = hand.hit(point)
        if under is None or under not in order:
            return
        a, b = sorted((order.index(start), order.index(under)))
        self.swept = tuple(order[a:b + 1])

    # ---- gestures ----
    def click(self, place) -> Gesture:
        if self.actor() is None:
            return self.waiting(place)
        if place is None:
            self.selected = None
            return Gesture()
        out = select.click(self._legal(), self.selected or (), place, self._why)
        return self._gesture(out)

    def drop(self, source, target) -> Gesture:
        if self.actor() is None:
            return self.waiting(target)
        carried = self.carried(source)
        self.carrying, self.swept, self.origin = None, (), None
        legal = self._legal()
        if target is None or target in carried:
            return Gesture(select=carried if len(carried) > 1 else None)
        alone = select.matching(legal, carried)
        if alone and target[0] == "hand":
            return Gesture([alone[0]])          # the deck or a lifted card dropped on the hand
        return self._gesture(select.drop(legal, carried, target, self._why))

    def _gesture(self, out) -> Gesture:
        if out.kind in ("act", "choose"):
            self.selected = None
            return Gesture([out.action if out.kind == "act" else out.actions[0]])
        if out.kind == "select":
            return Gesture(select=out.selection or None) if out.selection else self._cleared()
        # refused: the cards slide back and stay picked, so the set or run can be mended
        return Gesture(select=out.selection or None, say=out.reason)

    def _cleared(self) -> Gesture:
        self.selected = None
        return Gesture()
