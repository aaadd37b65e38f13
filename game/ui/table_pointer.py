"""The pointer at the table, common to every family: press, drag and release, as a part of TableScene.

A press remembers the place under it; a release on the same place is a click; a press that moves
further than DRAG_THRESHOLD lifts what may be carried (or says once why it cannot), and its release
drops it where it is (the plug-in may use a drop of its own first: a card moved along the hand). A
drop that does nothing slides back and says why. The plug-in sees every pointer event first
(`TablePlugin.pointer`). The cursor is a hand over what can be picked up or clicked.
"""
from __future__ import annotations

import pygame

from game.i18n import N_, tr
from game.ui.kit import select
from game.ui.table_input import DRAG_THRESHOLD

NOWHERE = N_("Nothing there takes it: drop it on a place that lights up.")


class PointerInput:
    """TableScene's mouse handlers (its `input`, `plugin`, `ctrl` and `current_layout` are the scene's)."""

    def _on_press(self, event):
        self.close_zoom()
        zones = self.current_layout()
        if self.plugin.pointer(event, zones):
            return
        button = getattr(event, "button", 1)
        if button == 3:
            self.cancel()
        elif button == 1 and getattr(event, "pos", None) is not None:
            inp = self.input
            inp.press = (self.plugin.hit(zones, event.pos), event.pos)
            inp.refused = False
            inp.dragging = False

    def _on_motion(self, event):
        if getattr(event, "pos", None) is None:
            return
        zones = self.current_layout()
        plugin, inp = self.plugin, self.input
        place = plugin.hover_place(zones, event.pos) if inp.press is None else None
        if place != self.hover:
            self.hover, self.hover_since = place, self.clock
        if plugin.pointer(event, zones):
            return
        if inp.press is None:
            place = plugin.hit(zones, event.pos)
            self._set_cursor(place is not None and (inp.draggable(place) or place in self._targets_now()))
            return
        place, start = inp.press
        if not inp.dragging:
            far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_THRESHOLD
            if far and inp.draggable(place):
                rect = plugin.place_rect(zones, place)
                inp.dragging = rect is not None
                if rect is not None:
                    inp.drag_offset = (start[0] - rect.x, start[1] - rect.y)
                    inp.start_drag(place)
            elif far and not inp.refused:
                inp.refused = True          # say once per press why this does not lift
                g = inp.why_not_drag(place)
                if g.say:
                    self.ctrl.say(g.say, g.error)
        if inp.dragging:
            inp.drag_point = event.pos
            plugin.dragged(zones, event.pos)

    def _on_release(self, event):
        inp = self.input
        if getattr(event, "button", 1) != 1:
            return
        if inp.press is None or getattr(event, "pos", None) is None:
            inp.press = None
            return
        zones = self.current_layout()
        plugin = self.plugin
        place, start = inp.press
        was_drag = inp.dragging
        inp.press, inp.dragging = None, False
        target = plugin.hit(zones, event.pos)
        if not was_drag:
            if target == place:         # pressed on one thing, released on another: not a click
                self.click_place(place)
            return
        seat = inp.actor()
        if plugin.rearrange(zones, inp.carried(place), event.pos):
            inp.reset()         # the plug-in's own use of the drop (a card moved along the hand)
            return
        carried = inp.carried(place)      # what the drag carried (the drop lets it go)
        g = inp.drop(place, target)
        drop_rect = plugin.place_rect(zones, place)
        if drop_rect is not None:
            drop_rect = drop_rect.move(event.pos[0] - inp.drag_offset[0] - drop_rect.x,
                                       event.pos[1] - inp.drag_offset[1] - drop_rect.y)
        if not g.actions and not g.say and (target is None or target not in carried):
            # every drop that does nothing slides back and says why (on itself: put back)
            g.say, g.error = tr(NOWHERE if target is None else select.NOT_LEGAL), True
        self.perform(g, seat, dragged=place, drop_rect=drop_rect, layout=zones, carried=carried)

    def _targets_now(self) -> set:
        inp = self.input
        return inp.targets(inp.selected) if inp.selected is not None else inp.targets(None)

    def _set_cursor(self, hand: bool):
        """A hand over what can be picked up or clicked (a hint only; failures are ignored)."""
        if hand == getattr(self, "_hand", False):
            return
        self._hand = hand
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:
            pass
