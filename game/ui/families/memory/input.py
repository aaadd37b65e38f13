"""The memory family's input policy: drag-and-drop and click-then-click on its table become Actions.

Items on the table: "deck", "discard", "drawn", ("slot", (seat, slot)),
("seat", seat). A gesture is a click on one item, or a source item dropped
on (or clicked after) a target item. `resolve` turns a gesture into the
Action the player meant, built even when it is illegal, so that the engine's
own sentence explains a refusal; legal actions only decide what lights up.
"""
from __future__ import annotations

from typing import Optional

from game.engine.core import Action
from game.i18n import tr
from game.ui.table_input import Gesture



def is_slot(item) -> bool:
    return isinstance(item, tuple) and len(item) == 2 and item[0] == "slot"


def is_seat(item) -> bool:
    return isinstance(item, tuple) and len(item) == 2 and item[0] == "seat"


class MemoryInput:
    """Turns gestures into actions for the seat that may act (see TableController.input_seat); the
    common TableScene presses, drags and slides back, this policy says what a gesture means."""

    def __init__(self, plugin):
        self.plugin = plugin
        self.ctrl = plugin.ctrl
        self.selected = None
        self.press = None          # (item, start point)
        self.dragging = False
        self.drag_point = None
        self.drag_offset = (0, 0)
        self.refused = False       # this press already said why it cannot be dragged

    def reset(self):
        self.selected = None
        self.refused = False
        self.press = None
        self.dragging = False
        self.drag_point = None

    # ---- who and what ----
    def actor(self) -> Optional[int]:
        seat = self.ctrl.input_seat()
        if seat is None:
            seat = self.plugin.race_drag_seat()
        return seat

    def _legal(self, seat):
        return self.ctrl.legal(seat) if seat is not None else []

    def _phase(self):
        return self.ctrl.public().phase

    def _own(self, seat, item) -> bool:
        return (is_slot(item) and item[1][0] == seat) or (is_seat(item) and item[1] == seat) or item == "drawn"

    def start_drag(self, item) -> None:
        """A drag lifts `item`: a click selection is dropped (the drag is the gesture now)."""
        self.selected = None

    def carried(self, item) -> tuple:
        """What a drag starting on `item` carries: that one item (the memory table moves one card)."""
        return (item,)

    # ---- what may be dragged, what lights up ----
    def draggable(self, item) -> bool:
        seat = self.actor()
        if seat is None or item is None:
            return False
        legal = self._legal(seat)
        kinds = {(a.kind, a.choice) for a in legal}
        if item == "deck":
            return ("draw", "deck") in kinds
        if item == "discard":
            return ("draw", "discard") in kinds
        if item == "drawn":
            return any(a.kind in ("exchange", "discard") for a in legal)
        if is_slot(item):
            pos = item[1]
            return any(a.kind in ("swap", "match", "exchange", "give") and pos in (a.pos, a.pos2) for a in legal)
        return False

    def why_not_drag(self, item) -> Gesture:
        """An item that does not lift when dragged: the reason, when there is one worth saying."""
        seat = self.actor()
        if seat is None:
            return self._waiting(item)
        if item in ("deck", "discard") and self._phase() == "turn":
            return Gesture(say=self.ctrl.why_not(seat, Action("draw", choice=item)))
        return Gesture()

    def targets(self, source=None) -> set:
        """Items that light up: legal targets of `source`, or of whatever the actor may do now."""
        seat = self.actor()
        if seat is None:
            return set()
        legal = self._legal(seat)
        out = set()
        slots = lambda kind: {("slot", a.pos) for a in legal if a.kind == kind and a.pos is not None}
        own_slots = {("slot", s.pos) for s in self.ctrl.view_of(seat).seats[seat].slots if s.present}
        if source is None:
            if self._phase() == "window" and self.ctrl.input_seat() is None:
                return set()      # nothing lights up until someone claims the race
            for a in legal:
                if a.kind == "draw":
                    out.add(a.choice)
                elif a.kind == "discard":
                    out |= {"discard", "drawn"}
                elif a.kind in ("exchange", "peek", "pick", "give", "match"):
                    out.add(("slot", a.pos))
                elif a.kind == "swap":
                    out |= {("slot", a.pos), ("slot", a.pos2)}
            if any(a.kind == "exchange" for a in legal):
                out.add("drawn")
            return out
        if source == "deck":
            return own_slots | {"drawn"} if any(a.kind == "draw" and a.choice == "deck" for a in legal) else set()
        if source == "discard":
            return own_slots if any(a.kind == "draw" and a.choice == "discard" for a in legal) else set()
        if source == "drawn":
            out = slots("exchange")
            if any(a.kind == "discard" for a in legal):
                out.add("discard")
            return out
        if is_slot(source):
            pos = source[1]
            for a in legal:
                if a.kind == "swap" and pos in (a.pos, a.pos2):
                    out.add(("slot", a.pos2 if a.pos == pos else a.pos))
                elif a.kind == "match" and a.pos == pos:
                    out.add("discard")
                elif a.kind == "exchange" and a.pos == pos:
                    out.add("drawn")
            return out
        return out

    # ---- gestures ----
    def click(self, item) -> Gesture:
        """A click on `item` (None: empty table), with or without a selection."""
        # Clicks need the seat's turn or a claimed race; only drags may claim a race implicitly.
        seat = self.ctrl.input_seat()
        if self.selected is not None:
            sel, self.selected = self.selected, None
            if item == sel or item is None:
                return Gesture()
            g = self.combine(seat, sel, item, clicked=True)
            if g is not None:
                return g
        return self.single(seat, item)

    def drop(self, source, target) -> Gesture:
        """`source` dragged and released over `target`."""
        self.selected = None
        seat = self.actor()
        if target is None or target == source:
            return Gesture(say="")
        g = self.combine(seat, source, target, clicked=False)
        if g is None:
            return Gesture(say=self._drop_hint(source))
        return g

    def _drop_hint(self, source) -> str:
        if source == "deck":
            return tr("Drop the deck on your own cards to draw from it.")
        if source == "discard":
            return tr("Drop the discard pile's top card on one of your own cards to take it.")
        if source == "drawn":
            return tr("Drop the drawn card on one of your cards to exchange it, or on the discard pile.")
        return tr("That card cannot go there.")

    def waiting(self, item) -> Gesture:
        """Why a gesture on `item` does nothing now (someone else's move), when it is worth saying."""
        return self._waiting(item)

    def _waiting(self, item) -> Gesture:
        ctrl = self.ctrl
        m = ctrl.moment()
        if item is None:
            return Gesture()
        if m.kind == "race":
            keys = self.plugin.race_key_names()
            if keys:
                return Gesture(say=tr("To match, first press your key ({keys}), then click the card.", keys=", ".join(
                    f"{k} {ctrl.names[s]}" for s, k in keys.items() if s in ctrl.game.to_act())), error=False)
            return Gesture(say=tr("A match race is on."), error=False)
        if m.kind == "bot":
            return Gesture(say=tr("Wait: it is {who}'s move.", who=ctrl.names[m.seat]), error=False)
        if m.kind == "public":
            return Gesture(say=tr("{who} decides with the buttons below.", who=ctrl.names[m.seat]), error=False)
        return Gesture()

    def single(self, seat, item) -> Gesture:
        if seat is None:
            return self._waiting(item)
        if item is None or is_seat(item):
            return Gesture()
        phase = self._phase()
        legal = self._legal(seat)
        kinds = {a.kind for a in legal}
        if phase == "window":
            if is_slot(item):
                return Gesture([Action("match", pos=item[1])])
            return Gesture(say=tr("Click the card you want to match (yours or an opponent's)."), error=False)
        if phase == "turn":
            if item == "deck":
                return Gesture([Action("draw", choice="deck")])
            if item == "discard":
                return Gesture([Action("draw", choice="discard")])
            return Gesture(say=tr("First draw a card: the deck (D) or the discard pile (S)."), error=False)
        if phase == "drawn":
            if is_slot(item):
                return Gesture([Action("exchange", pos=item[1])])
            if item == "discard":
                return Gesture([Action("discard")])
            if item == "drawn":
                return Gesture(select="drawn")
            return Gesture(say=tr("You already hold a drawn card: exchange it with one of yours or discard it."))
        if phase == "ability":
            if not is_slot(item):
                return Gesture(say=self.plugin.prompt_for(seat), error=False)
            pos = item[1]
            if "peek" in kinds or self._pending_step() == "peek":
                return Gesture([Action("peek", pos=pos)])
            if "pick" in kinds or self._pending_step() == "pick":
                return Gesture([Action("pick", pos=pos)])
            if "swap" in kinds or self._pending_step() == "swap":
                swaps = [a for a in legal if a.kind == "swap"]
                anchors = set.intersection(*[{a.pos, a.pos2} for a in swaps]) if swaps else set()
                if len(anchors) == 1:
                    anchor = next(iter(anchors))
                    if anchor != pos:
                        return Gesture([self._swap(legal, anchor, pos)])
                    return Gesture(say=tr("Now click the card to swap it with."), error=False)
                return Gesture(select=item)
            return Gesture(say=tr("Choose with the buttons below."), error=False)
        if phase == "give":
            if is_slot(item):
                return Gesture([Action("give", pos=item[1])])
            return Gesture()
        return Gesture()

    def _pending_step(self):
        p = self.ctrl.public().pending
        return p.step if p is not None else None

    @staticmethod
    def _swap(legal, a, b) -> Action:
        for act in legal:
            if act.kind == "swap" and {act.pos, act.pos2} == {a, b}:
                return act
        return Action("swap", pos=a, pos2=b)

    def combine(self, seat, source, target, clicked: bool) -> Optional[Gesture]:
        """source then target (drag-and-drop, or click then click); None if it means nothing."""
        if seat is None:
            return self._waiting(target)
        phase = self._phase()
        legal = self._legal(seat)
        if source == "deck":
            if phase == "turn" and (self._own(seat, target)):
                return Gesture([Action("draw", choice="deck")])
            return None
        if source == "discard":
            if phase == "turn":
                if is_slot(target) and target[1][0] == seat:
                    return Gesture([Action("draw", choice="discard"), Action("exchange", pos=target[1])])
                if self._own(seat, target):
                    return Gesture([Action("draw", choice="discard")])
            return None
        if source == "drawn":
            if is_slot(target):
                return Gesture([Action("exchange", pos=target[1])])
            if target == "discard":
                return Gesture([Action("discard")])
            return None if clicked else Gesture(say=self._drop_hint("drawn"))
        if is_slot(source):
            pos = source[1]
            if is_slot(target):
                if phase == "ability":
                    return Gesture([self._swap(legal, pos, target[1])])
                return None
            if target == "discard" and phase == "window":
                return Gesture([Action("match", pos=pos)])
            if target == "drawn" and phase == "drawn":
                return Gesture([Action("exchange", pos=pos)])
        return None
