"""Classic Cambio (rulesets/cambio-classic.yaml): the public-domain game, as data only.

There is no single authoritative text for classic Cambio: the ruleset's own
comments, rules page and variant descriptions are what it promises, and these
tests hold it to them. It has no Python of its own: the memory family plays it
from the YAML. States are rigged with tests/rigging_memory.py (a card by value, or by
key: "7" is any seven, "K_red" either red King); assertions go through the
public contract only.

Seats are numbered clockwise; seat 0 deals and seat 1, left of the dealer,
starts.
"""
import ast
import os

import pytest

from game.engine.core import Action
from game.engine import registry
from rigging import ROOT, all_views, assert_illegal
from rigging_memory import (EMPTY, cambio_classic, face, finish_round, new_game, options, pass_all, rigged,
                            values_at_reveal)
from test_rules_cambio import kinds

DRAW = Action("draw", choice="deck")
DRAW_DISCARD = Action("draw", choice="discard")
DISCARD = Action("discard")
CALL = Action("call")
PASS = Action("pass")
SKIP = Action("skip")
LOOK = Action("look_start")
NEXT = Action("next_round")
SUITS = ("spades", "hearts", "diamonds", "clubs")


def exchange(seat, slot):
    return Action("exchange", pos=(seat, slot))


def match(seat, slot):
    return Action("match", pos=(seat, slot))


def peek(seat, slot):
    return Action("peek", pos=(seat, slot))


def swap(a, b):
    return Action("swap", pos=a, pos2=b)


def give(seat, slot):
    return Action("give", pos=(seat, slot))


def opts(points=1000, **variants):
    return options(points=points, ruleset=cambio_classic(), **variants)


def rg(n=4, seed=0, **kw):
    """A rigged classic Cambio game; a long match unless `opts` says otherwise."""
    kw.setdefault("opts", opts())
    return rigged(n, seed=seed, ruleset=cambio_classic(), **kw)


def turn(game, seat, *then):
    """`seat` draws from the deck and does `then` (default: discard it and skip any ability)."""
    assert game.to_act() == [seat] and game.phase == "turn"
    events = game.apply(seat, DRAW)
    for act in then or (DISCARD,):
        events += game.apply(seat, act)
    if not then and game.phase == "ability":
        events += game.apply(seat, SKIP)
    return events


def quiet_turn(game, seat):
    return turn(game, seat) + pass_all(game)


# --- no Python of its own ------------------------------------------------------------------

def _code_mentions(path, word):
    """Names and string constants in a module's code that contain `word`; docstrings and
    comments, which may name the game as an example, do not count."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    found = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            text = node.name
        elif isinstance(node, ast.alias):
            text = node.name
        elif isinstance(node, ast.arg):
            text = node.arg
        if text and word in text.lower():
            found.append(text)
    return found


def test_the_classic_ruleset_needs_no_python_of_its_own():
    """cambio-classic.yaml: "No Python of its own: everything below is memory-family data."
    No module of game/ is named after Cambio or mentions it in its code (only docstrings and
    comments name it, as an example of the memory family)."""
    assert cambio_classic().family == "memory" and "memory" in registry.names()
    offenders = {}
    for folder, _, files in os.walk(os.path.join(ROOT, "game")):
        for name in files:
            path = os.path.join(folder, name)
            if "cambio" in name.lower():
                offenders[path] = ["file name"]
            elif name.endswith(".py"):
                found = _code_mentions(path, "cambio")
                if found:
                    offenders[path] = found
    assert not offenders, offenders


# --- the cards ------------------------------------------------------------------------------

def test_fifty_four_cards_with_their_values():
    """cambio-classic.yaml: "Red King -1, joker 0, A 1, 2-10 face value, J 11, Q 12, black King
    13." (a standard 52-card deck plus two jokers)"""
    ruleset = cambio_classic()
    assert ruleset.deck_size() == 54
    values = {}
    for c in ruleset.cards:
        values.setdefault(c.label, set()).add((c.value, c.suit, c.count))
    assert values["★"] == {(0, None, 2)}
    assert values["A"] == {(1, s, 1) for s in SUITS}
    for v in range(2, 11):
        assert values[str(v)] == {(v, s, 1) for s in SUITS}
    assert values["J"] == {(11, s, 1) for s in SUITS}
    assert values["Q"] == {(12, s, 1) for s in SUITS}
    assert values["K"] == {(-1, "hearts", 1), (-1, "diamonds", 1), (13, "spades", 1),
                           (13, "clubs", 1)}
    for n in (2, 8):
        v = new_game(n, seed=n, ruleset=ruleset, opts=opts()).view(None)
        assert v.deck_count + sum(s.cards_left for s in v.seats) == 54
    # counted at the end of a round
    game = rg(3, hands={0: ["K_red", "joker", "A", 10], 1: ["J", "Q", "K_black", 2],
                        2: [3, 4, 5, 6]}, deck=[2, 3])
    finish_round(game)
    assert [r.hand for r in game.view(None).results] == [10, 38, 18]


