"""The hard level in the memory family (Kombio, Cambio, classic Cambio): game/ai/hard.py with the
family's sampler and its tuning (game/families/memory/search.py).

Issue 12: "seeded and reproducible for a given budget in playouts. It never reads the state: it
samples the hidden cards from what its view allows, and a test proves it (the same decision on a
twin state whose unknown cards are shuffled)"; item 6: "a short hard-vs-easy smoke test".
The strength figures live in bench/bench_hard.py and the closing note, not here.
"""
import random

import pytest

from game.ai import make_bot
from game.lab.lab import Recipe, lab_ruleset
from game.lab.simulate import run_match
from game.engine import registry
from game.families.memory import MemoryGame
from game.families.memory.bots import bot_step
from game.families.memory.search import (CALL_SEARCH_CHANCE, CALL_SEARCH_CHANCE_MORE_SEATS,
                                         DRAWN_MARGIN, PLAYOUT_ROTATIONS, candidates,
                                         lowest_chance)
from rigging import load
from rigging_memory import hidden_twin, options

RULESETS = ("kombio", "cambio", "cambio-classic")
FAMILY = registry.family("memory")


def decision(ruleset_id: str, phase: str, seed: int = 2, n: int = 2, steps: int = 12, searched=False):
    """An `n`-seat game played by normal bots for `steps` steps, then on to a moment in `phase` where
    the seat to act has a choice (`searched`: one the search weighs, whatever the policy's choice):
    (game, seat)."""
    ruleset = load(ruleset_id)
    game = MemoryGame(ruleset, n, None, seed)
    bots = [FAMILY.make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(n)]
    for count in range(5000):
        if count >= steps and game.phase == phase:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if len(legal) > 1 and (not searched or _searched(ruleset, game.view(seat), legal)):
                return game, seat
        bot_step(game, bots, game.apply)
    raise AssertionError(f"no {phase} decision reached")


def _searched(ruleset, view, legal) -> bool:
    """Whether the hard bot's search weighs this decision (the root's policy is a fresh normal bot)."""
    choice = FAMILY.make_bot(ruleset, view.viewer, "normal", 1).choose(view, legal)
    return len(set(candidates(view, legal, choice, ruleset))) > 1


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_playout_budget_gives_the_same_action_for_the_same_seed_and_view(ruleset_id):
    """"seeded and reproducible for a given budget in playouts": the same seed, view and legal
    actions give the same action, whatever the bot decided in between."""
    game, seat = decision(ruleset_id, "drawn", searched=True)
    view, legal = game.view(seat), game.legal_actions(seat)
    bot = make_bot(load(ruleset_id), seat, "hard", 5, playouts=24)
    first = bot.choose(view, legal)
    assert bot.last["playouts"] == 24, "a drawn card's decision is searched"
    other, other_seat = decision(ruleset_id, "turn", seed=3)
    bot.choose(other.view(other_seat), other.legal_actions(other_seat))
    assert bot.choose(view, legal) == first
    assert make_bot(load(ruleset_id), seat, "hard", 5, playouts=24).choose(view, legal) == first


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_same_decision_on_a_twin_whose_unseen_cards_are_shuffled(ruleset_id):
    """"It never reads the state ... the same decision on a twin state whose unknown cards are
    shuffled": every card the seat has not seen (the deck, the others' unseen cards, its own
    unseen ones) changes places; the view, the search's numbers and the move stay."""
    for phase, seed in (("turn", 4), ("drawn", 6)):
        game, seat = decision(ruleset_id, phase, seed=seed, searched=True)
        twin = hidden_twin(game, seat, random.Random(seed))
        assert twin.layouts != game.layouts or twin.deck != game.deck, "the twin must differ"
        assert twin.view(seat) == game.view(seat)
        choices = []
        for state in (game, twin):
            bot = make_bot(load(ruleset_id), seat, "hard", 9, playouts=20)
            choices.append((bot.choose(state.view(seat), state.legal_actions(seat)), bot.last["means"]))
        assert choices[0] == choices[1]


