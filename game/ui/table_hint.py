"""A hint at the table, for every family: the search from the asking player's own view, on demand.

H (or the Hint button) at a human's own decision asks the same determinized search as the review
(game/ai/analysis.py) for the moves worth a thought, from that player's view and nothing else; it
thinks on a worker thread (the window goes on drawing, the status line says so) and answers with
the best three moves: their places outlined and numbered on the table, and a sentence with their
expected values. It is only for the decision of the human whose view is on screen (in a game with
open information, the human deciding in view of everyone), and only in a match whose setup turned
Hints on (options["hints"]). The answer goes the moment anything changes (a move is made, the
table passes to another player); hints used are counted per player for the summaries and the
statistics.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.i18n import N_, tr
from game.ui import theme
from game.ui.background import Background
from game.ui.widgets import blit_text

SHOWN = 3
EVERY_MOVE_UP_TO = 16          # legal moves: up to this many are all weighed
OFF = N_("Hints are off in this match: turn them on in the setup screen (Hints) before it starts.")
NOT_YOURS = N_("A hint is only for your own decision.")


class Hints:
    def __init__(self, scene):
        self.scene = scene
        self.job: Optional[Background] = None
        self.key = None                  # (seat, actions so far): the decision the hint is for
        self.moves = ()                  # the best moves found (analysis.Appraisal), best first
        self.view = None                 # the asking player's view the moves were found from
        self.used = scene.ctrl.hints_used   # seat -> hints asked in this match (the statistics count them)

    @property
    def enabled(self) -> bool:
        return bool(self.scene.session.options.get("hints"))

    def asker(self) -> Optional[int]:
        """The human who may ask now: the one whose own decision is on screen, or None."""
        ctrl = self.scene.ctrl
        if ctrl.moment().kind not in ("private", "public"):
            return None                  # a race or a moment of the family's own: everyone at once
        seat = ctrl.input_seat()
        if seat is None or seat not in ctrl.humans:
            return None
        if ctrl.viewer != seat and not (ctrl.viewer is None and ctrl.family.open_information):
            return None
        return seat

    def ask(self) -> None:
        ctrl = self.scene.ctrl
        if not self.enabled:
            ctrl.say(tr(OFF))
            return
        seat = self.asker()
        if seat is None:
            ctrl.say(tr(NOT_YOURS))
            return
        key = (seat, ctrl.actions_count())
        if key == self.key:
            return                       # asked already: thinking, or the answer is on screen
        legal = list(ctrl.legal(seat))
        if len(legal) < 2:
            ctrl.say(tr("Only one move is possible here.") if legal else tr(NOT_YOURS))
            return
        self.forget()
        from game.ai.analysis import DEFAULT_DEALS, appraise
        session = self.scene.session
        view = ctrl.view_of(seat)        # the asking player's own view: all the search ever reads
        ruleset, options = session.ruleset, session.options
        self.key, self.view = key, view
        self.used[seat] = self.used.get(seat, 0) + 1
        # every legal move where there are few (the family's pruning may leave only its own choice:
        # a hint should still name the runners-up); the family's candidates where there are many
        everything = len(legal) <= EVERY_MOVE_UP_TO
        self.job = Background(lambda progress, cancelled: appraise(
            ruleset, options, seat, view, legal, deals=DEFAULT_DEALS, seed=key[1], everything=everything,
            cancelled=cancelled), name=f"hint-{seat}")

    def forget(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job, self.key, self.moves = None, None, ()

    def update(self) -> None:
        """Each frame: drop a hint whose decision has passed; collect a finished search."""
        ctrl = self.scene.ctrl
        if self.key is not None:
            seat = self.asker()
            if seat != self.key[0] or ctrl.actions_count() != self.key[1]:
                self.forget()
                return
        if self.job is not None and self.job.done():
            job, self.job = self.job, None
            if job.error is not None:
                ctrl.say(tr("No hint this time: {problem}", problem=job.error), True)
                self.key = None
                return
            self.moves = job.result.moves[:SHOWN] if job.result is not None else ()

    def thinking(self) -> bool:
        return self.job is not None

    def label(self, action) -> str:
        """The move in the game's words, from the asking player's view (Family.phrase); a family
        without words for its moves says the button's label, or its kind."""
        ctrl = self.scene.ctrl
        if ctrl.family.phrase is not None:
            from game.lab.review import move_phrase
            return move_phrase(ctrl.family, action, self.view, ctrl.names, self.scene.session.ruleset)
        return self.scene.plugin.button_label(action) or action.kind.replace("_", " ")

    def sentence(self) -> str:
        """What the status line says: thinking, or the best moves with their expected values."""
        if self.job is not None:
            dots = "." * (1 + int(self.scene.clock * 3) % 3)
            return tr("Looking for the best moves from your view") + dots
        if not self.moves:
            return ""
        best = self.moves[0].value
        def behind(value) -> str:
            return f" ({value - best:+.1f})" if round(value - best, 1) else tr(" (as good)")
        parts = [f"{i}. {self.label(m.action)}" + ("" if i == 1 else behind(m.value))
                 for i, m in enumerate(self.moves, start=1)]
        return tr("Hint: {moves} (points against the best, on average).", moves=" · ".join(parts))

    def draw(self, surf, zones) -> None:
        """The places of the moves found, outlined and numbered (the best in gold)."""
        if self.job is not None or not self.moves:
            return
        for number, move in reversed(list(enumerate(self.moves, start=1))):
            outline(surf, self.scene.plugin, zones, move.action, str(number),
                    theme.ACCENT if number == 1 else theme.TEXT)


def outline(surf, plugin, zones, action, badge_text: str, colour) -> None:
    """The places of `action` outlined, each with a round badge (a hint's number, a lesson's mark)."""
    for place in plugin.action_places(action):
        rect = plugin.place_rect(zones, place)
        if rect is None:
            continue
        pygame.draw.rect(surf, colour, rect.inflate(10, 10), 3, border_radius=9)
        badge = pygame.Rect(0, 0, 24, 24)
        badge.center = (rect.right, rect.top)
        pygame.draw.ellipse(surf, theme.PANEL, badge)
        pygame.draw.ellipse(surf, colour, badge, 2)
        blit_text(surf, badge_text, 15, badge.center, colour, True, "center")
