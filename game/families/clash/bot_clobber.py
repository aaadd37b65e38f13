"""A Klobba! bot's choices in step 4, clobber time (`ClobberChoices`, a part of ClashBot in
bots.py): what to put back and play in a Swap & Play, which two to keep when fleeing, which of tied
selections to make, which Barbarian to capture.

Apart from bots.py as the rules keep step 4 apart from the round (clobber.py); each choice weighs
the clash with bot_outcomes.py's arithmetic.
"""
from __future__ import annotations

from game.engine.core import Action
from game.families.clash import selection
from game.families.clash.bot_outcomes import DISTRACTED, EMPTY, NOBODY, Table, _side_of_selection, expected_max


class ClobberChoices:
    """Step 4 of ClashBot: the swap, swap_return, flee, select and capture phases."""

    # ---- step 4: Swap & Play ----
    def _swap(self, view, legal: list) -> Action:
        """Swap & Play: put back the cards least worth keeping; then play the drawn card that does
        best against the opponent's card, seen at the reveal (or, against another Swap & Play, blind)."""
        if legal[0].kind == "swap_return":
            return self._swap_return(view, legal)
        table = self._table(view, self.seat)
        theirs = self._their_card(view, view.showdown_of(self._opponent(view, self.seat)))
        # playing Swap & Play again swaps this many; with no swap left it selects nobody
        again = view.swaps_left[1] if len(view.swaps_left) > 1 else 0
        scored = []
        for action in legal:
            key = self.key_of[action.places[0][2]]
            draws = 3
            if self.tag[key] == "swap_and_play":
                key, draws = (key, again) if again else (NOBODY, 3)
            if theirs != "unknown":
                value = table.against(key, theirs, draws)
            elif self.tag.get(key) == "swap_and_play":
                value = expected_max([table.blind(e) for e in table._drawable()], draws)
            else:
                value = table.blind(key)
            scored.append((value, action))
        return self._pick(scored)

    def _their_card(self, view, other):
        """The card the opponent plays, as far as this seat can know it: its key, NOBODY, or
        "unknown" (its own Swap & Play's choice is hidden until both are revealed)."""
        if other.swaps:
            if other.played is None:
                return "unknown"
            return self.key_of[other.played]
        return self.key_of[other.card] if other.card is not None else "unknown"

    def _swap_return(self, view, legal: list) -> Action:
        """Put back the cards least worth keeping."""
        def kept_worth(action):
            back = {p[2] for p in action.places}
            return sum(self.keep_worth.get(self.key_of[c], 0.0) for c in view.hand if c not in back)
        return max(legal, key=kept_worth)

    # ---- step 4: the rest ----
    def _their_sides(self, view, table: Table) -> list:
        """[(probability, Side)] of the opponent's selection, as far as the view tells."""
        other = view.showdown_of(self._opponent(view, self.seat))
        if other.distracts:
            return [(1.0, DISTRACTED)]
        if other.total is not None and other.selected:
            # its selection is made: what it stands to lose is known
            return [(1.0, _side_of_selection(other.selected, other.total, table.their_stars,
                                             self.barbarian, table.their_ids))]
        if other.effect is not None:
            return [(1.0, table.side(self.key_of[other.effect], "T"))]
        card = self._their_card(view, other)
        mine = view.showdown_of(self.seat)
        mine_card = self._their_card(view, mine)
        fleeing = card != "unknown" and (self.tag.get(card) == "flee_and_surprise" or (
            self.tag.get(card) == "mirror" and self.tag.get(mine_card) == "flee_and_surprise"))
        if fleeing and not other.surprises:
            return [(p, table.side(e, "T")) for e, p in table.surprise_p] or [(1.0, EMPTY)]
        return [(1.0, EMPTY)]

    def _flee(self, view, legal: list) -> Action:
        """Keep the two whose expected outcome, over the Surprises still unseen, is best."""
        table = self._table(view, self.seat)
        theirs = self._their_sides(view, table)
        scored = []
        for action in legal:
            kept = {p[2] for p in action.places}
            available = [a for a in table.mine if a[0] in kept]
            value = sum(p * q * table.outcome(self.side_of(e, available, table.my_stars, table.own_ids), b)
                        for e, p in table.surprise_p for q, b in theirs)
            scored.append((value, action))
        return self._pick(scored)

    def _select(self, view, legal: list) -> Action:
        """Of the tied selections, the one that loses least if beaten and rests fewest of our own."""
        table = self._table(view, self.seat)
        theirs = self._their_sides(view, table)
        scored = []
        for action in legal:
            picked = [p[2] for p in action.places]
            me = _side_of_selection(picked, _total_of(self, view, action), table.my_stars, self.barbarian,
                                    table.own_ids)
            scored.append((sum(q * table.outcome(me, b) for q, b in theirs), action))
        best = max(v for v, _ in scored)
        return next(a for v, a in scored if v >= best - 1e-9)

    def _capture(self, view, legal: list) -> Action:
        """The highest bounty; between equals, from the Band of the player leading the others."""
        def worth(action):
            _, place, card = action.places[0]
            owner = view.bands[place].owner
            lead = view.seats[owner].score if owner is not None and owner != self.seat else -1
            return (self.barbarian[card][2], lead)
        return max(legal, key=worth)


def _total_of(bot, view, action: Action) -> int:
    """The total of a tied selection (every tied choice of a card has the same total)."""
    side = view.showdown_of(bot.seat)
    key = bot.key_of[side.effect]
    for choice in selection.evaluate(bot.prim[key], bot._available(view, side.group)):
        if set(choice.selected) == {p[2] for p in action.places}:
            return choice.total
    return 0
