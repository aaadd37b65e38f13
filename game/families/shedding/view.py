"""What one seat may know in a shedding-family round (Kumbal): the view types, the contract between
the rules (rules.py), the bots (bots.py) and the table (game/ui/families/shedding/), and the
observer that builds a seat's view from the state (`seat_view`, below).

Cards are ids into `SheddingView.faces` (the deck's faces, public: everyone knows what a deck holds).
A hidden card never appears in a view by id: other hands are counts, the deck is a count.

The actions (game.engine.core.Action), with the places the table lights and matches:
- Action("call")                         call Kumbal at the start of your turn (a button)
- Action("discard", places=(("hand", seat, id), ..., ("discard",)))
      one card, a set of 2+ equal ranks, or a run of 3+ of one suit; the hand places are in the
      order the cards are laid (a run from low to high, a wild joker where it stands in)
- Action("draw", places=(("deck",),))    take the deck's top card
- Action("take", places=(("last", id),)) take one card of what the previous player discarded
- Action("free_discard", places=(("hand", seat, id), ("discard",)))
      the card just drawn from the deck has the rank just discarded: throw it for free
- Action("keep")                         keep it and end the turn (a button)
- Action("draw_penalty", places=(("deck",),))   action-card variant: draw the cards you owe
- Action("next_round")                   everyone has seen the round's result
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Optional

from game.engine.cards import CardDef
from game.engine.record import EMPTY as EMPTY_RECORD, Record
from game.i18n import N_, tr

PHASES = ("discard", "draw", "free", "round_over", "match_over")


@dataclass(frozen=True)
class SheddingSeat:
    """One seat as everyone sees it."""
    seat: int
    hand_count: int
    total: int                      # match total so far (the last scored round included)
    called: bool                    # called Kumbal this round
    taken: tuple = ()               # ids taken from the discard pile this round and not discarded
                                    # since: public (everyone saw them taken), so they are in its hand
    hidden_by_deck: tuple = ()      # how many of its other cards came from each deck of the round:
                                    # the dealt deck, then each refill; () before the first refill


@dataclass(frozen=True)
class SheddingResult:
    """One seat's line in a round's result, revealed to everyone."""
    seat: int
    hand: tuple                     # the ids left in its hand, revealed
    points: int                     # their points (joker 0, A 1 ... K 13)
    penalty: int                    # +25 for a caller who was undercut, else 0
    round_points: int               # what is added: 0 for a caller who had the fewest, else points + penalty
    before: int                     # the total before the round
    added: int                      # before + round_points
    total: int                      # after the 51 -> 0 and 99 -> 50 resets
    reset: str = ""                 # "51 → 0", "99 → 50" or ""


@dataclass(frozen=True)
class SheddingView:
    viewer: Optional[int]           # None: the public view
    faces: tuple                    # card id -> CardDef (the whole deck's faces; public)
    n: int                          # seats
    phase: str                      # one of PHASES
    to_act: tuple
    current: int                    # whose turn it is
    direction: int                  # +1 clockwise (to the left), -1 after a 7 reversed it
    round_no: int
    dealer: int
    seats: tuple                    # tuple[SheddingSeat]
    hand: tuple                     # the viewer's own hand, ids in the order dealt/drawn (() for None)
    deck_count: int
    discard_count: int              # every card on the discard pile, the last discard included
    last_discard: tuple             # ids the previous player discarded, in the order laid
    last_by: Optional[int]          # who discarded them (None at the round's first turn: the flipped card)
    takeable: tuple                 # ids of last_discard that may be taken (a run's end cards; no
                                    # jokers; not action cards in that variant); () once drawn
    just_discarded: tuple           # ids the current player discarded this turn (phases draw, free)
    drawn: Optional[int]            # the card the current player drew from the deck this turn:
                                    # its id only in the drawer's own view (the free discard needs it)
    gone: tuple                     # ids on the discard pile beneath last_discard (public: all seen)
    call_name: str                  # "Kumbal"
    call_limit: int                 # call with this many points or fewer (7; 5 in the 5-card variant)
    caller: Optional[int]
    owed: int                       # action-card variant: cards the current player must draw (0: none)
    results: tuple                  # tuple[SheddingResult] of the last scored round, else ()
    history: tuple                  # per finished round: tuple of each seat's round_points
    totals: tuple                   # each seat's match total now
    limit: int                      # the match ends when someone passes this total (100)
    winners: tuple                  # seats with the lowest total once the match is over
    log_hint: str = ""              # what the rules expect now, in words ("Ben: discard, then draw")
    action_cards: bool = False      # the action-card house rule is in force (the rules are public)
    tie_undercuts: bool = False     # a tie with the caller counts against the caller (house rule)
    turns: int = 0                  # turns played this round (the safety limit counts them)
    refills: tuple = ()             # per refill of the deck this round, the ids it moved from the
                                    # discard pile (sorted; public: everyone saw the pile)
    penalty_drawn: bool = False     # action-card variant: the current player drew what was owed
                                    # this turn (so it may no longer call)
    # the replay's "all cards" only (open_view): every seat's hand, ids in its order; () in play.
    # Out of the recorded views' digests while empty (tools/record_behaviour.plain)
    open_hands: tuple = field(default=(), metadata={"open_only": True})
    # every event of the match so far, as everyone saw it (game/engine/record.py): what each seat
    # did, for a bot that reads the others. Out of the recorded views' digests (the events are
    # recorded on their own)
    record: Record = field(default=EMPTY_RECORD, repr=False, metadata={"record": True})

    def face(self, card: int) -> CardDef:
        return self.faces[card]

    def hand_points(self) -> int:
        """The viewer's hand in points."""
        return sum(self.faces[c].value for c in self.hand)


