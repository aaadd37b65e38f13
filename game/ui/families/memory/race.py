"""The match race of the memory family (Kombio and Cambio matching), as its table runs it.

After each discard a match window opens on the public view; a match race is a contest in real
time, so its clock does not shrink with the animation speed. Bots claim after the reaction delay
their `race()` gives; a human claims with their seat key (shown on screen) and then clicks the card
(or Space: no match); the only human in a race may pass with Space at once; when time runs out
every seat still in the race passes. The engine knows only who may still act; the clock, the
claims and the keys are this module's.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from game.engine.core import Action
from game.families.memory.words import call_words
from game.i18n import tr
from game.store.settings import BOT_REACTIONS

# A match race is a contest in real time: its length does not shrink with the animation speed,
# or a fast table would leave no time for a slow bot (easy reacts in 1.5-3 s) or a slow hand.
WINDOW = {"slow": 4.5, "normal": 3.5, "fast": 3.5, "instant": 3.5}
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


class RaceMoments:
    """The memory plug-in's race: its clock, the bots' claims, a human's key and claim."""

    race: Optional[Race] = None

    def race_drag_seat(self) -> Optional[int]:
        """In a race, the one human still in it (may match by dragging a card to the discard pile)."""
        if self.ctrl.moment().kind != "race" or self.race is None or self.race.claimer is not None:
            return None
        humans = [s for s in self.ctrl.game.to_act() if s in self.ctrl.humans]
        return humans[0] if len(humans) == 1 else None

    def window_seconds(self) -> float:
        return WINDOW.get(self.ctrl.speed(), 5.0)

    def race_tick(self, now):
        key = self.ctrl.actions_count()
        to_act = list(self.ctrl.game.to_act())
        w = self.ctrl.public().window
        sig = (len(self.ctrl.public().discard), w.winner if w else None, tuple(sorted(w.attempted)) if w else ())
        race = self.race
        if race is None:
            race = self.race = Race(key, now, now + self.window_seconds())
        if race.sig != sig:
            # the window opened or changed (a wrong attempt, a chain winner): ask the bots again
            race.sig = sig
            for seat in to_act:
                if self.ctrl.is_bot(seat) and seat not in race.bot_claims:
                    race.bot_claims[seat] = self.ask_bot_race(seat, now)
            if not any(s in self.ctrl.humans for s in to_act):
                # nobody to wait for: close as soon as the last bot has acted
                race.deadline = max([now] + [t for t, _ in race.bot_claims.values()]) + 0.01
            if w is not None and w.winner is not None and w.winner in self.ctrl.humans and w.winner in to_act:
                race.claimer, race.claimed_at = w.winner, now   # a chain: the winner may throw again
        if race.claimer is not None:
            if race.claimer in to_act:
                return                  # the clock stops while a human picks a card
            race.claimer = None
        if self.ctrl.lesson_waits is not None and self.ctrl.lesson_waits():
            # a guided first game's lesson is this race: the clock and the bots wait for the learner
            race.deadline = now + self.window_seconds()
            return
        # passes first (they take no time), then claims in order of their reaction time
        for seat, (t, action) in sorted(race.bot_claims.items(), key=lambda kv: (kv[1][1].kind != "pass", kv[1][0])):
            if t > now or seat not in to_act:
                continue
            del race.bot_claims[seat]
            ok, _ = self.ctrl.apply(seat, action, quiet=True)
            if not ok:
                self.ctrl.apply(seat, Action("pass"), quiet=True)
            return                      # let the animation play before anything else
        humans_in = [s for s in to_act if s in self.ctrl.humans]
        waiting_bots = [s for s in race.bot_claims if s in to_act]
        if now >= race.deadline or (not humans_in and not waiting_bots):
            for seat in to_act:
                if self.ctrl.moment().kind != "race":
                    break
                self.ctrl.apply(seat, Action("pass"), quiet=True)

    def ask_bot_race(self, seat, now) -> tuple:
        """(time, action) of a bot's claim in this race; a pass at once if it lets the card go."""
        try:
            claim = self.ctrl.bot(seat).race(self.ctrl.view_of(seat), self.ctrl.legal(seat))
        except Exception:
            claim = None
        if claim is None:
            return (now, Action("pass"))
        action, delay = claim
        return (now + max(0.0, float(delay)) * self.reaction_scale(), action)

    def reaction_scale(self) -> float:
        """The setting that makes every bot react slower or faster (Settings, "Bots react")."""
        return BOT_REACTIONS.get(getattr(self.ctrl.settings, "bot_reactions", "normal"), 1.0)

    def race_seconds_left(self) -> Optional[float]:
        if self.race is None:
            return None
        if self.race.claimer is not None:
            return max(0.0, self.race.deadline - self.race.claimed_at)
        return max(0.0, self.race.deadline - self.ctrl.now)

    def claim(self, seat) -> bool:
        """A human pressed their race key; True if they now hold the claim."""
        if self.ctrl.moment().kind != "race" or self.race is None:
            self.ctrl.say(tr("There is no match race right now."), True)
            return False
        if seat not in self.ctrl.humans:
            return False
        if self.race.claimer is not None:
            winner = self.chain_winner()
            if self.race.claimer != seat and self.race.claimer == winner and seat in self.ctrl.game.to_act():
                # Cambio: the winner throws alone; anyone else may still throw, too late, for a
                # penalty card. This human takes the mouse for one card (Esc gives it back).
                self.race.claimer = seat
                self.ctrl.say(tr("Too late: {who} threw first. Throwing now costs a penalty card.",
                                 who=self.ctrl.names[winner]), True)
                return True
            if self.race.claimer != seat:
                self.ctrl.say(tr("Too late: {who} claimed first.", who=self.ctrl.names[self.race.claimer]), True)
            return self.race.claimer == seat
        if seat not in self.ctrl.game.to_act():
            w = self.ctrl.public().window
            if self.ctrl.public().seats[seat].locked:
                self.ctrl.say(tr("{who}'s hand is locked after the {call} call: no matching.",
                                 who=self.ctrl.names[seat], call=call_words(self.ctrl.call_name)), True)
            elif w is not None and w.winner is not None and w.winner != seat:
                self.ctrl.say(tr("Too late: {who} threw first and throws alone.", who=self.ctrl.names[w.winner]),
                              True)
            else:
                self.ctrl.say(tr("{who} has already tried (or passed on) this card.", who=self.ctrl.names[seat]),
                              True)
            return False
        self.race.claimer = seat
        self.race.claimed_at = self.ctrl.now
        return True

    def chain_winner(self) -> Optional[int]:
        """A human who won an exclusive chain (Cambio) and may throw further cards, else None."""
        w = self.ctrl.public().window
        if w is not None and w.winner is not None and w.winner in self.ctrl.humans:
            return w.winner
        return None

    def cancel_claim(self) -> bool:
        if self.race is None or self.race.claimer is None:
            return False
        winner = self.chain_winner()
        if self.race.claimer == winner:
            self.ctrl.apply(self.race.claimer, Action("pass"), quiet=True)   # done throwing
            return True
        if winner is not None and winner in self.ctrl.game.to_act():
            self.race.claimer = winner       # a late thrower thought better of it: the chain goes on
            return True
        # the countdown resumes where it stopped
        self.race.deadline += max(0.0, self.ctrl.now - self.race.claimed_at)
        self.race.claimer = None
        return True

    def humans_in_race(self) -> list:
        return [s for s in self.ctrl.game.to_act() if s in self.ctrl.humans] if self.ctrl.moment().kind == "race" else []

    def humans_pass(self) -> None:
        """Space / 'No match' in a race: the human who holds the claim, or the only human in the
        race, lets the card go. Nobody passes for another player: with several humans in the
        race and no claim, each presses their own key first (or the countdown runs out)."""
        if self.ctrl.moment().kind != "race":
            return
        race = self.race
        if race is not None and race.claimer is not None:
            seat, race.claimer = race.claimer, None
            self.ctrl.apply(seat, Action("pass"), quiet=True)
            return
        humans_in = self.humans_in_race()
        if len(humans_in) == 1:
            self.ctrl.apply(humans_in[0], Action("pass"), quiet=True)
        elif humans_in:
            keys = self.race_key_names()
            self.ctrl.say(tr("No one passes for another player: press your own key ({keys}), then Space for no "
                             "match; or let the countdown run out.",
                             keys=", ".join(f"{keys[s]} {self.ctrl.names[s]}" for s in humans_in)), True)

    def race_key_names(self) -> dict:
        """seat -> race key label, for every human seat."""
        return {s: RACE_KEY_NAMES[s] for s in self.ctrl.humans if s < len(RACE_KEY_NAMES)}
