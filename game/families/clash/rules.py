"""The clash family (Klobba!): two Totem holders clobber each other's Groups of Barbarians.

The round, as docs/rules/klobba-reconstructed.md tells it, one small step per function:
form Groups (the Black Totem holder pairs with a Band holding no Totem; the White Totem holder
gets the other) -> offer Action cards (3+ players: whoever's Band is paired with a holder may
offer that holder one card, face down) -> lay Action cards (both holders at once, face down) ->
clobber time (reveal; Swap & Play swaps and plays; Flee & Surprise flees and draws its Surprise;
each card selects Barbarians of its player's Group and gives a total; Stars go on the selected
ones; the higher total captures the loser's mightiest selected Barbarian and its Stars; equal:
a stand-off; an "All [Clan]" card finding none of its clan distracts) -> refill every Band to
three -> the Barbarians resting since before the round turn face up -> played cards to the
discard, everyone draws back up to four -> Mirror & Switch players switch a pair (Black Totem
holder first) -> the Totems move one player clockwise.

The sheet's rules are kept exactly; where even the reconstruction is silent this family decides
(each a parameter of `rules:` unless said otherwise):
- the order inside step 4 when several things are hidden: the Swap & Play players choose (at
  once, face down), their cards are revealed, then Flee & Surprise players flee (choosing among
  tied Barbarians), then the Surprises are drawn and revealed, then tied selections are chosen
  (both players at once), then the clobber. So a Swap & Play player never sees a Surprise, a
  Mirror or another Swap & Play's card before choosing (the sheet's seeing rule), and sees
  every other card (it was revealed in step 3);
- a Swap & Play swaps `swaps[i]` cards the (i+1)-th time in a row it is played ([3, 3, 2, 1]:
  "on the third time, you swap only two cards; on the fourth, you swap one and must play it"):
  it returns that many cards of the hand (all of them if the hand holds fewer), draws that many,
  and plays one of the cards drawn; a Swap & Play played when no swap is left selects nobody;
- a Surprise that is itself a playing card (Mirror & Switch, Swap & Play, Flee & Surprise) is
  discarded and the next card drawn (`surprise_redraws_playing_cards`); no card left: the
  Surprise selects nobody. Surprises are drawn Black Totem holder first;
- a Mirror & Switch against Flee & Surprise flees too and draws its own Surprise (the sheet:
  "both players draw their own Surprise");
- a card that selects nobody (no Barbarian available, a last Swap & Play, no Surprise left)
  totals 0 and does not distract; only "All [Clan]" distracts;
- a player with fewer Stars than selected Barbarians places the Stars they have (the total does
  not depend on Stars); a distracting player with fewer than `distract_penalty` Stars pays what
  they have; an offer's reward comes from the supply while it lasts (`stars.supply`);
- "wins" for an offer's reward means an outright victory (`offers.reward`);
- each Mirror & Switch player switches at most `switches_per_player` pairs in step 8;
- the game's last round (`end`) skips steps 6-8: they change nothing that scores.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Optional

from game.engine.cards import Prim
from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.schema import (REQUIRED, Bool, Colour, Dict, Enum, Int, Key, List, Map, Str, filled,
                                reads_as)
from game.families.clash import selection
from game.families.clash.selection import DISTRACT
from game.families.clash.view import (ActionCard, BandCard, Barbarian, ClashBand, ClashResult,
                                      ClashSeat, ClashView, Offer, Outcome, Showdown)

PLACES = 4                      # "There are always four Band places around the table"

# --- what a ruleset of this family may say ----------------------------------



def _no_steps(value, path, doc):
    raise doc.error(path, "the clash family has no abilities: Action cards carry an effect; leave abilities out")


STEP_SPEC = _no_steps


def LAYOUT_SPEC(value, path, doc):
    """The clash family has no layout: four Band places around the table."""
    if value not in ({}, None):
        raise doc.error(path, "the clash family has no layout (four Band places); leave layout out")
    return {}


_STARS = Map({"per_player": (Int(0, 100), 5), "supply": (Int(0, 1000), 40)})
_OFFERS = Map({"from_players": (Int(2, 99), 3), "reward": (Int(0, 20), 1)})
_TOTEMS = Map({"direction": (Enum("clockwise", "anticlockwise"), "clockwise")})
_END = Map({"black_totem_times": (Int(1, 50), 3), "when_deck_cannot_refill": (Bool(), True)})

RULES_SPEC = Map({
    "hand_size": (Int(1, 10), 4),
    "band_size": (Int(1, 10), 3),
    "stars": (_STARS, filled(_STARS)),
    "offers": (_OFFERS, filled(_OFFERS)),
    "distract_penalty": (Int(0, 20), 2),
    "switches_per_player": (Int(0, 5), 1),
    "surprise_redraws_playing_cards": (Bool(), True),
    "totems": (_TOTEMS, filled(_TOTEMS)),
    "end": (_END, filled(_END)),
})



# the symbols the table draws: a clan is never told apart by colour alone
SYMBOLS = ("fox", "claw", "raven", "talon")
_CLAN = Map({"name": (Str(max_len=40), REQUIRED), "colour": (Colour(), REQUIRED),
             "symbol": (Enum(*SYMBOLS), REQUIRED)})
_BARBARIAN = Map({"value": (Int(0, 100), REQUIRED), "bounty": (Int(0, 20), REQUIRED),
                  "clan": (Key(max_len=40), None), "clans": (Enum("all"), None),
                  "count": (Int(1, 20), 1)})
_ACTION = Map({"key": (Key(max_len=40), REQUIRED), "name": (Str(max_len=60), REQUIRED),
               "count": (Int(1, 20), REQUIRED), "effect": (selection.effect_spec, REQUIRED),
               "text": (Str(nonempty=False, max_len=400, lines=True), "")})
_CARDS = Map({"clans": (Dict(_CLAN), REQUIRED), "barbarians": (List(_BARBARIAN, min_len=1), REQUIRED),
              "actions": (List(_ACTION, min_len=1), REQUIRED)})


def check_cards(raw, abilities, doc) -> tuple:
    """`cards:` {clans, barbarians, actions} as faces: Barbarians (one per clan with `clans: all`)
    then Action cards, each with its selection primitive checked (file:line:key errors)."""
    cards = _CARDS(raw, ("cards",), doc)
    clans = cards["clans"]
    if not clans:
        raise doc.error(("cards", "clans"), "expected at least one clan")
    seen = {}
    for key, clan in clans.items():
        if clan["symbol"] in seen:
            raise doc.error(("cards", "clans", key, "symbol"), f"the {seen[clan['symbol']]} already have the "
                            f"{clan['symbol']}: each clan needs its own symbol")
        seen[clan["symbol"]] = clan["name"]
    out, keys = [], set()
    for i, b in enumerate(cards["barbarians"]):
        at = ("cards", "barbarians", i)
        if (b["clan"] is None) == (b["clans"] is None):
            raise doc.error(at, "give either clan (one of the clans) or clans: all")
        if b["clan"] is not None and b["clan"] not in clans:
            raise doc.error(at + ("clan",), f"expected one of the clans ({', '.join(clans)}); got {b['clan']!r}")
        for clan in (clans if b["clans"] else (b["clan"],)):
            key = f"{clan}_{b['value']}"
            if key in keys:
                raise doc.error(at, f"two Barbarians are the {clans[clan]['name']} {b['value']}; "
                                "give a count instead")
            keys.add(key)
            out.append(Barbarian(key=key, clan=clan, clan_name=clans[clan]["name"], value=b["value"],
                                 bounty=b["bounty"], colour=clans[clan]["colour"],
                                 symbol=clans[clan]["symbol"], count=b["count"]))
    for i, a in enumerate(cards["actions"]):
        at = ("cards", "actions", i)
        if a["key"] in keys:
            # keys are read in NFKC form (schema.Key): say so if a look-alike made the pair
            pair = [(at + ("key",), "")] + [(("cards", "actions", j, "key"), "") for j in range(i)
                                            if cards["actions"][j]["key"] == a["key"]]
            raise doc.error(at + ("key",), f"two cards share the key '{a['key']}'"
                            f"{reads_as(doc, pair, a['key'])}; give each a distinct key")
        keys.add(a["key"])
        tag, params = a["effect"]
        if tag == "all_of_clan_or_distract" and dict(params)["clan"] not in clans:
            raise doc.error(at + ("effect", "clan"), f"expected one of the clans ({', '.join(clans)}); "
                            f"got {dict(params)['clan']!r}")
        out.append(ActionCard(key=a["key"], name=a["name"], effect=Prim(tag, params), text=a["text"],
                              count=a["count"]))
    return tuple(out)


def check_abilities(abilities: dict, doc) -> None:
    if abilities:
        raise doc.error(("abilities",), "the clash family has no abilities: Action cards carry an "
                        "effect; leave abilities out")


def check_parameters(rules, cards, abilities, doc, where, layout, match_end) -> None:
    """Checks that need the cards: the game ends by `rules.end`, not by a match length."""
    if "points" in match_end["modes"]:
        raise doc.error(("match_end", "modes") if where == ("rules",) else where,
                        "Klobba! ends by its own rules (rules.end); give modes: [rounds]")


def check_ruleset(cards, abilities, layout, rules, players, doc, where=("rules",)) -> None:
    """The decks can set up every player count: four Bands, the hands, a card that selects.

    `where`: ("rules",) for the file's own rules; a house rule's `set` (a variant, --set) is
    refused there instead."""
    rules = filled(RULES_SPEC, rules)
    mine = where == ("rules",)
    barbarians = sum(c.count for c in cards if c.kind == "barbarian")
    actions = [c for c in cards if c.kind == "action"]
    if players["max"] > PLACES:
        raise doc.error(("players", "max"), f"there are {PLACES} Band places: at most {PLACES} players")
    if barbarians <= PLACES * rules["band_size"]:
        raise doc.error(where + ("band_size",) if mine else where, f"{barbarians} Barbarians cannot fill "
                        f"{PLACES} Bands of {rules['band_size']} and leave a deck to refill them")
    # the most players need the most cards: a deal that works for players.max works for fewer
    need = players["max"] * rules["hand_size"] + 1
    if sum(c.count for c in actions) < need:
        raise doc.error(where + ("hand_size",) if mine else where, f"{sum(c.count for c in actions)} "
                        f"Action cards cannot deal {rules['hand_size']} to {players['max']} players and "
                        f"leave a Surprise (need {need})")
    if not any(c.effect.tag in selection.SELECTING for c in actions):
        raise doc.error(("cards", "actions"), "no Action card selects Barbarians: a Surprise could never apply")


# --- the state ---------------------------------------------------------------

@dataclass
class Side:
    """One Totem holder's side of the round (step 3 and 4): mutable, copied with the game."""
    seat: int
    totem: str
    group: tuple                    # (own Band place, paired Band place)
    laid: Optional[int] = None
    offered_by: Optional[int] = None
    revealed: bool = False          # the laid card was revealed (step 4)
    swaps: list = field(default_factory=list)       # Swap & Play cards played, in order
    swap_stage: Optional[str] = None                # "return" / "play" while swapping
    swap_drawn: list = field(default_factory=list)
    final: Optional[int] = None     # the card finally played
    final_revealed: bool = False
    surprises: list = field(default_factory=list)
    effect: Optional[int] = None    # the card whose selection applies
    effect_known: bool = False
    must_flee: bool = False
    keep: int = 0
    fled: list = field(default_factory=list)
    flee_options: list = field(default_factory=list)
    choices: list = field(default_factory=list)     # the Choices while a tie is pending
    selected: tuple = ()
    total: Optional[int] = None
    distracts: bool = False
    may_switch: bool = False
    switches_left: int = 0