def test_two_to_eight_players_four_cards_each_look_at_the_bottom_two():
    """cambio-classic.yaml: players 2-8; rules page: "Four cards face down in two rows of two;
    look at your bottom two once." """
    ruleset = cambio_classic()
    assert (ruleset.min_players, ruleset.max_players) == (2, 8)
    with pytest.raises(ValueError):
        new_game(9, ruleset=ruleset)
    game = new_game(8, seed=1, ruleset=ruleset, opts=opts())
    assert game.view(None).deck_count == 54 - 32
    game.apply(3, LOOK)
    assert [x is not None for x in (face(game, 3, (3, i)) for i in range(4))] == [False] * 2 + [True] * 2
    assert_illegal(game, 3, LOOK)


def test_left_of_the_dealer_starts():
    """cambio-classic.yaml: rules first_player left_of_dealer."""
    game = rg(4)
    v = game.view(None)
    assert v.dealer == 0 and v.current == 1 and game.to_act() == [1]
    finish_round(game)
    game.apply(0, NEXT)
    assert game.view(None).dealer == 1 and game.view(None).current == 2


# --- a turn ----------------------------------------------------------------------------------

def test_a_card_from_the_discard_pile_must_be_exchanged():
    """Rules page: "Draw from the deck or take the top discard (not just after a match on it).
    Exchange it with one of your cards (the replaced card goes face up on the discard pile) or
    discard it. A card taken from the discard pile must be exchanged." """
    game = rg(3, hands={1: [1, 2, 3, 4]}, discard=[6])
    game.apply(1, DRAW_DISCARD)
    assert set(game.legal_actions(1)) == {exchange(1, i) for i in range(4)}
    assert "exchange" in assert_illegal(game, 1, DISCARD).lower()
    game.apply(1, exchange(1, 2))
    for v in all_views(game):
        assert v.top.value == 3 and v.slot((1, 2)).face.value == 6


def test_no_discard_draw_just_after_a_match_on_it():
    """Rules page: "Draw from the deck or take the top discard (not just after a match on it)." """
    game = rg(4, hands={2: [5, 1, 1, 1]}, deck=[5, 3])
    turn(game, 1)
    game.apply(2, match(2, 0))
    pass_all(game)
    assert game.view(None).discard_blocked and DRAW_DISCARD not in game.legal_actions(2)
    quiet_turn(game, 2)
    assert DRAW_DISCARD in game.legal_actions(3)


# --- powers ---------------------------------------------------------------------------------------

POWER = {7: "look_own", 8: "look_own", 9: "look_other", 10: "look_other", 11: "blind_swap",
         12: "blind_swap", 13: "look_and_swap"}


