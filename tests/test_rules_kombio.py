"""Kombio's rules, sentence by sentence: every rule sentence of kombio.txt is cited by a test.

The source of truth is docs/rules/kombio.txt; where it is silent the
defaults of clarifications.md apply (cited as "clarifications.md"). States are
built with tests/rigging_memory.py (cards moved into place, the 70 conserved); every
assertion goes through the public contract: to_act, legal_actions, apply,
view, scores and the events apply returns.

Seats are numbered clockwise: the player "left of" seat s is seat s + 1.
Unless said otherwise a rigged game has 4 seats, seat 0 deals and seat 1 starts.
"""
import ast
import os
import re

import pytest

from game.engine.core import Action
from rigging import all_views, assert_illegal
from rigging_memory import (EMPTY, face, finish_round, kombio, new_game, options, pass_all, play, rigged,
                            values_at_reveal)

# the rule texts live beside the repository, not in it
HERE = os.path.dirname(os.path.abspath(__file__))
RULES_DIR = os.path.join(os.path.dirname(HERE), "docs", "rules")

DRAW = Action("draw", choice="deck")
DRAW_DISCARD = Action("draw", choice="discard")
DISCARD = Action("discard")
CALL = Action("call")
PASS = Action("pass")
SKIP = Action("skip")
LOOK = Action("look_start")
NEXT = Action("next_round")


def exchange(seat, slot):
    return Action("exchange", pos=(seat, slot))


def match(seat, slot):
    return Action("match", pos=(seat, slot))


def peek(seat, slot):
    return Action("peek", pos=(seat, slot))


def swap(a, b):
    return Action("swap", pos=a, pos2=b)


def values(game, seat, viewer):
    """Values `viewer` sees in `seat`'s layout (None for hidden, 'x' for an empty position)."""
    return [(s.face.value if s.face else None) if s.present else "x"
            for s in game.view(viewer).seats[seat].slots]


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
    """A turn that changes no hand and lets no race happen: draw, discard, skip, everyone passes."""
    events = turn(game, seat)
    return events + pass_all(game)


def kinds(events):
    return [e.kind for e in events]


# --- every sentence is cited -------------------------------------------------

def rule_sentences():
    """The rule sentences of kombio.txt: everything from OVERVIEW on except headings."""
    with open(os.path.join(RULES_DIR, "kombio.txt"), encoding="utf-8") as fh:
        lines = [line.strip() for line in fh.read().splitlines()]
    start = lines.index("OVERVIEW:")
    out = []
    for line in lines[start + 1:]:
        if not line or line == "-or-" or re.fullmatch(r"[A-Z0-9 &“”\"]+:", line):
            continue
        out.extend(s for s in re.split(r"(?<=[.!?])\s+", line) if s)
    return out


