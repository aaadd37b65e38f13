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
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
import math
import random
from dataclasses import dataclass
from typing import Optional

from game.engine.core import Action

PASS = Action("pass")
SKIP = Action("skip")


@dataclass(frozen=True)
class Style:
    """The knobs that separate the levels (and that tuning turns)."""
    name: str
    react: tuple            # race reaction delay, seconds (uniform between the two)
    miss: float             # chance to let a race it could win go by
    forget: float           # chance per own turn to forget each remembered card (0: never)
    counts_cards: bool      # unknown cards valued from the unaccounted cards, else the deck average
    reads_players: bool     # who has seen a card says something about it
    matches_opponents: bool
    plans: bool             # weighs abilities and draws by expected gain; else rules of thumb
    call_need: float        # "odds" call: needed chance of being lowest at the first turn (2 seats)
    call_decay: float       # ... lowered by this much each own turn
    call_need_per_opponent: float  # ... and by this much per opponent beyond the second
    call_at: float          # "threshold" call (plans=False): call at this estimated total or less
    call_rise: float        # ... raised by this much each own turn
    force_call: int         # own turns in a round after which it always calls
    # the "odds" call at three seats or more: needed chance at three (then call_need_per_opponent
    # less per further opponent, down to call_need_least). Being lowest of all is rarer the more
    # seats there are, so the belief that clears the bar falls: 0.9 at 2 seats (1v1 rewards
    # patience), 0.62 at three, 0.55 at four, 0.41 at six (the call study and the bars tried:
    # bench/README.md, "Tuning history, by family")
    call_need_more_seats: float = 0.0
    call_need_least: float = 0.05
    sure_margin: float = 0.25     # gain needed for a swap between two known cards
    unsure_margin: float = 1.0    # ... when one of them is unknown (we lose what we knew)
    look_own_gain: float = 1.5    # worth of learning one of our unknown cards
    # worth of a drawn card put in place of one of our unknown cards, beyond their values: the
    # hand becomes known (a known card can be matched away, swapped knowingly, counted in a
    # call); knowing one's own cards decides much of a memory match (measured: bench/README.md)
    unknown_swap_gain: float = 0.0
    look_other_gain: float = 0.6  # worth of learning an opponent's card (calls, matches, swaps)
    reveal_gain: float = 0.4
    extra_turn_gain: float = 1.5  # another draw: about what a turn gains on average
    last_turn_gain: float = 1.0   # what an opponent improves in the final turn after our call
    # where a call locks the caller's cards (Cambio) the final turn gains the other seat less than
    # where it does not (1v1 Kombio: swaps), so an unlocked hand adds `unlocked_risk` (self-play
    # figures: bench/README.md)
    unlocked_risk: float = 0.0    # what a final turn gains them on top when our hand stays unlocked
    last_turn_looks: float = 0.2  # worth of a look in our final turn, as a share of its usual worth
    discard_edge: float = 1.0     # the discard must beat a deck draw's expected gain by this much
    give_away_min: float = 2.5    # throw an opponent's card only when that gains this much against them
    # Measured in self-play (Kombio and Cambio, 2 seats): a card only its owner has seen is a
    # dealt starting card at first, about 5 points before its owner's first turn (the deck's
    # mean is about 6); owners then replace their high cards, so it sits near the mean of the
    # lower half (about 3) after one turn of theirs and below it later (about 1.5 after eight
    # in self-play; players less choosy than normal keep higher cards, so normal goes only a
    # little below the lower half: with 1.5 its calls came too late against another bot).
    # A card only someone else has seen is barely above the mean (mostly peeks, few dumps).
    kept_weight: float = 0.9      # a kept card's value: this far from the mean towards the lower half
    kept_first: float = 0.9       # ... before its owner's first turn (normal: a dealt card, less)
    kept_per_turn: float = 0.0    # ... and this much further for each turn of its owner after that
    kept_most: float = 0.9        # ... at most
    dumped_weight: float = 0.15   # ... a card someone else has seen: this far towards the upper half
    # What a public card costs: the rule texts let anyone throw a card they know onto a matching
    # discard, then hand its owner a card of theirs (Kombio must, Cambio may)
    exposure: float = 0.0         # share of (mean - value) a low card of ours that others know will lose
    gift_weight: float = 0.0      # how much a low card we discard counts for the next player (2 seats)


