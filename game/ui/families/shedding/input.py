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
        self.origin = None          # the place the drag under way started on
        self.swept = ()             # hand places the pointer swept across since the drag started

    def start_drag(self, place) -> None:
        super().start_drag(place)
        self.origin = place

    def carried(self, place) -> tuple:
        if self.carrying is not None and len(self.swept) > 1:
            return self.swept
        return super().carried(place)

    def draggable(self, place) -> bool:
        if place is None:
            return False
        if place[0] == "hand":      # your own cards move along your hand at any time
            return place[1] == self.ctrl.view().viewer
        return self.actor() is not None and bool(select.matching(self._legal(), (place,)))   # deck, taken card

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

    def drop(self, source, target) -> Gesture:
        carried = self.carried(source)
        self.swept, self.origin = (), None
        if self.actor() is not None and target is not None and target not in carried \
                and target[0] == "hand":
            alone = select.matching(self._legal(), carried)
            if alone:
                self.carrying = None
                return Gesture([alone[0]])          # the deck or a lifted card dropped on the hand
        if self.carrying is not None and carried != self.carrying:
            self.carrying = carried                 # the swept cards go to the pile
        return super().drop(source, target)
