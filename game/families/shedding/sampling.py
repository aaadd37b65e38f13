"""The hard level's sampling for the shedding family (Kumbal): a whole state dealt anew from one
seat's view, as OpenSpiel's resample_from_infostate.

What stays where the view shows it: the viewer's hand (ids and order), the discard pile (public:
what lies beneath, the previous discard, this turn's discard), each seat's hand size and the cards
it was seen to take from the discard pile (public, so they stay in that hand), the turn, the
direction, what is owed, the totals. Every other card is unseen: the other hands get unseen cards
of the right counts, uniformly, and the rest is the deck, in a random order.

One thing the view tells about a hidden hand is respected too: in the free-discard phase the
drawer's last card has the rank just discarded (everyone saw the free discard offered). (The
status hint once told everyone whether the current player may call, i.e. whether their hand had
7 points or fewer; it now says so to that player only.)
The view does not hold the round's turn count (the safety limit's counter): it starts at 0. Nor
does it say which cards a refill shuffled into the deck (the discard pile's, which everyone saw)
or how many each seat drew since: the deck and the hidden hands are dealt from one pool, as if
that were forgotten.
"""
from __future__ import annotations

import random

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
    for seat in range(n):
        if seat == me or view.results:
            continue
        need = view.seats[seat].hand_count - len(hands[seat]) - (drawn is not None and seat == current)
        hands[seat][:0] = unseen[-need:] if need else []
        del unseen[len(unseen) - need:]
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


def _points(game: ShedGame, cards) -> int:
    return sum(game.faces[c].value for c in cards)


