"""Klobba!'s hard bot (game/families/clash/search.py, sampling.py, the "playout" level of bots.py).

Issue 12: "It never reads the state: it samples the hidden cards from what its view allows, and a
test proves it (the same decision on a twin state whose unknown cards are shuffled)"; "seeded and
reproducible for a given budget in playouts"; item 3: "Make the copy / apply / legal-actions path
that search uses fast".
"""
import random

from game.ai import make_bot
from game.engine import registry
from game.engine.ruleset import default_options
from game.families.clash import bot_outcomes, bots as clash_bots
from tests.rigging_klobba import hidden_twin, klobba


def _decisions(phases, seeds=range(6), levels=("normal", "normal")):
    """(game, seat) at each decision of seeded 2-player games of normal bots, in these phases."""
    ruleset = klobba()
    family = registry.family(ruleset.family)
    for seed in seeds:
        game = family.new_game(ruleset, 2, default_options(ruleset), seed)
        bots = [make_bot(ruleset, s, levels[s], seed * 8 + s) for s in range(2)]
        while not game.is_over():
            for seat in game.to_act():
                if seat not in game.to_act():
                    continue
                legal = game.legal_actions(seat)
                if game.phase in phases and len(legal) > 1:
                    yield game, seat
                game.apply(seat, bots[seat].choose(game.view(seat), legal))


def test_after_the_reveal_it_searches_on_samples_and_decides_the_same_on_a_twin():
    """The clobber's decisions (a tied selection, the card after Swap & Play, what to keep when
    fleeing) are searched on samples of the view (no fallback to the policy), and the hand of the
    other holder and both decks shuffled do not change the move."""
    ruleset = klobba()
    checked = set()
    for game, seat in _decisions(("select", "swap", "flee"), seeds=range(12)):
        if game.phase in checked or game.legal_actions(seat)[0].kind == "swap_return":
            continue
        twin = hidden_twin(game, seat, random.Random(2))
        assert twin.view(seat) == game.view(seat)
        assert twin.hands[1 - seat] != game.hands[1 - seat] or twin.action_deck != game.action_deck
        choices = set()
        for state in (game, twin):
            bot = make_bot(ruleset, seat, "hard", 4, playouts=24)
            choices.add(bot.choose(state.view(seat), state.legal_actions(seat)))
            assert bot.last["fallback"] is None and bot.last["playouts"] == 24
        assert len(choices) == 1
        checked.add(game.phase)
        if len(checked) == 3:
            break
    assert checked >= {"select", "swap"}


def test_a_lay_is_reproducible_for_a_playout_budget():
    ruleset = klobba()
    game, seat = next(_decisions(("lay",)))
    view, legal = game.view(seat), game.legal_actions(seat)
    first = make_bot(ruleset, seat, "hard", 7, playouts=32).choose(view, legal)
    other, other_seat = next(_decisions(("lay",), seeds=(9,)))
    bot = make_bot(ruleset, seat, "hard", 7, playouts=32)
    bot.choose(other.view(other_seat), other.legal_actions(other_seat))    # a decision in between
    assert bot.choose(view, legal) == first


def test_the_switch_the_capture_and_the_cards_put_back_are_not_searched():
    """search.py: a playout ending with the round cannot tell these apart, so normal decides."""
    ruleset = klobba()
    seen = set()
    for game, seat in _decisions(("switch", "capture", "swap"), seeds=range(20)):
        legal = game.legal_actions(seat)
        kind = legal[0].kind
        if kind == "swap_play" or kind in seen:
            continue
        bot = make_bot(ruleset, seat, "hard", 1, playouts=50)
        action = bot.choose(game.view(seat), legal)
        policy = make_bot(ruleset, seat, "normal", 0)
        assert bot.last["playouts"] == 0 and action == bot.last["policy_choice"]
        assert action in legal and policy.choose(game.view(seat), legal) in legal
        seen.add(kind)
    assert {"switch", "swap_return"} & seen