def _copy_side(side: Side) -> Side:
    """A Side to change independently: its lists copied (a search copies states by the thousand)."""
    new = copy.copy(side)
    for name in ("swaps", "swap_drawn", "surprises", "fled", "flee_options", "choices"):
        setattr(new, name, list(getattr(side, name)))
    return new


class ClashGame(Game):
    """One game of a clash-family ruleset: plain data, cheap to copy, no I/O."""

    def __init__(self, ruleset, n_seats: int, options: Optional[dict] = None, seed: int = 0):
        self.take_seats(ruleset, n_seats, options)
        self.rules = filled(RULES_SPEC, ruleset.parameters(self.options))
        self.faces, self.tag = _faces_of(ruleset)
        self.rng = random.Random(seed)
        # "In 2-player games the players sit opposite each other"; 3 players leave place 3 free
        self.place_of = (0, 2) if n_seats == 2 else tuple(range(n_seats))
        self.owner = [None] * PLACES
        for s, p in enumerate(self.place_of):
            self.owner[p] = s
        self.step = 1 if self.rules["totems"]["direction"] == "clockwise" else -1
        self.stars = [self.rules["stars"]["per_player"]] * n_seats
        self.supply = self.rules["stars"]["supply"]
        self.captured = [[] for _ in range(n_seats)]
        barbarians = [c for c in range(len(self.faces)) if self.faces[c].kind == "barbarian"]
        actions = [c for c in range(len(self.faces)) if self.faces[c].kind == "action"]
        self.rng.shuffle(barbarians)
        self.rng.shuffle(actions)
        self.barbarian_deck = barbarians           # top = the end
        self.action_deck = actions
        self.action_discard: list = []
        self.bands = [[self.barbarian_deck.pop() for _ in range(self.rules["band_size"])]
                      for _ in range(PLACES)]
        self.face_down: set = set()
        self.hands = [[self.action_deck.pop() for _ in range(self.rules["hand_size"])]
                      for _ in range(n_seats)]
        # "The Black Totem goes to a random player; the White Totem to the next player clockwise"
        self.black = self.rng.randrange(n_seats)
        self.white = (self.black + self.step) % n_seats
        self.black_times = [0] * n_seats
        self.round_no = 0
        self.over = False
        self.results: tuple = ()
        self._public = None
        self._start_round()

    def copy(self, share_caches: bool = True) -> "ClashGame":
        """An independent state to play on; faces and rules are shared (immutable)."""
        new = object.__new__(ClashGame)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        for name in ("stars", "barbarian_deck", "action_deck", "action_discard", "black_times",
                     "switch_queue"):
            setattr(new, name, list(getattr(self, name)))
        new.owner = list(self.owner)
        new.captured = [list(c) for c in self.captured]
        new.bands = [list(b) for b in self.bands]
        new.hands = [list(h) for h in self.hands]
        new.face_down, new.resting, new.switched = set(self.face_down), set(self.resting), set(self.switched)
        new.marker = dict(self.marker)
        new.offers = {s: dict(o) for s, o in self.offers.items()}
        new.sides = {s: _copy_side(side) for s, side in self.sides.items()}
        new.stars_on = dict(self.stars_on)
        new.pending = dict(self.pending)
        new._public = None           # a copy is changed in place by tests and searches
        return new

    # ---- the contract ----
    def to_act(self) -> list:
        if self.phase == "group":
            return [self.black]
        if self.phase == "offer":
            return sorted(s for s, o in self.offers.items() if o["made"] is None)
        if self.phase == "lay":
            return sorted(side.seat for side in self.sides.values() if side.laid is None)
        if self.phase in ("swap", "flee", "select", "capture"):
            return sorted(self.pending)
        if self.phase == "switch":
            return [self.switch_queue[0]]
        return []

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list:
        """Stars held plus the bounty on captured Barbarians."""
        return [self.stars[s] + sum(self.faces[c].bounty for c in self.captured[s]) for s in range(self.n)]

    def winners(self) -> list:
        """Most points; ties go to the player with more captured Barbarians, then shared."""
        scores = self.scores()
        best = max((scores[s], len(self.captured[s])) for s in range(self.n))
        return [s for s in range(self.n) if (scores[s], len(self.captured[s])) == best]

    def legal_actions(self, seat: int) -> list:
        if seat not in self.to_act():
            return []
        return _LEGAL[self.phase](self, seat)

    def apply(self, seat: int, action: Action) -> list:
        if not isinstance(action, Action):
            raise IllegalAction("That is not a move.")
        if seat not in self.to_act():
            raise IllegalAction(self._not_your_move(seat))
        self._public = None          # the state may change: the table is worked out afresh
        legal = self.legal_actions(seat)
        if action not in legal:
            # the same places in another order are the same choice (a table may list them so)
            same = [a for a in legal if a.kind == action.kind and a.choice == action.choice
                    and sorted(map(tuple, a.places)) == sorted(map(tuple, action.places))]
            if not same:
                raise IllegalAction(self._why_not(seat, action))
            action = same[0]
        return _STEPS[self.phase](self, seat, action)

    # ---- helpers ----
    def kind(self, card: Optional[int]) -> Optional[str]:
        return None if card is None else self.tag[card]

    def place_of_card(self, card: int) -> Optional[int]:
        for p in range(PLACES):
            if card in self.bands[p]:
                return p
        return None

    def available(self, places) -> list:
        """The Group's available Barbarians (face up), as (id, value, clan), Band by Band."""
        return [(c, self.faces[c].value, self.faces[c].clan)
                for p in places for c in self.bands[p] if c not in self.face_down]

    def _band_places(self, cards) -> tuple:
        return tuple(("band", self.place_of_card(c), c) for c in cards)

    def _holders(self) -> list:
        """The two sides, the Black Totem holder's first."""
        return [self.sides[self.black], self.sides[self.white]]

    def _opponent(self, side: Side) -> Side:
        return self.sides[self.white if side.seat == self.black else self.black]

    def _draw_action(self) -> tuple:
        """The Action deck's top card (the discard shuffled in when it is empty), or None; events."""
        events = []
        if not self.action_deck and self.action_discard:
            moved = self.action_discard
            self.action_discard = []
            self.rng.shuffle(moved)
            self.action_deck = moved
            events.append(Event("reshuffle", places=(("action_discard",), ("action_deck",)),
                                data=(("cards", len(moved)),)))
        return (self.action_deck.pop() if self.action_deck else None), events

    # ---- a round begins ----
    def _start_round(self) -> list:
        self.round_no += 1
        self.black_times[self.black] += 1
        self.resting = set(self.face_down)     # step 6 turns these up again
        self.marker: dict = {}
        self.offers: dict = {}
        self.sides = {self.black: Side(self.black, "black", (self.place_of[self.black],)),
                      self.white: Side(self.white, "white", (self.place_of[self.white],))}
        self.stars_on: dict = {}
        self.pending: dict = {}
        self.outcome: Optional[Outcome] = None
        self.switched: set = set()
        self.switch_queue: list = []
        self.last_round = False
        self.stage = "lay"
        self.capture_options: list = []
        self.cleared = False            # step 7 has put the played cards on the discard pile
        self.phase = "group"
        return [Event("round", seat=self.black, data=(("round", self.round_no), ("black", self.black),
                                                      ("white", self.white)))]

    # ---- step 1: form Groups ----
    def _free_of_totems(self) -> list:
        return [p for p in range(PLACES) if p not in (self.place_of[self.black], self.place_of[self.white])]

    def _legal_group(self, seat: int) -> list:
        return [Action("group", places=(("band", p),)) for p in self._free_of_totems()]

    def _do_group(self, seat: int, action: Action) -> list:
        """"The Black Totem holder picks one Band that holds no Totem and marks it with the Black
        Grouping marker; the White Totem holder is paired with the remaining Band"."""
        chosen = action.places[0][1]
        other = next(p for p in self._free_of_totems() if p != chosen)
        self.marker = {"black": chosen, "white": other}
        black, white = self.sides[self.black], self.sides[self.white]
        black.group = (self.place_of[self.black], chosen)
        white.group = (self.place_of[self.white], other)
        events = [Event("group", seat=seat, places=(("band", chosen), ("band", other)),
                        data=(("black_band", chosen), ("white_band", other),
                              ("owners", (self.owner[chosen], self.owner[other]))))]
        return events + self._start_offers()

    # ---- step 2: offer Action cards ----
    def _start_offers(self) -> list:
        """"Skipped in 2-player games. A player whose Band is paired with a Totem holder may offer
        that holder one Action card, face down"."""
        if self.n >= self.rules["offers"]["from_players"]:
            for holder, place in ((self.black, self.marker["black"]), (self.white, self.marker["white"])):
                if self.owner[place] is not None:
                    self.offers[self.owner[place]] = {"holder": holder, "made": None, "card": None,
                                                      "played": False}
        if self.offers:
            self.phase = "offer"
            return []
        self.phase = "lay"
        return []

    def _legal_offer(self, seat: int) -> list:
        holder = self.offers[seat]["holder"]
        return [Action("offer", places=(("hand", seat, c), ("totem", holder))) for c in self.hands[seat]] \
            + [_NO_OFFER]

    def _do_offer(self, seat: int, action: Action) -> list:
        offer = self.offers[seat]
        if action.kind == "offer":
            card = action.places[0][2]
            self.hands[seat].remove(card)
            offer["made"], offer["card"] = True, card
        else:
            offer["made"] = False
        events = [Event("offer_decided", seat=seat)]
        if all(o["made"] is not None for o in self.offers.values()):
            # the offers are shown together (who offered to whom, never the card)
            events.append(Event("offers", data=(("offers", tuple(
                (s, o["holder"], o["made"]) for s, o in sorted(self.offers.items()))),)))
            self.phase = "lay"
        return events

    # ---- step 3: lay Action cards ----
    def _offered_to(self, seat: int) -> list:
        return [(s, o["card"]) for s, o in sorted(self.offers.items())
                if o["holder"] == seat and o["made"] and not o["played"]]

    def _legal_lay(self, seat: int) -> list:
        out = [Action("lay", places=(("hand", seat, c),)) for c in self.hands[seat]]
        out += [Action("lay", places=(("offer", s, c),)) for s, c in self._offered_to(seat)]
        return out

    def _do_lay(self, seat: int, action: Action) -> list:
        """"Both Totem holders choose one card (from hand or offered) face down, at the same time"."""
        zone, owner, card = action.places[0]
        side = self.sides[seat]
        if zone == "hand":
            self.hands[seat].remove(card)
        else:
            self.offers[owner]["played"] = True
            side.offered_by = owner
        side.laid = card
        events = [Event("laid", seat=seat)]
        if all(s.laid is not None for s in self.sides.values()):
            events += self._reveal()
        return events

    # ---- step 4: clobber time ----
    def _reveal(self) -> list:
        """Both laid cards are turned over at once; Swap & Play players start swapping."""
        sides = self._holders()
        for side in sides:
            side.revealed = True
        events = [Event("reveal", faces=tuple((("laid", s.seat), self.faces[s.laid]) for s in sides),
                        data=(("cards", tuple((s.seat, s.laid) for s in sides)),
                              ("offered_by", tuple((s.seat, s.offered_by) for s in sides))))]
        for side in sides:
            if self.kind(side.laid) == "swap_and_play":
                side.swaps.append(side.laid)
                events += self._start_swap(side)
            else:
                side.final = side.laid
        self.stage = "swap"
        return events + self._advance()

    def _swap_counts(self, card: int) -> tuple:
        return dict(self.faces[card].effect.params)["swaps"]

    def _swap_count(self, side: Side) -> int:
        """How many cards this Swap & Play swaps: `swaps[i]` the (i+1)-th time in a row."""
        counts = self._swap_counts(side.swaps[-1])
        return counts[min(len(side.swaps), len(counts)) - 1]

    def _start_swap(self, side: Side) -> list:
        """"Put three Action cards from your hand at the bottom of the Action deck, draw three,
        play one of them" (the count for this time in a row: `swaps`)."""
        count = self._swap_count(side)
        hand = self.hands[side.seat]
        if len(hand) > count:
            side.swap_stage = "return"
            self.pending[side.seat] = "swap"
            return []
        return self._swap_draw(side, list(hand), count)

    def _swap_draw(self, side: Side, returned: list, count: int) -> list:
        hand = self.hands[side.seat]
        for c in returned:
            hand.remove(c)
        self.action_deck[0:0] = returned[::-1]       # under the deck, in the order given
        drawn, events = [], [Event("swap", seat=side.seat, places=(("action_deck",),),
                                   data=(("returned", len(returned)), ("count", count)))]
        for _ in range(count):
            card, more = self._draw_action()
            events += more
            if card is None:
                break
            drawn.append(card)
        hand.extend(drawn)
        side.swap_drawn = drawn
        if not drawn:
            side.final, side.swap_stage = None, None
            self.pending.pop(side.seat, None)
            return events
        side.swap_stage = "play"
        self.pending[side.seat] = "swap"
        if len(drawn) == 1:
            # "the fourth time you swap one card and must play it"
            events += self._swap_play(side, drawn[0])
        return events

    def _legal_swap(self, seat: int) -> list:
        side = self.sides[seat]
        if side.swap_stage == "return":
            return [Action("swap_return", places=tuple(("hand", seat, c) for c in pick))
                    for pick in combinations(self.hands[seat], self._swap_count(side))]
        return [Action("swap_play", places=(("hand", seat, c),)) for c in side.swap_drawn]

    def _do_swap(self, seat: int, action: Action) -> list:
        side = self.sides[seat]
        if action.kind == "swap_return":
            events = self._swap_draw(side, [p[2] for p in action.places], self._swap_count(side))
        else:
            events = self._swap_play(side, action.places[0][2])
        return events + self._advance()

    def _swap_play(self, side: Side, card: int) -> list:
        """"Drawing Swap & Play again: you may play it"; any other card is played face down."""
        self.hands[side.seat].remove(card)
        side.swap_drawn = []
        counts = self._swap_counts(side.swaps[-1])
        if self.kind(card) == "swap_and_play" and len(side.swaps) < len(counts):
            side.swaps.append(card)
            events = [Event("swap_again", seat=side.seat, face=self.faces[card],
                            faces=((("swap", side.seat), self.faces[card]),), data=(("card", card),))]
            return events + self._start_swap(side)
        side.final, side.swap_stage = card, None
        self.pending.pop(side.seat, None)
        return [Event("swap_chosen", seat=side.seat)]

    def _advance(self) -> list:
        """Step 4 from where it stands to the next decision (or to the end of the round)."""
        events = []
        while True:
            if self.pending:
                self.phase = {"swap": "swap", "flee": "flee", "select": "select",
                              "capture": "capture"}[next(iter(self.pending.values()))]
                return events
            stage = self.stage
            if stage == "swap":
                events += self._after_swaps()
            elif stage == "flee":
                events += self._surprises()
            elif stage == "select":
                events += self._clobber()
            elif stage == "capture":
                events += self._after_clobber()
                return events

    def _after_swaps(self) -> list:
        """The cards chosen after Swap & Play are revealed together; Mirror and Flee find their card."""
        sides = self._holders()
        events = []
        swapped = [s for s in sides if s.swaps]
        for s in swapped:
            s.final_revealed = True
        if swapped:
            events.append(Event("reveal_played", faces=tuple(
                (("played", s.seat), self.faces[s.final]) for s in swapped if s.final is not None),
                data=(("cards", tuple((s.seat, s.final) for s in swapped)),)))
        for s in sides:
            s.final_revealed = True
        black, white = sides
        if self.kind(black.final) == "mirror" and self.kind(white.final) == "mirror":
            # "both Mirror: no clobber, go to step 5"
            for s in sides:
                s.may_switch = dict(self.faces[s.final].effect.params)["switch"]
            self.outcome = Outcome("mirrors")
            self.stage = "capture"
            return events + [Event("mirrors")]
        for s in sides:
            other = self._opponent(s)
            base = s.final
            if self.kind(base) == "mirror":
                # "apply the opponent's card to your own Group"
                s.may_switch = dict(self.faces[base].effect.params)["switch"]
                base = other.final
            if self.kind(base) == "flee_and_surprise":
                s.must_flee, s.keep = True, dict(self.faces[base].effect.params)["keep"]
            elif base is not None and self.kind(base) in selection.SELECTING:
                s.effect, s.effect_known = base, True
            else:
                s.effect, s.effect_known = None, True      # selects nobody
        for s in sides:
            if s.must_flee:
                options = selection.keep_mightiest(self.available(s.group), s.keep)
                if len(options) > 1:
                    s.flee_options = options
                    self.pending[s.seat] = "flee"
                else:
                    events += self._flee(s, options[0])
        self.stage = "flee"
        return events

    def _legal_flee(self, seat: int) -> list:
        return [Action("keep", places=self._band_places(kept)) for kept in self.sides[seat].flee_options]

    def _do_flee(self, seat: int, action: Action) -> list:
        side = self.sides[seat]
        kept = tuple(p[2] for p in action.places)
        side.flee_options = []
        self.pending.pop(seat, None)
        return self._flee(side, kept) + self._advance()

    def _flee(self, side: Side, kept: tuple) -> list:
        """"Return every available Barbarian of your Group except the two mightiest to the bottom
        of the Barbarian deck (face-down ones stay)"."""
        gone = [c for c, _, _ in self.available(side.group) if c not in kept]
        places = self._band_places(gone)
        for c in gone:
            self.bands[self.place_of_card(c)].remove(c)
        self.barbarian_deck[0:0] = gone[::-1]
        side.fled = gone
        return [Event("flee", seat=side.seat, places=places,
                      faces=tuple((p, self.faces[p[2]]) for p in places), data=(("cards", tuple(gone)),))]

    def _surprises(self) -> list:
        """"Then draw the top Action card (your Surprise) and apply it to the two left"."""
        events = []
        for s in self._holders():
            if not s.must_flee:
                continue
            for _ in range(len(self.faces)):
                card, more = self._draw_action()
                events += more
                if card is None:
                    s.effect = None
                    break
                s.surprises.append(card)
                if self.kind(card) in selection.SELECTING or not self.rules["surprise_redraws_playing_cards"]:
                    s.effect = card if self.kind(card) in selection.SELECTING else None
                    break
            s.effect_known = True
            events.append(Event("surprise", seat=s.seat, faces=tuple(
                (("surprise", s.seat), self.faces[c]) for c in s.surprises), data=(("cards", tuple(s.surprises)),)))
        events += self._selections()
        self.stage = "select"
        return events

    def _selections(self) -> list:
        """Each card selects Barbarians of its player's Group; a tie waits for its player."""
        events = []
        for s in self._holders():
            if s.effect is None:
                s.selected, s.total = (), 0
                continue
            result = selection.evaluate(self.faces[s.effect].effect, self.available(s.group))
            if result == DISTRACT:
                s.distracts, s.selected, s.total = True, (), None
                events.append(Event("distracts", seat=s.seat, face=self.faces[s.effect]))
            elif len(result) > 1:
                # "Whenever a card's choice is tied, the player who played it chooses"
                s.choices = result
                self.pending[s.seat] = "select"
            else:
                s.selected, s.total = result[0].selected, result[0].total
        return events

    def _legal_select(self, seat: int) -> list:
        out = []
        for choice in self.sides[seat].choices:
            act = Action("select", places=self._band_places(choice.selected), choice=choice.kind or None)
            if act not in out:
                out.append(act)
        return out

    def _do_select(self, seat: int, action: Action) -> list:
        side = self.sides[seat]
        chosen = {p[2] for p in action.places}
        choice = next(c for c in side.choices if set(c.selected) == chosen
                      and (c.kind or None) == action.choice)
        side.selected, side.total, side.choices = choice.selected, choice.total, []
        self.pending.pop(seat, None)
        return [Event("select", seat=seat, places=action.places, data=(("cards", choice.selected),))] \
            + self._advance()

    def _place_stars(self, side: Side) -> None:
        """"The player places one of their Stars on each selected Barbarian" (as far as they have)."""
        for c in side.selected:
            if self.stars[side.seat] > 0:
                self.stars[side.seat] -= 1
                self.stars_on[c] = side.seat

    def _stars_back(self, side: Side) -> None:
        for c in side.selected:
            if self.stars_on.get(c) == side.seat:
                del self.stars_on[c]
                self.stars[side.seat] += 1

    def _clobber(self) -> list:
        """Stars on the selected Barbarians; the higher total wins, or a stand-off, or a distraction."""
        black, white = self._holders()
        events = [Event("selected", data=(("selections", tuple((s.seat, s.selected, s.total)
                                                               for s in (black, white))),),
                        places=self._band_places(black.selected + white.selected))]
        self.stage = "capture"
        if black.distracts and white.distracts:
            # "Mutual distraction: nothing happens, no Stars paid"
            self.outcome = Outcome("mutual_distraction")
            return events + [Event("mutual_distraction")]
        if black.distracts or white.distracts:
            # "the Barbarians chosen by the other card turn face down, their Stars go back, nobody
            # is clobbered, and the distracting player gives the other player two Stars"
            loser, other = (black, white) if black.distracts else (white, black)
            self.face_down.update(other.selected)
            paid = min(self.rules["distract_penalty"], self.stars[loser.seat])
            self.stars[loser.seat] -= paid
            self.stars[other.seat] += paid
            self.outcome = Outcome("distraction", winner=other.seat, loser=loser.seat, paid=paid)
            return events + [Event("distraction", seat=loser.seat, places=self._band_places(other.selected),
                                   data=(("distracted", other.seat), ("paid", paid),
                                         ("flipped", tuple(other.selected))))]
        for s in (black, white):
            self._place_stars(s)
        if black.total == white.total:
            # a stand-off: "every selected Barbarian turns face down, all Stars go back"
            for s in (black, white):
                self._stars_back(s)
                self.face_down.update(s.selected)
            self.outcome = Outcome("standoff")
            return events + [Event("standoff", places=self._band_places(black.selected + white.selected),
                                   data=(("total", black.total),))]
        winner, loser = (black, white) if black.total > white.total else (white, black)
        self.outcome = Outcome("victory", winner=winner.seat, loser=loser.seat)
        if loser.selected:
            top = max(self.faces[c].value for c in loser.selected)
            mightiest = [c for c in loser.selected if self.faces[c].value == top]
            if len(mightiest) > 1:
                # "the mightiest; the winner breaks ties"
                self.capture_options = mightiest
                self.pending[winner.seat] = "capture"
                return events
            return events + self._victory(winner, loser, mightiest[0])
        return events + self._victory(winner, loser, None)

    def _legal_capture(self, seat: int) -> list:
        return [Action("capture", places=self._band_places((c,))) for c in self.capture_options]

    def _do_capture(self, seat: int, action: Action) -> list:
        black, white = self._holders()
        winner, loser = (black, white) if black.seat == seat else (white, black)
        self.pending.pop(seat, None)
        return self._victory(winner, loser, action.places[0][2]) + self._advance()

    def _victory(self, winner: Side, loser: Side, captured: Optional[int]) -> list:
        """"The winner captures one of the loser's selected Barbarians, keeping it face up in front of
        them with its bounty, and takes every Star on the loser's selected Barbarians. The winner's
        selected Barbarians turn face down and the winner takes back their Stars"."""
        won = 0
        for c in loser.selected:
            if self.stars_on.get(c) == loser.seat:
                del self.stars_on[c]
                won += 1
        self.stars[winner.seat] += won
        places = self._band_places((captured,)) if captured is not None else ()
        if captured is not None:
            self.bands[self.place_of_card(captured)].remove(captured)
            self.face_down.discard(captured)
            self.captured[winner.seat].append(captured)
        self._stars_back(winner)
        self.face_down.update(winner.selected)
        reward = ()
        if winner.offered_by is not None:
            # "If the holder plays it and wins, the offering player takes 1 Star from the supply"
            paid = min(self.rules["offers"]["reward"], self.supply)
            self.supply -= paid
            self.stars[winner.offered_by] += paid
            reward = ((winner.offered_by, paid),)
        self.outcome = Outcome("victory", winner=winner.seat, loser=loser.seat, captured=captured,
                               stars_won=won, reward=reward)
        events = [Event("victory", seat=winner.seat, places=places,
                        face=self.faces[captured] if captured is not None else None,
                        data=(("loser", loser.seat), ("captured", captured), ("stars", won),
                              ("flipped", tuple(winner.selected)), ("totals", (winner.total, loser.total))))]
        if reward:
            events.append(Event("reward", seat=winner.offered_by, data=(("stars", reward[0][1]),
                                                                       ("holder", winner.seat))))
        return events

    # ---- steps 5-8 ----
    def _after_clobber(self) -> list:
        """Refill, rest, draw; then the switches, or the end of the game."""
        self.stage = "done"
        events = self._refill()
        ended = self.last_round and self.rules["end"]["when_deck_cannot_refill"]
        ended = ended or all(t >= self.rules["end"]["black_totem_times"] for t in self.black_times)
        if ended:
            return events + self._end_game()
        events += self._rest() + self._draw()
        self.switch_queue = [s.seat for s in self._holders() if s.may_switch]
        for s in self._holders():
            s.switches_left = self.rules["switches_per_player"] if s.may_switch else 0
        return events + self._next_switch()

    def _refill(self) -> list:
        """"Every Band with fewer than three Barbarians draws face-up Barbarians from the deck"."""
        events = []
        for p in range(PLACES):
            drawn = []
            while len(self.bands[p]) < self.rules["band_size"]:
                if not self.barbarian_deck:
                    self.last_round = True
                    break
                card = self.barbarian_deck.pop()
                self.bands[p].append(card)
                drawn.append(card)
            if drawn:
                events.append(Event("refill", places=tuple(("band", p, c) for c in drawn),
                                    faces=tuple((("band", p, c), self.faces[c]) for c in drawn),
                                    data=(("place", p), ("cards", tuple(drawn)))))
        return events

    def _rest(self) -> list:
        """"Barbarians that were already face down when this round began turn face up again"."""
        up = [c for p in range(PLACES) for c in self.bands[p] if c in self.resting and c in self.face_down]
        self.face_down.difference_update(up)
        return [Event("rest", places=self._band_places(up), data=(("cards", tuple(up)),))] if up else []

    def _draw(self) -> list:
        """"Played Action cards go to the Action discard; every player draws back up to 4"."""
        for s in self._holders():
            played = [s.laid] + s.swaps[1:] + ([s.final] if s.swaps and s.final is not None else []) + s.surprises
            self.action_discard.extend(c for c in played if c is not None)
        for offerer, o in sorted(self.offers.items()):
            if o["made"] and not o["played"]:
                self.hands[offerer].append(o["card"])       # "unplayed offers go back"
        self.cleared = True
        events = []
        for k in range(self.n):
            seat = (self.black + self.step * k) % self.n
            drawn = 0
            while len(self.hands[seat]) < self.rules["hand_size"]:
                card, more = self._draw_action()
                events += more
                if card is None:
                    break
                self.hands[seat].append(card)
                drawn += 1
            if drawn:
                events.append(Event("draw", seat=seat, places=(("action_deck",),), data=(("cards", drawn),)))
        return events

    def _next_switch(self) -> list:
        """Step 8: the Mirror & Switch players in turn, Black Totem holder first; then the Totems move."""
        while self.switch_queue:
            seat = self.switch_queue[0]
            if self.sides[seat].switches_left > 0 and self._switches(seat):
                self.phase = "switch"
                return []
            self.switch_queue.pop(0)
        return self._move_totems()

    def _switches(self, seat: int) -> list:
        own = self.place_of[seat]
        mine = [c for c in self.bands[own] if c not in self.face_down and c not in self.switched]
        out = []
        for c in mine:
            for p in range(PLACES):
                if p == own:
                    continue
                for d in self.bands[p]:
                    if d not in self.face_down and d not in self.switched:
                        out.append(Action("switch", places=(("band", own, c), ("band", p, d))))
        return out

    def _legal_switch(self, seat: int) -> list:
        return self._switches(seat) + [_NO_SWITCH]

    def _do_switch(self, seat: int, action: Action) -> list:
        """"A player who played Mirror & Switch may swap one available Barbarian of their own Band with
        one available Barbarian of any other Band ... no Barbarian is switched twice in a round"."""
        side = self.sides[seat]
        if action.kind == "no_switch":
            side.switches_left = 0
            events = [Event("no_switch", seat=seat)]
        else:
            (_, own, c), (_, other, d) = action.places
            i, j = self.bands[own].index(c), self.bands[other].index(d)
            self.bands[own][i], self.bands[other][j] = d, c
            self.switched.update((c, d))
            side.switches_left -= 1
            events = [Event("switch", seat=seat, places=action.places,
                            faces=((("band", own, c), self.faces[c]), (("band", other, d), self.faces[d])))]
        if side.switches_left <= 0 or not self._switches(seat):
            self.switch_queue.pop(0)
        elif len(self.switch_queue) > 1:
            # "pairs are switched one at a time, the Totem holders alternating"
            self.switch_queue.append(self.switch_queue.pop(0))
        return events + self._next_switch()

    def _move_totems(self) -> list:
        """"Then the Totems move one player clockwise (in 2-player games they swap)"."""
        self.black = (self.black + self.step) % self.n
        self.white = (self.black + self.step) % self.n
        return [Event("totems", data=(("black", self.black), ("white", self.white)))] + self._start_round()

    def _end_game(self) -> list:
        self.over = True
        self.phase = "over"
        self.pending = {}
        scores = self.scores()
        self.results = tuple(ClashResult(seat=s, stars=self.stars[s],
                                         bounty=sum(self.faces[c].bounty for c in self.captured[s]),
                                         captured=len(self.captured[s]), total=scores[s])
                             for s in range(self.n))
        return [Event("game_over", data=(("scores", tuple(scores)), ("winners", tuple(self.winners())),
                                         ("why", "deck" if self.last_round else "totems")))]

    # ---- sentences for players ----
    def _not_your_move(self, seat) -> str:
        if self.over:
            return "The game is over."
        if self.phase == "lay" and seat in self.sides:
            return "You have laid your card: wait for the reveal."
        return "It is not your move now."

    def _why_not(self, seat: int, action: Action) -> str:
        return {
            "group": "Pair with a Band that holds no Totem.",
            "offer": "Offer one card of your hand to the Totem holder, or offer nothing.",
            "lay": "Lay one card of your hand, or a card offered to you.",
            "swap": "Swap & Play: put back cards of your hand, then play one of the cards you drew.",
            "flee": "Keep the two mightiest Barbarians of your Group.",
            "select": "Choose the Barbarians your card selects (one of its tied choices).",
            "capture": "Capture one of the loser's mightiest selected Barbarians.",
            "switch": "Switch an available Barbarian of your Band with one of another Band, or do not switch.",
        }.get(self.phase, "The game is over.")

    def _log_hint(self) -> str:
        return {
            "group": "the Black Totem holder forms the Groups",
            "offer": "offer an Action card to the Totem holder",
            "lay": "the Totem holders lay their Action cards",
            "swap": "Swap & Play",
            "flee": "choose the two Barbarians that stay",
            "select": "choose what your card selects",
            "capture": "choose the Barbarian to capture",
            "switch": "Mirror & Switch: switch two Barbarians",
        }.get(self.phase, "")

    # ---- the view: the only door out ----
    def _table(self) -> tuple:
        """The Bands and the players as everyone sees them, worked out once per state (apply forgets
        them): views are built for every seat after every action."""
        cards = _BAND_CARDS
        if len(cards) > 50_000:
            cards.clear()
        bands = []
        for p in range(PLACES):
            row = []
            for c in self.bands[p]:
                key = (c, c not in self.face_down, self.stars_on.get(c))
                band_card = cards.get(key)
                if band_card is None:
                    band_card = cards[key] = BandCard(c, key[1], 0 if key[2] is None else 1, key[2])
                row.append(band_card)
            owner = self.owner[p]
            bands.append(ClashBand(
                place=p, owner=owner, cards=tuple(row),
                totem="black" if owner == self.black else "white" if owner == self.white else None,
                marker=next((k for k, v in self.marker.items() if v == p), None)))
        scores = self.scores()
        seats = tuple(ClashSeat(seat=s, place=self.place_of[s], stars=self.stars[s],
                                captured=tuple(self.captured[s]), hand_count=len(self.hands[s]),
                                black_times=self.black_times[s], score=scores[s]) for s in range(self.n))
        self._public = (tuple(bands), seats)
        return self._public

    def view(self, seat: Optional[int]) -> ClashView:
        """What `seat` may know: the table (public), its own hand, offers it made or received,
        its own laid or chosen card; never another seat's hidden card."""
        bands, seats = self._public or self._table()
        offers_known = all(o["made"] is not None for o in self.offers.values())
        offers = tuple(Offer(offerer=s, holder=o["holder"],
                             made=o["made"] if (offers_known or seat == s) else None,
                             # the card while it is an offer: to its maker, and to its holder
                             # once every offer is made (after step 3 it is laid or goes back)
                             card=o["card"] if o["made"] and self.phase in ("offer", "lay") and (
                                 seat == s or (seat == o["holder"] and offers_known)) else None)
                       for s, o in sorted(self.offers.items()))
        showdowns = []
        for side in self._holders():
            mine = seat == side.seat
            showdowns.append(Showdown(
                seat=side.seat, totem=side.totem, group=side.group, laid=side.laid is not None,
                card=side.laid if (side.revealed or mine) else None,
                offered_by=side.offered_by if (side.revealed or mine) else None,
                swaps=tuple(side.swaps),
                played=side.final if (side.final_revealed or (mine and side.swap_stage is None)) else None,
                surprises=tuple(side.surprises), effect=side.effect if side.effect_known else None,
                fled=tuple(side.fled), selected=tuple(side.selected), total=side.total,
                distracts=side.distracts, may_switch=side.may_switch))
        me = self.sides.get(seat) if seat is not None else None
        swaps_left = ()
        if me is not None and me.swap_stage is not None:
            counts = self._swap_counts(me.swaps[-1])
            swaps_left = tuple(counts[min(len(me.swaps), len(counts)) - 1:])
        return ClashView(
            viewer=seat, faces=self.faces, n=self.n, phase=self.phase, to_act=tuple(self.to_act()),
            round_no=self.round_no, black=self.black, white=self.white, bands=bands, seats=seats,
            hand=tuple(self.hands[seat]) if seat is not None else (), offers=offers,
            showdowns=tuple(showdowns), swap_drawn=tuple(me.swap_drawn) if me is not None else (),
            swaps_left=swaps_left, outcome=self.outcome, barbarian_deck=len(self.barbarian_deck),
            action_deck=len(self.action_deck), action_discard=tuple(self.action_discard),
            supply=self.supply, switched=tuple(sorted(self.switched)),
            black_times_to_end=self.rules["end"]["black_totem_times"], last_round=self.last_round,
            results=self.results, winners=tuple(self.winners()) if self.over else (),
            log_hint=self._log_hint())


