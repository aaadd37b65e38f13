"""The shared pile services (game/engine/piles.py) every card family uses (issue 9)."""
import random

from game.engine.piles import Knowledge, cut, new_deck, refill


def test_a_new_deck_is_every_id_once_and_the_same_for_the_same_seed():
    deck = new_deck(54, random.Random(7))
    assert sorted(deck) == list(range(54))
    assert deck == new_deck(54, random.Random(7)) and deck != new_deck(54, random.Random(8))


def test_a_cut_keeps_the_order_around_one_point():
    deck = list(range(20))
    out = cut(deck, random.Random(3))
    at = out.index(0)
    assert 4 <= 20 - at <= 16                     # never within 4 cards of either end
    assert out[at:] + out[:at] == deck and out != deck


def test_refill_moves_all_but_the_top_and_forgets_them():
    """clarifications.md: "Empty deck: shuffle the discard pile except its top card" (Kumbal; the
    memory family says the same)."""
    knowledge = Knowledge(10, 3)
    deck, discard = [], [4, 5, 6, 7, 8]
    for card in discard:
        knowledge.show_all(card)
    moved = refill(deck, discard, random.Random(1), keep_top=1, knowledge=knowledge)
    assert moved == 4 and discard == [8] and sorted(deck) == [4, 5, 6, 7]
    assert all(knowledge.masks[c] == 0 for c in deck) and knowledge.is_public(8)


def test_refill_keeps_a_whole_last_discard_on_top_and_does_nothing_when_it_cannot():
    deck, discard = [], [1, 2, 3, 4]
    assert refill(deck, discard, random.Random(1), keep_top=3) == 1 and discard == [2, 3, 4]
    assert refill([9], [1, 2], random.Random(1)) == 0          # the deck is not empty
    deck, discard = [], [1]
    assert refill(deck, discard, random.Random(1)) == 0 and deck == [] and discard == [1]


def test_knowledge_tracks_seats_and_copies_independently():
    k = Knowledge(5, 3)
    k.show(2, 1)
    assert k.knows(2, 1) and not k.knows(2, 0) and k.seats(2) == frozenset({1})
    twin = k.copy()
    twin.show_all(2)
    assert twin.is_public(2) and not k.is_public(2)
    k.forget([2])
    assert k.seats(2) == frozenset()
