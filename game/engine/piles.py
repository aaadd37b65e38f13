"""Services every card family needs, so no family writes its own: piles and who knows each card.

Cards are ids (0 .. n-1, an index into the family's tuple of faces); a pile is a list of ids
with its top at the end. All randomness comes from the game's own seeded `random.Random`, so a
match replays exactly.
"""
from __future__ import annotations

import random
from typing import Optional


def new_deck(n_cards: int, rng: random.Random) -> list:
    """The ids 0..n_cards-1, shuffled with the game's generator (top of the deck = last)."""
    deck = list(range(n_cards))
    rng.shuffle(deck)
    return deck


def cut(deck: list, rng: random.Random, margin: int = 4) -> list:
    """The deck cut once instead of shuffled (a house rule): the top part goes under the rest,
    at a point at least `margin` cards from either end."""
    if len(deck) <= 2 * margin:
        return list(deck)
    at = rng.randint(margin, len(deck) - margin)
    return deck[at:] + deck[:at]


def refill(deck: list, discard: list, rng: random.Random, keep_top: int = 1,
           knowledge: Optional["Knowledge"] = None) -> int:
    """An empty deck is refilled from the discard pile, except its top `keep_top` cards, shuffled.

    Changes both lists in place and returns how many cards moved. A shuffle forgets: nobody
    knows where a reshuffled card lies (pass `knowledge` to forget them there).
    """
    if deck or len(discard) <= keep_top:
        return 0
    split = len(discard) - keep_top
    moved = discard[:split]
    del discard[:split]
    rng.shuffle(moved)
    deck.extend(moved)
    if knowledge is not None:
        knowledge.forget(moved)
    return len(moved)


class Knowledge:
    """Which seats know each card's face, as one bitmask per card id (bit s: seat s knows it).

    Showing a card to everyone sets every bit; a shuffle forgets. The memory family keeps the
    same masks in a plain list for speed in its inner loops; this is the shared form.
    """

    __slots__ = ("masks", "everyone")

    def __init__(self, n_cards: int, n_seats: int):
        self.masks = [0] * n_cards
        self.everyone = (1 << n_seats) - 1

    def copy(self) -> "Knowledge":
        new = object.__new__(Knowledge)
        new.masks, new.everyone = list(self.masks), self.everyone
        return new

    def __repr__(self):
        return f"Knowledge({self.masks!r})"

    def __eq__(self, other):
        return isinstance(other, Knowledge) and self.masks == other.masks

    def show(self, card: int, seat: int) -> None:
        """`seat` has seen the card."""
        self.masks[card] |= 1 << seat

    def show_all(self, card: int) -> None:
        """The card was shown face up to everyone."""
        self.masks[card] = self.everyone

    def knows(self, card: int, seat: int) -> bool:
        return bool(self.masks[card] >> seat & 1)

    def is_public(self, card: int) -> bool:
        return self.masks[card] == self.everyone

    def seats(self, card: int) -> frozenset:
        mask = self.masks[card]
        return frozenset(s for s in range(self.everyone.bit_length()) if mask >> s & 1)

    def forget(self, cards) -> None:
        """Nobody knows where these cards are any more (they were shuffled)."""
        for card in cards:
            self.masks[card] = 0
