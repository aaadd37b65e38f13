"""A memory bot's choices in a card's ability (`AbilityChoices`, a part of MemoryBot in bots.py):
what an ability is worth before it is used (to choose it, or to discard a drawn card for it), which
card to look at, whether to swap and which cards, which card a reveal picks.

Apart from bots.py as the rules keep an ability's steps apart from the turn (abilities.py): they
are the largest part of the bot's decisions, and each decides from what the bot believes
(beliefs.py).
"""
from __future__ import annotations

import math
from typing import Optional

from game.engine.core import Action
from game.families.memory.moves import _SKIP, listed


class AbilityChoices:
    """The ability steps of MemoryBot: the choose, peek, swap and pick phases of a pending ability."""

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
        skip = _SKIP if listed(_SKIP, legal) else None
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
            return _SKIP if listed(_SKIP, legal) else None
        unknown = [a for a in picks if not b.known(a.pos)]
        if not unknown:
            return picks[0]
        if self.style.reads_players:
            owner_seen = [a for a in unknown if a.pos[0] in b.view.slot(a.pos).seen_by]
            if owner_seen:
                return owner_seen[0]
        return unknown[0]


def _find_swap(swaps, pair):
    """The swap of the two positions in `pair`, in either order, or None."""
    # compared by their places, as Action.pos and pos2 read them: a swap lists a hundred actions
    x, y = ("slot",) + tuple(pair[0]), ("slot",) + tuple(pair[1])
    for a in swaps:
        first, second = a.places[0], a.places[1]
        if (first == x and second == y) or (first == y and second == x):
            return a
    return None
