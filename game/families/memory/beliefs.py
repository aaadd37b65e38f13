"""What a memory bot believes about the cards on the table: `Beliefs`, built once per decision
from one seat's view, values every card (its face when known, else what an unseen card is expected
to be, given who has seen it) and estimates every seat's hand; `_distribution` gives the unseen
cards' distribution it reads.

Apart from the bot's decisions (bots.py, bot_abilities.py, bot_race.py) because it is their common
knowledge: each of them, and the hard bot's search (search.py), reads the same beliefs.
"""
from __future__ import annotations

import math


class Beliefs:
    """What one seat believes about every card on the table, built once per decision.

    The unaccounted-card distribution is computed on first use only: most race
    decisions need nothing but the faces.
    """

    def __init__(self, view, me: int, faces: dict, unknown: list, own: list, bot, hands: list):
        self.view, self.me, self.bot = view, me, bot     # bot: the MemoryBot (bots.py) that believes
        self.faces = faces          # pos -> CardDef: the faces we know (or remember)
        self.unknown = unknown      # [(pos, hint)] hint 0: nobody has seen it, 1: its owner has, 2: others
        self.own = own              # our present positions
        self.hands = hands          # per seat, its present cards in slot order: (is a face, value or hint)
        self.reads = bot.style.reads_players
        self._counts = None     # (the unseen cards' (value, count) pairs, how many): _compute
        self._dist = None
        self._values = None
        self._estimates: dict = {}
        self._gains: dict = {}      # (below?, a, shift) -> gain_below / gain_above

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
        self._counts, self._mean, self._var, self._mean_kept, self._mean_dumped = _distribution(
            left, min(kept, st.kept_most), st.dumped_weight)

    @property
    def dist(self) -> tuple:
        """(value, probability) of an unaccounted card, for each value."""
        if self._dist is None:
            if self._counts is None:
                self._compute()
            counts, total = self._counts
            self._dist = tuple([(v, n / total) for v, n in counts])
        return self._dist

    @property
    def mean(self) -> float:
        """Expected value of an unaccounted card."""
        if self._counts is None:
            self._compute()
        return self._mean

    @property
    def var(self) -> float:
        if self._counts is None:
            self._compute()
        return self._var

    def _value_all(self) -> dict:
        """Expected value of every card on the table, computed once."""
        if self._counts is None:
            self._compute()
        out = {pos: f.value for pos, f in self.faces.items()}
        by_hint = self._by_hint = (self._mean, self._mean_kept, self._mean_dumped) if self.reads \
            else (self._mean,) * 3
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
        # asked for every card a look may choose, with a few shifts (one per hint): worked out once
        key = (True, a, shift)
        got = self._gains.get(key)
        if got is None:
            got = self._gains[key] = sum(p * (a - v - shift) for v, p in self.dist if a - v - shift > 0)
        return got

    def gain_above(self, c: float, shift: float = 0.0) -> float:
        """E[max(0, X - c)] for X an unaccounted card (shifted)."""
        key = (False, c, shift)
        got = self._gains.get(key)
        if got is None:
            got = self._gains[key] = sum(p * (v + shift - c) for v, p in self.dist if v + shift - c > 0)
        return got

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
            if self._values is None:
                self._value_all()
            by_hint = self._by_hint
            est, unknown = 0.0, 0
            for is_face, x in self.hands[seat]:     # in slot order: the same sum to the last bit
                if is_face:
                    est += x
                else:
                    est += by_hint[x]
                    unknown += 1
            got = self._estimates[seat] = (est, unknown * self._var)
        return got


def _distribution(left: dict, kept_weight: float, dumped_weight: float) -> tuple:
    """((counts, total), mean, variance, mean of a kept card, mean of a dumped card) of the unseen
    cards: counts are their (value, how many) pairs, made into the distribution only when it is
    read (`Beliefs.dist`: most decisions need only the means).

    left: value -> how many cards of that value are unaccounted for.
    """
    items = []
    total = s1 = s2 = 0
    for v, n in left.items():       # one pass: asked at nearly every decision
        if n > 0:
            items.append((v, n))
            total += n
            vn = v * n
            s1 += vn
            s2 += v * vn
    if not total:      # everything is accounted for (cannot happen in Kombio): say nothing
        return ([(0, 1)], 1), 0.0, 0.0, 0.0, 0.0
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
    return (items, total), mean, var, mean + kept_weight * (low_mean - mean), \
        mean + dumped_weight * (high_mean - mean)
