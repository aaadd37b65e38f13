"""The table's referee: whose view is shown, when a pass screen is needed, when bots act, match races.

It only talks to the session through its narrow door: `game.to_act()`,
`game.legal_actions(seat)`, `game.view(seat)`, `game.is_over()` and
`session.apply(seat, action)`. Nothing is drawn here.

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
action end (scaled by the animation speed). A match race stays open a few
seconds with a countdown; bots claim after the reaction delay their
`race()` gives; a human claims with their seat key and then clicks the card (or Space: no match);
the only human in a race may pass with Space at once; when time runs out every
seat still in the race passes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from game.engine import registry
from game.engine.core import Action, IllegalAction

# Seconds, at speed "normal"; other speeds scale these (see App.anim_scale).
THINK = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}
# A match race is a contest in real time: its length does not shrink with the animation speed,
# or a fast table would leave no time for a slow bot (easy reacts in 1.5-3 s) or a slow hand.
WINDOW = {"slow": 4.5, "normal": 3.5, "fast": 3.5, "instant": 3.5}
REVEAL = {"slow": 6.0, "normal": 4.0, "fast": 3.0, "instant": 2.0}
# Each human's key for claiming a match race, by seat index (shown next to their name).
RACE_KEY_NAMES = ("Q", "P", "Z", "M", "1", "0", "A", "L", "X", "N", "2", "9")


@dataclass
class Race:
    """A match window as the table runs it (the engine knows only who may still act)."""
    key: int                                   # number of actions when it opened
    started: float
    deadline: float
    claimer: Optional[int] = None              # a human who pressed their key and is choosing a card
    claimed_at: float = 0.0
    bot_claims: dict = field(default_factory=dict)   # seat -> (time, Action)
    sig: tuple = ()                            # what the window looked like when bots were last asked


@dataclass
class Hold:
    """The table waits (a human memorises cards, everyone sees a reveal) until `until` or a click."""
    until: float
    seat: Optional[int]
    reason: str
    length: float = 0.0                        # seconds it lasts in all (for a countdown)


@dataclass
class Moment:
    kind: str            # look, private, decide, bot, race, summary, over, idle
    seat: Optional[int] = None


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
        self.reveals: dict = {}               # pos -> time until which the viewer sees its face
        self.picked: list = []                # cards picked so far for a reveal (public: pick events)
        self.bot_marks: dict = {}             # pos -> (kind, bot seat): looks, swaps and gives by bots since
        #                                       the last human move (public: positions, never faces)
        self.race: Optional[Race] = None
        self._bot_wait = None                 # ((seat, n_actions), due time)
        self.log: list = []                   # "What happened", the whole match (rebuilt on resume)
        self.message: Optional[tuple] = None  # (text, is_error, until)
        self.now = 0.0
        self._views: dict = {}
        self._views_key = -1
        self.summary_shown_round = 0
        self.finished = False
        self.call_name = self.public().call_name
        self.family = registry.family(session.ruleset.family)
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
        return m.seat if m.kind in ("look", "private") else None

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

    def legal(self, seat) -> list:
        if seat is None:
            return []
        return self.game.legal_actions(seat)

    def speed(self) -> str:
        return getattr(self.settings, "animation_speed", "normal")

    def memory_aid(self) -> bool:
        return bool(getattr(self.settings, "memory_aid", False))

    def is_bot(self, seat) -> bool:
        return seat is not None and seat not in self.humans

    def bot(self, seat):
        if seat not in self.bots:
            if self.bot_factory is None:
                from game.ai import make_bot
                self.bot_factory = make_bot
            spec = self.session.seats[seat]
            self.bots[seat] = self.bot_factory(self.session.ruleset, seat, spec.get("level", "normal"),
                                               self.session.match.seed * 31 + seat)
        return self.bots[seat]

    # ---- what happens now ----
    def moment(self) -> Moment:
        v = self.public()
        if self.game.is_over() or v.match_over:
            return Moment("over")
        ph = v.phase
        to_act = list(self.game.to_act())
        if ph == "round_over":
            return Moment("summary")
        if ph == "window":
            return Moment("race")
        if ph == "initial_peek":
            bots = [s for s in to_act if self.is_bot(s)]
            if bots:
                return Moment("bot", bots[0])
            humans = [s for s in to_act if s in self.humans]
            return Moment("look", humans[0]) if humans else Moment("idle")
        if not to_act:
            return Moment("idle")
        seat = to_act[0]
        if self.is_bot(seat):
            return Moment("bot", seat)
        if ph == "mismatch_choice":
            return Moment("decide", seat)
        return Moment("private", seat)

    def input_seat(self) -> Optional[int]:
        """The human whose clicks and drags are moves right now, or None."""
        if self.pass_to is not None or self.hold is not None:
            return None
        m = self.moment()
        if m.kind == "race":
            return self.race.claimer if self.race is not None else None
        if m.kind in ("private", "decide") and (m.kind == "decide" or self.viewer == m.seat):
            return m.seat
        return None

    def race_drag_seat(self) -> Optional[int]:
        """In a race, the one human still in it (may match by dragging a card to the discard pile)."""
        if self.moment().kind != "race" or self.race is None or self.race.claimer is not None:
            return None
        humans = [s for s in self.game.to_act() if s in self.humans]
        return humans[0] if len(humans) == 1 else None

    # ---- the frame tick (called when no animation is playing) ----
    def update(self, now: float) -> None:
        self.now = now
        # the cards looked at for an ability still being decided stay shown until the decision
        # (a 14: look at two cards, then maybe swap them), to the looker's view only
        looked = set(self.public().pending.peeked) if self.pending_ability_of() is not None else ()
        self.reveals = {p: t for p, t in self.reveals.items() if t > now or p in looked}
        if self.message and self.message[2] <= now:
            self.message = None
        if self.pass_to is not None:
            return
        if self.hold is not None:
            if now < self.hold.until:
                return
            self.release_hold()
        m = self.moment()
        if m.kind != "race":
            self.race = None
        if m.kind in ("look", "private"):
            if self.viewer_now() != m.seat:
                self.pass_to = m.seat     # the scene shows the pass screen, then calls passed()
                return
            self.focus = m.seat
            if m.kind == "look":
                self.apply(m.seat, Action("look_start"))
            return
        if m.kind == "bot":
            self._bot_turn(m.seat, now)
        elif m.kind == "race":
            self._race_tick(now)
        elif m.kind == "over":
            self._finish_match()

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

    def release_hold(self) -> bool:
        """A click or Space ends a hold (e.g. the initial look) early."""
        if self.hold is None:
            return False
        if self.hold.seat is not None:
            for pos in [p for p in self.reveals if p[0] == self.hold.seat]:
                del self.reveals[pos]
        self.hold = None
        return True

    # ---- bots ----
    def _bot_turn(self, seat, now):
        key = (seat, self.actions_count())
        if self._bot_wait is None or self._bot_wait[0] != key:
            ph = self.public().phase
            delay = 0.0 if ph == "initial_peek" else THINK.get(self.speed(), 0.8)
            self._bot_wait = (key, now + delay)
        if now < self._bot_wait[1]:
            return
        legal = self.legal(seat)
        if not legal:
            return
        try:
            action = self.bot(seat).choose(self.view_of(seat), legal)
        except Exception as exc:   # a bot bug must not freeze the table
            self.say(f"{self.names[seat]} could not decide ({exc}); playing a legal move.", True)
            action = legal[0]
        ok, _ = self.apply(seat, action, quiet=True)
        if not ok:
            self.apply(seat, legal[0], quiet=True)

    # ---- match race ----
    def window_seconds(self) -> float:
        return WINDOW.get(self.speed(), 5.0)

    def _race_tick(self, now):
        key = self.actions_count()
        to_act = list(self.game.to_act())
        w = self.public().window
        sig = (len(self.public().discard), w.winner if w else None, tuple(sorted(w.attempted)) if w else ())
        race = self.race
        if race is None:
            race = self.race = Race(key, now, now + self.window_seconds())
        if race.sig != sig:
            # the window opened or changed (a wrong attempt, a chain winner): ask the bots again
            race.sig = sig
            for seat in to_act:
                if self.is_bot(seat) and seat not in race.bot_claims:
                    race.bot_claims[seat] = self._ask_bot_race(seat, now)
            if not any(s in self.humans for s in to_act):
                # nobody to wait for: close as soon as the last bot has acted
                race.deadline = max([now] + [t for t, _ in race.bot_claims.values()]) + 0.01
            if w is not None and w.winner is not None and w.winner in self.humans and w.winner in to_act:
                race.claimer, race.claimed_at = w.winner, now   # a chain: the winner may throw again
        if race.claimer is not None:
            if race.claimer in to_act:
                return                  # the clock stops while a human picks a card
            race.claimer = None
        # passes first (they take no time), then claims in order of their reaction time
        for seat, (t, action) in sorted(race.bot_claims.items(), key=lambda kv: (kv[1][1].kind != "pass", kv[1][0])):
            if t > now or seat not in to_act:
                continue
            del race.bot_claims[seat]
            ok, _ = self.apply(seat, action, quiet=True)
            if not ok:
                self.apply(seat, Action("pass"), quiet=True)
            return                      # let the animation play before anything else
        humans_in = [s for s in to_act if s in self.humans]
        waiting_bots = [s for s in race.bot_claims if s in to_act]
        if now >= race.deadline or (not humans_in and not waiting_bots):
            for seat in to_act:
                if self.moment().kind != "race":
                    break
                self.apply(seat, Action("pass"), quiet=True)

    def _ask_bot_race(self, seat, now) -> tuple:
        """(time, action) of a bot's claim in this race; a pass at once if it lets the card go."""
        try:
            claim = self.bot(seat).race(self.view_of(seat), self.legal(seat))
        except Exception:
            claim = None
        if claim is None:
            return (now, Action("pass"))
        action, delay = claim
        return (now + max(0.0, float(delay)), action)

    def race_seconds_left(self) -> Optional[float]:
        if self.race is None:
            return None
        if self.race.claimer is not None:
            return max(0.0, self.race.deadline - self.race.claimed_at)
        return max(0.0, self.race.deadline - self.now)

    def claim(self, seat) -> bool:
        """A human pressed their race key; True if they now hold the claim."""
        if self.moment().kind != "race" or self.race is None:
            self.say("There is no match race right now.", True)
            return False
        if seat not in self.humans:
            return False
        if self.race.claimer is not None:
            winner = self.chain_winner()
            if self.race.claimer != seat and self.race.claimer == winner and seat in self.game.to_act():
                # Cambio: the winner throws alone; anyone else may still throw, too late, for a
                # penalty card. This human takes the mouse for one card (Esc gives it back).
                self.race.claimer = seat
                self.say(f"Too late: {self.names[winner]} threw first. Throwing now costs a penalty card.", True)
                return True
            if self.race.claimer != seat:
                self.say(f"Too late: {self.names[self.race.claimer]} claimed first.", True)
            return self.race.claimer == seat
        if seat not in self.game.to_act():
            w = self.public().window
            if self.public().seats[seat].locked:
                self.say(f"{self.names[seat]}'s hand is locked after the {self.call_name} call: no matching.", True)
            elif w is not None and w.winner is not None and w.winner != seat:
                self.say(f"Too late: {self.names[w.winner]} threw first and throws alone.", True)
            else:
                self.say(f"{self.names[seat]} has already tried (or passed on) this card.", True)
            return False
        self.race.claimer = seat
        self.race.claimed_at = self.now
        return True

    def chain_winner(self) -> Optional[int]:
        """A human who won an exclusive chain (Cambio) and may throw further cards, else None."""
        w = self.public().window
        if w is not None and w.winner is not None and w.winner in self.humans:
            return w.winner
        return None

    def cancel_claim(self) -> bool:
        if self.race is None or self.race.claimer is None:
            return False
        winner = self.chain_winner()
        if self.race.claimer == winner:
            self.apply(self.race.claimer, Action("pass"), quiet=True)   # done throwing
            return True
        if winner is not None and winner in self.game.to_act():
            self.race.claimer = winner       # a late thrower thought better of it: the chain goes on
            return True
        # the countdown resumes where it stopped
        self.race.deadline += max(0.0, self.now - self.race.claimed_at)
        self.race.claimer = None
        return True

    def humans_in_race(self) -> list:
        return [s for s in self.game.to_act() if s in self.humans] if self.moment().kind == "race" else []

    def humans_pass(self) -> None:
        """Space / 'No match' in a race: the human who holds the claim, or the only human in the
        race, lets the card go. Nobody passes for another player: with several humans in the
        race and no claim, each presses their own key first (or the countdown runs out)."""
        if self.moment().kind != "race":
            return
        race = self.race
        if race is not None and race.claimer is not None:
            seat, race.claimer = race.claimer, None
            self.apply(seat, Action("pass"), quiet=True)
            return
        humans_in = self.humans_in_race()
        if len(humans_in) == 1:
            self.apply(humans_in[0], Action("pass"), quiet=True)
        elif humans_in:
            keys = self.race_key_names()
            self.say("No one passes for another player: press your own key ("
                     + ", ".join(f"{keys[s]} {self.names[s]}" for s in humans_in)
                     + "), then Space for no match; or let the countdown run out.", True)

    # ---- applying actions ----
    def apply(self, seat, action, quiet: bool = False) -> tuple:
        """Apply one action; on refusal the message is shown (unless quiet) and the state is unchanged."""
        if isinstance(action, (list, tuple)):
            for a in action:
                ok, why = self.apply(seat, a, quiet)
                if not ok:
                    return ok, why
            return True, ""
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            why = self._reword(action, str(exc))
            if not quiet:
                self.say(why, True)
            return False, why
        self._save()
        self._after(seat, action, events)
        return True, ""

    def _reword(self, action, why: str) -> str:
        if action.kind == "draw" and action.choice == "discard" and self.public().discard_blocked:
            return self.blocked_reason()     # in the game's own word (Cambio: frozen)
        return why

    def why_not(self, seat, action) -> str:
        """The sentence that would refuse `action` for `seat` now ('' if it is legal); nothing changes."""
        if seat is None or action in self.legal(seat):
            return ""
        try:
            self.game.copy().apply(seat, action)
        except IllegalAction as exc:
            return self._reword(action, str(exc))
        return ""

    def pending_ability_of(self) -> Optional[int]:
        """The seat still deciding an ability (after a look: whether to swap), else None."""
        pending = self.public().pending
        return pending.seat if pending is not None and pending.kind == "ability" else None

    def _sees_privately(self, seat) -> bool:
        """May `seat`'s private information be shown now (the human at the screen, confirmed)?"""
        return seat in self.humans and (len(self.humans) == 1 or seat == self.confirmed)

    def _log(self, ev) -> None:
        """Add the log sentence for one event (events are public: the log shows nothing private)."""
        try:
            line = self.family.describe(ev, self.names, self.call_name)
        except Exception:
            line = ""
        if line:
            self.log.append(line)

    def _mark_bot_moves(self, seat, action, events) -> None:
        """Keep the positions bots looked at, swapped or gave to on the table until a human moves
        (their short animation alone is easily missed). Letting a race go is no move."""
        if seat in self.humans and action.kind != "pass":
            self.bot_marks = {}
        for ev in events:
            if ev.kind in ("deal", "next_round"):
                self.bot_marks = {}
                continue
            moved = [ev.pos, ev.pos2] if ev.kind in ("exchange", "match", "give", "decide") else []
            for pos in moved:                   # a card left or arrived: an old mark would be about another card
                if pos is not None:
                    self.bot_marks.pop(tuple(pos), None)
            if not self.is_bot(ev.seat):
                continue
            if ev.kind == "peek":
                self.bot_marks[tuple(ev.pos)] = ("peek", ev.seat)
            elif ev.kind == "swap":
                self.bot_marks[tuple(ev.pos)] = self.bot_marks[tuple(ev.pos2)] = ("swap", ev.seat)
            elif ev.kind == "give":
                self.bot_marks[tuple(ev.pos2)] = ("give", ev.seat)

    def last_turn_seats(self) -> frozenset:
        """The seats that still have their final turn after a call (the one playing it included)."""
        v = self.public()
        if v.caller is None or v.phase in ("round_over", "match_over"):
            return frozenset()
        return frozenset(set(v.final_turns) | ({v.current} - {v.caller}))

    def _after(self, seat, action, events):
        reveal_for = REVEAL.get(self.speed(), 4.0)
        self._mark_bot_moves(seat, action, events)
        for ev in events:
            self._log(ev)
            if ev.kind == "pick":
                self.picked.append(tuple(ev.pos))
            elif self.picked:
                self.picked = []                  # the reveal came (or anything else ended the picking)
            if ev.kind == "look_start" and self._sees_privately(ev.seat):
                for slot in ev.get("slots", ()):
                    self.reveals[(ev.seat, slot)] = self.now + reveal_for + 60
                self.hold = Hold(self.now + reveal_for, ev.seat, "look", reveal_for)
            elif ev.kind == "peek" and self._sees_privately(ev.seat):
                self.reveals[tuple(ev.pos)] = self.now + reveal_for
                if len(self.humans) > 1 and self.pending_ability_of() != ev.seat:
                    # the turn moves on to a public moment: hold the table while this human remembers
                    # (a look that a decision follows, as a 14's, stays on screen until the decision)
                    self.hold = Hold(self.now + reveal_for, ev.seat, "peek", reveal_for)
            elif ev.kind == "reveal":
                # shown to everyone at once: a public moment, so the public view and no pass screen
                seconds = float(ev.get("seconds", 3))
                for pos, _face in ev.faces:
                    self.reveals[tuple(pos)] = self.now + seconds
                self.hold = Hold(self.now + seconds, None, "reveal", seconds)
            elif ev.kind == "match" and ev.get("late"):
                self.reveals[tuple(ev.pos)] = self.now + min(reveal_for, 3.0)
                w = self.public().window
                first = (f"{self.names[w.winner]} threw first and throws alone now" if w and w.winner is not None
                         else "someone else threw first")
                self.say(f"Too late: {first}. {self.names[ev.seat]}'s {ev.face.title} goes back "
                         f"and {self.names[ev.seat]} takes a penalty card.", True)
            elif ev.kind == "match" and ev.ok is False and ev.pos is not None:
                self.reveals[tuple(ev.pos)] = self.now + min(reveal_for, 3.0)
            elif ev.kind == "window_open":
                self.race = None
            elif ev.kind in ("deal", "next_round"):
                self.reveals = {}
        if any(ev.kind == "match_over" for ev in events):
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
            self.say(f"The match could not be saved: {exc}", True)

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
            warning = stats.record_match(self.session.ruleset.id, self.names,
                                         [s.total for s in v.seats], list(v.winners),
                                         lower_is_better=self.family.lower_is_better)
            if warning:
                self.say(warning, True)
        except Exception as exc:
            self.say(f"Statistics could not be saved: {exc}", True)

    def next_round(self) -> bool:
        """Start the next round (any seat may; the first human if there is one)."""
        to_act = list(self.game.to_act())
        if self.public().phase != "round_over" or not to_act:
            return False
        seat = next((s for s in to_act if s in self.humans), to_act[0])
        ok, _ = self.apply(seat, Action("next_round"))
        return ok

    # ---- words for the player ----
    def say(self, text: str, error: bool = False, seconds: float = 5.0):
        self.message = (text, error, self.now + seconds)

    def blocked_word(self) -> str:
        """What this game calls a discard pile a card was thrown onto (the ruleset's
        matching.blocked_name: Cambio – Das Original says "frozen", after "eingefroren")."""
        return self.public().blocked_name

    def blocked_is_named(self) -> bool:
        """The ruleset names the state ("frozen"), rather than the plain "matched upon"."""
        return self.blocked_word() != "matched upon"

    def blocked_reason(self) -> str:
        """Why the top discard may not be drawn now, in the game's own word."""
        if self.blocked_is_named():
            return f"The discard pile is {self.blocked_word()}: a card was thrown onto it. Draw from the deck (D)."
        return "The discard pile's top card was matched upon: draw from the deck (D)."

    def hold_left(self) -> Optional[float]:
        """Seconds left of a timed hold (a reveal), else None."""
        if self.hold is None or not self.hold.length:
            return None
        return max(0.0, self.hold.until - self.now)

    def face_shown(self, pos) -> bool:
        """Does the viewer see this layout card's face right now (a reveal), memory aid aside?"""
        return pos in self.reveals

    def race_key_names(self) -> dict:
        """seat -> race key label, for every human seat."""
        return {s: RACE_KEY_NAMES[s] for s in self.humans if s < len(RACE_KEY_NAMES)}

    def ability_name(self, key) -> str:
        ab = self.session.ruleset.abilities.get(key) if key else None
        return ab.name if ab is not None else (key or "")

    def prompt(self) -> str:
        """What is happening and what the person at the screen may do now, in words."""
        names = self.names
        if self.pass_to is not None:
            return f"Pass to {names[self.pass_to]}"
        if self.hold is not None:
            who = names[self.hold.seat] if self.hold.seat is not None else ""
            left = self.hold_left()
            until = f" They turn back in {left:.0f} s" if left is not None and left >= 0.5 else " They turn back now"
            if self.hold.reason == "look":
                return f"{who}: memorise your bottom cards.{until}, or click / press Space when done."
            if self.hold.reason == "peek":
                return f"{who}: remember this card.{until.replace('They turn', 'It turns')}, or click / press Space when done."
            return "Revealed to everyone at once: look now. Click or press Space to go on."
        m = self.moment()
        v = self.public()
        if m.kind == "over":
            return "The match is over."
        if m.kind == "summary":
            return "The round is over."
        if m.kind == "race":
            top = v.window.card.title if v.window is not None else "discard"
            race = self.race
            winner = self.chain_winner()
            if race is not None and race.claimer is not None:
                who = names[race.claimer]
                if race.claimer == winner:
                    text = (f"{who}: you threw first, so only you may go on: click another card that "
                            f"matches the {top}, or Done (Space) when you know no more.")
                    if any(s != winner and s in self.humans for s in self.game.to_act()):
                        text += " Anyone else throwing now is too late (penalty card)."
                    return text
                if winner is not None:
                    return (f"{who}: too late, {names[winner]} threw first. A card you throw now comes back "
                            f"with a penalty card. Click one to throw anyway, or Esc.")
                return (f"{who}: click the card to match the {top} (yours or an opponent's), "
                        f"Space for no match, or Esc to give the race back.")
            keys = self.race_key_names()
            humans_in = [s for s in self.game.to_act() if s in keys]
            first = v.window.winner if v.window is not None else None
            if humans_in:
                claim = ", ".join(f"{keys[s]} {names[s]}" for s in humans_in)
                if first is not None:
                    return (f"{names[first]} threw first and goes on alone. A card thrown now is too late "
                            f"(penalty card): press your key ({claim}) only to throw anyway, or Space.")
                if len(humans_in) > 1:
                    return (f"Match race on the {top}! Press your key to claim ({claim}); then click a card, "
                            f"or Space for no match.")
                return f"Match race on the {top}! Press your key to claim ({claim}), or Space for no match."
            if first is not None:
                return f"{names[first]} threw first and may throw more on the {top}…"
            return f"Match race on the {top}…"
        if m.kind == "bot":
            if v.phase == "initial_peek":
                return "Everyone looks at their starting cards…"
            if m.seat in self.last_turn_seats() and m.seat == v.current:
                return f"{names[m.seat]} is playing their last turn…"
            return f"{names[m.seat]} is playing…"
        if m.kind == "look":
            return f"{names[m.seat]} looks at their starting cards."
        if m.kind in ("private", "decide"):
            return self.prompt_for(m.seat)
        return ""

    def prompt_for(self, seat) -> str:
        """The words for `seat`'s decision now."""
        names = self.names
        v = self.view_of(seat)
        # after a call, the player on their final turn is told so in every sentence of it
        name = names[seat] + (" (last turn)" if seat == v.current and seat in self.last_turn_seats() else "")
        legal = self.legal(seat)
        kinds = {(a.kind, a.choice) for a in legal}
        ph = v.phase
        if ph == "turn":
            draws = []
            if ("draw", "deck") in kinds:
                draws.append("the deck (D)")
            if ("draw", "discard") in kinds:
                draws.append("the discard pile (S)")
            text = f"{name}: draw from " + " or ".join(draws) if draws else f"{name}:"
            if ("call", None) in kinds:
                text += f"{',' if draws else ''} or call {v.call_name} (K)"
            text += "."
            if v.discard_blocked and v.discard:
                text += f" The discard pile is {self.blocked_word()}." if self.blocked_is_named() \
                    else " The discard pile was matched upon."
            return text
        if ph == "drawn":
            card = v.drawn.title if v.drawn is not None else "card"
            if ("discard", None) in kinds:
                text = (f"{name}: you drew a {card}. Drag it onto one of your cards to exchange it, "
                        f"or onto the discard pile (clicks work too).")
                ability = v.drawn.ability if v.drawn is not None else None
                if ability and v.drawn_from == "deck":
                    text += f" Discarding it lets you use {self.ability_name(ability)}."
                return text
            return f"{name}: you took the {card}; exchange it with one of your cards (drag or click)."
        if ph == "ability" and v.pending is not None:
            p = v.pending
            head = f"{name}, {self.ability_name(p.ability)}: "
            skip = " Space: skip." if p.optional else ""
            more = f" ({p.count_left} to go)" if p.count_left > 1 else ""
            if p.step == "peek":
                what = {"own": "click one of your cards to look at it",
                        "other": "click an opponent's card to look at it",
                        "any": "click any card to look at it"}.get(p.target, "click a card to look at it")
                return head + what + more + "." + skip
            if p.step == "swap":
                if p.target == "peeked":
                    return head + "click a card to swap it with the one you looked at." + skip
                if p.target == "peeked_pair":
                    return head + "swap the two cards you looked at? Drag one onto the other." + skip
                return head + "pick two cards to swap: click one then the other, or drag one onto the other." + skip
            if p.step == "choose":
                return head + "choose what to do with the buttons." + skip
            if p.step in ("pick", "reveal"):
                left = f" ({p.count_left} to go)" if p.count_left else ""
                return (head + "pick one card of each other player" + left + "; all are then shown to everyone."
                        + skip)
            return head + skip
        if ph == "give" and v.pending is not None:
            other = names[v.pending.other] if v.pending.other is not None else "them"
            if ("skip", None) in kinds:
                return (f"{name}: you threw {other}'s card. You may give {other} one of your cards: click it "
                        f"(you may not look at it), or keep your cards (Space).")
            return (f"{name}: you matched {other}'s card. Give {other} one of your cards: click it "
                    f"(you may not look at it).")
        if ph == "mismatch_choice" and v.pending is not None:
            claimer = names[v.pending.other] if v.pending.other is not None else "The claimer"
            return (f"{name}: {claimer} tried your card and was wrong. Take (T): {claimer} keeps that card. "
                    f"Return (R): it comes back and {claimer} takes a penalty card.")
        if ph == "window":
            return f"{name}: click the card to match."
        return ""