_STEPS = {"group": ClashGame._do_group, "offer": ClashGame._do_offer, "lay": ClashGame._do_lay,
          "swap": ClashGame._do_swap, "flee": ClashGame._do_flee, "select": ClashGame._do_select,
          "capture": ClashGame._do_capture, "switch": ClashGame._do_switch}
_LEGAL = {"group": ClashGame._legal_group, "offer": ClashGame._legal_offer, "lay": ClashGame._legal_lay,
          "swap": ClashGame._legal_swap, "flee": ClashGame._legal_flee, "select": ClashGame._legal_select,
          "capture": ClashGame._legal_capture, "switch": ClashGame._legal_switch}
_NO_OFFER, _NO_SWITCH = Action("no_offer"), Action("no_switch")
# one faces tuple per ruleset: the bots learn a deck once per tuple, and a search deals many games
_FACES: dict = {}


def _faces_of(ruleset) -> tuple:
    """(faces, tags): every card id's face, Barbarians then Action cards, and its effect's tag."""
    found = _FACES.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        if len(_FACES) > 64:
            _FACES.clear()
        faces = [c for c in ruleset.cards if c.kind == "barbarian" for _ in range(c.count)]
        faces += [c for c in ruleset.cards if c.kind == "action" for _ in range(c.count)]
        faces = tuple(faces)
        found = _FACES[id(ruleset)] = (ruleset, faces,
                                       tuple(f.effect.tag if f.kind == "action" else None for f in faces))
    return found[1], found[2]
# a Barbarian in a Band as a view shows it depends on three public facts: each made once
_BAND_CARDS: dict = {}


def conserved(game) -> dict:
    """Every card in exactly one place (decks, Bands, captures, hands, offers and laid cards until the
    clobber clears them, the discard pile); every Star with a player, on a Barbarian or in the supply."""
    places = list(game.barbarian_deck) + [c for b in game.bands for c in b] + \
        [c for cap in game.captured for c in cap] + list(game.action_deck) + list(game.action_discard) + \
        [c for h in game.hands for c in h]
    if not game.cleared:
        places += [o["card"] for o in game.offers.values() if o["made"] and not o["played"]]
        for side in game.sides.values():
            places += ([side.laid] if side.laid is not None else []) + side.swaps[1:] + \
                ([side.final] if side.swaps and side.final is not None else []) + side.surprises
    return {"cards": sorted(places), "stars": sum(game.stars) + len(game.stars_on) + game.supply}

