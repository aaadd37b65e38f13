"""What one seat may know in a clash-family game (Klobba!): the contract between the rules
(rules.py), the bots (bots.py) and the table (game/ui/families/clash/), its view types, and the
observer that builds a seat's view from the state (`public_table`, `observe`).

Cards are ids into `ClashView.faces` (every card's face; the whole of both decks is public
knowledge): Barbarians (`Barbarian`) and Action cards (`ActionCard`) share one id space.
Everything on the table is public: the four Bands and their Barbarians (face-down ones too:
everyone saw them turn over), the Totems and Grouping markers, every player's Stars and captured
Barbarians, the Stars on Barbarians, the Action discard pile. Hidden, and never named by id in
another seat's view: hands, offers (only their maker and their receiver see the card), a laid
card before the reveal, the card chosen after a Swap & Play before it is revealed, the order of
both decks (a view gives their counts).

A round (the rules' eight steps; `phase` says which decision the table waits for):
group (step 1) -> offer (step 2, 3+ players) -> lay (step 3, both Totem holders at once) ->
reveal and clobber (step 4: swap, flee, select, capture decisions when a card asks one) ->
refill, rest, draw (steps 5-7, no decision) -> switch (step 8) -> the Totems move on.
Inside step 4, in this order: both laid cards are revealed (`reveal` event); Swap & Play players
swap and choose (at once, face down); their cards are revealed together (`reveal_played`); Flee &
Surprise players flee (`flee`); the Surprises are drawn and shown (`surprise`); tied selections
are chosen (at once); Stars go on the selected Barbarians (`selected`); then one of `victory`
(+ `reward`), `standoff`, `distraction`, `mutual_distraction` or `mirrors` (`Outcome`).
A decision with a single option is never asked (a forced Swap & Play card, an untied choice).

Places (first item names the zone):
- ("band", place)              a Band place (0-3 around the table; Free Bands included)
- ("band", place, id)          a Barbarian in the Band at `place`
- ("hand", seat, id)           an Action card in a seat's hand (only the viewer's own are named)
- ("offer", offerer, id)       an Action card `offerer` offered to the viewer (a Totem holder)
- ("totem", seat)              a Totem holder (where an offer goes)

The actions (game.engine.core.Action), phase by phase:
- phase "group" (step 1; the Black Totem holder):
  Action("group", places=(("band", place),))     pair with this Band (one holding no Totem);
                                                 the White Totem holder gets the other one
- phase "offer" (step 2; every player whose Band is paired with a Totem holder, all at once,
  each behind the pass screen; skipped with fewer than `rules.offers.from_players` players):
  Action("offer", places=(("hand", seat, id), ("totem", holder)))   offer that card, face down
  Action("no_offer")                              offer nothing (a button)
- phase "lay" (step 3; both Totem holders at once, each behind the pass screen):
  Action("lay", places=(("hand", seat, id),))     lay a card of your hand face down
  Action("lay", places=(("offer", offerer, id),)) lay the card that player offered you
- phase "swap" (step 4, Swap & Play; each holder who played it, at once):
  Action("swap_return", places=(("hand", seat, id), ...))  the cards to put under the Action
                                                 deck (asked only when the hand holds more than
                                                 the swap's count; otherwise all go at once)
  Action("swap_play", places=(("hand", seat, id),))  play one of the cards just drawn
                                                 (`swap_drawn`), face down until all are chosen
- phase "flee" (step 4, Flee & Surprise, when the two mightiest are tied; holders at once):
  Action("keep", places=(("band", place, id), ("band", place, id)))  the two Barbarians kept
- phase "select" (step 4, when a card's choice is tied; holders at once):
  Action("select", places=(("band", place, id), ...))   the Barbarians the card selects;
                                                 choice: None, or for Second-Best or Underdogs
                                                 "second_best" / "underdogs" (equal totals)
- phase "capture" (step 4, the winner, when the loser's mightiest selected Barbarians tie):
  Action("capture", places=(("band", place, id),))
- phase "switch" (step 8; each holder who played Mirror & Switch in turn, Black Totem first):
  Action("switch", places=(("band", own place, id), ("band", other place, id)))
  Action("no_switch")                             keep the Bands as they are (a button)
- phase "over": nothing (the game is over; `results` holds the scores).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from game.engine.cards import Prim
from game.engine.record import EMPTY as EMPTY_RECORD, Record
from game.i18n import N_, Text

PHASES = ("group", "offer", "lay", "swap", "flee", "select", "capture", "switch", "over")
PLACES = 4                      # "There are always four Band places around the table"


@dataclass(frozen=True)
class Barbarian:
    """A Barbarian's face."""
    key: str                        # "orange_fox_7"
    clan: str                       # "orange_fox"
    clan_name: str                  # "Orange Fox" (the ruleset's Text: in other languages too)
    value: int
    bounty: int                     # printed Stars, scored by whoever captures it
    colour: str                     # the clan's colour (never the only cue:)
    symbol: str                     # the clan's symbol name ("fox", "claw", "raven", "talon")
    count: int = 1
    kind: str = "barbarian"

    @property
    def name(self) -> str:
        """"Orange Fox 7": the English text, and the clan's name in the languages the ruleset gives."""
        translations = getattr(self.clan_name, "translations", None)
        return Text(f"{self.clan_name} {self.value}",
                    {code: f"{name} {self.value}" for code, name in translations.items()} if translations else None)

    @property
    def title(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class ActionCard:
    """An Action card's face; `effect` is its selection primitive (words.card_text says it in words)."""
    key: str                        # "the_boss", "all_blue_talon"
    name: str                       # "The Boss" (the ruleset's Text: in other languages too)
    effect: Prim
    text: str = ""                  # the ruleset's own words for it ("" : words.card_text)
    count: int = 1
    kind: str = "action"

    @property
    def title(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return self.name


@dataclass(frozen=True)
class BandCard:
    """One Barbarian in a Band, as everyone sees it."""
    card: int
    face_up: bool                   # False: face down, not available (resting or just flipped)
    stars: int = 0                  # Stars on it now (placed in step 4 by the Group's holder)
    star_owner: Optional[int] = None


@dataclass(frozen=True)
class ClashBand:
    """A Band place around the table."""
    place: int                      # 0-3, clockwise
    owner: Optional[int]            # the seat sitting there; None: a Free Band
    cards: tuple                    # tuple[BandCard], in the order they joined the Band
    totem: Optional[str] = None     # "black"/"white": its owner holds that Totem this round
    marker: Optional[str] = None    # "black"/"white": the Grouping marker lies on it (step 1)


@dataclass(frozen=True)
class ClashSeat:
    """One player as everyone sees them."""
    seat: int
    place: int                      # their Band's place
    stars: int                      # Stars in front of them
    captured: tuple                 # ids of the Barbarians they captured (face up, with bounty)
    hand_count: int
    black_times: int                # rounds they have held the Black Totem (this one included)
    score: int                      # Stars + bounty of the captured Barbarians


@dataclass(frozen=True)
class Offer:
    """An offer of step 2. `card` is its id only in the views of its maker (at once) and its
    receiver (once every offer is made), and only in steps 2 and 3: then it is laid (see
    `Showdown.offered_by`) or goes back to its maker's hand."""
    offerer: int
    holder: int
    made: Optional[bool]            # None: not decided yet (or not shown yet: offers are shown
                                    # together once all are made); False: offered nothing
    card: Optional[int] = None


@dataclass(frozen=True)
class Showdown:
    """One Totem holder's side of step 4, as the viewer may know it."""
    seat: int
    totem: str                      # "black" or "white"
    group: tuple                    # (own Band place, paired Band place)
    laid: bool                      # has laid a card (step 3)
    card: Optional[int]             # the laid card: its id once revealed (to its player at once)
    offered_by: Optional[int]       # the laid card was that player's offer (public at the reveal)
    swaps: tuple = ()               # Swap & Play cards played, in order (public)
    played: Optional[int] = None    # the card finally played (after Swap & Play), once revealed
    surprises: tuple = ()           # Surprise cards drawn, in order (the last one applies)
    effect: Optional[int] = None    # the card whose selection applies (Mirror: the opponent's;
                                    # Flee: the Surprise), once known; None: selects nobody
    fled: tuple = ()                # Barbarians returned under the deck by Flee & Surprise
    selected: tuple = ()            # the Barbarians its card selected
    total: Optional[int] = None     # None until the selection is made
    distracts: bool = False         # its "All [Clan]" card found no Barbarian of its clan
    may_switch: bool = False        # played Mirror & Switch (step 8)


@dataclass(frozen=True)
class Outcome:
    """How step 4 ended (public)."""
    kind: str                       # "victory", "standoff", "distraction", "mutual_distraction", "mirrors"
    winner: Optional[int] = None    # victory: the winner; distraction: the distracted player
    loser: Optional[int] = None     # victory: the loser; distraction: the distracting player
    captured: Optional[int] = None  # the Barbarian captured
    stars_won: int = 0              # Stars taken off the loser's Barbarians
    paid: int = 0                   # Stars paid for distracting
    reward: tuple = ()              # ((offerer, Stars), ...) for a winning offer


@dataclass(frozen=True)
class ClashResult:
    """One player's final score, revealed at the end."""
    seat: int
    stars: int
    bounty: int                     # the printed Stars of their captured Barbarians
    captured: int                   # how many Barbarians they captured (the tie-break)
    total: int


@dataclass(frozen=True)
class ClashView:
    viewer: Optional[int]           # None: the public view
    faces: tuple                    # card id -> Barbarian | ActionCard (public)
    n: int
    phase: str                      # one of PHASES
    to_act: tuple
    round_no: int
    black: int                      # the seat holding the Black Totem this round
    white: int
    bands: tuple                    # tuple[ClashBand] for places 0-3
    seats: tuple                    # tuple[ClashSeat]
    hand: tuple                     # the viewer's Action cards (() for the public view)
    offers: tuple                   # tuple[Offer] of this round (card ids only for maker/receiver)
    showdowns: tuple                # tuple[Showdown]: the Black Totem holder's, then the White's
    swap_drawn: tuple               # ids the viewer just drew with Swap & Play (may play one)
    swaps_left: tuple               # the viewer's Swap & Play while swapping: the count of this swap,
                                    # then of each further one if it plays Swap & Play again
    outcome: Optional[Outcome]      # step 4's result once known (kept until the next round)
    barbarian_deck: int             # cards left in the Barbarian deck
    action_deck: int
    action_discard: tuple           # ids on the Action discard pile, oldest first (all were seen)
    supply: int                     # Stars left in the supply
    switched: tuple                 # Barbarian ids switched this round (none may be switched twice)
    black_times_to_end: int         # the game ends once everyone has held the Black Totem this often
    last_round: bool                # the Barbarian deck could not refill: this round is the last
    results: tuple = ()             # tuple[ClashResult] once the game is over
    winners: tuple = ()
    log_hint: str = ""              # what the rules expect now, in words
    # the replay's "all cards" only (open_view): every seat's Action cards; () in play. Out of the
    # recorded views' digests while empty (tools/record_behaviour.plain)
    open_hands: tuple = field(default=(), metadata={"open_only": True})
    # every event of the match so far, as everyone saw it (game/engine/record.py): what each seat
    # did, for a bot that reads the others. Out of the recorded views' digests (the events are
    # recorded on their own)
    record: Record = field(default=EMPTY_RECORD, metadata={"record": True})

    def face(self, card: int):
        return self.faces[card]

    def band(self, place: int) -> ClashBand:
        return self.bands[place]

    def seat_of(self, seat: int) -> ClashSeat:
        return self.seats[seat]

    def showdown_of(self, seat: int) -> Optional[Showdown]:
        for s in self.showdowns:
            if s.seat == seat:
                return s
        return None


# ---- the observer: the only door out of the state ----

# what the rules expect now, in words: the view carries the English (views are recorded and
# compared); the table shows it translated (tr)
LOG_HINTS = {
    "group": N_("the Black Totem holder forms the Groups"),
    "offer": N_("offer an Action card to the Totem holder"),
    "lay": N_("the Totem holders lay their Action cards"),
    "swap": N_("Swap & Play"),
    "flee": N_("choose the two Barbarians that stay"),
    "select": N_("choose what your card selects"),
    "capture": N_("choose the Barbarian to capture"),
    "switch": N_("Mirror & Switch: switch two Barbarians"),
}
# a Barbarian in a Band as a view shows it depends on three public facts: each made once
_BAND_CARDS: dict = {}


def _frozen(cls, **fields):
    """An instance of a frozen view dataclass, every field given in order: filling its __dict__ at
    once is several times faster than the generated __init__'s one object.__setattr__ per field,
    and views are built after every action (as game.engine.core's Action and Event are)."""
    made = object.__new__(cls)
    object.__setattr__(made, "__dict__", fields)
    return made


def public_table(game) -> tuple:
    """(bands, seats): the Bands and the players as everyone sees them; the game keeps them until
    its next action, since views are built for every seat after every action."""
    cards = _BAND_CARDS
    if len(cards) > 50_000:
        cards.clear()
    bands = []
    marked = {place: totem for totem, place in game.marker.items()}
    face_down, stars_on, black, white = game.face_down, game.stars_on, game.black, game.white
    for p, band in enumerate(game.bands):
        row = []
        for c in band:
            key = (c, c not in face_down, stars_on.get(c))
            band_card = cards.get(key)
            if band_card is None:
                band_card = cards[key] = BandCard(c, key[1], 0 if key[2] is None else 1, key[2])
            row.append(band_card)
        owner = game.owner[p]
        bands.append(_frozen(
            ClashBand, place=p, owner=owner, cards=tuple(row),
            totem="black" if owner == black else "white" if owner == white else None,
            marker=marked.get(p)))
    scores = game.scores()
    seats = tuple(_frozen(ClashSeat, seat=s, place=game.place_of[s], stars=game.stars[s],
                          captured=tuple(game.captured[s]), hand_count=len(game.hands[s]),
                          black_times=game.black_times[s], score=scores[s]) for s in range(game.n))
    return tuple(bands), seats


def observe(game, seat: Optional[int], table: tuple, open_all: bool = False) -> ClashView:
    """What `seat` may know of `game` (a ClashGame), on the public `table`: its own hand, offers it
    made or received, its own laid or chosen card; never another seat's hidden card. `open_all`:
    every one of them too (open_view, the replay's "all cards"; never in play)."""
    bands, seats = table
    offers_known = all(o["made"] is not None for o in game.offers.values())
    offers = tuple(_frozen(Offer, offerer=s, holder=o["holder"],
                           made=o["made"] if (offers_known or seat == s or open_all) else None,
                           # the card while it is an offer: to its maker, and to its holder
                           # once every offer is made (after step 3 it is laid or goes back)
                           card=o["card"] if o["made"] and game.phase in ("offer", "lay") and (
                               open_all or seat == s or (seat == o["holder"] and offers_known)) else None)
                   for s, o in sorted(game.offers.items()))
    showdowns = []
    for side in game._holders():
        mine = seat == side.seat or open_all
        showdowns.append(_frozen(
            Showdown, seat=side.seat, totem=side.totem, group=side.group, laid=side.laid is not None,
            card=side.laid if (side.revealed or mine) else None,
            offered_by=side.offered_by if (side.revealed or mine) else None,
            swaps=tuple(side.swaps),
            played=side.final if (side.final_revealed or (mine and side.swap_stage is None)
                                  or open_all) else None,
            surprises=tuple(side.surprises), effect=side.effect if side.effect_known else None,
            fled=tuple(side.fled), selected=tuple(side.selected), total=side.total,
            distracts=side.distracts, may_switch=side.may_switch))
    me = game.sides.get(seat) if seat is not None else None
    swaps_left = ()
    if me is not None and me.swap_stage is not None:
        counts = game._swap_counts(me.swaps[-1])
        swaps_left = tuple(counts[min(len(me.swaps), len(counts)) - 1:])
    game.to_act()               # (worked out once per state: its tuple is kept)
    return _frozen(
        ClashView, viewer=seat, faces=game.faces, n=game.n, phase=game.phase, to_act=game._to_act,
        round_no=game.round_no, black=game.black, white=game.white, bands=bands, seats=seats,
        hand=tuple(game.hands[seat]) if seat is not None else (), offers=offers,
        showdowns=tuple(showdowns), swap_drawn=tuple(me.swap_drawn) if me is not None else (),
        swaps_left=swaps_left, outcome=game.outcome, barbarian_deck=len(game.barbarian_deck),
        action_deck=len(game.action_deck), action_discard=tuple(game.action_discard),
        supply=game.supply, switched=tuple(sorted(game.switched)),
        black_times_to_end=game.rules["end"]["black_totem_times"], last_round=game.last_round,
        results=game.results, winners=tuple(game.winners()) if game.over else (),
        log_hint=LOG_HINTS.get(game.phase, ""),
        open_hands=tuple(tuple(h) for h in game.hands) if open_all else (), record=game.record)


def open_view(game, seat: Optional[int]) -> ClashView:
    """`seat`'s view with every hidden card in it: each hand, each offer, each laid and played card
    (a finished match's replay, "all cards": the match is over, nothing is secret any more). Never
    used in play."""
    return observe(game, seat, public_table(game), open_all=True)


# ---- what can never be taken back (Family.reveals, game/engine/undo.py) ----

# in English, as the engine compares and records them; the table shows them translated (tr)
_REVEALS = {
    "round": N_("A new round began."),
    "offers": N_("The offers were shown."),
    "reveal": N_("The laid cards were turned up."),
    "reveal_played": N_("The played cards were turned up."),
    "draw": N_("Action cards were drawn."),
    "swap": N_("Action cards were drawn."),
    "swap_again": N_("Action cards were drawn."),
    "swap_chosen": N_("The card chosen was turned up."),
    "surprise": N_("A Surprise card was turned up."),
    "refill": N_("New Barbarians were turned up."),
    "reshuffle": N_("A deck was shuffled."),
    "flee": N_("Barbarians went under the deck."),
    "victory": N_("The clobber was decided."),
    "standoff": N_("The clobber was decided."),
    "distraction": N_("The clobber was decided."),
    "mutual_distraction": N_("The clobber was decided."),
    "mirrors": N_("The clobber was decided."),
    "selected": N_("The clobber was decided."),
    "game_over": N_("The game is over."),
}


def reveals(event) -> str:
    """Why a move that made `event` can never be taken back: it showed something hidden (a card,
    the offers, a secret choice) to someone ('' if not: a Group, an offer or a card laid face down
    is the chooser's own secret until the reveal). English (marked for the catalog): the table says
    it with `tr`."""
    return _REVEALS.get(event.kind, "")
