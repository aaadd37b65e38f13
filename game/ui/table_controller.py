"""The table's referee, common to every family: whose view is shown, when a pass screen is needed,
when bots act, holds; applies actions through the session. Nothing is drawn here.

It only talks to the session through its narrow door: `game.to_act()`,
`game.legal_actions(seat)`, `game.view(seat)`, `game.is_over()` and
`session.apply(seat, action)`. What the table is doing now (a `Moment`) comes from the family's
table plug-in (game/ui/families/), which also runs the family's own moments (the memory
family's match race) and reacts to the events of each action.

Whose view (privacy in pass-and-play), decided in one place, `viewer_now()`:
- one human at the table: always that human's view, never a pass screen;
- no human: the public view;
- several humans: a human's private moment (their turn, their initial look,
  remembering a card they looked at, giving a card after a match) shows
  their view only if that human confirmed the last pass screen and nothing
  public came between. Every other moment (races, bot turns, calls, reveals,
  decisions after a wrong match, scoring) is public: the public view is
  shown from its first frame, and it revokes the confirmation, so the next
  private moment needs a pass screen again, even for the same human.
  The view is derived from the state every time it is asked for, never kept,
  so no path through the code can leave a private view on screen.

Timing: bots act a short "thinking" pause after the animations of the last
action end (scaled by the animation speed; a plug-in may shorten it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from game.ai import SEARCH_LEVELS
from game.engine import registry
from game.engine.core import Action, IllegalAction
from game.i18n import tr
from game.ui.background import Background
from game.ui.families.base import Moment
from game.ui.table_undo import TakeBacks

# Seconds, at speed "normal"; other speeds scale these (see App.anim_scale).
THINK = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}
# How long a human sees what they looked at, or everyone a reveal, before the table goes on.
REVEAL = {"slow": 6.0, "normal": 4.0, "fast": 3.0, "instant": 2.0}

__all__ = ["THINK", "REVEAL", "Hold", "Moment", "TableController"]


@dataclass
class Hold:
    """The table waits (a human memorises cards, everyone sees a reveal) until `until` or a click.
    seat: the human whose private hold it is (None: a public one); reason: the plug-in's word."""
    until: float
    seat: Optional[int]
    reason: str
    length: float = 0.0                        # seconds it lasts in all (for a countdown)
    waiting: bool = False                      # its time is up, but a pass screen follows: it waits
    #                                            for a click or Space (never times out into it)


class Thinking(Background):
    """One decision of a bot that thinks long (`thinks_long`: the hard level's search), off the frame
    loop (game/ui/background.py). The bot gets an immutable view and the legal actions, as ever, and
    nothing else touches it meanwhile; the frame loop asks `done()` each frame and plays `action`."""

    def __init__(self, key, bot, view, legal):
        self.key = key                    # (seat, actions so far): the decision it is for
        super().__init__(lambda progress, cancelled: bot.choose(view, legal), name=f"bot-{key[0]}-thinks")

    @property
    def action(self):
        return self.result


