"""The memory family (Kombio, Cambio): face-down layouts, peeks, swaps, match races, calls.

The turn, as the rule texts tell it, one small step per function:
deal -> look at the starting cards -> draw (deck or discard) -> exchange or
discard -> ability (only for a card drawn from the deck and discarded
directly) -> match race on the discard -> next turn; a call gives everyone
else one final turn; then reveal and score.

Knowledge is tracked per card as a bitmask of seats that have seen its face.
All movements are public, so knowledge follows the card; a shuffle forgets.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional

from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.piles import Knowledge, refill
from game.engine.ruleset import check_match_can_end
from game.engine.schema import Bool, Dict, Enum, Int, List, Map, Optional_, Str, filled
from game.families.memory.view import (MemoryView, Pending, SeatResult, SeatView, SlotView,
                                       WindowView, build)

# --- what a ruleset of this family may say ----------------------------------

STEP_SPEC = Map({
    "peek": (Optional_(Enum("own", "other", "any")), None),
    "swap": (Optional_(Enum("any", "peeked", "peeked_pair")), None),
    "choose": (Optional_(List(Str(), min_len=2)), None),
    "reveal": (Optional_(Enum("one_per_opponent")), None),
    "extra_turn": (Optional_(Bool()), None),
    "count": (Int(1, 4), 1),
    "optional": (Bool(), False),
    "own_pair": (Bool(), True),     # swap: may both cards be the actor's own?
    "seconds": (Int(1, 10), 3),     # reveal: how long the faces are shown
})
PRIMITIVES = ("peek", "swap", "choose", "reveal", "extra_turn")

LAYOUT_SPEC = Map({
    "rows": (Int(1, 4), 2),
    "cols": (Int(1, 6), 2),
    "look_at_start": (List(Int(0, 23)), (2, 3)),
})

RULES_SPEC = Map({
    "first_player": (Enum("left_of_dealer", "dealer"), "left_of_dealer"),
    "abilities": (Enum("optional", "mandatory"), "optional"),
    "discard_draw_must_exchange": (Bool(), True),
    "empty_deck": (Enum("reshuffle_discard_except_top"), "reshuffle_discard_except_top"),
    "matching": (Map({
        "from_opponents": (Bool(), True),
        "after_success": (Enum("close", "exclusive_chain"), "close"),
        "give_after_opponent_match": (Enum("must", "may", "never"), "must"),
        "late_throw": (Enum("refused", "penalty"), "refused"),
        "wrong_own": (Enum("show_return_penalty", "return_penalty"), "show_return_penalty"),
        "wrong_opponent": (Enum("opponent_chooses", "return_penalty"), "opponent_chooses"),
        "blocks_discard_draw": (Bool(), True),
        # how long: until a new card is discarded (Kombio: "if it hasn't been matched upon"), or
        # for the next player only (Cambio: "der nächste Spieler kann seinen Zug nur vom
        # Hauptstapel beginnen": if that player calls instead of drawing, the pile opens again)
        "blocked_for": (Enum("until_next_discard", "next_player"), "until_next_discard"),
        "blocked_name": (Str(max_len=30), "matched upon"),   # what the table calls such a pile ("frozen")
    }), {}),
    "call": (Map({
        "name": (Str(max_len=20), "Call"),
        "limit": (Optional_(Int(-50, 200)), None),
        "limit_checked": (Enum("at_reveal", "when_calling"), "at_reveal"),
        "lock_min_players": (Int(2, 13), 3),
        "zero_cards": (Enum("auto_call", "end_round"), "auto_call"),
    }), {}),
    # a card's ability in force, overriding the card list (lets a variant give a card an ability)
    "card_abilities": (Dict(Optional_(Str(max_len=40)), key_pattern=r"^[A-Za-z0-9_]+$"), {}),
    "scoring": (Map({
        "caller_lowest": (Map({"caller": (Int(-100, 100), 0), "others": (Int(-100, 100), 0)}), {}),
        "caller_not_lowest": (Map({"caller": (Int(-100, 100), 0), "others": (Int(-100, 100), 0)}), {}),
        "tie_counts_as": (Enum("lowest", "not_lowest"), "not_lowest"),
    }), {}),
    # The safety net: rules that slip past the checks (nobody can or will call, totals that
    # never reach the target) still end. A real round takes under 100 turns, a match to 100
    # points about 10-20 rounds; reaching a limit ends the round or match with a note.
    "limits": (Map({
        "turns_per_round": (Int(50, 500), 300),
        "rounds_per_match": (Int(1, 500), 100),
    }), {}),
})



# step keys that mean something only on some steps: anywhere else they are a mistake
STEP_KEY_APPLIES_TO = {"count": ("peek",), "own_pair": ("swap",), "seconds": ("reveal",)}


def check_abilities(abilities: dict, doc) -> None:
    raw = doc.value.get("abilities", {}) if isinstance(doc.value, dict) else {}
    for key, ab in abilities.items():
        for i, step in enumerate(ab.steps):
            where = ("abilities", key, "steps", i)
            given = [p for p in PRIMITIVES if step[p] is not None]
            if len(given) != 1:
                raise doc.error(where, "each step needs exactly one of " + ", ".join(PRIMITIVES) + "; got "
                                + (", ".join(given) or "none"))
            written = raw[key]["steps"][i]
            for extra, steps in STEP_KEY_APPLIES_TO.items():
                if extra in written and given[0] not in steps:
                    raise doc.error(where + (extra,), f"applies only to a {' or '.join(steps)} step; "
                                    f"this is a {given[0]} step")
            if step["choose"]:
                for name in step["choose"]:
                    if name not in abilities:
                        raise doc.error(where + ("choose",), f"no ability named {name!r}")
                    if any(s["choose"] for s in abilities[name].steps):
                        raise doc.error(where + ("choose",), f"{name!r} itself chooses; choices cannot nest")
            if step["swap"] in ("peeked", "peeked_pair"):
                before = sum(s["count"] for s in ab.steps[:i] if s["peek"])
                need = 2 if step["swap"] == "peeked_pair" else 1
                if before < need:
                    raise doc.error(where + ("swap",), f"'{step['swap']}' needs {need} peeked card(s) "
                                    "in an earlier step of this ability")


def check_parameters(rules, cards, abilities, doc, where, layout, match_end) -> None:
    """Checks that need the cards, abilities, layout and match end: names exist, play can end."""
    rules = filled(RULES_SPEC, rules)          # sections left out of the file: their defaults
    keys = {c.key for c in cards}
    for key, ability in rules["card_abilities"].items():
        if key not in keys:
            raise doc.error(where + ("card_abilities", key), f"no card with the key {key!r}")
        if ability is not None and ability not in abilities:
            raise doc.error(where + ("card_abilities", key),
                            f"expected one of the abilities ({', '.join(abilities)}); got {ability!r}")
    # a variant's problem is shown at its `set`; the ruleset's own at the key that causes it
    mine = where == ("rules",)
    size = layout["rows"] * layout["cols"]
    values = sorted(c.value for c in cards for _ in range(c.count))
    lowest_hand = sum(values[:size])
    limit = rules["call"]["limit"]
    if limit is not None and limit < lowest_hand:
        raise doc.error(where + ("call", "limit") if mine else where,
                        f"no hand of {size} cards can be at or under {limit} points (the lowest "
                        f"possible hand is {lowest_hand}), so every call would fail")
    check_match_can_end(match_end, _round_scores_at_most(rules, values[-1]), doc, where)


def _round_scores_at_most(rules: dict, top: int) -> list:
    """The most each way a round ends adds to one seat's total, for check_match_can_end: (most, why).

    A seat's round is its hand (the cards it holds: dealt, drawn, given, penalty cards: each worth
    at most `top`) plus a bonus: the call's, for the caller and for the others, or none when nobody
    called (a round stopped by its limit, or by an empty layout under `zero_cards: end_round`). With
    no card above 0 a hand is at most 0, and 0 only with no cards left (or cards worth 0). A caller
    can be left with no cards when an emptied layout calls (`auto_call`) or when others may still
    throw the caller's cards (not locked in a match of fewer than `lock_min_players` players: this
    check does not know the player range, so any value above 2, the fewest a match has, counts as
    unlocked); otherwise a locked caller keeps at least one card, worth at most `top`."""
    sc = rules["scoring"]
    # a scoring rule left out is all zeros (RULES_SPEC's defaults)
    bonus = {who: max(sc.get(rule, {}).get(who, 0) for rule in ("caller_lowest", "caller_not_lowest"))
             for who in ("caller", "others")}
    empty = "no cards left" if top < 0 else "a hand of at most 0"
    call = rules["call"]
    caller_empties = call["zero_cards"] == "auto_call" or call["lock_min_players"] > 2
    caller_hand = 0 if caller_empties or top >= 0 else top
    caller_words = empty if caller_hand == 0 else f"at least one card of at most {top}"
    others = max(0, bonus["others"])
    return [(top, f"a card is worth at most {top}"),
            (caller_hand + bonus["caller"], f"a caller: at most {caller_hand + bonus['caller']}, "
             f"{caller_words} plus a bonus of at most {bonus['caller']}"),
            (others, f"everyone else: at most {others}, {empty} plus a bonus of at most {others}")]


def check_ruleset(cards, abilities, layout, rules, players, doc, where=("rules",)) -> None:
    """The layout fits and the deck deals every player count (`where`: ("rules",) for the file's
    own rules, or a house rule's `set`; nothing here depends on `rules:`, so nothing is refused there)."""
    size = layout["rows"] * layout["cols"]
    for i, slot in enumerate(layout["look_at_start"]):
        if slot >= size:
            raise doc.error(("layout", "look_at_start", i), f"expected a position below {size}; got {slot}")
    deck = sum(c.count for c in cards)
    # the most players need the most cards: a deal that works for players.max works for fewer
    need = players["max"] * size + 2
    if deck < need:
        raise doc.error(("cards",), f"{deck} cards cannot deal {size} to {players['max']} players "
                        f"and still leave a deck (need at least {need})")


# The arguments each kind of action carries: anything else is not a move of this family.
ACTION_FIELDS = {
    "look_start": (), "draw": ("choice",), "call": (), "exchange": ("pos",), "discard": (),
    "peek": ("pos",), "pick": ("pos",), "swap": ("pos", "pos2"), "choose": ("choice",),
    "skip": (), "match": ("pos",), "pass": (), "give": ("pos",), "decide": ("choice",),
    "next_round": (),
}


_SHAPES = {kind: tuple(f in fields for f in ("pos", "pos2", "choice")) for kind, fields in ACTION_FIELDS.items()}


# --- the state ---------------------------------------------------------------

class MemoryGame(Game):
    """One match of a memory-family game: plain data, cheap to copy, no I/O."""

    def __init__(self, ruleset, n_seats: int, options: Optional[dict] = None, seed: int = 0):
        self.take_seats(ruleset, n_seats, options)
        self.rules = filled(RULES_SPEC, ruleset.parameters(self.options))
        self.all_mask = (1 << n_seats) - 1
        self._masks = tuple(_seats_of(m, n_seats) for m in range(1 << n_seats))  # mask -> seats
        self._slot_cache: dict = {}   # shared by copies: its entries never change
        self._seat_cache: dict = {}   # (viewer bits, seat) -> (content, SeatView); see view()
        self._discard_faces = ((), ())   # the discard pile's card ids and their faces, for view()
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
            new._discard_faces, new._window_view = ((), ()), (None, None)
        return new

    @property
    def rng(self) -> random.Random:
        """The match's generator (deals, reshuffles); copies share it until one of them draws."""
        if not self._rng_owned:
            clone = random.Random()
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
        ph = self.phase
        if ph == "initial_peek":
            return [s for s in range(self.n) if not self.looked[s]]
        if ph in ("turn", "drawn", "ability"):
            return [self.current]
        if ph == "window":
            return list(self._window_seats())
        if ph in ("give", "mismatch_choice"):
            return [self.pending["seat"]]
        if ph == "round_over":
            return list(range(self.n))
        return []

    def _acting(self):
        """to_act() for reading only: a race's seats come as they are kept, not copied."""
        return self._window_seats() if self.phase == "window" else self.to_act()

    def is_over(self) -> bool:
        return self.match_over

    def scores(self) -> list:
        return list(self.totals)

    def legal_actions(self, seat: int) -> list:
        if seat not in self.to_act():
            return []
        ph = self.phase
        if ph == "initial_peek":
            return [_LOOK_START]
        if ph == "turn":
            out = []
            if self._can_draw_deck():
                out.append(_DRAW_DECK)
            if self.discard and not self.discard_blocked and self._may_take_discard(seat):
                out.append(_DRAW_DISCARD)
            if self.caller is None:
                out.append(_CALL)
            return out
        if ph == "drawn":
            out = [_act("exchange", (seat, i)) for i, c in enumerate(self.layouts[seat]) if c is not None]
            if self.drawn_from == "deck" or not self.rules["discard_draw_must_exchange"]:
                out.append(_DISCARD)
            return out
        if ph == "ability":
            return self._ability_actions(seat)
        if ph == "window":
            out = [_act("match", pos) for pos in self._matchable(seat)]
            out.append(_PASS)
            return out
        if ph == "give":
            out = [_act("give", (seat, i)) for i, c in enumerate(self.layouts[seat]) if c is not None]
            if self.rules["matching"]["give_after_opponent_match"] == "may":
                out.append(_SKIP)
            return out
        if ph == "mismatch_choice":
            return [_TAKE, _RETURN]
        if ph == "round_over":
            return [_NEXT_ROUND]
        return []

    def apply(self, seat: int, action: Action) -> list:
        if self.match_over:
            raise IllegalAction("The match is over.")
        if seat not in self._acting():
            raise IllegalAction(self._not_your_move(seat))
        given = (action.pos is not None, action.pos2 is not None, action.choice is not None)
        if _SHAPES.get(action.kind) != given:
            raise IllegalAction(self._what_now())
        return _STEPS[self.phase](self, seat, action)

    # ---- initial look ----
    def _do_initial_peek(self, seat, action):
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

    def _do_turn(self, seat, action):
        if action.kind == "call":
            if self.rules["matching"]["blocked_for"] == "next_player":
                self.discard_blocked = False   # the next player's turn is over: no draw was made
            return self._call(seat, auto=False)
        self._expect(action, "draw")
        if action.choice == "deck":
            if not self._can_draw_deck():
                raise IllegalAction("The deck is empty and there is nothing to reshuffle.")
            events = self._refill_deck()
            cid = self.deck.pop()
            self.known[cid] |= 1 << seat
            self.drawn, self.drawn_from = cid, "deck"
            events.append(Event("draw", seat=seat, src="deck", dst="drawn"))
        elif action.choice == "discard":
            if not self.discard:
                raise IllegalAction("The discard pile is empty.")
            if self.discard_blocked:
                raise IllegalAction("The top card of the discard pile was matched upon: draw from the deck.")
            if not self._may_take_discard(seat):
                raise IllegalAction("You have no card to exchange it with: draw from the deck.")
            cid = self.discard.pop()
            self.drawn, self.drawn_from = cid, "discard"
            events = [Event("draw", seat=seat, src="discard", dst="drawn", face=self.defs[cid])]
        else:
            raise IllegalAction("Draw from the deck or from the discard pile.")
        self.phase = "drawn"
        return events

    def _may_take_discard(self, seat) -> bool:
        """A card taken from the discard pile must be exchanged: not with an empty hand."""
        return not self.rules["discard_draw_must_exchange"] or any(c is not None for c in self.layouts[seat])

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
            raise IllegalAction(f"{self.call_name} has already been called this round.")
        limit = self.rules["call"]["limit"]
        if not auto and limit is not None and self.rules["call"]["limit_checked"] == "when_calling":
            if self.hand_total(seat) > limit:
                raise IllegalAction(f"You may call {self.call_name} only with {limit} points or fewer.")
        self.caller = seat
        self.final_turns = [(seat + k) % self.n for k in range(1, self.n)]
        events = [Event("call", seat=seat, ok=True, data=(("auto", auto), ("locked", self.locked(seat))))]
        if not auto:
            events += self._next_turn()
        return events

    # ---- holding a drawn card: exchange or discard ----
    def _do_drawn(self, seat, action):
        cid = self.drawn
        if action.kind == "exchange":
            pos = self._own_pos(seat, action.pos, "exchange with")
            old = self.layouts[seat][pos[1]]
            self.layouts[seat][pos[1]] = cid
            self.known[old] = self.all_mask        # thrown face up
            self.discard.append(old)
            self.discard_blocked = False     # a fresh discard: nobody has matched upon it yet
            self.drawn = self.drawn_from = None
            events = [Event("exchange", seat=seat, pos=pos, src="drawn", dst="discard",
                            face=self.defs[old])]
            return events + self._open_window()
        if action.kind == "discard":
            if self.drawn_from == "discard" and self.rules["discard_draw_must_exchange"]:
                raise IllegalAction("A card taken from the discard pile must be exchanged with one of yours.")
            from_deck = self.drawn_from == "deck"
            self.known[cid] = self.all_mask
            self.discard.append(cid)
            self.discard_blocked = False
            self.drawn = self.drawn_from = None
            events = [Event("discard", seat=seat, src="drawn", dst="discard", face=self.defs[cid])]
            ability = self.defs[cid].ability
            if from_deck and ability:
                return events + self._start_ability(seat, ability)
            return events + self._open_window()
        raise IllegalAction("Exchange the drawn card with one of your cards, or discard it.")

    # ---- abilities: explicit pending steps ----
    def _start_ability(self, seat, ability_key) -> list:
        ab = self.ruleset.abilities[ability_key]
        self.pending = {"kind": "ability", "seat": seat, "ability": ability_key,
                        "steps": list(ab.steps), "count_left": 0, "peeked": [], "picked": []}
        self.phase = "ability"
        events = [Event("ability", seat=seat, data=(("ability", ability_key), ("name", ab.name)))]
        return events + self._advance_ability(first=True)

    def _step(self) -> dict:
        return self.pending["steps"][0]

    def _step_peeked(self) -> list:
        """Positions looked at during the current step (a step's peeks are of different cards)."""
        return self.pending["peeked"][self.pending.get("step_start", 0):]

    def _advance_ability(self, first=False) -> list:
        """Move to the next step that has something to do; finish the ability when none is left."""
        pend = self.pending
        if not first:
            pend["steps"].pop(0)
        events = []
        while pend["steps"]:
            step = pend["steps"][0]
            if step["extra_turn"]:
                # no decision to make: the same player will have another turn after the race,
                # but not after a call: "Jeder der anderen Spieler hat dann nur noch einen weiteren Zug"
                if self.caller is None:
                    self.extra_turn = True
                    events.append(Event("extra_turn", seat=pend["seat"]))
                pend["steps"].pop(0)
                continue
            pend["count_left"] = step["count"] if (step["peek"] or step["reveal"]) else 0
            pend["step_start"] = len(pend["peeked"])   # "two different cards" holds within a step
            if step["reveal"]:
                pend["count_left"] = len(self._reveal_seats(pend["seat"], []))
                pend["picked"] = []
            if self._step_has_targets(pend["seat"], step):
                return events
            pend["steps"].pop(0)   # nothing to do (e.g. no opponent card to look at)
        self.pending = None
        return events + self._open_window()

    def _step_optional(self, step) -> bool:
        return step["optional"] or self.rules["abilities"] == "optional"

    def _viewable(self, seat, target) -> list:
        """Positions the actor may look at or touch for target own/other/any (locked layouts excluded)."""
        out = []
        for s in range(self.n):
            if self.locked(s):
                continue
            if target == "own" and s != seat or target == "other" and s == seat:
                continue
            out.extend((s, i) for i, c in enumerate(self.layouts[s]) if c is not None)
        return out

    def _step_has_targets(self, seat, step) -> bool:
        if step["choose"]:
            # choices cannot nest, so this recursion stops at the chosen abilities' steps
            return any(self._step_has_targets(seat, s)
                       for name in step["choose"] for s in self.ruleset.abilities[name].steps)
        if step["peek"]:
            return bool([p for p in self._viewable(seat, step["peek"]) if list(p) not in self._step_peeked()])
        if step["reveal"]:
            return bool(self._reveal_seats(seat, []))
        return bool(self._swap_pairs(seat, step, limit=1))

    def _swap_pairs(self, seat, step, limit=None) -> list:
        kind = step["swap"]
        peeked = [tuple(p) for p in self.pending["peeked"]]
        live = set(self._viewable(seat, "any"))
        if kind == "peeked_pair":
            return [(peeked[0], peeked[1])] if len(peeked) >= 2 and all(p in live for p in peeked[:2]) else []
        ordered = sorted(live)
        firsts = [p for p in peeked if p in live] if kind == "peeked" else ordered
        out = []
        for a in firsts:
            for b in ordered:
                if b == a or (kind == "any" and b < a):
                    continue
                if not step["own_pair"] and a[0] == seat and b[0] == seat:
                    continue
                out.append((a, b))
                if limit and len(out) >= limit:
                    return out
        return out

    def _reveal_seats(self, seat, picked) -> list:
        done = {p[0] for p in picked}
        return [s for s in range(self.n) if s != seat and s not in done and not self.locked(s)
                and any(c is not None for c in self.layouts[s])]

    def _ability_actions(self, seat) -> list:
        step = self._step()
        out = []
        if step["choose"]:
            out = [Action("choose", choice=name) for name in step["choose"]
                   if any(self._step_has_targets(seat, s) for s in self.ruleset.abilities[name].steps)]
        elif step["peek"]:
            out = [_act("peek", p) for p in self._viewable(seat, step["peek"])
                   if list(p) not in self._step_peeked()]
        elif step["reveal"]:
            seats = self._reveal_seats(seat, self.pending["picked"])
            out = [_act("pick", p) for p in self._viewable(seat, "other") if p[0] in seats]
        else:
            out = [_act("swap", a, b) for a, b in self._swap_pairs(seat, step)]
        if self._step_optional(step):
            out.append(_SKIP)
        return out

    def _do_ability(self, seat, action):
        step = self._step()
        pend = self.pending
        if action.kind == "skip":
            if not self._step_optional(step):
                raise IllegalAction("This ability is not optional here: you must use it.")
            return [Event("skip", seat=seat, data=(("ability", pend["ability"]),))] + self._advance_ability()
        if step["choose"]:
            self._expect(action, "choose")
            if action.choice not in step["choose"]:
                raise IllegalAction("Choose one of: " + ", ".join(self.ruleset.abilities[n].name for n in step["choose"])
                                    + ".")
            chosen = self.ruleset.abilities[action.choice]
            pend["steps"][1:1] = list(chosen.steps)
            return [Event("choose", seat=seat, data=(("ability", action.choice), ("name", chosen.name)))] \
                + self._advance_ability()
        if step["peek"]:
            self._expect(action, "peek")
            pos = self._table_pos(action.pos)
            if pos not in self._viewable(seat, step["peek"]):
                raise IllegalAction(self._why_not_target(seat, pos, step["peek"], "look at"))
            if list(pos) in self._step_peeked():
                raise IllegalAction("You have already looked at that card: choose another.")
            self.known[self.layouts[pos[0]][pos[1]]] |= 1 << seat
            pend["peeked"].append(list(pos))
            pend["count_left"] -= 1
            events = [Event("peek", seat=seat, pos=pos)]
            # "look at any two cards" with one card left to look at: the step ends with one look
            if pend["count_left"] <= 0 or not self._step_has_targets(seat, step):
                events += self._advance_ability()
            return events
        if step["reveal"]:
            self._expect(action, "pick")
            pos = self._table_pos(action.pos)
            if pos[0] not in self._reveal_seats(seat, pend["picked"]) or self.layouts[pos[0]][pos[1]] is None:
                raise IllegalAction("Pick one card of each other player whose cards are not locked.")
            pend["picked"].append(pos)
            pend["count_left"] -= 1
            events = [Event("pick", seat=seat, pos=pos)]
            if not self._reveal_seats(seat, pend["picked"]):
                faces = tuple((p, self.defs[self.layouts[p[0]][p[1]]]) for p in pend["picked"])
                for p in pend["picked"]:
                    self.known[self.layouts[p[0]][p[1]]] = self.all_mask
                events.append(Event("reveal", seat=seat, faces=faces,
                                    data=(("seconds", step["seconds"]),)))
                events += self._advance_ability()
            return events
        self._expect(action, "swap")
        a, b = self._table_pos(action.pos), self._table_pos(action.pos2)
        pairs = self._swap_pairs(seat, step)
        # legal_actions lists each pair once; a swap is the same move in either order
        if (a, b) not in pairs and (b, a) not in pairs:
            raise IllegalAction(self._why_not_swap(seat, a, b, step))
        la, lb = self.layouts[a[0]], self.layouts[b[0]]
        la[a[1]], lb[b[1]] = lb[b[1]], la[a[1]]
        return [Event("swap", seat=seat, pos=a, pos2=b)] + self._advance_ability()

    # ---- the match race ----
    def _open_window(self) -> list:
        self.phase = "window"
        self.window = {"card": self.discard[-1], "attempted": 0, "winner": None}
        if not self._window_seats():
            return self._close_window()
        return [Event("window_open", face=self.defs[self.discard[-1]])]

    def _window_seats(self) -> tuple:
        w = self.window
        attempted = w["attempted"]
        if self.caller is not None and self._locks:
            attempted |= 1 << self.caller      # a locked caller's hand cannot change: no racing
        key = (attempted, w["winner"])
        seats = self._window_seats_of.get(key)   # asked very often during a race: made once
        if seats is None:
            others = [s for s in range(self.n) if not (attempted >> s) & 1]
            if w["winner"] is not None:
                # only the winner may go on throwing; others may still throw too late (and pay for it)
                late = self.rules["matching"]["late_throw"] == "penalty"
                others = [w["winner"]] + ([s for s in others if s != w["winner"]] if late else [])
            seats = self._window_seats_of[key] = tuple(others)
        return seats

    def _matchable(self, seat) -> list:
        out = []
        for s in range(self.n):
            if self.locked(s) or (s != seat and not self.rules["matching"]["from_opponents"]):
                continue
            out.extend((s, i) for i, c in enumerate(self.layouts[s]) if c is not None)
        return out

    def _do_window(self, seat, action):
        w = self.window
        if action.kind == "pass":
            if w["winner"] == seat:
                return [_PASS_EVENTS[seat]] + self._close_window()
            w["attempted"] |= 1 << seat
            events = [_PASS_EVENTS[seat]]
            if not self._window_seats():
                events += self._close_window()
            return events
        self._expect(action, "match")
        pos = self._table_pos(action.pos)
        if pos not in self._matchable(seat):
            if pos[0] != seat and not self.rules["matching"]["from_opponents"]:
                raise IllegalAction("Only your own cards may be matched in this game.")
            raise IllegalAction("That card cannot be matched: its hand is locked or the position is empty.")
        owner = pos[0]
        cid = self.layouts[owner][pos[1]]
        top = self.defs[w["card"]]
        face = self.defs[cid]
        self.known[cid] = self.all_mask   # an attempt shows the card to everyone
        if w["winner"] is not None and seat != w["winner"]:
            # cambio.de.txt: "...oder du warst zu langsam": the card goes back, plus a penalty card
            w["attempted"] |= 1 << seat
            events = [Event("match", seat=seat, pos=pos, face=face, ok=False, data=(("late", True),))]
            return events + self._penalty(seat) + self._continue_window()
        if face.match == top.match:
            self.layouts[owner][pos[1]] = None
            self.discard.append(cid)
            if self.rules["matching"]["blocks_discard_draw"]:
                self.discard_blocked = True
            events = [Event("match", seat=seat, pos=pos, face=face, ok=True)]
            chain = self.rules["matching"]["after_success"] == "exclusive_chain"
            if chain:
                w["winner"] = seat
                w["card"] = cid
            else:
                w["attempted"] = self.all_mask
            if owner != seat and self.rules["matching"]["give_after_opponent_match"] != "never" \
                    and any(c is not None for c in self.layouts[seat]):
                self.pending = {"kind": "give", "seat": seat, "other": owner, "pos": pos,
                                "steps": [], "peeked": [], "picked": []}
                self.phase = "give"
                return events
            return events + self._continue_window()
        # a wrong match
        w["attempted"] |= 1 << seat
        events = [Event("match", seat=seat, pos=pos, face=face, ok=False)]
        if w["winner"] == seat:
            w["winner"] = None       # a wrong card ends an exclusive chain
            w["attempted"] = self.all_mask
        if owner != seat and self.rules["matching"]["wrong_opponent"] == "opponent_chooses":
            self.pending = {"kind": "mismatch_choice", "seat": owner, "other": seat, "pos": pos,
                            "steps": [], "peeked": [], "picked": []}
            self.phase = "mismatch_choice"
            return events
        events += self._penalty(seat)
        return events + self._continue_window()

    def _penalty(self, seat) -> list:
        """An unseen penalty card from the deck, face down, as an extra position of the layout."""
        if not self._can_draw_deck():
            return [Event("penalty", seat=seat, ok=False)]
        events = self._refill_deck()
        cid = self.deck.pop()
        self.layouts[seat].append(cid)
        self.penalty_slots[seat].append(True)
        return events + [Event("penalty", seat=seat, pos=(seat, len(self.layouts[seat]) - 1), ok=True)]

    def _do_give(self, seat, action):
        if action.kind == "skip" and self.rules["matching"]["give_after_opponent_match"] == "may":
            self.pending = None
            self.phase = "window"
            return [Event("skip", seat=seat, data=(("give", True),))] + self._continue_window()
        self._expect(action, "give")
        pos = self._own_pos(seat, action.pos, "give")
        pend = self.pending
        target = tuple(pend["pos"])
        cid = self.layouts[seat][pos[1]]
        self.layouts[seat][pos[1]] = None
        self.layouts[target[0]][target[1]] = cid
        self.pending = None
        self.phase = "window"
        return [Event("give", seat=seat, pos=pos, pos2=target)] + self._continue_window()

    def _do_mismatch_choice(self, seat, action):
        self._expect(action, "decide")
        pend = self.pending
        claimer, pos = pend["other"], tuple(pend["pos"])
        if action.choice == "take":
            cid = self.layouts[pos[0]][pos[1]]
            self.layouts[pos[0]][pos[1]] = None
            self.layouts[claimer].append(cid)
            self.penalty_slots[claimer].append(True)
            events = [Event("decide", seat=seat, pos=pos, pos2=(claimer, len(self.layouts[claimer]) - 1),
                            data=(("choice", "take"), ("claimer", claimer)))]
        elif action.choice == "return":
            events = [Event("decide", seat=seat, pos=pos, data=(("choice", "return"), ("claimer", claimer)))]
            events += self._penalty(claimer)
        else:
            raise IllegalAction("Decide: the other player takes the card, or returns it and takes a penalty card.")
        self.pending = None
        self.phase = "window"
        return events + self._continue_window()

    def _continue_window(self) -> list:
        # cambio.de.txt: "Sobald ein Spieler keine Tischkarten mehr hat, endet die Runde sofort."
        at_once = self.rules["call"]["zero_cards"] == "end_round" \
            and any(all(c is None for c in layout) for layout in self.layouts)
        if self._window_seats() and not at_once:
            return []
        return self._close_window()

    def _close_window(self) -> list:
        self.window = None
        events = [_WINDOW_CLOSE]
        empty = [s for s in range(self.n) if all(c is None for c in self.layouts[s])]
        if empty:
            if self.rules["call"]["zero_cards"] == "end_round":
                return events + self._end_round()
            if self.caller is None:
                # "Reducing your hand to zero cards is an automatic call"
                who = self.current if self.current in empty else empty[0]
                events += self._call(who, auto=True)
                if who == self.current:
                    return events + self._next_turn()
                # someone else emptied their hand: they've called; the current turn is over,
                # and the final turns go on clockwise from the current player. "Everyone is
                # allowed one final turn": the current player too, whose turn came before the call
                self.final_turns = [(self.current + k) % self.n for k in range(1, self.n + 1)
                                    if (self.current + k) % self.n != who]
        return events + self._next_turn()

    # ---- turn order and round end ----
    def _next_turn(self) -> list:
        self.turns += 1
        if self.turns >= self.rules["limits"]["turns_per_round"]:
            return self._end_round(stopped=f"round stopped after {self.turns} turns (the rules' limit)")
        again, self.extra_turn = self.extra_turn, False
        if again and self.caller is None and any(c is not None for c in self.layouts[self.current]):
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
        return self._end_round(stopped="a search's playout stopped here")

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
                notes[caller] = f"called above the {limit}-point limit"
            elif lowest:
                notes[caller] = "called and was lowest"
            elif hands[caller] == best_other:
                notes[caller] = "called but was tied"
            else:
                notes[caller] = "called but was beaten"
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
            stopped = "; ".join(filter(None, (stopped, f"match stopped after {self.round_no} rounds "
                                               "(the rules' limit)")))
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

    def _do_round_over(self, seat, action):
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
            raise IllegalAction("Choose a card on the table.") from None
        if not (0 <= seat < self.n and 0 <= slot < len(self.layouts[seat])) \
                or self.layouts[seat][slot] is None:
            raise IllegalAction("There is no card there.")
        return (seat, slot)

    def _own_pos(self, seat, pos, verb) -> tuple:
        pos = self._table_pos(pos)
        if pos[0] != seat:
            raise IllegalAction(f"You can only {verb} one of your own cards.")
        return pos

    def _why_not_target(self, seat, pos, target, verb) -> str:
        if self.locked(pos[0]):
            return f"That hand is locked after the {self.call_name} call."
        if target == "own":
            return f"This ability lets you {verb} one of your own cards."
        if target == "other":
            return f"This ability lets you {verb} an opponent's card, not your own."
        return "You cannot choose that card."

    def _why_not_swap(self, seat, a, b, step) -> str:
        if self.locked(a[0]) or self.locked(b[0]):
            return f"That hand is locked after the {self.call_name} call."
        if a == b:
            return "Choose two different cards."
        if step["swap"] == "peeked_pair":
            return "You can only swap the two cards you looked at."
        if step["swap"] == "peeked":
            return "Swap the card you looked at with another card."
        if not step["own_pair"] and a[0] == seat and b[0] == seat:
            return "You may not swap two of your own cards."
        return "Those two cards cannot be swapped."

    def _not_your_move(self, seat) -> str:
        if self.phase == "window":
            if self.window["winner"] is not None:
                return "Too late: someone else won this race."
            if self.locked(seat):
                return "Your hand is locked after your call."
            return "You have already tried to match this card."
        if self.phase == "initial_peek":
            return "You have already looked at your starting cards."
        return "It is not your move: " + self._what_now()

    def _what_now(self) -> str:
        ph = self.phase
        if ph == "initial_peek":
            return "Players are looking at their starting cards."
        if ph == "turn":
            return f"Seat {self.current + 1} must draw a card or call {self.call_name}."
        if ph == "drawn":
            return "Exchange the drawn card with one of your cards, or discard it."
        if ph == "ability":
            step = self._step()
            if step["choose"]:
                return "Choose which action to use."
            if step["peek"]:
                return {"own": "Look at one of your own cards.", "other": "Look at an opponent's card.",
                        "any": "Look at any card on the table."}[step["peek"]]
            if step["reveal"]:
                return "Pick one card of each other player."
            return "Choose two cards to swap."
        if ph == "window":
            return "Match the discard with a card of the same kind, or pass."
        if ph == "give":
            return "Give one of your cards to the player whose card you matched."
        if ph == "mismatch_choice":
            return "Decide: the other player takes the card, or returns it and takes a penalty card."
        if ph == "round_over":
            return "The round is over: start the next round."
        return "The match is over."

    # ---- the view: the only door out ----
    def view(self, seat: Optional[int]) -> MemoryView:
        return self._view_for(seat, self._view_common())

    def views(self, seats) -> list:
        """view(seat) for each of `seats` (a match race asks every seat at once): what all
        of them share is worked out once."""
        common = self._view_common()
        return [self._view_for(seat, common) for seat in seats]

    def _view_common(self) -> tuple:
        """(each seat's content key, the fields every viewer sees alike) of the state now."""
        known, caller, totals, looked = self.known, self.caller, self.totals, self.looked
        # Views are built very often (every bot decision, every seat in every race) and a seat's
        # part rarely changes between two of them: it is reused while this content is the same.
        keys = [(tuple(lay), tuple([known[c] for c in lay if c is not None]), tuple(pens),
                 caller == s, totals[s], looked[s])
                for s, (lay, pens) in enumerate(zip(self.layouts, self.penalty_slots))]
        p = self.pending
        pend = None
        if p is not None:
            if p["kind"] == "ability":
                step = p["steps"][0]
                name = next(k for k in PRIMITIVES if step[k] is not None)
                places = self._step_places
                # made without the dataclass's __init__ (see view.build): a view is built every step
                pend = build(Pending, kind="ability", seat=p["seat"], ability=p["ability"], step=name,
                             target=step[name] if name != "choose" else None,
                             count_left=p["count_left"], optional=self._step_optional(step),
                             peeked=tuple(tuple(x) for x in p["peeked"]),
                             options=tuple(step["choose"] or ()), other=None, pos=None,
                             steps=tuple(places[id(s)] for s in p["steps"]),
                             picked=tuple(tuple(x) for x in p["picked"]))
            else:
                pend = build(Pending, kind=p["kind"], seat=p["seat"], ability=None, step=None, target=None,
                             count_left=0, optional=False, peeked=(), options=(), other=p["other"],
                             pos=tuple(p["pos"]), steps=(), picked=())
        defs = self.defs
        win = None
        if self.window is not None:
            w = self.window
            wkey = (w["card"], w["attempted"], w["winner"])
            if self._window_view[0] != wkey:
                self._window_view = (wkey, WindowView(defs[w["card"]], tuple(sorted(self._masks[w["attempted"]])),
                                                      w["winner"]))
            win = self._window_view[1]
        discard = tuple(self.discard)
        if self._discard_faces[0] != discard:
            self._discard_faces = (discard, tuple(map(defs.__getitem__, discard)))
        fields = dict(
            ruleset_id=self.ruleset.id, n_seats=self.n, round_no=self.round_no,
            dealer=self.dealer, current=self.current, phase=self.phase,
            to_act=tuple(self._acting()),
            deck_count=len(self.deck),
            discard=self._discard_faces[1], discard_blocked=self.discard_blocked,
            drawn_by=self.current if self.drawn is not None else None,
            drawn_from=self.drawn_from, pending=pend, window=win, caller=caller,
            final_turns=tuple(self.final_turns), results=self.results, history=tuple(self.history),
            match_over=self.match_over, winners=tuple(self.winners()) if self.match_over else (),
            deck_composition=self.faces, call_name=self.call_name,
            call_limit=self.rules["call"]["limit"], blocked_name=self.rules["matching"]["blocked_name"],
            turn_no=self.turns, extra_turn=self.extra_turn, reshuffled=self._reshuffled_view(),
        )
        return keys, fields

    def _reshuffled_view(self) -> tuple:
        """Per reshuffle of this round, the faces of its cards that are not face up for everyone."""
        if not self.shuffle_of:
            return ()
        out = [[] for _ in range(self.reshuffles)]
        full, known, defs = self.all_mask, self.known, self.defs
        for cid in sorted(self.shuffle_of):     # card id order: it says nothing of where they lie
            if known[cid] != full:
                out[self.shuffle_of[cid] - 1].append(defs[cid])
        return tuple(map(tuple, out))

    def _view_for(self, seat: Optional[int], common: tuple) -> MemoryView:
        """The view of one seat (None: the public view) from the parts all viewers share."""
        keys, fields = common
        bit = 0 if seat is None else 1 << seat
        seat_cache = self._seat_cache
        seats = []
        for s, key in enumerate(keys):
            hit = seat_cache.get((bit, s))
            if hit is not None and hit[0] == key:
                seats.append(hit[1])
                continue
            sv = self._seat_view(s, bit)
            seat_cache[(bit, s)] = (key, sv)
            seats.append(sv)
        drawn_face = None
        if self.drawn is not None and (self.known[self.drawn] & bit or self.drawn_from == "discard"):
            drawn_face = self.defs[self.drawn]
        values = dict(fields)
        values["viewer"], values["seats"], values["drawn"] = seat, tuple(seats), drawn_face
        return build(MemoryView, values)

    def _seat_view(self, s: int, bit: int) -> SeatView:
        """Seat `s`'s layout as the seats in `bit` may know it (a face only where they know it)."""
        defs, known, full, masks = self.defs, self.known, self.all_mask, self._masks
        cache = self._slot_cache
        shuffle_of = self.shuffle_of
        pens = self.penalty_slots[s]
        slots = []
        for i, c in enumerate(self.layouts[s]):
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
        return build(SeatView, seat=s, slots=tuple(slots), called=self.caller == s, locked=self.locked(s),
                     total=self.totals[s], looked_at_start=self.looked[s])


# the step of the turn each phase's move belongs to (a dict: apply runs for every move)
_STEPS = {phase: getattr(MemoryGame, "_do_" + phase) for phase in (
    "initial_peek", "turn", "drawn", "ability", "window", "give", "mismatch_choice", "round_over")}

# The commonest events carry nothing but a seat: each is made once (events are immutable).
_PASS_EVENTS = tuple(Event("pass", seat=s) for s in range(13))
_TURN_EVENTS = tuple(Event("turn", seat=s) for s in range(13))
_WINDOW_CLOSE = Event("window_close")


_ACTIONS: dict = {}


def _act(kind: str, pos: tuple, pos2: Optional[tuple] = None) -> Action:
    """An action on one or two positions, made once: legal_actions lists the same ones very often."""
    act = _ACTIONS.get((kind, pos, pos2))
    if act is None:
        act = _ACTIONS[(kind, pos, pos2)] = Action(kind, pos=pos, pos2=pos2)
    return act


# the actions without positions, made once
_LOOK_START, _CALL, _DISCARD, _PASS, _SKIP, _NEXT_ROUND = (
    Action(k) for k in ("look_start", "call", "discard", "pass", "skip", "next_round"))
_DRAW_DECK, _DRAW_DISCARD = Action("draw", choice="deck"), Action("draw", choice="discard")
_TAKE, _RETURN = Action("decide", choice="take"), Action("decide", choice="return")


def _seats_of(mask: int, n: int) -> frozenset:
    return frozenset(s for s in range(n) if (mask >> s) & 1)


def conserved(game) -> dict:
    """Every card of the ruleset in exactly one place: the deck, the discard pile, a layout, the drawn card."""
    ids = list(game.deck) + list(game.discard) + [c for layout in game.layouts for c in layout if c is not None]
    if game.drawn is not None:
        ids.append(game.drawn)
    return {"cards": sorted(ids)}

