"""The view reuses a seat's part while its content is unchanged: it must never show a stale table.

Random seeded players (and every seat's view after every action, the public one
too) over all three memory rulesets: the view a long-lived state builds (its
cache warm from every earlier view) equals the view a fresh copy builds (cache
cold), and equals the same view made through the dataclasses' own __init__
(`build` fills every field).
"""
import dataclasses
import random

import pytest

from game.engine.ruleset import default_options
from game.engine.session import Session
from game.families.memory.view import MemoryView, Pending, SeatView, SlotView, WindowView
from rigging import load


def rebuilt(obj):
    """`obj` made again through its class's generated __init__ (nested view objects too)."""
    if isinstance(obj, (MemoryView, SeatView, SlotView, Pending, WindowView)):
        return type(obj)(**{f.name: rebuilt(getattr(obj, f.name)) for f in dataclasses.fields(obj)})
    if isinstance(obj, tuple):
        return tuple(rebuilt(x) for x in obj)
    return obj


@pytest.mark.parametrize("rid", ["kombio", "cambio", "cambio-classic"])
def test_warm_views_equal_cold_views(rid):
    ruleset = load(rid)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        n = rng.randint(ruleset.min_players, min(ruleset.max_players, 5))
        game = Session(ruleset, [{"name": f"P{i}", "kind": "ai"} for i in range(n)], default_options(ruleset), seed).game
        for _ in range(400):
            if game.is_over():
                break
            together = game.views([None, *range(n)])     # a race asks every seat at once
            for seat, at_once in zip([None, *range(n)], together):
                warm = game.view(seat)
                assert at_once == warm
                assert warm == game.copy(share_caches=False).view(seat)   # cold: nothing shared
                if checked % 7 == 0:
                    assert warm == rebuilt(warm) and repr(warm) == repr(rebuilt(warm))
                checked += 1
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 1000


def test_a_hidden_card_is_the_same_object_whichever_card_it_is():
    """Privacy down to object identity: a bot comparing view objects with `is` must not tell
    two hidden cards apart (or spot the same hidden card again after a new deal)."""
    ruleset = load("kombio")
    game = Session(ruleset, [{"name": "A", "kind": "ai"}, {"name": "B", "kind": "ai"}], default_options(ruleset), 3).game
    before = game.view(0).slot((1, 0))
    assert before.face is None
    twin = game.copy()
    twin._slot_cache = game._slot_cache          # copies share it: the case to check
    j = 0
    twin.layouts[1][0], twin.deck[j] = twin.deck[j], twin.layouts[1][0]
    assert twin.layouts[1][0] != game.layouts[1][0] and twin.known[twin.layouts[1][0]] == 0
    assert twin.view(0).slot((1, 0)) is before
