"""What one seat may know in a tableau-family game (Castle Combo), and the observer that builds it
from the game: the contract between the rules (rules.py), the bots (bots.py) and the table
(game/ui/families/tableau/).

Castle Combo is open information: every tableau, every purse's gold, every player's gold and
keys, both displays and both discard piles are public. Only the order of the two decks is hidden
(a view gives their counts). So a view differs between seats only in `viewer` and in `prices`
(what the cards on display cost *the viewer* after their discounts).

Cards are ids into `TableauView.faces` (every card's face: the whole deck is public knowledge).
A face is a `TableauCard`; its ability and scoring are trees of `Prim` (tagged primitives, written in
the ruleset's YAML: see README "Writing a ruleset" and scoring.py's vocabulary). The words for a
face (`words.ability_text`, `words.scoring_text`) come from words.py.

Places (first item names the zone):
- ("display", location, id)      a card on the display of `location` ("castle" / "village")
- ("cell", seat, row, col)       a cell of a seat's tableau. Rows and columns are the grid's own
                                 numbers, fixed when the first card is placed at (0, 0): the
                                 grid grows in any direction, so they run from -2 to 2 during play
                                 (the final grid spans three consecutive rows and columns)
- ("seat", seat)                 a player (a neighbour to pick)
- ("messenger",)                 the Messenger pawn

The observer (`public_fields`, `seat_view`, below the types) builds a seat's view from the game:
the one door out of the rules.

The actions (game.engine.core.Action), phase by phase:
- phase "turn" (the start of the current player's turn):
  Action("key_move")             spend a key: the Messenger goes to the other location (a button;
                                 not when a location is empty)
  Action("key_refresh")          spend a key: discard the Messenger's display, reveal 3 new (a button)
  Action("buy", places=(("display", loc, id), ("cell", seat, r, c)))
                                 pay the price, place face up at the cell, apply the ability
  Action("face_down", places=(("display", loc, id), ("cell", seat, r, c)))
                                 take it without paying, place it face down, gain 6 gold, 2 keys
- phase "buy": the same buy / face_down actions, after a key was spent (one key per turn)
- phase "choose" (an ability offers two effects; Banker, Barbarian...):
  Action("choose", choice="0") / Action("choose", choice="1")   buttons, labelled by words.py
- phase "neighbour" (a "best neighbour" count, when the left and right neighbours differ):
  Action("neighbour", places=(("seat", s),))                    left or right neighbour
- phase "discard_display" (Gravedigger, Executioner, Guildmaster):
  Action("discard_display", places=(("display", loc, id),))     gain its cost (gold or keys)
- phase "fill" (Steward: fill up to N purse cards, when more than N are not full):
  Action("fill", places=(("cell", seat, r, c), ...))            the purse cards to fill
- phase "purses" (the game's end: each player in turn stores leftover gold on purse cards; the
  game starts them with the best distribution already stored, so agreeing is one click):
  Action("purse_add", places=(("cell", seat, r, c),))           one more gold onto that purse
  Action("purse_take", places=(("cell", seat, r, c),))          one gold back off it
  Action("purses_done")                                         a button
- phase "over": nothing (the match is over; `results` holds the final scoring).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from game.engine.cards import Prim
from game.engine.record import EMPTY as EMPTY_RECORD, Record
from game.families.tableau import scoring
from game.families.tableau.pieces import CardScore, Placed  # noqa: F401  (what the views carry)
from game.families.tableau.scoring import LOCATIONS, score_tableau
from game.families.tableau.words import option_said
from game.i18n import N_, tr

PHASES = ("turn", "buy", "choose", "neighbour", "discard_display", "fill", "purses", "over")


@dataclass(frozen=True)
class TableauCard:
    """A character card's face, as the ruleset declares it."""
    key: str                        # unique in the ruleset: "steward", "his_holiness"
    name: str                       # "His Holiness" (a game.i18n.Text: shown through tr/local)
    location: str                   # "castle" or "village" (also its banner)
    cost: int
    shields: tuple                  # shield types, one entry per shield: ("nobility", "faith")
    messenger: bool                 # the banner shows the Messenger icon
    ability: tuple                  # tuple[Prim]: the immediate effects, applied in order
    scoring: Optional[Prim]         # the scoring scroll (None: scores nothing)
    number: int = 0                 # the reference number (castle-combo-cards.json "id")
    count: int = 1

    @property
    def title(self) -> str:
        return self.name

    @property
    def label(self) -> str:         # the common table's word for a face's short text
        return self.name


