"""Kumbal states for tests: a real game from rulesets/kumbal.yaml, then its cards put in place.

Cards are named by their ruleset key ("9_clubs", "joker", "K_hearts"); `rig` moves real card ids
into the hands, the deck and the discard pile, and every card of the deck stays in exactly one
place (check_conserved). Kept apart from rigging_memory.py, which rigs the memory family.
"""
from __future__ import annotations

from typing import Optional

from game.engine import registry
from game.engine.core import Action
from game.engine.ruleset import default_options
from game.families.shedding.rules import SheddingGame
from rigging import load

DRAW = Action("draw", places=(("deck",),))
CALL = Action("call")
KEEP = Action("keep")
NEXT = Action("next_round")
DRAW_PENALTY = Action("draw_penalty", places=(("deck",),))


def kumbal():
    """rulesets/kumbal.yaml, loaded once."""
    return load("kumbal")


def options(rounds: Optional[int] = None, points: int = 100, **variants) -> dict:
    """Kumbal's match options: house rules by key (five_cards=True), a match to `points` or of
    `rounds` rounds."""
    ruleset = kumbal()
    opts = default_options(ruleset)
    for key, on in variants.items():
        assert key in opts["variants"], f"Kumbal has no house rule {key}"
        opts["variants"][key] = on
    opts["match_end"] = ({"mode": "rounds", "rounds": rounds, "points": points} if rounds
                         else {"mode": "points", "rounds": 5, "points": points})
    return opts


def new_game(n: int = 2, seed: int = 0, rounds: Optional[int] = None, points: int = 100,
             **variants) -> SheddingGame:
    return SheddingGame(kumbal(), n, options(rounds, points, **variants), seed)


def rig(game: SheddingGame, hands: dict, deck=(), last=(), gone=(), current: int = 0,
        last_by: Optional[int] = "previous", totals=None) -> SheddingGame:
    """Put cards in place at the start of `current`'s turn. hands: {seat: [key, ...]} (seats left
    out get 7 other cards); deck: the keys on top of the deck, the top first (every other card
    lies beneath them); last: the previous player's discard, in the order laid; gone: the cards
    beneath it on the discard pile."""
    used: set = set()

    def pick(key):
        for cid, face in enumerate(game.faces):
            if face.key == key and cid not in used:
                used.add(cid)
                return cid
        raise AssertionError(f"no card {key!r} left to place")

    placed = {s: [pick(k) for k in keys] for s, keys in hands.items()}
    top = [pick(k) for k in deck]
    last_ids = [pick(k) for k in last]
    gone_ids = [pick(k) for k in gone]
    rest = [c for c in range(len(game.faces)) if c not in used]
    for s in range(game.n):
        if s not in placed:
            placed[s], rest = rest[:7], rest[7:]
    game.hands = [placed[s] for s in range(game.n)]
    game.deck = rest + top[::-1]
    game.discard = gone_ids + last_ids
    game.last_discard = tuple(last_ids)
    game.last_kind = game._shape(last_ids)[0] if last_ids else "single"
    game.last_by = (current - 1) % game.n if last_by == "previous" else last_by
    game.last_acted = False
    game.just_discarded, game.just_kind = (), ""
    game.taken = [[] for _ in range(game.n)]
    game.current, game.phase = current, "discard"
    game.owed, game.drawn, game.has_drawn, game.penalty_drawn = 0, None, False, False
    if totals is not None:
        game.totals = list(totals)
    game._view_common = None     # the state was changed behind the contract's back
    game._legal_cache = {}
    check_conserved(game)
    return game


def rigged(n: int = 2, hands: Optional[dict] = None, seed: int = 0, rounds=None, points: int = 100,
           variants: Optional[dict] = None, **kw) -> SheddingGame:
    return rig(new_game(n, seed, rounds, points, **(variants or {})), hands or {}, **kw)


def check_conserved(game: SheddingGame) -> None:
    """What the family declares conserved (Family.conserved), against the deal: every card of the
    deck(s) in exactly one place (a hand, the deck or the discard pile)."""
    assert registry.family("shedding").conserved(game)["cards"] == list(range(len(game.faces))), \
        "cards were created or lost"


def ids(game: SheddingGame, seat: int, *keys) -> list:
    """The ids of these cards in the seat's hand, in the order given."""
    out = []
    for key in keys:
        out.append(next(c for c in game.hands[seat] if game.faces[c].key == key and c not in out))
    return out


def lay(seat: int, cards) -> Action:
    """The discard of these card ids, in the order given."""
    return Action("discard", places=tuple(("hand", seat, c) for c in cards) + (("discard",),))


def discard(game: SheddingGame, seat: int, *keys) -> Action:
    """The discard of these cards of the seat's hand, by key, in the order given."""
    return lay(seat, ids(game, seat, *keys))


def take(card: int) -> Action:
    return Action("take", places=(("last", card),))


def free(seat: int, card: int) -> Action:
    return Action("free_discard", places=(("hand", seat, card), ("discard",)))


def keys(game: SheddingGame, cards) -> list:
    return [game.faces[c].key for c in cards]
