"""Kombio's scoring (kombio.txt, SCORING) and the round summary breakdown.

Hands are rigged (tests/rigging_memory.py); the caller calls on the first turn and
every other seat takes a final turn that changes no hand (draw, discard, skip
any ability, nobody matches), so the revealed hands are the rigged ones.
Seat 0 deals; seat 1 plays first and calls unless a test says otherwise.
"""
import pytest

from game.engine.core import Action
from game.families.memory.view import SeatResult
from rigging_memory import EMPTY, finish_round, options, pass_all, rigged

LOOK = Action("look_start")


def score_round(n, hands, caller=1, **variants):
    """Play one rigged round in which `caller` calls at once; the public results, by seat."""
    game = rigged(n, hands=hands, current=caller, opts=options(rounds=3, **variants))
    events = finish_round(game)
    assert game.view(None).caller == caller
    return game, {r.seat: r for r in game.view(None).results}, events


def breakdown(results):
    return {s: (r.hand, r.bonus, r.round_score, r.total) for s, r in results.items()}


def test_hand_score_is_the_sum_of_the_revealed_cards():
    """kombio.txt: "After the last turn, players reveal their cards and add up the values of their
    cards to get their hand score." """
    game, res, events = score_round(3, {0: [1, 2, 3, 4], 1: [0, 0, -1, 5], 2: [14, 13, 12, 11]})
    assert {s: r.hand for s, r in res.items()} == {0: 10, 1: 4, 2: 50}
    for s, r in res.items():
        assert sum(f.value for _, f in r.faces) == r.hand
        assert [p for p, _ in r.faces] == [(s, i) for i in range(4)]
    over = [e for e in events if e.kind == "round_over"][0]
    assert over.get("scores") == tuple(res[s].round_score for s in range(3))
    assert over.get("totals") == tuple(game.scores())


def test_caller_lowest_scores_hand_others_add_ten():
    """kombio.txt: "If the KOMBIO Caller has the lowest score, the Caller receives their hand
    score." "Everyone else adds +10 points to their hand scores." """
    game, res, _ = score_round(4, {0: [3, 3, 3, 3], 1: [1, 2, 0, -1], 2: [5, 5, 5, 5],
                                   3: [2, 2, 2, 2]})
    assert breakdown(res) == {0: (12, 10, 22, 22), 1: (2, 0, 2, 2), 2: (20, 10, 30, 30),
                              3: (8, 10, 18, 18)}
    assert res[1].note == "called and was lowest"
    assert all(res[s].note == "" for s in (0, 2, 3))
    assert game.scores() == [22, 2, 30, 18]


def test_caller_tied_adds_fifteen_others_score_hand():
    """kombio.txt: "If one or more players ties or beats the KOMBIO Caller, the Caller adds +15
    points to their hand score." "Everyone else receives their hand scores."
    clarifications.md: "Ties against the caller: the caller gets +15 (text: "ties or beats")." """
    _, res, _ = score_round(3, {0: [3, 3, 3, 3], 1: [6, 6, 0, 0], 2: [5, 5, 5, 5]})
    assert breakdown(res) == {0: (12, 0, 12, 12), 1: (12, 15, 27, 27), 2: (20, 0, 20, 20)}
    assert res[1].note == "called but was tied"


def test_caller_beaten_adds_fifteen_others_score_hand():
    """kombio.txt: "If one or more players ties or beats the KOMBIO Caller, the Caller adds +15
    points to their hand score." "Everyone else receives their hand scores." """
    _, res, _ = score_round(3, {0: [0, 0, 1, 1], 1: [4, 4, 4, 4], 2: [5, 5, 5, 5]})
    assert breakdown(res) == {0: (2, 0, 2, 2), 1: (16, 15, 31, 31), 2: (20, 0, 20, 20)}
    assert res[1].note == "called but was beaten"


@pytest.mark.parametrize("caller_hand,other_hand,expected", [
    ([1, 1, 1, 1], [2, 2, 2, 2], {0: (8, 10, 18, 18), 1: (4, 0, 4, 4)}),      # caller lowest
    ([2, 2, 2, 2], [3, 3, 1, 1], {0: (8, 0, 8, 8), 1: (8, 15, 23, 23)}),      # tied
    ([9, 9, 9, 9], [0, 0, 0, 1], {0: (1, 0, 1, 1), 1: (36, 15, 51, 51)}),     # beaten
])
def test_one_versus_one_scoring(caller_hand, other_hand, expected):
    """kombio.txt: "If the KOMBIO Caller has the lowest score, the Caller receives their hand
    score." "Everyone else adds +10 points to their hand scores." "If one or more players ties or
    beats the KOMBIO Caller, the Caller adds +15 points to their hand score." "Everyone else
    receives their hand scores." (two players)"""
    _, res, _ = score_round(2, {0: other_hand, 1: caller_hand})
    assert breakdown(res) == expected


def test_negative_cards_lower_the_hand():
    """kombio.txt: "There are 70 cards total each with a point value ranging from -1 to 14."
    "After the last turn, players reveal their cards and add up the values of their cards to get
    their hand score." (a -1 counts minus one: a hand and a round can be negative)"""
    game, res, _ = score_round(3, {0: [0, 0, 1, 2], 1: [-1, -1, -1, 0], 2: [3, 3, 3, 3]})
    assert breakdown(res) == {0: (3, 10, 13, 13), 1: (-3, 0, -3, -3), 2: (12, 10, 22, 22)}
    assert game.scores()[1] == -3


