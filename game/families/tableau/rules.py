"""Castle Combo's game: the state and the turn's steps, each named after the rulebook's.

The turn, as the rulebook tells it ("GAME TURN"), one small step per function:
set-up (each display of 3 beside its shuffled deck, the Messenger at the Village, 15 gold and
2 keys each, a random first player) -> 1 spend a key (optional: move the Messenger, or discard
the Messenger's display and reveal 3 new) -> 2 buy a card of the Messenger's display (pay its
cost minus your discounts, or take it face down for 6 gold and 2 keys) and place it next to a
card of your tableau, never a 4th row or column -> 3 apply its ability at once (it counts the new
card; a choice, a neighbour, a display card or purse cards to fill are asked as their own phase)
-> 4 move the Messenger if the banner shows it, refill both displays (an empty deck reshuffles
its discard pile; a location that still cannot be refilled leaves the game) -> the next player
clockwise. After 9 cards each: each player in turn stores leftover gold on purse cards (the best
distribution is proposed), then every scroll is scored, keys 1 point each; ties go to the most
leftover gold, then are shared.

The card vocabulary (effects, counts, conditions) is documented in scoring.py and checked in
cards.py. Decisions where the texts are silent (a `rules:` parameter where one is named):
- a "row and column" count counts the card itself once (`row_and_column: union`; `sum` counts
  it twice);
- a best-neighbour count is asked only when the two neighbours are different players and would
  give different amounts (otherwise the choice changes nothing);
- a discard-from-display ability on an empty (removed) location does nothing; with one or more
  cards on the display the buyer picks which;
- Steward (fill up to N purse cards) fills them all without asking when N or fewer are not full;
- gold put onto purses by an ability stops at what the purse holds; at the end a player may move
  only the leftover gold (what abilities stored stays);
- once a location has left the game the Messenger stays at the other one: no key may move it,
  and Messenger icons do nothing (the rulebook's "Empty location").
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Optional

from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.schema import filled
from game.families.tableau import scoring
from game.families.tableau.pieces import Placed
from game.families.tableau.schema import RULES_SPEC
from game.families.tableau.scoring import LOCATIONS
from game.families.tableau.view import TableauResult, TableauView, public_fields, seat_view
from game.families.tableau.words import option_said
from game.i18n import tr

# --- the state ---------------------------------------------------------------

_KEY_MOVE, _KEY_REFRESH, _PURSES_DONE = Action("key_move"), Action("key_refresh"), Action("purses_done")
_CHOICES = (Action("choose", choice="0"), Action("choose", choice="1"))


class TableauGame(Game):
    """One game of Castle Combo: plain data, cheap to copy, no I/O."""

    def __init__(self, ruleset, n_seats: int, options: Optional[dict] = None, seed: int = 0):
        self.take_seats(ruleset, n_seats, options)
        self.rules = filled(RULES_SPEC, ruleset.parameters(self.options))
        self.union = self.rules["row_and_column"] == "union"
        self.faces = tuple(c for c in ruleset.cards for _ in range(c.count))   # card id -> face
        self.rng = random.Random(seed)
        self.round_no = 1              # one round: the table's summary comes once, at the end
        self.decks = {loc: [] for loc in LOCATIONS}
        for loc in LOCATIONS:
            ids = [i for i, f in enumerate(self.faces) if f.location == loc]
            self.rng.shuffle(ids)
            self.decks[loc] = ids       # the top of a deck is its last item
        self.displays = {loc: [] for loc in LOCATIONS}
        self.discards = {loc: [] for loc in LOCATIONS}
        self.removed: list = []
        self.empty: list = []
        self.messenger = self.rules["messenger_starts"]
        self.gold = [self.rules["start_gold"]] * n_seats
        self.keys = [self.rules["start_keys"]] * n_seats
        self.tableaux: list = [[] for _ in range(n_seats)]
        self.first = self.rng.randrange(n_seats)       # "Randomly select a first player"
        self.current = self.first
        self.turn_no = 0
        self.phase = "turn"
        self.key_spent = False
        self.bought: Optional[Placed] = None     # the card whose ability is being applied
        self.todo: list = []                     # its effects still to apply
        self.asking = None                       # the effect waiting for the player's decision
        self.purse_queue: list = []
        self.stored_before: dict = {}            # cell -> gold stored by abilities (stays at the end)
        self.results: tuple = ()
        self._winners: tuple = ()
        self._view_common = None
        for loc in LOCATIONS:
            self._refill(loc, [])

    def copy(self, share_caches: bool = True) -> "TableauGame":
        new = object.__new__(TableauGame)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random.__new__(random.Random)     # not Random(): it would seed from the OS first
        new.rng.setstate(self.rng.getstate())
        for name in ("decks", "displays", "discards"):
            setattr(new, name, {k: list(v) for k, v in getattr(self, name).items()})
        for name in ("removed", "empty", "gold", "keys", "todo", "purse_queue"):
            setattr(new, name, list(getattr(self, name)))
        new.tableaux = [list(t) for t in self.tableaux]
        new.stored_before = dict(self.stored_before)
        new._view_common = None
        return new

    # ---- the contract ----
    def to_act(self) -> list:
        return [] if self.phase == "over" else [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list:
        """Each seat's total: the final one at the end, the projected one during the game."""
        if self.results:
            return [r.total for r in self.results]
        return [scoring.total_score(self.faces, self.tableaux[s], self.keys[s], self.rules["key_points"],
                                    self.union) for s in range(self.n)]

    def winners(self) -> list:
        """Most points; a tie goes to the most leftover gold; if it persists, they win together."""
        if self._winners:
            return list(self._winners)
        totals = self.scores()
        best = max((totals[s], self.gold[s]) for s in range(self.n))
        return [s for s in range(self.n) if (totals[s], self.gold[s]) == best]

    def legal_actions(self, seat: int) -> list:
        if seat not in self.to_act():
            return []
        return self.legal_in_phase(seat)

    # apply is Game.apply: a move, by the seat whose turn it is, then the phase's step (STEPS)
    def not_your_move(self, seat: int) -> str:
        return (tr("The game is over.") if self.phase == "over"
                else tr("It is not your turn: seat {n} is playing.", n=self.current + 1))

    def forget(self) -> None:
        self._view_common = None

    # ---- 1 spend a key (optional) ----
    def _legal_spend_a_key(self, seat: int) -> list:
        out = []
        if self.keys[seat] > 0:
            if not self.empty:
                out.append(_KEY_MOVE)
            out.append(_KEY_REFRESH)
        return out + self._legal_buy_a_card(seat)

    def _spend_a_key(self, seat: int, action: Action) -> list:
        if action.kind in ("key_move", "key_refresh"):
            if self.keys[seat] < 1:
                raise IllegalAction(tr("You have no key to spend."))
            if action.kind == "key_move" and self.empty:
                raise IllegalAction(tr("Only one location is left: the Messenger cannot move."))
            self.keys[seat] -= 1
            self.key_spent = True
            self.phase = "buy"
            if action.kind == "key_move":
                self.messenger = _other(self.messenger)
                return [Event("key_move", seat=seat, places=(("messenger",),),
                              data=(("to", self.messenger),))]
            loc = self.messenger
            old = list(self.displays[loc])
            self.discards[loc].extend(old)
            self.displays[loc] = []
            events = [Event("key_refresh", seat=seat, places=tuple(("display", loc, c) for c in old),
                            data=(("location", loc), ("discarded", tuple(old))))]
            self._refill(loc, events)
            return events
        return self._buy_a_card(seat, action)

    # ---- 2 buy a card (mandatory) and place it ----
    def _legal_buy_a_card(self, seat: int) -> list:
        loc = self.messenger
        cells = scoring.legal_cells(self.tableaux[seat])
        discount = scoring.discounts(self.faces, self.tableaux[seat])[LOCATIONS.index(loc)]
        out = []
        for card in self.displays[loc]:
            affordable = max(0, self.faces[card].cost - discount) <= self.gold[seat]
            for r, c in cells:
                if affordable:
                    out.append(_purchase("buy", loc, card, seat, r, c))
                out.append(_purchase("face_down", loc, card, seat, r, c))
        return out

    def _buy_a_card(self, seat: int, action: Action) -> list:
        if action.kind not in ("buy", "face_down"):
            raise IllegalAction(tr("Buy a card of the Messenger's display (or take it face down)."))
        places = action.places
        if (len(places) != 2 or len(places[0]) != 3 or places[0][0] != "display"
                or len(places[1]) != 4 or places[1][0] != "cell"):
            raise IllegalAction(tr("Take a card of the display to a cell of your tableau."))
        _, loc, card = places[0]
        _, owner, row, col = places[1]
        if loc != self.messenger or card not in self.displays[loc]:
            raise IllegalAction(tr("You must take one of the cards where the Messenger is."))
        if owner != seat:
            raise IllegalAction(tr("Place the card in your own tableau."))
        if (row, col) not in scoring.legal_cells(self.tableaux[seat]):
            raise IllegalAction(tr("Place it next to a card of your tableau (not diagonally), "
                                   "never a 4th card in a row or a column."))
        name = self.faces[card].name
        cost = scoring.price(self.faces, self.tableaux[seat], card)
        if action.kind == "buy" and cost > self.gold[seat]:
            raise IllegalAction(tr("The {card} costs you {cost} gold; you have {gold}.", card=name, cost=cost,
                                   gold=self.gold[seat]))
        self.displays[loc].remove(card)
        if action.kind == "face_down":
            gold, keys = self.rules["face_down"]["gold"], self.rules["face_down"]["keys"]
            self.gold[seat] += gold
            self.keys[seat] += keys
            self.tableaux[seat].append(Placed(card, row, col, False))
            events = [Event("face_down", seat=seat, places=places, data=(
                ("card", card), ("name", name), ("location", loc), ("gold", gold), ("keys", keys)))]
            return events + self._end_turn(seat, None)
        self.gold[seat] -= cost
        placed = Placed(card, row, col, True)
        self.tableaux[seat].append(placed)
        self.bought = placed
        self.todo = list(self.faces[card].ability)
        events = [Event("buy", seat=seat, places=places, data=(
            ("card", card), ("name", name), ("location", loc), ("price", cost)))]
        return events + self._apply_ability(seat)

    # ---- 3 apply the card's ability (mandatory) ----
    def _apply_ability(self, seat: int) -> list:
        """Carry out the bought card's effects in order, stopping at one that asks the player."""
        events: list = []
        while self.todo:
            effect = self.todo.pop(0)
            ask = _ASK[effect.tag](self, seat, effect) if effect.tag in _ASK else None
            if ask:
                self.asking = effect
                self.phase = ask
                return events
            events.extend(self._carry_out(seat, effect, None))
        self.asking = None
        return events + self._end_turn(seat, self.bought)

    def _carry_out(self, seat: int, effect, neighbour: Optional[int]) -> list:
        """An effect that needs no more decisions: gains (the buyer's, the others'), purse gold."""
        card = self.bought.card
        name = self.faces[card].name
        if effect.tag == "fill_purses":
            choices = scoring.fill_choices(self.faces, self.tableaux[seat], effect.get("fill_purses"))
            return self._fill_purses(seat, choices[0]) if choices else []
        if effect.tag == "gold_on_each_purse":
            added = scoring.purse_gold(self.faces, self.tableaux[seat], effect.get("gold_on_each_purse"))
            return self._store(seat, dict(added), card)
        gold, keys, others = scoring.effect_gain(self.faces, self.tableaux[seat], self.tableaux, seat,
                                                 self.bought, effect, neighbour)
        events = []
        if effect.tag == "gain":
            self.gold[seat] += gold
            self.keys[seat] += keys
            events.append(Event("gain", seat=seat, data=(("gold", gold), ("keys", keys), ("card", card),
                                                         ("name", name))))
        for s, g, k in others:
            self.gold[s] += g
            self.keys[s] += k
            events.append(Event("gain", seat=s, data=(("gold", g), ("keys", k), ("card", card),
                                                      ("name", name), ("by", seat))))
        return events

    def _store(self, seat: int, added: dict, card: int) -> list:
        """Gold from the supply onto purse cards: added = {(row, col): gold}."""
        if not added:
            return []
        tableau = self.tableaux[seat]
        for i, p in enumerate(tableau):
            put = added.get((p.row, p.col), 0)
            if put:
                tableau[i] = Placed(p.card, p.row, p.col, p.face_up, p.gold + put)
        return [Event("purse_gold", seat=seat,
                      places=tuple(("cell", seat, r, c) for (r, c) in added),
                      data=(("gold", sum(added.values())), ("added", tuple((r, c, g) for (r, c), g in added.items())),
                            ("card", card), ("name", self.faces[card].name)))]

    def _ask_choose(self, seat: int, effect) -> Optional[str]:
        return "choose"

    def _ask_neighbour(self, seat: int, effect) -> Optional[str]:
        """A best-neighbour count is asked when the two neighbours differ and give different gains."""
        per = effect.get("per")
        if per is None or per.tag != "best_neighbour":
            return None
        (left, a), (right, b) = scoring.neighbour_counts(self.faces, self.tableaux, seat, per)
        return "neighbour" if left != right and a != b else None

    def _ask_discard(self, seat: int, effect) -> Optional[str]:
        return "discard_display" if self.displays[effect.get("discard_display")] else None

    def _ask_fill(self, seat: int, effect) -> Optional[str]:
        choices = scoring.fill_choices(self.faces, self.tableaux[seat], effect.get("fill_purses"))
        # one choice (every purse card that is not full) is filled without asking
        return "fill" if len(choices) > 1 else None

    def _legal_choose(self, seat: int) -> list:
        return list(_CHOICES)

    def _do_choose(self, seat: int, action: Action) -> list:
        if action.kind != "choose" or action.choice not in ("0", "1"):
            raise IllegalAction(tr("Choose one of the two effects."))
        option = self.asking.get("choose")[int(action.choice)]
        self.todo.insert(0, option)
        self.phase = "turn"
        return [Event("choose", seat=seat, data=(("choice", int(action.choice)),
                                                  ("option", option_said(option))))] + self._apply_ability(seat)

    def _legal_neighbour(self, seat: int) -> list:
        return [Action("neighbour", places=(("seat", s),)) for s in _neighbours(seat, self.n)]

    def _do_neighbour(self, seat: int, action: Action) -> list:
        places = action.places
        if action.kind != "neighbour" or len(places) != 1 or len(places[0]) != 2 or places[0][0] != "seat" \
                or places[0][1] not in _neighbours(seat, self.n):
            raise IllegalAction(tr("Pick the player to your left or to your right."))
        who = places[0][1]
        events = [Event("neighbour", seat=seat, places=places, data=(("neighbour", who),))]
        events += self._carry_out(seat, self.asking, who)
        self.phase = "turn"
        return events + self._apply_ability(seat)

    def _legal_discard_display(self, seat: int) -> list:
        loc = self.asking.get("discard_display")
        return [Action("discard_display", places=(("display", loc, c),)) for c in self.displays[loc]]

    def _do_discard_display(self, seat: int, action: Action) -> list:
        loc = self.asking.get("discard_display")
        places = action.places
        if action.kind != "discard_display" or len(places) != 1 or tuple(places[0][:2]) != ("display", loc) \
                or len(places[0]) != 3 or places[0][2] not in self.displays[loc]:
            raise IllegalAction(tr("Discard one card of the Castle display.") if loc == "castle" else
                                tr("Discard one card of the Village display."))
        card = places[0][2]
        self.displays[loc].remove(card)
        self.discards[loc].append(card)      # refilled in step 4 (clarifications.md)
        value = self.faces[card].cost
        resource = self.asking.get("gain_cost_in")
        if resource == "gold":
            self.gold[seat] += value
        else:
            self.keys[seat] += value
        bought = self.bought.card
        events = [Event("discard_display", seat=seat, places=places,
                        data=(("card", card), ("name", self.faces[card].name), ("location", loc))),
                  Event("gain", seat=seat, data=(("gold", value if resource == "gold" else 0),
                                                 ("keys", value if resource == "keys" else 0),
                                                 ("card", bought), ("name", self.faces[bought].name)))]
        self.phase = "turn"
        return events + self._apply_ability(seat)

    def _legal_fill(self, seat: int) -> list:
        limit = self.asking.get("fill_purses")
        return [Action("fill", places=tuple(("cell", seat, r, c) for r, c in cells))
                for cells in scoring.fill_choices(self.faces, self.tableaux[seat], limit)]

    def _do_fill(self, seat: int, action: Action) -> list:
        limit = self.asking.get("fill_purses")
        cells = tuple(tuple(p[2:]) for p in action.places if len(p) == 4 and p[:2] == ("cell", seat))
        allowed = scoring.fill_choices(self.faces, self.tableaux[seat], limit)
        if action.kind != "fill" or len(cells) != len(action.places) or \
                tuple(sorted(cells)) not in {tuple(sorted(a)) for a in allowed}:
            raise IllegalAction(tr("Pick {n} of your purse cards that are not full.", n=limit))
        self.phase = "turn"
        return self._fill_purses(seat, cells) + self._apply_ability(seat)

    def _fill_purses(self, seat: int, cells) -> list:
        room = dict(scoring.purse_room(self.faces, self.tableaux[seat]))
        return self._store(seat, {cell: room[cell] for cell in cells if cell in room}, self.bought.card)

    # ---- 4 move the Messenger, fill the displays; the next player ----
    def _end_turn(self, seat: int, placed: Optional[Placed]) -> list:
        events = []
        if placed is not None and self.faces[placed.card].messenger and not self.empty:
            self.messenger = _other(self.messenger)
            events.append(Event("messenger", places=(("messenger",),), data=(("to", self.messenger),)))
        for loc in LOCATIONS:
            self._refill(loc, events)
        self.bought = None
        self.asking = None
        self.todo = []
        self.turn_no += 1
        self.key_spent = False
        if self.turn_no >= self.rules["cards_each"] * self.n:
            return events + self._start_purses()
        self.current = (self.current + 1) % self.n        # clockwise: the player to the left
        self.phase = "turn"
        events.append(Event("turn", seat=self.current, data=(("turn_no", self.turn_no),)))
        return events

    def _refill(self, loc: str, events: list) -> None:
        """Reveal cards until the display holds display_size; an empty deck reshuffles the
        discard pile; if even then it cannot be completed, the location leaves the game."""
        if loc in self.empty:
            return
        display, deck = self.displays[loc], self.decks[loc]
        size = self.rules["display_size"]
        while len(display) < size:
            if not deck:
                if len(self.discards[loc]) + len(display) < size:
                    self._empty_location(loc, events)
                    return
                deck.extend(self.discards[loc])
                self.discards[loc] = []
                self.rng.shuffle(deck)
                events.append(Event("reshuffle", data=(("location", loc), ("cards", len(deck)))))
            card = deck.pop()
            display.append(card)
            events.append(Event("reveal", places=(("display", loc, card),),
                                data=(("location", loc), ("card", card))))

    def _empty_location(self, loc: str, events: list) -> None:
        """"remove from the game all cards from that location and place the Messenger pawn near the
        remaining display"."""
        gone = self.displays[loc] + self.decks[loc] + self.discards[loc]
        self.removed.extend(gone)
        self.displays[loc], self.decks[loc], self.discards[loc] = [], [], []
        self.empty.append(loc)
        self.messenger = _other(loc)
        events.append(Event("location_empty", places=(("messenger",),),
                            data=(("location", loc), ("removed", tuple(gone)), ("to", self.messenger))))

    # ---- the end: leftover gold onto purses, then the score pad ----
    def _start_purses(self) -> list:
        order = [(self.first + k) % self.n for k in range(self.n)]
        self.purse_queue = [s for s in order if self.gold[s] > 0
                            and scoring.purse_room(self.faces, self.tableaux[s])]
        return self._next_purses([])

    def _next_purses(self, events: list) -> list:
        if not self.purse_queue:
            return events + self._final_scoring()
        seat = self.current = self.purse_queue.pop(0)
        self.phase = "purses"
        tableau = self.tableaux[seat]
        self.stored_before = {(p.row, p.col): p.gold for p in tableau}
        best = dict(scoring.best_purses(self.faces, tableau, self.gold[seat]))
        added = {cell: gold - self.stored_before[cell] for cell, gold in best.items()
                 if gold > self.stored_before[cell]}
        self.gold[seat] -= sum(added.values())
        for i, p in enumerate(tableau):
            if (p.row, p.col) in added:
                tableau[i] = Placed(p.card, p.row, p.col, p.face_up, p.gold + added[(p.row, p.col)])
        events.append(Event("purses", seat=seat, places=tuple(("cell", seat, r, c) for r, c in added),
                            data=(("added", tuple((r, c, g) for (r, c), g in added.items())),)))
        return events

    def _legal_purses(self, seat: int) -> list:
        out = []
        for p in self.tableaux[seat]:
            cap = scoring.purse_cap(self.faces[p.card]) if p.face_up else 0
            if not cap:
                continue
            cell = ("cell", seat, p.row, p.col)
            if self.gold[seat] > 0 and p.gold < cap:
                out.append(Action("purse_add", places=(cell,)))
            if p.gold > self.stored_before.get((p.row, p.col), 0):
                out.append(Action("purse_take", places=(cell,)))
        return out + [_PURSES_DONE]

    def _do_purses(self, seat: int, action: Action) -> list:
        if action.kind == "purses_done":
            stored = sum(p.gold - self.stored_before.get((p.row, p.col), 0) for p in self.tableaux[seat])
            return self._next_purses([Event("purses_done", seat=seat, data=(("stored", stored),))])
        if action not in self._legal_purses(seat):
            raise IllegalAction(tr("Put leftover gold on a purse card that is not full, take back gold you "
                                   "put there, or say you are done."))
        _, _, row, col = action.places[0]
        step = 1 if action.kind == "purse_add" else -1
        tableau = self.tableaux[seat]
        name = ""
        for i, p in enumerate(tableau):
            if (p.row, p.col) == (row, col):
                tableau[i] = Placed(p.card, p.row, p.col, p.face_up, p.gold + step)
                name = self.faces[p.card].name
        self.gold[seat] -= step
        return [Event(action.kind, seat=seat, places=action.places, data=(("name", name),))]

    def _final_scoring(self) -> list:
        results = []
        for s in range(self.n):
            cards = scoring.score_tableau(self.faces, self.tableaux[s], self.keys[s], True, self.union)
            key_points = self.keys[s] * self.rules["key_points"]
            results.append(TableauResult(seat=s, cards=cards, keys=key_points,
                                     total=sum(c.points for c in cards) + key_points,
                                     leftover_gold=self.gold[s]))
        self.results = tuple(results)
        self._winners = ()
        self._winners = tuple(self.winners())
        self.phase = "over"
        return [Event("game_over", data=(("winners", self._winners),
                                         ("totals", tuple(r.total for r in results))))]

    # ---- the view: the only door out (view.py builds it) ----
    def view(self, seat: Optional[int]) -> TableauView:
        """What `seat` may know (view.py); the part every seat shares is built once per state."""
        if self._view_common is None:
            self._view_common = public_fields(self)
        return seat_view(self, self._view_common, seat)