def cited_docstrings():
    text = []
    for name in ("test_rules_kombio.py", "test_scoring_kombio.py"):
        path = os.path.join(HERE, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text.append(ast.get_docstring(node) or "")
    return "\n".join(text)


def test_every_rule_sentence_is_cited_by_a_test():
    """DESIGN.md: every rule sentence in rules/ has a test that cites it (kombio.txt here)."""
    sentences = rule_sentences()
    assert len(sentences) > 50
    docs = " ".join(cited_docstrings().split())
    missing = [s for s in sentences if " ".join(s.split()) not in docs]
    assert not missing, "rule sentences no test cites:\n" + "\n".join(missing)


# --- the cards -----------------------------------------------------------------

def test_seventy_cards_valued_minus_one_to_fourteen():
    """kombio.txt: "There are 70 cards total each with a point value ranging from -1 to 14." """
    assert kombio().deck_size() == 70
    for n in (2, 4, 6):
        v = new_game(n, seed=n).view(None)
        assert sum(c.count for c in v.deck_composition) == 70
        assert {c.value for c in v.deck_composition} == set(range(-1, 15))
        assert v.deck_count + sum(s.cards_left for s in v.seats) + len(v.discard) == 70


def test_card_quantities():
    """kombio.txt: "The QTY of each card is as follows:" "-1,0 = 3 each" "1-12 = 5 each"
    "13,14 = 2 each" """
    counts = {}
    for c in new_game(3).view(None).deck_composition:
        counts[c.value] = counts.get(c.value, 0) + c.count
    assert counts == {**{-1: 3, 0: 3}, **{v: 5 for v in range(1, 13)}, 13: 2, 14: 2}


def test_matching_compares_values():
    """kombio.txt: "A successful match is placing a card of the same value of the last discarded
    card onto the discard pile." (each kind of card matches by its value)"""
    for c in kombio().cards:
        assert c.match == str(c.value)


def test_two_to_six_players():
    """clarifications.md: "Facts confirmed elsewhere: 2-6 players" """
    assert (kombio().min_players, kombio().max_players) == (2, 6)
    for n in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            new_game(n)


# --- set-up ------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_deal_four_face_down_in_a_square(n):
    """kombio.txt: "Deal four cards face down to each player." "Position the cards in a 2x2
    rectangle." """
    game = new_game(n, seed=10 + n)
    assert (kombio().layout["rows"], kombio().layout["cols"]) == (2, 2)
    for v in all_views(game):
        assert v.deck_count == 70 - 4 * n and v.discard == ()
        for seat in v.seats:
            assert [s.pos for s in seat.slots] == [(seat.seat, i) for i in range(4)]
            assert all(s.present and s.face is None and not s.seen_by for s in seat.slots)


def test_view_bottom_two_cards_once():
    """kombio.txt: "At the beginning of each round, players can view their bottom two cards
    once." """
    game = new_game(3, seed=4)
    v = game.view(None)
    assert v.phase == "initial_peek" and sorted(game.to_act()) == [0, 1, 2]
    assert game.legal_actions(1) == [LOOK]
    events = game.apply(1, LOOK)
    assert all(e.face is None and not e.faces for e in events)
    # the bottom row (positions 2 and 3 of the 2x2 square) and only to the looker
    assert [x is not None for x in values(game, 1, 1)] == [False, False, True, True]
    for viewer in (None, 0, 2):
        assert values(game, 1, viewer) == [None] * 4
    assert game.view(0).seats[1].looked_at_start
    # once
    assert 1 not in game.to_act() and game.legal_actions(1) == []
    assert_illegal(game, 1, LOOK)
    game.apply(0, LOOK)
    game.apply(2, LOOK)
    assert game.view(None).phase == "turn"


def test_view_bottom_two_again_each_round():
    """kombio.txt: "At the beginning of each round, players can view their bottom two cards
    once." """
    game = rigged(3, look=True)
    finish_round(game)
    game.apply(2, NEXT)
    v = game.view(None)
    assert v.phase == "initial_peek" and v.round_no == 2
    assert sorted(game.to_act()) == [0, 1, 2]
    assert all(values(game, s, s) == [None] * 4 for s in range(3))   # a new deal, unseen
    game.apply(0, LOOK)
    assert None not in values(game, 0, 0)[2:]


# --- turns -----------------------------------------------------------------------

def test_first_turn_is_left_of_the_dealer():
    """kombio.txt: "For the first turn, the player left of the dealer draws a card, views it
    without showing anyone, and decides to either exchange it with a card in their hand before
    discarding the card in their hand or directly playing it face up onto the discard pile." """
    game = rigged(4, deck=[6])
    v = game.view(None)
    assert v.dealer == 0 and v.current == 1 and game.to_act() == [1]
    assert DRAW in game.legal_actions(1) and DRAW_DISCARD not in game.legal_actions(1)
    events = game.apply(1, DRAW)
    draw = [e for e in events if e.kind == "draw"]
    assert len(draw) == 1 and draw[0].seat == 1 and draw[0].get("src") == "deck" and draw[0].face is None
    assert game.view(1).drawn.value == 6
    for viewer in (None, 0, 2, 3):
        assert game.view(viewer).drawn is None and game.view(viewer).drawn_by == 1
    assert set(game.legal_actions(1)) == {exchange(1, i) for i in range(4)} | {DISCARD}


def test_first_turn_exchange_discards_the_hand_card_face_up():
    """kombio.txt: "For the first turn, the player left of the dealer draws a card, views it
    without showing anyone, and decides to either exchange it with a card in their hand before
    discarding the card in their hand or directly playing it face up onto the discard pile." """
    game = rigged(4, hands={1: [9, 2, 3, 4]}, deck=[6])
    game.apply(1, DRAW)
    events = game.apply(1, exchange(1, 0))
    ex = [e for e in events if e.kind == "exchange"][0]
    assert ex.pos == (1, 0) and ex.face.value == 9 and ex.get("dst") == "discard"
    for v in all_views(game):
        assert v.top.value == 9 and v.drawn is None and v.drawn_by is None
    assert face(game, 1, (1, 0)) == 6            # the drawer knows the card they put down
    for viewer in (None, 0, 2, 3):
        assert face(game, viewer, (1, 0)) is None


def test_first_turn_discard_directly_face_up():
    """kombio.txt: "For the first turn, the player left of the dealer draws a card, views it
    without showing anyone, and decides to either exchange it with a card in their hand before
    discarding the card in their hand or directly playing it face up onto the discard pile." """
    game = rigged(4, hands={1: [9, 2, 3, 4]}, deck=[6])
    before = values(game, 1, None)
    game.apply(1, DRAW)
    events = game.apply(1, DISCARD)
    assert [e.face.value for e in events if e.kind == "discard"] == [6]
    for v in all_views(game):
        assert v.top.value == 6
    assert values(game, 1, None) == before and game.view(None).seats[1].cards_left == 4


def test_dealer_rotates_and_left_of_dealer_starts_each_round():
    """kombio.txt: "For the first turn, the player left of the dealer draws a card, views it
    without showing anyone, and decides to either exchange it with a card in their hand before
    discarding the card in their hand or directly playing it face up onto the discard pile."
    (the deal passes clockwise each round, so the first player does too)"""
    game = rigged(3, opts=options(rounds=5))
    seen = []
    for round_no in range(1, 5):
        if round_no > 1:
            game.apply(0, NEXT)
            for s in range(3):
                game.apply(s, LOOK)
        v = game.view(None)
        seen.append((v.round_no, v.dealer, v.current))
        finish_round(game)
    assert seen == [(1, 0, 1), (2, 1, 2), (3, 2, 0), (4, 0, 1)]


def test_play_continues_clockwise():
    """kombio.txt: "Play continues in a clockwise direction." """
    game = rigged(4, deck=[1, 2, 3, 4, 5, 6])
    order = []
    for _ in range(6):
        seat = game.to_act()[0]
        order.append(seat)
        quiet_turn(game, seat)
    assert order == [1, 2, 3, 0, 1, 2]


def test_draw_from_the_discard_pile_and_exchange():
    """kombio.txt: "For future turns, players can either draw a card from the deck or discard
    pile (if it hasn’t been matched upon) and exchange it with a card from their hand." """
    game = rigged(3, hands={1: [1, 2, 3, 4]}, discard=[4, 6])
    assert DRAW_DISCARD in game.legal_actions(1)
    events = game.apply(1, DRAW_DISCARD)
    draw = [e for e in events if e.kind == "draw"][0]
    assert draw.get("src") == "discard" and draw.face.value == 6   # it lay face up: no secret
    for v in all_views(game):
        assert v.drawn.value == 6 and v.drawn_from == "discard" and v.top.value == 4
    game.apply(1, exchange(1, 2))
    for v in all_views(game):
        assert v.top.value == 3 and v.slot((1, 2)).face.value == 6


def test_card_from_the_discard_pile_must_be_exchanged():
    """clarifications.md: "Drawing from the discard pile: allowed unless the top card has just
    been matched upon (text); the taken card must be exchanged into the hand." """
    game = rigged(3, discard=[4, 6])
    game.apply(1, DRAW_DISCARD)
    assert DISCARD not in game.legal_actions(1)
    assert set(game.legal_actions(1)) == {exchange(1, i) for i in range(4)}
    msg = assert_illegal(game, 1, DISCARD)
    assert "exchange" in msg.lower()


def test_discard_pile_not_drawable_after_a_match_upon_it():
    """kombio.txt: "For future turns, players can either draw a card from the deck or discard
    pile (if it hasn’t been matched upon) and exchange it with a card from their hand." """
    game = rigged(4, hands={2: [5, 1, 1, 1]}, deck=[5, 3, 2], discard=[4])
    turn(game, 1)
    game.apply(2, match(2, 0))
    pass_all(game)
    v = game.view(None)
    assert v.discard_blocked and v.top.value == 5 and game.to_act() == [2]
    assert DRAW_DISCARD not in game.legal_actions(2)
    assert "deck" in assert_illegal(game, 2, DRAW_DISCARD)
    quiet_turn(game, 2)                              # a fresh discard unblocks the pile
    assert not game.view(None).discard_blocked
    assert DRAW_DISCARD in game.legal_actions(3)


def test_a_matched_upon_card_stays_undrawable_after_a_call():
    """kombio.txt: "For future turns, players can either draw a card from the deck or discard
    pile (if it hasn’t been matched upon) and exchange it with a card from their hand." (the text
    speaks of the card: a call by the next player leaves it matched upon for the one after)"""
    game = rigged(4, hands={2: [5, 1, 1, 1]}, deck=[5, 3, 2], discard=[4])
    turn(game, 1)
    game.apply(2, match(2, 0))
    pass_all(game)
    game.apply(2, CALL)
    assert game.to_act() == [3] and game.view(None).discard_blocked
    assert DRAW_DISCARD not in game.legal_actions(3)


def test_a_card_holder_cannot_act_out_of_turn():
    """kombio.txt: "Play continues in a clockwise direction." (only the seat whose turn it is
    draws)"""
    game = rigged(4)
    for seat in (0, 2, 3):
        assert game.legal_actions(seat) == []
        assert "not your move" in assert_illegal(game, seat, DRAW).lower()


# --- abilities -------------------------------------------------------------------

ABILITY_OF = {7: "look_own", 8: "look_own", 9: "look_other", 10: "look_other",
              11: "blind_swap", 12: "blind_swap", 13: "look_and_swap", 14: "double_look_and_swap"}


@pytest.mark.parametrize("value", range(-1, 15))
def test_ability_cards_are_seven_to_fourteen(value):
    """kombio.txt: "If the card is an ability card (7 through 14), they can use the ability (more
    info below)." "Certain cards allow players to view and swap cards." "Ability card values start
    at 7 and end at 14." """
    game = rigged(3, deck=[value])
    game.apply(1, DRAW)
    events = game.apply(1, DISCARD)
    v = game.view(None)
    if value in ABILITY_OF:
        assert v.phase == "ability" and game.to_act() == [1]
        assert v.pending.kind == "ability" and v.pending.seat == 1
        assert v.pending.ability == ABILITY_OF[value]
        assert "ability" in kinds(events)
    else:
        assert v.phase == "window" and v.pending is None and "ability" not in kinds(events)


@pytest.mark.parametrize("value", range(7, 15))
def test_abilities_are_optional(value):
    """kombio.txt: "Players do not have to use the ability if they do not want to." """
    game = rigged(3, deck=[value])
    turn(game, 1, DISCARD)
    assert SKIP in game.legal_actions(1)
    events = game.apply(1, SKIP)
    v = game.view(None)
    assert "skip" in kinds(events) and v.phase == "window" and v.window.card.value == value
    for viewer in range(3):   # nobody learned anything
        for seat in range(3):
            assert values(game, seat, viewer) == [None] * 4


@pytest.mark.parametrize("value", [7, 8])
def test_seven_and_eight_look_at_one_own_card(value):
    """kombio.txt: "Sevens and eights allow players to view one card in their hand." """
    game = rigged(3, hands={1: [4, 6, 2, 9]}, deck=[value])
    turn(game, 1, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("peek", "own")
    assert set(game.legal_actions(1)) == {peek(1, i) for i in range(4)} | {SKIP}
    events = game.apply(1, peek(1, 3))
    pk = [e for e in events if e.kind == "peek"]
    assert pk and pk[0].pos == (1, 3) and pk[0].face is None
    assert values(game, 1, 1) == [None, None, None, 9]
    for viewer in (None, 0, 2):
        assert values(game, 1, viewer) == [None] * 4
    assert game.view(None).slot((1, 3)).seen_by == frozenset({1})   # public: who looked
    assert game.view(None).phase == "window"                         # one card only


def test_seven_cannot_look_at_an_opponents_card():
    """kombio.txt: "Sevens and eights allow players to view one card in their hand." """
    game = rigged(3, deck=[7])
    turn(game, 1, DISCARD)
    assert "own" in assert_illegal(game, 1, peek(2, 0))


@pytest.mark.parametrize("value", [9, 10])
def test_nine_and_ten_look_at_one_opponent_card(value):
    """kombio.txt: "Nines and tens allow players to view one card in an opponent’s hand." """
    game = rigged(3, hands={2: [4, 6, 2, 9]}, deck=[value])
    turn(game, 1, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("peek", "other")
    assert set(game.legal_actions(1)) == {peek(s, i) for s in (0, 2) for i in range(4)} | {SKIP}
    assert "opponent" in assert_illegal(game, 1, peek(1, 0))
    game.apply(1, peek(2, 1))
    assert values(game, 2, 1) == [None, 6, None, None]
    for viewer in (None, 0, 2):
        assert values(game, 2, viewer) == [None] * 4
    assert game.view(None).phase == "window"


@pytest.mark.parametrize("value", [11, 12])
def test_eleven_and_twelve_blind_swap_any_two_cards(value):
    """kombio.txt: "Elevens and twelves allow players to swap any two cards on the table without
    viewing either card." "The two cards can be between any hand." """
    game = rigged(4, hands={1: [1, 2, 3, 4], 2: [5, 6, -1, 0], 3: [10, 10, 12, 13]}, deck=[value])
    turn(game, 1, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("swap", "any")
    legal = game.legal_actions(1)
    pairs = {frozenset((a.pos, a.pos2)) for a in legal if a.kind == "swap"}
    everything = [(s, i) for s in range(4) for i in range(4)]
    assert pairs == {frozenset((a, b)) for a in everything for b in everything if a != b}
    events = game.apply(1, swap((2, 0), (3, 1)))
    sw = [e for e in events if e.kind == "swap"][0]
    assert (sw.pos, sw.pos2, sw.face, sw.faces) == ((2, 0), (3, 1), None, ())
    for viewer in range(4):                       # viewing neither card
        assert all(values(game, s, viewer) == [None] * 4 for s in range(4))
    pass_all(game)
    finish_round(game)
    shown = values_at_reveal(game)
    assert (shown[(2, 0)], shown[(3, 1)]) == (10, 5)


def test_blind_swap_between_two_of_your_own_cards():
    """kombio.txt: "The two cards can be between any hand." """
    game = rigged(3, hands={1: [1, 2, 3, 4]}, deck=[11])
    turn(game, 1, DISCARD)
    game.apply(1, swap((1, 0), (1, 3)))
    pass_all(game)
    finish_round(game)
    shown = values_at_reveal(game)
    assert [shown[(1, i)] for i in range(4)] == [4, 2, 3, 1]


def test_thirteen_look_at_any_card_and_swap_it_unseen():
    """kombio.txt: "A thirteen allows players to view any card on the table and swap the viewed
    card with another card, without viewing the other card." """
    game = rigged(3, hands={1: [1, 2, 3, 4], 2: [5, 6, -1, 0]}, deck=[13])
    turn(game, 1, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("peek", "any")
    assert set(game.legal_actions(1)) == {peek(s, i) for s in range(3) for i in range(4)} | {SKIP}
    game.apply(1, peek(2, 1))
    assert face(game, 1, (2, 1)) == 6 and face(game, 2, (2, 1)) is None
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("swap", "peeked")
    swaps = [a for a in game.legal_actions(1) if a.kind == "swap"]
    assert swaps and all((2, 1) in (a.pos, a.pos2) for a in swaps)
    assert len(swaps) == 11                                   # with any other card on the table
    game.apply(1, swap((2, 1), (1, 0)))
    assert face(game, 1, (1, 0)) == 6                         # the viewed card, now in my hand
    assert face(game, 1, (2, 1)) is None                      # the other card stays unseen
    pass_all(game)
    finish_round(game)
    shown = values_at_reveal(game)
    assert (shown[(1, 0)], shown[(2, 1)]) == (6, 1)


def test_thirteen_may_look_at_an_own_card():
    """kombio.txt: "A thirteen allows players to view any card on the table and swap the viewed
    card with another card, without viewing the other card." """
    game = rigged(3, hands={1: [1, 2, 3, 4]}, deck=[13])
    turn(game, 1, DISCARD)
    game.apply(1, peek(1, 2))
    assert face(game, 1, (1, 2)) == 3


def test_thirteen_swap_is_optional():
    """kombio.txt: "Players do not have to swap the viewed card." """
    game = rigged(3, hands={2: [5, 6, -1, 0]}, deck=[13])
    turn(game, 1, DISCARD)
    game.apply(1, peek(2, 1))
    assert SKIP in game.legal_actions(1)
    game.apply(1, SKIP)
    assert game.view(None).phase == "window" and face(game, 1, (2, 1)) == 6


def test_fourteen_look_at_two_cards_and_swap_them():
    """kombio.txt: "A fourteen allows players to view any two cards on the table and swap the
    viewed cards." """
    game = rigged(3, hands={0: [8, 8, 8, 8], 2: [5, 6, -1, 0]}, deck=[14])
    turn(game, 1, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target, v.pending.count_left) == ("peek", "any", 2)
    game.apply(1, peek(2, 2))
    assert game.view(None).pending.count_left == 1
    assert "already" in assert_illegal(game, 1, peek(2, 2)).lower()   # two different cards
    game.apply(1, peek(0, 0))
    assert (face(game, 1, (2, 2)), face(game, 1, (0, 0))) == (-1, 8)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("swap", "peeked_pair")
    assert set(game.legal_actions(1)) == {swap((2, 2), (0, 0)), SKIP}
    assert_illegal(game, 1, swap((2, 2), (1, 0)))
    game.apply(1, swap((2, 2), (0, 0)))
    assert (face(game, 1, (2, 2)), face(game, 1, (0, 0))) == (8, -1)
    assert face(game, 2, (2, 2)) is None and face(game, 0, (0, 0)) is None


def test_fourteen_swap_is_optional():
    """kombio.txt: "Players do not have to swap the two viewed cards." """
    game = rigged(3, hands={2: [5, 6, -1, 0]}, deck=[14])
    turn(game, 1, DISCARD)
    game.apply(1, peek(2, 0))
    game.apply(1, peek(2, 1))
    assert SKIP in game.legal_actions(1)
    game.apply(1, SKIP)
    pass_all(game)
    finish_round(game)
    shown = values_at_reveal(game)
    assert (shown[(2, 0)], shown[(2, 1)]) == (5, 6)


def test_ability_only_for_a_card_drawn_from_the_deck_and_discarded():
    """kombio.txt: "To use an ability card, it must be drawn from the deck and played directly
    into the discard pile." """
    # drawn from the deck but exchanged: no ability
    game = rigged(3, hands={1: [1, 2, 3, 4]}, deck=[9])
    game.apply(1, DRAW)
    events = game.apply(1, exchange(1, 0))
    assert "ability" not in kinds(events) and game.view(None).phase == "window"
    # taken from the discard pile: it must be exchanged, and has no ability
    game = rigged(3, hands={1: [1, 2, 3, 4]}, discard=[9])
    game.apply(1, DRAW_DISCARD)
    events = game.apply(1, exchange(1, 0))
    assert "ability" not in kinds(events) and game.view(None).phase == "window"


def test_cards_discarded_from_the_hand_have_no_ability():
    """kombio.txt: "Cards discarded from a player’s hand do not have abilities." """
    game = rigged(3, hands={1: [13, 2, 3, 4], 2: [9, 9, 1, 1]}, deck=[2, 9])
    game.apply(1, DRAW)
    events = game.apply(1, exchange(1, 0))
    assert game.view(None).top.value == 13
    assert "ability" not in kinds(events) and game.view(None).phase == "window"
    pass_all(game)
    # a card thrown from the hand by matching has no ability either
    game.apply(2, DRAW)
    game.apply(2, DISCARD)
    game.apply(2, SKIP)                      # the drawn 9 itself is an ability card
    events = game.apply(2, match(2, 0))
    assert [e.get("ok") for e in events if e.kind == "match"] == [True]
    assert game.view(None).phase != "ability" and "ability" not in kinds(events)


# --- matching ----------------------------------------------------------------------

def test_anyone_may_match_out_of_turn():
    """kombio.txt: "At any time in the game, regardless of turn, players can reduce the number of
    cards in their hands by being the first to match atop the last discarded card with a card
    from their hand or from an opponent's hand." """
    game = rigged(4, hands={3: [5, 1, 1, 1]}, deck=[5])
    turn(game, 1)
    v = game.view(None)
    assert v.phase == "window" and sorted(game.to_act()) == [0, 1, 2, 3]
    assert v.window.card.value == 5
    assert match(3, 0) in game.legal_actions(3) and PASS in game.legal_actions(3)
    events = game.apply(3, match(3, 0))
    m = [e for e in events if e.kind == "match"][0]
    assert (m.seat, m.pos, m.get("ok"), m.face.value) == (3, (3, 0), True, 5)
    v = game.view(None)
    assert v.seats[3].cards_left == 3 and not v.slot((3, 0)).present
    assert [c.value for c in v.discard[-2:]] == [5, 5]


def test_match_from_an_opponents_hand():
    """kombio.txt: "At any time in the game, regardless of turn, players can reduce the number of
    cards in their hands by being the first to match atop the last discarded card with a card
    from their hand or from an opponent's hand." """
    game = rigged(4, hands={2: [1, 5, 1, 1]}, deck=[5])
    turn(game, 1)
    assert match(2, 1) in game.legal_actions(3)
    events = game.apply(3, match(2, 1))
    assert [e.get("ok") for e in events if e.kind == "match"] == [True]
    v = game.view(None)
    assert v.top.value == 5 and v.seats[2].cards_left == 3


def test_a_successful_match_puts_the_same_value_on_the_pile():
    """kombio.txt: "A successful match is placing a card of the same value of the last discarded
    card onto the discard pile." """
    game = rigged(3, hands={2: [-1, 1, 1, 1]}, deck=[-1])
    turn(game, 1)
    n_discard = len(game.view(None).discard)
    game.apply(2, match(2, 0))
    v = game.view(None)
    assert len(v.discard) == n_discard + 1 and v.top.value == -1


def test_one_race_per_discarded_card():
    """kombio.txt: "This is a race and can only happen once per discarded card." """
    game = rigged(4, hands={2: [5, 2, 3, 4], 3: [5, 2, 3, 4]}, deck=[5])
    turn(game, 1)
    game.apply(2, match(2, 0))
    # the race is over: play moves on, the second 5 may not follow
    v = game.view(None)
    assert v.phase == "turn" and v.window is None and game.to_act() == [2]
    assert_illegal(game, 3, match(3, 0))
    assert game.view(None).seats[3].cards_left == 4


def test_first_correct_claim_wins():
    """clarifications.md: "Match window: one race per discarded card; first correct claim wins;
    one attempt per player per discard" """
    game = rigged(4, hands={2: [5, 1, 1, 1], 3: [5, 9, 1, 1]}, deck=[5])
    turn(game, 1)
    game.apply(3, match(3, 1))          # wrong: does not close the race
    assert game.view(None).phase == "window"
    game.apply(2, match(2, 0))          # first correct claim
    assert game.view(None).phase == "turn"
    assert game.view(None).seats[2].cards_left == 3


def test_one_attempt_per_player_per_discard():
    """kombio.txt: "Matching is limited to one attempt per turn per player." """
    game = rigged(4, hands={3: [5, 9, 1, 1]}, deck=[5])
    turn(game, 1)
    game.apply(3, match(3, 1))                       # a wrong try
    assert 3 not in game.to_act() and game.legal_actions(3) == []
    assert "already" in assert_illegal(game, 3, match(3, 0)).lower()
    assert sorted(game.to_act()) == [0, 1, 2]        # the others may still try
    pass_all(game)
    # a new discard: a new attempt
    game.apply(2, DRAW)
    game.apply(2, DISCARD)
    if game.view(None).phase == "ability":
        game.apply(2, SKIP)
    assert 3 in game.to_act()


def test_passing_uses_the_attempt():
    """clarifications.md: "Match window: one race per discarded card; first correct claim wins;
    one attempt per player per discard" """
    game = rigged(4, hands={3: [5, 1, 1, 1]}, deck=[5])
    turn(game, 1)
    game.apply(3, PASS)
    assert_illegal(game, 3, match(3, 0))


def test_matching_an_opponents_card_gives_them_one_of_yours_unseen():
    """kombio.txt: "If you successfully match an opponent's card, you give your opponent a card
    from your hand." "You may not view the card you give your opponent." """
    game = rigged(4, hands={2: [1, 5, 1, 1], 3: [6, 2, 3, 4]}, deck=[5])
    turn(game, 1)
    game.apply(3, match(2, 1))
    v = game.view(None)
    assert v.phase == "give" and game.to_act() == [3]
    assert (v.pending.kind, v.pending.seat, v.pending.other, v.pending.pos) == ("give", 3, 2, (2, 1))
    assert set(game.legal_actions(3)) == {Action("give", pos=(3, i)) for i in range(4)}
    assert SKIP not in game.legal_actions(3)
    assert_illegal(game, 3, Action("give", pos=(2, 0)))
    assert_illegal(game, 3, PASS)
    events = game.apply(3, Action("give", pos=(3, 0)))
    give = [e for e in events if e.kind == "give"][0]
    assert (give.pos, give.pos2, give.face, give.faces) == ((3, 0), (2, 1), None, ())
    v = game.view(None)
    assert v.seats[3].cards_left == 3 and v.seats[2].cards_left == 4
    assert not v.slot((3, 0)).present and v.slot((2, 1)).present
    for viewer in range(4):                     # given unseen: nobody learns its face
        assert face(game, viewer, (2, 1)) is None
    assert v.phase == "turn" and game.to_act() == [2]
    finish_round(game)
    assert values_at_reveal(game)[(2, 1)] == 6


def test_the_card_given_is_chosen_by_position():
    """clarifications.md: "Matching an opponent's card: after the match you give that opponent
    one of your cards, chosen by position, without looking at it" """
    game = rigged(3, hands={2: [1, 5, 1, 1], 0: [6, 2, 3, 4]}, deck=[5])
    turn(game, 1)
    game.apply(0, match(2, 1))
    game.apply(0, Action("give", pos=(0, 3)))
    pass_all(game)
    finish_round(game)
    assert values_at_reveal(game)[(2, 1)] == 4


def test_wrong_match_from_own_hand_is_shown_returned_and_penalised():
    """kombio.txt: "If a player incorrectly attempts a match from their hand, they must ensure
    everyone sees the incorrect card before returning it to their hand." "They then take a penalty
    card without viewing it from the deck and add it to their hand." """
    game = rigged(4, hands={3: [5, 9, 1, 1]}, deck=[5, 2])
    turn(game, 1)
    deck_before = game.view(None).deck_count
    events = game.apply(3, match(3, 1))
    m = [e for e in events if e.kind == "match"][0]
    assert (m.get("ok"), m.face.value, m.pos) == (False, 9, (3, 1))     # everyone sees it
    for v in all_views(game):
        assert v.slot((3, 1)).present and v.slot((3, 1)).face.value == 9   # returned, known to all
        assert v.top.value == 5
    pen = [e for e in events if e.kind == "penalty"]
    assert len(pen) == 1 and pen[0].seat == 3 and pen[0].get("ok") and pen[0].face is None
    assert pen[0].pos == (3, 4)
    v = game.view(None)
    assert v.deck_count == deck_before - 1 and v.seats[3].cards_left == 5


def test_penalty_card_is_an_extra_unseen_position():
    """clarifications.md: "Penalty card (wrong match): face down, unseen, added to the offender's
    layout as an extra position (the layout grows beyond 2x2)." """
    game = rigged(4, hands={3: [5, 9, 1, 1]}, deck=[5, 2])
    turn(game, 1)
    game.apply(3, match(3, 1))
    for v in all_views(game):
        slots = v.seats[3].slots
        assert len(slots) == 5 and slots[4].present and slots[4].penalty
        assert slots[4].face is None and not slots[4].seen_by
    pass_all(game)
    finish_round(game)
    assert values_at_reveal(game)[(3, 4)] == 2          # the top of the deck


def test_wrong_match_from_an_opponent_lets_the_opponent_decide():
    """kombio.txt: "If a player incorrectly attempts a match from an opponent’s hand, the opponent
    decides if the other player should take the mismatched card or return it and take a penalty
    card without looking." """
    game = rigged(4, hands={2: [9, 1, 1, 1]}, deck=[5, 2])
    turn(game, 1)
    events = game.apply(3, match(2, 0))
    assert [(e.get("ok"), e.face.value) for e in events if e.kind == "match"] == [(False, 9)]
    v = game.view(None)
    assert v.phase == "mismatch_choice" and game.to_act() == [2]
    assert (v.pending.seat, v.pending.other, v.pending.pos) == (2, 3, (2, 0))
    assert set(game.legal_actions(2)) == {Action("decide", choice="take"),
                                          Action("decide", choice="return")}
    assert_illegal(game, 3, Action("decide", choice="take"))       # not the claimer's choice
    assert_illegal(game, 2, Action("decide", choice="maybe"))
    # take: the claimer takes the mismatched card
    took = game.copy()
    took.apply(2, Action("decide", choice="take"))
    v = took.view(None)
    assert not v.slot((2, 0)).present and v.seats[2].cards_left == 3
    assert v.seats[3].cards_left == 5 and v.slot((3, 4)).face.value == 9
    # return: the card goes back, the claimer takes a penalty card without looking
    deck_before = game.view(None).deck_count
    events = game.apply(2, Action("decide", choice="return"))
    v = game.view(None)
    assert v.slot((2, 0)).present and v.slot((2, 0)).face.value == 9
    assert v.seats[3].cards_left == 5 and v.deck_count == deck_before - 1
    assert all(game.view(s).slot((3, 4)).face is None for s in range(4))
    assert [e.face for e in events if e.kind == "penalty"] == [None]


# --- calling KOMBIO ------------------------------------------------------------------

def test_call_replaces_the_turn():
    """kombio.txt: "In replacement of their turn, players can end the round by calling “KOMBIO”." """
    game = rigged(4)
    assert CALL in game.legal_actions(1)
    before = game.view(None)
    events = game.apply(1, CALL)
    call = [e for e in events if e.kind == "call"][0]
    assert call.seat == 1 and call.get("ok") and not call.get("auto")
    v = game.view(None)
    assert v.caller == 1 and v.call_name == "KOMBIO" and v.seats[1].called
    assert v.deck_count == before.deck_count and v.discard == before.discard  # no draw
    assert v.phase == "turn" and game.to_act() == [2]
    assert CALL not in game.legal_actions(2)
    assert "already" in assert_illegal(game, 2, CALL)


def test_call_only_instead_of_drawing():
    """kombio.txt: "In replacement of their turn, players can end the round by calling “KOMBIO”." """
    game = rigged(4)
    game.apply(1, DRAW)
    assert CALL not in game.legal_actions(1)
    assert_illegal(game, 1, CALL)


def test_everyone_else_has_one_final_turn():
    """kombio.txt: "Everyone is allowed one final turn." "Once each player has taken their last
    turn, cards are revealed." """
    game = rigged(4, opts=options(rounds=2))
    game.apply(1, CALL)
    order = []
    while game.view(None).phase == "turn":
        seat = game.to_act()[0]
        order.append(seat)
        quiet_turn(game, seat)
    assert order == [2, 3, 0]
    v = game.view(None)
    assert v.phase == "round_over"
    for viewer in (None, 0, 1, 2, 3):     # revealed: every face in every view
        v = game.view(viewer)
        assert all(s.face is not None for seat in v.seats for s in seat.slots if s.present)
    assert {r.seat for r in v.results} == {0, 1, 2, 3}


def test_reveal_event_at_the_end_of_the_round():
    """kombio.txt: "Once each player has taken their last turn, cards are revealed." """
    game = rigged(2, hands={0: [1, 2, 3, 4], 1: [5, 6, 7, 8]}, opts=options(rounds=3))
    game.apply(1, CALL)
    events = quiet_turn(game, 0)
    assert "round_over" in kinds(events)
    v = game.view(None)
    assert values(game, 0, None) == [1, 2, 3, 4] and values(game, 1, None) == [5, 6, 7, 8]
    assert {r.seat: r.hand for r in v.results} == {0: 10, 1: 26}


@pytest.mark.parametrize("n", [3, 5])
@pytest.mark.parametrize("value", [5, 9, 11, 13, 14])
def test_caller_hand_is_locked_with_three_or_more(n, value):
    """kombio.txt: "The KOMBIO Caller’s hand is locked from viewing, matching and swapping." """
    game = rigged(n, hands={1: [5, 5, 5, 5]}, deck=[value])
    game.apply(1, CALL)
    assert game.view(None).seats[1].locked
    caller_pos = {(1, i) for i in range(4)}
    turn(game, 2, DISCARD)
    legal = game.legal_actions(2)
    if value == 5:     # matching: the caller's fives cannot be matched, the caller does not race
        assert game.view(None).window.card.value == 5
        assert 1 not in game.to_act()
        for s in game.to_act():
            assert not {a.pos for a in game.legal_actions(s) if a.kind == "match"} & caller_pos
        assert "locked" in assert_illegal(game, 1, match(1, 0)).lower()
        assert "locked" in assert_illegal(game, 2, match(1, 0))
    elif value == 11:  # swapping: a blind swap cannot touch them
        swaps = [a for a in legal if a.kind == "swap"]
        assert swaps and not any({a.pos, a.pos2} & caller_pos for a in swaps)
        assert "locked" in assert_illegal(game, 2, swap((1, 0), (2, 0)))
    else:              # viewing: nines, thirteens and fourteens cannot look at them
        peeks = {a.pos for a in legal if a.kind == "peek"}
        assert peeks and not peeks & caller_pos
        assert "locked" in assert_illegal(game, 2, peek(1, 0))


def test_caller_hand_not_locked_in_one_versus_one():
    """kombio.txt: "Note: If playing 1v1, the KOMBIO Caller’s hand is not locked." """
    game = rigged(2, hands={1: [5, 6, 5, 5]}, deck=[9, 5])
    game.apply(1, CALL)
    assert not game.view(None).seats[1].locked
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    assert {a.pos for a in game.legal_actions(0) if a.kind == "peek"} == {(1, i) for i in range(4)}
    game.apply(0, peek(1, 1))
    assert face(game, 0, (1, 1)) == 6
    # the caller may race for the nine, and their cards may be matched
    assert 1 in game.to_act()
    assert match(1, 0) in game.legal_actions(0) and match(1, 0) in game.legal_actions(1)


def test_one_versus_one_caller_cards_can_be_swapped_and_matched():
    """kombio.txt: "Note: If playing 1v1, the KOMBIO Caller’s hand is not locked." """
    game = rigged(2, hands={1: [5, 6, 5, 5]}, deck=[11])
    game.apply(1, CALL)
    turn(game, 0, DISCARD)
    assert swap((0, 0), (1, 0)) in game.legal_actions(0)
    game.apply(0, swap((0, 0), (1, 0)))
    assert game.view(None).phase == "window"
    game.apply(1, PASS)
    game.apply(0, PASS)
    assert game.view(None).phase == "round_over"


def test_variant_lock_in_duel_locks_the_caller_in_one_versus_one():
    """kombio.yaml variant lock_in_duel: "The caller's hand is locked even in a two-player game." """
    game = rigged(2, hands={1: [5, 6, 5, 5]}, deck=[9], opts=options(lock_in_duel=True))
    game.apply(1, CALL)
    assert game.view(None).seats[1].locked
    turn(game, 0, DISCARD)
    # nothing to look at: the only opponent is locked, so the nine does nothing
    assert game.view(None).phase == "window" and game.to_act() == [0]


def test_emptying_your_hand_is_an_automatic_call():
    """kombio.txt: "Reducing your hand to zero cards is an automatic "KOMBIO" call." """
    game = rigged(4, hands={1: [5, EMPTY, EMPTY, EMPTY]}, deck=[5])
    turn(game, 1)
    events = game.apply(1, match(1, 0))
    calls = [e for e in events if e.kind == "call"]
    assert len(calls) == 1 and calls[0].seat == 1 and calls[0].get("auto")
    v = game.view(None)
    assert v.caller == 1 and v.seats[1].cards_left == 0 and v.seats[1].locked
    order = []
    while game.view(None).phase == "turn":
        seat = game.to_act()[0]
        order.append(seat)
        assert CALL not in game.legal_actions(seat)
        quiet_turn(game, seat)
    assert order == [2, 3, 0] and game.view(None).phase == "round_over"
    assert {r.seat: r.hand for r in game.view(None).results}[1] == 0


def test_emptying_your_hand_out_of_turn_keeps_clockwise_order():
    """kombio.txt: "Reducing your hand to zero cards is an automatic "KOMBIO" call." "Play
    continues in a clockwise direction." "Everyone is allowed one final turn." (the final turns
    go on clockwise from the current player, whose own turn came before the call, and end with
    that player)"""
    game = rigged(4, hands={3: [5, EMPTY, EMPTY, EMPTY]}, deck=[5])
    turn(game, 1)
    events = game.apply(3, match(3, 0))
    assert [e.seat for e in events if e.kind == "call"] == [3]
    order = []
    while game.view(None).phase == "turn":
        seat = game.to_act()[0]
        order.append(seat)
        quiet_turn(game, seat)
    assert order == [2, 0, 1] and game.view(None).phase == "round_over"


def test_a_player_with_no_cards_left_can_still_take_the_final_turn():
    """clarifications.md: "the taken card must be exchanged into the hand" (with no hand, the
    discard pile cannot be taken); kombio.txt: "Everyone is allowed one final turn." """
    game = rigged(4, hands={0: [5, EMPTY, EMPTY, EMPTY]}, deck=[5, 6, 2])
    game.apply(1, CALL)
    turn(game, 2)
    game.apply(0, match(0, 0))
    pass_all(game)
    quiet_turn(game, 3)                              # a fresh discard: the pile is open again
    assert game.to_act() == [0] and game.view(None).seats[0].cards_left == 0
    assert DRAW_DISCARD not in game.legal_actions(0)
    assert_illegal(game, 0, DRAW_DISCARD)
    assert game.legal_actions(0) == [DRAW]
    quiet_turn(game, 0)
    assert game.view(None).phase == "round_over"


def test_every_seat_asked_to_act_has_a_legal_action():
    """kombio.txt: "Everyone is allowed one final turn." (a final turn can always be taken)"""
    game = rigged(4, hands={0: [5, EMPTY, EMPTY, EMPTY]}, deck=[5, 6, 2])
    game.apply(1, CALL)
    turn(game, 2)
    game.apply(0, match(0, 0))
    pass_all(game)
    quiet_turn(game, 3)
    for action in game.legal_actions(0):
        trial = game.copy()
        trial.apply(0, action)
        for s in trial.to_act():
            assert trial.legal_actions(s), f"seat {s} stuck after {action}"


# --- the deck ------------------------------------------------------------------------

def test_empty_deck_reshuffles_the_discard_pile_except_its_top():
    """clarifications.md: "Empty deck: shuffle the discard pile except its top card into a new
    deck." """
    game = rigged(3, deck=[4], discard=[6, 2], deck_size=1)
    v = game.view(None)
    assert v.deck_count == 1
    pile = len(v.discard)
    quiet_turn(game, 1)                       # draws the last card, discards the 4
    assert game.view(None).deck_count == 0 and game.view(None).top.value == 4
    assert DRAW in game.legal_actions(2)
    events = game.apply(2, DRAW)
    resh = [e for e in events if e.kind == "reshuffle"]
    assert len(resh) == 1 and resh[0].get("cards") == pile
    v = game.view(None)
    assert [c.value for c in v.discard] == [4]            # the top card stays
    assert v.deck_count == pile - 1                      # one drawn from the new deck
    assert kinds(events).index("reshuffle") < kinds(events).index("draw")
    for viewer in (None, 0, 1):
        assert game.view(viewer).drawn is None           # a shuffle forgets


# --- match length ------------------------------------------------------------------

def test_play_a_set_number_of_rounds():
    """kombio.txt: "You can..." "Play to a set number of rounds, such as 5." """
    ruleset = kombio()
    assert ruleset.match_end.default_mode == "rounds" and ruleset.match_end.rounds == 5
    game = rigged(3)
    for round_no in range(1, 6):
        finish_round(game)
        v = game.view(None)
        assert len(v.history) == round_no
        if round_no < 5:
            assert v.phase == "round_over" and not game.is_over()
            assert game.legal_actions(0) == [NEXT]
            game.apply(round_no % 3, NEXT)
            for s in range(3):
                game.apply(s, LOOK)
    assert game.is_over() and game.view(None).phase == "match_over"
    assert game.to_act() == [] and all(game.legal_actions(s) == [] for s in range(3))
    assert "over" in assert_illegal(game, 0, NEXT)


def test_play_to_a_set_value():
    """kombio.txt: "Play to a set value, such as 100 points." """
    assert kombio().match_end.points == 100 and "points" in kombio().match_end.modes
    game = rigged(3, opts=options(points=100))
    rounds = 0
    while not game.is_over():
        assert max(game.scores()) < 100
        if game.view(None).phase == "round_over":
            game.apply(0, NEXT)
            for s in range(3):
                game.apply(s, LOOK)
        finish_round(game)
        rounds += 1
        assert rounds < 100
    assert max(game.scores()) >= 100


def test_scores_add_up_round_by_round():
    """kombio.txt: "A game consists of multiple rounds, each player adds their score each round." """
    game = rigged(4, opts=options(rounds=3))
    for r in range(3):
        if r:
            game.apply(0, NEXT)
            for s in range(4):
                game.apply(s, LOOK)
        finish_round(game)
        v = game.view(None)
        assert len(v.history) == r + 1
        totals = [sum(h[s] for h in v.history) for s in range(4)]
        assert totals == game.scores() == [res.total for res in v.results]
        assert [seat.total for seat in v.seats] == totals


def test_lowest_cumulative_score_wins():
    """kombio.txt: "The lowest cumulative score wins." "The goal of the game is to get the lowest
    score by viewing, swapping and matching cards." """
    game = rigged(3, opts=options(rounds=4), seed=8)
    while not game.is_over():
        if game.view(None).phase == "round_over":
            game.apply(0, NEXT)
            for s in range(3):
                game.apply(s, LOOK)
        finish_round(game)
    totals = game.scores()
    v = game.view(None)
    assert v.match_over and list(v.winners) == [s for s in range(3) if totals[s] == min(totals)]


def test_tied_winners_share_the_win():
    """clarifications.md: "Match length: ... lowest cumulative score wins; ties shared." """
    # seat 1 calls with 4 and is beaten by seats 0 and 2 (2 each): 19, 2, 2
    game = rigged(3, hands={0: [-1, 3, 0, 0], 1: [1, 1, 1, 1], 2: [2, 0, -1, 1]},
                  opts=options(rounds=1))
    events = finish_round(game)
    assert game.scores() == [2, 19, 2]
    assert game.is_over() and game.view(None).winners == (0, 2)
    over = [e for e in events if e.kind == "match_over"]
    assert over and over[0].get("winners") == (0, 2)


# --- variants ------------------------------------------------------------------------

def test_variant_own_cards_only():
    """kombio.yaml variant own_cards_only: "Matching from an opponent's hand is not allowed." """
    game = rigged(4, hands={2: [5, 2, 3, 4], 3: [5, 2, 3, 4]}, deck=[5],
                  opts=options(own_cards_only=True))
    turn(game, 1)
    assert {a.pos for a in game.legal_actions(3) if a.kind == "match"} == {(3, i) for i in range(4)}
    assert "own" in assert_illegal(game, 3, match(2, 0))
    game.apply(3, match(3, 0))
    assert game.view(None).seats[3].cards_left == 3


def test_variant_mandatory_abilities():
    """kombio.yaml variant mandatory_abilities: "A drawn ability card discarded directly must be
    used." (a 13's swap and a 14's swap stay optional: "Players do not have to swap the viewed
    card.")"""
    for value in (7, 9, 11, 13, 14):
        game = rigged(3, deck=[value], opts=options(mandatory_abilities=True))
        turn(game, 1, DISCARD)
        assert SKIP not in game.legal_actions(1)
        assert "must" in assert_illegal(game, 1, SKIP)
        if value in (13, 14):
            game.apply(1, peek(2, 0))
            if value == 14:
                game.apply(1, peek(2, 1))
            assert SKIP in game.legal_actions(1)


def test_variant_ties_favour_caller():
    """kombio.yaml variant ties_favour_caller: "A caller who ties for lowest counts as lowest
    (no +15)." """
    hands = {0: [1, 1, 1, 1], 1: [2, 2, 0, 0], 2: [5, 5, 5, 5]}
    game = rigged(3, hands=hands, opts=options(rounds=1, ties_favour_caller=True))
    finish_round(game)
    assert game.scores() == [14, 4, 30]
    plain = rigged(3, hands=hands, opts=options(rounds=1))
    finish_round(plain)
    assert plain.scores() == [4, 19, 20]


def test_variants_are_offered_and_off_by_default():
    """clarifications.md: "Each must be a named parameter (or variant) in the game's ruleset YAML,
    with the default given here" """
    variants = {v.key: v for v in kombio().variants}
    assert set(variants) == {"lock_in_duel", "ties_favour_caller", "own_cards_only",
                             "mandatory_abilities"}
    assert not any(v.default for v in variants.values())
    params = kombio().parameters(options())
    assert params["abilities"] == "optional" and params["discard_draw_must_exchange"] is True
    assert params["empty_deck"] == "reshuffle_discard_except_top"
    assert params["call"]["lock_min_players"] == 3 and params["call"]["name"] == "KOMBIO"
    assert params["scoring"]["tie_counts_as"] == "not_lowest"
    assert params["matching"]["after_success"] == "close"


# --- illegal actions ----------------------------------------------------------------

def _window_game():
    game = rigged(4, hands={2: [9, 5, 1, 1], 3: [5, 1, 1, 1]}, deck=[5])
    turn(game, 1)
    return game


ILLEGAL = [
    ("look again", lambda: rigged(3, look=True), 1, LOOK),
    ("exchange before drawing", lambda: rigged(3), 1, exchange(1, 0)),
    ("draw from an empty discard pile", lambda: rigged(3), 1, DRAW_DISCARD),
    ("draw from nowhere", lambda: rigged(3), 1, Action("draw", choice="hat")),
    ("a move that does not exist", lambda: rigged(3), 1, Action("fly")),
    ("draw twice", lambda: play(g := rigged(3), (1, DRAW)) and g, 1, DRAW),
    ("exchange with an opponent's card", lambda: play(g := rigged(3), (1, DRAW)) and g, 1,
     exchange(2, 0)),
    ("exchange with no card", lambda: play(g := rigged(3), (1, DRAW)) and g, 1, exchange(1, 7)),
    ("exchange with a nonsense position", lambda: play(g := rigged(3), (1, DRAW)) and g, 1,
     Action("exchange", pos=("a", None))),
    ("exchange without a position", lambda: play(g := rigged(3), (1, DRAW)) and g, 1,
     Action("exchange")),
    ("peek instead of deciding", lambda: play(g := rigged(3), (1, DRAW)) and g, 1, peek(1, 0)),
    ("swap two cards with a seven", lambda: play(g := rigged(3, deck=[7]), (1, DRAW), (1, DISCARD))
     and g, 1, swap((1, 0), (2, 0))),
    ("swap a card with itself", lambda: play(g := rigged(3, deck=[11]), (1, DRAW), (1, DISCARD))
     and g, 1, swap((1, 0), (1, 0))),
    ("match with no card there", _window_game, 3, match(3, 9)),
    ("match twice", lambda: play(g := _window_game(), (2, match(2, 0))) and g, 2, match(2, 1)),
    ("draw during the race", _window_game, 2, DRAW),
    ("give during the race", _window_game, 3, Action("give", pos=(3, 0))),
    ("call during the race", _window_game, 1, CALL),
    ("decide when nobody asked", _window_game, 2, Action("decide", choice="take")),
    ("next round mid-round", _window_game, 0, NEXT),
    ("a seat that does not exist", _window_game, 7, PASS),
]


@pytest.mark.parametrize("name,setup,seat,action", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_actions_are_refused_with_a_sentence(name, setup, seat, action):
    """DESIGN.md: "apply(seat, action) — validates (raises IllegalAction with a sentence a player
    understands)"; a refused action leaves the state unchanged."""
    game = setup()
    assert action not in game.legal_actions(seat)
    assert_illegal(game, seat, action)
