"""Card definitions: the public face of a card, as a ruleset declares it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class CardDef:
    """What a card's face shows. A view carries a CardDef only for a face its seat may see.

    key: unique within the ruleset ("7", "red_king", "QH");
    label: the big text on the face ("7", "K", "Q");
    value: points when scored;
    match: what matching compares (Kombio: the value; Cambio: the rune);
    ability: name of the ability in the ruleset, or None;
    suit: optional suit ("spades", "hearts", "diamonds", "clubs") drawn as a symbol;
    colour: optional accent colour name or "#rrggbb" for the face;
    symbol: optional rune/icon name drawn on the face (never colour alone);
    name: a human name for logs ("Red King", "7").
    """
    key: str
    label: str
    value: int
    match: str
    count: int = 1
    ability: Optional[str] = None
    suit: Optional[str] = None
    colour: Optional[str] = None
    symbol: Optional[str] = None
    name: str = ""

    @property
    def title(self) -> str:
        return self.name or self.label


@dataclass(frozen=True)
class Prim:
    """A tagged primitive of a ruleset's vocabulary (a card's ability, a scoring scroll, a selection):
    `tag` names the family's evaluator for it, `params` its parameters as sorted (key, value) pairs;
    a value may itself be a Prim or a tuple of Prims. Families parse their YAML into these."""
    tag: str
    params: tuple = ()

    def get(self, key, default=None):
        for k, v in self.params:
            if k == key:
                return v
        return default
