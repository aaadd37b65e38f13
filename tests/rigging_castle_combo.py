"""Castle Combo states for tests: the real ruleset, tableaux built by card key, and a real game
with its cards moved into place.

Cards are named by their ruleset key ("his_holiness", "spice_merchant"). A tableau is written as
rows of cells, top row first: a key, "key:2" (2 gold on it), "down:key" (face down) or None
(empty); `tableau(...)` gives the tuple of `Placed` the pure helpers take. `rig` moves real card
ids into the displays, the tableaux and the discard piles; every other card of a location lies
in its deck, so every card stays in exactly one place (`accounted`).
"""
from __future__ import annotations

import functools
import os

from game.engine.ruleset import load_ruleset
from game.families.tableau.rules import TableauGame
from game.families.tableau.scoring import LOCATIONS
from game.families.tableau.view import Placed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
YAML = os.path.join(ROOT, "rulesets", "castle-combo.yaml")


@functools.lru_cache(maxsize=None)
def castle_combo():
    """The real Castle Combo ruleset, loaded once."""
    return load_ruleset(YAML)


def faces() -> tuple:
    return tuple(c for c in castle_combo().cards for _ in range(c.count))


def card(key: str) -> int:
    """The id of the card with this key."""
    for i, face in enumerate(faces()):
        if face.key == key:
            return i
    raise AssertionError(f"no card {key!r}")


def _cell(text: str, row: int, col: int) -> Placed:
    face_up = not text.startswith("down:")
    key = text[5:] if not face_up else text
    gold = 0
    if ":" in key:
        key, gold = key.split(":")
    return Placed(card(key), row, col, face_up, int(gold))


def tableau(*rows) -> tuple:
    """A tableau from rows of cells (top row first): "key", "key:gold", "down:key", None."""
    return tuple(_cell(text, r, c) for r, row in enumerate(rows) for c, text in enumerate(row)
                 if text is not None)


def new_game(n: int = 2, seed: int = 0) -> TableauGame:
    return TableauGame(castle_combo(), n, None, seed)


def rig(game: TableauGame, displays=None, tableaux=None, gold=None, keys=None, current=None,
        messenger=None, discards=None, decks=None) -> TableauGame:
    """Put cards in place at the start of `current`'s turn. displays: {location: [key, ...]};
    tableaux: {seat: tableau(...)}; discards: {location: [key, ...]} (bottom first); decks:
    {location: [key, ...]} the next cards to be revealed, top first (the rest lie beneath; when
    the list ends with "...nothing" the rest are put out of the game, as `removed`, so the deck
    holds only these); gold/keys: {seat: n}."""
    displays, tableaux, discards, decks = displays or {}, tableaux or {}, discards or {}, decks or {}
    used = set()
    for loc, keys_ in displays.items():
        game.displays[loc] = [card(k) for k in keys_]
        used.update(game.displays[loc])
    for seat, placed in tableaux.items():
        game.tableaux[seat] = list(placed)
        used.update(p.card for p in placed)
    for loc, keys_ in discards.items():
        game.discards[loc] = [card(k) for k in keys_]
        used.update(game.discards[loc])
    only = {}
    for loc, keys_ in decks.items():
        only[loc] = keys_ and keys_[-1] == "...nothing"
        top = [card(k) for k in keys_ if k != "...nothing"]
        decks[loc] = top
        used.update(top)
    assert len(used) == sum(len(v) for v in displays.values()) + sum(len(t) for t in tableaux.values()) \
        + sum(len(v) for v in discards.values()) + sum(len(v) for v in decks.values()), "a card placed twice"
    for loc in LOCATIONS:
        rest = [c for c, f in enumerate(game.faces) if f.location == loc and c not in used]
        if loc not in displays:
            game.displays[loc], rest = rest[:3], rest[3:]
        if loc not in discards:
            game.discards[loc] = []
        top = decks.get(loc, [])
        if only.get(loc):
            game.removed.extend(rest)     # out of the way: the test wants exactly this deck
            rest = []
        game.decks[loc] = rest + list(reversed(top))
    for seat in range(game.n):
        if seat not in tableaux:
            game.tableaux[seat] = []
    for seat, n in (gold or {}).items():
        game.gold[seat] = n
    for seat, n in (keys or {}).items():
        game.keys[seat] = n
    if current is not None:
        game.current = current
    if messenger is not None:
        game.messenger = messenger
    game._view_common = None
    return game


def accounted(game: TableauGame) -> list:
    """Every card id, from wherever it is (decks, displays, discards, tableaux, removed), sorted."""
    ids = [c for loc in LOCATIONS for c in game.decks[loc] + game.displays[loc] + game.discards[loc]]
    ids += [p.card for t in game.tableaux for p in t] + list(game.removed)
    return sorted(ids)


def cell(seat: int, row: int, col: int) -> tuple:
    return ("cell", seat, row, col)


def on_display(game: TableauGame, key: str) -> tuple:
    c = card(key)
    loc = game.faces[c].location
    assert c in game.displays[loc], f"{key} is not on the {loc} display"
    return ("display", loc, c)
