"""A memory bot's choices in the match race (`RaceChoices`, a part of MemoryBot in bots.py): which
match it claims when a window opens (a card of its own, or an opponent's card worth throwing), and
the race's other decisions: to pass in someone else's chain, which card to give for a card matched
from an opponent, whether to take or return a wrong throw's card.

Apart from bots.py as the rules keep the race apart from the turn (race.py). How a bot-only match
runs the race among every seat's bot is bots.py's `bot_step`.
"""
from __future__ import annotations

import math

from game.families.memory.moves import _PASS, _SKIP, listed


class RaceChoices:
    """The match race of MemoryBot: its claim (`race`), and the window, give and mismatch_choice phases."""

    def _race_pick(self, view, legal, b):
        """The match this bot would claim on the open window, or None."""
        key = view.window.card.match
        own, own_val = None, -math.inf
        theirs = []
        faces = b.faces
        for a in legal:
            if a.kind != "match":
                continue
            pos = a.pos
            f = faces.get(pos)
            if f is None or f.match != key:
                continue
            if pos[0] == self.seat:
                if f.value >= 0 and f.value > own_val:
                    own, own_val = a, f.value
            elif self.style.matches_opponents:
                theirs.append((f.value, (pos[0] - self.seat) % self.n_seats, a))
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
            return _PASS          # someone else's chain: a late throw only costs a penalty card
        act = self._race_pick(view, legal, b)
        return act if act is not None else _PASS

    def _give(self, view, legal, b):
        gives = [a for a in legal if a.kind == "give"]
        if not gives:
            return None
        best = max(gives, key=lambda a: b.value(a.pos) + (0.01 if not b.known(a.pos) else 0))
        if b.value(best.pos) <= 0 and listed(_SKIP, legal):
            return _SKIP          # giving is optional here, and our worst card is a good one
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
