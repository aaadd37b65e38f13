"""The small values the scoring and the views share: a card placed in a tableau and a card's points.

scoring.py reads and writes them and view.py carries them (and names them for the table and the
bots), so they live here, where both import them one way.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Placed:
    """One card in a tableau."""
    card: int                       # id into faces
    row: int
    col: int
    face_up: bool                   # False: taken without paying (no ability, shields, banner, points)
    gold: int = 0                   # gold stored on it (purse cards)


@dataclass(frozen=True)
class CardScore:
    """One card's points in a final (or projected) scoring, with the words of why."""
    card: int
    row: int
    col: int
    points: int
    why: str                        # "3 × 3 for 3 Faith shields in its row": English (words.Said, or a
                                    # message marked N_), shown through game.i18n.tr
