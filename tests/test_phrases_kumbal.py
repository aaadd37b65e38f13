"""Kumbal's moves in a few words (Family.phrase, game/families/shedding/words.py): what the hint's
sentence and the review's lines say for a move, said to the seat about to make it from its view
alone.

Every legal move of every seat asked to act in seeded bot matches (the rules as written and with
house rules) is said in words of Kumbal's own, not in the generic move_words; typical moves are
said exactly (each cites the sentence of kumbal.md, /work/shared/rules/, that makes it a move); and
a move is said the same from a twin dealt anew from the seat's view, so no hidden card can leak
through the words.
"""
import random

from game.engine import registry
from game.engine.core import Action
from game.engine.ruleset import find_ruleset
from game.engine.session import Session
from game.lab.simulate import run_match
from rigging import said_moves, twin_says_the_same
from rigging_kumbal import (CALL, DRAW, DRAW_PENALTY, KEEP, NEXT, discard, free, ids, options, rigged,
                            take)

FAMILY = registry.family("shedding")
KINDS = {"call", "discard", "draw", "take", "free_discard", "keep", "draw_penalty", "next_round"}
# (seed, bots, house rules): the rules as written, then action cards with wild jokers (owed
# cards, stacking, jokers standing in runs)
MATCHES = [
    (11, ("easy", "random", "normal"), {}),
    (12, ("random", "easy", "random", "easy"), {"action_cards": True, "wild_jokers": True}),
]


def say(action, view, names=("Ann", "Ben", "Cid", "Dee")):
    return FAMILY.phrase(action, view, names)


def replayed(seed, levels, variants):
    """A seeded bot match of rulesets/kumbal.yaml (3 rounds), replayed: each state in turn, as
    (session, the next action's seat, the next action); the last state with (None, None)."""
    ruleset = find_ruleset("kumbal")
    played = run_match(ruleset, levels, seed, options(rounds=3, **variants), keep_session=True).session
    replay = Session(ruleset, played.seats, played.options, played.match.seed)
    for seat, action in played.match.actions:
        yield replay, seat, action
        replay.apply(seat, action)
    yield replay, None, None


def test_the_family_declares_its_words_for_moves():
    assert FAMILY.phrase is not None


def test_every_legal_move_of_seeded_matches_is_said_in_kumbals_words():
    said = {}
    for seed, levels, variants in MATCHES:
        for session, _seat, _action in replayed(seed, levels, variants):
            game, names = session.game, tuple(session.names)
            for seat in game.to_act():
                # either of two jokers is one move in words (distinct=False)
                for action, words in said_moves(FAMILY, game, seat, names, distinct=False).items():
                    said.setdefault(action.kind, set()).add(words)
    assert set(said) == KINDS       # every kind the rules list was met, and no other
    assert any(" to pass the draw on" in w for w in said["discard"])
    assert any(w.startswith("discard the run ") and "joker" in w for w in said["discard"])


# --- typical moves, said exactly (seat 0 to play in a rigged 2-seat game) ------------------

def test_a_single_card_a_set_and_a_run_are_said_by_their_cards():
    """kumbal.md: "Every turn you first discard, then you draw the top card from the deck." and
    "You can discard two or more of the same value (doubles, triples, etc: ♣️9 + ♥️9 + ...)." and
    "You can discard 3 or more of a series in the same suit (♣️4, ♣️5, ♣️6, ...).\""""
    game = rigged(hands={0: ["9_clubs", "9_hearts", "9_spades", "4_clubs", "5_clubs", "6_clubs",
                             "A_diamonds"]}, last=["K_hearts"])
    view = game.view(0)
    assert say(discard(game, 0, "9_clubs"), view) == "discard the 9 of clubs"
    assert say(discard(game, 0, "A_diamonds"), view) == "discard the Ace of diamonds"
    assert say(discard(game, 0, "9_clubs", "9_hearts"), view) == "discard the 9 of clubs and the 9 of hearts"
    assert (say(discard(game, 0, "9_clubs", "9_hearts", "9_spades"), view)
            == "discard the 9 of clubs, the 9 of hearts and the 9 of spades")
    assert say(discard(game, 0, "4_clubs", "5_clubs", "6_clubs"), view) == "discard the run 4-5-6 of clubs"


def test_a_joker_is_a_joker_alone_in_a_pair_and_where_it_stands_in_a_run():
    """kumbal.md: "(not the case for jokers, they are lost when played)"; the house rule of
    rulesets/kumbal.yaml: "A joker may stand in for any missing card of a run.\""""
    game = rigged(hands={0: ["joker", "joker", "4_clubs", "6_clubs", "K_spades"]}, last=["K_hearts"],
                  variants={"wild_jokers": True})
    view = game.view(0)
    assert say(discard(game, 0, "joker"), view) == "discard a joker"
    assert say(discard(game, 0, "joker", "joker"), view) == "discard 2 jokers"
    laid = discard(game, 0, "4_clubs", "joker", "6_clubs")
    assert laid in game.legal_actions(0)
    assert say(laid, view) == "discard the run 4-joker-6 of clubs"


