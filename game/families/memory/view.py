"""What one seat of a memory-family game (Kombio, Cambio) may know: the only door out of the state.

Everything the screen, the log and the bots show or use is built from these
objects. A face (`CardDef`) appears only where the viewing seat knows it;
a hidden card is just `present=True, face=None` and carries no identity.
Phases (`MemoryView.phase`):
  initial_peek     seats in `to_act` may look at their starting cards once (Action "look_start")
  turn             `current` must draw ("draw", choice "deck"/"discard") or call ("call")
  drawn            `current` holds `drawn`: "exchange" (pos = own slot) or "discard"
  ability          `current` resolves `pending` (see Pending)
  window           match race on the top discard: seats in `to_act` may "match" (pos) or "pass"
  give             `pending.seat` gives one own card ("give", pos) to `pending.other`
  mismatch_choice  `pending.seat` decides "decide" choice "take" or "return"
  round_over       round scored (`results`); any seat's "next_round" starts the next
  match_over       the match has ended (`results`, totals)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from game.engine.cards import CardDef

Pos = tuple  # (seat, slot)

_new = object.__new__
_set = object.__setattr__


def build(cls, values: Optional[dict] = None, **fields):
    """A frozen view object made without its generated __init__, which is several times slower.

    Views are built for every bot decision and every seat in every match race. Every field is
    given, as keywords or as a dict the object then owns (tests check a built view equals one
    made the usual way).
    """
    obj = _new(cls)
    _set(obj, "__dict__", fields if values is None else values)
    return obj


@dataclass(frozen=True)
class SlotView:
    pos: Pos
    present: bool                       # False: an empty position (card matched away)
    face: Optional[CardDef]             # only when the viewer knows this card
    seen_by: frozenset = frozenset()    # seats known to have seen this card (public)
    penalty: bool = False               # a position added by a penalty card
    # which reshuffle of this round put the card in the deck (0: none; public: everyone saw the
    # pile go into the deck and every card drawn from it); out of repr, as Pending.steps
    shuffle: int = field(default=0, repr=False)


@dataclass(frozen=True)
class SeatView:
    seat: int
    slots: tuple                        # tuple[SlotView]
    called: bool                        # this seat called (KOMBIO / Cambio)
    locked: bool                        # layout locked: no viewing, matching, swapping
    total: int                          # cumulative match score so far
    looked_at_start: bool               # has done the initial look

    @property
    def cards_left(self) -> int:
        return sum(1 for s in self.slots if s.present)


@dataclass(frozen=True)
class Pending:
    """A decision in progress. Public: everyone at the table sees what is being done, not faces."""
    kind: str                           # "ability", "give", "mismatch_choice"
    seat: int                           # who decides now
    ability: Optional[str] = None       # ability name (ruleset key) for kind "ability"
    step: Optional[str] = None          # "peek", "swap", "choose", "pick" (current step)
    target: Optional[str] = None        # for peek/swap: "own", "other", "any", "peeked", "peeked_pair", ...
    count_left: int = 0                 # peeks or picks still to make in this step
    optional: bool = False              # "skip" is legal
    peeked: tuple = ()                  # positions looked at during this ability
    options: tuple = ()                 # for "choose": ability names to choose from
    other: Optional[int] = None         # give: the receiver; mismatch_choice: the claimer
    pos: Optional[Pos] = None           # give: the emptied position the given card fills;
                                        # mismatch_choice: the position the card came from
    # Public too (everyone saw the card, the choices and the picks), kept out of repr so that views
    # printed before they existed (tests/fixtures/saves) still read the same:
    # the ability's steps still to do, this one first, as (ability, index among its steps): a Red
    # King's second action is still to come while its first is under way
    steps: tuple = field(default=(), repr=False)
    picked: tuple = field(default=(), repr=False)   # reveal: the positions picked so far, in order


@dataclass(frozen=True)
class WindowView:
    """The match race on the top discard (public)."""
    card: CardDef                       # the discard being matched
    attempted: tuple                    # seats that already tried or passed
    winner: Optional[int] = None        # first correct claimer (exclusive chain in Cambio)


@dataclass(frozen=True)
class SeatResult:
    seat: int
    hand: int                           # sum of card values revealed
    bonus: int                          # +10/+15/-5... applied by the scoring rules
    round_score: int                    # hand + bonus
    total: int                          # cumulative after this round
    note: str                           # "called, lowest", "caller beaten", ...
    faces: tuple = ()                   # ((pos, CardDef), ...) revealed at round end


@dataclass(frozen=True)
class MemoryView:
    viewer: Optional[int]               # None: the public view
    ruleset_id: str
    n_seats: int
    round_no: int                       # 1-based
    dealer: int
    current: int                        # whose turn it is
    phase: str
    to_act: tuple
    seats: tuple                        # tuple[SeatView]
    deck_count: int
    discard: tuple                      # tuple[CardDef], bottom..top (public)
    discard_blocked: bool               # top was matched upon: next draw must be from the deck
    drawn: Optional[CardDef]            # the drawn card, if the viewer may see it
    drawn_by: Optional[int]             # who holds a drawn card (public)
    drawn_from: Optional[str]           # "deck" or "discard"
    pending: Optional[Pending]
    window: Optional[WindowView]
    caller: Optional[int]
    final_turns: tuple                  # seats that still have their final turn after a call
    results: tuple                      # tuple[SeatResult] of the last scored round, else ()
    history: tuple                      # per round: tuple of round scores per seat
    match_over: bool
    winners: tuple                      # seats with the lowest total once the match is over
    deck_composition: tuple             # tuple[CardDef] every card def with its count (public)
    call_name: str                      # "KOMBIO", "Cambio"
    call_limit: Optional[int] = None    # a call succeeds only at or under this many points
    blocked_name: str = "matched upon"  # what the game calls a discard pile that may not be drawn from
    turn_no: int = 0                    # turns begun this round (public: everyone can count them)
    # the current player has another turn after this one (an ability gave it; public)
    extra_turn: bool = field(default=False, repr=False)
    # per reshuffle of the deck this round: the faces of its cards not face up for everyone now
    # (everyone saw them on the discard pile; the deck holds only the last reshuffle's cards)
    reshuffled: tuple = field(default=(), repr=False)

    @property
    def top(self) -> Optional[CardDef]:
        return self.discard[-1] if self.discard else None

    def slot(self, pos: Pos) -> SlotView:
        return self.seats[pos[0]].slots[pos[1]]