# --- the observer: a view built from the state, the only door out of the rules ---

# A seat as everyone sees it depends on a few public numbers: each one is made once (views are
# immutable), and the table stays small (seats, hand sizes, totals, the few cards taken).
_SEATS: dict = {}


def seat_view(game, seat: Optional[int]) -> SheddingView:
    """What `seat` may know: its own hand; of the others only counts and the cards they were
    seen to take; the deck as a count; the discard pile (public); the drawn card to the drawer."""
    common = game._view_common
    if common is None:
        common = game._view_common = _public(game)
    fields = common.copy()
    if seat is not None:
        fields["viewer"] = seat
        fields["hand"] = tuple(game.hands[seat])
        if seat == game.current:
            if game.drawn is not None:
                fields["drawn"] = game.drawn
            if fields["log_hint"]:
                fields["log_hint"] = _call_hint(game, seat, fields["log_hint"])
    view = object.__new__(SheddingView)
    object.__setattr__(view, "__dict__", fields)
    return view


_PLAYING = ("discard", "draw", "free")


def _public(game) -> dict:
    """The fields of a view every seat shares, worked out once per state (an action forgets them)."""
    playing = game.phase in _PLAYING
    hands, taken, totals, caller = game.hands, game.taken, game.totals, game.caller
    cache = _SEATS
    seats = []
    for s in range(game.n):
        key = (s, len(hands[s]), totals[s], caller == s, tuple(taken[s]),
               game._hidden_by_deck(s) if game.refills else ())
        one = cache.get(key)
        if one is None:
            if len(cache) > 100_000:
                cache.clear()
            one = cache[key] = _build(SheddingSeat, seat=s, hand_count=key[1], total=key[2],
                                      called=key[3], taken=key[4], hidden_by_deck=key[5])
        seats.append(one)
    discard = game.discard
    gone = len(discard) - len(game.last_discard) - len(game.just_discarded)
    # a dict display, in the order of SheddingView's fields: views are built for every decision
    return {
        "viewer": None, "faces": game.faces, "n": game.n, "phase": game.phase,
        "to_act": tuple(game.to_act()), "current": game.current, "direction": game.direction,
        "round_no": game.round_no, "dealer": game.dealer, "seats": tuple(seats), "hand": (),
        "deck_count": len(game.deck), "discard_count": len(discard),
        "last_discard": game.last_discard, "last_by": game.last_by,
        "takeable": game._takeable() if playing else (), "just_discarded": game.just_discarded,
        "drawn": None, "gone": tuple(discard[:gone]), "call_name": game.call_name,
        "call_limit": game.call_limit, "caller": caller, "owed": game.owed, "results": game.results,
        "history": tuple(game.history), "totals": tuple(totals), "limit": game.limit,
        "winners": tuple(game.winners()) if game.match_over else (),
        "log_hint": _log_hint(game) if playing else "", "action_cards": game.actions_on,
        "tie_undercuts": game.tie_undercuts, "turns": game.turns, "refills": game.refills,
        "penalty_drawn": game.penalty_drawn, "record": game.record}


def open_view(game, seat: Optional[int]) -> SheddingView:
    """`seat`'s view with every hand in it and the drawn card (a finished match's replay, "all
    cards": the match is over, nothing is secret any more). Never used in play."""
    view = seat_view(game, seat)
    return dataclasses.replace(view, open_hands=tuple(tuple(h) for h in game.hands),
                               drawn=game.drawn if game.drawn is not None else view.drawn)


def _log_hint(game) -> str:
    """What the rules expect now, in words everyone may read: whether the current player may
    call says their hand has 7 points or fewer, so only their own view adds it (_call_hint)."""
    if game.phase == "discard" and not game.owed:
        return tr("discard, then draw")
    return game.what_now()


def _call_hint(game, seat: int, hint: str) -> str:
    if seat == game.current and game.phase == "discard" and not game.owed and game._may_call(seat):
        return tr("{hint} (or call {call})", hint=hint, call=game.call_name)
    return hint


def _build(cls, **fields):
    """A frozen view object made without its generated __init__ (one object.__setattr__ per
    field): views are built for every decision of every bot."""
    obj = object.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    return obj


# --- what can never be taken back (Family.reveals, game/engine/undo.py) ------------------------

_REVEALS = {
    "deal": N_("The cards were dealt."),
    "draw": N_("The drawn card was seen."),
    "draw_penalty": N_("The cards owed were drawn."),
    "reshuffle": N_("The discard pile was shuffled into the deck."),
    "round_over": N_("The round was scored: every hand was shown."),
    "match_over": N_("The match is over."),
}


def reveals(event) -> str:
    """Why a move that made `event` can never be taken back: it showed a hidden card to someone
    ('' if not: a discard shows only the discarder's own cards, a take a card everyone saw), in
    the table's language."""
    why = _REVEALS.get(event.kind, "")
    return tr(why) if why else ""