STYLES = {
    "normal": Style("normal", react=(0.7, 1.5), miss=0.0, forget=0.0, counts_cards=True,
                    reads_players=True, matches_opponents=True, plans=True,
                    # 1v1 rewards patience; with more players someone else may call first
                    call_need=0.9, call_decay=0.02, call_need_per_opponent=0.07,
                    call_at=0, call_rise=0, force_call=30,
                    call_need_more_seats=0.62, call_need_least=0.3,
                    unlocked_risk=2.0,
                    kept_weight=0.8, kept_first=0.3, kept_per_turn=0.05, kept_most=1.0,
                    exposure=0.4, gift_weight=1.0, give_away_min=1.0, unknown_swap_gain=5.3),
    "easy": Style("easy", react=(1.5, 3.0), miss=0.3, forget=0.15, counts_cards=False,
                  reads_players=False, matches_opponents=False, plans=False,
                  call_need=0, call_decay=0, call_need_per_opponent=0,
                  call_at=6.0, call_rise=1.0, force_call=20),
}


def call_need(style: Style, seats: int) -> float:
    """The "odds" call's bar at the first turn of a round, at this many seats."""
    if seats <= 2:
        return style.call_need
    return max(style.call_need_least,
               style.call_need_more_seats - style.call_need_per_opponent * (seats - 3))


class Beliefs:
    """What one seat believes about every card on the table, built once per decision.

    The unaccounted-card distribution is computed on first use only: most race
    decisions need nothing but the faces.
    """

    def __init__(self, view, me: int, faces: dict, unknown: list, own: list, bot: "MemoryBot"):
        self.view, self.me, self.bot = view, me, bot
        self.faces = faces          # pos -> CardDef: the faces we know (or remember)
        self.unknown = unknown      # [(pos, hint)] hint 0: nobody has seen it, 1: its owner has, 2: others
        self.own = own              # our present positions
        self.reads = bot.style.reads_players
        self._dist = None
        self._values = None
        self._estimates: dict = {}

    def _compute(self) -> None:
        bot, view = self.bot, self.view
        if bot.style.counts_cards:
            left = dict(bot.left_after_discard(view.discard))
            for f in self.faces.values():
                left[f.value] -= 1
            if view.drawn is not None:
                left[view.drawn.value] -= 1
        else:
            left = bot.base_by_value
        st = bot.style
        # how long the owners have had to replace their high cards: turns per seat so far
        turns = self.view.turn_no / max(1, self.view.n_seats)
        kept = st.kept_first + (st.kept_weight - st.kept_first) * min(turns, 1.0) \
            + st.kept_per_turn * max(0.0, turns - 1.0)
        self._dist, self._mean, self._var, self._mean_kept, self._mean_dumped = _distribution(
            left, min(kept, st.kept_most), st.dumped_weight)

    @property
    def dist(self) -> tuple:
        if self._dist is None:
            self._compute()
        return self._dist

    @property
    def mean(self) -> float:
        """Expected value of an unaccounted card."""
        if self._dist is None:
            self._compute()
        return self._mean

    @property
    def var(self) -> float:
        if self._dist is None:
            self._compute()
        return self._var

    def _value_all(self) -> dict:
        """Expected value of every card on the table, computed once."""
        if self._dist is None:
            self._compute()
        out = {pos: f.value for pos, f in self.faces.items()}
        by_hint = (self._mean, self._mean_kept, self._mean_dumped) if self.reads else (self._mean,) * 3
        for pos, hint in self.unknown:
            out[pos] = by_hint[hint]
        self._values = out
        return out

    def value(self, pos) -> float:
        """The expected value of the card at pos (its face when known)."""
        values = self._values if self._values is not None else self._value_all()
        return values[pos]

    def known(self, pos) -> bool:
        return pos in self.faces

    def shift(self, pos) -> float:
        """How far this unknown card's expectation sits from a plain unaccounted card."""
        return self.value(pos) - self.mean

    def gain_below(self, a: float, shift: float = 0.0) -> float:
        """E[max(0, a - X)] for X an unaccounted card (shifted)."""
        return sum(p * (a - v - shift) for v, p in self.dist if a - v - shift > 0)

    def gain_above(self, c: float, shift: float = 0.0) -> float:
        """E[max(0, X - c)] for X an unaccounted card (shifted)."""
        return sum(p * (v + shift - c) for v, p in self.dist if v + shift - c > 0)

    def worst_own(self, exclude=()):
        """(pos, expected value) of our card we would most like to lose; (None, -inf) with none."""
        best, best_v = None, -math.inf
        for pos in self.own:
            if pos in exclude:
                continue
            v = self.value(pos) + (0.01 if pos not in self.faces else 0.0)   # ties: the unknown one
            if v > best_v:
                best, best_v = pos, v
        return best, best_v

    def estimate(self, seat: int):
        """(expected hand total, variance) of a seat as we believe it."""
        got = self._estimates.get(seat)
        if got is None:
            values = self._values if self._values is not None else self._value_all()
            faces = self.faces
            est, unknown = 0.0, 0
            for sl in self.view.seats[seat].slots:
                if sl.present:
                    est += values[sl.pos]
                    if sl.pos not in faces:
                        unknown += 1
            got = self._estimates[seat] = (est, unknown * self._var)
        return got