def test_the_search_weighs_only_the_choices_that_may_change_points():
    """search.candidates: a call is searched where normal gives it a fair chance of being lowest
    (else the turn is the policy's), and normal's own call is never searched; a drawn card's places
    within DRAWN_MARGIN points of normal's best place (some decisions all of them, some not); a
    look or a pick is the policy's; a swap is searched among the policy's, skipping, and the seat's
    worst card given to an opponent. What is not searched costs no playout."""
    kombio = load("kombio")
    turns = {"searched": 0, "policy's": 0}
    drawn = {"all": 0, "pruned": 0}      # every place searched, or some beyond the margin not
    looked = swapped = 0
    for seed in range(12):
        game, seat = decision("kombio", "turn", seed=seed, steps=12 + 4 * seed)
        view, legal = game.view(seat), game.legal_actions(seat)
        draw = next(a for a in legal if a.kind == "draw" and a.choice == "deck")
        kept = candidates(view, legal, draw, kombio)
        if lowest_chance(view, kombio) >= CALL_SEARCH_CHANCE:
            assert kept == [draw] + [a for a in legal if a.kind == "call"]
            turns["searched"] += 1
        else:
            assert kept == [draw]
            turns["policy's"] += 1
        for call in (a for a in legal if a.kind == "call"):
            assert candidates(view, legal, call, kombio) == [call]
        game, seat = decision("kombio", "drawn", seed=seed, steps=12 + 4 * seed)
        view, legal = game.view(seat), game.legal_actions(seat)
        bot = FAMILY.make_bot(kombio, seat, "normal", 1)
        choice = bot.choose(view, legal)
        kept = candidates(view, legal, choice, kombio)
        gains = bot.drawn_gains(view, legal, bot._beliefs(view))
        assert kept[0] == choice
        assert set(kept) == {choice} | {a for a in legal if gains[a] >= max(gains.values()) - DRAWN_MARGIN}
        drawn["all" if set(kept) == set(legal) else "pruned"] += 1
    assert all(turns.values()) and all(drawn.values()), (turns, drawn)
    for seed in range(40):
        game, seat = decision("cambio", "ability", seed=seed)
        view, legal = game.view(seat), game.legal_actions(seat)
        choice = legal[0]
        kept = candidates(view, legal, choice, load("cambio"))
        skip = [a for a in legal if a.kind == "skip"]
        if view.pending.step == "peek":
            assert kept == [choice]
            looked += 1
        elif view.pending.step == "swap":
            for action in kept[1 + len(skip):]:
                assert action.kind == "swap" and (action.pos[0] == seat) != (action.pos2[0] == seat)
            swapped += 1
    assert looked and swapped


@pytest.mark.slow
def test_hard_scores_fewer_points_than_easy_over_a_few_short_matches():
    """A smoke test of strength (the figures live in bench/bench_hard.py): 3-round Kombio matches,
    seats alternating, hard with a small playout budget against easy; lower totals win, and over
    so few rounds the points say more than the wins."""
    ruleset = load("kombio")
    hard_points = easy_points = 0
    for seed in range(4):
        hard_seat = seed % 2
        bots = [make_bot(ruleset, s, "easy", seed * 8 + s) for s in range(2)]
        bots[hard_seat] = make_bot(ruleset, hard_seat, "hard", seed, playouts=16)
        result = run_match(ruleset, ["easy", "easy"], seed, options(rounds=3), bots=bots)
        hard_points += result.totals[hard_seat]
        easy_points += result.totals[1 - hard_seat]
    assert hard_points < easy_points


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_playout_stops_after_its_turns_and_scores_the_hands_as_they_lie(ruleset_id):
    """search.py's playouts: normal bots play PLAYOUT_ROTATIONS turns per seat from the root, then the round is
    scored as it lies, as if the seat with the fewest points had called (a round goes on until
    someone calls), unless a call is under way (then the round plays to its end)."""
    stopped = called = 0
    ruleset = load(ruleset_id)
    for seed in range(2, 12):
        game, seat = decision(ruleset_id, "turn", seed=seed, n=3, steps=0)   # early: few call yet
        legal = game.legal_actions(seat)
        draw = next(a for a in legal if a.kind == "draw")
        played = game.copy()
        played.apply(seat, draw)
        start = played.turns
        before = list(played.totals)
        bots = [FAMILY.make_bot(ruleset, s, "playout", s) for s in range(3)]
        for _ in range(2000):
            if played.phase in ("round_over", "match_over"):
                break
            FAMILY.bot_step(played, bots, played.apply)
        assert played.phase in ("round_over", "match_over")
        if "search" not in played.results[0].note:
            # someone called (or, in Cambio, ran out of cards) within the turns: that round was
            # played to its end, never past the turns and a call's final turns
            assert played.turns - start <= PLAYOUT_ROTATIONS * 3 + 3
            called += 1
            continue
        assert played.turns - start == PLAYOUT_ROTATIONS * 3
        hands = [played.hand_total(s) for s in range(3)]
        lowest = hands.index(min(hands))
        rule = played.rules["scoring"]["caller_lowest"]
        bonus = [rule["caller"] if s == lowest else rule["others"] for s in range(3)]
        limit = played.rules["call"]["limit"]
        if hands.count(min(hands)) > 1 or (limit is not None and min(hands) > limit):
            bonus = [0, 0, 0]           # tied for the fewest, or above the call's limit: no caller
        assert [t - b for t, b in zip(played.totals, before)] == [h + x for h, x in zip(hands, bonus)]
        stopped += 1
    assert stopped >= 3, (stopped, called)
    # a real match's bots are never stopped (simulate and the table use the normal level)
    assert not hasattr(FAMILY.make_bot(ruleset, 0, "normal", 1), "playout_turns")


