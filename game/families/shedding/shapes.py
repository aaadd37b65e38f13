"""What may be laid together in the shedding family (Kumbal): one card, a set (2 or more of one
rank) or a run (3 or more of one suit in a row, aces low, wild jokers filling gaps); every discard
a hand holds, and why cards laid together are neither.

Each reads the card rules a game works out once (`SheddingGame._rules_of_cards`: rank, is_joker, wild,
run_bottom, run_top, suit_of, value_of, run_bit) and the `rules:` in force.
"""
from __future__ import annotations

from itertools import combinations
from typing import Optional

from game.i18n import tr


def discards(game, hand: list) -> list:
    """Every legal discard of this hand, as tuples of ids in the order laid: each card, each
    set (2+ of one rank, in hand order), each run (low to high)."""
    out = [(c,) for c in hand]
    rank = game.rank
    by_rank: dict = {}
    for c in hand:
        same = by_rank.get(rank[c])
        if same is None:
            by_rank[rank[c]] = [c]
        else:
            same.append(c)
    if len(by_rank) < len(hand):        # some rank is held twice or more
        least = game.rules["sets"]["min_size"]
        for same in by_rank.values():
            for size in range(least, len(same) + 1):
                out.extend(combinations(same, size))
    out.extend(runs(game, hand))
    return out


def runs(game, hand: list) -> list:
    """Every run in the hand: 3+ consecutive cards of one suit, aces low, jokers filling gaps
    only where they are wild (each joker used in hand order, so a run is listed once)."""
    is_joker, suit_of = game.is_joker, game.suit_of
    jokers = [c for c in hand if is_joker[c]] if game.wild else []
    least = game.rules["runs"]["min_length"]
    # each suit's values as a mask (bit 0: the lowest value a run may hold): without a joker, a
    # run starts where `least` values in a row are held, which a few shifts find at once
    held: dict = {}
    run_bit = game.run_bit
    for c in hand:
        if not is_joker[c] and suit_of[c] is not None:
            held[suit_of[c]] = held.get(suit_of[c], 0) | run_bit[c]
    out: list = []
    top = game.run_top

    def extend(values, value, laid, used, natural):
        if len(laid) >= least and natural:
            out.append(tuple(laid))
        if value > top:
            return
        for c in values.get(value, ()):
            extend(values, value + 1, laid + [c], used, True)
        if used < len(jokers):
            extend(values, value + 1, laid + [jokers[used]], used + 1, natural)

    # a run's first natural card and its place in the run fix where it starts, so a run
    # is found from one start only and listed once
    for suit, mask in held.items():
        if jokers:
            if mask.bit_count() + len(jokers) < least:
                continue
            starts = range(game.run_bottom, top + 1)
        else:
            in_a_row = mask
            for k in range(1, least):
                in_a_row &= mask >> k
            if not in_a_row:
                continue
            starts = [game.run_bottom + k for k in range(in_a_row.bit_length()) if in_a_row >> k & 1]
        values: dict = {}
        value_of = game.value_of
        for c in hand:
            if suit_of[c] == suit and not is_joker[c]:
                values.setdefault(value_of[c], []).append(c)
        for start in starts:
            extend(values, start, [], 0, False)
    return out


def shape(game, cards: list) -> tuple:
    """("single" | "set" | "run", None), or ("", why not) in a sentence for the player."""
    if len(cards) == 1:
        return "single", None
    ranks = {game.rank[c] for c in cards}
    if len(ranks) == 1 and len(cards) >= game.rules["sets"]["min_size"]:
        return "set", None
    least = game.rules["runs"]["min_length"]
    if len(cards) < least:
        return "", tr("Cards laid together must be of one rank (a set), or {n} or more of one suit in a "
                      "row (a run).", n=least)     # runs.min_length: 2 or more
    problem = run_problem(game, cards)
    return ("", problem) if problem else ("run", None)


def run_problem(game, cards: list) -> Optional[str]:
    """Why these cards are not a run, in a sentence for the player; None when they are."""
    least = game.rules["runs"]["min_length"]

    def in_a_row():
        return tr("A run needs {n} cards of one suit in a row.", n=least)     # runs.min_length: 2 or more
    naturals = [(i, c) for i, c in enumerate(cards) if not game.is_joker[c]]
    if len(naturals) < len(cards) and not game.wild:
        return tr("Jokers are not wild: a run cannot hold a joker.")
    if not naturals:
        return tr("A run needs at least one card that is not a joker.")
    suits = {game.faces[c].suit for _, c in naturals}
    if len(suits) != 1 or None in suits:
        return in_a_row()
    starts = {game.faces[c].value - i for i, c in naturals}
    if len(starts) != 1:
        backwards = {game.faces[c].value + i for i, c in naturals}
        if len(backwards) == 1:
            return tr("Lay a run from its lowest card to its highest.")
        return in_a_row()
    start = starts.pop()
    if start < game.run_bottom or start + len(cards) - 1 > game.run_top:
        return tr("A run cannot go past the ace or the king: aces are low, a run does not wrap.")
    return None
