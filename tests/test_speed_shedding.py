"""The shedding family's fast paths (issue 31, "Think fast") give, to the bit, what the plain way
gives: a hand's shape put together from its suits' parts, the chances of a sum from one shared
table of sums, the unseen cards summed up from masks of ids, and the legal discards found with
masks of values. Each is checked against the plain way written out here, on many random hands
(one deck and two, jokers wild or not)."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.engine.ruleset import find_ruleset
from game.families.shedding import shapes
from game.families.shedding.bots import Distribution, Unseen, _table
from game.families.shedding.rules import SheddingGame


def game_of(players: int, **variants) -> SheddingGame:
    return SheddingGame(find_ruleset("kumbal"), players, {"variants": variants})


# --- the plain ways --------------------------------------------------------------------------

def plain_shape(cards: list, kind: dict) -> tuple:
    """A hand's (points, best shed, partial runs) from its (value, suit, is_joker) cards in id order."""
    if not cards:
        return 0, 0, ()
    count: dict = {}
    suits: dict = {}
    for value, suit, joker in cards:
        count[value] = count.get(value, 0) + 1
        if not joker:
            suits.setdefault(suit, set()).add(value)
    best = max(max(count), max((v * n for v, n in count.items() if n >= 2), default=max(count)))
    pairs = []
    for suit, values in suits.items():
        ordered = sorted(values)
        start = 0
        for i in range(1, len(ordered) + 1):
            if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
                if i - start >= 3:
                    best = max(best, sum(ordered[start:i]))
                start = i
        for a, b in zip(ordered, ordered[1:]):
            if b - a == 1:
                pairs.append((a + b, kind.get((a - 1, suit), 0) | kind.get((b + 1, suit), 0)))
            elif b - a == 2:
                pairs.append((a + b, kind.get((a + 1, suit), 0)))
    return sum(v for v, _, _ in cards), best, tuple(pairs)


def plain_chance(one: tuple, cards: int, below: int) -> float:
    """The chance that `cards` draws from `one` sum below `below`, one table per question."""
    if cards == 0:
        return 1.0 if below > 0 else 0.0
    dist = [1.0]
    for _ in range(cards):
        nxt = [0.0] * min(len(dist) + 13, below)
        for total, p in enumerate(dist):
            if p == 0.0:
                continue
            for value, q in enumerate(one):
                if total + value >= below:
                    break
                nxt[total + value] += p * q
        dist = nxt
    return sum(dist)


def plain_runs(game, hand: list) -> list:
    """Every run, each start of each suit tried in turn."""
    by_suit: dict = {}
    jokers = [c for c in hand if game.is_joker[c]] if game.wild else []
    for c in hand:
        if not game.is_joker[c] and game.faces[c].suit is not None:
            by_suit.setdefault(game.faces[c].suit, {}).setdefault(game.faces[c].value, []).append(c)
    least = game.rules["runs"]["min_length"]
    out: list = []

    def extend(values, value, laid, used, natural):
        if len(laid) >= least and natural:
            out.append(tuple(laid))
        if value > game.run_top:
            return
        for c in values.get(value, ()):
            extend(values, value + 1, laid + [c], used, True)
        if used < len(jokers):
            extend(values, value + 1, laid + [jokers[used]], used + 1, natural)

    for values in by_suit.values():
        if len(values) + len(jokers) >= least:
            for start in range(game.run_bottom, game.run_top + 1):
                if start in values or jokers:
                    extend(values, start, [], 0, False)
    return out


def plain_discards(game, hand: list) -> list:
    out = [(c,) for c in hand]
    by_rank: dict = {}
    for c in hand:
        by_rank.setdefault(game.rank[c], []).append(c)
    for same in by_rank.values():
        for size in range(game.rules["sets"]["min_size"], len(same) + 1):
            out.extend(combinations(same, size))
    return out + plain_runs(game, hand)


# --- the fast ways give the same -------------------------------------------------------------

GAMES = [(4, {}), (8, {}), (3, {"wild_jokers": True}), (8, {"wild_jokers": True})]


@pytest.mark.parametrize("players,variants", GAMES)
def test_a_hands_shape_from_its_suits_parts_is_the_plain_shape(players, variants):
    game = game_of(players, **variants)
    table = _table(game.faces)
    rng = random.Random(players)
    for _ in range(3000):
        ids = sorted(rng.sample(range(len(game.faces)), rng.randint(0, 12)))
        hand = sum(1 << c for c in ids)
        assert table.shape(hand) == plain_shape([table.cards[c] for c in ids], table.kind)


def test_the_chances_from_one_shared_table_of_sums_are_the_plain_chances_to_the_bit():
    rng = random.Random(3)
    for _ in range(500):
        weights = [rng.random() * (rng.random() < 0.8) for _ in range(14)]
        one = tuple(w / (sum(weights) or 1.0) for w in weights)
        dist = Distribution(one)
        for _ in range(8):      # asked in any order, bounds growing and shrinking
            cards, below = rng.randint(0, 9), rng.randint(-2, 40)
            assert dist.chance_sum_below(cards, below) == plain_chance(one, cards, below)


@pytest.mark.parametrize("players,variants", GAMES)
def test_the_unseen_cards_summed_up_from_masks_are_the_plain_sums(players, variants):
    game = game_of(players, **variants)
    table = _table(game.faces)
    rng = random.Random(players + 1)
    for _ in range(300):
        seen = set(rng.sample(range(len(game.faces)), rng.randint(0, len(game.faces))))
        unseen = Unseen(table, sum(1 << c for c in seen))
        cards = [table.cards[c] for c in range(len(game.faces)) if c not in seen]
        values: dict = {}
        for value, _, _ in cards:
            values[value] = values.get(value, 0) + 1
        assert unseen.count == len(cards)
        assert unseen.values == values
        assert unseen.mean == (sum(v for v, _, _ in cards) / len(cards) if cards else 6.5)
        assert unseen.missing == sum({table.kind[v, s] for v, s, joker in cards if not joker})


@pytest.mark.parametrize("players,variants", GAMES + [(2, {"five_cards": True})])
def test_the_legal_discards_found_with_masks_of_values_are_the_plain_ones_in_the_same_order(players, variants):
    game = game_of(players, **variants)
    rng = random.Random(players + 2)
    for _ in range(3000):
        hand = rng.sample(range(len(game.faces)), rng.randint(0, 14))
        assert shapes.discards(game, hand) == plain_discards(game, hand)