def _distribution(left: dict, kept_weight: float, dumped_weight: float) -> tuple:
    """(dist, mean, variance, mean of a kept card, mean of a dumped card) of the unseen cards.

    left: value -> how many cards of that value are unaccounted for.
    """
    items = [(v, n) for v, n in left.items() if n > 0]
    total = s1 = s2 = 0
    for v, n in items:
        total += n
        s1 += v * n
        s2 += v * v * n
    if not total:      # everything is accounted for (cannot happen in Kombio): say nothing
        return ((0, 1.0),), 0.0, 0.0, 0.0, 0.0
    mean = s1 / total
    var = max(0.0, s2 / total - mean * mean)
    low_n = low_s = 0
    for v, n in items:
        if v <= mean:
            low_n += n
            low_s += v * n
    high_n, high_s = total - low_n, s1 - low_s
    low_mean = low_s / low_n if low_n else mean
    high_mean = high_s / high_n if high_n else mean
    dist = tuple((v, n / total) for v, n in items)
    return (dist, mean, var, mean + kept_weight * (low_mean - mean), mean + dumped_weight * (high_mean - mean))


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class MemoryBot:
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
        self.call_chance = None     # normal: its chance of being lowest, at its last thought of calling

    def __deepcopy__(self, memo):
        """A copy that decides as this bot would from here on; the ruleset is shared (immutable)."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        for key, value in self.__dict__.items():
            shared = key in ("ruleset", "abilities", "style")
            new.__dict__[key] = value if shared else copy.deepcopy(value, memo)
        return new

    def left_after_discard(self, discard: tuple) -> dict:
        """Cards per value not on the discard pile; kept while the pile is the same object
        (the engine hands out the same tuple until the pile changes; any other is recounted)."""
        pile, left = self._discard_seen
        if pile is not discard:
            left = dict(self.base_by_value)
            for f in discard:
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
        if action is None or action not in legal_actions:
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
        # one walk over the table: known faces, unknown cards with who has seen them, our cards
        me, forget = self.seat, bool(self.style.forget)
        faces, unknown, own = {}, [], []
        memory, forgotten = {}, {}
        for seat_view in view.seats:
            owner = seat_view.seat
            for sl in seat_view.slots:
                if not sl.present:
                    continue
                pos, f = sl.pos, sl.face
                if owner == me:
                    own.append(pos)
                if f is not None and forget:
                    # easy: a face counts only while remembered; a new face is remembered
                    if self._forgotten.get(pos) == f.key and self._memory.get(pos) != f.key:
                        forgotten[pos] = f.key
                        f = None
                    else:
                        memory[pos] = f.key
                if f is not None:
                    faces[pos] = f
                else:
                    seen = sl.seen_by
                    unknown.append((pos, 0 if not seen else (1 if owner in seen else 2)))
        if forget:
            self._memory, self._forgotten = memory, forgotten
        return Beliefs(view, me, faces, unknown, own, self)

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
        self.call_chance = chance      # what it believed when it called (bench/bench_memory_peer.py)
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
                gain = b.value(a.pos) - card.value
                if view.drawn_from == "discard":
                    gain -= self._exposure(b, card.value)    # a card off the pile is public
                if self._is_public(b, a.pos):
                    gain += self._exposure(b, b.value(a.pos))
                if not b.known(a.pos):
                    gain += self.style.unknown_swap_gain        # what we hold becomes known
                elif self.style.plans:
                    gain += self._match_bonus(b, b.faces[a.pos], skip=a.pos)
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

    # ---- abilities ----
    def _ability_gain(self, name: str, b) -> float:
        """Expected gain of using an ability now, from its steps (normal)."""
        steps = self.abilities[name].steps
        total, i = 0.0, 0
        used: set = set()       # positions an earlier choice has looked at or swapped
        while i < len(steps):
            st = steps[i]
            nxt = steps[i + 1] if i + 1 < len(steps) else None
            if st["peek"] and nxt is not None and nxt["swap"] in ("peeked", "peeked_pair"):
                total += self._look_swap_gain(b, nxt["swap"])
                i += 2
                continue
            if st["choose"]:
                # a second choice (the Red King's) works on what the first left: the card looked
                # at is known, the two swapped cards are gone from the candidates
                gain, uses = max((self._choice_gain(n, b, used) for n in st["choose"]), key=lambda t: t[0])
                total += gain
                used |= uses
            elif st["peek"]:
                total += self._peek_gain(b, st["peek"]) * st["count"]
            elif st["swap"]:
                total += max(0.0, self._blind_swap(b)[2])
            elif st["reveal"]:
                total += self.style.reveal_gain
            elif st.get("extra_turn"):
                total += self.style.extra_turn_gain
            i += 1
        return total

    def _choice_gain(self, name: str, b, used: set) -> tuple:
        """(expected gain, positions it uses) of one option of a choose step, leaving `used` alone."""
        steps = self.abilities[name].steps
        if len(steps) != 1:
            return self._ability_gain(name, b), set()
        st = steps[0]
        if st["swap"] == "any":
            w, q, gain = self._blind_swap(b, exclude=used)
            return (max(0.0, gain), {w, q}) if w is not None else (0.0, set())
        if st["peek"] in ("own", "other") and st["count"] == 1:
            if st["peek"] == "own":
                spots = [p for p in b.own if not b.known(p) and p not in used]
                worth = self.style.look_own_gain
            else:
                spots = [p for p in self._opponent_positions(b) if not b.known(p) and p not in used]
                worth = self.style.look_other_gain
            if not spots:
                return 0.0, set()
            last = self.style.last_turn_looks if b.view.caller is not None else 1.0
            return last * worth, {spots[0]}
        return self._ability_gain(name, b), set()

    def _simple_ability_gain(self, name: str, b) -> float:
        """Easy: an ability is worth using when it has something obvious to do."""
        steps = self.abilities[name].steps
        st = steps[0]
        if st["peek"] == "own" or st["peek"] == "any":
            return 1.0 if any(not b.known(p) for p in b.own) else 0.0
        if st["swap"]:
            _, worst = b.worst_own()
            return 1.0 if worst >= 9 else 0.0
        return 0.5

    def _peek_gain(self, b, target) -> float:
        own_unknown = any(not b.known(p) for p in b.own)
        other_unknown = any(sl.present and sl.pos not in b.faces
                            for seat_view in b.view.seats if seat_view.seat != self.seat and not seat_view.locked
                            for sl in seat_view.slots)
        # after someone's call this is our last turn: what we learn now only helps in the races left
        last = self.style.last_turn_looks if b.view.caller is not None else 1.0
        if target == "own":
            return last * self.style.look_own_gain if own_unknown else 0.0
        if target == "other":
            return last * self.style.look_other_gain if other_unknown else 0.0
        if own_unknown:
            return last * self.style.look_own_gain
        return last * self.style.look_other_gain if other_unknown else 0.0

    def _clockwise(self, positions) -> list:
        """Positions in table order starting left of us, so ties favour no seat number."""
        n, me = self.n_seats, self.seat
        return sorted(positions, key=lambda q: ((q[0] - me) % n, q[1]))

    def _opponent_positions(self, b):
        seats = b.view.seats
        n = len(seats)
        return [sl.pos for k in range(1, n) for sl in seats[(self.seat + k) % n].slots
                if sl.present and not seats[(self.seat + k) % n].locked]

    def _blind_swap(self, b, candidates=None, exclude=()):
        """(our worst pos, their best pos, expected gain minus the margin) for a blind swap
        (leaving the positions in `exclude` alone)."""
        w, w_val = b.worst_own(exclude)
        if w is None:
            return None, None, -math.inf
        opp = candidates if candidates is not None else self._opponent_positions(b)
        best, best_val = None, math.inf
        leader = self._leader(b)
        for pos in opp:
            if pos in exclude:
                continue
            v = b.value(pos) - (0.2 if pos[0] == leader else 0.0)
            if v < best_val:
                best, best_val = pos, v
        if best is None:
            return None, None, -math.inf
        sure = b.known(w) and b.known(best)
        gain = w_val - b.value(best) - (self.style.sure_margin if sure else self.style.unsure_margin)
        return w, best, gain

    def _leader(self, b) -> Optional[int]:
        """The opponent we believe has the lowest hand (ties: lowest match total, then clockwise)."""
        n = b.view.n_seats
        best, best_key = None, None
        for k in range(1, n):
            s = (self.seat + k) % n
            key = (b.estimate(s)[0], b.view.seats[s].total)
            if best_key is None or key < best_key:
                best, best_key = s, key
        return best

    def _look_swap_plan(self, b, candidates):
        """Where a look-then-maybe-swap should look: (pos, expected gain).

        Look at an opponent's card hoping it is low (swap it for our worst), or
        at our own unknown card hoping it is high (swap it for their best).
        """
        own = [p for p in candidates if p[0] == self.seat]
        opp = [p for p in candidates if p[0] != self.seat]
        w, w_val = b.worst_own()
        best_pos, best_gain = None, -1.0
        if w is not None:
            for q in opp:
                if b.known(q):
                    g = max(0.0, w_val - b.faces[q].value)
                else:
                    g = b.gain_below(w_val, b.shift(q))
                if g > best_gain:
                    best_pos, best_gain = q, g
        if opp:
            floor = min(b.value(q) for q in opp)
            for u in own:
                if not b.known(u):
                    g = b.gain_above(floor, b.shift(u))
                    if g > best_gain:
                        best_pos, best_gain = u, g
        return best_pos, best_gain

    def _look_swap_gain(self, b, kind) -> float:
        candidates = [p for p in self._opponent_positions(b)] + list(b.own)
        if kind == "peeked":
            return self._look_swap_plan(b, candidates)[1]
        # a pair: our worst against their best-looking card
        w, w_val = b.worst_own()
        opp = self._opponent_positions(b)
        if w is None or not opp:
            return 0.0
        q = min(opp, key=b.value)
        if b.known(q):
            return max(0.0, w_val - b.faces[q].value) + (self.style.look_own_gain if not b.known(w) else 0.0)
        return b.gain_below(w_val, b.shift(q)) + (self.style.look_own_gain if not b.known(w) else 0.0)

    def _following_swap(self, pending) -> Optional[str]:
        """The kind of swap that follows the current peek step in the same ability, if any: the
        view names the steps still to do, this one first, so a bot asked afresh (the hard bot's
        root and playouts) knows what a "choose" step picked without having picked it."""
        if not pending.steps:
            return None
        (name, _), following = pending.steps[0], pending.steps[1:2]
        if not following or following[0][0] != name or name not in self.abilities:
            return None
        return self.abilities[name].steps[following[0][1]]["swap"]

    def _ability(self, view, legal, b):
        p = view.pending
        if p is None:
            return None
        skip = SKIP if SKIP in legal else None
        if p.step == "choose":
            return self._ability_choose(legal, b, skip)
        if p.step == "peek":
            return self._ability_peek(view, legal, b, skip)
        if p.step == "swap":
            return self._ability_swap(view, legal, b, skip)
        if p.step in ("reveal", "pick"):
            return self._ability_pick(legal, b)
        return None

    def _ability_choose(self, legal, b, skip):
        best, best_gain = None, -math.inf
        for a in legal:
            if a.kind == "choose":
                gain = self._ability_gain(a.choice, b) if self.style.plans \
                    else self._simple_ability_gain(a.choice, b) + self.rng.random() * 0.1
                if gain > best_gain:
                    best, best_gain = a, gain
        if best is None or (best_gain <= 0 and skip is not None):
            return skip
        return best

    def _ability_peek(self, view, legal, b, skip):
        p = view.pending
        spots = self._clockwise([a.pos for a in legal if a.kind == "peek"])
        if not spots:
            return skip
        follow = self._following_swap(p)
        pos = None
        if follow == "peeked" and self.style.plans:
            pos, _ = self._look_swap_plan(b, spots)
        elif follow == "peeked_pair":
            pos = self._pair_peek(b, spots, p)
        if pos is None:
            pos = self._info_peek(b, spots, p.target)
        if pos is None:
            return skip if skip is not None else Action("peek", pos=spots[0])
        return Action("peek", pos=pos)

    def _pair_peek(self, b, spots, p):
        """Double look & swap: our worst card first, then the opponent card most likely low."""
        mine = [q for q in spots if q[0] == self.seat]
        theirs = [q for q in spots if q[0] != self.seat]
        have_own = any(q[0] == self.seat for q in p.peeked)
        if not have_own and mine:
            return max(mine, key=lambda q: b.value(q) + (0.01 if not b.known(q) else 0))
        if theirs:
            if self.style.plans:
                return min(theirs, key=lambda q: (b.value(q), b.known(q)))
            return self.rng.choice(theirs)
        return None

    def _info_peek(self, b, spots, target):
        """A plain look: our own unknown card first (the most suspicious), else an opponent's."""
        mine = [q for q in spots if q[0] == self.seat and not b.known(q)]
        if mine:
            return max(mine, key=b.value)
        theirs = [q for q in spots if q[0] != self.seat and not b.known(q)]
        if not theirs:
            return None
        if not self.style.plans:
            return self.rng.choice(theirs)
        leader = self._leader(b)
        # the leader's cards matter most; cards their owner knows tell us their total
        return min(theirs, key=lambda q: (q[0] != leader, -(q[0] in b.view.slot(q).seen_by)))

    def _ability_swap(self, view, legal, b, skip):
        p = view.pending
        swaps = [a for a in legal if a.kind == "swap"]
        if not swaps:
            return skip
        pair = None
        if p.target == "any" or p.target is None:
            w, q, gain = self._blind_swap(b, [x for x in self._opponent_positions(b)])
            if not self.style.plans and w is not None:
                if b.value(w) >= 9 and b.known(w):
                    q = self.rng.choice(self._opponent_positions(b))
                    gain = 1.0
                else:
                    gain = -1.0
            if gain > 0:
                pair = (w, q)
        elif p.target == "peeked" and p.peeked:
            pair = self._after_look(b, tuple(p.peeked[0]), swaps)
        elif p.target == "peeked_pair" and len(p.peeked) >= 2:
            a, c = tuple(p.peeked[0]), tuple(p.peeked[1])
            if (a[0] == self.seat) != (c[0] == self.seat):
                mine, theirs = (a, c) if a[0] == self.seat else (c, a)
                if b.value(mine) - b.value(theirs) > self.style.sure_margin:
                    pair = (mine, theirs)
        if pair is not None:
            found = _find_swap(swaps, pair)
            if found is not None:
                return found
        if skip is not None:
            return skip
        return self._least_bad_swap(swaps, b)

    def _after_look(self, b, seen, swaps):
        """Look & swap: keep the looked-at card or swap it, now that we know it."""
        partners = self._clockwise([a.pos2 if a.pos == seen else a.pos for a in swaps])
        val = b.value(seen)
        if seen[0] == self.seat:
            theirs = [q for q in partners if q[0] != self.seat]
            if not theirs:
                return None
            q = min(theirs, key=b.value) if self.style.plans else self.rng.choice(theirs)
            margin = self.style.sure_margin if b.known(q) else self.style.unsure_margin
            return (seen, q) if val - b.value(q) > margin else None
        mine = [q for q in partners if q[0] == self.seat]
        if not mine:
            return None
        w = max(mine, key=lambda q: b.value(q) + (0.01 if not b.known(q) else 0))
        margin = self.style.sure_margin if b.known(w) else self.style.unsure_margin
        return (seen, w) if b.value(w) - val > margin else None

    def _least_bad_swap(self, swaps, b):
        """A swap we must make: the one that best lowers our hand (or changes nothing)."""
        def score(a):
            x, y = a.pos, a.pos2
            if x[0] == self.seat and y[0] != self.seat:
                return b.value(x) - b.value(y)
            if y[0] == self.seat and x[0] != self.seat:
                return b.value(y) - b.value(x)
            return 0.0
        return max(swaps, key=score)

    def _ability_pick(self, legal, b):
        picks = sorted((a for a in legal if a.kind == "pick"),
                       key=lambda a: ((a.pos[0] - self.seat) % self.n_seats, a.pos[1]))
        if not picks:
            return SKIP if SKIP in legal else None
        unknown = [a for a in picks if not b.known(a.pos)]
        if not unknown:
            return picks[0]
        if self.style.reads_players:
            owner_seen = [a for a in unknown if a.pos[0] in b.view.slot(a.pos).seen_by]
            if owner_seen:
                return owner_seen[0]
        return unknown[0]

    # ---- match races ----
    def _race_pick(self, view, legal, b):
        """The match this bot would claim on the open window, or None."""
        key = view.window.card.match
        own, own_val = None, -math.inf
        theirs = []
        for a in legal:
            if a.kind != "match":
                continue
            f = b.faces.get(a.pos)
            if f is None or f.match != key:
                continue
            if a.pos[0] == self.seat:
                if f.value >= 0 and f.value > own_val:
                    own, own_val = a, f.value
            elif self.style.matches_opponents:
                theirs.append((f.value, (a.pos[0] - self.seat) % self.n_seats, a))
        if own is not None:
            return own
        if theirs:
            _, worst = b.worst_own()
            best, best_score = None, self.style.give_away_min
            for low, _, act in sorted(theirs, key=lambda t: t[:2]):
                score = self._throw_theirs(worst, low)
                if score > best_score:
                    best, best_score = act, score
            return best
        return None

    def _throw_theirs(self, worst: float, low: float) -> float:
        """What throwing an opponent's card worth `low` gains us against them: "you give your
        opponent a card from your hand" (Kombio; Cambio: "darfst du ihm nun eine deiner
        Tischkarten geben") -- we shed our worst, they lose `low` and get our worst."""
        if worst == -math.inf:
            worst = 0.0
        rival = 1.0 / max(1, self.n_seats - 1)    # their gain counts fully in a duel, less among more
        give = self.give_rule
        score = -math.inf
        if give in ("must", "may"):
            score = worst - rival * (low - worst)
        if give in ("may", "never"):
            score = max(score, -rival * low)    # a negative card of theirs is worth taking away
        return score

    def _window(self, view, legal, b):
        w = view.window
        if w is None or (w.winner is not None and w.winner != self.seat):
            return PASS          # someone else's chain: a late throw only costs a penalty card
        act = self._race_pick(view, legal, b)
        return act if act is not None else PASS

    def _give(self, view, legal, b):
        gives = [a for a in legal if a.kind == "give"]
        if not gives:
            return None
        best = max(gives, key=lambda a: b.value(a.pos) + (0.01 if not b.known(a.pos) else 0))
        if b.value(best.pos) <= 0 and SKIP in legal:
            return SKIP          # giving is optional here, and our worst card is a good one
        return best

    def _mismatch_choice(self, view, legal, b):
        p = view.pending
        face = view.slot(p.pos).face if p is not None and p.pos is not None else None
        value = face.value if face is not None else b.mean
        # the claimer may keep a card that costs us points; a good card we keep
        choice = "take" if value > 0 else "return"
        for a in legal:
            if a.kind == "decide" and a.choice == choice:
                return a
        return None


def _find_swap(swaps, pair):
    x, y = pair
    for a in swaps:
        if (a.pos == x and a.pos2 == y) or (a.pos == y and a.pos2 == x):
            return a
    return None


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
    claims = []
    for seat, view in zip(seats, game.views(seats)):
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
        if game.phase != "window" or seat not in game.to_act():
            break
        apply(seat, PASS)
        applied += 1
    return applied