@lru_cache(maxsize=None)
def _purchase(kind: str, loc: str, card: int, seat: int, row: int, col: int) -> Action:
    """One buy or face-down action, made once (legal_actions lists dozens per turn)."""
    return Action(kind, places=(("display", loc, card), ("cell", seat, row, col)))


def _other(loc: str) -> str:
    return LOCATIONS[1 - LOCATIONS.index(loc)]


def _neighbours(seat: int, n: int) -> tuple:
    left, right = (seat + 1) % n, (seat - 1) % n
    return (left,) if left == right else (left, right)


_ASK = {"choose": TableauGame._ask_choose, "gain": TableauGame._ask_neighbour,
        "discard_display": TableauGame._ask_discard, "fill_purses": TableauGame._ask_fill}
_STEPS = {"turn": TableauGame._spend_a_key, "buy": TableauGame._buy_a_card, "choose": TableauGame._do_choose,
          "neighbour": TableauGame._do_neighbour, "discard_display": TableauGame._do_discard_display,
          "fill": TableauGame._do_fill, "purses": TableauGame._do_purses}
_LEGAL = {"turn": TableauGame._legal_spend_a_key, "buy": TableauGame._legal_buy_a_card,
          "choose": TableauGame._legal_choose, "neighbour": TableauGame._legal_neighbour,
          "discard_display": TableauGame._legal_discard_display, "fill": TableauGame._legal_fill,
          "purses": TableauGame._legal_purses}
TableauGame.STEPS, TableauGame.LEGAL = _STEPS, _LEGAL


def conserved(game) -> dict:
    """Every card in exactly one place: a deck, a display, a discard pile, a tableau, or out of the game
    with its location. (Gold and keys come from and go to the bank: they are not conserved.)"""
    places = [c for loc in LOCATIONS for c in (*game.decks[loc], *game.displays[loc], *game.discards[loc])]
    places += [p.card for t in game.tableaux for p in t] + list(game.removed)
    return {"cards": sorted(places)}