class TableController:
    """Decides what the table shows and who acts; applies actions through the session."""

    def __init__(self, session, settings, bot_factory: Optional[Callable] = None,
                 on_events: Optional[Callable] = None, save: bool = True):
        self.session = session
        self.settings = settings
        self.names = list(session.names)
        self.n = len(session.seats)
        self.humans = [i for i, s in enumerate(session.seats) if s.get("kind", "human") != "ai"]
        self.bot_factory = bot_factory
        self.bots: dict = {}
        self.on_events = on_events            # (events, seat, action) -> None: the scene animates
        self.save_enabled = save
        self.focus: int = self.humans[0] if self.humans else 0
        self.confirmed: Optional[int] = None  # the human who confirmed the last pass screen, until
        #                                       anything public is shown (see viewer_now)
        self.pass_to: Optional[int] = None
        self.hold: Optional[Hold] = None
        self.plugin = None                    # the family's TablePlugin (the scene sets it)
        self._bot_wait = None                 # ((seat, n_actions), due time)
        self.thinking: Optional[Thinking] = None   # a long-thinking bot's decision under way
        self.log: list = []                   # "What happened", the whole match (rebuilt on resume)
        self.log_start = 0                    # the first line of the last action's events
        self.message: Optional[tuple] = None  # (text, is_error, until)
        self.now = 0.0
        self._views: dict = {}
        self._views_key = -1
        self.finished = False
        self.kept = None                      # the past match file once the match is over (history)
        self.hints_used: dict = {}            # seat -> hints asked for (game/ui/table_hint.py counts)
        self.takebacks = TakeBacks(self)      # Ctrl+Z: the points a human may go back to (table_undo.py)
        self.on_taken_back = None             # () -> None: the scene forgets what it was showing
        self.guard = None                     # (seat, action) -> why the guide refuses it ('' if not)
        self.lesson_waits = None              # () -> does a guided lesson wait for the learner in a race
        self.stuck: Optional[str] = None      # why the match cannot go on (a seat to act with no legal move)
        self._stuck_key = -1
        self.family = registry.family(session.ruleset.family)
        self.call_name = getattr(self.public(), "call_name", "Call")
        for ev in session.events:             # a resumed match: its history, replayed
            self._log(ev)

    # ---- reading the state through its door ----
    @property
    def game(self):
        return self.session.game

    def actions_count(self) -> int:
        return len(self.session.match.actions)

    def view_of(self, seat):
        """view(seat), cached until the next action."""
        key = self.actions_count()
        if key != self._views_key:
            self._views, self._views_key = {}, key
        if seat not in self._views:
            self._views[seat] = self.game.view(seat)
        return self._views[seat]

    def public(self):
        return self.view_of(None)

    def view(self):
        """The view the table shows now."""
        return self.view_of(self.viewer_now())

    @property
    def viewer(self) -> Optional[int]:
        """Whose view the table shows now (None: the public view); see viewer_now()."""
        return self.viewer_now()

    def private_owner(self) -> Optional[int]:
        """The human whose private moment this is (None: a public moment), from the state alone."""
        if self.pass_to is not None:
            return None
        if self.hold is not None:
            return self.hold.seat if self.hold.seat in self.humans else None   # a reveal is public
        m = self.moment()
        return m.seat if m.kind == "private" else None

    def viewer_now(self) -> Optional[int]:
        """The one privacy rule: a private view is shown only to the human who confirmed the last
        pass screen, during that human's private moment. A public moment shows the public view and
        revokes the confirmation (the next private moment, even the same human's, is passed to)."""
        if len(self.humans) == 1:
            return self.humans[0]
        owner = self.private_owner()
        if owner is not None and owner == self.confirmed:
            return owner
        self.confirmed = None
        return None

    def sees_privately(self, seat) -> bool:
        """May `seat`'s private information be shown now (the human at the screen, confirmed)?"""
        return seat in self.humans and (len(self.humans) == 1 or seat == self.confirmed)

    def legal(self, seat) -> list:
        if seat is None:
            return []
        return self.game.legal_actions(seat)

    def speed(self) -> str:
        return getattr(self.settings, "animation_speed", "normal")

    def is_bot(self, seat) -> bool:
        return seat is not None and seat not in self.humans

    def bot(self, seat):
        if seat not in self.bots:
            if self.bot_factory is None:
                from game.ai import make_bot
                self.bot_factory = make_bot
            spec = self.session.seats[seat]
            level = spec.get("level", "normal")
            seed = self.session.bot_seed(seat)
            if level in SEARCH_LEVELS:      # its samples must follow the house rules in force
                self.bots[seat] = self.bot_factory(self.session.ruleset, seat, level, seed,
                                                   options=self.session.options,
                                                   seconds=getattr(self.settings, "hard_seconds", 1.0))
            else:
                self.bots[seat] = self.bot_factory(self.session.ruleset, seat, level, seed)
        return self.bots[seat]

    # ---- what happens now ----
    def moment(self) -> Moment:
        """What the table is doing now: the family's plug-in decides (TablePlugin.moment)."""
        return self.plugin.moment()

    def input_seat(self) -> Optional[int]:
        """The human whose clicks and drags are moves right now, or None."""
        if self.pass_to is not None or self.hold is not None:
            return None
        m = self.moment()
        if m.kind == "public":
            return m.seat
        if m.kind == "private":
            return m.seat if self.viewer == m.seat else None
        if m.kind in ("bot", "summary", "over", "idle"):
            return None
        return self.plugin.input_seat(m)      # a moment of the family's own (a race's claimer)

    # ---- the frame tick (called when no animation is playing) ----
    def update(self, now: float) -> None:
        self.now = now
        self.plugin.update(now)
        if self.message and self.message[2] <= now:
            self.message = None
        if self.pass_to is not None:
            return
        if self.hold is not None and self.hold.seat in self.humans and self.viewer_now() != self.hold.seat:
            self.pass_to = self.hold.seat     # a private hold covered by a public screen (rules, pause):
            return                            # its owner confirms again, then its time runs on
        if self.hold is not None:
            if now < self.hold.until or self.hold.waiting:
                return
            if self._pass_follows():
                self._wait_for_go_on()
                return
            self.release_hold()
        if self._check_stuck():
            return
        m = self.moment()
        if m.kind == "private":
            if self.viewer_now() != m.seat:
                self.pass_to = m.seat     # the scene shows the pass screen, then calls passed()
                return
            self.focus = m.seat
            self.plugin.private_moment(m)
            return
        if m.kind == "bot":
            self._bot_turn(m.seat, now)
        elif m.kind == "over":
            self._finish_match()
        elif m.kind not in ("public", "summary", "idle"):
            self.plugin.tick(m, now)

    def _check_stuck(self) -> bool:
        """Does a seat have to act with no legal move? The rules should never allow it (the loader
        refuses rulesets that could, the soak checks it); if it happens all the same, the table says so
        and the match ends without a result, instead of waiting for ever."""
        if self.stuck is not None:
            return True
        key = self.actions_count()
        if key == self._stuck_key or self.game.is_over():
            return False
        self._stuck_key = key
        seat = next((s for s in self.game.to_act() if not self.game.legal_actions(s)), None)
        if seat is None:
            return False
        self.stuck = tr("The rules leave {name} no legal move here, so this match cannot go on. "
                        "It ends without a result.", name=self.names[seat])
        self.finished = True
        self.say(self.stuck, True, seconds=3600)
        if self.save_enabled:
            try:
                from game.store.saves import clear_current
                clear_current()          # resumed, it would stop at the same place again
            except Exception:
                pass
        return True

    def _pass_follows(self) -> bool:
        """Would the end of the hold open a pass screen (another human's private moment)?"""
        if len(self.humans) < 2:
            return False
        m = self.moment()
        if m.kind != "private":
            return False
        return not (self.hold.seat == m.seat == self.confirmed)

    def _wait_for_go_on(self) -> None:
        """A hold whose time is up when a pass screen would follow: what it showed privately turns
        back (a timed look keeps its time), and the table waits in public for a click or Space.
        A hold that asked "press Space to go on" never times out into a pass screen: the press
        that comes a moment late must land here, not on the pass screen (issue 27)."""
        hold = self.hold
        if hold.seat is not None:
            self.plugin.hold_released(hold)
        self.hold = Hold(hold.until, None, hold.reason, 0.0, waiting=True)
        self.viewer_now()                       # public now: the confirmation is revoked

    def public_screen(self) -> None:
        """A screen anyone may have opened (rules, pause menu) covers the table: whoever had it
        confirms the pass screen again before their private view comes back."""
        self.confirmed = None

    def passed(self, seat) -> None:
        """The pass screen for `seat` was confirmed: only `seat` is looking now."""
        if self.pass_to != seat:
            return
        self.pass_to = None
        self.confirmed = seat
        self.focus = seat

    def start_hold(self, seconds: float, seat: Optional[int], reason: str) -> None:
        """Hold the table `seconds` (or until a click): `seat` remembers what they saw (None: everyone)."""
        self.hold = Hold(self.now + seconds, seat, reason, seconds)

    def release_hold(self) -> bool:
        """A click or Space ends a hold (e.g. the initial look) early."""
        if self.hold is None:
            return False
        hold, self.hold = self.hold, None
        self.plugin.hold_released(hold)
        return True

    def hold_left(self) -> Optional[float]:
        """Seconds left of a timed hold (a reveal), else None."""
        if self.hold is None or not self.hold.length or self.hold.waiting:
            return None
        return max(0.0, self.hold.until - self.now)

    # ---- bots ----
    def _bot_turn(self, seat, now):
        key = (seat, self.actions_count())
        if self._bot_wait is None or self._bot_wait[0] != key:
            delay = self.plugin.bot_pause(seat, THINK.get(self.speed(), 0.8))
            self._bot_wait = (key, now + delay)
        if now < self._bot_wait[1]:
            return
        legal = self.legal(seat)
        if not legal:
            return
        bot = self.bot(seat)
        if getattr(bot, "thinks_long", False):
            # a search (the hard level) thinks on a thread: the window keeps drawing, and its move
            # is played on the first frame after it has decided
            job = self.thinking
            if job is None or job.key != key:
                job = self.thinking = Thinking(key, bot, self.view_of(seat), legal)
            if not job.done():
                return
            self.thinking = None
            action, exc = job.action, job.error
        else:
            try:
                action, exc = bot.choose(self.view_of(seat), legal), None
            except Exception as error:   # a bot bug must not freeze the table
                action, exc = None, error
        if exc is not None:
            self.say(tr("{name} could not decide ({problem}); playing a legal move.", name=self.names[seat],
                        problem=exc), True)
            action = legal[0]
        ok, _ = self.apply(seat, action, quiet=True)
        if not ok:
            self.apply(seat, legal[0], quiet=True)

    # ---- applying actions ----
    def apply(self, seat, action, quiet: bool = False) -> tuple:
        """Apply one action (or several in turn); on refusal the message is shown (unless quiet) and
        the state is unchanged."""
        if isinstance(action, (list, tuple)):
            for a in action:
                ok, why = self.apply(seat, a, quiet)
                if not ok:
                    return ok, why
            return True, ""
        why = self.guard(seat, action) if self.guard is not None else ""
        if why:                               # the guided first game asks for another move
            if not quiet:
                self.say(why, True)
            return False, why
        self.takebacks.before(seat)
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            why = self.plugin.reword(action, str(exc))
            if not quiet:
                self.say(why, True)
            return False, why
        self.takebacks.after(seat, events)
        self._save()
        self._after(seat, action, events)
        return True, ""

    def taken_back(self) -> None:
        """A take-back restored an earlier point (table_undo.py): forget what was under way, show the
        table anew, save the shorter record."""
        if self.thinking is not None:
            self.thinking.cancel()
        self.thinking = self.hold = self.pass_to = self._bot_wait = None
        self._views_key = -1
        self.log_start = len(self.log)
        self.stuck, self._stuck_key = None, -1
        self.plugin.taken_back()
        self._save()
        self.viewer_now()
        if self.on_taken_back is not None:
            self.on_taken_back()

    def why_not(self, seat, action) -> str:
        """The sentence that would refuse `action` for `seat` now ('' if it is legal); nothing changes."""
        if seat is None or action in self.legal(seat):
            return ""
        try:
            self.game.copy().apply(seat, action)
        except IllegalAction as exc:
            return self.plugin.reword(action, str(exc))
        return ""

    def _log(self, ev) -> None:
        """Add the log sentence for one event (events are public: the log shows nothing private)."""
        try:
            line = self.family.describe(ev, self.names, self.call_name)
        except Exception:
            line = ""
        if line:
            self.log.append(line)

    def _after(self, seat, action, events):
        self.log_start = len(self.log)          # where this action's lines begin (the scene holds them
        for ev in events:                       # back until its animation has shown what they tell)
            self._log(ev)
        self.plugin.events_applied(seat, action, events)
        if self.game.is_over():
            self._finish_match()        # now: the result screen stops this controller's updates
        self.viewer_now()               # a public moment revokes the confirmation before anything is drawn
        if self.on_events is not None:
            self.on_events(events, seat, action)

    def _save(self):
        if not self.save_enabled:
            return
        try:
            from game.store.saves import save_current
            save_current(self.session.to_json())
        except Exception as exc:
            self.say(tr("The match could not be saved: {problem}", problem=exc), True)

    def _finish_match(self):
        if self.finished:
            return
        self.finished = True
        if not self.save_enabled:
            return
        v = self.public()
        try:
            from game.store import saves, stats
            saves.clear_current()
            warning = stats.record_match(self.session.ruleset.id, self.stats_names(),
                                         list(self.game.scores()), list(v.winners),
                                         lower_is_better=self.family.lower_is_better,
                                         hints=[self.hints_used.get(s, 0) for s in range(self.n)],
                                         undos=[self.takebacks.used.get(s, 0) for s in range(self.n)])
            if warning:
                self.say(warning, True)
        except Exception as exc:
            self.say(tr("Statistics could not be saved: {problem}", problem=exc), True)
        try:
            from game.store import history
            self.kept = history.keep(self.session)      # for the replay and the review
        except Exception as exc:
            self.say(tr("The match could not be kept in the past matches: {problem}", problem=exc), True)

    def stats_names(self) -> list:
        """The names the statistics keep: a bot's with its level ("Hal (hard)"), so bots of different
        levels under one name are counted apart (a win over easy is not a win over hard)."""
        out = []
        for seat, name in enumerate(self.names):
            spec = self.session.seats[seat]
            out.append(f"{name} ({spec.get('level', 'normal')})" if spec.get("kind") == "ai" else name)
        return out

    def next_round(self) -> bool:
        """Start the next round (any seat may; the first human if there is one)."""
        to_act = list(self.game.to_act())
        if self.moment().kind != "summary" or not to_act:
            return False
        seat = next((s for s in to_act if s in self.humans), to_act[0])
        ok, _ = self.apply(seat, Action("next_round"))
        return ok

    # ---- words for the player ----
    def say(self, text: str, error: bool = False, seconds: float = 5.0):
        self.message = (text, error, self.now + seconds)

    def prompt(self) -> str:
        """What is happening and what the person at the screen may do now, in words."""
        names = self.names
        if self.pass_to is not None:
            return tr("Pass to {name}", name=names[self.pass_to])
        if self.stuck is not None:
            return self.stuck
        m = self.moment()
        if self.hold is not None and self.hold.waiting:
            return tr("Click or press Space to go on: then the table passes to {name}.", name=names[m.seat])
        text = self.plugin.status(m)
        if text:
            return text
        if self.hold is not None:
            return tr("Look now. Click or press Space to go on.")
        if m.kind == "over":
            return tr("The match is over.")
        if m.kind == "summary":
            return tr("The round is over.")
        if m.kind == "bot":
            if self.thinking is not None and self.thinking.key[0] == m.seat:
                return tr("{name} is thinking…", name=names[m.seat])
            return tr("{name} is playing…", name=names[m.seat])
        if m.kind in ("private", "public"):
            return self.plugin.prompt(self.view_of(m.seat), m.seat)
        return ""