def test_the_playout_level_plays_as_normal_but_switches_by_the_plain_gain():
    """bots.py: the internal "playout" level is normal's judgement everywhere but step 8, where it
    takes a switch "bringing a mightier Barbarian into its own Band" without weighing the next round."""
    ruleset = klobba()
    same = switches = 0
    for game, seat in _decisions(("lay", "group", "switch"), seeds=range(10)):
        view, legal = game.view(seat), game.legal_actions(seat)
        normal = make_bot(ruleset, seat, "normal", 3).choose(view, legal)
        playout = clash_bots.make_bot(ruleset, seat, "playout", 3).choose(view, legal)
        if game.phase != "switch":
            assert playout == normal
            same += 1
            continue
        assert playout in legal
        if playout.kind == "switch":
            (_, _, mine), (_, _, theirs) = playout.places
            assert game.faces[theirs].value > game.faces[mine].value
            switches += 1
    assert same > 20 and switches > 0


def test_the_shared_memos_do_not_change_a_decision():
    """Bots of one deck share what they work out (a search makes thousands): a normal bot decides
    as it did with every memo empty."""
    ruleset = klobba()
    game, seat = next(_decisions(("lay",), seeds=(5,)))
    view, legal = game.view(seat), game.legal_actions(seat)
    bot_outcomes._TABLES.clear()
    clash_bots._LEARNT.clear()
    fresh = [make_bot(ruleset, seat, "normal", k).choose(view, legal) for k in range(6)]
    for _ in _decisions(("lay", "group"), seeds=range(3)):
        pass            # other games fill the memos
    assert [make_bot(ruleset, seat, "normal", k).choose(view, legal) for k in range(6)] == fresh


def test_a_copy_is_independent_of_its_original():
    """rules.py copies Sides and offers by hand (no deepcopy): a playout must not touch the root."""
    ruleset = klobba()
    game, seat = next(_decisions(("swap", "select", "flee"), seeds=range(8)))
    before = game.view(seat)
    sides = {s: (list(side.swaps), list(side.surprises), side.selected) for s, side in game.sides.items()}
    copy = game.copy()
    bots = [make_bot(ruleset, s, "easy", s) for s in range(2)]
    while not copy.is_over() and copy.round_no == game.round_no:
        for s in copy.to_act():
            if s in copy.to_act():
                copy.apply(s, bots[s].choose(copy.view(s), copy.legal_actions(s)))
    assert copy.round_no != game.round_no or copy.is_over()
    assert game.view(seat) == before
    assert {s: (list(side.swaps), list(side.surprises), side.selected) for s, side in game.sides.items()} == sides


def test_a_card_laid_before_the_viewer_is_the_policys_not_a_random_one():
    """sampling.py: the card the other holder laid face down before the viewer's turn is the one the
    policy lays with the hand dealt to it ("a card dealt at random would be a holder that plays at
    random"): an "All [Clan]" card that would distract (two Stars lost) is hardly ever laid, where a
    random card of that hand would be one about five times as often."""
    from game.families.clash import selection
    ruleset = klobba()
    family = registry.family(ruleset.family)
    distracting, at_random, samples = 0, 0.0, 0
    for game, seat in _decisions(("lay",), seeds=range(10)):
        other = 1 - seat
        if game.sides[other].laid is None:
            continue        # the viewer lays first here: the playouts ask the policy anyway
        view = game.view(seat)
        for k in range(8):
            sample = family.determinize(ruleset, default_options(ruleset), view, random.Random(k))
            side = sample.sides[other]
            available = sample.available(side.group)

            def distracts(card):
                face = sample.faces[card]
                return face.effect.tag == "all_of_clan_or_distract" and \
                    selection.evaluate(face.effect, available) == selection.DISTRACT
            held = sample.hands[other] + [side.laid]
            distracting += distracts(side.laid)
            at_random += sum(map(distracts, held)) / len(held)
            samples += 1
    assert samples > 100
    assert distracting * 4 < at_random