@pytest.mark.parametrize("value", [-1, 0, 1, 2, 6] + sorted(POWER))
def test_powers_only_for_seven_to_queen_and_the_black_king(value):
    """Rules page: "Powers (only for a card drawn from the deck and discarded directly;
    optional)" "7 and 8: look at one of your cards. 9 and 10: look at another player's card.
    Jack and Queen: swap any two cards unseen. Black King: look at any card, then you may swap it
    with another card unseen." (the red King and the jokers have none)"""
    game = rg(3, deck=[value])
    turn(game, 1, DISCARD)
    v = game.view(None)
    if value in POWER:
        assert v.phase == "ability" and v.pending.ability == POWER[value]
        assert SKIP in game.legal_actions(1)                       # optional
    else:
        assert v.phase == "window" and v.pending is None


@pytest.mark.parametrize("value", [7, 8])
def test_seven_and_eight_look_at_one_own_card(value):
    """Rules page: "7 and 8: look at one of your cards." """
    game = rg(3, hands={1: [4, 6, 2, 9]}, deck=[value])
    turn(game, 1, DISCARD)
    assert set(game.legal_actions(1)) == {peek(1, i) for i in range(4)} | {SKIP}
    game.apply(1, peek(1, 1))
    assert face(game, 1, (1, 1)) == 6 and all(face(game, s, (1, 1)) is None for s in (None, 0, 2))


@pytest.mark.parametrize("value", [9, 10])
def test_nine_and_ten_look_at_another_players_card(value):
    """Rules page: "9 and 10: look at another player's card." """
    game = rg(3, hands={2: [4, 6, 2, 9]}, deck=[value])
    turn(game, 1, DISCARD)
    assert set(game.legal_actions(1)) == {peek(s, i) for s in (0, 2) for i in range(4)} | {SKIP}
    game.apply(1, peek(2, 3))
    assert face(game, 1, (2, 3)) == 9 and all(face(game, s, (2, 3)) is None for s in (None, 0, 2))


@pytest.mark.parametrize("key", ["J", "Q"])
def test_jack_and_queen_swap_any_two_cards_unseen(key):
    """Rules page: "Jack and Queen: swap any two cards unseen." (two of your own too: unlike
    Cambio – Das Original, the classic blind swap has no such exception)"""
    game = rg(3, hands={0: [1, 2, 3, 4], 1: [5, 6, 7, 8]}, deck=[key])
    turn(game, 1, DISCARD)
    pairs = {frozenset((a.pos, a.pos2)) for a in game.legal_actions(1) if a.kind == "swap"}
    cards = [(s, i) for s in range(3) for i in range(4)]
    assert pairs == {frozenset((a, b)) for a in cards for b in cards if a != b}
    events = game.apply(1, swap((1, 0), (1, 3)))
    assert [(e.face, e.faces) for e in events if e.kind == "swap"] == [(None, ())]
    assert all(face(game, s, (1, 0)) is None for s in (None, 0, 1, 2))
    pass_all(game)
    finish_round(game)
    shown = values_at_reveal(game)
    assert [shown[(1, i)] for i in range(4)] == [8, 6, 7, 5]


