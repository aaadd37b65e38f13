"""Kumbal's card faces: the common faces (game/ui/cardart.py), with no word under READABLE pixels.

A face's name (the joker's "Joker") is drawn at 7.5% of the card's height: 7 px on the hands shown
at the round's end at 1280x800, which no one can read. Here it is left out when it would be smaller
than READABLE; the big star and the corner say the card all the same.
"""
from __future__ import annotations

from game.ui.cardart import CardArt

READABLE = 11       # the smallest text on a card, in pixels (1280x800 and up)


class SheddingArt(CardArt):
    """CardArt whose faces leave out a name too small to read."""

    @staticmethod
    def _name_lines(name, w, h, bottom):
        lines, size = CardArt._name_lines(name, w, h, bottom)
        return (lines, size) if size >= READABLE else ([], 0)