def test_the_search_judges_what_is_close_by_the_rules_in_play_not_the_shipped_ones_of_that_id():
    """A rules-lab house rule keeps its base's id (`--set call.lock_min_players=2`: the caller is
    locked in 1v1 too, so the opponent's final turn cannot swap its low cards away). The search's
    judgement of whether a call is worth a search reads the rules it is handed: with the hand
    locked a call looks safer at every callable turn, and some turns the shipped Kombio would
    leave to the policy are searched (the pruning once looked the ruleset up by its id)."""
    shipped = load("kombio")
    locked, _ = lab_ruleset(shipped, Recipe(sets=("call.lock_min_players=2",)))
    assert locked.id == shipped.id and locked.rules["call"]["lock_min_players"] == 2
    callable_turns = searched_only_when_locked = 0
    for seed in range(20):
        game, seat = decision("kombio", "turn", seed=seed, steps=12 + 4 * seed)
        view, legal = game.view(seat), game.legal_actions(seat)
        if not any(a.kind == "call" for a in legal):
            continue
        callable_turns += 1
        chance = lowest_chance(view, shipped)
        assert lowest_chance(view, locked) > chance or chance in (0.0, 1.0)
        draw = next(a for a in legal if a.kind == "draw" and a.choice == "deck")
        searched = [len(candidates(view, legal, draw, ruleset)) > 1 for ruleset in (shipped, locked)]
        assert searched[1] or not searched[0]
        searched_only_when_locked += searched == [False, True]
    assert callable_turns >= 10 and searched_only_when_locked >= 1


def test_at_four_seats_a_call_is_searched_from_a_lower_belief_of_being_lowest():
    """Being lowest of four is rarer than of two, and normal's own bar then misses good calls: at
    more than two seats the search weighs a call from CALL_SEARCH_CHANCE_MORE_SEATS on (the 4-seat
    oracle, bench_memory_oracle.py --seats 4: 6 of the 7 draws it turned into calls were right);
    a call normal's belief puts below that stays the policy's draw."""
    assert CALL_SEARCH_CHANCE_MORE_SEATS < CALL_SEARCH_CHANCE
    kombio = load("kombio")
    seen = {"above": 0, "between": 0, "below": 0}
    for seed in range(40):
        game, seat = decision("kombio", "turn", seed=seed, n=4, steps=20 + 3 * seed)
        view, legal = game.view(seat), game.legal_actions(seat)
        call = [a for a in legal if a.kind == "call"]
        if not call:
            continue
        draw = next(a for a in legal if a.kind == "draw" and a.choice == "deck")
        chance = lowest_chance(view, kombio)
        kept = candidates(view, legal, draw, kombio)
        if chance >= CALL_SEARCH_CHANCE_MORE_SEATS:
            assert kept == [draw] + call, chance
            seen["between" if chance < CALL_SEARCH_CHANCE else "above"] += 1
        else:
            assert kept == [draw], chance
            seen["below"] += 1
    assert seen["between"] and seen["below"], seen


def test_each_level_claims_a_match_race_at_its_own_speed():
    """The levels' reaction times (README, "Match races"): easy 1.5-3 s, normal 0.7-1.5 s (a casual
    player), hard 0.4-0.8 s (a quick one; a human under 0.7 s no longer wins every race)."""
    from game.engine.core import Action
    import rigging_memory
    ruleset = rigging_memory.kombio()
    delays = {}
    for level in ("easy", "normal", "hard", "hard racing as normal"):
        seen = []
        for seed in range(40):
            game = rigging_memory.rigged(2, seed=3, current=0, hands={0: [5, 1, 2, 3], 1: [1, 2, 5, 3]},
                                         deck=[5], look=True)
            game.apply(0, Action("draw", choice="deck"))
            game.apply(0, Action("discard"))                    # the drawn 5: seat 1 knows its 5
            # bench_hard.py --race-level: hard's search with another level's races
            bot = (make_bot(ruleset, 1, "hard", seed, playouts=8, race_level="normal")
                   if level == "hard racing as normal" else make_bot(ruleset, 1, level, seed))
            claim = bot.race(game.view(1), game.legal_actions(1))
            if claim is not None:
                assert claim[0].kind == "match"
                seen.append(claim[1])
        delays[level] = seen
    assert 1.5 <= min(delays["easy"]) and max(delays["easy"]) <= 3.0 and len(delays["easy"]) < 40   # misses some
    assert 0.7 <= min(delays["normal"]) and max(delays["normal"]) <= 1.5 and len(delays["normal"]) == 40
    assert 0.4 <= min(delays["hard"]) and max(delays["hard"]) <= 0.8 and len(delays["hard"]) == 40
    assert 0.7 <= min(delays["hard racing as normal"]) and max(delays["hard racing as normal"]) <= 1.5 \
        and len(delays["hard racing as normal"]) == 40