def test_negative_hands_and_ties():
    """kombio.txt: "If one or more players ties or beats the KOMBIO Caller, the Caller adds +15
    points to their hand score." (with negative hands)"""
    _, res, _ = score_round(3, {0: [-1, 0, 0, EMPTY], 1: [1, 1, 1, 1], 2: [-1, -1, 1, 0]},
                            caller=2)
    assert breakdown(res) == {0: (-1, 0, -1, -1), 1: (4, 0, 4, 4), 2: (-1, 15, 14, 14)}
    assert res[2].note == "called but was tied"


def test_empty_hand_scores_zero():
    """kombio.txt: "After the last turn, players reveal their cards and add up the values of their
    cards to get their hand score." (a hand matched away is worth 0)"""
    game = rigged(3, hands={0: [5, EMPTY, EMPTY, EMPTY], 1: [1, 1, 1, 1], 2: [2, 2, 2, 2]},
                  deck=[5], opts=options(rounds=1))
    game.apply(1, Action("call"))
    game.apply(2, Action("draw", choice="deck"))
    game.apply(2, Action("discard"))
    game.apply(0, Action("match", pos=(0, 0)))         # seat 0's last card
    finish_round(game)
    res = {r.seat: r for r in game.view(None).results}
    assert res[0].hand == 0 and res[0].faces == ()
    assert breakdown(res)[1] == (4, 15, 19, 19)
    assert breakdown(res)[0] == (0, 0, 0, 0)


def test_penalty_cards_count_in_the_hand():
    """kombio.txt: "They then take a penalty card without viewing it from the deck and add it to
    their hand." "After the last turn, players reveal their cards and add up the values of their
    cards to get their hand score." """
    game = rigged(3, hands={0: [1, 1, 1, 1], 1: [2, 2, 2, 2], 2: [9, 3, 3, 3]}, deck=[5, 6],
                  opts=options(rounds=1))
    game.apply(1, Action("draw", choice="deck"))
    game.apply(1, Action("discard"))
    game.apply(2, Action("match", pos=(2, 0)))        # a 9 on a 5: penalty, the 6
    pass_all(game)
    finish_round(game)
    res = {r.seat: r for r in game.view(None).results}
    assert res[2].hand == 9 + 3 + 3 + 3 + 6 and len(res[2].faces) == 5


def test_round_summary_accumulates_over_rounds():
    """kombio.txt: "If the KOMBIO Caller has the lowest score, the Caller receives their hand
    score." "Everyone else adds +10 points to their hand scores." (the round summary: hand, bonus,
    round score, running total and a note per seat)"""
    game, res, _ = score_round(3, {0: [3, 3, 3, 3], 1: [1, 1, 1, 1], 2: [5, 5, 5, 5]})
    assert breakdown(res) == {0: (12, 10, 22, 22), 1: (4, 0, 4, 4), 2: (20, 10, 30, 30)}
    game.apply(0, Action("next_round"))
    for s in range(3):
        game.apply(s, LOOK)
    finish_round(game)                                  # seat 2 (left of dealer 1) calls
    v = game.view(None)
    assert v.caller == 2 and v.round_no == 2
    for r in v.results:
        assert isinstance(r, SeatResult)
        assert r.round_score == r.hand + r.bonus
        assert r.total == res[r.seat].total + r.round_score
        assert r.hand == sum(f.value for _, f in r.faces)
        assert (r.note != "") == (r.seat == 2)
    first = {s: res[s].round_score for s in range(3)}
    assert v.history[0] == tuple(first[s] for s in range(3))
    assert v.history[1] == tuple(r.round_score for r in v.results)
    assert game.scores() == [r.total for r in v.results]
    caller = v.results[2]
    beaten = any(r.hand <= caller.hand for r in v.results if r.seat != 2)
    assert caller.bonus == (15 if beaten else 0)
    assert all(r.bonus == (0 if beaten else 10) for r in v.results if r.seat != 2)


def test_summary_is_public_and_the_same_for_every_seat():
    """kombio.txt: "After the last turn, players reveal their cards and add up the values of their
    cards to get their hand score." (revealed to everyone alike)"""
    game, _, _ = score_round(4, {0: [3, 3, 3, 3], 1: [1, 1, 1, 1]})
    public = game.view(None).results
    assert public and all(game.view(s).results == public for s in range(4))


def test_ties_favour_caller_variant_scores_a_tie_as_lowest():
    """kombio.yaml variant ties_favour_caller: "A caller who ties for lowest counts as lowest
    (no +15)." """
    _, res, _ = score_round(3, {0: [3, 3, 3, 3], 1: [6, 6, 0, 0], 2: [5, 5, 5, 5]},
                            ties_favour_caller=True)
    assert breakdown(res) == {0: (12, 10, 22, 22), 1: (12, 0, 12, 12), 2: (20, 10, 30, 30)}
    assert res[1].note == "called and was lowest"
    # beaten is still beaten
    _, res, _ = score_round(3, {0: [0, 0, 1, 1], 1: [4, 4, 4, 4], 2: [5, 5, 5, 5]},
                            ties_favour_caller=True)
    assert res[1].bonus == 15 and res[0].bonus == 0
