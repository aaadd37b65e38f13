"""Klobba!'s sampler for the hard level (game/families/clash/sampling.py).

view.py: "Hidden, and never named by id in another seat's view: hands, offers (only their maker
and their receiver see the card), a laid card before the reveal, ... the order of both decks (a
view gives their counts)." A sample deals those from the unseen cards, consistently with the
counts: the viewer sees exactly its view, no card is created or lost, and the deal varies.
"""
import random

import pytest

from game.ai import make_bot
from game.engine import registry
from game.engine.ruleset import default_options
from game.families.clash.sampling import SAMPLED_PHASES
from tests.rigging_klobba import check_conserved, klobba


def _states(games: int, seats=(2, 3, 4)):
    """(game, seat) at each decision of seeded games (easy and random bots) in the phases the sampler rebuilds."""
    rs = klobba()
    family = registry.family(rs.family)
    for seed in range(games):
        n = seats[seed % len(seats)]
        game = family.new_game(rs, n, default_options(rs), seed)
        # easy never spends a key; random does (the "buy" phase after a key)
        bots = [make_bot(rs, s, ("easy", "random")[(seed + s) % 2], seed * 8 + s) for s in range(n)]
        while not game.is_over():
            for seat in game.to_act():
                if seat not in game.to_act():
                    continue
                if game.phase in SAMPLED_PHASES:
                    yield game, seat
                game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def test_a_sample_shows_the_viewer_its_own_view_and_keeps_every_card():
    rs = klobba()
    family = registry.family(rs.family)
    phases = set()
    for k, (game, seat) in enumerate(_states(12)):
        view = game.view(seat)
        sample = family.determinize(rs, default_options(rs), view, random.Random(k))
        assert sample.view(seat) == view
        check_conserved(sample)
        assert sample.legal_actions(seat) == game.legal_actions(seat)
        phases.add(view.phase)
    assert phases == set(SAMPLED_PHASES)


def test_the_hidden_cards_vary_with_the_generator():
    rs = klobba()
    family = registry.family(rs.family)
    game, seat = next((g, s) for g, s in _states(1, seats=(2,)) if g.phase == "lay" and g.round_no == 2)
    view = game.view(seat)
    other = 1 - seat
    hands = {tuple(sorted(family.determinize(rs, default_options(rs), view, random.Random(k)).hands[other]))
             for k in range(12)}
    assert len(hands) > 3
    for k in range(12):
        sample = family.determinize(rs, default_options(rs), view, random.Random(k))
        assert not set(sample.hands[other]) & set(view.hand)
        assert sample.hands[seat] == list(view.hand)


def test_the_clobber_phases_are_refused_with_a_sentence():
    rs = klobba()
    family = registry.family(rs.family)
    game = family.new_game(rs, 2, default_options(rs), 1)
    bots = [make_bot(rs, s, "easy", s) for s in range(2)]
    while game.phase in SAMPLED_PHASES:
        for seat in game.to_act():
            if seat in game.to_act():
                game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    seat = game.to_act()[0]
    with pytest.raises(NotImplementedError, match="rebuilds phases group, offer, lay"):
        family.determinize(rs, default_options(rs), game.view(seat), random.Random(0))


def test_a_sample_plays_on_to_the_end():
    rs = klobba()
    family = registry.family(rs.family)
    for k, (game, seat) in enumerate(_states(6)):
        if k % 5:
            continue
        sample = family.determinize(rs, default_options(rs), game.view(seat), random.Random(k))
        bots = [make_bot(rs, s, "random", k + s) for s in range(sample.n)]
        while not sample.is_over():
            for s in sample.to_act():
                if s in sample.to_act():
                    sample.apply(s, bots[s].choose(None, sample.legal_actions(s)))
        check_conserved(sample)
