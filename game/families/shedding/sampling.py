"""The hard level's sampling for the shedding family (Kumbal): a whole state dealt anew from one
seat's view, as OpenSpiel's resample_from_infostate.

What stays where the view shows it: the viewer's hand (ids and order), the discard pile (public:
what lies beneath, the previous discard, this turn's discard), each seat's hand size and the cards
it was seen to take from the discard pile (public, so they stay in that hand), the turn, the
direction, what is owed, the totals. Every other card is unseen: the other hands get unseen cards
of the right counts, uniformly, and the rest is the deck, in a random order.

What the view tells about the hidden cards is respected, so a sample is exact (every state the
seat cannot tell from the real one is equally likely): a refill put the discard pile's cards
(public: `view.refills`) into the deck, so a card a hand drew since came from those, and each
seat's `hidden_by_deck` says how many of its unseen cards came from each deck of the round; the
unseen cards are dealt deck by deck (each one's deck: the last refill that moved it, else the
dealt deck), and the deck is what is left of the last. In the free-discard phase the drawer's
last card has the rank just discarded (everyone saw the free discard offered). The round's turn
count and whether the current player drew what was owed are in the view too. (The status hint
once told everyone whether the current player may call, i.e. whether their hand had 7 points or
fewer; it now says so to that player only.)

Which consistent deal, though, is not uniform: players shed their high cards and keep their low
ones, so a hidden hand is dealt low cards more often (KEEP_LOW: each card weighted by
exp(-KEEP_LOW * value / 13), the deck uniform): a hard bot sampling uniformly calls into
undercuts far more often than it expects (the lean's calibration: bench/README.md).
"""
from __future__ import annotations

import math
import random

from game.families.shedding.rules import SheddingGame

_TEMPLATES: dict = {}   # (ruleset id, seats, options) -> a game whose fixed parts every sample shares


def _template(ruleset, n_seats: int, options: dict) -> SheddingGame:
    """A game of this ruleset, seat count and options, built once (the rules in force, the faces,
    each card's rank and action): parsing the rules costs far more than a sample."""
    key = (ruleset.id, ruleset.version, n_seats, repr(sorted(options.items())))
    game = _TEMPLATES.get(key)
    if game is None or game.ruleset is not ruleset:
        if len(_TEMPLATES) > 64:
            _TEMPLATES.clear()
        game = _TEMPLATES[key] = SheddingGame(ruleset, n_seats, options, seed=0)
    return game


def determinize(ruleset, options, view, rng: random.Random) -> SheddingGame:
    """A full state that deals what `view.viewer` cannot see anew, so that its view is `view`."""
    template = _template(ruleset, view.n, options)
    game = object.__new__(SheddingGame)
    game.__dict__.update(template.__dict__)
    n, me, current = view.n, view.viewer, view.current
    playing = view.phase in ("discard", "draw", "free")

    discard = list(view.gone) + list(view.last_discard) + list(view.just_discarded)
    game.discard = discard
    game.record = view.record           # the public record: every event so far, as the view holds it
    game.last_discard, game.last_by = view.last_discard, view.last_by
    game.just_discarded = view.just_discarded
    game.last_kind = _kind(game, view.last_discard) if view.last_by is not None else "single"
    game.last_acted = view.last_by is not None and bool(_acting(game, view.last_discard, game.last_kind))
    game.just_kind = _kind(game, view.just_discarded) if view.just_discarded else ""
    game.phase, game.current, game.direction = view.phase, current, view.direction
    game.round_no, game.dealer, game.caller, game.owed = view.round_no, view.dealer, view.caller, view.owed
    game.totals = list(view.totals)
    game.history = list(view.history)
    game.results = view.results
    game.match_over = view.phase == "match_over"
    game.taken = [list(seat.taken) for seat in view.seats]
    game.has_drawn = view.phase == "free"
    game.penalty_drawn = view.penalty_drawn
    game.turns = view.turns
    game.refills = view.refills
    game.refilled = {c: k for k, moved in enumerate(view.refills, 1) for c in moved}
    game.ended_by = ""
    game.forget()               # the template's views and legal actions are not this state's

    if view.results:
        # a scored round shows every hand: only the deck is unseen
        hands = [list(result.hand) for result in view.results]
    else:
        hands = [list(seat.taken) for seat in view.seats]
        if me is not None:
            hands[me] = list(view.hand)
    seen = set(discard)
    for hand in hands:
        seen.update(hand)
    # the unseen cards by the deck of this round they lie in or were drawn from
    last = len(view.refills)
    refilled = game.refilled
    pools: list = [[] for _ in range(last + 1)]
    for c in range(len(game.faces)):
        if c not in seen:
            pools[refilled.get(c, 0)].append(c)
    for pool in pools:
        _order(game, pool, rng)
    deck = pools[last]
    drawn = view.drawn
    if view.phase == "free" and drawn is None and current != me:
        # the drawer's new card has the rank just discarded: that is why the free discard is offered
        rank = game.rank[view.just_discarded[0]]
        drawn = next(c for c in deck if game.rank[c] == rank)
        deck.remove(drawn)
    if not view.results:
        for seat in range(n):
            if seat == me:
                continue
            hidden = view.seats[seat].hidden_by_deck or (view.seats[seat].hand_count - len(hands[seat]),)
            dealt = []
            for k, count in enumerate(hidden):
                count -= drawn is not None and seat == current and k == last
                pool = pools[k]
                if count > len(pool):
                    raise ValueError(f"the view does not add up: seat {seat} holds {count} cards of "
                                     f"deck {k}, {len(pool)} are unseen")
                dealt.extend(pool[len(pool) - count:])
                del pool[len(pool) - count:]
            hands[seat][:0] = dealt
            if drawn is not None and seat == current:
                hands[seat].append(drawn)
    if any(pools[:last]) or len(deck) != view.deck_count:
        raise ValueError(f"the view does not add up: {sum(map(len, pools))} unseen cards left for a "
                         f"deck of {view.deck_count}")
    rng.shuffle(deck)       # the deck's order: uniform, whatever the hands were dealt by
    game.hands = hands
    game.deck = deck
    game.drawn = drawn if view.phase == "free" else None
    game.rng = random.Random(rng.getrandbits(64))
    if not playing:
        game.last_acted = False
    return game


def _kind(game: SheddingGame, cards: tuple) -> str:
    """The shape a discard was laid as; a card thrown free onto a single makes a set of it."""
    shape, _problem = game._shape(list(cards))
    return shape or "set"


def _acting(game: SheddingGame, cards: tuple, kind: str) -> list:
    """The action cards of a discard that act (the action-card variant), as the rules count them."""
    if not game.actions_on or (kind == "run" and not game.rules["action_cards"]["in_runs"]):
        return []
    return [c for c in cards if game.action[c] is not None]


# An opponent model: how much likelier a hidden hand is to hold a low card than a high one
# (players shed their high cards; see the docstring). 0: every consistent deal equally likely.
KEEP_LOW = 2.5


def _order(game: SheddingGame, pool: list, rng: random.Random) -> None:
    """A random order of the pool, the cards a hand is likelier to hold last (the hands are dealt
    from the end): weighted by exp(-KEEP_LOW * value / 13) (Efraimidis and Spirakis 2006);
    KEEP_LOW 0 is a uniform shuffle."""
    if not KEEP_LOW:
        rng.shuffle(pool)
        return
    faces = game.faces
    random_ = rng.random
    keys = {c: random_() ** math.exp(KEEP_LOW * faces[c].value / 13) for c in pool}
    pool.sort(key=keys.__getitem__)
