"""The memory family's moves in a few words (Family.phrase, game/families/memory/words.py): what the
hint's sentence and the review's lines say for a move of Kombio, Cambio or classic Cambio, said to
the seat about to make it from its view alone.

Every legal move of every seat asked to act in seeded bot matches of the three rulesets is said in
the family's own words, not in the generic move_words; typical moves are said exactly (each cites
the sentence of /work/shared/rules/kombio.txt or cambio.de.txt that makes it a move); and a move is
said the same from a twin dealt anew from the seat's view, so no hidden card can leak through the
words.
"""
import random

from game.engine import registry
from game.engine.core import Action
from game.engine.session import Session
from game.families.memory.moves import ACTION_FIELDS
from game.lab.simulate import run_match
from rigging import said_moves, twin_says_the_same
from rigging_memory import cambio, cambio_classic, finish_round, kombio, new_game, options, rigged

FAMILY = registry.family("memory")
NAMES = ("Ana", "Ben", "Cleo", "Dan")
DRAW, DRAW_DISCARD = Action("draw", choice="deck"), Action("draw", choice="discard")
CALL, DISCARD, PASS, SKIP = Action("call"), Action("discard"), Action("pass"), Action("skip")

# (ruleset, seed, bots, house rules): together their legal moves meet every kind of ACTION_FIELDS.
# Kombio as written (an opponent's wrong match decided: "decide"); Cambio with optional actions (a
# Red King's choices and skips, a Blue King's picks, the thrower's exclusive chain, a give that may
# be kept); classic Cambio with its chain house rule.
MATCHES = [
    (kombio, 12, ("random", "easy", "normal"), {}),
    (cambio, 259, ("random", "easy", "random", "normal"), {"optional_actions": True}),
    (cambio_classic, 12, ("easy", "normal", "random"), {"multiple_matches": True}),
]


def say(action, view, names=NAMES):
    return FAMILY.phrase(action, view, names)


def replayed(ruleset, seed, levels, variants):
    """A seeded bot match (2 rounds where the ruleset counts rounds), replayed: each state in turn
    as its Session, the last one included."""
    rounds = {"rounds": 2} if "rounds" in ruleset.match_end.modes else {}
    played = run_match(ruleset, levels, seed, options(ruleset=ruleset, **rounds, **variants),
                       keep_session=True).session
    replay = Session(ruleset, played.seats, played.options, played.match.seed)
    for seat, action in played.match.actions:
        yield replay
        replay.apply(seat, action)
    yield replay


def test_the_family_declares_its_words_for_moves():
    assert FAMILY.phrase is not None


def test_every_legal_move_of_seeded_matches_is_said_in_the_familys_words():
    said = {}
    for make, seed, levels, variants in MATCHES:
        for session in replayed(make(), seed, levels, variants):
            game, names = session.game, tuple(session.names)
            for seat in game.to_act():
                for action, words in said_moves(FAMILY, game, seat, names, session.ruleset).items():
                    said.setdefault(action.kind, set()).add(words)
    assert set(said) == set(ACTION_FIELDS)      # every kind the rules list was met
    assert {"skip the look", "skip the swap", "skip this action", "keep your cards"} <= said["skip"]
    assert any(w.startswith("throw no more on the ") for w in said["pass"])
    assert any(w.endswith(" (too late)") for w in said["match"])


# --- typical moves, said exactly -------------------------------------------------------------

def kombio_turn():
    """Kombio for three: Ana (seat 0) to play, who looked at her two 1s (cards 3 and 4); a 4 on
    the discard pile, a 0 on top of the deck."""
    return rigged(3, ruleset=kombio(), hands={0: [12, 12, 1, 1], 1: [5, 6, 7, 8]}, deck=[0],
                  discard=[4], look=True, current=0)


def test_looking_at_the_starting_cards():
    """kombio.txt: "At the beginning of each round, players can view their bottom two cards once.\""""
    game = new_game(3, ruleset=kombio())
    assert game.phase == "initial_peek" and game.legal_actions(1) == [Action("look_start")]
    assert say(Action("look_start"), game.view(1)) == "look at your starting cards"


