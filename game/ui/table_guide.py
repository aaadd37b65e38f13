"""The guided first game at the table (issue 30), for every family whose ruleset carries a `guide:`
(game/engine/guide.py holds the data and its check).

At each of the learner's decisions while lessons remain, the table says the lesson (its rule and
what to do, in the rulebook's words) on the message line and outlines the places of the move it
asks for; any other move is refused with the lesson's sentence, except letting a match race pass
before the lesson that teaches racing (guide.let_through). While a lesson waits in a moment where
others may act at once (a race), the bots wait for the learner (`holds_bots`). **Skip** makes the
lesson's move for the learner; **Leave guide** ends the lessons and the match goes on as a normal
one. The guide's closing words (how the round was scored) stand on the round's summary.
"""
from __future__ import annotations

from game.engine import guide
from game.i18n import N_, tr
from game.ui import theme
from game.ui.table_hint import outline

# the moments every table has (TablePlugin.moment); any other is the family's own (a race)
TABLE_MOMENTS = ("bot", "private", "public", "summary", "over", "idle")
NOT_THIS = N_("Not this one: {lesson}")      # a refused move, with the lesson's words


class Guided:
    def __init__(self, scene):
        self.scene = scene
        self.ctrl = scene.ctrl
        self.guide = scene.ruleset.guide
        self.left = False           # the learner left the guide: a normal match from here
        self.greeted = False        # the guide's introduction was shown (a card over the table, once)
        self.refused_at = None      # (lesson, due) when a refusal was said (_where)
        self._counted = None        # ((actions, last action), lessons done): lesson()'s memo

    @property
    def enabled(self) -> bool:
        return bool(self.ctrl.session.options.get("guide")) and self.guide is not None

    def lesson(self) -> int:
        """The lesson due: how many lessons the learner's moves have made (guide.lessons_done),
        counted again only when the record changed (the frame asks several times)."""
        actions = self.ctrl.session.match.actions
        key = (len(actions), actions[-1] if actions else None)
        if self._counted is None or self._counted[0] != key:
            self._counted = (key, guide.lessons_done(self.guide, (a for seat, a in actions
                                                                  if seat == guide.LEARNER)))
        return self._counted[1]

    @property
    def active(self) -> bool:
        return self.enabled and not self.left and self.lesson() < len(self.guide.steps)

    def due(self):
        """The lesson for the decision on screen (the learner's own, or a race the learner is in
        where its move is allowed), or None."""
        if not self.active:
            return None
        ctrl = self.ctrl
        if ctrl.input_seat() != guide.LEARNER and not (
                guide.LEARNER in ctrl.game.to_act() and ctrl.moment().kind not in TABLE_MOMENTS):
            return None
        step = self.guide.steps[self.lesson()]
        return step if step.move in ctrl.legal(guide.LEARNER) else None

    def holds_bots(self) -> bool:
        """Does a lesson wait for the learner in a moment of the family's own (a race)? The bots
        hold their claims meanwhile, so that a newcomer is never beaten to the move being taught."""
        return self.due() is not None and self.ctrl.moment().kind not in TABLE_MOMENTS

    # ---- the controller asks before every move ----
    def refusal(self, seat, action) -> str:
        """The lesson's sentence for a move it does not ask for ('' for the move it asks for)."""
        if not self.active or seat != guide.LEARNER:
            return ""
        step = self.guide.steps[self.lesson()]
        if action == step.move:
            return ""
        legal = self.ctrl.legal(guide.LEARNER)
        if guide.let_through(step, legal, action):
            return ""
        self.refused_at = self._where()
        if step.move not in legal:
            return tr(NOT_THIS, lesson=tr("nothing to learn here yet. Let it pass; the next lesson follows."))
        return tr(NOT_THIS, lesson=tr(step.say))

    def _where(self) -> tuple:
        """(the lesson, is it due): a refusal is said until this changes (the lesson is made, or
        the race it was said in is over and the lesson is due)."""
        return self.lesson(), self.due() is not None

    # ---- what the learner sees and does ----
    def shown(self):
        """(number, lesson) on screen: the lesson due, or the one just made while the learner's own
        hold shows what it revealed (the first look at the cards, a peek); else None."""
        step = self.due()
        if step is not None:
            return self.lesson(), step
        ctrl = self.ctrl
        if not self.enabled or self.left or ctrl.hold is None or ctrl.hold.seat != guide.LEARNER:
            return None
        n = self.lesson()
        if 0 < n <= len(self.guide.steps):
            mine = [a for seat, a in ctrl.session.match.actions if seat == guide.LEARNER]
            if mine and mine[-1] == self.guide.steps[n - 1].move:
                return n - 1, self.guide.steps[n - 1]
        return None

    def sentence(self) -> str:
        """The lesson on screen ('' if none)."""
        shown = self.shown()
        return tr(shown[1].say) if shown is not None else ""

    def update(self) -> None:
        """Each frame: the introduction once, as a card over the table before anything is played; a
        refusal leaves the message line once its lesson is done."""
        ctrl = self.ctrl
        if not self.greeted and self.enabled:
            self.greeted = True
            if self.guide.intro and self.lesson() == 0:
                from game.ui.confirm import ConfirmScene
                app = self.scene.app
                app.push(ConfirmScene(app, tr("Learn to play {game}", game=self.scene.ruleset.name),
                                      tr(self.guide.intro), N_("Back to the menu"), app.open_menu,
                                      no_label=N_("Begin")))
        if self.refused_at is not None and self.refused_at != self._where():
            if ctrl.message is not None and ctrl.message[0].startswith(tr(NOT_THIS, lesson="")):
                ctrl.message = None
            self.refused_at = None

    def heading(self) -> str:
        """The status line while a lesson is on screen (`shown`): which lesson, and its rule ('' otherwise)."""
        shown = self.shown()
        if shown is None:
            return ""
        n, step = shown
        if step.title:
            return tr("Lesson {n} of {count}: {title}", n=n + 1, count=len(self.guide.steps), title=step.title)
        return tr("Lesson {n} of {count}", n=n + 1, count=len(self.guide.steps))

    def draw(self, surf, zones) -> None:
        step = self.due()
        if step is not None and not self.scene.anim.busy():
            outline(surf, self.scene.plugin, zones, step.move, "✓", theme.ACCENT)

    def skip(self) -> None:
        """Make the lesson's move for the learner."""
        step = self.due()
        if step is None:
            self.ctrl.say(tr("No lesson is waiting for your move now."))
            return
        self.ctrl.apply(guide.LEARNER, step.move)

    def leave(self) -> None:
        self.left = True
        self.ctrl.say(tr("The guide is off: the match goes on as a normal one."))

    def ending(self) -> str:
        """The guide's closing words, for the summary of its round."""
        return tr(self.guide.ending) if self.enabled and not self.left else ""
