"""The seam between the common table and a family's part of it (issue 9).

The common table (game/ui/table.py: TableScene; game/ui/table_controller.py: TableController)
does what every family needs: the pass screen and whose view is on screen (privacy), bot
pacing, holds, saving, the log panel, the top and status bars, the Menu/Rules buttons, the
round summary and the match result, the animation queue and its speed, dragging with
slide-back, click-then-click. A family's `TablePlugin` supplies the rest: its zones (from the
kit in game/ui/kit/), how they are drawn, its prompts, its moments, the animation steps of its
events. game/ui/families/__init__.py maps family names to plug-ins (the table's one list).

Input is generic (game/ui/kit/select.py): what lights up is the places of the legal actions
that extend the current selection; a drag or click-then-click picks the one legal action that
matches; legal actions that touch no place become buttons (`button_label`). A plug-in may
narrow it (`selectable`) or, like the memory family's, bring its own input policy.

Everything a plug-in draws comes from a view (`ctrl.view()`: the view of the seat on screen,
or the public view), never from the state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Moment:
    """What the table is doing now. kind: "private" (a human's own decision: their pass screen
    first), "public" (a human decides in view of everyone, no pass screen), "bot", "summary"
    (the round is scored), "over" (the match ended), "idle", or a kind of the family's own
    that its plug-in's `tick` runs (the memory family's "race" and "look")."""
    kind: str
    seat: Optional[int] = None


class TablePlugin:
    """One family's part of the table. The scene makes one per match: `plugin_for(family)(scene)`.

    `self.scene` is the common TableScene (its `ctrl`, `art`, `app`, `anim`); `self.ctrl` its
    TableController. Methods have defaults that suit a turn-based family; override what differs.
    """

    family = ""

    def __init__(self, scene):
        self.scene = scene
        self.ctrl = scene.ctrl

    # ---- moments: what the table does now (asked by the controller) ----
    def moment(self) -> Moment:
        """Default: the round's result is "summary", the end "over"; one seat in to_act acts (a bot:
        "bot"; a human: "private"); several humans at once act one after the other, each behind
        the pass screen (secret choices), and the family's events reveal them together."""
        ctrl = self.ctrl
        view = ctrl.public()
        if ctrl.game.is_over() or view.phase == "match_over":
            return Moment("over")
        if view.phase == "round_over":
            return Moment("summary")
        to_act = list(ctrl.game.to_act())
        if not to_act:
            return Moment("idle")
        bots = [s for s in to_act if ctrl.is_bot(s)]
        seat = bots[0] if bots else to_act[0]
        return Moment("bot" if bots else "private", seat)

    def tick(self, moment: Moment, now: float) -> bool:
        """Run a moment of the family's own kind (a race clock); True if it was one."""
        return False

    # ---- zones, drawing, hit-testing (asked by the scene every frame) ----
    def layout(self, size, view):
        """The zones of the table for a window of `size` (a kit.Zones: a rect per place)."""
        raise NotImplementedError

    def draw(self, surf, zones, view, vis) -> None:
        """Draw the family's zones (the felt, bars, log panel and buttons are the common scene's).
        `vis` says what the common table knows: lit places, the selection, what is being dragged,
        hidden places while a card flies, the seat on screen, names."""
        raise NotImplementedError

    def hit(self, zones, point):
        """The place under `point`, or None (default: the zones' own hit test)."""
        return zones.hit(point)

    def image(self, place, zones, view):
        """The card image to drag or fly for `place` (None: not a card)."""
        return None

    # ---- input (the common kit does the matching) ----
    def selectable(self, view, legal) -> list:
        """The legal actions the generic input may pick from (default: all of them)."""
        return list(legal)

    def button_label(self, action) -> str:
        """The label of the button for a legal action that touches no place ("" for no button)."""
        return action.kind.replace("_", " ").capitalize()

    def keys(self) -> dict:
        """Keyboard shortcuts: pygame key -> action kind of a place-less legal action."""
        return {}

    def prompt(self, view, seat) -> str:
        """The status line for `seat`'s moment ("Discard a card, a set or a run")."""
        return ""

    def why_not(self, view, selection, place) -> str:
        """Why the selection cannot be dropped on `place` (the slide-back's sentence); "" if unknown."""
        return ""

    # ---- animation ----
    def deal_steps(self, ctx) -> list:
        """The deal at a round's start, as animation steps."""
        return []

    def steps_for(self, events, ctx) -> list:
        """The animation steps of events just applied (cards flying, banners)."""
        return []
