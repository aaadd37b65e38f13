"""What one seat of a memory-family game (Kombio, Cambio) may know: the view types, and the
observer that builds them from the state (`observe`), the only door out of the rules.

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

import dataclasses
from itertools import repeat
from dataclasses import dataclass, field
from typing import Optional

from game.engine.cards import CardDef
from game.engine.record import EMPTY as EMPTY_RECORD, Record
from game.families.memory.schema import PRIMITIVES
from game.i18n import N_, tr

Pos = tuple  # (seat, slot)

_ZEROS = repeat(0)      # a default for every card (map(dict.get, cards, _ZEROS))
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
    # every event of the match so far, as everyone saw it (game/engine/record.py): what each seat
    # did, for a bot that reads the others. Out of the recorded views' digests (the events are
    # recorded on their own)
    record: Record = field(default=EMPTY_RECORD, repr=False, metadata={"record": True})

    @property
    def top(self) -> Optional[CardDef]:
        return self.discard[-1] if self.discard else None

    def slot(self, pos: Pos) -> SlotView:
        return self.seats[pos[0]].slots[pos[1]]


# --- the observer: a seat's view built from the state, never stored in it ---------------------

def observe(game, seat: Optional[int]) -> MemoryView:
    """What `seat` may know of `game` (None: the public view): the one door out of the rules."""
    return _view_for(game, seat, _view_common(game), shared=False)


def observe_all(game, seats) -> list:
    """observe(game, seat) for each of `seats` (a match race asks every seat at once): what all
    of them share is worked out once."""
    common = _view_common(game)
    return [_view_for(game, seat, common) for seat in seats]


def _view_common(game) -> tuple:
    """(each seat's content key, the fields every viewer sees alike) of the state now."""
    known, caller, totals, looked = game.known, game.caller, game.totals, game.looked
    shuffle_of = game.shuffle_of
    # Views are built very often (every bot decision, every seat in every race) and a seat's
    # part rarely changes between two of them: it is reused while this content is the same. The
    # content includes each card's reshuffle: a card that went to the pile, came back in a
    # reshuffle and was put in the same place again is the same card there with another history.
    # (The masks and tags are read by map where the layout has no gap: the same tuples, faster.)
    mask_of, tag_of = known.__getitem__, shuffle_of.get
    keys = [(tuple(lay),
             tuple(map(mask_of, lay)) if None not in lay else tuple([known[c] for c in lay if c is not None]),
             tuple(pens), caller == s, totals[s], looked[s],
             tuple(map(tag_of, lay, _ZEROS)) if shuffle_of else ())
            for s, (lay, pens) in enumerate(zip(game.layouts, game.penalty_slots))]
    p = game.pending
    pend = None
    if p is not None:
        if p["kind"] == "ability":
            step = p["steps"][0]
            name = next(k for k in PRIMITIVES if step[k] is not None)
            places = game._step_places
            # made without the dataclass's __init__ (see view.build): a view is built every step
            pend = build(Pending, kind="ability", seat=p["seat"], ability=p["ability"], step=name,
                         target=step[name] if name != "choose" else None,
                         count_left=p["count_left"], optional=game._step_optional(step),
                         peeked=tuple(tuple(x) for x in p["peeked"]),
                         options=tuple(step["choose"] or ()), other=None, pos=None,
                         steps=tuple(places[id(s)] for s in p["steps"]),
                         picked=tuple(tuple(x) for x in p["picked"]))
        else:
            pend = build(Pending, kind=p["kind"], seat=p["seat"], ability=None, step=None, target=None,
                         count_left=0, optional=False, peeked=(), options=(), other=p["other"],
                         pos=tuple(p["pos"]), steps=(), picked=())
    defs = game.defs
    win = None
    if game.window is not None:
        w = game.window
        wkey = (w["card"], w["attempted"], w["winner"])
        if game._window_view[0] != wkey:
            game._window_view = (wkey, WindowView(defs[w["card"]], tuple(sorted(game._masks[w["attempted"]])),
                                                  w["winner"]))
        win = game._window_view[1]
    # the pile's faces are made again only when the pile is another (compared as lists: no copy)
    if game._discard_faces[0] != game.discard:
        game._discard_faces = (list(game.discard), tuple(map(defs.__getitem__, game.discard)))
    fields = {
        "ruleset_id": game.ruleset.id, "n_seats": game.n, "round_no": game.round_no,
        "dealer": game.dealer, "current": game.current, "phase": game.phase,
        "to_act": tuple(game._acting()),
        "deck_count": len(game.deck),
        "discard": game._discard_faces[1], "discard_blocked": game.discard_blocked,
        "drawn_by": game.current if game.drawn is not None else None,
        "drawn_from": game.drawn_from, "pending": pend, "window": win, "caller": caller,
        "final_turns": tuple(game.final_turns), "results": game.results, "history": tuple(game.history),
        "match_over": game.match_over, "winners": tuple(game.winners()) if game.match_over else (),
        "deck_composition": game.faces, "call_name": game.call_name,
        "call_limit": game.rules["call"]["limit"], "blocked_name": game.rules["matching"]["blocked_name"],
        "turn_no": game.turns, "extra_turn": game.extra_turn, "reshuffled": _reshuffled_view(game),
        "record": game.record,
    }
    return keys, fields


def _reshuffled_view(game) -> tuple:
    """Per reshuffle of this round, the faces of its cards that are not face up for everyone (an
    empty entry for a reshuffle whose cards are all face up now: how many reshuffles there were is
    public, and a state dealt anew from the view keeps it)."""
    if not game.reshuffles:
        return ()
    out = [[] for _ in range(game.reshuffles)]
    full, known, defs = game.all_mask, game.known, game.defs
    for cid in sorted(game.shuffle_of):     # card id order: it says nothing of where they lie
        if known[cid] != full:
            out[game.shuffle_of[cid] - 1].append(defs[cid])
    return tuple(map(tuple, out))


def _view_for(game, seat: Optional[int], common: tuple, shared: bool = True) -> MemoryView:
    """The view of one seat (None: the public view) from the parts all viewers share (`shared`:
    other views are built from them too, so this one takes a copy of their fields)."""
    keys, fields = common
    bit = 0 if seat is None else 1 << seat
    seat_cache = game._seat_cache
    seats = []
    for s, key in enumerate(keys):
        hit = seat_cache.get((bit, s))
        if hit is not None and hit[0] == key:
            seats.append(hit[1])
            continue
        seat_view = _seat_view(game, s, bit)
        seat_cache[(bit, s)] = (key, seat_view)
        seats.append(seat_view)
    drawn_face = None
    if game.drawn is not None and (game.known[game.drawn] & bit or game.drawn_from == "discard"):
        drawn_face = game.defs[game.drawn]
    values = dict(fields) if shared else fields
    values["viewer"], values["seats"], values["drawn"] = seat, tuple(seats), drawn_face
    return build(MemoryView, values)


def _seat_view(game, s: int, bit: int) -> SeatView:
    """Seat `s`'s layout as the seats in `bit` may know it (a face only where they know it)."""
    defs, known, full, masks = game.defs, game.known, game.all_mask, game._masks
    cache = game._slot_cache
    shuffle_of = game.shuffle_of
    pens = game.penalty_slots[s]
    slots = []
    for i, c in enumerate(game.layouts[s]):
        k = 0 if c is None else known[c]
        shown = c is not None and (k & bit or k == full)
        # a hidden card's key holds no card id: the same object for any hidden card there,
        # so not even object identity tells one hidden card from another
        tag = shuffle_of.get(c, 0) if shuffle_of else 0
        key = (s, i, c if shown else c is not None, k, shown, pens[i], tag)
        slot = cache.get(key)
        if slot is None:
            slot = cache[key] = build(SlotView, pos=(s, i), present=c is not None,
                                      face=defs[c] if shown else None, seen_by=masks[k], penalty=pens[i],
                                      shuffle=tag)
        slots.append(slot)
    return build(SeatView, seat=s, slots=tuple(slots), called=game.caller == s, locked=game.locked(s),
                 total=game.totals[s], looked_at_start=game.looked[s])


def open_view(game, seat: Optional[int]) -> MemoryView:
    """`seat`'s view with every card's face in it (a finished match's replay, "all cards": the
    match is over, nothing is secret any more): each card in a layout and the drawn card. Never
    used in play."""
    view = observe(game, seat)
    defs = game.defs
    seats = tuple(dataclasses.replace(sv, slots=tuple(
        dataclasses.replace(slot, face=defs[c]) if c is not None else slot
        for slot, c in zip(sv.slots, game.layouts[sv.seat]))) for sv in view.seats)
    drawn = defs[game.drawn] if game.drawn is not None else None
    return dataclasses.replace(view, seats=seats, drawn=drawn)


# --- what can never be taken back (Family.reveals, game/engine/undo.py) ------------------------

_REVEALS = {
    "deal": N_("The cards were dealt."),
    "look_start": N_("The starting cards were looked at."),
    "peek": N_("A card was looked at."),
    "reveal": N_("Cards were turned up."),
    "match": N_("A card was turned up in the race."),
    "penalty": N_("A penalty card was dealt."),
    "exchange": N_("The card given up was turned up."),
    "reshuffle": N_("The discard pile was shuffled into the deck."),
    "round_over": N_("The round was scored: every card was shown."),
    "match_over": N_("The match is over."),
}


def reveals(event) -> str:
    """Why a move that made `event` can never be taken back: it showed a hidden card to someone
    ('' if not). A draw from the deck shows its card to the drawer; one from the discard pile
    takes a card everyone saw."""
    if event.kind == "draw":
        return tr("The drawn card was seen.") if event.get("src") == "deck" else ""
    why = _REVEALS.get(event.kind, "")
    return tr(why) if why else ""
