"""Castle Combo's sampler for the hard level (game/families/tableau/sampling.py).

view.py: "Castle Combo is open information ... Only the order of the two decks is hidden (a view
gives their counts)." A sample must give the viewer exactly its view, keep every card in one
place, and deal the decks anew with the generator.
"""
import random

from game.engine import registry
from game.engine.ruleset import default_options
from tests.rigging_castle_combo import accounted, castle_combo
from game.ai import make_bot
from game.families.tableau.scoring import LOCATIONS


def _states(games: int, seats=(2, 3, 4, 5)):
    """(game, seat) at every decision of seeded games of easy and random bots."""
    rs = castle_combo()
    family = registry.family(rs.family)
    for seed in range(games):
        n = seats[seed % len(seats)]
        game = family.new_game(rs, n, default_options(rs), seed)
        # easy never spends a key; random does (the "buy" phase after a key)
        bots = [make_bot(rs, s, ("easy", "random")[(seed + s) % 2], seed * 8 + s) for s in range(n)]
        while not game.is_over():
            seat = game.to_act()[0]
            yield game, seat
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def test_a_sample_shows_the_viewer_its_own_view_and_loses_no_card():
    rs = castle_combo()
    family = registry.family(rs.family)
    phases = set()
    for k, (game, seat) in enumerate(_states(12)):
        view = game.view(seat)
        sample = family.determinize(rs, default_options(rs), view, random.Random(k))
        assert sample.view(seat) == view
        assert accounted(sample) == list(range(len(sample.faces)))
        assert sorted(map(repr, sample.legal_actions(seat))) == sorted(map(repr, game.legal_actions(seat))) \
            or view.phase == "purses"      # purse_take depends on gold stored by abilities (not in a view)
        phases.add(view.phase)
    assert {"turn", "buy", "purses"} <= phases


def test_the_deck_orders_vary_with_the_generator_and_nothing_else_does():
    rs = castle_combo()
    family = registry.family(rs.family)
    game, seat = next((g, s) for g, s in _states(1) if g.turn_no == 5)
    view = game.view(seat)
    orders = set()
    for k in range(10):
        sample = family.determinize(rs, default_options(rs), view, random.Random(k))
        for loc in LOCATIONS:
            assert sorted(sample.decks[loc]) == sorted(game.decks[loc])
        orders.add(tuple(sample.decks["castle"]))
    assert len(orders) == 10
    same = [family.determinize(rs, default_options(rs), view, random.Random(3)).decks for _ in range(2)]
    assert same[0] == same[1]


def test_a_sample_plays_on_to_the_end():
    rs = castle_combo()
    family = registry.family(rs.family)
    for k, (game, seat) in enumerate(_states(3)):
        if k % 7:
            continue
        sample = family.determinize(rs, default_options(rs), game.view(seat), random.Random(k))
        bots = [make_bot(rs, s, "random", k + s) for s in range(sample.n)]
        while not sample.is_over():
            s = sample.to_act()[0]
            sample.apply(s, bots[s].choose(None, sample.legal_actions(s)))
        assert accounted(sample) == list(range(len(sample.faces)))
