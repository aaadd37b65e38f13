"""What one seat may know in a tableau-family game (Castle Combo): the contract between the rules
(rules.py), the bots (bots.py) and the table (game/ui/families/tableau/).

Castle Combo is open information: every tableau, every purse's gold, every player's gold and
keys, both displays and both discard piles are public. Only the order of the two decks is hidden
(a view gives their counts). So a view differs between seats only in `viewer` and in `prices`
(what the cards on display cost *the viewer* after their discounts).

Cards are ids into `TabView.faces` (every card's face: the whole deck is public knowledge).
A face is a `TabCard`; its ability and scoring are trees of `Prim` (tagged primitives, written in
the ruleset's YAML: see README "Writing a ruleset" and rules.py's vocabulary). The words for a
face (`words.ability_text`, `words.scoring_text`) come from words.py.

Places (first item names the zone):
- ("display", location, id)      a card on the display of `location` ("castle" / "village")
- ("cell", seat, row, col)       a cell of a seat's tableau. Rows and columns are the grid's own
                                 numbers, fixed when the first card is placed at (0, 0): the
                                 grid grows in any direction, so they run from -2 to 2 during play
                                 (the final grid spans three consecutive rows and columns)
- ("seat", seat)                 a player (a neighbour to pick)
- ("messenger",)                 the Messenger pawn

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

from dataclasses import dataclass
from typing import Optional

from game.engine.cards import Prim

PHASES = ("turn", "buy", "choose", "neighbour", "discard_display", "fill", "purses", "over")


@dataclass(frozen=True)
class TabCard:
    """A character card's face, as the ruleset declares it."""
    key: str                        # unique in the ruleset: "steward", "his_holiness"
    name: str                       # "His Holiness"
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
class Placed:
    """One card in a tableau."""
    card: int                       # id into faces
    row: int
    col: int
    face_up: bool                   # False: taken without paying (no ability, shields, banner, points)
    gold: int = 0                   # gold stored on it (purse cards)


@dataclass(frozen=True)
class CardScore:
    """One card's points in a final (or projected) scoring, with the words of why."""
    card: int
    row: int
    col: int
    points: int
    why: str                        # "3 × 3 for 3 Faith shields in its row"


@dataclass(frozen=True)
class TabSeat:
    """One player as everyone sees them."""
    seat: int
    gold: int
    keys: int
    tableau: tuple                  # tuple[Placed], in the order placed
    discounts: tuple                # (castle discount, village discount) from face-up cards


@dataclass(frozen=True)
class TabResult:
    """One player's final scoring, revealed to everyone at the end (the score pad)."""
    seat: int
    cards: tuple                    # tuple[CardScore], one per card of the tableau (face-down: 0)
    keys: int                       # points for keys held (1 each by the rulebook)
    total: int
    leftover_gold: int              # gold not stored on purses: the tie-break


@dataclass(frozen=True)
class TabView:
    viewer: Optional[int]           # None: the public view
    faces: tuple                    # card id -> TabCard (all 78; public)
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
    seats: tuple                    # tuple[TabSeat]
    prices: tuple                   # ((id, price), ...) for every display card: its cost to the
                                    # viewer (the current player in the public view) after discounts
    legal_cells: tuple              # ((row, col), ...) where the current player may place a card now
    pending: tuple = ()             # what the ability now asks, as (key, value) pairs:
                                    # ("card", id) the card whose ability it is; ("options",
                                    # (words, words)) in "choose"; ("left", s), ("right", s),
                                    # ("gains", (left, right)) in "neighbour"; ("limit", n) in "fill"
    projected: tuple = ()           # per seat: tuple[CardScore] if the game ended with the tableau
                                    # as it is now (rows/columns not yet fixed score what they
                                    # would in the frame the cards span now)
    results: tuple = ()             # tuple[TabResult] once the game is over
    winners: tuple = ()
    log_hint: str = ""              # what the rules expect now, in words
    stored_by_abilities: tuple = ()  # in "purses": ((row, col), gold) for each purse card of the
                                    # current player: the gold abilities stored there, which stays
                                    # (only gold put there from the leftover may be taken back)

    def __getattr__(self, name: str):
        """`projected` is worked out on first use: the table reads it, a bot's playouts never do."""
        if name != "projected":
            raise AttributeError(name)
        from game.families.tableau.scoring import score_tableau
        union = self.__dict__.get("_union", True)
        value = tuple(score_tableau(self.faces, s.tableau, s.keys, False, union) for s in self.seats)
        object.__setattr__(self, "projected", value)
        return value

    def face(self, card: int) -> TabCard:
        return self.faces[card]

    def price(self, card: int) -> Optional[int]:
        for c, p in self.prices:
            if c == card:
                return p
        return None

    def seat_of(self, seat: int) -> TabSeat:
        return self.seats[seat]


# without the class's default, a view built by TabGame.view (which leaves `projected` out) asks
# __getattr__ for it; TabView(...) still takes it as a keyword
del TabView.projected
