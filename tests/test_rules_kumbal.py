"""Kumbal's rules, sentence by sentence: every sentence of kumbal.md is cited by a test.

The source of truth is docs/rules/kumbal.md; where it is silent the defaults of the Kumbal section
of clarifications.md apply (cited as "clarifications.md"), and issue 9 where both are silent.
States are real games of rulesets/kumbal.yaml with their cards put in place
(tests/rigging_kumbal.py, every card conserved); every assertion goes through the public
contract: to_act, legal_actions, apply, view, scores and the events apply returns.

Seats are numbered clockwise: the player after seat s is seat s + 1. Unless said otherwise a
rigged game has 2 seats and seat 0 is to play.
"""
import ast
import os
import re

import pytest

from game.engine.core import Action, IllegalAction
from game.engine.registry import family
from game.engine.ruleset import load_ruleset
from game.engine.schema import RulesetError
from rigging import ROOT
from rigging_kumbal import (CALL, DRAW, DRAW_PENALTY, KEEP, NEXT, check_conserved, discard, free,
                            ids, keys, kumbal, lay, new_game, rigged, take)

HERE = os.path.dirname(os.path.abspath(__file__))
RULES_DIR = os.path.join(ROOT, "docs", "rules")
KUMBAL_YAML = os.path.join(ROOT, "rulesets", "kumbal.yaml")
HIGH = ["K_clubs", "Q_hearts", "J_spades"]      # a hand too high to call, with nothing to combine


def kinds(events):
    return [e.kind for e in events]


def legal_kinds(game, seat):
    return {a.kind for a in game.legal_actions(seat)}


def refused(game, seat, action, sentence):
    """The action raises IllegalAction with this sentence and changes nothing."""
    before = [game.view(s) for s in range(game.n)], list(game.deck), list(game.discard)
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)
    assert str(err.value) == sentence
    assert ([game.view(s) for s in range(game.n)], list(game.deck), list(game.discard)) == before


# --- every sentence is cited -------------------------------------------------

def rule_sentences():
    """The sentences of kumbal.md, markdown marks left out, except the heading."""
    with open(os.path.join(RULES_DIR, "kumbal.md"), encoding="utf-8") as fh:
        text = fh.read()
    out = []
    for line in text.splitlines():
        line = line.strip().lstrip("*").strip()
        if not line or line.startswith("#"):
            continue
        line = line.replace("\\*", "").replace("*", "").strip()
        out.extend(s for s in re.split(r"(?<=[.!?])\s+", line) if s)
    return out


