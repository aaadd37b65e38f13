"""Klobba!'s sampler for the hard level (game/families/clash/sampling.py).

view.py: "Hidden, and never named by id in another seat's view: hands, offers (only their maker
and their receiver see the card), a laid card before the reveal, ... the order of both decks (a
view gives their counts)." A sample deals those from the unseen cards, consistently with the
counts: the viewer sees exactly its view, no card is created or lost, and the deal varies, in
every phase a seat decides in (issue 12: "given a seat's view ... deal the unknown cards
consistently"), the clobber's own decisions and the switch included.
"""
import random

import pytest

from game.ai import make_bot
from game.engine import registry
from game.engine.ruleset import default_options
from game.families.clash.sampling import SAMPLED_PHASES
from tests.rigging import play_out
from tests.rigging_klobba import check_conserved, klobba


def _states(games: int, seats=(2, 3, 4), first: int = 0):
    """(game, seat) at each decision of seeded games (easy and normal bots), every phase."""
    ruleset = klobba()
    family = registry.family(ruleset.family)
    for seed in range(first, first + games):
        n = seats[seed % len(seats)]
        game = family.new_game(ruleset, n, default_options(ruleset), seed)
        # normal plays Mirror & Switch, Swap & Play and Flee & Surprise where they pay; easy at random
        bots = [make_bot(ruleset, s, ("easy", "normal")[(seed + s) % 2], seed * 8 + s) for s in range(n)]
        while not game.is_over():
            for seat in game.to_act():
                if seat not in game.to_act():
                    continue
                if game.phase in SAMPLED_PHASES:
                    yield game, seat
                game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def test_a_sample_shows_the_viewer_its_own_view_and_keeps_every_card():
    ruleset = klobba()
    family = registry.family(ruleset.family)
    phases = set()
    # seeds 0-39 reach every phase: a tied flee and a tied capture are rare
    for k, (game, seat) in enumerate(_states(40)):
        view = game.view(seat)
        sample = family.determinize(ruleset, default_options(ruleset), view, random.Random(k))
        assert sample.view(seat) == view
        check_conserved(sample)
        assert sample.legal_actions(seat) == game.legal_actions(seat)
        phases.add(view.phase)
    assert phases == set(SAMPLED_PHASES)


def test_the_hidden_cards_vary_with_the_generator():
    ruleset = klobba()
    family = registry.family(ruleset.family)
    game, seat = next((g, s) for g, s in _states(1, seats=(2,)) if g.phase == "lay" and g.round_no == 2)
    view = game.view(seat)
    other = 1 - seat
    hands = {tuple(sorted(family.determinize(ruleset, default_options(ruleset), view, random.Random(k)).hands[other]))
             for k in range(12)}
    assert len(hands) > 3
    for k in range(12):
        sample = family.determinize(ruleset, default_options(ruleset), view, random.Random(k))
        assert not set(sample.hands[other]) & set(view.hand)
        assert sample.hands[seat] == list(view.hand)


def test_after_the_reveal_only_the_hands_and_the_decks_differ_between_samples():
    """After the reveal (step 4) the laid cards, the Surprises and the selections are public: a sample
    keeps them and deals anew only the other hands and the decks' order."""
    ruleset = klobba()
    family = registry.family(ruleset.family)
    game, seat = next((g, s) for g, s in _states(3, seats=(2,)) if g.phase in ("select", "switch", "swap"))
    view = game.view(seat)
    other = 1 - seat
    samples = [family.determinize(ruleset, default_options(ruleset), view, random.Random(k)) for k in range(12)]
    assert len({tuple(sorted(s.hands[other])) for s in samples}) > 3
    for sample in samples:
        for side, real in ((sample.sides[s], game.sides[s]) for s in game.sides):
            assert (side.laid, side.swaps, side.surprises, side.selected, side.may_switch) == \
                (real.laid, real.swaps, real.surprises, real.selected, real.may_switch)
        assert sample.bands == game.bands and sample.face_down == game.face_down


def test_the_game_over_is_refused_with_a_sentence():
    ruleset = klobba()
    family = registry.family(ruleset.family)
    game = family.new_game(ruleset, 2, default_options(ruleset), 1)
    bots = [make_bot(ruleset, s, "easy", s) for s in range(2)]
    while not game.is_over():
        for seat in game.to_act():
            if seat in game.to_act():
                game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    with pytest.raises(NotImplementedError, match="not 'over'"):
        family.determinize(ruleset, default_options(ruleset), game.view(0), random.Random(0))


def test_a_sample_plays_on_to_the_end():
    ruleset = klobba()
    family = registry.family(ruleset.family)
    for k, (game, seat) in enumerate(_states(6)):
        if k % 9:
            continue
        sample = family.determinize(ruleset, default_options(ruleset), game.view(seat), random.Random(k))
        play_out(sample, k, "random", round_only=False)
        check_conserved(sample)