def test_a_turn_draws_from_the_deck_takes_the_discard_or_calls():
    """kombio.txt: "For future turns, players can either draw a card from the deck or discard pile
    (if it hasn’t been matched upon)" and "In replacement of their turn, players can end the round
    by calling “KOMBIO”.\""""
    game = kombio_turn()
    view = game.view(0)
    assert set(game.legal_actions(0)) == {DRAW, DRAW_DISCARD, CALL}
    assert say(DRAW, view) == "draw from the deck"
    assert say(DRAW_DISCARD, view) == "take the 4 from the discard pile"
    assert say(CALL, view) == "call KOMBIO"
    cambio_game = rigged(3, ruleset=cambio(), opts=options(ruleset=cambio()), current=0)
    assert say(CALL, cambio_game.view(0)) == "call Cambio"


def test_the_drawn_card_is_exchanged_or_discarded():
    """kombio.txt: "draws a card, views it without showing anyone, and decides to either exchange it
    with a card in their hand before discarding the card in their hand or directly playing it face
    up onto the discard pile.\""""
    game = kombio_turn()
    game.apply(0, DRAW)
    view = game.view(0)
    assert say(Action("exchange", pos=(0, 0)), view) == "exchange your card 1 for the drawn 0"
    assert say(Action("exchange", pos=(0, 2)), view) == "exchange your card 3 (a 1) for the drawn 0"
    assert say(DISCARD, view) == "discard the drawn 0"


def test_classic_cambios_cards_are_named_with_their_suit():
    """A card of classic Cambio is named as the log names it: "the 9 of clubs"."""
    game = rigged(2, ruleset=cambio_classic(), opts=options(ruleset=cambio_classic()),
                  deck=["Q_hearts"], discard=["9_clubs"], current=0)
    assert say(DRAW_DISCARD, game.view(0)) == "take the 9 of clubs from the discard pile"
    game.apply(0, DRAW)
    assert say(DISCARD, game.view(0)) == "discard the drawn Queen of hearts"


def test_looking_at_an_opponents_card_or_not():
    """kombio.txt: "Nines and tens allow players to view one card in an opponent’s hand." and
    "Players do not have to use the ability if they do not want to.\""""
    game = rigged(3, ruleset=kombio(), deck=[9], current=0)
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    view = game.view(0)
    assert Action("peek", pos=(1, 1)) in game.legal_actions(0)
    assert say(Action("peek", pos=(1, 1)), view) == "look at Ben's card 2"
    assert say(Action("peek", pos=(2, 0)), view) == "look at Cleo's card 1"
    assert say(SKIP, view) == "skip the look"


def test_a_blind_swap():
    """kombio.txt: "Elevens and twelves allow players to swap any two cards on the table without
    viewing either card. The two cards can be between any hand.\""""
    game = rigged(3, ruleset=kombio(), deck=[11], current=0)
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    view = game.view(0)
    mine_and_bens = Action("swap", pos=(0, 0), pos2=(1, 2))
    assert mine_and_bens in game.legal_actions(0)
    assert say(mine_and_bens, view) == "swap your card 1 with Ben's card 3"
    assert say(Action("swap", pos=(1, 0), pos2=(2, 3)), view) == "swap Ben's card 1 with Cleo's card 4"


def test_a_look_and_swap_may_keep_the_cards_where_they_are():
    """kombio.txt: "A thirteen allows players to view any card on the table and swap the viewed
    card with another card, without viewing the other card. Players do not have to swap the viewed
    card.\""""
    game = rigged(3, ruleset=kombio(), deck=[13], current=0)
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    game.apply(0, Action("peek", pos=(1, 0)))
    view = game.view(0)
    assert say(Action("swap", pos=(1, 0), pos2=(0, 1)), view) == "swap Ben's card 1 with your card 2"
    assert say(SKIP, view) == "skip the swap"