def cited_docstrings():
    with open(os.path.join(HERE, "test_rules_kumbal.py"), encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    return "\n".join(ast.get_docstring(node) or "" for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


def test_every_rule_sentence_is_cited_by_a_test():
    """DESIGN.md: every rule sentence in rules/ has a test that cites it (kumbal.md here)."""
    sentences = rule_sentences()
    assert len(sentences) == 24
    docs = " ".join(cited_docstrings().split())
    missing = [s for s in sentences if " ".join(s.split()) not in docs]
    assert not missing, "rule sentences no test cites:\n" + "\n".join(missing)


# --- the cards and the deal --------------------------------------------------

def test_fifty_two_cards_and_two_jokers_with_their_points():
    """kumbal.md: "Points: joker=0, A=1, 2=2, ..., 9=9, 10=10, J=11, Q=12, K=13"
    clarifications.md: "Facts: a standard 52-card deck plus 2 jokers (joker 0, A 1 ... K 13).\""""
    game = new_game(2)
    faces = game.view(0).faces
    assert len(faces) == 54
    points = {}
    for face in faces:
        points.setdefault(face.label, set()).add(face.value)
    assert points == {"★": {0}, "A": {1}, **{str(v): {v} for v in range(2, 11)},
                      "J": {11}, "Q": {12}, "K": {13}}
    assert sum(1 for f in faces if f.match == "joker") == 2
    for rank in ("A", "2", "10", "K"):
        assert sorted(f.suit for f in faces if f.match == rank) == ["clubs", "diamonds", "hearts", "spades"]
    view = rigged(hands={0: ["joker", "A_clubs", "10_hearts", "K_spades"]}).view(0)
    assert view.hand_points() == 0 + 1 + 10 + 13


@pytest.mark.parametrize("n", range(2, 9))
def test_seven_cards_each_and_the_top_card_turned_up(n):
    """kumbal.md: "Each player gets 7 cards from the deck at the beginning of the game, and to start
    the game the top card on the deck is placed face up on the discard pile."
    Issue 9: 2-8 players; with 8 players (8 x 7 + 1 > 54) a second deck is shuffled in."""
    game = new_game(n, seed=n)
    deck = 54 * (2 if n == 8 else 1)
    assert len(game.faces) == deck
    view = game.view(None)
    assert [s.hand_count for s in view.seats] == [7] * n
    assert view.discard_count == 1 and len(view.last_discard) == 1 and view.last_by is None
    assert view.deck_count == deck - 7 * n - 1
    check_conserved(game)


def test_the_turned_up_card_is_public_and_counts_as_the_previous_discard():
    """clarifications.md: "then take either the top card of the deck or one card of the previous
    player's discard" (issue 9: at the first turn the turned-up card counts as the previous discard)"""
    game = rigged(hands={0: HIGH}, last=["9_diamonds"], last_by=None)
    (flipped,) = game.view(1).last_discard
    assert game.faces[flipped].key == "9_diamonds"
    game.apply(0, discard(game, 0, "K_clubs"))
    assert take(flipped) in game.legal_actions(0)
    game.apply(0, take(flipped))
    assert flipped in game.hands[0]
    events = new_game(3, seed=5)._start_round()
    assert events[0].kind == "deal" and events[0].face is not None       # shown to everyone


def test_five_cards_and_a_call_at_five_points_is_a_house_rule():
    """kumbal.md: "You can also play with 5 cards in hand and a goal of 5 points or fewer, to make
    the game faster and this is better for groups of six or larger."
    clarifications.md: "the 5-card variant are ruleset variants, off by default.\""""
    assert not {v.key: v.default for v in kumbal().variants}["five_cards"]
    game = new_game(6, five_cards=True)
    assert [s.hand_count for s in game.view(None).seats] == [5] * 6
    assert game.view(0).call_limit == 5
    game = rigged(hands={0: ["A_clubs", "2_clubs", "3_hearts"]}, variants={"five_cards": True})
    assert CALL not in game.legal_actions(0)     # 6 points: above 5
    game = rigged(hands={0: ["A_clubs", "4_hearts"]}, variants={"five_cards": True})
    assert CALL in game.legal_actions(0)


def test_the_dealer_rotates_and_the_seat_after_the_dealer_starts():
    """Issue 9: "the dealer rotates; the seat after the dealer starts" (clarifications.md is silent)."""
    game = new_game(3)
    assert (game.dealer, game.to_act()) == (0, [1])
    game = rigged(3, hands={1: ["A_clubs"]}, current=1)
    game.apply(1, CALL)
    game.apply(2, NEXT)
    assert (game.dealer, game.round_no, game.to_act()) == (1, 2, [2])
    assert [s.hand_count for s in game.view(None).seats] == [7, 7, 7]


# --- a turn: discard, then draw ----------------------------------------------

def test_first_discard_then_draw():
    """kumbal.md: "Every turn you first discard, then you draw the top card from the deck."""
    game = rigged(hands={0: HIGH}, deck=["3_spades"], last=["5_diamonds"])
    assert legal_kinds(game, 0) == {"discard"}
    refused(game, 0, DRAW, "Discard one card, a set of equal ranks or a run of one suit.")
    game.apply(0, discard(game, 0, "K_clubs"))
    assert game.view(0).phase == "draw" and legal_kinds(game, 0) == {"draw", "take"}
    refused(game, 0, discard(game, 0, "Q_hearts"),
            "Draw the deck's top card, or take one card of the previous discard.")
    events = game.apply(0, DRAW)
    assert kinds(events) == ["draw", "turn"]
    assert keys(game, game.hands[0]) == ["Q_hearts", "J_spades", "3_spades"]
    assert game.to_act() == [1]
    assert keys(game, game.view(1).last_discard) == ["K_clubs"] and game.view(1).last_by == 0


def test_the_objective_is_seven_points_or_fewer_to_call():
    """kumbal.md: "The objective is to discard as many points as possible and end up with 7 or fewer
    points in your hand." "If you have 7 or fewer points at the beginning of your round, you can
    call "Kumbal"."""
    game = rigged(hands={0: ["A_clubs", "2_clubs", "4_hearts"]})           # 7 points
    assert CALL in game.legal_actions(0)
    game = rigged(hands={0: ["A_clubs", "2_clubs", "5_hearts"]})           # 8 points
    assert CALL not in game.legal_actions(0)
    refused(game, 0, CALL, "You can call Kumbal only with 7 points or fewer; your hand has 8.")


def test_a_call_only_at_the_start_of_the_turn():
    """kumbal.md: "If you have 7 or fewer points at the beginning of your round, you can call
    "Kumbal"." (after discarding, it is too late)"""
    game = rigged(hands={0: ["A_clubs", "2_clubs", "4_hearts"]}, last=["9_hearts"])
    game.apply(0, discard(game, 0, "4_hearts"))
    assert CALL not in game.legal_actions(0)
    refused(game, 0, CALL, "Draw the deck's top card, or take one card of the previous discard.")


# --- the free discard -----------------------------------------------------------

def test_a_drawn_card_of_the_rank_just_discarded_is_thrown_for_free():
    """kumbal.md: "if you draw a card from the deck that is the same as the one you just discarded,
    you can discard it 'for free' as long as the next person hasn't played their turn yet (this
    speeds things up)." The thrown card joins the discard: the next player may take it."""
    game = rigged(hands={0: ["5_hearts", "K_clubs", "Q_clubs"]}, deck=["5_spades"], last=["9_diamonds"])
    game.apply(0, discard(game, 0, "5_hearts"))
    game.apply(0, DRAW)
    (drawn,) = ids(game, 0, "5_spades")
    assert game.view(0).phase == "free" and game.view(0).drawn == drawn
    assert game.view(1).drawn is None and game.view(None).drawn is None   # only the drawer knows it
    assert game.legal_actions(0) == [free(0, drawn), KEEP]
    events = game.apply(0, free(0, drawn))
    assert kinds(events)[0] == "free_discard" and events[0].face.key == "5_spades"
    assert game.to_act() == [1]
    assert keys(game, game.hands[0]) == ["K_clubs", "Q_clubs"]
    assert keys(game, game.view(1).last_discard) == ["5_hearts", "5_spades"]
    assert set(keys(game, game.view(1).takeable)) == {"5_hearts", "5_spades"}


def test_the_free_discard_ends_when_the_next_player_plays():
    """kumbal.md: "you can discard it 'for free' as long as the next person hasn't played their
    turn yet" """
    game = rigged(hands={0: ["5_hearts", "K_clubs"]}, deck=["5_spades"], last=["9_diamonds"])
    game.apply(0, discard(game, 0, "5_hearts"))
    game.apply(0, DRAW)
    (drawn,) = ids(game, 0, "5_spades")
    assert kinds(game.apply(0, KEEP))[0] == "keep"
    assert game.to_act() == [1] and drawn in game.hands[0]
    refused(game, 0, free(0, drawn), "It is not your turn: seat 2 is playing.")


def test_a_set_gives_a_free_discard_a_run_and_a_taken_card_do_not():
    """clarifications.md: ""Free discard": if the card drawn from the deck has the rank of the
    card(s) just discarded, it may be discarded at once, until the next player acts.\""""
    game = rigged(hands={0: ["5_hearts", "5_clubs", "K_clubs"]}, deck=["5_spades"], last=["9_diamonds"])
    game.apply(0, discard(game, 0, "5_hearts", "5_clubs"))
    game.apply(0, DRAW)
    assert game.phase == "free"
    game = rigged(hands={0: ["3_hearts", "4_hearts", "5_hearts", "K_clubs"]}, deck=["5_spades"],
                  last=["9_diamonds"])
    game.apply(0, discard(game, 0, "3_hearts", "4_hearts", "5_hearts"))
    game.apply(0, DRAW)
    assert game.to_act() == [1]                 # a run: no free discard
    game = rigged(hands={0: ["5_hearts", "K_clubs"]}, deck=["6_spades"], last=["9_diamonds"])
    game.apply(0, discard(game, 0, "5_hearts"))
    game.apply(0, DRAW)
    assert game.to_act() == [1]                 # another rank
    game = rigged(hands={0: ["5_hearts", "K_clubs"]}, last=["5_diamonds"])
    game.apply(0, discard(game, 0, "5_hearts"))
    game.apply(0, take(game.last_discard[0]))
    assert game.to_act() == [1]                 # taken from the discard pile, not drawn


def test_a_hand_emptied_by_a_free_discard_can_only_call():
    """kumbal.md: "If you have 7 or fewer points at the beginning of your round, you can call
    "Kumbal"." (a free discard can empty a hand: with nothing to discard, the call is all that is left)"""
    game = rigged(hands={0: ["5_hearts"], 1: HIGH}, deck=["5_spades", "2_clubs"], last=["9_diamonds"])
    game.apply(0, discard(game, 0, "5_hearts"))
    game.apply(0, DRAW)
    game.apply(0, free(0, game.drawn))
    game.apply(1, discard(game, 1, "K_clubs"))
    game.apply(1, DRAW)
    assert game.hands[0] == [] and game.legal_actions(0) == [CALL]


# --- taking from the discard pile -------------------------------------------------

def test_the_top_card_of_the_discard_pile_may_be_taken():
    """kumbal.md: "You are also allowed to pick the top card from the discard pile (not the case for
    jokers, they are lost when played)." What was taken is public: everyone saw it."""
    game = rigged(hands={0: HIGH}, last=["9_clubs"], gone=["4_diamonds"])
    (nine,) = game.last_discard
    game.apply(0, discard(game, 0, "K_clubs"))
    assert game.legal_actions(0) == [DRAW, take(nine)]
    events = game.apply(0, take(nine))
    assert events[0].kind == "take" and events[0].face.key == "9_clubs"
    assert nine in game.hands[0] and nine not in game.discard
    assert game.view(None).seats[0].taken == (nine,)
    assert keys(game, game.view(1).gone) == ["4_diamonds"]
    game.apply(1, discard(game, 1, *keys(game, game.hands[1][:1])))
    game.apply(1, DRAW)
    game.apply(0, lay(0, [nine]))
    assert game.view(None).seats[0].taken == ()        # discarded again: no longer in the hand


def test_jokers_cannot_be_taken_from_the_discard_pile():
    """kumbal.md: "You are also allowed to pick the top card from the discard pile (not the case for
    jokers, they are lost when played)."
    clarifications.md: "Jokers cannot be taken from the discard pile.\""""
    game = rigged(hands={0: HIGH}, last=["joker"])
    (joker,) = game.last_discard
    assert game.view(0).takeable == ()
    game.apply(0, discard(game, 0, "K_clubs"))
    assert game.legal_actions(0) == [DRAW]
    refused(game, 0, take(joker), "Jokers cannot be taken from the discard pile: they are lost when played.")


def test_of_a_run_only_an_end_card_may_be_taken():
    """clarifications.md: "then take either the top card of the deck or one card of the previous
    player's discard (of a run, one of its two end cards).\""""
    game = rigged(hands={0: HIGH}, last=["4_clubs", "5_clubs", "6_clubs"])
    four, five, six = game.last_discard
    assert game.view(0).takeable == (four, six)
    game.apply(0, discard(game, 0, "K_clubs"))
    refused(game, 0, take(five), "Of a run, only an end card may be taken.")
    game.apply(0, take(six))
    assert six in game.hands[0]
    assert game.view(1).gone == (four, five)          # the rest of the run lies beneath K
    game = rigged(hands={0: HIGH}, last=["9_clubs", "9_hearts"])
    assert game.view(0).takeable == game.last_discard     # of a set, any card


def test_only_the_previous_discard_may_be_taken():
    """clarifications.md: "one card of the previous player's discard" (not a card beneath it)"""
    game = rigged(hands={0: HIGH}, last=["9_clubs"], gone=["4_diamonds"])
    game.apply(0, discard(game, 0, "K_clubs"))
    (beneath,) = game.view(0).gone
    refused(game, 0, take(beneath), "Only a card the previous player discarded can be taken.")


# --- sets and runs ----------------------------------------------------------------

def test_sets_of_two_or_more_of_one_rank():
    """kumbal.md: "You can discard two or more of the same value (doubles, triples, etc: ♣️9 + ♥️9 + ...).\""""
    game = rigged(hands={0: ["9_clubs", "9_hearts", "9_spades", "8_hearts", "K_clubs"]})
    legal = game.legal_actions(0)
    assert discard(game, 0, "9_clubs", "9_hearts") in legal
    assert discard(game, 0, "9_clubs", "9_hearts", "9_spades") in legal
    refused(game, 0, discard(game, 0, "9_clubs", "8_hearts"),
            "Cards laid together must be of one rank (a set), or 3 or more of one suit in a row (a run).")
    events = game.apply(0, discard(game, 0, "9_spades", "9_clubs", "9_hearts"))   # any order
    assert events[0].get("shape") == "set"
    assert keys(game, game.hands[0]) == ["8_hearts", "K_clubs"]


def test_runs_of_three_or_more_of_one_suit():
    """kumbal.md: "You can discard 3 or more of a series in the same suit (♣️4, ♣️5, ♣️6, ...).\""""
    game = rigged(hands={0: ["4_clubs", "5_clubs", "6_clubs", "7_clubs", "6_hearts", "K_spades"]})
    legal = game.legal_actions(0)
    for run in (("4_clubs", "5_clubs", "6_clubs"), ("5_clubs", "6_clubs", "7_clubs"),
                ("4_clubs", "5_clubs", "6_clubs", "7_clubs")):
        assert discard(game, 0, *run) in legal
    sentence = "A run needs 3 cards of one suit in a row."
    refused(game, 0, discard(game, 0, "4_clubs", "5_clubs", "6_hearts"), sentence)
    refused(game, 0, discard(game, 0, "4_clubs", "6_clubs", "7_clubs"), sentence)
    refused(game, 0, discard(game, 0, "6_clubs", "5_clubs", "4_clubs"), "Lay a run from its lowest card to its highest.")
    refused(game, 0, discard(game, 0, "4_clubs", "5_clubs"),
            "Cards laid together must be of one rank (a set), or 3 or more of one suit in a row (a run).")
    events = game.apply(0, discard(game, 0, "4_clubs", "5_clubs", "6_clubs", "7_clubs"))
    assert events[0].get("shape") == "run"
    assert keys(game, game.just_discarded) == ["4_clubs", "5_clubs", "6_clubs", "7_clubs"]


def test_aces_are_low_and_jokers_are_not_wild():
    """clarifications.md: "Aces are low only; jokers are not wild (a variant may make them wild in runs).\""""
    game = rigged(hands={0: ["A_clubs", "2_clubs", "3_clubs", "Q_hearts", "K_hearts", "A_hearts",
                             "joker", "5_clubs"]})
    legal = game.legal_actions(0)
    assert discard(game, 0, "A_clubs", "2_clubs", "3_clubs") in legal
    assert not any(a.kind == "discard" and len(a.places) == 4 and "A_hearts" in keys(
        game, [p[2] for p in a.places[:-1]]) for a in legal)
    refused(game, 0, discard(game, 0, "Q_hearts", "K_hearts", "A_hearts"), "A run needs 3 cards of one suit in a row.")
    refused(game, 0, discard(game, 0, "3_clubs", "joker", "5_clubs"), "Jokers are not wild: a run cannot hold a joker.")


def test_jokers_wild_in_runs_is_a_house_rule():
    """clarifications.md: "jokers are not wild (a variant may make them wild in runs)." (issue 9:
    "jokers wild in runs"; a wild joker is laid where it stands in)"""
    hand = ["3_clubs", "joker", "5_clubs", "Q_hearts", "K_hearts"]
    game = rigged(hands={0: hand}, variants={"wild_jokers": True})
    legal = game.legal_actions(0)
    assert discard(game, 0, "3_clubs", "joker", "5_clubs") in legal
    assert discard(game, 0, "joker", "Q_hearts", "K_hearts") in legal      # the joker as a jack
    refused(game, 0, discard(game, 0, "Q_hearts", "K_hearts", "joker"),
            "A run cannot go past the ace or the king: aces are low, a run does not wrap.")
    game.apply(0, discard(game, 0, "3_clubs", "joker", "5_clubs"))
    game.apply(0, DRAW)
    three, joker, five = game.view(1).last_discard
    assert game.view(1).takeable == (three, five)
    game = rigged(hands={0: ["joker", "2_clubs"]}, last=["joker", "5_clubs", "6_clubs"],
                  variants={"wild_jokers": True})
    assert keys(game, game.view(0).takeable) == ["6_clubs"]   # a joker end is never taken


# --- calling Kumbal and scoring ---------------------------------------------------------

def test_a_caller_with_the_fewest_points_scores_nothing_and_the_rest_their_hands():
    """kumbal.md: "If you indeed have the fewest amount of points in hand, you win and get 0 penalty
    points, the rest gets the amount of penalty points held in hand." A call ends the round at once
    and every hand is revealed (the text gives no last turns)."""
    game = rigged(3, hands={0: ["A_clubs", "2_clubs", "3_hearts"], 1: ["K_clubs", "4_hearts"],
                            2: ["joker", "9_spades"]})
    events = game.apply(0, CALL)
    assert kinds(events)[:2] == ["call", "round_over"]
    assert game.phase == "round_over" and game.to_act() == [0, 1, 2]
    view = game.view(2)
    assert [(r.points, r.penalty, r.round_points, r.total) for r in view.results] == \
        [(6, 0, 0, 0), (17, 0, 17, 17), (9, 0, 9, 9)]
    assert keys(game, view.results[1].hand) == ["K_clubs", "4_hearts"]      # revealed to all
    assert len(events[1].faces) == 7 and view.caller == 0 and view.seats[0].called


def test_an_undercut_caller_gets_the_hand_plus_twenty_five():
    """kumbal.md: "If another player has fewer points than the player who calls Kumbal, the one who
    called Kumbal gets the amount of points in hand plus 25 penalty points.\""""
    game = rigged(hands={0: ["A_clubs", "2_clubs", "3_hearts"], 1: ["5_clubs"]})
    game.apply(0, CALL)
    caller, other = game.view(0).results
    assert (caller.points, caller.penalty, caller.round_points) == (6, 25, 31)
    assert (other.points, other.round_points) == (5, 5)
    assert game.scores() == [31, 5]
    assert family("shedding").score_lines(caller) == (("Hand", "6"), ("Penalty", "+25"), ("Round", "+31"),
                                                           ("Reset", "—"))


def test_a_tie_does_not_penalise_the_caller_unless_the_house_rule_says_so():
    """clarifications.md: "Ties with the caller: the caller is not penalised (text: the +25 applies
    when another player has *fewer* points); a variant makes ties count against the caller.\""""
    hands = {0: ["A_clubs", "2_clubs", "3_hearts"], 1: ["6_clubs"]}
    game = rigged(hands=hands)
    game.apply(0, CALL)
    assert game.scores() == [0, 6]
    game = rigged(hands=hands, variants={"ties_against_caller": True})
    game.apply(0, CALL)
    assert game.scores() == [31, 6]


def play_round(game, hands, totals):
    """Rig the hands with these totals, seat 0 calls (and has the fewest), the round is scored."""
    from rigging_kumbal import rig
    rig(game, hands, totals=totals)
    game.apply(0, CALL)
    return game.view(None).results


def test_scores_are_added_up_round_after_round():
    """kumbal.md: "At the end of each round, all players scores are recorded and added up."
    clarifications.md: "Scores: after each round, each player adds their round points;\""""
    game = new_game(2)
    play_round(game, {0: ["A_clubs"], 1: ["K_clubs"]}, [0, 0])
    game.apply(1, NEXT)
    results = play_round(game, {0: ["A_clubs"], 1: ["Q_clubs"]}, game.totals)
    assert (results[1].before, results[1].added, results[1].total) == (13, 25, 25)
    assert game.view(0).history == ((0, 13), (0, 12)) and game.scores() == [0, 25]


def test_a_total_of_exactly_51_drops_to_0():
    """kumbal.md: "If a player's score reaches 51 points exactly, their score is reduced by 51 points to 0.\""""
    game = new_game(2)
    results = play_round(game, {0: ["A_clubs"], 1: ["J_clubs"]}, [10, 40])
    assert (results[1].added, results[1].total, results[1].reset) == (51, 0, "51 → 0")
    assert game.scores() == [10, 0]
    assert family("shedding").score_lines(results[1])[3] == ("Reset", "51 → 0")


def test_a_total_of_exactly_99_drops_to_50():
    """kumbal.md: "If a player's score reaches 99 points exactly, their score is reduced by 49 points to 50.\""""
    game = new_game(2)
    results = play_round(game, {0: ["A_clubs"], 1: ["J_clubs"]}, [10, 88])
    assert (results[1].added, results[1].total, results[1].reset) == (99, 50, "99 → 50")
    assert not game.is_over()


def test_the_match_ends_when_a_total_passes_100_and_the_lowest_wins():
    """kumbal.md: "The game ends when one person's penalty score surpasses 100 points."
    clarifications.md: "then anyone above 100 ends the game; lowest total wins.\""""
    game = new_game(3)
    play_round(game, {0: ["A_clubs"], 1: ["J_clubs"], 2: ["2_hearts"]}, [30, 89, 20])
    assert game.scores() == [30, 100, 22] and not game.is_over()     # 100 does not pass 100
    game.apply(0, NEXT)
    play_round(game, {0: ["A_clubs"], 1: ["A_hearts"], 2: ["2_hearts"]}, game.totals)
    assert game.scores() == [30, 101, 24] and game.is_over()
    assert game.winners() == [2] and game.view(1).winners == (2,)
    assert game.to_act() == [] and game.legal_actions(0) == []
    # every view's seats carry the final totals (the standings and the statistics read them there)
    for seat in (None, 0, 1, 2):
        assert [s.total for s in game.view(seat).seats] == [30, 101, 24]


def test_resets_come_before_the_end_of_the_match():
    """clarifications.md: "then a total of exactly 51 becomes 0 and exactly 99 becomes 50; then anyone
    above 100 ends the game" (reset first: a total that reaches 99 is 50 and plays on)"""
    game = new_game(2)
    play_round(game, {0: ["A_clubs"], 1: ["K_clubs"]}, [0, 86])
    assert game.scores() == [0, 50] and not game.is_over()


# --- the deck ------------------------------------------------------------------------

def test_an_empty_deck_is_refilled_from_the_discard_pile_except_its_top():
    """clarifications.md: "Empty deck: shuffle the discard pile except its top card." (what lies on
    top is kept: the cards just discarded and the previous discard, which may still be taken)"""
    game = rigged(hands={0: HIGH}, last=["9_clubs"], gone=["4_diamonds"])
    game.discard[:0] = game.deck        # every other card beneath the discard pile: the deck is empty
    game.deck = []
    (nine,) = game.last_discard
    game.apply(0, discard(game, 0, "K_clubs"))
    beneath = len(game.discard) - 2
    events = game.apply(0, DRAW)
    assert kinds(events)[:2] == ["reshuffle", "draw"] and events[0].get("cards") == beneath
    assert keys(game, game.discard) == ["9_clubs", "K_clubs"]
    assert len(game.deck) == beneath - 1
    check_conserved(game)
    assert nine in game.discard


def test_nothing_left_to_draw_ends_the_round():
    """clarifications.md: "Empty deck: shuffle the discard pile except its top card." When nothing lies
    beneath the top and nothing may be taken, no card can be drawn: the round ends, hands scored
    as they are, nobody penalised."""
    game = rigged(hands={0: HIGH, 1: ["2_clubs"]}, last=["joker"])
    game.hands[1].extend(game.deck)       # the deck is gone (into seat 1's hand)
    game.deck = []
    events = game.apply(0, discard(game, 0, "K_clubs"))
    assert "round_over" in kinds(events) and events[1].get("why") == "nothing_to_draw"
    assert [r.penalty for r in game.results] == [0, 0] and game.results[0].round_points == 23
    check_conserved(game)


def test_cutting_the_deck_instead_of_shuffling_is_a_house_rule():
    """kumbal.md: "To speed up the game even more, instead of shuffling the deck between rounds, the
    deck can be 'cut' instead.\""""
    for cut in (True, False):
        game = rigged(hands={0: ["A_clubs"]}, variants={"cut_deck": cut})
        game.apply(0, CALL)
        gathered = [c for hand in game.hands for c in hand] + game.discard + game.deck
        game.apply(0, NEXT)
        dealt = [game.hands[(game.dealer + k) % 2][r] for r in range(7) for k in (1, 2)]
        before_deal = game.deck + game.discard + dealt[::-1]
        rotations = [gathered[a:] + gathered[:a] for a in range(len(gathered))]
        assert (before_deal in rotations) == cut


def test_a_round_that_runs_too_long_ends_with_every_hand_scored():
    """clarifications.md is silent: a safety limit (rules.limits.turns_per_round) ends a round that
    nobody calls, every hand scored as it is."""
    game = rigged(hands={0: HIGH}, deck=["3_spades"], last=["9_clubs"])
    game.turns = game.rules["limits"]["turns_per_round"] - 1
    game.apply(0, discard(game, 0, "K_clubs"))
    events = game.apply(0, DRAW)
    assert events[-1].kind == "round_over" and events[-1].get("why") == "limit"
    assert game.results[0].round_points == 12 + 11 + 3 and game.results[0].penalty == 0


# --- the action cards ----------------------------------------------------------------

def test_action_cards_are_a_house_rule_off_by_default():
    """kumbal.md: "Alternative: Special "action" cards have additional powers (note this is not
    recommended by the Kumball OG 'A' or the Peruvian girls who taught him) :"
    clarifications.md: "The optional action-card variant (7 reverse, 8 skip, 2 draw-two, joker
    draw-five, stacking) and the 5-card variant are ruleset variants, off by default.\""""
    assert not {v.key: v.default for v in kumbal().variants}["action_cards"]
    game = rigged(3, hands={0: ["8_clubs", "K_clubs"]}, last=["4_hearts"])
    game.apply(0, discard(game, 0, "8_clubs"))
    game.apply(0, DRAW)
    assert game.to_act() == [1] and game.view(1).takeable == game.last_discard   # no skip, takeable


def test_a_seven_reverses_the_order():
    """kumbal.md: "7: reverse order." "If played, the game order is reversed.\""""
    game = rigged(3, hands={0: ["7_clubs", "K_clubs"], 2: ["Q_hearts", "J_hearts"]},
                  last=["4_hearts"], variants={"action_cards": True})
    game.apply(0, discard(game, 0, "7_clubs"))
    events = game.apply(0, DRAW)
    assert "reverse" in kinds(events)
    assert game.to_act() == [2] and game.view(2).direction == -1
    game.apply(2, discard(game, 2, "Q_hearts"))
    game.apply(2, DRAW)
    assert game.to_act() == [1]


def test_an_eight_skips_the_next_player():
    """kumbal.md: "8: next person is skipped" (a set of two 8s skips two: rules.action_cards.sets)"""
    game = rigged(3, hands={0: ["8_clubs", "K_clubs"]}, last=["4_hearts"], variants={"action_cards": True})
    game.apply(0, discard(game, 0, "8_clubs"))
    events = game.apply(0, DRAW)
    assert [e.seat for e in events if e.kind == "skip"] == [1] and game.to_act() == [2]
    game = rigged(4, hands={0: ["8_clubs", "8_hearts", "K_clubs"]}, last=["4_hearts"],
                  variants={"action_cards": True})
    game.apply(0, discard(game, 0, "8_clubs", "8_hearts"))
    game.apply(0, DRAW)
    assert game.to_act() == [3]


def test_action_cards_cannot_be_picked_up():
    """kumbal.md: "When cards are played as an action card, they cannot be picked up from the
    discard pile, the following player has to pick from the deck.\""""
    game = rigged(3, hands={0: ["8_clubs", "K_clubs"], 2: ["Q_hearts", "J_hearts"]}, last=["4_hearts"],
                  variants={"action_cards": True})
    game.apply(0, discard(game, 0, "8_clubs"))
    game.apply(0, DRAW)
    (eight,) = game.view(2).last_discard
    assert game.view(2).takeable == ()
    game.apply(2, discard(game, 2, "Q_hearts"))
    assert game.legal_actions(2) == [DRAW]
    refused(game, 2, take(eight), "Action cards cannot be picked up: draw from the deck.")


def test_a_card_inside_a_run_does_not_act():
    """kumbal.md: "7: reverse order." (a 7 laid inside a run is part of the run, not an action:
    rules.action_cards.in_runs)"""
    game = rigged(3, hands={0: ["6_clubs", "7_clubs", "8_clubs", "K_clubs"]}, last=["4_hearts"],
                  variants={"action_cards": True})
    game.apply(0, discard(game, 0, "6_clubs", "7_clubs", "8_clubs"))
    game.apply(0, DRAW)
    assert game.to_act() == [1] and game.view(1).direction == 1 and len(game.view(1).takeable) == 2


def test_a_two_makes_the_next_player_draw_two_unless_they_pass_it_on():
    """kumbal.md: "2: next person to pick 2 (unless they can also discard a 2 or joker, then the
    amount of to-be-drawn cards add up)\""""
    game = rigged(hands={0: ["2_clubs", "K_clubs"], 1: ["2_hearts", "Q_hearts", "J_hearts"]},
                  last=["4_hearts"], variants={"action_cards": True})
    game.apply(0, discard(game, 0, "2_clubs"))
    events = game.apply(0, DRAW)
    assert ("owe", 1) in [(e.kind, e.seat) for e in events] and game.view(1).owed == 2
    assert game.legal_actions(1) == [DRAW_PENALTY, discard(game, 1, "2_hearts")]
    refused(game, 1, discard(game, 1, "Q_hearts"),
            "You owe 2 cards: pass them on with a draw card (a 2 or a joker), or draw them.")
    game.apply(1, discard(game, 1, "2_hearts"))       # passed on: the counts add up
    game.apply(1, DRAW)
    assert game.view(0).owed == 4 and game.view(0).takeable == ()
    before = len(game.hands[0])
    events = game.apply(0, DRAW_PENALTY)
    assert events[-1].get("cards") == 4 and len(game.hands[0]) == before + 4
    assert game.view(0).owed == 0 and game.phase == "discard" and CALL not in game.legal_actions(0)
    check_conserved(game)


def test_a_joker_makes_the_next_player_draw_five_unless_they_pass_it_on():
    """kumbal.md: "joker: next person to pick 5 (unless they can also discard a 2 or joker, then the
    number of to-be-drawn cards add up)\""""
    game = rigged(hands={0: ["joker", "K_clubs"], 1: ["2_hearts", "Q_hearts"]}, last=["4_hearts"],
                  variants={"action_cards": True})
    game.apply(0, discard(game, 0, "joker"))
    game.apply(0, DRAW)
    assert game.view(1).owed == 5
    game.apply(1, discard(game, 1, "2_hearts"))
    game.apply(1, DRAW)
    assert game.view(0).owed == 7


# --- illegal moves ----------------------------------------------------------------------

def test_illegal_moves_say_why_and_change_nothing():
    """DESIGN.md: "apply ... validates (raises IllegalAction with a sentence a player understands)\""""
    game = rigged(hands={0: HIGH, 1: ["5_hearts", "9_clubs"]}, last=["4_hearts"])
    refused(game, 1, discard(game, 1, "5_hearts"), "It is not your turn: seat 1 is playing.")
    refused(game, 0, lay(0, [game.hands[1][0]]), "That card is not in your hand.")
    refused(game, 0, Action("discard", places=(("hand", 1, game.hands[1][0]), ("discard",))),
            "You can only discard cards from your own hand.")
    refused(game, 0, lay(0, [game.hands[0][0]] * 2), "A card can be laid only once.")
    refused(game, 0, Action("discard", places=(("hand", 0, game.hands[0][0]),)),
            "Lay the cards on the discard pile.")
    refused(game, 0, NEXT, "Discard one card, a set of equal ranks or a run of one suit.")
    refused(game, 0, DRAW_PENALTY, "You owe no cards.")
    refused(game, 0, "discard", "That is not a move.")


def test_every_legal_action_is_accepted_and_every_refused_one_is_not_listed():
    """DESIGN.md: "legal_actions(seat) — every legal action, as data" (apply accepts exactly these)"""
    import itertools
    game = rigged(hands={0: ["4_clubs", "5_clubs", "6_clubs", "6_hearts", "6_spades", "joker", "K_clubs"]},
                  last=["4_hearts"])
    legal = game.legal_actions(0)
    hand = game.hands[0]
    for size in range(1, 5):
        for cards in itertools.permutations(hand, size):
            trial = game.copy()
            try:
                trial.apply(0, lay(0, cards))
                accepted = True
            except IllegalAction:
                accepted = False
            shape = trial.just_kind if accepted else ""
            listed = lay(0, cards) in legal
            assert not listed or accepted
            if accepted and shape != "set":      # a set is listed once, in hand order
                assert listed, keys(game, cards)


# --- the views: hands are private ----------------------------------------------------------

def test_other_hands_are_counts_and_hidden_cards_leave_no_trace_in_a_view():
    """DESIGN.md: "view(seat) shows a face only to a seat that knows it; hidden cards carry no
    identity" (two states that differ only in seat 0's hidden cards and the deck's order give
    seat 1 and the public the same view)"""
    game = rigged(3, hands={0: ["5_hearts", "9_clubs", "K_clubs"]}, deck=["5_spades"], last=["4_hearts"])
    twin = game.copy()
    twin.hands[0][1], twin.deck[0] = twin.deck[0], twin.hands[0][1]      # another hidden card
    twin.deck[1:4] = twin.deck[3:0:-1]                                    # another deck order
    for seat in (1, 2, None):
        assert game.view(seat) == twin.view(seat)
    assert game.view(0) != twin.view(0)
    view = game.view(1)
    assert view.hand == tuple(game.hands[1]) and view.seats[0].hand_count == 3
    assert game.view(None).hand == ()
    # the drawn card: only in the drawer's view
    game.apply(0, discard(game, 0, "5_hearts"))
    game.apply(0, DRAW)
    assert game.view(0).drawn is not None and {game.view(s).drawn for s in (1, 2, None)} == {None}
    twin = game.copy()
    twin.hands[0][-1], twin.deck[0] = twin.deck[0], twin.hands[0][-1]
    assert game.view(1) == twin.view(1)


def test_whether_a_player_may_call_is_in_their_own_view_only():
    """A call needs "7 or fewer points" in hand, so whether the current player may call tells what
    their hidden hand is worth: the status hint offers the call in that player's view only (it
    once said so to every seat and to the public screen). A low hand and a high one give the
    others the same view."""
    low = rigged(3, hands={1: ["A_clubs", "2_clubs", "joker"]}, last=["9_spades"], current=1)
    high = rigged(3, hands={1: HIGH}, last=["9_spades"], current=1)
    assert " (or call Kumbal)" in low.view(1).log_hint
    assert " (or call" not in high.view(1).log_hint
    for seat in (0, 2, None):
        assert " (or call" not in low.view(seat).log_hint
        assert low.view(seat).log_hint == high.view(seat).log_hint


def test_a_copy_is_independent():
    """DESIGN.md: "cheap to copy (bots search on copies)" """
    game = rigged(hands={0: HIGH}, last=["4_hearts"])
    twin = game.copy()
    twin.apply(0, discard(twin, 0, "K_clubs"))
    twin.apply(0, DRAW)
    assert game.phase == "discard" and len(game.hands[0]) == 3 and game.view(1) != twin.view(1)
    check_conserved(game)


# --- the log and the ruleset -----------------------------------------------------------------

def test_every_event_has_a_log_sentence():
    """Issue 9: "the log sentences for its events" (every event of many random turns, every house
    rule on, gives a sentence; only turn and next_round are left to the table)"""
    import random
    describe = family("shedding").describe
    seen = set()
    for seed in range(40):
        game = new_game(3, seed=seed, points=60, action_cards=True, wild_jokers=True)
        rng = random.Random(seed)
        names = ["Ana", "Ben", "Cy"]
        for _ in range(400):
            if game.is_over():
                break
            seat = game.to_act()[0]
            for event in game.apply(seat, rng.choice(game.legal_actions(seat))):
                seen.add(event.kind)
                text = describe(event, names, "Kumbal")
                assert bool(text) == (event.kind not in ("turn", "next_round")), event
    assert {"deal", "discard", "draw", "take", "call", "round_over", "reverse", "skip", "owe",
            "draw_penalty", "free_discard", "keep"} <= seen


def broken(tmp_path, old, new):
    text = open(KUMBAL_YAML, encoding="utf-8").read()
    assert old in text
    path = tmp_path / "kumbal.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    return str(err.value)


def test_a_broken_kumbal_yaml_names_the_file_line_and_key(tmp_path):
    """DESIGN.md: "Every error names the file, the line and the key, and says what was expected\""""
    line = next(i for i, text in enumerate(open(KUMBAL_YAML, encoding="utf-8"), 1) if '8: {effect' in text)
    assert broken(tmp_path, '8: {effect: skip}', '8: {effect: jump}') == (
        f"{tmp_path / 'kumbal.yaml'}:{line}: rules.action_cards.cards.8.effect: "
        "expected one of reverse, skip, draw; got 'jump'")
    assert f"kumbal.yaml:{line}: rules.action_cards.cards.9x: no card has the rank '9x'" in broken(tmp_path, '8: {effect: skip}', '9x: {effect: skip}')
    assert "variants.five_cards.set.call.limit: expected a whole number from 0 to 200; got -1" in \
        broken(tmp_path, "call.limit: 5}", "call.limit: -1}")
    assert "layout: the shedding family has no layout" in broken(tmp_path, "rules:\n", "layout: {rows: 2}\nrules:\n")
    assert "rules.decks.extra_from_players: 54 cards cannot deal 7 to 8 players" in \
        broken(tmp_path, "extra_from_players: 8", "extra_from_players: 9")
    assert "rules.scoring.resets.51: expected a whole number from 0 to 10000; got -1" in \
        broken(tmp_path, "51: 0 ", "51: -1 ")


def test_the_log_tells_a_turn_in_words():
    """Issue 9: "the log sentences for its events" (what each move looks like in "What happened")"""
    describe = family("shedding").describe
    names = ["Ana", "Ben"]
    game = rigged(hands={0: ["4_clubs", "5_clubs", "6_clubs", "K_hearts"], 1: ["A_clubs", "2_hearts"]},
                  deck=["9_spades"], last=["9_diamonds"], totals=[29, 0])
    said = [describe(e, names) for e in game.apply(0, discard(game, 0, "4_clubs", "5_clubs", "6_clubs"))]
    assert said == ["Ana discards a run: 4 of clubs, 5 of clubs, 6 of clubs."]
    said = [describe(e, names) for e in game.apply(0, take(game.last_discard[0]))]
    assert said == ["Ana takes the 9 of diamonds from the discard pile.", ""]
    said = [describe(e, names, "Kumbal") for e in game.apply(1, CALL)]
    assert said == ["Ben calls Kumbal with 3 points!", "The round is over: hands are revealed.",
                    "Ana has exactly 51 points: back to 0!"]
