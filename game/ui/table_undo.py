"""Take-backs at the table, for every family: Ctrl+Z (or the Undo button) takes back the asking
human's latest decision, by Board Game Arena's policy (game/engine/undo.py says which actions can
never be taken back, and why).

Before each of a human's actions the controller keeps a point to go back to: a copy of the state,
how long the record, the events and the log were, and a copy of every bot (so the bots, seeded,
decide again the same way). After every action, a human's or a bot's, the engine says whether it
can ever be taken back: if not, every point kept so far is dropped and the reason is kept for the
player ("The drawn card was seen."). A point is dropped as well when another human acts (no other
human may have acted since). Taking back restores the newest point: the state, the record (the
save and the past match keep the undone actions out), the log and the bots, and it is counted per
player for the result and the statistics. It is on when the match's options say `undo` (the setup
screen's "Take-backs" toggle: on by default with one human, off with two or more).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from game.engine import undo
from game.i18n import N_, tr

OFF = N_("Take-backs are off in this match: turn them on in the setup screen before it starts.")
NOTHING = N_("There is nothing to take back yet.")


@dataclass
class Point:
    """Where a take-back returns to: just before `seat`'s decision."""
    seat: int
    actions: int            # the record's length then
    events: int
    log: int
    game: object            # a copy of the state then
    bots: dict              # a copy of every bot then
    said: str = ""          # the decision taken back, in the game's words (worked out once: the
    #                         Undo button's tooltip asks every frame)


def copy_bots(bots: dict, ruleset) -> dict:
    """Each bot as it is now (its random generator, what it remembers), to decide again the same way
    after a take-back. The ruleset and what a bot reads from it stay shared: they never change, and
    some (the ruleset's mapping proxies) cannot be copied."""
    memo = {id(ruleset): ruleset}
    out = {}
    for seat, bot in bots.items():
        twin = copy.copy(bot)
        for name, value in vars(bot).items():
            try:
                setattr(twin, name, copy.deepcopy(value, memo))
            except TypeError:       # read-only data of the ruleset's (a mappingproxy): shared
                pass
        out[seat] = twin
    return out


class TakeBacks:
    def __init__(self, ctrl):
        self.ctrl = ctrl
        self.points: list = []          # oldest first
        self.barrier = ""               # why nothing before now can be taken back ('' if nothing stops it)
        self.used: dict = {}            # seat -> moves taken back in this match
        self._chance = None
        self._pending = None            # the point the action under way would add

    @property
    def enabled(self) -> bool:
        return bool(self.ctrl.session.options.get("undo"))

    # ---- around every action (the controller calls these) ----
    def before(self, seat) -> None:
        if not self.enabled:
            return
        ctrl = self.ctrl
        self._chance = undo.chance(ctrl.game)
        self._pending = None
        if seat not in ctrl.humans:
            return
        session = ctrl.session
        self._pending = Point(seat, len(session.match.actions), len(session.events), len(ctrl.log),
                              ctrl.game.copy(), copy_bots(ctrl.bots, session.ruleset))

    def after(self, seat, events) -> None:
        """The action was applied (a refused one never comes here: its point is not kept)."""
        if not self.enabled or self._chance is None:
            return
        ctrl = self.ctrl
        if self._pending is not None:
            if self.points and self.points[-1].seat != seat:
                self._drop(tr("{name} has moved since.", name=ctrl.names[seat]))    # no other human may have acted since
            self.points.append(self._pending)
            self._pending = None
        why = undo.refusal(ctrl.family, self._chance, ctrl.game, events)
        if why:
            self._drop(why)

    def _drop(self, why: str) -> None:
        self.points.clear()
        self.barrier = why

    # ---- asking ----
    def asker(self):
        """The human whose latest decision can be taken back now: the newest point's."""
        return self.points[-1].seat if self.points else None

    def refusal(self) -> str:
        """Why nothing can be taken back now ('' if the newest point can)."""
        ctrl = self.ctrl
        if not self.enabled:
            return tr(OFF)
        if not self.points:
            return tr(self.barrier) or tr(NOTHING)
        seat = self.points[-1].seat
        others = [s for s in ctrl.game.to_act() if s in ctrl.humans and s != seat]
        if others:
            return tr("It is {name}'s move now.", name=ctrl.names[others[0]])      # the active player would change
        viewer = ctrl.viewer_now()
        if viewer is not None and viewer != seat:
            return tr("Only {name} can take back their move.", name=ctrl.names[seat])
        return ""

    def words(self) -> str:
        """What the newest point would take back, in the game's words."""
        if not self.points:
            return ""
        point, ctrl = self.points[-1], self.ctrl
        if not point.said:
            from game.lab.review import move_phrase
            seat, action = ctrl.session.match.actions[point.actions]    # kept only once it was applied
            point.said = move_phrase(ctrl.family, action, point.game.view(seat), ctrl.names,
                                     ctrl.session.ruleset)
        return point.said

    def take_back(self) -> bool:
        """Go back to just before the newest point's decision; says why not when it cannot."""
        ctrl = self.ctrl
        why = self.refusal()
        if why:
            ctrl.say(why, True)
            return False
        said = self.words()
        point = self.points.pop()
        session = ctrl.session
        session.game = point.game
        del session.match.actions[point.actions:]
        del session.events[point.events:]
        del ctrl.log[point.log:]
        ctrl.bots = point.bots
        self.used[point.seat] = self.used.get(point.seat, 0) + 1
        ctrl.taken_back()
        ctrl.say(tr("Taken back: {move}.", move=said) if said else tr("Taken back."))
        return True