def window_on_a_5():
    """Kombio for three: Ana exchanged her card 1 and threw a 5; Ben holds a 5 as his card 1, Ana
    another as her card 2: the match race is on the 5."""
    game = rigged(3, ruleset=kombio(), hands={0: [5, 5, 9, 9], 1: [5, 8, 8, 8]}, deck=[0], current=0)
    game.apply(0, DRAW)
    game.apply(0, Action("exchange", pos=(0, 0)))
    assert game.phase == "window"
    return game


def test_a_match_race_on_the_discard():
    """kombio.txt: "players can reduce the number of cards in their hands by being the first to
    match atop the last discarded card with a card from their hand or from an opponent's hand.\""""
    game = window_on_a_5()
    view = game.view(1)
    assert say(Action("match", pos=(1, 0)), view) == "match the 5 with your card 1"
    assert say(Action("match", pos=(0, 1)), view) == "match the 5 with Ana's card 2"
    assert say(PASS, view) == "do not match the 5"


def test_a_card_is_given_for_an_opponents_card_matched():
    """kombio.txt: "If you successfully match an opponent's card, you give your opponent a card
    from your hand. You may not view the card you give your opponent.\""""
    game = window_on_a_5()
    game.apply(1, Action("match", pos=(0, 1)))
    assert game.phase == "give"
    view = game.view(1)
    assert say(Action("give", pos=(1, 2)), view) == "give your card 3 to Ana"


def test_an_opponents_wrong_match_is_decided_by_the_opponent():
    """kombio.txt: "If a player incorrectly attempts a match from an opponent’s hand, the opponent
    decides if the other player should take the mismatched card or return it and take a penalty
    card without looking.\""""
    game = window_on_a_5()
    game.apply(1, Action("match", pos=(0, 2)))      # Ana's card 3 is a 9: wrong
    assert game.phase == "mismatch_choice"
    view = game.view(0)
    assert say(Action("decide", choice="take"), view) == "make Ben take your card 3"
    assert say(Action("decide", choice="return"), view) == "take back your card 3; Ben takes a penalty card"


def test_the_next_round_is_started():
    """kombio.txt: "A game consists of multiple rounds, each player adds their score each round.\""""
    game = rigged(2, ruleset=kombio(), current=0)
    finish_round(game)
    assert game.phase == "round_over"
    assert say(Action("next_round"), game.view(1)) == "start the next round"


def red_king_discarded(optional=True):
    """Cambio for three, Ana (seat 0) draws a Red King from the deck and discards it."""
    ruleset = cambio()
    game = rigged(3, ruleset=ruleset, opts=options(ruleset=ruleset, optional_actions=optional),
                  deck=["red_king"], current=0)
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    return game


def test_a_red_kings_two_actions_are_chosen_by_their_ability():
    """cambio.de.txt: "Wenn du einen König ziehst und ihn sofort wieder ablegst, darfst du 2
    Aktionen ausführen (eine beliebige Kombination aus eigene bzw. fremde Karte Anschauen oder
    Tauschen)." The ability's name is the ruleset's (the hint and the review pass it); without it,
    its key in words."""
    game = red_king_discarded()
    view = game.view(0)
    legal = game.legal_actions(0)
    assert [say(a, view) for a in legal] == [
        "choose look own", "choose look other", "choose swap", "skip this action"]
    named = [FAMILY.phrase(a, view, NAMES, game.ruleset) for a in legal[:3]]
    assert named == [f"choose {game.ruleset.abilities[a.choice].name}" for a in legal[:3]]
    assert all(not n.startswith("choose look own") for n in named)


def test_a_blue_kings_picks():
    """cambio.de.txt: "Wenn du diese Karte ziehst und sofort wieder ablegst, musst du bei jedem
    Spieler (außer dir) eine Karte auswählen.\""""
    ruleset = cambio()
    game = rigged(3, ruleset=ruleset, opts=options(ruleset=ruleset), deck=["blue_king"], current=0)
    game.apply(0, DRAW)
    assert say(DISCARD, game.view(0)) == "discard the drawn Blue King"
    game.apply(0, DISCARD)
    view = game.view(0)
    assert Action("pick", pos=(1, 3)) in game.legal_actions(0)
    assert say(Action("pick", pos=(1, 3)), view) == "pick Ben's card 4 to show everyone"


