"""The generic selection input over legal actions' places (game/ui/kit/select.py), with real
Action lists shaped as the shedding family's contract gives them (game/families/shedding/view.py).
No display: this is the input's logic alone."""
from game.engine.core import Action
from game.ui.kit import select

SEAT = 0
DISCARD = ("discard",)
DECK = ("deck",)


def hand(card):
    return ("hand", SEAT, card)


def discard(*cards):
    return Action("discard", places=tuple(hand(c) for c in cards) + (DISCARD,))


# A hand of 4♣ (1), 5♣ (2), 6♣ (3), 9♥ (4), 9♠ (5), K♦ (6). Kumbal: "You can discard two or
# more of the same value" and "3 or more of a series in the same suit": the legal discards are
# every single card, the pair of nines, and the run 4♣ 5♣ 6♣ (laid from low to high).
DISCARD_TURN = [discard(c) for c in (1, 2, 3, 4, 5, 6)] + [discard(4, 5), discard(1, 2, 3), Action("call")]
DRAW_TURN = [Action("draw", places=(DECK,)), Action("take", places=(("last", 40),)),
             Action("take", places=(("last", 42),))]


def test_nothing_selected_lights_every_card_that_starts_a_discard_and_not_the_pile():
    lit = select.lit(DISCARD_TURN, ())
    assert lit == {hand(c) for c in (1, 2, 3, 4, 5, 6)}
    assert DISCARD not in lit      # a drop needs something picked first


def test_one_card_picked_lights_its_partners_and_the_pile():
    # 9♥ picked: the pile (a single discard) and 9♠ (a pair) light; the clubs do not
    assert select.lit(DISCARD_TURN, (hand(4),)) == {DISCARD, hand(5)}
    # 5♣ picked: the run needs 4♣ and 6♣, whatever order they are picked in
    assert select.lit(DISCARD_TURN, (hand(2),)) == {DISCARD, hand(1), hand(3)}


def test_two_cards_of_a_run_light_only_the_third_not_the_pile():
    # "3 or more of a series": 5♣ 6♣ alone is no legal discard, so the pile stays dark
    assert select.lit(DISCARD_TURN, (hand(3), hand(2))) == {hand(1)}


def test_a_run_picked_in_any_order_then_dropped_is_the_one_run_discard():
    picked = (hand(3), hand(1), hand(2))
    assert select.lit(DISCARD_TURN, picked) == {DISCARD}
    out = select.drop(DISCARD_TURN, picked, DISCARD)
    assert out.kind == "act" and out.action == discard(1, 2, 3)


def test_clicks_build_the_selection_and_the_pile_click_completes():
    out = select.click(DISCARD_TURN, (), hand(4))
    assert (out.kind, out.selection) == ("select", (hand(4),))
    out = select.click(DISCARD_TURN, out.selection, hand(5))
    assert (out.kind, out.selection) == ("select", (hand(4), hand(5)))
    out = select.click(DISCARD_TURN, out.selection, DISCARD)
    assert out.kind == "act" and out.action == discard(4, 5)


def test_clicking_a_picked_card_again_puts_it_back():
    out = select.click(DISCARD_TURN, (hand(4), hand(5)), hand(4))
    assert (out.kind, out.selection) == ("select", (hand(5),))


def test_an_illegal_set_is_still_picked_and_its_drop_is_refused_with_the_plugins_reason():
    # 9♥ and K♦ combine into nothing; the player may pick them anyway and learns why on the drop
    out = select.click(DISCARD_TURN, (hand(4),), hand(6))
    assert (out.kind, out.selection) == ("select", (hand(4), hand(6)))
    assert select.lit(DISCARD_TURN, out.selection) == set()
    reasons = []

    def why_not(selection, place):
        reasons.append((selection, place))
        return "a set needs cards of one rank"
    out = select.drop(DISCARD_TURN, (hand(4), hand(6)), DISCARD, why_not)
    assert out.kind == "refuse" and out.reason == "a set needs cards of one rank"
    assert out.selection == (hand(4), hand(6))      # kept: the cards slide back, still picked
    assert reasons == [((hand(4), hand(6)), DISCARD)]


