"""The hard level's sampling for the shedding family (Kumbal): a whole state dealt anew from one
seat's view, as OpenSpiel's resample_from_infostate.

What stays where the view shows it: the viewer's hand (ids and order), the discard pile (public:
what lies beneath, the previous discard, this turn's discard), each seat's hand size and the cards
it was seen to take from the discard pile (public, so they stay in that hand), the turn, the
direction, what is owed, the totals. Every other card is unseen: the other hands get unseen cards
of the right counts, uniformly, and the rest is the deck, in a random order.

Two things the view tells about a hidden hand are respected too: in the free-discard phase the
drawer's last card has the rank just discarded (everyone saw the free discard offered), and the
status hint (`log_hint`) says whether the current player may call, which depends on the points of
that hand (a leak: see the report of issue 12): the hand is then dealt among those that agree.
The view does not hold the round's turn count (the safety limit's counter): it starts at 0. Nor
does it say which cards a refill shuffled into the deck (the discard pile's, which everyone saw)
or how many each seat drew since: the deck and the hidden hands are dealt from one pool, as if
that were forgotten.
"""
from __future__ import annotations

import random
from math import comb

from game.families.shedding.rules import ShedGame

_TEMPLATES: dict = {}   # (ruleset id, seats, options) -> a game whose fixed parts every sample shares


def _template(ruleset, n_seats: int, options: dict) -> ShedGame:
    """A game of this ruleset, seat count and options, built once (the rules in force, the faces,
    each card's rank and action): parsing the rules costs far more than a sample."""
    key = (ruleset.id, ruleset.version, n_seats, repr(sorted(options.items())))
    game = _TEMPLATES.get(key)
    if game is None or game.ruleset is not ruleset:
        if len(_TEMPLATES) > 64:
            _TEMPLATES.clear()
        game = _TEMPLATES[key] = ShedGame(ruleset, n_seats, options, seed=0)
    return game


def determinize(ruleset, options, view, rng: random.Random) -> ShedGame:
    """A full state that deals what `view.viewer` cannot see anew, so that its view is `view`."""
    template = _template(ruleset, view.n, options)
    game = object.__new__(ShedGame)
    game.__dict__.update(template.__dict__)
    n, me, current = view.n, view.viewer, view.current
    playing = view.phase in ("discard", "draw", "free")

    discard = list(view.gone) + list(view.last_discard) + list(view.just_discarded)
    game.discard = discard
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
    game.penalty_drawn = _penalty_drawn(game, view)
    game.turns = 0
    game.ended_by = ""
    game._view_common = None
    game._legal_cache = {}

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
    unseen = [c for c in range(len(game.faces)) if c not in seen]
    rng.shuffle(unseen)
    drawn = view.drawn
    if view.phase == "free" and drawn is None and current != me:
        # the drawer's new card has the rank just discarded: that is why the free discard is offered
        rank = game.rank[view.just_discarded[0]]
        drawn = next(c for c in unseen if game.rank[c] == rank)
        unseen.remove(drawn)
    # the current hand first: the status hint may say what its points are, which the whole of the
    # unseen cards can meet but perhaps not what the other hands leave of them
    for seat in sorted(range(n), key=lambda s: s != current):
        if seat == me or view.results:
            continue
        need = view.seats[seat].hand_count - len(hands[seat]) - (drawn is not None and seat == current)
        may_call = _may_call_says(game, view, seat)
        if may_call is None:
            hands[seat][:0] = unseen[-need:] if need else []
            del unseen[len(unseen) - need:]
        else:
            chosen = _hand_with_points(game, unseen, need, game.call_limit - _points(game, hands[seat]),
                                       may_call, rng)
            gone = set(chosen)
            unseen = [c for c in unseen if c not in gone]
            hands[seat][:0] = chosen
        if drawn is not None and seat == current:
            hands[seat].append(drawn)
    if len(unseen) != view.deck_count:
        raise ValueError(f"the view does not add up: {len(unseen)} unseen cards for a deck of "
                         f"{view.deck_count}")
    game.hands = hands
    game.deck = unseen
    game.drawn = drawn if view.phase == "free" else None
    game.rng = random.Random(rng.getrandbits(64))
    if not playing:
        game.last_acted = False
    return game


def _kind(game: ShedGame, cards: tuple) -> str:
    """The shape a discard was laid as; a card thrown free onto a single makes a set of it."""
    shape, _problem = game._shape(list(cards))
    return shape or "set"


def _acting(game: ShedGame, cards: tuple, kind: str) -> list:
    """The action cards of a discard that act (the action-card variant), as the rules count them."""
    if not game.actions_on or (kind == "run" and not game.rules["action_cards"]["in_runs"]):
        return []
    return [c for c in cards if game.action[c] is not None]


def _penalty_drawn(game: ShedGame, view) -> bool:
    """Has the current player drawn the cards owed this turn (then it may no longer call)? Not in
    the view: the previous discard made the player owe cards, and none are owed now."""
    if view.phase != "discard" or view.owed or not game.last_acted:
        return False
    hint = view.log_hint or ""
    if f" (or call {game.call_name})" in hint:
        return False
    draws = [c for c in _acting(game, view.last_discard, game.last_kind) if game.action[c]["effect"] == "draw"]
    if not draws:
        return False
    if view.viewer == view.current:
        return _points(game, view.hand) <= game.call_limit   # no call offered: it was drawn
    return True


def _may_call_says(game: ShedGame, view, seat: int):
    """What the status hint says of `seat`'s hand: True (at most the call limit), False (more), or
    None (nothing). The hint is shared by every viewer, so today it tells the others; once it names
    the call to the current player only, this must return None for any other seat."""
    if seat != view.current or view.phase != "discard" or view.owed or game.penalty_drawn:
        return None
    return f" (or call {game.call_name})" in (view.log_hint or "")


def _points(game: ShedGame, cards) -> int:
    return sum(game.faces[c].value for c in cards)


def _hand_with_points(game: ShedGame, pool: list, count: int, budget: int, at_most: bool,
                      rng: random.Random) -> list:
    """`count` cards of `pool`, uniformly among the choices worth at most `budget` points (at_most)
    or more than it."""
    if not at_most:
        for _ in range(1000):
            chosen = rng.sample(pool, count)
            if _points(game, chosen) > budget:
                return chosen
        raise ValueError("no hand of the unseen cards agrees with the view")
    by_value: dict = {}
    for c in pool:
        by_value.setdefault(game.faces[c].value, []).append(c)
    groups = sorted(by_value.items())
    memo: dict = {}

    def ways(i: int, left: int, room: int) -> int:
        """Choices of `left` cards from groups i.. worth at most `room` points."""
        if left == 0:
            return 1 if room >= 0 else 0
        if i == len(groups):
            return 0
        key = (i, left, room)
        if key not in memo:
            value, cards = groups[i]
            memo[key] = sum(comb(len(cards), t) * ways(i + 1, left - t, room - t * value)
                            for t in range(min(left, len(cards)) + 1))
        return memo[key]

    if ways(0, count, budget) == 0:
        raise ValueError("no hand of the unseen cards agrees with the view")
    chosen = []
    left, room = count, budget
    for i, (value, cards) in enumerate(groups):
        weights = [comb(len(cards), t) * ways(i + 1, left - t, room - t * value)
                   for t in range(min(left, len(cards)) + 1)]
        t = rng.choices(range(len(weights)), weights=weights)[0]
        chosen += rng.sample(cards, t)
        left, room = left - t, room - t * value
        if left == 0:
            break
    return chosen
