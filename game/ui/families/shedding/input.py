"""Kumbal's input policy: the common scene's presses and drags, matched by the kit's generic selection
input (game/ui/kit/select.py), plus picking several cards by sweeping across the fan.

- click cards to pick them (again: put back); click the pile to discard them, or a lifted card of
  the previous discard or the deck to draw; a set or run that is no legal discard is refused with
  the rule's words and stays picked, so it can be mended;
- drag a card (with what is picked) to the pile;
- sweep: drag along the fan across cards that start a legal discard (4♣ 5♣ 6♣, 9♦ 9♠): they lift
  and light where they lie as the pointer passes, and the status line says what a release does.
  Let go on the pile (or go on to it: they follow the pointer) and they are discarded; let go
  anywhere else, the fan included, and they stay picked, with a message saying what to do next
  (click the pile; Esc puts them back). The playtest found the old sweep, which picked only when
  it ended on the pile and otherwise moved the first card, impossible to discover;
- drag the deck or a lifted card onto your hand to draw it;
- a card dragged along the fan across cards that are no legal discard together, or out of turn,
  moves there (the plug-in's `rearrange`): the card follows the pointer, as a card being moved.
"""
from __future__ import annotations

from game.ui.families.shedding import words
from game.ui.kit import select
from game.ui.table_input import Gesture, SelectionInput


class SheddingInput(SelectionInput):
    """The generic selection input over legal actions' places, with a sweep across the hand."""

    def reset(self):
        super().reset()
        self.origin = None          # the place the drag under way started on
        self.swept = ()             # hand places the pointer swept across since the drag started
        self.over_fan = False       # the pointer is over the fan (a sweep's cards stay where they lie)
        self.kept = False           # the last drop kept a sweep's cards picked where they lie

    def start_drag(self, place) -> None:
        super().start_drag(place)
        self.origin = place
        self.kept = False

    def picks(self) -> bool:
        """Does the drag under way pick cards by sweeping: two or more cards swept along the fan, in
        the player's turn, that start a legal discard together? (Else it moves the card dragged.)"""
        if self.carrying is None or len(self.swept) < 2 or self.actor() is None:
            return False
        return any(select.next_places(a.places, self.swept) is not None for a in self._legal() if a.places)

    def completes(self, cards=None) -> bool:
        """Are these cards (default: those swept) a whole legal discard, not only the start of one?"""
        return ("discard",) in select.lit(self._legal(), tuple(self.swept if cards is None else cards))

    def carried(self, place) -> tuple:
        if self.picks():
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
        self.over_fan = hand.rect.inflate(0, 2 * hand.lift).collidepoint(point)
        if abs(point[1] - self.press[1][1]) > hand.size[1] * 0.2:
            return
        under = hand.hit(point)
        if under is None or under not in order:
            return
        a, b = sorted((order.index(start), order.index(under)))
        self.swept = tuple(order[a:b + 1])

    def drop(self, source, target) -> Gesture:
        carried = self.carried(source)
        picks = self.picks()
        over_fan = self.over_fan
        self.swept, self.origin, self.over_fan = (), None, False
        if picks and target != ("discard",):
            # a sweep let go off the pile: its cards stay picked (where they lie, if it ended on the
            # fan: nothing flies back), and the message says what to do next
            self.carrying = None
            self.kept = over_fan
            view = self.ctrl.view()
            return Gesture(select=carried, say=words.sweep_kept(view, carried, self.completes(carried)),
                           error=False)
        if self.actor() is not None and target is not None and target not in carried \
                and target[0] == "hand":
            alone = select.matching(self._legal(), carried)
            if alone:
                self.carrying = None
                return Gesture([alone[0]])          # the deck or a lifted card dropped on the hand
        if self.carrying is not None and carried != self.carrying:
            self.carrying = carried                 # the swept cards go to the pile
        return super().drop(source, target)
