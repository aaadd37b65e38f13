"""Bots for the memory family (Kombio, Cambio), built only from one seat's view.

normal: the view is its memory (the engine shows every face the seat knows,
and knowledge follows cards through swaps). It values an unknown card at the
mean of the unaccounted cards (the deck composition minus every face it can
see), reads who has seen a card (owners keep low cards, the longer they have
had to replace the high ones the lower: at first a looked-at card is a dealt
one; a card someone else has seen may have been dumped), and weighs every move
by the expected change of its own hand total, counting what the table can do
with it: a low card laid on the pile is the next player's to take, a low card
of ours that others know may be thrown away by them, and after a call every
other seat has a final turn (that may swap our cards where a call leaves them
unlocked). It prizes knowing its own hand: a drawn card put in place of one of its
unknown cards is worth several points more than the two values say (what it holds
becomes known, so it can be matched away, swapped knowingly and counted in a call).
easy: keeps its own memory of what it saw and forgets a little every turn,
values unknown cards at the deck average, makes simpler choices, and is slow
(and sometimes absent) in match races.

Both levels are one `MemoryBot` with a different `Style`, so a new level is a
new set of knobs, not a new class. Decisions are deterministic given the seed:
the bot's only randomness is its own `random.Random`.

The bot's parts: bot_style.py its levels' knobs, beliefs.py what it believes about every card,
bot_abilities.py and bot_race.py its choices in an ability's steps and in the match race (parts of
MemoryBot, as abilities.py and race.py are parts of MemoryGame). This file is the bot itself (its
two entry points, the memory easy keeps, the turn's decisions) and the step of a bot-only match.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
import math
import random

from game.engine.core import Action
from game.families.memory.beliefs import Beliefs
from game.families.memory.bot_abilities import AbilityChoices
from game.families.memory.bot_race import RaceChoices
from game.families.memory.bot_style import Style, call_need
from game.families.memory.moves import _PASS, listed


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class MemoryBot(AbilityChoices, RaceChoices):
    """A bot for one seat of a memory-family game; the level is its `Style`."""

    def __init__(self, ruleset, seat: int, style: Style, seed=0):
        self.ruleset = ruleset
        self.seat = seat
        self.style = style
        self.level = style.name
        self.rng = random.Random(seed)
        self.abilities = ruleset.abilities
        # the rules as the ruleset states them (a bot is not told which variants are on: with
        # "lock the caller in 1v1 too" it still allows for an unlocked hand)
        self.lock_min_players = ruleset.rules.get("call", {}).get("lock_min_players", 2)
        self.give_rule = ruleset.rules.get("matching", {}).get("give_after_opponent_match", "must")
        # the composition in force comes with the view (a variant may change a card's ability)
        self.base_by_value: dict = {}   # card value -> how many cards of it the deck holds
        self.n_seats = 0
        self._round = None
        self._turns = 0             # own turns this round: calls get keener as it goes on
        self._turn_sig = None       # the turn last counted
        self._memory: dict = {}     # easy: pos -> card key it remembers
        self._forgotten: dict = {}  # easy: pos -> card key it has forgotten (still in the view)
        self._discard_seen = (None, None)   # (a view's discard pile, the counts left after it)
        self._walked: dict = {}     # normal: seat -> (its SeatView, what _beliefs read off it)
        self.call_chance = None     # normal: its chance of being lowest, at its last thought of calling

    def __deepcopy__(self, memo):
        """A copy that decides as this bot would from here on; the ruleset is shared (immutable)."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        for key, value in self.__dict__.items():
            shared = key in ("ruleset", "abilities", "style")
            new.__dict__[key] = value if shared else copy.deepcopy(value, memo)
        new._walked = {}        # views read before: worked out again rather than copied
        return new

    def left_after_discard(self, discard: tuple) -> dict:
        """Cards per value not on the discard pile; kept while the pile is the same object
        (the engine hands out the same tuple until the pile changes), counted on from the last
        pile when the pile has only grown since, else recounted."""
        pile, left = self._discard_seen
        if pile is not discard:
            if pile is not None and len(discard) >= len(pile) and discard[:len(pile)] == pile:
                new, left = discard[len(pile):], dict(left)
            else:
                new, left = discard, dict(self.base_by_value)
            for f in new:
                left[f.value] -= 1
            self._discard_seen = (discard, left)
        return left

    # ---- the two entry points ----
    def choose(self, view, legal_actions: list) -> Action:
        """The bot's move in any phase where its seat is to act (not the race)."""
        if not legal_actions:
            raise ValueError(f"seat {self.seat} has no legal action in phase {view.phase!r}")
        self._follow_round(view)
        if view.phase == "turn":
            # asked again for the same decision (a redrawn screen), a turn must not count twice;
            # the turn number too, not only the look of the table: two bots trading the same card
            # back and forth through the discard pile see the same table turn after turn
            sig = (view.round_no, view.turn_no, view.deck_count, len(view.discard), view.top)
            if sig != self._turn_sig:
                self._turn_sig = sig
                self._turns += 1
                self._forget()
        handler = getattr(self, "_" + view.phase, None)
        action = handler(view, legal_actions, self._beliefs(view)) if handler else None
        if action is None or not listed(action, legal_actions):
            action = _fallback(legal_actions)
        return action

    def race(self, view, legal_actions: list):
        """(match Action, reaction delay in s) when the bot claims the open match race; None passes.

        In an exclusive chain (Cambio) only the winner is asked anything: its
        next throw, or None to end the chain; everyone else lets it be.
        """
        w = view.window
        if view.phase != "window" or w is None or self.seat not in view.to_act:
            return None
        if w.winner is not None and w.winner != self.seat:
            return None          # a late throw only earns a penalty card
        self._follow_round(view)
        if not self.style.forget and not self._may_match(view):
            return None          # the common case, decided without building beliefs
        action = self._race_pick(view, legal_actions, self._beliefs(view))
        if action is None:
            return None
        if self.style.miss and self.rng.random() < self.style.miss:
            return None
        return action, self.rng.uniform(*self.style.react)

    @property
    def claims_only_what_it_sees(self) -> bool:
        """Whether a race in which this bot sees no matching face is a plain pass for it: nothing
        asked, nothing drawn, nothing remembered (easy's memory changes with every view it gets).
        The bot step then asks it nothing and builds it no view (`_race`)."""
        return not self.style.forget

    def _may_match(self, view) -> bool:
        """Whether any face we can see on the table matches the open window."""
        key = view.window.card.match
        for seat_view in view.seats:
            if seat_view.locked or (seat_view.seat != self.seat and not self.style.matches_opponents):
                continue
            for sl in seat_view.slots:
                f = sl.face
                if f is not None and f.match == key:
                    return True
        return False

    # ---- memory ----
    def _follow_round(self, view) -> None:
        self.n_seats = view.n_seats
        if view.round_no != self._round:
            self._round = view.round_no
            self._turns = 0
            self._memory.clear()
            self._forgotten.clear()

    def _forget(self) -> None:
        if not self.style.forget:
            return
        for pos in list(self._memory):
            if self.rng.random() < self.style.forget:
                self._forgotten[pos] = self._memory.pop(pos)

    def _beliefs(self, view) -> Beliefs:
        if not self.base_by_value:
            for c in view.deck_composition:
                self.base_by_value[c.value] = self.base_by_value.get(c.value, 0) + c.count
        # one walk over the table: known faces, unknown cards with who has seen them, our cards,
        # and each seat's hand in slot order (a face's value, or an unknown card's hint)
        me, forget = self.seat, bool(self.style.forget)
        faces, unknown, own, hands = {}, [], [], []
        memory, forgotten = {}, {}
        walked = self._walked
        for seat_view in view.seats:
            owner = seat_view.seat
            if not forget:
                # a seat's part of the view is the very same object while what it shows is the
                # same (view.py reuses it), and without a memory to keep its walk is the same too
                part = walked.get(owner)
                if part is not None and part[0] is seat_view:
                    faces.update(part[1])
                    unknown += part[2]
                    own += part[3]
                    hands.append(part[4])
                    continue
                seat_faces, seat_unknown, seat_own = {}, [], []
            else:
                seat_faces, seat_unknown, seat_own = faces, unknown, own
            hand = []
            for sl in seat_view.slots:
                if not sl.present:
                    continue
                pos, f = sl.pos, sl.face
                if owner == me:
                    seat_own.append(pos)
                if f is not None and forget:
                    # easy: a face counts only while remembered; a new face is remembered
                    if self._forgotten.get(pos) == f.key and self._memory.get(pos) != f.key:
                        forgotten[pos] = f.key
                        f = None
                    else:
                        memory[pos] = f.key
                if f is not None:
                    seat_faces[pos] = f
                    hand.append((True, f.value))
                else:
                    seen = sl.seen_by
                    hint = 0 if not seen else (1 if owner in seen else 2)
                    seat_unknown.append((pos, hint))
                    hand.append((False, hint))
            hands.append(hand)
            if not forget:
                walked[owner] = (seat_view, seat_faces, seat_unknown, seat_own, hand)
                faces.update(seat_faces)
                unknown += seat_unknown
                own += seat_own
        if forget:
            self._memory, self._forgotten = memory, forgotten
        return Beliefs(view, me, faces, unknown, own, self, hands)

    # ---- phases ----
    def _initial_peek(self, view, legal, b):
        return legal[0]

    def _round_over(self, view, legal, b):
        return legal[0]

    def _turn(self, view, legal, b):
        call = deck = discard = None
        for a in legal:
            if a.kind == "call":
                call = a
            elif a.kind == "draw":
                if a.choice == "deck":
                    deck = a
                else:
                    discard = a
        if call is not None and self._should_call(view, b):
            return call
        if discard is not None and view.top is not None and self._take_discard(view.top, b):
            return discard
        return deck or discard or call

    def _take_discard(self, top, b) -> bool:
        _, worst = b.worst_own()
        if worst == -math.inf:
            return False
        sure = worst - top.value
        if not self.style.plans:
            return sure >= 4
        sure -= self._exposure(b, top.value)      # everyone will know where it went
        # a deck card may beat it, or bring an ability
        return sure > self.style.sure_margin and sure >= b.gain_below(worst) + self.style.discard_edge

    def _should_call(self, view, b) -> bool:
        st, me = self.style, self.seat
        est, var = b.estimate(me)
        # our turns this round, this one too: read off the turns the table has played, so that a
        # bot that has not followed the round (the hard bot's policy and playouts, fresh for each
        # decision) calls as keenly as one that has; an extra turn (Energy) the count alone sees
        turns = max(self._turns, view.turn_no // max(1, view.n_seats) + 1)
        # a margin for what we do not know; a hand we know card by card may call at the limit itself
        if view.call_limit is not None and est > view.call_limit - (0.5 if var else 0.0):
            # above the limit a call costs the penalty: only a round that drags on twice as
            # long as usual is worth ending that way
            return turns >= 2 * st.force_call
        if turns >= st.force_call:
            return True
        if not st.plans:
            return est <= st.call_at + st.call_rise * turns
        chance = self.lowest_chance(view, b)
        need = call_need(st, view.n_seats) - st.call_decay * turns
        self.call_chance = chance      # what it believed when it called (bench/bench_peer.py)
        return chance >= max(0.05, need)

    def lowest_chance(self, view, b) -> float:
        """The chance that a call now leaves us lowest, as we believe (search.py asks it too)."""
        st, me = self.style, self.seat
        est, var = b.estimate(me)
        # everyone else has a final turn to improve; where a call does not lock our cards ("If
        # playing 1v1, the KOMBIO Caller's hand is not locked") that turn may also swap our
        # low cards for their high ones
        risk = st.unlocked_risk if view.n_seats < self.lock_min_players else 0.0
        chance = 1.0
        for s in range(view.n_seats):
            if s == me:
                continue
            o_est, o_var = b.estimate(s)
            z = (o_est - st.last_turn_gain - est - risk - 0.5) / math.sqrt(var + o_var + 1.0)
            chance *= _phi(z)
        return chance

    def _drawn(self, view, legal, b):
        gains = self.drawn_gains(view, legal, b)
        if not gains:
            return None
        best = None
        for a in legal:
            if a.kind == "exchange" and (best is None or gains[a] > gains[best]):
                best = a        # the first of the best: ties keep the table's order
        discard = next((a for a in legal if a.kind == "discard"), None)
        if discard is not None:
            need = 0.0 if self.style.plans else 1.0
            if best is None or gains[discard] >= gains[best] - need:
                return discard
        return best

    def drawn_gains(self, view, legal, b) -> dict:
        """What keeping the drawn card in each place (or throwing it) gains, as we believe
        (search.py searches only the places within a few points of the best)."""
        card = view.drawn
        if card is None:
            return {}
        gains = {}
        for a in legal:
            if a.kind == "exchange":
                pos = a.pos
                gain = b.value(pos) - card.value
                if view.drawn_from == "discard":
                    gain -= self._exposure(b, card.value)    # a card off the pile is public
                if self._is_public(b, pos):
                    gain += self._exposure(b, b.value(pos))
                if not b.known(pos):
                    gain += self.style.unknown_swap_gain        # what we hold becomes known
                elif self.style.plans:
                    gain += self._match_bonus(b, b.faces[pos], skip=pos)
                gains[a] = gain
            elif a.kind == "discard":
                gain = self._match_bonus(b, card, skip=None) - self._gift(b, card.value)
                if card.ability and view.drawn_from == "deck":
                    gain += self._ability_gain(card.ability, b) if self.style.plans \
                        else self._simple_ability_gain(card.ability, b)
                gains[a] = gain
        return gains

    def _is_public(self, b, pos) -> bool:
        """Whether someone else knows our card at pos (a peek, or a card taken off the pile)."""
        return pos in b.faces and any(s != self.seat for s in b.view.slot(pos).seen_by)

    def _exposure(self, b, value: float) -> float:
        """What a low card of ours that others know is expected to lose: anyone may throw it onto
        a matching discard and hand us a card of theirs in its place."""
        return self.style.exposure * max(0.0, b.mean - value)

    def _gift(self, b, value: float) -> float:
        """What a card we put on the discard pile is worth to the next player, who may take it."""
        weight = self.style.gift_weight
        view = b.view
        if not weight or view.n_seats < 2:
            return 0.0
        following = view.seats[(self.seat + 1) % view.n_seats]
        if following.called or (view.caller is not None and following.seat not in view.final_turns):
            return 0.0          # no turn of theirs is coming
        worst = max((b.value(sl.pos) for sl in following.slots if sl.present), default=None)
        if worst is None or worst <= value:
            return 0.0
        # in a duel their gain is our loss; with more players it helps one of several
        return weight * (worst - value) / (view.n_seats - 1)

    def _match_bonus(self, b, face, skip) -> float:
        """What matching our own known card after this discard would save."""
        best = 0.0
        for pos in b.own:
            if pos != skip:
                f = b.faces.get(pos)
                if f is not None and f.match == face.match and f.value > best:
                    best = f.value
        return 0.9 * best


def _fallback(legal):
    """A harmless legal action when no rule above applies: pass or skip before anything else."""
    for kind in ("pass", "skip", "look_start", "next_round"):
        for a in legal:
            if a.kind == kind:
                return a
    for a in legal:
        if a.kind == "draw" and a.choice == "deck":
            return a
    for a in legal:
        if a.kind != "call":
            return a
    return legal[0]


# --- bot-only matches (game/lab/simulate.py asks the family for its step) -------------------
#
# The race model: when a match window opens, every seat that may still race is asked for its
# claim (`bot.race`); the claim with the shortest reaction delay is applied (ties: lower seat
# first); then, since the table changed (a wrong attempt shows a card, a give moves one), the
# seats still in the race are asked again. When nobody claims, everyone still in the race passes.

def bot_step(game, bots, apply) -> int:
    """One step of a bot-only memory match; returns the actions applied."""
    phase = game.phase
    if phase == "window" and game.window["winner"] is None:
        return _race(game, bots, apply)
    seats_now = game.to_act()
    if not seats_now:
        return 0
    if phase == "window":
        seat = game.window["winner"]     # an exclusive chain: only the winner plays on
    elif phase == "initial_peek":
        for seat in seats_now:           # everyone looks at once; order does not matter
            apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        return len(seats_now)
    else:
        seat = seats_now[0]              # one seat decides (round_over: anyone may go on)
    apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return 1


class _LegalActions(Sequence):
    """game.legal_actions(seat), listed only if the bot looks: most racers pass on the view alone."""

    def __init__(self, game, seat):
        self._game, self._seat, self._list = game, seat, None

    def _get(self) -> list:
        if self._list is None:
            self._list = self._game.legal_actions(self._seat)
        return self._list

    def __getitem__(self, i):
        return self._get()[i]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self):
        return iter(self._get())

    def __contains__(self, action) -> bool:
        return action in self._get()


def _race(game, bots, apply) -> int:
    """Run the match window until it changes phase or closes; returns the actions applied."""
    seats = game.to_act()
    # a seat that sees no card matching the window passes without a look, if its bot claims only
    # what it sees: the same race, without a view built for it
    seeing = game.seats_seeing_a_match()
    asked = [seat for seat in seats
             if (seeing >> seat) & 1 or not getattr(bots[seat], "claims_only_what_it_sees", False)]
    claims = []
    for seat, view in zip(asked, game.views(asked) if asked else ()):
        claim = bots[seat].race(view, _LegalActions(game, seat))
        if claim is not None:
            action, delay = claim
            claims.append((delay, seat, action))
    if claims:
        _, seat, action = min(claims, key=lambda c: (c[0], c[1]))
        apply(seat, action)
        return 1
    applied = 0
    for seat in seats:
        if game.phase != "window" or seat not in game._window_seats():
            break
        apply(seat, _PASS)
        applied += 1
    return applied
