"""An independent rule-of-thumb Kumbal player (issue 32 item 1), the yardstick for the shedding
family's normal bot as bench/peer_memory.py's PeerBot is for the memory family's.

Written from the rule text (docs/rules/kumbal.md, clarifications.md "Kumbal") and the seat's view
alone: it imports nothing of game/families/shedding/ and shares none of its code on purpose (no
hand shapes of its own beyond what the legal moves list, no sampling, no chances): the habits a
careful club player would write down. It is the same opponent before and after a change to normal,
so the change is judged against something it was not tuned on.

Its habits:
- lay whatever sheds the most points (a pair of kings before a lone queen);
- take the previous player's card when it is low (3 or less) or when it goes with a card in hand
  (the same rank, or next to a card of its suit), so next turn sheds more; else draw blind;
- throw a drawn card of the rank just laid, always (free points);
- call when its hand is within the limit and below what it guesses each other player holds: the
  cards they were seen to take, and for each other card a share of the average unseen card (people
  keep their low cards: the longer the round, the lower what they keep).
"""
from __future__ import annotations

import random


class KumbalPeer:
    """A rule-of-thumb player for Kumbal, from the rule text and the view alone."""

    LOW = 3                 # a discard this low is worth taking instead of a blind draw
    KEPT_SHARE = 0.65       # what a card someone keeps is worth, as a share of the average unseen card
    SURE = 2                # a hand this small is called whatever the others hold

    def __init__(self, ruleset, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(seed)

    # --- what the view says ---

    @staticmethod
    def _points(view, cards) -> int:
        return sum(view.faces[c].value for c in cards)

    def _unseen_mean(self, view) -> float:
        """The average value of the cards this seat has not seen laid, taken or in its hand."""
        seen = set(view.hand) | set(view.gone) | set(view.last_discard) | set(view.just_discarded)
        for s in view.seats:
            seen.update(s.taken)
        rest = [f.value for c, f in enumerate(view.faces) if c not in seen]
        return sum(rest) / len(rest) if rest else 6.5

    def _guess(self, view, seat) -> float:
        """What `seat` (a SheddingSeat) holds, as a club player guesses it."""
        known = self._points(view, seat.taken)
        unknown = seat.hand_count - len(seat.taken)
        rounds_in = view.turns / max(1, view.n)
        share = max(0.4, self.KEPT_SHARE - 0.03 * rounds_in)
        return known + unknown * share * self._unseen_mean(view)

    # --- the moves ---

    def choose(self, view, legal):
        kinds = {a.kind for a in legal}
        if len(legal) == 1:
            return legal[0]
        if "free_discard" in kinds:
            return next(a for a in legal if a.kind == "free_discard")
        if "call" in kinds and self._calls(view):
            return next(a for a in legal if a.kind == "call")
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            return self._discard(view, discards)
        if "take" in kinds or "draw" in kinds:
            return self._draw(view, legal)
        return self.rng.choice(legal)

    def _calls(self, view) -> bool:
        mine = self._points(view, view.hand)
        if mine > view.call_limit:
            return False
        if mine <= self.SURE:
            return True
        others = [self._guess(view, s) for s in view.seats if s.seat != self.seat]
        low = min(others) if others else mine + 1
        return mine < low if view.tie_undercuts else mine <= low

    def _discard(self, view, discards):
        def shed(action):
            cards = [p[2] for p in action.places if p[0] == "hand"]
            return (self._points(view, cards), len(cards))
        best = max(shed(a) for a in discards)
        return self.rng.choice([a for a in discards if shed(a) == best])

    def _draw(self, view, legal):
        takes = [a for a in legal if a.kind == "take"]
        hand = [view.faces[c] for c in view.hand]

        def goes_with(face) -> bool:
            return any(h.match == face.match or (h.suit and h.suit == face.suit and abs(h.value - face.value) == 1)
                       for h in hand)

        good = []
        for a in takes:
            face = view.faces[a.places[0][1]]
            if face.value <= self.LOW or goes_with(face):
                good.append((face.value > self.LOW, face.value, a))
        if good:
            return min(good, key=lambda g: (g[0], g[1]))[2]
        draws = [a for a in legal if a.kind == "draw"]
        return draws[0] if draws else takes[0]