def test_a_refusal_without_a_reason_from_the_plugin_still_says_something():
    out = select.drop(DISCARD_TURN, (hand(4), hand(6)), DISCARD)
    assert out.kind == "refuse" and out.reason == select.NOT_LEGAL


def test_placeless_actions_are_buttons():
    assert select.buttons(DISCARD_TURN) == [Action("call")]
    assert select.buttons(DRAW_TURN) == []


def test_draw_turn_deck_and_the_takeable_end_cards_light_and_one_click_takes():
    # "of a run, one of its two end cards": only the two ends are legal, so only they light
    assert select.lit(DRAW_TURN, ()) == {DECK, ("last", 40), ("last", 42)}
    out = select.click(DRAW_TURN, (), ("last", 42))
    assert out.kind == "act" and out.action == Action("take", places=(("last", 42),))
    out = select.click(DRAW_TURN, (), DECK)
    assert out.action == Action("draw", places=(DECK,))


def test_a_card_no_action_touches_is_refused():
    # the run's middle card (41) may not be taken: a click on it says why, nothing happens
    out = select.click(DRAW_TURN, (), ("last", 41), lambda s, p: "only an end card of a run")
    assert out.kind == "refuse" and out.reason == "only an end card of a run"


def test_a_stale_selection_does_not_stop_a_click_that_completes_alone_when_nothing_is_picked():
    out = select.click(DRAW_TURN, (("last", 41),), DECK)
    assert out.kind == "refuse"     # a selection is pending: the deck does not extend it
    out = select.click(DRAW_TURN, (), DECK)
    assert out.kind == "act"


def test_grab_carries_the_selection_or_the_card_alone():
    assert select.grab(DISCARD_TURN, (hand(1), hand(2)), hand(2)) == (hand(1), hand(2))
    # one more card of the run joins what is picked
    assert select.grab(DISCARD_TURN, (hand(1), hand(2)), hand(3)) == (hand(1), hand(2), hand(3))
    # a card that fits nothing picked is dragged alone
    assert select.grab(DISCARD_TURN, (hand(1), hand(2)), hand(6)) == (hand(6),)


def test_two_actions_with_the_same_cards_are_a_choice():
    # jokers wild in runs: joker (7) with 4♣ 5♣ stands for 3♣ or 6♣, two legal discards
    legal = [Action("discard", places=(hand(7), hand(1), hand(2), DISCARD)),
             Action("discard", places=(hand(1), hand(2), hand(7), DISCARD))]
    out = select.drop(legal, (hand(1), hand(7), hand(2)), DISCARD)
    assert out.kind == "choose" and set(out.actions) == set(legal)


def test_ordered_zones_keep_their_order():
    # a place of a zone that is not a hand keeps its turn: slot then slot (a memory swap)
    swap = Action("swap", places=(("slot", 0, 1), ("slot", 1, 2)))
    assert select.lit([swap], ()) == {("slot", 0, 1)}
    assert select.lit([swap], (("slot", 0, 1),)) == {("slot", 1, 2)}
    assert select.drop([swap], (("slot", 1, 2),), ("slot", 0, 1)).kind == "refuse"


def test_free_discard_is_the_drawn_card_onto_the_pile():
    # "if you draw a card from the deck that is the same as the one you just discarded, you can
    # discard it 'for free'": the drawn card (9) lights, then the pile; Keep is a button
    legal = [Action("free_discard", places=(hand(9), DISCARD)), Action("keep")]
    assert select.lit(legal, ()) == {hand(9)}
    assert select.drop(legal, (hand(9),), DISCARD).action == legal[0]
    assert select.buttons(legal) == [Action("keep")]