def test_the_draw_and_the_take():
    """kumbal.md: "then you draw the top card from the deck." and "You are also allowed to pick the
    top card from the discard pile\""""
    game = rigged(hands={0: ["K_clubs", "Q_hearts"]}, last=["7_hearts"])
    game.apply(0, discard(game, 0, "K_clubs"))
    view = game.view(0)
    assert say(DRAW, view) == "draw from the deck"
    (seven,) = view.takeable
    assert say(take(seven), view) == "take the 7 of hearts from the discard pile"


def test_the_free_discard_and_keeping_the_drawn_card():
    """kumbal.md: "if you draw a card from the deck that is the same as the one you just
    discarded, you can discard it 'for free' as long as the next person hasn't played their turn
    yet (this speeds things up).\""""
    game = rigged(hands={0: ["5_hearts", "K_clubs", "Q_clubs"]}, deck=["5_spades"], last=["9_diamonds"])
    game.apply(0, discard(game, 0, "5_hearts"))
    game.apply(0, DRAW)
    (drawn,) = ids(game, 0, "5_spades")
    assert game.legal_actions(0) == [free(0, drawn), KEEP]
    assert say(free(0, drawn), game.view(0)) == "throw the drawn 5 of spades for free"
    assert say(KEEP, game.view(0)) == "keep the drawn 5 of spades"
    # only the drawer sees the drawn card: from any other view it is not named
    assert say(KEEP, game.view(1)) == "keep the drawn card"
    assert say(free(0, drawn), game.view(None)) == "throw the drawn card for free"


def test_the_call_and_the_next_round():
    """kumbal.md: "If you have 7 or fewer points at the beginning of your round, you can call
    "Kumbal"." and "At the end of each round, all players scores are recorded and added up.\""""
    game = rigged(hands={0: ["A_clubs", "2_hearts"]}, last=["9_diamonds"])
    assert CALL in game.legal_actions(0)
    assert say(CALL, game.view(0)) == "call Kumbal"
    game.apply(0, CALL)
    assert game.legal_actions(0) == [NEXT]
    assert say(NEXT, game.view(0)) == "start the next round"


def test_owed_cards_are_drawn_or_passed_on():
    """kumbal.md: "2: next person to pick 2 (unless they can also discard a 2 or joker, then the
    amount of to-be-drawn cards add up)\""""
    game = rigged(hands={0: ["2_clubs", "K_clubs"], 1: ["2_hearts", "Q_hearts", "J_hearts"]},
                  last=["4_hearts"], variants={"action_cards": True})
    game.apply(0, discard(game, 0, "2_clubs"))
    game.apply(0, DRAW)
    assert game.legal_actions(1) == [DRAW_PENALTY, discard(game, 1, "2_hearts")]
    view = game.view(1)
    assert say(DRAW_PENALTY, view) == "draw the 2 cards you owe"
    assert say(discard(game, 1, "2_hearts"), view) == "discard the 2 of hearts to pass the draw on"


def test_a_kind_without_words_of_its_own_is_said_by_its_name():
    game = rigged(hands={0: ["K_clubs"]}, last=["9_diamonds"])
    assert say(Action("shuffle_hands"), game.view(0)) == "shuffle hands"


# --- privacy -------------------------------------------------------------------------------

def test_cards_a_view_does_not_show_are_not_named():
    """Seat 0's discard said from Ben's view or the public one: the cards are in seat 0's hand,
    which those views do not show."""
    game = rigged(hands={0: ["9_clubs", "9_hearts", "K_spades"]}, last=["K_hearts"])
    pair, one = discard(game, 0, "9_clubs", "9_hearts"), discard(game, 0, "K_spades")
    for view in (game.view(1), game.view(None)):
        assert say(pair, view) == "discard 2 cards"
        assert say(one, view) == "discard a card"


def test_a_move_is_said_the_same_from_a_twin_dealt_anew_from_the_view():
    """A state dealt anew from the seat's view (Family.determinize: every card the seat cannot see
    dealt again) shows that seat the same view, so each legal move must be said the same from it:
    words that reached past the view for a hidden card would say another card there.

    That this can fail was seen once: `phrase` was made to say "draw the <card>", naming the deck's
    top card found around the view (gc.get_referrers(view.faces) gives the game holding those
    faces, and its deck[-1] is a hidden face); this test then failed on seed 11's first draw ("draw
    the 9 of diamonds" from the twin, "draw the 10 of spades" from the real game), and the
    injection was taken out."""
    ruleset = find_ruleset("kumbal")
    compared = 0
    for seed, levels, variants in MATCHES:
        rng = random.Random(seed)
        for session, _seat, _action in replayed(seed, levels, variants):
            game, names = session.game, tuple(session.names)
            if game.is_over():
                continue
            for seat in game.to_act():
                compared += twin_says_the_same(FAMILY, ruleset, session.options, game, seat, names, rng)
    assert compared > 1000
