"""An independent rule-of-thumb player for the memory family (Kombio, Cambio, classic Cambio), the
yardstick of issue 12 item 2 ("Tried against an independent heuristic bot"), played by
bench/bench_peer.py.

Written from the rule texts (docs/rules/kombio.txt, cambio.de.txt, clarifications.md) and the view
alone: it imports nothing of game/families/memory/bots.py and shares none of its code on purpose
(no card counting, no expected-gain sums): fixed rules of thumb a careful club player would write
down (a card its owner has looked at and kept is probably low; an unseen card is worth the deck's
average). It is the same opponent before and after a change to normal, so the change is judged
against something it was not tuned on.
"""
from __future__ import annotations

import math
import random


class PeerBot:
    """A rule-of-thumb player for the memory family, from the rule texts and the view alone.

    Its habits: know your own cards first (every look goes to your own unknown card while there
    is one); keep a card only when it is clearly lower than the worst card you hold; throw a
    known card onto a matching discard whenever that lowers your hand; call when every card you
    hold is known and the total is small, or sooner as the round drags on.
    """

    def __init__(self, ruleset, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(seed)
        counts = [(c.value, c.count) for c in ruleset.cards]
        self.average = sum(v * n for v, n in counts) / sum(n for _, n in counts)
        self.turns = 0
        self.round = None

    # ---- what it believes: a known face, else the deck's average ----
    def _worth(self, view, pos) -> float:
        face = view.slot(pos).face
        return face.value if face is not None else self.average

    def _kept(self, view, pos) -> bool:
        """Whether the owner of the card at pos has looked at it (and still holds it)."""
        return pos[0] in view.slot(pos).seen_by

    def _mine(self, view) -> list:
        return [sl.pos for sl in view.seats[self.seat].slots if sl.present]

    def _theirs(self, view) -> list:
        return [sl.pos for sv in view.seats if sv.seat != self.seat and not sv.locked
                for sl in sv.slots if sl.present]

    def _worst(self, view):
        """(our card we would most like to lose, what we think it is worth)."""
        mine = self._mine(view)
        if not mine:
            return None, -math.inf
        pos = max(mine, key=lambda p: (self._worth(view, p), view.slot(p).face is None))
        return pos, self._worth(view, pos)

    def _total(self, view) -> tuple:
        """(believed hand total, how many of our cards we do not know)."""
        mine = self._mine(view)
        unknown = sum(1 for p in mine if view.slot(p).face is None)
        return sum(self._worth(view, p) for p in mine), unknown

    # ---- the entry points ----
    def choose(self, view, legal):
        if view.round_no != self.round:
            self.round, self.turns = view.round_no, 0
        by_kind: dict = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        step = getattr(self, "_" + view.phase, None)
        action = step(view, legal, by_kind) if step else None
        if action is None or action not in legal:
            for kind in ("pass", "skip", "look_start", "next_round"):
                if kind in by_kind:
                    return by_kind[kind][0]
            action = next((a for a in legal if a.kind != "call"), legal[0])
        return action

    def race(self, view, legal):
        """Throw a matching card we know, when that helps us; (action, reaction delay) or None."""
        w = view.window
        if view.phase != "window" or w is None or self.seat not in view.to_act:
            return None
        if w.winner is not None and w.winner != self.seat:
            return None
        action = self._throw(view, legal)
        return None if action is None else (action, self.rng.uniform(0.8, 1.4))

    def _throw(self, view, legal):
        rune = view.window.card.match
        _, worst = self._worst(view)
        own_best, other_best = None, None
        for a in legal:
            if a.kind != "match":
                continue
            face = view.slot(a.pos).face
            if face is None or face.match != rune:
                continue
            if a.pos[0] == self.seat:
                if face.value > 0 and (own_best is None or face.value > view.slot(own_best.pos).face.value):
                    own_best = a
            elif worst >= 4 and other_best is None:
                other_best = a        # their card goes, and we may hand them our worst one
        return own_best or other_best

    # ---- phases ----
    def _initial_peek(self, view, legal, by_kind):
        return by_kind.get("look_start", legal)[0]

    def _round_over(self, view, legal, by_kind):
        return legal[0]

    def _turn(self, view, legal, by_kind):
        self.turns += 1
        if "call" in by_kind and self._ready_to_call(view):
            return by_kind["call"][0]
        top = view.top
        _, worst = self._worst(view)
        for a in by_kind.get("draw", ()):
            if a.choice == "discard" and top is not None and top.value <= 4 and worst - top.value >= 3:
                return a
        return next((a for a in by_kind.get("draw", ()) if a.choice == "deck"), None)

    def _ready_to_call(self, view) -> bool:
        """Call on a small hand we know, clearly below what the others seem to hold.

        An opponent's card we have not seen counts 3: players keep their low cards. With more
        opponents someone is likelier to be lower, so the bar is lower.
        """
        total, unknown = self._total(view)
        if unknown > (1 if self.turns >= 12 else 0):
            return False
        others = [sum(sl.face.value if sl.face is not None else 3 for sl in sv.slots if sl.present)
                  for sv in view.seats if sv.seat != self.seat]
        bar = min(min(others) - 3, 5 if view.n_seats == 2 else 3)
        if view.call_limit is not None:
            bar = min(bar, view.call_limit - unknown * 2)
        return total <= bar + (2 if self.turns >= 12 else 0)

    def _drawn(self, view, legal, by_kind):
        card = view.drawn
        pos, worst = self._worst(view)
        keep = pos is not None and card.value <= worst - (1 if view.slot(pos).face is not None else 2)
        exchange = [a for a in by_kind.get("exchange", ()) if a.pos == pos]
        if keep and exchange:
            return exchange[0]
        if "discard" in by_kind:
            return by_kind["discard"][0]
        return exchange[0] if exchange else None

    def _ability(self, view, legal, by_kind):
        p = view.pending
        if p.step == "choose":
            return self._choose(view, by_kind)
        if p.step == "peek":
            return self._peek(view, by_kind, p)
        if p.step == "swap":
            return self._swap(view, by_kind, p)
        picks = by_kind.get("pick", ())
        hidden = [a for a in picks if view.slot(a.pos).face is None]
        return (hidden or list(picks) or [None])[0]

    def _choose(self, view, by_kind):
        names = {a.choice: a for a in by_kind.get("choose", ())}
        unknown_own = any(view.slot(q).face is None for q in self._mine(view))
        _, worst = self._worst(view)
        for name, wanted in (("look_own", unknown_own), ("swap", worst >= 7), ("look_other", True)):
            if name in names and wanted:
                return names[name]
        return next(iter(names.values()), None)

    def _peek(self, view, by_kind, p):
        peeks = [a for a in by_kind.get("peek", ()) if view.slot(a.pos).face is None]
        own = [a for a in peeks if a.pos[0] == self.seat]
        if own and p.target in ("own", "any") and not (p.target == "any" and p.peeked):
            return own[0]
        other = [a for a in peeks if a.pos[0] != self.seat]
        if other:
            return self.rng.choice(other)
        return (peeks or list(by_kind.get("peek", ())) or [None])[0]

    def _swap(self, view, by_kind, p):
        swaps = by_kind.get("swap", ())
        skip = by_kind.get("skip", [None])[0]
        pos, worst = self._worst(view)
        pick = None
        if p.target == "peeked" and p.peeked:
            seen = tuple(p.peeked[0])
            value = self._worth(view, seen)
            if seen[0] == self.seat and value >= 7:
                pick = [a for a in swaps if seen in (a.pos, a.pos2)]     # away with it, unseen
            elif seen[0] != self.seat and value <= worst - 3:
                pick = [a for a in swaps if {seen, pos} == {a.pos, a.pos2}]
        elif p.target == "peeked_pair" and len(p.peeked) >= 2:
            a_pos, b_pos = tuple(p.peeked[0]), tuple(p.peeked[1])
            if (a_pos[0] == self.seat) != (b_pos[0] == self.seat):
                mine, theirs = (a_pos, b_pos) if a_pos[0] == self.seat else (b_pos, a_pos)
                if self._worth(view, mine) - self._worth(view, theirs) >= 2:
                    pick = list(swaps)
        elif worst >= 6:
            # a blind swap: our worst card for an opponent's card, best one its owner looked at
            # and kept (players keep their low cards)
            pick = [a for a in swaps if pos in (a.pos, a.pos2)
                    and (a.pos2 if a.pos == pos else a.pos)[0] != self.seat]
            kept = [a for a in pick if self._kept(view, a.pos2 if a.pos == pos else a.pos)]
            pick = kept or pick
        if pick:
            return self.rng.choice(pick)
        if skip is not None:
            return skip
        # a swap we must make: two other players' cards change nothing for us
        harmless = [a for a in swaps if a.pos[0] != self.seat and a.pos2[0] != self.seat]
        return (harmless or list(swaps))[0]

    def _window(self, view, legal, by_kind):
        w = view.window
        if w is None or (w.winner is not None and w.winner != self.seat):
            return by_kind.get("pass", [None])[0]
        return self._throw(view, legal) or by_kind.get("pass", [None])[0]

    def _give(self, view, legal, by_kind):
        gives = by_kind.get("give", ())
        if not gives:
            return None
        best = max(gives, key=lambda a: self._worth(view, a.pos))
        if self._worth(view, best.pos) <= 2 and "skip" in by_kind:
            return by_kind["skip"][0]
        return best

    def _mismatch_choice(self, view, legal, by_kind):
        p = view.pending
        face = view.slot(p.pos).face if p is not None and p.pos is not None else None
        keep_it = face is not None and face.value <= 3       # a good card of ours: have it back
        want = "return" if keep_it else "take"
        return next((a for a in by_kind.get("decide", ()) if a.choice == want), None)
