"""Castle Combo's sampler for the hard level (game/families/tableau/sampling.py).

view.py: "Castle Combo is open information ... Only the order of the two decks is hidden (a view
gives their counts)." A sample must give the viewer exactly its view, keep every card in one
place, and deal the decks anew with the generator.
"""
import random

from game.engine import registry
from game.engine.ruleset import default_options
from game.engine.core import Action
from tests.rigging_castle_combo import accounted, castle_combo, cell, new_game, on_display, rig, tableau
from game.ai import make_bot
from tests.rigging import play_out
from game.families.tableau.scoring import LOCATIONS
from game.families.tableau.view import PHASES


def _states(games: int, seats=(2, 3, 4, 5)):
    """(game, seat) at every decision of seeded games of easy and random bots."""
    ruleset = castle_combo()
    family = registry.family(ruleset.family)
    for seed in range(games):
        n = seats[seed % len(seats)]
        game = family.new_game(ruleset, n, default_options(ruleset), seed)
        # easy never spends a key; random does (the "buy" phase after a key)
        bots = [make_bot(ruleset, s, ("easy", "random")[(seed + s) % 2], seed * 8 + s) for s in range(n)]
        while not game.is_over():
            seat = game.to_act()[0]
            yield game, seat
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def _steward_fill():
    """(game, seat) in the "fill" phase: the Steward bought beside three purse cards not full."""
    game = rig(new_game(2), displays={"castle": ["steward", "nun", "cardinal"]}, messenger="castle",
               current=0, tableaux={0: tableau(["potter", "beekeeper:8", "vicar:1"])})
    game.apply(0, Action("buy", places=(on_display(game, "steward"), cell(0, 1, 0))))
    assert game.phase == "fill"
    return game, 0


def _exact(game, seat, rng) -> str:
    """The phase of a sample of `seat`'s view, once it showed that view, kept every card in one
    place, and offered the game's own legal actions."""
    ruleset = castle_combo()
    view = game.view(seat)
    sample = registry.family(ruleset.family).determinize(ruleset, default_options(ruleset), view, rng)
    assert sample.view(seat) == view
    assert accounted(sample) == list(range(len(sample.faces)))
    assert sorted(map(repr, sample.legal_actions(seat))) == sorted(map(repr, game.legal_actions(seat)))
    return view.phase


def test_a_sample_shows_the_viewer_its_own_view_and_loses_no_card():
    """In every phase, the end's purses too: there the gold abilities stored on each purse (which
    may not be taken back: "at the end a player may move only the leftover gold", rules.py) is
    public, so a sample offers the same `purse_take` actions as the game."""
    phases = {_exact(game, seat, random.Random(k)) for k, (game, seat) in enumerate(_states(12))}
    phases.add(_exact(*_steward_fill(), random.Random(1)))
    assert phases == set(PHASES) - {"over"}


def test_the_purse_phase_shows_the_gold_abilities_stored():
    """view.py `stored_by_abilities`: the leftover gold proposed on top of it may be taken back,
    the gold an ability stored may not (and a sample knows which is which)."""
    for game, seat in _states(12):
        view = game.view(seat)
        stored = dict(view.stored_by_abilities)
        if view.phase != "purses":
            assert stored == {}
            continue
        takes = {a.places[0][2:] for a in game.legal_actions(seat) if a.kind == "purse_take"}
        on = {(p.row, p.col): p.gold for p in view.seats[seat].tableau}
        assert takes == {cell for cell, gold in on.items() if gold > stored[cell]}
        if any(stored.values()) and takes:
            return
    raise AssertionError("no purse phase with gold both stored by abilities and proposed")


def test_the_deck_orders_vary_with_the_generator_and_nothing_else_does():
    ruleset = castle_combo()
    family = registry.family(ruleset.family)
    game, seat = next((g, s) for g, s in _states(1) if g.turn_no == 5)
    view = game.view(seat)
    orders = set()
    for k in range(10):
        sample = family.determinize(ruleset, default_options(ruleset), view, random.Random(k))
        for loc in LOCATIONS:
            assert sorted(sample.decks[loc]) == sorted(game.decks[loc])
        orders.add(tuple(sample.decks["castle"]))
    assert len(orders) == 10
    same = [family.determinize(ruleset, default_options(ruleset), view, random.Random(3)).decks for _ in range(2)]
    assert same[0] == same[1]


def test_a_sample_plays_on_to_the_end():
    ruleset = castle_combo()
    family = registry.family(ruleset.family)
    for k, (game, seat) in enumerate(_states(3)):
        if k % 7:
            continue
        sample = family.determinize(ruleset, default_options(ruleset), game.view(seat), random.Random(k))
        play_out(sample, k, "random", round_only=False)
        assert accounted(sample) == list(range(len(sample.faces)))