@dataclass(frozen=True)
class TableauSeat:
    """One player as everyone sees them."""
    seat: int
    gold: int
    keys: int
    tableau: tuple                  # tuple[Placed], in the order placed
    discounts: tuple                # (castle discount, village discount) from face-up cards


@dataclass(frozen=True)
class TableauResult:
    """One player's final scoring, revealed to everyone at the end (the score pad)."""
    seat: int
    cards: tuple                    # tuple[CardScore], one per card of the tableau (face-down: 0)
    keys: int                       # points for keys held (1 each by the rulebook)
    total: int
    leftover_gold: int              # gold not stored on purses: the tie-break


@dataclass(frozen=True)
class TableauView:
    viewer: Optional[int]           # None: the public view
    faces: tuple                    # card id -> TableauCard (all 78; public)
    n: int
    phase: str                      # one of PHASES
    to_act: tuple
    current: int                    # whose turn it is (in "purses": who is storing gold)
    first: int                      # the first player
    turn_no: int                    # turns played so far (0 at the start; 9 * n at the end)
    locations: tuple                # ("castle", "village")
    messenger: str                  # the location the Messenger is at
    displays: tuple                 # per location (same order as `locations`): tuple of ids face up
    deck_counts: tuple              # per location: cards left in its deck
    discards: tuple                 # per location: ids in its discard pile, oldest first (public)
    empty: tuple                    # locations removed from the game (the empty-location rule)
    key_spent: bool                 # the current player has spent their key this turn
    seats: tuple                    # tuple[TableauSeat]
    prices: tuple                   # ((id, price), ...) for every display card: its cost to the
                                    # viewer (the current player in the public view) after discounts
    legal_cells: tuple              # ((row, col), ...) where the current player may place a card now
    pending: tuple = ()             # what the ability now asks, as (key, value) pairs:
                                    # ("card", id) the card whose ability it is; ("options",
                                    # (words, words)) in "choose" (words.Said: English, shown
                                    # through tr); ("left", s), ("right", s),
                                    # ("gains", (left, right)) in "neighbour"; ("limit", n) in "fill"
    projected: tuple = ()           # per seat: tuple[CardScore] if the game ended with the tableau
                                    # as it is now (rows/columns not yet fixed score what they
                                    # would in the frame the cards span now)
    results: tuple = ()             # tuple[TableauResult] once the game is over
    winners: tuple = ()
    log_hint: str = ""              # what the rules expect now, in words (English: shown through tr)
    stored_by_abilities: tuple = ()  # in "purses": ((row, col), gold) for each purse card of the
                                    # current player: the gold abilities stored there, which stays
                                    # (only gold put there from the leftover may be taken back)
    # every event of the match so far, as everyone saw it (game/engine/record.py): what each seat
    # did, for a bot that reads the others. Out of the recorded views' digests (the events are
    # recorded on their own)
    record: Record = field(default=EMPTY_RECORD, repr=False, metadata={"record": True})

    def __getattr__(self, name: str):
        """`projected` is worked out on first use: the table reads it, a bot's playouts never do."""
        if name != "projected":
            raise AttributeError(name)
        union = self.__dict__.get("_union", True)
        value = tuple(score_tableau(self.faces, s.tableau, s.keys, False, union) for s in self.seats)
        object.__setattr__(self, "projected", value)
        return value

    def face(self, card: int) -> TableauCard:
        return self.faces[card]

    def price(self, card: int) -> Optional[int]:
        for c, p in self.prices:
            if c == card:
                return p
        return None

    def seat_of(self, seat: int) -> TableauSeat:
        return self.seats[seat]


# without the class's default, a view built by TableauGame.view (which leaves `projected` out) asks
# __getattr__ for it; TableauView(...) still takes it as a keyword
del TableauView.projected


# --- the observer: a seat's view, built from the game ---------------------------

