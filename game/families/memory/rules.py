"""The memory family's game (Kombio, Cambio): the state and the turn's steps.

The turn, as the rule texts tell it, one small step per function:
deal -> look at the starting cards -> draw (deck or discard) -> exchange or
discard -> ability (only for a card drawn from the deck and discarded
directly) -> match race on the discard -> next turn; a call gives everyone
else one final turn; then reveal and score.

Knowledge is tracked per card as a bitmask of seats that have seen its face.
All movements are public, so knowledge follows the card; a shuffle forgets.
The abilities are abilities.py's steps, the match race race.py's; what a seat
may see of the state is built in view.py (the observer).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional

from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.piles import Knowledge, refill
from game.engine.schema import filled
from game.families.memory.abilities import Abilities
from game.families.memory.moves import (_CALL, _DISCARD, _DRAW_DECK, _DRAW_DISCARD, _LOOK_START, _NEXT_ROUND,
                                        _SHAPES, _TURN_EVENTS, actions_on)
from game.families.memory.race import MatchRace
from game.families.memory.schema import RULES_SPEC
from game.families.memory.view import MemoryView, SeatResult, observe, observe_all
from game.families.memory.words import (NOTE_BEATEN, NOTE_LOWEST, NOTE_OVER_LIMIT, NOTE_ROUNDS, NOTE_SEARCH,
                                        NOTE_TIED, NOTE_TURNS, call_words)
from game.i18n import N_, tr

# where a card went, as an event's public facts
_FROM_DECK = (("src", "deck"), ("dst", "drawn"))
_FROM_DISCARD = (("src", "discard"), ("dst", "drawn"))
_DRAWN_TO_DISCARD = (("src", "drawn"), ("dst", "discard"))

# actions whose arguments were found to fit their kind, by id (the action itself as the value)
_SHAPED: dict = {}

# --- the state ---------------------------------------------------------------

class MemoryGame(Abilities, MatchRace, Game):
    """One match of a memory-family game: plain data, cheap to copy, no I/O."""

    def __init__(self, ruleset, n_seats: int, options: Optional[dict] = None, seed: int = 0):
        self.take_seats(ruleset, n_seats, options)
        self.rules = filled(RULES_SPEC, ruleset.parameters(self.options))
        self.all_mask = (1 << n_seats) - 1
        self._masks = tuple(_seats_of(m, n_seats) for m in range(1 << n_seats))  # mask -> seats
        self._slot_cache: dict = {}   # shared by copies: its entries never change
        self._seat_cache: dict = {}   # (viewer bits, seat) -> (content, SeatView); see view()
        self._discard_faces = ([], ())   # the discard pile's card ids and their faces, for view()
        self._window_view = (None, None)  # the open window's (card, attempted, winner) and its view
        self._window_seats_of: dict = {}  # (attempted, winner) -> seats still in the race (shared by copies)
        self._locks = n_seats >= self.rules["call"]["lock_min_players"]   # does a call lock the caller?
        overrides = self.rules["card_abilities"]
        faces = tuple(replace(c, ability=overrides[c.key]) if c.key in overrides else c
                      for c in ruleset.cards)
        self.faces = faces                                          # every kind of card, public
        # each ability step (the ruleset's own objects) -> (ability, index), which the view shows
        self._step_places = {id(step): (name, i) for name, ability in ruleset.abilities.items()
                             for i, step in enumerate(ability.steps)}
        self.defs = tuple(c for c in faces for _ in range(c.count))  # card id -> face
        self.rng = random.Random(seed)
        self.round_no = 0
        self.dealer = 0
        self.totals = [0] * n_seats
        self.history: list = []
        self.results: tuple = ()
        self.match_over = False
        self._start_round()

    def copy(self, share_caches: bool = True) -> "MemoryGame":
        """A copy to play on. `share_caches=False`: not even the view caches are shared (privacy
        tests build twins this way, so a twin can never reuse a view its original built)."""
        new = object.__new__(MemoryGame)
        new.__dict__.update(self.__dict__)
        # the generator is shared until either side draws from it (a search's playout seldom does:
        # only a reshuffle or a new round draws), then that side draws from its own clone
        self._rng_owned = new._rng_owned = False
        for name in ("deck", "discard", "totals", "history", "looked", "final_turns"):
            setattr(new, name, list(getattr(self, name)))
        new.knowledge = self.knowledge.copy()
        new.known = new.knowledge.masks
        new.layouts = [list(l) for l in self.layouts]
        new.penalty_slots = [list(l) for l in self.penalty_slots]
        new.pending = None if self.pending is None else dict(self.pending, steps=list(self.pending["steps"]),
                                                               peeked=list(self.pending["peeked"]),
                                                               picked=list(self.pending.get("picked", [])))
        new.window = None if self.window is None else dict(self.window)
        new._seat_cache = {}
        if not share_caches:
            new._slot_cache, new._window_seats_of = {}, {}
            new._discard_faces, new._window_view = ([], ()), (None, None)
        return new

    @property
    def rng(self) -> random.Random:
        """The match's generator (deals, reshuffles); copies share it until one of them draws."""
        if not self._rng_owned:
            clone = random.Random(0)        # seeded cheaply (not from the system): setstate replaces it all
            clone.setstate(self._rng.getstate())
            self._rng, self._rng_owned = clone, True
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_owned = generator, True

    # ---- parameters read often ----
    @property
    def call_name(self) -> str:
        return self.rules["call"]["name"]

    def has_cards(self, seat: int) -> bool:
        """Whether the seat has a card left in its layout (counted in C: asked after every race)."""
        layout = self.layouts[seat]
        return layout.count(None) != len(layout)

    def locked(self, seat: int) -> bool:
        """A caller's layout is locked (no viewing, matching, swapping) from lock_min_players up."""
        return self.caller == seat and self._locks

    # ---- round set-up ----
    def _start_round(self) -> list:
        self.round_no += 1
        # a seat's reused view part is the same object only while its cards are the same, which
        # within a round only public movements change; a new deal must not reuse any
        self._seat_cache = {}
        size = self.ruleset.layout["rows"] * self.ruleset.layout["cols"]
        self.deck = list(range(len(self.defs)))
        self.rng.shuffle(self.deck)
        self.discard = []
        self.knowledge = Knowledge(len(self.defs), self.n)   # a new deal: nobody knows a card
        self.known = self.knowledge.masks   # the same masks, read and set in the inner loops
        self.layouts = [[None] * size for _ in range(self.n)]
        self.penalty_slots = [[False] * size for _ in range(self.n)]
        for slot in range(size):
            for k in range(1, self.n + 1):   # deal starts left of the dealer
                seat = (self.dealer + k) % self.n
                self.layouts[seat][slot] = self.deck.pop()
        self.drawn = None
        self.drawn_from = None
        self.pending = None
        self.window = None
        self.discard_blocked = False
        self.caller = None
        self.final_turns = []
        self.results = ()
        self.turns = 0
        self.extra_turn = False
        self.shuffle_of: dict = {}    # card id -> which reshuffle of this round put it in the deck (1, 2, ...)
        self.reshuffles = 0
        first = self.dealer if self.rules["first_player"] == "dealer" else (self.dealer + 1) % self.n
        self.current = first
        self.looked = [False] * self.n
        if self.ruleset.layout["look_at_start"]:
            self.phase = "initial_peek"
        else:
            self.looked = [True] * self.n
            self.phase = "turn"
        return [Event("deal", seat=self.dealer, data=(("round", self.round_no), ("size", size)))]

    # ---- the contract ----
    def to_act(self) -> list:
        phase = self.phase
        if phase == "window":           # the commonest question: asked for every seat in every race
            return list(self._window_seats())
        if phase == "initial_peek":
            return [s for s in range(self.n) if not self.looked[s]]
        if phase in ("turn", "drawn", "ability"):
            return [self.current]
        if phase in ("give", "mismatch_choice"):
            return [self.pending["seat"]]
        if phase == "round_over":
            return list(range(self.n))
        return []

    def _acting(self):
        """to_act() for reading only: a race's seats come as they are kept, not copied."""
        return self._window_seats() if self.phase == "window" else self.to_act()

    def is_over(self) -> bool:
        return self.match_over

    def scores(self) -> list:
        return list(self.totals)

    # legal_actions and apply are Game's: a seat asked to act, then the phase's LEGAL or STEPS entry.
    # There is nothing to forget: a view's parts are reused only while what they show is the same.
    def step(self, seat: int, action: Action) -> list:
        """The phase's step (STEPS), for an action with the arguments its kind carries and no others."""
        # an action is immutable: its shape is checked once per object (most are made once, moves.py)
        if _SHAPED.get(id(action)) is not action:
            given = (action.pos is not None, action.pos2 is not None, action.choice is not None)
            if _SHAPES.get(action.kind) != given:
                raise IllegalAction(self._what_now())
            if len(_SHAPED) >= 4096:
                _SHAPED.clear()
            _SHAPED[id(action)] = action     # kept alive: its id is not another action's
        return self.STEPS[self.phase](self, seat, action)

    # ---- look at the starting cards ----
    def _legal_look_at_start(self, seat) -> list:
        return [_LOOK_START]

    def _look_at_start(self, seat, action):
        self._expect(action, "look_start")
        bit = 1 << seat
        for slot in self.ruleset.layout["look_at_start"]:
            cid = self.layouts[seat][slot]
            if cid is not None:
                self.known[cid] |= bit
        self.looked[seat] = True
        events = [Event("look_start", seat=seat,
                        data=(("slots", tuple(self.ruleset.layout["look_at_start"])),))]
        if all(self.looked):
            self.phase = "turn"
            events.append(_TURN_EVENTS[self.current])
        return events

    # ---- a turn: draw, or call ----
    def _can_draw_deck(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def _legal_draw_or_call(self, seat) -> list:
        out = []
        if self._can_draw_deck():
            out.append(_DRAW_DECK)
        if self.discard and not self.discard_blocked and self._may_take_discard(seat):
            out.append(_DRAW_DISCARD)
        if self.caller is None:
            out.append(_CALL)
        return out

    def _draw_or_call(self, seat, action):
        if action.kind == "call":
            if self.rules["matching"]["blocked_for"] == "next_player":
                self.discard_blocked = False   # the next player's turn is over: no draw was made
            return self._call(seat, auto=False)
        self._expect(action, "draw")
        if action.choice == "deck":
            if not self._can_draw_deck():
                raise IllegalAction(tr("The deck is empty and there is nothing to reshuffle."))
            events = self._refill_deck()
            cid = self.deck.pop()
            self.known[cid] |= 1 << seat
            self.drawn, self.drawn_from = cid, "deck"
            events.append(Event("draw", seat=seat, data=_FROM_DECK))
        elif action.choice == "discard":
            if not self.discard:
                raise IllegalAction(tr("The discard pile is empty."))
            if self.discard_blocked:
                raise IllegalAction(tr("The top card of the discard pile was matched upon: draw from the deck."))
            if not self._may_take_discard(seat):
                raise IllegalAction(tr("You have no card to exchange it with: draw from the deck."))
            cid = self.discard.pop()
            self.drawn, self.drawn_from = cid, "discard"
            events = [Event("draw", seat=seat, face=self.defs[cid], data=_FROM_DISCARD)]
        else:
            raise IllegalAction(tr("Draw from the deck or from the discard pile."))
        self.phase = "drawn"
        return events

    def _may_take_discard(self, seat) -> bool:
        """A card taken from the discard pile must be exchanged: not with an empty hand."""
        return not self.rules["discard_draw_must_exchange"] or self.has_cards(seat)

    def _refill_deck(self) -> list:
        """Empty deck: shuffle the discard pile except its top card into a new deck (clarifications)."""
        moved = refill(self.deck, self.discard, self.rng, keep_top=1, knowledge=self.knowledge)
        if not moved:
            return []
        # everyone saw these faces on the pile: which cards came from this reshuffle stays public
        self.reshuffles += 1
        self.shuffle_of = dict(self.shuffle_of)      # copies share the dict: it is replaced, never changed
        for cid in self.deck:
            self.shuffle_of[cid] = self.reshuffles
        return [Event("reshuffle", data=(("cards", moved),))]

    def _call(self, seat, auto: bool) -> list:
        if self.caller is not None:
            raise IllegalAction(tr("{call} has already been called this round.", call=call_words(self.call_name)))
        limit = self.rules["call"]["limit"]
        if not auto and limit is not None and self.rules["call"]["limit_checked"] == "when_calling":
            if self.hand_total(seat) > limit:
                raise IllegalAction(tr("You may call {call} only with {limit} points or fewer.",
                                       call=call_words(self.call_name), limit=limit))
        self.caller = seat
        self.final_turns = [(seat + k) % self.n for k in range(1, self.n)]
        events = [Event("call", seat=seat, data=(("ok", True), ("auto", auto), ("locked", self.locked(seat))))]
        if not auto:
            events += self._next_turn()
        return events

    # ---- holding a drawn card: exchange or discard ----
    def _legal_exchange_or_discard(self, seat) -> list:
        out = actions_on("exchange", seat, self.layouts[seat])
        if self.drawn_from == "deck" or not self.rules["discard_draw_must_exchange"]:
            out.append(_DISCARD)
        return out

    def _exchange_or_discard(self, seat, action):
        cid = self.drawn
        if action.kind == "exchange":
            pos = self._own_pos(seat, action.pos, N_("You can only exchange with one of your own cards."))
            old = self.layouts[seat][pos[1]]
            self.layouts[seat][pos[1]] = cid
            self.known[old] = self.all_mask        # thrown face up
            self.discard.append(old)
            self.discard_blocked = False     # a fresh discard: nobody has matched upon it yet
            self.drawn = self.drawn_from = None
            events = [Event("exchange", seat=seat, pos=pos, face=self.defs[old], data=_DRAWN_TO_DISCARD)]
            return events + self._open_window()
        if action.kind == "discard":
            if self.drawn_from == "discard" and self.rules["discard_draw_must_exchange"]:
                raise IllegalAction(tr("A card taken from the discard pile must be exchanged with one of yours."))
            from_deck = self.drawn_from == "deck"
            self.known[cid] = self.all_mask
            self.discard.append(cid)
            self.discard_blocked = False
            self.drawn = self.drawn_from = None
            events = [Event("discard", seat=seat, face=self.defs[cid], data=_DRAWN_TO_DISCARD)]
            ability = self.defs[cid].ability
            if from_deck and ability:
                return events + self._start_ability(seat, ability)
            return events + self._open_window()
        raise IllegalAction(tr("Exchange the drawn card with one of your cards, or discard it."))

    # ---- turn order and round end ----
    def _next_turn(self) -> list:
        self.turns += 1
        if self.turns >= self.rules["limits"]["turns_per_round"]:
            return self._end_round(stopped=NOTE_TURNS.format(n=self.turns))
        again, self.extra_turn = self.extra_turn, False
        if again and self.caller is None and self.has_cards(self.current):
            pass                        # an extra turn: the same player goes again
        elif self.caller is not None:
            if not self.final_turns:
                return self._end_round()
            self.current = self.final_turns.pop(0)
        else:
            self.current = (self.current + 1) % self.n
        self.phase = "turn"
        if not self.legal_actions(self.current):
            return self._end_round()    # no draw and no call possible: reveal now
        return [_TURN_EVENTS[self.current]]

    def end_round_for_search(self) -> list:
        """The round scored as it lies, where a hard bot's playout stops (search.py): as if the seat
        with the fewest points (alone, and within the call's limit) had called, since a round goes
        on until someone calls, mostly the one ahead; a call searched at the root then weighs
        its bonus against a lead's, not against none."""
        hands = [self.hand_total(s) for s in range(self.n)]
        low = min(hands)
        limit = self.rules["call"]["limit"]
        if hands.count(low) == 1 and (limit is None or low <= limit):
            self.caller = hands.index(low)
        return self._end_round(stopped=NOTE_SEARCH)

    def hand_total(self, seat) -> int:
        return sum(self.defs[c].value for c in self.layouts[seat] if c is not None)

    def _end_round(self, stopped: str = "") -> list:
        self.drawn = None
        self.pending = None
        self.window = None
        for layout in self.layouts:
            for c in layout:
                if c is not None:
                    self.known[c] = self.all_mask
        hands = [self.hand_total(s) for s in range(self.n)]
        bonus = [0] * self.n
        notes = [""] * self.n
        sc = self.rules["scoring"]
        caller = self.caller
        if caller is not None:
            others = [hands[s] for s in range(self.n) if s != caller]
            best_other = min(others) if others else hands[caller] + 1
            limit = self.rules["call"]["limit"]
            lowest = hands[caller] < best_other or (hands[caller] == best_other
                                                    and sc["tie_counts_as"] == "lowest")
            over = limit is not None and hands[caller] > limit
            rule = sc["caller_lowest"] if lowest and not over else sc["caller_not_lowest"]
            for s in range(self.n):
                bonus[s] = rule["caller"] if s == caller else rule["others"]
            if over:
                notes[caller] = NOTE_OVER_LIMIT.format(limit=limit)
            elif lowest:
                notes[caller] = NOTE_LOWEST
            elif hands[caller] == best_other:
                notes[caller] = NOTE_TIED
            else:
                notes[caller] = NOTE_BEATEN
        round_scores = [hands[s] + bonus[s] for s in range(self.n)]
        for s in range(self.n):
            self.totals[s] += round_scores[s]
        self.history.append(tuple(round_scores))
        end = self.options.get("match_end", {})
        if end.get("mode", self.ruleset.match_end.default_mode) == "rounds":
            over = self.round_no >= int(end.get("rounds", self.ruleset.match_end.rounds))
        else:
            over = max(self.totals) >= int(end.get("points", self.ruleset.match_end.points))
        if not over and self.round_no >= self.rules["limits"]["rounds_per_match"]:
            over = True
            stopped = "; ".join(filter(None, (stopped, NOTE_ROUNDS.format(n=self.round_no))))
        if stopped:
            notes = [f"{note}; {stopped}" if note else stopped for note in notes]
        self.results = tuple(
            SeatResult(seat=s, hand=hands[s], bonus=bonus[s], round_score=round_scores[s],
                       total=self.totals[s], note=notes[s],
                       faces=tuple(((s, i), self.defs[c]) for i, c in enumerate(self.layouts[s]) if c is not None))
            for s in range(self.n))
        self.phase = "round_over"
        events = [Event("round_over", data=(("scores", tuple(round_scores)), ("totals", tuple(self.totals))))]
        if over:
            self.match_over = True
            self.phase = "match_over"
            events.append(Event("match_over", data=(("winners", tuple(self.winners())),)))
        return events

    def winners(self) -> list:
        best = min(self.totals)
        return [s for s in range(self.n) if self.totals[s] == best]

    def _legal_next_round(self, seat) -> list:
        return [_NEXT_ROUND]

    def _next_round(self, seat, action):
        self._expect(action, "next_round")
        self.dealer = (self.dealer + 1) % self.n     # the deal rotates clockwise
        return [Event("next_round", seat=seat)] + self._start_round()

    # ---- validation helpers: sentences for players ----
    def _expect(self, action, *kinds):
        if action.kind not in kinds:
            raise IllegalAction(self._what_now())

    def _table_pos(self, pos) -> tuple:
        try:
            if len(pos) != 2:
                raise ValueError(pos)
            seat, slot = int(pos[0]), int(pos[1])
        except (TypeError, ValueError, IndexError, KeyError):   # KeyError: a JSON object as pos
            raise IllegalAction(tr("Choose a card on the table.")) from None
        if not (0 <= seat < self.n and 0 <= slot < len(self.layouts[seat])) \
                or self.layouts[seat][slot] is None:
            raise IllegalAction(tr("There is no card there."))
        return (seat, slot)

    def _own_pos(self, seat, pos, why: str) -> tuple:
        """`pos` on the table and one of `seat`'s own cards, else refused with `why` (a message)."""
        pos = self._table_pos(pos)
        if pos[0] != seat:
            raise IllegalAction(tr(why))
        return pos

    def not_your_move(self, seat: int) -> str:
        if self.match_over:
            return tr("The match is over.")
        if self.phase == "window":
            if self.window["winner"] is not None:
                return tr("Too late: someone else won this race.")
            if self.locked(seat):
                return tr("Your hand is locked after your call.")
            return tr("You have already tried to match this card.")
        if self.phase == "initial_peek":
            return tr("You have already looked at your starting cards.")
        return tr("It is not your move: {what}", what=self._what_now())

    def _what_now(self) -> str:
        phase = self.phase
        if phase == "initial_peek":
            return tr("Players are looking at their starting cards.")
        if phase == "turn":
            return tr("Seat {n} must draw a card or call {call}.", n=self.current + 1,
                      call=call_words(self.call_name))
        if phase == "drawn":
            return tr("Exchange the drawn card with one of your cards, or discard it.")
        if phase == "ability":
            step = self._step()
            if step["choose"]:
                return tr("Choose which action to use.")
            if step["peek"]:
                return tr({"own": N_("Look at one of your own cards."), "other": N_("Look at an opponent's card."),
                           "any": N_("Look at any card on the table.")}[step["peek"]])
            if step["reveal"]:
                return tr("Pick one card of each other player.")
            return tr("Choose two cards to swap.")
        if phase == "window":
            return tr("Match the discard with a card of the same kind, or pass.")
        if phase == "give":
            return tr("Give one of your cards to the player whose card you matched.")
        if phase == "mismatch_choice":
            return tr("Decide: the other player takes the card, or returns it and takes a penalty card.")
        if phase == "round_over":
            return tr("The round is over: start the next round.")
        return tr("The match is over.")

    # ---- the view: the only door out (view.py's observer builds it) ----
    def view(self, seat: Optional[int]) -> MemoryView:
        return observe(self, seat)

    def views(self, seats) -> list:
        """view(seat) for each of `seats` (a match race asks every seat at once): what all
        of them share is worked out once."""
        return observe_all(self, seats)


# The turn, one step per phase: the step that carries out a move in it (STEPS) and the one that
# lists the legal moves (LEGAL); the ability's steps are abilities.py's, the race's race.py's.
_STEPS = {"initial_peek": MemoryGame._look_at_start, "turn": MemoryGame._draw_or_call,
          "drawn": MemoryGame._exchange_or_discard, "ability": MemoryGame._use_ability,
          "window": MemoryGame._match_or_pass, "give": MemoryGame._give,
          "mismatch_choice": MemoryGame._take_or_return, "round_over": MemoryGame._next_round}
_LEGAL = {"initial_peek": MemoryGame._legal_look_at_start, "turn": MemoryGame._legal_draw_or_call,
          "drawn": MemoryGame._legal_exchange_or_discard, "ability": MemoryGame._legal_use_ability,
          "window": MemoryGame._legal_match_or_pass, "give": MemoryGame._legal_give,
          "mismatch_choice": MemoryGame._legal_take_or_return, "round_over": MemoryGame._legal_next_round}
MemoryGame.STEPS, MemoryGame.LEGAL = _STEPS, _LEGAL


def _seats_of(mask: int, n: int) -> frozenset:
    return frozenset(s for s in range(n) if (mask >> s) & 1)


def conserved(game) -> dict:
    """Every card of the ruleset in exactly one place: the deck, the discard pile, a layout, the drawn card."""
    ids = list(game.deck) + list(game.discard) + [c for layout in game.layouts for c in layout if c is not None]
    if game.drawn is not None:
        ids.append(game.drawn)
    return {"cards": sorted(ids)}