def test_black_king_looks_at_any_card_then_may_swap_it():
    """Rules page: "Black King: look at any card, then you may swap it with another card
    unseen." """
    game = rg(3, hands={0: [1, 2, 3, 4], 2: [5, 6, 7, 8]}, deck=["K_black"])
    turn(game, 1, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("peek", "any")
    assert set(game.legal_actions(1)) == {peek(s, i) for s in range(3) for i in range(4)} | {SKIP}
    game.apply(1, peek(2, 0))
    assert face(game, 1, (2, 0)) == 5
    swaps = [a for a in game.legal_actions(1) if a.kind == "swap"]
    assert len(swaps) == 11 and all((2, 0) in (a.pos, a.pos2) for a in swaps)
    assert SKIP in game.legal_actions(1)                          # "you may"
    game.apply(1, swap((2, 0), (0, 3)))
    assert face(game, 1, (0, 3)) == 5 and face(game, 1, (2, 0)) is None
    pass_all(game)
    finish_round(game)
    shown = values_at_reveal(game)
    assert (shown[(0, 3)], shown[(2, 0)]) == (5, 4)


def test_a_power_only_for_a_card_drawn_and_discarded_directly():
    """Rules page: "Powers (only for a card drawn from the deck and discarded directly;
    optional)" """
    game = rg(3, hands={1: [1, 2, 3, 4]}, deck=[9])
    game.apply(1, DRAW)
    events = game.apply(1, exchange(1, 0))
    assert "ability" not in kinds(events)
    game = rg(3, hands={1: [1, 2, 3, 4]}, discard=[9])
    game.apply(1, DRAW_DISCARD)
    events = game.apply(1, exchange(1, 0))
    assert "ability" not in kinds(events)


# --- matching ----------------------------------------------------------------------------------

def test_matching_is_by_rank_a_red_king_matches_a_black_king():
    """cambio-classic.yaml: "Matching compares the rank (`match`): a red King matches a black
    King." """
    ranks = {}
    for c in cambio_classic().cards:
        ranks.setdefault(c.match, set()).add(c.label)
    assert all(len(labels) == 1 for labels in ranks.values())
    assert {c.match for c in cambio_classic().cards if c.label == "K"} == {"K"}
    for top, other in (("K_red", "K_black"), ("K_black", "K_red"), ("7", "7"), ("Q", "Q")):
        game = rg(3, hands={1: [top, 1, 1, 1], 2: [other, 2, 2, 2]}, deck=[4])
        game.apply(1, DRAW)
        game.apply(1, exchange(1, 0))
        events = game.apply(2, match(2, 0))
        assert [e.get("ok") for e in events if e.kind == "match"] == [True], (top, other)
    # a rank is not a value: a 10 is no Jack
    game = rg(3, hands={1: [10, 1, 1, 1], 2: ["J", 2, 2, 2]}, deck=[4])
    game.apply(1, DRAW)
    game.apply(1, exchange(1, 0))
    events = game.apply(2, match(2, 0))
    assert [e.get("ok") for e in events if e.kind == "match"] == [False]


def test_the_first_correct_match_wins_and_closes_the_race():
    """Rules page: "After every discard anyone may match it with a card of the same rank from any
    hand. The first correct match wins" """
    game = rg(4, hands={2: [5, 1, 1, 1], 3: [5, 2, 2, 2]}, deck=[5])
    turn(game, 1)
    assert sorted(game.to_act()) == [0, 1, 2, 3]
    game.apply(3, match(3, 0))
    v = game.view(None)
    assert v.phase == "turn" and v.window is None and game.to_act() == [2]
    assert_illegal(game, 2, match(2, 0))                  # too late: refused, no penalty
    assert game.view(None).seats[2].cards_left == 4


def test_matching_another_players_card_means_giving_one_of_yours():
    """Rules page: "matching another player's card means giving them one of yours, unseen." """
    game = rg(4, hands={2: [1, 5, 1, 1], 3: [6, 2, 3, 4]}, deck=[5])
    turn(game, 1)
    game.apply(3, match(2, 1))
    assert game.view(None).phase == "give"
    assert set(game.legal_actions(3)) == {give(3, i) for i in range(4)}   # no skip: "means"
    assert_illegal(game, 3, SKIP)
    game.apply(3, give(3, 0))
    assert all(face(game, s, (2, 1)) is None for s in (None, 0, 1, 2, 3))
    v = game.view(None)
    assert v.seats[3].cards_left == 3 and v.seats[2].cards_left == 4


def test_a_wrong_match_takes_the_card_back_and_a_penalty_card_unseen():
    """Rules page: "A wrong match: take the card back and a penalty card unseen." (for another
    player's card too: the thrower is penalised, the owner decides nothing)"""
    for pos in ((3, 1), (2, 0)):
        game = rg(4, hands={2: [9, 3, 3, 3], 3: [1, 9, 2, 2]}, deck=[5, 2])
        turn(game, 1)
        events = game.apply(3, match(*pos))
        assert [e.get("ok") for e in events if e.kind == "match"] == [False]
        assert [(e.seat, e.face) for e in events if e.kind == "penalty"] == [(3, None)]
        v = game.view(None)
        assert v.phase == "window" and v.slot(pos).present and v.slot(pos).face.value == 9
        assert v.seats[3].cards_left == 5 and v.seats[3].slots[4].penalty
        assert all(face(game, s, (3, 4)) is None for s in range(4))


# --- calling Cambio -----------------------------------------------------------------------

def test_a_call_ends_the_round_after_one_more_turn_for_everyone_else():
    """Rules page: "Instead of your turn you may call Cambio: your cards are locked and everyone
    else has one more turn." """
    game = rg(4, hands={1: [9, 9, 9, 9]}, deck=[1, 2, 3, 4])
    quiet_turn(game, 1)
    assert CALL in game.legal_actions(2)                  # no limit: any total may call
    events = game.apply(2, CALL)
    assert [e.seat for e in events if e.kind == "call"] == [2]
    order = []
    while game.view(None).phase == "turn":
        seat = game.to_act()[0]
        order.append(seat)
        assert CALL not in game.legal_actions(seat)
        quiet_turn(game, seat)
    assert order == [3, 0, 1] and game.view(None).phase == "round_over"


@pytest.mark.parametrize("n", [2, 3])
def test_the_callers_cards_are_locked(n):
    """Rules page: "Instead of your turn you may call Cambio: your cards are locked and everyone
    else has one more turn." cambio-classic.yaml: "the caller's cards may not be touched"
    (lock_min_players 2: in a duel too)"""
    game = rg(n, hands={1: [5, 5, 5, 5]}, deck=["J", 6])
    game.apply(1, CALL)
    assert game.view(None).seats[1].locked
    turn(game, 2 % n, DISCARD)
    seat = 2 % n
    swaps = [a for a in game.legal_actions(seat) if a.kind == "swap"]
    assert swaps and not any(1 in (a.pos[0], a.pos2[0]) for a in swaps)
    assert "locked" in assert_illegal(game, seat, swap((1, 0), (seat, 0))).lower()


def test_emptying_your_hand_is_an_automatic_call():
    """cambio-classic.yaml: rules call zero_cards auto_call."""
    game = rg(3, hands={2: [5, EMPTY, EMPTY, EMPTY]}, deck=[5])
    turn(game, 1)
    events = game.apply(2, match(2, 0))
    calls = [e for e in events if e.kind == "call"]
    assert len(calls) == 1 and calls[0].seat == 2 and calls[0].get("auto")
    assert game.view(None).caller == 2


@pytest.mark.parametrize("hands,bonus", [
    ({0: [5, 5, 5, 5], 1: [1, 1, 0, 0], 2: [9, 9, 9, 9]}, 0),           # caller 2, strictly lowest
    ({0: [1, 1, "K_red", 2], 1: [2, 2, 1, 0], 2: [9, 9, 9, 9]}, 10),   # caller 5, beaten by 3
    ({0: [1, 1, 1, 0], 1: [2, "K_red", 2, 0], 2: [9, 9, 9, 9]}, 10),   # caller 3, tied: not strictly
])
def test_a_caller_not_strictly_lowest_adds_ten(hands, bonus):
    """Rules page: "A caller who is not strictly lowest adds +10." cambio-classic.yaml
    reconstructed: "here a caller who is not strictly lowest adds +10." """
    game = rg(3, hands=hands, deck=[8, 8])
    finish_round(game)
    r = {x.seat: x for x in game.view(None).results}
    assert r[1].bonus == bonus and r[0].bonus == 0 and r[2].bonus == 0
    assert r[1].round_score == r[1].hand + bonus


# --- match end -------------------------------------------------------------------------------------

def test_match_to_a_hundred_points_or_five_rounds():
    """Rules page: "Have the fewest points on the table when the round ends; the lowest total
    when someone passes 100 wins." cambio-classic.yaml: match_end points 100 (default) or 5
    rounds."""
    ruleset = cambio_classic()
    assert (ruleset.match_end.default_mode, ruleset.match_end.points, ruleset.match_end.rounds) == ("points", 100, 5)
    assert set(ruleset.match_end.modes) == {"points", "rounds"}
    game = rg(3, opts=opts(points=100), seed=4)
    while not game.is_over():
        assert max(game.scores()) < 100
        if game.view(None).phase == "round_over":
            game.apply(0, NEXT)
            for s in range(3):
                game.apply(s, LOOK)
        finish_round(game)
    totals = game.scores()
    assert max(totals) >= 100
    assert list(game.view(None).winners) == [s for s in range(3) if totals[s] == min(totals)]
    game = rg(3, opts=options(rounds=5, ruleset=ruleset))
    for r in range(5):
        if r:
            game.apply(0, NEXT)
            for s in range(3):
                game.apply(s, LOOK)
        finish_round(game)
    assert game.is_over() and len(game.view(None).history) == 5


# --- variants ----------------------------------------------------------------------------------------

def test_variants_are_offered_and_off_by_default():
    """cambio-classic.yaml variants: multiple_matches, mandatory_abilities, no_caller_penalty,
    all off by default."""
    variants = {v.key: v for v in cambio_classic().variants}
    assert set(variants) == {"multiple_matches", "mandatory_abilities", "no_caller_penalty"}
    assert not any(v.default for v in variants.values())


def test_variant_keep_matching():
    """cambio-classic.yaml variant multiple_matches: "The first to match may go on matching every
    card of that rank they know." (nobody else may: a late match is refused)"""
    game = rg(4, hands={1: [5, 1, 1, 1], 2: [5, 5, 2, 2], 3: [5, 3, 3, 3]}, deck=[8],
              opts=opts(multiple_matches=True))
    game.apply(1, DRAW)
    game.apply(1, exchange(1, 0))                         # a five on the pile
    game.apply(2, match(2, 0))
    assert game.view(None).window.winner == 2 and game.to_act() == [2]
    assert_illegal(game, 3, match(3, 0))                  # only the winner goes on
    game.apply(2, match(2, 1))
    game.apply(2, match(3, 0))                            # another player's: give one back
    assert game.legal_actions(2) == [give(2, 2), give(2, 3)]
    game.apply(2, give(2, 3))
    v = game.view(None)
    assert v.seats[2].cards_left == 1 and v.seats[3].cards_left == 4
    assert [c.value for c in v.discard] == [5, 5, 5, 5]
    game.apply(2, PASS)
    assert game.view(None).phase == "turn" and game.to_act() == [2]


def test_variant_mandatory_abilities():
    """cambio-classic.yaml variant mandatory_abilities: "A drawn 7-Q or black King discarded
    directly must be used." (the black King's swap stays a "may")"""
    for key in (7, 9, "J", "K_black"):
        game = rg(3, deck=[key], opts=opts(mandatory_abilities=True))
        turn(game, 1, DISCARD)
        assert SKIP not in game.legal_actions(1)
        assert "must" in assert_illegal(game, 1, SKIP)
        if key == "K_black":
            game.apply(1, peek(2, 0))
            assert SKIP in game.legal_actions(1)


def test_variant_no_caller_penalty():
    """cambio-classic.yaml variant no_caller_penalty: "A caller who is not lowest scores just
    their cards." """
    hands = {0: [1, 1, "K_red", 2], 1: [2, 2, 1, 0], 2: [9, 9, 9, 9]}
    game = rg(3, hands=hands, deck=[8, 8], opts=opts(no_caller_penalty=True))
    finish_round(game)
    r = {x.seat: x for x in game.view(None).results}
    assert (r[0].hand, r[1].hand) == (3, 5)
    assert r[1].bonus == 0 and r[1].round_score == 5