# what the rules expect now (TableauView.log_hint): English, shown through game.i18n.tr
HINTS = {"turn": N_("spend a key (optional), then buy a card of the Messenger's display"),
         "buy": N_("buy a card of the Messenger's display, or take it face down"),
         "choose": N_("choose one of the two effects"), "neighbour": N_("pick the neighbour to count"),
         "discard_display": N_("discard a card of the display"), "fill": N_("pick the purse cards to fill"),
         "purses": N_("store leftover gold on purse cards"), "over": ""}


def seat_view(game, common: dict, seat: Optional[int]) -> TableauView:
    """Everything is public but the order of the decks; `prices` are the viewer's (the
    current player's in the public view). `common`: public_fields(game), shared by every seat."""
    fields = dict(common)
    fields["viewer"] = seat
    who = game.current if seat is None else seat
    if who != game.current:
        fields["prices"] = prices(game, who)
    view = object.__new__(TableauView)
    object.__setattr__(view, "__dict__", fields)
    return view


def prices(game, seat: int) -> tuple:
    """((id, price), ...) for every display card: what it costs `seat` after its discounts."""
    castle, village = scoring.discounts(game.faces, game.tableaux[seat])
    return tuple((c, max(0, game.faces[c].cost - (castle if loc == "castle" else village)))
                 for loc in LOCATIONS for c in game.displays[loc])


def public_fields(game) -> dict:
    """The fields of the public view, which every seat's view shares."""
    seats = tuple(TableauSeat(seat=s, gold=game.gold[s], keys=game.keys[s], tableau=tuple(game.tableaux[s]),
                          discounts=scoring.discounts(game.faces, game.tableaux[s]))
                  for s in range(game.n))
    playing = game.phase in ("turn", "buy")
    return dict(
        viewer=None, faces=game.faces, n=game.n, phase=game.phase, to_act=tuple(game.to_act()),
        current=game.current, first=game.first, turn_no=game.turn_no, locations=LOCATIONS,
        messenger=game.messenger, displays=tuple(tuple(game.displays[loc]) for loc in LOCATIONS),
        deck_counts=tuple(len(game.decks[loc]) for loc in LOCATIONS),
        discards=tuple(tuple(game.discards[loc]) for loc in LOCATIONS), empty=tuple(game.empty),
        key_spent=game.key_spent, seats=seats, prices=prices(game, game.current),
        legal_cells=scoring.legal_cells(game.tableaux[game.current]) if playing else (),
        pending=_pending(game),
        _union=game.union,      # `projected` is worked out from the seats on first use (TableauView)
        results=game.results, winners=tuple(game._winners) if game.results else (),
        log_hint=HINTS[game.phase],
        stored_by_abilities=tuple(sorted(game.stored_before.items())) if game.phase == "purses" else (),
        record=game.record)


def _pending(game) -> tuple:
    """What the ability being applied asks now, as (key, value) pairs (TableauView.pending)."""
    if game.asking is None or game.bought is None:
        return ()
    out = [("card", game.bought.card)]
    if game.phase == "choose":
        out.append(("options", tuple(option_said(o) for o in game.asking.get("choose"))))
    elif game.phase == "neighbour":
        (left, a), (right, b) = scoring.neighbour_counts(game.faces, game.tableaux, game.current,
                                                         game.asking.get("per"))
        amount = game.asking.get("amount")
        out += [("left", left), ("right", right), ("gains", (a * amount, b * amount))]
    elif game.phase == "fill":
        out.append(("limit", game.asking.get("fill_purses")))
    elif game.phase == "discard_display":
        out.append(("location", game.asking.get("discard_display")))
    return tuple(out)


# --- what can never be taken back (Family.reveals, game/engine/undo.py) ------------------------

_REVEALS = {
    "reveal": N_("A new card was turned up from the deck."),
    "key_refresh": N_("New cards were turned up from the deck."),
    "reshuffle": N_("A deck was shuffled."),
    "game_over": N_("The game is over."),
}


def reveals(event) -> str:
    """Why a move that made `event` can never be taken back: a card came face up from a deck ('' if
    not: everything else in Castle Combo is in sight of everyone)."""
    why = _REVEALS.get(event.kind, "")
    return tr(why) if why else ""
