"""Kumbal test helpers: a real ShedGame whose hands are rigged with chosen cards, cards conserved."""
from __future__ import annotations

from game.engine.ruleset import load_ruleset
from game.families.shedding.rules import ShedGame
from game.paths import resource_path


def kumbal():
    return load_ruleset(str(resource_path("rulesets", "kumbal.yaml")))


def card_id(game, key: str, taken=()) -> int:
    """The first id of the face `key` ("4_clubs", "joker") not in `taken`."""
    for cid, face in enumerate(game.faces):
        if face.key == key and cid not in taken:
            return cid
    raise KeyError(key)


def _pile_of(game, cid):
    for pile in [game.deck, game.discard] + game.hands:
        if cid in pile:
            return pile
    raise KeyError(cid)


def rig_hand(game, seat: int, keys) -> list:
    """Give `seat` exactly the cards `keys` (its old cards go to the deck: cards conserved);
    returns their ids in hand order."""
    wanted = []
    for key in keys:
        wanted.append(card_id(game, key, wanted))
    for cid in wanted:
        _pile_of(game, cid).remove(cid)
    game.deck.extend(game.hands[seat])
    game.hands[seat][:] = wanted
    return list(wanted)


def rig_last(game, seat_by: int, keys, kind: str) -> list:
    """Make `keys` the previous discard, laid by `seat_by` (kind "single", "set" or "run")."""
    ids = []
    for key in keys:
        cid = card_id(game, key, ids)
        _pile_of(game, cid).remove(cid)
        ids.append(cid)
    game.discard.extend(ids)
    game.last_discard, game.last_by, game.last_kind, game.last_acted = tuple(ids), seat_by, kind, False
    return ids


def new_game(n: int = 2, seed: int = 0, options=None) -> ShedGame:
    return ShedGame(kumbal(), n, options, seed)