def cambio_race_on_a_3():
    """Cambio for three: Ana drew a 3 and discarded it; the 3s are Ana's card 1 and Ben's cards 1
    and 2."""
    ruleset = cambio()
    game = rigged(3, ruleset=ruleset, opts=options(ruleset=ruleset), hands={0: [3, 8], 1: [3, 3, 9]},
                  deck=[3], current=0)
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    assert game.phase == "window"
    return game


def test_the_first_thrower_goes_on_alone_and_others_are_too_late():
    """cambio.de.txt: "Der Spieler, der als erstes eine identische Rune oben auf den Ablagestapel
    legt, ist der einzige Spieler, der nun alle ihm bekannten identischen Runen ablegen darf." and
    "(die Rune war nicht identisch mit dem Ablagestapel oder du warst zu langsam)\""""
    game = cambio_race_on_a_3()
    game.apply(1, Action("match", pos=(1, 0)))
    assert say(PASS, game.view(1)) == "throw no more on the 3"
    assert say(Action("match", pos=(1, 1)), game.view(1)) == "match the 3 with your card 2"
    late = Action("match", pos=(2, 0))
    assert late in game.legal_actions(2)
    assert say(late, game.view(2)) == "match the 3 with your card 1 (too late)"


def test_a_card_may_be_given_for_anothers_card_thrown():
    """cambio.de.txt: "War es die Karte eines anderen Spielers, die du reingeworfen hast, darfst du
    ihm nun eine deiner Tischkarten geben (immer verdeckt)\""""
    game = cambio_race_on_a_3()
    game.apply(1, Action("match", pos=(0, 0)))
    assert game.phase == "give"
    view = game.view(1)
    assert say(Action("give", pos=(1, 2)), view) == "give your card 3 to Ana"
    assert say(SKIP, view) == "keep your cards"


def test_a_kind_without_words_of_its_own_is_said_by_its_name():
    game = kombio_turn()
    assert say(Action("shuffle_hands"), game.view(0)) == "shuffle hands"


# --- privacy ---------------------------------------------------------------------------------

def test_cards_a_view_does_not_show_are_not_named():
    """Ana's drawn 0 and her card 3 (a 1 she looked at) said from Ben's view and the public one,
    which show neither; her card 1, which she has not seen, not even from her own."""
    game = kombio_turn()
    game.apply(0, DRAW)
    for view in (game.view(1), game.view(None)):
        assert say(DISCARD, view) == "discard the drawn card"
        assert say(Action("exchange", pos=(0, 2)), view) == "exchange Ana's card 3 for the drawn card"
    assert say(Action("exchange", pos=(0, 0)), game.view(0)) == "exchange your card 1 for the drawn 0"


def test_a_move_is_said_the_same_from_a_twin_dealt_anew_from_the_view():
    """A state dealt anew from the seat's view (Family.determinize: every card the seat cannot see
    dealt again) shows that seat the same view, so each legal move must be said the same from it:
    words that reached past the view for a hidden card would say another card there.

    That this can fail was seen once: `_card_known` in words.py was made to name a card its view
    hides by reaching past the view for the state (the view's discard tuple is the state's own, so
    gc.get_referrers finds the game holding it, whose layouts give the hidden face); this test then
    failed on Kombio seed 12, seat 3's exchange of its unseen card 1, said "exchange your card 1
    (a 6) for the drawn 13" from one state and "(an 11)" from the other (and so did
    test_cards_a_view_does_not_show_are_not_named), and the injection was taken out."""
    compared = 0
    for make, seed, levels, variants in MATCHES:
        ruleset = make()
        rng = random.Random(seed)
        for session in replayed(ruleset, seed, levels, variants):
            game, names = session.game, tuple(session.names)
            if game.is_over():
                continue
            for seat in game.to_act():
                compared += twin_says_the_same(FAMILY, ruleset, session.options, game, seat, names, rng)
    assert compared > 1000
