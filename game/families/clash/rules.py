"""The clash family's game (Klobba!): the state, the contract and the turn's steps (step 4 in
clobber.py), as two Totem holders clobber each other's Groups of Barbarians.

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

import random
from typing import Optional

from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.schema import filled
from game.families.clash.clobber import ClobberTime, Side
from game.families.clash.schema import RULES_SPEC
from game.families.clash.view import PLACES, ClashResult, ClashView, Outcome, observe, public_table
from game.i18n import N_, tr


class ClashGame(ClobberTime, Game):
    """One game of a clash-family ruleset: plain data, cheap to copy, no I/O. Step 4 (clobber time)
    is ClobberTime's (clobber.py); what a seat sees is built by view.py's observer."""

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
        # where the Totems move: one seat clockwise (+1) or anticlockwise (-1)
        self.direction = 1 if self.rules["totems"]["direction"] == "clockwise" else -1
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
        self.white = (self.black + self.direction) % n_seats
        self.black_times = [0] * n_seats
        self.round_no = 0
        self.over = False
        self.results: tuple = ()
        self.forget()
        self._start_round()

    def copy(self, share_caches: bool = True) -> "ClashGame":
        """An independent state to play on; faces and rules are shared (immutable)."""
        new = object.__new__(ClashGame)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random.__new__(random.Random)     # (not seeded from the system: set below)
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
        new.sides = {s: side.copy() for s, side in self.sides.items()}
        new.stars_on = dict(self.stars_on)
        new.pending = dict(self.pending)
        new.forget()                 # a copy is changed in place by tests and searches
        return new

    # ---- the contract ----
    def to_act(self) -> list:
        if self._to_act is None:
            self._to_act = self._to_act_now()
        return list(self._to_act)

    def _to_act_now(self) -> tuple:
        if self.phase == "group":
            return (self.black,)
        if self.phase == "offer":
            return tuple(sorted(s for s, o in self.offers.items() if o["made"] is None))
        if self.phase == "lay":
            return tuple(sorted(side.seat for side in self.sides.values() if side.laid is None))
        if self.phase in ("swap", "flee", "select", "capture"):
            return tuple(sorted(self.pending))
        if self.phase == "switch":
            return (self.switch_queue[0],)
        return ()

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
        found = self._legal.get(seat)
        if found is None:
            if self._to_act is None:
                self._to_act = self._to_act_now()
            found = self._legal[seat] = self.LEGAL[self.phase](self, seat) if seat in self._to_act else []
        return list(found)

    # apply is Game.apply: a move, by a seat asked to act; then forget, then step
    def step(self, seat: int, action: Action) -> list:
        """The phase's step (STEPS) with the legal action this one is: the same places in another
        order are the same choice (a table may list them so); any other action is refused."""
        legal = self.legal_actions(seat)
        # (a bot hands back one of the very actions listed: found by identity before any comparison)
        if not any(a is action for a in legal) and action not in legal:
            same = [a for a in legal if a.kind == action.kind and a.choice == action.choice
                    and sorted(map(tuple, a.places)) == sorted(map(tuple, action.places))]
            if not same:
                raise IllegalAction(self._why_not(seat, action))
            action = same[0]
        events = self.STEPS[self.phase](self, seat, action)
        self.forget()           # what was worked out during the step is of the state before it
        return events

    def forget(self) -> None:
        """The state may change: the public table (view.py), who acts and their legal actions are
        worked out afresh (each at most once per state: the table, the bots and apply all ask)."""
        self._public = None
        self._to_act = None
        self._legal = {}

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

    # ---- step 4: clobber time: ClobberTime's, in clobber.py ----

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
            seat = (self.black + self.direction * k) % self.n
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
            if self.sides[seat].switches_left > 0 and self._can_switch(seat):
                self.phase = "switch"
                return []
            self.switch_queue.pop(0)
        return self._move_totems()

    def _switches(self, seat: int) -> list:
        own = self.place_of[seat]
        hidden = self.face_down | self.switched         # what _switchable refuses
        mine = [c for c in self.bands[own] if c not in hidden]
        theirs = [(p, d) for p in range(PLACES) if p != own for d in self.bands[p] if d not in hidden]
        return [Action("switch", places=(("band", own, c), ("band", p, d))) for c in mine for p, d in theirs]

    def _can_switch(self, seat: int) -> bool:
        """Whether there is any of _switches (without making them: asked after every step 8 action)."""
        own = self.place_of[seat]
        return any(map(self._switchable, self.bands[own])) and any(
            self._switchable(d) for p in range(PLACES) if p != own for d in self.bands[p])

    def _switchable(self, card: int) -> bool:
        """Available (face up) and not yet switched this round: "no Barbarian is switched twice"."""
        return card not in self.face_down and card not in self.switched

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
        if side.switches_left <= 0 or not self._can_switch(seat):
            self.switch_queue.pop(0)
        elif len(self.switch_queue) > 1:
            # "pairs are switched one at a time, the Totem holders alternating"
            self.switch_queue.append(self.switch_queue.pop(0))
        return events + self._next_switch()

    def _move_totems(self) -> list:
        """"Then the Totems move one player clockwise (in 2-player games they swap)"."""
        self.black = (self.black + self.direction) % self.n
        self.white = (self.black + self.direction) % self.n
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
    def not_your_move(self, seat: int) -> str:
        if self.over:
            return tr("The game is over.")
        if self.phase == "lay" and seat in self.sides:
            return tr("You have laid your card: wait for the reveal.")
        return tr("It is not your move now.")

    def _why_not(self, seat: int, action: Action) -> str:
        return tr(_WHY_NOT.get(self.phase, _WHY_NOT["over"]))

    # ---- the view: the only door out (view.py's observer) ----
    def view(self, seat: Optional[int]) -> ClashView:
        """What `seat` may know: the table (public, worked out once per state: apply forgets it), its
        own hand, offers it made or received, its own laid or chosen card; never another seat's
        hidden card."""
        if self._public is None:
            self._public = public_table(self)
        return observe(self, seat, self._public)


# why an action is refused, phase by phase (said to the player in their language)
_WHY_NOT = {
    "group": N_("Pair with a Band that holds no Totem."),
    "offer": N_("Offer one card of your hand to the Totem holder, or offer nothing."),
    "lay": N_("Lay one card of your hand, or a card offered to you."),
    "swap": N_("Swap & Play: put back cards of your hand, then play one of the cards you drew."),
    "flee": N_("Keep the two mightiest Barbarians of your Group."),
    "select": N_("Choose the Barbarians your card selects (one of its tied choices)."),
    "capture": N_("Capture one of the loser's mightiest selected Barbarians."),
    "switch": N_("Switch an available Barbarian of your Band with one of another Band, or do not switch."),
    "over": N_("The game is over."),
}
_STEPS = {"group": ClashGame._do_group, "offer": ClashGame._do_offer, "lay": ClashGame._do_lay,
          "swap": ClashGame._do_swap, "flee": ClashGame._do_flee, "select": ClashGame._do_select,
          "capture": ClashGame._do_capture, "switch": ClashGame._do_switch}
_LEGAL = {"group": ClashGame._legal_group, "offer": ClashGame._legal_offer, "lay": ClashGame._legal_lay,
          "swap": ClashGame._legal_swap, "flee": ClashGame._legal_flee, "select": ClashGame._legal_select,
          "capture": ClashGame._legal_capture, "switch": ClashGame._legal_switch}
ClashGame.STEPS, ClashGame.LEGAL = _STEPS, _LEGAL
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
